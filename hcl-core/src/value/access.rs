//! Index and attribute access on values: the one implementation that the
//! native evaluator, traversal application ([`crate::traversal`]) and any
//! other syntax share, so that `a[0]`, `a.b` and an applied traversal report
//! the same errors.
//!
//! The rules and the wording of the errors follow the reference's `hcl.Index`
//! and `hcl.GetAttr`: maps, lists and tuples are indexable (keys converted to
//! string or number), objects by attribute name (a number key is converted to
//! a string, which is what makes the legacy `.0` step work on objects), sets
//! are not indexable; unknown collections or keys give unknown results of the
//! element type where it is known, and the dynamic pseudo-type propagates.

use crate::diag::excerpt;
use std::fmt;

use super::{convert, Type, Value};

/// Why an access failed: a diagnostic summary and detail, without a place
/// (the caller knows where the step is written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccessError {
    /// The reference's summary ("Invalid index", "Unsupported attribute", …).
    pub summary: &'static str,
    /// The reference's detail sentence.
    pub detail: String,
}

impl AccessError {
    #[cold]
    fn new(summary: &'static str, detail: impl Into<String>) -> AccessError {
        AccessError {
            summary,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for AccessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.summary, self.detail)
    }
}

impl std::error::Error for AccessError {}

const INVALID_INDEX: &str = "Invalid index";
const UNSUPPORTED_ATTR: &str = "Unsupported attribute";
const NO_ELEMENT: &str = "The given key does not identify an element in this collection value";

#[cold]
fn invalid_index(detail: impl Into<String>) -> AccessError {
    AccessError::new(INVALID_INDEX, detail)
}

/// `collection[key]`.
///
/// ```
/// use hcl_core::value::{index, Type, Value};
/// let list = Value::list(Type::String, [Value::from("a"), Value::from("b")]).unwrap();
/// assert_eq!(index(&list, &Value::from(1)).unwrap(), Value::from("b"));
/// assert_eq!(index(&list, &Value::from("0")).unwrap(), Value::from("a"));
/// let err = index(&list, &Value::from(2)).unwrap_err();
/// assert_eq!(err.summary, "Invalid index");
/// assert_eq!(
///     index(&list, &Value::unknown(Type::Number)).unwrap(),
///     Value::unknown(Type::String)
/// );
/// ```
pub fn index(collection: &Value, key: &Value) -> Result<Value, AccessError> {
    if collection.is_null() {
        return Err(AccessError::new(
            "Attempt to index null value",
            "This value is null, so it does not have any indices.",
        ));
    }
    if key.is_null() {
        return Err(invalid_index("Can't use a null value as an indexing key."));
    }
    let ty = collection.ty();
    if ty.is_dynamic() || key.ty().is_dynamic() {
        return Ok(Value::dynamic());
    }
    match &ty {
        Type::List(elem) | Type::Map(elem) => {
            let want = if ty.is_list() {
                Type::Number
            } else {
                Type::String
            };
            let key = convert_key(key, &want)?;
            if !key.is_known() || !collection.is_known() {
                return Ok(Value::unknown((**elem).clone()));
            }
            let found = match (collection, &key) {
                (Value::List(l), Value::Number(n)) => {
                    n.to_i64()
                        .filter(|_| n.is_integer())
                        .and_then(|i| usize::try_from(i).ok())
                        .and_then(|i| l.as_slice().get(i))
                }
                (Value::Map(m), Value::String(s)) => m.get(s),
                _ => None,
            };
            match found {
                Some(v) => Ok(v.clone()),
                None => Err(missing_element(collection, &key)),
            }
        }
        Type::Tuple(elems) => {
            let key = convert_key(key, &Type::Number)?;
            let Value::Number(n) = &key else {
                return Ok(Value::dynamic());
            };
            let position = n
                .to_i64()
                .filter(|_| n.is_integer())
                .and_then(|i| usize::try_from(i).ok())
                .filter(|i| *i < elems.len());
            let Some(i) = position else {
                return Err(missing_element(collection, &key));
            };
            match collection {
                Value::Tuple(t) => Ok(t.as_slice().get(i).cloned().unwrap_or_else(Value::dynamic)),
                _ => Ok(Value::unknown(elems.get(i).cloned().unwrap_or(Type::Dynamic))),
            }
        }
        Type::Object(obj) => {
            let was_number = key.ty() == Type::Number;
            let key = convert_key(key, &Type::String)?;
            // An unknown object indexed by a key (not an attribute access)
            // is the dynamic value, attribute or not, as in the reference.
            let (Value::String(name), false) = (&key, matches!(collection, Value::Unknown(_)))
            else {
                return Ok(Value::dynamic());
            };
            let Some(attr_ty) = obj.attributes().get(name.as_str()) else {
                let suggestion = if was_number {
                    " An object only supports looking up attributes by name, not by numeric index."
                } else {
                    ""
                };
                return Err(invalid_index(format!("{NO_ELEMENT}.{suggestion}")));
            };
            match collection {
                Value::Object(o) => Ok(o.get(name).cloned().unwrap_or_else(Value::dynamic)),
                _ => Ok(Value::unknown(attr_ty.clone())),
            }
        }
        Type::Set(_) => Err(invalid_index(
            "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.",
        )),
        _ => Err(invalid_index("This value does not have any indices.")),
    }
}

