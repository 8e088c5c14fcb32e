//! Inserted text: laid out as the formatter lays it out, heredoc bodies
//! and comments spanning lines kept byte for byte, in the file's line
//! endings.

use super::*;

/// The formatter leaves `d`'s text as it is.
fn assert_formatted(d: &Document) {
    assert_eq!(
        crate::format::format(d.text()).unwrap(),
        d.text(),
        "{}",
        d.text()
    );
}

fn root() -> BlockPath {
    BlockPath::root()
}

fn nested() -> BlockPath {
    root().block("b", [""; 0]).block("c", [""; 0])
}

/// The value of attribute `name` of the body at `path`, evaluated with
/// no variables.
fn value_of(d: &Document, path: &BlockPath, name: &str) -> Value {
    let file = d.file().unwrap();
    let a = find_body(&file, path).unwrap().attribute(name).unwrap();
    a.expr().value(None).0
}

/// Heredocs given to every kind of edit keep their value, and the
/// closing marker its place, at every depth.
#[test]
fn edit_heredoc_bodies_keep_their_bytes() {
    const NESTED: &str = "b {\n  c {\n    x = 1\n  }\n}\n";
    let heredocs = [
        ("<<EOT\nline one\n  two\nEOT", "line one\n  two\n"),
        ("<<-EOT\n    a\n      b\n    EOT", "a\n  b\n"),
        (
            "<<EOT\n\n  # not a comment\n{\nEOT",
            "\n  # not a comment\n{\n",
        ),
    ];
    for (expr, want) in heredocs {
        // New attribute, and an existing one set, in a nested body.
        for existing in [false, true] {
            let mut d = Document::parse("t.tf", NESTED).unwrap();
            let name = if existing { "x" } else { "script" };
            d.set_attribute_expr(&nested(), name, expr).unwrap();
            assert_eq!(
                value_of(&d, &nested(), name),
                Value::from(want),
                "{expr:?}\n{}",
                d.text()
            );
            assert_formatted(&d);
        }
        // A block added with one.
        let mut d = Document::parse("t.tf", NESTED).unwrap();
        d.add_block(&nested(), "locals", [""; 0], &format!("s = {expr}\n"))
            .unwrap();
        let locals = nested().block("locals", [""; 0]);
        assert_eq!(
            value_of(&d, &locals, "s"),
            Value::from(want),
            "{}",
            d.text()
        );
        assert_formatted(&d);
        // The same through update_from, new attribute and new block.
        let mut d = Document::parse("t.tf", "b {\n  x = 1\n}\n").unwrap();
        d.update_from(&format!(
            "b {{\n  x = 1\n  s = {expr}\n}}\nn {{\n  m {{\n    s = {expr}\n  }}\n}}\n"
        ))
        .unwrap();
        let b = root().block("b", [""; 0]);
        let m = root().block("n", [""; 0]).block("m", [""; 0]);
        assert_eq!(value_of(&d, &b, "s"), Value::from(want), "{}", d.text());
        assert_eq!(value_of(&d, &m, "s"), Value::from(want), "{}", d.text());
    }
}

/// The brief's own shapes: the closing marker stays in column zero.
#[test]
fn edit_heredoc_closing_marker_stays() {
    let mut d = Document::parse("t.tf", "b {\n  c {\n    x = 1\n  }\n}\n").unwrap();
    d.set_attribute_expr(&nested(), "script", "<<EOT\nline one\n  two\nEOT")
        .unwrap();
    assert_eq!(
        d.text(),
        "b {\n  c {\n    x      = 1\n    script = <<EOT\nline one\n  two\nEOT\n  }\n}\n"
    );
}

