//! A structural dump of a parsed file (no spans, no ranges) and a canonical
//! printer that writes the tree back as native syntax, both written against
//! the public syntax view: every node kind the parser makes must be visible
//! through it.

#![allow(dead_code)]

use std::fmt::Write;

use hcl_core::native::{
    BodyNode, ExprKind, ExprNode, File, Literal, StepKind, Steps, TemplatePart, TemplateParts,
    UnaryOp,
};

/// An S-expression of one expression.
pub fn expr(e: ExprNode<'_>) -> String {
    let mut d = Dumper { out: String::new() };
    d.expr(e);
    d.out
}

/// An S-expression of the tree's structure and values.
pub fn file(f: &File) -> String {
    let mut d = Dumper { out: String::new() };
    d.body(f.body());
    d.out
}

struct Dumper {
    out: String,
}

fn lit(l: Literal<'_>) -> String {
    match l {
        Literal::Number(n) => format!("{n}"),
        Literal::Bool(b) => format!("{b}"),
        Literal::Null => "null".into(),
        Literal::String(s) => format!("{s:?}"),
    }
}

impl Dumper {
    fn body(&mut self, b: BodyNode<'_>) {
        self.out.push_str("(body");
        for a in b.attributes() {
            let _ = write!(self.out, " (attr {} ", a.name());
            self.expr(a.expr());
            self.out.push(')');
        }
        for bl in b.blocks() {
            let _ = write!(self.out, " (block {}", bl.type_name());
            for l in bl.labels() {
                let _ = write!(self.out, " {:?}", l.value());
            }
            self.out.push(' ');
            self.body(bl.body());
            self.out.push(')');
        }
        self.out.push(')');
    }

