//! The spec suite's expression cases (`../shared/specsuite/tests/expressions`):
//! every attribute of each `.hcl` file is evaluated, blocks become nested
//! objects keyed by type and labels (as the cases' `.hcldec` specs map
//! them), and the result is compared with the `result` of the `.t` file.
//! Object and map results compare alike (the `.t` file's `result_type`
//! conversion is the later hcldec harness's job).

use hcl_core::native::{parse_config, BodyNode, ExprNode, File};

use super::*;

fn parse(path: &std::path::Path) -> File {
    let text = std::fs::read_to_string(path).unwrap();
    let src = SourceFile::new(path.display().to_string(), text);
    let (file, diags) = parse_config(&src, &Limits::default());
    assert!(!diags.has_errors(), "{}: {diags}", path.display());
    file
}

fn eval_attr(expr: ExprNode<'_>, ctx: &EvalContext) -> Value {
    let (v, diags) = expr.value(Some(ctx));
    assert!(diags.is_empty(), "{diags}");
    v
}

/// The body as an object: attributes by name, blocks by type then labels.
fn body_value(body: BodyNode<'_>, ctx: &EvalContext) -> Value {
    let mut attrs: Vec<(String, Value)> = body
        .attributes()
        .map(|a| (a.name().to_owned(), eval_attr(a.expr(), ctx)))
        .collect();
    let mut blocks: std::collections::BTreeMap<String, Vec<(Vec<String>, Value)>> =
        Default::default();
    for b in body.blocks() {
        let labels = b.labels().map(|l| l.value().to_owned()).collect();
        blocks
            .entry(b.type_name().to_owned())
            .or_default()
            .push((labels, body_value(b.body(), ctx)));
    }
    for (ty, items) in blocks {
        let value = if items.iter().all(|(l, _)| l.is_empty()) {
            items.into_iter().next().map(|(_, v)| v).unwrap()
        } else {
            Value::object(items.into_iter().map(|(l, v)| (l.join("."), v)))
        };
        attrs.push((ty, value));
    }
    Value::object(attrs)
}

/// Equality that reads maps and objects alike.
fn same(a: &Value, b: &Value) -> bool {
    match (a.as_entries(), b.as_entries()) {
        (Some(x), Some(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|((ka, va), (kb, vb))| ka == kb && same(va, vb))
        }
        _ => match (a, b) {
            (Value::Null(_), Value::Null(_)) => true,
            _ => a.equals(b) == Value::Bool(true),
        },
    }
}

hcl_test_shared::shared_test!(
    specsuite_expression_cases_evaluate_to_their_results,
    specsuite,
    |dir| {
        let dir = dir.join("tests/expressions");
        let mut ran = 0;
        for case in ["heredoc", "operators", "primitive_literals"] {
            let file = parse(&dir.join(format!("{case}.hcl")));
            let spec = parse(&dir.join(format!("{case}.hcldec")));
            let mut ctx = EvalContext::new();
            for b in spec.body().blocks() {
                if b.type_name() == "variables" {
                    for a in b.body().attributes() {
                        let (v, d) = a.expr().value(None);
                        assert!(d.is_empty());
                        ctx.set_variable(a.name(), v);
                    }
                }
            }
            let got = body_value(file.body(), &ctx);
            let t = parse(&dir.join(format!("{case}.t")));
            let result = t.body().attribute("result").unwrap();
            let (want, d) = result.expr().value(None);
            assert!(d.is_empty());
            assert!(same(&got, &want), "{case}:\n got {got:?}\nwant {want:?}");
            ran += 1;
        }
        assert_eq!(ran, 3);
    }
);
