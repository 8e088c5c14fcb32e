//! go-cty's JSON encodings of types and values, so that values and types can
//! be exchanged with tools built on go-cty (Terraform plans and state,
//! `hcldec` specs, provider protocols).
//!
//! Types encode as `"string"`, `"number"`, `"bool"`, `"dynamic"`,
//! `["list",T]`, `["map",T]`, `["set",T]`, `["object",{"a":T,…}]` (with a
//! third element listing the optional attributes, sorted, when there are
//! any) and `["tuple",[T,…]]`. Values encode *against a type*: objects and
//! maps as JSON objects (keys sorted), lists, sets and tuples as arrays,
//! numbers at full precision, null as `null`, and a value whose type is
//! given as `dynamic` as `{"value":…,"type":…}` so that its real type
//! survives the trip. Unknown values, infinities and capsule values have no
//! encoding.
//!
//! Decoding uses this crate's own JSON parser ([`crate::json::syntax`]),
//! which keeps numbers exactly as written.
//!
//! ```
//! use hcl_core::value::{from_cty_json, to_cty_json, Type, Value};
//! let ty = Type::object([("name", Type::String), ("ports", Type::list(Type::Number))]);
//! let v = from_cty_json(r#"{"name":"web","ports":[80,443]}"#, &ty).unwrap();
//! assert_eq!(v.ty(), ty);
//! assert_eq!(to_cty_json(&v).unwrap(), r#"{"name":"web","ports":[80,443]}"#);
//! ```

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use crate::json::parser::{parse, Node, NodeKind};
use crate::pos::SourceFile;
use crate::value::{List, Map, Number, Set, Type, Value};

/// Why a value or type could not be encoded or decoded.
///
/// Value errors carry the path to the offending part of the value, written
/// as HCL traversal steps (`.tags[0]`, `["key"]`; empty for the whole
/// value).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CtyJsonError {
    path: String,
    message: String,
}

impl CtyJsonError {
    #[cold]
    fn new(path: &Path, message: impl Into<String>) -> CtyJsonError {
        CtyJsonError {
            path: path.to_string(),
            message: message.into(),
        }
    }

    #[cold]
    fn bare(message: impl Into<String>) -> CtyJsonError {
        CtyJsonError {
            path: String::new(),
            message: message.into(),
        }
    }

    /// The path to the part of the value at fault (empty for the whole).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// What is wrong.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for CtyJsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for CtyJsonError {}

/// One step into a value, for error paths.
enum Step<'a> {
    Attr(&'a str),
    Index(usize),
    Key(&'a str),
}

/// Where the encoder or decoder is; rendered only when an error is made.
#[derive(Default)]
struct Path<'a>(Vec<Step<'a>>);

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.0 {
            match step {
                Step::Attr(name) => write!(f, ".{name}")?,
                Step::Index(i) => write!(f, "[{i}]")?,
                Step::Key(k) => {
                    f.write_char('[')?;
                    let mut quoted = String::new();
                    push_json_string(&mut quoted, k);
                    f.write_str(&quoted)?;
                    f.write_char(']')?;
                }
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------- types --

/// Encodes a type in go-cty's JSON form.
///
/// ```
/// use hcl_core::value::{type_to_cty_json, Type};
/// let t = Type::object_with_optional([("a", Type::Bool), ("b", Type::list(Type::String))], ["b"]);
/// assert_eq!(
///     type_to_cty_json(&t).unwrap(),
///     r#"["object",{"a":"bool","b":["list","string"]},["b"]]"#
/// );
/// ```
///
/// # Errors
///
/// Capsule types have no JSON form.
pub fn type_to_cty_json(ty: &Type) -> Result<String, CtyJsonError> {
    let mut out = String::new();
    write_type(&mut out, ty)?;
    Ok(out)
}

fn write_type(out: &mut String, ty: &Type) -> Result<(), CtyJsonError> {
    match ty {
        Type::Bool => out.push_str("\"bool\""),
        Type::Number => out.push_str("\"number\""),
        Type::String => out.push_str("\"string\""),
        Type::Dynamic => out.push_str("\"dynamic\""),
        Type::List(e) | Type::Map(e) | Type::Set(e) => {
            out.push_str(match ty {
                Type::List(_) => "[\"list\",",
                Type::Map(_) => "[\"map\",",
                _ => "[\"set\",",
            });
            write_type(out, e)?;
            out.push(']');
        }
        Type::Object(o) => {
            out.push_str("[\"object\",{");
            for (i, (name, t)) in o.attributes().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_json_string(out, name);
                out.push(':');
                write_type(out, t)?;
            }
            out.push('}');
            if !o.optional_attributes().is_empty() {
                out.push_str(",[");
                for (i, name) in o.optional_attributes().iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    push_json_string(out, name);
                }
                out.push(']');
            }
            out.push(']');
        }
        Type::Tuple(elems) => {
            out.push_str("[\"tuple\",[");
            for (i, t) in elems.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_type(out, t)?;
            }
            out.push_str("]]");
        }
        Type::Capsule(_) => {
            return Err(CtyJsonError::bare(format!(
                "type not allowed: {}",
                ty.friendly_name()
            )))
        }
    }
    Ok(())
}

