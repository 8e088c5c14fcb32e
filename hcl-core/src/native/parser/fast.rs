//! A shortcut for the commonest expressions of real configuration files: a
//! plain quoted string, a number, `true`/`false`/`null`, a variable or a
//! compact attribute path (`var.x`, `aws_vpc.main.id`), followed by a token
//! that cannot continue an expression. These make up most attribute values,
//! object values and call arguments, and the general descent (conditional,
//! operator loop, term, postfix steps) costs several token peeks each.
//!
//! The shortcut looks at the raw tokens already lexed and builds exactly the
//! node the general path would; anything else (escapes, interpolation,
//! spaced or indexed traversals, calls, operators, a batch boundary) is left
//! to the general path.

use super::{span_of, Parser, NO_PEEK};
use crate::native::ast::{ByteSpan, Expr, ExprKind};
use crate::native::token::{Token, TokenKind as K};

impl<'a> Parser<'a> {
    /// The simple expression at the cursor, consumed; `None` (nothing
    /// consumed) when the general path must parse it.
    #[inline(always)]
    pub(crate) fn parse_simple_expr(&mut self) -> Option<Expr> {
        #[cfg(test)]
        if !FAST_PATH.with(std::cell::Cell::get) {
            return None;
        }
        if self.unwind {
            return None;
        }
        let (i, first) = self.peek_at_whole();
        let at = span_of(first);
        let (kind, last) = match first.kind {
            K::PlainString => {
                if !self.ends_expr(i + 1) {
                    return None;
                }
                (K::OQuote, i)
            }
            K::Number => {
                if !self.ends_expr(i + 1) {
                    return None;
                }
                (K::Number, i)
            }
            K::Ident | K::IdentPath => {
                let mut last = i;
                // Contiguous `.name` steps make an attribute path.
                while let (Some(dot), Some(name)) = (self.buf.get(last + 1), self.buf.get(last + 2))
                {
                    let prev_end = self.buf.get(last).map_or(0, |t| t.end);
                    if dot.kind != K::Dot
                        || name.kind != K::Ident
                        || dot.start != prev_end
                        || name.start != dot.end
                    {
                        break;
                    }
                    last += 2;
                }
                let path = last > i || first.kind == K::IdentPath;
                if path && keyword_root(at.text(self.src)) {
                    return None;
                }
                if !self.ends_expr(last + 1) {
                    return None;
                }
                (if path { K::IdentPath } else { K::Ident }, last)
            }
            K::OQuote => {
                let lit = self.buf.get(i + 1).copied()?;
                let close = match lit.kind {
                    K::CQuote => i + 1,
                    K::QuotedLit => {
                        if self.buf.get(i + 2).map(|t| t.kind) != Some(K::CQuote)
                            || self.quoted_needs_decoding(lit)
                        {
                            return None;
                        }
                        i + 2
                    }
                    _ => return None,
                };
                if !self.ends_expr(close + 1) {
                    return None;
                }
                (K::OQuote, close)
            }
            _ => return None,
        };
        let end = self.buf.get(last).copied()?;
        self.consume_through(last, end);
        // (Tokens come in order: no `min`/`max` needed.)
        let span = ByteSpan {
            start: at.start,
            end: end.end,
        };
        let kind = match kind {
            K::Number => self
                .number_literal(at)
                .map_or(ExprKind::Invalid, ExprKind::Number),
            K::OQuote => ExprKind::StringLit,
            K::IdentPath => ExprKind::AttrPath,
            _ => match at.text(self.src) {
                "true" => ExprKind::Bool(true),
                "false" => ExprKind::Bool(false),
                "null" => ExprKind::Null,
                _ => ExprKind::Variable,
            },
        };
        Some(Expr { span, kind })
    }

    /// Whether the quoted literal token `lit` needs decoding (the lexer
    /// answers for all literals before its first escape).
    #[inline]
    pub(crate) fn quoted_needs_decoding(&self, lit: Token) -> bool {
        self.lexer.may_have_escapes(lit.end)
            && crate::native::escape::needs_decoding(span_of(lit).text(self.src), true)
    }

