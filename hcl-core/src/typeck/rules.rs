//! The rules of type-extensions.md: assignability, conversion and
//! unification of extended types.
//!
//! Each function quotes the rule it implements; where the document is
//! silent, the base information model (and go-cty) decides, and where both
//! are silent the choice is Pulumi's HCL2 model's (the document's source),
//! noted at the function.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::ty::ExtendedType;
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
///   elements: `output(number)` is assignable from `promise(int)`). A
///   structure holding eventuals is not assignable to an eventual
///   (`output(list(string))` from `list(output(string))`): that takes a
///   conversion, which waits for all of them.
/// - "The null value is only assignable to the none type": `none` is
///   assignable to `none`, to unions containing it and to the dynamic
///   pseudo-type only.
/// - `number` is assignable from `int` (every integer is a number). The
///   document is silent; Pulumi's model makes this a safe conversion
///   instead (see COMPAT.md).
/// - Collections and structures are assignable element-wise; `list(T)` is
///   also assignable from a tuple of elements assignable to `T`, `map(T)`
///   from an object of such attributes; an object from an object that has
///   every attribute (an attribute missing from the source counts as
///   `none`, so optional attributes may be missing; extra attributes are
///   allowed).
///
/// ```
/// use hcl_core::typeck::{assignable, ExtendedType};
/// assert!(assignable(&ExtendedType::optional(ExtendedType::String), &ExtendedType::String));
/// assert!(assignable(&ExtendedType::output(ExtendedType::String), &ExtendedType::promise(ExtendedType::String)));
/// assert!(!assignable(&ExtendedType::String, &ExtendedType::None));
/// assert!(!assignable(&ExtendedType::Int, &ExtendedType::Number));
/// ```
pub fn assignable(to: &ExtendedType, from: &ExtendedType) -> bool {
    assignable_at(to, from, 0)
}

