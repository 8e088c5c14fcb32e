//! The encoding side of derived types: how a `#[hcl(block)]` field of a
//! type deriving `HclEncode` becomes blocks, whatever its shape (one
//! derived struct, `Option`, `Vec`, `Box`, maps keyed by labels, a
//! block-type enum). The derive calls [`EncodeBlocks::encode_blocks`] for
//! the field; each shape passes it on to the [`Blocks`] marker, so the
//! derive and hand-written `Blocks` fields write the same text.
//!
//! A `#[hcl(remain)]` field goes through [`EncodeRemain`]: what it holds
//! becomes items of the enclosing body, written where the field is
//! declared (a struct with such a field is serialized as a map, whose
//! keys need not be static).

use std::collections::{BTreeMap, HashMap};

use hcl_core::{Body, Expression, Value};
use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

use super::marker::{Blocks, Label, BLOCKS};

/// A block field's value, written as blocks of type `name` into the body
/// being serialized. Implemented by `#[derive(HclEncode)]` for structs
/// (one block) and block-type enums (one block of the variant's type),
/// and here for `Option`, `Vec`, `Box` and maps keyed by labels.
///
/// ```
/// use hcl_serde::{HclDecode, HclEncode};
///
/// #[derive(HclDecode, HclEncode, PartialEq, Debug)]
/// struct Config {
///     #[hcl(block)]
///     listener: Vec<Listener>,
/// }
///
/// #[derive(HclDecode, HclEncode, PartialEq, Debug)]
/// struct Listener {
///     #[hcl(label)]
///     name: String,
///     port: u16,
/// }
///
/// let c = Config { listener: vec![Listener { name: "web".into(), port: 80 }] };
/// let text = hcl_serde::to_string(&c).unwrap();
/// assert_eq!(text, "listener \"web\" {\n  port = 80\n}\n");
/// assert_eq!(hcl_serde::from_str::<Config>(&text).unwrap(), c);
/// ```
pub trait EncodeBlocks {
    /// Writes `self` as blocks of type `name` into the struct `body`.
    fn encode_blocks<S: SerializeStruct>(
        &self,
        name: &'static str,
        body: &mut S,
    ) -> Result<(), S::Error>;
}

/// How many levels of maps keyed by labels lead to a block's body: `0`
/// for a derived struct (implemented by `#[derive(HclEncode)]`), one more
/// per map.
pub trait BlockMapLevels {
    /// The number of map levels.
    const LEVELS: usize;
}

impl<T: EncodeBlocks> EncodeBlocks for Option<T> {
    fn encode_blocks<S: SerializeStruct>(
        &self,
        name: &'static str,
        body: &mut S,
    ) -> Result<(), S::Error> {
        match self {
            Some(v) => v.encode_blocks(name, body),
            None => Ok(()),
        }
    }
}

impl<T: EncodeBlocks> EncodeBlocks for Vec<T> {
    fn encode_blocks<S: SerializeStruct>(
        &self,
        name: &'static str,
        body: &mut S,
    ) -> Result<(), S::Error> {
        self.iter().try_for_each(|v| v.encode_blocks(name, body))
    }
}

impl<T: EncodeBlocks> EncodeBlocks for Box<T> {
    fn encode_blocks<S: SerializeStruct>(
        &self,
        name: &'static str,
        body: &mut S,
    ) -> Result<(), S::Error> {
        (**self).encode_blocks(name, body)
    }
}

impl<T: BlockMapLevels> BlockMapLevels for Box<T> {
    const LEVELS: usize = T::LEVELS;
}

/// A map of blocks keyed by labels: the [`Blocks`] marker with as many
/// labels as map levels.
struct Leveled<'a, T>(&'a T, usize);

impl<T: Serialize> Serialize for Leveled<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match BLOCKS.get(self.1) {
            Some(name) => s.serialize_newtype_struct(name, self.0),
            None => Err(serde::ser::Error::custom(
                "blocks have at most 8 labels taken from map keys",
            )),
        }
    }
}

macro_rules! label_maps {
    ($($map:ident<$k:ident, $v:ident $(, $h:ident)?>),*) => {$(
        impl<$k: Serialize, $v: Serialize + BlockMapLevels $(, $h: std::hash::BuildHasher)?>
            BlockMapLevels for $map<$k, $v $(, $h)?>
        {
            const LEVELS: usize = 1 + $v::LEVELS;
        }

        impl<$k: Serialize, $v: Serialize + BlockMapLevels $(, $h: std::hash::BuildHasher)?>
            EncodeBlocks
            for $map<$k, $v $(, $h)?>
        {
            fn encode_blocks<S: SerializeStruct>(
                &self,
                name: &'static str,
                body: &mut S,
            ) -> Result<(), S::Error> {
                body.serialize_field(name, &Leveled(self, Self::LEVELS))
            }
        }
    )*};
}

label_maps!(BTreeMap<K, V>, HashMap<K, V, H>);

/// One block of a derived struct (what `#[derive(HclEncode)]` emits for
/// its `EncodeBlocks`). Not for applications.
#[doc(hidden)]
pub fn one_block<T: Serialize, S: SerializeStruct>(
    value: &T,
    name: &'static str,
    body: &mut S,
) -> Result<(), S::Error> {
    body.serialize_field(name, &Blocks::<&T, 0>(value))
}

