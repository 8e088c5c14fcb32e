//! A shortcut for the commonest expressions of real configuration files: a
//! plain quoted string, a number, `true`/`false`/`null`, a variable or a
//! compact attribute path (`var.x`, `aws_vpc.main.id`), followed by a token
//! that cannot continue an expression. These make up most attribute values,
//! object values and call arguments, and the general descent (conditional,
//! operator loop, term, postfix steps) costs several token peeks each.
//!
//! The shortcut takes the value the way the general path's terms do (a run
//! whole, a number or a name), after a look at the raw token after it, and
//! builds exactly the node the general path would; anything else (escapes,
//! interpolation, spaced or indexed traversals, calls, operators, a batch
//! boundary) is left to the general path.

use super::{span_of, Parser};
use crate::native::ast::{Expr, ExprKind};
use crate::native::token::{Token, TokenKind as K};

impl<'a> Parser<'a> {
    /// The simple expression at the cursor, consumed; `None` (nothing
    /// consumed) when the general path must parse it.
    #[inline(always)]
    pub(crate) fn parse_simple_expr(&mut self) -> Option<Expr> {
        if self.unwind || !self.tuning.shortcut {
            return None;
        }
        let first = self.peek().kind;
        if !matches!(first, K::Number | K::Ident | K::OQuote) || !self.ends_expr(self.next_at + 1) {
            return None;
        }
        if self.peek_run().is_some() {
            return self.parse_run_term();
        }
        if first == K::OQuote {
            return None;
        }
        let at = span_of(self.bump());
        let kind = match first {
            K::Number => self
                .number_literal(at)
                .map_or(ExprKind::Invalid, ExprKind::Number),
            _ => match at.text(self.src) {
                "true" => ExprKind::Bool(true),
                "false" => ExprKind::Bool(false),
                "null" => ExprKind::Null,
                _ => ExprKind::Variable,
            },
        };
        Some(Expr { span: at, kind })
    }

    /// Whether the quoted literal token `lit` needs decoding (the lexer
    /// answers for all literals before its first escape).
    #[inline]
    pub(crate) fn quoted_needs_decoding(&self, lit: Token) -> bool {
        self.lexer.may_have_escapes(lit.end)
            && crate::native::escape::needs_decoding(span_of(lit).text(self.src), true)
    }

    /// Whether the raw lexeme at `i` ends any expression before it: the
    /// general path would stop there without looking further. (`false`
    /// when it is not lexed yet.)
    #[inline]
    fn ends_expr(&self, i: usize) -> bool {
        let Some(l) = self.buf.get(i) else {
            return false;
        };
        // (A compound lexeme starts with `"` or a name: no end either.)
        match l.kind {
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
                    && (l.end as usize)
                        .checked_sub(1)
                        .and_then(|e| self.src.as_bytes().get(e))
                        == Some(&b'\n')
            }
            _ => false,
        }
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
mod test {
    use crate::native::parse_config;
    use crate::native::parser::test::assert_tunings_agree;
    use crate::native::parser::Tuning;
    use crate::pos::SourceFile;
    use crate::Limits;

    /// Asserts that `text` parses the same with and without the shortcut.
    fn same_without_the_shortcut(text: &str) {
        let general = Tuning {
            shortcut: false,
            ..Tuning::default()
        };
        assert_tunings_agree(text, &Limits::default(), Tuning::default(), general);
    }

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
            same_without_the_shortcut(text);
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
            same_without_the_shortcut(text);
        }
    }

    #[test]
    fn fast_path_takes_the_common_values() {
        use crate::native::ast::ExprKind;
        let src = SourceFile::new("t.tf", "a = \"s\"\nb = 2\nc = true\nd = var.x\ne = v\n");
        let (file, diags) = parse_config(&src, &Limits::default());
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
        let (file, diags) = parse_config(&src, &Limits::default());
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
            .map(|l| file.tree.label_value(l, src.text()).to_string())
            .collect();
        assert_eq!(labels, ["p", "q\"r"]);
    }
}