fn convert_key(key: &Value, want: &Type) -> Result<Value, AccessError> {
    convert(key, want).map_err(|e| invalid_index(format!("{NO_ELEMENT}: {e}.")))
}

/// The reference's most specific "no such element" message for a sequence
/// index that is fractional, negative or past the end.
#[cold]
fn missing_element(collection: &Value, key: &Value) -> AccessError {
    if let (true, Value::Number(n)) = (!collection.ty().is_map(), key) {
        if !n.is_integer() {
            return invalid_index(format!("{NO_ELEMENT}: indexing a sequence requires a whole number, but the given index has a fractional part."));
        }
        if n.is_negative() {
            return invalid_index(format!(
                "{NO_ELEMENT}: a negative number is not a valid index for a sequence."
            ));
        }
        let len = collection
            .length()
            .or_else(|| collection.ty().tuple_elements().map(<[Type]>::len));
        match len {
            Some(0) => {
                return invalid_index(format!("{NO_ELEMENT}: the collection has no elements."))
            }
            Some(_) => {
                return invalid_index(format!("{NO_ELEMENT}: the given index is greater than or equal to the length of the collection."))
            }
            None => {}
        }
    }
    invalid_index(format!("{NO_ELEMENT}."))
}

/// `value.name`.
///
/// ```
/// use hcl_core::value::{get_attr, Type, Value};
/// let obj = Value::object([("port", Value::from(80))]);
/// assert_eq!(get_attr(&obj, "port").unwrap(), Value::from(80));
/// let err = get_attr(&obj, "host").unwrap_err();
/// assert_eq!(err.summary, "Unsupported attribute");
/// assert_eq!(err.detail, "This object does not have an attribute named \"host\".");
/// assert_eq!(get_attr(&Value::dynamic(), "x").unwrap(), Value::dynamic());
/// ```
pub fn get_attr(value: &Value, name: &str) -> Result<Value, AccessError> {
    // Names are compared in NFC, as attribute names and keys are kept (so
    // `é` written as `e` and a combining accent finds the attribute `é`),
    // as go-cty's `GetAttr` compares them; messages show the name as
    // written.
    let wanted = super::payload::nfc(name);
    get_attr_nfc(value, &wanted, name)
}

