//! The decoding specification of `hcldec` (`hcldec-spec-format.md`): a
//! tree of [`Spec`]s, each producing one value from a body, and what the
//! tree implies (the [`BodySchema`] it asks of a body, the type it
//! produces).
//!
//! [`crate::specfile`] reads a `.hcldec` file into this tree and
//! [`crate::decode`] applies it to a body.
//!
//! ```
//! use hcl_cli::spec::Spec;
//! use hcl_core::Type;
//! let spec = Spec::Object(vec![
//!     ("name".into(), Spec::Attr { name: "name".into(), ty: Type::String, required: true }),
//! ]);
//! assert_eq!(spec.implied_type(), Type::object([("name", Type::String)]));
//! assert_eq!(spec.implied_schema().attributes[0].name, "name");
//! ```

use std::sync::Arc;

use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
use hcl_core::value::Type;
use hcl_core::{EvalContext, Expression, Value};

/// One spec: how to produce one value from a body.
#[derive(Clone, Debug)]
pub enum Spec {
    /// `object`: an object with one attribute per nested spec (sorted by
    /// name; a repeated name keeps the last spec).
    Object(Vec<(String, Spec)>),
    /// `array`: a tuple with one element per nested spec.
    Tuple(Vec<Spec>),
    /// `attr`: the value of an attribute, converted to a type.
    Attr {
        /// The attribute name.
        name: String,
        /// The type the value converts to (dynamic: any).
        ty: Type,
        /// Whether the attribute must be present.
        required: bool,
    },
    /// `literal`: a fixed value.
    Literal(Value),
    /// `block`: the nested spec applied to the one block of a type.
    Block {
        /// The block type.
        type_name: String,
        /// The spec for the block's body.
        nested: Box<Spec>,
        /// Whether the block must be present.
        required: bool,
    },
    /// `block_list` (`set: false`) or `block_set` (`set: true`).
    BlockList {
        /// The block type.
        type_name: String,
        /// The spec for each block's body.
        nested: Box<Spec>,
        /// The fewest blocks allowed.
        min_items: u64,
        /// The most blocks allowed; 0 for no limit.
        max_items: u64,
        /// Whether the result is a set rather than a list.
        set: bool,
    },
    /// `block_map`: blocks keyed by their labels, one map level per label.
    BlockMap {
        /// The block type.
        type_name: String,
        /// The label names (at least one).
        labels: Vec<String>,
        /// The spec for each block's body.
        nested: Box<Spec>,
    },
    /// `block_attrs`: the attributes of one block as a map.
    BlockAttrs {
        /// The block type.
        type_name: String,
        /// The type of every attribute value.
        element_type: Type,
        /// Whether the block must be present.
        required: bool,
    },
    /// `default`: `primary`, or `default` when that is null.
    Default {
        /// The spec tried first.
        primary: Box<Spec>,
        /// The fallback.
        default: Box<Spec>,
    },
    /// `transform`: an expression over the nested spec's result, which it
    /// sees as the variable `nested`.
    Transform {
        /// The spec whose result is transformed.
        wrapped: Box<Spec>,
        /// The `result` expression; `None` when not given (a null result).
        expr: Option<Expression>,
        /// The context the expression is evaluated in (the spec
        /// definition functions).
        ctx: Arc<EvalContext>,
    },
}

impl Spec {
    /// What stands in for a spec that could not be read: a null literal.
    pub fn error() -> Spec {
        Spec::Literal(Value::null(Type::Dynamic))
    }

    /// The specs that decode the same body as this one (not those applied
    /// to nested blocks).
    pub fn same_body_children(&self) -> Vec<&Spec> {
        match self {
            Spec::Object(items) => items.iter().map(|(_, s)| s).collect(),
            Spec::Tuple(items) => items.iter().collect(),
            Spec::Default { primary, default } => vec![primary, default],
            Spec::Transform { wrapped, .. } => vec![wrapped],
            _ => Vec::new(),
        }
    }

    /// The schema this spec (and its same-body children) asks of a body.
    /// An attribute asked for twice (by a `default` and its fallback) is
    /// listed once, required if either asks.
    pub fn implied_schema(&self) -> BodySchema {
        let mut schema = BodySchema::new();
        self.add_schema(&mut schema);
        schema
    }

