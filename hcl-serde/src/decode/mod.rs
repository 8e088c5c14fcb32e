//! Schema-driven decoding of bodies: the [`Decode`] trait that
//! `#[derive(HclDecode)]` implements, the block and remain field shapes, and
//! the [`Decoder`] that collects every diagnostic of one decode.
//!
//! The trait lives here, in the runtime crate, next to the serde
//! Deserializer that attribute fields go through; the schema types it
//! produces are hcl-core's ([`BodySchema`]), so tools that only need the
//! schema do not depend on serde.

use serde::de::DeserializeOwned;

use hcl_core::diag::quoted;
use hcl_core::native::by_id::CompiledSchema;
pub use hcl_core::native::by_id::FieldId;
use hcl_core::schema::{BlockHeaderSchema, BodySchema};
use hcl_core::{Body, Diagnostic, Diagnostics, EvalContext, Expression, Limits, Range, Value};

use crate::de::literal::{deserialize_literal, LiteralCopy};

mod content;
pub mod dispatch;
mod json_path;
pub(crate) mod shapes;

use crate::de::{BodyDeserializer, ValueDeserializer};
use crate::error::{sort_entries, Entry, Error};
use content::AttrRef;
pub use content::{BlockRef, BodyRef, Content, Labels};
use json_path::JsonTrees;
pub use shapes::{exactly_one, leaf_of_group, BlockKind, BlockMap, BlockMapValue, LabelField};

