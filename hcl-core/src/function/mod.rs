//! Functions and the call procedure of the information model ("Functions and
//! Function Calls").
//!
//! A [`Function`] has positional [`Param`]s, an optional variadic parameter, a
//! rule for its result type and an implementation. [`Function::call`] maps
//! arguments to parameters and checks them exactly as the specification
//! orders: arity, then each argument's type against the parameter's type
//! specification, nulls, the dynamic pseudo-type (which forces a dynamic
//! result type) and unknowns (which force an unknown result).
//!
//! An implementation receives the arguments and a [`CallContext`]: the
//! result type computed for the arguments, and the budget of the
//! evaluation that calls it ([`crate::limits`]). A function that builds a
//! string or a collection charges its size to the budget, before it
//! allocates when the size can be known first, so that no expression can
//! make it exhaust memory ("Evaluation limit exceeded").
//!
//! ```
//! use hcl_core::function::{Function, Param};
//! use hcl_core::value::{Type, Value};
//!
//! let upper = Function::builder()
//!     .param(Param::new("str", Type::String))
//!     .returns(Type::String)
//!     .implementation(|args, cx| {
//!         let s = args[0].as_str().unwrap_or_default();
//!         cx.charge_bytes(s.len())?;
//!         Ok(Value::string(s.to_uppercase()))
//!     });
//! assert_eq!(upper.call(&[Value::from("hi")]).unwrap(), Value::from("HI"));
//! assert!(upper.call(&[Value::from(1)]).is_err());
//! assert_eq!(
//!     upper.call(&[Value::unknown(Type::String)]).unwrap(),
//!     Value::unknown(Type::String)
//! );
//! ```

pub mod argument;
pub mod closure;
pub mod stdlib;
mod table;

pub use table::Functions;

use std::fmt;
use std::sync::Arc;

use crate::diag::quoted;
use crate::limits::{Budget, LimitExceeded, Limits};
use crate::value::{ConversionError, ConvertFailure, Type, Value};

/// One parameter of a function: a name for documentation and messages, a
/// type specification, and which special values it accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// The name, used in documentation and error messages.
    pub name: String,
    /// The type specification arguments must match (`Type::Dynamic` accepts
    /// any type).
    pub ty: Type,
    /// Whether a null argument is accepted.
    pub allow_null: bool,
    /// Whether an unknown argument is passed to the implementation (if not,
    /// the call's result is unknown without running it).
    pub allow_unknown: bool,
    /// Whether a value of the dynamic pseudo-type is passed on (if not, the
    /// call's result type is dynamic).
    pub allow_dynamic: bool,
    /// A description for documentation.
    pub description: String,
}

impl Param {
    /// A parameter that accepts neither nulls, unknowns nor dynamic values.
    pub fn new(name: impl Into<String>, ty: Type) -> Param {
        Param {
            name: name.into(),
            ty,
            allow_null: false,
            allow_unknown: false,
            allow_dynamic: false,
            description: String::new(),
        }
    }

    /// Accepts null arguments.
    pub fn allow_null(mut self) -> Param {
        self.allow_null = true;
        self
    }

    /// Passes unknown arguments to the implementation.
    pub fn allow_unknown(mut self) -> Param {
        self.allow_unknown = true;
        self
    }

    /// Passes values of the dynamic pseudo-type to the result-type rule and
    /// the implementation.
    pub fn allow_dynamic(mut self) -> Param {
        self.allow_dynamic = true;
        self
    }

    /// Sets the description.
    pub fn describe(mut self, description: impl Into<String>) -> Param {
        self.description = description.into();
        self
    }
}

/// Why a function call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallError {
    /// Fewer arguments than positional parameters.
    NotEnoughArguments {
        /// How many positional parameters the function has.
        expected: usize,
        /// The first parameter left without an argument.
        missing: String,
    },
    /// More arguments than parameters, and no variadic parameter.
    TooManyArguments {
        /// How many parameters the function has.
        expected: usize,
    },
    /// One argument is unacceptable.
    Argument {
        /// The index of the argument in the call.
        index: usize,
        /// The name of the parameter it maps to.
        param: String,
        /// What is wrong with it.
        message: String,
    },
    /// The call failed as a whole.
    Call(String),
    /// The call would have taken the evaluation past its budget
    /// ([`crate::limits`]).
    Limit(LimitExceeded),
}

