//! Property: a literal-only body decodes into a dynamic target
//! (`serde_json::Value`) as the JSON syntax's representation of the same
//! content — labels nest as object keys, several blocks under one key form
//! an array — and the JSON-syntax file of that representation decodes to
//! the same value.

#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use serde_json::{json, Map, Value as Json};

#[derive(Clone, Debug)]
enum Lit {
    Int(i32),
    Str(String),
    Bool(bool),
    List(Vec<Lit>),
}

/// One block: its labels and body.
type Block = (Vec<String>, Body);

#[derive(Clone, Debug)]
struct Body {
    attrs: Vec<(String, Lit)>,
    /// Block groups: a type, how many labels every block of it has, and the
    /// blocks (labels, body).
    groups: Vec<(String, Vec<Block>)>,
}

fn lit() -> impl Strategy<Value = Lit> {
    let leaf = prop_oneof![
        any::<i32>().prop_map(Lit::Int),
        "[a-z0-9 ]{0,8}".prop_map(Lit::Str),
        any::<bool>().prop_map(Lit::Bool),
    ];
    leaf.prop_recursive(2, 8, 4, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(Lit::List)
    })
}

fn body(depth: u32) -> BoxedStrategy<Body> {
    let attrs = prop::collection::btree_map("a[a-z]{0,3}", lit(), 0..4)
        .prop_map(|m| m.into_iter().collect::<Vec<_>>());
    if depth == 0 {
        return attrs
            .prop_map(|attrs| Body {
                attrs,
                groups: Vec::new(),
            })
            .boxed();
    }
    let block = move |labels: usize| {
        (
            prop::collection::vec("[a-c]", labels..=labels),
            body(depth - 1),
        )
    };
    let group = (0usize..3).prop_flat_map(move |labels| prop::collection::vec(block(labels), 1..4));
    let groups = prop::collection::btree_map("b[a-z]{0,3}", group, 0..3)
        .prop_map(|m| m.into_iter().collect::<Vec<_>>());
    (attrs, groups)
        .prop_map(|(attrs, groups)| Body { attrs, groups })
        .boxed()
}

fn render_lit(l: &Lit, out: &mut String) {
    match l {
        Lit::Int(i) => out.push_str(&i.to_string()),
        Lit::Str(s) => out.push_str(&format!("\"{s}\"")),
        Lit::Bool(b) => out.push_str(&b.to_string()),
        Lit::List(items) => {
            out.push('[');
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                render_lit(x, out);
            }
            out.push(']');
        }
    }
}

fn render(b: &Body, out: &mut String) {
    for (name, l) in &b.attrs {
        out.push_str(name);
        out.push_str(" = ");
        render_lit(l, out);
        out.push('\n');
    }
    for (ty, blocks) in &b.groups {
        for (labels, body) in blocks {
            out.push_str(ty);
            for l in labels {
                out.push_str(&format!(" \"{l}\""));
            }
            out.push_str(" {\n");
            render(body, out);
            out.push_str("}\n");
        }
    }
}

fn lit_json(l: &Lit) -> Json {
    match l {
        Lit::Int(i) => json!(i),
        Lit::Str(s) => json!(s),
        Lit::Bool(b) => json!(b),
        Lit::List(items) => Json::Array(items.iter().map(lit_json).collect()),
    }
}

fn body_json(b: &Body) -> Json {
    let mut m = Map::new();
    for (name, l) in &b.attrs {
        m.insert(name.clone(), lit_json(l));
    }
    for (ty, blocks) in &b.groups {
        let refs: Vec<&Block> = blocks.iter().collect();
        m.insert(ty.clone(), group_json(&refs, 0));
    }
    Json::Object(m)
}

fn group_json(blocks: &[&Block], level: usize) -> Json {
    if blocks
        .first()
        .is_some_and(|(labels, _)| labels.len() > level)
    {
        let mut m = Map::new();
        let mut keys: Vec<&str> = Vec::new();
        for (labels, _) in blocks {
            if !keys.contains(&labels[level].as_str()) {
                keys.push(&labels[level]);
            }
        }
        for k in keys {
            let sub: Vec<&Block> = blocks
                .iter()
                .copied()
                .filter(|(labels, _)| labels[level] == k)
                .collect();
            m.insert(k.to_owned(), group_json(&sub, level + 1));
        }
        return Json::Object(m);
    }
    match blocks {
        [(_, one)] => body_json(one),
        many => Json::Array(many.iter().map(|(_, b)| body_json(b)).collect()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn dynamic_decode_is_the_json_syntax_representation(b in body(2)) {
        let mut text = String::new();
        render(&b, &mut text);
        let expected = body_json(&b);
        let native: Json = hcl_serde::from_str(&text)
            .unwrap_or_else(|e| panic!("{text}\n{e}"));
        prop_assert_eq!(&native, &expected, "{}", text);
        let json_text = serde_json::to_string(&expected).unwrap();
        let from_json: Json = hcl_serde::from_str_with("x.json", &json_text, None).unwrap();
        prop_assert_eq!(&from_json, &expected);
    }
}
