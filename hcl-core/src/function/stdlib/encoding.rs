//! Standard functions: encodings (go-cty's `stdlib/json.go` and
//! `stdlib/csv.go`).
//!
//! `jsonencode` writes go-cty's JSON form of a value: object attributes and
//! map keys sorted, lists, sets and tuples as arrays, numbers with every
//! digit and no exponent, and strings escaped as Go's `encoding/json` does
//! (including `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes).
//! `jsondecode` reads strict JSON (RFC 8259) into the value of its implied
//! type; `csvdecode` reads RFC 4180 CSV as Go's `encoding/csv` does.
//!
//! Every encoder charges the text it writes to the evaluation's budget
//! before writing it; the decoders charge the values they build.

mod base64;
mod csv;
mod json;

use super::collection::support::MAX_WALK_DEPTH;
use crate::function::{CallContext, Function, FunctionError, Functions, Param};
use crate::limits::Limits;
use crate::value::{json_string_len, push_json_string, Type, Value};

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
        .implementation(|args, cx| {
            let s = super::string::str_arg(args, 0)?;
            cx.charge_bytes(s.len().div_ceil(3).saturating_mul(4))?;
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
        .implementation(|args, cx| {
            let Some(s) = args.first().and_then(Value::as_str) else {
                return Ok(Value::unknown(Type::String));
            };
            cx.charge_bytes(s.len() / 4 * 3)?;
            let bytes = base64::decode(s).ok_or_else(|| {
                FunctionError::call(format!(
                    "failed to decode base64 data {}",
                    crate::diag::excerpt(s)
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
        .implementation(|args, cx| {
            let s = super::string::str_arg(args, 0)?;
            let escaped = s
                .bytes()
                .filter(|b| !b.is_ascii_alphanumeric() && !b"-_.~ ".contains(b));
            cx.charge_bytes(s.len().saturating_add(2 * escaped.count()))?;
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
        .implementation(|args, cx| {
            let v = args.first().cloned().unwrap_or(Value::dynamic());
            if !v.is_wholly_known() {
                return Ok(Value::unknown(Type::String));
            }
            json_text(&v, cx).map(Value::string)
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
            // The type of the document read within the default limits; the
            // value below is read within the evaluation's.
            Some(Value::String(s)) => json::parse(s, &Limits::DEFAULT)
                .map(|v| v.ty())
                .map_err(FunctionError::call),
            // The text decides the type.
            _ => Ok(Type::Dynamic),
        })
        .implementation(|args, cx| {
            let s = super::string::str_arg(args, 0)?;
            // The value is no larger than the text: its strings are no
            // longer, each element takes an opening bracket or a comma, and
            // each object a brace.
            let elements = s.bytes().filter(|b| matches!(b, b'[' | b',')).count();
            let objects = crate::byte_search::count(b'{', s.as_bytes());
            cx.charge_elements(elements.saturating_add(1))?;
            cx.charge_elements(objects.saturating_mul(1 + crate::limits::MAP_NODE))?;
            cx.charge_bytes(s.len())?;
            json::parse(s, cx.limits()).map_err(FunctionError::call)
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
        .implementation(|args, cx| {
            let s = super::string::str_arg(args, 0)?;
            csv::decode(s, cx)
        })
}

/// go-cty's JSON encoding of a wholly known value (`cty/json.Marshal` with
/// the value's own type), or why it has none; every piece of text is
/// charged to the evaluation's budget before it is written.
pub(super) fn json_text(v: &Value, cx: &mut CallContext<'_>) -> Result<String, FunctionError> {
    let mut out = String::new();
    write_json(&mut out, v, 0, cx)?;
    Ok(out)
}

fn write_json(
    out: &mut String,
    v: &Value,
    depth: usize,
    cx: &mut CallContext<'_>,
) -> Result<(), FunctionError> {
    if depth > MAX_WALK_DEPTH {
        return Err(FunctionError::call(
            "value is nested too deeply to serialize as JSON",
        ));
    }
    match v {
        Value::Null(_) => push_charged(out, "null", cx)?,
        Value::Unknown(_) => return Err(FunctionError::call("value is not known")),
        Value::Bool(b) => push_charged(out, if *b { "true" } else { "false" }, cx)?,
        Value::Number(n) if n.is_infinite() => {
            return Err(FunctionError::call("cannot serialize infinity as JSON"))
        }
        // The shortest decimal without exponent (at most about 300 000
        // digits, by the bounds of `Number`).
        Value::Number(n) => push_charged(out, &n.to_string(), cx)?,
        Value::String(s) => push_json_string_charged(out, s, cx)?,
        Value::List(_) | Value::Set(_) | Value::Tuple(_) => {
            let elements = v.as_elements().unwrap_or_default();
            // The brackets and commas.
            cx.charge_bytes(elements.len().saturating_add(2))?;
            out.push('[');
            for (i, e) in elements.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(out, e, depth + 1, cx)?;
            }
            out.push(']');
        }
        Value::Map(_) | Value::Object(_) => {
            let entries = v.as_entries().map_or(0, |e| e.len());
            // The braces, colons and commas.
            cx.charge_bytes(entries.saturating_mul(2).saturating_add(2))?;
            out.push('{');
            for (i, (k, e)) in v.as_entries().into_iter().flatten().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_json_string_charged(out, k, cx)?;
                out.push(':');
                write_json(out, e, depth + 1, cx)?;
            }
            out.push('}');
        }
        Value::Capsule(c) => {
            return Err(FunctionError::call(format!(
                "values of capsule type {} cannot be serialized as JSON",
                c.capsule_type().name()
            )))
        }
    }
    Ok(())
}

/// Pushes `text` after charging it.
fn push_charged(
    out: &mut String,
    text: &str,
    cx: &mut CallContext<'_>,
) -> Result<(), FunctionError> {
    cx.charge_bytes(text.len())?;
    out.push_str(text);
    Ok(())
}

/// Strings up to this many bytes are written first and charged after:
/// at most six times this much is built past the budget, and counting
/// the escapes of a short string costs more than writing it (a tenth of
/// the instructions of a `jsonencode` of small objects).
const CHARGE_AFTER_WRITING: usize = 256;

/// Pushes `s` as a JSON string and charges its escaped length (up to six
/// bytes per character of the input): a long string is charged before it
/// is written, so that nothing large is built past the budget.
fn push_json_string_charged(
    out: &mut String,
    s: &str,
    cx: &mut CallContext<'_>,
) -> Result<(), FunctionError> {
    if s.len() <= CHARGE_AFTER_WRITING {
        let before = out.len();
        push_json_string(out, s);
        cx.charge_bytes(out.len() - before)?;
    } else {
        cx.charge_bytes(json_string_len(s))?;
        push_json_string(out, s);
    }
    Ok(())
}

/// A string as Go's `encoding/json` writes it.
pub(super) fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_json_string(&mut out, s);
    out
}

#[cfg(test)]
mod test;
