//! The spec suite's expression cases (`../shared/specsuite/tests/expressions`):
//! every attribute of each `.hcl` file is evaluated, blocks become nested
//! objects keyed by type and labels (as the cases' `.hcldec` specs map
//! them), and the result is compared with the `result` of the `.t` file.
//! Object and map results compare alike (the `.t` file's `result_type`
//! conversion is the later hcldec harness's job).

use hcl_core::native::ast::{Body, File, Tree};
use hcl_core::native::parse_config;

use super::*;

fn parse(path: &std::path::Path) -> (File, SourceFile) {
    let text = std::fs::read_to_string(path).unwrap();
    let src = SourceFile::new(path.display().to_string(), text);
    let (file, diags) = parse_config(&src, &ParseOptions::default());
    assert!(!diags.has_errors(), "{}: {diags}", path.display());
    (file, src)
}

fn eval_attr(src: &SourceFile, expr: &hcl_core::native::ast::Expr, ctx: &EvalContext) -> Value {
    let (v, diags) = hcl_core::native::eval::evaluate(expr, src, Some(ctx));
    assert!(diags.is_empty(), "{diags}");
    v
}

/// The body as an object: attributes by name, blocks by type then labels.
fn body_value(tree: &Tree, body: &Body, src: &SourceFile, ctx: &EvalContext) -> Value {
    let text = src.text();
    let mut attrs: Vec<(String, Value)> = tree
        .attributes(body)
        .iter()
        .map(|a| (a.name.text(text).to_owned(), eval_attr(src, &a.expr, ctx)))
        .collect();
    let mut blocks: std::collections::BTreeMap<String, Vec<(Vec<String>, Value)>> =
        Default::default();
    for b in tree.blocks(body) {
        let labels = tree
            .labels(b)
            .iter()
            .map(|l| l.value(text).to_owned())
            .collect();
        blocks
            .entry(b.ty.text(text).to_owned())
            .or_default()
            .push((labels, body_value(tree, tree.body(b.body), src, ctx)));
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
            let (file, src) = parse(&dir.join(format!("{case}.hcl")));
            let (spec, spec_src) = parse(&dir.join(format!("{case}.hcldec")));
            let mut ctx = EvalContext::new();
            let st = &spec.tree;
            for b in st.blocks(spec.body()) {
                if b.ty.text(spec_src.text()) == "variables" {
                    for a in st.attributes(st.body(b.body)) {
                        let (v, d) = hcl_core::native::eval::evaluate(&a.expr, &spec_src, None);
                        assert!(d.is_empty());
                        ctx.set_variable(a.name.text(spec_src.text()), v);
                    }
                }
            }
            let got = body_value(&file.tree, file.body(), &src, &ctx);
            let (t, t_src) = parse(&dir.join(format!("{case}.t")));
            let result = t
                .tree
                .attributes(t.body())
                .iter()
                .find(|a| a.name.text(t_src.text()) == "result")
                .unwrap();
            let (want, d) = hcl_core::native::eval::evaluate(&result.expr, &t_src, None);
            assert!(d.is_empty());
            assert!(same(&got, &want), "{case}:\n got {got:?}\nwant {want:?}");
            ran += 1;
        }
        assert_eq!(ran, 3);
    }
);