    fn add_schema(&self, schema: &mut BodySchema) {
        match self {
            Spec::Attr { name, required, .. } => {
                match schema.attributes.iter_mut().find(|a| a.name == *name) {
                    Some(a) => a.required |= *required,
                    None => schema.attributes.push(AttributeSchema {
                        name: name.clone(),
                        required: *required,
                    }),
                }
            }
            Spec::Block { type_name, .. }
            | Spec::BlockList { type_name, .. }
            | Spec::BlockAttrs { type_name, .. } => push_block(
                schema,
                BlockHeaderSchema::new(type_name, Vec::<String>::new()),
            ),
            Spec::BlockMap {
                type_name, labels, ..
            } => push_block(schema, BlockHeaderSchema::new(type_name, labels.clone())),
            _ => {}
        }
        for child in self.same_body_children() {
            child.add_schema(schema);
        }
    }

    /// The type of the value this spec produces.
    pub fn implied_type(&self) -> Type {
        match self {
            Spec::Object(items) => {
                Type::object(items.iter().map(|(k, s)| (k.clone(), s.implied_type())))
            }
            Spec::Tuple(items) => Type::tuple(items.iter().map(Spec::implied_type)),
            Spec::Attr { ty, .. } => ty.clone(),
            Spec::Literal(v) => v.ty(),
            Spec::Block { nested, .. } => nested.implied_type(),
            Spec::BlockList { nested, set, .. } => {
                if *set {
                    Type::set(nested.implied_type())
                } else {
                    Type::list(nested.implied_type())
                }
            }
            Spec::BlockMap { labels, nested, .. } => labels
                .iter()
                .fold(nested.implied_type(), |t, _| Type::map(t)),
            Spec::BlockAttrs { element_type, .. } => Type::map(element_type.clone()),
            Spec::Default { primary, .. } => primary.implied_type(),
            Spec::Transform { wrapped, expr, ctx } => {
                let Some(expr) = expr else {
                    return Type::Dynamic;
                };
                let mut child = EvalContext::child_of(ctx.clone());
                child.set_variable("nested", Value::unknown(wrapped.implied_type()));
                expr.value(Some(&child)).0.ty()
            }
        }
    }
}

/// Adds a block type; when a type is listed again, the later entry's labels
/// apply, as the reference's implied schema lists every entry and its
/// bodies key the wanted blocks by type (so the last one wins).
fn push_block(schema: &mut BodySchema, block: BlockHeaderSchema) {
    schema.blocks.retain(|b| b.type_name != block.type_name);
    schema.blocks.push(block);
}

#[cfg(test)]
mod test {
    use super::*;

    fn attr(name: &str, ty: Type, required: bool) -> Spec {
        Spec::Attr {
            name: name.into(),
            ty,
            required,
        }
    }

    #[test]
    fn implied_schema_collects_same_body_specs_only() {
        let spec = Spec::Object(vec![
            (
                "a".into(),
                Spec::Default {
                    primary: Box::new(attr("a", Type::String, false)),
                    default: Box::new(attr("a", Type::String, true)),
                },
            ),
            (
                "b".into(),
                Spec::BlockMap {
                    type_name: "b".into(),
                    labels: vec!["name".into()],
                    nested: Box::new(attr("inner", Type::Bool, true)),
                },
            ),
        ]);
        let schema = spec.implied_schema();
        assert_eq!(schema.attributes, vec![AttributeSchema::required("a")]);
        assert_eq!(schema.blocks, vec![BlockHeaderSchema::new("b", ["name"])]);
    }

    #[test]
    fn implied_type_of_block_map_nests_one_map_per_label() {
        let spec = Spec::BlockMap {
            type_name: "b".into(),
            labels: vec!["x".into(), "y".into()],
            nested: Box::new(attr("n", Type::Number, false)),
        };
        assert_eq!(spec.implied_type(), Type::map(Type::map(Type::Number)));
        let list = Spec::BlockList {
            type_name: "b".into(),
            nested: Box::new(Spec::Object(vec![])),
            min_items: 0,
            max_items: 0,
            set: true,
        };
        assert_eq!(list.implied_type(), Type::set(Type::empty_object()));
    }
}
