//! The encoding side of derived types: how a `#[hcl(block)]` field of a
//! type deriving `HclEncode` becomes blocks, whatever its shape (one
//! derived struct, `Option`, `Vec`, `Box`, maps keyed by labels, a
//! block-type enum). The derive calls [`EncodeBlocks::encode_blocks`] for
//! the field; each shape passes it on to the [`Blocks`] marker, so the
//! derive and hand-written `Blocks` fields write the same text.

use std::collections::{BTreeMap, HashMap};

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::marker::{Blocks, BLOCKS};

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