/// An `Expression` field's source text, for the [`Expr`](super::Expr)
/// marker (what `#[derive(HclEncode)]` emits for it). Not for
/// applications.
#[doc(hidden)]
pub fn expression_text(
    e: &hcl_core::Expression,
) -> Result<super::Expr<String>, hcl_core::write::WriteError> {
    hcl_core::write::expression(e).map(super::Expr)
}

/// A `#[hcl(remain)]` field's value, written as the rest of the
/// enclosing body: its attributes and blocks become the body's own,
/// written where the field is declared among the struct's fields (a
/// `Body`'s attributes first, then its blocks, each in the body's order;
/// a map's entries in its order). What the decoder reads into a remain
/// field is what was written, so a derived type with a remain field reads
/// back equal.
///
/// Implemented by `#[derive(HclEncode)]` for structs (their fields), and
/// here for [`Body`], `Option<T>` (`None`: nothing), `Box<T>`, and maps
/// of attribute names to [`Value`]s or [`Expression`]s.
///
/// ```
/// use std::collections::BTreeMap;
/// use hcl_core::Value;
/// use hcl_serde::{HclDecode, HclEncode};
///
/// #[derive(HclDecode, HclEncode, PartialEq, Debug)]
/// struct Config {
///     name: String,
///     #[hcl(remain)]
///     rest: BTreeMap<String, Value>,
/// }
///
/// let c = Config {
///     name: "web".into(),
///     rest: BTreeMap::from([("port".to_string(), Value::from(80))]),
/// };
/// let text = hcl_serde::to_string(&c).unwrap();
/// assert_eq!(text, "name = \"web\"\nport = 80\n");
/// assert_eq!(hcl_serde::from_str::<Config>(&text).unwrap(), c);
/// ```
#[diagnostic::on_unimplemented(
    message = "`HclEncode` writes a `#[hcl(remain)]` field of a derived struct, `Body`, `Option<Body>` or a map of `Value`s or `Expression`s, not `{Self}`",
    label = "not a remain type that can be written"
)]
pub trait EncodeRemain {
    /// Writes `self`'s items into the map `body` (the enclosing body).
    fn encode_remain<M: SerializeMap>(&self, body: &mut M) -> Result<(), M::Error>;
}

impl<T: EncodeRemain> EncodeRemain for Option<T> {
    fn encode_remain<M: SerializeMap>(&self, body: &mut M) -> Result<(), M::Error> {
        match self {
            Some(v) => v.encode_remain(body),
            None => Ok(()),
        }
    }
}

impl<T: EncodeRemain> EncodeRemain for Box<T> {
    fn encode_remain<M: SerializeMap>(&self, body: &mut M) -> Result<(), M::Error> {
        (**self).encode_remain(body)
    }
}

/// Its attributes (their expressions as written), then its blocks.
impl EncodeRemain for Body {
    fn encode_remain<M: SerializeMap>(&self, body: &mut M) -> Result<(), M::Error> {
        let (content, _) = self.all_content();
        for a in content.attributes.iter() {
            body.serialize_entry(&a.name, &expression_text_for::<M>(&a.expr)?)?;
        }
        for b in &content.blocks {
            body.serialize_entry(&b.type_name, &Blocks::<_, 0>(BlockOfBody(b)))?;
        }
        Ok(())
    }
}

/// A block of a [`Body`]: its labels, then its body's items.
struct BlockOfBody<'a>(&'a hcl_core::body::Block);

impl Serialize for BlockOfBody<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        for l in &self.0.labels {
            map.serialize_entry("", &Label(l))?;
        }
        self.0.body.encode_remain(&mut map)?;
        map.end()
    }
}

fn expression_text_for<M: SerializeMap>(e: &Expression) -> Result<super::Expr<String>, M::Error> {
    expression_text(e).map_err(<M::Error as serde::ser::Error>::custom)
}

macro_rules! remain_maps {
    ($($map:ident $(<$h:ident>)?),*) => {$(
        /// Attributes of these values.
        impl$(<$h: std::hash::BuildHasher>)? EncodeRemain for $map<String, Value $(, $h)?> {
            fn encode_remain<M: SerializeMap>(&self, body: &mut M) -> Result<(), M::Error> {
                self.iter().try_for_each(|(k, v)| body.serialize_entry(k, v))
            }
        }

        /// Attributes of these expressions (as written).
        impl$(<$h: std::hash::BuildHasher>)? EncodeRemain for $map<String, Expression $(, $h)?> {
            fn encode_remain<M: SerializeMap>(&self, body: &mut M) -> Result<(), M::Error> {
                self.iter()
                    .try_for_each(|(k, e)| body.serialize_entry(k, &expression_text_for::<M>(e)?))
            }
        }
    )*};
}

remain_maps!(BTreeMap, HashMap<H>);

/// The fields of a derived struct written into a map (what
/// `#[derive(HclEncode)]` emits for [`EncodeRemain`]): the struct's
/// field-writing code runs unchanged against it. Not for applications.
#[doc(hidden)]
pub struct MapFields<'a, M>(pub &'a mut M);

impl<M: SerializeMap> SerializeStruct for MapFields<'_, M> {
    type Ok = ();
    type Error = M::Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), M::Error> {
        self.0.serialize_entry(key, v)
    }

    fn end(self) -> Result<(), M::Error> {
        Ok(())
    }
}
