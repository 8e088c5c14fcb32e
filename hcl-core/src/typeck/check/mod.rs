//! The static checker: the type of every expression of a native-syntax
//! file, and the type errors, without evaluating anything; JSON-syntax
//! files through the native-syntax templates in their strings.

mod exprs;
mod json;

use std::collections::BTreeMap;

use super::rules::{assignable, conversion};
use super::scope::TypeScope;
use super::traverse::{traverse, KeyLiteral, TypeStep};
use super::ty::{Eventual, ExtendedType};
use crate::diag::quoted;
use crate::diag::{Diagnostic, Diagnostics};
use crate::native::ast::{
    Body, ByteSpan, Call, Expr, ExprKind, TemplatePart, Traverser, TraverserKind, Tree,
};
use crate::native::{BodyNode, ExprNode, File, Literal};
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
    pub ty: ExtendedType,
}

/// Type-checks every attribute of a file (in every block), with the
/// variables and functions of `scope`.
///
/// ```
/// use hcl_core::pos::SourceFile;
/// use hcl_core::native::parse_config;
/// use hcl_core::typeck::{check_file, ExtendedType, TypeScope};
///
/// let src = SourceFile::new("main.hcl", "a = 1\nb = a_var ? \"x\" : null\nc = 1 + true\n");
/// let (file, _) = parse_config(&src, &Default::default());
/// let mut scope = TypeScope::new();
/// scope.set_variable("a_var", ExtendedType::output(ExtendedType::Bool));
/// let (types, diags) = check_file(&file, &scope);
/// assert_eq!(types[0].ty, ExtendedType::Int);
/// assert_eq!(types[1].ty.to_string(), "output(optional(string))");
/// assert_eq!(diags.iter().next().unwrap().summary, "Invalid operand");
/// ```
pub fn check_file(file: &File, scope: &TypeScope) -> (Vec<AttributeType>, Diagnostics) {
    let mut checker = Checker::new(file.source(), scope);
    let types = checker.body(file.body());
    (types, checker.finish())
}

/// Parses `src` in the syntax its name calls for (JSON for `.json`, as
/// [`load`](crate::load) decides) and type-checks it; the diagnostics are
/// the checker's only, the parser's being the caller's to report (`hcl
/// check` has them already).
///
/// A native-syntax file is checked as [`check_file`] does. A JSON-syntax
/// file has no schema to tell blocks from attributes, so every property of
/// its root object is an attribute (as the JSON syntax reads a body without
/// a schema): objects are object values, arrays tuples, and strings
/// templates whose interpolations are checked (their syntax errors too,
/// which the JSON parser leaves to evaluation).
///
/// ```
/// use hcl_core::pos::SourceFile;
/// use hcl_core::typeck::{check_source, ExtendedType, TypeScope};
/// let src = SourceFile::new("main.hcl", "a = true * 2\n");
/// let (types, diags) = check_source(&src, &TypeScope::new());
/// assert_eq!(types[0].ty.to_string(), "number");
/// assert_eq!(diags.iter().next().unwrap().summary, "Invalid operand");
///
/// let mut scope = TypeScope::new();
/// scope.set_variable("arn", ExtendedType::output(ExtendedType::String));
/// let src = SourceFile::new("main.tf.json", r#"{"bucket": {"name": "logs-${arn}", "size": 3}}"#);
/// let (types, diags) = check_source(&src, &scope);
/// assert!(diags.is_empty());
/// assert_eq!(types[0].ty.to_string(), "object({name=output(string), size=int})");
/// ```
pub fn check_source(src: &SourceFile, scope: &TypeScope) -> (Vec<AttributeType>, Diagnostics) {
    match crate::load::Syntax::for_name(src.name()) {
        crate::load::Syntax::Json => json::check_json(src, scope),
        crate::load::Syntax::Native => {
            let (file, _) = crate::native::parse_config(src, &crate::Limits::default());
            check_file(&file, scope)
        }
    }
}

