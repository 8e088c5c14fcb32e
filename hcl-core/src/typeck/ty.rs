//! The extended type: the base types plus `int`, `union`, `none`, `promise`
//! and `output`, with their constructors, names and the mapping to and from
//! the base [`value::Type`].

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::sync::Arc;

use crate::value;

/// A type of the extended type system (type-extensions.md).
///
/// Identity is structural: two types are equal when they are built alike.
/// Unions are kept normal by [`ExtendedType::union`] (flattened, deduplicated and
/// sorted), so `union(a, b) == union(b, a)`; eventual types are kept normal
/// by [`ExtendedType::promise`] and [`ExtendedType::output`] (no eventual
/// anywhere inside another: `output(list(output(int)))` is
/// `output(list(int))`, one type, as in Pulumi's model). Build unions and
/// eventual types with those constructors, not with the variants, to keep
/// these invariants.
///
/// ```
/// use hcl_core::typeck::ExtendedType;
/// let a = ExtendedType::union([ExtendedType::String, ExtendedType::None, ExtendedType::Int]);
/// let b = ExtendedType::union([ExtendedType::union([ExtendedType::Int, ExtendedType::String]), ExtendedType::None]);
/// assert_eq!(a, b);
/// assert_eq!(a.to_string(), "optional(union(int, string))");
/// assert_eq!(ExtendedType::output(ExtendedType::promise(ExtendedType::Int)), ExtendedType::output(ExtendedType::Int));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ExtendedType {
    /// `bool`
    Bool,
    /// `number`: any number, integral or not.
    Number,
    /// `int`: an arbitrary-precision integer.
    Int,
    /// `string`
    String,
    /// `list(T)`
    List(Arc<ExtendedType>),
    /// `map(T)`
    Map(Arc<ExtendedType>),
    /// `set(T)`
    Set(Arc<ExtendedType>),
    /// `object({name = T, ...})`; an optional attribute is one whose type
    /// is assignable from `none`.
    Object(Arc<BTreeMap<String, ExtendedType>>),
    /// `tuple([T, ...])`
    Tuple(Arc<Vec<ExtendedType>>),
    /// The dynamic pseudo-type: any type, decided later.
    Dynamic,
    /// `none`: the type of the null value.
    None,
    /// A union of two or more types. Invariant: at least two elements,
    /// sorted, no duplicates, none of them a union.
    Union(Arc<Vec<ExtendedType>>),
    /// `promise(T)`: a value available later. Invariant: `T` holds no
    /// eventual type, at any depth.
    Promise(Arc<ExtendedType>),
    /// `output(T)`: a value available later, with application data.
    /// Invariant: as for promises.
    Output(Arc<ExtendedType>),
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
    pub fn wrap(self, ty: ExtendedType) -> ExtendedType {
        match self {
            Eventual::Prompt => ty,
            Eventual::Promise => ExtendedType::promise(ty),
            Eventual::Output => ExtendedType::output(ty),
        }
    }
}

impl ExtendedType {
    /// `list(elem)`
    pub fn list(elem: ExtendedType) -> ExtendedType {
        ExtendedType::List(Arc::new(elem))
    }

    /// `map(elem)`
    pub fn map(elem: ExtendedType) -> ExtendedType {
        ExtendedType::Map(Arc::new(elem))
    }

    /// `set(elem)`
    pub fn set(elem: ExtendedType) -> ExtendedType {
        ExtendedType::Set(Arc::new(elem))
    }

    /// `object({...})` from attribute names and types.
    pub fn object<K: Into<String>>(
        attrs: impl IntoIterator<Item = (K, ExtendedType)>,
    ) -> ExtendedType {
        ExtendedType::Object(Arc::new(
            attrs.into_iter().map(|(k, t)| (k.into(), t)).collect(),
        ))
    }

