//! The shapes a block field and a remain field can take, and the bodies
//! of attributes a map decodes from.

use std::collections::{BTreeMap, HashMap};

use hcl_core::body::Attribute;
use hcl_core::diag::quoted;
use hcl_core::schema::BlockHeaderSchema;
use hcl_core::{Body, Diagnostic, Expression, Range, Value};

use super::block_segment;
use super::content::Either;
use super::{BlockField, BlockRef, Content, Decode, Decoder, Labels, RemainField};

#[cold]
fn duplicate_block(d: &mut Decoder<'_>, type_name: &str, first: BlockRef<'_>, again: BlockRef<'_>) {
    let (first_at, again_at) = d.two_blocks_at(first, again);
    let diag = duplicate_block_diagnostic(type_name, first_at, again_at);
    d.report_at_item(diag, block_segment(again));
}

/// gohcl's "Duplicate X block" for a type that allows one block, at the
/// second (the ranges are the two block headers).
#[cold]
pub(crate) fn duplicate_block_diagnostic(
    type_name: &str,
    first: Range,
    again: Range,
) -> Diagnostic {
    Diagnostic::error(
        format!("Duplicate {type_name} block"),
        format!("Only one {type_name} block is allowed. Another was defined at {first}."),
    )
    .with_subject(again)
}

#[cold]
fn missing_block(d: &mut Decoder<'_>, content: &Content<'_>, field_name: &str, type_name: &str) {
    let diag = Diagnostic::error(
        format!("Missing {type_name} block"),
        format!("A {type_name} block is required."),
    )
    .with_subject(content.missing_item_range());
    d.report_at_item(diag, field_name.to_owned());
}

fn labels_of<T: Decode>() -> Vec<String> {
    T::LABELS.iter().map(|s| (*s).to_owned()).collect()
}

/// What one block decodes into, whatever the field's shape (`T`,
/// `Option<T>`, `Vec<T>`, `Box<T>`): any [`Decode`] type (a block type named
/// after the field, taking the type's labels), or a block-type enum
/// (`#[derive(HclDecode)] enum Check { Http(HttpCheck), Tcp(TcpCheck) }`:
/// one block type per variant, `http` and `tcp`).
///
/// One trait for both kinds, the difference in [`TYPE_NAMES`](Self::TYPE_NAMES),
/// so that a generic struct's `#[hcl(block)] steps: Vec<T>` is bounded by
/// one predicate that a struct and a block-type enum both satisfy.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from a block",
    label = "not a block type",
    note = "a block type is a struct that derives `HclDecode` (or `serde::Deserialize`), or an enum that derives `HclDecode` with one-field variants (`Http(HttpCheck)`)"
)]
pub trait BlockKind: Sized {
    /// The block types this kind is read from: none for one block type
    /// named after the field, the variants' for a block-type enum.
    const TYPE_NAMES: &'static [&'static str];

    /// The schema's headers for a field named `field_name`: one block type
    /// with the type's labels, or one per variant.
    fn headers(field_name: &str) -> Vec<BlockHeaderSchema>;

    /// Decodes one block of a type this kind claims.
    fn decode_block(block: BlockRef<'_>, d: &mut Decoder<'_>) -> Option<Self>;
}

impl<T: Decode> BlockKind for T {
    const TYPE_NAMES: &'static [&'static str] = &[];

    fn headers(field_name: &str) -> Vec<BlockHeaderSchema> {
        vec![BlockHeaderSchema::new(
            field_name,
            T::LABELS.iter().copied(),
        )]
    }

    #[inline]
    fn decode_block(block: BlockRef<'_>, d: &mut Decoder<'_>) -> Option<Self> {
        d.block(block)
    }
}

/// The blocks a field named `field_name` of kind `T` claims, in source
/// order. `TYPE_NAMES` is a constant, so each kind compiles to one of the
/// two walks.
fn blocks_of<'c, T: BlockKind>(
    content: &'c Content<'_>,
    field_name: &'c str,
) -> impl Iterator<Item = BlockRef<'c>> + 'c {
    if T::TYPE_NAMES.is_empty() {
        Either::Left(content.blocks_of_type(field_name))
    } else {
        Either::Right(content.blocks_where(|t: &str| T::TYPE_NAMES.contains(&t)))
    }
}