/// A value ending in a heredoc takes the place of one followed on its
/// line by comments (they move above the attribute, its lead comments
/// now) or by the `}` of a one-line body (opened up first); the runs on
/// either side of the moved comments are lined up again.
#[test]
fn edit_heredoc_value_moves_what_followed_the_old_one() {
    const H: &str = "<<EOT\nhi\nEOT";
    let o = root().block("o", [""; 0]);
    let ob = o.clone().block("b", [""; 0]);
    let b = root().block("b", [""; 0]);
    let cases: &[(&str, &BlockPath, &str)] = &[
        ("x = 1 # c\n", &root(), "# c\nx = <<EOT\nhi\nEOT\n"),
        (
            "x = 1 /* c */ # d\n",
            &root(),
            "/* c */ # d\nx = <<EOT\nhi\nEOT\n",
        ),
        ("x = 1 /* c */\n", &root(), "/* c */\nx = <<EOT\nhi\nEOT\n"),
        (
            "/* a */ x = 1 // c\n",
            &root(),
            "// c\n/* a */ x = <<EOT\nhi\nEOT\n",
        ),
        ("x = [\n  1,\n] # c\n", &root(), "# c\nx = <<EOT\nhi\nEOT\n"),
        (
            "x = 1 /* a\nb */\ny = 2\n",
            &root(),
            "/* a\nb */\nx = <<EOT\nhi\nEOT\ny = 2\n",
        ),
        (
            "b {\n  x = 1 # c\n}\n",
            &b,
            "b {\n  # c\n  x = <<EOT\nhi\nEOT\n}\n",
        ),
        ("b { x = 1 }\n", &b, "b {\n  x = <<EOT\nhi\nEOT\n}\n"),
        (
            "b { x = 1 /* c */ }\ny = 2\n",
            &b,
            "b {\n  /* c */\n  x = <<EOT\nhi\nEOT\n}\ny = 2\n",
        ),
        (
            "o {\n  b { x = 1 }\n}\n",
            &ob,
            "o {\n  b {\n    x = <<EOT\nhi\nEOT\n  }\n}\n",
        ),
        // The runs on either side of the moved comment, lined up again.
        (
            "a  = 1\nx  = 1 # c\nbb = 2\n",
            &root(),
            "a = 1\n# c\nx  = <<EOT\nhi\nEOT\nbb = 2\n",
        ),
        // Tabs and CRLF: the moved comment takes the line's indentation
        // and the file's line ending.
        (
            "b {\r\n\tx = 1\t# c\r\n}\r\n",
            &b,
            "b {\r\n\t# c\r\n\tx = <<EOT\nhi\nEOT\r\n}\r\n",
        ),
        // Nothing after the old value: nothing moves.
        (
            "x = 1\ny = 2 # c\n",
            &root(),
            "x = <<EOT\nhi\nEOT\ny = 2 # c\n",
        ),
    ];
    for (src, path, want) in cases {
        let mut d = Document::parse("t.tf", *src).unwrap();
        let before = values_but(&d, path, "x");
        d.set_attribute_expr(path, "x", H).unwrap();
        assert_eq!(d.text(), *want, "{src:?}");
        assert_eq!(value_of(&d, path, "x"), Value::from("hi\n"));
        assert_eq!(values_but(&d, path, "x"), before, "{src:?}");
        if crate::format::format(src).unwrap() == *src {
            assert_formatted(&d);
        }
        // The value set by update_from takes the same path.
        if **path == root() {
            let mut d = Document::parse("t.tf", *src).unwrap();
            let mut new = String::new();
            for (k, v) in values_but(&d, path, "x") {
                new.push_str(&format!("{k} = {}\n", crate::write::value(&v).unwrap()));
            }
            new.push_str(&format!("x = {H}\n"));
            d.update_from(&new).unwrap();
            assert_eq!(d.text(), *want, "{src:?}");
        }
    }
}

