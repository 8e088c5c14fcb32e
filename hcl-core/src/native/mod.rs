//! The native syntax: parsing, the syntax tree and its evaluation.
//!
//! Entry points (each takes a [`SourceFile`] and the [`Limits`] of nesting
//! depth and diagnostics, and returns a partial result with every problem
//! found, as the reference does):
//!
//! - [`parse_config`]: a configuration file, to a [`File`]: its syntax tree
//!   ([`File::body`], read through the nodes of [`syntax`]) and its
//!   [`Body`](crate::Body) handle ([`File::to_body`]); [`parse_body`] goes
//!   straight to the handle.
//! - [`parse_bytes`], [`parse_body_bytes`]: the same from raw bytes,
//!   reporting invalid UTF-8 as a diagnostic ("Invalid character encoding").
//! - [`parse_expression`]: a standalone expression, to an [`Expression`]
//!   handle ([`ExprNode::of`] gives its syntax tree).
//! - [`parse_template`]: a standalone template (`hello ${name}`).
//! - [`parse_traversal_abs`]: `root.attr[0]["key"]`, as hcl's
//!   `ParseTraversalAbs`; [`parse_traversal_partial`] also allows `[*]`.
//! - [`parse_traversal_rel`]: steps without a root (`.attr[0]`).
//!
//! ```
//! use hcl_core::native::parse_config;
//! use hcl_core::SourceFile;
//!
//! let src = SourceFile::new("main.tf", "resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n}\n");
//! let (file, diags) = parse_config(&src, &Default::default());
//! assert!(diags.is_empty());
//! let block = file.body().blocks().next().unwrap();
//! assert_eq!(block.type_name(), "resource");
//! assert_eq!(block.labels().nth(1).unwrap().value(), "web");
//! assert_eq!(block.body().attributes().next().unwrap().name(), "ami");
//! ```

pub(crate) mod ast;
pub(crate) mod body;
pub mod by_id;
pub(crate) mod columns;
pub(crate) mod embedded;
pub(crate) mod escape;
pub mod eval;
pub(crate) mod expression;
pub(crate) mod lexer;
mod parser;
pub mod syntax;
pub(crate) mod token;

use std::sync::Arc;

pub use body::{parse_body, parse_body_bytes};

/// Frees the memory this thread keeps for its next parse.
///
/// Between parses, a thread keeps the parser's scratch buffers and the
/// emptied lists and boxes of the syntax trees dropped on it, bounded
/// whatever the files' sizes (short lists per nesting level, at most 2 048
/// nodes a list and 256 boxes of each kind: a few hundred kilobytes).
/// Reusing them makes repeated parsing cheaper (measured with callgrind:
/// 3% on the corpus parsed file by file, 9% on the decode benchmark's
/// file); a first parse finds nothing kept and allocates as it would
/// anyway. A long-running program that parses rarely can give that memory
/// back; only the next parse's speed-up is lost.
///
/// ```
/// use hcl_core::native::{parse_config, release_kept_memory};
/// use hcl_core::SourceFile;
/// let (file, _) = parse_config(&SourceFile::new("a.hcl", "a = [1, 2]\n"), &Default::default());
/// drop(file);
/// release_kept_memory();
/// ```
pub fn release_kept_memory() {
    parser::release_kept_memory();
}

/// How many tokens the native lexer makes of `text`, end of input not
/// counted: the lexer alone, without the parser (what a lexing benchmark
/// measures). Never fails: what is not a token is an invalid-character
/// token, counted like any other.
///
/// ```
/// assert_eq!(hcl_core::native::count_tokens("a = [1, 2]\n"), 8);
/// ```
pub fn count_tokens(text: &str) -> usize {
    let mut lexer = lexer::Lexer::new(text, lexer::LexMode::Normal);
    let mut n = 0;
    while lexer.next_token().kind != token::TokenKind::Eof {
        n += 1;
    }
    n
}
pub use syntax::{
    AttributeNode, BinaryOp, BlockNode, BodyItem, BodyNode, CallNode, ExprKind, ExprNode, File,
    ForNode, InterpolationNode, Items, LabelNode, Literal, ObjectItemNode, ObjectKeyNode,
    ObjectNode, SplatNode, Step, StepKind, Steps, TemplateForNode, TemplateIfNode, TemplateKind,
    TemplateNode, TemplatePart, TemplateParts, TemplateText, TraversalNode, UnaryOp,
};

pub(crate) use expression::{NativeCall, NativeExpression};

use crate::body::Expression;
use crate::traversal::Traversal;
use ast::Expr;

