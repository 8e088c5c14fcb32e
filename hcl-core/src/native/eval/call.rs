//! Function calls: the information model's call procedure with the
//! reference's diagnostics, `...` expansion of the final argument, and
//! lazily evaluated arguments for parameters of
//! [`expression_closure_type`](crate::function::closure::expression_closure_type)
//! (which is how `try` and `can` work).

use std::sync::Arc;

use super::{evaluate_in, Evaluator};
use crate::diag::quoted;
use crate::eval::EvalContext;
use crate::function::argument::{argument_kind, expression_value, type_value, ArgumentKind};
use crate::function::closure::ExpressionClosure;
use crate::function::{CallError, Function};
use crate::involved::signature;
use crate::native::ast::{ByteSpan, Call, Expr, ExprKind};
use crate::value::Value;

/// One argument after `...` expansion.
enum Arg<'a> {
    /// An argument expression.
    Expr(&'a Expr),
    /// An element of the expanded final argument, and where that is.
    Value(Value, &'a Expr),
}

impl<'a> Arg<'a> {
    fn expr(&self) -> &'a Expr {
        match self {
            Arg::Expr(e) | Arg::Value(_, e) => e,
        }
    }
}

/// Where an expression starts, as the reference's `StartRange`: the first
/// operand of an operator, the name of a call, the opening bracket of a
/// collection.
pub(crate) fn start_span(e: &Expr) -> ByteSpan {
    let mut e = e;
    // Bounded by the tree's depth; no recursion.
    loop {
        e = match &e.kind {
            ExprKind::Binary(b) => &b.lhs,
            ExprKind::Conditional(c) => &c.cond,
            ExprKind::Index(i) => &i.collection,
            ExprKind::RelativeTraversal(t) => &t.source,
            // The reference's parentheses take their start range from what
            // they enclose (its `ParenthesesExpr` embeds the expression).
            ExprKind::Parens(inner) => inner,
            // The name and the opening parenthesis, as the reference's
            // start range of a call.
            ExprKind::Call(c) => return c.name_span().to(c.open_paren()),
            ExprKind::Splat(s) => return s.marker,
            ExprKind::Tuple(_) | ExprKind::Object(_) | ExprKind::For(_) => {
                return ByteSpan::new(e.span.start, e.span.start.saturating_add(1).min(e.span.end))
            }
            _ => return e.span,
        };
    }
}