/// A type decoded from an HCL body: what every entry point
/// ([`from_str`](crate::from_str), [`from_body`](crate::from_body), …)
/// takes.
///
/// Two kinds of types implement it:
///
/// - types with `#[derive(HclDecode)]`, whose generated decoder applies
///   the type's schema (labels, blocks, remain fields, expression fields,
///   every diagnostic); such a type does **not** implement
///   `serde::Deserialize`;
/// - every plain serde type (`T: DeserializeOwned`, by a blanket impl),
///   read through [`BodyDeserializer`].
///
/// A type that derives both `Decode` and `Deserialize` is therefore a
/// conflict (E0119, "conflicting implementations of trait `Decode`"):
/// derive one of them. A type that must also be read by other serde
/// formats keeps `Deserialize` and is decoded by hcl_serde through it.
///
/// # Field kinds
///
/// - *attribute* (the default): named after the field; any
///   `serde::Deserialize` type, converted per the spec for what it asks
///   (`"8080"` → `u16`, `5` → `String`, `"true"` or `"1"` → `bool`, tuples →
///   `Vec`, objects → structs and maps). `Option<T>` is optional (absent or
///   null → `None`); `hcl_core::Value` keeps the dynamic value;
///   `hcl_core::Expression` keeps the unevaluated expression;
///   [`Spanned<T>`](crate::Spanned) keeps the source range too. The kind
///   is chosen by the field's type, not by how it is spelled: a type alias
///   of `Value` is a `Value`.
/// - `#[hcl(block)]`: a block type named after the field. Shapes: `T`
///   (exactly one), `Option<T>` (at most one), `Vec<T>` (any number, in
///   source order), `Box<T>`, and `HashMap<String, T>` / `BTreeMap<String, T>`
///   keyed by the first label (`T`'s own labels, or one label called `name`
///   when `T` has none), with one nested map per label for block types with
///   several labels (`BTreeMap<String, BTreeMap<String, T>>`). `T` is any
///   `Decode` type: derived, or plain serde. A derived enum of one-field
///   variants (`enum Check { Http(HttpCheck), Tcp(TcpCheck) }`) is a
///   block-type enum: as `T`, `Option<T>` or `Vec<T>` the field claims one
///   block type per variant (`http`, `tcp`, after `rename_all`/`rename`),
///   in source order, each with its variant type's labels. Both kinds
///   are a [`BlockKind`], the one bound a generic struct's block field
///   (`Vec<T>`) needs, so `T` may be either.
/// - `#[hcl(label)]`: a `String` (or `Spanned<String>`, keeping where it
///   is written) taking the next block label; the label fields, in order,
///   define the block header.
/// - `#[hcl(remain)]`: what the schema did not claim, as a `hcl_core::Body`
///   (decodable later, see [`from_body`](crate::from_body)), an
///   `Option<Body>` (`None` when nothing remains), a map of attributes
///   (`HashMap`/`BTreeMap` of `String` to `Value` or `Expression`), or any
///   other `Decode` type (a derived struct: two-step partial processing,
///   which gives what one step over the union of the schemas gives). A
///   remain field makes processing partial.
///
/// # Options
///
/// - `#[hcl(rename = "name")]`: the HCL name (attributes, blocks, labels).
/// - `#[hcl(optional)]`: absent or null gives `Default::default()`.
/// - `#[hcl(default)]` / `#[hcl(default = "path::to::fn")]`: absent or null
///   gives `Default::default()` / `fn()`.
/// - On the struct: `#[hcl(rename_all = "kebab-case")]` (also `lowercase`,
///   `UPPERCASE`, `PascalCase`, `camelCase`, `snake_case`,
///   `SCREAMING_SNAKE_CASE`, `SCREAMING-KEBAB-CASE`), `#[hcl(partial)]`
///   for partial processing (content the schema does not name is ignored;
///   the default is exhaustive, where it is an "Unsupported argument" or
///   "Unsupported block type" error with a did-you-mean suggestion), and
///   `#[hcl(crate = "hcl_toolkit::serde")]`: the path generated code reaches
///   this crate by (default `::hcl_serde`), for crates that use it through a
///   re-export such as the `hcl-toolkit` facade.
///
/// Null attributes count as absent (spec "Null values"): an optional or
/// defaulted field takes its default, a required one reports "Missing
/// required argument".
///
/// Conflicts visible at compile time are compile errors pointing at the
/// field: two fields with one HCL name, a block type named like an
/// attribute, two remain fields, a label that is not a `String`, an
/// attribute field of a block type (a derived struct, or a `Vec`,
/// `Option`, map or `Option<Vec<_>>` of one: the error says to mark it
/// `#[hcl(block)]`), a block field of a type that decodes from no block
/// (alone, or in a `Vec`, `Option`, `Box` or map: the error names it), a
/// block field of a shape inside a shape (`Option<Vec<T>>`: `Vec<T>` is
/// the shape), a remain field of a type that decodes from no body, a block
/// or remain field of a plain value (`String`, a number, `bool`, `char`,
/// a string enum, or an `Option`, `Vec` or `Box` of one; known by the
/// type, so an alias or a full path is caught too), a block field of a map
/// of plain values, contradictory flags, unknown keys, and the derive on
/// anything but a struct with named fields (generic structs are fine: each
/// field that mentions a type parameter gets the bound its kind needs;
/// lifetime parameters are refused, decoded values own their data).
///
/// ```
/// use hcl_serde::{Decode, HclDecode};
///
/// #[derive(HclDecode)]
/// struct Service {
///     #[hcl(label)]
///     name: String,
///     port: u16,
/// }
///
/// #[derive(HclDecode)]
/// struct Config {
///     #[hcl(block)]
///     service: Vec<Service>,
/// }
///
/// let schema = Config::body_schema();
/// assert_eq!(schema.blocks[0].type_name, "service");
/// assert_eq!(schema.blocks[0].label_names, ["name"]);
/// assert_eq!(Service::body_schema().attributes[0].name, "port");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from an HCL body",
    label = "not decodable",
    note = "a body decodes into a struct that derives `HclDecode`, or a type that implements `serde::Deserialize`",
    note = "a block-type enum (`HclDecode` with one-field variants) is decoded by the block field that holds it (as `T`, `Option<T>` or `Vec<T>`), not as a body or a map's value",
    note = "a generic struct that derives `HclDecode` is decodable only when its fields are: check its type arguments (an attribute field's type must be `serde::Deserialize`, a block field's a block type)"
)]
pub trait Decode: Sized {
    /// The names of the block labels this type takes when it is a block,
    /// in order (its `#[hcl(label)]` fields).
    const LABELS: &'static [&'static str];

    /// The schema of the body this type decodes from (empty for a plain
    /// serde type, which reads whatever is there).
    fn body_schema() -> BodySchema;

    /// Decodes a body whose block header had `labels` (empty at the root).
    /// Problems go to `d`; `None` means at least one was an error.
    fn decode_body(body: BodyRef<'_>, labels: Labels<'_>, d: &mut Decoder<'_>) -> Option<Self>;
}

