//! Type expressions (hcl-type-expressions.md; ext/typeexpr/get_type.go).

use hcl_core::typeexpr::{get_type, type_constraint, type_constraint_with_defaults};
use hcl_core::value::convert;
use hcl_core::{Expression, Limits, Type, Value};

use super::*;

fn native(text: &str) -> Expression {
    let (c, d) = body("t.hcl", &format!("v = {text}\n")).content(&attrs(&["v"]));
    assert!(d.is_empty(), "{d}");
    c.attributes.get("v").unwrap().expr.clone()
}

fn json(text: &str) -> Expression {
    let (c, d) = body("t.json", &format!("{{\"v\": {text:?}}}")).content(&attrs(&["v"]));
    assert!(d.is_empty(), "{d}");
    c.attributes.get("v").unwrap().expr.clone()
}

#[test]
fn type_expressions_in_both_syntaxes() {
    let cases = [
        ("string", Type::String),
        ("bool", Type::Bool),
        ("number", Type::Number),
        ("any", Type::Dynamic),
        ("list(string)", Type::list(Type::String)),
        ("set(number)", Type::set(Type::Number)),
        ("map(list(any))", Type::map(Type::list(Type::Dynamic))),
        (
            "tuple([string, bool])",
            Type::tuple([Type::String, Type::Bool]),
        ),
        (
            "object({name=string, age=number})",
            Type::object([("name", Type::String), ("age", Type::Number)]),
        ),
        (
            "object({name=string, age=optional(number)})",
            Type::object_with_optional([("name", Type::String), ("age", Type::Number)], ["age"]),
        ),
    ];
    for (text, want) in cases {
        for e in [native(text), json(text)] {
            let (ty, d) = type_constraint(&e, &Limits::default());
            assert!(d.is_empty(), "{text}: {d}");
            assert_eq!(ty, want, "{text}");
        }
    }
}

fn error_of(result: (Type, hcl_core::Diagnostics)) -> (String, String) {
    let (ty, d) = result;
    assert_eq!(ty, Type::Dynamic);
    let d = one(&d);
    assert_eq!(d.summary, "Invalid type specification");
    (d.detail.clone(), at(d.subject.clone().unwrap()))
}

#[test]
fn type_expression_errors_are_worded_as_the_reference() {
    let cases = [
        ("any", true, "The keyword \"any\" cannot be used in this type specification: an exact type is required.", "1:5-1:8"),
        ("list", false, "The list type constructor requires one argument specifying the element type.", "1:5-1:9"),
        ("object", false, "The object type constructor requires one argument specifying the attribute types and values as a map.", "1:5-1:11"),
        ("tuple", false, "The tuple type constructor requires one argument specifying the element types as a list.", "1:5-1:10"),
        ("foo", false, "The keyword \"foo\" is not a valid type specification.", "1:5-1:8"),
        ("\"string\"", false, "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).", "1:5-1:13"),
        ("string()", false, "Primitive type keyword \"string\" does not expect arguments.", "1:11-1:13"),
        ("any()", false, "Type constraint keyword \"any\" does not expect arguments.", "1:8-1:10"),
        ("list(string, number, bool)", false, "The list type constructor requires one argument specifying the element type.", "1:18-1:30"),
        ("map()", false, "The map type constructor requires one argument specifying the element type.", "1:8-1:10"),
        ("frob(string)", false, "Keyword \"frob\" is not a valid type constructor.", "1:5-1:17"),
        ("optional(string)", false, "Keyword \"optional\" is valid only as a modifier for object type attributes.", "1:5-1:13"),
        ("object([string])", false, "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.", "1:12-1:20"),
        ("tuple({a=string})", false, "Tuple type constructor requires a list of element types.", "1:11-1:21"),
        ("object({\"a b\"=string})", false, "Object constructor map keys must be attribute names.", "1:13-1:18"),
        ("object({a=string, a=number})", false, "Object constructor map keys must be unique.", "1:23-1:24"),
        ("object({a=optional(string)})", true, "Optional attribute modifier is only for type constraints, not for exact types.", "1:15-1:23"),
    ];
    for (text, exact, detail, subject) in cases {
        let e = native(text);
        let got = if exact {
            get_type(&e, &Limits::default())
        } else {
            type_constraint(&e, &Limits::default())
        };
        let (ty, d) = got;
        assert!(d.has_errors(), "{text}");
        let first = &d.as_slice()[0];
        assert_eq!(first.summary, "Invalid type specification", "{text}");
        assert_eq!(first.detail, detail, "{text}");
        assert_eq!(at(first.subject.clone().unwrap()), subject, "{text}");
        let _ = ty;
    }
    let _ = error_of;
}

