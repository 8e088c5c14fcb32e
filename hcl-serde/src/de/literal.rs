//! The fast path for literal attributes: a native-syntax expression made of
//! literals only (strings, numbers, bools, and tuples and objects of them
//! with literal keys) is handed to the visitor straight from the syntax
//! tree, without building a [`Value`]. Any request the tree cannot answer
//! directly evaluates the node (in literal-only mode, which gives the same
//! value as full mode for a literal) and goes through the general
//! [`ValueDeserializer`], so both paths convert identically.
//!
//! [`deserialize_literal`] is the one entry. A scalar is checked before
//! the visitor sees it; a tuple or an object is checked as the visitor
//! walks it (each node is looked at once): a node that is no literal
//! (a reference, a null, a duplicate or computed key, nesting past the
//! depth) stops the walk and sends the whole attribute to the general
//! path, and so does anything the visitor skipped or a failed decode of
//! a tree that is not all literal, so that the result and the diagnostics
//! are always the general path's.

use std::cell::Cell;
use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasher;

use serde::de::{self, DeserializeOwned, DeserializeSeed, Visitor};

use hcl_core::native::{ExprKind, ExprNode, Literal, ObjectItemNode, ObjectNode, TemplateNode};
use hcl_core::Value;

use crate::de::convert::{custom, scalar_requests, Scalar, ScalarTarget};
use crate::de::value::LazyRange;
use crate::de::ValueDeserializer;
use crate::error::Error;
use crate::spanned;

/// `expr` decoded as `T` from the tree, when it is a literal tree
/// ([`is_fast_literal`] with `depth`); `None`: it is not, take the
/// general path (evaluation, then [`ValueDeserializer`]), which gives the
/// same result for a literal tree.
#[inline]
pub(crate) fn deserialize_literal<T: DeserializeOwned>(
    expr: ExprNode<'_>,
    depth: usize,
) -> Option<Result<T, Error>> {
    if !is_literal_node(expr) {
        return None;
    }
    let walk = Walk {
        stopped: Cell::new(false),
    };
    let out = T::deserialize(LiteralDeserializer {
        expr,
        depth,
        walk: &walk,
    });
    if walk.stopped.get() {
        return None;
    }
    match out {
        Ok(v) => Some(Ok(v)),
        Err(e) => refused(expr, depth, e),
    }
}

/// A failed decode of a tree the visitor may not have walked to its end:
/// its error stands only when the whole tree is a literal (otherwise the
/// general path reports what evaluation says).
#[cold]
fn refused<T>(expr: ExprNode<'_>, depth: usize, e: Error) -> Option<Result<T, Error>> {
    is_fast_literal(expr, depth).then_some(Err(e))
}

/// Whether `expr` is a literal tree the fast path handles: no nulls, no
/// non-ASCII object keys (which would need normalising), no duplicate
/// object keys (the later one wins, which evaluation handles), nesting at
/// most `depth`. (A non-ASCII string value is decoded through its value,
/// node by node.)
pub(crate) fn is_fast_literal(expr: ExprNode<'_>, depth: usize) -> bool {
    match expr.kind() {
        ExprKind::Tuple(_) | ExprKind::Object(_) => depth > 0 && is_fast_collection(expr, depth),
        _ => is_literal_node(expr),
    }
}

/// Whether `expr` is a number, a bool, a string with no interpolation or
/// directive, a tuple or an object: a node that may start a literal tree
/// (the items of a collection are checked as they are read).
#[inline]
fn is_literal_node(expr: ExprNode<'_>) -> bool {
    match expr.kind() {
        ExprKind::Literal(Literal::Number(_) | Literal::Bool(_))
        | ExprKind::Tuple(_)
        | ExprKind::Object(_) => true,
        ExprKind::Template(t) => string_of(t).is_some(),
        _ => false,
    }
}

/// [`is_fast_literal`] of a tuple or an object (`depth` > 0).
fn is_fast_collection(expr: ExprNode<'_>, depth: usize) -> bool {
    match expr.kind() {
        ExprKind::Tuple(t) => t.iter().all(|e| is_fast_literal(e, depth - 1)),
        ExprKind::Object(o) => {
            o.items().all(|i| is_fast_literal(i.value(), depth - 1))
                && keys_in_order(o, expr.source().is_ascii(), &mut []).is_some()
        }
        _ => false,
    }
}

