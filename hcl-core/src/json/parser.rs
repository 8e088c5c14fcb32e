//! A JSON parser that keeps what HCL needs and general JSON parsers drop.
//!
//! The HCL JSON syntax needs every object property in source order,
//! including repeated names; numbers exactly as written (the information
//! model's numbers are far more precise than `f64`); and a source range on
//! every value, key and bracket, for diagnostics. [`parse`] gives a tree of
//! [`Node`]s with all three.
//!
//! Errors are [`Diagnostic`]s worded as the reference implementation words
//! them ("Missing property value colon", "Trailing comma in object", …). The
//! parser recovers at the end of the enclosing object or array and goes on,
//! so a file with several mistakes reports each; a value that could not be
//! parsed becomes [`NodeKind::Invalid`]. Nesting is limited
//! ([`Limits::max_depth`]), so no input can exhaust the stack.
//!
//! ```
//! use hcl_core::json::syntax::{parse, NodeKind};
//! use hcl_core::pos::SourceFile;
//!
//! let file = SourceFile::new("main.tf.json", r#"{"a": 1, "a": 2.50}"#);
//! let (root, diags) = parse(&file, &Default::default());
//! assert!(diags.is_empty());
//! let NodeKind::Object(props) = &root.kind else { panic!() };
//! assert_eq!(props.len(), 2);
//! assert_eq!(&*props[1].key, "a");
//! assert_eq!(props[1].value.kind, NodeKind::Number("2.50".into()));
//! ```

use crate::diag::quoted;
use crate::diag::{Diagnostic, Diagnostics};
use crate::json::literal::{decode_escapes, is_json_number, keyword_suggestion};
use crate::json::scanner::{Scanner, Tok, Token, STR_CONTROL, STR_ESCAPES, STR_UNTERMINATED};
use crate::limits::Limits;
use crate::pos::{ByteSpan, Range, SourceFile};

pub use crate::json::text::Text;

/// One JSON value and where it is.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Node {
    /// The bytes of the value: for strings the quotes included, for objects
    /// and arrays from the opening to the closing bracket.
    pub span: ByteSpan,
    /// What the value is.
    pub kind: NodeKind,
}

/// The kinds of JSON value.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NodeKind {
    /// An object: its properties in source order, duplicates kept.
    Object(Vec<Property>),
    /// An array: its elements in order.
    Array(Vec<Node>),
    /// A string, escapes decoded (the raw text is at the node's span).
    String(Text),
    /// A number, exactly as written in the source: always valid JSON
    /// number syntax (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
    Number(Text),
    /// `true` or `false`.
    Bool(bool),
    /// `null`.
    Null,
    /// A value that could not be parsed; a diagnostic was reported for it.
    Invalid,
}

/// One property of an object.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Property {
    /// The name, escapes decoded.
    pub key: Text,
    /// The name's string token, quotes included.
    pub key_span: ByteSpan,
    /// The value.
    pub value: Node,
}

impl Node {
    /// The span to point at when the value as a whole is wrong: the
    /// opening bracket of an object or array (a whole block would make a
    /// poor caret line), the whole value otherwise.
    pub fn start_span(&self) -> ByteSpan {
        match self.kind {
            NodeKind::Object(_) | NodeKind::Array(_) if !self.span.is_empty() => {
                ByteSpan::new(self.span.start, self.span.start + 1)
            }
            _ => self.span,
        }
    }

    /// The decoded text, if this is a string.
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::String(s) => Some(s),
            _ => None,
        }
    }

    /// A name for the kind of value, for messages: "object", "array",
    /// "string", "number", "bool", "null" or "invalid value".
    pub fn kind_name(&self) -> &'static str {
        match self.kind {
            NodeKind::Object(_) => "object",
            NodeKind::Array(_) => "array",
            NodeKind::String(_) => "string",
            NodeKind::Number(_) => "number",
            NodeKind::Bool(_) => "bool",
            NodeKind::Null => "null",
            NodeKind::Invalid => "invalid value",
        }
    }
}