#[test]
fn optional_arguments_depend_on_the_mode() {
    let e = native("object({a=optional(string, \"x\")})");
    let (_, d) = type_constraint(&e, &Limits::default());
    assert_eq!(
        one(&d).detail,
        "Optional attribute modifier expects only one argument: the attribute type."
    );
    let e = native("object({a=optional(string, \"x\", 1)})");
    let (_, _, d) = type_constraint_with_defaults(&e, &Limits::default());
    assert_eq!(
        one(&d).detail,
        "Optional attribute modifier expects at most two arguments: the attribute type, and a default value."
    );
}

#[test]
fn defaults_fill_missing_and_null_optional_attributes_at_every_level() {
    let text = "list(object({a=string, b=optional(number, 1), c=optional(object({d=optional(bool, true)}))}))";
    for e in [native(text), json(text)] {
        let (ty, defaults, d) = type_constraint_with_defaults(&e, &Limits::default());
        assert!(d.is_empty(), "{d}");
        let defaults = defaults.unwrap();
        let given = Value::tuple([
            Value::object([("a", Value::from("x")), ("c", Value::empty_object())]),
            Value::object([("a", Value::from("y")), ("b", Value::from(5))]),
        ]);
        let got = defaults.apply(convert(&given, &ty).unwrap());
        let c_ty = Type::object([("d", Type::Bool)]);
        let elem = Type::object([
            ("a", Type::String),
            ("b", Type::Number),
            ("c", c_ty.clone()),
        ]);
        let want = Value::list(
            elem,
            [
                Value::object([
                    ("a", Value::from("x")),
                    ("b", Value::from(1)),
                    ("c", Value::object([("d", Value::Bool(true))])),
                ]),
                Value::object([
                    ("a", Value::from("y")),
                    ("b", Value::from(5)),
                    ("c", Value::null(c_ty)),
                ]),
            ],
        )
        .unwrap();
        assert_eq!(got, want);
    }
}

#[test]
fn defaults_that_are_constructors_are_evaluated() {
    let e = native("object({c=optional(object({d=optional(bool, true)}), {})})");
    let (ty, defaults, d) = type_constraint_with_defaults(&e, &Limits::default());
    assert!(d.is_empty(), "{d}");
    let got = defaults
        .unwrap()
        .apply(convert(&Value::empty_object(), &ty).unwrap());
    assert_eq!(
        got,
        Value::object([("c", Value::object([("d", Value::Bool(true))]))])
    );
}

#[test]
fn a_default_that_does_not_convert_is_reported() {
    let e = native("object({a=optional(number, \"nope\")})");
    let (_, defaults, d) = type_constraint_with_defaults(&e, &Limits::default());
    let d = one(&d);
    assert_eq!(d.summary, "Invalid default value for optional attribute");
    assert_eq!(at(d.subject.clone().unwrap()), "1:32-1:38");
    assert!(defaults.is_none());
}