    fn exprs<'a>(&mut self, tag: &str, es: impl Iterator<Item = ExprNode<'a>>) {
        let _ = write!(self.out, "({tag}");
        for e in es {
            self.out.push(' ');
            self.expr(e);
        }
        self.out.push(')');
    }

    fn steps(&mut self, steps: Steps<'_>) {
        for s in steps {
            match s.kind() {
                StepKind::Attr(name) => {
                    let _ = write!(self.out, " .{name}");
                }
                StepKind::Index(key) => {
                    let legacy = if s.is_legacy_index() { "legacy " } else { "" };
                    let _ = write!(self.out, " [{legacy}{}]", lit(key));
                }
                StepKind::Invalid => {
                    let legacy = if s.is_legacy_index() { "legacy " } else { "" };
                    let _ = write!(self.out, " [{legacy}dynamic]");
                }
                StepKind::Splat => self.out.push_str(" [*]"),
            }
        }
    }

    fn parts(&mut self, parts: TemplateParts<'_>) {
        for p in parts {
            self.out.push(' ');
            match p {
                TemplatePart::Literal(l) => {
                    let _ = write!(self.out, "{:?}", l.text());
                }
                TemplatePart::Interpolation(i) => {
                    self.out.push_str("(interp ");
                    self.expr(i.expr());
                    self.out.push(')');
                }
                TemplatePart::If(t) => {
                    self.out.push_str("(if ");
                    self.expr(t.condition());
                    self.out.push_str(" (then");
                    self.parts(t.then_parts());
                    self.out.push_str(") (else");
                    self.parts(t.else_parts());
                    self.out.push_str("))");
                }
                TemplatePart::For(t) => {
                    let k = t.key_var().unwrap_or("");
                    let _ = write!(self.out, "(for {k} {} ", t.value_var());
                    self.expr(t.collection());
                    self.parts(t.body_parts());
                    self.out.push(')');
                }
                TemplatePart::Invalid => self.out.push_str("invalid"),
            }
        }
    }

    fn expr(&mut self, e: ExprNode<'_>) {
        match e.kind() {
            ExprKind::Literal(l) => self.out.push_str(&lit(l)),
            ExprKind::Template(t) => {
                if let Some(inner) = t.wrapped() {
                    self.out.push_str("(wrap ");
                    self.expr(inner);
                    self.out.push(')');
                    return;
                }
                self.out.push_str("(template");
                if let Some(text) = t.literal().filter(|_| t.parts().count() == 1) {
                    let _ = write!(self.out, " {text:?})");
                    return;
                }
                self.parts(t.parts());
                self.out.push(')');
            }
            ExprKind::Traversal(t) => {
                let _ = write!(self.out, "(var {}", t.root_name());
                self.steps(t.steps());
                self.out.push(')');
            }
            ExprKind::RelativeTraversal { source, steps } => {
                self.out.push_str("(rel ");
                self.expr(source);
                self.steps(steps);
                self.out.push(')');
            }
            ExprKind::Index { collection, key } => {
                self.out.push_str("(index ");
                self.expr(collection);
                self.out.push(' ');
                self.expr(key);
                self.out.push(')');
            }
            ExprKind::Call(c) => {
                let tag = if c.expand_final() {
                    format!("call... {}", c.name())
                } else {
                    format!("call {}", c.name())
                };
                self.exprs(&tag, c.args().iter());
            }
            ExprKind::Tuple(items) => self.exprs("tuple", items.iter()),
            ExprKind::Object(o) => {
                self.out.push_str("(object");
                for it in o.items() {
                    self.out.push_str(" (");
                    match it.key().literal_name() {
                        Some(n) => {
                            let _ = write!(self.out, "{n:?}");
                        }
                        None => self.expr(it.key().expr()),
                    }
                    self.out.push(' ');
                    self.expr(it.value());
                    self.out.push(')');
                }
                self.out.push(')');
            }
            ExprKind::For(f) => {
                let k = f.key_var().unwrap_or("");
                let _ = write!(
                    self.out,
                    "(for{} {k} {} ",
                    if f.is_object() { "-object" } else { "" },
                    f.value_var()
                );
                self.expr(f.collection());
                if let Some(k) = f.key() {
                    self.out.push_str(" key ");
                    self.expr(k);
                }
                self.out.push(' ');
                self.expr(f.value());
                if f.is_grouped() {
                    self.out.push_str(" ...");
                }
                if let Some(c) = f.condition() {
                    self.out.push_str(" if ");
                    self.expr(c);
                }
                self.out.push(')');
            }
            ExprKind::Splat(s) => {
                let _ = write!(
                    self.out,
                    "(splat{} ",
                    if s.is_full() { "-full" } else { "" }
                );
                self.expr(s.source());
                self.out.push(' ');
                self.expr(s.each());
                self.out.push(')');
            }
            ExprKind::SplatElement => self.out.push('*'),
            ExprKind::Unary { op, operand } => {
                let _ = write!(
                    self.out,
                    "({} ",
                    if op == UnaryOp::Negate { "-" } else { "!" }
                );
                self.expr(operand);
                self.out.push(')');
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let _ = write!(self.out, "({} ", op.symbol());
                self.expr(lhs);
                self.out.push(' ');
                self.expr(rhs);
                self.out.push(')');
            }
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => {
                self.out.push_str("(? ");
                self.expr(cond);
                self.out.push(' ');
                self.expr(then);
                self.out.push(' ');
                self.expr(otherwise);
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
    let mut p = Printer { out: String::new() };
    p.body(f.body(), 0);
    p.out
}

struct Printer {
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

impl Printer {
    fn body(&mut self, b: BodyNode<'_>, indent: usize) {
        let pad = "  ".repeat(indent);
        for a in b.attributes() {
            let _ = write!(self.out, "{pad}{} = ", a.name());
            self.expr(a.expr());
            self.out.push('\n');
        }
        for bl in b.blocks() {
            let _ = write!(self.out, "{pad}{}", bl.type_name());
            for l in bl.labels() {
                let _ = write!(self.out, " {}", quote(l.value()));
            }
            self.out.push_str(" {\n");
            self.body(bl.body(), indent + 1);
            let _ = writeln!(self.out, "{pad}}}");
        }
    }

    fn steps(&mut self, steps: Steps<'_>) {
        for s in steps {
            let key = match s.kind() {
                StepKind::Attr(name) => {
                    let _ = write!(self.out, ".{name}");
                    continue;
                }
                StepKind::Splat => {
                    self.out.push_str("[*]");
                    continue;
                }
                StepKind::Index(Literal::Number(n)) => format!("{n}"),
                StepKind::Index(Literal::Bool(b)) => format!("{b}"),
                StepKind::Index(Literal::Null) | StepKind::Invalid => "null".into(),
                StepKind::Index(Literal::String(s)) => quote(s),
            };
            if s.is_legacy_index() {
                let _ = write!(self.out, ".{key}");
            } else {
                let _ = write!(self.out, "[{key}]");
            }
        }
    }

    fn parts(&mut self, parts: TemplateParts<'_>) {
        for p in parts {
            match p {
                TemplatePart::Literal(l) => {
                    let q = quote(l.text());
                    self.out.push_str(&q[1..q.len() - 1]);
                }
                TemplatePart::Interpolation(i) => {
                    self.out.push_str("${");
                    self.expr(i.expr());
                    self.out.push('}');
                }
                TemplatePart::If(t) => {
                    self.out.push_str("%{ if ");
                    self.expr(t.condition());
                    self.out.push_str(" }");
                    self.parts(t.then_parts());
                    if t.else_range().is_some() {
                        self.out.push_str("%{ else }");
                        self.parts(t.else_parts());
                    }
                    self.out.push_str("%{ endif }");
                }
                TemplatePart::For(t) => {
                    self.out.push_str("%{ for ");
                    if let Some(k) = t.key_var() {
                        let _ = write!(self.out, "{k}, ");
                    }
                    let _ = write!(self.out, "{} in ", t.value_var());
                    self.expr(t.collection());
                    self.out.push_str(" }");
                    self.parts(t.body_parts());
                    self.out.push_str("%{ endfor }");
                }
                TemplatePart::Invalid => {}
            }
        }
    }

    fn list<'a>(&mut self, es: impl Iterator<Item = ExprNode<'a>>) {
        for (i, e) in es.enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.expr(e);
        }
    }

    fn expr(&mut self, e: ExprNode<'_>) {
        match e.kind() {
            ExprKind::Literal(_) => self.out.push_str(e.source_text()),
            ExprKind::Template(t) => match t.wrapped() {
                Some(w) => {
                    self.out.push_str("\"${");
                    self.expr(w);
                    self.out.push_str("}\"");
                }
                None => {
                    self.out.push('"');
                    self.parts(t.parts());
                    self.out.push('"');
                }
            },
            ExprKind::Traversal(t) => {
                self.out.push_str(t.root_name());
                self.steps(t.steps());
            }
            ExprKind::RelativeTraversal { source, steps } => {
                self.expr(source);
                self.steps(steps);
            }
            ExprKind::Index { collection, key } => {
                self.expr(collection);
                self.out.push('[');
                self.expr(key);
                self.out.push(']');
            }
            ExprKind::Call(c) => {
                self.out.push_str(c.name());
                self.out.push('(');
                self.list(c.args().iter());
                if c.expand_final() {
                    self.out.push_str("...");
                }
                self.out.push(')');
            }
            ExprKind::Tuple(items) => {
                self.out.push('[');
                self.list(items.iter());
                self.out.push(']');
            }
            ExprKind::Object(o) => {
                self.out.push('{');
                for (i, it) in o.items().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    let key = it.key();
                    if key.is_parenthesized() && !matches!(key.expr().kind(), ExprKind::Parens(_)) {
                        self.out.push('(');
                        self.expr(key.expr());
                        self.out.push(')');
                    } else {
                        self.expr(key.expr());
                    }
                    self.out.push_str(" = ");
                    self.expr(it.value());
                }
                self.out.push('}');
            }
            ExprKind::For(f) => {
                self.out
                    .push_str(if f.is_object() { "{for " } else { "[for " });
                if let Some(k) = f.key_var() {
                    let _ = write!(self.out, "{k}, ");
                }
                let _ = write!(self.out, "{} in ", f.value_var());
                self.expr(f.collection());
                self.out.push_str(" : ");
                if let Some(k) = f.key() {
                    self.expr(k);
                    self.out.push_str(" => ");
                }
                self.expr(f.value());
                if f.is_grouped() {
                    self.out.push_str("...");
                }
                if let Some(c) = f.condition() {
                    self.out.push_str(" if ");
                    self.expr(c);
                }
                self.out.push(if f.is_object() { '}' } else { ']' });
            }
            ExprKind::Splat(s) => {
                self.expr(s.source());
                self.out.push_str(if s.is_full() { "[*]" } else { ".*" });
                self.expr(s.each());
            }
            ExprKind::SplatElement => {}
            ExprKind::Unary { op, operand } => {
                self.out.push(if op == UnaryOp::Negate { '-' } else { '!' });
                self.expr(operand);
            }
            ExprKind::Binary { op, lhs, rhs } => {
                // Parenthesise every operation: the dump then shows Parens
                // nodes, so the comparison is made on a second printing.
                self.out.push('(');
                self.expr(lhs);
                let _ = write!(self.out, " {} ", op.symbol());
                self.expr(rhs);
                self.out.push(')');
            }
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => {
                self.out.push('(');
                self.expr(cond);
                self.out.push_str(" ? ");
                self.expr(then);
                self.out.push_str(" : ");
                self.expr(otherwise);
                self.out.push(')');
            }
            ExprKind::Parens(p) => {
                if matches!(
                    p.kind(),
                    ExprKind::Binary { .. } | ExprKind::Conditional { .. }
                ) {
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
