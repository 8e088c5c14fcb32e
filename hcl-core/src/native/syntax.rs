//! The syntax tree of the native syntax, as tools read it: a read-only view
//! of every body, attribute, block and expression, with the source ranges
//! and text of each.
//!
//! The parser stores a file compactly (a flat arena of bodies, attributes
//! and blocks; expressions whose text stays in the source; the commonest
//! forms of strings and traversals kept in short special forms). None of
//! that shows here: every string-like expression is a [`TemplateNode`],
//! every variable reference a [`TraversalNode`] whose [`Step`]s are the
//! same whatever the parser stored, and every node is a small `Copy`
//! handle that borrows the [`File`].
//!
//! ```
//! use hcl_core::native::{parse_config, ExprKind, StepKind};
//! use hcl_core::SourceFile;
//!
//! let src = SourceFile::new("main.tf", "resource \"aws_instance\" \"web\" {\n  ami = var.amis[\"eu\"]\n}\n");
//! let (file, diags) = parse_config(&src, &Default::default());
//! assert!(diags.is_empty());
//! let block = file.body().blocks().next().unwrap();
//! assert_eq!(block.type_name(), "resource");
//! let labels: Vec<&str> = block.labels().map(|l| l.value()).collect();
//! assert_eq!(labels, ["aws_instance", "web"]);
//! let ami = block.body().attribute("ami").unwrap();
//! let ExprKind::Traversal(t) = ami.expr().kind() else { panic!() };
//! assert_eq!(t.root_name(), "var");
//! let steps: Vec<StepKind> = t.steps().map(|s| s.kind()).collect();
//! assert_eq!(steps.len(), 2);
//! assert_eq!(t.to_traversal().to_string(), "var.amis[\"eu\"]");
//! ```

use std::sync::Arc;

use crate::body::{Body, Expression};
use crate::diag::Diagnostics;
use crate::eval::EvalContext;
use crate::native::ast::{self, BodyId, Tree};
use crate::native::body::NativeBody;
use crate::native::expression::NativeExpression;
use crate::pos::{ByteSpan, Range, SourceFile};
use crate::traversal::{path_root, path_step, PathStep, SourceStep, Traversal, Traverser};
use crate::value::{Number, Type, Value};

pub use ast::{BinaryOp, UnaryOp};

/// A parsed native-syntax configuration file: its syntax tree and the
/// source its ranges refer to. Cheap to clone (both are shared).
#[derive(Clone, Debug)]
pub struct File {
    pub(crate) tree: Arc<Tree>,
    pub(crate) root: BodyId,
    pub(crate) source: SourceFile,
}

impl File {
    /// The top-level body.
    pub fn body(&self) -> BodyNode<'_> {
        BodyNode {
            cx: self.cx(),
            id: self.root,
            body: self.tree.body(self.root),
        }
    }

    /// The source the file was parsed from.
    pub fn source(&self) -> &SourceFile {
        &self.source
    }

    /// The top-level body as a [`Body`] handle, for schema-driven
    /// processing and decoding.
    pub fn to_body(&self) -> Body {
        Body::new(NativeBody::new(
            self.source.clone(),
            self.tree.clone(),
            self.root,
        ))
    }

    fn cx(&self) -> Cx<'_> {
        Cx {
            tree: &self.tree,
            source: &self.source,
        }
    }

    /// The top-level body's node in the tree, for the parser's tests.
    #[cfg(test)]
    pub(crate) fn root_body(&self) -> &ast::Body {
        self.tree.body(self.root)
    }
}

/// What body-level nodes carry: the tree (bodies refer to their items by
/// id) and the source (for text and ranges).
#[derive(Clone, Copy)]
struct Cx<'a> {
    tree: &'a Arc<Tree>,
    source: &'a SourceFile,
}

// --- bodies --------------------------------------------------------------

/// A body: the file's top level or a block's content.
#[derive(Clone, Copy)]
pub struct BodyNode<'a> {
    cx: Cx<'a>,
    id: BodyId,
    body: &'a ast::Body,
}

/// An item of a body, for walking both kinds in source order.
#[derive(Clone, Copy)]
pub enum BodyItem<'a> {
    /// `name = expr`
    Attribute(AttributeNode<'a>),
    /// `type "label" { ... }`
    Block(BlockNode<'a>),
}

impl<'a> BodyNode<'a> {
    /// The syntax view of a [`Body`] handle of the native syntax (`None` for
    /// another syntax, a merged body, or the leftover of partial processing,
    /// whose claimed items a view of the whole node would show again).
    ///
    /// ```
    /// use hcl_core::load::parse_source;
    /// use hcl_core::native::BodyNode;
    /// let (body, _) = parse_source("a.hcl", "a = 1\n");
    /// assert_eq!(BodyNode::of(&body).unwrap().attributes().len(), 1);
    /// let (json, _) = parse_source("a.hcl.json", "{\"a\": 1}");
    /// assert!(BodyNode::of(&json).is_none());
    /// ```
    pub fn of(body: &'a Body) -> Option<BodyNode<'a>> {
        let native = body.as_impl().as_any().downcast_ref::<NativeBody>()?;
        native.hides_nothing().then(|| BodyNode {
            cx: Cx {
                tree: native.tree(),
                source: native.source(),
            },
            id: native.id(),
            body: native.ast(),
        })
    }

    /// The attributes, in source order (names are unique: the parser
    /// reports and drops a redefinition).
    pub fn attributes(self) -> impl ExactSizeIterator<Item = AttributeNode<'a>> + 'a {
        let cx = self.cx;
        cx.tree
            .attributes_with_ids(self.body)
            .map(move |(id, attr)| AttributeNode { cx, id, attr })
    }

    /// The attribute called `name`.
    pub fn attribute(self, name: &str) -> Option<AttributeNode<'a>> {
        self.attributes().find(|a| a.name() == name)
    }

    /// The blocks, in source order.
    #[inline]
    pub fn blocks(self) -> impl ExactSizeIterator<Item = BlockNode<'a>> + 'a {
        let cx = self.cx;
        cx.tree
            .blocks(self.body)
            .iter()
            .map(move |block| BlockNode { cx, block })
    }

    /// Attributes and blocks together, in source order.
    pub fn items(self) -> impl Iterator<Item = BodyItem<'a>> + 'a {
        let mut attrs = self.attributes().peekable();
        let mut blocks = self.blocks().peekable();
        std::iter::from_fn(move || match (attrs.peek(), blocks.peek()) {
            (Some(a), Some(b)) if b.block.ty.start < a.attr.name.start => {
                blocks.next().map(BodyItem::Block)
            }
            (Some(_), _) => attrs.next().map(BodyItem::Attribute),
            (None, _) => blocks.next().map(BodyItem::Block),
        })
    }

    /// The whole body: the file, or a block's braces and what they hold.
    pub fn range(self) -> Range {
        self.cx.source.range(self.body.span)
    }

    /// The body as a [`Body`] handle, for schema-driven processing (no
    /// copy of the tree).
    pub fn to_body(self) -> Body {
        Body::new(NativeBody::new(
            self.cx.source.clone(),
            self.cx.tree.clone(),
            self.id,
        ))
    }

    /// Attribute number `index` in source order, found in place (by its
    /// id: one check of the index against the body's run, one lookup).
    #[inline]
    pub(crate) fn attribute_at(self, index: usize) -> Option<AttributeNode<'a>> {
        let id = self.body.attributes.get(index)?;
        Some(AttributeNode {
            cx: self.cx,
            id,
            attr: self.cx.tree.attribute(id),
        })
    }

    /// Where an item the body lacks would go: its first byte (what a
    /// "Missing ..." diagnostic points at, as schema processing does).
    pub(crate) fn missing_item_range(self) -> Range {
        self.cx.source.range(self.body.span.start_point())
    }

    /// The source the body was parsed from.
    #[inline]
    pub fn source(self) -> &'a SourceFile {
        self.cx.source
    }

    /// The tree and the compact node, for the crate's own passes.
    pub(crate) fn ast(self) -> (&'a Tree, &'a ast::Body) {
        (self.cx.tree, self.body)
    }
}

