//! Evaluation of native-syntax expressions and templates.
//!
//! [`evaluate`] walks a native-syntax expression (through the nodes of
//! [`crate::native::syntax`]) and produces a [`Value`] and [`Diagnostics`], with
//! the semantics of the native syntax specification and, where it is silent,
//! of the reference implementation (hashicorp/hcl v2 `hclsyntax` with
//! go-cty): the diagnostic summaries and details are the reference's.
//!
//! The evaluator is split by construct (private modules): `ops` for
//! operators, `access` for variables, traversals, indexes and splats, `call`
//! for function calls (including the lazily evaluated arguments of `try` and
//! `can`, see [`crate::function::closure`]), `conditional`, `for_expr` and
//! `template`. Index and attribute access is [`crate::value::index`] and
//! [`crate::value::get_attr`], shared with [`crate::traversal`].
//!
//! Deviations from the reference worth knowing: unknown values carry no
//! refinements.
//!
//! Every diagnostic is reported through one place (`Evaluator::report`),
//! which attaches what the expression at fault was evaluated with (the
//! values of the variables it refers to, the function being called: see
//! [`crate::diag::Involved`]), as the reference keeps the expression and
//! its evaluation context on the diagnostic.
//!
//! # Limits
//!
//! Evaluation is bounded by the [`Limits`] of the context
//! ([`EvalContext::set_limits`]; literal-only mode uses the defaults): how
//! deeply the evaluator may recurse ([`Limits::max_depth`]), and one
//! [`Budget`] per evaluation for the total size of the values it builds
//! ([`Limits::max_elements`], [`Limits::max_bytes`]). The evaluator charges
//! what it builds itself (the elements `for` expressions and splats iterate
//! over and produce, tuple and object constructors, string literals and
//! template output, very large numbers) and hands the budget to every
//! function it calls, which charges what it builds. Past a limit the
//! evaluation reports one error diagnostic at the expression at fault
//! ("Evaluation limit exceeded" or "Maximum nesting depth exceeded") and
//! winds down, never a crash:
//!
//! ```
//! use hcl_core::native::eval::evaluate;
//! use hcl_core::native::{parse_expression, ExprNode};
//! use hcl_core::{EvalContext, Limits, SourceFile};
//!
//! let src = SourceFile::new("e.hcl", "[for x in [1, 2, 3] : x]");
//! let (expr, _) = parse_expression(&src, &Limits::default());
//! let mut ctx = EvalContext::new();
//! ctx.set_limits(Limits::default().with_max_elements(2));
//! let (_, diags) = evaluate(ExprNode::of(&expr).unwrap(), Some(&ctx));
//! assert_eq!(diags.iter().next().unwrap().summary, "Evaluation limit exceeded");
//! ```

mod access;
mod call;
pub(crate) use call::start_span;
mod conditional;
mod for_expr;
pub(crate) use for_expr::elements;
mod ops;
mod template;

use std::borrow::Borrow;
use std::sync::Arc;

use crate::diag::quoted;
use crate::diag::{Diagnostic, Diagnostics, Involved};
use crate::eval::EvalContext;
use crate::involved::{push_index, Collector};
use crate::limits::{Budget, LimitExceeded, Limits, EXCEEDED_SUMMARY, MAP_NODE};
use crate::native::ast::{ByteSpan, Expr, ExprKind, ObjectItem, TemplatePart, TraverserKind};
use crate::native::syntax::ExprNode;
use crate::pos::{Range, SourceFile};
use crate::value::{
    convert, convert_within, get_attr, index, ConversionError, ConvertFailure, Object, Str, Type,
    Value,
};

/// Evaluates `expr`, an expression of `source`, within the limits of `ctx`
/// (the defaults when `ctx` is `None`, literal-only mode), with a budget
/// of its own.
///
/// ```
/// use hcl_core::native::eval::evaluate;
/// use hcl_core::native::{parse_expression, ExprNode};
/// use hcl_core::{EvalContext, Limits, SourceFile, Value};
///
/// let src = SourceFile::new("e.hcl", "\"${var.name}-${1 + 2}\"");
/// let (expr, _) = parse_expression(&src, &Limits::default());
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("var", Value::object([("name", Value::from("web"))]));
/// let (value, diags) = evaluate(ExprNode::of(&expr).unwrap(), Some(&ctx));
/// assert!(diags.is_empty());
/// assert_eq!(value, Value::from("web-3"));
/// ```
pub fn evaluate(expr: ExprNode<'_>, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
    evaluate_decoded(Constant::literal(expr), ctx, || evaluate_general(expr, ctx))
}

