use super::*;
use crate::native::parse_expr as parse_expression;
use crate::native::syntax::ExprNode;
use crate::Limits;

fn eval(src: &str, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
    let file = SourceFile::new("t.hcl", src);
    let (expr, diags) = parse_expression(&file, &Limits::default());
    assert!(diags.is_empty(), "{src}: {diags}");
    evaluate(ExprNode::new(&file, &expr), ctx)
}

fn eval_within(src: &str, limits: Limits) -> (Value, Diagnostics) {
    let mut ctx = EvalContext::new();
    ctx.add_functions(&crate::function::stdlib::functions())
        .set_limits(limits);
    eval(src, Some(&ctx))
}

#[test]
fn depth_limit_reports_once_with_a_range() {
    let file = SourceFile::new("t.hcl", "[[[[1]]]]");
    let (expr, _) = parse_expression(&file, &Limits::default());
    let mut ctx = EvalContext::new();
    ctx.set_limits(Limits::default().with_max_depth(4));
    let (v, diags) = evaluate(ExprNode::new(&file, &expr), Some(&ctx));
    assert_eq!(diags.len(), 1);
    let d = diags.iter().next().unwrap();
    assert_eq!(d.summary, "Maximum nesting depth exceeded");
    assert_eq!(d.subject.clone().unwrap().start.column, 5);
    assert_eq!(
        v.ty(),
        Type::tuple([Type::tuple([Type::tuple([Type::tuple([Type::Dynamic])])])])
    );
    // Four brackets and the literal: five levels.
    ctx.set_limits(Limits::default().with_max_depth(5));
    assert!(evaluate(ExprNode::new(&file, &expr), Some(&ctx))
        .1
        .is_empty());
}

/// The one diagnostic of an evaluation past its budget, as
/// "summary @ subject text".
fn over_budget(src: &str, limits: Limits) -> String {
    let (_, diags) = eval_within(src, limits);
    let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{src}: {diags}");
    let d = errors[0];
    let at = d.subject.clone().unwrap();
    format!(
        "{} @ {}",
        d.summary,
        &src[at.start.byte as usize..at.end.byte as usize]
    )
}

/// Past the budget an evaluation winds down: `for` (and splat) elements
/// stop, and no further call is made (a call computes its result
/// before charging it: a thousand of `pow(3, 600000)` took seconds after
/// the first few had spent the budget).
#[test]
fn past_the_budget_no_call_is_made() {
    use crate::function::{Function, Param};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    let calls = Arc::new(AtomicUsize::new(0));
    let counted = calls.clone();
    let f = Function::builder()
        .param(Param::new("n", Type::Number))
        .returns(Type::String)
        .implementation(move |_, cx| {
            counted.fetch_add(1, Ordering::Relaxed);
            cx.charge_bytes(1000)?;
            Ok(Value::from("x"))
        });
    for src in [
        "[for i in range(1000) : f(i)]",
        "{for i in range(1000) : i => f(i)}",
        "[for i in range(1000) : [f(i), f(i)]]",
    ] {
        calls.store(0, Ordering::Relaxed);
        let mut ctx = EvalContext::new();
        ctx.add_functions(&crate::function::stdlib::functions())
            .set_function("f", f.clone())
            .set_limits(Limits::default().with_max_bytes(10_500));
        let (_, diags) = eval(src, Some(&ctx));
        let made = calls.load(Ordering::Relaxed);
        // Ten calls fit the budget, the eleventh exceeds it.
        assert_eq!(made, 11, "{src}");
        assert!(diags.has_errors(), "{src}");
    }
}

#[test]
fn every_construct_is_charged_to_the_budget() {
    let elements = |n| Limits::default().with_max_elements(n);
    let bytes = |n| Limits::default().with_max_bytes(n);
    let cases: &[(&str, Limits, &str)] = &[
        // A tuple of three, then a second one.
        ("[[1, 2, 3], [4, 5, 6]]", elements(6), "[4, 5, 6]"),
        // An object costs its attributes and MAP_NODE (16) for its node.
        (
            "{a = 1, b = {c = 2, d = 3}}",
            elements(35),
            "{c = 2, d = 3}",
        ),
        // `for`: the three pairs it iterates over, then its result.
        (
            "[for x in [1, 2, 3] : x]",
            elements(8),
            "[for x in [1, 2, 3] : x]",
        ),
        (
            "{for x in [1, 2, 3] : x => x}",
            elements(8),
            "{for x in [1, 2, 3] : x => x}",
        ),
        ("[for x in [1, 2, 3] : x]", elements(3), "[1, 2, 3]"),
        // A splat copies the elements and builds its result: 2n.
        ("[1, 2, 3][*]", elements(8), "[*]"),
        // String literals, template parts and results.
        ("[\"abcd\", \"efgh\"]", bytes(7), "\"efgh\""),
        ("\"ab${\"cd\"}\"", bytes(5), "\"cd\""),
        // Each "ab" is built, then copied into the loop's output.
        (
            "\"%{for x in [1, 2, 3]}ab%{endfor}\"",
            bytes(11),
            "%{for x in [1, 2, 3]}ab%{endfor}",
        ),
        // Conversions that copy a collection: a conditional's arm unified
        // to a list, a tuple passed for a `list(string)` parameter.
        ("true ? [1, 2, 3] : []", elements(5), "[1, 2, 3]"),
        ("join(\",\", [\"a\", \"b\"])", elements(3), "[\"a\", \"b\"]"),
        // Functions charge what they build.
        ("range(10)", elements(9), "range(10)"),
        ("format(\"%10s\", \"\")", bytes(9), "format(\"%10s\", \"\")"),
        ("upper(\"abcdef\")", bytes(11), "upper(\"abcdef\")"),
        // Big numbers built and read by functions and operators: 3^100000
        // takes about 20 KB and counts about 80 KB (past 4 KiB a number
        // counts its size times its size in 4 KiB units).
        ("pow(3, 100000) * 3", bytes(70_000), "pow(3, 100000)"),
        ("pow(3, 100000) * 3", bytes(100_000), "pow(3, 100000) * 3"),
    ];
    for (src, limits, subject) in cases {
        assert_eq!(
            over_budget(src, *limits),
            format!("Evaluation limit exceeded @ {subject}"),
            "{src}"
        );
    }
}

