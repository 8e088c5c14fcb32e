//! The string, format, regex, encoding and date-time families through the
//! public API: the function table, the call procedure and its errors, and
//! functions composed the way configurations compose them.

#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may unwrap

mod go_reference;

use hcl_core::function::{stdlib, CallError, Functions};
use hcl_core::value::{Type, Value};

fn table() -> Functions {
    stdlib::functions()
}

fn call(t: &Functions, name: &str, args: &[Value]) -> Result<Value, CallError> {
    t.get(name)
        .unwrap_or_else(|| panic!("{name} is missing"))
        .call(args)
}

#[test]
fn every_function_of_these_families_is_registered() {
    let t = table();
    for name in NAMES {
        assert!(t.get(name).is_some(), "{name}");
    }
}

const NAMES: &[&str] = &[
    "upper",
    "lower",
    "title",
    "trim",
    "trimprefix",
    "trimsuffix",
    "trimspace",
    "chomp",
    "indent",
    "join",
    "split",
    "replace",
    "substr",
    "strrev",
    "strlen",
    "startswith",
    "endswith",
    "strcontains",
    "format",
    "formatlist",
    "regex",
    "regexall",
    "regex_replace",
    "jsonencode",
    "jsondecode",
    "csvdecode",
    "base64encode",
    "base64decode",
    "urlencode",
    "formatdate",
    "timeadd",
    "timecmp",
];

#[test]
fn null_arguments_are_refused_unless_the_parameter_allows_them() {
    let t = table();
    for name in NAMES {
        let f = t.get(name).unwrap();
        let mut args: Vec<Value> = f
            .params()
            .iter()
            .map(|p| Value::null(p.ty.clone()))
            .collect();
        if args.is_empty() {
            args.push(Value::null(f.variadic_param().unwrap().ty.clone()));
        }
        let first = f.param_for(0).unwrap();
        match f.call(&args) {
            Err(CallError::Argument { index, message, .. }) if !first.allow_null => {
                assert_eq!(
                    (index, message.as_str()),
                    (0, "argument must not be null"),
                    "{name}"
                );
            }
            other => {
                assert!(first.allow_null, "{name}: {other:?}");
                assert_eq!(*name, "jsonencode");
                assert_eq!(other.unwrap(), Value::from("null"));
            }
        }
    }
}

#[test]
fn unknown_arguments_give_unknown_results() {
    let t = table();
    for name in NAMES {
        let f = t.get(name).unwrap();
        let mut args: Vec<Value> = f
            .params()
            .iter()
            .map(|p| Value::unknown(p.ty.clone()))
            .collect();
        if let Some(v) = f.variadic_param() {
            args.push(Value::unknown(v.ty.clone()));
        }
        let got = f.call(&args).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!got.is_known(), "{name}: {got:?}");
    }
}

#[test]
fn arity_errors_come_from_the_call_procedure() {
    let t = table();
    assert_eq!(
        call(&t, "substr", &[Value::from("x"), Value::from(1)]).unwrap_err(),
        CallError::NotEnoughArguments {
            expected: 3,
            missing: "length".into()
        }
    );
    assert_eq!(
        call(&t, "upper", &[Value::from("x"), Value::from("y")]).unwrap_err(),
        CallError::TooManyArguments { expected: 1 }
    );
}

#[test]
fn json_roundtrip_through_both_functions() {
    let t = table();
    let doc = r#"{"name":"web","ports":[80,443],"tags":{"env":"prod"},"weight":0.25,"extra":null}"#;
    let v = call(&t, "jsondecode", &[Value::from(doc)]).unwrap();
    let ports = v.as_entries().unwrap().get("ports").unwrap().clone();
    assert_eq!(ports, Value::tuple([Value::from(80), Value::from(443)]));
    // Keys come back sorted; `null` stays null.
    assert_eq!(
        call(&t, "jsonencode", &[v]).unwrap(),
        Value::from(
            r#"{"extra":null,"name":"web","ports":[80,443],"tags":{"env":"prod"},"weight":0.25}"#
        )
    );
}

#[test]
fn formatlist_over_regexall_matches() {
    let t = table();
    let matches = call(
        &t,
        "regexall",
        &[
            Value::from(r"(?P<k>\w+)=(?P<v>\w+)"),
            Value::from("a=1 b=2"),
        ],
    )
    .unwrap();
    let keys: Vec<Value> = matches
        .as_elements()
        .unwrap()
        .iter()
        .map(|m| m.as_entries().unwrap().get("k").unwrap().clone())
        .collect();
    let keys = Value::list(Type::String, keys).unwrap();
    assert_eq!(
        call(&t, "formatlist", &[Value::from("[%s]"), keys.clone()]).unwrap(),
        Value::list(Type::String, [Value::from("[a]"), Value::from("[b]")]).unwrap()
    );
    assert_eq!(
        call(&t, "join", &[Value::from("+"), keys]).unwrap(),
        Value::from("a+b")
    );
}

#[test]
fn csv_rows_formatted_into_lines() {
    let t = table();
    let rows = call(
        &t,
        "csvdecode",
        &[Value::from("host,port\nweb,80\ndb,5432\n")],
    )
    .unwrap();
    let lines: Vec<Value> = rows
        .as_elements()
        .unwrap()
        .iter()
        .map(|row| {
            let e = row.as_entries().unwrap();
            call(
                &t,
                "format",
                &[Value::from("%s:%s"), e["host"].clone(), e["port"].clone()],
            )
            .unwrap()
        })
        .collect();
    assert_eq!(lines, vec![Value::from("web:80"), Value::from("db:5432")]);
}

