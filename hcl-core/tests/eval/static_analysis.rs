//! `variables()` and the static analysis methods.

use super::*;

fn handle(src: &str) -> Expression {
    let file = SourceFile::new("sa.hcl", src);
    let (expr, diags) = parse_expression(&file, &Limits::default());
    assert!(!diags.has_errors(), "{diags}");
    expr
}

fn vars(src: &str) -> Vec<String> {
    handle(src)
        .variables()
        .iter()
        .map(|t| t.to_string())
        .collect()
}

#[test]
fn variables_lists_every_absolute_traversal() {
    let cases: &[(&str, &[&str])] = &[
        ("1 + 2", &[]),
        ("a", &["a"]),
        ("var.region", &["var.region"]),
        ("a.b[0][\"k\"].c", &["a.b[0][\"k\"].c"]),
        ("a + b.c * f(d, e[x])", &["a", "b.c", "d", "e", "x"]),
        ("\"${a}-%{if b}${c}%{endif}\"", &["a", "b", "c"]),
        (
            "{for k, v in coll : k => v if v != other}",
            &["coll", "other"],
        ),
        ("{for x in xs : x => y}", &["xs", "y"]),
        ("[for x in x : x]", &["x"]),
        ("\"%{for i in list}${i}${j}%{endfor}\"", &["list", "j"]),
        ("{ key = val, (k) = v2 }", &["val", "k", "v2"]),
        ("c ? t : f", &["c", "t", "f"]),
        ("list[*].name", &["list"]),
        ("foo(bar).baz", &["bar"]),
        ("(a).b", &["a"]),
        ("-a", &["a"]),
    ];
    for (src, want) in cases {
        assert_eq!(&vars(src), want, "{src}");
    }
}

#[test]
fn variables_have_ranges() {
    let t = handle("1 + foo.bar").variables().remove(0);
    let r = t.range().unwrap();
    assert_eq!((r.start.column, r.end.column), (5, 12));
}

#[test]
fn static_list_and_map() {
    let items = handle("[a, 1 + 2, \"x\"]").as_impl().static_list().unwrap();
    assert_eq!(items.len(), 3);
    assert_eq!(items[1].value(None).0, Value::from(3));
    assert_eq!(items[0].as_impl().as_keyword().as_deref(), Some("a"));
    assert!(handle("{a = 1}").as_impl().static_list().is_none());
    assert!(handle("([1])").as_impl().static_list().is_none());

    let pairs = handle("{ a = 1, \"b\" = 2, (c) = 3, null = 4 }")
        .as_impl()
        .static_map()
        .unwrap();
    assert_eq!(pairs.len(), 4);
    assert_eq!(pairs[0].0.value(None).0, s("a"));
    assert_eq!(pairs[0].0.as_impl().as_keyword().as_deref(), Some("a"));
    assert!(pairs[0].0.variables().is_empty());
    assert_eq!(pairs[1].0.value(None).0, s("b"));
    assert!(pairs[2].0.as_impl().absolute_traversal().is_none());
    let mut c = EvalContext::new();
    c.set_variable("c", s("computed"));
    assert_eq!(pairs[2].0.value(Some(&c)).0, s("computed"));
    assert_eq!(pairs[3].0.value(None).0, s("null"));
    assert_eq!(pairs[1].1.value(None).0, Value::from(2));
    assert!(handle("[1]").as_impl().static_map().is_none());
    let pairs = handle("{ a.b = 1 }").as_impl().static_map().unwrap();
    assert_eq!(
        pairs[0].0.value(None).1.iter().next().unwrap().summary,
        "Ambiguous attribute key"
    );
}

#[test]
fn static_call() {
    let call = handle("provider::aws::arn(a, b...)")
        .as_impl()
        .static_call()
        .unwrap();
    assert_eq!(call.name(), "provider::aws::arn");
    assert_eq!(call.args().len(), 2);
    assert!(call.expand_final());
    let (name, args) = (call.name_range(), call.args_range());
    assert_eq!((name.start.column, name.end.column), (1, 19));
    assert_eq!((args.start.column, args.end.column), (19, 28));
    assert_eq!(
        (call.range().start.column, call.range().end.column),
        (1, 28)
    );
    assert!(handle("a").as_impl().static_call().is_none());
}

#[test]
fn static_traversals_and_keywords() {
    let t = handle("a.b[0]").as_impl().absolute_traversal().unwrap();
    assert_eq!(t.to_string(), "a.b[0]");
    assert!(t.is_absolute());
    let rel = handle("a.b").as_impl().relative_traversal().unwrap();
    assert!(!rel.is_absolute());
    assert_eq!(rel.to_string(), ".a.b");
    assert_eq!(
        handle("null").as_impl().as_keyword().as_deref(),
        Some("null")
    );
    assert_eq!(
        handle("true")
            .as_impl()
            .absolute_traversal()
            .unwrap()
            .to_string(),
        "true"
    );
    assert_eq!(handle("foo").as_impl().as_keyword().as_deref(), Some("foo"));
    assert!(handle("foo.bar").as_impl().as_keyword().is_none());
    assert!(handle("\"foo\"").as_impl().as_keyword().is_none());
    assert!(handle("a[b]").as_impl().absolute_traversal().is_none());
    assert!(handle("f(x)").as_impl().absolute_traversal().is_none());
    // As the reference, parentheses are not looked through.
    assert!(handle("(a)").as_impl().as_keyword().is_none());
    let r = handle("1 + 2").start_range();
    assert_eq!((r.start.column, r.end.column), (1, 2));
}