use crate::diag::{Diagnostic, Diagnostics};
use crate::limits::Limits;
use crate::pos::SourceFile;
use lexer::{LexMode, Lexer};
use parser::Parser;

/// Parses a configuration file.
///
/// ```
/// use hcl_core::native::parse_config;
/// use hcl_core::SourceFile;
/// let src = SourceFile::new("t.hcl", "a = 1\nb = ");
/// let (file, diags) = parse_config(&src, &Default::default());
/// assert_eq!(file.body().attributes().len(), 2);
/// assert_eq!(diags.iter().next().unwrap().summary, "Missing expression");
/// ```
pub fn parse_config(file: &SourceFile, limits: &Limits) -> (File, Diagnostics) {
    parse_config_lexer(file, columns::lexer(file, LexMode::Normal), limits)
}

fn parse_config_lexer(file: &SourceFile, lexer: Lexer<'_>, limits: &Limits) -> (File, Diagnostics) {
    let (tree, root, diags) = Parser::new(file, lexer, limits).config();
    (
        File {
            parsed: Arc::new(ast::ParsedFile {
                tree,
                source: file.clone(),
            }),
            root,
        },
        diags,
    )
}

/// Parses a configuration file given as bytes that may not be UTF-8.
///
/// Invalid sequences are reported once, as the reference does ("Invalid
/// character encoding", at the first bad byte), then replaced byte for byte
/// by U+001A so that every other position stays where it was; the returned
/// file's text holds the replacements.
///
/// ```
/// use hcl_core::native::parse_bytes;
/// let (file, diags) = parse_bytes("t.hcl", b"a = \"\xff\"\n", &Default::default());
/// let d = diags.iter().next().unwrap();
/// assert_eq!(d.summary, "Invalid character encoding");
/// assert_eq!(d.subject.as_ref().unwrap().start.byte, 5);
/// assert_eq!(file.body().attributes().len(), 1);
/// ```
pub fn parse_bytes(name: &str, bytes: &[u8], limits: &Limits) -> (File, Diagnostics) {
    match std::str::from_utf8(bytes) {
        Ok(s) => parse_config(&SourceFile::new(name, s), limits),
        Err(first) => {
            let text = replace_bad_utf8(bytes);
            let file = SourceFile::new(name, text);
            // (Made first: its columns are the lexer's from the first
            // position on.)
            let lexer = columns::lexer(&file, LexMode::Normal).with_bad_utf8_marker();
            let bad_start = first.valid_up_to() as u32;
            let bad_len = first
                .error_len()
                .unwrap_or(bytes.len() - first.valid_up_to()) as u32;
            let span = crate::pos::ByteSpan::new(bad_start, bad_start + bad_len);
            let diag = Diagnostic::error(
                "Invalid character encoding",
                "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.",
            )
            .with_subject(file.range(span));
            let (f, diags) = parse_config_lexer(&file, lexer, limits);
            let mut all = Diagnostics::with_limit(limits.max_diagnostics);
            all.push(diag);
            all.extend(diags);
            (f, all)
        }
    }
}

/// Replaces each byte of every invalid UTF-8 sequence by U+001A.
fn replace_bad_utf8(mut bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    loop {
        match std::str::from_utf8(bytes) {
            Ok(s) => {
                out.push_str(s);
                return out;
            }
            Err(e) => {
                let good = e.valid_up_to();
                out.push_str(std::str::from_utf8(&bytes[..good]).unwrap_or(""));
                let bad = e.error_len().unwrap_or(bytes.len() - good);
                for _ in 0..bad {
                    out.push(lexer::BAD_UTF8_MARKER as char);
                }
                bytes = &bytes[good + bad..];
            }
        }
    }
}

/// Parses a standalone expression (newlines are insignificant), to an
/// [`Expression`] handle; [`ExprNode::of`] reads its syntax tree.
///
/// ```
/// use hcl_core::native::{parse_expression, ExprKind, ExprNode};
/// use hcl_core::SourceFile;
/// let src = SourceFile::new("<expr>", "1 + 2 * 3");
/// let (expr, diags) = parse_expression(&src, &Default::default());
/// assert!(diags.is_empty());
/// assert!(matches!(ExprNode::of(&expr).unwrap().kind(), ExprKind::Binary { .. }));
/// assert_eq!(expr.value(None).0, hcl_core::Value::from(7));
/// ```
pub fn parse_expression(file: &SourceFile, limits: &Limits) -> (Expression, Diagnostics) {
    let (expr, diags) = parse_expr(file, limits);
    (expression_handle(file, expr), diags)
}