impl CallError {
    /// The index of the argument at fault, if the error is about one.
    pub fn argument_index(&self) -> Option<usize> {
        match self {
            CallError::Argument { index, .. } => Some(*index),
            _ => None,
        }
    }
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CallError::NotEnoughArguments { expected, missing } => write!(
                f,
                "the function expects {expected} argument(s); missing value for {missing}",
                missing = quoted(missing)
            ),
            CallError::TooManyArguments { expected } => {
                write!(f, "the function expects only {expected} argument(s)")
            }
            CallError::Argument { param, message, .. } => {
                write!(
                    f,
                    "invalid value for {param} parameter: {message}",
                    param = quoted(param)
                )
            }
            CallError::Call(message) => f.write_str(message),
            CallError::Limit(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CallError {}

/// What an implementation or result-type rule reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FunctionError {
    /// The argument at this index is unacceptable.
    Argument {
        /// The index of the argument in the call.
        index: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The call failed as a whole.
    Call(String),
    /// A charge did not fit in the evaluation's budget (what `?` makes of
    /// a failed [`CallContext::charge_elements`] or
    /// [`CallContext::charge_bytes`]).
    Limit(LimitExceeded),
}

impl From<LimitExceeded> for FunctionError {
    fn from(e: LimitExceeded) -> FunctionError {
        FunctionError::Limit(e)
    }
}

impl FunctionError {
    /// An error about the argument at `index`.
    pub fn argument(index: usize, message: impl Into<String>) -> FunctionError {
        FunctionError::Argument {
            index,
            message: message.into(),
        }
    }

    /// An error about the call as a whole.
    pub fn call(message: impl Into<String>) -> FunctionError {
        FunctionError::Call(message.into())
    }
}

type ReturnTypeFn = dyn Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync;
type ImplFn = dyn Fn(&[Value], &mut CallContext<'_>) -> Result<Value, FunctionError> + Send + Sync;

/// What an implementation receives besides its arguments: the result type
/// computed for them, and the budget of the evaluation that calls it.
///
/// ```
/// use hcl_core::function::{Function, Param};
/// use hcl_core::limits::{Budget, Limits};
/// use hcl_core::value::{Type, Value};
///
/// // `repeat(s, n)`: `s` written `n` times, charged before it is built.
/// let repeat = Function::builder()
///     .param(Param::new("s", Type::String))
///     .param(Param::new("n", Type::Number))
///     .returns(Type::String)
///     .implementation(|args, cx| {
///         let s = args[0].as_str().unwrap_or_default();
///         let n = args[1].as_number().and_then(|n| n.to_i64()).unwrap_or(0).max(0) as usize;
///         cx.charge_bytes(s.len().saturating_mul(n))?;
///         Ok(Value::string(s.repeat(n)))
///     });
/// let args = [Value::from("ab"), Value::from(3)];
/// assert_eq!(repeat.call(&args).unwrap(), Value::from("ababab"));
/// let mut small = Budget::new(&Limits::default().with_max_bytes(5));
/// let err = repeat.call_with_budget(&args, &mut small).unwrap_err();
/// assert_eq!(err.to_string(), "the evaluation would build more than 5 bytes of strings (Limits::max_bytes)");
/// ```
pub struct CallContext<'a> {
    return_type: &'a Type,
    budget: &'a mut Budget,
}

impl<'a> CallContext<'a> {
    /// The result type computed for the arguments; the implementation must
    /// return a value of this type. (It outlives the borrow of the context,
    /// so that an implementation can charge the budget while it holds it.)
    pub fn return_type(&self) -> &'a Type {
        self.return_type
    }

    /// The limits of the evaluation (a function that walks nested input
    /// reads [`Limits::max_depth`] here).
    pub fn limits(&self) -> &Limits {
        self.budget.limits()
    }

    /// The evaluation's budget, for a function that evaluates expressions
    /// itself ([`closure::ExpressionClosure::value`]).
    pub fn budget(&mut self) -> &mut Budget {
        self.budget
    }

    /// Charges `n` elements of the value being built to the budget.
    #[inline]
    pub fn charge_elements(&mut self, n: usize) -> Result<(), FunctionError> {
        Ok(self.budget.charge_elements(n)?)
    }

    /// Charges a map or object of `entries` entries being built to the
    /// budget ([`Budget::charge_map`]).
    #[inline]
    pub fn charge_map(&mut self, entries: usize) -> Result<(), FunctionError> {
        Ok(self.budget.charge_map(entries)?)
    }

    /// Charges `n` bytes of strings being built to the budget.
    #[inline]
    pub fn charge_bytes(&mut self, n: usize) -> Result<(), FunctionError> {
        Ok(self.budget.charge_bytes(n)?)
    }

    /// Converts `value` to `ty`, charging what the conversion builds (its
    /// rebuilt collections, its numbers written as strings) to the budget.
    /// The outer error is the exceeded budget, to pass on with `?`; the
    /// inner one says why the value does not convert.
    ///
    /// ```
    /// use hcl_core::function::{Function, Param};
    /// use hcl_core::limits::{Budget, Limits};
    /// use hcl_core::value::{Type, Value};
    ///
    /// let f = Function::builder()
    ///     .param(Param::new("v", Type::Dynamic))
    ///     .returns(Type::list(Type::String))
    ///     .implementation(|args, cx| {
    ///         let want = Type::list(Type::String);
    ///         Ok(cx.convert(&args[0], &want)?.unwrap_or(Value::null(want)))
    ///     });
    /// let big = Value::tuple([Value::from(123456), Value::from(7)]);
    /// let mut small = Budget::new(&Limits::default().with_max_bytes(6));
    /// assert!(f.call_with_budget(&[big.clone()], &mut small).is_err());
    /// let mut enough = Budget::new(&Limits::default().with_max_bytes(7));
    /// assert!(f.call_with_budget(&[big], &mut enough).is_ok());
    /// ```
    pub fn convert(
        &mut self,
        value: &Value,
        ty: &Type,
    ) -> Result<Result<Value, ConversionError>, FunctionError> {
        match crate::value::convert_within(value, ty, self.budget) {
            Ok(v) => Ok(Ok(v)),
            Err(ConvertFailure::Convert(e)) => Ok(Err(e)),
            Err(ConvertFailure::Limit(e)) => Err(e.into()),
        }
    }

    /// The string value of `s`, charged to the budget (for results no
    /// larger than the inputs, which are safe to build before charging).
    pub fn string(&mut self, s: String) -> Result<Value, FunctionError> {
        self.charge_bytes(s.len())?;
        Ok(Value::string(s))
    }
}

/// A function callable from expressions. Cheap to clone; `Send + Sync`.
#[derive(Clone)]
pub struct Function(Arc<FunctionInner>);

struct FunctionInner {
    description: String,
    params: Vec<Param>,
    variadic: Option<Param>,
    return_type: Arc<ReturnTypeFn>,
    implementation: Arc<ImplFn>,
}

impl fmt::Debug for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Function")
            .field("params", &self.0.params)
            .field("variadic", &self.0.variadic)
            .finish_non_exhaustive()
    }
}