/// [`evaluate`] of an expression whose value, if it is a constant, was
/// found beforehand ([`Constant::of`], when an expression handle is made):
/// a constant that fits the limits is answered from `constant` alone,
/// without the syntax tree or the source text; anything else goes to
/// `general` ([`evaluate_general`] of the expression). The constant is
/// kept (`&Constant`: its value is shared) or made for this evaluation
/// (`Constant`: its value is moved out).
// Always inlined: a handle's evaluation of its known constant is this and
// a clone of the value; left to the compiler, whether it was inlined
// flipped with unrelated edits elsewhere in the crate (+5% instructions a
// round of `eval_loop ours` when it was not).
#[inline(always)]
pub(crate) fn evaluate_decoded<C: Borrow<Constant> + Into<Value>>(
    constant: Option<C>,
    ctx: Option<&EvalContext>,
    general: impl FnOnce() -> (Value, Diagnostics),
) -> (Value, Diagnostics) {
    let limits = ctx.map_or(&Limits::DEFAULT, EvalContext::limits);
    // Most attributes of a configuration are literals: their value needs no
    // evaluator, budget or scope.
    match constant {
        Some(c) if c.borrow().fits(limits) => {
            (c.into(), Diagnostics::with_limit(limits.max_diagnostics))
        }
        _ => general(),
    }
}

/// [`evaluate`] without its fast path: the whole evaluator, for every
/// expression.
pub(crate) fn evaluate_general(
    expr: ExprNode<'_>,
    ctx: Option<&EvalContext>,
) -> (Value, Diagnostics) {
    let limits = ctx.map_or(&Limits::DEFAULT, EvalContext::limits);
    evaluate_in(expr.ast(), expr.source(), ctx, &mut Budget::new(limits), 0)
}

/// The value of a constant expression, found once so that evaluating the
/// expression again reads neither the syntax tree nor the source text (an
/// expression handle keeps it beside its node): the fast path of
/// [`evaluate`]. With the value it keeps what evaluating the expression
/// takes of a budget, so that an evaluation within smaller limits still
/// goes the general way and reports what the general path reports.
///
/// 32 bytes: the charges are as small as the constants [`Constant::of`]
/// takes allow (no more than [`MAX_CONSTANT_NODES`] nodes: so many levels,
/// a few elements each), bar the bytes of a long string.
#[derive(Clone, Debug)]
pub(crate) struct Constant {
    value: Value,
    /// The bytes it charged to its budget.
    bytes: u32,
    /// The elements it charged.
    elements: u16,
    /// The deepest level the evaluation reached.
    depth: u8,
}

/// The summary of the report that an evaluation went deeper than
/// [`Limits::max_depth`].
const TOO_DEEP: &str = "Maximum nesting depth exceeded";

/// How many nodes an expression may have for [`Constant::of`] to evaluate
/// it beforehand: a handle to a larger constant (a long list) evaluates it
/// when asked, so that making handles that are never evaluated stays cheap.
const MAX_CONSTANT_NODES: usize = 64;

impl Constant {
    /// The value of `expr` when it is a literal whose evaluation is a copy:
    /// a number, `true`/`false`, `null`, or a string of one literal part.
    pub(crate) fn literal(expr: ExprNode<'_>) -> Option<Constant> {
        let e = expr.ast();
        // The source text is read only for strings.
        let text = || expr.source().text();
        let plain = |value| Constant {
            value,
            depth: 1,
            elements: 0,
            bytes: 0,
        };
        let string = |s: &str| {
            let bytes = u32::try_from(s.len()).ok()?;
            Some(Constant {
                bytes,
                ..plain(Value::string(s))
            })
        };
        match &e.kind {
            ExprKind::Number(n) => Some(plain(Value::Number(n.clone()))),
            ExprKind::Bool(b) => Some(plain(Value::Bool(*b))),
            ExprKind::Null => Some(plain(Value::Null(Type::Dynamic))),
            ExprKind::StringLit => string(e.span.inner().text(text())),
            ExprKind::Template(t) => match &t.parts[..] {
                [] => string(""),
                [TemplatePart::Literal(l)] => string(l.text.as_str(text())),
                _ => None,
            },
            _ => None,
        }
    }

