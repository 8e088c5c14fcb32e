//! The native syntax: lexer, parser and syntax tree.
//!
//! Entry points (all take a [`SourceFile`] and [`ParseOptions`], and return
//! a partial result with every problem found, as the reference does):
//!
//! - [`parse_config`]: a configuration file, to a [`File`] (its [`Body`]).
//! - [`parse_bytes`]: the same from raw bytes, reporting invalid UTF-8 as a
//!   diagnostic ("Invalid character encoding").
//! - [`parse_expression`]: a standalone expression.
//! - [`parse_template`]: a standalone template (`hello ${name}`).
//! - [`parse_traversal_abs`]: `root.attr[0]["key"]`, as hcl's
//!   `ParseTraversalAbs`; [`parse_traversal_partial`] also allows `[*]`.
//! - [`parse_traversal_rel`]: steps without a root (`.attr[0]`).
//!
//! ```
//! use hcl_core::pos::SourceFile;
//! use hcl_core::native::{parse_config, ParseOptions};
//!
//! let src = SourceFile::new("main.tf", "resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n}\n");
//! let (file, diags) = parse_config(&src, &ParseOptions::default());
//! assert!(diags.is_empty());
//! let tree = &file.tree;
//! let block = &tree.blocks(file.body())[0];
//! assert_eq!(file.text(block.ty), "resource");
//! assert_eq!(tree.labels(block)[1].value(src.text()), "web");
//! assert_eq!(file.text(tree.attributes(tree.body(block.body))[0].name), "ami");
//! ```

pub mod ast;
mod body;
pub mod embedded;
pub mod escape;
pub mod eval;
mod expression;
pub mod lexer;
mod parser;
pub mod token;

use std::sync::Arc;

pub use ast::{Body, BodyId, ByteSpan, Expr, ExprKind, File, Traversal, Traverser, Tree};
pub use body::{parse_body, parse_body_bytes, NativeBody};
pub use expression::NativeExpression;

use crate::diag::{Diagnostic, Diagnostics};
use crate::pos::SourceFile;
use lexer::{LexMode, Lexer};
use parser::Parser;

/// Options for every entry point.
#[derive(Clone, Debug)]
pub struct ParseOptions {
    /// How deeply brackets, blocks, templates and operators may nest; deeper
    /// input is reported ("Maximum nesting depth exceeded") instead of
    /// exhausting the stack. Default 128.
    pub max_depth: usize,
    /// How many diagnostics a parse keeps; the rest are counted and stand
    /// behind one final "Too many diagnostics". Default
    /// [`Diagnostics::DEFAULT_LIMIT`] (10 000).
    pub max_diagnostics: usize,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            max_depth: 128,
            max_diagnostics: Diagnostics::DEFAULT_LIMIT,
        }
    }
}

/// Parses a configuration file.
///
/// ```
/// use hcl_core::pos::SourceFile;
/// use hcl_core::native::{parse_config, ParseOptions};
/// let src = SourceFile::new("t.hcl", "a = 1\nb = ");
/// let (file, diags) = parse_config(&src, &ParseOptions::default());
/// assert_eq!(file.body().attributes.len(), 2);
/// assert_eq!(diags.iter().next().unwrap().summary, "Missing expression");
/// ```
pub fn parse_config(file: &SourceFile, options: &ParseOptions) -> (File, Diagnostics) {
    parse_config_lexer(file, Lexer::new(file.text(), LexMode::Normal), options)
}

