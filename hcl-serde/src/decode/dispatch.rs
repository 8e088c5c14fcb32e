//! How generated code picks the decoder of a field from its type, not from
//! how the type is spelled: "autoref specialization". The derive knows each
//! field's concrete type and calls, say,
//! `(&&&&Kind::<T>::new()).attribute(...)`. Method lookup tries the receiver
//! with the most references first, and only then, one reference less at
//! each step, the more general impls. An impl whose bounds do not hold is
//! skipped, so a type alias of `Value` or a path through a macro lands on
//! the impl of the type it names.
//!
//! - Attributes, four levels (`&&&&Kind<T>`): the special types (`Value`,
//!   `Expression`, the literal copies, their `Option`s); shapes inside
//!   shapes (`Option<Vec<T>>`); `Vec`, `Option` and maps; any
//!   `Deserialize` type.
//! - Blocks, five levels (`&&&&&Kind<T>`): label maps of derived types;
//!   block shapes ([`BlockField`]); shapes inside shapes and shapes of
//!   what is no block kind (both there only for their error messages);
//!   exactly one block of any [`BlockKind`] (a `Decode` type or a
//!   block-type enum).
//! - Remain fields, two levels (`&&Kind<T>`): [`RemainField`] shapes; any
//!   [`Decode`] type.
//!
//! A bound on a method rather than on its impl is how a mistake gets a
//! message of ours: the impl is picked, and the unmet bound is reported
//! with the `#[diagnostic::on_unimplemented]` message of its trait. rustc
//! uses that message when the unmet bound is about the type the bound
//! names (not something inside it), so a bound is on the element of a
//! shape (`E` of `Vec<E>`), not on the shape, or on a trait no type
//! implements (whose message then names the whole type).
//!
//! Only generated code uses this module (through `hcl_serde::__private`).

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash};
use std::marker::PhantomData;

use serde::de::DeserializeOwned;

use hcl_core::{Body, Expression, Value};

use hcl_core::schema::BlockHeaderSchema;

use super::{
    exactly_one, BlockField, BlockKind, BlockMap, BodyRef, Content, Decode, Decoder, FieldId,
    Labels, RemainField,
};

/// The type `T` of a field, as a receiver for method lookup.
pub struct Kind<T>(PhantomData<T>);

impl<T> Kind<T> {
    /// The marker for `T`.
    pub const fn new() -> Kind<T> {
        Kind(PhantomData)
    }
}

impl<T> Default for Kind<T> {
    fn default() -> Self {
        Kind::new()
    }
}

/// What an absent attribute gives: `Some(None)` for `Option` types (an
/// optional attribute), `None` for the rest (required).
pub trait AbsentOption<T> {
    /// The value of an absent attribute, when the type has one.
    fn absent(&self) -> Option<T>;
}

impl<U> AbsentOption<Option<U>> for &Kind<Option<U>> {
    fn absent(&self) -> Option<Option<U>> {
        Some(None)
    }
}

/// See [`AbsentOption`].
pub trait AbsentRequired<T> {
    /// No value: the attribute is required.
    fn absent(&self) -> Option<T>;
}

impl<T> AbsentRequired<T> for Kind<T> {
    fn absent(&self) -> Option<T> {
        None
    }
}

/// Attribute fields whose type receives more than a value: `Value` (the
/// evaluated value itself), `Expression` (unevaluated), and their
/// `Option`s.
pub trait AttributeSpecial<T> {
    /// The attribute the schema's id `id` names; `Some(None)` when
    /// absent (or null, for an optional one), `None` after an error.
    fn attribute(
        &self,
        d: &mut Decoder<'_>,
        content: &Content<'_>,
        id: FieldId,
        required: bool,
    ) -> Option<Option<T>>;
}

impl AttributeSpecial<Value> for &&&Kind<Value> {
    fn attribute(
        &self,
        d: &mut Decoder<'_>,
        content: &Content<'_>,
        id: FieldId,
        required: bool,
    ) -> Option<Option<Value>> {
        d.attribute_value(content, id, required)
    }
}

impl AttributeSpecial<Option<Value>> for &&&Kind<Option<Value>> {
    fn attribute(
        &self,
        d: &mut Decoder<'_>,
        content: &Content<'_>,
        id: FieldId,
        _required: bool,
    ) -> Option<Option<Option<Value>>> {
        d.attribute_value(content, id, false).map(|v| v.map(Some))
    }
}