/// Every plain serde type reads a body through
/// [`BodyDeserializer`]: attributes as
/// fields, blocks as nested structs, sequences or maps keyed by label.
///
/// ```
/// use serde::Deserialize;
///
/// #[derive(Deserialize, Debug, PartialEq)]
/// struct Server { host: String, port: u16 }
///
/// let s: Server = hcl_serde::from_str("host = \"db\"\nport = \"5432\"\n").unwrap();
/// assert_eq!(s, Server { host: "db".into(), port: 5432 });
/// ```
impl<T: DeserializeOwned> Decode for T {
    const LABELS: &'static [&'static str] = &[];

    fn body_schema() -> BodySchema {
        BodySchema::new()
    }

    fn decode_body(body: BodyRef<'_>, _labels: Labels<'_>, d: &mut Decoder<'_>) -> Option<Self> {
        let body = body.to_body();
        let de = BodyDeserializer::new(&body, d.context())
            .with_max_depth(d.max_depth())
            .at_depth(d.depth());
        match T::deserialize(de) {
            Ok(v) => Some(v),
            Err(e) => {
                d.absorb(e);
                None
            }
        }
    }
}

/// A body schema whose validity ([`BodySchema::validate`]) was checked
/// once, when it was made: what generated code keeps (in a static, for
/// non-generic types), so that decoding a body does not check it again.
///
/// ```
/// use hcl_core::schema::{AttributeSchema, BodySchema};
/// use hcl_serde::decode::CheckedSchema;
///
/// let ok = CheckedSchema::new(BodySchema::new().attribute(AttributeSchema::required("a")));
/// assert!(ok.is_valid());
/// let twice = BodySchema::new()
///     .attribute(AttributeSchema::required("a"))
///     .attribute(AttributeSchema::optional("a"));
/// assert!(!CheckedSchema::new(twice).is_valid());
/// ```
#[derive(Clone, Debug)]
pub struct CheckedSchema {
    compiled: CompiledSchema,
    /// A block type two block headers name (two fields of one type would
    /// claim the same blocks: a block-type enum's variant and another
    /// field, say), which the derive cannot see across types.
    shared_block: Option<String>,
}

impl CheckedSchema {
    /// Checks `schema`.
    pub fn new(schema: BodySchema) -> CheckedSchema {
        let blocks = &schema.blocks;
        let shared_block = blocks
            .iter()
            .enumerate()
            .find(|(i, b)| blocks[..*i].iter().any(|a| a.type_name == b.type_name))
            .map(|(_, b)| b.type_name.clone());
        CheckedSchema {
            compiled: CompiledSchema::new(schema),
            shared_block,
        }
    }

    /// The schema.
    pub fn schema(&self) -> &BodySchema {
        self.compiled.schema()
    }

    /// The schema as hcl-core's schema processing by id takes it.
    pub(crate) fn compiled(&self) -> &CompiledSchema {
        &self.compiled
    }

    /// Whether the schema passed [`BodySchema::validate`] (an invalid one
    /// is reported by schema processing, on the generic path).
    pub fn is_valid(&self) -> bool {
        self.compiled.is_valid()
    }

    /// The id of attribute `name`, by which [`Decoder::attribute`] and
    /// [`Content`] find it on either path; an id for a name the schema
    /// does not list finds nothing. Generated code asks once per type,
    /// when it builds the schema.
    ///
    /// ```
    /// use hcl_core::schema::{AttributeSchema, BodySchema};
    /// use hcl_serde::decode::CheckedSchema;
    ///
    /// let schema = CheckedSchema::new(BodySchema::new().attribute(AttributeSchema::required("a")));
    /// assert_eq!(schema.attribute_id("a"), schema.attribute_id("a"));
    /// assert_ne!(schema.attribute_id("a"), schema.attribute_id("b"));
    /// ```
    pub fn attribute_id(&self, name: &str) -> FieldId {
        self.compiled.attribute_id(name)
    }
}

