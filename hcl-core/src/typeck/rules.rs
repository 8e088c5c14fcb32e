//! The rules of type-extensions.md: assignability, conversion and
//! unification of extended types.
//!
//! Each function quotes the rule it implements; where the document is
//! silent, the base information model (and go-cty) decides, and where both
//! are silent the choice is Pulumi's HCL2 model's (the document's source),
//! noted at the function.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::ty::Type;
use crate::value::Safety;

/// How deeply the rules recurse into nested types before giving the
/// conservative answer (not assignable, no conversion, a union). Types come
/// from parsed input whose nesting the parsers already bound; this is the
/// rules' own guard.
pub const MAX_DEPTH: usize = 256;

/// Whether a value of type `from` may be used where `to` is expected
/// without any conversion.
///
/// - Every type is assignable from itself, and the dynamic pseudo-type
///   from every type.
/// - "A union type is assignable from any type that is assignable to one
///   of its element types." A union *source* is assignable when each of its
///   elements is (so `union(a, b, c)` is assignable from `union(a, b)`).
/// - "A promise type is assignable from itself or from its element type";
///   "an output type is assignable from itself, its corresponding promise
///   type, or its element type" (read through assignability of the
///   elements: `output(number)` is assignable from `promise(int)`).
/// - "The null value is only assignable to the none type": `none` is
///   assignable to `none`, to unions containing it and to the dynamic
///   pseudo-type only.
/// - `number` is assignable from `int` (every integer is a number), as in
///   Pulumi's model.
/// - Collections and structures are assignable element-wise; `list(T)` is
///   also assignable from a tuple of elements assignable to `T`, `map(T)`
///   from an object of such attributes; an object from an object that has
///   every attribute (an attribute missing from the source counts as
///   `none`, so optional attributes may be missing; extra attributes are
///   allowed).
///
/// ```
/// use hcl_core::typeck::{assignable, Type};
/// assert!(assignable(&Type::optional(Type::String), &Type::String));
/// assert!(assignable(&Type::output(Type::String), &Type::promise(Type::String)));
/// assert!(!assignable(&Type::String, &Type::None));
/// assert!(!assignable(&Type::Int, &Type::Number));
/// ```
pub fn assignable(to: &Type, from: &Type) -> bool {
    assignable_at(to, from, 0)
}

fn assignable_at(to: &Type, from: &Type, depth: usize) -> bool {
    if to == from || *to == Type::Dynamic {
        return true;
    }
    if depth > MAX_DEPTH {
        return false;
    }
    let d = depth + 1;
    if let Type::Union(froms) = from {
        return froms.iter().all(|f| assignable_at(to, f, d));
    }
    match (to, from) {
        (Type::Union(tos), _) => tos.iter().any(|t| assignable_at(t, from, d)),
        (Type::Promise(t), Type::Promise(f)) => assignable_at(t, f, d),
        (Type::Output(t), Type::Output(f) | Type::Promise(f)) => assignable_at(t, f, d),
        (Type::Promise(t) | Type::Output(t), f) if !f.is_eventual() => assignable_at(t, f, d),
        (Type::Number, Type::Int) => true,
        (Type::List(t), Type::List(f))
        | (Type::Set(t), Type::Set(f))
        | (Type::Map(t), Type::Map(f)) => assignable_at(t, f, d),
        (Type::List(t), Type::Tuple(fs)) => fs.iter().all(|f| assignable_at(t, f, d)),
        (Type::Map(t), Type::Object(fs)) => fs.values().all(|f| assignable_at(t, f, d)),
        (Type::Tuple(ts), Type::Tuple(fs)) => {
            ts.len() == fs.len()
                && ts
                    .iter()
                    .zip(fs.iter())
                    .all(|(t, f)| assignable_at(t, f, d))
        }
        (Type::Object(ts), Type::Object(fs)) => ts.iter().all(|(name, t)| match fs.get(name) {
            Some(f) => assignable_at(t, f, d),
            None => assignable_at(t, &Type::None, d),
        }),
        _ => false,
    }
}