/// Whether an object's keys, all literal and ASCII (else `None`), are
/// written in increasing order (`Some(true)`) or in another order without
/// a repeat (`Some(false)`; found by sorting: a pairwise check would be
/// quadratic on large objects). The first keys are kept in `keys`, as
/// many as it holds. `ascii` says the whole source is ASCII.
fn keys_in_order<'a>(o: ObjectNode<'a>, ascii: bool, keys: &mut [&'a str]) -> Option<bool> {
    let mut previous = "";
    let mut in_order = true;
    for (i, item) in o.items().enumerate() {
        let k = key_of(item).filter(|k| ascii || k.is_ascii())?;
        in_order &= i == 0 || before(previous, k);
        previous = k;
        if let Some(slot) = keys.get_mut(i) {
            *slot = k;
        }
    }
    if in_order {
        return Some(true);
    }
    let mut all: Vec<&str> = o.items().filter_map(key_of).collect();
    all.sort_unstable();
    (!all.windows(2).any(|w| w.first() == w.last())).then_some(false)
}

/// `a < b`, deciding by the first bytes when they differ (most keys of
/// an object do) without a call.
#[inline]
fn before(a: &str, b: &str) -> bool {
    match (a.as_bytes().first(), b.as_bytes().first()) {
        (Some(x), Some(y)) if x != y => x < y,
        _ => a < b,
    }
}

/// Up to this many entries, an object written in key order is read with
/// its keys kept on the stack.
const SMALL_OBJECT: usize = 8;

/// The text of a string with no interpolation or directive.
#[inline(always)]
fn string_of(t: TemplateNode<'_>) -> Option<&str> {
    t.literal()
}

/// `text`, a string literal of `expr`, when it needs no Unicode
/// normalisation (ASCII; a non-ASCII string is normalised through its
/// value, node by node).
#[inline(always)]
fn normalised<'a>(expr: ExprNode<'a>, text: &'a str) -> Option<&'a str> {
    normalised_in(expr.source().is_ascii(), text)
}

/// [`normalised`], with `ascii_source` saying whether the whole source is
/// ASCII (then no string of it needs normalising).
#[inline(always)]
fn normalised_in(ascii_source: bool, text: &str) -> Option<&str> {
    (ascii_source || text.is_ascii()).then_some(text)
}

/// The text of `expr` when it is a string literal the literal fast path
/// hands over as it is (no interpolation, no directive, nothing to
/// normalise): what a `String` target receives from it, so that a
/// `String` field can copy it without a visitor.
#[inline(always)]
pub(crate) fn plain_string(expr: ExprNode<'_>) -> Option<&str> {
    plain_text(expr, expr.source().is_ascii())
}

/// [`plain_string`], with `ascii` saying whether the whole source is
/// ASCII (asked once for the items of a collection).
#[inline(always)]
fn plain_text(expr: ExprNode<'_>, ascii: bool) -> Option<&str> {
    match expr.kind() {
        ExprKind::Template(t) => normalised_in(ascii, string_of(t)?),
        _ => None,
    }
}

