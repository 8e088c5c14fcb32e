//! The two abstraction points of the information model: [`Body`] and
//! [`Expression`].
//!
//! Each syntax implements [`BodyImpl`] and [`ExpressionImpl`]; applications
//! hold the cheap, owned, `'static`, `Send + Sync` handles [`Body`] and
//! [`Expression`], so that a leftover body can be stored (in a
//! `#[hcl(remain)]` field, say) and decoded later, on another thread.

use std::any::Any;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use crate::diag::quoted;
use crate::diag::{Diagnostic, Diagnostics, Involved};
use crate::eval::EvalContext;
use crate::native::NativeExpression;
use crate::pos::{Range, SourceFile};
use crate::schema::BodySchema;
use crate::traversal::{Traversal, TraversalRef};
use crate::value::Value;

/// What a syntax implements to be a body.
pub trait BodyImpl: Send + Sync + fmt::Debug + 'static {
    /// Exhaustive schema-driven processing: everything in the body must be
    /// in the schema.
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics);

    /// Partial processing: the content the schema asks for, and a body of
    /// everything else.
    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Body, Diagnostics);

    /// Dynamic-attributes processing: every attribute, keyed by name; blocks
    /// are an error.
    fn just_attributes(&self) -> (Attributes, Diagnostics);

    /// Schema-less processing, for dynamic decoders (plain serde types,
    /// maps): every attribute and every block, each in source order.
    ///
    /// A syntax that cannot tell blocks from attributes without a schema
    /// returns everything as attributes: the default does that, through
    /// [`BodyImpl::just_attributes`], which is right for the JSON syntax.
    fn all_content(&self) -> (BodyContent, Diagnostics) {
        let (attributes, diags) = self.just_attributes();
        let content = BodyContent {
            attributes,
            blocks: Vec::new(),
            missing_item_range: self.missing_item_range(),
        };
        (content, diags)
    }

    /// The source files the body was parsed from, so that a consumer can
    /// draw snippets for the ranges it reports (none for a body that has
    /// no source text).
    fn sources(&self) -> Vec<SourceFile> {
        Vec::new()
    }

    /// Where to point a "missing" diagnostic for this body (usually its
    /// opening brace or the file start).
    fn missing_item_range(&self) -> Range;

    /// The syntax's body, for syntax-specific processing (a decoder that
    /// reads native-syntax trees directly, say).
    fn as_any(&self) -> &dyn Any;
}

/// A body handle: cheap to clone, owned, `Send + Sync`.
#[derive(Clone, Debug)]
pub struct Body(Arc<dyn BodyImpl>);

impl Body {
    /// Wraps a syntax's body.
    pub fn new(body: impl BodyImpl) -> Body {
        Body(Arc::new(body))
    }

    /// A body with no content at all.
    pub fn empty(missing_item_range: Range) -> Body {
        Body::new(EmptyBody { missing_item_range })
    }

    /// See [`BodyImpl::content`].
    pub fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        self.0.content(schema)
    }

    /// See [`BodyImpl::partial_content`].
    pub fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Body, Diagnostics) {
        self.0.partial_content(schema)
    }

    /// See [`BodyImpl::just_attributes`].
    pub fn just_attributes(&self) -> (Attributes, Diagnostics) {
        self.0.just_attributes()
    }

    /// See [`BodyImpl::all_content`].
    ///
    /// ```
    /// use hcl_core::native::parse_body;
    /// use hcl_core::SourceFile;
    /// let src = SourceFile::new("a.hcl", "name = \"web\"\nservice \"api\" {}\n");
    /// let (body, _) = parse_body(&src, &Default::default());
    /// let (content, diags) = body.all_content();
    /// assert!(diags.is_empty());
    /// assert_eq!(content.attributes.len(), 1);
    /// assert_eq!(content.blocks[0].labels, ["api"]);
    /// ```
    pub fn all_content(&self) -> (BodyContent, Diagnostics) {
        self.0.all_content()
    }

    /// See [`BodyImpl::sources`].
    pub fn sources(&self) -> Vec<SourceFile> {
        self.0.sources()
    }

    /// See [`BodyImpl::missing_item_range`].
    pub fn missing_item_range(&self) -> Range {
        self.0.missing_item_range()
    }

    /// The syntax's own body, for syntax-specific processing.
    pub fn as_impl(&self) -> &dyn BodyImpl {
        &*self.0
    }
}