/// How values of type `from` convert to type `to`: `Some(Safe)`,
/// `Some(Unsafe)` or `None` when there is no conversion.
///
/// - Assignability is a safe conversion; converting to or from the
///   dynamic pseudo-type is safe (as in the base model).
/// - Base primitive conversions: number and bool to string (safe), string
///   to number and bool (unsafe). "Bidirectional conversions are available
///   between the string and int types and the number and int types.
///   Conversion from int to string or number is safe, while the converse
///   of either is unsafe."
/// - "Conversion from a type T to a union type is permitted if there is a
///   conversion from T to at least one of the union's element types. If
///   there is a safe conversion [to one of them], the conversion is safe."
/// - From a union (the document is silent): safe if every element converts
///   safely, unsafe if at least one converts, none otherwise — so
///   `optional(string)` converts to `string` unsafely (the null fails).
///   Pulumi takes the best element's conversion instead; ours keeps
///   "unsafe" meaning "some values fail".
/// - To `promise(U)`: from `promise(V)` or a prompt `T`, as `V` or `T`
///   converts to `U`. To `output(U)`: from `output(V)`, `promise(V)` or a
///   prompt `T`, likewise. An eventual never converts to a prompt type.
/// - `none` converts only where it is assignable (null is only assignable
///   to none).
/// - Collections and structures as in the base model, element-wise, the
///   safety being the worst part's: list and set from list, set or tuple
///   (to set unsafe unless from set); tuple from tuple of the same length,
///   or (unsafe) from list or set; map from map or object; object from
///   object (missing attributes are `none`, extra ones dropped) or
///   (unsafe) from map.
///
/// ```
/// use hcl_core::typeck::{conversion, Type};
/// use hcl_core::value::Safety;
/// assert_eq!(conversion(&Type::Int, &Type::String), Some(Safety::Safe));
/// assert_eq!(conversion(&Type::Number, &Type::Int), Some(Safety::Unsafe));
/// assert_eq!(conversion(&Type::Int, &Type::output(Type::String)), Some(Safety::Safe));
/// assert_eq!(conversion(&Type::output(Type::Int), &Type::Int), None);
/// ```
pub fn conversion(from: &Type, to: &Type) -> Option<Safety> {
    conversion_at(from, to, 0)
}

fn worst(a: Option<Safety>, b: Option<Safety>) -> Option<Safety> {
    Some(a?.max(b?))
}

/// The worst safety of converting each pair, starting from `start`; `None`
/// if any pair does not convert.
fn worst_of<'t>(
    start: Safety,
    mut pairs: impl Iterator<Item = (&'t Type, &'t Type)>,
    depth: usize,
) -> Option<Safety> {
    pairs.try_fold(start, |acc, (f, t)| {
        Some(acc.max(conversion_at(f, t, depth)?))
    })
}

fn conversion_at(from: &Type, to: &Type, depth: usize) -> Option<Safety> {
    use Safety::{Safe, Unsafe};
    if assignable_at(to, from, depth) || *from == Type::Dynamic {
        return Some(Safe);
    }
    if depth > MAX_DEPTH {
        return None;
    }
    let d = depth + 1;
    if let Type::Union(froms) = from {
        let each: Vec<Option<Safety>> = froms.iter().map(|f| conversion_at(f, to, d)).collect();
        return if each.iter().all(|c| *c == Some(Safe)) {
            Some(Safe)
        } else if each.iter().any(Option::is_some) {
            Some(Unsafe)
        } else {
            None
        };
    }
    match (from, to) {
        (_, Type::Union(tos)) => tos.iter().filter_map(|t| conversion_at(from, t, d)).min(),
        (Type::Promise(f), Type::Promise(t))
        | (Type::Promise(f) | Type::Output(f), Type::Output(t)) => conversion_at(f, t, d),
        (f, Type::Promise(t) | Type::Output(t)) if !f.is_eventual() => conversion_at(f, t, d),
        (Type::Promise(_) | Type::Output(_) | Type::None, _) => None,
        (Type::Number | Type::Bool | Type::Int, Type::String) | (Type::Int, Type::Number) => {
            Some(Safe)
        }
        (Type::String, Type::Number | Type::Bool | Type::Int) | (Type::Number, Type::Int) => {
            Some(Unsafe)
        }
        (Type::List(f) | Type::Set(f), Type::List(t)) => conversion_at(f, t, d),
        (Type::Set(f), Type::Set(t)) => conversion_at(f, t, d),
        (Type::List(f), Type::Set(t)) => worst(conversion_at(f, t, d), Some(Unsafe)),
        (Type::Tuple(fs), Type::List(t) | Type::Set(t)) => {
            // Equal elements of a tuple merge in a set.
            let start = if matches!(to, Type::Set(_)) && fs.len() > 1 {
                Unsafe
            } else {
                Safe
            };
            worst_of(start, fs.iter().map(|f| (f, &**t)), d)
        }
        (Type::List(f) | Type::Set(f), Type::Tuple(ts)) => {
            worst_of(Unsafe, ts.iter().map(|t| (&**f, t)), d)
        }
        (Type::Tuple(fs), Type::Tuple(ts)) if fs.len() == ts.len() => {
            worst_of(Safe, fs.iter().zip(ts.iter()), d)
        }
        (Type::Map(f), Type::Map(t)) => conversion_at(f, t, d),
        (Type::Object(fs), Type::Map(t)) => worst_of(Safe, fs.values().map(|f| (f, &**t)), d),
        (Type::Object(fs), Type::Object(ts)) => worst_of(
            Safe,
            ts.iter()
                .map(|(name, t)| (fs.get(name).unwrap_or(&Type::None), t)),
            d,
        ),
        (Type::Map(f), Type::Object(ts)) => worst_of(Unsafe, ts.values().map(|t| (&**f, t)), d),
        _ => None,
    }
}

