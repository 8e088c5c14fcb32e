//! Parser tests, and the harness that parses one text every way the
//! parser can be tuned (compound lexemes or the plain token stream, the
//! simple-value shortcut or the general path, kept or fresh memory): every
//! tree and every diagnostic must come out the same.

use super::{Parser, Reuse, Tuning};
use crate::diag::Diagnostics;
use crate::native::ast::{BodyId, Expr, Traversal, Traverser, Tree};
use crate::native::lexer::{LexMode, Lexer};
use crate::native::{parse_config, parse_expr as parse_expression};
use crate::pos::SourceFile;
use crate::Limits;

/// What every entry point makes of one text.
#[derive(Debug, PartialEq)]
pub(crate) struct Parses {
    config: (Tree, BodyId, Diagnostics),
    expression: (Expr, Diagnostics),
    template: (Expr, Diagnostics),
    traversal_abs: (Option<Traversal>, Diagnostics),
    traversal_partial: (Option<Traversal>, Diagnostics),
    traversal_rel: (Vec<Traverser>, Diagnostics),
}

/// `src` parsed by the steps of every entry point, tuned as `tuning`
/// says.
pub(crate) fn parses(src: &SourceFile, options: &Limits, tuning: Tuning) -> Parses {
    let parser = |mode| Parser::tuned(src, Lexer::new(src.text(), mode), options, tuning);
    Parses {
        config: parser(LexMode::Normal).config(),
        expression: parser(LexMode::Normal).expression(),
        template: parser(LexMode::Template).template(),
        traversal_abs: parser(LexMode::Normal).traversal(false),
        traversal_partial: parser(LexMode::Normal).traversal(true),
        traversal_rel: parser(LexMode::Normal).relative_traversal(),
    }
}

/// Asserts that `text` parses the same tuned as `a` and as `b`.
pub(crate) fn assert_tunings_agree(text: &str, options: &Limits, a: Tuning, b: Tuning) {
    let src = SourceFile::new("t.tf", text);
    assert_eq!(
        parses(&src, options, a),
        parses(&src, options, b),
        "{text:?}: {a:?} and {b:?} differ"
    );
}

/// The entry points' tuning, and the same with the compound lexemes off.
fn compound_and_plain() -> (Tuning, Tuning) {
    let plain = Tuning {
        compound_lexemes: false,
        ..Tuning::default()
    };
    (Tuning::default(), plain)
}

/// Parses `text` with and without compound lexemes and compares
/// everything.
fn same_both_ways(text: &str) {
    let (compound, plain) = compound_and_plain();
    assert_tunings_agree(text, &Limits::default(), compound, plain);
}

/// Asserts that parsing `good` after parsing each of `others` on this
/// thread gives what a parse of `good` with fresh memory gives: whatever a
/// parse leaves behind for the next one (the parser's buffers, the tree's
/// kept lists and boxes) must never show.
pub(crate) fn assert_unaffected_by_earlier_parses(good: &str, others: &[&str]) {
    let options = Limits::default();
    let fresh = Tuning {
        reuse: Reuse::Fresh,
        ..Tuning::default()
    };
    let good = SourceFile::new("good.tf", good);
    let expected = parses(&good, &options, fresh);
    for other in others {
        let other = SourceFile::new("other.tf", *other);
        drop(parses(&other, &options, Tuning::default()));
    }
    assert_eq!(parses(&good, &options, Tuning::default()), expected);
}