/// Parses the whole of `file` as one JSON value, within `limits` (nesting
/// depth, diagnostics kept).
///
/// The tree is returned even when there are errors: it then holds
/// [`NodeKind::Invalid`] where values could not be parsed.
pub fn parse(file: &SourceFile, limits: &Limits) -> (Node, Diagnostics) {
    let mut diags = Diagnostics::with_limit(limits.max_diagnostics);
    let node = parse_with(file, limits, &mut diags);
    (node, diags)
}

/// Parses the whole of `file` as one JSON value, reporting problems into
/// `diags`. Objects and arrays nest at most [`Limits::max_depth`] levels
/// deep; a deeper value is reported ("Maximum nesting depth exceeded") and
/// skipped.
pub(crate) fn parse_with(file: &SourceFile, limits: &Limits, diags: &mut Diagnostics) -> Node {
    file.count_columns_by_tokens(super::columns::column_restarts);
    let text = file.text();
    if u32::try_from(text.len()).is_err() {
        diags.push(Diagnostic::error(
            "File too large",
            "JSON files larger than 4 GiB are not supported.",
        ));
        return Node {
            span: ByteSpan::new(0, 0),
            kind: NodeKind::Invalid,
        };
    }
    let mut p = Parser {
        file,
        text,
        scanner: Scanner::new(text.as_bytes()),
        peeked: None,
        diags,
        errors: 0,
        max_depth: limits.max_depth,
        numbers: crate::limits::NumberBudget::new(limits),
        scratch: String::new(),
        props: Vec::new(),
        items: Vec::new(),
        aborted: false,
    };
    let node = p.value(0);
    let next = p.peek();
    if p.errors == 0 && next.kind != Tok::Eof {
        p.error(
            "Extraneous data after value",
            "Extra characters appear after the JSON value.",
            next.start,
            next.end,
        );
    }
    node
}

struct Parser<'a, 'd> {
    file: &'a SourceFile,
    text: &'a str,
    scanner: Scanner<'a>,
    peeked: Option<Token>,
    diags: &'d mut Diagnostics,
    errors: usize,
    max_depth: usize,
    /// What very large numbers may still take
    /// ([`crate::Limits::max_number_bytes`]).
    numbers: crate::limits::NumberBudget,
    /// Reused for decoding strings with escapes.
    scratch: String,
    /// The properties of the objects being parsed, innermost last: each
    /// object moves its own into an exactly sized `Vec` when it closes, so
    /// that no per-object vector grows by doubling.
    props: Vec<Property>,
    /// The same for the elements of arrays.
    items: Vec<Node>,
    /// Set by the first error reported once the scanner has met a byte that
    /// starts no token: the scanner stops there, so whatever the parser
    /// would report after that is noise.
    aborted: bool,
}

const VALUE_START: &str =
    "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.";

impl Parser<'_, '_> {
    fn peek(&mut self) -> Token {
        match self.peeked {
            Some(t) => t,
            None => {
                let t = self.scanner.next_token();
                self.peeked = Some(t);
                t
            }
        }
    }

    fn bump(&mut self) -> Token {
        match self.peeked.take() {
            Some(t) => t,
            None => self.scanner.next_token(),
        }
    }

    fn span(&self, start: u32, end: u32) -> ByteSpan {
        ByteSpan::new(start, end)
    }

    fn range(&self, start: u32, end: u32) -> Range {
        self.file.range(self.span(start, end))
    }

    fn node(&self, start: u32, end: u32, kind: NodeKind) -> Node {
        Node {
            span: self.span(start, end),
            kind,
        }
    }

    #[cold]
    fn error(&mut self, summary: &str, detail: impl Into<String>, start: u32, end: u32) {
        if self.aborted {
            return;
        }
        let subject = self.range(start, end);
        self.errors += 1;
        self.diags
            .push(Diagnostic::error(summary, detail).with_subject(subject));
        self.aborted = self.scanner.stopped();
    }

    #[cold]
    fn error_in(
        &mut self,
        summary: &str,
        detail: impl Into<String>,
        (start, end): (u32, u32),
        context: &Token,
    ) {
        if self.aborted {
            return;
        }
        let subject = self.range(start, end);
        let context = self.range(context.start, context.end);
        self.errors += 1;
        self.diags.push(
            Diagnostic::error(summary, detail)
                .with_subject(subject)
                .with_context(context),
        );
        self.aborted = self.scanner.stopped();
    }