/// Unifies two types: a type both convert to safely. Total: where no rule
/// applies the result is the union of the two (that is what unions are
/// for; Pulumi's model does the same). Commutative: `unify(a, b) ==
/// unify(b, a)`.
///
/// The rules, in the order they are tried:
///
/// 1. Equal types unify as themselves; the dynamic pseudo-type unifies as
///    the other type.
/// 2. "A promise type unifies with an output type by producing a new
///    output type whose element type is the unification of [the element
///    types]." Two promises give a promise. Two outputs give an **output**
///    (the document says a promise, which would drop the output's
///    application data and is not assignable from either input; Pulumi's
///    own implementation also gives an output). An eventual with a prompt
///    type `T` gives the same eventual of the unification with `T`. A union
///    with an eventual element counts as the strongest such eventual of the
///    union of its resolved elements.
/// 3. "Two union types unify by producing a new union type whose elements
///    are the concatenation of those of the two input types." "A union type
///    unifies with another type by producing a new union whose element
///    types are the unification of the other type with each of the input
///    union's element types."
/// 4. "The int type unifies with number by preferring number, and unifies
///    with string by preferring string"; number and bool with string give
///    string (base model).
/// 5. Collections of one kind unify element-wise; list with set gives
///    list; tuples of one length element-wise; other lists, sets and
///    tuples a list; objects give an object of all attributes (common ones
///    unified, the others optional); maps with objects a map.
/// 6. Otherwise, a type one of them converts to safely; otherwise their
///    union (`null` with `T` gives `optional(T)`).
///
/// ```
/// use hcl_core::typeck::{unify, Type};
/// assert_eq!(unify(&Type::Int, &Type::Number), Type::Number);
/// assert_eq!(unify(&Type::String, &Type::None), Type::optional(Type::String));
/// let o = Type::output(Type::String);
/// assert_eq!(unify(&o, &Type::promise(Type::Int)), o);
/// ```
pub fn unify(a: &Type, b: &Type) -> Type {
    unify_at(a, b, false, 0).unwrap_or_else(|| Type::union([a.clone(), b.clone()]))
}

/// Like [`unify`], but `None` where rule 6 would have to form a union of
/// two types neither of which is `none` (at any depth): the base model's
/// "no unification", which the checker reports for conditionals
/// ("Inconsistent conditional result types").
///
/// ```
/// use hcl_core::typeck::{unify_strict, Type};
/// assert_eq!(unify_strict(&Type::Bool, &Type::Number), None);
/// assert_eq!(unify_strict(&Type::None, &Type::Bool), Some(Type::optional(Type::Bool)));
/// ```
pub fn unify_strict(a: &Type, b: &Type) -> Option<Type> {
    unify_at(a, b, true, 0)
}

/// Unifies any number of types (left to right); the dynamic pseudo-type
/// for none.
pub fn unify_all<'a>(types: impl IntoIterator<Item = &'a Type>) -> Type {
    let mut it = types.into_iter();
    let Some(first) = it.next() else {
        return Type::Dynamic;
    };
    it.fold(first.clone(), |acc, t| unify(&acc, t))
}