/// The scalar `expr` is, when it is a literal the scalar rules read in
/// place: a number, a bool, or a [`plain_string`] (a non-ASCII string is
/// normalised through its value first). What the literal fast path hands
/// every scalar request, and what a scalar field converts without a
/// visitor. One match on the node's kind: this runs for every literal
/// scalar.
#[inline(always)]
pub(crate) fn literal_scalar(expr: ExprNode<'_>) -> Option<Scalar<'_>> {
    match expr.kind() {
        ExprKind::Template(t) => normalised(expr, string_of(t)?).map(Scalar::Str),
        ExprKind::Literal(Literal::Number(n)) => Some(Scalar::Number(n)),
        ExprKind::Literal(Literal::Bool(b)) => Some(Scalar::Bool(b)),
        _ => None,
    }
}

/// The texts of `expr` when it is a tuple of [`plain_string`]s: what a
/// `Vec<String>` target receives from it.
pub(crate) fn plain_strings(expr: ExprNode<'_>) -> Option<Vec<String>> {
    let ExprKind::Tuple(items) = expr.kind() else {
        return None;
    };
    let ascii = expr.source().is_ascii();
    let mut out = Vec::with_capacity(items.len());
    for item in items.iter() {
        out.push(owned(plain_text(item, ascii)?));
    }
    Some(out)
}

/// A map of `String` to `String` that [`plain_string_map`] fills.
pub(crate) trait StringMap: Default {
    /// Inserts `key` with `value`; `false` when the key was there already.
    fn insert_new(&mut self, key: String, value: String) -> bool;
}

impl StringMap for BTreeMap<String, String> {
    #[inline]
    fn insert_new(&mut self, key: String, value: String) -> bool {
        self.insert(key, value).is_none()
    }
}

impl<S: BuildHasher + Default> StringMap for HashMap<String, String, S> {
    #[inline]
    fn insert_new(&mut self, key: String, value: String) -> bool {
        self.insert(key, value).is_none()
    }
}

/// The entries of `expr` when it is an object whose keys are literal
/// (ASCII, none repeated, as [`keys_in_order`] takes them) and whose values
/// are [`plain_string`]s: what a map of `String` to `String` receives from
/// it (entries in any order make the same map). A repeated key gives
/// `None`: evaluation decides which one wins.
pub(crate) fn plain_string_map<M: StringMap>(expr: ExprNode<'_>) -> Option<M> {
    let ExprKind::Object(o) = expr.kind() else {
        return None;
    };
    let ascii = expr.source().is_ascii();
    let mut out = M::default();
    for item in o.items() {
        let key = key_of(item).filter(|k| ascii || k.is_ascii())?;
        let value = plain_text(item.value(), ascii)?;
        if !out.insert_new(owned(key), owned(value)) {
            return None;
        }
    }
    Some(out)
}

/// A field type that a literal of some kinds gives without a serde
/// visitor: what [`Decoder::attribute_copied`](crate::Decoder) converts in
/// one step, by the rule the literal fast path applies (so that both give
/// the same value or error).
pub(crate) trait LiteralCopy: DeserializeOwned {
    /// `expr` as `Self` when it is a literal of a kind the type copies;
    /// `None`: take the general way. `max_depth`: how deeply values may
    /// nest in this decode (a collection is one level).
    fn copy(expr: ExprNode<'_>, max_depth: usize) -> Option<Result<Self, Error>>;
}

/// A plain string literal, copied as it is.
impl LiteralCopy for String {
    #[inline(always)]
    fn copy(expr: ExprNode<'_>, _max_depth: usize) -> Option<Result<String, Error>> {
        plain_string(expr).map(|text| Ok(owned(text)))
    }
}

/// A tuple of plain string literals, copied item by item.
impl LiteralCopy for Vec<String> {
    #[inline(always)]
    fn copy(expr: ExprNode<'_>, max_depth: usize) -> Option<Result<Vec<String>, Error>> {
        // A decode that allows no nesting reports the tuple.
        (max_depth > 0).then(|| plain_strings(expr))?.map(Ok)
    }
}

/// An object of plain string literals under literal keys, copied entry by
/// entry.
impl LiteralCopy for BTreeMap<String, String> {
    #[inline(always)]
    fn copy(expr: ExprNode<'_>, max_depth: usize) -> Option<Result<Self, Error>> {
        (max_depth > 0).then(|| plain_string_map(expr))?.map(Ok)
    }
}

/// As a `BTreeMap<String, String>`.
impl<S: BuildHasher + Default> LiteralCopy for HashMap<String, String, S> {
    #[inline(always)]
    fn copy(expr: ExprNode<'_>, max_depth: usize) -> Option<Result<Self, Error>> {
        (max_depth > 0).then(|| plain_string_map(expr))?.map(Ok)
    }
}

/// A literal scalar, converted by the type's rule.
macro_rules! scalar_copies {
    ($($t:ty),*) => {$(
        impl LiteralCopy for $t {
            #[inline(always)]
            fn copy(expr: ExprNode<'_>, _max_depth: usize) -> Option<Result<$t, Error>> {
                literal_scalar(expr).map(<$t as ScalarTarget>::from_scalar)
            }
        }
    )*};
}

scalar_copies!(bool, f32, f64, i8, i16, i32, i64, i128, u8, u16, u32, u64, u128);

/// What `T` copies, as `Some`: a literal it copies is never null (which
/// is an absent optional value, decided by the general way).
impl<T: LiteralCopy> LiteralCopy for Option<T> {
    #[inline(always)]
    fn copy(expr: ExprNode<'_>, max_depth: usize) -> Option<Result<Option<T>, Error>> {
        T::copy(expr, max_depth).map(|r| r.map(Some))
    }
}

/// `text` as a `String`, out of line: in a small function the allocation
/// is inlined (in a larger caller it may be a call more).
#[inline(never)]
pub(crate) fn owned(text: &str) -> String {
    text.to_owned()
}

#[inline]
fn key_of<'a>(item: ObjectItemNode<'a>) -> Option<&'a str> {
    let key = item.key();
    if let Some(name) = key.literal_name() {
        // `true`, `false` and `null` as bare keys name attributes.
        return Some(name);
    }
    match key.expr().kind() {
        ExprKind::Template(t) if !key.is_parenthesized() => string_of(t),
        _ => None,
    }
}