#[test]
fn within_the_budget_nothing_is_reported() {
    let (v, diags) = eval_within(
        "[for x in range(3) : \"${x}-${upper(\"a\")}\"]",
        Limits::default().with_max_elements(9).with_max_bytes(20),
    );
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v, Value::tuple(["0-A", "1-A", "2-A"].map(Value::from)));
}

#[test]
fn an_exceeded_budget_is_reported_once_and_stops_growth() {
    // Every later loop and call fails too, silently.
    let src = "[for i in range(100) : [for j in range(100) : format(\"%100s\", j)]]";
    let limits = Limits::default()
        .with_max_elements(1000)
        .with_max_bytes(10_000);
    let (v, diags) = eval_within(src, limits);
    assert_eq!(diags.len(), 1, "{diags}");
    assert!(!v.is_wholly_known());
}

#[test]
fn try_and_can_do_not_hide_an_exceeded_budget() {
    let limits = Limits::default().with_max_elements(100);
    for src in [
        "try(range(200), 1)",
        "can(range(200))",
        "try(1, range(200))",
    ] {
        let (v, diags) = eval_within(src, limits);
        if src == "try(1, range(200))" {
            // The first argument succeeds; the second is never evaluated.
            assert!(diags.is_empty(), "{src}: {diags}");
            assert_eq!(v, Value::from(1));
            continue;
        }
        let d: Vec<_> = diags.iter().map(|d| d.summary.as_str()).collect();
        assert_eq!(d, ["Evaluation limit exceeded"], "{src}");
    }
    // Within the budget they work as usual.
    let (v, diags) = eval_within("can(range(50))", limits);
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v, Value::Bool(true));
}

#[test]
fn literal_only_mode_has_the_default_budget() {
    // Nested loops over literal lists: 1000^3 elements without a budget.
    let thousand = format!("[{}]", vec!["0"; 1000].join(", "));
    let src = format!("[for a in {thousand} : [for b in {thousand} : [for c in {thousand} : c]]]");
    let (_, diags) = eval(&src, None);
    let d: Vec<_> = diags.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(d, ["Evaluation limit exceeded"]);
}

#[test]
fn a_constant_is_small() {
    // An expression handle keeps one beside its node: 32 bytes, read
    // together when the handle is evaluated.
    assert_eq!(std::mem::size_of::<Option<Constant>>(), 32);
    // The handle itself, with its node and its first-evaluation flag.
    assert_eq!(std::mem::size_of::<crate::Expression>(), 64);
}

#[test]
fn a_constant_is_evaluated_once_with_what_it_takes_of_the_budget() {
    let file = SourceFile::new("t.hcl", "[[\"ab\"], { k = 1 }]");
    let (expr, _) = parse_expression(&file, &Limits::default());
    let constant = Constant::of(ExprNode::new(&file, &expr)).unwrap();
    // Three levels (the outer tuple, the inner tuple and the object, the
    // string), elements: 2 + 1 + (1 + MAP_NODE), bytes: "ab".
    assert_eq!(
        (constant.depth, constant.elements, constant.bytes),
        (3, 4 + MAP_NODE as u16, 2)
    );
    let within = |limits: Limits| constant.fits(&limits);
    assert!(within(Limits::default()));
    assert!(within(Limits::default().with_max_depth(3)));
    assert!(!within(Limits::default().with_max_depth(2)));
    assert!(!within(Limits::default().with_max_elements(3 + MAP_NODE)));
    assert!(!within(Limits::default().with_max_bytes(1)));
    // Whatever reads the context, or fails, is not a constant.
    for src in [
        "[x]",
        "[f()]",
        "[for v in [1] : v]",
        "{ a.b = 1 }",
        "[1 + true]",
    ] {
        let file = SourceFile::new("t.hcl", src);
        let (expr, _) = parse_expression(&file, &Limits::default());
        assert!(Constant::of(ExprNode::new(&file, &expr)).is_none(), "{src}");
    }
}