/// How messages name the blocks of a field of kind `T`: its block type,
/// or a block-type enum's types joined with "or".
fn kind_name<T: BlockKind>(field_name: &str) -> String {
    if T::TYPE_NAMES.is_empty() {
        field_name.to_owned()
    } else {
        T::TYPE_NAMES.join(" or ")
    }
}

/// At most one block of the kind; every further one is reported.
fn at_most_one<'c, T: BlockKind>(
    d: &mut Decoder<'_>,
    content: &'c Content<'_>,
    field_name: &'c str,
) -> Result<Option<BlockRef<'c>>, ()> {
    let mut it = blocks_of::<T>(content, field_name);
    let first = it.next();
    let mut dup = false;
    if let Some(first) = first {
        for again in it {
            duplicate_block(d, &kind_name::<T>(field_name), first, again);
            dup = true;
        }
    }
    if dup {
        Err(())
    } else {
        Ok(first)
    }
}

/// `T` as a block field: exactly one block (what a block field of any
/// [`BlockKind`] that is not a [`BlockField`] shape takes).
pub fn exactly_one<T: BlockKind>(
    content: &Content<'_>,
    field_name: &str,
    d: &mut Decoder<'_>,
) -> Option<T> {
    match at_most_one::<T>(d, content, field_name) {
        Ok(Some(b)) => T::decode_block(b, d),
        Ok(None) => {
            missing_block(d, content, field_name, &kind_name::<T>(field_name));
            None
        }
        Err(()) => None,
    }
}

impl<T: BlockKind> BlockField for Option<T> {
    const TYPE_NAMES: &'static [&'static str] = T::TYPE_NAMES;

    fn block_headers(field_name: &str) -> Vec<BlockHeaderSchema> {
        T::headers(field_name)
    }

    fn decode_blocks(content: &Content<'_>, type_name: &str, d: &mut Decoder<'_>) -> Option<Self> {
        match at_most_one::<T>(d, content, type_name) {
            Ok(Some(b)) => T::decode_block(b, d).map(Some),
            Ok(None) => Some(None),
            Err(()) => None,
        }
    }
}

impl<T: BlockKind> BlockField for Box<T> {
    const TYPE_NAMES: &'static [&'static str] = T::TYPE_NAMES;

    fn block_headers(field_name: &str) -> Vec<BlockHeaderSchema> {
        T::headers(field_name)
    }

    fn decode_blocks(content: &Content<'_>, type_name: &str, d: &mut Decoder<'_>) -> Option<Self> {
        exactly_one::<T>(content, type_name, d).map(Box::new)
    }
}

