use super::*;

const SRC: &str = "# top\nname = \"x\" # the name\nport = 80\n\nservice \"web\" {\n  # inner\n  host = \"a\"\n\n  tls {}\n}\n";

fn doc() -> Document {
    Document::parse("a.hcl", SRC).unwrap()
}

fn web() -> BlockPath {
    BlockPath::root().block("service", ["web"])
}

#[test]
fn edit_untouched_document_is_its_text() {
    assert_eq!(doc().text(), SRC);
    assert!(matches!(
        Document::parse("b.hcl", "a = [").unwrap_err(),
        EditError::Syntax(_)
    ));
}

#[test]
fn edit_set_existing_and_new_attributes() {
    let mut d = doc();
    d.set_attribute(&BlockPath::root(), "port", &Value::from(8080))
        .unwrap();
    d.set_attribute(&web(), "host", &Value::object([("a", Value::from(1))]))
        .unwrap();
    d.set_attribute_expr(&web(), "cert", "file(\"c.pem\")")
        .unwrap();
    d.set_attribute_expr(&BlockPath::root(), "region", "var.region")
        .unwrap();
    assert_eq!(
        d.text(),
        "# top\nname   = \"x\" # the name\nport   = 8080\nregion = var.region\n\nservice \"web\" {\n  # inner\n  host = {\n    a = 1\n  }\n  cert = file(\"c.pem\")\n\n  tls {}\n}\n"
    );
    assert_eq!(crate::format::format(d.text()).unwrap(), d.text());
    assert!(matches!(
        d.set_attribute_expr(&web(), "x", "1 +"),
        Err(EditError::Input { .. })
    ));
    assert!(matches!(
        d.set_attribute_expr(&web(), "a b", "1"),
        Err(EditError::InvalidName(_))
    ));
    assert!(matches!(
        d.set_attribute_expr(&BlockPath::root().block("nope", [""; 0]), "x", "1"),
        Err(EditError::NotFound(_))
    ));
}

#[test]
fn edit_add_to_empty_bodies() {
    let mut d = doc();
    let tls = web().block("tls", [""; 0]);
    d.set_attribute(&tls, "enabled", &Value::from(true))
        .unwrap();
    assert!(
        d.text().contains("  tls {\n    enabled = true\n  }\n"),
        "{}",
        d.text()
    );
    let mut e = Document::parse("e.hcl", "").unwrap();
    e.set_attribute(&BlockPath::root(), "a", &Value::from(1))
        .unwrap();
    e.add_block(&BlockPath::root(), "b", ["l"], "c = 2\n")
        .unwrap();
    assert_eq!(e.text(), "a = 1\n\nb \"l\" {\n  c = 2\n}\n");
}

#[test]
fn edit_remove_and_rename() {
    let mut d = doc();
    assert!(d.remove_attribute(&BlockPath::root(), "name").unwrap());
    assert!(!d.remove_attribute(&BlockPath::root(), "name").unwrap());
    d.rename_attribute(&web(), "host", "hostname").unwrap();
    d.rename_block(&web(), "server").unwrap();
    let server = BlockPath::root().block("server", ["web"]);
    assert!(d
        .remove_block(&server.clone().block("tls", [""; 0]))
        .unwrap());
    // `# top` is the lead comment of `name`: it went with it.
    assert_eq!(
        d.text(),
        "port = 80\n\nserver \"web\" {\n  # inner\n  hostname = \"a\"\n}\n"
    );
    assert!(d.remove_block(&server).unwrap());
    assert_eq!(d.text(), "port = 80\n");
}

#[test]
fn edit_update_from_changes_only_what_differs() {
    let mut d = doc();
    d.update_from(
        "name = \"x\"\nport = 81\nservice \"web\" {\n  host = \"a\"\n  tls {\n    on = true\n  }\n}\nservice \"api\" {\n  host = \"b\"\n}\n",
    )
    .unwrap();
    assert_eq!(
        d.text(),
        "# top\nname = \"x\" # the name\nport = 81\n\nservice \"web\" {\n  # inner\n  host = \"a\"\n\n  tls {\n    on = true\n  }\n}\n\nservice \"api\" {\n  host = \"b\"\n}\n"
    );
}