/// `name = expr`
#[derive(Clone, Copy)]
pub struct AttributeNode<'a> {
    cx: Cx<'a>,
    id: ast::AttrId,
    attr: &'a ast::Attribute,
}

impl<'a> AttributeNode<'a> {
    /// The name.
    #[inline]
    pub fn name(self) -> &'a str {
        self.attr.name.text(self.cx.source.text())
    }

    /// Where the name is written.
    pub fn name_range(self) -> Range {
        self.cx.source.range(self.attr.name)
    }

    /// Where the `=` is written.
    pub fn equals_range(self) -> Range {
        self.cx
            .source
            .range(self.attr.equals(self.cx.source.text()))
    }

    /// The value expression.
    #[inline]
    pub fn expr(self) -> ExprNode<'a> {
        ExprNode::new(self.cx.source, &self.attr.expr)
    }

    /// From the name to the end of the value.
    pub fn range(self) -> Range {
        self.cx.source.range(self.attr.span())
    }

    /// The value as an [`Expression`] handle (no copy of the tree).
    pub fn to_expression(self) -> Expression {
        Expression::native(NativeExpression::attribute(
            self.cx.source.clone(),
            self.cx.tree.clone(),
            self.id,
        ))
    }
}

/// `type label* { body }`
#[derive(Clone, Copy)]
pub struct BlockNode<'a> {
    cx: Cx<'a>,
    block: &'a ast::Block,
}

impl<'a> BlockNode<'a> {
    /// The block type.
    #[inline]
    pub fn type_name(self) -> &'a str {
        self.block.ty.text(self.cx.source.text())
    }

    /// Where the block type is written.
    pub fn type_range(self) -> Range {
        self.cx.source.range(self.block.ty)
    }

    /// The labels, in order.
    #[inline]
    pub fn labels(self) -> impl ExactSizeIterator<Item = LabelNode<'a>> + 'a {
        let cx = self.cx;
        cx.tree
            .labels(self.block)
            .iter()
            .map(move |label| LabelNode { cx, label })
    }

    /// The content.
    pub fn body(self) -> BodyNode<'a> {
        BodyNode {
            cx: self.cx,
            id: self.block.body,
            body: self.cx.tree.body(self.block.body),
        }
    }

    /// The `{`.
    pub fn open_brace_range(self) -> Range {
        self.cx.source.range(self.block.open_brace())
    }

    /// The `}` (after a syntax error, where the block was cut short).
    pub fn close_brace_range(self) -> Range {
        self.cx.source.range(self.block.close_brace)
    }

    /// From the type to the closing brace.
    pub fn range(self) -> Range {
        self.cx.source.range(self.block.span())
    }

    /// The content as a [`Body`] handle.
    pub fn to_body(self) -> Body {
        Body::new(NativeBody::new(
            self.cx.source.clone(),
            self.cx.tree.clone(),
            self.block.body,
        ))
    }
}

/// A block label: a quoted string or a bare name.
#[derive(Clone, Copy)]
pub struct LabelNode<'a> {
    cx: Cx<'a>,
    label: &'a ast::Label,
}

impl<'a> LabelNode<'a> {
    /// The label's value (escapes decoded, quotes removed).
    #[inline]
    pub fn value(self) -> &'a str {
        self.cx.tree.label_value(self.label, self.cx.source.text())
    }

    /// Whether it was written in quotes.
    pub fn is_quoted(self) -> bool {
        self.label.is_quoted(self.cx.source.text())
    }

    /// Where the label is written, quotes included.
    pub fn range(self) -> Range {
        self.cx.source.range(self.label.span)
    }
}

// --- expressions ---------------------------------------------------------

/// An expression.
#[derive(Clone, Copy)]
pub struct ExprNode<'a> {
    source: &'a SourceFile,
    expr: &'a ast::Expr,
}