/// Fields whose type a literal gives without a serde visitor
/// (`Decoder::attribute_copied`, `LiteralCopy`): a plain string literal
/// is copied as it is into a `String`, a literal scalar converted by the
/// type's rule into a bool or a number, a tuple of plain strings copied
/// into a `Vec<String>`, an object of them into a map of `String` to
/// `String` (a `BTreeMap`, or a `HashMap` with any hasher), and the same
/// into the `Option` of each; anything else converts as for any
/// `Deserialize` type.
macro_rules! copied_fields {
    ($([$($generics:tt)*] $t:ty),* $(,)?) => {$(
        copied_fields!(@one [$($generics)*] $t);
        copied_fields!(@one [$($generics)*] Option<$t>);
    )*};
    (@one [$($generics:tt)*] $t:ty) => {
        impl<$($generics)*> AttributeSpecial<$t> for &&&Kind<$t> {
            #[inline]
            fn attribute(
                &self,
                d: &mut Decoder<'_>,
                content: &Content<'_>,
                id: FieldId,
                required: bool,
            ) -> Option<Option<$t>> {
                d.attribute_copied(content, id, required)
            }
        }
    };
}

copied_fields!(
    [] String, [] Vec<String>, [] BTreeMap<String, String>,
    [S: BuildHasher + Default] HashMap<String, String, S>,
    [] bool, [] f32, [] f64,
    [] i8, [] i16, [] i32, [] i64, [] i128, [] u8, [] u16, [] u32, [] u64, [] u128,
);

impl AttributeSpecial<Expression> for &&&Kind<Expression> {
    fn attribute(
        &self,
        d: &mut Decoder<'_>,
        content: &Content<'_>,
        id: FieldId,
        required: bool,
    ) -> Option<Option<Expression>> {
        d.attribute_expression(content, id, required)
    }
}

impl AttributeSpecial<Option<Expression>> for &&&Kind<Option<Expression>> {
    fn attribute(
        &self,
        d: &mut Decoder<'_>,
        content: &Content<'_>,
        id: FieldId,
        _required: bool,
    ) -> Option<Option<Option<Expression>>> {
        d.attribute_expression(content, id, false)
            .map(|e| e.map(Some))
    }
}

/// Attribute fields of a shape inside a shape (`Option<Vec<T>>`,
/// `Vec<Vec<T>>`, `Vec<Option<T>>`, `Option<Option<T>>`) that no special
/// impl takes: as [`AttributeShape`], bounded on the innermost element,
/// so that `Option<Vec<Server>>` of a block type is reported about
/// `Server` with [`AttributeValue`]'s message.
pub trait AttributeNested<T, E> {
    /// See [`AttributeSpecial::attribute`].
    fn attribute(
        &self,
        d: &mut Decoder<'_>,
        content: &Content<'_>,
        id: FieldId,
        required: bool,
    ) -> Option<Option<T>>
    where
        E: AttributeValue;
}

macro_rules! attribute_nested {
    ($($outer:ident<$inner:ident>)*) => {$(
        impl<E> AttributeNested<$outer<$inner<E>>, E> for &&Kind<$outer<$inner<E>>> {
            #[inline]
            fn attribute(
                &self,
                d: &mut Decoder<'_>,
                content: &Content<'_>,
                id: FieldId,
                required: bool,
            ) -> Option<Option<$outer<$inner<E>>>>
            where
                E: AttributeValue,
            {
                d.attribute::<$outer<$inner<E>>>(content, id, required)
            }
        }
    )*};
}

attribute_nested!(Option<Vec> Vec<Vec> Vec<Option> Option<Option>);

/// Attribute fields of a `Vec` or an `Option` that no special impl takes:
/// decoded as any other `Deserialize` type, but bounded on the element, so
/// that a `Vec` of a block type is reported with [`AttributeValue`]'s
/// message about the element (serde's own, about the `Vec`, would suggest
/// deriving `Deserialize`).
pub trait AttributeShape<T, E> {
    /// See [`AttributeSpecial::attribute`].
    fn attribute(
        &self,
        d: &mut Decoder<'_>,
        content: &Content<'_>,
        id: FieldId,
        required: bool,
    ) -> Option<Option<T>>
    where
        E: AttributeValue;
}

macro_rules! attribute_shapes {
    ($($shape:ident)*) => {$(
        impl<T> AttributeShape<$shape<T>, T> for &Kind<$shape<T>> {
            #[inline]
            fn attribute(
                &self,
                d: &mut Decoder<'_>,
                content: &Content<'_>,
                id: FieldId,
                required: bool,
            ) -> Option<Option<$shape<T>>>
            where
                T: AttributeValue,
            {
                d.attribute::<$shape<T>>(content, id, required)
            }
        }
    )*};
}

