//! Type expressions (hcl-type-expressions.md): `string`, `list(string)`,
//! `object({name=string, age=optional(number, 0)})` and the rest, read from
//! an expression by static analysis, in either syntax (in JSON, from a
//! string: `"list(string)"`). Type expressions nest at most
//! [`Limits::max_depth`] levels (`list(list(...))`); deeper ones are "The
//! type specification is nested too deeply."
//!
//! ```
//! use hcl_core::json;
//! use hcl_core::native::parse_body;
//! use hcl_core::Limits;
//! use hcl_core::schema::{AttributeSchema, BodySchema};
//! use hcl_core::typeexpr::type_constraint;
//! use hcl_core::{SourceFile, Type};
//!
//! let schema = BodySchema::new().attribute(AttributeSchema::required("type"));
//! let native = SourceFile::new("v.hcl", "type = map(list(any))\n");
//! let json = SourceFile::new("v.hcl.json", r#"{"type": "map(list(any))"}"#);
//! for body in [parse_body(&native, &Limits::default()).0, json::parse_body(&json, &Limits::default()).0] {
//!     let (content, _) = body.content(&schema);
//!     let (ty, diags) = type_constraint(&content.attributes.get("type").unwrap().expr, &Limits::default());
//!     assert!(diags.is_empty());
//!     assert_eq!(ty, Type::map(Type::list(Type::Dynamic)));
//! }
//! ```

use std::collections::BTreeMap;

use crate::body::Expression;
use crate::diag::quoted;
use crate::diag::{Diagnostic, Diagnostics};
use crate::limits::Limits;
use crate::pos::Range;
use crate::static_analysis::{expr_as_keyword, expr_call, expr_list, expr_map};
use crate::value::{convert, unify_unsafe, Type, Value};

const INVALID: &str = "Invalid type specification";

/// How deeply [`Defaults::apply`] follows a tree of defaults: a guard for
/// the stack on a tree anyone can build (its fields are public), not a
/// limit of input (a tree read from a type expression is no deeper than
/// the expression).
const MAX_DEFAULTS_DEPTH: usize = 1000;

/// An exact type: `any` and `optional(...)` are errors.
pub fn get_type(expr: &Expression, limits: &Limits) -> (Type, Diagnostics) {
    let (ty, _, diags) = get(expr, Mode::EXACT.within(limits), 0);
    (ty, diags)
}

/// A type constraint: `any` stands for the dynamic pseudo-type and object
/// attributes may be `optional(T)`.
pub fn type_constraint(expr: &Expression, limits: &Limits) -> (Type, Diagnostics) {
    let (ty, _, diags) = get(expr, Mode::CONSTRAINT.within(limits), 0);
    (ty, diags)
}

/// `convert(value, type)`, as the reference's `typeexpr.ConvertFunc`: the
/// value converted to the type its second argument spells, written as a
/// type constraint (`convert(var.x, list(string))`, not a value). The
/// second parameter is of
/// [`type_constraint_type`](crate::function::argument::type_constraint_type),
/// so the evaluator reads the argument's syntax instead of evaluating it.
/// The value may be null or of no type yet; a conversion that cannot be
/// made is an error about the value.
///
/// ```
/// use hcl_core::native::parse_expression;
/// use hcl_core::typeexpr::convert_function;
/// use hcl_core::{EvalContext, SourceFile, Type, Value};
///
/// let mut ctx = EvalContext::new();
/// ctx.set_function("convert", convert_function());
/// let eval = |text: &str| {
///     let src = SourceFile::new("e.hcl", text);
///     let (expr, _) = parse_expression(&src, &Default::default());
///     expr.value(Some(&ctx))
/// };
/// let (v, _) = eval("convert([1, \"2\"], list(string))");
/// assert_eq!(v, Value::list(Type::String, [Value::from("1"), Value::from("2")]).unwrap());
/// let (_, diags) = eval("convert(\"x\", bool)");
/// assert_eq!(diags.iter().next().unwrap().summary, "Invalid function argument");
/// let (_, diags) = eval("convert(1, lust(string))");
/// assert_eq!(diags.iter().next().unwrap().summary, "Invalid type specification");
/// ```
pub fn convert_function() -> crate::function::Function {
    use crate::function::argument::{type_constraint_type, type_from_value};
    use crate::function::{Function, FunctionError, Param};
    fn target(args: &[Value]) -> Result<&Type, FunctionError> {
        args.get(1)
            .and_then(type_from_value)
            .ok_or_else(|| FunctionError::argument(1, "a type constraint is required"))
    }
    fn converted(args: &[Value], ty: &Type) -> Result<Value, FunctionError> {
        let value = args.first().cloned().unwrap_or_else(Value::dynamic);
        crate::value::convert(&value, ty).map_err(|e| FunctionError::argument(0, e.to_string()))
    }
    Function::builder()
        .describe("Converts a value to the type the type constraint describes.")
        .param(
            Param::new("value", Type::Dynamic)
                .allow_null()
                .allow_dynamic(),
        )
        .param(Param::new("type", type_constraint_type()))
        .returns_with(|args| Ok(converted(args, target(args)?)?.ty()))
        .implementation(|args, cx| converted(args, cx.return_type()))
}