/// What an expression is.
#[derive(Clone)]
pub enum ExprKind<'a> {
    /// A number, `true`, `false` or `null`.
    Literal(Literal<'a>),
    /// A quoted string, a heredoc or a standalone template: literal text,
    /// interpolations and directives.
    Template(TemplateNode<'a>),
    /// A variable and its attribute and index steps (`var.list[0]`).
    Traversal(TraversalNode<'a>),
    /// Attribute and index steps applied to another expression's value
    /// (`f(x).name`).
    RelativeTraversal {
        /// The expression whose value is traversed.
        source: ExprNode<'a>,
        /// The steps.
        steps: Steps<'a>,
    },
    /// `collection[key]` with a key that is not a literal.
    Index {
        /// The collection.
        collection: ExprNode<'a>,
        /// The key.
        key: ExprNode<'a>,
    },
    /// `name(args)`.
    Call(CallNode<'a>),
    /// `[a, b]`.
    Tuple(Items<'a>),
    /// `{ k = v }`.
    Object(ObjectNode<'a>),
    /// `[for ...]` or `{for ...}`.
    For(ForNode<'a>),
    /// `source.*.steps` or `source[*].steps`.
    Splat(SplatNode<'a>),
    /// The element a splat's [`SplatNode::each`] starts from.
    SplatElement,
    /// `-x` or `!x`.
    Unary {
        /// The operator.
        op: UnaryOp,
        /// The operand.
        operand: ExprNode<'a>,
    },
    /// `lhs op rhs`.
    Binary {
        /// The operator.
        op: BinaryOp,
        /// The left operand.
        lhs: ExprNode<'a>,
        /// The right operand.
        rhs: ExprNode<'a>,
    },
    /// `cond ? then : otherwise`.
    Conditional {
        /// The predicate.
        cond: ExprNode<'a>,
        /// The result when true.
        then: ExprNode<'a>,
        /// The result when false.
        otherwise: ExprNode<'a>,
    },
    /// `(x)`.
    Parens(ExprNode<'a>),
    /// What a syntax error left (already reported).
    Invalid,
}

/// A literal value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Literal<'a> {
    /// A number.
    Number(&'a Number),
    /// `true` or `false`.
    Bool(bool),
    /// `null`.
    Null,
    /// A string (only as an index key: a string in an expression is a
    /// [`TemplateNode`]).
    String(&'a str),
}

impl Literal<'_> {
    /// The value (`null` is a null of the dynamic pseudo-type).
    pub fn value(self) -> Value {
        match self {
            Literal::Number(n) => Value::Number(n.clone()),
            Literal::Bool(b) => Value::Bool(b),
            Literal::Null => Value::Null(Type::Dynamic),
            Literal::String(s) => Value::string(s),
        }
    }
}

impl<'a> ExprNode<'a> {
    #[inline]
    pub(crate) fn new(source: &'a SourceFile, expr: &'a ast::Expr) -> ExprNode<'a> {
        ExprNode { source, expr }
    }

    /// The syntax view of an [`Expression`] handle of the native syntax
    /// (`None` for another syntax).
    ///
    /// ```
    /// use hcl_core::native::{parse_expression, ExprKind, ExprNode};
    /// use hcl_core::SourceFile;
    /// let (e, _) = parse_expression(&SourceFile::new("<e>", "f(1)"), &Default::default());
    /// assert!(matches!(ExprNode::of(&e).unwrap().kind(), ExprKind::Call(_)));
    /// ```
    pub fn of(expr: &'a Expression) -> Option<ExprNode<'a>> {
        let native = expr.as_impl().as_any().downcast_ref::<NativeExpression>()?;
        native.node()
    }

    /// What the expression is.
    #[inline]
    pub fn kind(self) -> ExprKind<'a> {
        let node = |expr| ExprNode::new(self.source, expr);
        match &self.expr.kind {
            ast::ExprKind::Number(n) => ExprKind::Literal(Literal::Number(n)),
            ast::ExprKind::Bool(b) => ExprKind::Literal(Literal::Bool(*b)),
            ast::ExprKind::Null => ExprKind::Literal(Literal::Null),
            ast::ExprKind::StringLit => ExprKind::Template(self.template(TemplateRepr::Lit)),
            ast::ExprKind::Template(t) => ExprKind::Template(self.template(TemplateRepr::Parts(t))),
            ast::ExprKind::TemplateWrap(inner) => {
                ExprKind::Template(self.template(TemplateRepr::Wrap(inner)))
            }
            ast::ExprKind::Variable
            | ast::ExprKind::AttrPath
            | ast::ExprKind::ScopeTraversal(_) => ExprKind::Traversal(TraversalNode { node: self }),
            ast::ExprKind::RelativeTraversal(t) => ExprKind::RelativeTraversal {
                source: node(&t.source),
                steps: Steps::list(self.source, &t.steps),
            },
            ast::ExprKind::Index(ix) => ExprKind::Index {
                collection: node(&ix.collection),
                key: node(&ix.key),
            },
            ast::ExprKind::Call(call) => ExprKind::Call(CallNode {
                source: self.source,
                span: self.expr.span,
                call,
            }),
            ast::ExprKind::Tuple(t) => ExprKind::Tuple(Items {
                source: self.source,
                items: &t.items,
            }),
            ast::ExprKind::Object(o) => ExprKind::Object(ObjectNode {
                source: self.source,
                items: &o.items,
            }),
            ast::ExprKind::For(f) => ExprKind::For(ForNode {
                source: self.source,
                node: f,
            }),
            ast::ExprKind::Splat(s) => ExprKind::Splat(SplatNode {
                source: self.source,
                node: s,
            }),
            ast::ExprKind::AnonSymbol => ExprKind::SplatElement,
            ast::ExprKind::Unary(u) => ExprKind::Unary {
                op: u.op,
                operand: node(&u.operand),
            },
            ast::ExprKind::Binary(b) => ExprKind::Binary {
                op: b.op,
                lhs: node(&b.lhs),
                rhs: node(&b.rhs),
            },
            ast::ExprKind::Conditional(c) => ExprKind::Conditional {
                cond: node(&c.cond),
                then: node(&c.then),
                otherwise: node(&c.otherwise),
            },
            ast::ExprKind::Parens(inner) => ExprKind::Parens(node(inner)),
            ast::ExprKind::Invalid => ExprKind::Invalid,
        }
    }

    #[inline]
    fn template(self, repr: TemplateRepr<'a>) -> TemplateNode<'a> {
        TemplateNode {
            source: self.source,
            span: self.expr.span,
            repr,
        }
    }

    /// Where the expression is written.
    pub fn range(self) -> Range {
        self.source.range(self.expr.span)
    }

    /// The expression as written.
    pub fn source_text(self) -> &'a str {
        self.expr.span.text(self.source.text())
    }

    /// The source the expression was parsed from.
    #[inline]
    pub fn source(self) -> &'a SourceFile {
        self.source
    }

    /// Evaluates the expression (`None` is literal-only mode).
    ///
    /// ```
    /// use hcl_core::native::parse_config;
    /// use hcl_core::{EvalContext, SourceFile, Value};
    /// let (file, _) = parse_config(&SourceFile::new("a.hcl", "a = 1 + 2\n"), &Default::default());
    /// let a = file.body().attribute("a").unwrap().expr();
    /// assert_eq!(a.value(Some(&EvalContext::new())).0, Value::from(3));
    /// ```
    pub fn value(self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        crate::native::eval::evaluate(self, ctx)
    }

    /// The absolute traversals (variable references) the expression makes,
    /// in source order; names bound by enclosing `for` expressions are not
    /// references.
    pub fn variables(self) -> Vec<Traversal> {
        let mut out = Vec::new();
        self.each_variable(|t| {
            if out.capacity() == 0 {
                // Room for the few references most expressions make, in
                // one allocation that skips the vector's growth path.
                out = Vec::with_capacity(4);
            }
            out.push(t.to_traversal());
        });
        out
    }

    /// Calls `f` with each variable reference, in source order, without
    /// building anything for expressions that have none.
    pub fn each_variable(self, mut f: impl FnMut(TraversalNode<'a>)) {
        self.each_variable_within(usize::MAX, &mut f);
    }

    /// [`each_variable`](Self::each_variable) looking at no more than
    /// `max_nodes` nodes: the evaluator names the values involved in each
    /// of possibly many diagnostics, and bounds that work per diagnostic.
    pub(crate) fn each_variable_within(
        self,
        max_nodes: usize,
        f: &mut dyn FnMut(TraversalNode<'a>),
    ) {
        let mut walk = VariableWalk {
            locals: Vec::new(),
            nodes_left: max_nodes,
            f,
        };
        walk.expr(self, 0);
    }

    /// The direct sub-expressions, in source order (object keys included
    /// only when they are expressions rather than literal names).
    pub fn children(self) -> impl Iterator<Item = ExprNode<'a>> + 'a {
        let mut out: Vec<ExprNode<'a>> = Vec::new();
        self.for_each_child(|c| out.push(c));
        out.into_iter()
    }

    /// Calls `f` with each direct sub-expression, in source order (object
    /// keys only when they are expressions). Read from the stored node
    /// without building its view: static analysis and the constant check
    /// of every expression handle walk trees with it (inlined: each
    /// caller's per-child step then runs in the loop).
    #[inline(always)]
    pub(crate) fn for_each_child(self, mut f: impl FnMut(ExprNode<'a>)) {
        let source = self.source;
        let mut each = |e: &'a ast::Expr| f(ExprNode::new(source, e));
        match &self.expr.kind {
            ast::ExprKind::Number(_)
            | ast::ExprKind::Bool(_)
            | ast::ExprKind::Null
            | ast::ExprKind::StringLit
            | ast::ExprKind::Variable
            | ast::ExprKind::AttrPath
            | ast::ExprKind::ScopeTraversal(_)
            | ast::ExprKind::AnonSymbol
            | ast::ExprKind::Invalid => {}
            ast::ExprKind::Template(t) => {
                for part in &t.parts {
                    TemplatePart::new(source, part).for_each_expr(&mut f);
                }
            }
            ast::ExprKind::TemplateWrap(inner) | ast::ExprKind::Parens(inner) => each(inner),
            ast::ExprKind::RelativeTraversal(t) => each(&t.source),
            ast::ExprKind::Index(ix) => {
                each(&ix.collection);
                each(&ix.key);
            }
            ast::ExprKind::Call(c) => c.args.iter().for_each(each),
            ast::ExprKind::Tuple(t) => t.items.iter().for_each(each),
            ast::ExprKind::Object(o) => {
                for item in o.items.iter() {
                    if item.key.as_literal_name(source.text()).is_none() {
                        each(&item.key.expr);
                    }
                    each(&item.value);
                }
            }
            ast::ExprKind::For(x) => {
                each(&x.collection);
                if let Some(k) = &x.key {
                    each(k);
                }
                each(&x.value);
                if let Some(c) = &x.cond {
                    each(c);
                }
            }
            ast::ExprKind::Splat(s) => {
                each(&s.source);
                each(&s.each);
            }
            ast::ExprKind::Unary(u) => each(&u.operand),
            ast::ExprKind::Binary(b) => {
                each(&b.lhs);
                each(&b.rhs);
            }
            ast::ExprKind::Conditional(c) => {
                each(&c.cond);
                each(&c.then);
                each(&c.otherwise);
            }
        }
    }

    /// An [`Expression`] handle of its own for this node (the node is
    /// copied).
    pub fn to_expression(self) -> Expression {
        Expression::native(NativeExpression::new(
            self.source.clone(),
            Arc::new(self.expr.clone()),
        ))
    }

    /// The compact node, for the crate's own passes.
    pub(crate) fn ast(self) -> &'a ast::Expr {
        self.expr
    }
}

/// How deep [`ExprNode::each_variable`] descends; deeper parts of a tree
/// (reachable only through very long index chains, since the parser bounds
/// nesting) are not searched.
const MAX_WALK_DEPTH: usize = 1024;

/// The reference's `Variables`: every traversal in source order, except
/// those rooted at a name an enclosing `for` (expression or template
/// directive) binds. Object keys written as bare names are names, not
/// references ([`ExprNode::for_each_child`] leaves them out).
struct VariableWalk<'a, 'f> {
    locals: Vec<&'a str>,
    nodes_left: usize,
    f: &'f mut dyn FnMut(TraversalNode<'a>),
}

impl<'a> VariableWalk<'a, '_> {
    /// Reads literals and references (most nodes) in place, inlined in
    /// the loop over their parent's children.
    #[inline(always)]
    fn expr(&mut self, e: ExprNode<'a>, depth: usize) {
        if depth > MAX_WALK_DEPTH || self.nodes_left == 0 {
            return;
        }
        self.nodes_left -= 1;
        match &e.expr.kind {
            ast::ExprKind::Variable
            | ast::ExprKind::AttrPath
            | ast::ExprKind::ScopeTraversal(_) => {
                let t = TraversalNode { node: e };
                if self.locals.is_empty() || !self.locals.contains(&t.root_name()) {
                    (self.f)(t);
                }
            }
            ast::ExprKind::Number(_)
            | ast::ExprKind::Bool(_)
            | ast::ExprKind::Null
            | ast::ExprKind::StringLit
            | ast::ExprKind::AnonSymbol
            | ast::ExprKind::Invalid => {}
            _ => self.composite(e, depth),
        }
    }

    /// The nodes that have children. Read from the stored node: the walk
    /// needs the view of few.
    #[inline(never)]
    fn composite(&mut self, e: ExprNode<'a>, depth: usize) {
        match &e.expr.kind {
            ast::ExprKind::For(x) => {
                let x = ForNode {
                    source: e.source,
                    node: x,
                };
                self.expr(x.collection(), depth + 1);
                let base = self.locals.len();
                self.locals.extend(x.key_var());
                self.locals.push(x.value_var());
                for part in [x.key(), Some(x.value()), x.condition()]
                    .into_iter()
                    .flatten()
                {
                    self.expr(part, depth + 1);
                }
                self.locals.truncate(base);
            }
            ast::ExprKind::Template(t) => {
                for part in &t.parts {
                    self.part(TemplatePart::new(e.source, part), depth + 1);
                }
            }
            _ => e.for_each_child(|c| self.expr(c, depth + 1)),
        }
    }

    fn part(&mut self, part: TemplatePart<'a>, depth: usize) {
        match part {
            TemplatePart::Literal(_) | TemplatePart::Invalid => {}
            TemplatePart::Interpolation(i) => self.expr(i.expr(), depth),
            TemplatePart::If(d) => {
                self.expr(d.condition(), depth);
                for p in d.then_parts().chain(d.else_parts()) {
                    self.part(p, depth + 1);
                }
            }
            TemplatePart::For(d) => {
                self.expr(d.collection(), depth);
                let base = self.locals.len();
                self.locals.extend(d.key_var());
                self.locals.push(d.value_var());
                for p in d.body_parts() {
                    self.part(p, depth + 1);
                }
                self.locals.truncate(base);
            }
        }
    }
}

// --- templates -----------------------------------------------------------

/// A template: a quoted string, a heredoc or a standalone template.
#[derive(Clone, Copy)]
pub struct TemplateNode<'a> {
    source: &'a SourceFile,
    span: ByteSpan,
    repr: TemplateRepr<'a>,
}

/// How the parser stored the template.
#[derive(Clone, Copy)]
enum TemplateRepr<'a> {
    /// A quoted string without escapes: the text between the quotes.
    Lit,
    /// Parts.
    Parts(&'a ast::Template),
    /// A single interpolation and nothing else.
    Wrap(&'a ast::Expr),
}

/// How a template is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TemplateKind<'a> {
    /// `"..."`
    Quoted,
    /// `<<MARKER` or, when `flush`, `<<-MARKER`.
    Heredoc {
        /// Whether the indentation was stripped (`<<-`).
        flush: bool,
        /// The marker.
        marker: &'a str,
    },
    /// A standalone template (not inside an expression).
    Bare,
}

impl<'a> TemplateNode<'a> {
    /// How the template is written.
    pub fn kind(self) -> TemplateKind<'a> {
        match self.repr {
            TemplateRepr::Lit => TemplateKind::Quoted,
            TemplateRepr::Parts(t) => match t.kind {
                ast::TemplateKind::Quoted => TemplateKind::Quoted,
                ast::TemplateKind::Bare => TemplateKind::Bare,
                ast::TemplateKind::Heredoc { flush } => TemplateKind::Heredoc {
                    flush,
                    marker: ast::heredoc_marker(self.span, self.source.text())
                        .text(self.source.text()),
                },
            },
            TemplateRepr::Wrap(_) => {
                if self.span.text(self.source.text()).starts_with('"') {
                    TemplateKind::Quoted
                } else {
                    TemplateKind::Bare
                }
            }
        }
    }

    /// The parts, in order: literal text (escapes decoded, strip markers
    /// and heredoc indentation applied, consecutive pieces merged),
    /// interpolations and directives.
    pub fn parts(self) -> TemplateParts<'a> {
        let source = self.source;
        match self.repr {
            TemplateRepr::Lit => TemplateParts {
                source,
                repr: PartsRepr::Lit(Some(self.span)),
            },
            TemplateRepr::Parts(t) => TemplateParts {
                source,
                repr: PartsRepr::Slice(t.parts.iter()),
            },
            TemplateRepr::Wrap(inner) => TemplateParts {
                source,
                repr: PartsRepr::Wrap(Some((self.span, inner))),
            },
        }
    }

    /// The interpolated expression when the template is one interpolation
    /// and nothing else (`"${x}"`): its value is `x`'s, not converted to a
    /// string.
    #[inline]
    pub fn wrapped(self) -> Option<ExprNode<'a>> {
        match self.repr {
            TemplateRepr::Wrap(inner) => Some(ExprNode::new(self.source, inner)),
            _ => None,
        }
    }

    /// The text, when the template is literal text only.
    #[inline]
    pub fn literal(self) -> Option<&'a str> {
        match self.repr {
            TemplateRepr::Lit => Some(self.span.inner().text(self.source.text())),
            TemplateRepr::Parts(t) => match &t.parts[..] {
                [ast::TemplatePart::Literal(l)] => Some(l.text.as_str(self.source.text())),
                [] => Some(""),
                _ => None,
            },
            TemplateRepr::Wrap(_) => None,
        }
    }

    /// Where the template is written (quotes or heredoc markers included).
    pub fn range(self) -> Range {
        self.source.range(self.span)
    }
}

/// The parts of a template or of a directive's branch.
#[derive(Clone)]
pub struct TemplateParts<'a> {
    source: &'a SourceFile,
    repr: PartsRepr<'a>,
}