#[test]
fn edit_save_replaces_the_file() {
    let dir = std::env::temp_dir().join(format!("hcl-edit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("a.hcl");
    std::fs::write(&path, SRC).unwrap();
    let mut d = Document::open(&path).unwrap().unwrap();
    d.set_attribute(&BlockPath::root(), "port", &Value::from(1))
        .unwrap();
    d.save(&path).unwrap();
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .contains("port = 1\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn edit_add_to_a_one_line_block_opens_it_up() {
    let mut d = Document::parse("a.hcl", "b { a = 1 }\nc = 2\n").unwrap();
    let b = BlockPath::root().block("b", [""; 0]);
    d.set_attribute(&b, "x", &Value::from(3)).unwrap();
    assert_eq!(d.text(), "b {\n  a = 1\n  x = 3\n}\nc = 2\n");
}

#[test]
fn edit_realigns_the_run_of_equals_it_changes_and_no_other() {
    // Two runs, the first deliberately not aligned: only the edited run
    // (and the comments of its lines) changes.
    let src = "x = 1\nyyy   = 2\n\na  = 1  # one\nbb = 22 # two\n";
    let mut d = Document::parse("r.hcl", src).unwrap();
    d.set_attribute(&BlockPath::root(), "cccc", &Value::from(3))
        .unwrap();
    assert_eq!(
        d.text(),
        "x = 1\nyyy   = 2\n\na    = 1  # one\nbb   = 22 # two\ncccc = 3\n"
    );
    d.rename_attribute(&BlockPath::root(), "cccc", "c").unwrap();
    assert_eq!(
        d.text(),
        "x = 1\nyyy   = 2\n\na  = 1  # one\nbb = 22 # two\nc  = 3\n"
    );
    // A longer value moves the comments of its run.
    d.set_attribute(&BlockPath::root(), "a", &Value::from(1000))
        .unwrap();
    assert_eq!(
        d.text(),
        "x = 1\nyyy   = 2\n\na  = 1000 # one\nbb = 22   # two\nc  = 3\n"
    );
    let formatted = "x   = 1\nyyy = 2\n\na  = 1000 # one\nbb = 22   # two\nc  = 3\n";
    assert_eq!(crate::format::format(d.text()).unwrap(), formatted);
}

#[test]
fn edit_update_of_object_items_realigns_their_runs() {
    let src = "svc = {\n  image = \"a\" # pinned\n  port  = 80  # http\n}\n";
    assert_eq!(crate::format::format(src).unwrap(), src);
    let mut d = Document::parse("o.hcl", src).unwrap();
    d.update_from("svc = {\n  image = \"a-longer-name\"\n  port  = 80\n}\n")
        .unwrap();
    assert_eq!(
        d.text(),
        "svc = {\n  image = \"a-longer-name\" # pinned\n  port  = 80              # http\n}\n"
    );
    assert_eq!(crate::format::format(d.text()).unwrap(), d.text());
}

#[test]
fn edit_remove_realigns_the_run_it_leaves_and_no_other() {
    // The widest name goes: its run narrows, and the comment of a line
    // of that run moves with it; the first run, not aligned, stays so.
    let src = "x = 1\nyyy   = 2\n\na       = 1  # one\nlongest = 22 # two\nbb      = 3\n";
    let mut d = Document::parse("r.hcl", src).unwrap();
    assert!(d.remove_attribute(&BlockPath::root(), "longest").unwrap());
    assert_eq!(d.text(), "x = 1\nyyy   = 2\n\na  = 1 # one\nbb = 3\n");
    // The last item of a run, and the first.
    let src = "aaaa = 1\nb    = 2\ncc   = 3\n";
    let mut d = Document::parse("r.hcl", src).unwrap();
    assert!(d.remove_attribute(&BlockPath::root(), "aaaa").unwrap());
    assert_eq!(d.text(), "b  = 2\ncc = 3\n");
    assert!(d.remove_attribute(&BlockPath::root(), "cc").unwrap());
    assert_eq!(d.text(), "b = 2\n");
    // Inside a block, the run after the removed item.
    let src = "svc {\n  port     = 80\n  protocol = \"tcp\" # default\n  host     = \"a\"\n}\n";
    let mut d = Document::parse("r.hcl", src).unwrap();
    let svc = BlockPath::root().block("svc", [""; 0]);
    assert!(d.remove_attribute(&svc, "protocol").unwrap());
    assert_eq!(d.text(), "svc {\n  port = 80\n  host = \"a\"\n}\n");
}

#[test]
fn edit_remove_of_a_block_joins_the_runs_it_split() {
    // hclfmt aligns the `=` of consecutive lines: once the block between
    // them is gone, the two runs are one.
    let src = "a = 1\nb {\n  x = 1\n}\nccc = 3 # c\n";
    let mut d = Document::parse("r.hcl", src).unwrap();
    assert!(d
        .remove_block(&BlockPath::root().block("b", [""; 0]))
        .unwrap());
    assert_eq!(d.text(), "a   = 1\nccc = 3 # c\n");
    // So does removing a multi-line attribute, which has no `=` cell.
    let src = "a = 1\nobj = {\n  k = 1\n}\nlong_name = 3\n";
    let mut d = Document::parse("r.hcl", src).unwrap();
    assert!(d.remove_attribute(&BlockPath::root(), "obj").unwrap());
    assert_eq!(d.text(), "a         = 1\nlong_name = 3\n");
    assert_eq!(crate::format::format(d.text()).unwrap(), d.text());
}

#[test]
fn edit_set_keeps_the_comment_after_the_expression_on_its_line() {
    let mut d = Document::parse("c.hcl", "a = 1 # why\nb = 2\n").unwrap();
    d.set_attribute(&BlockPath::root(), "a", &Value::from(2))
        .unwrap();
    assert_eq!(d.text(), "a = 2 # why\nb = 2\n");
    d.set_attribute_expr(&BlockPath::root(), "a", "var.x")
        .unwrap();
    assert_eq!(d.text(), "a = var.x # why\nb = 2\n");
    // A value that spans lines: the comment follows its last line, as
    // hclwrite's `SetAttributeValue` leaves it.
    d.set_attribute(
        &BlockPath::root(),
        "a",
        &Value::object([("k", Value::from(1))]),
    )
    .unwrap();
    assert_eq!(d.text(), "a = {\n  k = 1\n} # why\nb = 2\n");
    // Comments inside the old expression go with it (hclwrite drops them
    // too); the comments of the lines around stay.
    let src = "# lead\na = [\n  1, # one\n  2,\n] # why\nb = 2 # bee\n";
    let mut d = Document::parse("c.hcl", src).unwrap();
    d.set_attribute(&BlockPath::root(), "a", &Value::from(3))
        .unwrap();
    assert_eq!(d.text(), "# lead\na = 3 # why\nb = 2 # bee\n");
}

#[test]
fn edit_labels_are_compared_in_nfc() {
    // Written composed, asked decomposed, and the other way round.
    for (written, asked) in [("\u{e9}", "e\u{301}"), ("e\u{301}", "\u{e9}")] {
        let src = format!("resource \"{written}\" {{\n  a = 1\n}}\n");
        let mut d = Document::parse("a.hcl", &src).unwrap();
        let path = BlockPath::root().block("resource", [asked]);
        d.set_attribute(&path, "a", &Value::from(2)).unwrap();
        assert_eq!(d.text(), src.replace("a = 1", "a = 2"));
    }
    let mut d = Document::parse("a.hcl", "r \"x\" \"y\" {}\n").unwrap();
    let fewer = BlockPath::root().block("r", ["x"]);
    assert!(d.set_attribute(&fewer, "a", &Value::from(1)).is_err());
}

/// Items `update_from` adds come with their comments as hclwrite counts
/// them (lead comments, line comment), and a block added whole with every
/// comment inside it; all laid out as the formatter lays them out.
#[test]
fn edit_update_from_adds_items_with_their_comments() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "a = 1\n",
            "a = 1\n\n# lead of b\nb {\n  # first\n  x = 1 # xs\n  // between\n  y = [\n    1, # one\n    2,\n  ]\n  # end\n}\n# lead of c\nc = 3 # cee\n",
            "a = 1\n# lead of c\nc = 3 # cee\n\n# lead of b\nb {\n  # first\n  x = 1 # xs\n  // between\n  y = [\n    1, # one\n    2,\n  ]\n  # end\n}\n",
        ),
        // Inside a block that stays: lead comments, comments before the
        // item on its line, line comments, comments inside the value.
        (
            "b {\n  x = 1\n}\n",
            "b {\n  x = 1\n  # lead y\n  y = 2 # y's\n  /* z */ z = { # open\n    k = 1 # k\n  }\n}\n",
            "b {\n  x = 1\n  # lead y\n  y = 2         # y's\n  /* z */ z = { # open\n    k = 1       # k\n  }\n}\n",
        ),
        (
            "b { x = 1 }\n",
            "b {\n  x = 1\n  # lead y\n  y = 2 # y's\n}\n",
            "b {\n  x = 1\n  # lead y\n  y = 2 # y's\n}\n",
        ),
        // The new text laid out: indentation, spacing, alignment.
        (
            "a = 1\n",
            "a = 1\n   # two\nbb=2   # bee\nn {\n# in\n      c=1 # c\n  dd =   [ # open\n 1, # one\n  ]\n}\n",
            "a = 1\n# two\nbb = 2 # bee\n\nn {\n  # in\n  c = 1  # c\n  dd = [ # open\n    1,   # one\n  ]\n}\n",
        ),
        // Comments of items that stay are not the update's business;
        // a blank line ends a lead, and a comment alone between blank
        // lines belongs to no item.
        (
            "a = 1 # c\n",
            "# new\na = 1\n\n# loose\n\nb = 2 # two\n",
            "a = 1 # c\nb = 2 # two\n",
        ),
        (
            "a = 1\r\n",
            "a = 1\n# two\nb = 2\nc { # c\n  d = 1 /* d\n  */\n}\n",
            "a = 1\r\n# two\r\nb = 2\r\n\r\nc { # c\r\n  d = 1 /* d\n  */\r\n}\r\n",
        ),
        (
            "",
            "# lead\na = 1 # one\n\nb \"l\" { x = 1 } # one line\n",
            "# lead\na = 1 # one\n\nb \"l\" { x = 1 } # one line\n",
        ),
    ];
    for (old, new, want) in cases {
        let mut d = Document::parse("u.hcl", *old).unwrap();
        d.update_from(new).unwrap();
        assert_eq!(d.text(), *want, "{old:?} <- {new:?}");
        assert_eq!(crate::format::format(d.text()).unwrap(), d.text());
    }
}
