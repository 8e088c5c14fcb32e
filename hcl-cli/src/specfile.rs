//! Reading a `.hcldec` spec file (`hcldec-spec-format.md`) into a [`Spec`]
//! tree, with its predefined `variables` and custom `function`s.
//!
//! Every problem is a diagnostic in the spec file, worded as the reference
//! hcldec words it ("Missing spec block", "Extraneous spec block",
//! "Missing name in attribute spec", …); a spec that cannot be read becomes
//! [`Spec::error`] so that reading goes on and reports everything.

use std::collections::BTreeMap;
use std::sync::Arc;

use hcl_core::body::Block;
use hcl_core::diag::quoted;
use hcl_core::function::Functions;
use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
use hcl_core::static_analysis::expr_as_keyword;
use hcl_core::typeexpr::type_constraint;
use hcl_core::value::{convert, Type};
use hcl_core::{Body, Diagnostic, Diagnostics, EvalContext, Expression, Value};

use crate::spec::Spec;
use crate::specfuncs::spec_functions;
use hcl_core::ext::userfunc::decode_user_functions;

/// What a spec file defines.
#[derive(Clone, Debug)]
pub struct SpecFile {
    /// The `variables` block's values, by name.
    pub variables: BTreeMap<String, Value>,
    /// The custom functions, by name.
    pub functions: Functions,
    /// The root spec.
    pub root: Spec,
}

const SPEC_BLOCK_TYPES: &[&str] = &[
    "object",
    "array",
    "literal",
    "attr",
    "block",
    "block_list",
    "block_map",
    "block_set",
    "block_attrs",
    "default",
    "transform",
];

fn spec_schema(labelled: bool) -> BodySchema {
    let labels: &[&str] = if labelled { &["key"] } else { &[] };
    let mut schema = BodySchema::new();
    for t in SPEC_BLOCK_TYPES {
        schema = schema.block(BlockHeaderSchema::new(*t, labels.iter().copied()));
    }
    schema
}

/// Reads the spec file whose top-level body is `body`.
pub fn read_spec_file(body: &Body) -> (SpecFile, Diagnostics) {
    let mut spec_ctx = EvalContext::new();
    spec_ctx.add_functions(&spec_functions());
    let spec_ctx = Arc::new(spec_ctx);
    let mut diags = Diagnostics::new();

    let base = spec_ctx.clone();
    let (functions, body, d) =
        decode_user_functions(body, "function", move || Some(base.as_ref().clone()));
    diags.extend(d);

    let schema = BodySchema::new().block(BlockHeaderSchema::new("variables", Vec::<String>::new()));
    let (content, body, d) = body.partial_content(&schema);
    diags.extend(d);
    let mut variables = BTreeMap::new();
    for block in &content.blocks {
        let (attrs, d) = block.body.just_attributes();
        diags.extend(d);
        for attr in attrs {
            let (v, d) = attr.expr.value(Some(&spec_ctx));
            diags.extend(d);
            variables.insert(attr.name, v);
        }
    }

    let reader = Reader { ctx: spec_ctx };
    let root = reader.root(&body, &mut diags);
    (
        SpecFile {
            variables,
            functions,
            root,
        },
        diags,
    )
}

struct Reader {
    ctx: Arc<EvalContext>,
}

impl Reader {
    fn root(&self, body: &Body, diags: &mut Diagnostics) -> Spec {
        let (content, d) = body.content(&spec_schema(false));
        let failed = d.has_errors();
        diags.extend(d);
        self.exactly_one(
            &content.blocks,
            failed,
            "A spec file must have exactly one root block specifying how to map to a JSON value.",
            body,
            diags,
        )
    }

    /// The one nested spec block of a body that must have exactly one.
    fn exactly_one(
        &self,
        blocks: &[Block],
        failed: bool,
        detail: &str,
        body: &Body,
        diags: &mut Diagnostics,
    ) -> Spec {
        match blocks {
            [] => {
                if !failed {
                    diags.push(
                        Diagnostic::error("Missing spec block", detail)
                            .with_subject(body.missing_item_range()),
                    );
                }
                Spec::error()
            }
            [one] => self.block(one, diags),
            [_, second, ..] => {
                diags.push(
                    Diagnostic::error("Extraneous spec block", detail)
                        .with_subject(second.def_range.clone()),
                );
                Spec::error()
            }
        }
    }

