//! Ranges of identifiers, labels, `=`, braces, template parts and
//! expressions, as line/column ranges and byte offsets.

use hcl_core::native::{parse_config, ExprKind, TemplatePart};
use hcl_core::Limits;
use hcl_core::SourceFile;

#[test]
fn structural_nodes_carry_exact_ranges() {
    let src = SourceFile::new("r.hcl", "a = 1\nres \"x\" y {\n  b = \"p${q}\"\n}\n");
    let (file, diags) = parse_config(&src, &Limits::default());
    assert!(diags.is_empty());
    let t = |r: hcl_core::Range| src.text_of(&r).to_owned();
    let a = file.body().attributes().next().unwrap();
    assert_eq!(
        (t(a.name_range()), t(a.equals_range()), t(a.expr().range())),
        ("a".into(), "=".into(), "1".into())
    );
    assert_eq!(a.range().to_string(), "r.hcl:1,1-6");
    let block = file.body().blocks().next().unwrap();
    assert_eq!(t(block.type_range()), "res");
    let labels: Vec<_> = block.labels().map(|l| t(l.range())).collect();
    assert_eq!(labels, ["\"x\"", "y"]);
    assert_eq!(block.open_brace_range().to_string(), "r.hcl:2,11-12");
    assert_eq!(block.close_brace_range().to_string(), "r.hcl:4,1-2");
    assert_eq!(block.range().to_string(), "r.hcl:2,1-4,2");
    let b = block.body().attributes().next().unwrap();
    assert_eq!(b.expr().range().to_string(), "r.hcl:3,7-14");
    let ExprKind::Template(tpl) = b.expr().kind() else {
        panic!()
    };
    let parts: Vec<_> = tpl.parts().collect();
    let [TemplatePart::Literal(lit), TemplatePart::Interpolation(i)] = parts.as_slice() else {
        panic!()
    };
    assert_eq!(t(lit.range()), "p");
    assert_eq!(t(i.range()), "${q}");
    assert_eq!(t(i.expr().range()), "q");
    // Ranges name their file.
    assert_eq!(b.name_range().filename(), src.name());
}

#[test]
fn columns_count_characters_not_bytes() {
    let src = SourceFile::new("u.hcl", "é = \"日本\"\n");
    let (file, _) = parse_config(&src, &Limits::default());
    let a = file.body().attributes().next().unwrap();
    assert_eq!(a.equals_range().to_string(), "u.hcl:1,3-4");
    assert_eq!(a.expr().range().to_string(), "u.hcl:1,5-9");
    assert_eq!(a.expr().range().bytes(), 5..13);
}
