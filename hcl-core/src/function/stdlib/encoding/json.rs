//! A strict JSON reader for `jsondecode`, producing values directly and
//! wording errors as Go's `encoding/json` decoder does (which is what
//! go-cty's `jsondecode` reports): `invalid character 'a' looking for
//! beginning of value`, `unexpected EOF`, and so on.

use std::collections::HashMap;

use crate::function::stdlib::format::quote;
use crate::limits::{Limits, NumberBudget};
use crate::value::{Number, Type, Value};

/// Parses `text` as one JSON document whose arrays and objects nest at
/// most [`Limits::max_depth`] levels (Go's decoder allows 10000, a smaller
/// bound keeps the recursion well inside any thread's stack) and whose
/// very large numbers take at most [`Limits::max_number_bytes`], as a
/// parse's literals.
pub(super) fn parse(text: &str, limits: &Limits) -> Result<Value, String> {
    let mut p = Parser {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        max_depth: limits.max_depth,
        numbers: NumberBudget::new(limits),
    };
    p.skip_ws();
    if p.pos == p.bytes.len() {
        return Err("EOF".into());
    }
    let v = p.value(0)?;
    p.skip_ws();
    // Go's `Decoder.More` reports more data unless the next byte closes an
    // array or object, so a stray closing bracket is (quietly) accepted.
    match p.peek() {
        None | Some(b']' | b'}') => Ok(v),
        Some(_) => Err("extraneous data after JSON object".into()),
    }
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    max_depth: usize,
    numbers: NumberBudget,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// The error for the character at the current position, between
    /// tokens: Go's decoder reports the end of the input there as `EOF`.
    #[cold]
    fn invalid(&self, context: &str) -> String {
        self.invalid_or(context, "EOF")
    }

    /// The error for the character at the current position, inside a
    /// token (a literal, number or string), where the end of the input is
    /// `unexpected EOF`.
    #[cold]
    fn invalid_in_token(&self, context: &str) -> String {
        self.invalid_or(context, "unexpected EOF")
    }

    fn invalid_or(&self, context: &str, at_end: &str) -> String {
        // Go names the byte, read as a code point: the first byte of `é`
        // shows as `Ã`.
        match self.peek().map(char::from) {
            Some(c) if context.is_empty() => format!("invalid character {}", quote_char(c)),
            Some(c) => format!("invalid character {} {context}", quote_char(c)),
            None => at_end.into(),
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        match self.peek() {
            // `depth` arrays and objects enclose this one.
            Some(b'{' | b'[') if depth >= self.max_depth => Err("exceeded max depth".into()),
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => self.string().map(Value::from),
            Some(b't') => self.literal("true", Value::Bool(true)),
            Some(b'f') => self.literal("false", Value::Bool(false)),
            Some(b'n') => self.literal("null", Value::null(Type::Dynamic)),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(self.invalid("looking for beginning of value")),
        }
    }

    fn literal(&mut self, word: &str, v: Value) -> Result<Value, String> {
        for (i, expected) in word.bytes().enumerate() {
            if i > 0 && self.peek() != Some(expected) {
                return Err(self.invalid_in_token(&format!(
                    "in literal {word} (expecting {})",
                    quote_char(char::from(expected))
                )));
            }
            self.pos += 1;
        }
        Ok(v)
    }

    fn number(&mut self) -> Result<Value, String> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.invalid_in_token("in numeric literal")),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err(self.invalid_in_token("after decimal point in numeric literal"));
            }
            self.digits();
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err(self.invalid_in_token("in exponent of numeric literal"));
            }
            self.digits();
        }
        let text = &self.text[start..self.pos];
        if !self.numbers.admit(text) {
            return Err(format!(
                "cannot use {} as a number: holding it exactly, with the very large numbers before it, would pass the limit of very large numbers one document may hold",
                crate::diag::excerpt(text)
            ));
        }
        Number::parse_json(text)
            .map(Value::Number)
            .map_err(|e| format!("cannot use {text} as a number: {e}"))
    }

    fn digits(&mut self) {
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.pos += 1; // the opening quote
        let mut out = String::new();
        loop {
            let run = self.bytes[self.pos..]
                .iter()
                .position(|&b| b == b'"' || b == b'\\' || b < 0x20);
            let Some(run) = run else {
                return Err("unexpected EOF".into());
            };
            out.push_str(&self.text[self.pos..self.pos + run]);
            self.pos += run;
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    self.escape(&mut out)?;
                }
                _ => return Err(self.invalid_in_token("in string literal")),
            }
        }
    }

    fn escape(&mut self, out: &mut String) -> Result<(), String> {
        let c = match self.peek() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\x08',
            Some(b'f') => '\x0c',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                self.pos += 1;
                let hi = self.hex4()?;
                let c = if (0xD800..0xDC00).contains(&hi) {
                    // A high surrogate pairs with a following `\uDC00`-`\uDFFF`;
                    // alone, it decodes as U+FFFD, as in Go.
                    let save = self.pos;
                    let lo = if self.bytes.get(self.pos..self.pos + 2) == Some(b"\\u") {
                        self.pos += 2;
                        self.hex4().ok()
                    } else {
                        None
                    };
                    match lo {
                        Some(lo) if (0xDC00..0xE000).contains(&lo) => {
                            char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))
                        }
                        _ => {
                            self.pos = save;
                            None
                        }
                    }
                } else {
                    char::from_u32(hi)
                };
                out.push(c.unwrap_or('\u{fffd}'));
                return Ok(());
            }
            _ => return Err(self.invalid_in_token("in string escape code")),
        };
        self.pos += 1;
        out.push(c);
        Ok(())
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let mut n = 0u32;
        for _ in 0..4 {
            let d = match self.peek() {
                Some(b @ b'0'..=b'9') => b - b'0',
                Some(b @ b'a'..=b'f') => b - b'a' + 10,
                Some(b @ b'A'..=b'F') => b - b'A' + 10,
                _ => return Err(self.invalid_in_token("in \\u hexadecimal character escape")),
            };
            n = n * 16 + u32::from(d);
            self.pos += 1;
        }
        Ok(n)
    }

    fn array(&mut self, depth: usize) -> Result<Value, String> {
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Value::empty_tuple());
        }
        loop {
            self.skip_ws();
            items.push(self.value(depth + 1)?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Value::tuple(items));
                }
                _ => return Err(self.invalid("after array element")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, String> {
        self.pos += 1;
        let mut attrs: Vec<(String, Value)> = Vec::new();
        let mut seen: HashMap<String, Type> = HashMap::new();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Value::empty_object());
        }
        // Go's decoder names no context for a bad first key, only for one
        // after a comma.
        let mut context = "";
        loop {
            self.skip_ws();
            if self.peek() != Some(b'"') {
                return Err(self.invalid(context));
            }
            context = "looking for beginning of object key string";
            let key = self.string()?;
            self.skip_ws();
            if self.peek() != Some(b':') {
                return Err(self.invalid("after object key"));
            }
            self.pos += 1;
            self.skip_ws();
            let v = self.value(depth + 1)?;
            // go-cty accepts a repeated property only with the same type;
            // the last one wins.
            // (`Value::object` keeps the last of equal names.)
            let ty = v.ty();
            match seen.get(&key) {
                Some(old) if *old != ty => {
                    return Err(format!(
                        "duplicate {} property in JSON object",
                        crate::diag::excerpt(&key)
                    ))
                }
                Some(_) => {}
                None => {
                    seen.insert(key.clone(), ty);
                }
            }
            attrs.push((key, v));
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Value::object(attrs));
                }
                _ => return Err(self.invalid("after object key:value pair")),
            }
        }
    }
}

/// Go's `encoding/json` `quoteChar`.
fn quote_char(c: char) -> String {
    match c {
        '\'' => "'\\''".into(),
        '"' => "'\"'".into(),
        c => {
            let q = quote(&c.to_string());
            format!("'{}'", &q[1..q.len() - 1])
        }
    }
}
