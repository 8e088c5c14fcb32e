//! Value types: primitives, collections, structural types, the dynamic
//! pseudo-type and application-defined capsule types.

use std::any::Any;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The type of an HCL value.
///
/// Types are cheap to clone (nested types are shared) and compare by
/// *identity* as the information model defines it: two types are identical if
/// they are of the same kind with identical element or attribute types. A
/// capsule type is identical only to itself.
///
/// ```
/// use hcl_core::value::Type;
/// let t = Type::list(Type::String);
/// assert_eq!(t, Type::list(Type::String));
/// assert_ne!(t, Type::set(Type::String));
/// assert_eq!(t.to_string(), "list(string)");
/// assert_eq!(t.friendly_name(), "list of string");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Type {
    /// `bool`: true or false.
    Bool,
    /// `number`: an arbitrary-precision number.
    Number,
    /// `string`: a sequence of Unicode characters, NFC-normalised.
    String,
    /// `list(T)`: an ordered sequence of values of one type.
    List(Arc<Type>),
    /// `map(T)`: values of one type keyed by strings.
    Map(Arc<Type>),
    /// `set(T)`: distinct values of one type.
    Set(Arc<Type>),
    /// `object({...})`: named attributes, each with its own type.
    Object(Arc<ObjectType>),
    /// `tuple([...])`: a fixed sequence of elements, each with its own type.
    Tuple(Arc<[Type]>),
    /// The dynamic pseudo-type: a placeholder for a type not yet known. As a
    /// type specification it matches every type.
    Dynamic,
    /// An application-defined type, opaque to HCL.
    Capsule(CapsuleType),
}

/// The attributes of an object type, sorted by name.
///
/// An attribute may be marked *optional*: such object types serve as type
/// constraints (`optional(T)` in type expressions), where a value may omit
/// the attribute and gets a null in its place when converted.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct ObjectType {
    attrs: BTreeMap<String, Type>,
    optional: BTreeSet<String>,
}

impl ObjectType {
    /// The attributes and their types, sorted by name.
    pub fn attributes(&self) -> &BTreeMap<String, Type> {
        &self.attrs
    }

    /// The names of the optional attributes.
    pub fn optional_attributes(&self) -> &BTreeSet<String> {
        &self.optional
    }

    /// Whether `name` is an optional attribute.
    pub fn is_optional(&self, name: &str) -> bool {
        self.optional.contains(name)
    }
}

impl Type {
    /// `list(elem)`.
    pub fn list(elem: Type) -> Type {
        Type::List(Arc::new(elem))
    }

    /// `map(elem)`.
    pub fn map(elem: Type) -> Type {
        Type::Map(Arc::new(elem))
    }

    /// `set(elem)`.
    pub fn set(elem: Type) -> Type {
        Type::Set(Arc::new(elem))
    }

    /// An object type with the given attributes (a later duplicate name
    /// replaces an earlier one).
    ///
    /// ```
    /// use hcl_core::value::Type;
    /// let t = Type::object([("b", Type::Bool), ("a", Type::Number)]);
    /// assert_eq!(t.to_string(), "object({a=number, b=bool})");
    /// ```
    pub fn object<K: Into<String>>(attrs: impl IntoIterator<Item = (K, Type)>) -> Type {
        Type::Object(Arc::new(ObjectType {
            attrs: attrs.into_iter().map(|(k, t)| (k.into(), t)).collect(),
            optional: BTreeSet::new(),
        }))
    }

    /// An object type whose attributes named in `optional` may be omitted.
    /// Names in `optional` that are not attributes are ignored.
    pub fn object_with_optional<K: Into<String>, O: Into<String>>(
        attrs: impl IntoIterator<Item = (K, Type)>,
        optional: impl IntoIterator<Item = O>,
    ) -> Type {
        let attrs: BTreeMap<String, Type> = attrs.into_iter().map(|(k, t)| (k.into(), t)).collect();
        let optional = optional
            .into_iter()
            .map(Into::into)
            .filter(|n| attrs.contains_key(n))
            .collect();
        Type::Object(Arc::new(ObjectType { attrs, optional }))
    }

    /// The object type with no attributes.
    pub fn empty_object() -> Type {
        Type::object(std::iter::empty::<(String, Type)>())
    }

