use super::*;
use crate::native::syntax::ExprNode;
use crate::native::{parse_expr as parse_expression, ParseOptions};

fn eval(src: &str, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
    let file = SourceFile::new("t.hcl", src);
    let (expr, diags) = parse_expression(&file, &ParseOptions::default());
    assert!(diags.is_empty(), "{src}: {diags}");
    evaluate(ExprNode::new(&file, &expr), ctx)
}

#[test]
fn depth_limit_reports_once_with_a_range() {
    let file = SourceFile::new("t.hcl", "[[[[1]]]]");
    let (expr, _) = parse_expression(&file, &ParseOptions::default());
    let options = EvalOptions {
        max_depth: 3,
        ..EvalOptions::default()
    };
    let (v, diags) = evaluate_with_options(ExprNode::new(&file, &expr), None, &options);
    assert_eq!(diags.len(), 1);
    let d = diags.iter().next().unwrap();
    assert_eq!(d.summary, "Maximum nesting depth exceeded");
    assert_eq!(d.subject.clone().unwrap().start.column, 4);
    assert_eq!(
        v.ty(),
        Type::tuple([Type::tuple([Type::tuple([Type::Dynamic])])])
    );
    let ok = EvalOptions {
        max_depth: 5,
        ..EvalOptions::default()
    };
    assert!(
        evaluate_with_options(ExprNode::new(&file, &expr), None, &ok)
            .1
            .is_empty()
    );
}

#[test]
fn literal_mode_evaluates_constant_expressions() {
    assert_eq!(eval("1 + 2 * 3", None).0, Value::from(7));
    assert_eq!(
        eval("[for x in [1, 2] : x * 2]", None).0,
        Value::tuple([Value::from(2), Value::from(4)])
    );
}
