//! "Processing a body in two steps — first partial processing of a source
//! body, then exhaustive processing of the returned body — is equivalent
//! to single-step processing with a schema that is the union of the
//! schemata used across the two steps." (information model)

use proptest::prelude::*;

use hcl_core::body::{Body, BodyContent};
use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
use hcl_core::Diagnostics;

use super::at;

const ATTRS: [&str; 4] = ["alpha", "bravo", "charlie", "delta"];
const TYPES: [&str; 3] = ["xray", "yankee", "zulu"];

/// One generated item: an attribute (index into `ATTRS`) or a block (type
/// index and label count).
#[derive(Clone, Debug)]
enum Item {
    Attr(usize),
    Block(usize, usize),
}

fn text(items: &[Item]) -> String {
    let mut s = String::new();
    let mut seen = [false; ATTRS.len()];
    for item in items {
        match *item {
            Item::Attr(i) if !seen[i] => {
                seen[i] = true;
                s.push_str(&format!("{} = {i}\n", ATTRS[i]));
            }
            Item::Attr(_) => {}
            Item::Block(t, n) => {
                s.push_str(TYPES[t]);
                for l in 0..n {
                    s.push_str(&format!(" \"l{l}\""));
                }
                s.push_str(" {\n  inner = 1\n}\n");
            }
        }
    }
    s
}

/// The same items as a JSON-syntax body; repeated attributes are kept (the
/// JSON syntax allows them and reports them when asked for).
fn json_text(items: &[Item]) -> String {
    let props: Vec<String> = items
        .iter()
        .map(|item| match *item {
            Item::Attr(i) => format!("\"{}\": {i}", ATTRS[i]),
            Item::Block(t, n) => {
                let mut v = "{\"inner\": 1}".to_owned();
                for l in (0..n).rev() {
                    v = format!("{{\"l{l}\": {v}}}");
                }
                format!("\"{}\": {v}", TYPES[t])
            }
        })
        .collect();
    format!("{{\n{}\n}}", props.join(",\n"))
}

/// Which step claims each name: 0 neither, 1 the first, 2 the second.
fn schemas(attr_owner: &[u8], required: &[bool], type_owner: &[u8]) -> (BodySchema, BodySchema) {
    let mut a = BodySchema::new();
    let mut b = BodySchema::new();
    for (i, owner) in attr_owner.iter().enumerate() {
        let s = AttributeSchema {
            name: ATTRS[i].into(),
            required: required[i],
        };
        match owner {
            1 => a = a.attribute(s),
            2 => b = b.attribute(s),
            _ => {}
        }
    }
    for (t, owner) in type_owner.iter().enumerate() {
        // Each type wants as many labels as its index: 0, 1, 2.
        let s = BlockHeaderSchema::new(TYPES[t], (0..t).map(|l| format!("n{l}")));
        match owner {
            1 => a = a.block(s),
            2 => b = b.block(s),
            _ => {}
        }
    }
    (a, b)
}

fn describe(c: &BodyContent) -> Vec<String> {
    let mut out: Vec<String> = c
        .attributes
        .iter()
        .map(|a| {
            format!(
                "attr {} {} {}",
                a.name,
                at(a.range.clone()),
                at(a.name_range.clone())
            )
        })
        .collect();
    out.sort();
    out.extend(c.blocks.iter().map(|b| {
        format!(
            "block {} {:?} {} {:?}",
            b.type_name,
            b.labels,
            at(b.def_range.clone()),
            b.label_ranges
                .iter()
                .map(|r| at(r.clone()))
                .collect::<Vec<_>>()
        )
    }));
    out
}

/// Summary and subject of each diagnostic, sorted: the details may differ,
/// as suggestions are drawn from the schema at hand.
fn diag_keys(d: &Diagnostics) -> Vec<String> {
    let mut v: Vec<String> = d
        .iter()
        .map(|d| {
            format!(
                "{} @ {}",
                d.summary,
                d.subject.clone().map(at).unwrap_or_default()
            )
        })
        .collect();
    v.sort();
    v
}

fn check(body: &Body, a: &BodySchema, b: &BodySchema) -> Result<(), TestCaseError> {
    let (c1, rest, d1) = body.partial_content(a);
    let (c2, d2) = rest.content(b);
    let (cu, du) = body.content(&a.union(b));
    let mut two = describe(&c1);
    two.extend(describe(&c2));
    let mut one = describe(&cu);
    // Blocks keep source order within each step; compare as multisets.
    two.sort();
    one.sort();
    prop_assert_eq!(two, one);
    let mut d = d1;
    d.extend(d2);
    prop_assert_eq!(diag_keys(&d), diag_keys(&du));
    Ok(())
}

fn items() -> impl Strategy<Value = Vec<Item>> {
    prop::collection::vec(
        prop_oneof![
            (0..ATTRS.len()).prop_map(Item::Attr),
            (0..TYPES.len(), 0..3usize).prop_map(|(t, n)| Item::Block(t, n)),
        ],
        0..10,
    )
}

proptest! {
    #[test]
    fn two_step_processing_equals_one_step_with_the_union_schema(
        items in items(),
        attr_owner in prop::collection::vec(0u8..3, ATTRS.len()),
        required in prop::collection::vec(any::<bool>(), ATTRS.len()),
        type_owner in prop::collection::vec(0u8..3, TYPES.len()),
    ) {
        let src = text(&items);
        let (body, diags) = hcl_core::load::parse_source("p.hcl", &src);
        prop_assert!(diags.is_empty(), "{}", diags);
        let (a, b) = schemas(&attr_owner, &required, &type_owner);
        check(&body, &a, &b)?;
    }

    #[test]
    fn two_step_processing_equals_one_step_in_json_syntax(
        items in items(),
        attr_owner in prop::collection::vec(0u8..3, ATTRS.len()),
        required in prop::collection::vec(any::<bool>(), ATTRS.len()),
        type_owner in prop::collection::vec(0u8..3, TYPES.len()),
    ) {
        let src = json_text(&items);
        let (body, diags) = hcl_core::load::parse_source("p.json", &src);
        prop_assert!(diags.is_empty(), "{}", diags);
        let (a, b) = schemas(&attr_owner, &required, &type_owner);
        check(&body, &a, &b)?;
    }
}
