//! Values as JSON text, in go-cty's JSON forms, as hcldec prints them.

use hcl_core::value::{to_cty_json, to_cty_json_as, Type};
use hcl_core::Value;

use crate::json::Json;

/// How a value is printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ValueFormat {
    /// Wrap as `{"value":…,"type":…}` with the value's type (`--with-type`).
    pub with_type: bool,
    /// Keep object properties whose value is null (`--keep-nulls`);
    /// otherwise they are dropped, and object keys come out sorted.
    pub keep_nulls: bool,
}

/// `value` as one line of JSON (without the newline).
///
/// ```
/// use hcl_cli::output::{value_json, ValueFormat};
/// use hcl_core::{Type, Value};
/// let v = Value::object([("a", Value::from(1)), ("b", Value::null(Type::String))]);
/// assert_eq!(value_json(&v, ValueFormat::default()).unwrap(), r#"{"a":1}"#);
/// let typed = ValueFormat { with_type: true, keep_nulls: true };
/// assert_eq!(
///     value_json(&Value::from("x"), typed).unwrap(),
///     r#"{"value":"x","type":"string"}"#
/// );
/// ```
///
/// # Errors
///
/// Unknown values and infinities have no JSON form.
pub fn value_json(value: &Value, format: ValueFormat) -> Result<String, String> {
    let text = if format.with_type {
        to_cty_json_as(value, &Type::Dynamic)
    } else {
        to_cty_json(value)
    }
    .map_err(|e| e.to_string())?;
    if format.keep_nulls {
        return Ok(text);
    }
    match Json::parse_value_form(&text) {
        Some(json) => Ok(json.strip_null_properties().to_compact()),
        None => Ok(text),
    }
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn with_type_without_keep_nulls_sorts_the_wrapper_as_go_does() {
        let v = Value::object([("x", Value::null(Type::Number))]);
        let f = ValueFormat {
            with_type: true,
            keep_nulls: false,
        };
        assert_eq!(
            value_json(&v, f).unwrap(),
            r#"{"type":["object",{"x":"number"}],"value":{}}"#
        );
    }

    /// However deep the value (its depth is the evaluation's to bound),
    /// its typed form comes out type first and without null properties.
    #[test]
    fn deep_values_print_as_shallow_ones() {
        let mut v = Value::object([("x", Value::null(Type::Number)), ("y", Value::from(1))]);
        for _ in 0..300 {
            v = Value::object([("a", v)]);
        }
        let f = ValueFormat {
            with_type: true,
            keep_nulls: false,
        };
        let out = value_json(&v, f).unwrap();
        assert!(out.starts_with(r#"{"type":"#), "{}", &out[..40]);
        assert!(out.contains(r#"{"y":1}"#) && !out.contains("null"));
    }

    #[test]
    fn unknown_values_cannot_be_printed() {
        assert!(value_json(&Value::unknown(Type::String), ValueFormat::default()).is_err());
    }
}