    /// The value of `expr` when it is a constant: a literal, or an
    /// expression of at most [`MAX_CONSTANT_NODES`] nodes that refers to
    /// no variable (not even a `for` expression's own), calls no function
    /// and evaluates without a diagnostic within the default limits, which
    /// is then what it evaluates to in any context. The evaluator itself
    /// computes the value.
    pub(crate) fn of(expr: ExprNode<'_>) -> Option<Constant> {
        if let Some(literal) = Constant::literal(expr) {
            return Some(literal);
        }
        let mut nodes_left = MAX_CONSTANT_NODES;
        if !reads_nothing_else(expr, &mut nodes_left) {
            return None;
        }
        let mut budget = Budget::new(&Limits::DEFAULT);
        let mut ev = Evaluator::new(expr.source(), None, &mut budget);
        let value = ev.eval(expr.ast());
        if !ev.diags.is_empty() {
            return None;
        }
        let depth = u8::try_from(ev.deepest).ok()?;
        let elements = Limits::DEFAULT.max_elements - budget.elements_left();
        let bytes = Limits::DEFAULT.max_bytes - budget.bytes_left();
        Some(Constant {
            value,
            bytes: u32::try_from(bytes).ok()?,
            elements: u16::try_from(elements).ok()?,
            depth,
        })
    }

    /// Whether the constant's evaluation by [`evaluate_general`], with a
    /// fresh budget of `limits`, cannot fail: nothing the general path
    /// does depends on the limits until one is exceeded, and then the
    /// general path decides, diagnostics included.
    #[inline]
    fn fits(&self, limits: &Limits) -> bool {
        usize::from(self.depth) <= limits.max_depth
            && usize::from(self.elements) <= limits.max_elements
            && self.bytes as usize <= limits.max_bytes
    }
}

impl From<Constant> for Value {
    #[inline]
    fn from(c: Constant) -> Value {
        c.value
    }
}

impl From<&Constant> for Value {
    #[inline]
    fn from(c: &Constant) -> Value {
        c.value.clone()
    }
}

/// Whether `expr` and its sub-expressions, `nodes_left` of them at most,
/// refer to no variable and call no function: what an evaluation reads of
/// its context besides the limits.
fn reads_nothing_else(expr: ExprNode<'_>, nodes_left: &mut usize) -> bool {
    if *nodes_left == 0 {
        return false;
    }
    *nodes_left -= 1;
    if matches!(
        expr.ast().kind,
        ExprKind::Variable
            | ExprKind::AttrPath
            | ExprKind::ScopeTraversal(_)
            | ExprKind::Call(_)
            | ExprKind::Invalid
    ) {
        return false;
    }
    let mut constant = true;
    expr.for_each_child(|child| constant = constant && reads_nothing_else(child, nodes_left));
    constant
}

/// Evaluates `expr`, an expression of `source`, as part of a larger
/// evaluation: drawing on its `budget`, `depth` levels deep already (the
/// arguments of `try` and `can`, the templates of a JSON-syntax value).
pub(crate) fn evaluate_in(
    expr: &Expr,
    source: &SourceFile,
    ctx: Option<&EvalContext>,
    budget: &mut Budget,
    depth: usize,
) -> (Value, Diagnostics) {
    let mut ev = Evaluator::new(source, ctx, budget);
    ev.depth = depth;
    let value = ev.eval(expr);
    (value, ev.diags)
}

/// The state of one evaluation: the source, the context, the budget, the
/// local scopes of `for` expressions and splats, and the diagnostics so far.
pub(crate) struct Evaluator<'a> {
    source: &'a SourceFile,
    text: &'a str,
    ctx: Option<&'a EvalContext>,
    /// What is left of the evaluation's budget, with its limits (borrowed:
    /// the evaluation may be part of a larger one).
    budget: &'a mut Budget,
    diags: Diagnostics,
    depth: usize,
    /// The deepest `depth` reached (what a [`Constant`] needs of the
    /// limits).
    deepest: usize,
    depth_reported: bool,
    /// `for` expression variables, innermost last; they shadow the context.
    locals: Vec<(&'a str, Value)>,
    /// The current element of each enclosing splat, innermost last.
    anon: Vec<Value>,
    /// The expression being evaluated (the innermost): what a diagnostic
    /// is about unless it says otherwise.
    current: Option<&'a Expr>,
}