attribute_shapes!(Vec Option);

/// Maps the same way, bounded on the value (a map of a block type is the
/// likely mistake); a key that is no `Deserialize` type leaves the map to
/// [`AttributeSerde`].
impl<K: DeserializeOwned + Ord, V> AttributeShape<BTreeMap<K, V>, V> for &Kind<BTreeMap<K, V>> {
    #[inline]
    fn attribute(
        &self,
        d: &mut Decoder<'_>,
        content: &Content<'_>,
        id: FieldId,
        required: bool,
    ) -> Option<Option<BTreeMap<K, V>>>
    where
        V: AttributeValue,
    {
        d.attribute::<BTreeMap<K, V>>(content, id, required)
    }
}

impl<K, V, S> AttributeShape<HashMap<K, V, S>, V> for &Kind<HashMap<K, V, S>>
where
    K: DeserializeOwned + Eq + Hash,
    S: BuildHasher + Default,
{
    #[inline]
    fn attribute(
        &self,
        d: &mut Decoder<'_>,
        content: &Content<'_>,
        id: FieldId,
        required: bool,
    ) -> Option<Option<HashMap<K, V, S>>>
    where
        V: AttributeValue,
    {
        d.attribute::<HashMap<K, V, S>>(content, id, required)
    }
}

/// What an attribute field's type must be when no special impl takes it:
/// a `Deserialize` type. A trait of its own for its message, which says
/// what to do in the derive's terms rather than serde's.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from an attribute",
    label = "an attribute field (the default kind)",
    note = "an attribute takes a `serde::Deserialize` type: `String`, numbers, `bool`, `Vec`, maps, `Value`, `Expression`, `Spanned<T>`, a string enum",
    note = "a struct or enum that derives `HclDecode` is a block type, and so is a `Vec`, `Option`, `Box` or map of one: mark the field `#[hcl(block)]`"
)]
pub trait AttributeValue: DeserializeOwned {}

impl<T: DeserializeOwned> AttributeValue for T {}

/// Every other attribute field: any `Deserialize` type, through the value
/// deserializer (or the literal fast path). The bound is on the method,
/// not the impl, so that a type without it is reported as an unmet bound
/// of [`AttributeValue`] (whose message says what to do), not as a method
/// that no impl offers.
pub trait AttributeSerde<T> {
    /// See [`AttributeSpecial::attribute`].
    fn attribute(
        &self,
        d: &mut Decoder<'_>,
        content: &Content<'_>,
        id: FieldId,
        required: bool,
    ) -> Option<Option<T>>
    where
        T: AttributeValue;
}

impl<T> AttributeSerde<T> for Kind<T> {
    #[inline]
    fn attribute(
        &self,
        d: &mut Decoder<'_>,
        content: &Content<'_>,
        id: FieldId,
        required: bool,
    ) -> Option<Option<T>>
    where
        T: AttributeValue,
    {
        d.attribute::<T>(content, id, required)
    }
}

/// Block fields of a map keyed by labels, one level per label, of derived
/// block types (see [`BlockMap`]): the highest priority, so that such a
/// map is not read as a one-level map of a plain type.
pub trait BlockLabelMap<T> {
    /// The label names of the block type.
    fn label_names(&self) -> Vec<String>;
    /// The blocks of `type_name`.
    fn decode_blocks(
        &self,
        content: &Content<'_>,
        type_name: &str,
        d: &mut Decoder<'_>,
    ) -> Option<T>;
    /// The schema's headers for the field named `name`: one block type.
    fn block_headers(&self, name: &str) -> Vec<BlockHeaderSchema> {
        vec![BlockHeaderSchema::new(name, self.label_names())]
    }
}

impl<T: BlockMap> BlockLabelMap<T> for &&&&Kind<T> {
    fn label_names(&self) -> Vec<String> {
        T::label_names()
    }

    fn decode_blocks(
        &self,
        content: &Content<'_>,
        type_name: &str,
        d: &mut Decoder<'_>,
    ) -> Option<T> {
        T::decode_blocks(content, type_name, d)
    }
}