/// Deserializes one node of a literal tree (see [`deserialize_literal`]).
#[derive(Clone, Copy)]
struct LiteralDeserializer<'a> {
    expr: ExprNode<'a>,
    /// How many more levels of tuples and objects may nest here.
    depth: usize,
    walk: &'a Walk,
}

/// What every node of one walk shares. (Each node knows its own range:
/// a problem or a `Spanned` value is placed at its node.)
struct Walk {
    /// Set when the walk met a node that is no literal.
    stopped: Cell<bool>,
}

impl<'a> LiteralDeserializer<'a> {
    /// The deserializer of a child node.
    #[inline]
    fn at(&self, expr: ExprNode<'a>) -> LiteralDeserializer<'a> {
        LiteralDeserializer {
            expr,
            depth: self.depth.saturating_sub(1),
            walk: self.walk,
        }
    }

    /// The scalar a literal node is, when it is one the rules read in
    /// place (a non-ASCII string is normalised through its value first).
    /// One match on the node's kind: this runs for every literal scalar.
    #[inline(always)]
    fn scalar(self) -> Option<Scalar<'a>> {
        literal_scalar(self.expr)
    }

    /// The walk met a node that is no literal: the attribute takes the
    /// general path (the error only ends the walk).
    #[cold]
    fn stop(&self) -> Error {
        self.walk.stopped.set(true);
        custom("not a literal")
    }

    /// The general path of a request: the node's value, deserialized.
    #[cold]
    fn general<V>(
        self,
        f: impl FnOnce(ValueDeserializer<'_>) -> Result<V, Error>,
    ) -> Result<V, Error> {
        let v = self.value()?;
        // The node's own range: a `Spanned` inside a literal list or map
        // gets its element's, not the attribute's.
        f(ValueDeserializer::new(&v).with_lazy_range(LazyRange::Node(self.expr)))
    }

    /// The node's value, when the node is a literal tree.
    fn value(&self) -> Result<Value, Error> {
        if !is_fast_literal(self.expr, self.depth) {
            return Err(self.stop());
        }
        Ok(self.expr.value(None).0)
    }
}

macro_rules! slow {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            self.general(move |d| d.$method(visitor))
        }
    )*};
}

