//! Variables, attribute and index access, legacy index, splats.

use super::*;

#[test]
fn variables_and_attribute_access() {
    assert_eq!(ok("var.name"), s("web"));
    assert_eq!(ok("var.obj.b"), s("two"));
    assert_eq!(ok("var.map.x"), Value::from(1));
    assert_eq!(ok("var . obj . a"), Value::from(1));
    assert_eq!(ok("var.servers[1].ip"), s("10.0.0.2"));
    assert_eq!(ok("var[\"name\"]"), s("web"));
}

#[test]
fn index_access_on_each_type() {
    let cases: &[(&str, Value)] = &[
        ("var.list[0]", s("a")),
        ("var.list[\"2\"]", s("c")),
        ("var.list[1.0]", s("b")),
        ("var.tuple[1]", Value::from(1)),
        ("var.map[\"y\"]", Value::from(2)),
        ("var.obj[\"a\"]", Value::from(1)),
        ("[10, 20][1]", Value::from(20)),
        ("{a = 1}[\"a\"]", Value::from(1)),
        ("var.list[var.count - 1]", s("c")),
        ("var.tuple.0", s("a")),
        ("var.servers.1.name", s("b")),
        ("{\"0\" = \"zero\"}.0", s("zero")),
        ("unknown_list[0]", Value::unknown(Type::String)),
        ("var.list[unknown_num]", Value::unknown(Type::String)),
        ("var.tuple[unknown_num]", Value::dynamic()),
        ("dyn[0]", Value::dynamic()),
        ("dyn.foo", Value::dynamic()),
        ("var.list[dyn]", Value::dynamic()),
    ];
    for (src, want) in cases {
        assert_eq!(&ok(src), want, "{src}");
    }
}

#[test]
fn index_errors_carry_the_bracket_range() {
    let cases: &[(&str, &str, u32, &str)] = &[
        ("var.list[3]", "Invalid index", 9, "The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection."),
        ("var.list[-1]", "Invalid index", 9, "The given key does not identify an element in this collection value: a negative number is not a valid index for a sequence."),
        ("var.list[0.5]", "Invalid index", 9, "The given key does not identify an element in this collection value: indexing a sequence requires a whole number, but the given index has a fractional part."),
        ("var.list[\"x\"]", "Invalid index", 9, "The given key does not identify an element in this collection value: a number is required."),
        ("var.map[\"z\"]", "Invalid index", 8, "The given key does not identify an element in this collection value."),
        ("var.set[0]", "Invalid index", 8, "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set."),
        ("var.name[0]", "Invalid index", 9, "This value does not have any indices."),
        ("var.nothing[0]", "Attempt to index null value", 12, "This value is null, so it does not have any indices."),
        ("var.list[null]", "Invalid index", 9, "Can't use a null value as an indexing key."),
        ("var.obj[0]", "Invalid index", 8, "The given key does not identify an element in this collection value. An object only supports looking up attributes by name, not by numeric index."),
        ("[][0]", "Invalid index", 3, "The given key does not identify an element in this collection value: the collection has no elements."),
    ];
    for (src, summary, col, detail) in cases {
        let d = err(src, summary, 1, *col);
        assert_eq!(&d.detail, detail, "{src}");
    }
    // The values of the whole index expression's references, as the
    // reference shows them.
    let d = err("var.list[var.name]", "Invalid index", 1, 9);
    assert_eq!(
        involved(&d),
        "var.list as list of string with 3 elements; var.name as \"web\""
    );
    // A reference that fails shows nothing (its own error says why).
    assert_eq!(
        involved(&err("var.nope", "Unsupported attribute", 1, 4)),
        ""
    );
}

#[test]
fn attribute_errors_carry_the_step_range() {
    let cases: &[(&str, &str, u32, &str)] = &[
        ("var.nope", "Unsupported attribute", 4, "This object does not have an attribute named \"nope\"."),
        ("var.map.z", "Missing map element", 8, "This map does not have an element with the key \"z\"."),
        ("var.name.x", "Unsupported attribute", 9, "Can't access attributes on a primitive-typed value (string)."),
        ("var.nothing.x", "Attempt to get attribute from null value", 12, "This value is null, so it does not have any attributes."),
        ("var.server_list.name", "Unsupported attribute", 16, "Can't access attributes on a list of objects. Did you mean to access attribute \"name\" for a specific element of the list, or across all elements of the list?"),
        ("var.tuple.x", "Unsupported attribute", 10, "This value does not have any attributes."),
        ("var.servers[0].port", "Unsupported attribute", 15, "This object does not have an attribute named \"port\"."),
        ("var.tuple.5", "Invalid index", 10, "The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection."),
    ];
    for (src, summary, col, detail) in cases {
        let d = err(src, summary, 1, *col);
        assert_eq!(&d.detail, detail, "{src}");
        assert_eq!(d.context.clone().unwrap().start.column, 1, "{src}");
    }
}

#[test]
fn unknown_and_disallowed_variables() {
    let d = err("vra.name", "Unknown variable", 1, 1);
    assert_eq!(
        d.detail,
        "There is no variable named \"vra\". Did you mean \"var\"?"
    );
    assert_eq!(d.subject.clone().unwrap().end.column, 4);
    let d = err("zzzzzz", "Unknown variable", 1, 1);
    assert_eq!(d.detail, "There is no variable named \"zzzzzz\".");
    let d = err_in("var.name", None, "Variables not allowed", 1, 1);
    assert_eq!(d.detail, "Variables may not be used here.");
    err_in(
        "a",
        Some(&EvalContext::new()),
        "Variables not allowed",
        1,
        1,
    );
    // Parent scopes are searched.
    let mut child = EvalContext::child_of(Arc::new(ctx()));
    child.set_variable("local", Value::from(1));
    assert_eq!(eval_in("var.count + local", Some(&child)).0, Value::from(4));
}

