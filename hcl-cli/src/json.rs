//! A small JSON tree and writers that format it as Go's `encoding/json`
//! does, so that our output is byte-for-byte the reference tools' output:
//! `<`, `>`, `&`, U+2028 and U+2029 escaped as `\u00XX`, numbers kept as
//! their exact text, [`Json::to_indented`] as `json.MarshalIndent` with
//! two spaces.

use std::fmt::Write as _;

use hcl_core::json::syntax::{Node, NodeKind};
use hcl_core::{Limits, SourceFile};

/// A JSON value; object properties keep the order they were given in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Json {
    /// `null`
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number, as its exact JSON text.
    Number(String),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, properties in order.
    Object(Vec<(String, Json)>),
}

impl Json {
    /// A string value.
    pub fn str(s: impl Into<String>) -> Json {
        Json::String(s.into())
    }

    /// An integer value.
    pub fn int(n: impl Into<i64>) -> Json {
        Json::Number(n.into().to_string())
    }

    /// An object from `(key, value)` pairs.
    pub fn object<K: Into<String>>(props: impl IntoIterator<Item = (K, Json)>) -> Json {
        Json::Object(props.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }

    /// Parses JSON text; `None` when it is not valid JSON.
    ///
    /// ```
    /// use hcl_cli::json::Json;
    /// let j = Json::parse(r#"{"a": [1, "x"]}"#).unwrap();
    /// assert_eq!(j.to_compact(), r#"{"a":[1,"x"]}"#);
    /// assert!(Json::parse("{").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<Json> {
        Json::parse_within(text, &Limits::default())
    }

    /// [`Json::parse`] of the JSON form of a value this program made,
    /// without limits: its size and nesting are the value's, which the
    /// evaluation that made it bounded (under whatever limits it was given),
    /// while the form with its type (`--with-type`) nests about twice as
    /// deep as the value (at the default limits, a value 63 objects deep
    /// was printed as its raw text).
    pub(crate) fn parse_value_form(text: &str) -> Option<Json> {
        let unlimited = Limits::default()
            .with_max_depth(usize::MAX)
            .with_max_elements(usize::MAX)
            .with_max_bytes(usize::MAX)
            .with_max_diagnostics(usize::MAX);
        Json::parse_within(text, &unlimited)
    }

    fn parse_within(text: &str, limits: &Limits) -> Option<Json> {
        let file = SourceFile::new("<json>", text);
        let (node, diags) = hcl_core::json::syntax::parse(&file, limits);
        (!diags.has_errors()).then(|| Json::from_node(&node))
    }

    /// Converts a parsed JSON tree (its [`NodeKind::Invalid`] parts become
    /// `null`).
    pub fn from_node(node: &Node) -> Json {
        match &node.kind {
            NodeKind::Object(props) => Json::Object(
                props
                    .iter()
                    .map(|p| (p.key.to_string(), Json::from_node(&p.value)))
                    .collect(),
            ),
            NodeKind::Array(items) => Json::Array(items.iter().map(Json::from_node).collect()),
            NodeKind::String(s) => Json::String(s.to_string()),
            NodeKind::Number(n) => Json::Number(n.to_string()),
            NodeKind::Bool(b) => Json::Bool(*b),
            NodeKind::Null | NodeKind::Invalid => Json::Null,
        }
    }

    /// Removes every object property whose value is `null`, at any depth,
    /// and sorts object keys: what hcldec does to its output unless
    /// `--keep-nulls` is given (it decodes into Go maps and encodes again).
    pub fn strip_null_properties(self) -> Json {
        match self {
            Json::Object(props) => {
                let mut props: Vec<(String, Json)> = props
                    .into_iter()
                    .filter(|(_, v)| *v != Json::Null)
                    .map(|(k, v)| (k, v.strip_null_properties()))
                    .collect();
                props.sort_by(|a, b| a.0.cmp(&b.0));
                props.dedup_by(|a, b| a.0 == b.0);
                Json::Object(props)
            }
            Json::Array(items) => {
                Json::Array(items.into_iter().map(Json::strip_null_properties).collect())
            }
            other => other,
        }
    }