/// Decodes a type from go-cty's JSON form.
///
/// ```
/// use hcl_core::value::{type_from_cty_json, Type};
/// let t = type_from_cty_json(r#"["map",["tuple",["string","dynamic"]]]"#).unwrap();
/// assert_eq!(t, Type::map(Type::tuple([Type::String, Type::Dynamic])));
/// ```
///
/// # Errors
///
/// Invalid JSON, and JSON that is not a type description.
pub fn type_from_cty_json(text: &str) -> Result<Type, CtyJsonError> {
    let node = parse_json(text)?;
    type_from_node(&node)
}

fn type_from_node(node: &Node) -> Result<Type, CtyJsonError> {
    match &node.kind {
        NodeKind::String(name) => match &**name {
            "bool" => Ok(Type::Bool),
            "number" => Ok(Type::Number),
            "string" => Ok(Type::String),
            "dynamic" => Ok(Type::Dynamic),
            _ => Err(CtyJsonError::bare(format!(
                "invalid primitive type name {}",
                quoted(name)
            ))),
        },
        NodeKind::Array(items) => {
            let Some(kind) = items.first().and_then(Node::as_str) else {
                return Err(CtyJsonError::bare("invalid complex type kind name"));
            };
            let arg = |i: usize| {
                items
                    .get(i)
                    .ok_or_else(|| CtyJsonError::bare("incomplete complex type description"))
            };
            let max_len = if kind == "object" { 3 } else { 2 };
            let ty = match kind {
                "list" => Type::list(type_from_node(arg(1)?)?),
                "map" => Type::map(type_from_node(arg(1)?)?),
                "set" => Type::set(type_from_node(arg(1)?)?),
                "object" => {
                    let NodeKind::Object(props) = &arg(1)?.kind else {
                        return Err(CtyJsonError::bare(
                            "object attribute types must be a JSON object",
                        ));
                    };
                    let mut attrs = Vec::with_capacity(props.len());
                    for p in props {
                        attrs.push((&*p.key, type_from_node(&p.value)?));
                    }
                    match items.get(2) {
                        None => Type::object(attrs),
                        Some(list) => {
                            let names = string_list(list).ok_or_else(|| {
                                CtyJsonError::bare(
                                    "optional attribute names must be a JSON array of strings",
                                )
                            })?;
                            Type::object_with_optional(attrs, names)
                        }
                    }
                }
                "tuple" => {
                    let NodeKind::Array(elems) = &arg(1)?.kind else {
                        return Err(CtyJsonError::bare(
                            "tuple element types must be a JSON array",
                        ));
                    };
                    let elems = elems
                        .iter()
                        .map(type_from_node)
                        .collect::<Result<Vec<_>, _>>()?;
                    Type::tuple(elems)
                }
                _ => return Err(CtyJsonError::bare("invalid complex type kind name")),
            };
            if items.len() > max_len {
                return Err(CtyJsonError::bare(
                    "unexpected extra data in type description",
                ));
            }
            Ok(ty)
        }
        _ => Err(CtyJsonError::bare("invalid type description")),
    }
}

