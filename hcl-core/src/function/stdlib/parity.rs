//! go-cty 1.12.1's standard library side by side with ours, on edge inputs:
//! `parity.txt` beside this file holds expressions and what the reference
//! (hashicorp/hcl v2.14.1 evaluating with go-cty 1.12.1's `function/stdlib`,
//! under the names Terraform gives the functions) makes of each, one test
//! per section, named after the rule the section shows.
//!
//! A line: the expression, a tab and the outcome, `<type> <value>` (types in
//! type-expression form with `dynamic`, values with `?` for unknown, `null`,
//! strings quoted, collections in brackets, maps and objects as `{k=v}`) or
//! `error: <summary>: <detail>`; only an error's summary is compared, as our
//! details are worded by our conversion module. A line ending in
//! `!! <COMPAT.md entry>` is a deliberate difference: the test checks that
//! the entry exists and that we still differ.
//!
//! The variables the expressions use are those of [`context`]. The table was
//! recorded with a small Go program outside the project (go-cty's functions
//! are not all reachable from hcldec); `hcl-cli/tests/parity/` re-checks
//! the functions hcldec has against the live reference.

use std::fmt::Write as _;

use crate::eval::EvalContext;
use crate::native::eval::evaluate;
use crate::native::{parse_expression, ExprNode};
use crate::value::{Type, Value};
use crate::SourceFile;

/// The table.
const TABLE: &str = include_str!("parity.txt");

/// The variables every expression of the table may use (the recording
/// program defines the same).
pub(crate) fn context() -> EvalContext {
    let s = |x: &str| Value::from(x);
    let strs = Type::list(Type::String);
    let mut ctx = EvalContext::new();
    ctx.add_functions(&super::functions());
    let vars: Vec<(&str, Value)> = vec![
        ("us", Value::unknown(Type::String)),
        ("un", Value::unknown(Type::Number)),
        ("ub", Value::unknown(Type::Bool)),
        ("ud", Value::dynamic()),
        ("ul", Value::unknown(strs.clone())),
        ("uset", Value::unknown(Type::set(Type::String))),
        ("um", Value::unknown(Type::map(Type::String))),
        ("uo", Value::unknown(Type::object([("a", Type::String)]))),
        (
            "ut",
            Value::unknown(Type::tuple([Type::String, Type::Number])),
        ),
        ("ns", Value::null(Type::String)),
        ("nn", Value::null(Type::Number)),
        ("nl", Value::null(strs.clone())),
        ("nm", Value::null(Type::map(Type::String))),
        ("ls", Value::list(Type::String, [s("a"), s("b")]).unwrap()),
        ("le", Value::list(Type::String, []).unwrap()),
        (
            "lu",
            Value::list(Type::String, [s("a"), Value::unknown(Type::String)]).unwrap(),
        ),
        (
            "ms",
            Value::map(Type::String, [("a", s("x")), ("b", s("y"))]).unwrap(),
        ),
        (
            "me",
            Value::map(Type::String, Vec::<(&str, Value)>::new()).unwrap(),
        ),
        ("ss", Value::set(Type::String, [s("b"), s("a")]).unwrap()),
        (
            "sn",
            Value::set(Type::Number, [Value::from(10), Value::from(2)]).unwrap(),
        ),
        ("se", Value::set(Type::String, []).unwrap()),
    ];
    for (name, value) in vars {
        ctx.set_variable(name, value);
    }
    ctx
}

fn type_text(ty: &Type) -> String {
    match ty {
        Type::Bool => "bool".into(),
        Type::Number => "number".into(),
        Type::String => "string".into(),
        Type::Dynamic => "dynamic".into(),
        Type::List(e) => format!("list({})", type_text(e)),
        Type::Set(e) => format!("set({})", type_text(e)),
        Type::Map(e) => format!("map({})", type_text(e)),
        Type::Tuple(es) => format!(
            "tuple([{}])",
            es.iter().map(type_text).collect::<Vec<_>>().join(",")
        ),
        Type::Object(o) => format!(
            "object({{{}}})",
            o.attributes()
                .iter()
                .map(|(k, t)| format!("{k}={}", type_text(t)))
                .collect::<Vec<_>>()
                .join(",")
        ),
        Type::Capsule(_) => "capsule".into(),
    }
}

fn value_text(v: &Value) -> String {
    let seq = |items: &mut dyn Iterator<Item = &Value>| {
        format!("[{}]", items.map(value_text).collect::<Vec<_>>().join(","))
    };
    let map = |items: &mut dyn Iterator<Item = (&str, &Value)>| {
        let mut out = String::from("{");
        for (i, (k, v)) in items.enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(out, "{k}={}", value_text(v));
        }
        out.push('}');
        out
    };
    match v {
        Value::Unknown(_) => "?".into(),
        Value::Null(_) => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => format!("{:?}", s.as_str()),
        Value::List(l) => seq(&mut l.iter()),
        Value::Set(l) => seq(&mut l.iter()),
        Value::Tuple(l) => seq(&mut l.iter()),
        Value::Map(m) => map(&mut m.iter().map(|(k, v)| (k.as_str(), v))),
        Value::Object(m) => map(&mut m.iter().map(|(k, v)| (k.as_str(), v))),
        Value::Capsule(_) => "capsule".into(),
    }
}

