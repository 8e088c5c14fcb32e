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
        kind in 0..5usize,
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
            _ => {
                // (The root is no block: nothing to remove.)
                let removed = d.remove_block(path).unwrap();
                prop_assert_eq!(removed, !at.is_empty());
                want.retain(|k, _| at.is_empty() || !k.starts_with(&format!("{at}/")));
            }
        }
        prop_assert_eq!(values(&d), want, "{}", d.text());
        if crlf && text.contains('\n') {
            // Every break between tokens ends as the file's lines do;
            // only heredoc lines (which are values) are left as given.
            let bare = d.text().match_indices('\n').filter(|&(i, _)| !d.text()[..i].ends_with('\r')).count();
            let given_bare = if matches!(kind, 0 | 1) { given.matches('\n').count() } else { 0 };
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