/// What a syntax implements to be an expression.
///
/// The static-analysis methods return `None` where the syntax has no such
/// construct at this expression; the generic functions of the static
/// analysis module turn that into the reference's diagnostics.
pub trait ExpressionImpl: Send + Sync + fmt::Debug + 'static {
    /// Evaluates the expression. `None` is literal-only mode (see
    /// [`crate::eval`]).
    fn value(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics);

    /// The absolute traversals (variable references) the expression makes.
    fn variables(&self) -> Vec<Traversal>;

    /// The whole expression's range.
    fn range(&self) -> Range;

    /// A range for the start of the expression, for diagnostics that point
    /// at an expression too long to underline.
    fn start_range(&self) -> Range;

    /// The syntax's node, for syntax-specific analysis.
    fn as_any(&self) -> &dyn Any;

    /// Static list: the element expressions of a tuple constructor.
    fn static_list(&self) -> Option<Vec<Expression>> {
        None
    }

    /// Static map: the key and value expressions of an object constructor.
    fn static_map(&self) -> Option<Vec<(Expression, Expression)>> {
        None
    }

    /// Static call: the function name and argument expressions of a call.
    fn static_call(&self) -> Option<StaticCall> {
        None
    }

    /// Static traversal: the absolute traversal a variable reference makes.
    fn absolute_traversal(&self) -> Option<Traversal> {
        None
    }

    /// Static traversal relative to nothing: the steps of a traversal whose
    /// root is an attribute-like name, read as a relative traversal.
    fn relative_traversal(&self) -> Option<Traversal> {
        None
    }

    /// The keyword a bare identifier spells (`foo` in `x = foo`).
    fn as_keyword(&self) -> Option<String> {
        None
    }
}

/// An expression handle: cheap to clone, owned, `Send + Sync`.
#[derive(Clone, Debug)]
pub struct Expression(Repr);

/// How a handle holds its expression.
#[derive(Clone, Debug)]
enum Repr {
    /// A native-syntax expression, inline: it is itself a few shared
    /// pointers, so a handle for each attribute of a file (what every
    /// analysis of a file asks for) costs no allocation.
    Native(NativeExpression),
    /// Any other syntax's, shared.
    Shared(Arc<dyn ExpressionImpl>),
}

impl Expression {
    /// Wraps a syntax's expression.
    pub fn new(expr: impl ExpressionImpl) -> Expression {
        Expression(Repr::Shared(Arc::new(expr)))
    }

    /// The handle of a native expression (held inline, not shared).
    pub(crate) fn native(expr: NativeExpression) -> Expression {
        Expression(Repr::Native(expr))
    }

    /// See [`ExpressionImpl::value`].
    pub fn value(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        // (A native expression's method is called directly, not through
        // the trait object: these two are the hot ones.)
        match &self.0 {
            Repr::Native(e) => e.value(ctx),
            Repr::Shared(e) => e.value(ctx),
        }
    }

    /// See [`ExpressionImpl::variables`]. Each traversal is owned (it
    /// keeps the file); a walk of every expression that reads the
    /// references and keeps few of them is cheaper through
    /// [`each_variable`](Self::each_variable), which lends them.
    // Inline: the dispatch is a test and a call, which a caller in another
    // crate (an analysis asking every attribute) would otherwise call out
    // of line first.
    #[inline]
    pub fn variables(&self) -> Vec<Traversal> {
        match &self.0 {
            Repr::Native(e) => e.variables(),
            Repr::Shared(e) => e.variables(),
        }
    }