/// A block field's shape: `Option<T>` (at most one), `Vec<T>` (any
/// number), `Box<T>` (exactly one) of any [`BlockKind`], or a map keyed by
/// the block's label. A field of a [`BlockKind`] itself takes exactly one.
pub trait BlockField: Sized {
    /// The block types a block-type enum inside the shape claims (none:
    /// the field's own name is its block type), for the derive's
    /// compile-time check that no two fields claim one block type.
    const TYPE_NAMES: &'static [&'static str] = &[];

    /// The schema's headers for a field named `field_name`.
    fn block_headers(field_name: &str) -> Vec<BlockHeaderSchema>;

    /// Decodes the blocks of `type_name` in `content`.
    fn decode_blocks(content: &Content<'_>, type_name: &str, d: &mut Decoder<'_>) -> Option<Self>;
}

/// A `#[hcl(remain)]` field's shape: the leftover [`Body`] itself, or a map
/// of its attributes (just-attributes processing).
pub trait RemainField: Sized {
    /// Takes the leftover body.
    fn from_remain(body: &Body, d: &mut Decoder<'_>) -> Option<Self>;
}

/// Collects the diagnostics of one decode and carries the evaluation
/// context; generated code calls its methods.
#[derive(Debug)]
pub struct Decoder<'a> {
    ctx: Option<&'a EvalContext>,
    entries: Vec<Entry>,
    depth: usize,
    /// How deeply blocks and values may nest ([`Limits::max_depth`]).
    max_depth: usize,
    /// The JSON files structural problems were found in, parsed again for
    /// their paths (empty unless there was one).
    json_trees: JsonTrees,
}

impl<'a> Decoder<'a> {
    /// A decoder evaluating in `ctx` (`None`: literal-only mode), within
    /// its limits (the defaults in literal-only mode).
    pub fn new(ctx: Option<&'a EvalContext>) -> Decoder<'a> {
        Decoder {
            ctx,
            entries: Vec::new(),
            depth: 0,
            max_depth: ctx.map_or(&Limits::DEFAULT, EvalContext::limits).max_depth,
            json_trees: JsonTrees::default(),
        }
    }

    /// Blocks and values nest at most `max_depth` levels deep.
    pub(crate) fn with_max_depth(mut self, max_depth: usize) -> Decoder<'a> {
        self.max_depth = max_depth;
        self
    }

    /// How deeply blocks and values may nest.
    pub(crate) fn max_depth(&self) -> usize {
        self.max_depth
    }

    /// How many blocks deep the decode is.
    pub(crate) fn depth(&self) -> usize {
        self.depth
    }

    /// Records every problem of a serde decode (their paths are relative
    /// to the body being decoded).
    pub(crate) fn absorb(&mut self, e: Error) {
        self.entries.extend(e.into_entries());
    }

