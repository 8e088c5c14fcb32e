//! Expected values computed by the reference's own building blocks: Go's
//! `fmt` and `math/big` for `format`'s number verbs, Go's JSON decoder as
//! go-cty drives it for `jsondecode`, `encoding/csv` for `csvdecode`,
//! `time.ParseDuration` and `time.Time` for `timeadd` and `formatdate` (and
//! go-cty's own format-string scanner for `formatdate`), and
//! `regexp` for `regexall` (tables in `go_*.tsv`, made with Go 1.19 by
//! re-running go-cty's logic over many inputs).

use hcl_core::value::{Number, Value};

use super::{call, table};

/// The rows of a table: comment lines dropped, and a row whose last cell
/// holds newlines joined back together.
fn rows(text: &str) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let cells: Vec<String> = line.splitn(3, '\t').map(String::from).collect();
        match out.last_mut() {
            Some(last) if cells.len() < 3 => {
                let cell = last.last_mut().unwrap();
                cell.push('\n');
                cell.push_str(line);
            }
            _ => out.push(cells),
        }
    }
    out
}

/// Undoes Go's `%q` for the escapes the tables use.
fn go_unquote(q: &str) -> String {
    let inner = &q[1..q.len() - 1];
    let mut bytes = Vec::new();
    let mut it = inner.bytes();
    while let Some(b) = it.next() {
        if b != b'\\' {
            bytes.push(b);
            continue;
        }
        match it.next().unwrap() {
            b'n' => bytes.push(b'\n'),
            b'r' => bytes.push(b'\r'),
            b't' => bytes.push(b'\t'),
            b'"' => bytes.push(b'"'),
            b'\\' => bytes.push(b'\\'),
            b'x' => {
                let hex = [it.next().unwrap(), it.next().unwrap()];
                bytes.push(u8::from_str_radix(std::str::from_utf8(&hex).unwrap(), 16).unwrap());
            }
            u @ (b'u' | b'U') => {
                let len = if u == b'u' { 4 } else { 8 };
                let hex: Vec<u8> = (0..len).map(|_| it.next().unwrap()).collect();
                let code = u32::from_str_radix(std::str::from_utf8(&hex).unwrap(), 16).unwrap();
                let mut buf = [0u8; 4];
                bytes.extend_from_slice(
                    char::from_u32(code)
                        .unwrap()
                        .encode_utf8(&mut buf)
                        .as_bytes(),
                );
            }
            other => panic!("unexpected escape \\{}", char::from(other)),
        }
    }
    String::from_utf8(bytes).unwrap()
}

fn message(e: hcl_core::function::CallError) -> String {
    use hcl_core::function::CallError;
    match e {
        CallError::Argument { message, .. } | CallError::Call(message) => message,
        other => other.to_string(),
    }
}

