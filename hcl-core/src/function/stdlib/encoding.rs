//! Standard functions: encodings (go-cty's `stdlib/json.go` and
//! `stdlib/csv.go`).
//!
//! `jsonencode` writes go-cty's JSON form of a value: object attributes and
//! map keys sorted, lists, sets and tuples as arrays, numbers with every
//! digit and no exponent, and strings escaped as Go's `encoding/json` does
//! (including `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes).
//! `jsondecode` reads strict JSON (RFC 8259) into the value of its implied
//! type; `csvdecode` reads RFC 4180 CSV as Go's `encoding/csv` does.

mod base64;
mod csv;
mod json;

use super::string::check_size;
use crate::function::{Function, FunctionError, Functions, Param};
use crate::value::{Type, Value};

pub(super) fn register(table: &mut Functions) {
    table.insert("jsonencode", jsonencode());
    table.insert("jsondecode", jsondecode());
    table.insert("csvdecode", csvdecode());
    table.insert("base64encode", base64encode());
    table.insert("base64decode", base64decode());
    table.insert("urlencode", urlencode());
}

/// `base64encode(str)`: the UTF-8 bytes of `str` in standard base64 (from
/// Terraform).
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let f = stdlib::functions().get("base64encode").unwrap().clone();
/// assert_eq!(f.call(&["Hello World".into()]).unwrap(), Value::from("SGVsbG8gV29ybGQ="));
/// ```
fn base64encode() -> Function {
    Function::builder()
        .param(Param::new("str", Type::String))
        .returns(Type::String)
        .implementation(|args, _| {
            let s = super::string::str_arg(args, 0)?;
            check_size(s.len().div_ceil(3).saturating_mul(4))?;
            Ok(Value::string(base64::encode(s.as_bytes())))
        })
}

/// `base64decode(str)`: the text whose UTF-8 bytes `str` encodes in
/// standard base64 (from Terraform); an error if `str` is not base64 or the
/// bytes are not UTF-8.
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let f = stdlib::functions().get("base64decode").unwrap().clone();
/// assert_eq!(f.call(&["SGVsbG8gV29ybGQ=".into()]).unwrap(), Value::from("Hello World"));
/// ```
fn base64decode() -> Function {
    Function::builder()
        .param(Param::new("str", Type::String).allow_unknown())
        .returns(Type::String)
        .implementation(|args, _| {
            let Some(s) = args.first().and_then(Value::as_str) else {
                return Ok(Value::unknown(Type::String));
            };
            let bytes = base64::decode(s).ok_or_else(|| {
                FunctionError::call(format!(
                    "failed to decode base64 data {}",
                    super::format::quote(s)
                ))
            })?;
            String::from_utf8(bytes).map(Value::string).map_err(|_| {
                FunctionError::call("the result of decoding the provided string is not valid UTF-8")
            })
        })
}

/// `urlencode(str)`: `str` escaped for a URL query component, as Go's
/// `url.QueryEscape` (from Terraform): letters, digits and `-_.~` stay,
/// spaces become `+`, every other byte of the UTF-8 text becomes `%XX`.
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let f = stdlib::functions().get("urlencode").unwrap().clone();
/// assert_eq!(f.call(&["a b&c=é".into()]).unwrap(), Value::from("a+b%26c%3D%C3%A9"));
/// ```
fn urlencode() -> Function {
    Function::builder()
        .param(Param::new("str", Type::String))
        .returns(Type::String)
        .implementation(|args, _| {
            let s = super::string::str_arg(args, 0)?;
            check_size(s.len().saturating_mul(3))?;
            let mut out = String::with_capacity(s.len());
            for b in s.bytes() {
                match b {
                    b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                        out.push(char::from(b));
                    }
                    b' ' => out.push('+'),
                    b => out.push_str(&format!("%{b:02X}")),
                }
            }
            Ok(Value::string(out))
        })
}

/// `jsonencode(val)`: the JSON text of any value; `"null"` for null. A value
/// that is or contains an unknown gives an unknown string.
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let jsonencode = stdlib::functions().get("jsonencode").unwrap().clone();
/// let v = Value::object([("b", Value::from(1.5)), ("a", Value::tuple([true.into(), "<x>".into()]))]);
/// assert_eq!(
///     jsonencode.call(&[v]).unwrap(),
///     Value::from(r#"{"a":[true,"\u003cx\u003e"],"b":1.5}"#)
/// );
/// ```
fn jsonencode() -> Function {
    Function::builder()
        .describe("Returns a string containing a JSON representation of the given value.")
        .param(
            Param::new("val", Type::Dynamic)
                .allow_unknown()
                .allow_dynamic()
                .allow_null(),
        )
        .returns(Type::String)
        .implementation(|args, _| {
            let v = args.first().cloned().unwrap_or(Value::dynamic());
            if !v.is_wholly_known() {
                return Ok(Value::unknown(Type::String));
            }
            json_text(&v)
                .map(Value::string)
                .map_err(FunctionError::call)
        })
}