    /// A tuple type with the given element types.
    pub fn tuple(elems: impl IntoIterator<Item = Type>) -> Type {
        Type::Tuple(elems.into_iter().collect())
    }

    /// The tuple type with no elements.
    pub fn empty_tuple() -> Type {
        Type::tuple([])
    }

    /// Whether this is `string`, `number` or `bool`.
    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::Bool | Type::Number | Type::String)
    }

    /// Whether this is a list, map or set type.
    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Map(_) | Type::Set(_))
    }

    /// Whether this is an object or tuple type.
    pub fn is_structural(&self) -> bool {
        matches!(self, Type::Object(_) | Type::Tuple(_))
    }

    /// Whether this is a list type.
    pub fn is_list(&self) -> bool {
        matches!(self, Type::List(_))
    }

    /// Whether this is a map type.
    pub fn is_map(&self) -> bool {
        matches!(self, Type::Map(_))
    }

    /// Whether this is a set type.
    pub fn is_set(&self) -> bool {
        matches!(self, Type::Set(_))
    }

    /// Whether this is an object type.
    pub fn is_object(&self) -> bool {
        matches!(self, Type::Object(_))
    }

    /// Whether this is a tuple type.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Type::Tuple(_))
    }

    /// Whether this is the dynamic pseudo-type itself.
    pub fn is_dynamic(&self) -> bool {
        matches!(self, Type::Dynamic)
    }

    /// Whether this is a capsule type.
    pub fn is_capsule(&self) -> bool {
        matches!(self, Type::Capsule(_))
    }

    /// The element type of a collection type.
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::List(t) | Type::Map(t) | Type::Set(t) => Some(t),
            _ => None,
        }
    }

    /// The attributes of an object type.
    pub fn object_type(&self) -> Option<&ObjectType> {
        match self {
            Type::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The type of attribute `name` of an object type.
    pub fn attribute_type(&self, name: &str) -> Option<&Type> {
        self.object_type()?.attrs.get(name)
    }

    /// The element types of a tuple type.
    pub fn tuple_elements(&self) -> Option<&[Type]> {
        match self {
            Type::Tuple(t) => Some(t),
            _ => None,
        }
    }

    /// Whether the dynamic pseudo-type occurs anywhere in this type.
    pub fn has_dynamic(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::List(t) | Type::Map(t) | Type::Set(t) => t.has_dynamic(),
            Type::Object(o) => o.attrs.values().any(Type::has_dynamic),
            Type::Tuple(ts) => ts.iter().any(Type::has_dynamic),
            Type::Bool | Type::Number | Type::String | Type::Capsule(_) => false,
        }
    }

    /// Whether this type *matches* the type specification `spec`.
    ///
    /// A type matches a specification identical to it, and every type
    /// matches the dynamic pseudo-type; the rule applies at every level, so
    /// `list(string)` matches `list(dynamic)` but `set(string)` does not.
    /// Optional-attribute markers of `spec` are ignored.
    ///
    /// ```
    /// use hcl_core::value::Type;
    /// let spec = Type::list(Type::Dynamic);
    /// assert!(Type::list(Type::String).matches(&spec));
    /// assert!(!Type::set(Type::String).matches(&spec));
    /// assert!(!spec.matches(&Type::list(Type::String)));
    /// ```
    pub fn matches(&self, spec: &Type) -> bool {
        match (self, spec) {
            (_, Type::Dynamic) => true,
            (Type::List(a), Type::List(b))
            | (Type::Map(a), Type::Map(b))
            | (Type::Set(a), Type::Set(b)) => a.matches(b),
            (Type::Object(a), Type::Object(b)) => {
                a.attrs.len() == b.attrs.len()
                    && a.attrs
                        .iter()
                        .zip(&b.attrs)
                        .all(|((an, at), (bn, bt))| an == bn && at.matches(bt))
            }
            (Type::Tuple(a), Type::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.matches(y))
            }
            _ => self == spec,
        }
    }

    /// A name for messages: "string", "list of number", "map of object",
    /// "object with attributes a, b", "tuple with 2 elements", "dynamic".
    pub fn friendly_name(&self) -> String {
        match self {
            Type::Bool => "bool".into(),
            Type::Number => "number".into(),
            Type::String => "string".into(),
            Type::List(t) => format!("list of {}", t.short_name()),
            Type::Map(t) => format!("map of {}", t.short_name()),
            Type::Set(t) => format!("set of {}", t.short_name()),
            Type::Object(o) if o.attrs.is_empty() => "object with no attributes".into(),
            Type::Object(o) => {
                let names: Vec<&str> = o.attrs.keys().map(String::as_str).collect();
                let noun = if names.len() == 1 {
                    "attribute"
                } else {
                    "attributes"
                };
                format!("object with {noun} {}", names.join(", "))
            }
            Type::Tuple(ts) if ts.is_empty() => "empty tuple".into(),
            Type::Tuple(ts) if ts.len() == 1 => "tuple with 1 element".into(),
            Type::Tuple(ts) => format!("tuple with {} elements", ts.len()),
            Type::Dynamic => "dynamic".into(),
            Type::Capsule(c) => c.name().into(),
        }
    }

    /// Like [`friendly_name`](Type::friendly_name), for a type used as a
    /// constraint: the dynamic pseudo-type reads "any type".
    pub fn friendly_name_for_constraint(&self) -> String {
        match self {
            Type::Dynamic => "any type".into(),
            Type::List(t) => format!("list of {}", t.short_constraint_name()),
            Type::Map(t) => format!("map of {}", t.short_constraint_name()),
            Type::Set(t) => format!("set of {}", t.short_constraint_name()),
            _ => self.friendly_name(),
        }
    }

    /// The name of an element type inside "list of …": nested structural
    /// types read as their kind only, so names stay one short phrase.
    fn short_name(&self) -> String {
        match self {
            Type::Object(_) => "object".into(),
            Type::Tuple(_) => "tuple".into(),
            _ => self.friendly_name(),
        }
    }

    fn short_constraint_name(&self) -> String {
        match self {
            Type::Dynamic => "any single type".into(),
            _ => self.short_name(),
        }
    }
}

