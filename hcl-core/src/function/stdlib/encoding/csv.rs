//! The CSV reader behind `csvdecode`: Go's `encoding/csv` `Reader` with its
//! defaults (comma separator, strict quotes, no comments), whose behaviour
//! and errors go-cty exposes: blank lines are skipped, `\r\n` reads as
//! `\n`, a quoted field may span lines, and every row must have as many
//! fields as the header.

use std::collections::HashSet;

use crate::function::{CallContext, FunctionError};
use crate::value::{Type, Value};

/// The result type for `text`: a list of objects with one string attribute
/// per header field.
pub(super) fn header_type(text: &str) -> Result<Type, String> {
    let mut reader = Reader::new(text);
    let header = match reader.read(0) {
        None => return Err("missing header line".into()),
        Some(Err(e)) => return Err(e),
        Some(Ok(h)) => h,
    };
    let mut seen = HashSet::new();
    for name in &header {
        if !seen.insert(name.as_str()) {
            return Err(format!(
                "duplicate column name {}",
                crate::diag::excerpt(name)
            ));
        }
    }
    Ok(Type::list(Type::object(
        header.iter().map(|n| (n.as_str(), Type::String)),
    )))
}

/// The rows of `text` as a value of the call's result type (from
/// [`header_type`]), charged to the budget before they are built: every
/// row is an object with its own copy of the header's names.
pub(super) fn decode(text: &str, cx: &mut CallContext<'_>) -> Result<Value, FunctionError> {
    let mut reader = Reader::new(text);
    let header = match reader.read(0) {
        None => return Err(FunctionError::call("missing header line")),
        Some(r) => r.map_err(FunctionError::call)?,
    };
    let rows_at_most = crate::byte_search::count(b'\n', text.as_bytes()) + 1;
    let names: usize = header.iter().map(String::len).sum();
    let row = header.len().saturating_add(crate::limits::MAP_NODE);
    cx.charge_elements(
        rows_at_most
            .saturating_mul(row)
            .saturating_add(rows_at_most),
    )?;
    cx.charge_bytes(
        rows_at_most
            .saturating_mul(names)
            .saturating_add(text.len()),
    )?;
    let mut rows = Vec::new();
    while let Some(fields) = reader.read(header.len()) {
        let fields = fields.map_err(FunctionError::call)?;
        rows.push(Value::object(
            header
                .iter()
                .map(String::as_str)
                .zip(fields.into_iter().map(Value::from)),
        ));
    }
    let elem = cx
        .return_type()
        .element_type()
        .cloned()
        .unwrap_or(Type::Dynamic);
    Value::list(elem, rows).map_err(|e| FunctionError::call(e.to_string()))
}

struct Reader<'a> {
    rest: &'a str,
    line: usize,
}

const BARE_QUOTE: &str = "bare \" in non-quoted-field";
const QUOTE: &str = "extraneous or missing \" in quoted-field";
const FIELD_COUNT: &str = "wrong number of fields";

#[cold]
fn parse_error(line: usize, what: &str) -> String {
    format!("CSV parse error on line {line}: {what}")
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Reader<'a> {
        Reader {
            rest: text,
            line: 0,
        }
    }

    /// Go's `readLine`: the next line with its `\n` (a final line may lack
    /// one, and then loses a trailing `\r`); `\r\n` becomes `\n`. `None` at
    /// the end of the input.
    fn read_line(&mut self) -> Option<String> {
        self.line += 1;
        if self.rest.is_empty() {
            return None;
        }
        let (mut line, rest) = match self.rest.find('\n') {
            Some(at) => (self.rest[..=at].to_owned(), &self.rest[at + 1..]),
            None => {
                let l = self.rest.strip_suffix('\r').unwrap_or(self.rest);
                (l.to_owned(), "")
            }
        };
        self.rest = rest;
        if line.ends_with("\r\n") {
            line.truncate(line.len() - 2);
            line.push('\n');
        }
        Some(line)
    }

    /// Go's `readRecord`: the next record, `None` at the end. With
    /// `fields` non-zero, a record of another length is an error.
    fn read(&mut self, fields: usize) -> Option<Result<Vec<String>, String>> {
        let mut line = loop {
            let line = self.read_line()?;
            if !line.is_empty() && line != "\n" {
                break line;
            }
        };
        let rec_line = self.line;
        // The line the parse is on, counting only lines with content.
        let mut pos_line = rec_line;
        let mut record = Vec::new();
        loop {
            if !line.starts_with('"') {
                let (field, more) = match line.find(',') {
                    Some(i) => (line[..i].to_owned(), Some(line[i + 1..].to_owned())),
                    None => (line.strip_suffix('\n').unwrap_or(&line).to_owned(), None),
                };
                if field.contains('"') {
                    return Some(Err(parse_error(self.line, BARE_QUOTE)));
                }
                record.push(field);
                match more {
                    Some(more) => line = more,
                    None => break,
                }
                continue;
            }
            // A quoted field, perhaps over several lines.
            let mut field = String::new();
            line.remove(0);
            loop {
                if let Some(i) = line.find('"') {
                    field.push_str(&line[..i]);
                    let after = &line[i + 1..];
                    if let Some(after) = after.strip_prefix('"') {
                        field.push('"');
                        line = after.to_owned();
                    } else if let Some(after) = after.strip_prefix(',') {
                        record.push(std::mem::take(&mut field));
                        line = after.to_owned();
                        break;
                    } else if after.is_empty() || after == "\n" {
                        record.push(std::mem::take(&mut field));
                        return Some(self.finish(record, fields, rec_line));
                    } else {
                        return Some(Err(parse_error(self.line, QUOTE)));
                    }
                } else if !line.is_empty() {
                    field.push_str(&line);
                    line = self.read_line().unwrap_or_default();
                    if !line.is_empty() {
                        pos_line += 1;
                    }
                } else {
                    // The input ended inside the quotes.
                    return Some(Err(parse_error(pos_line, QUOTE)));
                }
            }
        }
        Some(self.finish(record, fields, rec_line))
    }

    fn finish(
        &self,
        record: Vec<String>,
        fields: usize,
        rec_line: usize,
    ) -> Result<Vec<String>, String> {
        if fields > 0 && record.len() != fields {
            return Err(parse_error(rec_line, FIELD_COUNT));
        }
        Ok(record)
    }
}