    /// The evaluation context.
    pub fn context(&self) -> Option<&'a EvalContext> {
        self.ctx
    }

    /// Whether an error has been recorded.
    pub fn has_errors(&self) -> bool {
        self.entries.iter().any(|e| e.diagnostic.is_error())
    }

    /// Records diagnostics about the body being decoded (the enclosing
    /// blocks' path is added as the decode returns through them).
    pub fn report(&mut self, diags: Diagnostics) {
        for diagnostic in diags {
            self.entries.push(Entry {
                diagnostic,
                path: String::new(),
            });
        }
    }

    #[cold]
    fn report_at(&mut self, diagnostic: Diagnostic, leaf: &str) {
        self.entries.push(Entry {
            diagnostic,
            path: leaf.to_owned(),
        });
    }

    /// Decodes a block's body, then prefixes the path of every problem
    /// found inside with the block's segment (`service["web"]`): paths are
    /// built only when there is a problem, not for every block.
    fn enter<T: Decode>(&mut self, block: BlockRef<'_>, labels: Labels<'_>) -> Option<T> {
        if self.depth >= self.max_depth {
            let d = Diagnostic::error(
                "Maximum nesting depth exceeded",
                format!(
                    "Blocks nest more than {} levels deep (Limits::max_depth).",
                    self.max_depth
                ),
            )
            .with_subject(block.def_range());
            self.report(d.into());
            return None;
        }
        let start = self.entries.len();
        self.depth += 1;
        let out = T::decode_body(block.body(), labels, self);
        self.depth -= 1;
        if self.entries.len() > start {
            prefix_block_path(&mut self.entries[start..], block);
        }
        out
    }

    /// Applies `schema` to `body`: exhaustively, or partially when
    /// `partial`, returning the leftover body then. Always inline (a plain
    /// `#[inline]` was left a call): the content is built where the
    /// generated decoder keeps it, not copied out of a call's frame.
    #[inline(always)]
    pub fn content<'b>(
        &mut self,
        body: BodyRef<'b>,
        schema: &'b CheckedSchema,
        partial: bool,
    ) -> (Content<'b>, Option<Body>) {
        if let Some(name) = &schema.shared_block {
            self.shared_block(body, name);
        }
        Content::of(body, schema, partial, move |diags| {
            self.report_structural(body, schema.schema(), diags)
        })
    }

    /// Schema processing's problems with `body`'s items (an unsupported
    /// block type or argument, a missing or extraneous label), each at the
    /// path of the item it is about, as attribute errors are: found by
    /// where the diagnostic points, in the item's block header (labels
    /// included) in the native syntax, in the property and the label
    /// levels `schema` gives it in the JSON syntax. A problem with no item
    /// of its own (a missing argument, pointing where it would go) stays
    /// at the body.
    #[cold]
    fn report_structural(&mut self, body: BodyRef<'_>, schema: &BodySchema, diags: Diagnostics) {
        let missing = body.missing_item_range();
        let body = body.to_body();
        let sources = body.sources();
        let (items, _) = body.all_content();
        for diagnostic in diags {
            let path = diagnostic
                .subject
                .as_ref()
                .filter(|at| **at != missing)
                .and_then(|at| {
                    self.json_trees
                        .item_path(&sources, &missing, at, schema, self.max_depth)
                        .or_else(|| item_path(&items, at))
                })
                .unwrap_or_default();
            self.entries.push(Entry { diagnostic, path });
        }
    }

    /// Where the object of a JSON block's body starts (see
    /// [`JsonTrees::body_start`]); `None` for a native block.
    #[cold]
    pub(crate) fn json_body_start(&mut self, block: BlockRef<'_>) -> Option<Range> {
        let body = block.body();
        let at = body.missing_item_range();
        let sources = body.to_body().sources();
        self.json_trees.body_start(&sources, &at, self.max_depth)
    }

    /// Records a problem with the block field or block at `path` (relative
    /// to the body being decoded, like [`report`](Self::report)'s).
    #[cold]
    pub(crate) fn report_at_item(&mut self, diagnostic: Diagnostic, path: String) {
        self.entries.push(Entry { diagnostic, path });
    }

    /// Two fields of the type being decoded claim one block type: a
    /// mistake in the type, reported on every body it decodes.
    #[cold]
    fn shared_block(&mut self, body: BodyRef<'_>, name: &str) {
        let d = Diagnostic::error(
            "Block type claimed twice",
            format!(
                "Two fields claim blocks of type {name} (a block-type enum's variant and another block field, say); each block type can go to one field only.",
                name = quoted(name)
            ),
        )
        .with_subject(body.missing_item_range());
        self.report(d.into());
    }

    /// Evaluates an attribute; `None` after an evaluation error (reported,
    /// and never followed by a conversion error for the same attribute).
    fn evaluate(&mut self, attr: AttrRef<'_>) -> Option<Value> {
        let (value, diags) = attr.evaluate(self.ctx);
        if diags.is_empty() {
            return Some(value);
        }
        let failed = diags.has_errors();
        // At the attribute: a problem of its evaluation names it in its
        // path, as a problem of its value does.
        for diagnostic in diags {
            self.report_at(diagnostic, attr.name());
        }
        (!failed).then_some(value)
    }

    /// Decodes the attribute `id` names (an id its schema issued, see
    /// [`CheckedSchema::attribute_id`]) into any `Deserialize` type.
    ///
    /// `Some(None)`: absent or null (null counts as absent, spec "Null
    /// values"). `None`: an error was reported, or a required attribute is
    /// missing (which schema processing reported).
    pub fn attribute<T: DeserializeOwned>(
        &mut self,
        content: &Content<'_>,
        id: FieldId,
        required: bool,
    ) -> Option<Option<T>> {
        let Some(attr) = content.attribute(id) else {
            return absent(required);
        };
        self.decode_attribute(attr, required)
    }

    /// [`attribute`](Self::attribute) for a field whose type a literal
    /// gives without a serde visitor (what the type dispatch calls for
    /// `String`, `bool`, the numbers, `Vec<String>`, maps of `String` to
    /// `String`, and their `Option`s; not public: a user calls
    /// `attribute`): a literal of the kind the type copies
    /// ([`LiteralCopy`]) is converted in one step, by the rule the literal
    /// fast path applies to it (the differential tests check it); any
    /// other value takes `attribute`'s way.
    #[inline(always)]
    pub(crate) fn attribute_copied<T: LiteralCopy>(
        &mut self,
        content: &Content<'_>,
        id: FieldId,
        required: bool,
    ) -> Option<Option<T>> {
        let Some(attr) = content.attribute(id) else {
            return absent(required);
        };
        match attr.native_expr().and_then(|e| T::copy(e, self.max_depth)) {
            Some(Ok(v)) => Some(Some(v)),
            Some(Err(e)) => {
                self.conversion_error(e, attr);
                None
            }
            None => self.decode_attribute_out_of_line(attr, required),
        }
    }

    /// [`decode_attribute`](Self::decode_attribute) out of line: what the
    /// copies of literals fall back to, so that their usual path stays
    /// small enough to be inlined into the generated decoder.
    #[inline(never)]
    fn decode_attribute_out_of_line<T: DeserializeOwned>(
        &mut self,
        attr: AttrRef<'_>,
        required: bool,
    ) -> Option<Option<T>> {
        self.decode_attribute(attr, required)
    }

    /// Decodes a present attribute: from the tree when it is a literal,
    /// else evaluated.
    #[inline(always)]
    fn decode_attribute<T: DeserializeOwned>(
        &mut self,
        attr: AttrRef<'_>,
        required: bool,
    ) -> Option<Option<T>> {
        if let Some(expr) = attr.native_expr() {
            let depth = FAST_LITERAL_DEPTH.min(self.max_depth);
            match deserialize_literal::<T>(expr, depth) {
                Some(Ok(v)) => return Some(Some(v)),
                Some(Err(e)) => {
                    self.conversion_error(e, attr);
                    return None;
                }
                None => {}
            }
        }
        self.evaluated_attribute(attr, required)
    }

    /// [`attribute`](Self::attribute) of an attribute the literal fast path
    /// does not take: evaluated, then converted from its value. Out of
    /// line, so that literal attributes do not pay for its frame.
    #[inline(never)]
    fn evaluated_attribute<T: DeserializeOwned>(
        &mut self,
        attr: AttrRef<'_>,
        required: bool,
    ) -> Option<Option<T>> {
        let value = self.evaluate(attr)?;
        if value.is_null() {
            return self.null_attribute(attr, required);
        }
        let de = ValueDeserializer::new(&value)
            .with_lazy_range(attr.lazy_range())
            .with_max_depth(self.max_depth);
        match T::deserialize(de) {
            Ok(v) => Some(Some(v)),
            Err(e) => {
                self.conversion_error(e, attr);
                None
            }
        }
    }

    #[cold]
    fn null_attribute<T>(&mut self, attr: AttrRef<'_>, required: bool) -> Option<Option<T>> {
        if !required {
            return Some(None);
        }
        let d = Diagnostic::error(
            "Missing required argument",
            format!(
                "The argument {} is required, but its value is null.",
                quoted(attr.name())
            ),
        )
        .with_subject(attr.range());
        self.report_at(d, attr.name());
        None
    }

    #[cold]
    fn conversion_error(&mut self, e: Error, attr: AttrRef<'_>) {
        for entry in e.at(attr.range()).into_entries() {
            let leaf = format!("{}{}", attr.name(), entry.path);
            self.report_at(entry.diagnostic, &leaf);
        }
    }

    /// An attribute's value; `None` after an evaluation error (reported).
    pub fn attribute_value_of(&mut self, attr: &hcl_core::body::Attribute) -> Option<Value> {
        self.evaluate(AttrRef::from(attr))
    }

    /// The attribute `id` names, as its dynamic value
    /// (null is absent when not required, and kept as a null value when
    /// required).
    pub fn attribute_value(
        &mut self,
        content: &Content<'_>,
        id: FieldId,
        required: bool,
    ) -> Option<Option<Value>> {
        match content.attribute(id) {
            // An optional dynamic field treats null as absent, like every
            // other optional field; a required one keeps the null value.
            Some(attr) => match self.evaluate(attr)? {
                v if v.is_null() && !required => Some(None),
                v => Some(Some(v)),
            },
            None => absent(required),
        }
    }

    /// The attribute `id` names, as its unevaluated
    /// expression.
    pub fn attribute_expression(
        &mut self,
        content: &Content<'_>,
        id: FieldId,
        required: bool,
    ) -> Option<Option<Expression>> {
        match content.attribute(id) {
            Some(attr) => Some(Some(attr.expression())),
            None => absent(required),
        }
    }

    /// Decodes one block's body into `T`, with the block's path for
    /// messages and the depth guard.
    pub fn block<T: Decode>(&mut self, block: BlockRef<'_>) -> Option<T> {
        self.enter(block, block.labels())
    }

    /// Ends the decode: `Ok` when no error was recorded, otherwise every
    /// diagnostic sorted by source position.
    pub fn finish(self) -> Result<(), Error> {
        if !self.has_errors() {
            return Ok(());
        }
        let mut entries = self.entries;
        sort_entries(&mut entries);
        Err(Error::from_entries(entries))
    }

    /// The diagnostics recorded so far (warnings included).
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }
}

