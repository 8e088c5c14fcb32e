//! The body of the one block generated for a `for_each` whose value is not
//! known yet: its shape is the content's, every attribute's value unknown.

use crate::body::{Attribute, Attributes, Block, Body, BodyContent, BodyImpl};
use crate::schema::BodySchema;
use crate::static_analysis::static_expr;
use crate::{Diagnostics, Range, Value};

#[derive(Debug)]
pub(super) struct UnknownBody(pub(super) Body);

fn unknown_attributes(attrs: Attributes) -> Attributes {
    let mut out = Attributes::new();
    for attr in attrs {
        let range = attr.expr.range();
        let _ = out.insert(Attribute {
            expr: static_expr(Value::dynamic(), range),
            ..attr
        });
    }
    out
}

fn unknown_content(content: BodyContent) -> BodyContent {
    BodyContent {
        attributes: unknown_attributes(content.attributes),
        blocks: content
            .blocks
            .into_iter()
            .map(|b| Block {
                body: Body::new(UnknownBody(b.body.clone())),
                ..b
            })
            .collect(),
        missing_item_range: content.missing_item_range,
    }
}

impl BodyImpl for UnknownBody {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (content, diags) = self.0.content(schema);
        (unknown_content(content), diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Body, Diagnostics) {
        let (content, remain, diags) = self.0.partial_content(schema);
        (
            unknown_content(content),
            Body::new(UnknownBody(remain)),
            diags,
        )
    }

    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        let (attrs, diags) = self.0.just_attributes();
        (unknown_attributes(attrs), diags)
    }

    fn sources(&self) -> Vec<crate::SourceFile> {
        self.0.sources()
    }

    fn missing_item_range(&self) -> Range {
        self.0.missing_item_range()
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
