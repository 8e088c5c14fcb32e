use super::*;

#[test]
fn nodes_stay_compact() {
    assert_eq!(std::mem::size_of::<ByteSpan>(), 8);
    assert_eq!(std::mem::size_of::<Expr>(), 24);
    assert_eq!(std::mem::size_of::<Attribute>(), 32);
    assert_eq!(std::mem::size_of::<Body>(), 24);
    assert_eq!(std::mem::size_of::<Block>(), 32);
    assert_eq!(std::mem::size_of::<Label>(), 12);
    assert_eq!(std::mem::size_of::<Binary>(), 56);
    assert_eq!(std::mem::size_of::<ForExpr>(), 120);
    assert_eq!(std::mem::size_of::<Call>(), 104);
    assert_eq!(std::mem::size_of::<Template>(), 24);
    assert_eq!(std::mem::size_of::<TemplateIf>(), 120);
    assert_eq!(std::mem::size_of::<TemplateFor>(), 96);
    assert_eq!(std::mem::size_of::<TemplatePart>(), 32);
    assert_eq!(std::mem::size_of::<Splat>(), 56);
    assert_eq!(std::mem::size_of::<ObjectItem>(), 48);
    assert_eq!(std::mem::size_of::<Traversal>(), 24);
    assert_eq!(std::mem::size_of::<RelativeTraversal>(), 48);
    assert_eq!(std::mem::size_of::<Traverser>(), 24);
}

/// An attribute path splits at its dots, wherever it sits in the
/// source: the root, then one attribute step a dot (span from the dot,
/// name after it), as `str::split` cuts it, with room for the extra
/// steps asked for; paths of up to eight dots (the one-pass way) and
/// more (counted first) alike.
#[test]
fn attr_paths_split_at_their_dots() {
    for path in [
        "a",
        "a.b",
        "aws_vpc.main.id",
        "x.y-z.w_1.v",
        "a.b.c.d.e.f.g.h.i",
    ] {
        for pad in ["", "k = ", "long_prefix.not_this = "] {
            let src = format!("{pad}{path} + 1");
            let span = ByteSpan::new(pad.len() as u32, (pad.len() + path.len()) as u32);
            let (root, steps) = split_attr_path_with(span, &src, 2);
            let mut parts = path.split('.');
            let first = parts.next().unwrap_or_default();
            assert_eq!(root.text(&src), first, "{src}");
            assert_eq!(root.start, span.start, "{src}");
            let names: Vec<_> = parts.collect();
            assert_eq!(steps.len(), names.len(), "{src}");
            assert!(steps.capacity() >= names.len() + 2, "{src}");
            for (step, name) in steps.iter().zip(names) {
                let TraverserKind::Attr { name: at } = step.kind else {
                    panic!("{src}: {step:?}")
                };
                assert_eq!(at.text(&src), name, "{src}");
                assert_eq!(step.span.text(&src), format!(".{name}"), "{src}");
            }
            let whole = split_attr_path(span, &src);
            assert_eq!((whole.root, &whole.steps[..]), (root, &steps[..]), "{src}");
        }
    }
}

/// Small integer keys and plain string keys take the compact forms;
/// every form gives back the key it was written with.
#[test]
fn index_keys_read_the_same_in_every_form() {
    use crate::native::syntax::Literal as Key;
    let cases: &[(&str, &str, Option<IndexKey>, bool)] = &[
        (
            "a[0]",
            "small",
            Some(Some(Key::Number(&Number::small(0)))),
            false,
        ),
        (
            "a.3",
            "small",
            Some(Some(Key::Number(&Number::small(3)))),
            true,
        ),
        (
            "a[15]",
            "small",
            Some(Some(Key::Number(&Number::small(15)))),
            false,
        ),
        (
            "a[16]",
            "boxed",
            Some(Some(Key::Number(&Number::small(16)))),
            false,
        ),
        ("a[2.5]", "boxed", None, false),
        ("a[\"k\"]", "text", Some(Some(Key::String("k"))), false),
        (
            "a[\"k\\n\"]",
            "boxed",
            Some(Some(Key::String("k\n"))),
            false,
        ),
        ("a[true]", "boxed", Some(Some(Key::Bool(true))), false),
        ("a[null]", "boxed", Some(Some(Key::Null)), false),
    ];
    for &(text, form, want, legacy) in cases {
        let src = crate::pos::SourceFile::new("t.hcl", text);
        let (expr, diags) = crate::native::parse_expr(&src, &crate::Limits::default());
        assert!(diags.is_empty(), "{text}: {diags}");
        let ExprKind::ScopeTraversal(t) = &expr.kind else {
            panic!("{text}: {:?}", expr.kind)
        };
        let step = &t.steps[0].kind;
        let got_form = match step {
            TraverserKind::SmallIndex { .. } => "small",
            TraverserKind::TextIndex { .. } => "text",
            TraverserKind::Index { .. } => "boxed",
            _ => "other",
        };
        assert_eq!(got_form, form, "{text}");
        let (key, got_legacy) = step.index_key(text).expect(text);
        if let Some(want) = want {
            assert_eq!(key, want, "{text}");
        }
        assert_eq!(got_legacy, legacy, "{text}");
    }
}

#[test]
fn equals_and_open_brace_are_found_again() {
    let text = "a /* c */ = 1\nb=2\nblk \"l\" {\n  x = 1\n}\nbad \"m\" = 3\n";
    let src = crate::pos::SourceFile::new("t.hcl", text);
    let (file, _) = crate::native::parse_config(&src, &crate::Limits::default());
    let tree = file.tree();
    let root = file.root_body();
    let equals: Vec<_> = tree
        .attributes(root)
        .iter()
        .map(|a| a.equals(text).text(text))
        .collect();
    assert_eq!(equals, ["=", "="]);
    let at: Vec<_> = tree
        .attributes(root)
        .iter()
        .map(|a| a.equals(text).start)
        .collect();
    assert_eq!(at, [10, 15]);
    let blocks = tree.blocks(root);
    assert_eq!(blocks[0].open_brace().text(text), "{");
    // Cut short before its brace: the type stands for it.
    assert_eq!(blocks[1].open_brace().text(text), "bad");
}