/// How deeply a literal may nest and still take the fast path (deeper
/// literals, or deeper than the decode's limit, take the general path,
/// with its own depth guard).
const FAST_LITERAL_DEPTH: usize = 32;

/// The item of `items` a diagnostic at `at` is about: the attribute it
/// points into, or the block whose header (type, labels, up to where its
/// body would take a missing item: the opening brace of a native block
/// without one) it points into.
fn item_path(items: &hcl_core::body::BodyContent, at: &hcl_core::Range) -> Option<String> {
    let byte = at.start.byte;
    if let Some(a) = items
        .attributes
        .iter()
        .find(|a| a.range.same_file(at) && a.range.contains_byte(byte))
    {
        return Some(a.name.clone());
    }
    items
        .blocks
        .iter()
        .filter(|b| {
            let header_end = b.body.missing_item_range().end.byte;
            b.def_range.same_file(at)
                && b.def_range.start.byte <= byte
                && byte <= header_end.max(b.def_range.end.byte)
        })
        .max_by_key(|b| b.def_range.start.byte)
        .map(|b| segment_of(&b.type_name, b.labels.iter().map(String::as_str)))
}

/// A block's path segment: its type and labels, `service["web"]`.
pub(crate) fn segment_of<'a>(type_name: &str, labels: impl IntoIterator<Item = &'a str>) -> String {
    format!("{type_name}{}", label_segment(labels))
}