impl<'a> Evaluator<'a> {
    /// `name(args...)`.
    pub(super) fn eval_call(&mut self, c: &'a Call, whole: ByteSpan) -> Value {
        let name = c.full_name(self.text);
        let Some(func) = self.ctx.and_then(|ctx| ctx.function(&name)).cloned() else {
            self.unknown_function(c, &name, whole);
            return Value::dynamic();
        };
        let Some(args) = self.expand_args(c, whole) else {
            return Value::dynamic();
        };
        let params = func.params();
        let variadic = func.variadic_param();
        if args.len() < params.len() {
            let qual = if variadic.is_some() { " at least" } else { "" };
            let missing = params.get(args.len()).map_or("", |p| p.name.as_str());
            let detail = format!(
                "Function {name} expects{qual} {} argument(s). Missing value for {missing}.",
                params.len(),
                name = quoted(&name),
                missing = quoted(missing)
            );
            let (about, called) = (self.current, Some(signature(&name, &func)));
            let summary = "Not enough function arguments";
            self.report(about, called, summary, detail, c.close_paren, Some(whole));
            return Value::dynamic();
        }
        if variadic.is_none() && args.len() > params.len() {
            let detail = format!(
                "Function {name} expects only {} argument(s).",
                params.len(),
                name = quoted(&name)
            );
            let at = args
                .get(params.len())
                .map_or(c.close_paren, |a| start_span(a.expr()));
            let (about, called) = (self.current, Some(signature(&name, &func)));
            let summary = "Too many function arguments";
            self.report(about, called, summary, detail, at, Some(whole));
            return Value::dynamic();
        }
        let errors_before = self.diags.error_count();
        let mut values = Vec::with_capacity(args.len());
        for (i, arg) in args.iter().enumerate() {
            let Some(param) = func.param_for(i) else {
                continue;
            };
            match argument_kind(&param.ty) {
                ArgumentKind::Value => {}
                ArgumentKind::Closure => {
                    let closure = match arg {
                        Arg::Expr(e) => self.closure(e),
                        Arg::Value(v, _) => ExpressionClosure::constant(v.clone()),
                    };
                    values.push(closure.into_value());
                    continue;
                }
                ArgumentKind::Expression => {
                    values.push(expression_value(self.syntax(arg)));
                    continue;
                }
                ArgumentKind::TypeConstraint => {
                    let (ty, diags) =
                        crate::typeexpr::type_constraint(&self.syntax(arg), self.budget.limits());
                    self.diags.extend(diags);
                    values.push(type_value(ty));
                    continue;
                }
            }
            let given = match arg {
                Arg::Expr(e) => self.eval(e),
                Arg::Value(v, _) => v.clone(),
            };
            match self.convert_charged(&given, &param.ty, arg.expr().span) {
                None => values.push(Value::dynamic()),
                Some(Ok(v)) => values.push(v),
                Some(Err(err)) => {
                    let detail = format!(
                        "Invalid value for {} parameter: {err}.",
                        quoted(&param.name)
                    );
                    let (about, called) = (Some(arg.expr()), Some(signature(&name, &func)));
                    let (summary, at) = ("Invalid function argument", start_span(arg.expr()));
                    self.report(about, called, summary, detail, at, Some(whole));
                    values.push(Value::dynamic());
                }
            }
        }
        // (Past the budget a call is not made: it would compute a result
        // before charging it, and the evaluation is winding down.)
        if self.diags.error_count() != errors_before
            || !self.charge_read(&values, whole)
            || self.budget.is_exceeded()
        {
            return Value::dynamic();
        }
        match func.call_with_budget(&values, self.budget) {
            Ok(v) => v,
            Err(err) => {
                self.call_failed(&func, &name, &args, err, c, whole);
                Value::dynamic()
            }
        }
    }