    /// Whether the raw token at `i` ends any expression before it: the
    /// general path would stop there without looking further.
    #[inline]
    fn ends_expr(&self, i: usize) -> bool {
        let Some(t) = self.buf.get(i) else {
            return false;
        };
        match t.kind {
            K::Eof
            | K::CBrace
            | K::CBrack
            | K::CParen
            | K::Comma
            | K::Equal
            | K::Colon
            | K::TemplateSeqEnd => true,
            K::Newline => self.newlines_significant(),
            // A line comment stands for a newline (see `peek_scan`).
            K::Comment => {
                self.newlines_significant()
                    && (t.end as usize)
                        .checked_sub(1)
                        .and_then(|e| self.src.as_bytes().get(e))
                        == Some(&b'\n')
            }
            _ => false,
        }
    }

    /// Consumes the raw tokens up to `last` (found by scanning from the
    /// next significant token, so none of them is trivia).
    #[inline]
    fn consume_through(&mut self, last: usize, t: Token) {
        #[cfg(debug_assertions)]
        {
            self.stalled = 0;
        }
        self.peeked = NO_PEEK;
        self.head = last + 1;
        self.prev = span_of(t);
    }
}

/// Whether the first name of a dotted name (or a lone name) is `true`,
/// `false` or `null`.
#[inline]
pub(crate) fn keyword_root(path: &str) -> bool {
    root_is(path, "true") || root_is(path, "false") || root_is(path, "null")
}

/// Whether the first name of a dotted name (or a lone name) is `name`.
#[inline]
pub(crate) fn root_is(path: &str, name: &str) -> bool {
    path.as_bytes().get(..name.len()) == Some(name.as_bytes())
        && matches!(path.as_bytes().get(name.len()), None | Some(b'.'))
}