#[derive(Clone)]
enum PartsRepr<'a> {
    Lit(Option<ByteSpan>),
    Slice(std::slice::Iter<'a, ast::TemplatePart>),
    Wrap(Option<(ByteSpan, &'a ast::Expr)>),
}

impl<'a> Iterator for TemplateParts<'a> {
    type Item = TemplatePart<'a>;

    #[inline]
    fn next(&mut self) -> Option<TemplatePart<'a>> {
        let source = self.source;
        match &mut self.repr {
            PartsRepr::Lit(span) => span.take().map(|span| {
                TemplatePart::Literal(TemplateText {
                    source,
                    span: span.inner(),
                    text: TextRepr::Source,
                })
            }),
            PartsRepr::Slice(parts) => parts.next().map(|p| TemplatePart::new(source, p)),
            PartsRepr::Wrap(w) => w.take().map(|(span, expr)| {
                TemplatePart::Interpolation(InterpolationNode {
                    source,
                    span,
                    expr,
                    strip: (false, false),
                })
            }),
        }
    }
}

/// One part of a template.
#[derive(Clone, Copy)]
pub enum TemplatePart<'a> {
    /// Literal text.
    Literal(TemplateText<'a>),
    /// `${ expr }`.
    Interpolation(InterpolationNode<'a>),
    /// `%{ if }...%{ else }...%{ endif }`.
    If(TemplateIfNode<'a>),
    /// `%{ for }...%{ endfor }`.
    For(TemplateForNode<'a>),
    /// What a syntax error in a directive left (already reported).
    Invalid,
}

impl<'a> TemplatePart<'a> {
    fn new(source: &'a SourceFile, part: &'a ast::TemplatePart) -> TemplatePart<'a> {
        match part {
            ast::TemplatePart::Literal(l) => TemplatePart::Literal(TemplateText {
                source,
                span: l.span,
                text: TextRepr::Lit(&l.text),
            }),
            ast::TemplatePart::Interp(i) => TemplatePart::Interpolation(InterpolationNode {
                source,
                span: i.span,
                expr: &i.expr,
                strip: (i.strip_left(source.text()), i.strip_right(source.text())),
            }),
            ast::TemplatePart::If(node) => TemplatePart::If(TemplateIfNode { source, node }),
            ast::TemplatePart::For(node) => TemplatePart::For(TemplateForNode { source, node }),
            ast::TemplatePart::Invalid(_) => TemplatePart::Invalid,
        }
    }

    fn for_each_expr(self, f: &mut impl FnMut(ExprNode<'a>)) {
        match self {
            TemplatePart::Literal(_) | TemplatePart::Invalid => {}
            TemplatePart::Interpolation(i) => f(i.expr()),
            TemplatePart::If(d) => {
                f(d.condition());
                d.then_parts()
                    .chain(d.else_parts())
                    .for_each(|p| p.for_each_expr(f));
            }
            TemplatePart::For(d) => {
                f(d.collection());
                d.body_parts().for_each(|p| p.for_each_expr(f));
            }
        }
    }
}

/// Literal text in a template.
#[derive(Clone, Copy)]
pub struct TemplateText<'a> {
    source: &'a SourceFile,
    span: ByteSpan,
    text: TextRepr<'a>,
}

#[derive(Clone, Copy)]
enum TextRepr<'a> {
    /// The span's own bytes.
    Source,
    Lit(&'a ast::LitText),
}

impl<'a> TemplateText<'a> {
    /// The text: escapes decoded, strip markers and heredoc indentation
    /// applied.
    pub fn text(self) -> &'a str {
        match self.text {
            TextRepr::Source => self.span.text(self.source.text()),
            TextRepr::Lit(l) => l.as_str(self.source.text()),
        }
    }

    /// Where the text is written.
    pub fn range(self) -> Range {
        self.source.range(self.span)
    }
}

/// `${ expr }`, with its strip markers.
#[derive(Clone, Copy)]
pub struct InterpolationNode<'a> {
    source: &'a SourceFile,
    span: ByteSpan,
    expr: &'a ast::Expr,
    strip: (bool, bool),
}

impl<'a> InterpolationNode<'a> {
    /// The interpolated expression.
    #[inline]
    pub fn expr(self) -> ExprNode<'a> {
        ExprNode::new(self.source, self.expr)
    }

    /// `${~`: whitespace before is stripped.
    pub fn strip_left(self) -> bool {
        self.strip.0
    }

    /// `~}`: whitespace after is stripped.
    pub fn strip_right(self) -> bool {
        self.strip.1
    }

    /// From `${` to `}`.
    pub fn range(self) -> Range {
        self.source.range(self.span)
    }

    /// The interpolation as written, from `${` to `}`.
    pub fn source_text(self) -> &'a str {
        self.span.text(self.source.text())
    }
}