/// Strings and dotted names in every place the grammar reads them, and in
/// places it does not (errors must keep the spans of the plain tokens).
const CASES: &[&str] = &[
    "a = \"x\"\nb = \"\"\n",
    "\"x\"",
    "\"\"",
    "a = \"x\" + \"y\"\n",
    "a = \"x\" == var.y ? \"yes\" : \"no\"\n",
    "a = \"x\" ? 1 : 2\n",
    "a = x ? \"y\"\n",
    "a = [\"web\", \"tier-1\", \"team-a\"]\n",
    "a = [\"web\"\n, \"x\"]\n",
    "a = [\"web\" \"x\"]\n",
    "a = { \"k\" = \"v\", \"l\" : \"w\" }\n",
    "a = {\n  K = \"v\"\n  \"L\" = \"w\"\n}\n",
    "a = { K = \"v\" \"x\" }\n",
    "a = { \"k\" \"v\" }\n",
    "a = f(\"x\", \"y\", \"z\")\n",
    "a = f(\"x\" \"y\")\n",
    "a = f(\"x\"...)\n",
    "a = x[\"k\"]\nb = x[\"k\"][\"l\"].m\nc = x[\"\"]\n",
    "a = x[\"k\" \"l\"]\n",
    "a = \"x\".y\nb = \"x\"[0]\nc = \"x\"[*].y\n",
    "a = -\"x\"\nb = !\"y\"\n",
    "a = (\"x\")\nb = (\"x\" \"y\")\n",
    "a = [for s in [\"a\", \"b\"] : \"x\" if s != \"a\"]\n",
    "a = {for k, v in {\"a\" = \"b\"} : \"k\" => \"v\"...}\n",
    "a = {for \"k\" in x : k => v}\n",
    "a = [for x in \"y\" \"z\"]\n",
    "a = \"${\"x\"}\"\nb = \"${f(\"y\")} and ${\"z\" == \"w\"}\"\n",
    "a = \"${x \"y\"}\"\n",
    "a = \"${\"y\" x}\"\n",
    "a = <<EOT\n${\"x\"}\nEOT\n",
    "a = <<EOT\n${x \"y\"}\nEOT\n",
    "a = \"%{if \"x\" == \"y\"}a%{else}\"b\"%{endif}\"\n",
    "a = \"%{for x in [\"a\"]}${x}%{endfor}\"\n",
    "a = \"%{ \"x\" }\"\n",
    "a = \"x\\ny\"\nb = \"$${z}\"\nc = \"%%{w}\"\nd = \"$x%y\"\n",
    "a = \"tab\tin\"\nb = \"hash#in\"\nc = \"é ü\"\n",
    "a = \"x\ny\"\n",
    "a = \"x\r\ny\"\n",
    "a = \"x",
    "a = \"",
    "\"a\" = 1\n",
    "\"a\" {\n}\n",
    "blk {\n  \"a\" = 1\n}\n",
    "blk {\n  a = 1 \"b\"\n}\n",
    "a = 1 \"b\"\n",
    "a \"b\"\n",
    "a \"b\" = 1\n",
    "a \"b\" \"c\" {\n  d = \"e\"\n}\n",
    "a \"\" l \"m\" {}\n",
    "a \"b\\\"c\" {}\n",
    "a \"${b}\" {}\n",
    "a \"b\" \"c\n",
    "a \"b\" \"c",
    "blk { \"a\" = 1 }\n",
    "blk { a \"b\" }\n",
    "blk { a = \"b\" \"c\" }\n",
    "blk { a = \"b\", c = \"d\" }\n",
    "blk { a = \"b\"\n}\n",
    "blk { a = \"b\"",
    "blk \"l\" { a = \"b\" }\n",
    "x \"${\" {}\n",
    "a = { \"x\" }\n",
    "a = { for = \"x\" }\n",
    "a = [for \"x\"]\n",
    "a = x.\"y\"\n",
    "a = x.*.\"y\"\n",
    "a = x[*] \"y\"\n",
    "a = f::\"x\"()\n",
    "a = f::g \"x\"\n",
    "a = \"x\" \"y\" \"z\"\nb = \"w\"\n",
    "a = [[[[\"x\"]]]]\n",
    "a = var.x\nb = aws_vpc.main.id\nc = x.y-z._w\n",
    "var.list[0]",
    "var.list[*].x.y",
    ".a.b[1]",
    "a.b",
    "a.b.c.",
    "a = var.x.0\nb = var.x[0].y.z\nc = var.x.*.y.z\nd = var.x[*].y.z\n",
    "a = true.x\nb = null.x.y\nc = false.x\nd = var.true\ne = true\n",
    "a = x.y(1)\nb = x.y::z(1)\n",
    "a = x.y.é\nb = x.é.y\nc = é.x.y\n",
    "a = x .y\nb = x. y\nc = x.y .z\n",
    "a = [for.x in y : z]\n",
    "a = [for x in in.x : x.y if if.z]\n",
    "a = {for.x = 1}\n",
    "a = {for k, v in m.n : k.l => v.w if v.ok}\n",
    "a = x.y ? b.c : d.e\nb = x.y == z.w\nc = !x.y\nd = -x.y.z\ne = (x.y)\n",
    "a.b = 1\n",
    "a.b {\n}\n",
    "a b.c {\n}\n",
    "a \"b\" c.d {}\n",
    "blk { a.b = 1 }\n",
    "blk { a = b.c }\n",
    "blk { a = b.c d }\n",
    "a = \"${x.y}\"\nb = \"${x.y.z[0]}\"\nc = \"%{if x.y}z%{endif}\"\n",
    "a = f(x).y.z\nb = x[0].y.z\nc = x.y[0].z.w\nd = x.y[z.w].v\n",
    "a = x..y\nb = x...\nc = f(x.y...)\n",
    "a = { x.y = 1, z.w : 2 }\n",
    "a = x.y\n# c\nb = 1\n",
    "a = x.y# c\nb = x.y// c\nc = x.y/* c */\n",
    "a = 1.x\nb = x.1.y\n",
    "a = x.y\"s\"\nb = x.y[\"k\"]\n",
    "a = [x.y\n, z.w]\n",
    "a = x.y.z\n  .w\n",
    "a = (x.y\n.z)\n",
    "a = x.y[\n",
    "a = x.y.",
    "a = \"${[[[[a]]]]}${b.c} ${\"d\"}\"\n",
    "a = [for x in y : [[[[a]]]] => b.c]\n",
];