#[test]
fn type_string_reads_back_as_the_same_type() {
    use hcl_core::typeexpr::type_string;
    let types = [
        Type::String,
        Type::Dynamic,
        Type::map(Type::set(Type::Bool)),
        Type::tuple([Type::Number, Type::list(Type::String)]),
        Type::object([("b", Type::Bool), ("a", Type::tuple([]))]),
    ];
    let strings: Vec<String> = types.iter().map(type_string).collect();
    assert_eq!(
        strings,
        [
            "string",
            "any",
            "map(set(bool))",
            "tuple([number,list(string)])",
            "object({a=tuple([]),b=bool})",
        ]
    );
    for (ty, s) in types.iter().zip(&strings) {
        let (back, d) = type_constraint(&native(s), &Limits::default());
        assert!(d.is_empty(), "{s}: {d}");
        assert_eq!(&back, ty);
    }
}

/// The reference's `TestConvertFunc` and `TestTypeConvertFunc` cases, through
/// the evaluator (the type argument is read as a type constraint, in both
/// syntaxes' templates), and a malformed type reported at the argument.
#[test]
fn convert_function_converts_to_the_type_its_argument_spells() {
    use hcl_core::typeexpr::convert_function;
    use hcl_core::EvalContext;
    let mut ctx = EvalContext::new();
    ctx.set_function("convert", convert_function());
    ctx.set_variable("ub", Value::unknown(Type::Bool));
    ctx.set_variable("ud", Value::dynamic());
    ctx.set_variable("nb", Value::null(Type::Bool));
    let cases: Vec<(&str, Result<Value, &str>)> = vec![
        ("convert(\"hello\", string)", Ok(Value::from("hello"))),
        ("convert(true, string)", Ok(Value::from("true"))),
        ("convert(\"hello\", bool)", Err("Invalid function argument")),
        ("convert(ub, bool)", Ok(Value::unknown(Type::Bool))),
        ("convert(ud, bool)", Ok(Value::unknown(Type::Bool))),
        ("convert(nb, bool)", Ok(Value::null(Type::Bool))),
        ("convert(null, bool)", Ok(Value::null(Type::Bool))),
        (
            "convert([1], list(string))",
            Ok(Value::list(Type::String, [Value::from("1")]).unwrap()),
        ),
        (
            "convert({a = 1}, object({a = string, b = optional(number)}))",
            Ok(Value::object([
                ("a", Value::from("1")),
                ("b", Value::null(Type::Number)),
            ])),
        ),
        (
            "convert(1, lust(string))",
            Err("Invalid type specification"),
        ),
        ("convert(1, \"string\")", Err("Invalid type specification")),
        ("convert(1)", Err("Not enough function arguments")),
    ];
    for (text, want) in cases {
        let (v, diags) = native(text).value(Some(&ctx));
        match want {
            Ok(want) => {
                assert!(!diags.has_errors(), "{text}: {diags}");
                assert_eq!(v, want, "{text}");
            }
            Err(summary) => {
                assert_eq!(
                    diags.iter().next().map(|d| d.summary.as_str()),
                    Some(summary),
                    "{text}"
                );
            }
        }
    }
    // In a JSON string template too.
    let (v, diags) = json("${convert(1, string)}").value(Some(&ctx));
    assert!(!diags.has_errors(), "{diags}");
    assert_eq!(v, Value::from("1"));
}

#[test]
fn type_expressions_nest_up_to_the_depth_limit() {
    // `list(` n - 1 times around `string`: n levels.
    let nested = |n: usize| {
        native(&format!(
            "{}string{}",
            "list(".repeat(n - 1),
            ")".repeat(n - 1)
        ))
    };
    for max in [3, 20, 60] {
        let limits = Limits::default().with_max_depth(max);
        let (ty, d) = type_constraint(&nested(max), &limits);
        assert!(d.is_empty(), "{max}: {d}");
        assert!(ty.is_list());
        let (_, d) = type_constraint(&nested(max + 1), &limits);
        assert_eq!(
            one(&d).detail,
            "The type specification is nested too deeply."
        );
    }
}
