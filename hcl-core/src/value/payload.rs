//! The payloads of known collection, structural, string and capsule values:
//! each keeps an invariant of the information model (NFC strings, element
//! types, distinct ordered set elements).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use super::equality;
use super::{CapsulePayload, CapsuleType, Type, Value, ValueError};

/// An NFC-normalised, shared, immutable string.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Str(Arc<str>);

/// `s` in NFC, the form every string value and attribute name is kept in
/// (borrowed when it already is: ASCII text, most text).
pub(crate) fn nfc(s: &str) -> Cow<'_, str> {
    if s.is_ascii() || is_nfc_quick(s.chars()) == IsNormalized::Yes {
        Cow::Borrowed(s)
    } else {
        Cow::Owned(s.nfc().collect())
    }
}

impl Str {
    /// Normalises `s` to NFC (ASCII and already-normalised text are not
    /// copied twice).
    pub fn new(s: &str) -> Str {
        Str(Arc::from(nfc(s)))
    }

    /// Takes an owned string, normalising it if needed.
    pub fn from_string(s: String) -> Str {
        match nfc(&s) {
            Cow::Borrowed(_) => Str(Arc::from(s)),
            Cow::Owned(normal) => Str(Arc::from(normal)),
        }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for Str {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::borrow::Borrow<str> for Str {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl From<&str> for Str {
    fn from(s: &str) -> Str {
        Str::new(s)
    }
}

impl From<String> for Str {
    fn from(s: String) -> Str {
        Str::from_string(s)
    }
}

struct SeqInner {
    elem: Type,
    items: Vec<Value>,
}

fn check_elements(elem: &Type, items: &[Value]) -> Result<(), ValueError> {
    match items.iter().position(|v| v.ty() != *elem) {
        None => Ok(()),
        Some(index) => Err(ValueError::ElementType {
            index,
            expected: elem.clone(),
            found: items[index].ty(),
        }),
    }
}

/// The accessors lists and sets share (both hold a `SeqInner`; a set's
/// elements come in set order).
macro_rules! sequence_accessors {
    ($t:ident) => {
        impl $t {
            /// The element type.
            pub fn element_type(&self) -> &Type {
                &self.inner.elem
            }

            /// The elements, in order.
            pub fn as_slice(&self) -> &[Value] {
                &self.inner.items
            }

            /// Iterates over the elements, in order.
            pub fn iter(&self) -> std::slice::Iter<'_, Value> {
                self.inner.items.iter()
            }

            /// The number of elements.
            pub fn len(&self) -> usize {
                self.inner.items.len()
            }

            /// Whether there are no elements.
            pub fn is_empty(&self) -> bool {
                self.inner.items.is_empty()
            }
        }
    };
}

/// A known list value: elements of one type, in order.
#[derive(Clone)]
pub struct List {
    inner: Arc<SeqInner>,
}

impl List {
    /// A list of `elem`; every item must have type `elem`.
    pub fn new(elem: Type, items: impl IntoIterator<Item = Value>) -> Result<List, ValueError> {
        let items: Vec<Value> = items.into_iter().collect();
        check_elements(&elem, &items)?;
        Ok(List {
            inner: Arc::new(SeqInner { elem, items }),
        })
    }
}

sequence_accessors!(List);
sequence_accessors!(Set);

/// A known set value: distinct elements of one type.
///
/// Elements are kept sorted by [`Value::set_order`] (unknown elements last,
/// in insertion order, since they are never equal to each other), so that a
/// set built from the same elements in any order iterates the same way.
#[derive(Clone)]
pub struct Set {
    inner: Arc<SeqInner>,
}

impl Set {
    /// A set of `elem`; every item must have type `elem`. Equal items are
    /// kept once.
    pub fn new(elem: Type, items: impl IntoIterator<Item = Value>) -> Result<Set, ValueError> {
        let mut items: Vec<Value> = items.into_iter().collect();
        check_elements(&elem, &items)?;
        items.sort_by(Value::set_order);
        items.dedup_by(|a, b| {
            a.is_wholly_known() && b.is_wholly_known() && equality::raw_equal(a, b)
        });
        Ok(Set {
            inner: Arc::new(SeqInner { elem, items }),
        })
    }

    /// Whether `v` is an element (raw equality).
    pub fn contains(&self, v: &Value) -> bool {
        self.inner
            .items
            .binary_search_by(|e| e.set_order(v))
            .is_ok_and(|i| equality::raw_equal(&self.inner.items[i], v))
    }
}

struct MapInner {
    elem: Type,
    entries: BTreeMap<Str, Value>,
}

/// A known map value: values of one type keyed by strings, in key order.
#[derive(Clone)]
pub struct Map {
    inner: Arc<MapInner>,
}

impl Map {
    /// A map of `elem`; every value must have type `elem`.
    pub fn new<K: AsRef<str>>(
        elem: Type,
        entries: impl IntoIterator<Item = (K, Value)>,
    ) -> Result<Map, ValueError> {
        let entries: BTreeMap<Str, Value> = entries
            .into_iter()
            .map(|(k, v)| (Str::new(k.as_ref()), v))
            .collect();
        if let Some((index, v)) = entries.values().enumerate().find(|(_, v)| v.ty() != elem) {
            return Err(ValueError::ElementType {
                index,
                expected: elem,
                found: v.ty(),
            });
        }
        Ok(Map {
            inner: Arc::new(MapInner { elem, entries }),
        })
    }

    /// The element type.
    pub fn element_type(&self) -> &Type {
        &self.inner.elem
    }

    /// The entries, in key order.
    pub fn entries(&self) -> &BTreeMap<Str, Value> {
        &self.inner.entries
    }

    /// The value for `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.inner.entries.get(key)
    }

    /// Iterates over the entries in key order.
    pub fn iter(&self) -> std::collections::btree_map::Iter<'_, Str, Value> {
        self.inner.entries.iter()
    }

    /// Iterates over the values in key order.
    pub fn values(&self) -> std::collections::btree_map::Values<'_, Str, Value> {
        self.inner.entries.values()
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.inner.entries.len()
    }

