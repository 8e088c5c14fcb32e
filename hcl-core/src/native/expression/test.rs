use super::*;
use crate::native::parse_config;
use crate::Limits;

#[test]
fn a_part_path_holds_four_levels_of_up_to_65535_children() {
    let root = PartPath::default();
    assert_eq!(root.child(65_534).map(|p| p.0), Some(0xFFFF));
    assert_eq!(root.child(65_535), None);
    let deepest = (0..4).try_fold(root, |p, i| p.child(i));
    assert_eq!(deepest.map(|p| p.0), Some(0x0004_0003_0002_0001));
    assert_eq!(deepest.and_then(|p| p.child(0)), None);
}

/// Whether `e` refers into its parsed file (not a copy of its node).
fn in_file(e: &Expression) -> bool {
    let native = e.as_impl().as_any().downcast_ref::<NativeExpression>();
    matches!(native.map(|n| &n.node), Some(Node::InFile { .. }))
}

/// The first list item of `e`, with the copy of it made the old way.
fn first_item(e: &Expression) -> Expression {
    let items = e.as_impl().static_list().unwrap_or_default();
    items.into_iter().next().expect("a list")
}

/// The handles of the first attribute of `text` (which must parse without
/// problems): through the file (`to_expression`) and as a copy of its
/// node (the old way).
fn first_attribute_handles(text: &str) -> (Expression, Expression) {
    let src = SourceFile::new("t.hcl", text);
    let (file, diags) = parse_config(&src, &Limits::default());
    assert!(diags.is_empty(), "{diags}");
    let attr = file.body().attributes().next().expect("an attribute");
    (attr.to_expression(), attr.expr().to_expression())
}

fn same(a: &Expression, b: &Expression) {
    assert_eq!(a.value(None), b.value(None));
    assert_eq!(a.variables(), b.variables());
    assert_eq!(a.range(), b.range());
    assert_eq!(
        a.as_impl().absolute_traversal(),
        b.as_impl().absolute_traversal()
    );
}

#[test]
fn parts_past_what_a_path_holds_are_copies_that_answer_alike() {
    // Five levels of lists: the fifth level's item is copied; its own
    // items are copies in turn.
    let (mut new, mut old) = first_attribute_handles("a = [[[[[[x.y, 2]]]]]]\n");
    for level in 1..=6 {
        (new, old) = (first_item(&new), first_item(&old));
        assert_eq!(in_file(&new), level <= 4, "level {level}");
        same(&new, &old);
    }
    assert_eq!(new.variables()[0].to_string(), "x.y");
}

#[test]
fn items_past_the_65535th_are_copies_that_answer_alike() {
    let text = format!("a = [{}x]\n", "1, ".repeat(65_536));
    let (new, old) = first_attribute_handles(&text);
    let new = new.as_impl().static_list().unwrap_or_default();
    let old = old.as_impl().static_list().unwrap_or_default();
    assert_eq!(new.len(), 65_537);
    for i in [0, 65_534, 65_535, 65_536] {
        assert_eq!(in_file(&new[i]), i < 65_535, "item {i}");
        same(&new[i], &old[i]);
    }
}

/// A handle's and a body's `Debug` show what they are and where, not the
/// whole tree of the file they share (a config struct holding one, printed
/// with `{:#?}`, printed every node of the file).
#[test]
fn debug_shows_the_expression_or_body_not_the_file() {
    let text = format!("port = var.base + 1\n{}", "x = [1, 2, 3]\n".repeat(500));
    let src = SourceFile::new("main.tf", text.as_str());
    let (file, _) = parse_config(&src, &Limits::default());
    let expr = file.body().attribute("port").unwrap().to_expression();
    let shown = format!("{expr:?}");
    assert!(
        shown.contains("var.base + 1") && shown.contains("main.tf:1,8-20"),
        "{shown}"
    );
    assert!(shown.len() < 200, "{shown}");
    let (body, _) = crate::native::parse_body(&src, &Limits::default());
    let shown = format!("{body:?}");
    assert!(shown.contains("main.tf:1,1-"), "{shown}");
    assert!(shown.len() < 300, "{shown}");
}