/// [`get_attr`] of the NFC name `wanted`, written `name`.
fn get_attr_nfc(value: &Value, wanted: &str, name: &str) -> Result<Value, AccessError> {
    if value.is_null() {
        return Err(AccessError::new(
            "Attempt to get attribute from null value",
            "This value is null, so it does not have any attributes.",
        ));
    }
    match value {
        Value::Object(o) => {
            return match o.get(wanted) {
                Some(v) => Ok(v.clone()),
                None => Err(no_attribute(name)),
            }
        }
        Value::Map(m) => {
            return match m.get(wanted) {
                Some(v) => Ok(v.clone()),
                None => Err(AccessError::new(
                    "Missing map element",
                    format!(
                        "This map does not have an element with the key {name}.",
                        name = excerpt(name)
                    ),
                )),
            }
        }
        _ => {}
    }
    let ty = value.ty();
    match &ty {
        Type::Dynamic => Ok(Value::dynamic()),
        Type::Object(obj) => match obj.attributes().get(wanted) {
            Some(t) => Ok(Value::unknown(t.clone())),
            None => Err(no_attribute(name)),
        },
        Type::Map(elem) => Ok(Value::unknown((**elem).clone())),
        Type::List(elem) if elem.is_object() => {
            if elem.attribute_type(wanted).is_some() {
                Err(AccessError::new(UNSUPPORTED_ATTR, format!("Can't access attributes on a list of objects. Did you mean to access attribute {name} for a specific element of the list, or across all elements of the list?", name = excerpt(name))))
            } else {
                Err(AccessError::new(UNSUPPORTED_ATTR, "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?"))
            }
        }
        Type::Set(elem) if elem.is_object() => Err(AccessError::new(
            UNSUPPORTED_ATTR,
            "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?",
        )),
        t if t.is_primitive() => Err(AccessError::new(
            UNSUPPORTED_ATTR,
            format!(
                "Can't access attributes on a primitive-typed value ({}).",
                t.friendly_name()
            ),
        )),
        _ => Err(AccessError::new(
            UNSUPPORTED_ATTR,
            "This value does not have any attributes.",
        )),
    }
}

#[cold]
fn no_attribute(name: &str) -> AccessError {
    AccessError::new(
        UNSUPPORTED_ATTR,
        format!(
            "This object does not have an attribute named {name}.",
            name = excerpt(name)
        ),
    )
}

#[cfg(test)]
mod test {
    use super::*;
    use crate::value::Number;

    #[test]
    fn get_attr_compares_names_in_nfc() {
        let (nfc, nfd) = ("\u{e9}", "e\u{301}");
        let obj = Value::object([(nfc, Value::from(1))]);
        let map = Value::map(Type::Number, [(nfc, Value::from(2))]).unwrap();
        assert_eq!(get_attr(&obj, nfd).unwrap(), Value::from(1));
        assert_eq!(get_attr(&map, nfd).unwrap(), Value::from(2));
        let unknown = Value::unknown(obj.ty());
        assert_eq!(
            get_attr(&unknown, nfd).unwrap(),
            Value::unknown(Type::Number)
        );
        // A message shows the name as written, not normalised.
        let err = get_attr(&obj, "e\u{301}x").unwrap_err();
        assert!(!err.detail.contains(nfc), "{}", err.detail);
    }