/// `%{ if cond }then%{ else }else%{ endif }`.
#[derive(Clone, Copy)]
pub struct TemplateIfNode<'a> {
    source: &'a SourceFile,
    node: &'a ast::TemplateIf,
}

impl<'a> TemplateIfNode<'a> {
    /// The condition.
    pub fn condition(self) -> ExprNode<'a> {
        ExprNode::new(self.source, &self.node.cond)
    }

    /// The parts used when the condition holds.
    pub fn then_parts(self) -> TemplateParts<'a> {
        TemplateParts {
            source: self.source,
            repr: PartsRepr::Slice(self.node.then_parts.iter()),
        }
    }

    /// The parts used otherwise (none without `%{ else }`).
    pub fn else_parts(self) -> TemplateParts<'a> {
        TemplateParts {
            source: self.source,
            repr: PartsRepr::Slice(self.node.else_parts.iter()),
        }
    }

    /// Where `%{ if cond }` is written.
    pub fn if_range(self) -> Range {
        self.source.range(self.node.if_span)
    }

    /// Where `%{ else }` is written, if there is one.
    pub fn else_range(self) -> Option<Range> {
        self.node.else_span.map(|s| self.source.range(s))
    }

    /// Where `%{ endif }` is written.
    pub fn endif_range(self) -> Range {
        self.source.range(self.node.endif_span)
    }

    /// From `%{ if` to the `}` of `%{ endif }`.
    pub fn range(self) -> Range {
        self.source
            .range(self.node.if_span.to(self.node.endif_span))
    }
}