#[test]
fn compound_tokens_build_the_split_tree_and_diagnostics() {
    for text in CASES {
        same_both_ways(text);
    }
}

#[test]
fn compound_tokens_agree_on_every_prefix() {
    for text in CASES {
        for (cut, _) in text.char_indices() {
            same_both_ways(&text[..cut]);
        }
    }
}

#[test]
fn compound_tokens_agree_at_the_depth_limit() {
    let opts = Limits {
        max_depth: 3,
        ..Limits::default()
    };
    let (compound, plain) = compound_and_plain();
    for text in CASES {
        assert_tunings_agree(text, &opts, compound, plain);
    }
}

// The shared corpus and spec suite (when present beside the project),
// whole, cut short and with a byte dropped at a few places each: real
// text, and the errors that broken real text makes.
hcl_test_shared::shared_test!(compound_tokens_agree_on_the_shared_files, corpus, |dir| {
    let mut files = hcl_test_shared::config_files(dir);
    if let Some(specsuite) = hcl_test_shared::shared_dir("specsuite") {
        files.extend(hcl_test_shared::config_files(&specsuite));
    }
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        same_both_ways(&text);
        let step = (text.len() / 12).max(1);
        let mut cut = step;
        while cut < text.len() {
            if text.is_char_boundary(cut) && text.is_char_boundary(cut + 1) {
                same_both_ways(&text[..cut]);
                let dropped = format!("{}{}", &text[..cut], &text[cut + 1..]);
                same_both_ways(&dropped);
            }
            cut += step;
        }
    }
});

#[test]
fn integer_literals_take_the_value_the_number_parser_gives() {
    use crate::native::ast::ExprKind;
    use crate::value::Number;
    let texts = [
        "0",
        "7",
        "007",
        "000000000000000000",
        "8080",
        "123456789012345678",
        "999999999999999999",
        "9223372036854775807",
        "9223372036854775808",
        "99999999999999999999",
        "1.5",
        "1e3",
    ];
    for text in texts {
        let src = SourceFile::new("t.hcl", text);
        let (e, diags) = parse_expression(&src, &Limits::default());
        assert!(diags.is_empty(), "{text}: {diags:?}");
        let want = Number::parse_literal(text).unwrap();
        assert_eq!(e.kind, ExprKind::Number(want), "{text}");
    }
}