    /// ```text
    /// value = object / array / string / number / "true" / "false" / "null"
    /// ```
    fn value(&mut self, depth: usize) -> Node {
        let tok = self.peek();
        match tok.kind {
            Tok::BraceO | Tok::BrackO if depth >= self.max_depth => self.too_deep(tok),
            Tok::BraceO => self.object(depth + 1),
            Tok::BrackO => self.array(depth + 1),
            Tok::String => {
                self.bump();
                match self.string(&tok) {
                    Some(s) => self.node(tok.start, tok.end, NodeKind::String(s)),
                    None => self.node(tok.start, tok.end, NodeKind::Invalid),
                }
            }
            Tok::Number => {
                self.bump();
                self.number(&tok)
            }
            Tok::Keyword => {
                self.bump();
                self.keyword(&tok)
            }
            // The closing tokens are left for the enclosing object or array,
            // which then closes normally.
            Tok::BraceC => self.missing(tok, "Missing JSON value", VALUE_START),
            Tok::BrackC => self.missing(tok, "Missing array element value", VALUE_START),
            Tok::Eof => self.missing(tok, "Missing value", "The JSON data ends prematurely."),
            Tok::Comma | Tok::Colon | Tok::Equals => {
                self.missing(tok, "Invalid start of value", VALUE_START)
            }
            Tok::Invalid => {
                self.bump();
                self.missing(tok, "Invalid start of value", VALUE_START)
            }
        }
    }

    #[cold]
    fn missing(&mut self, tok: Token, summary: &str, detail: &str) -> Node {
        self.error(summary, detail, tok.start, tok.end);
        self.node(tok.start, tok.end, NodeKind::Invalid)
    }

    /// Reports a too-deep value and skips it without recursing.
    #[cold]
    fn too_deep(&mut self, open: Token) -> Node {
        self.error(
            "Maximum nesting depth exceeded",
            format!(
                "This JSON value is nested more than {} levels deep (Limits::max_depth).",
                self.max_depth
            ),
            open.start,
            open.end,
        );
        let mut level = 0usize;
        let mut end = open.end;
        loop {
            let t = self.bump();
            if t.kind == Tok::Eof {
                break;
            }
            end = t.end;
            if t.kind.is_open() {
                level += 1;
            } else if t.kind.is_close() {
                level = level.saturating_sub(1);
                if level == 0 {
                    break;
                }
            }
        }
        self.node(open.start, end, NodeKind::Invalid)
    }

    /// Skips to just past the `close` token that ends the object or array
    /// being parsed (nested ones of the same kind are skipped whole), or to
    /// the end of input. Returns the end of the last token skipped.
    fn recover(&mut self, open: Tok, close: Tok, mut end: u32) -> u32 {
        let mut level = 0usize;
        loop {
            let t = self.peek();
            if t.kind == Tok::Eof {
                return end;
            }
            self.bump();
            end = t.end;
            if t.kind == open {
                level += 1;
            } else if t.kind == close {
                if level == 0 {
                    return end;
                }
                level -= 1;
            }
        }
    }