/// `jsondecode(str)`: the value a JSON document describes, of its implied
/// type: objects become objects, arrays tuples, numbers numbers, and `null`
/// a null of the dynamic pseudo-type.
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let jsondecode = stdlib::functions().get("jsondecode").unwrap().clone();
/// assert_eq!(
///     jsondecode.call(&[r#"{"a": [1, "x", null]}"#.into()]).unwrap(),
///     Value::object([("a", Value::tuple([1.into(), "x".into(), Value::null(hcl_core::value::Type::Dynamic)]))])
/// );
/// ```
fn jsondecode() -> Function {
    Function::builder()
        .describe("Parses the given string as JSON and returns a value corresponding to what the JSON document describes.")
        .param(Param::new("str", Type::String))
        .returns_with(|args| match args.first() {
            Some(Value::String(s)) => json::parse(s).map(|v| v.ty()).map_err(FunctionError::call),
            // The text decides the type.
            _ => Ok(Type::Dynamic),
        })
        .implementation(|args, _| {
            let s = super::string::str_arg(args, 0)?;
            json::parse(s).map_err(FunctionError::call)
        })
}

/// `csvdecode(str)`: the rows of an RFC 4180 CSV document as a list of
/// objects, whose attributes are named by the first (header) row and whose
/// values are the rows' fields, as strings.
///
/// ```
/// # use hcl_core::{function::stdlib, Value, value::Type};
/// let csvdecode = stdlib::functions().get("csvdecode").unwrap().clone();
/// let row = Value::object([("a", Value::from("1")), ("b", Value::from("x, y"))]);
/// assert_eq!(
///     csvdecode.call(&["a,b\n1,\"x, y\"\n".into()]).unwrap(),
///     Value::list(row.ty(), [row]).unwrap()
/// );
/// ```
fn csvdecode() -> Function {
    Function::builder()
        .describe("Parses the given string as Comma Separated Values (as defined by RFC 4180) and returns a map of objects representing the table of data, using the first row as a header row to define the object attributes.")
        .param(Param::new("str", Type::String))
        .returns_with(|args| match args.first() {
            Some(Value::String(s)) => csv::header_type(s).map_err(FunctionError::call),
            _ => Ok(Type::Dynamic),
        })
        .implementation(|args, ty| {
            let s = super::string::str_arg(args, 0)?;
            csv::decode(s, ty).map_err(FunctionError::call)
        })
}

/// How deep [`json_text`] goes into nested values before giving up.
const MAX_ENCODE_DEPTH: usize = 1000;

/// go-cty's JSON encoding of a wholly known value (`cty/json.Marshal` with
/// the value's own type), or why it has none.
pub(super) fn json_text(v: &Value) -> Result<String, String> {
    let mut out = String::new();
    write_json(&mut out, v, 0)?;
    check_size(out.len()).map_err(|_| "the result would be larger than the 64 MiB limit")?;
    Ok(out)
}

fn write_json(out: &mut String, v: &Value, depth: usize) -> Result<(), String> {
    if depth > MAX_ENCODE_DEPTH {
        return Err("value is nested too deeply to serialize as JSON".into());
    }
    check_size(out.len()).map_err(|_| "the result would be larger than the 64 MiB limit")?;
    match v {
        Value::Null(_) => out.push_str("null"),
        Value::Unknown(_) => return Err("value is not known".into()),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) if n.is_infinite() => {
            return Err("cannot serialize infinity as JSON".into())
        }
        // The shortest decimal without exponent (at most about 300 000
        // digits, by the bounds of `Number`).
        Value::Number(n) => out.push_str(&n.to_string()),
        Value::String(s) => push_json_string(out, s),
        Value::List(_) | Value::Set(_) | Value::Tuple(_) => {
            out.push('[');
            for (i, e) in v.as_elements().unwrap_or_default().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(out, e, depth + 1)?;
            }
            out.push(']');
        }
        Value::Map(_) | Value::Object(_) => {
            out.push('{');
            for (i, (k, e)) in v.as_entries().into_iter().flatten().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_json_string(out, k);
                out.push(':');
                write_json(out, e, depth + 1)?;
            }
            out.push('}');
        }
        Value::Capsule(c) => {
            return Err(format!(
                "values of capsule type {} cannot be serialized as JSON",
                c.capsule_type().name()
            ))
        }
    }
    Ok(())
}

/// A string as Go's `encoding/json` writes it.
pub(super) fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_json_string(&mut out, s);
    out
}

fn push_json_string(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            // Go escapes these so that JSON can sit inside HTML and
            // JavaScript source.
            '<' | '>' | '&' | '\x00'..='\x1f' => {
                let b = u8::try_from(c).unwrap_or(0);
                out.push_str("\\u00");
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 0xf)]));
            }
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod test;