fn expression_handle(file: &SourceFile, expr: Expr) -> Expression {
    Expression::native(NativeExpression::new(file.clone(), Arc::new(expr)))
}

/// [`parse_expression`] to the compact node, for the crate's own passes.
pub(crate) fn parse_expr(file: &SourceFile, limits: &Limits) -> (Expr, Diagnostics) {
    Parser::new(file, columns::lexer(file, LexMode::Normal), limits).expression()
}

/// Parses a standalone template, to an [`Expression`] handle.
///
/// ```
/// use hcl_core::native::{parse_template, ExprKind, ExprNode};
/// use hcl_core::{EvalContext, SourceFile, Value};
/// let src = SourceFile::new("<tmpl>", "Hello, ${name}!");
/// let (expr, diags) = parse_template(&src, &Default::default());
/// assert!(diags.is_empty());
/// let ExprKind::Template(t) = ExprNode::of(&expr).unwrap().kind() else { panic!() };
/// assert_eq!(t.parts().count(), 3);
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("name", Value::from("you"));
/// assert_eq!(expr.value(Some(&ctx)).0, Value::from("Hello, you!"));
/// ```
pub fn parse_template(file: &SourceFile, limits: &Limits) -> (Expression, Diagnostics) {
    let (expr, diags) = parse_template_expr(file, limits);
    (expression_handle(file, expr), diags)
}

/// [`parse_template`] to the compact node, for the crate's own passes.
pub(crate) fn parse_template_expr(file: &SourceFile, limits: &Limits) -> (Expr, Diagnostics) {
    Parser::new(file, columns::lexer(file, LexMode::Template), limits).template()
}

/// Parses an absolute traversal (`root.attr[0]["key"]`); `None` when there is
/// no root name.
///
/// ```
/// use hcl_core::native::parse_traversal_abs;
/// use hcl_core::SourceFile;
/// let src = SourceFile::new("<t>", "var.list[0]");
/// let (t, diags) = parse_traversal_abs(&src, &Default::default());
/// assert!(diags.is_empty());
/// let t = t.unwrap();
/// assert_eq!(t.root_name(), Some("var"));
/// assert_eq!(t.to_string(), "var.list[0]");
/// ```
pub fn parse_traversal_abs(file: &SourceFile, limits: &Limits) -> (Option<Traversal>, Diagnostics) {
    traversal(file, limits, false)
}

/// Like [`parse_traversal_abs`], but `[*]` splat steps are allowed (hcl's
/// `ParseTraversalPartial`).
pub fn parse_traversal_partial(
    file: &SourceFile,
    limits: &Limits,
) -> (Option<Traversal>, Diagnostics) {
    traversal(file, limits, true)
}

fn traversal(file: &SourceFile, limits: &Limits, splats: bool) -> (Option<Traversal>, Diagnostics) {
    let (t, diags) = parse_traversal_node(file, limits, splats);
    let t = t.map(|t| syntax::source_traversal(file, t.root, &t.steps));
    (t, diags)
}

/// [`parse_traversal_abs`] and [`parse_traversal_partial`] to the compact
/// node, for the crate's own passes.
pub(crate) fn parse_traversal_node(
    file: &SourceFile,
    limits: &Limits,
    splats: bool,
) -> (Option<ast::Traversal>, Diagnostics) {
    Parser::new(file, columns::lexer(file, LexMode::Normal), limits).traversal(splats)
}

/// Parses a relative traversal: steps with no root (`.attr[0]["k"]`).
///
/// ```
/// use hcl_core::native::parse_traversal_rel;
/// use hcl_core::SourceFile;
/// let src = SourceFile::new("<t>", ".a[1]");
/// let (t, diags) = parse_traversal_rel(&src, &Default::default());
/// assert!(diags.is_empty());
/// assert!(!t.is_absolute());
/// assert_eq!(t.len(), 2);
/// ```
pub fn parse_traversal_rel(file: &SourceFile, limits: &Limits) -> (Traversal, Diagnostics) {
    let (steps, diags) = parse_traversal_steps(file, limits);
    let t = Traversal::new(
        syntax::Steps::list(file, &steps)
            .map(syntax::Step::to_traverser)
            .collect(),
    );
    (t, diags)
}

/// [`parse_traversal_rel`] to the compact steps, for the crate's own passes.
pub(crate) fn parse_traversal_steps(
    file: &SourceFile,
    limits: &Limits,
) -> (Vec<ast::Traverser>, Diagnostics) {
    Parser::new(file, columns::lexer(file, LexMode::Normal), limits).relative_traversal()
}