/// Type-checks one expression of `src`.
///
/// ```
/// use hcl_core::pos::SourceFile;
/// use hcl_core::native::{parse_expression, ExprNode};
/// use hcl_core::typeck::{check_expr, ExtendedType, TypeScope};
///
/// let src = SourceFile::new("<expr>", "[for s in subnets : s.id]");
/// let (expr, _) = parse_expression(&src, &Default::default());
/// let mut scope = TypeScope::new();
/// let subnet = ExtendedType::object([("id", ExtendedType::output(ExtendedType::String))]);
/// scope.set_variable("subnets", ExtendedType::list(subnet));
/// let (ty, diags) = check_expr(ExprNode::of(&expr).unwrap(), &scope);
/// assert!(diags.is_empty());
/// assert_eq!(ty, ExtendedType::list(ExtendedType::output(ExtendedType::String)));
/// ```
pub fn check_expr(expr: ExprNode<'_>, scope: &TypeScope) -> (ExtendedType, Diagnostics) {
    let mut checker = Checker::new(expr.source(), scope);
    let ty = checker.expr(expr);
    (ty, checker.finish())
}

/// A checking session over one source file: check expressions and bodies,
/// then take the diagnostics with [`finish`](Checker::finish).
///
/// ```
/// use std::collections::BTreeMap;
/// use hcl_core::pos::SourceFile;
/// use hcl_core::native::parse_config;
/// use hcl_core::typeck::{Checker, ExtendedType, TypeScope};
///
/// let src = SourceFile::new("main.hcl", "name = 42\nsize = \"big\"\n");
/// let (file, _) = parse_config(&src, &Default::default());
/// let scope = TypeScope::new();
/// let inputs = BTreeMap::from([
///     ("name".to_string(), ExtendedType::String),
///     ("size".to_string(), ExtendedType::Int),
///     ("tags".to_string(), ExtendedType::optional(ExtendedType::map(ExtendedType::String))),
/// ]);
/// let mut checker = Checker::new(&src, &scope);
/// checker.check_arguments(file.body(), &inputs);
/// // 42 converts to a string; "big" may fail to be an int, but only
/// // evaluation can tell: neither is a type error.
/// assert!(checker.finish().is_empty());
/// ```
pub struct Checker<'a> {
    src: &'a SourceFile,
    scope: &'a TypeScope,
    locals: Vec<(&'a str, ExtendedType)>,
    anon: Vec<ExtendedType>,
    diags: Diagnostics,
    record: Option<Vec<(ByteSpan, ExtendedType)>>,
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
    pub fn recorded(&self) -> impl Iterator<Item = (Range, &ExtendedType)> + '_ {
        self.record
            .iter()
            .flatten()
            .map(|(span, ty)| (self.src.range(*span), ty))
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
    pub fn expr(&mut self, e: ExprNode<'a>) -> ExtendedType {
        self.expr_ast(e.ast())
    }

    fn expr_ast(&mut self, e: &'a Expr) -> ExtendedType {
        if self.depth >= MAX_DEPTH {
            return ExtendedType::Dynamic;
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
    pub fn expect(&mut self, e: ExprNode<'a>, want: &ExtendedType) -> ExtendedType {
        self.expect_ast(e.ast(), want)
    }

    fn expect_ast(&mut self, e: &'a Expr, want: &ExtendedType) -> ExtendedType {
        let got = self.expr_ast(e);
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

    /// Checks every attribute of a body and of its nested blocks.
    pub fn body(&mut self, body: BodyNode<'a>) -> Vec<AttributeType> {
        let (tree, body) = body.ast();
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
            let ty = self.expr_ast(&attr.expr);
            out.push(AttributeType {
                path: format!("{prefix}{}", self.text(attr.name)),
                range: self.range(attr.name),
                ty,
            });
        }
        for block in tree.blocks(body) {
            let mut p = format!("{prefix}{}.", self.text(block.ty));
            for l in tree.labels(block) {
                p.push_str(tree.label_value(l, self.src.text()));
                p.push('.');
            }
            self.body_at(tree, tree.body(block.body), p, out);
        }
    }

    /// Checks a body's attributes as arguments of the given types: an
    /// argument not named is "Unsupported argument", one whose type does
    /// not convert is "Incorrect attribute value type", and one missing
    /// whose type is not optional is "Missing required argument". Nested
    /// blocks are checked without expectations.
    pub fn check_arguments(&mut self, body: BodyNode<'a>, inputs: &BTreeMap<String, ExtendedType>) {
        let (tree, body) = body.ast();
        self.check_arguments_ast(tree, body, inputs);
    }

    fn check_arguments_ast(
        &mut self,
        tree: &'a Tree,
        body: &'a Body,
        inputs: &BTreeMap<String, ExtendedType>,
    ) {
        let attrs = tree.attributes(body);
        for attr in attrs {
            let name = self.text(attr.name);
            match inputs.get(name) {
                None => {
                    self.expr_ast(&attr.expr);
                    self.error(
                        "Unsupported argument",
                        format!(
                            "An argument named {name} is not expected here.",
                            name = quoted(name)
                        ),
                        attr.name,
                        None,
                    );
                }
                Some(want) => {
                    let got = self.expr_ast(&attr.expr);
                    if conversion(&got, want).is_none() {
                        self.error(
                            "Incorrect attribute value type",
                            format!(
                                "Inappropriate value for attribute {name}: {want} required, but have {got}.",
                                name = quoted(name)
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
            if !present && !assignable(want, &ExtendedType::None) {
                self.error(
                    "Missing required argument",
                    format!(
                        "The argument {name} is required, but no definition was found.",
                        name = quoted(name)
                    ),
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
            let mut out = Vec::new();
            self.body_at(tree, tree.body(block.body), String::new(), &mut out);
        }
    }

    fn expr_kind(&mut self, e: &'a Expr) -> ExtendedType {
        match &e.kind {
            // Integer literals are exact (the number layer keeps integers
            // exact up to a million bits and refuses larger literals when
            // parsing), which meets the document's 256 bits.
            ExprKind::Number(n) if n.is_integer() => ExtendedType::Int,
            ExprKind::Number(_) => ExtendedType::Number,
            ExprKind::Bool(_) => ExtendedType::Bool,
            ExprKind::Null => ExtendedType::None,
            ExprKind::StringLit => ExtendedType::String,
            ExprKind::Template(t) => {
                let ev = self.template(&t.parts);
                ev.wrap(ExtendedType::String)
            }
            ExprKind::TemplateWrap(inner) | ExprKind::Parens(inner) => self.expr_ast(inner),
            ExprKind::Variable | ExprKind::AttrPath => match e.as_traversal(self.src.text()) {
                Some(t) => {
                    let root = self.variable(t.root);
                    self.steps(root, &t.steps, e.span)
                }
                None => ExtendedType::Dynamic,
            },
            ExprKind::ScopeTraversal(t) => {
                let root = self.variable(t.root);
                self.steps(root, &t.steps, e.span)
            }
            ExprKind::RelativeTraversal(t) => {
                let source = self.expr_ast(&t.source);
                self.steps(source, &t.steps, e.span)
            }
            ExprKind::Index(ix) => {
                let collection = self.expr_ast(&ix.collection);
                let key = self.expr_ast(&ix.key);
                let literal = match &ix.key.kind {
                    ExprKind::Number(n) => Some(KeyLiteral::Number(n)),
                    ExprKind::StringLit => Some(KeyLiteral::String(self.text(ix.key.span.inner()))),
                    _ => None,
                };
                let (key, ev) = key.lifted();
                let key = &key;
                let step = TypeStep::Index { ty: key, literal };
                let ty = self.step(&collection, step, ix.brackets, e.span);
                ev.wrap(ty)
            }
            ExprKind::Call(call) => self.call(call, e.span),
            ExprKind::Tuple(t) => {
                ExtendedType::tuple(t.items.iter().map(|i| self.expr_ast(i)).collect::<Vec<_>>())
            }
            ExprKind::Object(o) => self.object(o),
            ExprKind::For(f) => self.for_expr(f, e.span),
            ExprKind::Splat(s) => self.splat(s),
            ExprKind::AnonSymbol => self.anon.last().cloned().unwrap_or(ExtendedType::Dynamic),
            ExprKind::Unary(u) => self.unary(u, e.span),
            ExprKind::Binary(b) => self.binary(b, e.span),
            ExprKind::Conditional(c) => self.conditional(c, e.span),
            ExprKind::Invalid => ExtendedType::Dynamic,
        }
    }

    fn variable(&mut self, name: ByteSpan) -> ExtendedType {
        let text = self.text(name);
        if let Some((_, t)) = self.locals.iter().rev().find(|(n, _)| *n == text) {
            return t.clone();
        }
        if let Some(t) = self.scope.variable(text) {
            return t.clone();
        }
        self.error(
            "Unknown variable",
            format!("There is no variable named {text}.", text = quoted(text)),
            name,
            None,
        );
        ExtendedType::Dynamic
    }

    /// Applies traversal steps; after the first failing step the rest are
    /// not checked (their type is unknown), as evaluation stops there too.
    fn steps(
        &mut self,
        mut ty: ExtendedType,
        steps: &[Traverser],
        whole: ByteSpan,
    ) -> ExtendedType {
        for s in steps {
            let key_ty;
            let step = match &s.kind {
                TraverserKind::Attr { name } => TypeStep::Attr(self.text(*name)),
                TraverserKind::Splat => return ExtendedType::Dynamic,
                index_step => {
                    let Some((key, _)) = index_step.index_key(self.src.text()) else {
                        return ExtendedType::Dynamic;
                    };
                    let (t, literal) = match key {
                        Some(Literal::Number(n)) => {
                            let t = if n.is_integer() {
                                ExtendedType::Int
                            } else {
                                ExtendedType::Number
                            };
                            (t, Some(KeyLiteral::Number(n)))
                        }
                        Some(Literal::String(s)) => {
                            (ExtendedType::String, Some(KeyLiteral::String(s)))
                        }
                        Some(Literal::Bool(_)) => (ExtendedType::Bool, None),
                        Some(Literal::Null) => (ExtendedType::None, None),
                        None => (ExtendedType::Dynamic, None),
                    };
                    key_ty = t;
                    TypeStep::Index {
                        ty: &key_ty,
                        literal,
                    }
                }
            };
            ty = self.step(&ty, step, s.span, whole);
            if ty == ExtendedType::Dynamic {
                break;
            }
        }
        ty
    }

    fn step(
        &mut self,
        ty: &ExtendedType,
        step: TypeStep<'_>,
        span: ByteSpan,
        whole: ByteSpan,
    ) -> ExtendedType {
        match traverse(ty, step) {
            Ok(t) => t,
            Err(e) => {
                self.error(e.summary, e.detail, span, Some(whole));
                ExtendedType::Dynamic
            }
        }
    }

    fn call(&mut self, call: &'a Call, whole: ByteSpan) -> ExtendedType {
        let args: Vec<ExtendedType> = call.args.iter().map(|a| self.expr_ast(a)).collect();
        let name = call.full_name(self.src.text());
        let scope = self.scope;
        let Some(sig) = scope.function(&name) else {
            self.error(
                "Call to unknown function",
                format!("There is no function named {name}.", name = quoted(&name)),
                call.name_span(),
                Some(whole),
            );
            return ExtendedType::Dynamic;
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
                    "Function {name} expects {} argument(s). Missing value for {missing}.",
                    sig.params.len(),
                    name = quoted(&name),
                    missing = quoted(missing)
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
                    "Function {name} expects only {} argument(s).",
                    sig.params.len(),
                    name = quoted(&name)
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
            // happens once the value is there. So do eventuals inside the
            // argument (`join(",", [bucket.arn, "x"])` waits for the arn),
            // as Pulumi's input types take an eventual at every level.
            let takes_eventual = param.ty.lifted().1 != Eventual::Prompt;
            let (got, e) = if takes_eventual && conversion(arg, &param.ty).is_some() {
                (arg.clone(), Eventual::Prompt)
            } else {
                arg.lifted()
            };
            ev = ev.max(e);
            prompt.push(got.clone());
            if conversion(&got, &param.ty).is_none() {
                self.error(
                    "Invalid function argument",
                    format!(
                        "Invalid value for {} parameter: {} required, but have {arg}.",
                        quoted(&param.name),
                        param.ty
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
                    let t = self.expr_ast(&i.expr);
                    let (lifted, e) = t.lifted();
                    ev = ev.max(e);
                    if conversion(&lifted, &ExtendedType::String).is_none() {
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
                    let coll = self.expr_ast(&tf.collection);
                    let (coll, e) = coll.resolved_outer();
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