/// A byte order mark stays the file's first bytes: items added to an
/// empty file go after it, and the first line's item removed leaves it.
#[test]
fn edit_byte_order_mark_stays_first() {
    const BOM: &str = "\u{feff}";
    type Edit = fn(&mut Document);
    let cases: &[(&str, Edit, &str)] = &[
        (
            "\u{feff}",
            |d| d.set_attribute(&root(), "a", &Value::from(1)).unwrap(),
            "\u{feff}a = 1\n",
        ),
        (
            "\u{feff}# c\n",
            |d| d.add_block(&root(), "b", [""; 0], "").unwrap(),
            "\u{feff}b {}\n\n# c\n",
        ),
        (
            "\u{feff}a = 1\nbb = 2\n",
            |d| {
                d.remove_attribute(&root(), "a").unwrap();
            },
            "\u{feff}bb = 2\n",
        ),
        (
            "\u{feff}a = 1",
            |d| d.update_from("x = [\n1,\n]\n").unwrap(),
            "\u{feff}x = [\n  1,\n]\n",
        ),
        (
            "\u{feff}a = 1 # c\n",
            |d| d.set_attribute_expr(&root(), "a", "<<EOT\nh\nEOT").unwrap(),
            "\u{feff}# c\na = <<EOT\nh\nEOT\n",
        ),
    ];
    for (src, edit, want) in cases {
        let mut d = Document::parse("t.tf", *src).unwrap();
        edit(&mut d);
        assert_eq!(d.text(), *want, "{src:?}");
        assert!(d.text().starts_with(BOM) && d.file().is_ok());
    }
}

/// Lines added join the runs of `=` and of comments on either side, or
/// split one: those are lined up again, as the formatter would.
#[test]
fn edit_added_lines_line_up_with_their_neighbours() {
    let cases: &[(&str, &str, &str)] = &[
        // A lead comment after a block comment has a comment cell.
        (
            "x = [\n  1, # one\n] # t\n",
            "x = [\n  1, # one\n] # t\n/* c */ # u\na = 1\n",
            "x = [\n  1,    # one\n]       # t\n/* c */ # u\na = 1\n",
        ),
        // A block added splits a run of comments.
        (
            "/* c */ # t\n",
            "a = 1 # t\nb { a = 1 }\n",
            "a = 1 # t\n\nb { a = 1 }\n/* c */ # t\n",
        ),
    ];
    for (old, new, want) in cases {
        let mut d = Document::parse("t.tf", *old).unwrap();
        d.update_from(new).unwrap();
        assert_eq!(d.text(), *want, "{old:?}");
        assert_formatted(&d);
    }
}

/// An item added to a one-line body opens it up; a comment between its
/// braces stays, on a line of its own.
#[test]
fn edit_add_to_a_one_line_body_keeps_its_comment() {
    type Edit = fn(&mut Document, &BlockPath);
    let edits: &[(Edit, &str)] = &[
        (
            |d, p| d.set_attribute(p, "x", &Value::from(1)).unwrap(),
            "x = 1",
        ),
        (
            |d, p| d.add_block(p, "n", [""; 0], "y = 1\n").unwrap(),
            "n {\n  y = 1\n}",
        ),
    ];
    let cases: &[(&str, &str)] = &[
        ("b { /* c */ }\n", "b {\n  /* c */\n  {item}\n}\n"),
        ("b {}\n", "b {\n  {item}\n}\n"),
        ("b {  }\r\n", "b {\r\n  {item}\r\n}\r\n"),
        ("b { a = 1 }\n", "b {\n  a = 1\n  {item}\n}\n"),
        ("b { # c\n}\n", "b { # c\n  {item}\n}\n"),
    ];
    let b = root().block("b", [""; 0]);
    for (src, want) in cases {
        for (edit, item) in edits {
            let mut d = Document::parse("t.tf", *src).unwrap();
            edit(&mut d, &b);
            let nl = if src.contains('\r') { "\r\n" } else { "\n" };
            let item = item.replace('\n', &format!("{nl}  "));
            let want = want.replace("{item}", &item);
            assert_eq!(d.text(), want, "{src:?}");
        }
    }
}

