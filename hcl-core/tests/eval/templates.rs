//! Templates: interpolation, directives, strip markers, heredocs, wrap.

use super::*;

#[test]
fn templates_render_to_strings() {
    let cases: &[(&str, Value)] = &[
        ("\"hello ${var.name}\"", s("hello web")),
        ("\"${1 + 1} items\"", s("2 items")),
        ("\"${true}\"", Value::Bool(true)),
        ("\"x${true}\"", s("xtrue")),
        ("\"${var.count}\"", Value::from(3)),
        ("\"a ${var.port}\"", s("a 8080")),
        ("\"%{if var.enabled}yes%{else}no%{endif}\"", s("yes")),
        ("\"%{if !var.enabled}yes%{else}no%{endif}\"", s("no")),
        ("\"%{if false}yes%{endif}\"", s("")),
        ("\"%{for x in var.list}${x},%{endfor}\"", s("a,b,c,")),
        (
            "\"%{for i, x in var.list}${i}${x} %{endfor}\"",
            s("0a 1b 2c "),
        ),
        (
            "\"%{for k, v in var.map}${k}=${v};%{endfor}\"",
            s("x=1;y=2;"),
        ),
        ("\"a ${\"b\"} ~c\"", s("a b ~c")),
        ("\"a  ${~ \"b\" ~}  c\"", s("abc")),
        ("\"$${x}\"", s("${x}")),
        ("\"%%{x}\"", s("%{x}")),
        ("\"${unknown_str} tail\"", Value::unknown(Type::String)),
        ("\"${dyn}x\"", Value::unknown(Type::String)),
        (
            "\"%{if unknown_bool}a%{endif}\"",
            Value::unknown(Type::String),
        ),
        (
            "\"%{for x in unknown_list}${x}%{endfor}\"",
            Value::unknown(Type::String),
        ),
        ("<<EOT\nhello ${var.name}\nEOT\n", s("hello web\n")),
        ("<<-EOT\n    a\n      b\n    EOT\n", s("a\n  b\n")),
    ];
    for (src, want) in cases {
        assert_eq!(&ok(src), want, "{src}");
    }
}

#[test]
fn bare_templates() {
    assert_eq!(
        eval_template("x = ${var.count}", Some(&ctx())).0,
        s("x = 3")
    );
    assert_eq!(
        eval_template("${var.count}", Some(&ctx())).0,
        Value::from(3)
    );
    assert_eq!(eval_template("plain", None).0, s("plain"));
}

#[test]
fn interpolation_errors() {
    let d = err(
        "\"a ${var.nothing}\"",
        "Invalid template interpolation value",
        1,
        6,
    );
    assert_eq!(
        d.detail,
        "The expression result is null. Cannot include a null value in a string template."
    );
    assert_eq!(involved(&d), "var.nothing set to null");
    assert_eq!(d.context.clone().unwrap().start.column, 1);
    let d = err(
        "\"a ${var.list}\"",
        "Invalid template interpolation value",
        1,
        6,
    );
    assert_eq!(
        d.detail,
        "Cannot include the given value in a string template: string required, but have list of string."
    );
    assert_eq!(involved(&d), "var.list as list of string with 3 elements");
    err("\"%{if 1}a%{endif}\"", "Incorrect condition type", 1, 7);
    err("\"%{if null}a%{endif}\"", "Null condition", 1, 7);
    err(
        "\"%{for x in null}a%{endfor}\"",
        "Iteration over null value",
        1,
        13,
    );
    err(
        "\"%{for x in 1}a%{endfor}\"",
        "Iteration over non-iterable value",
        1,
        13,
    );
}

#[test]
fn ranges_point_into_multi_line_expressions() {
    let d = err(
        "<<EOT\nfirst\n  ${var.list}\nEOT\n",
        "Invalid template interpolation value",
        3,
        5,
    );
    assert_eq!(d.subject.clone().unwrap().end.column, 13);
    let d = err(
        "[\n  for x in var.name :\n  x\n]",
        "Iteration over non-iterable value",
        2,
        12,
    );
    assert_eq!(d.context.clone().unwrap().start.line, 1);
    let d = err(
        "{\n  a = 1\n  b = var.nope\n}",
        "Unsupported attribute",
        3,
        10,
    );
    assert_eq!(d.subject.clone().unwrap().end.column, 15);
    err(
        "false ?\n  1 :\n  var.count + \"x\"",
        "Invalid operand",
        3,
        15,
    );
}
