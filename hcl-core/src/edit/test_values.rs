//! The invariant of every edit, on generated documents (nested blocks,
//! heredocs flush and indented, multi-line values, comments, tabs, CRLF):
//! the value of every attribute the edit does not touch is unchanged, and
//! the edited one's value is the one given.

use proptest::prelude::*;
use std::collections::BTreeMap;

use super::*;

/// Expressions, as a user would give them (written for column zero).
const EXPRS: &[&str] = &[
    "1",
    "\"s p\"",
    "<<EOT\nline one\n  two\nEOT",
    "<<-EOT\n    p\n      q\n    EOT",
    "{\n  k = 1 # one\n  l = [\n    2,\n  ]\n}",
    "[\n  \"a\",\n  <<EOT\n  kept\nEOT\n]",
    "\"${\n1 + 1}\"",
];

/// Values by `path/name`, evaluated without variables.
type Values = BTreeMap<String, Value>;

fn values(d: &Document) -> Values {
    fn walk(body: BodyNode<'_>, at: &str, out: &mut Values, depth: usize) {
        for a in body.attributes() {
            out.insert(format!("{at}/{}", a.name()), a.expr().value(None).0);
        }
        if depth < 8 {
            for b in body.blocks() {
                walk(b.body(), &format!("{at}/{}", b.type_name()), out, depth + 1);
            }
        }
    }
    let file = d.file().unwrap();
    let mut out = Values::new();
    walk(file.body(), "", &mut out, 0);
    out
}

fn value_of_expr(expr: &str) -> Value {
    let src = SourceFile::new("<e>", expr);
    let (e, _) = crate::native::parse_expression(&src, &Default::default());
    e.value(None).0
}

/// A document: attributes at the root, then blocks `b0`, `b1`… each with
/// attributes and maybe a child block `c`; `tab` indents with tabs.
fn document(root: &[usize], blocks: &[(Vec<usize>, bool)], tab: bool, crlf: bool) -> String {
    fn attrs(out: &mut String, indent: &str, picks: &[usize]) {
        for (i, &e) in picks.iter().enumerate() {
            if i % 2 == 1 {
                out.push_str(&format!("{indent}# about a{i}\n"));
            }
            let expr = EXPRS[e % EXPRS.len()].replace('\n', &format!("\n{indent}"));
            // A heredoc's lines are its value: written flush as given.
            let expr = if expr.contains("<<") {
                EXPRS[e % EXPRS.len()].to_owned()
            } else {
                expr
            };
            out.push_str(&format!("{indent}a{i} = {expr}\n"));
        }
    }
    let unit = if tab { "\t" } else { "  " };
    let mut out = String::new();
    attrs(&mut out, "", root);
    for (i, (picks, child)) in blocks.iter().enumerate() {
        out.push_str(&format!("\nb{i} {{\n"));
        attrs(&mut out, unit, picks);
        if *child {
            out.push_str(&format!("{unit}c {{\n"));
            attrs(&mut out, &unit.repeat(2), picks);
            out.push_str(&format!("{unit}}}\n"));
        }
        out.push_str("}\n");
    }
    if crlf {
        out = out.replace('\n', "\r\n");
    }
    out
}

fn paths(blocks: &[(Vec<usize>, bool)]) -> Vec<(BlockPath, String)> {
    let mut out = vec![(BlockPath::root(), String::new())];
    for (i, (_, child)) in blocks.iter().enumerate() {
        let b = BlockPath::root().block(format!("b{i}"), [""; 0]);
        out.push((b.clone(), format!("/b{i}")));
        if *child {
            out.push((b.block("c", [""; 0]), format!("/b{i}/c")));
        }
    }
    out
}

