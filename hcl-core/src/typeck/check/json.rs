//! Checking JSON-syntax files.
//!
//! A JSON file has no schema to tell blocks from attributes, so it is read
//! as the JSON syntax reads a body without one: every property of the root
//! object (but the `"//"` comment) is an attribute, and an attribute's type
//! is its JSON value's: objects are objects, arrays tuples, numbers `int`
//! or `number`, `null` is `none`, and strings are native-syntax templates,
//! whose interpolations and directives are checked as the native checker
//! checks them. A property name holding a template makes its object a map
//! (its names are known only at evaluation), as in the native syntax.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{AttributeType, Checker};
use crate::diag::{Diagnostic, Diagnostics};
use crate::json::parser::{self as json, Node, NodeKind};
use crate::native::ast::Expr;
use crate::native::embedded::{has_template_sequence, parse_embedded_template, Embedded};
use crate::pos::ByteSpan;
use crate::pos::SourceFile;
use crate::typeck::parse::quoted_literal;
use crate::typeck::rules::{conversion, unify_all};
use crate::typeck::scope::TypeScope;
use crate::typeck::ty::{Eventual, ExtendedType};
use crate::value::Number;
use crate::Limits;

/// How deeply values nest before the checker gives up on a subtree (its
/// type is then the dynamic pseudo-type). The JSON parser bounds nesting
/// already; this is the checker's own guard.
const MAX_DEPTH: usize = super::MAX_DEPTH;

/// Type-checks a JSON-syntax file: the type of each top-level property, and
/// the problems found in its strings' templates (parse errors included:
/// the JSON parser leaves templates unread). The JSON parser's own
/// diagnostics are the caller's to report.
pub(crate) fn check_json(src: &SourceFile, scope: &TypeScope) -> (Vec<AttributeType>, Diagnostics) {
    let (root, _) = json::parse(src, &crate::Limits::DEFAULT);
    let mut checker = JsonChecker {
        src,
        scope,
        diags: Diagnostics::new(),
    };
    let mut out = Vec::new();
    if let NodeKind::Object(props) = &root.kind {
        for p in props.iter().filter(|p| &*p.key != "//") {
            let ty = checker.value(&p.value, 0);
            out.push(AttributeType {
                path: p.key.to_string(),
                range: src.range(p.key_span),
                ty,
            });
        }
    }
    (out, checker.diags)
}

struct JsonChecker<'a> {
    src: &'a SourceFile,
    scope: &'a TypeScope,
    diags: Diagnostics,
}

impl JsonChecker<'_> {
    fn value(&mut self, node: &Node, depth: usize) -> ExtendedType {
        if depth > MAX_DEPTH {
            return ExtendedType::Dynamic;
        }
        let d = depth + 1;
        match &node.kind {
            NodeKind::Object(props) => {
                let mut attrs = BTreeMap::new();
                let mut values = Vec::with_capacity(props.len());
                let mut literal_keys = true;
                let mut ev = Eventual::Prompt;
                for p in props {
                    let name = self.name(&p.key, p.key_span);
                    if let Err(kt) = &name {
                        literal_keys = false;
                        let (lifted, e) = kt.lifted();
                        ev = ev.max(e);
                        if conversion(&lifted, &ExtendedType::String).is_none() {
                            self.diags.push(
                                Diagnostic::error(
                                    "Incorrect key type",
                                    format!(
                                        "Can't use this value as a key: string required, but have {kt}."
                                    ),
                                )
                                .with_subject(self.src.range(p.key_span)),
                            );
                        }
                    }
                    let v = self.value(&p.value, d);
                    if let Ok(name) = name {
                        attrs.insert(name, v.clone());
                    }
                    values.push(v);
                }
                ev.wrap(if literal_keys {
                    ExtendedType::Object(Arc::new(attrs))
                } else {
                    ExtendedType::map(unify_all(values.iter()))
                })
            }
            NodeKind::Array(items) => ExtendedType::tuple(items.iter().map(|i| self.value(i, d))),
            NodeKind::String(s) => self.template(s, node.span),
            NodeKind::Number(text) => match Number::parse_json(text) {
                Ok(n) if n.is_integer() => ExtendedType::Int,
                _ => ExtendedType::Number,
            },
            NodeKind::Bool(_) => ExtendedType::Bool,
            NodeKind::Null => ExtendedType::None,
            NodeKind::Invalid => ExtendedType::Dynamic,
        }
    }

    /// The type of a string read as a template (`span` is its token,
    /// quotes included).
    fn template(&mut self, text: &str, span: ByteSpan) -> ExtendedType {
        // Without an introducer the template is one literal: the text.
        if !has_template_sequence(text) {
            return ExtendedType::String;
        }
        match self.parse_template(text, span) {
            Some((expr, file)) => self.check_template(&expr, &file),
            None => ExtendedType::Dynamic,
        }
    }

    /// A property name: its text when it is literal (escaped introducers
    /// such as `$${` decoded), or else the type of the template computing
    /// it.
    fn name(&mut self, text: &str, span: ByteSpan) -> Result<String, ExtendedType> {
        if !has_template_sequence(text) {
            return Ok(text.to_owned());
        }
        let Some((expr, file)) = self.parse_template(text, span) else {
            return Err(ExtendedType::Dynamic);
        };
        match quoted_literal(&expr, file.text()) {
            Some(name) => Ok(name),
            None => Err(self.check_template(&expr, &file)),
        }
    }

    /// The template in a string, or `None` after reporting its syntax
    /// errors.
    fn parse_template(&mut self, text: &str, span: ByteSpan) -> Option<(Expr, SourceFile)> {
        let at = Embedded {
            file: self.src,
            span: span.inner(),
            text,
        };
        let (expr, file, diags) = parse_embedded_template(at, &Limits::default());
        if diags.has_errors() {
            self.diags.extend(diags);
            return None;
        }
        Some((expr, file))
    }

    fn check_template(&mut self, expr: &Expr, file: &SourceFile) -> ExtendedType {
        let mut checker = Checker::new(file, self.scope);
        let ty = checker.expr(crate::native::ExprNode::new(file, expr));
        self.diags.extend(checker.finish());
        ty
    }
}