    /// `tuple([...])`
    pub fn tuple(elems: impl IntoIterator<Item = ExtendedType>) -> ExtendedType {
        ExtendedType::Tuple(Arc::new(elems.into_iter().collect()))
    }

    /// `union(T, none)`, written `optional(T)`.
    pub fn optional(ty: ExtendedType) -> ExtendedType {
        ExtendedType::union([ty, ExtendedType::None])
    }

    /// The union of `types`: nested unions are flattened and duplicates
    /// removed; a single type is itself. The union of no types is the
    /// dynamic pseudo-type (nothing constrains it), which makes the
    /// constructor total. A union may hold the dynamic pseudo-type (it is
    /// then assignable from anything, but keeps its other elements for
    /// conversions from it).
    pub fn union(types: impl IntoIterator<Item = ExtendedType>) -> ExtendedType {
        let mut elems = Vec::new();
        for t in types {
            match t {
                ExtendedType::Union(us) => elems.extend(us.iter().cloned()),
                t => elems.push(t),
            }
        }
        elems.sort();
        elems.dedup();
        match elems.len() {
            0 => ExtendedType::Dynamic,
            1 => elems.pop().unwrap_or(ExtendedType::Dynamic),
            _ => ExtendedType::Union(Arc::new(elems)),
        }
    }

    /// `promise(elem)`, with the eventuals inside `elem` lifted out (see
    /// [`lifted`](ExtendedType::lifted)): a promise of a promise is a
    /// promise (`promise(list(promise(int)))` is `promise(list(int))`), and
    /// a promise of anything holding an output is an output
    /// (`promise(union(bool, output(int)))` is `output(union(bool, int))`),
    /// since an output can wait for promises but not the converse.
    pub fn promise(elem: ExtendedType) -> ExtendedType {
        let (r, ev) = elem.lifted();
        match ev {
            Eventual::Output => ExtendedType::Output(Arc::new(r)),
            _ => ExtendedType::Promise(Arc::new(r)),
        }
    }

    /// `output(elem)`, with the eventuals inside `elem` lifted out (see
    /// [`lifted`](ExtendedType::lifted)): `output(list(output(int)))` is
    /// `output(list(int))`, and an output of a promise is an output.
    pub fn output(elem: ExtendedType) -> ExtendedType {
        ExtendedType::Output(Arc::new(elem.lifted().0))
    }

    /// Whether this is `promise(T)` or `output(T)`.
    pub fn is_eventual(&self) -> bool {
        matches!(self, ExtendedType::Promise(_) | ExtendedType::Output(_))
    }

    /// Which kind of eventual this is.
    pub fn eventual(&self) -> Eventual {
        match self {
            ExtendedType::Promise(_) => Eventual::Promise,
            ExtendedType::Output(_) => Eventual::Output,
            _ => Eventual::Prompt,
        }
    }

    /// The type with one level of eventual removed, and which eventual it
    /// was: `output(string)` gives `(string, Output)`.
    pub fn resolved(&self) -> (&ExtendedType, Eventual) {
        match self {
            ExtendedType::Promise(e) => (e, Eventual::Promise),
            ExtendedType::Output(e) => (e, Eventual::Output),
            t => (t, Eventual::Prompt),
        }
    }

    /// Like [`resolved`](ExtendedType::resolved), through unions too: the
    /// eventual is the strongest of the union's elements' and the type the
    /// union of their resolved types (`union(bool, output(int))` gives
    /// `(union(bool, int), Output)`). This is the eventual *around* a value,
    /// what iterating or indexing it waits for; eventuals inside its
    /// elements stay (see [`lifted`](ExtendedType::lifted)).
    pub fn resolved_outer(&self) -> (ExtendedType, Eventual) {
        match self {
            ExtendedType::Union(es) => {
                let ev = es
                    .iter()
                    .map(ExtendedType::eventual)
                    .max()
                    .unwrap_or_default();
                if ev == Eventual::Prompt {
                    return (self.clone(), ev);
                }
                (
                    ExtendedType::union(es.iter().map(|e| e.resolved().0.clone())),
                    ev,
                )
            }
            t => {
                let (r, ev) = t.resolved();
                (r.clone(), ev)
            }
        }
    }

