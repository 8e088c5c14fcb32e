//! The JSON syntax's [`ExpressionImpl`] ("Expressions" and "Static
//! Analysis" in hcl-json-syntax.md).
//!
//! Objects are object values, arrays tuples, numbers exact numbers. A
//! string is a native-syntax template in full mode (an evaluation context
//! is given) and literal text in literal-only mode. Static call and static
//! traversal read a string as a native-syntax expression.
//!
//! One [`ExpressionImpl::value`] call is one evaluation: the values it
//! builds, and those its templates build, draw on one budget within the
//! context's [`Limits`] (the defaults in literal-only mode), and a
//! template's nesting is bounded by the same limits.

use std::any::Any;
use std::collections::HashMap;
use std::sync::Arc;

use crate::body::{Expression, ExpressionImpl, StaticCall};
use crate::diag::quoted;
use crate::diag::{Diagnostic, Diagnostics, Involved};
use crate::eval::EvalContext;
use crate::involved;
use crate::json::node_ref::NodeRef;
use crate::json::parser::{Node, NodeKind};
use crate::limits::{Budget, Limits, EXCEEDED_SUMMARY};
use crate::native::embedded::{
    has_template_sequence, parse_embedded_expression, parse_embedded_template, Embedded,
};
use crate::native::NativeExpression;
use crate::pos::{ByteSpan, Range};
use crate::traversal::Traversal;
use crate::value::{convert, Number, Type, Value};

/// A JSON-syntax expression: a value of the tree, or the name of an object
/// property (static map keys, object keys in full mode), which is a string
/// expression.
#[derive(Clone, Debug)]
pub struct JsonExpression {
    at: NodeRef,
    /// `Some(i)`: the expression is the name of property `i` of the object
    /// at `at`.
    key_of: Option<u32>,
}