fn string_list(node: &Node) -> Option<Vec<&str>> {
    match &node.kind {
        NodeKind::Array(items) => items.iter().map(Node::as_str).collect(),
        _ => None,
    }
}

// --------------------------------------------------------------- values --

/// Encodes a value against its own type (see [`to_cty_json_as`]).
///
/// # Errors
///
/// Unknown values, infinities and capsule values cannot be encoded; the
/// error names the path to the first one.
pub fn to_cty_json(value: &Value) -> Result<String, CtyJsonError> {
    to_cty_json_as(value, &value.ty())
}

/// Encodes a value against type `ty`, which the value's type must match
/// ([`Type::matches`]): where `ty` says `dynamic` the value is wrapped as
/// `{"value":…,"type":…}` with its real type.
///
/// Unlike go-cty, a value of another type is not converted first: convert
/// it to `ty` before encoding.
///
/// ```
/// use hcl_core::value::{to_cty_json_as, Type, Value};
/// let v = Value::object([("a", Value::from("x"))]);
/// let t = Type::object([("a", Type::Dynamic)]);
/// assert_eq!(to_cty_json_as(&v, &t).unwrap(), r#"{"a":{"value":"x","type":"string"}}"#);
/// ```
///
/// # Errors
///
/// As [`to_cty_json`], and when the value does not match `ty`.
pub fn to_cty_json_as(value: &Value, ty: &Type) -> Result<String, CtyJsonError> {
    let mut out = String::new();
    let mut path = Path::default();
    encode(value, ty, &mut path, &mut out)?;
    Ok(out)
}

fn mismatch(path: &Path, value: &Value, ty: &Type) -> CtyJsonError {
    CtyJsonError::new(
        path,
        format!("value of type {} does not conform to {}", value.ty(), ty),
    )
}

fn encode<'v>(
    value: &'v Value,
    ty: &Type,
    path: &mut Path<'v>,
    out: &mut String,
) -> Result<(), CtyJsonError> {
    if !value.is_known() {
        return Err(CtyJsonError::new(path, "value is not known"));
    }
    if ty.is_dynamic() && !value.ty().is_dynamic() {
        // The real type goes along, so that a decoder can recover it.
        let real = value.ty();
        out.push_str("{\"value\":");
        encode(value, &real, path, out)?;
        out.push_str(",\"type\":");
        write_type(out, &real).map_err(|e| CtyJsonError::new(path, e.message))?;
        out.push('}');
        return Ok(());
    }
    if let Value::Null(t) = value {
        if !t.is_dynamic() && !t.matches(ty) {
            return Err(mismatch(path, value, ty));
        }
        out.push_str("null");
        return Ok(());
    }
    match (value, ty) {
        (Value::Bool(b), Type::Bool) => out.push_str(if *b { "true" } else { "false" }),
        (Value::Number(n), Type::Number) => {
            if n.is_infinite() {
                return Err(CtyJsonError::new(path, "cannot serialize infinity as JSON"));
            }
            write!(out, "{n}").map_err(|_| CtyJsonError::new(path, "formatting failed"))?;
        }
        (Value::String(s), Type::String) => push_json_string(out, s),
        (Value::List(_) | Value::Set(_), Type::List(elem) | Type::Set(elem))
            if matches!(value, Value::List(_)) == ty.is_list() =>
        {
            let items = value.as_elements().unwrap_or_default();
            encode_seq(items, |_| elem, path, out)?;
        }
        (Value::Tuple(t), Type::Tuple(elems)) if t.len() == elems.len() => {
            encode_seq(t.as_slice(), |i| &elems[i], path, out)?;
        }
        (Value::Map(m), Type::Map(elem)) => {
            out.push('{');
            for (i, (k, v)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_json_string(out, k);
                out.push(':');
                path.0.push(Step::Key(k));
                encode(v, elem, path, out)?;
                path.0.pop();
            }
            out.push('}');
        }
        (Value::Object(o), Type::Object(ot)) if o.len() == ot.attributes().len() => {
            out.push('{');
            for (i, (name, aty)) in ot.attributes().iter().enumerate() {
                let Some((name, v)) = o.entries().get_key_value(name.as_str()) else {
                    return Err(mismatch(path, value, ty));
                };
                if i > 0 {
                    out.push(',');
                }
                push_json_string(out, name);
                out.push(':');
                path.0.push(Step::Attr(name));
                encode(v, aty, path, out)?;
                path.0.pop();
            }
            out.push('}');
        }
        (Value::Capsule(_), Type::Capsule(_)) => {
            return Err(CtyJsonError::new(
                path,
                format!("cannot serialize {} as JSON", ty.friendly_name()),
            ))
        }
        _ => return Err(mismatch(path, value, ty)),
    }
    Ok(())
}