fn unify_at(a: &Type, b: &Type, strict: bool, depth: usize) -> Option<Type> {
    if a == b {
        return Some(a.clone());
    }
    match (a, b) {
        (Type::Dynamic, t) | (t, Type::Dynamic) => return Some(t.clone()),
        _ => {}
    }
    if depth > MAX_DEPTH {
        return if strict {
            None
        } else {
            Some(Type::union([a.clone(), b.clone()]))
        };
    }
    let d = depth + 1;
    let u = |x: &Type, y: &Type| unify_at(x, y, strict, d);
    // Rule 2: eventuals, the stronger kind winning.
    // A union with an eventual element counts as eventual, so that the
    // result can take each of its elements.
    let (ra, ea) = a.resolved_deep();
    let (rb, eb) = b.resolved_deep();
    if ea.max(eb) != super::Eventual::Prompt {
        return Some(ea.max(eb).wrap(u(&ra, &rb)?));
    }
    // Rule 3: unions.
    match (a, b) {
        (Type::Union(xs), Type::Union(ys)) => {
            return Some(Type::union(xs.iter().chain(ys.iter()).cloned()));
        }
        (Type::Union(xs), t) | (t, Type::Union(xs)) => {
            let elems = xs.iter().map(|x| u(x, t)).collect::<Option<Vec<_>>>()?;
            return Some(Type::union(elems));
        }
        _ => {}
    }
    // Rules 4 and 5.
    let unified = match (a, b) {
        (Type::Int, Type::Number) | (Type::Number, Type::Int) => Type::Number,
        (Type::Int | Type::Number | Type::Bool, Type::String)
        | (Type::String, Type::Int | Type::Number | Type::Bool) => Type::String,
        (Type::List(x), Type::List(y)) => Type::list(u(x, y)?),
        (Type::Set(x), Type::Set(y)) => Type::set(u(x, y)?),
        (Type::Map(x), Type::Map(y)) => Type::map(u(x, y)?),
        (Type::List(x) | Type::Set(x), Type::List(y) | Type::Set(y)) => Type::list(u(x, y)?),
        (Type::Tuple(xs), Type::Tuple(ys)) if xs.len() == ys.len() => Type::tuple(
            xs.iter()
                .zip(ys.iter())
                .map(|(x, y)| u(x, y))
                .collect::<Option<Vec<_>>>()?,
        ),
        (Type::Tuple(xs), Type::Tuple(ys)) => Type::list(fold(xs.iter().chain(ys.iter()), u)?),
        (Type::List(x) | Type::Set(x), Type::Tuple(ys))
        | (Type::Tuple(ys), Type::List(x) | Type::Set(x)) => {
            Type::list(fold(std::iter::once(&**x).chain(ys.iter()), u)?)
        }
        (Type::Object(xs), Type::Object(ys)) => unify_objects(xs, ys, u)?,
        (Type::Map(x), Type::Object(ys)) | (Type::Object(ys), Type::Map(x)) => {
            Type::map(fold(std::iter::once(&**x).chain(ys.values()), u)?)
        }
        // Rule 6.
        _ => {
            if conversion_at(a, b, d) == Some(Safety::Safe) {
                b.clone()
            } else if conversion_at(b, a, d) == Some(Safety::Safe) {
                a.clone()
            } else if strict && *a != Type::None && *b != Type::None {
                return None;
            } else {
                Type::union([a.clone(), b.clone()])
            }
        }
    };
    Some(unified)
}

/// Unifies several types in a canonical (sorted) order, so that the
/// result does not depend on which operand they came from.
fn fold<'a>(
    types: impl Iterator<Item = &'a Type>,
    u: impl Fn(&Type, &Type) -> Option<Type>,
) -> Option<Type> {
    let mut all: Vec<&Type> = types.collect();
    all.sort();
    all.dedup();
    let mut it = all.into_iter();
    let first = it.next()?.clone();
    it.try_fold(first, |acc, t| u(&acc, t))
}

fn unify_objects(
    xs: &BTreeMap<String, Type>,
    ys: &BTreeMap<String, Type>,
    u: impl Fn(&Type, &Type) -> Option<Type>,
) -> Option<Type> {
    let mut out = BTreeMap::new();
    for (name, x) in xs.iter() {
        let t = match ys.get(name) {
            Some(y) => u(x, y)?,
            None => u(x, &Type::None)?,
        };
        out.insert(name.clone(), t);
    }
    for (name, y) in ys.iter() {
        if !xs.contains_key(name) {
            out.insert(name.clone(), u(y, &Type::None)?);
        }
    }
    Some(Type::Object(Arc::new(out)))
}
