//! Applying a [`Spec`] to a body, as hashicorp's `hcldec.Decode` does: the
//! spec's implied schema is applied to the body (so anything the spec does
//! not mention is an error), then each spec produces its value from the
//! body's content. Also [`variables`], the variable references a spec
//! would evaluate (`hcldec --var-refs`).
//!
//! Diagnostics are worded as the reference words them ("Incorrect attribute
//! value type", "Duplicate … block", "Missing … block", "Insufficient …
//! blocks", "Too many … blocks").

use std::collections::BTreeMap;

use hcl_core::body::{Block, BodyContent};
use hcl_core::diag::quoted;
use hcl_core::diag::render::block_header;
use hcl_core::pos::Range;
use hcl_core::traversal::{Traversal, Traverser};
use hcl_core::value::{convert, unify_unsafe, Type};
use hcl_core::{Body, Diagnostic, Diagnostics, EvalContext, Expression, Value};

use crate::spec::Spec;

/// Decodes `body` with `spec` in `ctx` (`None`: no variables or functions).
///
/// The value is returned even when there are errors; the parts at fault
/// are then null or unknown.
pub fn decode(body: &Body, spec: &Spec, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
    let (content, mut diags) = body.content(&spec.implied_schema());
    let v = decode_content(spec, &content, ctx, &mut diags);
    (v, diags)
}

