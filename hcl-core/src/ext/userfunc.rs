//! User-defined functions: blocks that declare functions in a
//! configuration, as hashicorp/hcl's `ext/userfunc` reads them.
//!
//! ```hcl
//! function "greet" {
//!   params         = [name]          # parameter names, as bare identifiers
//!   variadic_param = rest            # optional: the further arguments, as a tuple
//!   result         = "Hello, ${name}."
//! }
//! ```
//!
//! [`decode_user_functions`] takes the blocks of one type out of a body and
//! returns a function for each (by its label), and the rest of the body.
//! Calling one evaluates its `result` in a child of the context `context`
//! gives (asked for once, at the first call, so that it may hold the decoded
//! functions themselves) in which each parameter is a variable. Parameters
//! take values of any type, but not null ones; an unknown argument makes the
//! result unknown. The result type is the result's, so a call is evaluated
//! to type-check it.
//!
//! A function cannot call itself, directly or through others: as in the
//! reference, both results of a conditional are evaluated, so a recursive
//! function would never return (the reference overflows its stack). Such a
//! call fails with an error naming the chain of calls, and so does a chain
//! of calls nested more deeply than [`Limits::max_depth`](crate::Limits).
//!
//! ```
//! use hcl_core::ext::userfunc::decode_user_functions;
//! use hcl_core::native::parse_expression;
//! use hcl_core::{load, EvalContext, SourceFile, Value};
//!
//! let src = "function \"greet\" {\n  params = [name]\n  result = \"Hello, ${name}.\"\n}\nother = 1\n";
//! let (body, _) = load::parse_source("main.hcl", src);
//! let (functions, _remain, diags) = decode_user_functions(&body, "function", || None);
//! assert!(diags.is_empty());
//!
//! let mut ctx = EvalContext::new();
//! ctx.add_functions(&functions);
//! let call = SourceFile::new("e.hcl", "greet(\"Ermintrude\")");
//! let (expr, _) = parse_expression(&call, &Default::default());
//! assert_eq!(expr.value(Some(&ctx)).0, Value::from("Hello, Ermintrude."));
//! ```

use std::cell::RefCell;
use std::sync::{Arc, OnceLock};

use crate::body::{Body, Expression};
use crate::function::{Function, FunctionError, Functions, Param};
use crate::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
use crate::static_analysis::{expr_as_keyword, expr_list};
use crate::{Diagnostic, Diagnostics, EvalContext, Type, Value};

/// The functions declared by the blocks of type `block_type` in `body`
/// (each labelled with its name), the rest of the body, and the problems
/// found. A block with problems declares no function. `context` gives the
/// context the functions' results are evaluated in (`None`: only the
/// parameters are defined); it is called at most once, at the first call.
pub fn decode_user_functions(
    body: &Body,
    block_type: &str,
    context: impl Fn() -> Option<EvalContext> + Send + Sync + 'static,
) -> (Functions, Body, Diagnostics) {
    let schema = BodySchema::new().block(BlockHeaderSchema::new(block_type, ["name"]));
    let (content, remain, mut diags) = body.partial_content(&schema);
    let mut functions = Functions::new();
    if diags.has_errors() {
        return (functions, remain, diags);
    }
    let base = Arc::new(BaseContext {
        make: Box::new(context),
        made: OnceLock::new(),
    });
    let func_schema = BodySchema::new()
        .attribute(AttributeSchema::required("params"))
        .attribute(AttributeSchema::optional("variadic_param"))
        .attribute(AttributeSchema::required("result"));
    for block in content.blocks {
        let Some(name) = block.labels.first() else {
            continue;
        };
        let (func, d) = block.body.content(&func_schema);
        let failed = d.has_errors();
        diags.extend(d);
        if failed {
            continue;
        }
        let (Some(params), Some(result)) =
            (func.attributes.get("params"), func.attributes.get("result"))
        else {
            continue;
        };
        let Some(params) = names(&params.expr, &mut diags) else {
            continue;
        };
        let variadic = match func.attributes.get("variadic_param") {
            Some(attr) => match expr_as_keyword(&attr.expr) {
                Some(n) => Some(n),
                None => {
                    diags.push(
                        Diagnostic::error(
                            "Invalid variadic_param",
                            "The variadic parameter name must be an identifier.",
                        )
                        .with_subject(attr.expr.range()),
                    );
                    continue;
                }
            },
            None => None,
        };
        let declared = Arc::new(Declared {
            name: name.clone(),
            params,
            variadic,
            result: result.expr.clone(),
            base: base.clone(),
        });
        let mut builder = Function::builder();
        for p in &declared.params {
            builder = builder.param(Param::new(p.clone(), Type::Dynamic));
        }
        if let Some(v) = &declared.variadic {
            builder = builder.variadic(Param::new(v.clone(), Type::Dynamic));
        }
        let for_type = declared.clone();
        let function = builder
            .returns_with(move |args| for_type.value_for_type(args).map(|v| v.ty()))
            .implementation(move |args, _| declared.value_for_call(args));
        functions.insert(name.clone(), function);
    }
    (functions, remain, diags)
}

/// The parameter names of `params`, each a bare identifier.
fn names(params: &Expression, diags: &mut Diagnostics) -> Option<Vec<String>> {
    let exprs = match expr_list(params) {
        Ok(e) => e,
        Err(d) => {
            diags.extend(d);
            return None;
        }
    };
    let mut out = Vec::new();
    for e in exprs {
        match expr_as_keyword(&e) {
            Some(n) => out.push(n),
            None => {
                diags.push(
                    Diagnostic::error(
                        "Invalid param element",
                        "Each parameter name must be an identifier.",
                    )
                    .with_subject(e.range()),
                );
                return None;
            }
        }
    }
    Some(out)
}