/// What a [`JsonExpression`] stands for, borrowed from the tree.
pub(crate) enum Src<'a> {
    Node(&'a Node),
    Key { text: &'a str, span: ByteSpan },
}

impl JsonExpression {
    pub(crate) fn new(at: NodeRef) -> JsonExpression {
        JsonExpression { at, key_of: None }
    }

    fn key(at: NodeRef, i: usize) -> JsonExpression {
        JsonExpression {
            at,
            key_of: Some(i as u32),
        }
    }

    /// The file and what the expression stands for in it (for the native
    /// writer, `crate::write`).
    pub(crate) fn syntax(&self) -> (&crate::pos::SourceFile, Src<'_>) {
        (self.at.source(), self.src())
    }

    fn src(&self) -> Src<'_> {
        let node = self.at.node();
        match (self.key_of, &node.kind) {
            (Some(i), NodeKind::Object(props)) => match props.get(i as usize) {
                Some(p) => Src::Key {
                    text: &p.key,
                    span: p.key_span,
                },
                None => Src::Node(node),
            },
            _ => Src::Node(node),
        }
    }

    /// The string the expression is, with the span of its token.
    fn as_string(&self) -> Option<(&str, ByteSpan)> {
        match self.src() {
            Src::Key { text, span } => Some((text, span)),
            Src::Node(Node {
                kind: NodeKind::String(s),
                span,
            }) => Some((s, *span)),
            Src::Node(_) => None,
        }
    }

    /// The references of `node`, a node of this expression's tree, in
    /// source order: those of its strings read as templates, and of its
    /// items, property names and values. The tree is walked in place (its
    /// depth is bounded by the parser's), not through a handle of each
    /// part.
    fn node_variables(&self, node: &Node, out: &mut Vec<Traversal>) {
        match &node.kind {
            NodeKind::String(s) => self.template_variables(s, node.span, out),
            NodeKind::Array(items) => {
                for item in items {
                    self.node_variables(item, out);
                }
            }
            NodeKind::Object(props) => {
                for p in props {
                    self.template_variables(&p.key, p.key_span, out);
                    self.node_variables(&p.value, out);
                }
            }
            _ => {}
        }
    }

    /// The references of the string `text` (written at `span`) read as a
    /// template. A string with no `${` and no `%{` is literal text: it is
    /// not parsed, and nothing is allocated for it (most strings of a JSON
    /// configuration are such). One that does not parse refers to nothing.
    fn template_variables(&self, text: &str, span: ByteSpan, out: &mut Vec<Traversal>) {
        if !has_template_sequence(text) {
            return;
        }
        let (expr, file, diags) =
            parse_embedded_template(self.embedded(text, span), &Limits::default());
        if !diags.has_errors() {
            out.extend(NativeExpression::new(file, Arc::new(expr)).variables());
        }
    }

    fn embedded<'a>(&'a self, text: &'a str, span: ByteSpan) -> Embedded<'a> {
        Embedded {
            file: self.at.source(),
            span: ByteSpan::new(span.start, span.end).inner(),
            text,
        }
    }

    /// The string's content read as a native-syntax expression, when it
    /// parses without errors.
    fn as_native_expression(&self) -> Option<NativeExpression> {
        let (text, span) = self.as_string()?;
        let (expr, file, diags) =
            parse_embedded_expression(self.embedded(text, span), &Limits::default());
        if diags.has_errors() {
            return None;
        }
        Some(NativeExpression::new(file, Arc::new(expr)))
    }

    fn string_value(
        &self,
        text: &str,
        span: ByteSpan,
        ctx: Option<&EvalContext>,
        budget: &mut Budget,
    ) -> (Value, Diagnostics) {
        let Some(ctx) = ctx.filter(|_| has_template_sequence(text)) else {
            // Literal-only mode, or a template without an introducer: one
            // literal, the text.
            if let Err(e) = budget.charge_bytes(text.len()) {
                return self.over_budget(e, span, budget);
            }
            return (Value::string(text), Diagnostics::new());
        };
        let (expr, file, diags) = parse_embedded_template(self.embedded(text, span), ctx.limits());
        if diags.has_errors() {
            return (Value::dynamic(), diags);
        }
        let (v, more) = crate::native::eval::evaluate_in(&expr, &file, Some(ctx), budget, 0);
        let mut diags = diags;
        diags.extend(more);
        (v, diags)
    }

    /// The diagnostic for an exceeded budget at `span`, unless this
    /// evaluation reported it already.
    #[cold]
    fn over_budget(
        &self,
        e: crate::limits::LimitExceeded,
        span: ByteSpan,
        budget: &mut Budget,
    ) -> (Value, Diagnostics) {
        let mut diags = Diagnostics::new();
        if budget.take_report() {
            diags.push(
                Diagnostic::error(EXCEEDED_SUMMARY, e.detail("This value"))
                    .with_subject(self.at.range(span)),
            );
        }
        (Value::dynamic(), diags)
    }

    fn object_value(&self, ctx: Option<&EvalContext>, budget: &mut Budget) -> (Value, Diagnostics) {
        let node = self.at.node();
        let NodeKind::Object(props) = &node.kind else {
            return (Value::dynamic(), Diagnostics::new());
        };
        if let Err(e) = budget.charge_map(props.len()) {
            return self.over_budget(e, node.span, budget);
        }
        let mut diags = Diagnostics::new();
        let mut attrs: Vec<(String, Value, ByteSpan)> = Vec::with_capacity(props.len());
        // Name → where it was first defined: a linear search per property
        // would make a wide object quadratic.
        let mut seen: HashMap<String, ByteSpan> = HashMap::with_capacity(props.len());
        let mut known = true;
        // What the whole object refers to, worked out for its first
        // duplicate and shared by the others (one walk, however many).
        let mut whole_involved: Option<Option<Arc<Involved>>> = None;
        for (i, p) in props.iter().enumerate() {
            let (name, d) = JsonExpression::key(self.at.clone(), i).value_in(ctx, budget);
            diags.extend(d);
            let value_expr = JsonExpression::new(self.at.child(i));
            let (val, d) = value_expr.value_in(ctx, budget);
            diags.extend(d);
            let name_range = self.at.range(p.key_span);
            // As the reference, a bad key is reported with the values of
            // the property's value expression.
            let bad_key = |detail: String| {
                let d = Diagnostic::error("Invalid object key expression", detail)
                    .with_subject(name_range.clone());
                match involved::of_expression(&Expression::new(value_expr.clone()), ctx) {
                    Some(values) => d.with_involved(values),
                    None => d,
                }
            };
            let name = match convert(&name, &Type::String) {
                Ok(n) => n,
                Err(e) => {
                    diags.push(bad_key(format!(
                        "Cannot use this expression as an object key: {e}."
                    )));
                    continue;
                }
            };
            if name.is_null() {
                diags.push(bad_key("Cannot use null value as an object key.".into()));
                continue;
            }
            let Some(name) = name.as_str() else {
                known = false;
                continue;
            };
            if let Some(first) = seen.get(name) {
                let d = Diagnostic::error(
                    "Duplicate object attribute",
                    format!(
                        "An attribute named {name} was already defined at {}.",
                        self.at.range(*first),
                        name = quoted(name)
                    ),
                )
                .with_subject(name_range);
                let values = whole_involved.get_or_insert_with(|| {
                    involved::of_expression(&Expression::new(self.clone()), ctx)
                });
                diags.push(match values {
                    Some(values) => d.with_involved(values.clone()),
                    None => d,
                });
                continue;
            }
            seen.insert(name.to_owned(), p.key_span);
            attrs.push((name.to_owned(), val, p.key_span));
        }
        if !known {
            return (Value::dynamic(), diags);
        }
        (
            Value::object(attrs.into_iter().map(|(n, v, _)| (n, v))),
            diags,
        )
    }
}

