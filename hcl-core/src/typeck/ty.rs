//! The extended type: the base types plus `int`, `union`, `none`, `promise`
//! and `output`, with their constructors, names and the mapping to and from
//! the base [`value::Type`](crate::value::Type).

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use crate::value;

/// A type of the extended type system (type-extensions.md).
///
/// Identity is structural: two types are equal when they are built alike.
/// Unions are kept normal by [`Type::union`] (flattened, deduplicated and
/// sorted), so `union(a, b) == union(b, a)`; eventual types are kept normal
/// by [`Type::promise`] and [`Type::output`] (no eventual directly inside
/// another). Build unions and eventual types with those constructors, not
/// with the variants, to keep these invariants.
///
/// ```
/// use hcl_core::typeck::Type;
/// let a = Type::union([Type::String, Type::None, Type::Int]);
/// let b = Type::union([Type::union([Type::Int, Type::String]), Type::None]);
/// assert_eq!(a, b);
/// assert_eq!(a.to_string(), "optional(union(int, string))");
/// assert_eq!(Type::output(Type::promise(Type::Int)), Type::output(Type::Int));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    /// `bool`
    Bool,
    /// `number`: any number, integral or not.
    Number,
    /// `int`: an arbitrary-precision integer.
    Int,
    /// `string`
    String,
    /// `list(T)`
    List(Arc<Type>),
    /// `map(T)`
    Map(Arc<Type>),
    /// `set(T)`
    Set(Arc<Type>),
    /// `object({name = T, ...})`; an optional attribute is one whose type
    /// is assignable from `none`.
    Object(Arc<BTreeMap<String, Type>>),
    /// `tuple([T, ...])`
    Tuple(Arc<Vec<Type>>),
    /// The dynamic pseudo-type: any type, decided later.
    Dynamic,
    /// `none`: the type of the null value.
    None,
    /// A union of two or more types. Invariant: at least two elements,
    /// sorted, no duplicates, none of them a union.
    Union(Arc<Vec<Type>>),
    /// `promise(T)`: a value available later. Invariant: `T` is not
    /// eventual, nor a union with an eventual element.
    Promise(Arc<Type>),
    /// `output(T)`: a value available later, with application data.
    /// Invariant: as for promises.
    Output(Arc<Type>),
}

/// Which kind of eventual a type is, ordered so that combining two is
/// taking the maximum (an output absorbs a promise).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub enum Eventual {
    /// Available now.
    #[default]
    Prompt,
    /// A promise.
    Promise,
    /// An output.
    Output,
}

impl Eventual {
    /// Wraps `ty` in this kind of eventual.
    pub fn wrap(self, ty: Type) -> Type {
        match self {
            Eventual::Prompt => ty,
            Eventual::Promise => Type::promise(ty),
            Eventual::Output => Type::output(ty),
        }
    }
}

impl Type {
    /// `list(elem)`
    pub fn list(elem: Type) -> Type {
        Type::List(Arc::new(elem))
    }

    /// `map(elem)`
    pub fn map(elem: Type) -> Type {
        Type::Map(Arc::new(elem))
    }

    /// `set(elem)`
    pub fn set(elem: Type) -> Type {
        Type::Set(Arc::new(elem))
    }

    /// `object({...})` from attribute names and types.
    pub fn object<K: Into<String>>(attrs: impl IntoIterator<Item = (K, Type)>) -> Type {
        Type::Object(Arc::new(
            attrs.into_iter().map(|(k, t)| (k.into(), t)).collect(),
        ))
    }

    /// `tuple([...])`
    pub fn tuple(elems: impl IntoIterator<Item = Type>) -> Type {
        Type::Tuple(Arc::new(elems.into_iter().collect()))
    }

    /// `union(T, none)`, written `optional(T)`.
    pub fn optional(ty: Type) -> Type {
        Type::union([ty, Type::None])
    }

    /// The union of `types`: nested unions are flattened and duplicates
    /// removed; a single type is itself. The union of no types is the
    /// dynamic pseudo-type (nothing constrains it), which makes the
    /// constructor total. A union may hold the dynamic pseudo-type (it is
    /// then assignable from anything, but keeps its other elements for
    /// conversions from it).
    pub fn union(types: impl IntoIterator<Item = Type>) -> Type {
        let mut elems = Vec::new();
        for t in types {
            match t {
                Type::Union(us) => elems.extend(us.iter().cloned()),
                t => elems.push(t),
            }
        }
        elems.sort();
        elems.dedup();
        match elems.len() {
            0 => Type::Dynamic,
            1 => elems.pop().unwrap_or(Type::Dynamic),
            _ => Type::Union(Arc::new(elems)),
        }
    }