/// A type constraint whose optional attributes may have defaults
/// (`optional(number, 0)`); the defaults come back as a [`Defaults`] tree
/// to apply to values that meet the constraint.
///
/// ```
/// use hcl_core::native::parse_expression;
/// use hcl_core::typeexpr::type_constraint_with_defaults;
/// use hcl_core::value::convert;
/// use hcl_core::{Limits, SourceFile, Value};
///
/// let src = SourceFile::new("t", "object({name=string, port=optional(number, 80)})");
/// let (expr, _) = parse_expression(&src, &Limits::default());
/// let (ty, defaults, diags) = type_constraint_with_defaults(&expr, &Limits::default());
/// assert!(diags.is_empty());
/// let given = convert(&Value::object([("name", Value::from("web"))]), &ty).unwrap();
/// let full = defaults.unwrap().apply(given);
/// assert_eq!(full, Value::object([("name", Value::from("web")), ("port", Value::from(80))]));
/// ```
pub fn type_constraint_with_defaults(
    expr: &Expression,
    limits: &Limits,
) -> (Type, Option<Defaults>, Diagnostics) {
    get(expr, Mode::DEFAULTS.within(limits), 0)
}

/// Default values for the optional attributes of a type constraint, and
/// for those of nested types.
#[derive(Clone, Debug, PartialEq)]
pub struct Defaults {
    /// The type the defaults belong to.
    pub ty: Type,
    /// The default of each optional attribute that has one.
    pub default_values: BTreeMap<String, Value>,
    /// Defaults of nested types: by attribute name for objects, by index
    /// (`"0"`, `"1"`, ...) for tuples, and under `""` for the element type
    /// of a collection.
    pub children: BTreeMap<String, Defaults>,
}

impl Defaults {
    /// Fills in the defaults of `value`, which should already conform to
    /// the type constraint: null and absent optional attributes take their
    /// defaults, at every level. Unknown and null values are returned
    /// as they are.
    pub fn apply(&self, value: Value) -> Value {
        self.apply_depth(value, 0)
    }

