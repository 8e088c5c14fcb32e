//! Expressions and literals.

use super::*;

/// An expression.
#[derive(Clone, Copy)]
pub struct ExprNode<'a> {
    pub(super) source: &'a SourceFile,
    pub(super) expr: &'a ast::Expr,
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
    /// in source order, as views of their nodes; names bound by enclosing
    /// `for` expressions are not references.
    ///
    /// A view, as every answer of the syntax view is: nothing is copied
    /// and no reference count of the file is taken for each reference
    /// (on a machine where a locked instruction costs ≈5 ns, taking and
    /// dropping one per reference cost as much as the rest of the walk).
    /// [`TraversalNode::to_traversal`] makes the information model's
    /// [`Traversal`], which outlives the tree; an expression handle's
    /// `variables()` answers those.
    ///
    /// ```
    /// use hcl_core::native::parse_config;
    /// use hcl_core::SourceFile;
    /// let src = SourceFile::new("a.hcl", "a = var.region == \"x\" ? local.n : 0\n");
    /// let (file, _) = parse_config(&src, &Default::default());
    /// let refs = file.body().attribute("a").unwrap().expr().variables();
    /// let names: Vec<&str> = refs.iter().map(|t| t.root_name()).collect();
    /// assert_eq!(names, ["var", "local"]);
    /// assert_eq!(refs[1].to_traversal().to_string(), "local.n");
    /// ```
    pub fn variables(self) -> Vec<TraversalNode<'a>> {
        self.collect_variables(|t| t)
    }

    /// The references as the information model's [`Traversal`]s (what an
    /// expression handle's `variables()` answers).
    pub(crate) fn traversals(self) -> Vec<Traversal> {
        self.collect_variables(TraversalNode::to_traversal)
    }

    /// What `make` makes of each reference, in source order: the one
    /// collection behind [`variables`](Self::variables) and
    /// [`traversals`](Self::traversals).
    #[inline(always)]
    fn collect_variables<T>(self, mut make: impl FnMut(TraversalNode<'a>) -> T) -> Vec<T> {
        let mut out = Vec::new();
        self.each_variable(|t| {
            if out.capacity() == 0 {
                // Room for the few references most expressions make, in
                // one allocation that skips the vector's growth path.
                out = Vec::with_capacity(4);
            }
            out.push(make(t));
        });
        out
    }

    /// Calls `f` with each variable reference, in source order, without
    /// building anything for expressions that have none.
    pub fn each_variable(self, f: impl FnMut(TraversalNode<'a>)) {
        self.walk_variables::<false>(usize::MAX, f);
    }

    /// [`each_variable`](Self::each_variable) looking at no more than
    /// `max_nodes` nodes: the evaluator names the values involved in each
    /// of possibly many diagnostics, and bounds that work per diagnostic.
    pub(crate) fn each_variable_within(
        self,
        max_nodes: usize,
        f: &mut dyn FnMut(TraversalNode<'a>),
    ) {
        self.walk_variables::<true>(max_nodes, f);
    }

    /// The one walk behind [`each_variable`](Self::each_variable) and
    /// [`variables`](Self::variables), built for each caller's `f`.
    #[inline]
    fn walk_variables<const BOUNDED: bool>(
        self,
        max_nodes: usize,
        f: impl FnMut(TraversalNode<'a>),
    ) {
        let mut walk = VariableWalk::<_, BOUNDED> {
            locals: Default::default(),
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