impl JsonExpression {
    /// The value, as part of an evaluation whose budget is `budget`.
    fn value_in(&self, ctx: Option<&EvalContext>, budget: &mut Budget) -> (Value, Diagnostics) {
        let node = match self.src() {
            Src::Key { text, span } => return self.string_value(text, span, ctx, budget),
            Src::Node(n) => n,
        };
        match &node.kind {
            NodeKind::String(s) => self.string_value(s, node.span, ctx, budget),
            NodeKind::Number(text) => match Number::parse_json(text) {
                Ok(n) => (Value::Number(n), Diagnostics::new()),
                // The parser only keeps valid number text.
                Err(_) => (Value::unknown(Type::Number), Diagnostics::new()),
            },
            NodeKind::Bool(b) => (Value::Bool(*b), Diagnostics::new()),
            NodeKind::Null => (Value::null(Type::Dynamic), Diagnostics::new()),
            NodeKind::Array(items) => {
                if let Err(e) = budget.charge_elements(items.len()) {
                    return self.over_budget(e, node.span, budget);
                }
                let mut diags = Diagnostics::new();
                let mut vals = Vec::with_capacity(items.len());
                for i in 0..items.len() {
                    let (v, d) = JsonExpression::new(self.at.child(i)).value_in(ctx, budget);
                    diags.extend(d);
                    vals.push(v);
                }
                (Value::tuple(vals), diags)
            }
            NodeKind::Object(_) => self.object_value(ctx, budget),
            NodeKind::Invalid => (Value::dynamic(), Diagnostics::new()),
        }
    }
}

impl ExpressionImpl for JsonExpression {
    fn value(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        let limits = ctx.map_or(&Limits::DEFAULT, EvalContext::limits);
        self.value_in(ctx, &mut Budget::new(limits))
    }

    fn variables(&self) -> Vec<Traversal> {
        let mut vars = Vec::new();
        match self.src() {
            Src::Key { text, span } => self.template_variables(text, span, &mut vars),
            Src::Node(node) => self.node_variables(node, &mut vars),
        }
        vars
    }

    fn range(&self) -> Range {
        match self.src() {
            Src::Key { span, .. } => self.at.range(span),
            Src::Node(n) => self.at.range(n.span),
        }
    }

    fn start_range(&self) -> Range {
        match self.src() {
            Src::Key { span, .. } => self.at.range(span),
            Src::Node(n) => self.at.range(n.start_span()),
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn static_list(&self) -> Option<Vec<Expression>> {
        match (self.key_of, &self.at.node().kind) {
            (None, NodeKind::Array(items)) => Some(
                (0..items.len())
                    .map(|i| Expression::new(JsonExpression::new(self.at.child(i))))
                    .collect(),
            ),
            _ => None,
        }
    }

    fn static_map(&self) -> Option<Vec<(Expression, Expression)>> {
        match (self.key_of, &self.at.node().kind) {
            (None, NodeKind::Object(props)) => Some(
                (0..props.len())
                    .map(|i| {
                        (
                            Expression::new(JsonExpression::key(self.at.clone(), i)),
                            Expression::new(JsonExpression::new(self.at.child(i))),
                        )
                    })
                    .collect(),
            ),
            _ => None,
        }
    }

    fn static_call(&self) -> Option<StaticCall> {
        // A call is written with parentheses: a string without one is not
        // parsed to find that out.
        let (text, _) = self.as_string()?;
        if !text.contains('(') {
            return None;
        }
        self.as_native_expression()?.static_call()
    }

    fn absolute_traversal(&self) -> Option<Traversal> {
        self.as_native_expression()?.absolute_traversal()
    }

    fn as_keyword(&self) -> Option<String> {
        self.as_native_expression()?.as_keyword()
    }
}