/// The lexical complaints, each where the lexer hands the parser the token
/// (in the first batch, and after a few batches of other tokens).
#[test]
fn lexical_problems_are_reported_in_every_batch() {
    let cases: &[(&str, &str, usize)] = &[
        ("a = 1 & 2\n", "Unsupported operator", 6),
        ("a = 1 | 2\n", "Unsupported operator", 6),
        ("a = 1 ^ 2\n", "Unsupported operator", 6),
        ("a = ~1\n", "Unsupported operator", 4),
        ("a = `x`\n", "Invalid character", 4),
        ("a = 'x'\n", "Invalid character", 4),
        ("a = 1;\n", "Invalid character", 5),
        ("a = \"x\ny\"\n", "Invalid multi-line string", 6),
        ("a = 1 @\n", "Invalid character", 6),
        ("a = \u{201c}x\u{201d}\n", "Invalid character", 4),
        ("a = 1 /* x", "Invalid character", 6),
    ];
    let filler = format!("x = [{}]\n", "1, ".repeat(700));
    for (text, summary, at) in cases {
        for prefix in ["", filler.as_str()] {
            let text = format!("{prefix}{text}");
            let at = prefix.len() + at;
            let src = SourceFile::new("t.tf", text.as_str());
            let (_, diags) = parse_config(&src, &Limits::default());
            assert!(
                diags.iter().any(|d| d.summary == *summary
                    && d.subject.as_ref().map(|s| s.start.byte as usize) == Some(at)),
                "{text:?}: {diags:?}"
            );
        }
    }
}

/// Each body collects its attributes on a stack of its own while its
/// nested bodies collect theirs: the names and the redefinition check stay
/// with their body.
#[test]
fn attributes_are_redefined_only_within_their_body() {
    let text = "a = 1\nb {\n  a = 2\n  c {\n    a = 3\n  }\n  d = 4\n  a = 5\n}\ne = 6\n";
    let src = SourceFile::new("t.tf", text);
    let (file, diags) = parse_config(&src, &Limits::default());
    let details: Vec<_> = diags
        .iter()
        .map(|d| (d.summary.as_str(), d.detail.as_str()))
        .collect();
    assert_eq!(
        details,
        [(
            "Attribute redefined",
            "The argument \"a\" was already set at t.tf:3,3-4. Each argument may be set only once."
        )]
    );
    let tree = file.tree();
    let names = |body| -> Vec<&str> {
        tree.attributes(body)
            .iter()
            .map(|a| a.name.text(text))
            .collect()
    };
    assert_eq!(names(file.root_body()), ["a", "e"]);
    let b = &tree.blocks(file.root_body())[0];
    assert_eq!(names(tree.body(b.body)), ["a", "d"]);
    let c = &tree.blocks(tree.body(b.body))[0];
    assert_eq!(names(tree.body(c.body)), ["a"]);
}

/// Redefinitions are found whether the earlier name shares the later
/// one's length and first and last bytes with other names or not, before and after
/// a large body's names go in a map, and names that only look alike are
/// not redefinitions.
#[test]
fn attributes_are_redefined_whatever_names_look_alike() {
    // Names of one class (length 4, first byte `a`, last `z`) and of
    // several.
    let alike: Vec<String> = (0..200)
        .map(|i| {
            format!(
                "a{}{}z",
                char::from(b'a' + i / 26),
                char::from(b'a' + i % 26)
            )
        })
        .collect();
    let mixed: Vec<String> = (0..200)
        .map(|i| {
            format!(
                "{}{}",
                char::from(b'a' + i % 26),
                "x".repeat(i as usize / 26 + 1)
            )
        })
        .collect();
    for names in [&alike, &mixed] {
        for count in [1, 2, 15, 16, 17, 40, 127, 128, 129, 200] {
            let names = &names[..count];
            // No repeat: no error.
            let text: String = names.iter().map(|n| format!("{n} = 1\n")).collect();
            let src = SourceFile::new("t.tf", text.as_str());
            let (file, diags) = parse_config(&src, &Limits::default());
            assert!(diags.is_empty(), "{text:?}: {diags:?}");
            assert_eq!(file.tree().attributes(file.root_body()).len(), count);
            // Each name repeated once at the end: one error for the repeat.
            for (i, again) in names.iter().enumerate() {
                let text = format!("{text}{again} = 2\n");
                let src = SourceFile::new("t.tf", text.as_str());
                let (file, diags) = parse_config(&src, &Limits::default());
                let expected = format!(
                    "The argument \"{again}\" was already set at t.tf:{},1-{}. Each argument may be set only once.",
                    i + 1,
                    again.len() + 1
                );
                let details: Vec<_> = diags.iter().map(|d| d.detail.as_str()).collect();
                assert_eq!(details, [expected.as_str()], "{text:?}");
                assert_eq!(file.tree().attributes(file.root_body()).len(), count);
            }
        }
    }
}