/// `%{ for k, v in collection }body%{ endfor }`.
#[derive(Clone, Copy)]
pub struct TemplateForNode<'a> {
    source: &'a SourceFile,
    node: &'a ast::TemplateFor,
}

impl<'a> TemplateForNode<'a> {
    /// The key variable, when two names are given.
    pub fn key_var(self) -> Option<&'a str> {
        self.node.key_var.map(|k| k.text(self.source.text()))
    }

    /// The value variable.
    pub fn value_var(self) -> &'a str {
        self.node.value_var.text(self.source.text())
    }

    /// The collection iterated over.
    pub fn collection(self) -> ExprNode<'a> {
        ExprNode::new(self.source, &self.node.collection)
    }

    /// The parts repeated for each element.
    pub fn body_parts(self) -> TemplateParts<'a> {
        TemplateParts {
            source: self.source,
            repr: PartsRepr::Slice(self.node.body.iter()),
        }
    }

    /// Where `%{ for ... }` is written.
    pub fn for_range(self) -> Range {
        self.source.range(self.node.for_span)
    }

    /// Where `%{ endfor }` is written.
    pub fn endfor_range(self) -> Range {
        self.source.range(self.node.endfor_span)
    }

    /// From `%{ for` to the `}` of `%{ endfor }`.
    pub fn range(self) -> Range {
        self.source
            .range(self.node.for_span.to(self.node.endfor_span))
    }
}

// --- traversals ----------------------------------------------------------

/// A variable and its attribute and index steps.
#[derive(Clone, Copy)]
pub struct TraversalNode<'a> {
    node: ExprNode<'a>,
}

impl<'a> TraversalNode<'a> {
    /// The compact node, for the crate's own passes.
    pub(crate) fn ast(self) -> &'a ast::Expr {
        self.node.expr
    }

    /// The root variable's name.
    #[inline]
    pub fn root_name(self) -> &'a str {
        self.root_span().text(self.node.source.text())
    }

    /// Where the root name is written.
    pub fn root_range(self) -> Range {
        self.node.source.range(self.root_span())
    }

    #[inline]
    pub(crate) fn root_span(self) -> ByteSpan {
        let e = self.node.expr;
        match &e.kind {
            ast::ExprKind::ScopeTraversal(t) => t.root,
            ast::ExprKind::AttrPath => path_root(self.node.source.text(), e.span),
            _ => e.span,
        }
    }

    /// The steps after the root.
    #[inline]
    pub fn steps(self) -> Steps<'a> {
        self.steps_after(self.root_span())
    }

    /// [`TraversalNode::steps`] for a known [`TraversalNode::root_span`].
    #[inline]
    fn steps_after(self, root: ByteSpan) -> Steps<'a> {
        let e = self.node.expr;
        let source = self.node.source;
        match &e.kind {
            ast::ExprKind::ScopeTraversal(t) => Steps::list(source, &t.steps),
            ast::ExprKind::AttrPath => Steps {
                source,
                repr: StepsRepr::Path {
                    at: root.end,
                    end: e.span.end,
                },
            },
            _ => Steps {
                source,
                repr: StepsRepr::Path { at: 0, end: 0 },
            },
        }
    }

    /// The whole traversal's range.
    pub fn range(self) -> Range {
        self.node.range()
    }

    /// The traversal as the information model's [`Traversal`]. It keeps
    /// the source file and where each step is written (no name or range
    /// is copied out until asked for).
    pub fn to_traversal(self) -> Traversal {
        let e = self.node.expr;
        let source = self.node.source;
        match &e.kind {
            ast::ExprKind::ScopeTraversal(t) => source_traversal(source, t.root, &t.steps),
            // A bare name, or a dotted path.
            _ => Traversal::path(source, e.span),
        }
    }

    /// The expression node.
    #[inline]
    pub fn expr(self) -> ExprNode<'a> {
        self.node
    }
}

/// The steps of a traversal.
#[derive(Clone)]
pub struct Steps<'a> {
    source: &'a SourceFile,
    repr: StepsRepr<'a>,
}

#[derive(Clone)]
enum StepsRepr<'a> {
    /// `.name` steps written without spaces: the bytes `at..end` of the
    /// source, each step a dot and a name.
    Path {
        at: u32,
        end: u32,
    },
    List(std::slice::Iter<'a, ast::Traverser>),
}

