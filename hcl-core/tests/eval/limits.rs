//! Resource limits of evaluation.

use super::*;
use hcl_core::native::eval::{evaluate_with_options, EvalOptions};
use hcl_core::native::ExprNode;

fn eval_with(src: &str, options: &EvalOptions) -> (Value, Diagnostics) {
    let file = SourceFile::new("test.hcl", src);
    let (expr, diags) = parse_expression(&file, &ParseOptions::default());
    assert!(diags.is_empty());
    evaluate_with_options(ExprNode::of(&expr).unwrap(), Some(&ctx()), options)
}

#[test]
fn defaults_are_documented_values() {
    let o = EvalOptions::default();
    assert_eq!(o.max_depth, 128);
    assert_eq!(o.max_elements, 1_048_576);
    assert_eq!(o.max_template_bytes, 64 * 1024 * 1024);
}

#[test]
fn for_and_splat_element_limits() {
    let o = EvalOptions {
        max_elements: 3,
        ..EvalOptions::default()
    };
    assert!(eval_with("[for x in [1, 2, 3] : x]", &o).1.is_empty());
    let (v, diags) = eval_with("[for x in [1, 2, 3, 4] : x]", &o);
    assert_eq!(v, Value::dynamic());
    let d = diags.iter().next().unwrap();
    assert_eq!(d.summary, "Evaluation limit exceeded");
    assert_eq!(d.subject.clone().unwrap().start.column, 11);
    let (_, diags) = eval_with("[1, 2, 3, 4][*]", &o);
    let d = diags.iter().next().unwrap();
    assert_eq!(d.summary, "Evaluation limit exceeded");
    assert_eq!(d.subject.clone().unwrap().start.column, 13);
}

#[test]
fn nested_loops_share_one_element_budget() {
    let o = EvalOptions {
        max_elements: 8,
        ..EvalOptions::default()
    };
    // 2 + 2 × 3 = 8 elements: within the budget.
    assert!(
        eval_with("[for x in [1, 2] : [for y in [1, 2, 3] : y]]", &o)
            .1
            .is_empty()
    );
    // 3 + 3 × 2 = 9.
    let (_, diags) = eval_with("[for x in [1, 2, 3] : [for y in [1, 2] : y]]", &o);
    let d = diags.iter().next().unwrap();
    assert_eq!(d.summary, "Evaluation limit exceeded");
    assert_eq!(d.subject.clone().unwrap().start.column, 33);
    // Reported once, however many loops follow.
    let (_, diags) = eval_with("[for x in [1, 2, 3, 4, 5] : [for y in [1, 2] : y]]", &o);
    assert_eq!(diags.len(), 1);
}

#[test]
fn template_size_limit() {
    let o = EvalOptions {
        max_template_bytes: 10,
        ..EvalOptions::default()
    };
    assert_eq!(eval_with("\"0123456789\"", &o).0, s("0123456789"));
    let (v, diags) = eval_with("\"%{for x in [1, 2, 3, 4, 5, 6]}ab%{endfor}\"", &o);
    assert_eq!(v, Value::unknown(Type::String));
    assert_eq!(
        diags.iter().next().unwrap().summary,
        "Evaluation limit exceeded"
    );
    let (_, diags) = eval_with("\"${var.name}${var.name}${var.name}${var.name}\"", &o);
    let d = diags.iter().next().unwrap();
    assert_eq!(d.summary, "Evaluation limit exceeded");
    assert_eq!(d.subject.clone().unwrap().start.column, 37);
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
            let (expr, diags) = parse_expression(&file, &ParseOptions::default());
            assert!(diags.is_empty(), "{diags}");
            let (_, diags) = expr.value(None);
            assert!(diags.is_empty(), "{diags}");
            let file = SourceFile::new("deep.hcl", src2.as_str());
            let (expr, diags) = parse_expression(&file, &ParseOptions::default());
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

#[test]
fn long_index_chains_hit_the_depth_limit_not_the_stack() {
    let src = format!("var.list{}", "[0 + 0]".repeat(100));
    let o = EvalOptions {
        max_depth: 50,
        ..EvalOptions::default()
    };
    let (v, diags) = eval_with(&src, &o);
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
                    let (expr, diags) = parse_expression(&file, &ParseOptions::default());
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
