//! `cond ? a : b` (and the template `%{ if }` directive, which evaluates the
//! same way).

use super::Evaluator;
use crate::diag::excerpt;
use crate::native::ast::{ByteSpan, Conditional, Expr};
use crate::value::{convert, unify, unify_unsafe, Type, Value};

/// How the two results of a conditional are brought to one type.
struct ResultType {
    ty: Type,
    /// Whether the true (`.0`) and false (`.1`) results need converting.
    convert: (bool, bool),
}

/// The result type of a conditional: a literal `null` arm takes the other
/// arm's type; a dynamic arm leaves the type dynamic; otherwise the types
/// are unified (safely if possible, else unsafely). `None` when they cannot
/// be.
fn result_type(t: &Value, f: &Value) -> Option<ResultType> {
    let dyn_null = |v: &Value| matches!(v, Value::Null(Type::Dynamic));
    let (tt, ft) = (t.ty(), f.ty());
    if dyn_null(t) {
        return Some(ResultType {
            ty: ft,
            convert: (true, false),
        });
    }
    if dyn_null(f) {
        return Some(ResultType {
            ty: tt,
            convert: (false, true),
        });
    }
    if tt.is_dynamic() || ft.is_dynamic() {
        return Some(ResultType {
            ty: Type::Dynamic,
            convert: (false, false),
        });
    }
    let types = [tt, ft];
    let u = unify(&types).or_else(|| unify_unsafe(&types))?;
    Some(ResultType {
        ty: u.ty().clone(),
        convert: (true, true),
    })
}

impl<'a> Evaluator<'a> {
    /// `cond ? then : otherwise`.
    pub(super) fn eval_conditional(&mut self, c: &'a Conditional, whole: ByteSpan) -> Value {
        self.conditional(&c.cond, &c.then, &c.otherwise, whole)
    }

    /// The conditional's semantics, shared with `%{ if }`: only the chosen
    /// arm's diagnostics are kept, as in the reference.
    pub(super) fn conditional(
        &mut self,
        cond: &'a Expr,
        then: &'a Expr,
        otherwise: &'a Expr,
        whole: ByteSpan,
    ) -> Value {
        let (t, t_diags) = self.eval_apart(then);
        let (f, f_diags) = self.eval_apart(otherwise);
        let Some(rt) = result_type(&t, &f) else {
            self.drop_apart(t_diags);
            self.drop_apart(f_diags);
            let detail = format!(
                "The true and false result expressions must have consistent types. {}.",
                describe_mismatch(&t.ty(), &f.ty())
            );
            self.error(
                "Inconsistent conditional result types",
                detail,
                then.span.to(otherwise.span),
                Some(whole),
            );
            return Value::dynamic();
        };
        let c = self.eval(cond);
        let chosen = self.chosen_arm(cond, &c, whole);
        let Some(chosen) = chosen else {
            self.drop_apart(t_diags);
            self.drop_apart(f_diags);
            return Value::unknown(rt.ty);
        };
        let (value, diags, dropped, expr, needs, which) = if chosen {
            (t, t_diags, f_diags, then, rt.convert.0, "true")
        } else {
            (f, f_diags, t_diags, otherwise, rt.convert.1, "false")
        };
        self.diags.extend(diags);
        self.drop_apart(dropped);
        if !needs || rt.ty.is_dynamic() {
            return value;
        }
        match self.convert_charged(&value, &rt.ty, expr.span) {
            None => Value::unknown(rt.ty),
            Some(Ok(v)) => v,
            Some(Err(err)) => {
                let detail = format!("The {which} result value has the wrong type: {err}.");
                self.error_about(
                    expr,
                    "Inconsistent conditional result types",
                    detail,
                    expr.span,
                    Some(whole),
                );
                Value::unknown(rt.ty)
            }
        }
    }

    /// Which arm the condition's value `c` chooses: `None` when it is
    /// null, unknown or no bool (reported, but for an unknown).
    fn chosen_arm(&mut self, cond: &'a Expr, c: &Value, whole: ByteSpan) -> Option<bool> {
        if c.is_null() {
            self.error_about(
                cond,
                "Null condition",
                "The condition value is null. Conditions must either be true or false.",
                cond.span,
                Some(whole),
            );
            return None;
        }
        if !c.is_known() {
            // Unknown even when both arms are null (`ub ? null : null`), as
            // in the reference: it knows nothing of either arm then.
            return None;
        }
        match convert(c, &Type::Bool) {
            Ok(Value::Bool(b)) => Some(b),
            _ => {
                let detail = "The condition expression must be of type bool.";
                self.error_about(
                    cond,
                    "Incorrect condition type",
                    detail,
                    cond.span,
                    Some(whole),
                );
                None
            }
        }
    }
}

/// The reference's explanation of why two result types do not unify.
fn describe_mismatch(t: &Type, f: &Type) -> String {
    match (t, f) {
        (Type::Object(to), Type::Object(fo)) => {
            for (name, ty) in to.attributes() {
                match fo.attributes().get(name) {
                    None => return format!("The 'true' value includes object attribute {name}, which is absent in the 'false' value", name = excerpt(name)),
                    Some(fty) if fty != ty => {
                        return format!(
                            "Type mismatch for object attribute {name}: {}",
                            describe_mismatch(ty, fty),
                            name = excerpt(name)
                        )
                    }
                    Some(_) => {}
                }
            }
            if let Some(name) = fo
                .attributes()
                .keys()
                .find(|n| !to.attributes().contains_key(*n))
            {
                return format!("The 'false' value includes object attribute {name}, which is absent in the 'true' value", name = excerpt(name));
            }
        }
        (Type::Tuple(ts), Type::Tuple(fs)) => {
            if ts.len() != fs.len() {
                return format!(
                    "The 'true' tuple has length {}, but the 'false' tuple has length {}",
                    ts.len(),
                    fs.len()
                );
            }
            if let Some((i, (a, b))) = ts
                .iter()
                .zip(fs.iter())
                .enumerate()
                .find(|(_, (a, b))| a != b)
            {
                return format!(
                    "Type mismatch for tuple element {i}: {}",
                    describe_mismatch(a, b)
                );
            }
        }
        (Type::List(a), Type::List(b))
        | (Type::Map(a), Type::Map(b))
        | (Type::Set(a), Type::Set(b))
            if (a.is_object() && b.is_object()) || (a.is_tuple() && b.is_tuple()) =>
        {
            let noun = match t {
                Type::List(_) => "list",
                Type::Set(_) => "set",
                _ => "map",
            };
            return format!(
                "Mismatched {noun} element types: {}",
                describe_mismatch(a, b)
            );
        }
        _ => {}
    }
    let (tn, fn_) = (t.friendly_name(), f.friendly_name());
    if tn == fn_ {
        return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value".into();
    }
    format!("The 'true' value is {tn}, but the 'false' value is {fn_}")
}
