//! Ranges of identifiers, labels, `=`, braces, template parts and
//! expressions, as byte spans and as line/column ranges.

use hcl_core::native::ast::{ExprKind, TemplatePart};
use hcl_core::native::{parse_config, ParseOptions};
use hcl_core::SourceFile;

#[test]
fn structural_nodes_carry_exact_ranges() {
    let src = SourceFile::new("r.hcl", "a = 1\nres \"x\" y {\n  b = \"p${q}\"\n}\n");
    let (file, diags) = parse_config(&src, &ParseOptions::default());
    assert!(diags.is_empty());
    let t = |s| file.text(s).to_owned();
    let tree = &file.tree;
    let a = &tree.attributes(file.body())[0];
    assert_eq!(
        (t(a.name), t(a.equals), t(a.expr.span)),
        ("a".into(), "=".into(), "1".into())
    );
    assert_eq!(file.range(a.span()).to_string(), "r.hcl:1,1-6");
    let block = &tree.blocks(file.body())[0];
    assert_eq!(t(block.ty), "res");
    assert_eq!(t(tree.labels(block)[0].span), "\"x\"");
    assert_eq!(t(tree.labels(block)[1].span), "y");
    assert_eq!(file.range(block.open_brace).to_string(), "r.hcl:2,11-12");
    assert_eq!(file.range(block.close_brace).to_string(), "r.hcl:4,1-2");
    assert_eq!(file.range(block.span()).to_string(), "r.hcl:2,1-4,2");
    let b = &tree.attributes(tree.body(block.body))[0];
    assert_eq!(file.range(b.expr.span).to_string(), "r.hcl:3,7-14");
    let ExprKind::Template(tpl) = &b.expr.kind else {
        panic!()
    };
    let [TemplatePart::Literal(lit), TemplatePart::Interp(i)] = tpl.parts.as_slice() else {
        panic!()
    };
    assert_eq!(t(lit.span), "p");
    assert_eq!(t(i.span), "${q}");
    assert_eq!(t(i.expr.span), "q");
    // Ranges name their file.
    assert_eq!(file.range(b.name).filename(), src.name());
}

#[test]
fn columns_count_characters_not_bytes() {
    let src = SourceFile::new("u.hcl", "é = \"日本\"\n");
    let (file, _) = parse_config(&src, &ParseOptions::default());
    let a = &file.tree.attributes(file.body())[0];
    assert_eq!(file.range(a.equals).to_string(), "u.hcl:1,3-4");
    assert_eq!(file.range(a.expr.span).to_string(), "u.hcl:1,5-9");
    assert_eq!((a.expr.span.start, a.expr.span.end), (5, 13));
}
