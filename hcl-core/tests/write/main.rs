//! Writing bodies as native text, on the corpus: the text of every file's
//! body is in the canonical layout (formatting it changes nothing), parses
//! cleanly, and has the same attributes, blocks and values.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use hcl_core::native::{parse_config, BodyItem, BodyNode};
use hcl_core::write::{body, BlockShapes};
use hcl_core::SourceFile;

/// The same items, names, labels and (where they evaluate in literal-only
/// mode) values.
fn same_body(a: BodyNode<'_>, b: BodyNode<'_>, at: &str) {
    let (xs, ys): (Vec<_>, Vec<_>) = (a.items().collect(), b.items().collect());
    assert_eq!(xs.len(), ys.len(), "{at}");
    for (x, y) in xs.into_iter().zip(ys) {
        match (x, y) {
            (BodyItem::Attribute(x), BodyItem::Attribute(y)) => {
                assert_eq!(x.name(), y.name(), "{at}");
                let (vx, dx) = x.expr().value(None);
                if !dx.has_errors() {
                    let (vy, _) = y.expr().value(None);
                    assert_eq!(vx, vy, "{at}: {}", x.name());
                }
            }
            (BodyItem::Block(x), BodyItem::Block(y)) => {
                assert_eq!(x.type_name(), y.type_name(), "{at}");
                let lx: Vec<_> = x.labels().map(|l| l.value()).collect();
                let ly: Vec<_> = y.labels().map(|l| l.value()).collect();
                assert_eq!(lx, ly, "{at}");
                same_body(x.body(), y.body(), &format!("{at}.{}", x.type_name()));
            }
            _ => panic!("{at}: items differ in kind"),
        }
    }
}

fn corpus_bodies_write_back_canonical_and_equal(dir: &std::path::Path) {
    let files = hcl_test_shared::config_files(dir);
    assert!(!files.is_empty());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.display().to_string();
        let src = SourceFile::new(name.as_str(), text);
        let (file, diags) = parse_config(&src, &Default::default());
        assert!(!diags.has_errors(), "{name}");
        let written = body(&file.to_body(), &BlockShapes::new()).unwrap();
        assert_eq!(
            hcl_core::format::format(&written).unwrap(),
            written,
            "{name}"
        );
        let again = SourceFile::new("written", written.as_str());
        let (back, diags) = parse_config(&again, &Default::default());
        assert!(!diags.has_errors(), "{name}: {written}");
        same_body(file.body(), back.body(), &name);
    }
}

hcl_test_shared::shared_test!(
    corpus_bodies_write_back_canonical_and_with_the_same_content,
    corpus,
    corpus_bodies_write_back_canonical_and_equal
);