fn encode_seq<'v, 't>(
    items: &'v [Value],
    elem_type: impl Fn(usize) -> &'t Type,
    path: &mut Path<'v>,
    out: &mut String,
) -> Result<(), CtyJsonError> {
    out.push('[');
    for (i, v) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        path.0.push(Step::Index(i));
        encode(v, elem_type(i), path, out)?;
        path.0.pop();
    }
    out.push(']');
    Ok(())
}

/// Writes `s` as a JSON string, escaped as Go's `encoding/json` escapes it
/// (`<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes too, U+0008 and U+000C
/// as `\b` and `\f` as Go 1.22+ does), so that our output is byte-for-byte
/// go-cty's: the one rule for the JSON form of values and `jsonencode`.
pub(crate) fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    let mut run = 0;
    for (i, c) in s.char_indices() {
        let esc: Option<&str> = match c {
            '"' => Some("\\\""),
            '\\' => Some("\\\\"),
            '\n' => Some("\\n"),
            '\r' => Some("\\r"),
            '\t' => Some("\\t"),
            '\u{8}' => Some("\\b"),
            '\u{c}' => Some("\\f"),
            c if c < ' ' || matches!(c, '<' | '>' | '&' | '\u{2028}' | '\u{2029}') => None,
            _ => continue,
        };
        out.push_str(s.get(run..i).unwrap_or_default());
        match esc {
            Some(e) => out.push_str(e),
            None => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
        }
        run = i + c.len_utf8();
    }
    out.push_str(s.get(run..).unwrap_or_default());
    out.push('"');
}

/// The length of `s` as [`push_json_string`] writes it: the quotes, and
/// what each escape adds (counted by byte, which the compiler vectorises;
/// U+2028 and U+2029 take three bytes and are written in six). Lets
/// `jsonencode` charge a long string before building it.
pub(crate) fn json_string_len(s: &str) -> usize {
    let escaped: usize = s
        .bytes()
        .map(|b| match b {
            b'"' | b'\\' | b'\n' | b'\r' | b'\t' | 0x08 | 0x0c => 1,
            b'<' | b'>' | b'&' | 0x00..=0x1f => 5,
            _ => 0,
        })
        .sum();
    let separators = match crate::byte_search::find(0xe2, s.as_bytes()) {
        None => 0,
        Some(_) => s.matches(['\u{2028}', '\u{2029}']).count(),
    };
    s.len() + escaped + 3 * separators + 2
}

fn quoted(s: &str) -> String {
    let mut out = String::new();
    push_json_string(&mut out, s);
    out
}

