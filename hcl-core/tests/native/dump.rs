//! A structural dump of a parsed file (no spans, no file ids) and a
//! canonical printer that writes the tree back as native syntax.

#![allow(dead_code)]

use std::fmt::Write;

use hcl_core::native::ast::*;

/// An S-expression of one expression.
pub fn expr(e: &Expr, src: &str) -> String {
    let tree = Tree::default();
    let mut d = Dumper {
        tree: &tree,
        src,
        out: String::new(),
    };
    d.expr(e);
    d.out
}

/// An S-expression of the tree's structure and values.
pub fn file(f: &File) -> String {
    let mut d = Dumper {
        tree: &f.tree,
        src: f.source.text(),
        out: String::new(),
    };
    d.body(f.body());
    d.out
}

struct Dumper<'a> {
    tree: &'a Tree,
    src: &'a str,
    out: String,
}

impl Dumper<'_> {
    fn body(&mut self, b: &Body) {
        self.out.push_str("(body");
        let tree = self.tree;
        for a in tree.attributes(b) {
            let _ = write!(self.out, " (attr {} ", a.name.text(self.src));
            self.expr(&a.expr);
            self.out.push(')');
        }
        for bl in tree.blocks(b) {
            let _ = write!(self.out, " (block {}", bl.ty.text(self.src));
            for l in tree.labels(bl) {
                let _ = write!(self.out, " {:?}", l.value(self.src));
            }
            self.out.push(' ');
            self.body(tree.body(bl.body));
            self.out.push(')');
        }
        self.out.push(')');
    }

    fn exprs(&mut self, tag: &str, es: &[Expr]) {
        let _ = write!(self.out, "({tag}");
        for e in es {
            self.out.push(' ');
            self.expr(e);
        }
        self.out.push(')');
    }

    fn steps(&mut self, steps: &[Traverser]) {
        for s in steps {
            match &s.kind {
                TraverserKind::Attr { name } => {
                    let _ = write!(self.out, " .{}", name.text(self.src));
                }
                TraverserKind::Index { key, legacy } => {
                    let _ = write!(
                        self.out,
                        " [{}{}]",
                        if *legacy { "legacy " } else { "" },
                        self.lit(key)
                    );
                }
                TraverserKind::Splat => self.out.push_str(" [*]"),
            }
        }
    }

    fn lit(&self, l: &Literal) -> String {
        match l {
            Literal::Number(n) => format!("{n}"),
            Literal::Bool(b) => format!("{b}"),
            Literal::Null => "null".into(),
            Literal::String(s) => format!("{:?}", s.as_str(self.src)),
            Literal::Dynamic => "dynamic".into(),
        }
    }

    fn parts(&mut self, parts: &[TemplatePart]) {
        for p in parts {
            self.out.push(' ');
            match p {
                TemplatePart::Literal(l) => {
                    let _ = write!(self.out, "{:?}", l.text.as_str(self.src));
                }
                TemplatePart::Interp(i) => {
                    self.out.push_str("(interp ");
                    self.expr(&i.expr);
                    self.out.push(')');
                }
                TemplatePart::If(t) => {
                    self.out.push_str("(if ");
                    self.expr(&t.cond);
                    self.out.push_str(" (then");
                    self.parts(&t.then_parts);
                    self.out.push_str(") (else");
                    self.parts(&t.else_parts);
                    self.out.push_str("))");
                }
                TemplatePart::For(t) => {
                    let k = t.key_var.map_or("", |k| k.text(self.src));
                    let _ = write!(self.out, "(for {k} {} ", t.value_var.text(self.src));
                    self.expr(&t.collection);
                    self.parts(&t.body);
                    self.out.push(')');
                }
                TemplatePart::Invalid(_) => self.out.push_str("invalid"),
            }
        }
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Number(n) => {
                let _ = write!(self.out, "{n}");
            }
            ExprKind::Bool(b) => {
                let _ = write!(self.out, "{b}");
            }
            ExprKind::Null => self.out.push_str("null"),
            ExprKind::StringLit => {
                let _ = write!(self.out, "(template {:?})", e.span.inner().text(self.src));
            }
            ExprKind::Template(t) => {
                self.out.push_str("(template");
                if let [TemplatePart::Literal(l)] = t.parts.as_slice() {
                    let _ = write!(self.out, " {:?})", l.text.as_str(self.src));
                    return;
                }
                self.parts(&t.parts);
                self.out.push(')');
            }
            ExprKind::TemplateWrap(w) => {
                self.out.push_str("(wrap ");
                self.expr(w);
                self.out.push(')');
            }
            ExprKind::Variable => {
                let _ = write!(self.out, "(var {})", e.span.text(self.src));
            }
            ExprKind::ScopeTraversal(_) | ExprKind::AttrPath => {
                let t = e.as_traversal(self.src).unwrap();
                let _ = write!(self.out, "(var {}", t.root.text(self.src));
                self.steps(&t.steps);
                self.out.push(')');
            }
            ExprKind::RelativeTraversal(t) => {
                self.out.push_str("(rel ");
                self.expr(&t.source);
                self.steps(&t.steps);
                self.out.push(')');
            }
            ExprKind::Index(i) => {
                self.out.push_str("(index ");
                self.expr(&i.collection);
                self.out.push(' ');
                self.expr(&i.key);
                self.out.push(')');
            }
            ExprKind::Call(c) => {
                let name = c.full_name(self.src);
                let tag = if c.expand_final {
                    format!("call... {name}")
                } else {
                    format!("call {name}")
                };
                self.exprs(&tag, &c.args);
            }
            ExprKind::Tuple(t) => self.exprs("tuple", &t.items),
            ExprKind::Object(o) => {
                self.out.push_str("(object");
                for it in &o.items {
                    self.out.push_str(" (");
                    match it.key.as_literal_name(self.src) {
                        Some(n) => {
                            let _ = write!(self.out, "{n:?}");
                        }
                        None => self.expr(&it.key.expr),
                    }
                    self.out.push(' ');
                    self.expr(&it.value);
                    self.out.push(')');
                }
                self.out.push(')');
            }
            ExprKind::For(f) => {
                let k = f.key_var.map_or("", |k| k.text(self.src));
                let _ = write!(
                    self.out,
                    "(for{} {k} {} ",
                    if f.object { "-object" } else { "" },
                    f.value_var.text(self.src)
                );
                self.expr(&f.collection);
                if let Some(k) = &f.key {
                    self.out.push_str(" key ");
                    self.expr(k);
                }
                self.out.push(' ');
                self.expr(&f.value);
                if f.group {
                    self.out.push_str(" ...");
                }
                if let Some(c) = &f.cond {
                    self.out.push_str(" if ");
                    self.expr(c);
                }
                self.out.push(')');
            }
            ExprKind::Splat(s) => {
                let _ = write!(self.out, "(splat{} ", if s.full { "-full" } else { "" });
                self.expr(&s.source);
                self.out.push(' ');
                self.expr(&s.each);
                self.out.push(')');
            }
            ExprKind::AnonSymbol => self.out.push('*'),
            ExprKind::Unary(u) => {
                let _ = write!(
                    self.out,
                    "({} ",
                    if u.op == UnaryOp::Negate { "-" } else { "!" }
                );
                self.expr(&u.operand);
                self.out.push(')');
            }
            ExprKind::Binary(b) => {
                let _ = write!(self.out, "({} ", b.op.symbol());
                self.expr(&b.lhs);
                self.out.push(' ');
                self.expr(&b.rhs);
                self.out.push(')');
            }
            ExprKind::Conditional(c) => {
                self.out.push_str("(? ");
                self.expr(&c.cond);
                self.out.push(' ');
                self.expr(&c.then);
                self.out.push(' ');
                self.expr(&c.otherwise);
                self.out.push(')');
            }
            // Grouping is visible in the tree's shape; the printer adds
            // parentheses of its own, so the dump leaves them out.
            ExprKind::Parens(p) => self.expr(p),
            ExprKind::Invalid => self.out.push_str("invalid"),
        }
    }
}