/// The path segment of `block`.
pub(crate) fn block_segment(block: BlockRef<'_>) -> String {
    segment_of(block.type_name(), block.labels().iter())
}

#[cold]
fn prefix_block_path(entries: &mut [Entry], block: BlockRef<'_>) {
    let segment = block_segment(block);
    for e in entries {
        e.path = if e.path.is_empty() {
            segment.clone()
        } else {
            format!("{segment}.{}", e.path)
        };
    }
}

/// The path segment of a block's labels: `["web"]["v1"]`.
pub(crate) fn label_segment<'a>(labels: impl IntoIterator<Item = &'a str>) -> String {
    labels
        .into_iter()
        .map(|l| format!("[{}]", quoted(l)))
        .collect()
}

/// Decodes `body` into `T`, returning every diagnostic (warnings too, which
/// the `Result` forms drop on success) sorted by source position, as the
/// reference's decoders return `(value, diagnostics)`. The value is `None`
/// when there was an error.
///
/// ```
/// use hcl_core::native::parse_body;
/// use hcl_core::SourceFile;
/// use hcl_serde::{decode::decode_with_diagnostics, HclDecode};
///
/// #[derive(HclDecode)]
/// struct App { port: u16 }
///
/// let src = SourceFile::new("a.hcl", "port = 80\n");
/// let (body, _) = parse_body(&src, &Default::default());
/// let (app, diags) = decode_with_diagnostics::<App>(&body, None);
/// assert_eq!(app.map(|a| a.port), Some(80));
/// assert!(diags.is_empty());
/// ```
pub fn decode_with_diagnostics<T: Decode>(
    body: &Body,
    ctx: Option<&EvalContext>,
) -> (Option<T>, Vec<Entry>) {
    let mut d = Decoder::new(ctx);
    let out = decode_root::<T>(body, &mut d);
    let failed = d.has_errors();
    let mut entries = d.entries;
    sort_entries(&mut entries);
    (if failed { None } else { out }, entries)
}