    /// Calls `f` with each variable reference [`variables`](Self::variables)
    /// answers, in the same order, borrowed from this handle: a native
    /// expression's are read from its tree in place, so that finding them
    /// allocates nothing and takes no reference count of the file for each
    /// (what a dependency analysis of every expression of a large
    /// configuration, which reads root names and ranges, pays for
    /// otherwise); another syntax's are its `variables()`, lent one by one.
    ///
    /// ```
    /// use hcl_core::native::parse_config;
    /// use hcl_core::SourceFile;
    /// let src = SourceFile::new("main.tf", "ids = [for s in var.subnets : s.id if local.on]\n");
    /// let (file, _) = parse_config(&src, &Default::default());
    /// let expr = file.body().attribute("ids").unwrap().to_expression();
    /// let mut refs = Vec::new();
    /// expr.each_variable(|t| refs.push(t.to_string()));
    /// assert_eq!(refs, ["var.subnets", "local.on"]);
    /// ```
    #[inline]
    pub fn each_variable(&self, mut f: impl FnMut(TraversalRef<'_>)) {
        match &self.0 {
            Repr::Native(e) => e.each_variable(|t| f(TraversalRef::native(t))),
            Repr::Shared(e) => e.variables().iter().for_each(|t| f(TraversalRef::built(t))),
        }
    }

    /// See [`ExpressionImpl::range`].
    pub fn range(&self) -> Range {
        self.as_impl().range()
    }

    /// See [`ExpressionImpl::start_range`].
    pub fn start_range(&self) -> Range {
        self.as_impl().start_range()
    }

    /// The syntax's own expression.
    #[inline]
    pub fn as_impl(&self) -> &dyn ExpressionImpl {
        match &self.0 {
            Repr::Native(e) => e,
            Repr::Shared(e) => &**e,
        }
    }

    /// The variable references of this expression that `ctx` gives a known
    /// value, with those values and in the concise form the reference's
    /// text diagnostics show ("with var.port as \"http\""); `None` when there
    /// are none (or no context: literal-only mode looks nothing up).
    ///
    /// Evaluation attaches these to its own diagnostics; an application
    /// that reports a problem about a value it evaluated (of the wrong
    /// type, say) attaches them with [`Diagnostic::with_involved`]:
    ///
    /// ```
    /// use hcl_core::diag::{render, Diagnostic, RenderOptions};
    /// use hcl_core::{EvalContext, SourceFile, Value};
    ///
    /// let file = SourceFile::new("main.hcl", "port = var.port\n");
    /// let (body, _) = hcl_core::load::parse_source_file(&file);
    /// let (attrs, _) = body.just_attributes();
    /// let expr = &attrs.get("port").unwrap().expr;
    /// let mut ctx = EvalContext::new();
    /// ctx.set_variable("var", Value::object([("port", Value::from("http"))]));
    /// let mut diag = Diagnostic::error("Invalid port", "A port number is required.")
    ///     .with_subject(expr.range());
    /// if let Some(values) = expr.involved_values(Some(&ctx)) {
    ///     diag = diag.with_involved(values);
    /// }
    /// let text = render(&diag, &file, &RenderOptions::default());
    /// assert!(text.contains("\nwith var.port as \"http\".\n"), "{text}");
    /// ```
    pub fn involved_values(&self, ctx: Option<&EvalContext>) -> Option<Arc<Involved>> {
        crate::involved::of_expression(self, ctx)
    }
}

/// One attribute of a body.
#[derive(Clone, Debug)]
pub struct Attribute {
    /// The attribute name.
    pub name: String,
    /// The value expression.
    pub expr: Expression,
    /// The whole attribute definition.
    pub range: Range,
    /// Where the name is written.
    pub name_range: Range,
}

/// The attributes of a body, in source order, with lookup by name.
#[derive(Clone, Debug, Default)]
pub struct Attributes {
    items: Vec<Attribute>,
    // Name → position in `items`, built only past `INDEX_FROM` attributes:
    // a linear scan over a few names beats hashing them (most bodies are
    // small), and the index keeps a hostile body of a million attributes
    // from going quadratic.
    index: Option<HashMap<String, usize>>,
}

/// How many attributes a body holds before lookups go through an index.
const INDEX_FROM: usize = 12;

impl Attributes {
    /// No attributes.
    pub fn new() -> Attributes {
        Attributes::default()
    }

