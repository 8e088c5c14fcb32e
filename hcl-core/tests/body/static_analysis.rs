//! Static analysis for both syntaxes (static_expr, traversal_for_expr,
//! expr_list/map/call in the reference; "Static Analysis" in the JSON
//! syntax spec).

use hcl_core::static_analysis::{
    abs_traversal_for_expr, expr_as_keyword, expr_call, expr_list, expr_map, rel_traversal_for_expr,
};
use hcl_core::{Expression, Value};

use super::*;

/// The expression of attribute `v` in `text`.
fn expr(name: &str, text: &str) -> Expression {
    let (c, d) = body(name, text).content(&attrs(&["v"]));
    assert!(d.is_empty(), "{d}");
    c.attributes.get("v").unwrap().expr.clone()
}

#[test]
fn static_list_of_a_tuple_or_array() {
    for (name, text) in [("t.hcl", "v = [1, 2]\n"), ("t.json", "{\"v\": [1, 2]}")] {
        let items = expr_list(&expr(name, text)).unwrap();
        let vals: Vec<Value> = items.iter().map(|e| e.value(None).0).collect();
        assert_eq!(vals, [Value::from(1), Value::from(2)], "{name}");
    }
}

#[test]
fn static_list_of_anything_else_is_invalid() {
    for (name, text, range) in [
        ("t.hcl", "v = {a = 1}\n", "1:5-1:16"),
        ("t.json", "{\"v\": \"x\"}", "1:7-1:10"),
    ] {
        let e = expr(name, text);
        let d = expr_list(&e).unwrap_err();
        let d = d.iter().next().unwrap().clone();
        assert_eq!(d.summary, "Invalid expression");
        assert_eq!(d.detail, "A static list expression is required.");
        let _ = range;
        assert_eq!(d.subject, Some(e.start_range()), "{name}");
    }
}

#[test]
fn static_map_keys_are_expressions_and_bare_names_are_keywords() {
    let e = expr("t.hcl", "v = {a = 1, \"b\" = 2}\n");
    let pairs = expr_map(&e).unwrap();
    assert_eq!(pairs.len(), 2);
    assert_eq!(pairs[0].0.value(None).0, Value::from("a"));
    assert_eq!(expr_as_keyword(&pairs[0].0).as_deref(), Some("a"));
    assert_eq!(pairs[1].1.value(None).0, Value::from(2));
    let e = expr("t.json", "{\"v\": {\"a\": 1}}");
    let pairs = expr_map(&e).unwrap();
    assert_eq!(pairs[0].0.value(None).0, Value::from("a"));
    assert_eq!(at(pairs[0].0.range()), "1:8-1:11");
    assert_eq!(expr_as_keyword(&pairs[0].0).as_deref(), Some("a"));
    let d = expr_map(&expr("t.hcl", "v = [1]\n")).unwrap_err();
    let d = d.iter().next().unwrap().clone();
    assert_eq!(d.detail, "A static map expression is required.");
}

#[test]
fn static_call_native_and_from_a_json_string() {
    let c = expr_call(&expr("t.hcl", "v = f(1, x)\n")).unwrap();
    assert_eq!(c.name(), "f");
    assert_eq!(c.args().len(), 2);
    assert_eq!(at(c.name_range()), "1:5-1:6");
    assert_eq!(at(c.args_range()), "1:6-1:12");
    assert_eq!(at(c.range()), "1:5-1:12");
    let c = expr_call(&expr("t.json", "{\"v\": \"f(1, x)\"}")).unwrap();
    assert_eq!(c.name(), "f");
    let first = c.args().next().unwrap();
    assert_eq!(first.value(None).0, Value::from(1));
    assert_eq!(at(c.name_range()), "1:8-1:9");
    assert_eq!(at(c.args_range()), "1:9-1:15");
    let d = expr_call(&expr("t.json", "{\"v\": 1}")).unwrap_err();
    let d = d.iter().next().unwrap().clone();
    assert_eq!(d.detail, "A static function call is required.");
}

#[test]
fn static_traversal_native_and_from_a_json_string() {
    for (name, text, col) in [
        ("t.hcl", "v = a.b[0][\"k\"]\n", 5),
        ("t.json", "{\"v\": \"a.b[0][\\\"k\\\"]\"}", 8),
    ] {
        let t = abs_traversal_for_expr(&expr(name, text)).unwrap();
        assert_eq!(t.to_string(), "a.b[0][\"k\"]", "{name}");
        assert_eq!(t.root_name(), Some("a"));
        assert_eq!(t.steps()[0].range().start.column, col, "{name}");
        let r = rel_traversal_for_expr(&expr(name, text)).unwrap();
        assert!(!r.is_absolute());
        assert_eq!(r.to_string(), ".a.b[0][\"k\"]");
    }
}