    fn block(&self, block: &Block, diags: &mut Diagnostics) -> Spec {
        let implied = block.labels.first().cloned().unwrap_or_default();
        let body = &block.body;
        match block.type_name.as_str() {
            "object" => {
                let (content, d) = body.content(&spec_schema(true));
                diags.extend(d);
                let mut props: BTreeMap<String, Spec> = BTreeMap::new();
                for b in &content.blocks {
                    let spec = self.block(b, diags);
                    if let Some(key) = b.labels.first() {
                        props.insert(key.clone(), spec);
                    }
                }
                Spec::Object(props.into_iter().collect())
            }
            "array" => {
                let (content, d) = body.content(&spec_schema(false));
                diags.extend(d);
                Spec::Tuple(
                    content
                        .blocks
                        .iter()
                        .map(|b| self.block(b, diags))
                        .collect(),
                )
            }
            "attr" => self.attr(body, implied, diags),
            "block" | "block_list" | "block_set" | "block_map" => {
                self.block_like(&block.type_name, body, implied, diags)
            }
            "block_attrs" => self.block_attrs(body, implied, diags),
            "literal" => {
                let (args, ok) = Args::read(body, &[("value", true)], false, diags);
                if !ok {
                    return Spec::error();
                }
                match args.get("value") {
                    Some(e) => {
                        let (v, d) = e.value(Some(&self.ctx));
                        diags.extend(d);
                        Spec::Literal(v)
                    }
                    None => Spec::error(),
                }
            }
            "default" => self.default(body, diags),
            "transform" => self.transform(body, diags),
            other => {
                diags.push(
                    Diagnostic::error(
                        "Invalid spec block",
                        format!(
                            "Blocks of type {other} are not expected here.",
                            other = quoted(other)
                        ),
                    )
                    .with_subject(block.type_range.clone()),
                );
                Spec::error()
            }
        }
    }

    fn attr(&self, body: &Body, implied: String, diags: &mut Diagnostics) -> Spec {
        let fields = [("name", false), ("type", false), ("required", false)];
        let (args, ok) = Args::read(body, &fields, false, diags);
        if !ok {
            return Spec::error();
        }
        let (Some(name), Some(required)) = (
            args.string("name", implied, diags),
            args.boolean("required", diags),
        ) else {
            return Spec::error();
        };
        let ty = args.type_expr("type", diags);
        if name.is_empty() {
            diags.push(
                Diagnostic::error(
                    "Missing name in attribute spec",
                    "The name attribute is required, to specify the attribute name that is expected in an input HCL file.",
                )
                .with_subject(body.missing_item_range()),
            );
            return Spec::error();
        }
        Spec::Attr { name, ty, required }
    }

    fn block_like(
        &self,
        kind: &str,
        body: &Body,
        implied: String,
        diags: &mut Diagnostics,
    ) -> Spec {
        let fields: &[(&str, bool)] = match kind {
            "block" => &[("block_type", false), ("required", false)],
            "block_map" => &[("block_type", false), ("labels", true)],
            _ => &[
                ("block_type", false),
                ("min_items", false),
                ("max_items", false),
            ],
        };
        let (args, ok) = Args::read(body, fields, true, diags);
        if !ok {
            return Spec::error();
        }
        let Some(type_name) = args.string("block_type", implied, diags) else {
            return Spec::error();
        };
        let nested_body = args.remain.clone().unwrap_or_else(|| body.clone());
        let (content, d) = nested_body.content(&spec_schema(false));
        let failed = d.has_errors();
        diags.extend(d);
        let nested = Box::new(self.exactly_one(
            &content.blocks,
            failed,
            "A block spec must have exactly one child spec specifying how to decode block contents.",
            &nested_body,
            diags,
        ));
        if type_name.is_empty() {
            diags.push(
                Diagnostic::error(
                    format!("Missing block_type in {kind} spec"),
                    "The block_type attribute is required, to specify the block type name that is expected in an input HCL file.",
                )
                .with_subject(body.missing_item_range()),
            );
            return Spec::error();
        }
        match kind {
            "block" => {
                let Some(required) = args.boolean("required", diags) else {
                    return Spec::error();
                };
                Spec::Block {
                    type_name,
                    nested,
                    required,
                }
            }
            "block_map" => {
                let Some(labels) = args.string_list("labels", diags) else {
                    return Spec::error();
                };
                if labels.is_empty() {
                    diags.push(
                        Diagnostic::error(
                            "Invalid block label name list",
                            "A block_map must have at least one label specified.",
                        )
                        .with_subject(body.missing_item_range()),
                    );
                    return Spec::error();
                }
                let spec = Spec::BlockMap {
                    type_name,
                    labels,
                    nested,
                };
                if spec.implied_type().has_dynamic() {
                    diags.push(
                        Diagnostic::error(
                            "Invalid block_map spec",
                            "A block_map spec may not contain attributes with type 'any'.",
                        )
                        .with_subject(body.missing_item_range()),
                    );
                }
                spec
            }
            _ => {
                let (Some(min_items), Some(max_items)) = (
                    args.count("min_items", diags),
                    args.count("max_items", diags),
                ) else {
                    return Spec::error();
                };
                Spec::BlockList {
                    type_name,
                    nested,
                    min_items,
                    max_items,
                    set: kind == "block_set",
                }
            }
        }
    }