#[cfg(test)]
thread_local! {
    /// Whether the shortcut is taken: tests turn it off to compare it with
    /// the general path.
    static FAST_PATH: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Runs `f` with the shortcut turned off (on this thread).
#[cfg(test)]
pub(crate) fn without_fast_path<R>(f: impl FnOnce() -> R) -> R {
    FAST_PATH.with(|c| c.set(false));
    let r = f();
    FAST_PATH.with(|c| c.set(true));
    r
}

#[cfg(test)]
mod test {
    use super::without_fast_path;
    use crate::native::{parse_config, parse_expr as parse_expression, ParseOptions};
    use crate::pos::SourceFile;

    /// Values the shortcut takes, values it must leave to the general path,
    /// and the errors around both.
    const CONFIGS: &[&str] = &[
        "a = 1\n",
        "a = 1",
        "a = 1.5e3\nb = 0.25\n",
        "a = 1.5.3\n",
        "a = 99999999999999999999999999999\n",
        "a = \"x\"\n",
        "a = \"\"\n",
        "a = \"x\\ny\"\n",
        "a = \"$${x}\"\n",
        "a = \"${var.x}\"\n",
        "a = \"pre-${var.x}-post\"\n",
        "a = \"a\nb\"\n",
        "a = true\nb = false\nc = null\n",
        "a = true.x\n",
        "a = null.x.y\n",
        "a = var.true\n",
        "a = var\n",
        "a = var.x\n",
        "a = aws_vpc.main.id\n",
        "a = var . x\n",
        "a = var.x[0]\n",
        "a = var.x.0\n",
        "a = var.x.*.id\n",
        "a = var.x.\n",
        "a = var.x # comment\nb = 1 // comment\n",
        "a = var.x /* c */\n",
        "a = var.x /* c */ + 1\n",
        "a = 1 # at the end",
        "a = foo(var.x, \"y\", 1, true)\n",
        "a = foo(var.x\n, 2)\n",
        "a = foo::bar(1)\n",
        "a = foo\n(1)\n",
        "a = [1, var.a, \"b\", null]\n",
        "a = [\n  var.a,\n  var.b\n]\n",
        "a = { k = v, \"s\" : 1, n = null }\n",
        "a = {\n  k = var.v\n  l = \"w\"\n}\n",
        "a = var.x ? 1 : \"two\"\n",
        "a = var.x == null ? [] : [var.x]\n",
        "a = (x\n.y)\n",
        "a = [for x in var.l : x.y if x.z]\n",
        "a = {for k, v in var.m : k => v...}\n",
        "a = <<EOT\n${var.x}\nEOT\n",
        "a = <<-EOT\n  %{ if var.x }yes%{ endif }\n  EOT\n",
        "a = 1,\n",
        "a = 1 b = 2\n",
        "a = \"x\" }\n",
        "a = -1\nb = !true\n",
        "blk { a = 1 }\n",
        "blk { a = var.x }\n",
        "blk \"l\" { a = \"s\" }\n",
        "blk { a = 1, }\n",
        "blk {\n  a = 1\n  a = 2\n}\n",
        "a = x[\"k\"]\nb = x[var.k]\n",
        "a = 1\r\nb = var.y\r\n",
    ];

    #[test]
    fn fast_path_builds_the_general_tree_in_configs() {
        for text in CONFIGS {
            let src = SourceFile::new("t.tf", *text);
            let opts = ParseOptions::default();
            let (fast, fast_diags) = parse_config(&src, &opts);
            let (slow, slow_diags) = without_fast_path(|| parse_config(&src, &opts));
            assert_eq!(*fast.tree, *slow.tree, "tree of {text:?}");
            assert_eq!(fast.root, slow.root, "root of {text:?}");
            assert_eq!(fast_diags, slow_diags, "diagnostics of {text:?}");
        }
    }

    #[test]
    fn fast_path_builds_the_general_tree_in_expressions() {
        let exprs = [
            "1",
            "\"s\"",
            "var.x",
            "x\n",
            "x\n+ 1",
            "(a)",
            "a.b.c",
            "true",
            "null.x",
            "a,",
            "a b",
            "\"a\" + 1",
            "f(a)",
            "",
        ];
        for text in exprs {
            let src = SourceFile::new("t.hcl", text);
            let opts = ParseOptions::default();
            let (fast, fast_diags) = parse_expression(&src, &opts);
            let (slow, slow_diags) = without_fast_path(|| parse_expression(&src, &opts));
            assert_eq!(fast, slow, "expression {text:?}");
            assert_eq!(fast_diags, slow_diags, "diagnostics of {text:?}");
        }
    }

    #[test]
    fn fast_path_takes_the_common_values() {
        use crate::native::ast::ExprKind;
        let src = SourceFile::new("t.tf", "a = \"s\"\nb = 2\nc = true\nd = var.x\ne = v\n");
        let (file, diags) = parse_config(&src, &ParseOptions::default());
        assert!(diags.is_empty());
        let kinds: Vec<_> = file
            .tree
            .attributes(file.root_body())
            .iter()
            .map(|a| a.expr.kind.clone())
            .collect();
        assert!(matches!(
            kinds.as_slice(),
            [
                ExprKind::StringLit,
                ExprKind::Number(_),
                ExprKind::Bool(true),
                ExprKind::AttrPath,
                ExprKind::Variable
            ]
        ));
    }

    #[test]
    fn literals_around_the_first_escape_are_decoded_only_where_needed() {
        use crate::native::ast::ExprKind;
        let text = "a = \"x\"\nb = \"\\t\"\nc = \"y\"\nd = \"$${z}\"\ne = \"%%{w}\"\nf \"p\" \"q\\\"r\" {}\n";
        let src = SourceFile::new("t.tf", text);
        let (file, diags) = parse_config(&src, &ParseOptions::default());
        assert!(diags.is_empty(), "{diags:?}");
        let attrs = file.tree.attributes(file.root_body());
        let plain: Vec<bool> = attrs
            .iter()
            .map(|a| a.expr.kind == ExprKind::StringLit)
            .collect();
        assert_eq!(plain, [true, false, true, false, false]);
        let block = &file.tree.blocks(file.root_body())[0];
        let labels: Vec<_> = file
            .tree
            .labels(block)
            .iter()
            .map(|l| l.value(src.text()).to_string())
            .collect();
        assert_eq!(labels, ["p", "q\"r"]);
    }
}