    /// The type with every eventual inside it removed, at any depth, and
    /// the strongest one removed: `tuple([output(string), promise(int)])`
    /// gives `(tuple([string, int]), Output)`. This is what an operation
    /// that needs the whole value waits for (an operand, a function
    /// argument, a condition, a key, an interpolation): its result is then
    /// that eventual. (Pulumi's model calls it resolving the eventuals.)
    ///
    /// ```
    /// use hcl_core::typeck::{Eventual, ExtendedType as T};
    /// let t = T::object([("id", T::output(T::String)), ("n", T::list(T::promise(T::Int)))]);
    /// let (lifted, ev) = t.lifted();
    /// assert_eq!(lifted, T::object([("id", T::String), ("n", T::list(T::Int))]));
    /// assert_eq!(ev, Eventual::Output);
    /// assert_eq!(T::list(T::Int).lifted(), (T::list(T::Int), Eventual::Prompt));
    /// ```
    pub fn lifted(&self) -> (ExtendedType, Eventual) {
        self.lift(0)
            .unwrap_or_else(|| (self.clone(), Eventual::Prompt))
    }

    /// [`lifted`](ExtendedType::lifted), or `None` when there is no
    /// eventual inside (so that callers keep their shared parts instead of
    /// rebuilding them). Beyond the rules' depth limit a type is left as it
    /// is.
    fn lift(&self, depth: usize) -> Option<(ExtendedType, Eventual)> {
        use ExtendedType as T;
        if depth > super::rules::MAX_DEPTH {
            return None;
        }
        let d = depth + 1;
        match self {
            // The constructors keep eventuals out of an eventual's element;
            // a type built from the variants may not, and is lifted too.
            T::Promise(e) => Some(match e.lift(d) {
                Some((r, ev)) => (r, ev.max(Eventual::Promise)),
                None => ((**e).clone(), Eventual::Promise),
            }),
            T::Output(e) => Some((
                e.lift(d).map_or_else(|| (**e).clone(), |(r, _)| r),
                Eventual::Output,
            )),
            T::List(e) => e.lift(d).map(|(r, ev)| (T::list(r), ev)),
            T::Map(e) => e.lift(d).map(|(r, ev)| (T::map(r), ev)),
            T::Set(e) => e.lift(d).map(|(r, ev)| (T::set(r), ev)),
            T::Tuple(es) => lift_all(es.iter(), d).map(|(ts, ev)| (T::tuple(ts), ev)),
            T::Union(es) => lift_all(es.iter(), d).map(|(ts, ev)| (T::union(ts), ev)),
            T::Object(attrs) => lift_all(attrs.values(), d)
                .map(|(ts, ev)| (T::object(attrs.keys().cloned().zip(ts)), ev)),
            T::Bool | T::Number | T::Int | T::String | T::Dynamic | T::None => None,
        }
    }

    /// The element types of a union, or this type alone.
    pub fn union_elements(&self) -> &[ExtendedType] {
        match self {
            ExtendedType::Union(es) => es,
            t => std::slice::from_ref(t),
        }
    }

    /// Whether `none` is one of the union's elements (or the type itself).
    pub fn is_optional(&self) -> bool {
        self.union_elements().contains(&ExtendedType::None)
    }

    /// The type without `none`: `optional(T)` gives `T`.
    pub fn without_none(&self) -> ExtendedType {
        match self {
            ExtendedType::Union(es) => {
                ExtendedType::union(es.iter().filter(|t| **t != ExtendedType::None).cloned())
            }
            t => t.clone(),
        }
    }