/// Block fields of a [`BlockField`] shape (`Option`, `Vec`, `Box`, maps,
/// and any type that implements it).
pub trait BlockShape<T> {
    /// The blocks of `type_name`.
    fn decode_blocks(
        &self,
        content: &Content<'_>,
        type_name: &str,
        d: &mut Decoder<'_>,
    ) -> Option<T>;
    /// The schema's headers for the field named `name`.
    fn block_headers(&self, name: &str) -> Vec<BlockHeaderSchema>;
}

impl<T: BlockField> BlockShape<T> for &&&Kind<T> {
    fn block_headers(&self, name: &str) -> Vec<BlockHeaderSchema> {
        T::block_headers(name)
    }

    #[inline]
    fn decode_blocks(
        &self,
        content: &Content<'_>,
        type_name: &str,
        d: &mut Decoder<'_>,
    ) -> Option<T> {
        T::decode_blocks(content, type_name, d)
    }
}

/// Block fields of a shape inside a shape (`Option<Vec<T>>`,
/// `Vec<Option<T>>`, `Option<Option<T>>`, `Vec<Vec<T>>`) of a block type:
/// no such shape exists (a `Vec` is empty when there is no block), and
/// without this level the error was serde's, about the block type's
/// missing `Deserialize`. Below [`BlockShape`], so a shape of a
/// `Deserialize` type that happens to be one (a body read into a
/// `Vec<String>`) is left to it.
pub trait BlockNested<T> {
    /// See [`BlockLabelMap::decode_blocks`]; never compiles.
    fn decode_blocks(
        &self,
        content: &Content<'_>,
        type_name: &str,
        d: &mut Decoder<'_>,
    ) -> Option<T>
    where
        T: NotNestedShape,
    {
        let _ = (content, type_name, d);
        None
    }
    /// See [`BlockShapeOf::block_headers`].
    fn block_headers(&self, _name: &str) -> Vec<BlockHeaderSchema> {
        Vec::new()
    }
}

impl<E> BlockNested<Option<Vec<E>>> for &&Kind<Option<Vec<E>>> {}
impl<E> BlockNested<Vec<Option<E>>> for &&Kind<Vec<Option<E>>> {}
impl<E> BlockNested<Option<Option<E>>> for &&Kind<Option<Option<E>>> {}
impl<E> BlockNested<Vec<Vec<E>>> for &&Kind<Vec<Vec<E>>> {}

/// Implemented by no type: the bound of [`BlockNested`], so that a shape
/// inside a shape fails to compile with this message.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a block field shape",
    label = "a shape inside a shape",
    note = "a block field is `T` (exactly one block), `Option<T>` (at most one), `Vec<T>` (any number, empty when there is none), `Box<T>`, or a map keyed by the blocks' labels",
    note = "for blocks that may be absent, `Vec<T>` is the shape: `Option<Vec<T>>` would say nothing more"
)]
pub trait NotNestedShape {}

/// Block fields of a `Vec`, `Option` or `Box` whose element is no
/// [`BlockKind`]: one level below [`BlockShape`], which takes every such
/// shape of a block kind, so only a mistake gets here; the bound on the
/// element reports it with [`BlockKind`]'s message, naming the element
/// (through the whole shape it would be serde's, about the shape's
/// `Deserialize`).
pub trait BlockShapeOf<T, E> {
    /// See [`BlockLabelMap::decode_blocks`].
    fn decode_blocks(
        &self,
        content: &Content<'_>,
        type_name: &str,
        d: &mut Decoder<'_>,
    ) -> Option<T>
    where
        E: BlockKind;
    /// No headers, and no bound: the field does not compile anyway
    /// (`decode_blocks`' bound), and one error for it is enough.
    fn block_headers(&self, _name: &str) -> Vec<BlockHeaderSchema> {
        Vec::new()
    }
}

macro_rules! block_shapes_of {
    ($($shape:ident)*) => {$(
        impl<E> BlockShapeOf<$shape<E>, E> for &Kind<$shape<E>> {
            fn decode_blocks(
                &self,
                content: &Content<'_>,
                type_name: &str,
                d: &mut Decoder<'_>,
            ) -> Option<$shape<E>>
            where
                E: BlockKind,
            {
                <$shape<E> as BlockField>::decode_blocks(content, type_name, d)
            }
        }
    )*};
}

block_shapes_of!(Vec Option Box);