/// Decodes `body` into `T` and ends the decode (see [`Decoder::finish`]).
pub fn decode_body<T: Decode>(body: &Body, ctx: Option<&EvalContext>) -> Result<T, Error> {
    let max_depth = ctx.map_or(&Limits::DEFAULT, EvalContext::limits).max_depth;
    decode_body_within(body, ctx, max_depth)
}

/// [`decode_body`] with blocks and values nesting at most `max_depth`
/// levels deep (what [`Options`](crate::Options) passes).
pub(crate) fn decode_body_within<T: Decode>(
    body: &Body,
    ctx: Option<&EvalContext>,
    max_depth: usize,
) -> Result<T, Error> {
    let mut d = Decoder::new(ctx).with_max_depth(max_depth);
    let out = decode_root::<T>(body, &mut d);
    d.finish()?;
    out.ok_or_else(|| Error::message("Decoding failed", "decoding failed without a diagnostic"))
}

/// Decodes a whole body (no block header) into `T`. A type that takes
/// labels is a block type: at the root it has no labels to take, which is
/// reported where the body starts, naming the type and its labels.
fn decode_root<T: Decode>(body: &Body, d: &mut Decoder<'_>) -> Option<T> {
    if !T::LABELS.is_empty() {
        root_labels_problem::<T>(body, d);
        return None;
    }
    T::decode_body(BodyRef::from(body), Labels::NONE, d)
}

#[cold]
fn root_labels_problem<T: Decode>(body: &Body, d: &mut Decoder<'_>) {
    let labels: Vec<String> = T::LABELS.iter().map(|l| quoted(l).to_string()).collect();
    let diag = Diagnostic::error(
        "Block type decoded as a whole body",
        format!(
            "`{}` takes the block label{} {}, so it decodes from a block (a field marked #[hcl(block)] of a containing type), not from a whole body, which has no labels.",
            std::any::type_name::<T>(),
            if labels.len() == 1 { "" } else { "s" },
            labels.join(", ")
        ),
    )
    .with_subject(body.missing_item_range());
    d.report(diag.into());
}

/// What an absent attribute gives: `Some(None)` when it is optional,
/// `None` when it is required (schema processing reported it).
#[inline(always)]
fn absent<T>(required: bool) -> Option<Option<T>> {
    (!required).then_some(None)
}