#[test]
fn splats_over_each_kind() {
    let cases: &[(&str, Value)] = &[
        ("var.servers[*].name", Value::tuple([s("a"), s("b")])),
        (
            "var.servers.*.ip",
            Value::tuple([s("10.0.0.1"), s("10.0.0.2")]),
        ),
        (
            "var.server_list[*].name",
            Value::list(Type::String, [s("x"), s("y")]).unwrap(),
        ),
        (
            "var.set[*]",
            Value::list(Type::String, [s("a"), s("b")]).unwrap(),
        ),
        ("var.nothing[*]", Value::empty_tuple()),
        ("null_dyn[*]", Value::empty_tuple()),
        ("var.name[*]", Value::tuple([s("web")])),
        ("var.obj[*].a", Value::tuple([Value::from(1)])),
        ("[][*].a", Value::empty_tuple()),
        ("unknown_list[*]", Value::unknown(Type::list(Type::String))),
        ("dyn[*].a", Value::dynamic()),
        (
            "[{a = [1, 2]}, {a = [3]}][*].a[0]",
            Value::tuple([Value::from(1), Value::from(3)]),
        ),
    ];
    for (src, want) in cases {
        assert_eq!(&ok(src), want, "{src}");
    }
    let empty = Value::list(Type::String, []).unwrap();
    let mut c = ctx();
    c.set_variable(
        "empty",
        Value::list(Type::object([("name", Type::String)]), []).unwrap(),
    );
    assert_eq!(eval_in("empty[*].name", Some(&c)).0, empty);
}

#[test]
fn splat_errors() {
    // Each element reports, as in the reference.
    let (v, diags) = eval_in("var.servers[*].port", Some(&ctx()));
    assert_eq!(
        v,
        Value::unknown(Type::tuple([Type::Dynamic, Type::Dynamic]))
    );
    assert_eq!(diags.len(), 2);
    let d = diags.iter().next().unwrap();
    assert_eq!(d.summary, "Unsupported attribute");
    assert_eq!(d.subject.clone().unwrap().start.column, 15);
    assert_eq!(
        d.detail,
        "This object does not have an attribute named \"port\"."
    );
    let mut c = ctx();
    c.set_variable("nl", Value::null(Type::list(Type::String)));
    err_in("nl[*]", Some(&c), "Splat of null value", 1, 1);
    // An unknown non-sequence is still checked element-wise.
    let (v, diags) = eval_in("unknown_str.*.name", Some(&ctx()));
    assert_eq!(v, Value::dynamic());
    assert_eq!(diags.len(), 1);
    assert_eq!(
        diags.iter().next().unwrap().summary,
        "Unsupported attribute"
    );
    c.set_variable("uo", Value::unknown(Type::object([("name", Type::String)])));
    assert_eq!(
        eval_in("uo.*.name", Some(&c)),
        (Value::dynamic(), Diagnostics::new())
    );
    assert_eq!(eval_in("unknown_str[*]", Some(&c)).0, Value::dynamic());
}

/// Applying a parsed traversal and evaluating the same text as an
/// expression share one access implementation: same values, same errors.
#[test]
fn traversal_application_matches_evaluation() {
    let c = ctx();
    for src in [
        "var.name",
        "var.servers[1].ip",
        "var.tuple.0",
        "var.list[5]",
        "var.map.z",
        "var.set[0]",
        "var.nothing.x",
        "var.obj[\"b\"]",
        "nope.x",
    ] {
        let file = SourceFile::new("t.hcl", src);
        let (expr, _) = parse_expression(&file, &Limits::default());
        let handle = expr;
        let traversal = handle.as_impl().absolute_traversal().unwrap();
        let (tv, td) = traversal.traverse_abs(Some(&c));
        let (ev, ed) = handle.value(Some(&c));
        assert_eq!(tv, ev, "{src}");
        let summaries = |d: &Diagnostics| {
            d.iter()
                .map(|d| (d.summary.clone(), d.detail.clone(), d.subject.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(summaries(&td), summaries(&ed), "{src}");
    }
}

#[test]
fn object_and_tuple_constructors() {
    let cases: &[(&str, Value)] = &[
        (
            "{a = 1, b = \"x\"}",
            Value::object([("a", Value::from(1)), ("b", s("x"))]),
        ),
        ("{(var.name) = 1}", Value::object([("web", Value::from(1))])),
        (
            "{\"${var.name}-x\" = 1}",
            Value::object([("web-x", Value::from(1))]),
        ),
        ("{var = 1}", Value::object([("var", Value::from(1))])),
        ("{1 = true}", Value::object([("1", Value::Bool(true))])),
        ("{a = 1, a = 2}", Value::object([("a", Value::from(2))])),
        ("{(unknown_str) = 1}", Value::dynamic()),
        (
            "[1, \"a\", [true]]",
            Value::tuple([Value::from(1), s("a"), Value::tuple([Value::Bool(true)])]),
        ),
        (
            "[unknown_num]",
            Value::tuple([Value::unknown(Type::Number)]),
        ),
    ];
    for (src, want) in cases {
        assert_eq!(&ok(src), want, "{src}");
    }
    let d = err("{var.name = 1}", "Ambiguous attribute key", 1, 2);
    assert!(d
        .detail
        .starts_with("If this expression is intended to be a reference, wrap it in parentheses."));
    let d = err("{(var.nothing) = 1}", "Null value as key", 1, 18);
    assert_eq!(d.detail, "Can't use a null value as a key.");
    let d = err("{(var.list) = 1}", "Incorrect key type", 1, 2);
    assert_eq!(
        d.detail,
        "Can't use this value as a key: string required, but have list of string."
    );
}
