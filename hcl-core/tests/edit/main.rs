//! Comment-preserving edits on the corpus: an untouched document is its
//! file byte for byte, and each kind of edit changes only its own bytes
//! (and the spaces that line up the `=` and comments of the run it is
//! in: a formatted file stays formatted).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use hcl_core::edit::{BlockPath, Document};
use hcl_core::native::{parse_config, BodyNode};
use hcl_core::{SourceFile, Value};

/// The first body (the root, or a block's, depth first) with an
/// attribute, as a path and that attribute's name.
fn first_attribute(
    body: BodyNode<'_>,
    path: BlockPath,
    depth: usize,
) -> Option<(BlockPath, String)> {
    if let Some(a) = body.attributes().next() {
        return Some((path, a.name().to_owned()));
    }
    if depth > 8 {
        return None;
    }
    for b in body.blocks() {
        let labels: Vec<String> = b.labels().map(|l| l.value().to_owned()).collect();
        let child = path.clone().block(b.type_name(), labels);
        if let Some(found) = first_attribute(b.body(), child, depth + 1) {
            return Some(found);
        }
    }
    None
}

/// The common prefix and suffix of `a` and `b` leave at most `changed`
/// bytes of `b` between them.
fn changed_bytes(a: &str, b: &str) -> usize {
    let prefix = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .bytes()
        .rev()
        .zip(b[prefix..].bytes().rev())
        .take_while(|(x, y)| x == y)
        .count();
    b.len() - prefix - suffix
}

/// `s` without its spaces: what an edit's alignment does not change.
fn without_spaces(s: &str) -> String {
    s.chars().filter(|&c| c != ' ').collect()
}

/// A formatted file stays formatted after an edit.
fn still_formatted(formatted: bool, d: &Document, name: &str, what: &str) {
    if formatted {
        assert_eq!(
            hcl_core::format::format(d.text()).unwrap(),
            d.text(),
            "{name}: {what} left the file unformatted"
        );
    }
}

fn corpus_edits(dir: &std::path::Path) {
    let files = hcl_test_shared::config_files(dir);
    assert!(!files.is_empty());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.display().to_string();
        let doc = Document::parse(&name, text.as_str()).unwrap();
        assert_eq!(doc.text(), text, "{name}: untouched round trip");
        let formatted = hcl_core::format::format(&text).is_ok_and(|f| f == text);

        let src = SourceFile::new(name.as_str(), text.as_str());
        let (file, _) = parse_config(&src, &Default::default());
        if let Some((at, attr)) = first_attribute(file.body(), BlockPath::root(), 0) {
            let mut d = doc.clone();
            d.set_attribute(&at, &attr, &Value::from(42)).unwrap();
            assert_eq!(d.attribute(&at, &attr).as_deref(), Some("42"), "{name}");
            assert!(
                changed_bytes(&without_spaces(&text), &without_spaces(d.text())) <= 2,
                "{name}: set touched more than the value and its run's spaces"
            );
            still_formatted(formatted, &d, &name, "set");

            let mut d = doc.clone();
            d.rename_attribute(&at, &attr, "renamed_by_test").unwrap();
            assert!(d.attribute(&at, "renamed_by_test").is_some(), "{name}");
            assert!(
                changed_bytes(&without_spaces(&text), &without_spaces(d.text()))
                    <= "renamed_by_test".len(),
                "{name}"
            );
            still_formatted(formatted, &d, &name, "rename");

            let mut d = doc.clone();
            d.set_attribute(&at, "added_by_test_with_a_long_name", &Value::from(1))
                .unwrap();
            let added = "added_by_test_with_a_long_name = 1\n";
            assert!(
                changed_bytes(&without_spaces(&text), &without_spaces(d.text()))
                    <= without_spaces(added).len(),
                "{name}: add touched more than its line and its run's spaces"
            );
            still_formatted(formatted, &d, &name, "add");

            let mut d = doc.clone();
            assert!(d.remove_attribute(&at, &attr).unwrap(), "{name}");
            assert!(d.attribute(&at, &attr).is_none(), "{name}");
            assert!(d.text().len() < text.len(), "{name}");
            assert!(
                only_removed(&text, d.text()),
                "{name}: remove touched more than its lines and its run's spaces"
            );
            still_formatted(formatted, &d, &name, "remove");
        }

        let mut d = doc.clone();
        d.add_block(&BlockPath::root(), "added_by_test", ["x"], "a = 1\n")
            .unwrap();
        assert!(
            d.block(&BlockPath::root().block("added_by_test", ["x"])),
            "{name}"
        );
        // A pure insertion: every byte of the file is still there, in order.
        assert_eq!(
            changed_bytes(&text, d.text()),
            d.text().len() - text.len(),
            "{name}: add changed more than it inserted"
        );

        let first_block = file.body().blocks().next().map(|b| {
            let labels: Vec<String> = b.labels().map(|l| l.value().to_owned()).collect();
            BlockPath::root().block(b.type_name(), labels)
        });
        if let Some(bp) = first_block {
            let mut d = doc.clone();
            assert!(d.remove_block(&bp).unwrap(), "{name}");
            let (after, diags) =
                parse_config(&SourceFile::new("after", d.text()), &Default::default());
            assert!(!diags.has_errors(), "{name}");
            assert_eq!(
                after.body().blocks().len() + 1,
                file.body().blocks().len(),
                "{name}"
            );
            assert!(
                only_removed(&text, d.text()),
                "{name}: remove_block touched more than its lines and its run's spaces"
            );
            still_formatted(formatted, &d, &name, "remove_block");
        }

        // The same removals in the file as hclfmt formats it: the runs
        // the removed item leaves (or joins) are lined up again as hclfmt
        // lines them up, so the file stays formatted.
        let Ok(text) = hcl_core::format::format(&text) else {
            continue;
        };
        let doc = Document::parse(&name, text.as_str()).unwrap();
        let src = SourceFile::new(name.as_str(), text.as_str());
        let (file, _) = parse_config(&src, &Default::default());
        if let Some((at, attr)) = first_attribute(file.body(), BlockPath::root(), 0) {
            let mut d = doc.clone();
            assert!(d.remove_attribute(&at, &attr).unwrap(), "{name}");
            still_formatted(true, &d, &name, "remove from the formatted file");
        }
        for b in file.body().blocks().take(3) {
            let labels: Vec<String> = b.labels().map(|l| l.value().to_owned()).collect();
            let mut d = doc.clone();
            assert!(d
                .remove_block(&BlockPath::root().block(b.type_name(), labels))
                .unwrap());
            still_formatted(true, &d, &name, "remove_block from the formatted file");
        }
    }
}

/// `after` is `before` with one stretch of it removed, once spaces are
/// left out (what the alignment of the runs around the gap changes).
fn only_removed(before: &str, after: &str) -> bool {
    let (before, after) = (without_spaces(before), without_spaces(after));
    after.len() < before.len() && changed_bytes(&before, &after) == 0
}

hcl_test_shared::shared_test!(
    corpus_untouched_round_trips_and_each_edit_touches_only_its_bytes,
    corpus,
    corpus_edits
);