fn decode_content(
    spec: &Spec,
    content: &BodyContent,
    ctx: Option<&EvalContext>,
    diags: &mut Diagnostics,
) -> Value {
    match spec {
        Spec::Object(items) => Value::object(
            items
                .iter()
                .map(|(k, s)| (k.as_str(), decode_content(s, content, ctx, diags)))
                .collect::<Vec<_>>(),
        ),
        Spec::Tuple(items) => Value::tuple(
            items
                .iter()
                .map(|s| decode_content(s, content, ctx, diags))
                .collect::<Vec<_>>(),
        ),
        Spec::Attr { name, ty, .. } => {
            let Some(attr) = content.attributes.get(name) else {
                return Value::null(ty.clone());
            };
            let (v, d) = attr.expr.value(ctx);
            diags.extend(d);
            match convert(&v, ty) {
                Ok(v) => v,
                Err(e) => {
                    diags.push(with_values(
                        Diagnostic::error(
                            "Incorrect attribute value type",
                            format!(
                                "Inappropriate value for attribute {name}: {e}.",
                                name = quoted(name)
                            ),
                        )
                        .with_subject(attr.expr.range())
                        .with_context(between(attr.name_range.clone(), attr.expr.range())),
                        &attr.expr,
                        ctx,
                    ));
                    Value::unknown(ty.clone())
                }
            }
        }
        Spec::Literal(v) => v.clone(),
        Spec::Block {
            type_name,
            nested,
            required,
        } => {
            let mut found: Option<&Block> = None;
            for b in content.blocks_of_type(type_name) {
                if let Some(first) = found {
                    diags.push(
                        Diagnostic::error(
                            format!("Duplicate {type_name} block"),
                            format!(
                                "Only one block of type {type_name} is allowed. Previous definition was at {}.",
                                first.def_range,
                                type_name = quoted(type_name)
                            ),
                        )
                        .with_subject(b.def_range.clone()),
                    );
                    break;
                }
                found = Some(b);
            }
            match found {
                None => {
                    if *required {
                        diags.push(missing_block(type_name, content.missing_item_range.clone()));
                    }
                    Value::null(nested.implied_type())
                }
                Some(b) => {
                    let (v, d) = decode(&b.body, nested, ctx);
                    diags.extend(d);
                    v
                }
            }
        }
        Spec::BlockList {
            type_name,
            nested,
            min_items,
            max_items,
            set,
        } => {
            let mut elems = Vec::new();
            let mut ranges = Vec::new();
            for b in content.blocks_of_type(type_name) {
                let (v, d) = decode(&b.body, nested, ctx);
                diags.extend(d);
                elems.push(v);
                ranges.push(source_range(&b.body, nested));
            }
            let n = elems.len() as u64;
            if n < *min_items {
                diags.push(
                    Diagnostic::error(
                        format!("Insufficient {type_name} blocks"),
                        format!(
                            "At least {min_items} {type_name} blocks are required.",
                            type_name = quoted(type_name)
                        ),
                    )
                    .with_subject(content.missing_item_range.clone()),
                );
            } else if *max_items > 0 && n > *max_items {
                let mut d = Diagnostic::error(
                    format!("Too many {type_name} blocks"),
                    format!(
                        "No more than {max_items} {type_name} blocks are allowed",
                        type_name = quoted(type_name)
                    ),
                );
                if let Some(r) = usize::try_from(*max_items).ok().and_then(|i| ranges.get(i)) {
                    d = d.with_subject(r.clone());
                }
                diags.push(d);
            }
            let make = |ety: Type, items: Vec<Value>| {
                if *set {
                    Value::set(ety, items)
                } else {
                    Value::list(ety, items)
                }
            };
            if elems.is_empty() {
                return make(nested.implied_type(), Vec::new())
                    .unwrap_or_else(|_| Value::dynamic());
            }
            match unify_elements(type_name, elems, &ranges, diags) {
                Some((ety, items)) => make(ety, items).unwrap_or_else(|_| Value::dynamic()),
                None => Value::dynamic(),
            }
        }
        Spec::BlockMap {
            type_name,
            labels,
            nested,
        } => decode_block_map(type_name, labels, nested, content, ctx, diags),
        Spec::BlockAttrs {
            type_name,
            element_type,
            required,
        } => {
            let mut blocks = content.blocks_of_type(type_name);
            let Some(block) = blocks.next() else {
                if *required {
                    diags.push(missing_block(type_name, content.missing_item_range.clone()));
                }
                return Value::null(Type::map(element_type.clone()));
            };
            if let Some(other) = blocks.next() {
                diags.push(
                    Diagnostic::error(
                        format!("Duplicate {type_name} block"),
                        format!(
                            "Only one block of type {type_name} is allowed. Previous definition was at {}.",
                            block.def_range,
                            type_name = quoted(type_name)
                        ),
                    )
                    .with_subject(other.def_range.clone()),
                );
            }
            let (attrs, d) = block.body.just_attributes();
            diags.extend(d);
            let mut vals = BTreeMap::new();
            for attr in attrs.iter() {
                let (v, d) = attr.expr.value(ctx);
                diags.extend(d);
                let v = match convert(&v, element_type) {
                    Ok(v) => v,
                    Err(e) => {
                        diags.push(with_values(
                            Diagnostic::error(
                                "Invalid attribute value",
                                format!(
                                    "Invalid value for attribute of {type_name} block: {e}.",
                                    type_name = quoted(type_name)
                                ),
                            )
                            .with_subject(attr.expr.range())
                            .with_context(between(attr.name_range.clone(), attr.expr.range())),
                            &attr.expr,
                            ctx,
                        ));
                        Value::unknown(element_type.clone())
                    }
                };
                vals.insert(attr.name.clone(), v);
            }
            make_map(element_type.clone(), vals)
        }
        Spec::Default { primary, default } => {
            let v = decode_content(primary, content, ctx, diags);
            if v.is_null() {
                decode_content(default, content, ctx, diags)
            } else {
                v
            }
        }
        Spec::Transform {
            wrapped,
            expr,
            ctx: tctx,
        } => {
            let mut d = Diagnostics::new();
            let v = decode_content(wrapped, content, ctx, &mut d);
            let failed = d.has_errors();
            diags.extend(d);
            if failed {
                return Value::unknown(spec.implied_type());
            }
            let Some(expr) = expr else {
                return Value::null(Type::Dynamic);
            };
            let mut child = EvalContext::child_of(tctx.clone());
            child.set_variable("nested", v);
            let (v, d) = expr.value(Some(&child));
            diags.extend(d);
            v
        }
    }
}

/// Converts decoded block values to one element type, or reports that they
/// have none.
fn unify_elements(
    type_name: &str,
    elems: Vec<Value>,
    ranges: &[Range],
    diags: &mut Diagnostics,
) -> Option<(Type, Vec<Value>)> {
    let types: Vec<Type> = elems.iter().map(Value::ty).collect();
    let Some(unified) = unify_unsafe(&types) else {
        let mut d = Diagnostic::error(
            format!("Unconsistent argument types in {type_name} blocks"),
            "Corresponding attributes in all blocks of this type must be the same.",
        );
        if let Some(r) = ranges.first() {
            d = d.with_subject(r.clone());
        }
        diags.push(d);
        return None;
    };
    let (ety, convs) = unified.into_parts();
    let mut out = Vec::with_capacity(elems.len());
    for (i, (v, c)) in elems.iter().zip(convs.iter()).enumerate() {
        match c.apply(v) {
            Ok(v) => out.push(v),
            Err(e) => {
                let mut d = Diagnostic::error(
                    format!("Unconsistent argument types in {type_name} blocks"),
                    format!("Block with index {i} has inconsistent argument types: {e}."),
                );
                if let Some(r) = ranges.get(i) {
                    d = d.with_subject(r.clone());
                }
                diags.push(d);
                return None;
            }
        }
    }
    Some((ety, out))
}