    fn block_attrs(&self, body: &Body, implied: String, diags: &mut Diagnostics) -> Spec {
        let fields = [
            ("block_type", false),
            ("element_type", false),
            ("required", false),
        ];
        let (args, ok) = Args::read(body, &fields, false, diags);
        if !ok {
            return Spec::error();
        }
        let (Some(type_name), Some(required)) = (
            args.string("block_type", implied, diags),
            args.boolean("required", diags),
        ) else {
            return Spec::error();
        };
        let element_type = args.type_expr("element_type", diags);
        if type_name.is_empty() {
            diags.push(
                Diagnostic::error(
                    "Missing block_type in block_attrs spec",
                    "The block_type attribute is required, to specify the block type name that is expected in an input HCL file.",
                )
                .with_subject(body.missing_item_range()),
            );
            return Spec::error();
        }
        Spec::BlockAttrs {
            type_name,
            element_type,
            required,
        }
    }

    fn default(&self, body: &Body, diags: &mut Diagnostics) -> Spec {
        let (content, d) = body.content(&spec_schema(false));
        let failed = d.has_errors();
        diags.extend(d);
        match content.blocks.as_slice() {
            [] => {
                if !failed {
                    diags.push(
                        Diagnostic::error(
                            "Missing spec block",
                            "A default block must have at least one nested spec, each specifying a possible outcome.",
                        )
                        .with_subject(body.missing_item_range()),
                    );
                }
                return Spec::error();
            }
            // The reference points this warning past the end of the block
            // list (and crashes); the one block is where it belongs.
            [only] if !failed => diags.push(
                Diagnostic::warning(
                    "Useless default block",
                    "A default block with only one spec is equivalent to using that spec alone.",
                )
                .with_subject(only.def_range.clone()),
            ),
            _ => {}
        }
        let mut spec: Option<Spec> = None;
        for b in &content.blocks {
            let mut d = Diagnostics::new();
            let candidate = self.block(b, &mut d);
            let failed = d.has_errors();
            diags.extend(d);
            if failed {
                continue;
            }
            spec = Some(match spec {
                None => candidate,
                Some(primary) => Spec::Default {
                    primary: Box::new(primary),
                    default: Box::new(candidate),
                },
            });
        }
        spec.unwrap_or_else(Spec::error)
    }

    fn transform(&self, body: &Body, diags: &mut Diagnostics) -> Spec {
        let (args, ok) = Args::read(body, &[("result", false)], true, diags);
        if !ok {
            return Spec::error();
        }
        let nested_body = args.remain.clone().unwrap_or_else(|| body.clone());
        let (content, d) = nested_body.content(&spec_schema(false));
        let failed = d.has_errors();
        diags.extend(d);
        let [one] = content.blocks.as_slice() else {
            if !failed {
                diags.push(
                    Diagnostic::error(
                        "Invalid transform spec",
                        "A transform spec block must have exactly one nested spec block.",
                    )
                    .with_subject(body.missing_item_range()),
                );
            }
            return Spec::error();
        };
        Spec::Transform {
            wrapped: Box::new(self.block(one, diags)),
            expr: args.get("result").cloned(),
            ctx: self.ctx.clone(),
        }
    }
}

/// The arguments of one spec block, read as gohcl reads a struct: every
/// argument evaluated without variables or functions and converted to the
/// field's type.
struct Args {
    exprs: BTreeMap<String, Expression>,
    remain: Option<Body>,
}

