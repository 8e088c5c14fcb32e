use proptest::prelude::*;

use super::*;
use crate::load::parse_source;
use crate::schema::{AttributeSchema, BlockHeaderSchema};

/// A schema over the names the random bodies use: `a` required, `b` and
/// `c` optional, blocks `x` (no label) and `y` (one label).
fn schema() -> CompiledSchema {
    CompiledSchema::new(
        BodySchema::new()
            .attribute(AttributeSchema::required("a"))
            .attribute(AttributeSchema::optional("b"))
            .attribute(AttributeSchema::optional("c"))
            .block(BlockHeaderSchema {
                type_name: "x".into(),
                label_names: vec![],
            })
            .block(BlockHeaderSchema {
                type_name: "y".into(),
                label_names: vec!["name".into()],
            }),
    )
}

/// [`schema`] with one block type, `y`: every block of a body read from
/// the tree is then of that type.
fn one_block_schema() -> CompiledSchema {
    let mut schema = schema().schema().clone();
    schema.blocks.retain(|b| b.type_name == "y");
    CompiledSchema::new(schema)
}

/// Random bodies: attributes and blocks with names in and out of the
/// schema, zero to two labels, repeated names, nested content.
fn body_text() -> impl Strategy<Value = String> {
    let attr =
        prop::sample::select(vec!["a", "b", "c", "d", "bb"]).prop_map(|n| format!("{n} = 1\n"));
    let block = (
        prop::sample::select(vec!["x", "y", "z"]),
        0..3usize,
        prop::bool::ANY,
    )
        .prop_map(|(ty, labels, inner)| {
            let labels: String = (0..labels).map(|i| format!(" \"l{i}\"")).collect();
            let inner = if inner { "a = 2" } else { "" };
            format!("{ty}{labels} {{ {inner} }}\n")
        });
    prop::collection::vec(prop_oneof![attr, block], 0..7).prop_map(|items| items.concat())
}

/// What a content holds, comparable across the paths: attribute names
/// with the range of their values, and each block's type and labels.
fn summary(content: &ContentById<'_>, schema: &CompiledSchema) -> Vec<String> {
    let mut out = Vec::new();
    for name in ["a", "b", "c", "d"] {
        let range = match content.attribute(schema.attribute_id(name), schema) {
            Some(AttrById::Native(a)) => Some(a.expr().range()),
            Some(AttrById::General(a)) => Some(a.expr.range()),
            None => None,
        };
        out.push(format!("{name}: {range:?}"));
    }
    match content {
        ContentById::Native(c) => {
            for b in c.body().blocks() {
                let labels: Vec<_> = b.labels().map(|l| l.value()).collect();
                out.push(format!("{} {labels:?}", b.type_name()));
            }
            out.push(format!("missing at {:?}", c.missing_item_range()));
        }
        ContentById::General(c) => {
            for b in &c.blocks {
                out.push(format!("{} {:?}", b.type_name, b.labels));
            }
            out.push(format!("missing at {:?}", c.missing_item_range));
        }
    }
    out
}

proptest! {
    /// The entry gives what the general path gives, content and
    /// diagnostics alike, whichever path it took.
    #[test]
    fn content_by_id_agrees_with_the_general_path(text in body_text()) {
        let (body, parse) = parse_source("t.hcl", &text);
        prop_assume!(parse.is_empty());
        for schema in [schema(), one_block_schema()] {
            let (fast, fast_diags) = content_by_id(&body, &schema);
            let (general, general_diags) = body.content(schema.schema());
            let general = ContentById::General(Box::new(general));
            prop_assert_eq!(summary(&fast, &schema), summary(&general, &schema));
            prop_assert_eq!(format!("{fast_diags:?}"), format!("{general_diags:?}"));
            // The tree is read only when the general path has nothing to say.
            if let ContentById::Native(native) = &fast {
                prop_assert!(general_diags.is_empty());
                // Blocks of a type are the general path's, in source order.
                let ContentById::General(all) = &general else {
                    unreachable!("built as general content above");
                };
                for ty in ["x", "y", "z", ""] {
                    let tree: Vec<_> = native
                        .blocks_of_type(ty)
                        .map(|b| (b.type_range(), b.labels().map(|l| l.value()).collect::<Vec<_>>()))
                        .collect();
                    let general: Vec<_> = all
                        .blocks_of_type(ty)
                        .map(|b| (b.type_range.clone(), b.labels.iter().map(String::as_str).collect::<Vec<_>>()))
                        .collect();
                    prop_assert_eq!(tree, general);
                }
            }
            // A node of the tree takes the same path as its handle.
            let node = BodyNode::of(&body).map(|n| content_by_id(n, &schema));
            if let Some((from_node, node_diags)) = node {
                prop_assert_eq!(summary(&from_node, &schema), summary(&fast, &schema));
                prop_assert_eq!(format!("{node_diags:?}"), format!("{fast_diags:?}"));
            }
        }
    }

    /// Partial processing through the entry gives what
    /// `Body::partial_content` gives: content, leftover and diagnostics.
    #[test]
    fn partial_content_by_id_agrees_with_the_general_path(text in body_text()) {
        let schema = schema();
        let (body, parse) = parse_source("t.hcl", &text);
        prop_assume!(parse.is_empty());
        let (by_id, rest, diags) = content_by_id_with(&body, &schema, Processing::Partial);
        let (general, general_rest, general_diags) = body.partial_content(schema.schema());
        let general = ContentById::General(Box::new(general));
        prop_assert_eq!(summary(&by_id, &schema), summary(&general, &schema));
        prop_assert_eq!(format!("{diags:?}"), format!("{general_diags:?}"));
        let rest = rest.map(|r| format!("{:?}", r.just_attributes()));
        prop_assert_eq!(rest, Some(format!("{:?}", general_rest.just_attributes())));
    }
}