/// Builds a [`Function`]; see [`Function::builder`].
pub struct FunctionBuilder {
    description: String,
    params: Vec<Param>,
    variadic: Option<Param>,
    return_type: Arc<ReturnTypeFn>,
}

impl FunctionBuilder {
    /// Adds the next positional parameter.
    pub fn param(mut self, param: Param) -> FunctionBuilder {
        self.params.push(param);
        self
    }

    /// Sets the variadic parameter, which collects the remaining arguments.
    pub fn variadic(mut self, param: Param) -> FunctionBuilder {
        self.variadic = Some(param);
        self
    }

    /// Sets the description.
    pub fn describe(mut self, description: impl Into<String>) -> FunctionBuilder {
        self.description = description.into();
        self
    }

    /// The result type is always `ty`.
    pub fn returns(self, ty: Type) -> FunctionBuilder {
        self.returns_with(move |_| Ok(ty.clone()))
    }

    /// The result type is computed from the arguments (which may be unknown;
    /// arguments of parameters that do not allow dynamic values are never of
    /// the dynamic pseudo-type here).
    pub fn returns_with(
        mut self,
        rule: impl Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync + 'static,
    ) -> FunctionBuilder {
        self.return_type = Arc::new(rule);
        self
    }

    /// Finishes the function with its implementation, which receives the
    /// arguments and a [`CallContext`] (the result type computed for them,
    /// and the evaluation's budget), and must return a value of that type.
    pub fn implementation(
        self,
        implementation: impl Fn(&[Value], &mut CallContext<'_>) -> Result<Value, FunctionError>
            + Send
            + Sync
            + 'static,
    ) -> Function {
        Function(Arc::new(FunctionInner {
            description: self.description,
            params: self.params,
            variadic: self.variadic,
            return_type: self.return_type,
            implementation: Arc::new(implementation),
        }))
    }
}

impl Function {
    /// Starts a function with no parameters whose result type is dynamic.
    pub fn builder() -> FunctionBuilder {
        FunctionBuilder {
            description: String::new(),
            params: Vec::new(),
            variadic: None,
            return_type: Arc::new(|_| Ok(Type::Dynamic)),
        }
    }