/// An object's `for` is found past newlines and comments, whether the
/// tokens before it are in the current batch or not; a name that only
/// starts like `for` makes an object constructor.
#[test]
fn object_for_expressions_are_found_past_newlines() {
    use crate::native::ast::ExprKind;
    // (Fillers of every length around the first batch's end, so that the
    // brace and what follows it fall on either side of it.)
    let fillers: Vec<String> = std::iter::once(String::new())
        .chain((245..=260).map(|n| format!("x = [{}]\n", "1, ".repeat(n))))
        .collect();
    for prefix in &fillers {
        for (value, is_for) in [
            ("{for k, v in m : k => v}", true),
            ("{\n  for k, v in m : k => v\n}", true),
            ("{\n  # note\n\n  for k, v in m : k => v\n}", true),
            ("{\n  format = 1\n}", false),
            ("{\n  \"for\" = 1\n}", false),
        ] {
            // As a value of its own, and as a call's argument, where
            // newlines around the brace are insignificant.
            for (text, call) in [
                (format!("{prefix}a = {value}\n"), false),
                (format!("{prefix}a = f(\n{value}\n)\n"), true),
            ] {
                let src = SourceFile::new("t.tf", text.as_str());
                let (file, diags) = parse_config(&src, &Limits::default());
                let attrs = file.tree().attributes(file.root_body());
                let mut kind = &attrs[attrs.len() - 1].expr.kind;
                if call {
                    let ExprKind::Call(c) = kind else {
                        panic!("{text:?}: {kind:?}");
                    };
                    kind = &c.args[0].kind;
                }
                if is_for {
                    assert!(diags.is_empty(), "{text:?}: {diags:?}");
                    assert!(matches!(kind, ExprKind::For(_)), "{text:?}: {kind:?}");
                } else {
                    assert!(diags.is_empty(), "{text:?}: {diags:?}");
                    assert!(matches!(kind, ExprKind::Object(_)), "{text:?}: {kind:?}");
                }
            }
        }
    }
}

/// A parse with fresh memory leaves nothing on the thread; the entry
/// points' parses leave a bounded amount, which a release frees.
#[test]
fn kept_memory_is_bounded_releasable_and_optional() {
    use super::scratch::{kept_bytes, release_kept_memory};
    let options = Limits::default();
    let huge = "r \"l\" {\n  s = [t, {u = v}]\n  w = \"x\"\n}\n".repeat(20_000);
    let huge = SourceFile::new("huge.tf", huge);
    release_kept_memory();
    let fresh = Tuning {
        reuse: Reuse::Fresh,
        ..Tuning::default()
    };
    drop(parses(&huge, &options, fresh));
    assert_eq!(kept_bytes(), 0);
    drop(parses(&huge, &options, Tuning::default()));
    let kept = kept_bytes();
    assert!(kept > 0 && kept < 800_000, "{kept} bytes kept");
    release_kept_memory();
    assert_eq!(kept_bytes(), 0);
}

proptest::proptest! {
    /// Redefinitions are found the same in small bodies (a scan of the
    /// names) and large ones (a hash set of the names, past `MAP_AT`): the
    /// first definition of a name stays, each later one is reported with
    /// the first one's position and dropped, as a plain model says.
    #[test]
    fn redefinitions_match_a_plain_model(
        names in proptest::collection::vec("[a-e][a-c]{0,2}", 0..300),
    ) {
        let text: String = names.iter().map(|n| format!("{n} = 1\n")).collect();
        let src = SourceFile::new("t.tf", text.as_str());
        let (file, diags) = parse_config(&src, &Default::default());
        let mut kept: Vec<(&str, usize)> = Vec::new();
        let mut reported = Vec::new();
        for (line, n) in names.iter().enumerate() {
            match kept.iter().find(|(k, _)| k == n) {
                Some((_, first)) => reported.push(format!(
                    "The argument \"{n}\" was already set at t.tf:{},1-{}. Each argument may be set only once.",
                    first + 1,
                    n.len() + 1
                )),
                None => kept.push((n, line)),
            }
        }
        let got: Vec<String> = diags.iter().map(|d| d.detail.clone()).collect();
        proptest::prop_assert_eq!(got, reported);
        let tree = file.tree();
        let stored: Vec<&str> = tree
            .attributes(file.root_body())
            .iter()
            .map(|a| a.name.text(&text))
            .collect();
        let model: Vec<&str> = kept.iter().map(|(k, _)| *k).collect();
        proptest::prop_assert_eq!(stored, model);
    }
}