#[test]
fn format_number_verbs_match_go_fmt() {
    let t = table();
    let mut wrong = Vec::new();
    for row in rows(include_str!("go_format.tsv")) {
        let (verb, num, want) = (&row[0], &row[1], &row[2]);
        let n = Value::Number(Number::parse_json(num).unwrap());
        let got = match call(&t, "format", &[Value::from(verb.as_str()), n]) {
            Ok(v) => v.as_str().unwrap().to_owned(),
            Err(_) => "ERR".to_owned(),
        };
        if got != *want {
            wrong.push(format!("format({verb:?}, {num}) = {got:?}, Go: {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn decoders_and_durations_match_go() {
    let t = table();
    let mut wrong = Vec::new();
    for row in rows(include_str!("go_misc.tsv")) {
        let (kind, input, want) = (row[0].as_str(), go_unquote(&row[1]), row[2].as_str());
        let got = match kind {
            "json" => match call(&t, "jsondecode", &[Value::from(input.as_str())]) {
                Ok(_) => "OK".to_owned(),
                Err(e) => format!("ERR {}", message(e)),
            },
            "csv" => match call(&t, "csvdecode", &[Value::from(input.as_str())]) {
                Ok(v) => {
                    // Cells in the header's order, which the table gives.
                    let header: Vec<&str> = want
                        .trim_start_matches("OK ")
                        .split('/')
                        .next()
                        .unwrap()
                        .split('|')
                        .collect();
                    let mut lines = vec![header.join("|")];
                    for r in v.as_elements().unwrap() {
                        let e = r.as_entries().unwrap();
                        let cells: Vec<&str> =
                            header.iter().map(|h| e[*h].as_str().unwrap()).collect();
                        lines.push(cells.join("|"));
                    }
                    format!("OK {}", lines.join("/"))
                }
                Err(e) => format!("ERR {}", message(e)),
            },
            "duration" => {
                let base = Value::from("2000-01-01T00:00:00Z");
                match call(&t, "timeadd", &[base.clone(), Value::from(input.as_str())]) {
                    Ok(v) => {
                        // The same instant as adding the nanoseconds Go found.
                        let nanos = want.trim_start_matches("OK ");
                        let same = call(&t, "timeadd", &[base, Value::from(format!("{nanos}ns"))])
                            .unwrap();
                        if v == same {
                            want.to_owned()
                        } else {
                            format!("{v:?} vs {same:?}")
                        }
                    }
                    Err(e) => format!("ERR {}", message(e)),
                }
            }
            other => panic!("unknown kind {other}"),
        };
        if got != want {
            wrong.push(format!("{kind} {input:?}: {got:?}, Go: {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn regexall_matches_go_regexp() {
    let t = table();
    let mut wrong = Vec::new();
    for row in rows(include_str!("go_regex.tsv")) {
        let (pattern, want) = (go_unquote(&row[0]), row[2].as_str());
        let input = if row[1] == "-" {
            String::new()
        } else {
            go_unquote(&row[1])
        };
        let got = match call(
            &t,
            "regexall",
            &[Value::from(pattern.as_str()), Value::from(input.as_str())],
        ) {
            Ok(v) => {
                let text = call(&t, "jsonencode", &[v]).unwrap();
                text.as_str().unwrap().to_owned()
            }
            Err(e) => format!("ERR {}", message(e)),
        };
        if got != want {
            wrong.push(format!(
                "regexall({pattern:?}, {input:?}) = {got}, Go: {want}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn formatdate_and_timeadd_match_go_time() {
    let t = table();
    // The formatdate spelling of the Go layout the table was made with.
    let format = "YYYY YY MMMM MMM MM M DD D EEEE EEE hh H HH AA aa mm m ss s ZZZZ ZZZZZ Z";
    let mut wrong = Vec::new();
    for line in include_str!("go_time.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let cells: Vec<&str> = line.split('\t').collect();
        let (ts, d, added, formatted) = (cells[0], cells[1], cells[2], cells[3]);
        let got = call(&t, "timeadd", &[Value::from(ts), Value::from(d)]).unwrap();
        if got != Value::from(added) {
            wrong.push(format!("timeadd({ts:?}, {d:?}) = {got:?}, Go: {added}"));
        }
        let got = call(&t, "formatdate", &[Value::from(format), Value::from(ts)]).unwrap();
        if got != Value::from(formatted) {
            wrong.push(format!("formatdate({ts:?}) = {got:?}, Go: {formatted}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn csvdecode_matches_go_encoding_csv_on_random_input() {
    let t = table();
    let escape = |s: &str| s.replace('\n', "\\n").replace('\r', "\\r");
    let mut wrong = Vec::new();
    for line in include_str!("go_csv.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let cells: Vec<&str> = line.splitn(3, '\t').collect();
        let (input, want) = (go_unquote(cells[1]), cells[2]);
        let got = match call(&t, "csvdecode", &[Value::from(input.as_str())]) {
            Ok(v) => {
                let header: Vec<String> = want
                    .trim_start_matches("OK ")
                    .split('/')
                    .next()
                    .unwrap()
                    .split('|')
                    .map(String::from)
                    .collect();
                let mut lines = vec![header.join("|")];
                for r in v.as_elements().unwrap() {
                    let e = r.as_entries().unwrap();
                    let row: Vec<String> = header
                        .iter()
                        .map(|h| {
                            let key = h.replace("\\n", "\n").replace("\\r", "\r");
                            escape(e[key.as_str()].as_str().unwrap())
                        })
                        .collect();
                    lines.push(row.join("|"));
                }
                format!("OK {}", lines.join("/"))
            }
            Err(e) => format!("ERR {}", message(e)),
        };
        if got != want {
            wrong.push(format!("csvdecode({input:?}) = {got}, Go: {want}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn jsondecode_matches_go_decoder_on_random_input() {
    let t = table();
    let mut wrong = Vec::new();
    for line in include_str!("go_json.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let cells: Vec<&str> = line.splitn(3, '\t').collect();
        let (input, want) = (go_unquote(cells[1]), cells[2]);
        let got = match call(&t, "jsondecode", &[Value::from(input.as_str())]) {
            Ok(_) => "OK".to_owned(),
            Err(e) => format!("ERR {}", message(e)),
        };
        if got != want {
            wrong.push(format!("jsondecode({input:?}) = {got}, Go: {want}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn regexall_matches_go_regexp_on_random_patterns() {
    let t = table();
    let mut wrong = Vec::new();
    for row in rows(include_str!("go_regex_random.tsv")) {
        let (pattern, input, want) = (go_unquote(&row[0]), &row[1], row[2].as_str());
        let input = if input == "-" {
            String::new()
        } else {
            go_unquote(input)
        };
        let got = call(
            &t,
            "regexall",
            &[Value::from(pattern.as_str()), Value::from(input.as_str())],
        );
        let (got, want) = match (got, want.strip_prefix("ERR ")) {
            (Err(e), Some(want)) => (message(e), want.to_owned()),
            (Ok(v), None) => {
                // The table has every group with the whole match first;
                // regexall gives the whole match without groups, else the
                // groups alone.
                let go = call(&t, "jsondecode", &[Value::from(want)]).unwrap();
                // The one group name the table's patterns use.
                let named = pattern.contains("(?P<x>");
                let matches: Vec<Value> = go
                    .as_elements()
                    .unwrap_or_default()
                    .iter()
                    .map(|m| {
                        let groups = m.as_elements().unwrap();
                        match groups {
                            [whole] => whole.clone(),
                            [_, x] if named => Value::object([("x", x.clone())]),
                            [_, rest @ ..] => Value::tuple(rest.iter().cloned()),
                            [] => unreachable!(),
                        }
                    })
                    .collect();
                let encode = |v: Value| call(&t, "jsonencode", &[v]).unwrap();
                (
                    format!("{:?}", encode(v)),
                    format!("{:?}", encode(Value::tuple(matches))),
                )
            }
            (got, _) => (format!("{got:?}"), want.to_owned()),
        };
        if got != want {
            wrong.push(format!(
                "regexall({pattern:?}, {input:?}) = {got}, Go: {want}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn formatdate_matches_go_cty_on_random_formats() {
    let t = table();
    let mut wrong = Vec::new();
    for line in include_str!("go_formatdate.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let cells: Vec<&str> = line.splitn(3, '\t').collect();
        let (format, ts, want) = (go_unquote(cells[0]), cells[1], cells[2]);
        let got = match call(
            &t,
            "formatdate",
            &[Value::from(format.as_str()), Value::from(ts)],
        ) {
            Ok(v) => format!("{:?}", v.as_str().unwrap()),
            Err(e) => format!("ERR {}", message(e)),
        };
        let want = match want.strip_prefix("ERR ") {
            Some(_) => want.to_owned(),
            None => format!("{:?}", go_unquote(want)),
        };
        if got != want {
            wrong.push(format!("formatdate({format:?}, {ts}) = {got}, Go: {want}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
