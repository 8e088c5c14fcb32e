//! Several bodies processed as one (the reference's `MergeBodies` /
//! `MergeFiles`), for applications that read a directory of files.

use super::{Attributes, Body, BodyContent, BodyImpl};
use crate::diag::quoted;
use crate::diag::{Diagnostic, Diagnostics};
use crate::pos::{Range, SourceFile};
use crate::schema::BodySchema;

/// One body made of `bodies`, in order: attributes may be set in any one of
/// them (setting one in two is "Duplicate argument", pointing at the second
/// with the first's position in the detail); blocks from all are returned in
/// order.
///
/// Required attributes are checked across all bodies; since no single body
/// is at fault, "Missing required argument" then points at the first body's
/// missing-item range.
pub fn merge_bodies(bodies: Vec<Body>) -> Body {
    match <[Body; 1]>::try_from(bodies) {
        Ok([single]) => single,
        Err(bodies) => Body::new(MergedBody { bodies }),
    }
}

#[derive(Debug)]
struct MergedBody {
    bodies: Vec<Body>,
}

impl MergedBody {
    fn merged_content(
        &self,
        schema: &BodySchema,
        partial: bool,
    ) -> (BodyContent, Body, Diagnostics) {
        let mut diags = Diagnostics::new();
        if let Err(e) = schema.validate() {
            diags.push(e.into());
            return (
                BodyContent::empty(self.missing_item_range()),
                Body::empty(self.missing_item_range()),
                diags,
            );
        }
        // Any one body may supply a required attribute, so each is asked
        // with nothing required and the check is made over the union.
        let mut relaxed = schema.clone();
        for a in &mut relaxed.attributes {
            a.required = false;
        }
        let mut content = BodyContent::empty(self.missing_item_range());
        let mut leftovers = Vec::new();
        for body in &self.bodies {
            let (this, this_diags) = if partial {
                let (c, rest, d) = body.partial_content(&relaxed);
                leftovers.push(rest);
                (c, d)
            } else {
                body.content(&relaxed)
            };
            diags.extend(this_diags);
            for attr in this.attributes {
                if let Err(attr) = content.attributes.insert(attr) {
                    diags.push(duplicate_argument(
                        &content.attributes,
                        &attr.name,
                        attr.name_range,
                    ));
                }
            }
            content.blocks.extend(this.blocks);
        }
        for a in schema.attributes.iter().filter(|a| a.required) {
            if content.attributes.get(&a.name).is_none() {
                diags.push(
                    Diagnostic::error(
                        "Missing required argument",
                        format!(
                            "The argument {} is required, but was not set.",
                            quoted(&a.name)
                        ),
                    )
                    .with_subject(self.missing_item_range()),
                );
            }
        }
        (content, merge_bodies(leftovers), diags)
    }
}

fn duplicate_argument(existing: &Attributes, name: &str, subject: Range) -> Diagnostic {
    let first = existing.get(name).map(|a| a.name_range.clone());
    Diagnostic::error(
        "Duplicate argument",
        // hcl's merged.go words it without a final period.
        match first {
            Some(r) => format!(
                "Argument {name} was already set at {r}",
                name = quoted(name)
            ),
            None => format!("Argument {name} was already set", name = quoted(name)),
        },
    )
    .with_subject(subject)
}

