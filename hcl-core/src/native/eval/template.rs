//! Templates: literal text, interpolations, `%{ if }` and `%{ for }`
//! directives. Strip markers and `<<-` indentation were applied by the
//! parser, so literal parts are final text.
//!
//! Each interpolated value is converted to a string; a null value or one
//! with no string form is an error, and an unknown value makes the whole
//! result an unknown string (the remaining parts are still evaluated, for
//! their diagnostics). A template that is a single interpolation is an
//! [`ExprKind::TemplateWrap`](crate::native::ast::ExprKind::TemplateWrap)
//! and yields the value unconverted.

use super::Evaluator;
use crate::native::ast::{ByteSpan, Expr, Template, TemplateFor, TemplateIf, TemplatePart};
use crate::value::{convert, Type, Value};

impl<'a> Evaluator<'a> {
    /// A whole template expression.
    pub(super) fn eval_template(&mut self, t: &'a Template, whole: ByteSpan) -> Value {
        self.eval_parts(&t.parts, whole)
    }

    /// Renders `parts` to a string value (unknown if a part is unknown).
    fn eval_parts(&mut self, parts: &'a [TemplatePart], whole: ByteSpan) -> Value {
        let errors_before = self.diags.error_count();
        let mut buf = String::new();
        let mut known = true;
        for part in parts {
            let (value, span) = match part {
                TemplatePart::Literal(l) => {
                    if known {
                        let text = l.text.as_str(self.text);
                        if !self.charge_bytes(text.len(), l.span) {
                            return Value::unknown(Type::String);
                        }
                        buf.push_str(text);
                    }
                    continue;
                }
                TemplatePart::Interp(i) => (self.eval(&i.expr), i.expr.span),
                TemplatePart::If(d) => (self.eval_template_if(d), d.if_span.to(d.endif_span)),
                TemplatePart::For(d) => (self.eval_template_for(d), d.for_span.to(d.endfor_span)),
                TemplatePart::Invalid(_) => {
                    known = false;
                    continue;
                }
            };
            let about = match part {
                TemplatePart::Interp(i) => Some(&i.expr),
                _ => None,
            };
            if value.is_null() {
                self.report_interpolation(
                    about,
                    "The expression result is null. Cannot include a null value in a string template.".into(),
                    span,
                    whole,
                );
                continue;
            }
            if !value.is_known() {
                known = false;
                continue;
            }
            match convert(&value, &Type::String) {
                Ok(Value::String(s)) => {
                    if known && self.diags.error_count() == errors_before {
                        if !self.charge_bytes(s.len(), span) {
                            return Value::unknown(Type::String);
                        }
                        buf.push_str(&s);
                    }
                }
                Ok(_) => known = false,
                Err(err) => {
                    let detail =
                        format!("Cannot include the given value in a string template: {err}.");
                    self.report_interpolation(about, detail, span, whole);
                }
            }
        }
        if !known {
            return Value::unknown(Type::String);
        }
        Value::string(buf)
    }

    /// "Invalid template interpolation value", about the interpolated
    /// expression (the template, for a directive).
    #[cold]
    fn report_interpolation(
        &mut self,
        about: Option<&'a Expr>,
        detail: String,
        span: ByteSpan,
        whole: ByteSpan,
    ) {
        let about = about.or(self.current);
        let summary = "Invalid template interpolation value";
        self.report(about, None, summary, detail, span, Some(whole));
    }

    /// `%{ if cond }a%{ else }b%{ endif }`: a conditional between two
    /// templates.
    fn eval_template_if(&mut self, d: &'a TemplateIf) -> Value {
        let whole = d.if_span.to(d.endif_span);
        let then_span = d
            .if_span
            .end_point()
            .to(d.else_span.unwrap_or(d.endif_span).start_point());
        let else_span = d
            .else_span
            .unwrap_or(d.endif_span)
            .end_point()
            .to(d.endif_span.start_point());
        let (t, t_diags) = self.apart(|ev| ev.eval_parts(&d.then_parts, then_span));
        let (f, f_diags) = self.apart(|ev| ev.eval_parts(&d.else_parts, else_span));
        let c = self.eval(&d.cond);
        if c.is_null() {
            self.error_about(
                &d.cond,
                "Null condition",
                "The condition value is null. Conditions must either be true or false.",
                d.cond.span,
                Some(whole),
            );
            return Value::unknown(Type::String);
        }
        if !c.is_known() {
            return Value::unknown(Type::String);
        }
        match convert(&c, &Type::Bool) {
            Ok(Value::Bool(true)) => {
                self.diags.extend(t_diags);
                t
            }
            Ok(Value::Bool(false)) => {
                self.diags.extend(f_diags);
                f
            }
            _ => {
                let detail = "The condition expression must be of type bool.";
                self.error_about(
                    &d.cond,
                    "Incorrect condition type",
                    detail,
                    d.cond.span,
                    Some(whole),
                );
                Value::unknown(Type::String)
            }
        }
    }

    /// `%{ for k, v in coll }body%{ endfor }`: the body rendered per element
    /// and joined.
    fn eval_template_for(&mut self, d: &'a TemplateFor) -> Value {
        let whole = d.for_span.to(d.endfor_span);
        let body_span = d.for_span.end_point().to(d.endfor_span.start_point());
        let Some(Some(items)) = self.for_collection(&d.collection, whole) else {
            return Value::unknown(Type::String);
        };
        let base = self.push_loop_vars(d.key_var, d.value_var);
        let has_key = d.key_var.is_some();
        let mut buf = String::new();
        let mut known = true;
        for item in items {
            self.set_loop_vars(base, has_key, item);
            match self.eval_parts(&d.body, body_span) {
                Value::String(s) if self.charge_bytes(s.len(), whole) => buf.push_str(&s),
                _ if self.budget.is_exceeded() => {
                    known = false;
                    break;
                }
                _ => known = false,
            }
        }
        self.locals.truncate(base);
        if !known {
            return Value::unknown(Type::String);
        }
        Value::string(buf)
    }

    fn apart<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> (T, crate::diag::Diagnostics) {
        let saved = std::mem::take(&mut self.diags);
        let v = f(self);
        (v, std::mem::replace(&mut self.diags, saved))
    }
}