/// A value set that changes the lines of its attribute: a multi-line one
/// opens up the one-line body it goes in; the attribute's line leaves
/// its run of `=` (its padding goes back to one space, the run is lined
/// up without it) or of comments, or joins one; its last line carries
/// the old line comment, lined up with its neighbours'; comments moved
/// above it are one space apart.
/// Each result is what the formatter makes of it.
#[test]
fn edit_set_value_that_changes_its_lines() {
    let b = root().block("b", [""; 0]);
    let cases: &[(&str, &BlockPath, &str, &str)] = &[
        // A multi-line value in a one-line body.
        (
            "b { x = 1 }\n",
            &b,
            "{\nk = 1\n}",
            "b {\n  x = {\n    k = 1\n  }\n}\n",
        ),
        (
            "b { x = 1 /* c */ }\n",
            &b,
            "[\n1,\n]",
            "b {\n  x = [\n    1,\n  ] /* c */\n}\n",
        ),
        // The body's line, opened up, leaves the run of comments its
        // trailing comment was in (the comment goes to the `}` line).
        (
            "y = [\n  1,        # k\n]           # t\nb { x = 1 } # t\n",
            &b,
            "{\nk = 1\n}",
            "y = [\n  1, # k\n]    # t\nb {\n  x = {\n    k = 1\n  }\n} # t\n",
        ),
        // The line leaves its run: below, above, and both.
        (
            "x    = 1\nyy   = 2\nzzzz = 3\n",
            &root(),
            "{\nk = 1\n}",
            "x = {\n  k = 1\n}\nyy   = 2\nzzzz = 3\n",
        ),
        (
            "aaaa = 1\nx    = 2\n",
            &root(),
            "[\n1,\n]",
            "aaaa = 1\nx = [\n  1,\n]\n",
        ),
        (
            "a  = 1\nx  = 2\nbb = 3\n",
            &root(),
            "{\nk = 1\n}",
            "a = 1\nx = {\n  k = 1\n}\nbb = 3\n",
        ),
        (
            "/* p */ x = 1\ny          = 1\n",
            &root(),
            "{\nk = 1\n}",
            "/* p */ x = {\n  k = 1\n}\ny = 1\n",
        ),
        // The line leaves a run of comments: the one inside the old
        // value lined up with the line above's.
        (
            "b {     # open\n  x = [ # first\n    1,\n  ]\n}\n",
            &b,
            "1",
            "b { # open\n  x = 1\n}\n",
        ),
        (
            "x = [ # first\n  1,\n]\nyy = 2       # two\n",
            &root(),
            "3",
            "x  = 3\nyy = 2 # two\n",
        ),
        // A gap that is no alignment padding keeps its bytes.
        ("x\t= 1\n", &root(), "{\nk = 1\n}", "x\t= {\n  k = 1\n}\n"),
        // The old line comment on the new last line, lined up.
        (
            "x = 1             # t\n/* p */ y = 1 # u\n",
            &root(),
            "\"${\n1 + 1}\"",
            "x = \"${\n1 + 1}\"       # t\n/* p */ y = 1 # u\n",
        ),
        // Comments moved above a heredoc: one space apart, their line
        // comment lined up with the one above.
        (
            "b { # open\n  x = [\n    1,\n  ] /* q */ # t\n}\n",
            &b,
            "<<EOT\nhi\nEOT",
            "b {       # open\n  /* q */ # t\n  x = <<EOT\nhi\nEOT\n}\n",
        ),
    ];
    for (src, path, expr, want) in cases {
        let mut d = Document::parse("t.tf", *src).unwrap();
        d.set_attribute_expr(path, "x", expr).unwrap();
        assert_eq!(d.text(), *want, "{src:?}");
        if crate::format::format(src).unwrap() == *src {
            assert_eq!(
                crate::format::format(d.text()).unwrap(),
                d.text(),
                "{src:?}"
            );
        }
    }
}

/// The values of the body at `path` but attribute `but`'s.
fn values_but(d: &Document, path: &BlockPath, but: &str) -> Vec<(String, Value)> {
    let file = d.file().unwrap();
    let body = find_body(&file, path).unwrap();
    body.attributes()
        .filter(|a| a.name() != but)
        .map(|a| (a.name().to_owned(), a.expr().value(None).0))
        .collect()
}

