//! Values and their types: the information model's "Values and Value Types".
//!
//! A [`Value`] always knows its [`Type`]; null and unknown values are typed
//! too, and collection values carry their element type even when empty.
//! Values are immutable, cheap to clone (collections are shared) and
//! `Send + Sync`.

mod access;
mod convert;
mod cty_json;
mod number;
mod path;
mod payload;
#[cfg(feature = "serde")]
mod serde_impl;
mod ty;
mod unify;

pub use access::{get_attr, index, AccessError};
pub use cty_json::{
    from_cty_json, to_cty_json, to_cty_json_as, type_from_cty_json, type_to_cty_json, CtyJsonError,
};
pub(crate) use cty_json::{json_string_len, push_json_string};

pub use convert::{
    conversion_safety, convert, convert_safe, mismatch_message, Conversion, ConversionError, Safety,
};
pub(crate) use convert::{convert_within, Failure as ConvertFailure};
pub use number::{Number, NumberError};
pub use path::{Path, PathStep};
pub(crate) use payload::nfc;
pub use payload::{Capsule, List, Map, Object, Set, Str, Tuple};
pub use ty::{CapsuleEqualsFn, CapsulePayload, CapsuleType, ObjectType, Type};
pub use unify::{unify, unify_unsafe, Unification};

#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde_impl::{EncodedValue, NUMBER_TOKEN, VALUE_TOKEN};

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// An HCL value.
///
/// Known values of each kind have their own variant; [`Value::Null`] and
/// [`Value::Unknown`] carry the type they stand for. The unknown value of the
/// dynamic pseudo-type is *the dynamic value* ([`Value::dynamic`]).
///
/// The payload types ([`Str`], [`List`], [`Set`], [`Map`], [`Tuple`],
/// [`Object`]) keep the model's invariants: strings are NFC-normalised, all
/// elements of a collection have its element type, set elements are distinct
/// and in a deterministic order.
///
/// ```
/// use hcl_core::value::{Type, Value};
/// let v = Value::list(Type::String, ["a", "b"].map(Value::from)).unwrap();
/// assert_eq!(v.ty(), Type::list(Type::String));
/// assert_eq!(Value::list(Type::String, []).unwrap().ty(), Type::list(Type::String));
/// assert_eq!(v.equals(&v), Value::Bool(true));
/// ```
#[derive(Clone)]
pub enum Value {
    /// The null value of a type.
    Null(Type),
    /// The unknown value of a type.
    Unknown(Type),
    /// A known bool.
    Bool(bool),
    /// A known number.
    Number(Number),
    /// A known string.
    String(Str),
    /// A known list.
    List(List),
    /// A known set.
    Set(Set),
    /// A known map.
    Map(Map),
    /// A known tuple.
    Tuple(Tuple),
    /// A known object.
    Object(Object),
    /// A known value of a capsule type.
    Capsule(Capsule),
}

/// Why a value could not be constructed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ValueError {
    /// An element's type differs from the collection's element type.
    ElementType {
        /// Index of the element (for maps: its position in key order).
        index: usize,
        /// The collection's element type.
        expected: Type,
        /// The element's type.
        found: Type,
    },
    /// The element type given for a collection is not usable (e.g. `list(T)`
    /// elements that are not all of one type when inferring).
    Inconsistent,
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValueError::ElementType {
                index,
                expected,
                found,
            } => write!(
                f,
                "element {index} is {}, but the collection holds {}",
                found.friendly_name(),
                expected.friendly_name()
            ),
            ValueError::Inconsistent => {
                f.write_str("collection elements must all have the same type")
            }
        }
    }
}

impl std::error::Error for ValueError {}

impl Value {
    /// The dynamic value: unknown, of the dynamic pseudo-type.
    pub fn dynamic() -> Value {
        Value::Unknown(Type::Dynamic)
    }

    /// The null value of `ty`.
    pub fn null(ty: Type) -> Value {
        Value::Null(ty)
    }

    /// The unknown value of `ty`.
    pub fn unknown(ty: Type) -> Value {
        Value::Unknown(ty)
    }

    /// A string value, NFC-normalised.
    pub fn string(s: impl AsRef<str>) -> Value {
        Value::String(Str::new(s.as_ref()))
    }

    /// A number value.
    pub fn number(n: impl Into<Number>) -> Value {
        Value::Number(n.into())
    }