impl<T: BlockKind> BlockField for Vec<T> {
    const TYPE_NAMES: &'static [&'static str] = T::TYPE_NAMES;

    fn block_headers(field_name: &str) -> Vec<BlockHeaderSchema> {
        T::headers(field_name)
    }

    fn decode_blocks(content: &Content<'_>, type_name: &str, d: &mut Decoder<'_>) -> Option<Self> {
        // Sized first: growing a vector of large structs copies them.
        let mut out = Vec::with_capacity(blocks_of::<T>(content, type_name).count());
        let mut ok = true;
        for b in blocks_of::<T>(content, type_name) {
            match T::decode_block(b, d) {
                Some(v) => out.push(v),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }
}

/// The map form's label names: the value type's own labels, or one label
/// called `name` when it has none. The first label is the key.
fn map_labels<T: Decode>() -> Vec<String> {
    if T::LABELS.is_empty() {
        vec!["name".to_owned()]
    } else {
        labels_of::<T>()
    }
}

fn decode_map<T: Decode>(
    content: &Content<'_>,
    type_name: &str,
    d: &mut Decoder<'_>,
    mut insert: impl FnMut(String, T),
) -> bool {
    let mut seen: HashMap<&str, BlockRef<'_>> = HashMap::new();
    let mut ok = true;
    for b in content.blocks_of_type(type_name) {
        let Some(key) = b.labels().get(0) else {
            ok = false;
            continue;
        };
        if let Some(first) = seen.get(key) {
            let (first_at, again_at) = d.two_blocks_at(*first, b);
            let diag = Diagnostic::error(
                format!("Duplicate {type_name} block"),
                format!(
                    "A {type_name} block labelled {key} was already defined at {first_at}.",
                    key = quoted(key)
                ),
            )
            .with_subject(again_at);
            d.report_at_item(diag, block_segment(b));
            ok = false;
            continue;
        }
        seen.insert(key, b);
        let value = if T::LABELS.is_empty() {
            d.block_without_labels::<T>(b)
        } else {
            d.block(b)
        };
        match value {
            Some(v) => insert(key.to_owned(), v),
            None => ok = false,
        }
    }
    ok
}

impl Decoder<'_> {
    /// Where to point at two blocks of one type, to tell them apart: their
    /// definition ranges, unless they share one (the blocks of one JSON
    /// array of objects), then where each one's object starts.
    #[cold]
    fn two_blocks_at(&mut self, first: BlockRef<'_>, again: BlockRef<'_>) -> (Range, Range) {
        let (first_at, again_at) = (first.def_range(), again.def_range());
        if first_at != again_at {
            return (first_at, again_at);
        }
        match (self.json_body_start(first), self.json_body_start(again)) {
            (Some(f), Some(a)) => (f, a),
            _ => (first_at, again_at),
        }
    }

    fn block_without_labels<T: Decode>(&mut self, block: BlockRef<'_>) -> Option<T> {
        self.enter(block, Labels::NONE)
    }
}

impl<T: Decode, S: std::hash::BuildHasher + Default> BlockField for HashMap<String, T, S> {
    fn block_headers(field_name: &str) -> Vec<BlockHeaderSchema> {
        vec![BlockHeaderSchema::new(field_name, map_labels::<T>())]
    }

    fn decode_blocks(content: &Content<'_>, type_name: &str, d: &mut Decoder<'_>) -> Option<Self> {
        let mut out = HashMap::default();
        decode_map::<T>(content, type_name, d, |k, v| {
            out.insert(k, v);
        })
        .then_some(out)
    }
}

impl<T: Decode> BlockField for BTreeMap<String, T> {
    fn block_headers(field_name: &str) -> Vec<BlockHeaderSchema> {
        vec![BlockHeaderSchema::new(field_name, map_labels::<T>())]
    }

    fn decode_blocks(content: &Content<'_>, type_name: &str, d: &mut Decoder<'_>) -> Option<Self> {
        let mut out = BTreeMap::new();
        decode_map::<T>(content, type_name, d, |k, v| {
            out.insert(k, v);
        })
        .then_some(out)
    }
}

impl RemainField for Body {
    fn from_remain(body: &Body, _d: &mut Decoder<'_>) -> Option<Self> {
        Some(body.clone())
    }
}

/// `None` when nothing remains: no attribute and no block left.
impl RemainField for Option<Body> {
    fn from_remain(body: &Body, _d: &mut Decoder<'_>) -> Option<Self> {
        let (content, _) = body.all_content();
        let empty = content.attributes.is_empty() && content.blocks.is_empty();
        Some((!empty).then(|| body.clone()))
    }
}