impl fmt::Display for Type {
    /// The type-expression form: `list(string)`, `object({a=number})`,
    /// `tuple([string, bool])`; the dynamic pseudo-type prints as `any`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Bool => f.write_str("bool"),
            Type::Number => f.write_str("number"),
            Type::String => f.write_str("string"),
            Type::List(t) => write!(f, "list({t})"),
            Type::Map(t) => write!(f, "map({t})"),
            Type::Set(t) => write!(f, "set({t})"),
            Type::Object(o) => {
                f.write_str("object({")?;
                for (i, (name, t)) in o.attrs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    if o.optional.contains(name) {
                        write!(f, "{name}=optional({t})")?;
                    } else {
                        write!(f, "{name}={t}")?;
                    }
                }
                f.write_str("})")
            }
            Type::Tuple(ts) => {
                f.write_str("tuple([")?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str("])")
            }
            Type::Dynamic => f.write_str("any"),
            Type::Capsule(c) => write!(f, "capsule({})", c.name()),
        }
    }
}

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The payload of a capsule value, as the application stored it.
pub type CapsulePayload = dyn Any + Send + Sync;

/// How an application compares two payloads of its capsule type.
pub type CapsuleEqualsFn = fn(&CapsulePayload, &CapsulePayload) -> bool;

/// An application-defined type. Each call of [`CapsuleType::new`] makes a
/// new type, identical only to itself (clones share the identity).
///
/// ```
/// use hcl_core::value::{CapsuleType, Type};
/// let bytes = CapsuleType::new("bytes");
/// assert_eq!(Type::Capsule(bytes.clone()), Type::Capsule(bytes));
/// assert_ne!(Type::Capsule(CapsuleType::new("bytes")), Type::Capsule(CapsuleType::new("bytes")));
/// ```
#[derive(Clone)]
pub struct CapsuleType(Arc<CapsuleTypeInner>);

struct CapsuleTypeInner {
    name: String,
    equals: Option<CapsuleEqualsFn>,
}

impl CapsuleType {
    /// A new capsule type whose values are equal only when they share one
    /// payload allocation.
    pub fn new(name: impl Into<String>) -> CapsuleType {
        CapsuleType(Arc::new(CapsuleTypeInner {
            name: name.into(),
            equals: None,
        }))
    }

    /// A new capsule type whose values are compared by `equals`.
    pub fn with_equality(name: impl Into<String>, equals: CapsuleEqualsFn) -> CapsuleType {
        CapsuleType(Arc::new(CapsuleTypeInner {
            name: name.into(),
            equals: Some(equals),
        }))
    }