#[test]
fn only_a_body_that_matches_its_schema_cleanly_is_read_from_the_tree() {
    let schema = schema();
    let native = |text: &str| {
        let (body, _) = parse_source("t.hcl", text);
        matches!(content_by_id(&body, &schema).0, ContentById::Native(_))
    };
    assert!(native("a = 1\n"));
    assert!(native("c = 1\na = 1\nx {}\ny \"n\" {}\ny \"m\" {}\n"));
    for broken in [
        "b = 1\n",        // a required attribute missing
        "a = 1\nd = 2\n", // an attribute the schema does not name
        "a = 1\nz {}\n",  // a block type it does not name
        "a = 1\ny {}\n",  // a label missing
        "a = 1\nx \"l\" {}\n",
    ] {
        assert!(!native(broken), "{broken}");
    }
    // Another syntax, a leftover and an invalid schema: the general path.
    let (json, _) = parse_source("t.hcl.json", r#"{"a": 1}"#);
    assert!(matches!(
        content_by_id(&json, &schema).0,
        ContentById::General(_)
    ));
    let (body, _) = parse_source("t.hcl", "a = 1\n");
    let (_, rest, _) = body.partial_content(&BodySchema::new());
    assert!(matches!(
        content_by_id(&rest, &schema).0,
        ContentById::General(_)
    ));
    let twice = CompiledSchema::new(
        BodySchema::new()
            .attribute(AttributeSchema::required("a"))
            .attribute(AttributeSchema::optional("a")),
    );
    assert!(!twice.is_valid());
    assert!(matches!(
        content_by_id(&body, &twice).0,
        ContentById::General(_)
    ));
}

#[test]
fn schemas_beyond_the_inline_slots_are_read_from_the_tree_too() {
    let names: Vec<String> = (0..40).map(|i| format!("a{i}")).collect();
    let mut schema = BodySchema::new();
    for n in &names {
        schema = schema.attribute(AttributeSchema::required(n.as_str()));
    }
    let schema = CompiledSchema::new(schema);
    // Written backwards, so every search wraps around.
    let src: String = names.iter().rev().map(|n| format!("{n} = 1\n")).collect();
    let (body, _) = parse_source("t.hcl", &src);
    let (content, _) = content_by_id(&body, &schema);
    assert!(matches!(content, ContentById::Native(_)));
    for n in &names {
        let attr = content.attribute(schema.attribute_id(n), &schema);
        assert_eq!(attr.map(AttrById::name), Some(n.as_str()));
    }
}

#[test]
fn name_comparison_agrees_with_byte_equality_at_every_length() {
    let base: Vec<u8> = (b'a'..=b'z').collect();
    for len in 0..base.len() {
        let a = &base[..len];
        assert!(same_bytes(a, a));
        for at in 0..len {
            let mut b = a.to_vec();
            b[at] = b'_';
            assert!(!same_bytes(a, &b), "{len} {at}");
        }
        assert!(!same_bytes(a, &base[..len + 1]));
    }
}

/// A schema name's key finds the name at every length (short, one word,
/// two words, long), wherever it sits in the text (at the end too, where
/// no whole word follows it), and tells it from names that differ in any
/// one byte or in length.
#[test]
fn name_keys_agree_with_byte_equality_at_every_length_and_place() {
    let base: Vec<u8> = (b'a'..=b'z').collect();
    for len in 0..base.len() {
        let name = &base[..len];
        let key = NameKey::new(std::str::from_utf8(name).unwrap());
        for before in [0usize, 3] {
            for after in 0..10 {
                let mut text = vec![b' '; before];
                text.extend_from_slice(name);
                text.extend(std::iter::repeat_n(b'=', after));
                let span = |len: usize| ByteSpan::new(before as u32, (before + len) as u32);
                assert!(key.is_name_at(&text, span(len)), "{len} {before} {after}");
                for at in 0..len {
                    let mut other = text.clone();
                    other[before + at] = b'_';
                    assert!(!key.is_name_at(&other, span(len)), "{len} {at} {after}");
                }
                if len > 0 {
                    assert!(!key.is_name_at(&text, span(len - 1)), "{len} {after}");
                }
                if after > 0 {
                    assert!(!key.is_name_at(&text, span(len + 1)), "{len} {after}");
                }
            }
        }
    }
    // A span past the text finds nothing.
    let key = NameKey::new("ab");
    assert!(!key.is_name_at(b"a", ByteSpan::new(0, 2)));
}

#[test]
fn a_body_with_every_attribute_in_schema_order_finds_each_by_its_id() {
    let schema = schema();
    for (text, in_order) in [
        ("a = 1\nb = 2\nc = 3\nx {}\n", true),
        ("a = 1\nc = 3\n", false), // an optional one absent: slots
        ("b = 2\na = 1\nc = 3\n", false),
    ] {
        let (body, _) = parse_source("t.hcl", text);
        let (content, diags) = content_by_id(&body, &schema);
        assert!(diags.is_empty(), "{text}");
        let ContentById::Native(native) = &content else {
            panic!("{text}: not read from the tree");
        };
        let identity = matches!(native.attrs, Slots::Inline(slots) if slots == IN_ORDER);
        assert_eq!(identity, in_order, "{text}");
        for name in ["a", "b", "c"] {
            let found = content.attribute(schema.attribute_id(name), &schema);
            let expected = text.contains(&format!("{name} =")).then_some(name);
            assert_eq!(found.map(AttrById::name), expected, "{text}");
        }
        // An id the schema did not issue finds nothing, in any layout.
        assert!(content
            .attribute(schema.attribute_id("d"), &schema)
            .is_none());
    }
}