impl Args {
    /// Reads `fields` (name, required); with `remain`, the rest of the
    /// body is kept for nested spec blocks. `false` when the body has
    /// errors.
    fn read(
        body: &Body,
        fields: &[(&str, bool)],
        remain: bool,
        diags: &mut Diagnostics,
    ) -> (Args, bool) {
        let mut schema = BodySchema::new();
        for (name, required) in fields {
            schema = schema.attribute(AttributeSchema {
                name: (*name).to_owned(),
                required: *required,
            });
        }
        let (content, rest, d) = if remain {
            let (c, r, d) = body.partial_content(&schema);
            (c, Some(r), d)
        } else {
            let (c, d) = body.content(&schema);
            (c, None, d)
        };
        let ok = !d.has_errors();
        diags.extend(d);
        let exprs = content
            .attributes
            .into_iter()
            .map(|a| (a.name, a.expr))
            .collect();
        (
            Args {
                exprs,
                remain: rest,
            },
            ok,
        )
    }

    fn get(&self, name: &str) -> Option<&Expression> {
        self.exprs.get(name)
    }

    /// The argument's value converted to `ty`; `Ok(None)` when absent or
    /// null, `Err(())` after reporting an unsuitable value.
    ///
    /// As gohcl's `DecodeExpression`, a value whose evaluation failed is
    /// still converted (it is unknown, or holds unknowns): `[x]` for a
    /// string reports "Variables not allowed" and then, like the
    /// reference, that a tuple is no string; `x` reports that the value
    /// must be known.
    fn value(&self, name: &str, ty: &Type, diags: &mut Diagnostics) -> Result<Option<Value>, ()> {
        let Some(expr) = self.get(name) else {
            return Ok(None);
        };
        let (v, d) = expr.value(None);
        let failed = d.has_errors();
        diags.extend(d);
        let v = convert(&v, ty).map_err(|e| diags.push(unsuitable(expr, &e.to_string())))?;
        if !v.is_wholly_known() {
            diags.push(unsuitable(expr, "value must be known"));
            return Err(());
        }
        match v.is_null() {
            _ if failed => Err(()),
            true => Ok(None),
            false => Ok(Some(v)),
        }
    }

    fn string(&self, name: &str, default: String, diags: &mut Diagnostics) -> Option<String> {
        match self.value(name, &Type::String, diags) {
            Ok(Some(v)) => v.as_str().map(str::to_owned),
            Ok(None) => Some(default),
            Err(()) => None,
        }
    }

    fn boolean(&self, name: &str, diags: &mut Diagnostics) -> Option<bool> {
        match self.value(name, &Type::Bool, diags) {
            Ok(Some(v)) => v.as_bool(),
            Ok(None) => Some(false),
            Err(()) => None,
        }
    }

    /// A whole, non-negative number (negative counts mean no limit, as
    /// they do in the reference).
    fn count(&self, name: &str, diags: &mut Diagnostics) -> Option<u64> {
        match self.value(name, &Type::Number, diags) {
            Ok(Some(v)) => match v.as_number().and_then(|n| n.to_i64()) {
                Some(n) => Some(n.max(0) as u64),
                None => {
                    if let Some(expr) = self.get(name) {
                        diags.push(unsuitable(
                            expr,
                            "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
                        ));
                    }
                    None
                }
            },
            Ok(None) => Some(0),
            Err(()) => None,
        }
    }

    fn string_list(&self, name: &str, diags: &mut Diagnostics) -> Option<Vec<String>> {
        match self.value(name, &Type::list(Type::String), diags) {
            Ok(None) => Some(Vec::new()),
            Ok(Some(v)) => v.as_elements().map(|items| {
                items
                    .iter()
                    .filter_map(|i| i.as_str().map(str::to_owned))
                    .collect()
            }),
            Err(()) => None,
        }
    }

    /// A type expression; absent means any type.
    fn type_expr(&self, name: &str, diags: &mut Diagnostics) -> Type {
        match self.get(name) {
            None => Type::Dynamic,
            Some(e) => type_expr(e, diags),
        }
    }
}

fn unsuitable(expr: &Expression, message: &str) -> Diagnostic {
    Diagnostic::error(
        "Unsuitable value type",
        format!("Unsuitable value: {message}"),
    )
    .with_subject(expr.start_range())
    .with_context(expr.range())
}

/// A type written as hcldec reads one: the keywords `string`, `number`,
/// `bool` and `any`, and the constructors `list(…)`, `set(…)`, `map(…)`,
/// `tuple([…])` and `object({name = …})` (read by
/// [`hcl_core::typeexpr::type_constraint`], which also accepts
/// `optional(…)` object attributes); `null` means any type.
pub fn type_expr(expr: &Expression, diags: &mut Diagnostics) -> Type {
    if expr_as_keyword(expr).as_deref() == Some("null") {
        return Type::Dynamic;
    }
    let (ty, d) = type_constraint(expr, &hcl_core::Limits::default());
    diags.extend(d);
    ty
}