/// Block fields of a map whose values are not [`Decode`], as
/// [`BlockShapeOf`] for the other shapes: [`Decode`]'s message, about the
/// value type.
pub trait BlockMapOf<T, E> {
    /// See [`BlockLabelMap::decode_blocks`].
    fn decode_blocks(
        &self,
        content: &Content<'_>,
        type_name: &str,
        d: &mut Decoder<'_>,
    ) -> Option<T>
    where
        E: Decode;
    /// See [`BlockShapeOf::block_headers`].
    fn block_headers(&self, _name: &str) -> Vec<BlockHeaderSchema> {
        Vec::new()
    }
}

impl<E> BlockMapOf<BTreeMap<String, E>, E> for &Kind<BTreeMap<String, E>> {
    fn decode_blocks(
        &self,
        content: &Content<'_>,
        type_name: &str,
        d: &mut Decoder<'_>,
    ) -> Option<BTreeMap<String, E>>
    where
        E: Decode,
    {
        <BTreeMap<String, E> as BlockField>::decode_blocks(content, type_name, d)
    }
}

impl<E, S: BuildHasher + Default> BlockMapOf<HashMap<String, E, S>, E>
    for &Kind<HashMap<String, E, S>>
{
    fn decode_blocks(
        &self,
        content: &Content<'_>,
        type_name: &str,
        d: &mut Decoder<'_>,
    ) -> Option<HashMap<String, E, S>>
    where
        E: Decode,
    {
        <HashMap<String, E, S> as BlockField>::decode_blocks(content, type_name, d)
    }
}

/// Block fields of any other [`BlockKind`] (a [`Decode`] type, or a
/// block-type enum): exactly one block. The bound is on the methods, as
/// for [`AttributeSerde`], so that a type that is no block kind is
/// reported with [`BlockKind`]'s message.
pub trait BlockOne<T> {
    /// See [`BlockLabelMap::decode_blocks`].
    fn decode_blocks(
        &self,
        content: &Content<'_>,
        type_name: &str,
        d: &mut Decoder<'_>,
    ) -> Option<T>
    where
        T: BlockKind;
    /// The schema's headers for the field named `name`.
    fn block_headers(&self, name: &str) -> Vec<BlockHeaderSchema>
    where
        T: BlockKind;
}

impl<T> BlockOne<T> for Kind<T> {
    fn block_headers(&self, name: &str) -> Vec<BlockHeaderSchema>
    where
        T: BlockKind,
    {
        T::headers(name)
    }

    #[inline]
    fn decode_blocks(
        &self,
        content: &Content<'_>,
        type_name: &str,
        d: &mut Decoder<'_>,
    ) -> Option<T>
    where
        T: BlockKind,
    {
        exactly_one::<T>(content, type_name, d)
    }
}

/// Remain fields of a [`RemainField`] shape: `Body`, `Option<Body>`, maps
/// of values or expressions.
pub trait RemainShape<T> {
    /// The field's value from the leftover body.
    fn decode_remain(&self, body: &Body, d: &mut Decoder<'_>) -> Option<T>;
}

impl<T: RemainField> RemainShape<T> for &Kind<T> {
    fn decode_remain(&self, body: &Body, d: &mut Decoder<'_>) -> Option<T> {
        T::from_remain(body, d)
    }
}

/// What a remain field's type must be when it is no [`RemainField`]
/// shape: a [`Decode`] type. A trait of its own for its message (through
/// `Decode` alone, a type that is neither was reported as a method that
/// no impl offers, naming this module's traits).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot take the rest of a body",
    label = "a `#[hcl(remain)]` field",
    note = "a `#[hcl(remain)]` field is a `Body`, an `Option<Body>`, a map of `Value`s or `Expression`s, or a type that decodes from a body: a struct that derives `HclDecode` (or `serde::Deserialize`)"
)]
pub trait RemainBody: Decode {}

impl<T: Decode> RemainBody for T {}