    fn apply_depth(&self, value: Value, depth: usize) -> Value {
        if !value.is_known() || value.is_null() || depth > MAX_DEFAULTS_DEPTH {
            return value;
        }
        if self.default_values.is_empty() && self.children.is_empty() {
            return value;
        }
        match &value {
            Value::List(_) | Value::Set(_) | Value::Tuple(_) => {
                let is_tuple = matches!(value, Value::Tuple(_));
                let items: Vec<Value> = value
                    .as_elements()
                    .unwrap_or_default()
                    .iter()
                    .enumerate()
                    .map(|(i, v)| match self.child(Key::Index(i)) {
                        Some(d) => d.apply_depth(v.clone(), depth + 1),
                        None => v.clone(),
                    })
                    .collect();
                let elem = value.ty().element_type().cloned();
                if let (false, Some(elem)) = (is_tuple, elem) {
                    if items.is_empty() {
                        return value;
                    }
                    if let Some((ty, unified)) = unify_values(&items) {
                        let _ = elem;
                        let built = match value {
                            Value::Set(_) => Value::set(ty, unified),
                            _ => Value::list(ty, unified),
                        };
                        if let Ok(v) = built {
                            return v;
                        }
                    }
                }
                Value::tuple(items)
            }
            Value::Object(_) | Value::Map(_) => {
                let mut entries: BTreeMap<String, Value> = value
                    .as_entries()
                    .map(|m| {
                        m.iter()
                            .map(|(k, v)| {
                                let v = match self.child(Key::Name(k.as_str())) {
                                    Some(d) => d.apply_depth(v.clone(), depth + 1),
                                    None => v.clone(),
                                };
                                (k.as_str().to_owned(), v)
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                for (k, default) in &self.default_values {
                    if entries.get(k).is_none_or(Value::is_null) {
                        let v = match self.children.get(k) {
                            Some(d) => d.apply_depth(default.clone(), depth + 1),
                            None => default.clone(),
                        };
                        entries.insert(k.clone(), v);
                    }
                }
                if let Value::Map(_) = value {
                    if entries.is_empty() {
                        return value;
                    }
                    let items: Vec<Value> = entries.values().cloned().collect();
                    if let Some((ty, unified)) = unify_values(&items) {
                        if let Ok(v) = Value::map(ty, entries.keys().zip(unified)) {
                            return v;
                        }
                    }
                }
                Value::object(entries)
            }
            _ => value,
        }
    }

    fn child(&self, key: Key<'_>) -> Option<&Defaults> {
        let specific = match key {
            Key::Index(i) if self.ty.is_tuple() => self.children.get(&i.to_string()),
            Key::Name(n) if self.ty.is_object() => self.children.get(n),
            _ => None,
        };
        specific.or_else(|| match key {
            Key::Index(_) if self.ty.is_tuple() => None,
            Key::Name(_) if self.ty.is_object() => None,
            _ => self.children.get(""),
        })
    }
}

#[derive(Clone, Copy)]
enum Key<'a> {
    Index(usize),
    Name(&'a str),
}

fn unify_values(items: &[Value]) -> Option<(Type, Vec<Value>)> {
    let types: Vec<Type> = items.iter().map(Value::ty).collect();
    let u = unify_unsafe(&types)?;
    let mut out = Vec::with_capacity(items.len());
    for (v, c) in items.iter().zip(u.conversions()) {
        out.push(c.apply(v).ok()?);
    }
    Some((u.ty().clone(), out))
}

#[derive(Clone, Copy)]
struct Mode {
    constraint: bool,
    defaults: bool,
    /// How many levels a type expression may nest.
    max_depth: usize,
}

impl Mode {
    const EXACT: Mode = Mode {
        constraint: false,
        defaults: false,
        max_depth: Limits::DEFAULT.max_depth,
    };
    const CONSTRAINT: Mode = Mode {
        constraint: true,
        defaults: false,
        max_depth: Limits::DEFAULT.max_depth,
    };
    const DEFAULTS: Mode = Mode {
        constraint: true,
        defaults: true,
        max_depth: Limits::DEFAULT.max_depth,
    };

    fn within(self, limits: &Limits) -> Mode {
        Mode {
            max_depth: limits.max_depth,
            ..self
        }
    }
}

fn between(a: Range, b: Range) -> Range {
    Range { end: b.end, ..a }
}

fn fail(detail: impl Into<String>, subject: Range) -> (Type, Option<Defaults>, Diagnostics) {
    (
        Type::Dynamic,
        None,
        Diagnostic::error(INVALID, detail)
            .with_subject(subject)
            .into(),
    )
}

fn fail_ctx(
    detail: impl Into<String>,
    subject: Range,
    context: Range,
) -> (Type, Option<Defaults>, Diagnostics) {
    (
        Type::Dynamic,
        None,
        Diagnostic::error(INVALID, detail)
            .with_subject(subject)
            .with_context(context)
            .into(),
    )
}

fn constructor_detail(name: &str) -> Option<String> {
    Some(match name {
        "list" | "map" | "set" => {
            format!("The {name} type constructor requires one argument specifying the element type.")
        }
        "object" => "The object type constructor requires one argument specifying the attribute types and values as a map.".to_owned(),
        "tuple" => "The tuple type constructor requires one argument specifying the element types as a list.".to_owned(),
        _ => return None,
    })
}

fn get(expr: &Expression, mode: Mode, depth: usize) -> (Type, Option<Defaults>, Diagnostics) {
    if depth >= mode.max_depth {
        return fail("The type specification is nested too deeply.", expr.range());
    }
    if let Some(kw) = expr_as_keyword(expr) {
        return match kw.as_str() {
            "bool" => (Type::Bool, None, Diagnostics::new()),
            "string" => (Type::String, None, Diagnostics::new()),
            "number" => (Type::Number, None, Diagnostics::new()),
            "any" if mode.constraint => (Type::Dynamic, None, Diagnostics::new()),
            "any" => fail(
                format!("The keyword {kw} cannot be used in this type specification: an exact type is required.", kw = quoted(&kw)),
                expr.range(),
            ),
            _ => match constructor_detail(&kw) {
                Some(d) => fail(d, expr.range()),
                None => fail(
                    format!("The keyword {kw} is not a valid type specification.", kw = quoted(&kw)),
                    expr.range(),
                ),
            },
        };
    }
    let Ok(call) = expr_call(expr) else {
        return fail("A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).", expr.range());
    };
    let name = call.name();
    let args: Vec<Expression> = call.args().collect();
    match name {
        "bool" | "string" | "number" => {
            return fail(
                format!(
                    "Primitive type keyword {name} does not expect arguments.",
                    name = quoted(name)
                ),
                call.args_range(),
            )
        }
        "any" => {
            return fail(
                format!(
                    "Type constraint keyword {name} does not expect arguments.",
                    name = quoted(name)
                ),
                call.args_range(),
            )
        }
        _ => {}
    }
    if args.len() != 1 {
        if let Some(detail) = constructor_detail(name) {
            let subject = match args.as_slice() {
                [_, second, .., last] => between(second.range(), last.range()),
                [_, second] => second.range(),
                _ => call.args_range(),
            };
            return fail_ctx(detail, subject, call.args_range());
        }
    }
    match (name, args.first()) {
        ("list" | "set" | "map", Some(arg)) => {
            let (ety, d, diags) = get(arg, mode, depth + 1);
            let ty = match name {
                "list" => Type::list(ety),
                "set" => Type::set(ety),
                _ => Type::map(ety),
            };
            let defaults = d.map(|d| Defaults {
                ty: ty.clone(),
                default_values: BTreeMap::new(),
                children: BTreeMap::from([(String::new(), d)]),
            });
            (ty, defaults, diags)
        }
        ("object", Some(arg)) => object(expr, arg, mode, depth),
        ("tuple", Some(arg)) => {
            let Ok(elems) = expr_list(arg) else {
                return fail_ctx(
                    "Tuple type constructor requires a list of element types.",
                    arg.range(),
                    expr.range(),
                );
            };
            let mut diags = Diagnostics::new();
            let mut types = Vec::with_capacity(elems.len());
            let mut children = BTreeMap::new();
            for (i, e) in elems.iter().enumerate() {
                let (t, d, more) = get(e, mode, depth + 1);
                diags.extend(more);
                types.push(t);
                if let Some(d) = d {
                    children.insert(i.to_string(), d);
                }
            }
            let ty = Type::tuple(types);
            let defaults = structured(&ty, BTreeMap::new(), children);
            (ty, defaults, diags)
        }
        ("optional", _) => fail(
            format!(
                "Keyword {name} is valid only as a modifier for object type attributes.",
                name = quoted(name)
            ),
            call.name_range(),
        ),
        _ => fail(
            format!(
                "Keyword {name} is not a valid type constructor.",
                name = quoted(name)
            ),
            expr.range(),
        ),
    }
}

fn structured(
    ty: &Type,
    default_values: BTreeMap<String, Value>,
    children: BTreeMap<String, Defaults>,
) -> Option<Defaults> {
    if default_values.is_empty() && children.is_empty() {
        return None;
    }
    Some(Defaults {
        ty: ty.clone(),
        default_values,
        children,
    })
}

fn object(
    expr: &Expression,
    arg: &Expression,
    mode: Mode,
    depth: usize,
) -> (Type, Option<Defaults>, Diagnostics) {
    let Ok(items) = expr_map(arg) else {
        return fail_ctx(
            "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.",
            arg.range(),
            expr.range(),
        );
    };
    let mut diags = Diagnostics::new();
    let mut attrs: BTreeMap<String, Type> = BTreeMap::new();
    let mut optional = Vec::new();
    let mut default_values = BTreeMap::new();
    let mut children = BTreeMap::new();
    let err = |detail: &str, subject: Range, context: Range| {
        Diagnostic::error(INVALID, detail)
            .with_subject(subject)
            .with_context(context)
    };
    for (key, value) in &items {
        let Some(name) = expr_as_keyword(key) else {
            diags.push(err(
                "Object constructor map keys must be attribute names.",
                key.range(),
                expr.range(),
            ));
            continue;
        };
        if attrs.contains_key(&name) {
            diags.push(err(
                "Object constructor map keys must be unique.",
                key.range(),
                expr.range(),
            ));
            continue;
        }
        let mut aty_expr = value.clone();
        let mut default_expr = None;
        if let Ok(call) = expr_call(value) {
            if call.name() == "optional" {
                let args: Vec<Expression> = call.args().collect();
                let Some(first) = args.first() else {
                    diags.push(err(
                        "Optional attribute modifier requires the attribute type as its argument.",
                        call.args_range(),
                        value.range(),
                    ));
                    continue;
                };
                match (mode.constraint, mode.defaults, args.len()) {
                    (false, _, _) => diags.push(err(
                        "Optional attribute modifier is only for type constraints, not for exact types.",
                        call.name_range(),
                        value.range(),
                    )),
                    (true, true, 2) => {
                        if let Some(d) = args.get(1) {
                            let (v, more) = d.value(None);
                            let failed = more.has_errors();
                            diags.extend(more);
                            if !failed {
                                optional.push(name.clone());
                                default_values.insert(name.clone(), v);
                                default_expr = Some(d.clone());
                            }
                        }
                    }
                    (true, _, 1) => optional.push(name.clone()),
                    (true, true, _) => diags.push(err(
                        "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.",
                        call.args_range(),
                        value.range(),
                    )),
                    (true, false, _) => diags.push(err(
                        "Optional attribute modifier expects only one argument: the attribute type.",
                        call.args_range(),
                        value.range(),
                    )),
                }
                aty_expr = first.clone();
            }
        }
        let (aty, adefaults, more) = get(&aty_expr, mode, depth + 1);
        diags.extend(more);
        if let (Some(default), Some(dexpr)) = (default_values.get(&name), &default_expr) {
            match convert(default, &aty) {
                Ok(v) => {
                    default_values.insert(name.clone(), v);
                }
                Err(e) => {
                    diags.push(
                        Diagnostic::error(
                            "Invalid default value for optional attribute",
                            format!("This default value is not compatible with the attribute's type constraint: {e}."),
                        )
                        .with_subject(dexpr.range()),
                    );
                    default_values.remove(&name);
                }
            }
        }
        if let Some(d) = adefaults {
            children.insert(name.clone(), d);
        }
        attrs.insert(name, aty);
    }
    let ty = Type::object_with_optional(attrs, optional);
    let defaults = structured(&ty, default_values, children);
    (ty, defaults, diags)
}

/// A type as a type expression, in the reference's `TypeString` form:
/// `list(string)`, `object({age=number,name=string})` (attributes sorted,
/// no spaces, optional markers not shown), `tuple([string,bool])`, `any`
/// for the dynamic pseudo-type. Capsule types show their name.
///
/// ```
/// use hcl_core::typeexpr::type_string;
/// use hcl_core::Type;
/// let t = Type::object([("b", Type::list(Type::Dynamic)), ("a b", Type::Bool)]);
/// assert_eq!(type_string(&t), r#"object({"a b"=bool,b=list(any)})"#);
/// ```
pub fn type_string(ty: &Type) -> String {
    let mut out = String::new();
    write_type(ty, &mut out);
    out
}

fn write_type(ty: &Type, out: &mut String) {
    match ty {
        Type::Bool => out.push_str("bool"),
        Type::Number => out.push_str("number"),
        Type::String => out.push_str("string"),
        Type::Dynamic => out.push_str("any"),
        Type::Capsule(c) => out.push_str(c.name()),
        Type::List(e) | Type::Set(e) | Type::Map(e) => {
            out.push_str(match ty {
                Type::List(_) => "list(",
                Type::Set(_) => "set(",
                _ => "map(",
            });
            write_type(e, out);
            out.push(')');
        }
        Type::Object(o) => {
            out.push_str("object({");
            for (i, (name, t)) in o.attributes().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if is_identifier(name) {
                    out.push_str(name);
                } else {
                    out.push_str(&quoted(name).to_string());
                }
                out.push('=');
                write_type(t, out);
            }
            out.push_str("})");
        }
        Type::Tuple(elems) => {
            out.push_str("tuple([");
            for (i, t) in elems.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_type(t, out);
            }
            out.push_str("])");
        }
    }
}

use crate::write::is_identifier;