fn assignable_at(to: &ExtendedType, from: &ExtendedType, depth: usize) -> bool {
    if to == from || *to == ExtendedType::Dynamic {
        return true;
    }
    if depth > MAX_DEPTH {
        return false;
    }
    let d = depth + 1;
    if let ExtendedType::Union(froms) = from {
        return froms.iter().all(|f| assignable_at(to, f, d));
    }
    match (to, from) {
        (ExtendedType::Union(tos), _) => tos.iter().any(|t| assignable_at(t, from, d)),
        (ExtendedType::Promise(t), ExtendedType::Promise(f)) => assignable_at(t, f, d),
        (ExtendedType::Output(t), ExtendedType::Output(f) | ExtendedType::Promise(f)) => {
            assignable_at(t, f, d)
        }
        (ExtendedType::Promise(t) | ExtendedType::Output(t), f) if !f.is_eventual() => {
            assignable_at(t, f, d)
        }
        (ExtendedType::Number, ExtendedType::Int) => true,
        (ExtendedType::List(t), ExtendedType::List(f))
        | (ExtendedType::Set(t), ExtendedType::Set(f))
        | (ExtendedType::Map(t), ExtendedType::Map(f)) => assignable_at(t, f, d),
        (ExtendedType::List(t), ExtendedType::Tuple(fs)) => {
            fs.iter().all(|f| assignable_at(t, f, d))
        }
        (ExtendedType::Map(t), ExtendedType::Object(fs)) => {
            fs.values().all(|f| assignable_at(t, f, d))
        }
        (ExtendedType::Tuple(ts), ExtendedType::Tuple(fs)) => {
            ts.len() == fs.len()
                && ts
                    .iter()
                    .zip(fs.iter())
                    .all(|(t, f)| assignable_at(t, f, d))
        }
        (ExtendedType::Object(ts), ExtendedType::Object(fs)) => {
            ts.iter().all(|(name, t)| match fs.get(name) {
                Some(f) => assignable_at(t, f, d),
                None => assignable_at(t, &ExtendedType::None, d),
            })
        }
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
///   prompt `T`, likewise. A prompt `T` holding eventuals inside (a tuple
///   of outputs) converts as `T` with them lifted out (see
///   [`ExtendedType::lifted`]): the eventual waits for all of them, as
///   Pulumi's input types allow an eventual at every level; to a promise
///   only when none of them is an output. An eventual never converts to a
///   prompt type.
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
/// use hcl_core::typeck::{conversion, ExtendedType};
/// use hcl_core::value::Safety;
/// assert_eq!(conversion(&ExtendedType::Int, &ExtendedType::String), Some(Safety::Safe));
/// assert_eq!(conversion(&ExtendedType::Number, &ExtendedType::Int), Some(Safety::Unsafe));
/// assert_eq!(conversion(&ExtendedType::Int, &ExtendedType::output(ExtendedType::String)), Some(Safety::Safe));
/// assert_eq!(conversion(&ExtendedType::output(ExtendedType::Int), &ExtendedType::Int), None);
/// let outputs = ExtendedType::tuple([ExtendedType::output(ExtendedType::String), ExtendedType::String]);
/// let want = ExtendedType::output(ExtendedType::list(ExtendedType::String));
/// assert_eq!(conversion(&outputs, &want), Some(Safety::Safe));
/// ```
pub fn conversion(from: &ExtendedType, to: &ExtendedType) -> Option<Safety> {
    conversion_at(from, to, 0)
}

fn worst(a: Option<Safety>, b: Option<Safety>) -> Option<Safety> {
    Some(a?.max(b?))
}

/// The worst safety of converting each pair, starting from `start`; `None`
/// if any pair does not convert.
fn worst_of<'t>(
    start: Safety,
    mut pairs: impl Iterator<Item = (&'t ExtendedType, &'t ExtendedType)>,
    depth: usize,
) -> Option<Safety> {
    pairs.try_fold(start, |acc, (f, t)| {
        Some(acc.max(conversion_at(f, t, depth)?))
    })
}

fn conversion_at(from: &ExtendedType, to: &ExtendedType, depth: usize) -> Option<Safety> {
    use Safety::{Safe, Unsafe};
    if assignable_at(to, from, depth) || *from == ExtendedType::Dynamic {
        return Some(Safe);
    }
    if depth > MAX_DEPTH {
        return None;
    }
    let d = depth + 1;
    if let ExtendedType::Union(froms) = from {
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
        (_, ExtendedType::Union(tos)) => tos.iter().filter_map(|t| conversion_at(from, t, d)).min(),
        // From an eventual's element or a prompt type, either with the
        // eventuals inside lifted out; a promise cannot wait for an output.
        (f, ExtendedType::Promise(t) | ExtendedType::Output(t)) => {
            let (lifted, ev) = f.lifted();
            if ev > to.eventual() {
                None
            } else {
                conversion_at(&lifted, t, d)
            }
        }
        (ExtendedType::Promise(_) | ExtendedType::Output(_) | ExtendedType::None, _) => None,
        (ExtendedType::Number | ExtendedType::Bool | ExtendedType::Int, ExtendedType::String)
        | (ExtendedType::Int, ExtendedType::Number) => Some(Safe),
        (ExtendedType::String, ExtendedType::Number | ExtendedType::Bool | ExtendedType::Int)
        | (ExtendedType::Number, ExtendedType::Int) => Some(Unsafe),
        (ExtendedType::List(f) | ExtendedType::Set(f), ExtendedType::List(t)) => {
            conversion_at(f, t, d)
        }
        (ExtendedType::Set(f), ExtendedType::Set(t)) => conversion_at(f, t, d),
        (ExtendedType::List(f), ExtendedType::Set(t)) => {
            worst(conversion_at(f, t, d), Some(Unsafe))
        }
        (ExtendedType::Tuple(fs), ExtendedType::List(t) | ExtendedType::Set(t)) => {
            // Equal elements of a tuple merge in a set.
            let start = if matches!(to, ExtendedType::Set(_)) && fs.len() > 1 {
                Unsafe
            } else {
                Safe
            };
            worst_of(start, fs.iter().map(|f| (f, &**t)), d)
        }
        (ExtendedType::List(f) | ExtendedType::Set(f), ExtendedType::Tuple(ts)) => {
            worst_of(Unsafe, ts.iter().map(|t| (&**f, t)), d)
        }
        (ExtendedType::Tuple(fs), ExtendedType::Tuple(ts)) if fs.len() == ts.len() => {
            worst_of(Safe, fs.iter().zip(ts.iter()), d)
        }
        (ExtendedType::Map(f), ExtendedType::Map(t)) => conversion_at(f, t, d),
        (ExtendedType::Object(fs), ExtendedType::Map(t)) => {
            worst_of(Safe, fs.values().map(|f| (f, &**t)), d)
        }
        (ExtendedType::Object(fs), ExtendedType::Object(ts)) => worst_of(
            Safe,
            ts.iter()
                .map(|(name, t)| (fs.get(name).unwrap_or(&ExtendedType::None), t)),
            d,
        ),
        (ExtendedType::Map(f), ExtendedType::Object(ts)) => {
            worst_of(Unsafe, ts.values().map(|t| (&**f, t)), d)
        }
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
/// 2. "Two union types unify by producing a new union type whose elements
///    are the concatenation of those of the two input types." "A union type
///    unifies with another type by producing a new union whose element
///    types are the unification of the other type with each of the input
///    union's element types." These come before the eventual rules, as the
///    document orders them, also when the union has eventual elements:
///    `union(promise(int), none)` with `union(output(string), bool)` is
///    `union(promise(int), none, output(string), bool)`.
/// 3. "A promise type unifies with an output type by producing a new
///    output type whose element type is the unification of [the element
///    types]." Two promises give a promise. Two outputs give an **output**
///    (the document says a promise, which would drop the output's
///    application data and is not assignable from either input; Pulumi's
///    own implementation also gives an output). An eventual with a prompt
///    type `T` gives the same eventual of the unification with `T` (whose
///    own eventuals inside are lifted into it).
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
/// use hcl_core::typeck::{unify, ExtendedType};
/// assert_eq!(unify(&ExtendedType::Int, &ExtendedType::Number), ExtendedType::Number);
/// assert_eq!(unify(&ExtendedType::String, &ExtendedType::None), ExtendedType::optional(ExtendedType::String));
/// let o = ExtendedType::output(ExtendedType::String);
/// assert_eq!(unify(&o, &ExtendedType::promise(ExtendedType::Int)), o);
/// ```
pub fn unify(a: &ExtendedType, b: &ExtendedType) -> ExtendedType {
    unify_at(a, b, false, 0).unwrap_or_else(|| ExtendedType::union([a.clone(), b.clone()]))
}

/// Like [`unify`], but `None` where rule 6 would have to form a union of
/// two types neither of which is `none` (at any depth): the base model's
/// "no unification", which the checker reports for conditionals
/// ("Inconsistent conditional result types").
///
/// ```
/// use hcl_core::typeck::{unify_strict, ExtendedType};
/// assert_eq!(unify_strict(&ExtendedType::Bool, &ExtendedType::Number), None);
/// assert_eq!(unify_strict(&ExtendedType::None, &ExtendedType::Bool), Some(ExtendedType::optional(ExtendedType::Bool)));
/// ```
pub fn unify_strict(a: &ExtendedType, b: &ExtendedType) -> Option<ExtendedType> {
    unify_at(a, b, true, 0)
}

/// Unifies any number of types (left to right); the dynamic pseudo-type
/// for none.
pub fn unify_all<'a>(types: impl IntoIterator<Item = &'a ExtendedType>) -> ExtendedType {
    let mut it = types.into_iter();
    let Some(first) = it.next() else {
        return ExtendedType::Dynamic;
    };
    it.fold(first.clone(), |acc, t| unify(&acc, t))
}

fn unify_at(
    a: &ExtendedType,
    b: &ExtendedType,
    strict: bool,
    depth: usize,
) -> Option<ExtendedType> {
    if a == b {
        return Some(a.clone());
    }
    match (a, b) {
        (ExtendedType::Dynamic, t) | (t, ExtendedType::Dynamic) => return Some(t.clone()),
        _ => {}
    }
    if depth > MAX_DEPTH {
        return if strict {
            None
        } else {
            Some(ExtendedType::union([a.clone(), b.clone()]))
        };
    }
    let d = depth + 1;
    let u = |x: &ExtendedType, y: &ExtendedType| unify_at(x, y, strict, d);
    // Rule 2: unions.
    match (a, b) {
        (ExtendedType::Union(xs), ExtendedType::Union(ys)) => {
            return Some(ExtendedType::union(xs.iter().chain(ys.iter()).cloned()));
        }
        (ExtendedType::Union(xs), t) | (t, ExtendedType::Union(xs)) => {
            let elems = xs.iter().map(|x| u(x, t)).collect::<Option<Vec<_>>>()?;
            return Some(ExtendedType::union(elems));
        }
        _ => {}
    }
    // Rule 3: eventuals, the stronger kind winning.
    let (ra, ea) = a.resolved();
    let (rb, eb) = b.resolved();
    if ea.max(eb) != super::Eventual::Prompt {
        return Some(ea.max(eb).wrap(u(ra, rb)?));
    }
    // Rules 4 and 5.
    let unified = match (a, b) {
        (ExtendedType::Int, ExtendedType::Number) | (ExtendedType::Number, ExtendedType::Int) => {
            ExtendedType::Number
        }
        (ExtendedType::Int | ExtendedType::Number | ExtendedType::Bool, ExtendedType::String)
        | (ExtendedType::String, ExtendedType::Int | ExtendedType::Number | ExtendedType::Bool) => {
            ExtendedType::String
        }
        (ExtendedType::List(x), ExtendedType::List(y)) => ExtendedType::list(u(x, y)?),
        (ExtendedType::Set(x), ExtendedType::Set(y)) => ExtendedType::set(u(x, y)?),
        (ExtendedType::Map(x), ExtendedType::Map(y)) => ExtendedType::map(u(x, y)?),
        (
            ExtendedType::List(x) | ExtendedType::Set(x),
            ExtendedType::List(y) | ExtendedType::Set(y),
        ) => ExtendedType::list(u(x, y)?),
        (ExtendedType::Tuple(xs), ExtendedType::Tuple(ys)) if xs.len() == ys.len() => {
            ExtendedType::tuple(
                xs.iter()
                    .zip(ys.iter())
                    .map(|(x, y)| u(x, y))
                    .collect::<Option<Vec<_>>>()?,
            )
        }
        (ExtendedType::Tuple(xs), ExtendedType::Tuple(ys)) => {
            ExtendedType::list(fold(xs.iter().chain(ys.iter()), u)?)
        }
        (ExtendedType::List(x) | ExtendedType::Set(x), ExtendedType::Tuple(ys))
        | (ExtendedType::Tuple(ys), ExtendedType::List(x) | ExtendedType::Set(x)) => {
            ExtendedType::list(fold(std::iter::once(&**x).chain(ys.iter()), u)?)
        }
        (ExtendedType::Object(xs), ExtendedType::Object(ys)) => unify_objects(xs, ys, u)?,
        (ExtendedType::Map(x), ExtendedType::Object(ys))
        | (ExtendedType::Object(ys), ExtendedType::Map(x)) => {
            ExtendedType::map(fold(std::iter::once(&**x).chain(ys.values()), u)?)
        }
        // Rule 6.
        _ => {
            if conversion_at(a, b, d) == Some(Safety::Safe) {
                b.clone()
            } else if conversion_at(b, a, d) == Some(Safety::Safe) {
                a.clone()
            } else if strict && *a != ExtendedType::None && *b != ExtendedType::None {
                return None;
            } else {
                ExtendedType::union([a.clone(), b.clone()])
            }
        }
    };
    Some(unified)
}

/// Unifies several types in a canonical (sorted) order, so that the
/// result does not depend on which operand they came from.
fn fold<'a>(
    types: impl Iterator<Item = &'a ExtendedType>,
    u: impl Fn(&ExtendedType, &ExtendedType) -> Option<ExtendedType>,
) -> Option<ExtendedType> {
    let mut all: Vec<&ExtendedType> = types.collect();
    all.sort();
    all.dedup();
    let mut it = all.into_iter();
    let first = it.next()?.clone();
    it.try_fold(first, |acc, t| u(&acc, t))
}

fn unify_objects(
    xs: &BTreeMap<String, ExtendedType>,
    ys: &BTreeMap<String, ExtendedType>,
    u: impl Fn(&ExtendedType, &ExtendedType) -> Option<ExtendedType>,
) -> Option<ExtendedType> {
    let mut out = BTreeMap::new();
    for (name, x) in xs.iter() {
        let t = match ys.get(name) {
            Some(y) => u(x, y)?,
            None => u(x, &ExtendedType::None)?,
        };
        out.insert(name.clone(), t);
    }
    for (name, y) in ys.iter() {
        if !xs.contains_key(name) {
            out.insert(name.clone(), u(y, &ExtendedType::None)?);
        }
    }
    Some(ExtendedType::Object(Arc::new(out)))
}