#[test]
fn literal_mode_evaluates_constant_expressions() {
    assert_eq!(eval("1 + 2 * 3", None).0, Value::from(7));
    assert_eq!(
        eval("[for x in [1, 2] : x * 2]", None).0,
        Value::tuple([Value::from(2), Value::from(4)])
    );
}

/// Source text of a random expression: literals of every kind the literal
/// fast path takes (and some it must leave alone), inside the constructs
/// that reach it only through the general path, or make a constant of it
/// (tuples, objects, operators: a handle evaluates those beforehand).
fn expression_text() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let leaf = prop_oneof![
        Just("0".to_owned()),
        Just("1.5".to_owned()),
        Just("1e400".to_owned()),
        Just("true".to_owned()),
        Just("null".to_owned()),
        Just("\"\"".to_owned()),
        Just("\"e\\u0301\"".to_owned()),
        Just("\"a\\nb\"".to_owned()),
        Just("\"%%{x}$${y}\"".to_owned()),
        Just("\"${1}\"".to_owned()),
        Just("\"a${true}b\"".to_owned()),
        Just("\"%{ if true }x%{ endif }\"".to_owned()),
        Just("<<EOT\nheredoc\nEOT\n".to_owned()),
        Just("x".to_owned()),
        Just("-1".to_owned()),
        Just("[1, 2][0]".to_owned()),
        Just("{ a = \"b\" }.a".to_owned()),
        Just("[for v in [1, 2] : v]".to_owned()),
        Just("[{ a = 1 }][*].a".to_owned()),
        Just("{ a.b = 1 }".to_owned()),
        Just("f()".to_owned()),
        Just("1 + true".to_owned()),
        // Past the size of the constants a handle evaluates beforehand.
        Just(format!("[{}]", vec!["\"ab\""; 70].join(", "))),
        "[a-z]{0,12}".prop_map(|s| format!("{s:?}")),
    ];
    leaf.prop_recursive(3, 16, 3, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..3)
                .prop_map(|items| format!("[{}]", items.join(", "))),
            (inner.clone(), inner.clone()).prop_map(|(k, v)| format!("{{ k = {v}, ({k}) = {v} }}")),
            inner.clone().prop_map(|e| format!("({e})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{a} == {b}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("true ? {a} : {b}")),
        ]
    })
}

/// Limits around the literal fast path's conditions: no depth at all,
/// strings just over or under the byte budget, and the defaults.
fn limits() -> impl proptest::strategy::Strategy<Value = Option<Limits>> {
    use proptest::prelude::*;
    proptest::option::of((0usize..4, 0usize..16, 0usize..40).prop_map(
        |(depth, bytes, elements)| {
            Limits::default()
                .with_max_depth(depth)
                .with_max_bytes(bytes)
                .with_max_elements(elements)
        },
    ))
}

proptest::proptest! {
    /// The literal fast path behind `evaluate`, and the constant behind an
    /// expression handle (found when the handle is evaluated a second
    /// time, read from then on), give the value and the diagnostics of the
    /// general path, in literal-only mode and in a context with any
    /// limits, at every evaluation of the handle; a handle's variables are
    /// those the walk of its node finds.
    #[test]
    fn literal_fast_path_agrees_with_the_general_path(
        src in expression_text(),
        limits in limits(),
        with_context in proptest::bool::ANY,
    ) {
        let file = SourceFile::new("t.hcl", src.as_str());
        let (expr, parse_diags) = parse_expression(&file, &Limits::default());
        proptest::prop_assume!(!parse_diags.has_errors());
        let mut ctx = EvalContext::new();
        if let Some(limits) = limits {
            ctx.set_limits(limits);
        }
        let ctx = (with_context || limits.is_some()).then_some(&ctx);
        let node = ExprNode::new(&file, &expr);
        let (fast, fast_diags) = evaluate(node, ctx);
        let (general, general_diags) = evaluate_general(node, ctx);
        proptest::prop_assert_eq!(fast.ty(), general.ty(), "{}", src);
        proptest::prop_assert_eq!(&fast, &general, "{}", src);
        proptest::prop_assert_eq!(&fast_diags, &general_diags, "{}", src);
        let handle = crate::native::NativeExpression::new(file.clone(), std::sync::Arc::new(expr.clone()));
        for evaluation in 1..=3 {
            let (decoded, decoded_diags) = crate::body::ExpressionImpl::value(&handle, ctx);
            proptest::prop_assert_eq!(decoded.ty(), general.ty(), "{} ({})", src, evaluation);
            proptest::prop_assert_eq!(&decoded, &general, "{} ({})", src, evaluation);
            proptest::prop_assert_eq!(&decoded_diags, &general_diags, "{} ({})", src, evaluation);
        }
        let variables = crate::body::ExpressionImpl::variables(&handle);
        proptest::prop_assert_eq!(variables, node.traversals(), "{}", src);
    }
}