fn parse_config_lexer(
    file: &SourceFile,
    lexer: Lexer<'_>,
    options: &ParseOptions,
) -> (File, Diagnostics) {
    let (tree, root, diags) = Parser::new(file, lexer, options).config();
    (
        File {
            tree: Arc::new(tree),
            root,
            source: file.clone(),
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
/// use hcl_core::native::{parse_bytes, ParseOptions};
/// let (file, diags) = parse_bytes("t.hcl", b"a = \"\xff\"\n", &ParseOptions::default());
/// let d = diags.iter().next().unwrap();
/// assert_eq!(d.summary, "Invalid character encoding");
/// assert_eq!(d.subject.unwrap().start.byte, 5);
/// assert_eq!(file.body().attributes.len(), 1);
/// ```
pub fn parse_bytes(name: &str, bytes: &[u8], options: &ParseOptions) -> (File, Diagnostics) {
    match std::str::from_utf8(bytes) {
        Ok(s) => parse_config(&SourceFile::new(name, s), options),
        Err(first) => {
            let text = replace_bad_utf8(bytes);
            let file = SourceFile::new(name, Arc::<str>::from(text));
            let bad_start = first.valid_up_to() as u32;
            let bad_len = first
                .error_len()
                .unwrap_or(bytes.len() - first.valid_up_to()) as u32;
            let span = crate::pos::Span::new(file.id(), bad_start, bad_start + bad_len);
            let diag = Diagnostic::error(
                "Invalid character encoding",
                "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.",
            )
            .with_subject(file.range(span));
            let lexer = Lexer::new(file.text(), LexMode::Normal).with_bad_utf8_marker();
            let (f, diags) = parse_config_lexer(&file, lexer, options);
            let mut all = Diagnostics::with_limit(options.max_diagnostics);
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

/// Parses a standalone expression (newlines are insignificant).
///
/// ```
/// use hcl_core::pos::SourceFile;
/// use hcl_core::native::{parse_expression, ExprKind, ParseOptions};
/// let src = SourceFile::new("<expr>", "1 + 2 * 3");
/// let (expr, diags) = parse_expression(&src, &ParseOptions::default());
/// assert!(diags.is_empty());
/// assert!(matches!(expr.kind, ExprKind::Binary(_)));
/// ```
pub fn parse_expression(file: &SourceFile, options: &ParseOptions) -> (Expr, Diagnostics) {
    Parser::new(file, Lexer::new(file.text(), LexMode::Normal), options).expression()
}

/// Parses a standalone template.
///
/// ```
/// use hcl_core::pos::SourceFile;
/// use hcl_core::native::{parse_template, ExprKind, ParseOptions};
/// let src = SourceFile::new("<tmpl>", "Hello, ${name}!");
/// let (expr, diags) = parse_template(&src, &ParseOptions::default());
/// assert!(diags.is_empty());
/// let ExprKind::Template(t) = &expr.kind else { panic!() };
/// assert_eq!(t.parts.len(), 3);
/// ```
pub fn parse_template(file: &SourceFile, options: &ParseOptions) -> (Expr, Diagnostics) {
    Parser::new(file, Lexer::new(file.text(), LexMode::Template), options).template()
}

/// Parses an absolute traversal (`root.attr[0]["key"]`); `None` when there is
/// no root name.
///
/// ```
/// use hcl_core::pos::SourceFile;
/// use hcl_core::native::{parse_traversal_abs, ParseOptions};
/// let src = SourceFile::new("<t>", "var.list[0]");
/// let (t, diags) = parse_traversal_abs(&src, &ParseOptions::default());
/// assert!(diags.is_empty());
/// assert_eq!(t.unwrap().steps.len(), 2);
/// ```
pub fn parse_traversal_abs(
    file: &SourceFile,
    options: &ParseOptions,
) -> (Option<Traversal>, Diagnostics) {
    Parser::new(file, Lexer::new(file.text(), LexMode::Normal), options).traversal(false)
}

/// Like [`parse_traversal_abs`], but `[*]` splat steps are allowed (hcl's
/// `ParseTraversalPartial`).
pub fn parse_traversal_partial(
    file: &SourceFile,
    options: &ParseOptions,
) -> (Option<Traversal>, Diagnostics) {
    Parser::new(file, Lexer::new(file.text(), LexMode::Normal), options).traversal(true)
}

/// Parses a relative traversal: steps with no root (`.attr[0]["k"]`).
///
/// ```
/// use hcl_core::pos::SourceFile;
/// use hcl_core::native::{parse_traversal_rel, ParseOptions};
/// let src = SourceFile::new("<t>", ".a[1]");
/// let (steps, diags) = parse_traversal_rel(&src, &ParseOptions::default());
/// assert!(diags.is_empty());
/// assert_eq!(steps.len(), 2);
/// ```
pub fn parse_traversal_rel(
    file: &SourceFile,
    options: &ParseOptions,
) -> (Vec<Traverser>, Diagnostics) {
    Parser::new(file, Lexer::new(file.text(), LexMode::Normal), options).relative_traversal()
}