    /// An empty set with room for `n` attributes.
    pub(crate) fn with_capacity(n: usize) -> Attributes {
        Attributes {
            items: Vec::with_capacity(n),
            index: None,
        }
    }

    /// Adds an attribute; if the name is already present, nothing changes
    /// and the attribute given comes back (boxed: the error stays small).
    pub fn insert(&mut self, attr: Attribute) -> Result<(), Box<Attribute>> {
        if self.position(&attr.name).is_some() {
            return Err(Box::new(attr));
        }
        if let Some(index) = &mut self.index {
            index.insert(attr.name.clone(), self.items.len());
        } else if self.items.len() >= INDEX_FROM {
            let mut index = HashMap::with_capacity(self.items.len() * 2);
            for (i, a) in self.items.iter().enumerate() {
                index.insert(a.name.clone(), i);
            }
            index.insert(attr.name.clone(), self.items.len());
            self.index = Some(index);
        }
        self.items.push(attr);
        Ok(())
    }

    fn position(&self, name: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.get(name).copied(),
            None => self.items.iter().position(|a| a.name == name),
        }
    }

    /// The attribute called `name`.
    pub fn get(&self, name: &str) -> Option<&Attribute> {
        self.position(name).and_then(|i| self.items.get(i))
    }

    /// Iterates in source order.
    pub fn iter(&self) -> std::slice::Iter<'_, Attribute> {
        self.items.iter()
    }

    /// The number of attributes.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

impl IntoIterator for Attributes {
    type Item = Attribute;
    type IntoIter = std::vec::IntoIter<Attribute>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a> IntoIterator for &'a Attributes {
    type Item = &'a Attribute;
    type IntoIter = std::slice::Iter<'a, Attribute>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

/// One block of a body.
#[derive(Clone, Debug)]
pub struct Block {
    /// The block type name.
    pub type_name: String,
    /// The labels, in order.
    pub labels: Vec<String>,
    /// The block's own body (not yet processed).
    pub body: Body,
    /// The block header: type and labels, up to the opening brace.
    pub def_range: Range,
    /// Where the type name is written.
    pub type_range: Range,
    /// Where each label is written.
    pub label_ranges: Vec<Range>,
}

/// The result of applying a schema to a body.
#[derive(Clone, Debug)]
pub struct BodyContent {
    /// The attributes the schema asked for that are present.
    pub attributes: Attributes,
    /// The blocks whose types the schema asked for, in source order.
    pub blocks: Vec<Block>,
    /// Where to point a "missing" diagnostic.
    pub missing_item_range: Range,
}

impl BodyContent {
    /// Content with nothing in it.
    pub fn empty(missing_item_range: Range) -> BodyContent {
        BodyContent {
            attributes: Attributes::new(),
            blocks: Vec::new(),
            missing_item_range,
        }
    }

    /// The blocks of one type.
    pub fn blocks_of_type<'a>(
        &'a self,
        type_name: &'a str,
    ) -> impl Iterator<Item = &'a Block> + 'a {
        self.blocks.iter().filter(move |b| b.type_name == type_name)
    }
}

#[derive(Debug)]
struct EmptyBody {
    missing_item_range: Range,
}

