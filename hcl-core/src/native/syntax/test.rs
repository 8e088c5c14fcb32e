use proptest::prelude::*;

use super::*;
use crate::native::{parse_config, parse_expression, parse_traversal_abs};
use crate::Limits;

fn with_expr<R>(text: &str, f: impl FnOnce(ExprNode<'_>) -> R) -> R {
    let src = SourceFile::new("<e>", text);
    let (e, diags) = parse_expression(&src, &Limits::default());
    assert!(diags.is_empty(), "{text}: {diags}");
    f(ExprNode::of(&e).unwrap())
}

fn steps_of(t: TraversalNode<'_>) -> Vec<String> {
    t.steps()
        .map(|s| match s.kind() {
            StepKind::Attr(n) => format!(".{n}"),
            StepKind::Index(k) => format!("[{}]", k.value().to_cty_json_text()),
            StepKind::Splat => "[*]".into(),
            StepKind::Invalid => "[?]".into(),
        })
        .collect()
}

trait CtyText {
    fn to_cty_json_text(&self) -> String;
}

impl CtyText for Value {
    fn to_cty_json_text(&self) -> String {
        crate::value::to_cty_json(self).unwrap_or_default()
    }
}

#[test]
fn traversals_look_the_same_however_the_parser_stored_them() {
    // `a.b.c` is stored as dotted text, the others as step lists.
    for (text, steps) in [
        ("a", vec![]),
        ("a.b.c", vec![".b", ".c"]),
        ("a .b .c", vec![".b", ".c"]),
        ("a.b[\"c\"]", vec![".b", "[\"c\"]"]),
        ("a[0].b", vec!["[0]", ".b"]),
        ("a.0.b", vec!["[0]", ".b"]),
    ] {
        with_expr(text, |e| {
            let ExprKind::Traversal(t) = e.kind() else {
                panic!("{text} is a traversal")
            };
            assert_eq!(t.root_name(), "a", "{text}");
            assert_eq!(steps_of(t), steps, "{text}");
            assert_eq!(src_text(t.root_range(), e), "a");
        });
    }
}

fn src_text(r: Range, e: ExprNode<'_>) -> String {
    e.source().text_of(&r).to_owned()
}

#[test]
fn step_ranges_cover_the_step_from_its_dot_or_bracket() {
    with_expr("aws_vpc.main.id[0]", |e| {
        let ExprKind::Traversal(t) = e.kind() else {
            panic!()
        };
        let texts: Vec<String> = t.steps().map(|s| src_text(s.range(), e)).collect();
        assert_eq!(texts, [".main", ".id", "[0]"]);
    });
    with_expr("x.y.z", |e| {
        let ExprKind::Traversal(t) = e.kind() else {
            panic!()
        };
        let texts: Vec<String> = t.steps().map(|s| src_text(s.range(), e)).collect();
        assert_eq!(texts, [".y", ".z"]);
    });
}

#[test]
fn strings_are_templates_in_every_stored_form() {
    // (text, literal text if literal-only, number of parts, wrapped?)
    for (text, literal, parts, wrapped) in [
        ("\"plain\"", Some("plain"), 1, false),
        ("\"esc\\n\"", Some("esc\n"), 1, false),
        ("\"\"", Some(""), 1, false),
        ("\"${x}\"", None, 1, true),
        ("\"a${x}b\"", None, 3, false),
        ("\"%{if x}y%{endif}\"", None, 1, false),
        ("<<EOT\nhi\nEOT\n", Some("hi\n"), 1, false),
    ] {
        with_expr(text, |e| {
            let ExprKind::Template(t) = e.kind() else {
                panic!("{text} is a template")
            };
            assert_eq!(t.literal(), literal, "{text}");
            assert_eq!(t.parts().count(), parts, "{text}");
            assert_eq!(t.wrapped().is_some(), wrapped, "{text}");
        });
    }
    with_expr("<<-EOT\n  x\n  EOT\n", |e| {
        let ExprKind::Template(t) = e.kind() else {
            panic!()
        };
        assert_eq!(
            t.kind(),
            TemplateKind::Heredoc {
                flush: true,
                marker: "EOT"
            }
        );
        assert_eq!(t.literal(), Some("x\n"));
    });
    // The marker is read from the source: up to the end of its line.
    with_expr("<<EOT_2\r\n${a}x\r\nEOT_2\r\n", |e| {
        let ExprKind::Template(t) = e.kind() else {
            panic!()
        };
        assert_eq!(
            t.kind(),
            TemplateKind::Heredoc {
                flush: false,
                marker: "EOT_2"
            }
        );
    });
}

#[test]
fn body_items_interleave_attributes_and_blocks_in_source_order() {
    let src = SourceFile::new("t.hcl", "a = 1\nb {}\nc = 2\nd \"x\" {}\ne = 3\n");
    let (file, _) = parse_config(&src, &Limits::default());
    let order: Vec<&str> = file
        .body()
        .items()
        .map(|i| match i {
            BodyItem::Attribute(a) => a.name(),
            BodyItem::Block(b) => b.type_name(),
        })
        .collect();
    assert_eq!(order, ["a", "b", "c", "d", "e"]);
}

#[test]
fn variables_skip_names_bound_by_for_and_template_for() {
    with_expr(
        "[for k, v in var.m : \"${k}-${v}-${local.x}\" if v != other]",
        |e| {
            let names: Vec<String> = e.variables().iter().map(|t| t.to_string()).collect();
            assert_eq!(names, ["var.m", "local.x", "other"]);
        },
    );
    with_expr("\"%{for x in xs}${x}${y}%{endfor}\"", |e| {
        let names: Vec<String> = e.variables().iter().map(|t| t.to_string()).collect();
        assert_eq!(names, ["xs", "y"]);
    });
    with_expr("{ a = b, (c) = d }", |e| {
        let names: Vec<String> = e.variables().iter().map(|t| t.to_string()).collect();
        assert_eq!(names, ["b", "c", "d"]);
    });
}

#[test]
fn variables_skip_names_bound_by_for_nested_past_the_inline_names() {
    // Six levels of `for k, v` bind twelve names: past the eight the walk
    // holds in place. Each level's names stay bound inside it and end
    // with it (in the outermost condition, `b2` and `a6` are references).
    let text = "[for a1, b1 in x1 : [for a2, b2 in b1 : [for a3, b3 in b2 : \
                [for a4, b4 in b3 : [for a5, b5 in b4 : [for a6, b6 in b5 : \
                [a1, b1, a6, b6, free, \"${a3}${b5}${c}\"]]]]]] if b2 == a6]";
    with_expr(text, |e| {
        let names: Vec<String> = e.variables().iter().map(|t| t.to_string()).collect();
        assert_eq!(names, ["x1", "free", "c", "b2", "a6"]);
    });
}

#[test]
fn children_visit_every_sub_expression() {
    for (text, n) in [
        ("1", 0),
        ("a.b", 0),
        ("f(1, 2, 3)", 3),
        ("[1, [2]]", 2),
        ("{a = 1, (b) = 2}", 3),
        ("x ? y : z", 3),
        ("-x", 1),
        ("a + b", 2),
        ("(a)", 1),
        ("a[b]", 2),
        ("f(x).y", 1),
        ("a[*].b", 2),
        ("[for x in y : x if x]", 3),
        ("{for k, v in y : k => v...}", 3),
        ("\"a${b}%{if c}d%{endif}\"", 2),
        ("\"${b}\"", 1),
    ] {
        with_expr(text, |e| assert_eq!(e.children().count(), n, "{text}"));
    }
}

#[test]
fn calls_objects_and_for_expressions_expose_their_parts() {
    with_expr("provider::aws::f(x, y...)", |e| {
        let ExprKind::Call(c) = e.kind() else {
            panic!()
        };
        assert_eq!(c.name(), "provider::aws::f");
        assert_eq!(c.args().len(), 2);
        assert!(c.expand_final());
    });
    with_expr("{ a = 1, \"b\" = 2, (c) = 3 }", |e| {
        let ExprKind::Object(o) = e.kind() else {
            panic!()
        };
        let keys: Vec<Option<&str>> = o.items().map(|i| i.key().literal_name()).collect();
        assert_eq!(keys, [Some("a"), None, None]);
        assert!(o.items().nth(2).unwrap().key().is_parenthesized());
    });
    with_expr("{for k, v in m : k => v... if v}", |e| {
        let ExprKind::For(f) = e.kind() else { panic!() };
        assert_eq!((f.key_var(), f.value_var()), (Some("k"), "v"));
        assert!(f.is_object() && f.is_grouped());
        assert!(f.key().is_some() && f.condition().is_some());
    });
}

#[test]
fn node_handles_evaluate_like_the_expression_handle() {
    let src = SourceFile::new("t.hcl", "a = [for x in [1, 2] : x * 2]\n");
    let (file, _) = parse_config(&src, &Limits::default());
    let a = file.body().attribute("a").unwrap();
    let want = Value::tuple([Value::from(2), Value::from(4)]);
    assert_eq!(a.expr().value(None).0, want);
    assert_eq!(a.to_expression().value(None).0, want);
    assert_eq!(a.expr().to_expression().value(None).0, want);
}

proptest! {
    /// A traversal read from an expression (where the parser may keep the
    /// dotted text) and the same text parsed as a traversal (always a step
    /// list) give the same information-model traversal.
    #[test]
    fn expression_traversals_match_parsed_traversals(
        root in "[a-z][a-z0-9_]{0,5}",
        steps in proptest::collection::vec(
            prop_oneof![
                "[a-z][a-z0-9_]{0,5}".prop_map(|n| format!(".{n}")),
                (0u32..20).prop_map(|i| format!("[{i}]")),
                "[a-z]{1,4}".prop_map(|k| format!("[\"{k}\"]")),
            ],
            0..6,
        ),
    ) {
        prop_assume!(!matches!(root.as_str(), "true" | "false" | "null" | "for" | "if" | "in"));
        let text = format!("{root}{}", steps.concat());
        let src = SourceFile::new("<t>", text.as_str());
        let (e, d) = parse_expression(&src, &Limits::default());
        prop_assume!(!d.has_errors());
        let from_expr = match ExprNode::of(&e).map(|n| n.kind()) {
            Some(ExprKind::Traversal(t)) => t.to_traversal(),
            _ => return Err(TestCaseError::fail(format!("{text} is not a traversal"))),
        };
        let (parsed, d) = parse_traversal_abs(&src, &Limits::default());
        prop_assert!(!d.has_errors());
        prop_assert_eq!(Some(from_expr.clone()), parsed);
        prop_assert_eq!(from_expr.to_string(), text);
    }
}

/// The general way to build a traversal: every range resolved on its own,
/// every step a [`Traverser`] kept by a traversal built by hand (the
/// reference the traversal module's tests compare with).
pub(crate) fn traversal_resolving_each_range(t: TraversalNode<'_>) -> Traversal {
    let mut steps = vec![Traverser::Root {
        name: t.root_name().to_owned(),
        range: t.root_range(),
    }];
    steps.extend(t.steps().map(Step::to_traverser));
    Traversal::new(steps)
}

proptest! {
    /// `to_traversal` resolves each step's range from the one before it;
    /// it gives what resolving every range on its own gives, whatever the
    /// spaces, line breaks and non-ASCII text around and inside the steps.
    #[test]
    fn to_traversal_matches_resolving_each_range(
        prefix in prop_oneof!["", "é = 1\n", "\n\n", "x = \"ü\"\n  "],
        root in prop_oneof!["[a-z][a-z0-9_]{0,5}", "é[a-z]{0,3}"],
        steps in proptest::collection::vec(
            (
                prop_oneof!["", " ", "\n", "\t"],
                prop_oneof![
                    "[a-z][a-z0-9_]{0,5}".prop_map(|n| format!(".{n}")),
                    "[a-zé]{1,4}".prop_map(|n| format!(".{n}")),
                    (0u32..20).prop_map(|i| format!("[{i}]")),
                    "[a-zü]{1,4}".prop_map(|k| format!("[\"{k}\"]")),
                ],
            ),
            0..6,
        ),
    ) {
        prop_assume!(!matches!(root.as_str(), "true" | "false" | "null" | "for" | "if" | "in"));
        let path: String = steps.iter().map(|(sp, s)| format!("{sp}{s}")).collect();
        let text = format!("{prefix}a = ({root}{path})\n");
        let src = SourceFile::new("<t>", text.as_str());
        let (file, d) = parse_config(&src, &Default::default());
        prop_assume!(!d.has_errors());
        let Some(a) = file.body().attribute("a") else {
            return Err(TestCaseError::fail(format!("{text}: no attribute a")));
        };
        let mut found = 0;
        a.expr().each_variable(|t| {
            found += 1;
            assert_eq!(t.to_traversal(), traversal_resolving_each_range(t), "{text}");
        });
        prop_assert_eq!(found, 1);
    }
}

proptest! {
    /// Whether a traversal's steps read back from the text as a path is
    /// decided from the parser's spans alone; it is what reading the text
    /// step by step decides, whatever the spaces, comments, key forms and
    /// legacy indexes of the steps.
    #[test]
    fn steps_read_as_path_decides_what_reading_the_path_decides(
        root in prop_oneof!["[a-z][a-z0-9_]{0,5}", "é[a-z]{0,2}", "a-b"],
        steps in proptest::collection::vec(
            (
                prop_oneof![Just(""), Just(""), Just(" "), Just("/**/"), Just("\n")],
                prop_oneof![
                    "[a-z][a-z0-9_-]{0,5}".prop_map(|n| format!(".{n}")),
                    "[a-zé]{1,3}".prop_map(|n| format!(".{n}")),
                    (0u32..300).prop_map(|i| format!("[{i}]")),
                    (0u32..30).prop_map(|i| format!(".{i}")),
                    (0u32..30).prop_map(|i| format!("[ {i}]")),
                    (0u32..30).prop_map(|i| format!("[{i} ]")),
                    (0u32..30).prop_map(|i| format!("[0{i}]")),
                    (0u32..30).prop_map(|i| format!("[-{i}]")),
                    Just("[99999999999999999999]".to_owned()),
                    Just("[1.5]".to_owned()),
                    Just("[1e1]".to_owned()),
                    Just("[true]".to_owned()),
                    Just("[*]".to_owned()),
                    "[a-zü]{0,3}".prop_map(|k| format!("[\"{k}\"]")),
                    "[a-z]{0,3}".prop_map(|k| format!("[ \"{k}\"]")),
                    "[a-z]{0,3}".prop_map(|k| format!("[\"{k}\" ]")),
                    "[a-z]{0,3}".prop_map(|k| format!("[\"{k}\\n\"]")),
                    "[a-z]{0,3}".prop_map(|k| format!("[\"{k}]\"]")),
                ],
            ),
            0..6,
        ),
    ) {
        prop_assume!(!matches!(root.as_str(), "true" | "false" | "null" | "for" | "if" | "in"));
        let path: String = steps.iter().map(|(sp, s)| format!("{sp}{s}")).collect();
        let text = format!("{root}{path}");
        let src = SourceFile::new("<t>", text.as_str());
        let (t, d) = crate::native::parse_traversal_node(&src, &Limits::default(), true);
        prop_assume!(!d.has_errors());
        let Some(t) = t else {
            return Err(TestCaseError::fail(format!("{text}: no traversal")));
        };
        let end = t.steps.last().map_or(t.root.end, |s| s.span.end);
        let path = ByteSpan::new(t.root.start, end);
        let by_reading = crate::traversal::path_root(&text, path) == t.root
            && traversal::reads_as_path(&text, t.root.end, end, &t.steps);
        prop_assert_eq!(
            traversal::steps_read_as_path(&text, t.root.end, &t.steps),
            by_reading,
            "{}",
            text
        );
    }
}

#[test]
fn steps_read_as_path_when_written_without_spaces() {
    for (text, path) in [
        ("a", true),
        ("a.b.c", true),
        ("a.b[0][\"k\"].c", true),
        ("a[15][16][99][100]", true),
        ("a[007]", true),
        ("a .b", false),
        ("a. b", false),
        ("a[ 0]", false),
        ("a[\"k\" ]", false),
        ("a[\"k\\n\"]", false),
        ("a[1.5]", false),
        ("a[*]", false),
    ] {
        let src = SourceFile::new("<t>", text);
        let (t, d) = crate::native::parse_traversal_node(&src, &Limits::default(), true);
        assert!(!d.has_errors(), "{text}: {d}");
        let t = t.unwrap();
        let end = t.steps.last().map_or(t.root.end, |s| s.span.end);
        let by_reading = crate::traversal::path_root(text, ByteSpan::new(t.root.start, end))
            == t.root
            && traversal::reads_as_path(text, t.root.end, end, &t.steps);
        assert_eq!(by_reading, path, "{text}: reading");
        assert_eq!(
            traversal::steps_read_as_path(text, t.root.end, &t.steps),
            path,
            "{text}"
        );
    }
}