/// Decodes a value of type `ty` from go-cty's JSON form.
///
/// Numbers are read from their exact source text with
/// [`Number::parse_json`] (sign and exponent allowed, as in JSON); numeric
/// strings with [`Number::parse_decimal`], the parser of string-to-number
/// conversion.
/// As in go-cty, a string decodes into a number or bool type when its text
/// converts (`"12"`, `"true"`), a number or bool into a string type, a
/// missing object attribute becomes null, and an extra one is an error.
///
/// ```
/// use hcl_core::value::{from_cty_json, Type, Value};
/// let v = from_cty_json(r#"{"value":[1,"a"],"type":["tuple",["number","string"]]}"#, &Type::Dynamic).unwrap();
/// assert_eq!(v, Value::tuple([Value::from(1), Value::from("a")]));
/// ```
///
/// # Errors
///
/// Invalid JSON (with its line and column), and JSON that does not
/// describe a value of `ty` (with the path to the offending part).
pub fn from_cty_json(text: &str, ty: &Type) -> Result<Value, CtyJsonError> {
    let node = parse_json(text)?;
    let mut path = Path::default();
    decode(&node, ty, &mut path)
}

fn parse_json(text: &str) -> Result<Node, CtyJsonError> {
    let file = SourceFile::new("<cty-json>", text);
    let (node, diags) = parse(&file, &crate::Limits::DEFAULT);
    match diags.iter().find(|d| d.is_error()) {
        None => Ok(node),
        Some(d) => {
            let at = d
                .subject
                .as_ref()
                .map(|r| format!(" at line {}, column {}", r.start.line, r.start.column))
                .unwrap_or_default();
            Err(CtyJsonError::bare(format!(
                "invalid JSON{at}: {}; {}",
                d.summary, d.detail
            )))
        }
    }
}

fn decode<'n>(node: &'n Node, ty: &Type, path: &mut Path<'n>) -> Result<Value, CtyJsonError> {
    if node.kind == NodeKind::Null {
        return Ok(Value::Null(ty.clone()));
    }
    let err = |path: &Path, msg: &str| Err(CtyJsonError::new(path, msg));
    match ty {
        Type::Dynamic => decode_dynamic(node, path),
        Type::Bool => match &node.kind {
            NodeKind::Bool(b) => Ok(Value::Bool(*b)),
            NodeKind::String(s) => match &**s {
                "true" => Ok(Value::Bool(true)),
                "false" => Ok(Value::Bool(false)),
                _ => err(path, "a bool is required"),
            },
            _ => err(path, "bool is required"),
        },
        Type::Number => match &node.kind {
            NodeKind::Number(s) => Number::parse_json(s)
                .map(Value::Number)
                .map_err(|e| CtyJsonError::new(path, e.to_string())),
            NodeKind::String(s) => Number::parse_decimal(s)
                .map(Value::Number)
                .map_err(|e| CtyJsonError::new(path, e.to_string())),
            _ => err(path, "number is required"),
        },
        Type::String => match &node.kind {
            NodeKind::String(s) | NodeKind::Number(s) => Ok(Value::string(s)),
            NodeKind::Bool(b) => Ok(Value::string(if *b { "true" } else { "false" })),
            _ => err(path, "string is required"),
        },
        Type::List(elem) | Type::Set(elem) => {
            let NodeKind::Array(items) = &node.kind else {
                return err(path, "missing expected [");
            };
            let mut values = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                path.0.push(Step::Index(i));
                values.push(decode(item, elem, path)?);
                path.0.pop();
            }
            let elem = element_type(&values, elem, ty, path)?;
            let built = if ty.is_list() {
                List::new(elem, values).map(Value::List)
            } else {
                Set::new(elem, values).map(Value::Set)
            };
            built.map_err(|e| CtyJsonError::new(path, e.to_string()))
        }
        Type::Map(elem) => {
            let NodeKind::Object(props) = &node.kind else {
                return err(path, "missing expected {");
            };
            // A repeated key: the later entry wins, as when go-cty decodes
            // into a Go map.
            let mut entries: BTreeMap<&str, Value> = BTreeMap::new();
            for p in props {
                path.0.push(Step::Key(&p.key));
                entries.insert(&p.key, decode(&p.value, elem, path)?);
                path.0.pop();
            }
            let values: Vec<Value> = entries.values().cloned().collect();
            let elem = element_type(&values, elem, ty, path)?;
            Map::new(elem, entries)
                .map(Value::Map)
                .map_err(|e| CtyJsonError::new(path, e.to_string()))
        }
        Type::Tuple(elems) => {
            let NodeKind::Array(items) = &node.kind else {
                return err(path, "missing expected [");
            };
            if items.len() > elems.len() {
                return Err(CtyJsonError::new(
                    path,
                    format!("too many tuple elements (need {})", elems.len()),
                ));
            }
            if items.len() < elems.len() {
                return Err(CtyJsonError::new(
                    path,
                    format!("not enough tuple elements (need {})", elems.len()),
                ));
            }
            let mut values = Vec::with_capacity(items.len());
            for (i, (item, t)) in items.iter().zip(elems.iter()).enumerate() {
                path.0.push(Step::Index(i));
                values.push(decode(item, t, path)?);
                path.0.pop();
            }
            Ok(Value::tuple(values))
        }
        Type::Object(ot) => {
            let NodeKind::Object(props) = &node.kind else {
                return err(path, "missing expected {");
            };
            // A repeated name: the later value wins, as in go-cty.
            let mut attrs: BTreeMap<&str, Value> = BTreeMap::new();
            for p in props {
                let Some(aty) = ot.attributes().get(&*p.key) else {
                    return Err(CtyJsonError::new(
                        path,
                        format!("unsupported attribute {}", quoted(&p.key)),
                    ));
                };
                path.0.push(Step::Attr(&p.key));
                let v = decode(&p.value, aty, path)?;
                path.0.pop();
                attrs.insert(&p.key, v);
            }
            for (name, aty) in ot.attributes() {
                attrs
                    .entry(name)
                    .or_insert_with(|| Value::Null(aty.clone()));
            }
            Ok(Value::object(attrs))
        }
        Type::Capsule(_) => Err(CtyJsonError::new(
            path,
            format!("cannot decode {} from JSON", ty.friendly_name()),
        )),
    }
}

