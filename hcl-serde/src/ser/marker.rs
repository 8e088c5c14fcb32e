//! The wrappers that tell the serializer what plain serde data cannot:
//! which fields are blocks ([`Blocks`]), which are labels ([`Label`]),
//! which hold expression text ([`Expr`]). Each crosses serde as a newtype
//! struct with a reserved name, so any other serializer sees the inner
//! value unchanged; each deserializes as its inner value, so the same
//! type reads back through [`from_str`](crate::from_str).

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Reserved newtype names: `BLOCKS[n]` marks blocks with `n` labels taken
/// from map keys.
pub(crate) const BLOCKS: [&str; 9] = [
    "$__hcl_private_Blocks0",
    "$__hcl_private_Blocks1",
    "$__hcl_private_Blocks2",
    "$__hcl_private_Blocks3",
    "$__hcl_private_Blocks4",
    "$__hcl_private_Blocks5",
    "$__hcl_private_Blocks6",
    "$__hcl_private_Blocks7",
    "$__hcl_private_Blocks8",
];

/// Reserved newtype name of [`Label`].
pub(crate) const LABEL: &str = "$__hcl_private_Label";

/// Reserved newtype name of [`Expr`].
pub(crate) const EXPR: &str = "$__hcl_private_Expr";

/// The number of labels of the blocks marked by the newtype name `name`.
pub(crate) fn blocks_labels(name: &str) -> Option<usize> {
    BLOCKS.iter().position(|b| *b == name)
}

/// A field written as blocks of the field's name rather than as an
/// attribute. `LABELS` (0 to 8) labels come from map keys, outermost
/// first; below them the value is:
///
/// - a struct or map: one block, its fields the block's attributes (and
///   blocks, and [`Label`]s);
/// - a sequence: one block per element;
/// - `None` (or an empty sequence or map): no block, which reads back as
///   `None` (or the empty sequence or map).
///
/// This is the shape the decoder reads for plain serde types (a field per
/// block type; `Vec<T>`, `Option<T>`, `T`, or maps keyed by label), so a
/// type that marks its blocks reads back what it wrote.
///
/// ```
/// use std::collections::BTreeMap;
/// use hcl_serde::ser::Blocks;
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Serialize, Deserialize, PartialEq, Debug)]
/// struct Service { port: u16 }
///
/// #[derive(Serialize, Deserialize, PartialEq, Debug)]
/// struct Config {
///     name: String,
///     service: Blocks<BTreeMap<String, Service>, 1>,
///     worker: Blocks<Vec<Service>>,
/// }
///
/// let c = Config {
///     name: "shop".into(),
///     service: Blocks(BTreeMap::from([("web".into(), Service { port: 80 })])),
///     worker: Blocks(vec![Service { port: 1 }, Service { port: 2 }]),
/// };
/// let text = hcl_serde::to_string(&c).unwrap();
/// assert_eq!(text, "name = \"shop\"\n\nservice \"web\" {\n  port = 80\n}\n\nworker {\n  port = 1\n}\n\nworker {\n  port = 2\n}\n");
/// assert_eq!(hcl_serde::from_str::<Config>(&text).unwrap(), c);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Blocks<T, const LABELS: usize = 0>(pub T);

/// One block (or none, for `Option`), or one per element of a `Vec`:
/// [`Blocks`] without labels (built with `Blocks(...)`).
pub type Block<T> = Blocks<T, 0>;

impl<T: Serialize, const LABELS: usize> Serialize for Blocks<T, LABELS> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match BLOCKS.get(LABELS) {
            Some(name) => s.serialize_newtype_struct(name, &self.0),
            None => Err(serde::ser::Error::custom(
                "blocks have at most 8 labels taken from map keys",
            )),
        }
    }
}

/// Zero blocks of a type are an empty list, `None` or an empty map: the
/// writer leaves such a field out, and a field that is absent reaches
/// `deserialize` through serde's missing-field deserializer, which answers
/// `deserialize_option` with `None` (and every other request with the
/// missing-field error, which a single required block keeps).
impl<'de, T: Deserialize<'de>, const LABELS: usize> Deserialize<'de> for Blocks<T, LABELS> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_option(BlocksVisitor(std::marker::PhantomData))
            .map(Blocks)
    }
}

/// [`Blocks`]' visitor: present blocks are `T`'s, absent ones `T` of
/// [`NoBlocks`].
struct BlocksVisitor<T>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for BlocksVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("blocks")
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        T::deserialize(d)
    }

    fn visit_none<E: de::Error>(self) -> Result<T, E> {
        T::deserialize(NoBlocks(std::marker::PhantomData))
    }

    fn visit_unit<E: de::Error>(self) -> Result<T, E> {
        self.visit_none()
    }
}

/// Zero blocks: `None`, an empty sequence or an empty map; anything else
/// (one required block) is missing.
struct NoBlocks<E>(std::marker::PhantomData<E>);

impl<'de, E: de::Error> Deserializer<'de> for NoBlocks<E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, E> {
        Err(E::custom("a block is required, but none was found"))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_none()
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_seq(de::value::SeqDeserializer::new(std::iter::empty::<()>()))
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_map(de::value::MapDeserializer::new(
            std::iter::empty::<((), ())>(),
        ))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, E> {
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct tuple tuple_struct struct enum
        identifier ignored_any
    }
}

/// A field of a block's body written as one of the block's labels (in the
/// order of the fields), not as an attribute. Outside a block it is an
/// error. (The plain decoder reads labels as map keys, not fields: a type
/// with `Label` fields reads back through a derive that knows them.)
///
/// ```
/// use hcl_serde::ser::{Block, Blocks, Label};
/// use serde::Serialize;
///
/// #[derive(Serialize)]
/// struct Service { name: Label<String>, port: u16 }
/// #[derive(Serialize)]
/// struct Config { service: Block<Vec<Service>> }
///
/// let c = Config { service: Blocks(vec![Service { name: Label("web".into()), port: 80 }]) };
/// assert_eq!(hcl_serde::to_string(&c).unwrap(), "service \"web\" {\n  port = 80\n}\n");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Label<T>(pub T);

impl<T: Serialize> Serialize for Label<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(LABEL, &self.0)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Label<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(Label)
    }
}

/// Native-syntax expression text written as it is, where a value goes:
/// how an expression field (`hcl_core::Expression`, kept unevaluated by a
/// decoder) is written back, as its source text
/// ([`hcl_core::write::expression`]). Other serializers see a string.
///
/// The text is checked when written: text that does not parse as one
/// expression is an error.
///
/// ```
/// use hcl_serde::ser::Expr;
/// use serde::Serialize;
///
/// #[derive(Serialize)]
/// struct Config { name: Expr<&'static str> }
///
/// let c = Config { name: Expr("\"app-${var.env}\"") };
/// assert_eq!(hcl_serde::to_string(&c).unwrap(), "name = \"app-${var.env}\"\n");
/// assert!(hcl_serde::to_string(&Config { name: Expr("1 +") }).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Expr<T>(pub T);

impl<T: AsRef<str>> Serialize for Expr<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(EXPR, self.0.as_ref())
    }
}