impl<'de> de::Deserializer<'de> for LiteralDeserializer<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.scalar() {
            Some(Scalar::Str(text)) => return visitor.visit_str(text),
            Some(Scalar::Bool(b)) => return visitor.visit_bool(b),
            _ => {}
        }
        match self.expr.kind() {
            ExprKind::Tuple(_) => self.deserialize_seq(visitor),
            ExprKind::Object(_) => self.deserialize_map(visitor),
            _ => self.general(move |d| d.deserialize_any(visitor)),
        }
    }

    scalar_requests!(scalar);

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if is_literal_node(self.expr) {
            visitor.visit_some(self)
        } else {
            // A null, or no literal.
            self.general(move |d| d.deserialize_option(visitor))
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == hcl_core::value::VALUE_TOKEN {
            return crate::de::value::hand_over_value(&self.value()?, visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.expr.kind() {
            ExprKind::Tuple(t) if self.depth > 0 => {
                let mut seq = Seq {
                    parent: self,
                    items: t.iter().enumerate(),
                };
                let out = visitor.visit_seq(&mut seq)?;
                if seq.items.len() > 0 {
                    return Err(custom(format!(
                        "a sequence of {} elements is too long for this field",
                        t.len()
                    )));
                }
                Ok(out)
            }
            _ => self.general(move |d| d.deserialize_seq(visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let ExprKind::Object(o) = self.expr.kind() else {
            return self.general(move |d| d.deserialize_map(visitor));
        };
        if self.depth == 0 {
            return Err(self.stop());
        }
        // Object values iterate in key order; so does this. Keys written
        // in order (the usual case) need no sorted copy.
        let mut keys = [""; SMALL_OBJECT];
        let Some(in_order) = keys_in_order(o, self.expr.source().is_ascii(), &mut keys) else {
            return Err(self.stop());
        };
        let len = o.items().len();
        if in_order && len <= SMALL_OBJECT {
            let items = keys.iter().zip(o.items()).map(|(k, i)| (*k, i.value()));
            return self.visit_map(items, len, visitor);
        }
        let mut sorted: Vec<(&str, ExprNode<'_>)> = o
            .items()
            .filter_map(|i| key_of(i).map(|k| (k, i.value())))
            .collect();
        sorted.sort_unstable_by_key(|(k, _)| *k);
        self.visit_map(sorted.into_iter(), len, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.expr.kind() {
            ExprKind::Object(_) if name != spanned::NAME => self.deserialize_map(visitor),
            _ => self.general(move |d| d.deserialize_struct(name, fields, visitor)),
        }
    }

    slow! {
        deserialize_bytes deserialize_byte_buf deserialize_unit deserialize_ignored_any
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.general(move |d| d.deserialize_unit_struct(name, visitor))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.general(move |d| d.deserialize_enum(name, variants, visitor))
    }
}

impl<'a> LiteralDeserializer<'a> {
    /// Hands an object's entries to `visitor`; entries it did not take
    /// must be literals too (else the general path decides).
    fn visit_map<'de, V: Visitor<'de>>(
        self,
        items: impl Iterator<Item = (&'a str, ExprNode<'a>)>,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let mut map = Map {
            parent: self,
            items,
            len,
            pending: None,
        };
        let out = visitor.visit_map(&mut map)?;
        let child = self.depth.saturating_sub(1);
        let mut left = map.pending.into_iter().chain(map.items);
        if !left.all(|(_, e)| is_fast_literal(e, child)) {
            return Err(self.stop());
        }
        Ok(out)
    }
}

struct Seq<'a, I> {
    parent: LiteralDeserializer<'a>,
    items: I,
}

impl<'de, 'a, I> de::SeqAccess<'de> for &mut Seq<'a, I>
where
    I: ExactSizeIterator<Item = (usize, ExprNode<'a>)>,
{
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        match self.items.next() {
            Some((i, e)) => seed
                .deserialize(self.parent.at(e))
                .map(Some)
                .map_err(|err| {
                    err.at_lazy(LazyRange::Node(e))
                        .prefix_path(&format!("[{i}]"))
                }),
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct Map<'a, I> {
    parent: LiteralDeserializer<'a>,
    items: I,
    /// How many items are left (every key of a checked literal is one).
    len: usize,
    pending: Option<(&'a str, ExprNode<'a>)>,
}

impl<'de, 'a, I> de::MapAccess<'de> for Map<'a, I>
where
    I: Iterator<Item = (&'a str, ExprNode<'a>)>,
{
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if let Some((_, e)) = self.pending {
            // A value the visitor skipped must be a literal too.
            if !is_fast_literal(e, self.parent.depth.saturating_sub(1)) {
                return Err(self.parent.stop());
            }
        }
        match self.items.next() {
            Some((k, e)) => {
                self.len = self.len.saturating_sub(1);
                self.pending = Some((k, e));
                // Literal keys are ASCII (see `keys_in_order`), so already
                // normalised: no string value needs to be made.
                seed.deserialize(crate::de::value::key_deserializer(k))
                    .map(Some)
            }
            None => {
                self.pending = None;
                Ok(None)
            }
        }
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, Error> {
        let Some((k, e)) = self.pending.take() else {
            return Err(custom("a map value was requested before its key"));
        };
        seed.deserialize(self.parent.at(e)).map_err(|err| {
            err.at_lazy(LazyRange::Node(e))
                .prefix_path(&crate::de::value::key_segment(k, true))
        })
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.len)
    }
}
