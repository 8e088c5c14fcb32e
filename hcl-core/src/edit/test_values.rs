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
    "{ k = 1 }",
    "[ # first\n  1,\n]",
    "1 + /* in */ 2",
    "[<<EOT\nx\nEOT\n]",
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

/// An attribute of a generated document: its expression (an index in
/// [`EXPRS`]) and the comments and blanks around it, one bit each: a lead
/// comment line, a block comment before it on its line, a line comment
/// and a block comment after it (none after a heredoc's closing marker,
/// which must end its line), a blank line above it; at the top level,
/// whether it comes after the blocks.
#[derive(Clone, Debug)]
struct Attr {
    expr: usize,
    decor: u8,
}

/// A block of a generated document: its attributes, maybe a child block
/// `c` (with the same attributes), whether it is written on one line when
/// it can be (at most one attribute, on one line: the child then, when it
/// has one), and the comments in and around it, one bit each: after its
/// `{` (between the braces of an empty one-line body), a line before its
/// `}`, a lead comment line, a comment between blank lines at the start
/// of its body, a label `"l"`.
#[derive(Clone, Debug)]
struct Blk {
    attrs: Vec<Attr>,
    child: bool,
    one_line: bool,
    decor: u8,
}

fn attr() -> impl Strategy<Value = Attr> {
    (0..EXPRS.len(), 0..64u8).prop_map(|(expr, decor)| Attr { expr, decor })
}

fn attrs() -> impl Strategy<Value = Vec<Attr>> {
    proptest::collection::vec(attr(), 0..4)
}

fn blocks() -> impl Strategy<Value = Vec<Blk>> {
    let blk = (attrs(), any::<bool>(), any::<bool>(), 0..32u8).prop_map(
        |(attrs, child, one_line, decor)| Blk {
            attrs,
            child,
            one_line,
            decor,
        },
    );
    proptest::collection::vec(blk, 0..3)
}

/// A document: attributes at the root, then blocks `b0`, `b1`… as `Blk`
/// says; `tab` indents with tabs, `crlf` ends lines with `\r\n`.
fn document(root: &[Attr], blocks: &[Blk], tab: bool, crlf: bool) -> String {
    /// The lines of the attributes that `keep` keeps, each with its
    /// comments, at `indent`.
    fn lines(out: &mut String, indent: &str, attrs: &[Attr], keep: fn(&Attr) -> bool) {
        for (i, a) in attrs.iter().enumerate().filter(|(_, a)| keep(a)) {
            if a.decor & 16 != 0 {
                out.push('\n');
            }
            if a.decor & 1 != 0 {
                out.push_str(&format!("{indent}# about a{i}\n"));
            }
            out.push_str(indent);
            out.push_str(&item(i, a, indent, true));
            out.push('\n');
        }
    }
    /// `aI = expr` with the comments on its line (a line comment only
    /// when `line_comment`: none inside a one-line body, where it would
    /// take the `}`).
    fn item(i: usize, a: &Attr, indent: &str, line_comment: bool) -> String {
        let given = EXPRS[a.expr % EXPRS.len()];
        // A heredoc's lines are its value: written flush as given.
        let expr = if given.contains("<<") {
            given.to_owned()
        } else {
            given.replace('\n', &format!("\n{indent}"))
        };
        let marker = given.ends_with("EOT");
        let mut out = String::new();
        if a.decor & 2 != 0 {
            out.push_str("/* p */ ");
        }
        out.push_str(&format!("a{i} = {expr}"));
        if a.decor & 8 != 0 && !marker {
            out.push_str(" /* q */");
        }
        if a.decor & 4 != 0 && !marker && line_comment {
            out.push_str(" # t");
        }
        out
    }
    /// The attributes on one line, when they fit there.
    fn one_line(attrs: &[Attr]) -> Option<String> {
        match attrs {
            [] => Some(String::new()),
            [a] if !EXPRS[a.expr % EXPRS.len()].contains('\n') => {
                Some(format!(" {}", item(0, a, "", false)))
            }
            _ => None,
        }
    }
    let unit = if tab { "\t" } else { "  " };
    let mut out = String::new();
    lines(&mut out, "", root, |a| a.decor & 32 == 0);
    for (i, b) in blocks.iter().enumerate() {
        out.push('\n');
        if b.decor & 4 != 0 {
            out.push_str(&format!("# block b{i}\n"));
        }
        let head = format!("b{i}{}", if b.decor & 16 != 0 { " \"l\"" } else { "" });
        let flat = one_line(&b.attrs).filter(|_| b.one_line);
        if let (Some(flat), false) = (&flat, b.child) {
            // An empty one-line body may hold a comment (the `# open` bit).
            let flat = match (flat.is_empty(), b.decor & 1 != 0) {
                (true, true) => " /* e */",
                _ => flat.as_str(),
            };
            out.push_str(&format!("{head} {{{flat} }}\n"));
            continue;
        }
        out.push_str(&format!("{head} {{"));
        if b.decor & 1 != 0 {
            out.push_str(" # open");
        }
        out.push('\n');
        if b.decor & 8 != 0 {
            out.push_str(&format!("\n{unit}# loose\n\n"));
        }
        lines(&mut out, unit, &b.attrs, |_| true);
        if b.child {
            match &flat {
                Some(flat) => out.push_str(&format!("{unit}c {{{flat} }}\n")),
                None => {
                    out.push_str(&format!("{unit}c {{\n"));
                    lines(&mut out, &unit.repeat(2), &b.attrs, |_| true);
                    out.push_str(&format!("{unit}}}\n"));
                }
            }
        }
        if b.decor & 2 != 0 {
            out.push_str(&format!("{unit}# close\n"));
        }
        out.push_str("}\n");
    }
    if root.iter().any(|a| a.decor & 32 != 0) {
        out.push('\n');
    }
    lines(&mut out, "", root, |a| a.decor & 32 != 0);
    if crlf {
        out = out.replace('\n', "\r\n");
    }
    out
}