    /// ```text
    /// object = "{" [ member *( "," member ) ] "}"
    /// member = string ":" value
    /// ```
    fn object(&mut self, depth: usize) -> Node {
        let open = self.bump();
        let base = self.props.len();
        let mut first = true;
        let invalid = |p: &mut Self, end: u32| {
            p.props.truncate(base);
            p.node(open.start, end, NodeKind::Invalid)
        };
        loop {
            let key_tok = self.peek();
            let key = match key_tok.kind {
                Tok::BraceC if first => break,
                Tok::String => {
                    self.bump();
                    self.string(&key_tok)
                }
                Tok::Eof => {
                    self.unclosed_object(&open);
                    return invalid(self, key_tok.end);
                }
                _ => {
                    self.error(
                        "Invalid object property name",
                        "A JSON object property name must be a string",
                        key_tok.start,
                        key_tok.end,
                    );
                    let end = self.recover(Tok::BraceO, Tok::BraceC, key_tok.start);
                    return invalid(self, end);
                }
            };

            first = false;
            let colon = self.peek();
            if colon.kind != Tok::Colon {
                let (summary, detail) = match colon.kind {
                    // Most likely braces used where brackets were meant.
                    Tok::BraceC | Tok::Comma => (
                        "Missing object value",
                        "A JSON object attribute must have a value, introduced by a colon.",
                    ),
                    Tok::Equals => (
                        "Missing property value colon",
                        "JSON uses a colon as its name/value delimiter, not an equals sign.",
                    ),
                    _ => (
                        "Missing property value colon",
                        "A colon must appear between an object property's name and its value.",
                    ),
                };
                self.error(summary, detail, colon.start, colon.end);
                let end = self.recover(Tok::BraceO, Tok::BraceC, colon.start);
                return invalid(self, end);
            }
            self.bump();

            let value = self.value(depth);
            if let Some(key) = key {
                self.props.push(Property {
                    key,
                    key_span: self.span(key_tok.start, key_tok.end),
                    value,
                });
            }

            let sep = self.peek();
            match sep.kind {
                Tok::Comma => {
                    self.bump();
                    let next = self.peek();
                    if next.kind == Tok::BraceC {
                        self.error(
                            "Trailing comma in object",
                            "JSON does not permit a trailing comma after the final property in an object.",
                            sep.start,
                            sep.end,
                        );
                        self.bump();
                        return invalid(self, next.end);
                    }
                }
                Tok::BraceC => break,
                Tok::Eof => {
                    self.unclosed_object(&open);
                    return invalid(self, sep.start);
                }
                Tok::BrackC => {
                    // Taken as this object's (mistyped) end, so that the
                    // enclosing value goes on normally.
                    self.bump();
                    self.error(
                        "Mismatched braces",
                        "A JSON object must be closed with a brace, not a bracket.",
                        sep.start,
                        sep.end,
                    );
                    return invalid(self, sep.end);
                }
                _ => {
                    self.error(
                        "Missing attribute separator comma",
                        "A comma must appear between each property definition in an object.",
                        sep.start,
                        sep.end,
                    );
                    let end = self.recover(Tok::BraceO, Tok::BraceC, sep.start);
                    return invalid(self, end);
                }
            }
        }
        let close = self.bump();
        // One allocation of the exact size per object.
        let props = self.props.drain(base..).collect();
        self.node(open.start, close.end, NodeKind::Object(props))
    }

    #[cold]
    fn unclosed_object(&mut self, open: &Token) {
        self.error(
            "Unclosed object",
            "No closing brace was found for this JSON object.",
            open.start,
            open.end,
        );
    }

    /// ```text
    /// array = "[" [ value *( "," value ) ] "]"
    /// ```
    fn array(&mut self, depth: usize) -> Node {
        let open = self.bump();
        let base = self.items.len();
        let invalid = |p: &mut Self, end: u32| {
            p.items.truncate(base);
            p.node(open.start, end, NodeKind::Invalid)
        };
        if self.peek().kind != Tok::BrackC {
            loop {
                let item = self.value(depth);
                self.items.push(item);
                let sep = self.peek();
                match sep.kind {
                    Tok::Comma => {
                        self.bump();
                        let next = self.peek();
                        if next.kind == Tok::BrackC {
                            self.error(
                                "Trailing comma in array",
                                "JSON does not permit a trailing comma after the final value in an array.",
                                sep.start,
                                sep.end,
                            );
                            self.bump();
                            return invalid(self, next.end);
                        }
                    }
                    Tok::BrackC => break,
                    Tok::Eof => {
                        self.error(
                            "Unclosed array",
                            "No closing bracket was found for this JSON array.",
                            open.start,
                            open.end,
                        );
                        return invalid(self, sep.start);
                    }
                    Tok::BraceC => {
                        self.bump();
                        self.error(
                            "Mismatched brackets",
                            "A JSON array must be closed with a bracket, not a brace.",
                            sep.start,
                            sep.end,
                        );
                        return invalid(self, sep.end);
                    }
                    Tok::Colon => {
                        self.error(
                            "Invalid array value",
                            "A colon is not used to introduce values in a JSON array.",
                            sep.start,
                            sep.end,
                        );
                        let end = self.recover(Tok::BrackO, Tok::BrackC, sep.start);
                        return invalid(self, end);
                    }
                    _ => {
                        self.error(
                            "Missing attribute separator comma",
                            "A comma must appear between each value in an array.",
                            sep.start,
                            sep.end,
                        );
                        let end = self.recover(Tok::BrackO, Tok::BrackC, sep.start);
                        return invalid(self, end);
                    }
                }
            }
        }
        let close = self.bump();
        let items = self.items.drain(base..).collect();
        self.node(open.start, close.end, NodeKind::Array(items))
    }

