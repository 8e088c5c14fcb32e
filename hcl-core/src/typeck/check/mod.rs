//! The static checker: the type of every expression of a native-syntax
//! file, and the type errors, without evaluating anything.

mod exprs;

use std::collections::BTreeMap;

use super::rules::{assignable, conversion};
use super::scope::TypeScope;
use super::traverse::{traverse, KeyLiteral, Step};
use super::ty::{Eventual, Type};
use crate::diag::{Diagnostic, Diagnostics};
use crate::native::ast::{
    Body, ByteSpan, Call, Expr, ExprKind, File, Literal, TemplatePart, Traverser, TraverserKind,
    Tree,
};
use crate::pos::{Range, SourceFile};

/// How deeply the checker descends into nested expressions before giving
/// up on a subtree (its type is then the dynamic pseudo-type). The parser
/// bounds nesting already; this guards trees built by other means.
pub const MAX_DEPTH: usize = 256;

/// The type of one attribute found by [`check_file`].
#[derive(Clone, Debug, PartialEq)]
pub struct AttributeType {
    /// The attribute's place: block types and labels, then its name, joined
    /// with `.` (`resource.bucket.logs.acl`).
    pub path: String,
    /// The attribute's name in the source.
    pub range: Range,
    /// The type of its expression.
    pub ty: Type,
}

/// Type-checks every attribute of a file (in every block), with the
/// variables and functions of `scope`.
///
/// ```
/// use hcl_core::pos::SourceFile;
/// use hcl_core::native::{parse_config, ParseOptions};
/// use hcl_core::typeck::{check_file, Type, TypeScope};
///
/// let src = SourceFile::new("main.hcl", "a = 1\nb = a_var ? \"x\" : null\nc = 1 + true\n");
/// let (file, _) = parse_config(&src, &ParseOptions::default());
/// let mut scope = TypeScope::new();
/// scope.set_variable("a_var", Type::output(Type::Bool));
/// let (types, diags) = check_file(&file, &scope);
/// assert_eq!(types[0].ty, Type::Int);
/// assert_eq!(types[1].ty.to_string(), "output(optional(string))");
/// assert_eq!(diags.iter().next().unwrap().summary, "Invalid operand");
/// ```
pub fn check_file(file: &File, scope: &TypeScope) -> (Vec<AttributeType>, Diagnostics) {
    let mut checker = Checker::new(&file.source, scope);
    let types = checker.body(&file.tree, file.body());
    (types, checker.finish())
}

/// Parses `src` as a native-syntax configuration and type-checks it (see
/// [`check_file`]); the diagnostics are the checker's only, the parser's
/// being the caller's to report (`hcl check` has them already).
///
/// ```
/// use hcl_core::pos::SourceFile;
/// use hcl_core::typeck::{check_source, TypeScope};
/// let src = SourceFile::new("main.hcl", "a = true * 2\n");
/// let (types, diags) = check_source(&src, &TypeScope::new());
/// assert_eq!(types[0].ty.to_string(), "number");
/// assert_eq!(diags.iter().next().unwrap().summary, "Invalid operand");
/// ```
pub fn check_source(src: &SourceFile, scope: &TypeScope) -> (Vec<AttributeType>, Diagnostics) {
    let (file, _) = crate::native::parse_config(src, &crate::native::ParseOptions::default());
    check_file(&file, scope)
}

/// Type-checks one expression of `src`.
///
/// ```
/// use hcl_core::pos::SourceFile;
/// use hcl_core::native::{parse_expression, ParseOptions};
/// use hcl_core::typeck::{check_expr, Type, TypeScope};
///
/// let src = SourceFile::new("<expr>", "[for s in subnets : s.id]");
/// let (expr, _) = parse_expression(&src, &ParseOptions::default());
/// let mut scope = TypeScope::new();
/// let subnet = Type::object([("id", Type::output(Type::String))]);
/// scope.set_variable("subnets", Type::list(subnet));
/// let (ty, diags) = check_expr(&expr, &src, &scope);
/// assert!(diags.is_empty());
/// assert_eq!(ty, Type::list(Type::output(Type::String)));
/// ```
pub fn check_expr(expr: &Expr, src: &SourceFile, scope: &TypeScope) -> (Type, Diagnostics) {
    let mut checker = Checker::new(src, scope);
    let ty = checker.expr(expr);
    (ty, checker.finish())
}