#[test]
fn static_traversal_of_a_computation_is_invalid() {
    for (name, text) in [
        ("t.hcl", "v = a + 1\n"),
        ("t.json", "{\"v\": \"a + 1\"}"),
        ("t.json", "{\"v\": 3}"),
    ] {
        let e = expr(name, text);
        let d = abs_traversal_for_expr(&e).unwrap_err();
        let d = d.iter().next().unwrap().clone();
        assert_eq!(d.summary, "Invalid expression");
        assert!(d
            .detail
            .starts_with("A single static variable reference is required"));
        assert_eq!(d.subject, Some(e.range()));
    }
}

#[test]
fn keywords_are_bare_names_in_both_syntaxes() {
    assert_eq!(
        expr_as_keyword(&expr("t.hcl", "v = string\n")).as_deref(),
        Some("string")
    );
    assert_eq!(
        expr_as_keyword(&expr("t.json", "{\"v\": \"string\"}")).as_deref(),
        Some("string")
    );
    assert_eq!(expr_as_keyword(&expr("t.hcl", "v = a.b\n")), None);
    assert_eq!(expr_as_keyword(&expr("t.hcl", "v = \"string\"\n")), None);
    assert_eq!(expr_as_keyword(&expr("t.json", "{\"v\": \"a b\"}")), None);
}

/// Every expression node under `e`, `e` first.
fn each_node<'a>(
    e: hcl_core::native::ExprNode<'a>,
    f: &mut dyn FnMut(hcl_core::native::ExprNode<'a>),
) {
    f(e);
    for c in e.children() {
        each_node(c, f);
    }
}

/// `line:column:byte` of both ends of a range.
fn ends(s: &hcl_core::Pos, e: &hcl_core::Pos) -> String {
    format!(
        "{}:{}:{}-{}:{}:{}",
        s.line, s.column, s.byte, e.line, e.column, e.byte
    )
}

/// The ends of `r`'s bytes resolved one position at a time through a file
/// whose line index is built: no position resolved from another.
fn indexed(file: &hcl_core::SourceFile, r: &Range) -> String {
    ends(&file.pos(r.start.byte), &file.pos(r.end.byte))
}

// Every call of the corpus answers `expr_call` with the ranges each
// position has on its own, whether the file's line index was built
// before (it is resolved from positions found before it, and positions
// are scanned until the index is built); every traversal's length is its
// number of steps; and the references a handle lends are those it answers.
hcl_test_shared::shared_test!(
    static_calls_and_traversals_of_the_corpus_match_their_parts,
    corpus,
    |dir| {
        let (mut calls, mut traversals) = (0, 0);
        for path in hcl_test_shared::config_files(dir) {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let name = path.display().to_string();
            let oracle = hcl_core::SourceFile::new(name.as_str(), text.as_str());
            oracle.line_count();
            let src = hcl_core::SourceFile::new(name.as_str(), text.as_str());
            let (file, _) = hcl_core::native::parse_config(&src, &Default::default());
            each_attribute(file.body(), &mut |a| {
                each_node(a.expr(), &mut |node| {
                    let handle = node.to_expression();
                    if let hcl_core::native::ExprKind::Call(call) = node.kind() {
                        let c = expr_call(&handle).unwrap();
                        assert_eq!(c.args().len(), call.args().len(), "{name}");
                        assert_eq!(c.name(), call.name(), "{name}");
                        for (got, want) in [
                            (&c.name_range(), call.name_range()),
                            (&c.args_range(), call.args_range()),
                            (&c.range(), call.range()),
                        ] {
                            assert_eq!(
                                ends(&got.start, &got.end),
                                indexed(&oracle, &want),
                                "{name}"
                            );
                        }
                        calls += 1;
                    }
                    let found = abs_traversal_for_expr(&handle).ok().into_iter();
                    for t in found.chain(node.variables().iter().map(|t| t.to_traversal())) {
                        assert_eq!(t.len(), t.steps().len(), "{name}: {t}");
                        traversals += 1;
                    }
                    let mut lent = Vec::new();
                    handle.each_variable(|t| {
                        let kept = t.to_traversal();
                        assert_eq!(Some(t.root_name()), kept.root_name(), "{name}: {t}");
                        assert_eq!(Some(t.range()), kept.range(), "{name}: {t}");
                        lent.push(kept);
                    });
                    assert_eq!(lent, handle.variables(), "{name}");
                })
            });
        }
        assert!(
            calls > 1000 && traversals > 10_000,
            "{calls} calls, {traversals} traversals"
        );
    }
);

