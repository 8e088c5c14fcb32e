//! The conversions into Rust scalars agree with `hcl_core::value::convert`
//! followed by the Rust type's range check, on every input and on both
//! routes a value can take: an evaluated value (the value deserializer)
//! and a literal attribute of a derived struct (the literal fast path).

#![allow(clippy::unwrap_used)]

use std::fmt::Debug;

use proptest::prelude::*;
use serde::de::DeserializeOwned;

use hcl_core::value::{convert, Type};
use hcl_core::{Number, Value};
use hcl_serde::de::ValueDeserializer;
use hcl_serde::HclDecode;

/// What `convert` + range check says a value becomes as a Rust scalar:
/// `None` for a refusal.
trait Expected: Sized {
    fn expected(v: &Value) -> Option<Self>;
}

fn converted(v: &Value, ty: &Type) -> Option<Value> {
    convert(v, ty).ok().filter(|v| v.is_known() && !v.is_null())
}

fn number(v: &Value) -> Option<Number> {
    converted(v, &Type::Number).and_then(|v| v.as_number().cloned())
}

impl Expected for bool {
    fn expected(v: &Value) -> Option<bool> {
        converted(v, &Type::Bool).and_then(|v| v.as_bool())
    }
}

impl Expected for String {
    fn expected(v: &Value) -> Option<String> {
        converted(v, &Type::String).and_then(|v| v.as_str().map(str::to_owned))
    }
}

impl Expected for char {
    fn expected(v: &Value) -> Option<char> {
        let s = String::expected(v)?;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Some(c),
            _ => None,
        }
    }
}

impl Expected for f64 {
    fn expected(v: &Value) -> Option<f64> {
        let n = number(v)?;
        let f = n.to_f64();
        (!(f.is_infinite() && n.is_finite())).then_some(f)
    }
}

impl Expected for f32 {
    fn expected(v: &Value) -> Option<f32> {
        let n = number(v)?;
        #[allow(clippy::cast_possible_truncation)]
        let f = n.to_f64() as f32;
        (!(f.is_infinite() && n.is_finite())).then_some(f)
    }
}

impl Expected for () {
    fn expected(v: &Value) -> Option<()> {
        v.is_null().then_some(())
    }
}

macro_rules! expected_int {
    ($($t:ty)*) => {$(
        impl Expected for $t {
            fn expected(v: &Value) -> Option<$t> {
                // Exact: through the integer's decimal digits.
                let n = number(v)?;
                if !n.is_integer() {
                    return None;
                }
                n.to_string().parse().ok()
            }
        }
    )*};
}
expected_int!(i8 i16 i32 i64 i128 u8 u16 u32 u64 u128);

/// A derived struct with one attribute, for the literal fast path.
#[derive(HclDecode, Debug)]
struct One<T> {
    v: T,
}

/// `value` (evaluated from `literal`, when there is one) decoded into `T`
/// on every route agrees with `convert` + range check.
fn agrees<T>(value: &Value, literal: Option<&str>) -> Result<(), TestCaseError>
where
    T: Expected + DeserializeOwned + PartialEq + Debug,
{
    let want = T::expected(value);
    let got = T::deserialize(ValueDeserializer::new(value)).ok();
    prop_assert_eq!(
        &got,
        &want,
        "value {:?} into {}",
        value,
        std::any::type_name::<T>()
    );
    if let Some(text) = literal {
        let src = format!("v = {text}\n");
        let got = hcl_serde::from_str::<One<T>>(&src).ok().map(|o| o.v);
        prop_assert_eq!(
            &got,
            &want,
            "literal {} into {}",
            text,
            std::any::type_name::<T>()
        );
    }
    Ok(())
}

fn all_targets(value: &Value, literal: Option<&str>) -> Result<(), TestCaseError> {
    agrees::<bool>(value, literal)?;
    agrees::<String>(value, literal)?;
    agrees::<char>(value, literal)?;
    agrees::<f64>(value, literal)?;
    agrees::<f32>(value, literal)?;
    agrees::<i8>(value, literal)?;
    agrees::<i16>(value, literal)?;
    agrees::<i32>(value, literal)?;
    agrees::<i64>(value, literal)?;
    agrees::<i128>(value, literal)?;
    agrees::<u8>(value, literal)?;
    agrees::<u16>(value, literal)?;
    agrees::<u32>(value, literal)?;
    agrees::<u64>(value, literal)?;
    agrees::<u128>(value, literal)?;
    // A literal is never null, so `()` is refused on both routes.
    agrees::<()>(value, literal)?;
    Ok(())
}