    /// `promise(elem)`; an eventual element stays as it is (a promise of a
    /// promise is a promise, a promise of an output an output), and so do
    /// the eventual elements of a union element (`promise(union(bool,
    /// promise(bool)))` is `promise(bool)`).
    pub fn promise(elem: Type) -> Type {
        let (r, ev) = elem.resolved_deep();
        match ev {
            Eventual::Output => Type::Output(Arc::new(r)),
            _ => Type::Promise(Arc::new(r)),
        }
    }

    /// `output(elem)`; an eventual element (or eventual elements of a
    /// union element) give their element type to the output (an output of
    /// a promise is an output).
    pub fn output(elem: Type) -> Type {
        Type::Output(Arc::new(elem.resolved_deep().0))
    }

    /// Whether this is `promise(T)` or `output(T)`.
    pub fn is_eventual(&self) -> bool {
        matches!(self, Type::Promise(_) | Type::Output(_))
    }

    /// Which kind of eventual this is.
    pub fn eventual(&self) -> Eventual {
        match self {
            Type::Promise(_) => Eventual::Promise,
            Type::Output(_) => Eventual::Output,
            _ => Eventual::Prompt,
        }
    }

    /// The type with one level of eventual removed, and which eventual it
    /// was: `output(string)` gives `(string, Output)`.
    pub fn resolved(&self) -> (&Type, Eventual) {
        match self {
            Type::Promise(e) => (e, Eventual::Promise),
            Type::Output(e) => (e, Eventual::Output),
            t => (t, Eventual::Prompt),
        }
    }

    /// Like [`resolved`](Type::resolved), through unions too: the eventual
    /// is the strongest of the union's elements' and the type the union of
    /// their resolved types (`union(bool, output(int))` gives
    /// `(union(bool, int), Output)`).
    pub fn resolved_deep(&self) -> (Type, Eventual) {
        match self {
            Type::Union(es) => {
                let ev = es.iter().map(Type::eventual).max().unwrap_or_default();
                if ev == Eventual::Prompt {
                    return (self.clone(), ev);
                }
                (Type::union(es.iter().map(|e| e.resolved().0.clone())), ev)
            }
            t => {
                let (r, ev) = t.resolved();
                (r.clone(), ev)
            }
        }
    }

    /// The element types of a union, or this type alone.
    pub fn union_elements(&self) -> &[Type] {
        match self {
            Type::Union(es) => es,
            t => std::slice::from_ref(t),
        }
    }

    /// Whether `none` is one of the union's elements (or the type itself).
    pub fn is_optional(&self) -> bool {
        self.union_elements().contains(&Type::None)
    }

    /// The type without `none`: `optional(T)` gives `T`.
    pub fn without_none(&self) -> Type {
        match self {
            Type::Union(es) => Type::union(es.iter().filter(|t| **t != Type::None).cloned()),
            t => t.clone(),
        }
    }

    /// The base type with the same values, where there is one: `int` maps
    /// to `number`; `none`, unions and eventual types have no base form.
    ///
    /// ```
    /// use hcl_core::typeck::Type;
    /// use hcl_core::value;
    /// let t = Type::list(Type::Int);
    /// assert_eq!(t.to_base(), Some(value::Type::list(value::Type::Number)));
    /// assert_eq!(Type::optional(Type::String).to_base(), None);
    /// ```
    pub fn to_base(&self) -> Option<value::Type> {
        Some(match self {
            Type::Bool => value::Type::Bool,
            Type::Number | Type::Int => value::Type::Number,
            Type::String => value::Type::String,
            Type::Dynamic => value::Type::Dynamic,
            Type::List(e) => value::Type::list(e.to_base()?),
            Type::Map(e) => value::Type::map(e.to_base()?),
            Type::Set(e) => value::Type::set(e.to_base()?),
            Type::Tuple(es) => {
                value::Type::tuple(es.iter().map(Type::to_base).collect::<Option<Vec<_>>>()?)
            }
            Type::Object(attrs) => value::Type::object(
                attrs
                    .iter()
                    .map(|(k, t)| Some((k.clone(), t.to_base()?)))
                    .collect::<Option<Vec<_>>>()?,
            ),
            Type::None | Type::Union(_) | Type::Promise(_) | Type::Output(_) => return None,
        })
    }