/// Remain fields of any other [`Decode`] type: the leftover body decoded
/// as that type (a derived struct applies its own schema to it: two-step
/// partial processing). The bound is on the method, as for
/// [`AttributeSerde`], so that any other type is reported with
/// [`RemainBody`]'s message.
pub trait RemainDecode<T> {
    /// See [`RemainShape::decode_remain`].
    fn decode_remain(&self, body: &Body, d: &mut Decoder<'_>) -> Option<T>
    where
        T: RemainBody;
}

impl<T> RemainDecode<T> for Kind<T> {
    fn decode_remain(&self, body: &Body, d: &mut Decoder<'_>) -> Option<T>
    where
        T: RemainBody,
    {
        T::decode_body(BodyRef::from(body), Labels::NONE, d)
    }
}

/// The plain values (`String`, `bool`, `char`, the numbers, and string
/// enums, for which the derive implements this) and the `Option`, `Vec`
/// and `Box` of them: types that implement `Deserialize`, and so
/// [`Decode`], so a block or remain field of one compiles, but could
/// never decode (a body is no string). Known by the type, not by how it
/// is spelled: an alias or a full path is the type it names. `Scalar` is
/// the value inside, which the messages name.
pub trait PlainValue {
    /// The plain value at the bottom of the shapes.
    type Scalar;
}

macro_rules! plain_values {
    ($($t:ty)*) => {$(
        impl PlainValue for $t {
            type Scalar = $t;
        }
    )*};
}

plain_values!(String bool char u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64);

macro_rules! plain_value_shapes {
    ($($shape:ident)*) => {$(
        impl<T: PlainValue> PlainValue for $shape<T> {
            type Scalar = T::Scalar;
        }
    )*};
}

plain_value_shapes!(Option Vec Box);

/// Implemented by no type: the bound a block field of a [`PlainValue`] is
/// held to, so that it fails to compile with this message.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is a value, not a block type",
    label = "a `#[hcl(block)]` field of a plain value",
    note = "a block decodes into a struct that derives `HclDecode` (or `serde::Deserialize`) or a block-type enum",
    note = "for a value, remove `#[hcl(block)]` (the field is then an attribute)"
)]
pub trait BlockNotValue {}

/// Implemented by no type: the bound a remain field of a [`PlainValue`]
/// is held to, so that it fails to compile with this message.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot take the rest of a body",
    label = "a `#[hcl(remain)]` field of a plain value",
    note = "a `#[hcl(remain)]` field is a `Body`, an `Option<Body>`, a map of `Value`s or `Expression`s, or a struct that derives `HclDecode`"
)]
pub trait RemainNotValue {}

/// Implemented by no type: the bound a block field of a map of
/// [`PlainValue`]s is held to (`#[hcl(block)] tags: HashMap<String,
/// String>`, written for `tags { a = "x" }`, reads blocks keyed by a label
/// each decoded into a `String`, and fails on every input).
#[diagnostic::on_unimplemented(
    message = "a block field of a map of `{Self}` values: `{Self}` is a value, not a block type",
    label = "a map of blocks keyed by their label",
    note = "a map as a block field holds blocks keyed by their first label (`tags \"web\" {{ ... }}`), each decoded into the map's value type",
    note = "for the attributes of one block (`tags {{ a = \"x\" }}`), use `Option<HashMap<String, {Self}>>` (at most one such block) or a struct that derives `HclDecode`; for an attribute (`tags = {{ a = \"x\" }}`), remove `#[hcl(block)]`"
)]
pub trait BlockMapNotValues {}

/// The check of block and remain fields of a map whose values are
/// [`PlainValue`]s: a mistake as a block field (see
/// [`BlockMapNotValues`]), fine as a remain field (the rest of the body's
/// attributes, read as plain serde reads a map). One level above
/// [`CheckPlainValue`], which no map is.
pub trait CheckPlainMap<V: PlainValue> {
    /// A block field of a map of `V` is a mistake.
    fn check_block_field(&self)
    where
        V::Scalar: BlockMapNotValues,
    {
    }

    /// Passes.
    fn check_remain_field(&self) {}
}

impl<K, V: PlainValue> CheckPlainMap<V> for &&Kind<BTreeMap<K, V>> {}

impl<K, V: PlainValue, S> CheckPlainMap<V> for &&Kind<HashMap<K, V, S>> {}

/// The check of block and remain fields whose type is a [`PlainValue`]
/// (the derive calls it once per field, in the schema): a bound no type
/// meets, so a call compiles only for the other types
/// ([`CheckOther`]).
pub trait CheckPlainValue<T: PlainValue> {
    /// A block field of `T` is a mistake.
    fn check_block_field(&self)
    where
        T::Scalar: BlockNotValue,
    {
    }

    /// A remain field of `T` is a mistake.
    fn check_remain_field(&self)
    where
        T::Scalar: RemainNotValue,
    {
    }
}

impl<T: PlainValue> CheckPlainValue<T> for &Kind<T> {}

/// The check of block and remain fields of every other type: nothing to
/// report here (their dispatch checks the rest).
pub trait CheckOther {
    /// Passes.
    fn check_block_field(&self) {}

    /// Passes.
    fn check_remain_field(&self) {}
}

impl<T> CheckOther for Kind<T> {}