impl<'a> Evaluator<'a> {
    fn new(
        source: &'a SourceFile,
        ctx: Option<&'a EvalContext>,
        budget: &'a mut Budget,
    ) -> Evaluator<'a> {
        Evaluator {
            source,
            text: source.text(),
            ctx,
            diags: Diagnostics::with_limit(budget.limits().max_diagnostics),
            budget,
            depth: 0,
            deepest: 0,
            depth_reported: false,
            locals: Vec::new(),
            anon: Vec::new(),
            current: None,
        }
    }

    /// Evaluates one expression, one level deeper.
    pub(crate) fn eval(&mut self, e: &'a Expr) -> Value {
        if self.depth >= self.budget.limits().max_depth {
            self.too_deep(e.span);
            return Value::dynamic();
        }
        self.depth += 1;
        self.deepest = self.deepest.max(self.depth);
        let outer = self.current.replace(e);
        let v = self.eval_kind(e);
        self.current = outer;
        self.depth -= 1;
        v
    }

    /// Evaluates `e` with its diagnostics kept apart.
    pub(crate) fn eval_apart(&mut self, e: &'a Expr) -> (Value, Diagnostics) {
        let saved = std::mem::take(&mut self.diags);
        let v = self.eval(e);
        (v, std::mem::replace(&mut self.diags, saved))
    }

    /// Drops the diagnostics of a part evaluated apart that the reference
    /// does not report (a conditional's other arm, the operand a
    /// short-circuit skips), all but a report of the depth limit: it is
    /// made once an evaluation, and a result cut short by the limit is
    /// always reported (else 128 nested conditionals came out unknown
    /// without a word).
    pub(crate) fn drop_apart(&mut self, diags: Diagnostics) {
        if !self.depth_reported {
            return;
        }
        if let Some(d) = diags.into_iter().find(|d| d.summary == TOO_DEEP) {
            self.diags.push(d);
        }
    }

    fn eval_kind(&mut self, e: &'a Expr) -> Value {
        match &e.kind {
            ExprKind::Number(n) => Value::Number(n.clone()),
            ExprKind::Bool(b) => Value::Bool(*b),
            ExprKind::Null => Value::Null(Type::Dynamic),
            ExprKind::StringLit => {
                let text = e.span.inner().text(self.text);
                if !self.charge_bytes(text.len(), e.span) {
                    return Value::dynamic();
                }
                Value::string(text)
            }
            ExprKind::Template(t) => self.eval_template(t, e.span),
            ExprKind::TemplateWrap(inner) | ExprKind::Parens(inner) => self.eval(inner),
            ExprKind::Variable | ExprKind::AttrPath | ExprKind::ScopeTraversal(_) => {
                self.eval_scope_traversal(e)
            }
            ExprKind::RelativeTraversal(t) => {
                let source = self.eval(&t.source);
                self.apply_steps(source, &t.steps, e.span)
            }
            ExprKind::Index(ix) => self.eval_index(ix, e.span),
            ExprKind::Call(c) => self.eval_call(c, e.span),
            ExprKind::Tuple(t) => {
                if !self.charge_elements(t.items.len(), e.span) {
                    return Value::dynamic();
                }
                // Collected straight into the tuple's shared slice.
                Value::tuple(t.items.iter().map(|i| self.eval(i)))
            }
            ExprKind::Object(o) => {
                if !self.charge_elements(o.items.len().saturating_add(MAP_NODE), e.span) {
                    return Value::dynamic();
                }
                self.eval_object(&o.items)
            }
            ExprKind::For(f) => self.eval_for(f, e.span),
            ExprKind::Splat(s) => self.eval_splat(s, e.span),
            ExprKind::AnonSymbol => self.anon.last().cloned().unwrap_or_else(Value::dynamic),
            ExprKind::Unary(u) => self.eval_unary(u, e.span),
            ExprKind::Binary(b) => self.eval_binary(b, e.span),
            ExprKind::Conditional(c) => self.eval_conditional(c, e.span),
            ExprKind::Invalid => Value::dynamic(),
        }
    }

    /// `{ k = v, ... }`: keys are converted to strings; a later duplicate
    /// key replaces an earlier one, as in the reference. Each key becomes
    /// a [`Str`] once: a literal name straight from the source, a computed
    /// key as its conversion made it.
    fn eval_object(&mut self, items: &'a [ObjectItem]) -> Value {
        let mut attrs: Vec<(Str, Value)> = Vec::with_capacity(items.len());
        let mut known = true;
        for item in items {
            if let Some(name) = item.key.as_literal_name(self.text) {
                let value = self.eval(&item.value);
                attrs.push((Str::new(name), value));
                continue;
            }
            if !item.key.force_non_literal(self.text) && is_dotted_path(&item.key.expr) {
                // About no expression (the reference names none): the
                // key is a name, not a reference.
                self.report(
                    None,
                    None,
                    "Ambiguous attribute key",
                    "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.".into(),
                    item.key.expr.span,
                    None,
                );
                known = false;
                self.eval(&item.value);
                continue;
            }
            let (key, key_diags) = self.eval_apart(&item.key.expr);
            let key_failed = key_diags.has_errors();
            self.diags.extend(key_diags);
            let value = self.eval(&item.value);
            if key_failed {
                known = false;
                continue;
            }
            if key.is_null() {
                self.error_about(
                    &item.key.expr,
                    "Null value as key",
                    "Can't use a null value as a key.",
                    item.value.span,
                    None,
                );
                known = false;
                continue;
            }
            match convert(&key, &Type::String) {
                Err(err) => {
                    let detail = format!("Can't use this value as a key: {err}.");
                    let span = item.key.expr.span;
                    self.error_about(&item.key.expr, "Incorrect key type", detail, span, None);
                    known = false;
                }
                // The key's text is charged though the object shares it: the
                // object's type copies it (`ObjectType` owns its names),
                // and a loop can build many objects from one long key.
                Ok(Value::String(s)) if self.charge_bytes(s.len(), item.key.expr.span) => {
                    attrs.push((s, value))
                }
                Ok(_) => known = false,
            }
        }
        if !known {
            return Value::dynamic();
        }
        Value::Object(Object::from_strs(attrs))
    }

    // --- variables -------------------------------------------------------

    /// The value of the root variable `name`, or a diagnostic.
    pub(crate) fn lookup_variable(&mut self, name: &'a str, span: ByteSpan) -> Option<Value> {
        if let Some((_, v)) = self.locals.iter().rev().find(|(n, _)| *n == name) {
            return Some(v.clone());
        }
        if let Some(v) = self.ctx.and_then(|c| c.variable(name)) {
            return Some(v.clone());
        }
        let has_any = !self.locals.is_empty() || self.ctx.is_some_and(EvalContext::has_variables);
        if !has_any {
            self.error(
                "Variables not allowed",
                "Variables may not be used here.",
                span,
                None,
            );
            return None;
        }
        let names = self
            .locals
            .iter()
            .map(|(n, _)| *n)
            .chain(self.ctx.into_iter().flat_map(|c| c.variable_names()));
        let suggestion = match crate::suggest::closest(name, names) {
            Some(s) => format!(" Did you mean {s}?", s = quoted(s)),
            None => String::new(),
        };
        self.error(
            "Unknown variable",
            format!(
                "There is no variable named {name}.{suggestion}",
                name = quoted(name)
            ),
            span,
            None,
        );
        None
    }

    // --- diagnostics -----------------------------------------------------

    /// The range of a span of this source.
    pub(crate) fn range(&self, span: ByteSpan) -> Range {
        self.source.range(span)
    }

    /// Reports an error at `subject`, within `context`, about the
    /// expression being evaluated.
    #[cold]
    pub(crate) fn error(
        &mut self,
        summary: &str,
        detail: impl Into<String>,
        subject: ByteSpan,
        context: Option<ByteSpan>,
    ) {
        let about = self.current;
        self.report(about, None, summary, detail.into(), subject, context);
    }

    /// Reports an error about `about`, a part of the expression being
    /// evaluated (an operand, an argument, a condition): the diagnostic
    /// shows the values of the variables that part refers to.
    #[cold]
    pub(crate) fn error_about(
        &mut self,
        about: &Expr,
        summary: &str,
        detail: impl Into<String>,
        subject: ByteSpan,
        context: Option<ByteSpan>,
    ) {
        self.report(Some(about), None, summary, detail.into(), subject, context);
    }

    /// Reports an error, with the values of the variables `about` refers
    /// to (as they are in this scope: the `for` variables in force, then
    /// the context) and the signature of the function being `called`:
    /// what the reference keeps on a diagnostic as its expression and
    /// evaluation context.
    #[cold]
    pub(crate) fn report(
        &mut self,
        about: Option<&Expr>,
        called: Option<String>,
        summary: &str,
        detail: String,
        subject: ByteSpan,
        context: Option<ByteSpan>,
    ) {
        let mut d = Diagnostic::error(summary, detail).with_subject(self.range(subject));
        if let Some(c) = context {
            d = d.with_context(self.range(c));
        }
        if let Some(involved) = self.involved(about, called) {
            d = d.with_involved(involved);
        }
        self.diags.push(d);
    }

    fn involved(&self, about: Option<&Expr>, called: Option<String>) -> Option<Arc<Involved>> {
        // Without a scope (literal-only mode) nothing is looked up.
        if self.ctx.is_none() && self.locals.is_empty() {
            return None;
        }
        let mut values = Collector::default();
        if let Some(about) = about {
            ExprNode::new(self.source, about).each_variable_within(MAX_INVOLVED_NODES, &mut |r| {
                if let Some((text, value)) = self.reference_value(r.ast()) {
                    values.add(text, &value);
                }
            });
        }
        values.finish(called)
    }

    /// A variable reference as the reference writes it, with its value, if
    /// it has one (looking it up reports nothing).
    fn reference_value(&self, r: &Expr) -> Option<(String, Value)> {
        let t = r.as_traversal(self.text)?;
        let root = t.root.text(self.text);
        let mut value = match self.locals.iter().rev().find(|(n, _)| *n == root) {
            Some((_, v)) => v.clone(),
            None => self.ctx?.variable(root)?.clone(),
        };
        let mut text = root.to_owned();
        for step in &t.steps {
            value = match &step.kind {
                TraverserKind::Attr { name } => {
                    let name = name.text(self.text);
                    text.push('.');
                    text.push_str(name);
                    get_attr(&value, name).ok()?
                }
                TraverserKind::Splat => return None,
                index_step => {
                    let (key, _) = index_step.index_key(self.text)?;
                    let key = access::key_value(key);
                    push_index(&mut text, &key);
                    index(&value, &key).ok()?
                }
            };
        }
        Some((text, value))
    }

    #[cold]
    fn too_deep(&mut self, span: ByteSpan) {
        if self.depth_reported {
            return;
        }
        self.depth_reported = true;
        let detail = format!(
            "This expression is nested more than {} levels deep, the limit of evaluation (Limits::max_depth).",
            self.budget.limits().max_depth
        );
        self.error(TOO_DEEP, detail, span, None);
    }

    /// Charges `n` elements to the budget; `false` (reported at `span`,
    /// once per evaluation) when they do not fit.
    #[inline]
    pub(crate) fn charge_elements(&mut self, n: usize, span: ByteSpan) -> bool {
        match self.budget.charge_elements(n) {
            Ok(()) => true,
            Err(e) => {
                self.over_budget(e, "This expression", span);
                false
            }
        }
    }

    /// Charges `n` bytes of strings to the budget, as
    /// [`charge_elements`](Self::charge_elements) charges elements.
    #[inline]
    pub(crate) fn charge_bytes(&mut self, n: usize, span: ByteSpan) -> bool {
        match self.budget.charge_bytes(n) {
            Ok(()) => true,
            Err(e) => {
                self.over_budget(e, "This expression", span);
                false
            }
        }
    }

    /// Converts `value` to `ty`, charging what the conversion builds (a
    /// tuple rebuilt as a `list(string)` parameter wants it, with its
    /// numbers written out) to the budget. `None` when that exceeds the
    /// budget (reported at `span`, as [`charge_elements`] reports).
    ///
    /// [`charge_elements`]: Self::charge_elements
    pub(crate) fn convert_charged(
        &mut self,
        value: &Value,
        ty: &Type,
        span: ByteSpan,
    ) -> Option<Result<Value, ConversionError>> {
        match convert_within(value, ty, self.budget) {
            Ok(v) => Some(Ok(v)),
            Err(ConvertFailure::Convert(e)) => Some(Err(e)),
            Err(ConvertFailure::Limit(e)) => {
                self.over_budget(e, "This expression", span);
                None
            }
        }
    }

    /// Reports an exceeded budget at `subject` ("Evaluation limit
    /// exceeded"), unless this evaluation already did: once the budget is
    /// spent every construct fails, and one diagnostic says why.
    #[cold]
    pub(crate) fn over_budget(&mut self, e: LimitExceeded, what: &str, subject: ByteSpan) {
        if self.budget.take_report() {
            self.error(EXCEEDED_SUMMARY, e.detail(what), subject, None);
        }
    }
}

/// How many nodes of the expression at fault a diagnostic looks through
/// for the variables it refers to: errors can come once per element of a
/// loop, so each one's work is bounded whatever the expression's size.
const MAX_INVOLVED_NODES: usize = 4096;

/// Whether an object key is `a.b` written without parentheses or quotes.
fn is_dotted_path(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::AttrPath | ExprKind::ScopeTraversal(_))
}

#[cfg(test)]
mod test;