type MakeContext = dyn Fn() -> Option<EvalContext> + Send + Sync;

/// The application's context, made at the first call.
struct BaseContext {
    make: Box<MakeContext>,
    made: OnceLock<Option<Arc<EvalContext>>>,
}

impl std::fmt::Debug for BaseContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BaseContext")
    }
}

#[derive(Debug)]
struct Declared {
    name: String,
    params: Vec<String>,
    variadic: Option<String>,
    result: Expression,
    base: Arc<BaseContext>,
}

impl Declared {
    /// The result for `args` when the call's result type is asked for
    /// (the result's type): kept for the call that follows, so that each
    /// call evaluates its result once — two evaluations per call would
    /// make a chain of `n` functions calling the next cost `2^n`.
    fn value_for_type(&self, args: &[Value]) -> Result<Value, FunctionError> {
        let value = self.call(args)?;
        LAST_RESULT.with(|last| {
            *last.borrow_mut() = Some((self.id(), args.to_vec(), value.clone()));
        });
        Ok(value)
    }

    /// The result for `args` when the function runs: the one just
    /// computed for its type if it was for the same arguments (a call
    /// asks for the type, then runs), else evaluated.
    fn value_for_call(&self, args: &[Value]) -> Result<Value, FunctionError> {
        let kept = LAST_RESULT.with(|last| {
            let mut last = last.borrow_mut();
            match last.take() {
                Some((id, kept_args, value)) if id == self.id() && kept_args == args => Some(value),
                other => {
                    *last = other;
                    None
                }
            }
        });
        match kept {
            Some(value) => Ok(value),
            None => self.call(args),
        }
    }

    fn id(&self) -> usize {
        self as *const Declared as usize
    }

    /// The result for `args`: the result expression evaluated with the
    /// parameters defined; its errors fail the call.
    fn call(&self, args: &[Value]) -> Result<Value, FunctionError> {
        let base = self
            .base
            .made
            .get_or_init(|| (self.base.make)().map(Arc::new));
        let max_depth = base
            .as_deref()
            .map_or(crate::Limits::DEFAULT.max_depth, |b| b.limits().max_depth);
        let _active = Active::enter(self, max_depth)?;
        let mut ctx = match base {
            Some(base) => EvalContext::child_of(base.clone()),
            None => EvalContext::new(),
        };
        ctx.allow_variables();
        for (name, value) in self.params.iter().zip(args) {
            ctx.set_variable(name.clone(), value.clone());
        }
        if let Some(v) = &self.variadic {
            let rest = args.get(self.params.len()..).unwrap_or_default().to_vec();
            ctx.set_variable(v.clone(), Value::tuple(rest));
        }
        let (value, diags) = self.result.value(Some(&ctx));
        if diags.has_errors() {
            return Err(FunctionError::call(describe(&diags)));
        }
        Ok(value)
    }
}

thread_local! {
    /// The result [`Declared::value_for_type`] computed last on this
    /// thread: the function, its arguments and its value.
    static LAST_RESULT: RefCell<Option<(usize, Vec<Value>, Value)>> = const { RefCell::new(None) };

    /// The user functions being evaluated on this thread, outermost first
    /// (by address; each entry is held by an [`Active`] guard).
    static ACTIVE: RefCell<Vec<(usize, String)>> = const { RefCell::new(Vec::new()) };
}

/// A user function's evaluation in progress on this thread: entering one
/// that is already in progress, or more than `max_depth` of them, fails,
/// so that a recursive function or a long chain of them ends with an error
/// instead of exhausting the stack (and time: every call evaluates its
/// result twice, once for its type).
struct Active;

impl Active {
    fn enter(f: &Declared, max_depth: usize) -> Result<Active, FunctionError> {
        let id = f.id();
        ACTIVE.with(|active| {
            let mut active = active.borrow_mut();
            if let Some(at) = active.iter().position(|(a, _)| *a == id) {
                let chain: Vec<&str> = active[at..].iter().map(|(_, n)| n.as_str()).collect();
                return Err(FunctionError::call(format!(
                    "the function {} calls itself ({} -> {}): user functions cannot be recursive",
                    f.name,
                    chain.join(" -> "),
                    f.name
                )));
            }
            if active.len() >= max_depth {
                return Err(FunctionError::call(format!(
                    "user function calls are nested more than {max_depth} deep (Limits::max_depth)"
                )));
            }
            active.push((id, f.name.clone()));
            Ok(Active)
        })
    }
}

impl Drop for Active {
    fn drop(&mut self) {
        ACTIVE.with(|active| {
            active.borrow_mut().pop();
        });
    }
}

/// Diagnostics as one message, as the reference's error text for them:
/// the first, and how many others there are.
fn describe(diags: &Diagnostics) -> String {
    let one = |d: &Diagnostic| match &d.subject {
        Some(r) => format!("{r}: {}; {}", d.summary, d.detail),
        None => format!("{}; {}", d.summary, d.detail),
    };
    match diags.as_slice() {
        [] => "no diagnostics".into(),
        [d] => one(d),
        [d, rest @ ..] => format!("{}, and {} other diagnostic(s)", one(d), rest.len()),
    }
}

#[cfg(test)]
mod test;