    /// A list of `elem` from `items`; every item must be of type `elem`.
    pub fn list(elem: Type, items: impl IntoIterator<Item = Value>) -> Result<Value, ValueError> {
        List::new(elem, items).map(Value::List)
    }

    /// A set of `elem` from `items`; duplicates are dropped and the order is
    /// made deterministic.
    pub fn set(elem: Type, items: impl IntoIterator<Item = Value>) -> Result<Value, ValueError> {
        Set::new(elem, items).map(Value::Set)
    }

    /// A map of `elem`; a later duplicate key replaces an earlier one.
    pub fn map<K: AsRef<str>>(
        elem: Type,
        entries: impl IntoIterator<Item = (K, Value)>,
    ) -> Result<Value, ValueError> {
        Map::new(elem, entries).map(Value::Map)
    }

    /// A tuple of `items`.
    pub fn tuple(items: impl IntoIterator<Item = Value>) -> Value {
        Value::Tuple(Tuple::new(items))
    }

    /// An object with `attrs`; a later duplicate name replaces an earlier one.
    pub fn object<K: AsRef<str>>(attrs: impl IntoIterator<Item = (K, Value)>) -> Value {
        Value::Object(Object::new(attrs))
    }

    /// The empty object.
    pub fn empty_object() -> Value {
        Value::Object(Object::new(std::iter::empty::<(&str, Value)>()))
    }

    /// The empty tuple.
    pub fn empty_tuple() -> Value {
        Value::tuple([])
    }

    /// The value's type.
    pub fn ty(&self) -> Type {
        match self {
            Value::Null(t) | Value::Unknown(t) => t.clone(),
            Value::Bool(_) => Type::Bool,
            Value::Number(_) => Type::Number,
            Value::String(_) => Type::String,
            Value::List(l) => Type::List(Arc::new(l.element_type().clone())),
            Value::Set(s) => Type::Set(Arc::new(s.element_type().clone())),
            Value::Map(m) => Type::Map(Arc::new(m.element_type().clone())),
            Value::Tuple(t) => Type::tuple(t.iter().map(Value::ty)),
            Value::Object(o) => Type::object(o.iter().map(|(k, v)| (k.as_str(), v.ty()))),
            Value::Capsule(c) => Type::Capsule(c.capsule_type().clone()),
        }
    }

    /// Whether this is a null value.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null(_))
    }

    /// Whether this value is known at its top level (its elements may still
    /// be unknown; see [`is_wholly_known`](Value::is_wholly_known)).
    pub fn is_known(&self) -> bool {
        !matches!(self, Value::Unknown(_))
    }

    /// Whether this value and everything inside it is known.
    pub fn is_wholly_known(&self) -> bool {
        match self {
            Value::Unknown(_) => false,
            Value::List(l) => l.iter().all(Value::is_wholly_known),
            Value::Set(s) => s.iter().all(Value::is_wholly_known),
            Value::Tuple(t) => t.iter().all(Value::is_wholly_known),
            Value::Map(m) => m.values().all(Value::is_wholly_known),
            Value::Object(o) => o.values().all(Value::is_wholly_known),
            _ => true,
        }
    }

    /// Whether this is the dynamic value or a null of the dynamic
    /// pseudo-type.
    pub fn is_dynamic(&self) -> bool {
        matches!(
            self,
            Value::Null(Type::Dynamic) | Value::Unknown(Type::Dynamic)
        )
    }

    /// The bool, if this is a known bool.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The number, if this is a known number.
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The string, if this is a known string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The elements of a known list, set or tuple, in order.
    pub fn as_elements(&self) -> Option<&[Value]> {
        match self {
            Value::List(l) => Some(l.as_slice()),
            Value::Set(s) => Some(s.as_slice()),
            Value::Tuple(t) => Some(t.as_slice()),
            _ => None,
        }
    }

    /// The entries of a known map or object, in key order.
    pub fn as_entries(&self) -> Option<&BTreeMap<Str, Value>> {
        match self {
            Value::Map(m) => Some(m.entries()),
            Value::Object(o) => Some(o.entries()),
            _ => None,
        }
    }

    /// The number of elements or entries of a known collection or
    /// structural value.
    pub fn length(&self) -> Option<usize> {
        self.as_elements()
            .map(<[Value]>::len)
            .or_else(|| self.as_entries().map(BTreeMap::len))
    }

    /// Equality as the information model defines it, as a bool value.
    ///
    /// Two values are equal if their types are identical and their contents
    /// are equal. The result is unknown when an unknown value takes part
    /// (unless the types already tell that the values differ). All null
    /// values are equal to each other whatever their type, as in the
    /// reference implementation (so that `x == null` works for a null of any
    /// type; see COMPAT.md).
    ///
    /// ```
    /// use hcl_core::value::{Type, Value};
    /// assert_eq!(Value::from(1).equals(&Value::from(1)), Value::Bool(true));
    /// assert_eq!(Value::from(1).equals(&Value::from("1")), Value::Bool(false));
    /// assert_eq!(Value::from(1).equals(&Value::unknown(Type::Number)), Value::unknown(Type::Bool));
    /// ```
    pub fn equals(&self, other: &Value) -> Value {
        match equality::equals(self, other) {
            Some(b) => Value::Bool(b),
            None => Value::Unknown(Type::Bool),
        }
    }

    /// The total order used for set elements: nulls last (after unknowns,
    /// as in go-cty), known before unknown, then strings lexically (by
    /// bytes), numbers numerically, `false` before `true`, collections
    /// element by element.
    /// Values of different types compare by kind.
    pub fn set_order(&self, other: &Value) -> Ordering {
        equality::set_order(self, other)
    }
}