/// Names made to collide under the fast hash of the redefinition check's
/// set (all of them in one cluster of every table up to 2,048 slots): the
/// set gives up the fast hash at its probe limit, hashes with keys from
/// then on, and still finds every name and only those.
#[test]
fn colliding_attribute_names_switch_the_name_set_to_keyed_hashing() {
    use super::body::{fast_hash, NameSet};
    use crate::native::ast::{Attribute, ByteSpan};
    let names: Vec<String> = (0u32..)
        .map(|i| format!("n{i}"))
        .filter(|n| fast_hash(n) & 0x7ff == 0)
        .take(200)
        .collect();
    let text: String = names.iter().map(|n| format!("{n} = 1\n")).collect();
    let mut stack = Vec::new();
    let mut set = NameSet::default();
    let mut at = 0;
    for n in &names {
        let name = ByteSpan::new(at, at + n.len() as u32);
        at += n.len() as u32 + 5;
        assert_eq!(set.find_or_insert(&text, &stack, name, stack.len()), None);
        stack.push(Attribute {
            name,
            expr: super::body::invalid(name),
        });
    }
    assert!(
        set.is_keyed(),
        "200 colliding names stayed with the fast hash"
    );
    for (i, a) in stack.iter().enumerate() {
        assert_eq!(
            set.find_or_insert(&text, &stack, a.name, i),
            Some(a.name),
            "{}",
            names[i]
        );
    }
    // A body of them, each set twice: every second definition reported.
    let twice = format!("{text}{text}");
    let src = SourceFile::new("t.tf", twice.as_str());
    let (file, diags) = parse_config(&src, &Limits::default());
    assert_eq!(diags.len(), names.len(), "{diags}");
    assert!(diags.iter().all(|d| d.summary == "Attribute redefined"));
    assert_eq!(file.tree().attributes(file.root_body()).len(), names.len());
}

/// Names of every length around the fast hash's eight-byte steps hash
/// apart when they differ in one byte (the tail is not dropped).
#[test]
fn the_fast_name_hash_reads_every_byte() {
    use super::body::fast_hash;
    for len in 1..=24 {
        let base = "a".repeat(len);
        for at in 0..len {
            let mut other = base.clone().into_bytes();
            other[at] = b'b';
            let other = String::from_utf8(other).unwrap_or_default();
            assert_ne!(fast_hash(&base), fast_hash(&other), "{len} {at}");
        }
    }
}

/// A `for` expression's errors (its out-of-line paths): each malformed
/// shape is reported with its detail, and a well-formed one with none.
#[test]
fn for_expression_errors_are_reported() {
    let cases: &[(&str, &[&str])] = &[
        ("a = [for k, v in x : v if k]\n", &[]),
        ("a = {for k, v in x : k => v... if v}\n", &[]),
        (
            "a = [for 1 in x : 1]\n",
            &["For expression requires variable name after 'for'."],
        ),
        (
            "a = [for k, 1 in x : 1]\n",
            &["For expression requires value variable name after comma."],
        ),
        (
            "a = [for k x : 1]\n",
            &["For expression requires the 'in' keyword after its name declarations."],
        ),
        (
            "a = [for k in x 1]\n",
            &["For expression requires a colon after the collection expression."],
        ),
        (
            "a = [for k in x : k k]\n",
            &["Extra characters after the end of the 'for' expression."],
        ),
        (
            "a = [for k, v in x : k => v...]\n",
            &[
                "Key expression is not valid when building a tuple.",
                "Grouping ellipsis (...) cannot be used when building a tuple.",
            ],
        ),
        (
            "a = {for k in x : k}\n",
            &["Key expression is required when building an object."],
        ),
    ];
    for (text, expected) in cases {
        let src = SourceFile::new("t.tf", *text);
        let (_, diags) = parse_config(&src, &Limits::default());
        let details: Vec<_> = diags.iter().map(|d| d.detail.as_str()).collect();
        assert_eq!(details, *expected, "{text:?}");
    }
}
