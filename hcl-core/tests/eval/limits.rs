//! Resource limits of evaluation.

use super::*;
use hcl_core::native::eval::evaluate;
use hcl_core::native::ExprNode;

/// Evaluates `src` in the tests' context, within `limits`.
fn eval_with(src: &str, limits: Limits) -> (Value, Diagnostics) {
    let file = SourceFile::new("test.hcl", src);
    let (expr, diags) = parse_expression(&file, &Limits::default());
    assert!(diags.is_empty());
    let mut c = ctx();
    c.set_limits(limits);
    evaluate(ExprNode::of(&expr).unwrap(), Some(&c))
}

fn elements(n: usize) -> Limits {
    Limits::default().with_max_elements(n)
}

#[test]
fn defaults_are_documented_values() {
    let l = Limits::default();
    assert_eq!(l.max_depth, 128);
    assert_eq!(l.max_elements, 1 << 22);
    assert_eq!(l.max_bytes, 64 * 1024 * 1024);
    assert_eq!(*EvalContext::new().limits(), l);
}

#[test]
fn for_and_splat_element_limits() {
    // The literal (3), the pairs the loop iterates over (3), its result (3).
    assert!(eval_with("[for x in [1, 2, 3] : x]", elements(9))
        .1
        .is_empty());
    // The literal (4) fits; the pairs (4 more) do not.
    let (v, diags) = eval_with("[for x in [1, 2, 3, 4] : x]", elements(7));
    assert_eq!(v, Value::dynamic());
    let d = diags.iter().next().unwrap();
    assert_eq!(d.summary, "Evaluation limit exceeded");
    assert_eq!(d.subject.clone().unwrap().start.column, 11);
    // The literal (4), then the splat's copy and result (8).
    let (_, diags) = eval_with("[1, 2, 3, 4][*]", elements(11));
    let d = diags.iter().next().unwrap();
    assert_eq!(d.summary, "Evaluation limit exceeded");
    assert_eq!(d.subject.clone().unwrap().start.column, 13);
    assert!(eval_with("[1, 2, 3, 4][*]", elements(12)).1.is_empty());
}

#[test]
fn nested_loops_share_one_element_budget() {
    // 2 + 2 + 2 × (3 + 3 + 3) + 2 = 24 elements: within the budget.
    let two_by_three = "[for x in [1, 2] : [for y in [1, 2, 3] : y]]";
    assert!(eval_with(two_by_three, elements(24)).1.is_empty());
    let (_, diags) = eval_with(two_by_three, elements(23));
    let d = diags.iter().next().unwrap();
    assert_eq!(d.summary, "Evaluation limit exceeded");
    // The outer loop's result is the last thing built.
    assert_eq!(d.subject.clone().unwrap().start.column, 1);
    // Reported once, however many loops follow.
    let (_, diags) = eval_with(
        "[for x in [1, 2, 3, 4, 5] : [for y in [1, 2] : y]]",
        elements(12),
    );
    assert_eq!(diags.len(), 1);
}

#[test]
fn template_size_limit() {
    let bytes = Limits::default().with_max_bytes(10);
    assert_eq!(eval_with("\"0123456789\"", bytes).0, s("0123456789"));
    let (v, diags) = eval_with("\"%{for x in [1, 2, 3, 4, 5, 6]}ab%{endfor}\"", bytes);
    assert_eq!(v, Value::unknown(Type::String));
    assert_eq!(
        diags.iter().next().unwrap().summary,
        "Evaluation limit exceeded"
    );
    // "web" three times fits; the fourth interpolation does not.
    let (_, diags) = eval_with("\"${var.name}${var.name}${var.name}${var.name}\"", bytes);
    let d = diags.iter().next().unwrap();
    assert_eq!(d.summary, "Evaluation limit exceeded");
    assert_eq!(d.subject.clone().unwrap().start.column, 37);
}

#[test]
fn the_depth_limit_allows_n_levels_and_reports_n_plus_one() {
    // Each bracket and the literal inside is one level.
    for n in [5, 50, 127] {
        let at = |brackets: usize| format!("{}1{}", "[".repeat(brackets), "]".repeat(brackets));
        let limits = Limits::default().with_max_depth(n);
        assert!(eval_with(&at(n - 1), limits).1.is_empty(), "{n}");
        let (_, diags) = eval_with(&at(n), limits);
        let d = diags.iter().next().unwrap();
        assert_eq!(d.summary, "Maximum nesting depth exceeded", "{n}");
        assert_eq!(d.subject.clone().unwrap().start.column as usize, n + 1);
    }
}