/// A tree of block values keyed by label, one level per label.
enum Node {
    Leaf(Value),
    Branch(BTreeMap<String, Node>),
}

fn decode_block_map(
    type_name: &str,
    labels: &[String],
    nested: &Spec,
    content: &BodyContent,
    ctx: Option<&EvalContext>,
    diags: &mut Diagnostics,
) -> Value {
    let mut root: BTreeMap<String, Node> = BTreeMap::new();
    for b in content.blocks_of_type(type_name) {
        let (v, d) = decode(&b.body, nested, ctx);
        let Some((last, path)) = b.labels.get(..labels.len()).and_then(|l| l.split_last()) else {
            diags.extend(d);
            continue;
        };
        diags.extend(d);
        let Some(target) = descend(&mut root, path) else {
            continue;
        };
        if target.contains_key(last) {
            let block = block_header(type_name, b.labels.iter().map(|l| l.as_str()));
            diags.push(
                Diagnostic::error(
                    format!("Duplicate {type_name} block"),
                    format!(
                        "A block for {block} was already defined. The {type_name} labels must be unique."
                    ),
                )
                .with_subject(b.def_range.clone()),
            );
            continue;
        }
        target.insert(last.clone(), Node::Leaf(v));
    }
    let ety = nested.implied_type();
    if root.is_empty() {
        // As the reference: one map level whatever the number of labels.
        return make_map(ety, BTreeMap::new());
    }
    build_map(root, labels.len(), &ety)
}

/// The map at `path` under `root`, made as needed; `None` where a leaf is
/// in the way (blocks always have the same number of labels, so never).
fn descend<'a>(
    root: &'a mut BTreeMap<String, Node>,
    path: &[String],
) -> Option<&'a mut BTreeMap<String, Node>> {
    let Some((first, rest)) = path.split_first() else {
        return Some(root);
    };
    match root
        .entry(first.clone())
        .or_insert_with(|| Node::Branch(BTreeMap::new()))
    {
        Node::Branch(m) => descend(m, rest),
        Node::Leaf(_) => None,
    }
}

fn build_map(node: BTreeMap<String, Node>, depth: usize, leaf_ty: &Type) -> Value {
    let elem_ty = (1..depth).fold(leaf_ty.clone(), |t, _| Type::map(t));
    let entries = node
        .into_iter()
        .map(|(k, n)| {
            let v = match n {
                Node::Leaf(v) => v,
                Node::Branch(m) => build_map(m, depth.saturating_sub(1), leaf_ty),
            };
            (k, v)
        })
        .collect();
    make_map(elem_ty, entries)
}

/// A map of `entries`; when their types differ (a spec with `any` inside),
/// they are unified first, and an impossible unification gives an unknown.
fn make_map(elem_ty: Type, entries: BTreeMap<String, Value>) -> Value {
    if entries.is_empty() {
        return Value::map(elem_ty, Vec::<(String, Value)>::new())
            .unwrap_or_else(|_| Value::dynamic());
    }
    let types: Vec<Type> = entries.values().map(Value::ty).collect();
    let (ety, convs) = match unify_unsafe(&types) {
        Some(u) => u.into_parts(),
        None => return Value::unknown(Type::map(elem_ty)),
    };
    let mut out = Vec::with_capacity(entries.len());
    for ((k, v), c) in entries.into_iter().zip(convs.iter()) {
        match c.apply(&v) {
            Ok(v) => out.push((k, v)),
            Err(_) => return Value::unknown(Type::map(elem_ty)),
        }
    }
    Value::map(ety, out).unwrap_or_else(|_| Value::dynamic())
}

fn missing_block(type_name: &str, at: Range) -> Diagnostic {
    Diagnostic::error(
        format!("Missing {type_name} block"),
        format!(
            "A block of type {type_name} is required here.",
            type_name = quoted(type_name)
        ),
    )
    .with_subject(at)
}

/// The range from the start of `a` to the end of `b`.
fn between(a: Range, b: Range) -> Range {
    Range {
        filename: a.filename.clone(),
        start: a.start,
        end: b.end,
    }
}