    /// A number token, checked against JSON's number syntax.
    fn number(&mut self, tok: &Token) -> Node {
        let text = self
            .text
            .get(tok.start as usize..tok.end as usize)
            .unwrap_or_default();
        // Only an exponent or hundreds of thousands of digits can reach
        // `Number::MAX_BITS`; the reference's `big.ParseFloat` rejects those
        // here, at parse time, rather than leaving an unusable value.
        let is_number = is_json_number(text.as_bytes());
        if is_number && !self.numbers.admit(text) {
            let (summary, detail) = self.numbers.refusal();
            self.error(summary, &detail, tok.start, tok.end);
            return self.node(tok.start, tok.end, NodeKind::Invalid);
        }
        let in_range = || {
            !(text.len() > 1000 || text.bytes().any(|b| b == b'e' || b == b'E'))
                || crate::value::Number::parse_json(text).is_ok()
        };
        if is_number && in_range() {
            self.node(tok.start, tok.end, NodeKind::Number(text.into()))
        } else {
            self.error(
                "Invalid JSON number",
                "There is a syntax error in the given JSON number.",
                tok.start,
                tok.end,
            );
            self.node(tok.start, tok.end, NodeKind::Invalid)
        }
    }

    fn keyword(&mut self, tok: &Token) -> Node {
        let text = self
            .text
            .get(tok.start as usize..tok.end as usize)
            .unwrap_or_default();
        let kind = match text {
            "true" => NodeKind::Bool(true),
            "false" => NodeKind::Bool(false),
            "null" => NodeKind::Null,
            _ => {
                let detail = match text {
                    "undefined" | "NaN" | "Infinity" => {
                        format!(
                            "The JavaScript identifier {} cannot be used in JSON.",
                            quoted(text)
                        )
                    }
                    _ => match keyword_suggestion(text) {
                        Some(s) => {
                            format!(
                                "{} is not a valid JSON keyword. Did you mean {}?",
                                quoted(text),
                                quoted(s)
                            )
                        }
                        None => format!("{} is not a valid JSON keyword.", quoted(text)),
                    },
                };
                self.error("Invalid JSON keyword", detail, tok.start, tok.end);
                NodeKind::Invalid
            }
        };
        self.node(tok.start, tok.end, kind)
    }

    /// Decodes a string token; `None` after reporting a malformed one.
    fn string(&mut self, tok: &Token) -> Option<Text> {
        let (start, end) = (tok.start as usize, tok.end as usize);
        if tok.flags & STR_UNTERMINATED != 0 {
            self.error_in(
                "Invalid JSON string",
                "This string has no closing quote.",
                (tok.end, tok.end),
                tok,
            );
            return None;
        }
        let inner = self.text.get(start + 1..end - 1).unwrap_or_default();
        if tok.flags & (STR_ESCAPES | STR_CONTROL) == 0 {
            return Some(inner.into());
        }
        let mut out = std::mem::take(&mut self.scratch);
        out.clear();
        let result = decode_escapes(inner, &mut out);
        let decoded = match result {
            Ok(()) => Some(Text::from(out.as_str())),
            Err(err) => {
                let at = tok.start + 1;
                let bad = (at + err.start as u32, at + err.end as u32);
                self.error_in("Invalid JSON string", err.detail, bad, tok);
                None
            }
        };
        self.scratch = out;
        decoded
    }
}

#[cfg(test)]
mod test;