/// The element type of a decoded collection: the type its elements have
/// (which may be more specific than a `dynamic` or optional-attribute
/// element type asked for), or the type asked for when it is empty.
fn element_type(
    values: &[Value],
    asked: &Type,
    collection: &Type,
    path: &Path,
) -> Result<Type, CtyJsonError> {
    let Some(first) = values.first() else {
        return Ok(asked.clone());
    };
    let t = first.ty();
    if values.iter().skip(1).all(|v| v.ty() == t) {
        Ok(t)
    } else {
        let kind = match collection {
            Type::List(_) => "list",
            Type::Set(_) => "set",
            _ => "map",
        };
        Err(CtyJsonError::new(
            path,
            format!("inconsistent {kind} element types"),
        ))
    }
}

fn decode_dynamic<'n>(node: &'n Node, path: &mut Path<'n>) -> Result<Value, CtyJsonError> {
    let NodeKind::Object(props) = &node.kind else {
        return Err(CtyJsonError::new(path, "missing expected {"));
    };
    let mut ty = None;
    let mut value = None;
    for p in props {
        match &*p.key {
            "type" => {
                let t = type_from_node(&p.value).map_err(|e| {
                    CtyJsonError::new(
                        path,
                        format!("failed to decode type for dynamic value: {}", e.message),
                    )
                })?;
                ty = Some(t);
            }
            "value" => value = Some(&p.value),
            key => {
                return Err(CtyJsonError::new(
                    path,
                    format!("invalid key {} in dynamically-typed value", quoted(key)),
                ))
            }
        }
    }
    let Some(ty) = ty else {
        return Err(CtyJsonError::new(
            path,
            "missing type in dynamically-typed value",
        ));
    };
    let Some(value) = value else {
        return Err(CtyJsonError::new(
            path,
            "missing value in dynamically-typed value",
        ));
    };
    decode(value, &ty, path)
}

#[cfg(test)]
mod test;
