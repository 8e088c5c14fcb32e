use proptest::prelude::*;

use super::*;
use crate::native::syntax::test::traversal_resolving_each_range as built_by_hand;
use crate::native::syntax::Step;
use crate::native::{parse_config, parse_traversal_node};
use crate::Limits;

/// A context in which some traversals reach a value, some fail on the way
/// and some name no variable at all.
fn context() -> EvalContext {
    let mut ctx = EvalContext::new();
    let c = Value::object([("c", Value::from("x")), ("é", Value::from(1))]);
    ctx.set_variable(
        "a",
        Value::object([
            ("b", Value::tuple([Value::from(1), c.clone()])),
            ("k", Value::object([("a\nb", Value::from(2))])),
        ]),
    );
    ctx.set_variable("é", Value::tuple([c]));
    ctx
}

/// Every accessor of `found` (a traversal that keeps its file) gives what
/// the same accessor of `by_hand` gives.
fn assert_same(found: &Traversal, by_hand: &Traversal, text: &str) -> Result<(), TestCaseError> {
    prop_assert!(matches!(found.repr, Repr::Source(_)), "{}", text);
    prop_assert_eq!(found, by_hand, "{}", text);
    prop_assert_eq!(by_hand, found, "{}", text);
    prop_assert_eq!(found, &found.clone(), "{}", text);
    prop_assert_eq!(&*found.steps(), &*by_hand.steps(), "{}", text);
    prop_assert_eq!(found.clone().into_steps(), by_hand.clone().into_steps());
    prop_assert_eq!(found.root_name(), by_hand.root_name());
    prop_assert_eq!(found.is_absolute(), by_hand.is_absolute());
    prop_assert_eq!(found.len(), by_hand.len());
    prop_assert_eq!(found.is_empty(), by_hand.is_empty());
    prop_assert_eq!(found.range(), by_hand.range());
    prop_assert_eq!(found.to_string(), by_hand.to_string());
    prop_assert_eq!(format!("{found:?}"), format!("{by_hand:?}"));
    prop_assert_eq!(found.split_root(), by_hand.split_root());
    prop_assert_eq!(
        found.clone().into_relative(),
        by_hand.clone().into_relative()
    );
    let ctx = context();
    for ctx in [None, Some(&EvalContext::new()), Some(&ctx)] {
        prop_assert_eq!(
            found.traverse_abs(ctx),
            by_hand.traverse_abs(ctx),
            "{}",
            text
        );
    }
    let value = ctx.variable("a").cloned().unwrap_or_else(Value::dynamic);
    prop_assert_eq!(found.traverse_rel(&value), by_hand.traverse_rel(&value));
    prop_assert_eq!(
        crate::involved::traversal_text(found),
        crate::involved::traversal_text(by_hand)
    );
    Ok(())
}

fn root() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("a".to_owned()),
        Just("é".to_owned()),
        Just("true".to_owned()),
        "[a-z][a-z0-9_]{0,3}",
    ]
}

/// One step as it may be written: names (ASCII or not), number keys
/// (integers, fractions, past 64 bits, the legacy `.0`), string keys with
/// and without escapes (and with the characters that separate a path's
/// steps), keyword keys and splats (only a traversal parsed with splats
/// allowed keeps a splat step; elsewhere it makes a splat expression).
fn step() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z][a-z0-9_]{0,3}".prop_map(|n| format!(".{n}")),
        Just(".b".to_owned()),
        Just(".c".to_owned()),
        Just(".é".to_owned()),
        (0u32..3).prop_map(|i| format!("[{i}]")),
        Just("[1.5]".to_owned()),
        Just("[18446744073709551616]".to_owned()),
        Just(".0".to_owned()),
        Just(".1".to_owned()),
        Just("[\"k\"]".to_owned()),
        Just("[\"a.b[0]\"]".to_owned()),
        Just("[007]".to_owned()),
        Just("[9223372036854775807]".to_owned()),
        Just("[\"é\"]".to_owned()),
        Just("[\"e\\u0301\"]".to_owned()),
        Just("[\"a\\nb\"]".to_owned()),
        Just("[true]".to_owned()),
        Just("[null]".to_owned()),
        Just("[*]".to_owned()),
        Just(".*".to_owned()),
    ]
}

/// What may stand before a step: nothing (a dotted path, which the parser
/// keeps as text), spaces, a line break, a comment.
fn gap() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        4 => Just(""),
        1 => Just(" "),
        1 => Just("\n"),
        1 => Just("/* c */"),
    ]
}

fn traversal_text() -> impl Strategy<Value = String> {
    (root(), proptest::collection::vec((gap(), step()), 0..5)).prop_map(|(root, steps)| {
        let path: String = steps.iter().map(|(g, s)| format!("{g}{s}")).collect();
        format!("{root}{path}")
    })
}