#[test]
fn deep_nesting_within_the_parser_limit_evaluates_on_a_small_stack() {
    // The deepest input the parser accepts, evaluated on a thread with a
    // small (debug-build) stack.
    let depth = 120;
    let src = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
    let src2 = format!("{}1{}", "(1 + ".repeat(depth), ")".repeat(depth));
    let handle = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            let file = SourceFile::new("deep.hcl", src.as_str());
            let (expr, diags) = parse_expression(&file, &Limits::default());
            assert!(diags.is_empty(), "{diags}");
            let (_, diags) = expr.value(None);
            assert!(diags.is_empty(), "{diags}");
            let file = SourceFile::new("deep.hcl", src2.as_str());
            let (expr, diags) = parse_expression(&file, &Limits::default());
            if diags.is_empty() {
                let (v, diags) = expr.value(None);
                assert!(
                    diags.is_empty()
                        || diags
                            .iter()
                            .all(|d| d.summary == "Maximum nesting depth exceeded")
                );
                let _ = v;
            }
        })
        .unwrap();
    handle.join().unwrap();
}

/// A result cut short by the depth limit is reported, also where only a
/// part's diagnostics are kept (a conditional's chosen arm, the operand a
/// short-circuit keeps): the limit is reported once an evaluation, so the
/// report of a dropped part must not be lost with it.
#[test]
fn results_cut_short_by_the_depth_limit_are_always_reported() {
    let deep = |n: usize| format!("{}1{}", "true ? ".repeat(n), " : 2".repeat(n));
    let cases = [
        // The innermost arms and condition are a level deeper than the
        // limit: the arm that goes too deep first is dropped with the
        // unknown condition.
        (deep(50), Limits::default().with_max_depth(50)),
        (
            format!("false || ({})", deep(49)),
            Limits::default().with_max_depth(50),
        ),
        (
            format!("({}) && true", deep(49)),
            Limits::default().with_max_depth(50),
        ),
    ];
    for (src, limits) in cases {
        let (v, diags) = eval_with(&src, limits);
        assert!(!v.is_known(), "{src}: {v:?}");
        let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_str()).collect();
        assert_eq!(summaries, ["Maximum nesting depth exceeded"], "{src}");
    }
    // Within the limit, nothing is reported.
    let (v, diags) = eval_with(&deep(48), Limits::default().with_max_depth(50));
    assert_eq!((v, diags.len()), (Value::from(1), 0));
}

#[test]
fn long_index_chains_hit_the_depth_limit_not_the_stack() {
    let src = format!("var.list{}", "[0 + 0]".repeat(100));
    let (v, diags) = eval_with(&src, Limits::default().with_max_depth(50));
    assert_eq!(v, Value::dynamic());
    assert_eq!(diags.len(), 1);
    assert_eq!(
        diags.iter().next().unwrap().summary,
        "Maximum nesting depth exceeded"
    );
}

/// Each construct nested as deeply as the parser allows (or up to 127
/// levels), evaluated on a 2 MiB thread (the default test-thread stack) in
/// whatever build profile the tests run: no stack overflow, and either a
/// value or the depth diagnostic.
#[test]
fn every_construct_nested_to_the_parser_limit_is_stack_safe() {
    let shapes: &[(&str, &str, &str)] = &[
        ("[", "1", "]"),
        ("{a = ", "1", "}"),
        ("(", "1", ")"),
        ("upper(", "\"x\"", ")"),
        ("true ? ", "1", " : 0"),
        ("1 + ", "1", ""),
        ("!", "true", ""),
        ("-", "1", ""),
        ("\"${", "\"x\"", "}\""),
        ("\"%{if true}${", "\"x\"", "}%{endif}\""),
        ("[for x in [1] : ", "x", "]"),
        ("{for x in [1] : \"k\" => ", "x", "}"),
        ("try(", "1", ")"),
        ("[", "var.list[0]", "][0]"),
        ("[", "[1]", "][*][0]"),
    ];
    let mut handles = Vec::new();
    for &(open, mid, close) in shapes {
        let (open, mid, close) = (open.to_owned(), mid.to_owned(), close.to_owned());
        let h = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let c = ctx();
                for depth in [10, 40, 63, 64, 100, 126, 127, 128, 200] {
                    let src = format!("{}{mid}{}", open.repeat(depth), close.repeat(depth));
                    let file = SourceFile::new("deep.hcl", src.as_str());
                    let (expr, diags) = parse_expression(&file, &Limits::default());
                    if diags.has_errors() {
                        continue;
                    }
                    let (_, diags) = expr.value(Some(&c));
                    for d in &diags {
                        // `try` reports the depth error of its arguments
                        // inside its own.
                        assert!(
                            d.summary == "Maximum nesting depth exceeded"
                                || d.detail.contains("Maximum nesting depth exceeded"),
                            "{open}×{depth}: {d}"
                        );
                    }
                    let handle = expr;
                    let _ = handle.variables();
                }
            })
            .unwrap();
        handles.push(h);
    }
    for h in handles {
        h.join().unwrap();
    }
}