    /// The base type with the same values, where there is one: `int` maps
    /// to `number`; `none`, unions and eventual types have no base form.
    ///
    /// ```
    /// use hcl_core::typeck::ExtendedType;
    /// use hcl_core::value;
    /// let t = ExtendedType::list(ExtendedType::Int);
    /// assert_eq!(t.to_base(), Some(value::Type::list(value::Type::Number)));
    /// assert_eq!(ExtendedType::optional(ExtendedType::String).to_base(), None);
    /// ```
    pub fn to_base(&self) -> Option<value::Type> {
        Some(match self {
            ExtendedType::Bool => value::Type::Bool,
            ExtendedType::Number | ExtendedType::Int => value::Type::Number,
            ExtendedType::String => value::Type::String,
            ExtendedType::Dynamic => value::Type::Dynamic,
            ExtendedType::List(e) => value::Type::list(e.to_base()?),
            ExtendedType::Map(e) => value::Type::map(e.to_base()?),
            ExtendedType::Set(e) => value::Type::set(e.to_base()?),
            ExtendedType::Tuple(es) => value::Type::tuple(
                es.iter()
                    .map(ExtendedType::to_base)
                    .collect::<Option<Vec<_>>>()?,
            ),
            ExtendedType::Object(attrs) => value::Type::object(
                attrs
                    .iter()
                    .map(|(k, t)| Some((k.clone(), t.to_base()?)))
                    .collect::<Option<Vec<_>>>()?,
            ),
            ExtendedType::None
            | ExtendedType::Union(_)
            | ExtendedType::Promise(_)
            | ExtendedType::Output(_) => return None,
        })
    }

    /// The base type to use where a base type is required: like
    /// [`to_base`](ExtendedType::to_base), with `optional(T)` read as `T` (base
    /// values of every type may be null) and anything else without a base
    /// form read as the dynamic pseudo-type.
    pub fn to_base_lossy(&self) -> value::Type {
        if let Some(t) = self.to_base() {
            return t;
        }
        match self {
            ExtendedType::List(e) => value::Type::list(e.to_base_lossy()),
            ExtendedType::Map(e) => value::Type::map(e.to_base_lossy()),
            ExtendedType::Set(e) => value::Type::set(e.to_base_lossy()),
            ExtendedType::Tuple(es) => {
                value::Type::tuple(es.iter().map(ExtendedType::to_base_lossy))
            }
            ExtendedType::Object(attrs) => {
                value::Type::object(attrs.iter().map(|(k, t)| (k.clone(), t.to_base_lossy())))
            }
            ExtendedType::Union(_) => match self.without_none() {
                ExtendedType::Union(_) => value::Type::Dynamic,
                t => t.to_base_lossy(),
            },
            ExtendedType::Promise(e) | ExtendedType::Output(e) => e.to_base_lossy(),
            _ => value::Type::Dynamic,
        }
    }
}

/// Lifts each of `types`: `None` when none holds an eventual (nothing is
/// allocated then), otherwise every type lifted and the strongest eventual.
fn lift_all<'t>(
    types: impl Iterator<Item = &'t ExtendedType> + Clone,
    depth: usize,
) -> Option<(Vec<ExtendedType>, Eventual)> {
    let mut out: Option<(Vec<ExtendedType>, Eventual)> = None;
    for (i, t) in types.clone().enumerate() {
        match (t.lift(depth), &mut out) {
            (Some((r, ev)), None) => {
                let mut ts: Vec<ExtendedType> = types.clone().take(i).cloned().collect();
                ts.push(r);
                out = Some((ts, ev));
            }
            (Some((r, ev)), Some((ts, strongest))) => {
                ts.push(r);
                *strongest = (*strongest).max(ev);
            }
            (None, Some((ts, _))) => ts.push(t.clone()),
            (None, None) => {}
        }
    }
    out
}