/// Where the value `spec` would produce from `body` comes from (the
/// reference's `hcldec.SourceRange`).
pub fn source_range(body: &Body, spec: &Spec) -> Range {
    let (content, _, _) = body.partial_content(&spec.implied_schema());
    content_range(spec, &content)
}

fn content_range(spec: &Spec, content: &BodyContent) -> Range {
    match spec {
        Spec::Attr { name, .. } => content
            .attributes
            .get(name)
            .map_or(content.missing_item_range.clone(), |a| a.expr.range()),
        Spec::Literal(_) => Range::default(),
        Spec::Block {
            type_name, nested, ..
        }
        | Spec::BlockList {
            type_name, nested, ..
        }
        | Spec::BlockMap {
            type_name, nested, ..
        } => match content.blocks_of_type(type_name).next() {
            Some(b) => source_range(&b.body, nested),
            None => content.missing_item_range.clone(),
        },
        Spec::BlockAttrs { type_name, .. } => content
            .blocks_of_type(type_name)
            .next()
            .map_or(content.missing_item_range.clone(), |b| b.def_range.clone()),
        Spec::Default { primary, .. } => content_range(primary, content),
        Spec::Transform { wrapped, .. } => content_range(wrapped, content),
        Spec::Object(_) | Spec::Tuple(_) => content.missing_item_range.clone(),
    }
}

/// The variable references `spec` would evaluate in `body`, in the order
/// the reference reports them.
pub fn variables(body: &Body, spec: &Spec) -> Vec<Traversal> {
    let (content, _, _) = body.partial_content(&spec.implied_schema());
    let mut out = Vec::new();
    collect_variables(spec, &content, &mut out);
    out
}

fn collect_variables(spec: &Spec, content: &BodyContent, out: &mut Vec<Traversal>) {
    match spec {
        Spec::Attr { name, .. } => {
            if let Some(a) = content.attributes.get(name) {
                out.extend(a.expr.variables());
            }
        }
        Spec::Block {
            type_name, nested, ..
        } => {
            if let Some(b) = content.blocks_of_type(type_name).next() {
                out.extend(variables(&b.body, nested));
            }
        }
        Spec::BlockList {
            type_name, nested, ..
        }
        | Spec::BlockMap {
            type_name, nested, ..
        } => {
            for b in content.blocks_of_type(type_name) {
                out.extend(variables(&b.body, nested));
            }
        }
        Spec::BlockAttrs { type_name, .. } => {
            if let Some(b) = content.blocks_of_type(type_name).next() {
                let (attrs, d) = b.body.just_attributes();
                if !d.has_errors() {
                    let mut vars: Vec<Traversal> =
                        attrs.iter().flat_map(|a| a.expr.variables()).collect();
                    vars.sort_by_key(|t| t.range().map_or(0, |r| r.start.byte));
                    out.extend(vars);
                }
            }
        }
        _ => {}
    }
    for child in spec.same_body_children() {
        collect_variables(child, content, out);
    }
}

/// `diag` about the value of `expr`, with the values of the variables it
/// refers to (which the text form shows), as the reference attaches them.
fn with_values(diag: Diagnostic, expr: &Expression, ctx: Option<&EvalContext>) -> Diagnostic {
    match expr.involved_values(ctx) {
        Some(values) => diag.with_involved(values),
        None => diag,
    }
}

/// The value a traversal reaches in `ctx`, if it reaches one without error
/// (`--var-refs` shows it when it can).
pub fn traverse(t: &Traversal, ctx: Option<&EvalContext>) -> Option<Value> {
    let (root, steps) = t.split_root()?;
    let mut v = ctx?.variable(root)?.clone();
    for step in steps.iter() {
        v = match step {
            Traverser::Attr { name, .. } => match &v {
                Value::Object(o) => o.get(name)?.clone(),
                Value::Map(m) => m.get(name)?.clone(),
                _ => return None,
            },
            Traverser::Index { key, .. } => match (&v, key) {
                (Value::Map(m), Value::String(s)) => m.get(s.as_str())?.clone(),
                (Value::Object(o), Value::String(s)) => o.get(s.as_str())?.clone(),
                (Value::List(_) | Value::Tuple(_), Value::Number(n)) => {
                    let i = usize::try_from(n.to_i64()?).ok()?;
                    v.as_elements()?.get(i)?.clone()
                }
                _ => return None,
            },
            _ => return None,
        };
    }
    Some(v)
}

#[cfg(test)]
mod test;