    /// The positional parameters.
    pub fn params(&self) -> &[Param] {
        &self.0.params
    }

    /// The variadic parameter, if any.
    pub fn variadic_param(&self) -> Option<&Param> {
        self.0.variadic.as_ref()
    }

    /// The description.
    pub fn description(&self) -> &str {
        &self.0.description
    }

    /// The parameter the argument at `index` maps to.
    pub fn param_for(&self, index: usize) -> Option<&Param> {
        self.0.params.get(index).or(self.0.variadic.as_ref())
    }

    /// Semantic checking of a call: maps arguments to parameters and returns
    /// the call's result type, or why the call is erroneous.
    pub fn return_type(&self, args: &[Value]) -> Result<Type, CallError> {
        self.check(args).map(|(ty, _)| ty)
    }

    /// Returns the result type, and whether the result type was forced to
    /// dynamic by a dynamic argument.
    fn check(&self, args: &[Value]) -> Result<(Type, bool), CallError> {
        let params = &self.0.params;
        if args.len() < params.len() {
            return Err(CallError::NotEnoughArguments {
                expected: params.len(),
                missing: params[args.len()].name.clone(),
            });
        }
        if self.0.variadic.is_none() && args.len() > params.len() {
            return Err(CallError::TooManyArguments {
                expected: params.len(),
            });
        }
        let mut forced_dynamic = false;
        for (index, arg) in args.iter().enumerate() {
            let Some(param) = self.param_for(index) else {
                continue;
            };
            let arg_error = |message: String| CallError::Argument {
                index,
                param: param.name.clone(),
                message,
            };
            if arg.is_null() && !param.allow_null {
                return Err(arg_error("argument must not be null".into()));
            }
            let ty = arg.ty();
            if ty.is_dynamic() {
                forced_dynamic |= !param.allow_dynamic;
                continue;
            }
            if !ty.matches(&param.ty) {
                return Err(arg_error(format!(
                    "{} required, but got {}",
                    param.ty.friendly_name_for_constraint(),
                    ty.friendly_name()
                )));
            }
        }
        if forced_dynamic {
            return Ok((Type::Dynamic, true));
        }
        let ty = (self.0.return_type)(args).map_err(|e| self.call_error(e))?;
        Ok((ty, false))
    }

    /// Calls the function: semantic checking, then execution, with a
    /// budget of its own within the default [`Limits`] (see
    /// [`call_with_budget`](Function::call_with_budget)).
    ///
    /// An unknown argument for a parameter that does not accept unknowns
    /// makes the result an unknown of the result type without running the
    /// implementation; so does a dynamic argument for a parameter that does
    /// not accept the dynamic pseudo-type (the result is then the dynamic
    /// value).
    pub fn call(&self, args: &[Value]) -> Result<Value, CallError> {
        self.call_with_budget(args, &mut Budget::new(&Limits::DEFAULT))
    }

    /// Calls the function as part of an evaluation, drawing on its
    /// `budget`: what the evaluator does for every call.
    pub fn call_with_budget(
        &self,
        args: &[Value],
        budget: &mut Budget,
    ) -> Result<Value, CallError> {
        let (ty, forced_dynamic) = self.check(args)?;
        // A known null of the dynamic pseudo-type still runs the
        // implementation: only unknown inputs may produce unknown results.
        let skip = args.iter().enumerate().any(|(index, arg)| {
            self.param_for(index).is_some_and(|p| {
                !arg.is_known() && (!p.allow_unknown || forced_dynamic && !p.allow_dynamic)
            })
        });
        if skip {
            return Ok(Value::Unknown(ty));
        }
        let mut cx = CallContext {
            return_type: &ty,
            budget,
        };
        let value = (self.0.implementation)(args, &mut cx).map_err(|e| self.call_error(e))?;
        if !value.ty().matches(&ty) && !value.is_null() {
            return Err(CallError::Call(format!(
                "the function returned a value of type {}, but declared {}",
                value.ty(),
                ty
            )));
        }
        Ok(value)
    }

    fn call_error(&self, e: FunctionError) -> CallError {
        match e {
            FunctionError::Argument { index, message } => CallError::Argument {
                index,
                param: self
                    .param_for(index)
                    .map_or_else(|| format!("#{index}"), |p| p.name.clone()),
                message,
            },
            FunctionError::Call(message) => CallError::Call(message),
            FunctionError::Limit(e) => CallError::Limit(e),
        }
    }
}

#[cfg(test)]
mod test;