/// Added items come out as the formatter lays them out, however the
/// text given was indented.
#[test]
fn edit_inserted_text_is_formatted() {
    let cases: &[(&str, &str, &str)] = &[
        // (body given, path depth 0 result)
        (
            "y = [\n  1,\n  2,\n]\nnested {\n  z = 1\n}\n",
            "x {\n  y = [\n    1,\n    2,\n  ]\n  nested {\n    z = 1\n  }\n}\n",
            "b {\n  c {\n    x = 1\n\n    x {\n      y = [\n        1,\n        2,\n      ]\n      nested {\n        z = 1\n      }\n    }\n  }\n}\n",
        ),
        (
            "      a=1\n   bb   =   { k = 2 }\n  # note\n   /* two\n  lines */\n",
            "x {\n  a  = 1\n  bb = { k = 2 }\n  # note\n  /* two\n  lines */\n}\n",
            "b {\n  c {\n    x = 1\n\n    x {\n      a  = 1\n      bb = { k = 2 }\n      # note\n      /* two\n  lines */\n    }\n  }\n}\n",
        ),
    ];
    for (body, top, deep) in cases {
        let mut d = Document::parse("t.tf", "").unwrap();
        d.add_block(&root(), "x", [""; 0], body).unwrap();
        assert_eq!(d.text(), *top);
        let mut d = Document::parse("t.tf", "b {\n  c {\n    x = 1\n  }\n}\n").unwrap();
        d.add_block(&nested(), "x", [""; 0], body).unwrap();
        assert_eq!(d.text(), *deep);
        assert_formatted(&d);
    }
    // A multi-line value set, and one from update_from.
    let mut d = Document::parse("t.tf", "b {\n  c {\n    x = 1\n  }\n}\n").unwrap();
    d.set_attribute_expr(&nested(), "x", "{\na = [\n1,\n]\n}")
        .unwrap();
    assert_eq!(
        d.text(),
        "b {\n  c {\n    x = {\n      a = [\n        1,\n      ]\n    }\n  }\n}\n"
    );
    let mut d = Document::parse("t.tf", "b {\n  x = 1\n}\n").unwrap();
    d.update_from("b {\n  x = 1\n}\nn {\n      y = [\n 1,\n   ]\n}\n")
        .unwrap();
    assert_eq!(
        d.text(),
        "b {\n  x = 1\n}\n\nn {\n  y = [\n    1,\n  ]\n}\n"
    );
    // A body that would close the block it goes in is refused.
    let mut d = Document::parse("t.tf", "").unwrap();
    assert!(d.add_block(&root(), "x", [""; 0], "}\ny {").is_err());
    assert_eq!(d.text(), "");
}

/// A CRLF file stays CRLF, whatever the edit adds: new lines, a block
/// opened up, a multi-line value.
#[test]
fn edit_crlf_files_keep_their_line_ending() {
    const SRC: &str = "a = 1\r\nb {\r\n  c = 2\r\n}\r\nd {}\r\ne { f = 1 }\r\n";
    let b = root().block("b", [""; 0]);
    let d_ = root().block("d", [""; 0]);
    let e = root().block("e", [""; 0]);
    type Edit = fn(&mut Document, &BlockPath);
    let edits: &[(&BlockPath, Edit)] = &[
        (&b, |d, p| d.set_attribute(p, "x", &Value::from(1)).unwrap()),
        (&b, |d, p| {
            d.set_attribute_expr(p, "c", "{\nk = 1\n}").unwrap()
        }),
        (&b, |d, p| {
            d.add_block(p, "n", [""; 0], "y = [\n1,\n]\n").unwrap()
        }),
        (&d_, |d, p| {
            d.set_attribute(p, "x", &Value::from(1)).unwrap()
        }),
        (&e, |d, p| d.set_attribute(p, "x", &Value::from(1)).unwrap()),
        (&e, |d, p| d.add_block(p, "n", [""; 0], "").unwrap()),
    ];
    for (path, edit) in edits {
        let mut d = Document::parse("t.tf", SRC).unwrap();
        edit(&mut d, path);
        let lines: Vec<&str> = d.text().split_inclusive('\n').collect();
        assert!(lines.iter().all(|l| l.ends_with("\r\n")), "{:?}", d.text());
    }
    let mut d = Document::parse("t.tf", SRC).unwrap();
    d.add_block(&root(), "n", [""; 0], "x = 1\n").unwrap();
    assert!(
        d.text().ends_with("}\r\n\r\nn {\r\n  x = 1\r\n}\r\n"),
        "{:?}",
        d.text()
    );
}