fn paths(blocks: &[Blk]) -> Vec<(BlockPath, String)> {
    let mut out = vec![(BlockPath::root(), String::new())];
    for (i, b) in blocks.iter().enumerate() {
        let labels: &[&str] = if b.decor & 16 != 0 { &["l"] } else { &[] };
        let path = BlockPath::root().block(format!("b{i}"), labels.iter().copied());
        out.push((path.clone(), format!("/b{i}")));
        if b.child {
            out.push((path.block("c", [""; 0]), format!("/b{i}/c")));
        }
    }
    out
}

/// The comments of `text` (trimmed), sorted: what an edit keeps is
/// compared as a multiset.
fn comments(text: &str) -> Vec<String> {
    let mut out: Vec<String> = super::comments::tokens(text)
        .iter()
        .filter(|t| t.kind == crate::native::token::TokenKind::Comment)
        .map(|t| text[t.start as usize..t.end as usize].trim().to_owned())
        .collect();
    out.sort();
    out
}

/// Whether every comment of `part` is in `whole` (as many times).
fn contains_all(whole: &[String], part: &[String]) -> bool {
    let mut whole = whole.to_vec();
    part.iter()
        .all(|c| match whole.iter().position(|w| w == c) {
            Some(i) => {
                whole.swap_remove(i);
                true
            }
            None => false,
        })
}