    #[cold]
    fn call_failed(
        &mut self,
        func: &Function,
        name: &str,
        args: &[Arg<'a>],
        err: CallError,
        c: &'a Call,
        whole: ByteSpan,
    ) {
        // Each is about the call (an argument, where one is named), and
        // shows the function's signature.
        let called = Some(signature(name, func));
        let call = self.current;
        match err {
            CallError::Limit(e) => {
                let what = format!("The call to function {name}", name = quoted(name));
                self.over_budget(e, &what, whole);
            }
            CallError::Argument {
                index,
                param,
                message,
            } => {
                let detail = format!(
                    "Invalid value for {param} parameter: {message}.",
                    param = quoted(&param)
                );
                let summary = "Invalid function argument";
                match args.get(index) {
                    Some(arg) => {
                        let at = start_span(arg.expr());
                        self.report(Some(arg.expr()), called, summary, detail, at, Some(whole))
                    }
                    None if func.param_for(index).is_some() => {
                        self.report(call, called, summary, detail, whole, None)
                    }
                    None => {
                        let detail = format!(
                            "Call to function {name} failed: {message}.",
                            name = quoted(name)
                        );
                        let summary = "Error in function call";
                        self.report(
                            call,
                            called,
                            summary,
                            detail,
                            c.name_span().to(c.open_paren()),
                            Some(whole),
                        )
                    }
                }
            }
            other => {
                let detail = format!(
                    "Call to function {name} failed: {other}.",
                    name = quoted(name)
                );
                let summary = "Error in function call";
                self.report(
                    call,
                    called,
                    summary,
                    detail,
                    c.name_span().to(c.open_paren()),
                    Some(whole),
                );
            }
        }
    }

    /// The arguments with a final `...` argument expanded into its
    /// elements; `None` (reported, if an error) when the call cannot go on.
    fn expand_args(&mut self, c: &'a Call, whole: ByteSpan) -> Option<Vec<Arg<'a>>> {
        let (last, init) = match (c.expand_final, c.args.split_last()) {
            (true, Some(split)) => split,
            _ => return Some(c.args.iter().map(Arg::Expr).collect()),
        };
        let (value, diags) = self.eval_apart(last);
        let failed = diags.has_errors();
        self.diags.extend(diags);
        if failed {
            return None;
        }
        let ty = value.ty();
        if !(ty.is_dynamic() || ty.is_tuple() || ty.is_list() || ty.is_set()) {
            self.error_about(
                last,
                "Invalid expanding argument value",
                "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
                last.span,
                Some(whole),
            );
            return None;
        }
        if value.is_null() {
            self.error_about(
                last,
                "Invalid expanding argument value",
                "The expanding argument (indicated by ...) must not be null.",
                last.span,
                Some(whole),
            );
            return None;
        }
        let elements = value.as_elements()?;
        let mut args: Vec<Arg<'a>> = init.iter().map(Arg::Expr).collect();
        args.extend(elements.iter().map(|v| Arg::Value(v.clone(), last)));
        Some(args)
    }

    #[cold]
    fn unknown_function(&mut self, c: &'a Call, name: &str, whole: ByteSpan) {
        let Some(ctx) = self.ctx.filter(|ctx| ctx.has_functions()) else {
            self.error(
                "Function calls not allowed",
                "Functions may not be called here.",
                whole,
                None,
            );
            return;
        };
        let detail = match name.rfind("::") {
            Some(sep) => {
                let (namespace, short) = (&name[..sep + 2], &name[sep + 2..]);
                let avail: Vec<&str> = ctx
                    .function_names()
                    .filter(|n| n.starts_with(namespace))
                    .collect();
                if avail.is_empty() {
                    format!(
                        "There are no functions in namespace {namespace}.",
                        namespace = quoted(namespace)
                    )
                } else {
                    let shorts = avail.iter().map(|n| &n[namespace.len()..]);
                    let suggestion = match crate::suggest::closest(short, shorts) {
                        Some(s) => format!(" Did you mean {namespace}{s}?"),
                        None => String::new(),
                    };
                    format!(
                        "There is no function named {short} in namespace {namespace}.{suggestion}",
                        short = quoted(short)
                    )
                }
            }
            None => {
                let suggestion = match crate::suggest::closest(name, ctx.function_names()) {
                    Some(s) => format!(" Did you mean {s}?", s = quoted(s)),
                    None => String::new(),
                };
                format!(
                    "There is no function named {name}.{suggestion}",
                    name = quoted(name)
                )
            }
        };
        self.error(
            "Call to unknown function",
            detail,
            c.name_span(),
            Some(whole),
        );
    }

    /// The syntax of an argument, as an [`Expression`](crate::Expression) of this source (an
    /// argument expanded from a `...` tuple is its value, as a static
    /// expression at the expanded argument).
    fn syntax(&self, arg: &Arg<'a>) -> crate::Expression {
        match arg {
            Arg::Expr(e) => {
                crate::Expression::native(crate::native::expression::NativeExpression::new(
                    self.source.clone(),
                    Arc::new((*e).clone()),
                ))
            }
            Arg::Value(v, _) => {
                crate::static_analysis::static_expr(v.clone(), self.range(arg.expr().span))
            }
        }
    }

    /// An owned closure over `arg` in the current scope (the context and
    /// the `for` variables in force).
    fn closure(&self, arg: &Expr) -> ExpressionClosure {
        let expr = Arc::new(arg.clone());
        let source = self.source.clone();
        // The closure's evaluation continues this one's depth (so that
        // nested `try` calls are bounded too) and draws on the budget of
        // the call that runs it.
        let depth = self.depth;
        let ctx: Option<Arc<EvalContext>> = match (self.ctx, self.locals.is_empty()) {
            (None, true) => None,
            (Some(ctx), true) => Some(Arc::new(ctx.clone())),
            (ctx, false) => {
                let parent = ctx.cloned().unwrap_or_default();
                let mut child = EvalContext::child_of(Arc::new(parent));
                for (name, value) in &self.locals {
                    child.set_variable(*name, value.clone());
                }
                Some(Arc::new(child))
            }
        };
        ExpressionClosure::new(move |budget| {
            evaluate_in(&expr, &source, ctx.as_deref(), budget, depth)
        })
    }
}
