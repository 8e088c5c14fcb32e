//! What the checker knows before it starts: the types of variables and the
//! signatures of functions.

use std::collections::BTreeMap;

use super::ty::ExtendedType;
use crate::function::{Function, Functions};
use crate::value::Value;

/// One parameter of a [`Signature`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SigParam {
    /// The name, for messages.
    pub name: String,
    /// The type arguments must convert to. A parameter of a prompt type
    /// also takes an eventual argument, or one with eventuals inside (a
    /// tuple of outputs): they are lifted out, and the call's result is
    /// then eventual. A parameter whose type holds an eventual takes an
    /// argument that converts to it as it is.
    pub ty: ExtendedType,
}

impl SigParam {
    /// A parameter.
    pub fn new(name: impl Into<String>, ty: ExtendedType) -> SigParam {
        SigParam {
            name: name.into(),
            ty,
        }
    }
}

/// A function signature in extended types.
///
/// ```
/// use hcl_core::typeck::{Signature, SigParam, ExtendedType};
/// let sig = Signature::new([SigParam::new("s", ExtendedType::String)], ExtendedType::Int)
///     .variadic(SigParam::new("rest", ExtendedType::Dynamic));
/// assert_eq!(sig.param_for(3).unwrap().name, "rest");
/// ```
#[derive(Clone, Debug)]
pub struct Signature {
    /// The positional parameters.
    pub params: Vec<SigParam>,
    /// The variadic parameter, if any.
    pub variadic: Option<SigParam>,
    /// The result type (before eventual arguments make it eventual).
    pub result: ExtendedType,
    /// The base function, when the signature was made from one: its
    /// result-type rule then refines `result` from the argument types.
    pub base: Option<Function>,
}

impl Signature {
    /// A signature with positional parameters and a result type.
    pub fn new(params: impl IntoIterator<Item = SigParam>, result: ExtendedType) -> Signature {
        Signature {
            params: params.into_iter().collect(),
            variadic: None,
            result,
            base: None,
        }
    }

    /// Adds a variadic parameter.
    pub fn variadic(mut self, param: SigParam) -> Signature {
        self.variadic = Some(param);
        self
    }

    /// The signature of a base function: its parameters' types, with
    /// `optional(T)` for parameters that accept null; the result type is
    /// the function's, asked with unknown arguments of the argument types
    /// at each call.
    pub fn from_function(f: &Function) -> Signature {
        let param = |p: &crate::function::Param| {
            let ty = ExtendedType::from(&p.ty);
            let ty = if p.allow_null {
                ExtendedType::optional(ty)
            } else {
                ty
            };
            SigParam::new(p.name.clone(), ty)
        };
        let result = f
            .return_type(
                &f.params()
                    .iter()
                    .map(|p| Value::unknown(p.ty.clone()))
                    .collect::<Vec<_>>(),
            )
            .map_or(ExtendedType::Dynamic, |t| ExtendedType::from(&t));
        Signature {
            params: f.params().iter().map(param).collect(),
            variadic: f.variadic_param().map(param),
            result,
            base: Some(f.clone()),
        }
    }

    /// The parameter argument `index` maps to.
    pub fn param_for(&self, index: usize) -> Option<&SigParam> {
        self.params.get(index).or(self.variadic.as_ref())
    }

    /// The result type for arguments of the given (prompt) types: the base
    /// function's rule when there is one and every type has a base form,
    /// the declared result otherwise.
    pub(crate) fn result_for(&self, args: &[ExtendedType]) -> ExtendedType {
        let Some(f) = &self.base else {
            return self.result.clone();
        };
        let Some(values) = args
            .iter()
            .map(|t| t.to_base().map(Value::unknown))
            .collect::<Option<Vec<_>>>()
        else {
            return self.result.clone();
        };
        f.return_type(&values)
            .map_or_else(|_| self.result.clone(), |t| ExtendedType::from(&t))
    }
}

/// The types of variables and the signatures of functions, as the checker
/// sees them; scopes nest (for-expression variables shadow outer ones).
///
/// ```
/// use hcl_core::typeck::{Signature, SigParam, ExtendedType, TypeScope};
/// let mut scope = TypeScope::new();
/// scope.set_variable("region", ExtendedType::String);
/// scope.set_function("len", Signature::new([SigParam::new("s", ExtendedType::String)], ExtendedType::Int));
/// assert_eq!(scope.variable("region"), Some(&ExtendedType::String));
/// ```
#[derive(Clone, Debug, Default)]
pub struct TypeScope {
    variables: BTreeMap<String, ExtendedType>,
    functions: BTreeMap<String, Signature>,
}

impl TypeScope {
    /// An empty scope.
    pub fn new() -> TypeScope {
        TypeScope::default()
    }

    /// A scope with the signatures of the given base functions.
    pub fn with_functions(functions: &Functions) -> TypeScope {
        let mut scope = TypeScope::new();
        scope.add_functions(functions);
        scope
    }

    /// A scope with the variables of a JSON object of types (see
    /// [`parse_var_types`](super::parse_var_types)), and the problems with
    /// it.
    ///
    /// ```
    /// use hcl_core::pos::SourceFile;
    /// use hcl_core::typeck::{ExtendedType, TypeScope};
    /// let src = SourceFile::new("types.json", r#"{"id": "output(string)"}"#);
    /// let (scope, diags) = TypeScope::from_var_types(&src);
    /// assert!(diags.is_empty());
    /// assert_eq!(scope.variable("id"), Some(&ExtendedType::output(ExtendedType::String)));
    /// ```
    pub fn from_var_types(file: &crate::pos::SourceFile) -> (TypeScope, crate::diag::Diagnostics) {
        let (vars, diags) = super::parse_var_types(file);
        let scope = TypeScope {
            variables: vars,
            functions: BTreeMap::new(),
        };
        (scope, diags)
    }

    /// Declares the signatures of base functions (replacing functions of
    /// the same names).
    pub fn add_functions(&mut self, functions: &Functions) {
        for (name, f) in functions.iter() {
            self.set_function(name, Signature::from_function(f));
        }
    }

    /// Declares (or redeclares) a variable.
    pub fn set_variable(&mut self, name: impl Into<String>, ty: ExtendedType) {
        self.variables.insert(name.into(), ty);
    }

    /// Declares (or redeclares) a function.
    pub fn set_function(&mut self, name: impl Into<String>, sig: Signature) {
        self.functions.insert(name.into(), sig);
    }

    /// A variable's type.
    pub fn variable(&self, name: &str) -> Option<&ExtendedType> {
        self.variables.get(name)
    }

    /// A function's signature.
    pub fn function(&self, name: &str) -> Option<&Signature> {
        self.functions.get(name)
    }

    /// The variables, by name.
    pub fn variables(&self) -> impl Iterator<Item = (&str, &ExtendedType)> {
        self.variables.iter().map(|(k, v)| (k.as_str(), v))
    }
}