impl BodyImpl for EmptyBody {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (content, _, diags) = self.partial_content(schema);
        (content, diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Body, Diagnostics) {
        let mut diags = Diagnostics::new();
        for a in schema.attributes.iter().filter(|a| a.required) {
            diags.push(
                missing_required_argument(&a.name).with_subject(self.missing_item_range.clone()),
            );
        }
        (
            BodyContent::empty(self.missing_item_range.clone()),
            Body::empty(self.missing_item_range.clone()),
            diags,
        )
    }

    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        (Attributes::new(), Diagnostics::new())
    }

    fn missing_item_range(&self) -> Range {
        self.missing_item_range.clone()
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The reference's diagnostic for a block of `type_name` written with
/// `given` labels where its schema names `label_names`; `None` when the
/// count fits. It has no range: the reference points an extraneous label
/// at the first label too many, a missing one at the opening brace.
///
/// ```
/// use hcl_core::body::label_count_problem;
/// let d = label_count_problem("service", &["name"], 0).unwrap();
/// assert_eq!(d.summary, "Missing name for service");
/// let d = label_count_problem::<&str>("tls", &[], 1).unwrap();
/// assert_eq!(d.detail, "No labels are expected for tls blocks.");
/// assert!(label_count_problem("service", &["name"], 1).is_none());
/// ```
pub fn label_count_problem<S: AsRef<str>>(
    type_name: &str,
    label_names: &[S],
    given: usize,
) -> Option<Diagnostic> {
    let wanted = label_names.len();
    let names = || {
        label_names
            .iter()
            .map(AsRef::as_ref)
            .collect::<Vec<_>>()
            .join(", ")
    };
    if given > wanted {
        let detail = if wanted == 0 {
            format!("No labels are expected for {type_name} blocks.")
        } else {
            format!(
                "Only {wanted} labels ({}) are expected for {type_name} blocks.",
                names()
            )
        };
        return Some(Diagnostic::error(
            format!("Extraneous label for {type_name}"),
            detail,
        ));
    }
    let missing = label_names.get(given)?.as_ref();
    Some(Diagnostic::error(
        format!("Missing {missing} for {type_name}"),
        format!(
            "All {type_name} blocks must have {wanted} labels ({}).",
            names()
        ),
    ))
}

/// The reference's "Missing required argument" diagnostic, without a range.
pub fn missing_required_argument(name: &str) -> Diagnostic {
    Diagnostic::error(
        "Missing required argument",
        format!(
            "The argument {name} is required, but no definition was found.",
            name = quoted(name)
        ),
    )
}

mod merged;
mod static_call;

pub use merged::merge_bodies;
pub use static_call::{CallArgs, StaticCall};

#[cfg(test)]
mod test {
    use super::*;
    use crate::native::parse_body;
    use crate::pos::SourceFile;

    fn parsed(n: usize) -> Attributes {
        let text: String = (0..n).map(|i| format!("a{i} = {i}\n")).collect();
        let (body, diags) = parse_body(&SourceFile::new("t.hcl", text), &Default::default());
        assert!(diags.is_empty());
        body.just_attributes().0
    }

    #[test]
    fn attributes_lookup_and_duplicates_below_and_above_the_index_size() {
        for n in [3, INDEX_FROM, INDEX_FROM + 1, 100] {
            let attrs = parsed(n);
            assert_eq!(attrs.len(), n);
            for i in 0..n {
                let name = format!("a{i}");
                assert_eq!(
                    attrs.get(&name).map(|a| a.name.as_str()),
                    Some(name.as_str())
                );
            }
            assert!(attrs.get("missing").is_none());
            let mut copy = Attributes::new();
            for a in &attrs {
                copy.insert(a.clone()).unwrap();
            }
            for a in &attrs {
                assert!(copy.insert(a.clone()).is_err(), "{n}: {} twice", a.name);
            }
            let order: Vec<&str> = copy.iter().map(|a| a.name.as_str()).collect();
            let want: Vec<String> = (0..n).map(|i| format!("a{i}")).collect();
            assert_eq!(order, want);
        }
    }
}