/// A checking session over one source file: check expressions and bodies,
/// then take the diagnostics with [`finish`](Checker::finish).
///
/// ```
/// use std::collections::BTreeMap;
/// use hcl_core::pos::SourceFile;
/// use hcl_core::native::{parse_config, ParseOptions};
/// use hcl_core::typeck::{Checker, Type, TypeScope};
///
/// let src = SourceFile::new("main.hcl", "name = 42\nsize = \"big\"\n");
/// let (file, _) = parse_config(&src, &ParseOptions::default());
/// let scope = TypeScope::new();
/// let inputs = BTreeMap::from([
///     ("name".to_string(), Type::String),
///     ("size".to_string(), Type::Int),
///     ("tags".to_string(), Type::optional(Type::map(Type::String))),
/// ]);
/// let mut checker = Checker::new(&src, &scope);
/// checker.check_arguments(&file.tree, file.body(), &inputs);
/// // 42 converts to a string; "big" may fail to be an int, but only
/// // evaluation can tell: neither is a type error.
/// assert!(checker.finish().is_empty());
/// ```
pub struct Checker<'a> {
    src: &'a SourceFile,
    scope: &'a TypeScope,
    locals: Vec<(&'a str, Type)>,
    anon: Vec<Type>,
    diags: Diagnostics,
    record: Option<Vec<(ByteSpan, Type)>>,
    depth: usize,
}