#[test]
fn a_json_value_is_one_evaluation_with_one_budget() {
    // Three templates of about 44 bytes each (the format string and its
    // 40-byte result): one value, one budget, one diagnostic.
    let template = r#""${format(\"%40s\", \"\")}""#;
    let text = format!(r#"{{"a": [{template}, {template}, {template}], "b": "literal"}}"#);
    let (body, diags) = hcl_core::load::parse_source("t.json", &text);
    assert!(diags.is_empty(), "{diags}");
    let (attrs, _) = body.just_attributes();
    let value_within = |limits: Limits| {
        let mut c = ctx();
        c.add_functions(&hcl_core::function::stdlib::functions())
            .set_limits(limits);
        attrs.get("a").unwrap().expr.value(Some(&c))
    };
    let (v, diags) = value_within(Limits::default().with_max_bytes(200));
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v.length(), Some(3));
    let (_, diags) = value_within(Limits::default().with_max_bytes(100));
    let summaries: Vec<_> = diags.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(summaries, ["Evaluation limit exceeded"]);
    // The array's elements count too.
    let (_, diags) = value_within(Limits::default().with_max_elements(2));
    let summaries: Vec<_> = diags.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(summaries, ["Evaluation limit exceeded"]);
    // In literal-only mode strings are literal text, charged all the same.
    let (v, diags) = attrs.get("b").unwrap().expr.value(None);
    assert!(diags.is_empty());
    assert_eq!(v, s("literal"));
}

/// The issue's unbounded expressions and their relatives (`jsonencode` of
/// it, `setproduct` in a `for`, a 64 MiB `format` in a `for`), each with
/// the call that crosses the budget: (expression, byte where that call
/// starts, its text).
const UNBOUNDED: &[(&str, u32, &str)] = &[
    (
        "length(flatten([for i in range(1024) : [for j in range(1024) : range(1024)]]))",
        63,
        "range(1024)",
    ),
    (
        "jsonencode([for i in range(1024) : [for j in range(1024) : range(1024)]])",
        59,
        "range(1024)",
    ),
    (
        "[for i in range(1024) : setproduct(range(1024), range(1024))]",
        24,
        "setproduct(range(1024), range(1024))",
    ),
    (
        "[for i in range(1024) : format(\"%67108863s\", \"\")]",
        24,
        "format(\"%67108863s\", \"\")",
    ),
];

/// Asserts that `text`, evaluated with the standard library within
/// `limits`, ends in exactly one diagnostic: "Evaluation limit exceeded"
/// at the call `at`..`at + call.len()`.
fn assert_ends_at_the_budget(text: &str, at: u32, call: &str, limits: Limits) {
    let file = SourceFile::new("test.hcl", text);
    let (expr, diags) = parse_expression(&file, &Limits::default());
    assert!(diags.is_empty(), "{diags}");
    let mut c = EvalContext::new();
    c.add_functions(&hcl_core::function::stdlib::functions())
        .set_limits(limits);
    let (v, diags) = expr.value(Some(&c));
    assert_eq!(diags.len(), 1, "{text}: {diags}");
    let d = diags.iter().next().unwrap();
    assert_eq!(d.summary, "Evaluation limit exceeded", "{text}");
    let r = d.subject.clone().unwrap();
    assert_eq!(
        (r.start.byte, r.end.byte),
        (at, at + call.len() as u32),
        "{text}"
    );
    assert!(!v.is_known(), "{text}: {v:?}");
}

/// On a budget scaled down so that the debug build stays quick: the same
/// call crosses it. The default budget is the release-build test below.
#[test]
fn the_issues_unbounded_expressions_end_at_the_call_that_crosses_the_budget() {
    let small = Limits::default()
        .with_max_elements(1 << 14)
        .with_max_bytes(1 << 20);
    for &(text, at, call) in UNBOUNDED {
        assert_ends_at_the_budget(text, at, call, small);
    }
    // The format is refused before anything is allocated: cheap on the
    // default budget in any build.
    let (text, at, call) = UNBOUNDED[3];
    assert_ends_at_the_budget(text, at, call, Limits::default());
}

/// The default budget (about 4 million elements are built before the
/// limit is crossed, a few seconds in a debug build); measured figures for
/// the release build are in BENCHMARKS.md.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "costly in a debug build: cargo test --release -p hcl-core --test eval"
)]
fn the_issues_unbounded_expressions_end_at_the_default_budget() {
    for &(text, at, call) in UNBOUNDED {
        assert_ends_at_the_budget(text, at, call, Limits::default());
    }
}