    /// The name given at creation, for messages.
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// Compares two payloads of this type.
    pub fn payloads_equal(&self, a: &Arc<CapsulePayload>, b: &Arc<CapsulePayload>) -> bool {
        match self.0.equals {
            Some(eq) => eq(a.as_ref(), b.as_ref()),
            None => Arc::ptr_eq(a, b),
        }
    }
}

impl PartialEq for CapsuleType {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for CapsuleType {}

impl Hash for CapsuleType {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (Arc::as_ptr(&self.0) as usize).hash(state);
    }
}

impl fmt::Debug for CapsuleType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "capsule({})", self.name())
    }
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn type_identity_collections_of_same_kind_and_element_are_identical() {
        assert_eq!(Type::list(Type::String), Type::list(Type::String));
        assert_ne!(Type::list(Type::String), Type::list(Type::Number));
        assert_ne!(Type::list(Type::String), Type::set(Type::String));
        assert_ne!(Type::map(Type::String), Type::list(Type::String));
    }

    #[test]
    fn type_identity_structural_types_compare_attributes_and_elements() {
        let a = Type::object([("x", Type::Number), ("y", Type::String)]);
        let b = Type::object([("y", Type::String), ("x", Type::Number)]);
        assert_eq!(a, b);
        assert_ne!(a, Type::object([("x", Type::Number)]));
        assert_eq!(
            Type::tuple([Type::Bool, Type::String]),
            Type::tuple([Type::Bool, Type::String])
        );
        assert_ne!(
            Type::tuple([Type::Bool, Type::String]),
            Type::tuple([Type::String, Type::Bool])
        );
    }

    #[test]
    fn type_identity_dynamic_is_identical_only_to_itself() {
        assert_eq!(Type::Dynamic, Type::Dynamic);
        assert_ne!(Type::Dynamic, Type::String);
        assert_ne!(Type::list(Type::Dynamic), Type::list(Type::String));
    }

    #[test]
    fn type_specification_any_type_matches_dynamic() {
        for t in [
            Type::String,
            Type::list(Type::Number),
            Type::empty_object(),
            Type::Dynamic,
        ] {
            assert!(t.matches(&Type::Dynamic), "{t}");
            assert!(t.matches(&t), "{t}");
        }
    }

    #[test]
    fn type_specification_matches_is_not_commutative() {
        let spec = Type::object([("a", Type::Dynamic)]);
        let t = Type::object([("a", Type::String)]);
        assert!(t.matches(&spec));
        assert!(!spec.matches(&t));
        assert!(!Type::object([("a", Type::String), ("b", Type::Bool)]).matches(&spec));
        assert!(Type::tuple([Type::Number]).matches(&Type::tuple([Type::Dynamic])));
        assert!(!Type::tuple([]).matches(&Type::tuple([Type::Dynamic])));
    }

    #[test]
    fn friendly_names_read_as_phrases() {
        assert_eq!(Type::map(Type::Number).friendly_name(), "map of number");
        assert_eq!(
            Type::list(Type::object([("a", Type::Bool)])).friendly_name(),
            "list of object"
        );
        assert_eq!(
            Type::object([("a", Type::Bool), ("b", Type::Bool)]).friendly_name(),
            "object with attributes a, b"
        );
        assert_eq!(
            Type::tuple([Type::Bool, Type::Bool]).friendly_name(),
            "tuple with 2 elements"
        );
        assert_eq!(Type::Dynamic.friendly_name_for_constraint(), "any type");
        assert_eq!(
            Type::list(Type::Dynamic).friendly_name_for_constraint(),
            "list of any single type"
        );
    }

    #[test]
    fn display_is_the_type_expression_form() {
        let t = Type::object_with_optional(
            [
                ("a", Type::tuple([Type::String, Type::Dynamic])),
                ("b", Type::set(Type::Bool)),
            ],
            ["b"],
        );
        assert_eq!(
            t.to_string(),
            "object({a=tuple([string, any]), b=optional(set(bool))})"
        );
    }

    #[test]
    fn capsule_types_are_identical_only_to_themselves() {
        let c = CapsuleType::new("bytes");
        assert_eq!(Type::Capsule(c.clone()), Type::Capsule(c.clone()));
        assert_ne!(Type::Capsule(c), Type::Capsule(CapsuleType::new("bytes")));
    }
}