/// Writes the tree back as canonical native syntax.
pub fn print(f: &File) -> String {
    let mut p = Printer {
        tree: &f.tree,
        src: f.source.text(),
        out: String::new(),
    };
    p.body(f.body(), 0);
    p.out
}

struct Printer<'a> {
    tree: &'a Tree,
    src: &'a str,
    out: String,
}

fn quote(s: &str) -> String {
    let mut o = String::from("\"");
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                o.push(c);
                o.push(c);
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

impl<'a> Printer<'a> {
    fn t(&self, s: ByteSpan) -> &'a str {
        s.text(self.src)
    }

    fn body(&mut self, b: &Body, indent: usize) {
        let pad = "  ".repeat(indent);
        let tree = self.tree;
        for a in tree.attributes(b) {
            let _ = write!(self.out, "{pad}{} = ", self.t(a.name));
            self.expr(&a.expr);
            self.out.push('\n');
        }
        for bl in tree.blocks(b) {
            let _ = write!(self.out, "{pad}{}", self.t(bl.ty));
            for l in tree.labels(bl) {
                let _ = write!(self.out, " {}", quote(l.value(self.src)));
            }
            self.out.push_str(" {\n");
            self.body(tree.body(bl.body), indent + 1);
            let _ = writeln!(self.out, "{pad}}}");
        }
    }

    fn steps(&mut self, steps: &[Traverser]) {
        for s in steps {
            match &s.kind {
                TraverserKind::Attr { name } => {
                    let _ = write!(self.out, ".{}", self.t(*name));
                }
                TraverserKind::Index { key, legacy } => {
                    let k = match &**key {
                        Literal::Number(n) => format!("{n}"),
                        Literal::Bool(b) => format!("{b}"),
                        Literal::Null => "null".into(),
                        Literal::String(s) => quote(s.as_str(self.src)),
                        Literal::Dynamic => "null".into(),
                    };
                    if *legacy {
                        let _ = write!(self.out, ".{k}");
                    } else {
                        let _ = write!(self.out, "[{k}]");
                    }
                }
                TraverserKind::Splat => self.out.push_str("[*]"),
            }
        }
    }

    fn parts(&mut self, parts: &[TemplatePart]) {
        for p in parts {
            match p {
                TemplatePart::Literal(l) => {
                    let q = quote(l.text.as_str(self.src));
                    self.out.push_str(&q[1..q.len() - 1]);
                }
                TemplatePart::Interp(i) => {
                    self.out.push_str("${");
                    self.expr(&i.expr);
                    self.out.push('}');
                }
                TemplatePart::If(t) => {
                    self.out.push_str("%{ if ");
                    self.expr(&t.cond);
                    self.out.push_str(" }");
                    self.parts(&t.then_parts);
                    if t.else_span.is_some() {
                        self.out.push_str("%{ else }");
                        self.parts(&t.else_parts);
                    }
                    self.out.push_str("%{ endif }");
                }
                TemplatePart::For(t) => {
                    self.out.push_str("%{ for ");
                    if let Some(k) = t.key_var {
                        let _ = write!(self.out, "{}, ", self.t(k));
                    }
                    let _ = write!(self.out, "{} in ", self.t(t.value_var));
                    self.expr(&t.collection);
                    self.out.push_str(" }");
                    self.parts(&t.body);
                    self.out.push_str("%{ endfor }");
                }
                TemplatePart::Invalid(_) => {}
            }
        }
    }

    fn list(&mut self, es: &[Expr]) {
        for (i, e) in es.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.expr(e);
        }
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Number(_)
            | ExprKind::Bool(_)
            | ExprKind::Null
            | ExprKind::Variable
            | ExprKind::AttrPath => {
                let s = self.t(e.span).to_owned();
                self.out.push_str(&s);
            }
            ExprKind::StringLit => {
                let s = self.t(e.span).to_owned();
                self.out.push_str(&s);
            }
            ExprKind::Template(t) => {
                self.out.push('"');
                self.parts(&t.parts);
                self.out.push('"');
            }
            ExprKind::TemplateWrap(w) => {
                self.out.push_str("\"${");
                self.expr(w);
                self.out.push_str("}\"");
            }
            ExprKind::ScopeTraversal(t) => {
                let r = self.t(t.root).to_owned();
                self.out.push_str(&r);
                self.steps(&t.steps);
            }
            ExprKind::RelativeTraversal(t) => {
                self.expr(&t.source);
                self.steps(&t.steps);
            }
            ExprKind::Index(i) => {
                self.expr(&i.collection);
                self.out.push('[');
                self.expr(&i.key);
                self.out.push(']');
            }
            ExprKind::Call(c) => {
                let n = c.full_name(self.src);
                self.out.push_str(&n);
                self.out.push('(');
                self.list(&c.args);
                if c.expand_final {
                    self.out.push_str("...");
                }
                self.out.push(')');
            }
            ExprKind::Tuple(t) => {
                self.out.push('[');
                self.list(&t.items);
                self.out.push(']');
            }
            ExprKind::Object(o) => {
                self.out.push('{');
                for (i, it) in o.items.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    if it.key.force_non_literal && !matches!(it.key.expr.kind, ExprKind::Parens(_))
                    {
                        self.out.push('(');
                        self.expr(&it.key.expr);
                        self.out.push(')');
                    } else {
                        self.expr(&it.key.expr);
                    }
                    self.out.push_str(" = ");
                    self.expr(&it.value);
                }
                self.out.push('}');
            }
            ExprKind::For(f) => {
                self.out.push_str(if f.object { "{for " } else { "[for " });
                if let Some(k) = f.key_var {
                    let _ = write!(self.out, "{}, ", self.t(k));
                }
                let _ = write!(self.out, "{} in ", self.t(f.value_var));
                self.expr(&f.collection);
                self.out.push_str(" : ");
                if let Some(k) = &f.key {
                    self.expr(k);
                    self.out.push_str(" => ");
                }
                self.expr(&f.value);
                if f.group {
                    self.out.push_str("...");
                }
                if let Some(c) = &f.cond {
                    self.out.push_str(" if ");
                    self.expr(c);
                }
                self.out.push(if f.object { '}' } else { ']' });
            }
            ExprKind::Splat(s) => {
                self.expr(&s.source);
                self.out.push_str(if s.full { "[*]" } else { ".*" });
                self.expr(&s.each);
            }
            ExprKind::AnonSymbol => {}
            ExprKind::Unary(u) => {
                self.out
                    .push(if u.op == UnaryOp::Negate { '-' } else { '!' });
                self.expr(&u.operand);
            }
            ExprKind::Binary(b) => {
                // Parenthesise every operation: the dump then shows Parens
                // nodes, so the comparison is made on a second printing.
                self.out.push('(');
                self.expr(&b.lhs);
                let _ = write!(self.out, " {} ", b.op.symbol());
                self.expr(&b.rhs);
                self.out.push(')');
            }
            ExprKind::Conditional(c) => {
                self.out.push('(');
                self.expr(&c.cond);
                self.out.push_str(" ? ");
                self.expr(&c.then);
                self.out.push_str(" : ");
                self.expr(&c.otherwise);
                self.out.push(')');
            }
            ExprKind::Parens(p) => {
                if matches!(p.kind, ExprKind::Binary(_) | ExprKind::Conditional(_)) {
                    // Printed with its own parentheses.
                    self.expr(p);
                    return;
                }
                self.out.push('(');
                self.expr(p);
                self.out.push(')');
            }
            ExprKind::Invalid => self.out.push_str("null"),
        }
    }
}
