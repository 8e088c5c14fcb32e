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

use super::{span_of, Lexeme, Parser, Run};
use crate::native::ast::{Attribute, ByteSpan, Expr, ExprKind, ObjectItem, ObjectKey};
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
        let expr = self.simple_value(self.next)?;
        self.advance_to(self.next_at + 1, expr.span);
        Some(expr)
    }

    /// A body item `name = value` closed by a newline, with a simple value
    /// (as [`Parser::parse_simple_expr`] takes it), consumed up to and
    /// including the newline, and pushed on the attribute stack (where
    /// it is built): its name. `None` (nothing consumed or pushed) when
    /// the general path must parse the item. Most attributes are such
    /// lines, and the general path steps through their four lexemes one
    /// at a time; here they are read in one look. Called at the start of
    /// a body item (errors are reported again and nothing unwinds), with
    /// an identifier next.
    #[inline(always)]
    pub(crate) fn push_simple_attribute(&mut self) -> Option<ByteSpan> {
        if !self.tuning.shortcut || !self.newlines_significant() {
            return None;
        }
        let i = self.next_at;
        let &[name, equal, value, eol] = self.scratch.buf.get(i..i + 4)? else {
            return None;
        };
        if name.kind != K::Ident
            || name.run_len != 0
            || equal.kind != K::Equal
            || eol.kind != K::Newline
        {
            return None;
        }
        let expr = self.simple_value(value)?;
        self.advance_to(i + 4, span_of(eol.first()));
        let name = span_of(name.first());
        super::push(&mut self.scratch.attr_stack, Attribute { name, expr });
        Some(name)
    }

    /// The object items at the cursor whose key is a name, a plain string
    /// or a dotted name and whose value is simple (as
    /// [`Parser::parse_simple_expr`] takes it), pushed on the item stack
    /// (built where they stay): those closed by a comma or a newline, one
    /// after another, consumed with their separators in one step (most
    /// items are a line of their own, and the general path would step
    /// through every lexeme, the separator too) —
    /// [`SimpleItem::WithSeparator`]; or else one item closed otherwise
    /// (by the brace, the caller's), consumed up to its value —
    /// [`SimpleItem::Item`]. [`SimpleItem::No`] (nothing consumed or
    /// pushed) when the general path must parse the item, or the parse
    /// is recovering from an error.
    #[inline(always)]
    pub(crate) fn push_simple_object_items(&mut self) -> SimpleItem {
        if self.recovery || self.unwind || !self.tuning.shortcut {
            return SimpleItem::No;
        }
        let mut i = self.next_at;
        let mut last_separator = None;
        while let Some(&after) = self.scratch.buf.get(i + 3) {
            if !(after.kind == K::Comma || (after.kind == K::Newline && self.newlines_top)) {
                break;
            }
            let Some(item) = self.simple_item_at(i) else {
                break;
            };
            super::push(&mut self.scratch.item_stack, item);
            last_separator = Some(after);
            i += 4;
        }
        if let Some(separator) = last_separator {
            self.advance_to(i, span_of(separator.first()));
            return SimpleItem::WithSeparator;
        }
        if !self.ends_expr(i + 3) {
            return SimpleItem::No;
        }
        let Some(item) = self.simple_item_at(i) else {
            return SimpleItem::No;
        };
        self.advance_to(i + 3, item.value.span);
        super::push(&mut self.scratch.item_stack, item);
        SimpleItem::Item
    }

    /// The simple object item (see [`Parser::push_simple_object_items`])
    /// whose key is the raw lexeme at `i`, if there is one there, built
    /// (nothing consumed).
    #[inline(always)]
    fn simple_item_at(&mut self, i: usize) -> Option<ObjectItem> {
        let &[key, separator, value] = self.scratch.buf.get(i..i + 3)? else {
            return None;
        };
        // (Not a number key: building it could report an error before the
        // value is known to be simple.)
        if !(key.kind == K::Ident || key.run().is_some())
            || !matches!(separator.kind, K::Equal | K::Colon)
        {
            return None;
        }
        let key = self.simple_value(key)?;
        let value = self.simple_value(value)?;
        Some(ObjectItem {
            key: ObjectKey { expr: key },
            value,
        })
    }

    /// A tuple item that is a simple value (as [`Parser::parse_simple_expr`]
    /// takes it) right before a `,` or the closing `]`, consumed with its
    /// comma (the `]` is the caller's) and pushed on the expression stack
    /// (built where it stays); `false` (nothing consumed or pushed) when
    /// the general path must parse the item, or the parse is recovering
    /// from an error.
    #[inline(always)]
    pub(crate) fn push_simple_tuple_item(&mut self) -> bool {
        if self.recovery || self.unwind || !self.tuning.shortcut {
            return false;
        }
        let i = self.next_at;
        let Some(&[value, separator]) = self.scratch.buf.get(i..i + 2) else {
            return false;
        };
        let taken = match separator.kind {
            K::Comma => 2,
            K::CBrack => 1,
            _ => return false,
        };
        let Some(expr) = self.simple_value(value) else {
            return false;
        };
        let last = if taken == 2 {
            span_of(separator.first())
        } else {
            expr.span
        };
        self.advance_to(i + taken, last);
        super::push(&mut self.scratch.expr_stack, expr);
        true
    }

    /// A call argument that is a simple value (as
    /// [`Parser::parse_simple_expr`] takes it) right before a `,` or the
    /// closing `)`, consumed with its comma (the `)` is the caller's, see
    /// [`Parser::bump_closing`]) and pushed on the expression stack (built
    /// where it stays): one step where the general path takes the value
    /// and the comma one at a time.
    /// [`SimpleArg::No`] (nothing consumed or pushed) when the general path
    /// must parse the argument, or the parse is recovering from an error.
    #[inline(always)]
    pub(crate) fn push_simple_call_arg(&mut self) -> SimpleArg {
        // (The first lexeme's kind first, read where the cursor keeps it:
        // most arguments that are not simple start with a bracket.)
        if !matches!(self.next.kind, K::Number | K::Ident | K::OQuote)
            || self.recovery
            || self.unwind
            || !self.tuning.shortcut
        {
            return SimpleArg::No;
        }
        let i = self.next_at;
        let Some(&[value, separator]) = self.scratch.buf.get(i..i + 2) else {
            return SimpleArg::No;
        };
        if !matches!(separator.kind, K::Comma | K::CParen) {
            return SimpleArg::No;
        }
        let Some(expr) = self.simple_value(value) else {
            return SimpleArg::No;
        };
        let taken = if separator.kind == K::Comma {
            self.advance_to(i + 2, span_of(separator.first()));
            SimpleArg::WithComma
        } else {
            self.advance_to(i + 1, expr.span);
            SimpleArg::BeforeClose
        };
        super::push(&mut self.scratch.expr_stack, expr);
        taken
    }

    /// The node the lexeme `l` makes as a simple value, exactly as the
    /// general path's terms make it: a run whole (a plain string, or a
    /// dotted name not after a keyword: `true.x`'s steps make a relative
    /// traversal), a number or a name. `None` for any other lexeme.
    /// Consumes nothing; a number that does not parse is reported, as the
    /// general path reports it.
    #[inline(always)]
    fn simple_value(&mut self, l: Lexeme) -> Option<Expr> {
        let span = ByteSpan {
            start: l.start,
            end: l.run_end(),
        };
        // (Names are compared as bytes: a `str` slice checks its ends for
        // char boundaries.)
        let bytes = || span.bytes(self.src);
        let kind = match l.run() {
            Some(Run::PlainString) => ExprKind::StringLit,
            Some(Run::DottedName) if keyword_root(bytes()) => return None,
            Some(Run::DottedName) => ExprKind::AttrPath,
            None => match l.kind {
                K::Number => self.number_kind(span),
                K::Ident => match bytes() {
                    b"true" => ExprKind::Bool(true),
                    b"false" => ExprKind::Bool(false),
                    b"null" => ExprKind::Null,
                    _ => ExprKind::Variable,
                },
                _ => return None,
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

    /// Whether the raw lexeme at `i` ends any expression before it: the
    /// general path would stop there without looking further. (`false`
    /// when it is not lexed yet.)
    #[inline]
    fn ends_expr(&self, i: usize) -> bool {
        let Some(l) = self.scratch.buf.get(i) else {
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

/// What [`Parser::push_simple_object_items`] took.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SimpleItem {
    /// Nothing: the general path parses the item.
    No,
    /// One item, up to its value (what closes it is the caller's).
    Item,
    /// Items, each with the comma or newline after it.
    WithSeparator,
}

/// What [`Parser::push_simple_call_arg`] took.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SimpleArg {
    /// Nothing: the general path parses the argument.
    No,
    /// The argument and the comma after it.
    WithComma,
    /// The argument, before the closing parenthesis (the caller's).
    BeforeClose,
}

/// Whether the first name of a dotted name (or a lone name) is `true`,
/// `false` or `null`.
#[inline]
pub(crate) fn keyword_root(path: &[u8]) -> bool {
    root_is(path, b"true") || root_is(path, b"false") || root_is(path, b"null")
}

/// Whether the first name of a dotted name (or a lone name) is `name`.
#[inline]
pub(crate) fn root_is(path: &[u8], name: &[u8]) -> bool {
    path.get(..name.len()) == Some(name) && matches!(path.get(name.len()), None | Some(b'.'))
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
        // Call arguments taken with the comma or parenthesis after them.
        "a = f(1,)\nb = f(1, , 2)\nc = f(x...)\nd = f(1 2)\ne = f(1.5.3, 2)\n",
        "a = f(\"s\", [1], g(2), h(), true.x, null)\nb = f(x,\n  y\n)\nc = f(1, 2\n",
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
        // Attribute lines and object items read in one look, and their
        // near misses.
        "a = 1\nb = \"x\"\nc = var.y\nd = null\ne = v\n",
        "a = 1\na = 2\n",
        "a.b = 1\n",
        "a = 1.5.3\nb = 2\n",
        "a = true.x\nb = var.true\n",
        "a = \"x\" # c\nb = 1 // c\nc = 2 /* c */\n",
        "a = 1 }\nb = 2\n",
        "a = 1\n\n\nb {\n  c = 2\n  d = [3]\n}\n",
        "a = {\n  k = \"v\"\n  \"s\" = 1\n  l: var.x\n  m.n = true\n  o = null, p = q\n}\n",
        "a = { 1 = 2, k = 1.5.3, t = true.x, \"u\" = \"w\" }\n",
        "a = { k = \"v\" l = 2 }\n",
        // Object items taken with the comma or newline after them.
        "a = { k = 1, }\nb = { k = 1,\n}\nc = { k = 1\n}\nd = { k = 1,, l = 2 }\n",
        "a = { k = 1, l = 2,\n  m = 3\n  n = 4, }\nb = { k = 1 # c\n  l = 2 // d\n  m = 3 /* e */\n}\n",
        "a = {\r\n  k = 1\r\n  l = \"x\",\r\n}\r\n",
        "a = { k = 1, l = 2, m = 3 }\nb = {\n  k = 1\n  l = (2)\n  m = 3\n  n = f(4)\n  o = p\n}\n",
        "a = {\n  k = 1\n  2 = l\n  m = 1.5.3\n  n = true.x\n  o = {\n    p = q\n  }\n  r = s\n}\n",
        "a = { k = 1\n\n\n  l = 2 }\nb = { k = 1, \n , l = 2 }\nc = { k = 1\n,l = 2 }\n",
        "a = { k = \"v\"\n  k = 2 }\n",
        "a = { k = (1) }\nb = { (k) = 1 }\n",
        "a = { k = -1\n  l = 2 }\n",
        "a = [x y]\nb = { k = 1 = 2 }\nc = { d = 1, e = \"x\" }\n",
        "a = [1, \"x\", var.y, null, true.z, v,]\nb = [1.5.3, 2]\nc = []\n",
        "a = [\n  1,\n  \"x\" # c\n  , y\n]\nb = [1 2]\nc = [1,, 2]\nd = [x, -1, (2)]\n",
        "a = [1, [2, 3], {k = 4}, f(5)]\nb = [for x in y : x]\nc = [1,\n",
    ];

    #[test]
    fn fast_path_builds_the_general_tree_in_configs() {
        for text in CONFIGS {
            same_without_the_shortcut(text);
        }
    }

    #[test]
    fn fast_path_builds_the_general_tree_across_batches() {
        // Attribute lines and object items that straddle the boundaries
        // of the lexer's batches, at every offset.
        let mut text = String::new();
        for i in 0..700 {
            text.push_str(&format!(
                "a{i} = {i}\nb{i} = {{ k = \"v\", l = var.x{i} }}\nc{i} = [\"w\", {i}, x]\n"
            ));
        }
        same_without_the_shortcut(&text);
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
            .tree()
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
        let attrs = file.tree().attributes(file.root_body());
        let plain: Vec<bool> = attrs
            .iter()
            .map(|a| a.expr.kind == ExprKind::StringLit)
            .collect();
        assert_eq!(plain, [true, false, true, false, false]);
        let block = &file.tree().blocks(file.root_body())[0];
        let labels: Vec<_> = file
            .tree()
            .labels(block)
            .iter()
            .map(|l| file.tree().label_value(l, src.text()).to_string())
            .collect();
        assert_eq!(labels, ["p", "q\"r"]);
    }
}