/// Untouched blanks keep their bytes: tabs are neither indentation nor
/// padding the edit rewrites; only padding alignment resizes changes.
#[test]
fn edit_alignment_keeps_the_blanks_it_does_not_resize() {
    let b = root().block("b", [""; 0]);
    type Edit = fn(&mut Document, &BlockPath);
    let cases: &[(&str, Edit, &str)] = &[
        (
            "b {\n\tc = 2\n}\n",
            |d, p| d.set_attribute(p, "x", &Value::from(1)).unwrap(),
            "b {\n\tc = 2\n\tx = 1\n}\n",
        ),
        // The run widens: the tab-indented line's padding grows, its
        // indentation stays; the new line is indented as its neighbours.
        (
            "b {\n\tc = 2 # two\n}\n",
            |d, p| d.set_attribute(p, "xx", &Value::from(1)).unwrap(),
            "b {\n\tc  = 2 # two\n\txx = 1\n}\n",
        ),
        // A tab counts one column, as the formatter counts it: `c`'s
        // padding is resized to line up with `dd`'s, which is kept.
        (
            "b {\n\tc\t= 2\n\tdd\t= 3\n}\n",
            |d, p| d.set_attribute(p, "c", &Value::from(1)).unwrap(),
            "b {\n\tc  = 1\n\tdd\t= 3\n}\n",
        ),
        (
            "b {\n\tlong = 1\n\tc    = 2\n}\n",
            |d, p| {
                d.remove_attribute(p, "long").unwrap();
            },
            "b {\n\tc = 2\n}\n",
        ),
        (
            "b {\n\tc = 2\n\td = 3\n}\n",
            |d, p| d.rename_attribute(p, "d", "ddd").unwrap(),
            "b {\n\tc   = 2\n\tddd = 3\n}\n",
        ),
        // Tabs elsewhere in the file are no business of the edit.
        (
            "b {\n  c = 2\n}\nt {\n\tx\t=\t1\t# tab\n}\n",
            |d, p| d.set_attribute(p, "cc", &Value::from(1)).unwrap(),
            "b {\n  c  = 2\n  cc = 1\n}\nt {\n\tx\t=\t1\t# tab\n}\n",
        ),
    ];
    for (src, edit, want) in cases {
        let mut d = Document::parse("t.tf", *src).unwrap();
        edit(&mut d, &b);
        assert_eq!(d.text(), *want, "{src:?}");
    }
}

/// Removals take the item's lead comments and line comment with it, as
/// hclwrite does, and leave no trailing blanks.
#[test]
fn edit_removal_takes_the_items_comments() {
    let b = root().block("b", [""; 0]);
    let cases: &[(&str, &str)] = &[
        ("/* keep */ a = 1\nb {}\n", "b {}\n"),
        (
            "x = 1\n# about a\n// more\na = 1 # trailing\nb {}\n",
            "x = 1\nb {}\n",
        ),
        // A blank line ends the lead: the comment above it stays.
        ("# file\n\n# about a\na = 1\nb {}\n", "# file\n\nb {}\n"),
        // A comment ending a line of code is that line's.
        ("x = 1 # x's\na = 1\nb {}\n", "x = 1 # x's\nb {}\n"),
        // A block comment alone on its line ends with a newline, not a
        // comment: it is not a lead comment (hclwrite's rule).
        ("/* file */\na = 1\nb {}\n", "/* file */\nb {}\n"),
        ("# c\n/* d */ a = 1 /* e */ # f\nb {}\n", "b {}\n"),
        ("a = 1\r\n# c\r\nb {}\r\n", "# c\r\nb {}\r\n"),
    ];
    for (src, want) in cases {
        let mut d = Document::parse("t.tf", *src).unwrap();
        assert!(d.remove_attribute(&root(), "a").unwrap());
        assert_eq!(d.text(), *want, "{src:?}");
    }
    let mut d = Document::parse("t.tf", "a = 1\n\n# the b\nb {\n  x = 1\n}\n").unwrap();
    assert!(d.remove_block(&b).unwrap());
    assert_eq!(d.text(), "a = 1\n");
}

