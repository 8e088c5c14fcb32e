//! No-panic fuzzing of the JSON syntax: parse a body from the input, then
//! apply an empty schema, a generic one (an attribute and a labelled and an
//! unlabelled block type), and `just_attributes`, evaluating every value.

#![no_main]

use hcl_core::json::parse_body;
use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
use hcl_core::{EvalContext, SourceFile};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let src = SourceFile::new("fuzz.json", text);
    let (body, diags) = parse_body(&src, &Default::default());
    let len = text.len() as u32;
    for d in diags.iter() {
        if let Some(r) = &d.subject {
            assert!(r.start.byte <= r.end.byte && r.end.byte <= len, "{d}");
        }
    }
    // Positions asked again, the last first (so that no count resumes
    // where an earlier one ended), are the ones the parse resolved.
    for r in diags.iter().rev().filter_map(|d| d.subject.as_ref()) {
        assert_eq!(src.pos(r.end.byte), r.end, "{r}");
        assert_eq!(src.pos(r.start.byte), r.start, "{r}");
    }
    let _ = body.content(&BodySchema::new());
    let schema = BodySchema::new()
        .attribute(AttributeSchema::optional("a"))
        .block(BlockHeaderSchema::new("b", ["name"]))
        .block(BlockHeaderSchema::new("c", Vec::<String>::new()));
    let (content, _, _) = body.partial_content(&schema);
    let ctx = EvalContext::new();
    for a in content.attributes.iter() {
        let _ = a.expr.value(Some(&ctx));
        let _ = a.expr.variables();
    }
    for b in &content.blocks {
        let (attrs, _) = b.body.just_attributes();
        for a in attrs.iter() {
            let _ = a.expr.value(None);
        }
    }
    let (attrs, _) = body.just_attributes();
    for a in attrs.iter() {
        let _ = a.expr.value(Some(&ctx));
    }
});