impl<'a> Steps<'a> {
    pub(crate) fn list(source: &'a SourceFile, steps: &'a [ast::Traverser]) -> Steps<'a> {
        Steps {
            source,
            repr: StepsRepr::List(steps.iter()),
        }
    }

    /// How many steps are left.
    pub fn len(&self) -> usize {
        match &self.repr {
            StepsRepr::Path { at, end } => {
                let text = ByteSpan::new(*at, *end).text(self.source.text());
                text.bytes().filter(|&b| b == b'.').count()
            }
            StepsRepr::List(steps) => steps.len(),
        }
    }

    /// Whether no step is left.
    pub fn is_empty(&self) -> bool {
        match &self.repr {
            StepsRepr::Path { at, end } => at >= end,
            StepsRepr::List(steps) => steps.len() == 0,
        }
    }
}

impl<'a> Iterator for Steps<'a> {
    type Item = Step<'a>;

    #[inline]
    fn next(&mut self) -> Option<Step<'a>> {
        let source = self.source;
        match &mut self.repr {
            StepsRepr::Path { at, end } => {
                // (A dotted path's steps are all names.)
                let (span, PathStep::Attr(name)) = path_step(source.text(), *at, *end)? else {
                    return None;
                };
                *at = span.end;
                Some(Step {
                    source,
                    span,
                    kind: StepRepr::Name(name),
                })
            }
            StepsRepr::List(steps) => steps.next().map(|s| Step {
                source,
                span: s.span,
                kind: match &s.kind {
                    ast::TraverserKind::Attr { name } => StepRepr::Name(*name),
                    ast::TraverserKind::Splat => StepRepr::Splat,
                    ast::TraverserKind::TextIndex { text } => StepRepr::TextKey(*text),
                    index => match index.index_key(source.text()) {
                        Some((key, legacy)) => StepRepr::Key(key, legacy),
                        None => StepRepr::Splat,
                    },
                },
            }),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.repr {
            StepsRepr::Path { at, end } => {
                let n = usize::from(at < end);
                (n, Some((end - at) as usize / 2))
            }
            StepsRepr::List(steps) => steps.size_hint(),
        }
    }
}

/// One traversal step.
#[derive(Clone, Copy)]
pub struct Step<'a> {
    source: &'a SourceFile,
    span: ByteSpan,
    kind: StepRepr<'a>,
}

#[derive(Clone, Copy)]
enum StepRepr<'a> {
    Name(ByteSpan),
    /// A string key written without escapes: its text in the source.
    TextKey(ByteSpan),
    Key(ast::IndexKey<'a>, bool),
    Splat,
}

/// What a traversal step does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StepKind<'a> {
    /// `.name`
    Attr(&'a str),
    /// `[key]` with a literal key, or the legacy `.0`.
    Index(Literal<'a>),
    /// `[*]`, only in traversals parsed with splats allowed.
    Splat,
    /// An index key a syntax error left (already reported).
    Invalid,
}

impl<'a> Step<'a> {
    /// What the step does.
    #[inline]
    pub fn kind(self) -> StepKind<'a> {
        let text = self.source.text();
        match self.kind {
            StepRepr::Name(name) => StepKind::Attr(name.text(text)),
            StepRepr::TextKey(key) => StepKind::Index(Literal::String(key.text(text))),
            StepRepr::Key(key, _) => key.map_or(StepKind::Invalid, StepKind::Index),
            StepRepr::Splat => StepKind::Splat,
        }
    }

    /// Whether the step is an index in the legacy form `.0` (HIL's), not
    /// `[0]`.
    pub fn is_legacy_index(self) -> bool {
        matches!(self.kind, StepRepr::Key(_, true))
    }

    /// Where the step is written, from its `.` or `[`.
    pub fn range(self) -> Range {
        self.source.range(self.span)
    }

    /// The step as the information model's [`Traverser`].
    pub fn to_traverser(self) -> Traverser {
        let range = self.range();
        match self.kind() {
            StepKind::Attr(name) => Traverser::Attr {
                name: name.to_owned(),
                range,
            },
            StepKind::Index(_) | StepKind::Invalid => Traverser::Index {
                key: self.key(),
                range,
            },
            StepKind::Splat => Traverser::Splat { range },
        }
    }

    /// An index step's key (the dynamic value for a key a syntax error
    /// left, or for a step that is no index).
    fn key(self) -> Value {
        match self.kind() {
            StepKind::Index(key) => key.value(),
            _ => Value::dynamic(),
        }
    }

    /// The step as a traversal keeps it: where it is, and what it does;
    /// a string key without escapes stays a span of the source.
    fn to_source_step(self) -> SourceStep {
        match self.kind {
            StepRepr::Name(name) => SourceStep::attr(self.span, name),
            StepRepr::TextKey(text) => SourceStep::text_key(self.span, text),
            StepRepr::Key(..) => SourceStep::key(self.span, self.key()),
            StepRepr::Splat => SourceStep::splat(self.span),
        }
    }
}

/// The absolute traversal written in `source` with its root name at
/// `root` and the steps `steps` (a [`Traversal`] that keeps the file).
/// Steps that the text alone gives back, read as a path
/// ([`path_step`]: `a.b[0]["k"]` written without spaces), are not copied.
pub(crate) fn source_traversal(
    source: &SourceFile,
    root: ByteSpan,
    steps: &[ast::Traverser],
) -> Traversal {
    let text = source.text();
    let end = steps.last().map_or(root.end, |s| s.span.end);
    let path = ByteSpan::new(root.start, end);
    if path_root(text, path) == root && reads_as_path(text, root.end, end, steps) {
        return Traversal::path(source, path);
    }
    Traversal::with_steps(
        source,
        root,
        Steps::list(source, steps).map(Step::to_source_step),
    )
}

/// Whether reading the text from `at` to `end` as a path's steps gives
/// exactly `steps`: the same spans, names, and keys of the same value.
fn reads_as_path(text: &str, mut at: u32, end: u32, steps: &[ast::Traverser]) -> bool {
    for step in steps {
        let Some((span, read)) = path_step(text, at, end) else {
            return false;
        };
        let same = span == step.span
            && match (&step.kind, read) {
                (ast::TraverserKind::Attr { name }, PathStep::Attr(read)) => *name == read,
                (ast::TraverserKind::TextIndex { text: t }, PathStep::Text(read)) => *t == read,
                (kind, PathStep::Digits(_)) => {
                    matches!(kind.index_key(text), Some((Some(Literal::Number(n)), false))
                        if n.to_i64().is_some_and(|n| read.integer(text) == Some(n)))
                }
                _ => false,
            };
        if !same {
            return false;
        }
        at = span.end;
    }
    at == end
}

// --- calls and collections -----------------------------------------------