/// An expression with up to three references, in the places static
/// analysis looks: operands, templates, `for` expressions (which bind
/// names), calls, collections.
fn expression_text() -> impl Strategy<Value = String> {
    (
        traversal_text(),
        traversal_text(),
        traversal_text(),
        0..7usize,
    )
        .prop_map(|(a, b, c, shape)| match shape {
            0 => format!("({a})"),
            1 => format!("({a}) + ({b})"),
            2 => format!("\"x ${{{a}}} é ${{{b}}}\""),
            3 => format!("[for v in ({a}) : ({b})]"),
            4 => format!("f(({a}), [({b}), {{ k = ({c}) }}])"),
            5 => format!("<<EOT\n%{{ for k, v in ({a}) }}${{{b}}}%{{ endfor }}\nEOT\n"),
            _ => format!("(({a})) ? ({b}) : ({c})"),
        })
}

/// The owned traversal of a lent reference, checked to answer as the
/// reference does (root name and range, whole range, text).
fn kept_answering_as_lent(t: TraversalRef<'_>) -> Result<Traversal, String> {
    let kept = t.to_traversal();
    let root_range = kept.steps().first().map(Traverser::range);
    let same = [
        (kept.root_name() == Some(t.root_name()), "root name"),
        (root_range == Some(t.root_range()), "root range"),
        (kept.range() == Some(t.range()), "range"),
        (kept.to_string() == t.to_string(), "text"),
    ];
    match same.iter().find(|(same, _)| !same) {
        Some((_, what)) => Err(format!(
            "the lent `{t}` and the kept `{kept}` differ in {what}"
        )),
        None => Ok(kept),
    }
}

proptest! {
    /// A reference found in a file (kept as the file and the spans of its
    /// steps) answers every accessor as the same reference built by hand
    /// from the syntax view does: steps, names, keys, ranges, equality,
    /// text, traversal of values, whatever the spaces, comments, line
    /// breaks, non-ASCII text and escapes around and inside the steps.
    #[test]
    fn found_traversals_answer_as_traversals_built_by_hand(
        prefix in prop_oneof!["", "é = 1\n", "\n\n", "x = \"ü\"\n  "],
        expr in expression_text(),
    ) {
        let text = format!("{prefix}x = {expr}\n");
        let src = SourceFile::new("<t>", text.as_str());
        let (file, d) = parse_config(&src, &Limits::default());
        prop_assume!(!d.has_errors());
        let Some(x) = file.body().attribute("x") else {
            return Err(TestCaseError::fail(format!("{text}: no attribute x")));
        };
        let mut by_hand = Vec::new();
        let mut result = Ok(());
        x.expr().each_variable(|t| {
            let found = t.to_traversal();
            let want = built_by_hand(t);
            if result.is_ok() {
                result = assert_same(&found, &want, &text);
            }
            by_hand.push(want);
        });
        result?;
        let viewed: Vec<Traversal> = x.expr().variables().iter().map(|t| t.to_traversal()).collect();
        prop_assert_eq!(viewed, by_hand.clone(), "{}", text);
        let handle = x.to_expression();
        let mut lent = Vec::new();
        handle.each_variable(|t| lent.push(kept_answering_as_lent(t)));
        let lent: Result<Vec<Traversal>, String> = lent.into_iter().collect();
        let lent = lent.map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(lent, by_hand.clone(), "{}", text);
        prop_assert_eq!(handle.variables(), by_hand, "{}", text);
    }

    /// `parse_traversal_abs` and `parse_traversal_partial` (splats
    /// allowed) give traversals that keep the file, and they answer as the
    /// same steps built by hand.
    #[test]
    fn parsed_traversals_answer_as_traversals_built_by_hand(
        text in traversal_text(),
        splats in any::<bool>(),
    ) {
        let src = SourceFile::new("<t>", text.as_str());
        let (node, d) = parse_traversal_node(&src, &Limits::default(), splats);
        prop_assume!(!d.has_errors());
        let Some(node) = node else {
            return Err(TestCaseError::fail(format!("{text}: no traversal")));
        };
        let mut steps = vec![Traverser::Root {
            name: node.root.text(&text).to_owned(),
            range: src.range(node.root),
        }];
        steps.extend(
            crate::native::syntax::Steps::list(&src, &node.steps).map(Step::to_traverser),
        );
        let (found, _) = if splats {
            crate::native::parse_traversal_partial(&src, &Limits::default())
        } else {
            crate::native::parse_traversal_abs(&src, &Limits::default())
        };
        let Some(found) = found else {
            return Err(TestCaseError::fail(format!("{text}: no traversal")));
        };
        assert_same(&found, &Traversal::new(steps), &text)?;
    }
}