impl BodyImpl for MergedBody {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (content, _, diags) = self.merged_content(schema, false);
        (content, diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Body, Diagnostics) {
        self.merged_content(schema, true)
    }

    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        let mut attrs = Attributes::new();
        let mut diags = Diagnostics::new();
        for body in &self.bodies {
            let (these, d) = body.just_attributes();
            diags.extend(d);
            for attr in these {
                if let Err(attr) = attrs.insert(attr) {
                    diags.push(duplicate_argument(&attrs, &attr.name, attr.name_range));
                }
            }
        }
        (attrs, diags)
    }

    fn all_content(&self) -> (BodyContent, Diagnostics) {
        let mut content = BodyContent::empty(self.missing_item_range());
        let mut diags = Diagnostics::new();
        for body in &self.bodies {
            let (these, d) = body.all_content();
            diags.extend(d);
            for attr in these.attributes {
                if let Err(attr) = content.attributes.insert(attr) {
                    diags.push(duplicate_argument(
                        &content.attributes,
                        &attr.name,
                        attr.name_range,
                    ));
                }
            }
            content.blocks.extend(these.blocks);
        }
        (content, diags)
    }

    fn sources(&self) -> Vec<SourceFile> {
        let mut out: Vec<SourceFile> = Vec::new();
        for body in &self.bodies {
            for file in body.sources() {
                if out.iter().all(|f| f.name() != file.name()) {
                    out.push(file);
                }
            }
        }
        out
    }

    fn missing_item_range(&self) -> Range {
        self.bodies
            .first()
            .map(Body::missing_item_range)
            .unwrap_or_default()
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

#[cfg(test)]
mod test {
    use std::any::Any;

    use super::*;
    use crate::body::{Attribute, Expression, ExpressionImpl};
    use crate::eval::EvalContext;
    use crate::pos::{ByteSpan, Pos, SourceFile};
    use crate::schema::AttributeSchema;
    use crate::traversal::Traversal;
    use crate::value::Value;

    /// A literal expression: enough to exercise bodies without a syntax.
    #[derive(Debug)]
    struct Literal(Value, Range);

    impl ExpressionImpl for Literal {
        fn value(&self, _: Option<&EvalContext>) -> (Value, Diagnostics) {
            (self.0.clone(), Diagnostics::new())
        }
        fn variables(&self) -> Vec<Traversal> {
            Vec::new()
        }
        fn range(&self) -> Range {
            self.1.clone()
        }
        fn start_range(&self) -> Range {
            self.1.clone()
        }
        fn as_any(&self) -> &dyn Any {
            self
        }
    }

    /// An attributes-only body over `name = <int>` lines of a file.
    #[derive(Debug)]
    struct AttrBody {
        file: SourceFile,
        attrs: Vec<(String, i64, Range)>,
    }

    fn body(name: &str, text: &str) -> Body {
        let file = SourceFile::new(name, text);
        let mut attrs = Vec::new();
        let mut offset = 0u32;
        for line in text.lines() {
            if let Some((k, v)) = line.split_once(" = ") {
                let r = file.range(ByteSpan::new(offset, offset + k.len() as u32));
                attrs.push((k.to_owned(), v.parse().unwrap(), r));
            }
            offset += line.len() as u32 + 1;
        }
        Body::new(AttrBody { file, attrs })
    }

    impl AttrBody {
        fn attribute(&self, name: &str, v: i64, r: Range) -> Attribute {
            Attribute {
                name: name.to_owned(),
                expr: Expression::new(Literal(Value::from(v), r.clone())),
                range: r.clone(),
                name_range: r,
            }
        }
    }

    impl BodyImpl for AttrBody {
        fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
            let (c, rest, mut d) = self.partial_content(schema);
            for a in rest.just_attributes().0 {
                d.push(Diagnostic::error("Unsupported argument", "").with_subject(a.name_range));
            }
            (c, d)
        }
        fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Body, Diagnostics) {
            let mut content = BodyContent::empty(self.missing_item_range());
            let mut rest = Vec::new();
            for (n, v, r) in &self.attrs {
                if schema.find_attribute(n).is_some() {
                    let _ = content.attributes.insert(self.attribute(n, *v, r.clone()));
                } else {
                    rest.push((n.clone(), *v, r.clone()));
                }
            }
            let mut d = Diagnostics::new();
            for a in schema.attributes.iter().filter(|a| a.required) {
                if content.attributes.get(&a.name).is_none() {
                    d.push(super::super::missing_required_argument(&a.name));
                }
            }
            let rest = Body::new(AttrBody {
                file: self.file.clone(),
                attrs: rest,
            });
            (content, rest, d)
        }
        fn just_attributes(&self) -> (Attributes, Diagnostics) {
            let mut attrs = Attributes::new();
            for (n, v, r) in &self.attrs {
                let _ = attrs.insert(self.attribute(n, *v, r.clone()));
            }
            (attrs, Diagnostics::new())
        }
        fn missing_item_range(&self) -> Range {
            Range {
                filename: self.file.name_arc().clone(),
                start: Pos::START,
                end: Pos::START,
            }
        }

        fn as_any(&self) -> &dyn std::any::Any {
            self
        }
    }

    fn value_of(c: &BodyContent, name: &str) -> Value {
        c.attributes.get(name).unwrap().expr.value(None).0
    }

    #[test]
    fn merged_attributes_may_come_from_any_body() {
        let m = merge_bodies(vec![body("a.hcl", "x = 1\n"), body("b.hcl", "y = 2\n")]);
        let schema = BodySchema::new()
            .attribute(AttributeSchema::required("x"))
            .attribute(AttributeSchema::required("y"));
        let (c, d) = m.content(&schema);
        assert!(d.is_empty(), "{d}");
        assert_eq!(value_of(&c, "x"), Value::from(1));
        assert_eq!(value_of(&c, "y"), Value::from(2));
    }

    #[test]
    fn merged_duplicate_argument_reports_both_ranges() {
        let m = merge_bodies(vec![body("a.hcl", "x = 1\n"), body("b.hcl", "\nx = 2\n")]);
        let (c, d) = m.content(&BodySchema::new().attribute(AttributeSchema::optional("x")));
        assert_eq!(
            value_of(&c, "x"),
            Value::from(1),
            "the first definition wins"
        );
        assert_eq!(d.len(), 1);
        let diag = &d.as_slice()[0];
        assert_eq!(diag.summary, "Duplicate argument");
        assert_eq!(diag.detail, "Argument \"x\" was already set at a.hcl:1,1-2");
        let subject = diag.subject.clone().unwrap();
        assert_eq!(subject.filename(), "b.hcl");
        assert_eq!((subject.start.line, subject.start.column), (2, 1));
        let (_, d) = m.just_attributes();
        assert_eq!(d.len(), 1);
    }

    #[test]
    fn merged_required_argument_missing_from_all_bodies() {
        let m = merge_bodies(vec![body("a.hcl", "x = 1\n"), body("b.hcl", "")]);
        let schema = BodySchema::new()
            .attribute(AttributeSchema::optional("x"))
            .attribute(AttributeSchema::required("z"));
        let (_, d) = m.content(&schema);
        assert_eq!(d.len(), 1);
        assert_eq!(d.as_slice()[0].summary, "Missing required argument");
    }

    #[test]
    fn merged_partial_content_leaves_the_rest_of_every_body() {
        let m = merge_bodies(vec![
            body("a.hcl", "x = 1\nq = 3\n"),
            body("b.hcl", "r = 4\n"),
        ]);
        let (c, rest, d) =
            m.partial_content(&BodySchema::new().attribute(AttributeSchema::optional("x")));
        assert!(d.is_empty());
        assert_eq!(c.attributes.len(), 1);
        let (rest_attrs, _) = rest.just_attributes();
        let names: Vec<&str> = rest_attrs.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["q", "r"]);
    }

    #[test]
    fn merged_unsupported_arguments_are_reported_by_each_body() {
        let m = merge_bodies(vec![body("a.hcl", "x = 1\n"), body("b.hcl", "y = 2\n")]);
        let (_, d) = m.content(&BodySchema::new().attribute(AttributeSchema::optional("x")));
        assert_eq!(d.len(), 1);
        assert_eq!(d.as_slice()[0].summary, "Unsupported argument");
    }

    #[test]
    fn bodies_and_expressions_are_send_sync_static() {
        fn check<T: Send + Sync + 'static>() {}
        check::<Body>();
        check::<Expression>();
    }
}