    /// The reference's ops.go words these with `%q`: each name as Go's
    /// `strconv.Quote` writes it (hcldec cannot make a map the reference's
    /// way, so this is where the map's message is pinned).
    #[test]
    fn missing_names_are_quoted_as_go_quotes_them() {
        let map = Value::map(Type::Number, [("a", Value::from(1))]).unwrap();
        let obj = Value::object([("a", Value::from(1))]);
        let cases = [
            ("e\u{301}", "\"e\u{301}\""),
            ("a\"b\\c", r#""a\"b\\c""#),
            ("t\tu\u{1}", r#""t\tu\x01""#),
            ("z\u{200b}\u{feff}", r#""z\u200b\ufeff""#),
            ("中\u{1d4b3}", "\"中\u{1d4b3}\""),
        ];
        for (name, shown) in cases {
            let err = get_attr(&map, name).unwrap_err();
            assert_eq!(err.summary, "Missing map element");
            assert_eq!(
                err.detail,
                format!("This map does not have an element with the key {shown}.")
            );
            let err = get_attr(&obj, name).unwrap_err();
            assert_eq!(
                err.detail,
                format!("This object does not have an attribute named {shown}.")
            );
        }
    }

    fn list() -> Value {
        Value::list(Type::Number, [Value::from(10), Value::from(20)]).unwrap()
    }

    #[test]
    fn index_sequence_errors_name_the_reason() {
        let cases: &[(Value, &str)] = &[
            (Value::from(2), "the given index is greater than or equal to the length of the collection."),
            (Value::from(-1), "a negative number is not a valid index for a sequence."),
            (Value::Number(Number::parse_literal("0.5").unwrap()), "indexing a sequence requires a whole number, but the given index has a fractional part."),
            (Value::from("x"), "a number is required."),
        ];
        for (key, tail) in cases {
            for coll in [list(), Value::tuple([Value::from(1), Value::from(2)])] {
                let err = index(&coll, key).unwrap_err();
                assert_eq!(err.summary, "Invalid index");
                assert_eq!(err.detail, format!("{NO_ELEMENT}: {tail}"), "{key:?}");
            }
        }
        let empty = Value::empty_tuple();
        assert_eq!(
            index(&empty, &Value::from(0)).unwrap_err().detail,
            format!("{NO_ELEMENT}: the collection has no elements.")
        );
    }

    #[test]
    fn index_unknown_collections_keep_element_types() {
        let ul = Value::unknown(Type::list(Type::String));
        assert_eq!(
            index(&ul, &Value::from(5)).unwrap(),
            Value::unknown(Type::String)
        );
        let ut = Value::unknown(Type::tuple([Type::Bool, Type::Number]));
        assert_eq!(
            index(&ut, &Value::from(1)).unwrap(),
            Value::unknown(Type::Number)
        );
        assert!(index(&ut, &Value::from(2)).is_err());
        let t = Value::tuple([Value::from(1)]);
        assert_eq!(
            index(&t, &Value::unknown(Type::Number)).unwrap(),
            Value::dynamic()
        );
    }

    #[test]
    fn index_objects_by_name_and_number() {
        let o = Value::object([("0", Value::from("zero")), ("a", Value::from(1))]);
        assert_eq!(index(&o, &Value::from(0)).unwrap(), Value::from("zero"));
        assert_eq!(index(&o, &Value::from("a")).unwrap(), Value::from(1));
        assert_eq!(
            index(&o, &Value::from(3)).unwrap_err().detail,
            format!("{NO_ELEMENT}. An object only supports looking up attributes by name, not by numeric index.")
        );
    }

    #[test]
    fn sets_and_primitives_are_not_indexable() {
        let s = Value::set(Type::Number, [Value::from(1)]).unwrap();
        assert!(index(&s, &Value::from(0))
            .unwrap_err()
            .detail
            .starts_with("Elements of a set"));
        assert_eq!(
            index(&Value::from(true), &Value::from(0))
                .unwrap_err()
                .detail,
            "This value does not have any indices."
        );
        assert_eq!(
            index(&Value::null(Type::list(Type::Number)), &Value::from(0))
                .unwrap_err()
                .summary,
            "Attempt to index null value"
        );
    }

    #[test]
    fn get_attr_on_each_kind() {
        let m = Value::map(Type::Number, [("a", Value::from(1))]).unwrap();
        assert_eq!(get_attr(&m, "a").unwrap(), Value::from(1));
        assert_eq!(
            get_attr(&m, "b").unwrap_err().summary,
            "Missing map element"
        );
        assert_eq!(
            get_attr(&Value::from("s"), "a").unwrap_err().detail,
            "Can't access attributes on a primitive-typed value (string)."
        );
        let lo = Value::list(
            Type::object([("a", Type::Number)]),
            [Value::object([("a", Value::from(1))])],
        )
        .unwrap();
        assert!(get_attr(&lo, "a")
            .unwrap_err()
            .detail
            .contains("attribute \"a\" for a specific element"));
        let uo = Value::unknown(Type::object([("a", Type::Bool)]));
        assert_eq!(get_attr(&uo, "a").unwrap(), Value::unknown(Type::Bool));
        assert_eq!(
            get_attr(&Value::tuple([]), "a").unwrap_err().detail,
            "This value does not have any attributes."
        );
    }
}