    /// Whether the map is empty.
    pub fn is_empty(&self) -> bool {
        self.inner.entries.is_empty()
    }
}

/// A known tuple value: a fixed sequence of values of any types.
#[derive(Clone)]
pub struct Tuple {
    items: Arc<[Value]>,
}

impl Tuple {
    /// A tuple of `items`.
    pub fn new(items: impl IntoIterator<Item = Value>) -> Tuple {
        Tuple {
            items: items.into_iter().collect(),
        }
    }

    /// The elements.
    pub fn as_slice(&self) -> &[Value] {
        &self.items
    }

    /// Iterates over the elements.
    pub fn iter(&self) -> std::slice::Iter<'_, Value> {
        self.items.iter()
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the tuple is empty.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// A known object value: named attributes, sorted by name.
#[derive(Clone)]
pub struct Object {
    attrs: Arc<BTreeMap<Str, Value>>,
}

impl Object {
    /// An object with `attrs`; a later duplicate name replaces an earlier one.
    pub fn new<K: AsRef<str>>(attrs: impl IntoIterator<Item = (K, Value)>) -> Object {
        Object::from_strs(attrs.into_iter().map(|(k, v)| (Str::new(k.as_ref()), v)))
    }

    /// An object with `attrs` whose names are [`Str`]s already: each is
    /// kept as it is, not copied (evaluation builds its keys this way).
    /// A later duplicate name replaces an earlier one.
    ///
    /// ```
    /// use hcl_core::value::{Object, Str, Value};
    ///
    /// let name = Str::new("b");
    /// let o = Object::from_strs([(name, Value::from(1)), (Str::new("a"), Value::from(true))]);
    /// let names: Vec<&str> = o.iter().map(|(k, _)| k.as_str()).collect();
    /// assert_eq!(names, ["a", "b"]);
    /// ```
    pub fn from_strs(attrs: impl IntoIterator<Item = (Str, Value)>) -> Object {
        Object {
            attrs: Arc::new(attrs.into_iter().collect()),
        }
    }

    /// The attributes, sorted by name.
    pub fn entries(&self) -> &BTreeMap<Str, Value> {
        &self.attrs
    }

    /// The value of attribute `name`.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.attrs.get(name)
    }

    /// Iterates over the attributes in name order.
    pub fn iter(&self) -> std::collections::btree_map::Iter<'_, Str, Value> {
        self.attrs.iter()
    }

    /// Iterates over the attribute values in name order.
    pub fn values(&self) -> std::collections::btree_map::Values<'_, Str, Value> {
        self.attrs.values()
    }

    /// The number of attributes.
    pub fn len(&self) -> usize {
        self.attrs.len()
    }

    /// Whether the object has no attributes.
    pub fn is_empty(&self) -> bool {
        self.attrs.is_empty()
    }
}

/// A known value of a capsule type.
#[derive(Clone)]
pub struct Capsule {
    inner: Arc<CapsuleInner>,
}

struct CapsuleInner {
    ty: CapsuleType,
    payload: Arc<CapsulePayload>,
}

impl Capsule {
    /// Wraps an application payload in a value of capsule type `ty`.
    ///
    /// ```
    /// use hcl_core::value::{Capsule, CapsuleType, Value};
    /// let bytes = CapsuleType::with_equality("bytes", |a, b| {
    ///     a.downcast_ref::<Vec<u8>>() == b.downcast_ref::<Vec<u8>>()
    /// });
    /// let a = Value::Capsule(Capsule::new(bytes.clone(), vec![1u8, 2]));
    /// let b = Value::Capsule(Capsule::new(bytes, vec![1u8, 2]));
    /// assert_eq!(a.equals(&b), Value::Bool(true));
    /// ```
    pub fn new<T: std::any::Any + Send + Sync>(ty: CapsuleType, payload: T) -> Capsule {
        Capsule {
            inner: Arc::new(CapsuleInner {
                ty,
                payload: Arc::new(payload),
            }),
        }
    }

    /// The capsule type.
    pub fn capsule_type(&self) -> &CapsuleType {
        &self.inner.ty
    }

    /// The payload, if it is a `T`.
    pub fn downcast_ref<T: std::any::Any>(&self) -> Option<&T> {
        self.inner.payload.downcast_ref()
    }

    /// The shared payload.
    pub fn payload(&self) -> &Arc<CapsulePayload> {
        &self.inner.payload
    }

    /// Whether two capsule values are equal: same capsule type, and equal
    /// payloads by the type's equality.
    pub fn payload_equals(&self, other: &Capsule) -> bool {
        self.inner.ty == other.inner.ty
            && self
                .inner
                .ty
                .payloads_equal(&self.inner.payload, &other.inner.payload)
    }
}