/// Just-attributes processing of a body into `(name, T)` pairs.
fn just_attributes<T>(
    body: &Body,
    d: &mut Decoder<'_>,
    mut each: impl FnMut(&mut Decoder<'_>, &Attribute) -> Option<T>,
    mut insert: impl FnMut(String, T),
) -> bool {
    let (attrs, diags) = body.just_attributes();
    let mut ok = !diags.has_errors();
    if !diags.is_empty() {
        d.report(diags);
    }
    for attr in &attrs {
        match each(d, attr) {
            Some(v) => insert(attr.name.clone(), v),
            None => ok = false,
        }
    }
    ok
}

macro_rules! remain_maps {
    ($($map:ident)*) => {$(
        impl RemainField for $map<String, Value> {
            fn from_remain(body: &Body, d: &mut Decoder<'_>) -> Option<Self> {
                let mut out = $map::new();
                just_attributes(body, d, |d, a| d.attribute_value_of(a), |k, v| {
                    out.insert(k, v);
                })
                .then_some(out)
            }
        }

        impl RemainField for $map<String, Expression> {
            fn from_remain(body: &Body, d: &mut Decoder<'_>) -> Option<Self> {
                let mut out = $map::new();
                just_attributes(body, d, |_, a| Some(a.expr.clone()), |k, v| {
                    out.insert(k, v);
                })
                .then_some(out)
            }
        }

    )*};
}

remain_maps!(HashMap BTreeMap);

/// A `#[hcl(label)]` field's type: `String`, or [`Spanned<String>`]
/// (the label with where it is written).
///
/// [`Spanned<String>`]: crate::Spanned
#[diagnostic::on_unimplemented(
    message = "a `#[hcl(label)]` field must be of type `String` or `Spanned<String>`, not `{Self}`",
    label = "not a label type"
)]
pub trait LabelField: Sized {
    /// The label at `index` (schema processing guarantees the count).
    fn from_label(labels: Labels<'_>, index: usize) -> Option<Self>;
}

impl LabelField for String {
    fn from_label(labels: Labels<'_>, index: usize) -> Option<Self> {
        labels.get(index).map(str::to_owned)
    }
}

impl LabelField for crate::Spanned<String> {
    fn from_label(labels: Labels<'_>, index: usize) -> Option<Self> {
        let name = labels.get(index)?.to_owned();
        let range = labels.range(index).unwrap_or_default();
        Some(crate::Spanned::new(name, range))
    }
}

/// A value of a map keyed by block labels: a block type (the leaf, which
/// `#[derive(HclDecode)]` implements this for), or another such map keyed
/// by the next label (`BTreeMap<String, BTreeMap<String, T>>` for the
/// `resource "type" "name"` shape).
pub trait BlockMapValue: Sized {
    /// How many map levels this value is (0 for a block type).
    const LEVELS: usize;
    /// The labels of the block type at the leaves.
    const LEAF_LABELS: &'static [&'static str];

    /// Decodes `blocks`, which share their first `level` labels.
    fn decode_group(
        blocks: &[BlockRef<'_>],
        type_name: &str,
        level: usize,
        d: &mut Decoder<'_>,
    ) -> Option<Self>;
}

/// A block type at the leaf of a label map: one block (a second with the
/// same labels is a duplicate), taking its own labels (all of them).
pub fn leaf_of_group<T: Decode>(
    blocks: &[BlockRef<'_>],
    type_name: &str,
    d: &mut Decoder<'_>,
) -> Option<T> {
    let (first, again) = match blocks {
        [first, again @ ..] => (*first, again),
        [] => return None,
    };
    if !again.is_empty() {
        for b in again {
            let labels: Vec<String> = b.labels().iter().map(|l| quoted(l).to_string()).collect();
            let (first_at, again_at) = d.two_blocks_at(first, *b);
            let diag = Diagnostic::error(
                format!("Duplicate {type_name} block"),
                format!(
                    "A {type_name} block labelled {} was already defined at {first_at}.",
                    labels.join(" "),
                ),
            )
            .with_subject(again_at);
            d.report_at_item(diag, block_segment(*b));
        }
        return None;
    }
    if T::LABELS.is_empty() {
        d.block_without_labels::<T>(first)
    } else {
        d.block(first)
    }
}

/// `blocks` grouped by their label at `level`, groups in order of first
/// appearance.
fn group_by_label<'c>(blocks: &[BlockRef<'c>], level: usize) -> Vec<(&'c str, Vec<BlockRef<'c>>)> {
    let mut index: HashMap<&'c str, usize> = HashMap::new();
    let mut groups: Vec<(&'c str, Vec<BlockRef<'c>>)> = Vec::new();
    for b in blocks {
        let key = b.labels().get(level).unwrap_or_default();
        match index.get(key).and_then(|&i| groups.get_mut(i)) {
            Some((_, g)) => g.push(*b),
            None => {
                index.insert(key, groups.len());
                groups.push((key, vec![*b]));
            }
        }
    }
    groups
}