    /// The compact form (`json.Marshal`).
    ///
    /// ```
    /// use hcl_cli::json::Json;
    /// let j = Json::object([("a", Json::str("<b>")), ("n", Json::int(1))]);
    /// assert_eq!(j.to_compact(), r#"{"a":"\u003cb\u003e","n":1}"#);
    /// ```
    pub fn to_compact(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, None, 0, true);
        out
    }

    /// The indented form (`json.MarshalIndent(v, "", "  ")`).
    pub fn to_indented(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, Some("  "), 0, true);
        out
    }

    /// The indented form without Go's HTML escaping (`<`, `>` and `&`
    /// written as themselves), for output meant to be read.
    ///
    /// ```
    /// use hcl_cli::json::Json;
    /// assert_eq!(Json::str("a < b").to_indented_readable(), r#""a < b""#);
    /// ```
    pub fn to_indented_readable(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, Some("  "), 0, false);
        out
    }

    fn write(&self, out: &mut String, indent: Option<&str>, depth: usize, html: bool) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Number(n) => out.push_str(n),
            Json::String(s) => write_string_with(out, s, html),
            Json::Array(items) => {
                if items.is_empty() {
                    out.push_str("[]");
                    return;
                }
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, indent, depth + 1);
                    item.write(out, indent, depth + 1, html);
                }
                newline(out, indent, depth);
                out.push(']');
            }
            Json::Object(props) => {
                if props.is_empty() {
                    out.push_str("{}");
                    return;
                }
                out.push('{');
                for (i, (k, v)) in props.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, indent, depth + 1);
                    write_string_with(out, k, html);
                    out.push(':');
                    if indent.is_some() {
                        out.push(' ');
                    }
                    v.write(out, indent, depth + 1, html);
                }
                newline(out, indent, depth);
                out.push('}');
            }
        }
    }
}

fn newline(out: &mut String, indent: Option<&str>, depth: usize) {
    if let Some(ind) = indent {
        out.push('\n');
        for _ in 0..depth {
            out.push_str(ind);
        }
    }
}

/// Writes `s` as a JSON string with Go's escaping rules.
pub fn write_string(out: &mut String, s: &str) {
    write_string_with(out, s, true);
}

fn write_string_with(out: &mut String, s: &str, html: bool) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c < ' '
                || matches!(c, '\u{2028}' | '\u{2029}')
                || (html && matches!(c, '<' | '>' | '&')) =>
            {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `s` as a JSON string literal.
pub fn quote(s: &str) -> String {
    let mut out = String::new();
    write_string(&mut out, s);
    out
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn indented_matches_go_marshal_indent() {
        let j = Json::object([
            (
                "diagnostics",
                Json::Array(vec![Json::object([("a", Json::int(1))])]),
            ),
            ("empty", Json::Array(vec![])),
        ]);
        assert_eq!(
            j.to_indented(),
            "{\n  \"diagnostics\": [\n    {\n      \"a\": 1\n    }\n  ],\n  \"empty\": []\n}"
        );
    }

    #[test]
    fn strip_nulls_sorts_keys_and_drops_null_properties_at_depth() {
        let j = Json::object([
            (
                "value",
                Json::object([("b", Json::Null), ("a", Json::Array(vec![Json::Null]))]),
            ),
            ("type", Json::str("x")),
        ]);
        assert_eq!(
            j.strip_null_properties().to_compact(),
            r#"{"type":"x","value":{"a":[null]}}"#
        );
    }

    #[test]
    fn strings_escape_like_go() {
        assert_eq!(quote("a\u{1}<\u{2028}\"é"), r#""a\u0001\u003c\u2028\"é""#);
    }
}