impl<'a> Checker<'a> {
    /// A checker of expressions of `src`, with the variables and functions
    /// of `scope`.
    pub fn new(src: &'a SourceFile, scope: &'a TypeScope) -> Checker<'a> {
        Checker {
            src,
            scope,
            locals: Vec::new(),
            anon: Vec::new(),
            diags: Diagnostics::new(),
            record: None,
            depth: 0,
        }
    }

    /// Also records the type of every expression checked (see
    /// [`recorded`](Checker::recorded)).
    pub fn record_types(mut self) -> Checker<'a> {
        self.record = Some(Vec::new());
        self
    }

    /// The span and type of every expression checked so far, innermost
    /// first, when [`record_types`](Checker::record_types) was asked for.
    pub fn recorded(&self) -> &[(ByteSpan, Type)] {
        self.record.as_deref().unwrap_or(&[])
    }

    /// The diagnostics so far.
    pub fn diagnostics(&self) -> &Diagnostics {
        &self.diags
    }

    /// Ends the session, returning the diagnostics.
    pub fn finish(self) -> Diagnostics {
        self.diags
    }

    fn text(&self, span: ByteSpan) -> &'a str {
        span.text(self.src.text())
    }

    fn range(&self, span: ByteSpan) -> Range {
        self.src.range(span)
    }

    fn error(
        &mut self,
        summary: &str,
        detail: String,
        subject: ByteSpan,
        context: Option<ByteSpan>,
    ) {
        let mut d = Diagnostic::error(summary, detail).with_subject(self.range(subject));
        if let Some(c) = context.filter(|c| *c != subject) {
            d = d.with_context(self.range(c));
        }
        self.diags.push(d);
    }

    /// The type of an expression; type errors go to the diagnostics.
    pub fn expr(&mut self, e: &'a Expr) -> Type {
        if self.depth >= MAX_DEPTH {
            return Type::Dynamic;
        }
        self.depth += 1;
        let ty = self.expr_kind(e);
        self.depth -= 1;
        if let Some(r) = &mut self.record {
            r.push((e.span, ty.clone()));
        }
        ty
    }

    /// Checks that `e`'s type converts to `want` ("Incorrect attribute
    /// value type" otherwise) and returns `e`'s type.
    pub fn expect(&mut self, e: &'a Expr, want: &Type) -> Type {
        let got = self.expr(e);
        if conversion(&got, want).is_none() {
            self.error(
                "Incorrect attribute value type",
                format!("Inappropriate value for attribute: {want} required, but have {got}."),
                e.span,
                None,
            );
        }
        got
    }

    /// Checks every attribute of a body of `tree` and of its nested blocks.
    pub fn body(&mut self, tree: &'a Tree, body: &'a Body) -> Vec<AttributeType> {
        let mut out = Vec::new();
        self.body_at(tree, body, String::new(), &mut out);
        out
    }

    fn body_at(
        &mut self,
        tree: &'a Tree,
        body: &'a Body,
        prefix: String,
        out: &mut Vec<AttributeType>,
    ) {
        for attr in tree.attributes(body) {
            let ty = self.expr(&attr.expr);
            out.push(AttributeType {
                path: format!("{prefix}{}", self.text(attr.name)),
                range: self.range(attr.name),
                ty,
            });
        }
        for block in tree.blocks(body) {
            let mut p = format!("{prefix}{}.", self.text(block.ty));
            for l in tree.labels(block) {
                p.push_str(l.value(self.src.text()));
                p.push('.');
            }
            self.body_at(tree, tree.body(block.body), p, out);
        }
    }

    /// Checks a body's attributes as arguments of the given types: an
    /// argument not named is "Unsupported argument", one whose type does
    /// not convert is "Incorrect attribute value type", and one missing
    /// whose type is not optional is "Missing required argument". Nested
    /// blocks are checked without expectations. `body` is a body of `tree`.
    pub fn check_arguments(
        &mut self,
        tree: &'a Tree,
        body: &'a Body,
        inputs: &BTreeMap<String, Type>,
    ) {
        let attrs = tree.attributes(body);
        for attr in attrs {
            let name = self.text(attr.name);
            match inputs.get(name) {
                None => {
                    self.expr(&attr.expr);
                    self.error(
                        "Unsupported argument",
                        format!("An argument named {name:?} is not expected here."),
                        attr.name,
                        None,
                    );
                }
                Some(want) => {
                    let got = self.expr(&attr.expr);
                    if conversion(&got, want).is_none() {
                        self.error(
                            "Incorrect attribute value type",
                            format!(
                                "Inappropriate value for attribute {name:?}: {want} required, but have {got}."
                            ),
                            attr.expr.span,
                            Some(attr.span()),
                        );
                    }
                }
            }
        }
        for (name, want) in inputs {
            let present = attrs.iter().any(|a| self.text(a.name) == name);
            if !present && !assignable(want, &Type::None) {
                self.error(
                    "Missing required argument",
                    format!("The argument {name:?} is required, but no definition was found."),
                    // The opening brace, as the reference points at the
                    // block's body.
                    ByteSpan::new(
                        body.span.start,
                        body.span.start.saturating_add(1).min(body.span.end),
                    ),
                    None,
                );
            }
        }
        for block in tree.blocks(body) {
            self.body(tree, tree.body(block.body));
        }
    }

    fn expr_kind(&mut self, e: &'a Expr) -> Type {
        match &e.kind {
            // Integer literals are exact (the number layer keeps integers
            // exact up to a million bits and refuses larger literals when
            // parsing), which meets the document's 256 bits.
            ExprKind::Number(n) if n.is_integer() => Type::Int,
            ExprKind::Number(_) => Type::Number,
            ExprKind::Bool(_) => Type::Bool,
            ExprKind::Null => Type::None,
            ExprKind::StringLit => Type::String,
            ExprKind::Template(t) => {
                let ev = self.template(&t.parts);
                ev.wrap(Type::String)
            }
            ExprKind::TemplateWrap(inner) | ExprKind::Parens(inner) => self.expr(inner),
            ExprKind::Variable | ExprKind::AttrPath => match e.as_traversal(self.src.text()) {
                Some(t) => {
                    let root = self.variable(t.root);
                    self.steps(root, &t.steps, e.span)
                }
                None => Type::Dynamic,
            },
            ExprKind::ScopeTraversal(t) => {
                let root = self.variable(t.root);
                self.steps(root, &t.steps, e.span)
            }
            ExprKind::RelativeTraversal(t) => {
                let source = self.expr(&t.source);
                self.steps(source, &t.steps, e.span)
            }
            ExprKind::Index(ix) => {
                let collection = self.expr(&ix.collection);
                let key = self.expr(&ix.key);
                let literal = match &ix.key.kind {
                    ExprKind::Number(n) => Some(KeyLiteral::Number(n)),
                    ExprKind::StringLit => Some(KeyLiteral::String(self.text(ix.key.span.inner()))),
                    _ => None,
                };
                let (key, ev) = key.resolved_deep();
                let key = &key;
                let step = Step::Index { ty: key, literal };
                let ty = self.step(&collection, step, ix.brackets, e.span);
                ev.wrap(ty)
            }
            ExprKind::Call(call) => self.call(call, e.span),
            ExprKind::Tuple(t) => {
                Type::tuple(t.items.iter().map(|i| self.expr(i)).collect::<Vec<_>>())
            }
            ExprKind::Object(o) => self.object(o),
            ExprKind::For(f) => self.for_expr(f, e.span),
            ExprKind::Splat(s) => self.splat(s),
            ExprKind::AnonSymbol => self.anon.last().cloned().unwrap_or(Type::Dynamic),
            ExprKind::Unary(u) => self.unary(u, e.span),
            ExprKind::Binary(b) => self.binary(b, e.span),
            ExprKind::Conditional(c) => self.conditional(c, e.span),
            ExprKind::Invalid => Type::Dynamic,
        }
    }

    fn variable(&mut self, name: ByteSpan) -> Type {
        let text = self.text(name);
        if let Some((_, t)) = self.locals.iter().rev().find(|(n, _)| *n == text) {
            return t.clone();
        }
        if let Some(t) = self.scope.variable(text) {
            return t.clone();
        }
        self.error(
            "Unknown variable",
            format!("There is no variable named {text:?}."),
            name,
            None,
        );
        Type::Dynamic
    }

    /// Applies traversal steps; after the first failing step the rest are
    /// not checked (their type is unknown), as evaluation stops there too.
    fn steps(&mut self, mut ty: Type, steps: &[Traverser], whole: ByteSpan) -> Type {
        for s in steps {
            let key_ty;
            let step = match &s.kind {
                TraverserKind::Attr { name } => Step::Attr(self.text(*name)),
                TraverserKind::Index { key, .. } => {
                    let (t, literal) = match &**key {
                        Literal::Number(n) => {
                            let t = if n.is_integer() {
                                Type::Int
                            } else {
                                Type::Number
                            };
                            (t, Some(KeyLiteral::Number(n)))
                        }
                        Literal::String(s) => (
                            Type::String,
                            Some(KeyLiteral::String(s.as_str(self.src.text()))),
                        ),
                        Literal::Bool(_) => (Type::Bool, None),
                        Literal::Null => (Type::None, None),
                        Literal::Dynamic => (Type::Dynamic, None),
                    };
                    key_ty = t;
                    Step::Index {
                        ty: &key_ty,
                        literal,
                    }
                }
                TraverserKind::Splat => return Type::Dynamic,
            };
            ty = self.step(&ty, step, s.span, whole);
            if ty == Type::Dynamic {
                break;
            }
        }
        ty
    }

    fn step(&mut self, ty: &Type, step: Step<'_>, span: ByteSpan, whole: ByteSpan) -> Type {
        match traverse(ty, step) {
            Ok(t) => t,
            Err(e) => {
                self.error(e.summary, e.detail, span, Some(whole));
                Type::Dynamic
            }
        }
    }

    fn call(&mut self, call: &'a Call, whole: ByteSpan) -> Type {
        let args: Vec<Type> = call.args.iter().map(|a| self.expr(a)).collect();
        let name = call.full_name(self.src.text());
        let scope = self.scope;
        let Some(sig) = scope.function(&name) else {
            self.error(
                "Call to unknown function",
                format!("There is no function named {name:?}."),
                call.name_span(),
                Some(whole),
            );
            return Type::Dynamic;
        };
        // With `...` the final argument's elements are the remaining
        // arguments; how many is not known statically.
        let fixed = if call.expand_final {
            args.len().saturating_sub(1)
        } else {
            args.len()
        };
        if !call.expand_final && fixed < sig.params.len() {
            let missing = sig.params.get(fixed).map_or("", |p| p.name.as_str());
            self.error(
                "Not enough function arguments",
                format!(
                    "Function {name:?} expects {} argument(s). Missing value for {missing:?}.",
                    sig.params.len()
                ),
                call.close_paren,
                Some(whole),
            );
            return sig.result.clone();
        }
        if sig.variadic.is_none() && fixed > sig.params.len() {
            let extra = call
                .args
                .get(sig.params.len())
                .map_or(call.close_paren, |a| a.span);
            self.error(
                "Too many function arguments",
                format!(
                    "Function {name:?} expects only {} argument(s).",
                    sig.params.len()
                ),
                extra,
                Some(whole),
            );
            return sig.result.clone();
        }
        let mut ev = Eventual::Prompt;
        let mut prompt = Vec::with_capacity(fixed);
        for (i, (arg, expr)) in args.iter().zip(&call.args).take(fixed).enumerate() {
            let Some(param) = sig.param_for(i) else {
                break;
            };
            // An eventual argument to a parameter that does not take one
            // makes the call eventual rather than being an error: the call
            // happens once the value is there.
            let takes_eventual = param.ty.resolved_deep().1 != Eventual::Prompt;
            let (got, e) = if takes_eventual && conversion(arg, &param.ty).is_some() {
                (arg.clone(), Eventual::Prompt)
            } else {
                arg.resolved_deep()
            };
            ev = ev.max(e);
            prompt.push(got.clone());
            if conversion(&got, &param.ty).is_none() {
                self.error(
                    "Invalid function argument",
                    format!(
                        "Invalid value for {:?} parameter: {} required, but have {got}.",
                        param.name, param.ty
                    ),
                    expr.span,
                    Some(whole),
                );
            }
        }
        let result = if call.expand_final {
            sig.result.clone()
        } else {
            sig.result_for(&prompt)
        };
        ev.wrap(result)
    }

    fn template(&mut self, parts: &'a [TemplatePart]) -> Eventual {
        let mut ev = Eventual::Prompt;
        for part in parts {
            match part {
                TemplatePart::Literal(_) | TemplatePart::Invalid(_) => {}
                TemplatePart::Interp(i) => {
                    let t = self.expr(&i.expr);
                    let (t, e) = t.resolved_deep();
                    let t = &t;
                    ev = ev.max(e);
                    if conversion(t, &Type::String).is_none() {
                        self.error(
                            "Invalid template interpolation value",
                            format!(
                                "Cannot include the given value in a string template: string required, but have {t}."
                            ),
                            i.expr.span,
                            Some(i.span),
                        );
                    }
                }
                TemplatePart::If(ti) => {
                    ev = ev.max(self.condition(&ti.cond, ti.if_span));
                    ev = ev.max(self.template(&ti.then_parts));
                    ev = ev.max(self.template(&ti.else_parts));
                }
                TemplatePart::For(tf) => {
                    let coll = self.expr(&tf.collection);
                    let (coll, e) = coll.resolved_deep();
                    let coll = &coll;
                    ev = ev.max(e);
                    let (k, v) = self.iteration(coll, tf.collection.span, tf.for_span);
                    let n = self.locals.len();
                    if let Some(kv) = tf.key_var {
                        self.locals.push((self.text(kv), k));
                    }
                    self.locals.push((self.text(tf.value_var), v));
                    ev = ev.max(self.template(&tf.body));
                    self.locals.truncate(n);
                }
            }
        }
        ev
    }
}