proptest! {
    #[test]
    fn edit_values_change_only_where_edited(
        root in proptest::collection::vec(0..EXPRS.len(), 0..4),
        blocks in proptest::collection::vec((proptest::collection::vec(0..EXPRS.len(), 0..4), any::<bool>()), 0..3),
        tab in any::<bool>(),
        crlf in any::<bool>(),
        kind in 0..6usize,
        new_root in proptest::collection::vec(0..EXPRS.len(), 0..4),
        new_blocks in proptest::collection::vec((proptest::collection::vec(0..EXPRS.len(), 0..4), any::<bool>()), 0..3),
        target in 0..16usize,
        attr in 0..5usize,
        expr in 0..EXPRS.len(),
    ) {
        let text = document(&root, &blocks, tab, crlf);
        let mut d = Document::parse("p.tf", text.as_str()).unwrap();
        let mut want = values(&d);
        let paths = paths(&blocks);
        let (path, at) = &paths[target % paths.len()];
        let name = format!("a{attr}");
        let key = format!("{at}/{name}");
        let given = EXPRS[expr];
        match kind {
            0 => {
                d.set_attribute_expr(path, &name, given).unwrap();
                want.insert(key, value_of_expr(given));
            }
            1 => {
                d.add_block(path, "added", [""; 0], &format!("v = {given}\n# after\nw = 2\n")).unwrap();
                want.insert(format!("{at}/added/v"), value_of_expr(given));
                want.insert(format!("{at}/added/w"), Value::from(2));
            }
            2 => {
                let had = d.remove_attribute(path, &name).unwrap();
                prop_assert_eq!(had, want.remove(&key).is_some());
            }
            3 => {
                if let Some(v) = want.remove(&key) {
                    d.rename_attribute(path, &name, "renamed").unwrap();
                    want.insert(format!("{at}/renamed"), v);
                }
            }
            5 => {
                // The whole document updated to another: its values.
                let new = document(&new_root, &new_blocks, false, false);
                d.update_from(&new).unwrap();
                want = values(&Document::parse("n.tf", new.as_str()).unwrap());
            }
            _ => {
                // (The root is no block: nothing to remove.)
                let removed = d.remove_block(path).unwrap();
                prop_assert_eq!(removed, !at.is_empty());
                want.retain(|k, _| at.is_empty() || !k.starts_with(&format!("{at}/")));
            }
        }
        prop_assert_eq!(values(&d), want, "{}", d.text());
        // No edit leaves blanks at the end of a line.
        let trailing = d.text().lines().any(|l| l.trim_end_matches('\r').ends_with([' ', '\t']));
        prop_assert!(!trailing, "{:?}", d.text());
        if crlf && text.contains('\n') {
            // Every break between tokens ends as the file's lines do;
            // only heredoc lines (which are values) are left as given.
            let bare = d.text().match_indices('\n').filter(|&(i, _)| !d.text()[..i].ends_with('\r')).count();
            let given_bare = match kind {
                0 | 1 => given.matches('\n').count(),
                // Heredocs of the new text, written as they are there.
                5 => usize::MAX,
                _ => 0,
            };
            prop_assert!(bare <= given_bare, "{:?}", d.text());
        }
        if !tab {
            // A formatted file stays formatted.
            let formatted = crate::format::format(&text).unwrap() == text;
            if formatted {
                prop_assert_eq!(crate::format::format(d.text()).unwrap(), d.text());
            }
        }
    }
}

/// Odd documents (a byte order mark, no final newline, mixed endings,
/// comments spanning lines before items, heredocs holding braces, one-line
/// bodies, non-ASCII text): every edit either fails cleanly or keeps the
/// values it does not touch.
#[test]
fn edit_odd_documents_keep_untouched_values() {
    const DOCS: &[&str] = &[
        "\u{feff}a = 1\nb { c = 2 }",
        "a = 1 # c\r\nb {\n  c = 2\n}\n",
        "/* x\n # y */ a = \"é\" # z\nb {\n  c = <<EOT\n}\n{\nEOT\n}\n",
        "b { /* c */ c = 1 }\na = [\n  1, /* two\n  */ 2,\n]\n",
        "a = \"${\n1}\"\nb {}\n\n\n# end",
        "b {\r\n\tc = 1 // c\r\n}\r\na = 1",
    ];
    let b = BlockPath::root().block("b", [""; 0]);
    for doc in DOCS {
        let base = Document::parse("o.tf", *doc).unwrap();
        let before = values(&base);
        for (i, given) in EXPRS.iter().enumerate() {
            let (path, key) = if i % 2 == 0 {
                (BlockPath::root(), "/a")
            } else {
                (b.clone(), "/b/c")
            };
            let name = &key[key.rfind('/').map_or(0, |i| i + 1)..];
            let mut d = base.clone();
            match d.set_attribute_expr(&path, name, given) {
                Ok(()) => {
                    let mut want = before.clone();
                    want.insert(key.to_owned(), value_of_expr(given));
                    assert_eq!(values(&d), want, "{doc:?} {given:?}\n{}", d.text());
                }
                Err(e) => panic!("{doc:?} {given:?}: {e}"),
            }

            let mut d = base.clone();
            d.add_block(&path, "n", ["l"], &format!("v = {given}"))
                .unwrap();
            let mut want = before.clone();
            let at = if i % 2 == 0 { "" } else { "/b" };
            want.insert(format!("{at}/n/v"), value_of_expr(given));
            assert_eq!(values(&d), want, "{doc:?} {given:?}\n{}", d.text());

            let mut d = base.clone();
            if d.remove_attribute(&path, name).unwrap() {
                let mut want = before.clone();
                want.remove(key);
                assert_eq!(values(&d), want, "{doc:?}\n{}", d.text());
            }
        }
    }
}
