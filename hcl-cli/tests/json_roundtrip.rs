//! `hcl json` over the shared corpus: the output is valid JSON syntax, every
//! template string in it parses, and, under the schema the native file
//! implies, both syntaxes give the same attributes (with the same value
//! where the expression is a constant) and the same blocks.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use hcl_cli::json::Json;
use hcl_cli::tojson::native_to_json;
use hcl_core::native::{parse_config, parse_template, BodyNode};
use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
use hcl_core::Limits;
use hcl_core::{Body, EvalContext, SourceFile};

fn strings<'a>(j: &'a Json, out: &mut Vec<&'a str>) {
    match j {
        Json::String(s) => out.push(s),
        Json::Array(items) => items.iter().for_each(|i| strings(i, out)),
        Json::Object(props) => props.iter().for_each(|(k, v)| {
            out.push(k);
            strings(v, out);
        }),
        _ => {}
    }
}

/// An attribute's value in full evaluation mode with an empty context, so
/// that only constant expressions have one.
fn constant(a: &hcl_core::body::Attribute) -> Option<String> {
    let (v, d) = a.expr.value(Some(&EvalContext::new()));
    (!d.has_errors())
        .then(|| hcl_core::value::to_cty_json(&v).ok())
        .flatten()
}

/// Applies the schema the native body implies to both bodies and compares
/// what they contain: the same attributes with the same constant values,
/// the same blocks (by type and labels), recursively.
fn compare(node: BodyNode<'_>, native: &Body, json: &Body, name: &str) {
    let mut schema = BodySchema::new();
    for a in node.attributes() {
        schema = schema.attribute(AttributeSchema::optional(a.name()));
    }
    for b in node.blocks() {
        let ty = b.type_name();
        match schema.find_block(ty) {
            // One type with several label counts has no schema.
            Some(h) if h.label_names.len() != b.labels().len() => return,
            Some(_) => {}
            None => {
                let labels: Vec<String> = (0..b.labels().len()).map(|i| format!("l{i}")).collect();
                schema = schema.block(BlockHeaderSchema::new(ty, labels));
            }
        }
    }
    let (nc, _) = native.content(&schema);
    let (jc, d) = json.content(&schema);
    assert!(!d.has_errors(), "{name}: {d}");
    for a in nc.attributes.iter() {
        let j = jc.attributes.get(&a.name);
        assert!(j.is_some(), "{name}: attribute {} lost", a.name);
        assert_eq!(
            constant(a),
            j.and_then(constant),
            "{name}: attribute {}",
            a.name
        );
    }
    let key = |b: &hcl_core::body::Block| (b.type_name.clone(), b.labels.clone());
    let mut n: Vec<_> = node.blocks().zip(nc.blocks.iter()).collect();
    n.sort_by_key(|(_, b)| key(b));
    let mut j: Vec<_> = jc.blocks.iter().collect();
    j.sort_by_key(|b| key(b));
    let nk: Vec<_> = n.iter().map(|(_, b)| key(b)).collect();
    let jk: Vec<_> = j.iter().map(|b| key(b)).collect();
    assert_eq!(nk, jk, "{name}: blocks");
    for ((a, nb), jb) in n.into_iter().zip(j) {
        compare(a.body(), &nb.body, &jb.body, name);
    }
}

hcl_test_shared::shared_test!(
    corpus_converts_to_json_that_parses_back_to_the_same_constants,
    corpus,
    |dir| {
        let paths = hcl_test_shared::config_files(dir);
        assert!(!paths.is_empty());
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.to_string_lossy().into_owned();
            let native = SourceFile::new(name.as_str(), text.as_str());
            let (file, diags) = parse_config(&native, &Limits::default());
            if diags.has_errors() {
                continue;
            }
            let json = native_to_json(&file);
            let mut texts = Vec::new();
            strings(&json, &mut texts);
            for t in texts {
                let (_, d) = parse_template(&SourceFile::new("<t>", t), &Limits::default());
                assert!(!d.has_errors(), "{name}: template {t:?}: {d}");
            }
            let json_src = SourceFile::new(format!("{name}.json"), json.to_indented());
            let (json_body, d) = hcl_core::json::parse_body(&json_src, &Default::default());
            assert!(!d.has_errors(), "{name}: {d}");
            compare(file.body(), &file.to_body(), &json_body, &name);
        }
    }
);