/// Asks `new` and `old` every question a handle answers (twice for a
/// value: the second evaluation may read a kept constant), then asks the
/// parts static analysis hands out of each, down to `depth` levels;
/// counts the handles compared.
fn same_answers(new: &Expression, old: &Expression, depth: usize, at: &str, count: &mut usize) {
    use hcl_core::EvalContext;
    *count += 1;
    let (n, o) = (new.as_impl(), old.as_impl());
    let mut ctx = EvalContext::new();
    ctx.set_variable("var", Value::from("v"));
    for ctx in [None, Some(&ctx), None] {
        assert_eq!(
            format!("{:?}", new.value(ctx)),
            format!("{:?}", old.value(ctx)),
            "{at}: value"
        );
    }
    let show = |e: &Expression| {
        format!(
            "{:?}\n{:?} {:?}\n{:?}\n{:?}\n{:?} {:?}\n{:?} {:?}",
            e.variables(),
            e.range(),
            e.start_range(),
            e.as_impl().absolute_traversal(),
            e.as_impl().relative_traversal(),
            e.as_impl().as_keyword(),
            expr_as_keyword(e),
            abs_traversal_for_expr(e),
            rel_traversal_for_expr(e),
        )
    };
    assert_eq!(show(new), show(old), "{at}");
    let view = |e: &Expression| hcl_core::native::ExprNode::of(e).map(|v| format!("{:?}", v));
    assert_eq!(view(new), view(old), "{at}: syntax view");
    assert_eq!(
        format!("{:?}", expr_list(new).err()),
        format!("{:?}", expr_list(old).err()),
        "{at}"
    );
    let mut pairs: Vec<(Expression, Expression)> = Vec::new();
    match (n.static_list(), o.static_list()) {
        (Some(a), Some(b)) => {
            assert_eq!(a.len(), b.len(), "{at}: list");
            pairs.extend(a.into_iter().zip(b));
        }
        (a, b) => assert_eq!(a.is_some(), b.is_some(), "{at}: list"),
    }
    match (n.static_map(), o.static_map()) {
        (Some(a), Some(b)) => {
            assert_eq!(a.len(), b.len(), "{at}: map");
            for ((ak, av), (bk, bv)) in a.into_iter().zip(b) {
                pairs.push((ak, bk));
                pairs.push((av, bv));
            }
        }
        (a, b) => assert_eq!(a.is_some(), b.is_some(), "{at}: map"),
    }
    match (n.static_call(), o.static_call()) {
        (Some(a), Some(b)) => {
            let head = |c: &hcl_core::body::StaticCall| {
                format!(
                    "{} {:?} {:?} {:?} {}",
                    c.name(),
                    c.name_range(),
                    c.args_range(),
                    c.range(),
                    c.expand_final()
                )
            };
            assert_eq!(head(&a), head(&b), "{at}: call");
            assert_eq!(a.args().len(), b.args().len(), "{at}: call");
            pairs.extend(a.args().zip(b.args()));
        }
        (a, b) => assert_eq!(a.is_some(), b.is_some(), "{at}: call"),
    }
    if depth > 0 {
        for (i, (a, b)) in pairs.iter().enumerate() {
            same_answers(a, b, depth - 1, &format!("{at}/{i}"), count);
        }
    }
}

// A handle of an attribute's value, and each part static analysis hands
// out of it (list items, map keys and values, call arguments, and their
// parts in turn), answers as a handle of a copy of its node does.
hcl_test_shared::shared_test!(
    handles_into_the_file_answer_as_handles_of_copies_over_the_corpus,
    corpus,
    |dir| {
        let mut count = 0;
        for path in hcl_test_shared::config_files(dir) {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let name = path.display().to_string();
            let src = hcl_core::SourceFile::new(name.as_str(), text.as_str());
            let (file, _) = hcl_core::native::parse_config(&src, &Default::default());
            each_attribute(file.body(), &mut |a| {
                let at = format!("{name}: {}", a.name());
                same_answers(
                    &a.to_expression(),
                    &a.expr().to_expression(),
                    8,
                    &at,
                    &mut count,
                );
            });
        }
        assert!(count > 10_000, "{count} handles");
    }
);

/// Every attribute of `body`, nested blocks included.
fn each_attribute<'a>(
    body: hcl_core::native::BodyNode<'a>,
    f: &mut dyn FnMut(hcl_core::native::AttributeNode<'a>),
) {
    body.attributes().for_each(&mut *f);
    for b in body.blocks() {
        each_attribute(b.body(), f);
    }
}
