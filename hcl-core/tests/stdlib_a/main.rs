//! The string, format, regex, encoding and date-time families through the
//! public API: the function table, the call procedure and its errors, and
//! functions composed the way configurations compose them.

#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may unwrap

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
    for name in [
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
        "formatdate",
        "timeadd",
        "timecmp",
    ] {
        assert!(t.get(name).is_some(), "{name}");
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
