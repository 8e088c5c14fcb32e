//! Differential fuzzing of the two decode paths: a native-syntax body that
//! matches its schema cleanly is read straight from the syntax tree, any
//! other through the generic `Body::content` (the choice is made in one
//! place, `hcl_core::native::by_id::content_by_id_with`). The entry must
//! report what the general path reports for the same schema, exhaustive
//! and partial; and the same body decoded
//! as it is and wrapped in a body type the decoder cannot see through
//! (which forces the generic path everywhere) must give equal values and
//! equal diagnostics (summaries, details, ranges, paths, order).

#![no_main]

use std::collections::BTreeMap;

use hcl_core::body::{Attributes, BodyContent, BodyImpl};
use hcl_core::function::stdlib;
use hcl_core::native::by_id::{content_by_id, content_by_id_with, CompiledSchema, Processing};
use hcl_core::schema::BodySchema;
use hcl_core::{Body, Diagnostics, EvalContext, Range, SourceFile, Value};
use hcl_serde::decode::decode_with_diagnostics;
use hcl_serde::{Decode, HclDecode, Spanned};
use libfuzzer_sys::fuzz_target;

#[derive(Debug)]
struct Opaque(Body);

impl BodyImpl for Opaque {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        self.0.content(schema)
    }
    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Body, Diagnostics) {
        self.0.partial_content(schema)
    }
    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        self.0.just_attributes()
    }
    fn all_content(&self) -> (BodyContent, Diagnostics) {
        self.0.all_content()
    }
    fn missing_item_range(&self) -> Range {
        self.0.missing_item_range()
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

#[derive(HclDecode, Debug, PartialEq)]
struct Job {
    #[hcl(optional)]
    name: String,
    count: Option<u16>,
    ratio: Option<f64>,
    enabled: Option<bool>,
    tags: Option<Vec<String>>,
    meta: Option<BTreeMap<String, String>>,
    anything: Option<Value>,
    port: Option<Spanned<u16>>,
    #[hcl(block)]
    group: Vec<Group>,
    #[hcl(block)]
    update: Option<Update>,
    #[hcl(block)]
    volume: BTreeMap<String, Volume>,
    #[hcl(block)]
    check: Vec<Check>,
    #[hcl(block)]
    resource: BTreeMap<String, BTreeMap<String, Resource>>,
}

/// A block-type enum: `http` and `tcp` blocks, in source order.
#[derive(HclDecode, Debug, PartialEq)]
#[hcl(rename_all = "lowercase")]
enum Check {
    Http(Update),
    Tcp(Volume),
}

/// Two labels: one nested map per label.
#[derive(HclDecode, Debug, PartialEq)]
struct Resource {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    size: Option<u32>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Group {
    #[hcl(label)]
    name: Spanned<String>,
    count: Option<i64>,
    #[hcl(block)]
    task: Vec<Task>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Task {
    #[hcl(label)]
    name: String,
    driver: String,
    args: Option<Vec<String>>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Update {
    #[hcl(default)]
    max_parallel: u8,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Volume {
    #[hcl(label)]
    name: String,
    #[hcl(optional)]
    read_only: bool,
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut ctx = EvalContext::new();
    ctx.add_functions(&stdlib::functions());
    ctx.set_variable("region", Value::from("eu"));
    let ctx = (first & 1 == 0).then_some(&ctx);
    let file = SourceFile::new("job.hcl", text);
    let (body, _) = hcl_core::native::parse_body(&file, &Default::default());
    let schema = CompiledSchema::new(<Job as Decode>::body_schema());
    let (_, by_id) = content_by_id(&body, &schema);
    let (_, general) = body.content(schema.schema());
    assert_eq!(format!("{by_id:?}"), format!("{general:?}"));
    let (_, _, by_id) = content_by_id_with(&body, &schema, Processing::Partial);
    let (_, _, general) = body.partial_content(schema.schema());
    assert_eq!(format!("{by_id:?}"), format!("{general:?}"));
    let tree = decode_with_diagnostics::<Job>(&body, ctx);
    let generic = decode_with_diagnostics::<Job>(&Body::new(Opaque(body)), ctx);
    assert_eq!(tree, generic);
});