/// The edits the property test makes: which (`kind`), where (`path`),
/// to which attribute (`name`), with which expression (`given`) or new
/// text (`new`). `true` when there was something to remove or rename.
fn edit(
    d: &mut Document,
    kind: usize,
    path: &BlockPath,
    name: &str,
    given: &str,
    new: &str,
) -> bool {
    match kind {
        0 => d.set_attribute_expr(path, name, given).map(|()| true),
        1 => d
            .add_block(
                path,
                "added",
                [""; 0],
                &format!("v = {given}\n# after\nw = 2\n"),
            )
            .map(|()| true),
        2 => d.remove_attribute(path, name),
        3 => match d.attribute(path, name) {
            Some(_) => d.rename_attribute(path, name, "renamed").map(|()| true),
            None => Ok(false),
        },
        5 => d.update_from(new).map(|()| true),
        _ => d.remove_block(path),
    }
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]
    #[test]
    fn edit_values_change_only_where_edited(
        root in attrs(),
        blocks in blocks(),
        tab in any::<bool>(),
        crlf in any::<bool>(),
        kind in 0..6usize,
        new_root in attrs(),
        new_blocks in blocks(),
        new_tab in any::<bool>(),
        new_crlf in any::<bool>(),
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
        let new = document(&new_root, &new_blocks, new_tab, new_crlf);
        // The comments the edit must keep (`None`: not checked); those
        // inside an expression replaced go with it.
        let mut kept = Some(comments(&text));
        if let (0, Some(old)) = (kind, d.attribute(path, &name)) {
            let inside = comments(&old);
            kept = kept.map(|k| k.into_iter().filter(|c| !inside.contains(c)).collect());
        }
        let done = edit(&mut d, kind, path, &name, given, &new);
        match kind {
            0 => {
                want.insert(key, value_of_expr(given));
            }
            1 => {
                want.insert(format!("{at}/added/v"), value_of_expr(given));
                want.insert(format!("{at}/added/w"), Value::from(2));
            }
            2 => {
                prop_assert_eq!(done, want.remove(&key).is_some());
                kept = None;
            }
            3 => {
                if let Some(v) = want.remove(&key) {
                    want.insert(format!("{at}/renamed"), v);
                }
            }
            5 => {
                // The whole document updated to another: its values, and
                // the comments of the blocks it adds.
                let n = Document::parse("n.tf", new.as_str()).unwrap();
                want = values(&n);
                let file = n.file().unwrap();
                let key = |b: BlockNode<'_>| (b.type_name().to_owned(), b.labels().count());
                let old_file = Document::parse("o.tf", text.as_str()).unwrap().file().unwrap();
                let old: Vec<_> = old_file.body().blocks().map(key).collect();
                let added: Vec<String> = file
                    .body()
                    .blocks()
                    .filter(|b| !old.contains(&key(*b)))
                    .flat_map(|b| {
                        let r = b.range();
                        comments(&new[r.start.byte as usize..r.end.byte as usize])
                    })
                    .collect();
                prop_assert!(contains_all(&comments(d.text()), &added), "{:?}", d.text());
                // A second update finds nothing to change.
                let once = d.text().to_owned();
                d.update_from(&new).unwrap();
                prop_assert_eq!(d.text(), once.as_str());
                kept = None;
            }
            _ => {
                // (The root is no block: nothing to remove.)
                prop_assert_eq!(done, !at.is_empty());
                want.retain(|k, _| at.is_empty() || !k.starts_with(&format!("{at}/")));
                kept = None;
            }
        }
        prop_assert_eq!(values(&d), want, "{}", d.text());
        if let Some(kept) = kept {
            prop_assert!(contains_all(&comments(d.text()), &kept), "{:?}\n{:?}", text, d.text());
        }
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
        // A formatted file stays formatted: the same edit of the
        // document formatted.
        let formatted = crate::format::format(&text).unwrap();
        let mut f = Document::parse("f.tf", formatted.as_str()).unwrap();
        edit(&mut f, kind, path, &name, given, &new);
        prop_assert_eq!(crate::format::format(f.text()).unwrap(), f.text(), "{:?}", formatted);
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
        "b { c = 1 /* c */ }\na = 1 /* a */ # b\n",
        "a = [ # c\n  1,\n] # d\nb {\n  c = { k = 1 } # e\n}\n",
        "b \"x\" { d = 0 }\nb { c = 1 }\na = 1\n",
        "b {\n  c = <<EOT\nx\nEOT\n}\na = <<EOT\ny\nEOT",
        "a = 1\r\nb { c = 2 }\n",
        "b { c = 1 }",
        "a    = 1 // one\nb { c = 2 }\nzzzz = 3 # three\n",
    ];
    let b = BlockPath::root().block("b", [""; 0]);
    for doc in DOCS {
        let base = Document::parse("o.tf", *doc).unwrap();
        let before = values(&base);
        for given in EXPRS {
            for (path, key) in [(BlockPath::root(), "/a"), (b.clone(), "/b/c")] {
                let name = &key[key.rfind('/').map_or(0, |i| i + 1)..];
                let at = &key[..key.rfind('/').unwrap_or(0)];
                let mut d = base.clone();
                d.set_attribute_expr(&path, name, given)
                    .unwrap_or_else(|e| panic!("{doc:?} {given:?}: {e}"));
                let mut want = before.clone();
                want.insert(key.to_owned(), value_of_expr(given));
                assert_eq!(values(&d), want, "{doc:?} {given:?}\n{}", d.text());

                let mut d = base.clone();
                d.add_block(&path, "n", ["l"], &format!("v = {given}"))
                    .unwrap();
                let mut want = before.clone();
                want.insert(format!("{at}/n/v"), value_of_expr(given));
                assert_eq!(values(&d), want, "{doc:?} {given:?}\n{}", d.text());

                let mut d = base.clone();
                if d.remove_attribute(&path, name).unwrap() {
                    let mut want = before.clone();
                    want.remove(key);
                    assert_eq!(values(&d), want, "{doc:?}\n{}", d.text());
                }
            }
            // The document updated to itself and one attribute more,
            // which comes with its comments.
            // (A closing marker ends its line: its comment goes above.)
            let mut d = base.clone();
            let item = match given.ends_with("EOT") {
                true => format!("# nw\nnw = {given}"),
                false => format!("nw = {given} # nw"),
            };
            d.update_from(&format!("{doc}\n# lead\n{item}\n"))
                .unwrap_or_else(|e| panic!("{doc:?} {given:?}: {e}"));
            let mut want = before.clone();
            want.insert("/nw".to_owned(), value_of_expr(given));
            assert_eq!(values(&d), want, "{doc:?} {given:?}\n{}", d.text());
            assert!(
                d.text().contains("# lead") && d.text().contains("# nw"),
                "{}",
                d.text()
            );
        }
    }
}