mod equality;

/// `PartialEq` is *raw* equality: same variant, identical types, equal
/// content; unknown values are equal when their types are. Use
/// [`Value::equals`] for the language's equality.
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        equality::raw_equal(self, other)
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null(t) => write!(f, "null({t})"),
            Value::Unknown(t) => write!(f, "unknown({t})"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Number(n) => write!(f, "{n}"),
            Value::String(s) => write!(f, "{:?}", s.as_str()),
            Value::List(l) => {
                write!(f, "list({})", l.element_type())?;
                f.debug_list().entries(l.iter()).finish()
            }
            Value::Set(s) => {
                write!(f, "set({})", s.element_type())?;
                f.debug_list().entries(s.iter()).finish()
            }
            Value::Map(m) => {
                write!(f, "map({})", m.element_type())?;
                f.debug_map()
                    .entries(m.iter().map(|(k, v)| (k.as_str(), v)))
                    .finish()
            }
            Value::Tuple(t) => f.debug_list().entries(t.iter()).finish(),
            Value::Object(o) => f
                .debug_map()
                .entries(o.iter().map(|(k, v)| (k.as_str(), v)))
                .finish(),
            Value::Capsule(c) => write!(f, "capsule({})", c.capsule_type().name()),
        }
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::string(s)
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(Str::from_string(s))
    }
}

impl From<Str> for Value {
    fn from(s: Str) -> Value {
        Value::String(s)
    }
}

impl From<Number> for Value {
    fn from(n: Number) -> Value {
        Value::Number(n)
    }
}

macro_rules! from_integer {
    ($($t:ty)*) => {$(
        impl From<$t> for Value {
            fn from(n: $t) -> Value {
                Value::Number(Number::from(n))
            }
        }
    )*};
}
from_integer!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

/// NaN has no HCL value; it becomes a null number (as serde_json maps NaN to
/// `null`).
impl From<f64> for Value {
    fn from(f: f64) -> Value {
        Number::from_f64(f).map_or(Value::Null(Type::Number), Value::Number)
    }
}

/// A `Vec` becomes a *tuple*: it needs no element type, and converts to a
/// list, set or tuple type wherever one is expected. Use [`Value::list`] to
/// build a list.
impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(items: Vec<T>) -> Value {
        Value::tuple(items.into_iter().map(Into::into))
    }
}

/// A map with string keys becomes an *object* (see `From<Vec<T>>`).
impl<K: AsRef<str>, T: Into<Value>> From<BTreeMap<K, T>> for Value {
    fn from(m: BTreeMap<K, T>) -> Value {
        Value::object(m.into_iter().map(|(k, v)| (k, v.into())))
    }
}

/// A map with string keys becomes an *object* (see `From<Vec<T>>`).
impl<K: AsRef<str>, T: Into<Value>, S> From<std::collections::HashMap<K, T, S>> for Value {
    fn from(m: std::collections::HashMap<K, T, S>) -> Value {
        Value::object(m.into_iter().map(|(k, v)| (k, v.into())))
    }
}

/// `None` becomes the null value of the dynamic pseudo-type.
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(o: Option<T>) -> Value {
        o.map_or(Value::Null(Type::Dynamic), Into::into)
    }
}

#[cfg(test)]
mod test;