#[test]
fn traversals_found_in_a_file_compare_by_steps_not_by_storage() {
    let src = SourceFile::new("a.hcl", "x = a.b\ny = a .b\nz = a.c\n");
    let (file, _) = parse_config(&src, &Limits::default());
    let refs: Vec<Traversal> = ["x", "y", "z"]
        .iter()
        .map(|n| {
            file.body()
                .attribute(n)
                .unwrap()
                .to_expression()
                .variables()[0]
                .clone()
        })
        .collect();
    // Same text in other places: other ranges.
    assert_ne!(refs[0], refs[1]);
    assert_ne!(refs[0], refs[2]);
    assert_eq!(refs[0].to_string(), refs[1].to_string());
    // The same file under another handle: equal ranges.
    let again = SourceFile::new("a.hcl", src.text());
    let (file, _) = parse_config(&again, &Limits::default());
    let x = file
        .body()
        .attribute("x")
        .unwrap()
        .to_expression()
        .variables();
    assert_eq!(x[0], refs[0]);
    assert_eq!(Traversal::new(x[0].steps().into_owned()), refs[0]);
}

#[test]
fn a_traversal_built_by_hand_keeps_any_steps() {
    let relative = Traversal::new(vec![Traverser::Attr {
        name: "a".into(),
        range: Range::default(),
    }]);
    assert!(!relative.is_absolute());
    assert_eq!(relative.root_name(), None);
    assert_eq!(relative.split_root(), None);
    assert_eq!(relative.to_string(), ".a");
    let empty = Traversal::default();
    assert!(empty.is_empty() && empty.range().is_none());
    assert_eq!(empty.traverse_rel(&Value::from(1)).0, Value::from(1));
    let (_, d) = empty.traverse_abs(None);
    assert_eq!(d.iter().next().unwrap().summary, "Invalid traversal");
}

#[test]
fn paths_are_read_step_by_step() {
    let src = "var.a[0][\"k.[]\"].bc[12]";
    let mut at = 3;
    let mut steps = Vec::new();
    while let Some((span, step)) = path_step(src, at, src.len() as u32) {
        let text = |s: ByteSpan| s.text(src).to_owned();
        steps.push(match step {
            PathStep::Attr(name) => format!("{} name {}", text(span), text(name)),
            key => format!("{} key {:?}", text(span), key.key(src)),
        });
        at = span.end;
    }
    assert_eq!(
        path_root(src, ByteSpan::new(0, src.len() as u32)).text(src),
        "var"
    );
    assert_eq!(
        steps,
        [
            ".a name a".to_owned(),
            format!("[0] key {:?}", Some(Value::from(0))),
            format!("[\"k.[]\"] key {:?}", Some(Value::from("k.[]"))),
            ".bc name bc".to_owned(),
            format!("[12] key {:?}", Some(Value::from(12))),
        ]
    );
    assert_eq!(path_step(src, at, at), None);
}

/// Which references a found traversal reads from the text alone (a path
/// written without spaces: nothing copied) and which keep a list of steps.
#[test]
fn paths_allocate_no_step_list() {
    let src = SourceFile::new(
        "a.hcl",
        "x = [var.a.b, var.a[0].id, var.m[\"k\"], var.a .b, var.a[1.5], var.a.0, var.m[\"\\n\"]]\n",
    );
    let (file, _) = parse_config(&src, &Limits::default());
    let vars: Vec<Traversal> = file.body().attribute("x").unwrap().expr().traversals();
    let kinds: Vec<&str> = vars
        .iter()
        .map(|t| match &t.repr {
            Repr::Source(t) if t.is_path() => "path",
            Repr::Source(_) => "list",
            Repr::Steps(_) => "steps",
        })
        .collect();
    assert_eq!(
        kinds,
        ["path", "path", "path", "list", "list", "list", "list"]
    );
}

#[test]
fn traversal_display_quotes_keys_as_the_writer_does() {
    let t = Traversal::new(vec![
        Traverser::Root {
            name: "a".into(),
            range: Range::default(),
        },
        Traverser::Index {
            key: Value::from("q\"${x}\n"),
            range: Range::default(),
        },
        Traverser::Index {
            key: Value::from(1.5),
            range: Range::default(),
        },
        Traverser::Index {
            key: Value::Bool(true),
            range: Range::default(),
        },
        Traverser::Splat {
            range: Range::default(),
        },
    ]);
    assert_eq!(t.to_string(), r#"a["q\"$${x}\n"][1.5][true][*]"#);
}