/// Items of hostile documents: one-line bodies (empty, with comments),
/// nested ones, heredocs, multi-line values with comments, comment lines.
const ITEMS: &[&str] = &[
    "a = 1",
    "x = [\n1, # one\n]",
    "x = <<EOT\nh\nEOT",
    "a = <<-EOT\n  h\n  EOT",
    "b { a = 1 }",
    "b {\n x = 1\n}",
    "b {}",
    "b { /* c */ }",
    "b \"l\" {\n}",
    "b {\n c { x = 1 }\n}",
    "b { # open\n a = {\n k = 1 # k\n } /* q */\n}",
    "# c",
    "/* c */",
    "",
    "x = {\n  k = \"é\" # k\n}",
    "\u{feff}a = 1",
];

/// A hostile document: items of [`ITEMS`] with a comment after them or
/// not, their blanks made tabs or doubled, their lines ended by `\n`,
/// `\r\n` or a blank line, the last one maybe unended.
fn hostile() -> impl Strategy<Value = String> {
    let item = (0..ITEMS.len(), 0..4u8, 0..3u8, 0..3u8);
    (proptest::collection::vec(item, 0..8), any::<bool>()).prop_map(|(items, end)| {
        let mut out = String::new();
        for (i, comment, blank, eol) in items {
            let mut item = ITEMS[i].to_owned();
            // (A closing marker ends its line.)
            if !item.ends_with("EOT") {
                item.push_str(["", " # t", " /* q */", "// u"][comment as usize]);
            }
            let item = match blank {
                0 => item,
                1 => item.replace(' ', "\t"),
                _ => item.replace(' ', "  "),
            };
            out.push_str(&item);
            out.push_str(["\n", "\r\n", "\n\n"][eol as usize]);
        }
        if !end {
            let trimmed = out.trim_end_matches(['\r', '\n']).len();
            // A heredoc's closing marker keeps the newline that ends it.
            // (So does a block comment: at the very end of the file the
            // formatter lines it up with the comments above, after a
            // newline it does not, and a line added after it keeps the
            // padding, which the formatter would take out.)
            if !out[..trimmed].ends_with("EOT") && !out[..trimmed].ends_with("*/") {
                out.truncate(trimmed);
            }
        }
        out
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]
    /// Every edit of a document that parses, however odd, and every edit
    /// after it, either fails cleanly (the text unchanged) or leaves a
    /// text that parses: no panic, whatever the input.
    #[test]
    fn edit_hostile_documents_never_panic(
        text in hostile(),
        new in hostile(),
        edits in proptest::collection::vec(
            (0..7usize, 0..EXPRS.len(), any::<bool>(), any::<bool>()),
            1..4,
        ),
    ) {
        let Ok(mut d) = Document::parse("h.tf", text.as_str()) else {
            return Ok(());
        };
        for (kind, expr, at_b, name_x) in edits {
            let base = d.clone();
            let path = if at_b { BlockPath::root().block("b", [""; 0]) } else { BlockPath::root() };
            let name = if name_x { "x" } else { "a" };
            let given = EXPRS[expr];
            let result = match kind {
                0 => d.set_attribute_expr(&path, name, given),
                1 => d.add_block(&path, "n", ["l"], &format!("v = {given}\n")),
                2 => d.remove_attribute(&path, name).map(drop),
                3 => d.rename_attribute(&path, name, "renamed"),
                4 => d.remove_block(&path).map(drop),
                5 => d.update_from(&new),
                _ => d.update_from(&format!("{}\n# lead\nnw = {given}\n", base.text())),
            };
            match result {
                Ok(()) => {
                    prop_assert!(d.file().is_ok(), "{:?}", d.text());
                    if kind == 0 {
                        let set = d.attribute(&path, name).map(|e| value_of_expr(&e));
                        prop_assert_eq!(set, Some(value_of_expr(given)));
                    }
                    // A formatted file stays formatted.
                    let was = base.text();
                    if crate::format::format(was).ok().as_deref() == Some(was) {
                        let f = crate::format::format(d.text()).unwrap();
                        prop_assert_eq!(f.as_str(), d.text(), "{:?}", was);
                    }
                }
                Err(e) => {
                    prop_assert_eq!(d.text(), base.text());
                    // Only a missing block or attribute, or a name defined
                    // twice by a rename, or new text that does not parse
                    // (two attributes of one name) refuses an edit.
                    let fine = match (&e, kind) {
                        (EditError::NotFound(_), _) => true,
                        (EditError::Conflict(_), 3) => d.attribute(&path, "renamed").is_some(),
                        (EditError::Input { .. }, 5 | 6) => true,
                        _ => false,
                    };
                    prop_assert!(fine, "{e}\n{:?}", base.text());
                }
            }
        }
    }
}