    /// The base type to use where a base type is required: like
    /// [`to_base`](Type::to_base), with `optional(T)` read as `T` (base
    /// values of every type may be null) and anything else without a base
    /// form read as the dynamic pseudo-type.
    pub fn to_base_lossy(&self) -> value::Type {
        if let Some(t) = self.to_base() {
            return t;
        }
        match self {
            Type::List(e) => value::Type::list(e.to_base_lossy()),
            Type::Map(e) => value::Type::map(e.to_base_lossy()),
            Type::Set(e) => value::Type::set(e.to_base_lossy()),
            Type::Tuple(es) => value::Type::tuple(es.iter().map(Type::to_base_lossy)),
            Type::Object(attrs) => {
                value::Type::object(attrs.iter().map(|(k, t)| (k.clone(), t.to_base_lossy())))
            }
            Type::Union(_) => match self.without_none() {
                Type::Union(_) => value::Type::Dynamic,
                t => t.to_base_lossy(),
            },
            Type::Promise(e) | Type::Output(e) => e.to_base_lossy(),
            _ => value::Type::Dynamic,
        }
    }
}

/// The base types embed unchanged, except that an optional object
/// attribute of type `T` becomes `optional(T)` and a capsule type (which
/// the extended system does not know) becomes the dynamic pseudo-type.
impl From<&value::Type> for Type {
    fn from(t: &value::Type) -> Type {
        match t {
            value::Type::Bool => Type::Bool,
            value::Type::Number => Type::Number,
            value::Type::String => Type::String,
            value::Type::List(e) => Type::list(Type::from(&**e)),
            value::Type::Map(e) => Type::map(Type::from(&**e)),
            value::Type::Set(e) => Type::set(Type::from(&**e)),
            value::Type::Tuple(es) => Type::tuple(es.iter().map(Type::from)),
            value::Type::Object(o) => Type::object(o.attributes().iter().map(|(k, t)| {
                let t = Type::from(t);
                let t = if o.is_optional(k) {
                    Type::optional(t)
                } else {
                    t
                };
                (k.clone(), t)
            })),
            value::Type::Dynamic | value::Type::Capsule(_) => Type::Dynamic,
        }
    }
}

impl From<value::Type> for Type {
    fn from(t: value::Type) -> Type {
        Type::from(&t)
    }
}

impl fmt::Display for Type {
    /// The type-expression form, as [`parse_type`](super::parse_type)
    /// reads it: `list(int)`, `object({a=string})`, `union(int, string)`;
    /// a union with `none` prints as `optional(...)` of the rest, and the
    /// dynamic pseudo-type as `any`, as the base types print it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Bool => f.write_str("bool"),
            Type::Number => f.write_str("number"),
            Type::Int => f.write_str("int"),
            Type::String => f.write_str("string"),
            Type::Dynamic => f.write_str("any"),
            Type::None => f.write_str("none"),
            Type::List(t) => write!(f, "list({t})"),
            Type::Map(t) => write!(f, "map({t})"),
            Type::Set(t) => write!(f, "set({t})"),
            Type::Promise(t) => write!(f, "promise({t})"),
            Type::Output(t) => write!(f, "output({t})"),
            Type::Object(attrs) => {
                f.write_str("object({")?;
                for (i, (name, t)) in attrs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    if is_identifier(name) {
                        write!(f, "{name}={t}")?;
                    } else {
                        write!(f, "{name:?}={t}")?;
                    }
                }
                f.write_str("})")
            }
            Type::Tuple(ts) => {
                f.write_str("tuple([")?;
                write_list(f, ts)?;
                f.write_str("])")
            }
            Type::Union(ts) if ts.contains(&Type::None) => {
                write!(f, "optional({})", self.without_none())
            }
            Type::Union(ts) => {
                f.write_str("union(")?;
                write_list(f, ts)?;
                f.write_str(")")
            }
        }
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, ts: &[Type]) -> fmt::Result {
    for (i, t) in ts.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{t}")?;
    }
    Ok(())
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
