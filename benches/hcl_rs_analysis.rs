//! What a tool built on hcl-rs writes to answer `variables()`: hcl-rs has
//! no such method, so the benchmarks give it this walk over its expression
//! tree, with the rules of ours (references rooted at a name bound by an
//! enclosing `for` are not reported; a traversal's reference ends at its
//! first step that is not a literal attribute or index; quoted templates
//! and heredocs are parsed to reach their interpolations, as hcl-rs's own
//! evaluator does). Each reference is returned owned, as ours are.

#![allow(dead_code)]

use hcl::expr::{Expression, ObjectKey, Operation, TraversalOperator};
use hcl::template::{Directive, Element, Template};

/// The references `expr` makes.
pub fn variables(expr: &Expression) -> Vec<hcl::Traversal> {
    let mut out = Vec::new();
    walk(expr, &mut Vec::new(), &mut out);
    out
}

/// Every attribute expression of `body`, blocks included, in source order.
pub fn attributes<'a>(body: &'a hcl::Body, out: &mut Vec<&'a Expression>) {
    for s in body.iter() {
        match s {
            hcl::Structure::Attribute(a) => out.push(&a.expr),
            hcl::Structure::Block(b) => attributes(&b.body, out),
        }
    }
}

fn is_literal(e: &Expression) -> bool {
    matches!(
        e,
        Expression::Null | Expression::Bool(_) | Expression::Number(_) | Expression::String(_)
    )
}

/// Whether `v` names a variable of an enclosing `for`.
fn bound(locals: &[String], v: &hcl::Variable) -> bool {
    locals.iter().any(|l| l.as_str() == v.as_str())
}

fn walk(e: &Expression, locals: &mut Vec<String>, out: &mut Vec<hcl::Traversal>) {
    match e {
        Expression::Null | Expression::Bool(_) | Expression::Number(_) | Expression::String(_) => {}
        Expression::Variable(v) if bound(locals, v) => {}
        Expression::Variable(_) => {
            out.push(hcl::Traversal::new(
                e.clone(),
                Vec::<TraversalOperator>::new(),
            ));
        }
        Expression::Traversal(t) => {
            let static_len = t
                .operators
                .iter()
                .position(|op| match op {
                    TraversalOperator::GetAttr(_) | TraversalOperator::LegacyIndex(_) => false,
                    TraversalOperator::Index(k) => !is_literal(k),
                    TraversalOperator::AttrSplat | TraversalOperator::FullSplat => true,
                })
                .unwrap_or(t.operators.len());
            match &t.expr {
                Expression::Variable(v) => {
                    if !bound(locals, v) {
                        out.push(hcl::Traversal::new(
                            t.expr.clone(),
                            t.operators[..static_len].to_vec(),
                        ));
                    }
                }
                other => walk(other, locals, out),
            }
            for op in &t.operators[static_len..] {
                if let TraversalOperator::Index(k) = op {
                    walk(k, locals, out);
                }
            }
        }
        Expression::Array(items) => items.iter().for_each(|i| walk(i, locals, out)),
        Expression::Object(o) => {
            for (k, v) in o.iter() {
                if let ObjectKey::Expression(k) = k {
                    walk(k, locals, out);
                }
                walk(v, locals, out);
            }
        }
        Expression::TemplateExpr(t) => {
            if let Ok(t) = Template::from_expr(t) {
                walk_template(&t, locals, out);
            }
        }
        Expression::FuncCall(c) => c.args.iter().for_each(|a| walk(a, locals, out)),
        Expression::Parenthesis(x) => walk(x, locals, out),
        Expression::Conditional(c) => {
            walk(&c.cond_expr, locals, out);
            walk(&c.true_expr, locals, out);
            walk(&c.false_expr, locals, out);
        }
        Expression::Operation(op) => match &**op {
            Operation::Unary(u) => walk(&u.expr, locals, out),
            Operation::Binary(b) => {
                walk(&b.lhs_expr, locals, out);
                walk(&b.rhs_expr, locals, out);
            }
        },
        Expression::ForExpr(f) => {
            walk(&f.collection_expr, locals, out);
            let base = locals.len();
            locals.extend(f.key_var.iter().map(|k| k.to_string()));
            locals.push(f.value_var.to_string());
            if let Some(k) = &f.key_expr {
                walk(k, locals, out);
            }
            walk(&f.value_expr, locals, out);
            if let Some(c) = &f.cond_expr {
                walk(c, locals, out);
            }
            locals.truncate(base);
        }
        // hcl-rs's expression enum is non-exhaustive.
        _ => {}
    }
}

fn walk_template(t: &Template, locals: &mut Vec<String>, out: &mut Vec<hcl::Traversal>) {
    for el in t.elements() {
        match el {
            Element::Literal(_) => {}
            Element::Interpolation(i) => walk(&i.expr, locals, out),
            Element::Directive(d) => match &**d {
                Directive::If(d) => {
                    walk(&d.cond_expr, locals, out);
                    walk_template(&d.true_template, locals, out);
                    if let Some(f) = &d.false_template {
                        walk_template(f, locals, out);
                    }
                }
                Directive::For(d) => {
                    walk(&d.collection_expr, locals, out);
                    let base = locals.len();
                    locals.extend(d.key_var.iter().map(|k| k.to_string()));
                    locals.push(d.value_var.to_string());
                    walk_template(&d.template, locals, out);
                    locals.truncate(base);
                }
            },
        }
    }
}