/// What we make of `expr`, in the table's form.
pub(crate) fn outcome(expr: &str, ctx: &EvalContext) -> String {
    let src = SourceFile::new("e.hcl", expr);
    let (parsed, diags) = parse_expression(&src, &Default::default());
    if let Some(d) = diags.iter().find(|d| d.is_error()) {
        return format!("parse error: {}", d.summary);
    }
    let Some(node) = ExprNode::of(&parsed) else {
        return "parse error: not native".into();
    };
    let (value, diags) = evaluate(node, Some(ctx));
    match diags.iter().find(|d| d.is_error()) {
        Some(d) => format!("error: {}: {}", d.summary, d.detail.replace('\n', " ")),
        None => format!("{} {}", type_text(&value.ty()), value_text(&value)),
    }
}

/// The part of an outcome that is compared: an error's summary only.
fn compared(outcome: &str) -> &str {
    match outcome.strip_prefix("error: ") {
        Some(rest) => rest.split(": ").next().unwrap_or(rest),
        None => outcome,
    }
}

/// The cases of one section: (expression, recorded outcome, known entry).
fn section(name: &str) -> Vec<(&'static str, &'static str, Option<&'static str>)> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in TABLE.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            inside = title.trim() == name;
            continue;
        }
        if !inside || line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (expr, rest) = line.split_once('\t').expect("a table line has a tab");
        let (recorded, known) = match rest.split_once(" !! ") {
            Some((r, k)) => (r, Some(k)),
            None => (rest, None),
        };
        out.push((expr, recorded, known));
    }
    out
}

fn check(name: &str) {
    let cases = section(name);
    assert!(!cases.is_empty(), "parity.txt has no section {name}");
    let ctx = context();
    let compat = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../COMPAT.md"))
        .unwrap_or_default()
        .replace("**", "")
        .replace('`', "");
    let compat = compat.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut failures = Vec::new();
    for (expr, recorded, known) in cases {
        let ours = outcome(expr, &ctx);
        let same = compared(&ours) == compared(recorded);
        match known {
            Some(entry) => {
                assert!(compat.contains(entry), "COMPAT.md has no entry {entry:?}");
                if same {
                    failures.push(format!("{expr}: no longer differs (drop its !!)"));
                }
            }
            None if !same => failures.push(format!(
                "{expr}\n    go-cty: {recorded}\n    ours:   {ours}"
            )),
            None => {}
        }
    }
    assert!(failures.is_empty(), "{name}:\n{}", failures.join("\n"));
}

/// Prints our outcome for each line of the file named by `PARITY_EXPRS`
/// (one expression a line): how a table is compared while it is written.
#[test]
fn print_outcomes_of_parity_exprs() {
    let Some(path) = std::env::var_os("PARITY_EXPRS") else {
        return;
    };
    let ctx = context();
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut out = String::new();
    for line in text.lines() {
        let _ = writeln!(out, "{}", outcome(line, &ctx));
    }
    let _ = std::fs::write(
        std::env::var_os("PARITY_OUT").unwrap_or_else(|| "/dev/stdout".into()),
        out,
    );
}

/// Every section of the table has its test.
#[test]
fn every_section_has_a_test() {
    let source = include_str!("parity.rs");
    for line in TABLE.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            assert!(
                source.contains(&format!("    {},\n", title.trim())),
                "no test for section {title}"
            );
        }
    }
}

macro_rules! sections {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {
        $(
            $(#[$doc])*
            #[test]
            fn $name() {
                check(stringify!($name));
            }
        )*
    };
}

sections! {
    /// `abs`, `ceil`, `floor`, `signum`, `log`, `pow`, `parseint`, `max`, `min`.
    number_functions_on_edge_inputs,
    /// `hasindex`, `int`, `sethaselement`, `setsymmetricdifference`.
    go_cty_functions_missing_before,
    /// `chomp` … `join`.
    string_functions_on_edge_inputs,
    /// `format("%s", ud)` is the dynamic value (no `allow_dynamic`).
    format_functions_with_dynamic_arguments_are_dynamic,
    /// `regex`, `regexall`, `regex_replace`.
    regex_functions_on_edge_inputs,
    /// `csvdecode`, `jsondecode`, `jsonencode`.
    encoding_functions_on_edge_inputs,
    /// `formatdate`, `timeadd` (our errors name the argument: COMPAT.md).
    datetime_functions_on_edge_inputs,
    /// `length("b")` and `length({})` are errors: a list, map, set or tuple.
    length_takes_collections_only,
    /// `coalesce("", "a")` is `""`.
    coalesce_skips_only_nulls,
    /// `compact`, `concat`, `distinct`, `element`, … `chunklist`.
    collection_functions_on_edge_inputs,
    /// `contains([null], null)` is an error.
    contains_rejects_a_null_value,
    /// Our `index` is Terraform's (COMPAT.md).
    index_is_terraform_s_position_of_a_value,
    /// `lookup(m, "a")` is an error.
    lookup_takes_three_arguments_and_a_non_null_default,
    /// `setunion(ss, [null])` ends with the null.
    set_functions_order_nulls_last,
    /// `tostring(null)` is a dynamic null.
    conversions_of_dynamic_arguments_are_dynamic,
    /// `2 % (1/0)` fails.
    modulo_with_an_infinity_fails,
    /// `uo["a"]` is the dynamic value.
    indexing_unknowns,
    /// `ub ? null : null` is unknown.
    unknown_conditions_give_unknown_results,
    /// `[for x in ul : x]`, `ud + 1`, `!ud`, ….
    operators_and_loops_over_unknowns,
}