/// A one-line body emptied is written `{}`, as the formatter writes an
/// empty one-line body (and hclwrite leaves it); a comment that is not
/// the item's stays between the braces, as the formatter keeps it.
#[test]
fn edit_removal_from_a_one_line_body() {
    let cases: &[(&str, &str)] = &[
        ("b { x = 1 }\n", "b {}\n"),
        ("b {x=1}\n", "b {}\n"),
        ("b { x = 1 }\nc {}\nd {\n}\n", "b {}\nc {}\nd {\n}\n"),
        ("b {\tx = 1\t}\r\ny = 2\r\n", "b {}\r\ny = 2\r\n"),
        ("o {\n  b { x = 1 }\n}\n", "o {\n  b {}\n}\n"),
        ("b \"l\" { x = [1, 2] }\n", "b \"l\" {}\n"),
        // The item's line comment goes with it; a comment before it on
        // the line of the `{` is no lead comment of it (hclwrite's rule).
        ("b { x = 1 /* c */ }\n", "b {}\n"),
        ("b { /* c */ x = 1 }\n", "b { /* c */ }\n"),
    ];
    for (src, want) in cases {
        let path = if src.starts_with('o') {
            root().block("o", [""; 0]).block("b", [""; 0])
        } else {
            let labels: &[&str] = if src.contains("\"l\"") { &["l"] } else { &[] };
            root().block("b", labels.iter().copied())
        };
        let mut d = Document::parse("t.tf", *src).unwrap();
        assert!(d.remove_attribute(&path, "x").unwrap());
        assert_eq!(d.text(), *want, "{src:?}");
        if crate::format::format(src).unwrap() == *src {
            assert_formatted(&d);
        }
        // update_from takes the same path.
        let mut d = Document::parse("t.tf", *src).unwrap();
        d.update_from(&want.replace("/* c */", "")).unwrap();
        assert_eq!(d.text(), *want, "{src:?}");
    }
}

/// Errors say which input was wrong, where, and how.
#[test]
fn edit_errors_name_the_input_at_fault() {
    let mut d = Document::parse("t.tf", "a = 1\nb = 2\nblk {}\n").unwrap();
    let cases: &[(Result<(), EditError>, &str)] = &[
        (
            d.clone().set_attribute_expr(&root(), "x", "1 +"),
            "syntax error in the expression \"1 +\" for attribute \"x\": at line 1, column 4: Missing expression",
        ),
        (
            d.clone().rename_attribute(&root(), "a", "b"),
            "renaming attribute \"a\" to \"b\" in the top level would define \"b\" twice: it exists already",
        ),
        (
            d.clone().add_block(&root(), "n", [""; 0], "x = \n"),
            "syntax error in the body \"x =\" for block \"n\": at line 1, column 4: Missing expression",
        ),
        (
            d.clone().update_from("a = [\n"),
            "syntax error in the new text: at line",
        ),
        (
            Document::parse("t.tf", "a = (\n").map(drop),
            "syntax error in \"t.tf\": at line 2, column 1: Missing expression",
        ),
    ];
    for (got, want) in cases {
        let msg = got.as_ref().unwrap_err().to_string();
        assert!(msg.starts_with(want), "{msg}");
    }
    // Renaming to its own name is no conflict.
    d.rename_attribute(&root(), "a", "a").unwrap();
    assert_eq!(d.text(), "a = 1\nb = 2\nblk {}\n");
}