/// Number spellings: signs, fractions, exponents, huge and tiny, and
/// around every integer type's bounds.
fn number_text() -> impl Strategy<Value = String> {
    let digits = "[0-9]{1,3}|[1-9][0-9]{17,40}";
    prop_oneof![
        (
            digits,
            prop::option::of("[0-9]{1,4}"),
            prop::option::of("[eE][+-]?[0-9]{1,3}")
        )
            .prop_map(|(i, f, e)| format!(
                "{i}{}{}",
                f.map(|f| format!(".{f}")).unwrap_or_default(),
                e.unwrap_or_default()
            )),
        prop::sample::select(vec![
            "127",
            "128",
            "255",
            "256",
            "32767",
            "32768",
            "65535",
            "65536",
            "2147483647",
            "2147483648",
            "4294967295",
            "4294967296",
            "9223372036854775807",
            "9223372036854775808",
            "18446744073709551615",
            "18446744073709551616",
            "170141183460469231731687303715884105727",
            "170141183460469231731687303715884105728",
            "340282366920938463463374607431768211455",
            "340282366920938463463374607431768211456",
            "1e400",
            "1e39",
            "3.4028235e38",
            "3.4028236e38",
            "1.7976931348623157e308",
            "1.8e308",
            "1e-400",
            "0.5",
            "1.0",
            "0",
        ])
        .prop_map(str::to_owned),
    ]
}

/// String contents: numeric forms with spaces and signs, bool spellings,
/// single characters, and anything else.
fn string_content() -> impl Strategy<Value = String> {
    prop_oneof![
        number_text(),
        number_text().prop_map(|n| format!("-{n}")),
        number_text().prop_map(|n| format!("+{n}")),
        number_text().prop_map(|n| format!(" {n}")),
        number_text().prop_map(|n| format!("{n} ")),
        prop::sample::select(vec![
            "true", "false", "1", "0", "TRUE", "False", "yes", "", " ", "-", ".5", "5.", "1_000",
            "0x10", "é", "e\u{301}", "ab",
        ])
        .prop_map(str::to_owned),
        "[a-z0-9 .+-]{0,6}",
    ]
}

/// A native-syntax string literal for `s`.
fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '$' => out.push_str("$$"),
            '%' => out.push_str("%%"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A scalar literal: its text and its value.
fn literal() -> impl Strategy<Value = (String, Value)> {
    let text = prop_oneof![
        number_text(),
        number_text().prop_map(|n| format!("-{n}")),
        string_content().prop_map(|s| quoted(&s)),
        Just("true".to_owned()),
        Just("false".to_owned()),
    ];
    text.prop_filter_map("parses as a literal", |text| {
        let src = hcl_core::SourceFile::new("t.hcl", text.as_str());
        let (expr, diags) = hcl_core::native::parse_expression(&src, &Default::default());
        if diags.has_errors() {
            return None;
        }
        let (value, diags) = expr.value(None);
        (!diags.has_errors()).then_some((text, value))
    })
}

/// Values no literal writes: nulls, unknowns, collections, structures.
fn other_value() -> impl Strategy<Value = Value> {
    let ty = prop::sample::select(vec![
        Type::Bool,
        Type::Number,
        Type::String,
        Type::Dynamic,
        Type::list(Type::String),
    ]);
    prop_oneof![
        ty.clone().prop_map(Value::null),
        ty.prop_map(Value::unknown),
        literal().prop_map(|(_, v)| Value::tuple([v])),
        literal().prop_map(|(_, v)| Value::object([("a", v)])),
        Just(
            Value::list(Type::String, [Value::from("1")]).unwrap_or_else(|_| Value::empty_tuple())
        ),
        Just(Value::empty_tuple()),
        Just(Value::empty_object()),
    ]
}

proptest! {
    #[test]
    fn conversion_literals_decode_as_convert_and_range_check_say((text, value) in literal()) {
        all_targets(&value, Some(&text))?;
    }

    #[test]
    fn conversion_other_values_decode_as_convert_and_range_check_say(value in other_value()) {
        all_targets(&value, None)?;
    }
}

/// The cases the issue names, spelled out.
#[test]
fn conversion_named_cases() {
    #[derive(HclDecode, Debug)]
    struct Flags {
        on: bool,
    }
    assert!(hcl_serde::from_str::<Flags>("on = \"1\"\n").unwrap().on);
    assert!(!hcl_serde::from_str::<Flags>("on = \"0\"\n").unwrap().on);
    let err = hcl_serde::from_str::<One<u16>>("v = \" 80\"\n").unwrap_err();
    assert_eq!(
        err.entries()[0].diagnostic.detail,
        "Unsuitable value: a number is required, but \" 80\" is not a number"
    );
    let err = hcl_serde::from_str::<One<f64>>("v = 1e400\n").unwrap_err();
    assert_eq!(
        err.entries()[0].diagnostic.detail,
        "Unsuitable value: the number is out of range for f64 (from -1.7976931348623157e308 to 1.7976931348623157e308)"
    );
    let err = hcl_serde::from_str::<One<f32>>("v = 1e39\n").unwrap_err();
    assert!(err.entries()[0].diagnostic.detail.contains(
        "is out of range for f32 (from -3.4028234663852886e38 to 3.4028234663852886e38)"
    ));
}