/// A list of expressions: a tuple's items or a call's arguments.
#[derive(Clone, Copy)]
pub struct Items<'a> {
    source: &'a SourceFile,
    items: &'a [ast::Expr],
}

impl<'a> Items<'a> {
    /// The items, in order.
    #[inline]
    pub fn iter(self) -> impl ExactSizeIterator<Item = ExprNode<'a>> + DoubleEndedIterator + 'a {
        let source = self.source;
        self.items.iter().map(move |e| ExprNode::new(source, e))
    }

    /// The number of items.
    pub fn len(self) -> usize {
        self.items.len()
    }

    /// Whether there are none.
    pub fn is_empty(self) -> bool {
        self.items.is_empty()
    }

    /// Item `i`.
    pub fn get(self, i: usize) -> Option<ExprNode<'a>> {
        self.items.get(i).map(|e| ExprNode::new(self.source, e))
    }
}

/// `name(args)`, the name possibly namespaced (`provider::aws::f`).
#[derive(Clone, Copy)]
pub struct CallNode<'a> {
    source: &'a SourceFile,
    span: ByteSpan,
    call: &'a ast::Call,
}

impl<'a> CallNode<'a> {
    /// The name as written, segments joined with `::`.
    #[inline]
    pub fn name(self) -> &'a str {
        self.call.name_span().text(self.source.text())
    }

    /// Where the name is written.
    pub fn name_range(self) -> Range {
        self.source.range(self.call.name_span())
    }

    /// The arguments.
    pub fn args(self) -> Items<'a> {
        Items {
            source: self.source,
            items: &self.call.args,
        }
    }

    /// Whether the final argument is expanded (`f(xs...)`).
    pub fn expand_final(self) -> bool {
        self.call.expand_final
    }

    /// The parentheses and what they hold.
    pub fn args_range(self) -> Range {
        self.source
            .range(self.call.open_paren().to(self.call.close_paren))
    }

    /// The whole call.
    pub fn range(self) -> Range {
        self.source.range(self.span)
    }
}

/// `{ key = value, ... }`.
#[derive(Clone, Copy)]
pub struct ObjectNode<'a> {
    source: &'a SourceFile,
    items: &'a [ast::ObjectItem],
}

impl<'a> ObjectNode<'a> {
    /// The items, in order.
    #[inline]
    pub fn items(self) -> impl ExactSizeIterator<Item = ObjectItemNode<'a>> + Clone + 'a {
        let source = self.source;
        self.items
            .iter()
            .map(move |item| ObjectItemNode { source, item })
    }
}

/// One `key = value` item of an object constructor.
#[derive(Clone, Copy)]
pub struct ObjectItemNode<'a> {
    source: &'a SourceFile,
    item: &'a ast::ObjectItem,
}

impl<'a> ObjectItemNode<'a> {
    /// The key.
    #[inline]
    pub fn key(self) -> ObjectKeyNode<'a> {
        ObjectKeyNode {
            source: self.source,
            key: &self.item.key,
        }
    }

    /// The value.
    #[inline]
    pub fn value(self) -> ExprNode<'a> {
        ExprNode::new(self.source, &self.item.value)
    }
}

/// An object constructor's key: a bare name is a literal attribute name
/// (not a variable) unless the key is parenthesised.
#[derive(Clone, Copy)]
pub struct ObjectKeyNode<'a> {
    source: &'a SourceFile,
    key: &'a ast::ObjectKey,
}

impl<'a> ObjectKeyNode<'a> {
    /// The literal name, for a bare name (or keyword) not in parentheses.
    #[inline]
    pub fn literal_name(self) -> Option<&'a str> {
        self.key.as_literal_name(self.source.text())
    }

    /// The key as an expression (for a literal name, the bare name as a
    /// traversal or keyword literal).
    #[inline]
    pub fn expr(self) -> ExprNode<'a> {
        ExprNode::new(self.source, &self.key.expr)
    }

    /// Whether the key is parenthesised, which makes a bare name a
    /// variable.
    #[inline]
    pub fn is_parenthesized(self) -> bool {
        self.key.force_non_literal(self.source.text())
    }
}

/// A `for` expression.
#[derive(Clone, Copy)]
pub struct ForNode<'a> {
    source: &'a SourceFile,
    node: &'a ast::ForExpr,
}

impl<'a> ForNode<'a> {
    /// The key variable, when two names are given.
    pub fn key_var(self) -> Option<&'a str> {
        self.node.key_var.map(|k| k.text(self.source.text()))
    }

    /// The value variable.
    pub fn value_var(self) -> &'a str {
        self.node.value_var.text(self.source.text())
    }

    /// The collection iterated over.
    pub fn collection(self) -> ExprNode<'a> {
        ExprNode::new(self.source, &self.node.collection)
    }

    /// The key expression (`{for ...}` only).
    pub fn key(self) -> Option<ExprNode<'a>> {
        self.node
            .key
            .as_ref()
            .map(|k| ExprNode::new(self.source, k))
    }

    /// The value expression.
    #[inline]
    pub fn value(self) -> ExprNode<'a> {
        ExprNode::new(self.source, &self.node.value)
    }

    /// The `if` condition.
    pub fn condition(self) -> Option<ExprNode<'a>> {
        self.node
            .cond
            .as_ref()
            .map(|c| ExprNode::new(self.source, c))
    }

    /// Whether values are grouped by key (`...` after the value).
    pub fn is_grouped(self) -> bool {
        self.node.group
    }

    /// Whether the result is an object (`{for ...}`), not a tuple.
    pub fn is_object(self) -> bool {
        self.node.object
    }
}

/// A splat: [`each`](SplatNode::each), which starts from
/// [`ExprKind::SplatElement`], applied to every element of
/// [`source`](SplatNode::source).
#[derive(Clone, Copy)]
pub struct SplatNode<'a> {
    source: &'a SourceFile,
    node: &'a ast::Splat,
}

impl<'a> SplatNode<'a> {
    /// The collection.
    pub fn source(self) -> ExprNode<'a> {
        ExprNode::new(self.source, &self.node.source)
    }

    /// What is evaluated for each element.
    pub fn each(self) -> ExprNode<'a> {
        ExprNode::new(self.source, &self.node.each)
    }

    /// Whether it is the full splat `[*]` (not the attribute-only `.*`).
    pub fn is_full(self) -> bool {
        self.node.is_full(self.source.text())
    }

    /// Where `.*` or `[*]` is written.
    pub fn marker_range(self) -> Range {
        self.source.range(self.node.marker)
    }
}

#[cfg(test)]
pub(crate) mod test;

/// Nodes show their kind and where they are written (the tree itself is
/// the parser's storage).
macro_rules! debug_by_range {
    ($($node:ident),*) => {$(
        impl std::fmt::Debug for $node<'_> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_tuple(stringify!($node)).field(&self.range()).finish()
            }
        }
    )*};
}

debug_by_range!(BodyNode, AttributeNode, BlockNode, ExprNode);