#[test]
fn dates_compose() {
    let t = table();
    let later = call(
        &t,
        "timeadd",
        &[Value::from("2024-02-28T22:00:00Z"), Value::from("26h")],
    )
    .unwrap();
    assert_eq!(later, Value::from("2024-03-01T00:00:00Z"));
    assert_eq!(
        call(&t, "formatdate", &[Value::from("EEEE D MMMM YYYY"), later]).unwrap(),
        Value::from("Friday 1 March 2024")
    );
}

#[test]
fn unknown_inputs_propagate_as_unknown_results() {
    let t = table();
    let unknown = Value::unknown(Type::String);
    for (name, args) in [
        ("upper", vec![unknown.clone()]),
        ("format", vec![Value::from("%s"), unknown.clone()]),
        ("jsonencode", vec![unknown.clone()]),
        ("timeadd", vec![unknown.clone(), Value::from("1h")]),
        (
            "replace",
            vec![unknown.clone(), Value::from("a"), Value::from("b")],
        ),
    ] {
        let got = call(&t, name, &args).unwrap();
        assert!(!got.is_known(), "{name}");
        assert_eq!(got.ty(), Type::String, "{name}");
    }
    assert_eq!(
        call(&t, "jsondecode", &[unknown]).unwrap(),
        Value::dynamic()
    );
}

#[test]
fn errors_name_the_argument_at_fault() {
    let t = table();
    let e = call(&t, "regex", &[Value::from("("), Value::from("x")]).unwrap_err();
    assert_eq!(e.argument_index(), Some(0));
    let e = call(
        &t,
        "formatdate",
        &[Value::from("YYYY"), Value::from("yesterday")],
    )
    .unwrap_err();
    assert_eq!(e.argument_index(), Some(1));
    let e = call(
        &t,
        "format",
        &[Value::from("%d"), Value::from(1), Value::from(2)],
    )
    .unwrap_err();
    assert_eq!(e.argument_index(), Some(2));
}

mod props {
    use super::*;
    use proptest::prelude::*;

    fn string_of(v: &Value) -> String {
        v.as_str().unwrap().to_owned()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        #[test]
        fn split_then_join_gives_the_string_back(s in "\\PC{0,40}", sep in "[,;]|ab") {
            let t = table();
            let s = string_of(&Value::from(s.as_str())); // as normalised
            let parts = call(&t, "split", &[Value::from(sep.as_str()), Value::from(s.as_str())]).unwrap();
            let joined = call(&t, "join", &[Value::from(sep.as_str()), parts]).unwrap();
            prop_assert_eq!(string_of(&joined), s);
        }

        #[test]
        fn jsondecode_inverts_jsonencode_for_strings(s in "\\PC{0,40}|[\\x00-\\x1f<>&\"\\\\]{0,10}") {
            let t = table();
            let v = Value::from(s.as_str());
            let text = call(&t, "jsonencode", std::slice::from_ref(&v)).unwrap();
            prop_assert_eq!(call(&t, "jsondecode", &[text]).unwrap(), v);
        }

        #[test]
        fn format_s_is_the_identity(s in "\\PC{0,40}") {
            let t = table();
            let v = Value::from(s.as_str());
            prop_assert_eq!(call(&t, "format", &[Value::from("%s"), v.clone()]).unwrap(), v);
        }

        #[test]
        fn substr_of_whole_string_is_the_string(s in "\\PC{0,40}") {
            let t = table();
            let v = Value::from(s.as_str());
            let whole = call(&t, "substr", &[v.clone(), Value::from(0), Value::from(-1)]).unwrap();
            prop_assert_eq!(whole, v);
        }

        #[test]
        fn formatted_integers_read_back(n in any::<i64>()) {
            let t = table();
            let text = call(&t, "format", &[Value::from("%d"), Value::from(n)]).unwrap();
            prop_assert_eq!(string_of(&text), n.to_string());
            let hex = call(&t, "format", &[Value::from("%x"), Value::from(n)]).unwrap();
            let want = if n < 0 { format!("-{:x}", n.unsigned_abs()) } else { format!("{n:x}") };
            prop_assert_eq!(string_of(&hex), want);
        }

        #[test]
        fn timeadd_then_back_is_the_same_instant(secs in -5_000_000_000i64..5_000_000_000, d in -1_000_000i64..1_000_000) {
            let t = table();
            let start = call(&t, "timeadd", &[Value::from("1970-01-01T00:00:00Z"), Value::from(format!("{secs}s"))]).unwrap();
            let there = call(&t, "timeadd", &[start.clone(), Value::from(format!("{d}m"))]).unwrap();
            let back = call(&t, "timeadd", &[there, Value::from(format!("{}m", -d))]).unwrap();
            prop_assert_eq!(back, start);
        }

        #[test]
        fn no_function_panics_on_arbitrary_text(
            a in "\\PC{0,12}|[\\[\\](){}*+?|\\\\^$.%'\"0-9a-zA-Z:,TZ-]{0,12}",
            b in "\\PC{0,12}|[\\[\\](){}*+?|\\\\^$.%'\"0-9a-zA-Z:,TZ-]{0,12}",
        ) {
            let t = table();
            let (a, b) = (Value::from(a.as_str()), Value::from(b.as_str()));
            for name in NAMES {
                let f = t.get(name).unwrap();
                let args: Vec<Value> = f
                    .params()
                    .iter()
                    .enumerate()
                    .map(|(i, p)| match p.ty {
                        Type::Number => Value::from(3),
                        Type::List(_) => Value::list(Type::String, [a.clone()]).unwrap(),
                        _ if i % 2 == 0 => a.clone(),
                        _ => b.clone(),
                    })
                    .collect();
                // Errors are fine; panics are not.
                let _ = f.call(&args);
                let mut more = args.clone();
                more.push(b.clone());
                if f.variadic_param().is_some() {
                    let _ = f.call(&more);
                }
            }
        }
    }
}