/// The label names of a label map whose values are `V`: the leaf type's
/// own labels, or one name per map level when it has none (`name` for one
/// level, as hcldec names it).
fn label_map_names<V: BlockMapValue>() -> Vec<String> {
    if !V::LEAF_LABELS.is_empty() {
        return V::LEAF_LABELS.iter().map(|l| (*l).to_owned()).collect();
    }
    match V::LEVELS {
        0 => vec!["name".to_owned()],
        n => (1..=n + 1).map(|i| format!("label{i}")).collect(),
    }
}

/// A label map with fewer (or more) levels than its block type has labels
/// (the derive refuses the ones it can see at compile time).
#[cold]
fn levels_problem(
    blocks: &[BlockRef<'_>],
    type_name: &str,
    levels: usize,
    labels: usize,
    d: &mut Decoder<'_>,
) {
    let Some(first) = blocks.first() else {
        return;
    };
    let diag = Diagnostic::error(
        format!("Unsuitable map for {type_name} blocks"),
        format!(
            "A {type_name} block has {labels} labels, but the field is a map of {levels} level{}: it needs one nested map per label.",
            if levels == 1 { "" } else { "s" }
        ),
    )
    .with_subject(first.def_range());
    d.report_at_item(diag, type_name.to_owned());
}

/// A map keyed by block labels, one level per label: what a block field of
/// `BTreeMap<String, T>` or `BTreeMap<String, BTreeMap<String, T>>` (any
/// map type) with a derived `T` takes.
pub trait BlockMap: Sized {
    /// The label names of the block type.
    fn label_names() -> Vec<String>;
    /// Decodes the blocks of `type_name` in `content`.
    fn decode_blocks(content: &Content<'_>, type_name: &str, d: &mut Decoder<'_>) -> Option<Self>;
}

macro_rules! label_maps {
    ($($map:ident $(, $s:ident)?;)*) => {$(
        impl<V: BlockMapValue $(, $s: std::hash::BuildHasher + Default)?> BlockMapValue
            for $map<String, V $(, $s)?>
        {
            const LEVELS: usize = V::LEVELS + 1;
            const LEAF_LABELS: &'static [&'static str] = V::LEAF_LABELS;

            fn decode_group(
                blocks: &[BlockRef<'_>],
                type_name: &str,
                level: usize,
                d: &mut Decoder<'_>,
            ) -> Option<Self> {
                let mut out = $map::default();
                let mut ok = true;
                for (key, group) in group_by_label(blocks, level) {
                    match V::decode_group(&group, type_name, level + 1, d) {
                        Some(v) => {
                            out.insert(key.to_owned(), v);
                        }
                        None => ok = false,
                    }
                }
                ok.then_some(out)
            }
        }

        impl<V: BlockMapValue $(, $s: std::hash::BuildHasher + Default)?> BlockMap
            for $map<String, V $(, $s)?>
        {
            fn label_names() -> Vec<String> {
                label_map_names::<V>()
            }

            fn decode_blocks(
                content: &Content<'_>,
                type_name: &str,
                d: &mut Decoder<'_>,
            ) -> Option<Self> {
                let blocks: Vec<BlockRef<'_>> = content.blocks_of_type(type_name).collect();
                let labels = V::LEAF_LABELS.len();
                if labels > 0 && labels != Self::LEVELS {
                    levels_problem(&blocks, type_name, Self::LEVELS, labels, d);
                    return None;
                }
                <Self as BlockMapValue>::decode_group(&blocks, type_name, 0, d)
            }
        }
    )*};
}

label_maps! {
    HashMap, S;
    BTreeMap;
}