/// The base types embed unchanged, except that an optional object
/// attribute of type `T` becomes `optional(T)` and a capsule type (which
/// the extended system does not know) becomes the dynamic pseudo-type.
impl From<&value::Type> for ExtendedType {
    fn from(t: &value::Type) -> ExtendedType {
        match t {
            value::Type::Bool => ExtendedType::Bool,
            value::Type::Number => ExtendedType::Number,
            value::Type::String => ExtendedType::String,
            value::Type::List(e) => ExtendedType::list(ExtendedType::from(&**e)),
            value::Type::Map(e) => ExtendedType::map(ExtendedType::from(&**e)),
            value::Type::Set(e) => ExtendedType::set(ExtendedType::from(&**e)),
            value::Type::Tuple(es) => ExtendedType::tuple(es.iter().map(ExtendedType::from)),
            value::Type::Object(o) => ExtendedType::object(o.attributes().iter().map(|(k, t)| {
                let t = ExtendedType::from(t);
                let t = if o.is_optional(k) {
                    ExtendedType::optional(t)
                } else {
                    t
                };
                (k.clone(), t)
            })),
            value::Type::Dynamic | value::Type::Capsule(_) => ExtendedType::Dynamic,
        }
    }
}

impl From<value::Type> for ExtendedType {
    fn from(t: value::Type) -> ExtendedType {
        ExtendedType::from(&t)
    }
}

impl fmt::Display for ExtendedType {
    /// The type-expression form, as [`parse_type`](super::parse_type)
    /// reads it: `list(int)`, `object({a=string})`, `union(int, string)`;
    /// a union with `none` prints as `optional(...)` of the rest, and the
    /// dynamic pseudo-type as `any`, as the base types print it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExtendedType::Bool => f.write_str("bool"),
            ExtendedType::Number => f.write_str("number"),
            ExtendedType::Int => f.write_str("int"),
            ExtendedType::String => f.write_str("string"),
            ExtendedType::Dynamic => f.write_str("any"),
            ExtendedType::None => f.write_str("none"),
            ExtendedType::List(t) => write!(f, "list({t})"),
            ExtendedType::Map(t) => write!(f, "map({t})"),
            ExtendedType::Set(t) => write!(f, "set({t})"),
            ExtendedType::Promise(t) => write!(f, "promise({t})"),
            ExtendedType::Output(t) => write!(f, "output({t})"),
            ExtendedType::Object(attrs) => {
                f.write_str("object({")?;
                for (i, (name, t)) in attrs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write_name(f, name)?;
                    write!(f, "={t}")?;
                }
                f.write_str("})")
            }
            ExtendedType::Tuple(ts) => {
                f.write_str("tuple([")?;
                write_list(f, ts)?;
                f.write_str("])")
            }
            ExtendedType::Union(ts) if ts.contains(&ExtendedType::None) => {
                write!(f, "optional({})", self.without_none())
            }
            ExtendedType::Union(ts) => {
                f.write_str("union(")?;
                write_list(f, ts)?;
                f.write_str(")")
            }
        }
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, ts: &[ExtendedType]) -> fmt::Result {
    for (i, t) in ts.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{t}")?;
    }
    Ok(())
}

/// Writes an attribute name so that [`parse_type`](super::parse_type)
/// reads it back: bare when it is an identifier, except `for` (which would
/// open a for expression); otherwise quoted, with the native syntax's
/// escapes (`\"`, `\\`, `\n`, `\uXXXX`, and `$${` / `%%{` for the template
/// introducers).
fn write_name(f: &mut fmt::Formatter<'_>, name: &str) -> fmt::Result {
    if is_identifier(name) && name != "for" {
        return f.write_str(name);
    }
    f.write_char('"')?;
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            '$' | '%' if chars.peek() == Some(&'{') => {
                f.write_char(c)?;
                f.write_char(c)?;
            }
            c if c.is_control() => write!(f, "\\u{:04X}", u32::from(c))?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('"')
}

use crate::write::is_identifier;

impl fmt::Debug for ExtendedType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
