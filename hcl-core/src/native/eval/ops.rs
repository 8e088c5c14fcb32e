//! Unary and binary operators, with go-cty's operator semantics: operands
//! are converted to the operator's parameter type (`"1" + 1` is `2`),
//! arithmetic is exact where the number type is ([`Number`]), division by
//! zero gives an infinity, equality never fails (values of different types
//! are unequal), `&&` and `||` short-circuit over unknowns and errors as
//! HCL does since pull request 713 (newer than our v2.14.1 reference; see
//! COMPAT.md, "Newer HCL than the reference"), and unknown operands give
//! unknown results.

use std::fmt::Display;

use super::Evaluator;
use crate::native::ast::{Binary, BinaryOp, ByteSpan, Expr, Unary, UnaryOp};
use crate::value::{convert, Number, NumberError, Type, Value};

/// The type an operator's operands are converted to.
fn operand_type(op: BinaryOp) -> Type {
    use BinaryOp::*;
    match op {
        Or | And => Type::Bool,
        Eq | NotEq => Type::Dynamic,
        _ => Type::Number,
    }
}

/// The type of an operator's result.
fn result_type(op: BinaryOp) -> Type {
    use BinaryOp::*;
    match op {
        Add | Sub | Mul | Div | Mod => Type::Number,
        _ => Type::Bool,
    }
}

impl<'a> Evaluator<'a> {
    /// Converts an operand, reporting "Invalid operand" for `side`.
    fn operand(
        &mut self,
        e: &'a Expr,
        value: &Value,
        ty: &Type,
        side: &str,
        whole: ByteSpan,
    ) -> Option<Value> {
        match convert(value, ty) {
            Ok(v) => Some(v),
            Err(err) => {
                self.invalid_operand(e, &err, side, whole);
                None
            }
        }
    }

    #[cold]
    fn invalid_operand(&mut self, e: &'a Expr, err: &dyn Display, side: &str, whole: ByteSpan) {
        let detail = format!("Unsuitable value for {side} operand: {err}.");
        self.error_about(e, "Invalid operand", detail, e.span, Some(whole));
    }

    /// `lhs op rhs`.
    pub(super) fn eval_binary(&mut self, b: &'a Binary, whole: ByteSpan) -> Value {
        let ty = operand_type(b.op);
        let (given_lhs, lhs_diags) = self.eval_apart(&b.lhs);
        let (given_rhs, rhs_diags) = self.eval_apart(&b.rhs);
        let (lhs, rhs) = (convert(&given_lhs, &ty), convert(&given_rhs, &ty));
        let (Ok(lhs), Ok(rhs)) = (&lhs, &rhs) else {
            // The operands' own diagnostics come before those about them,
            // as in the reference.
            self.diags.extend(lhs_diags);
            self.diags.extend(rhs_diags);
            if let Err(err) = &lhs {
                self.invalid_operand(&b.lhs, err, "left", whole);
            }
            if let Err(err) = &rhs {
                self.invalid_operand(&b.rhs, err, "right", whole);
            }
            return Value::unknown(result_type(b.op));
        };
        if let Some((v, keep_lhs)) = short_circuit(b.op, lhs, rhs, lhs_diags.has_errors()) {
            let (kept, dropped) = if keep_lhs {
                (lhs_diags, rhs_diags)
            } else {
                (rhs_diags, lhs_diags)
            };
            self.diags.extend(kept);
            self.drop_apart(dropped);
            return v;
        }
        let failed = lhs_diags.has_errors() || rhs_diags.has_errors();
        self.diags.extend(lhs_diags);
        self.diags.extend(rhs_diags);
        if failed {
            return Value::unknown(result_type(b.op));
        }
        if !self.charge_read([lhs, rhs], whole) {
            return Value::unknown(result_type(b.op));
        }
        match binary(b.op, lhs, rhs) {
            Ok(v) => self.charge_number(v, whole),
            Err(msg) => {
                self.error(
                    "Operation failed",
                    format!("Error during operation: {msg}."),
                    whole,
                    None,
                );
                Value::unknown(result_type(b.op))
            }
        }
    }

    /// `-x` and `!x`.
    pub(super) fn eval_unary(&mut self, u: &'a Unary, whole: ByteSpan) -> Value {
        let (ty, result_ty) = match u.op {
            UnaryOp::Negate => (Type::Number, Type::Number),
            UnaryOp::Not => (Type::Bool, Type::Bool),
        };
        let (given, diags) = self.eval_apart(&u.operand);
        let failed = diags.has_errors();
        self.diags.extend(diags);
        let Some(v) = self.operand(&u.operand, &given, &ty, "unary", whole) else {
            return Value::unknown(result_ty);
        };
        if failed || !self.charge_read([&v], whole) {
            return Value::unknown(result_ty);
        }
        match (&v, u.op) {
            (Value::Null(_), _) => {
                self.error(
                    "Operation failed",
                    "Error during operation: argument must not be null.",
                    whole,
                    None,
                );
                Value::unknown(result_ty)
            }
            (Value::Unknown(_), _) => Value::unknown(result_ty),
            (Value::Number(n), UnaryOp::Negate) => {
                self.charge_number(Value::Number(n.neg()), whole)
            }
            (Value::Bool(b), UnaryOp::Not) => Value::Bool(!b),
            _ => Value::unknown(result_ty),
        }
    }
}

impl Evaluator<'_> {
    /// Charges the very large numbers among `operands` (an operator's or a
    /// call's) to the budget, as if built again: an operation on a number
    /// takes time in proportion to its size (a million-bit integer is
    /// 125 KB; `%` reads all of it, writing it out in decimal takes time in
    /// proportion to its square), and a loop can repeat one on the same
    /// number many times while building nothing large. `false` when that
    /// exceeds the budget (reported at `whole`).
    #[inline]
    pub(super) fn charge_read<'v>(
        &mut self,
        operands: impl IntoIterator<Item = &'v Value>,
        whole: ByteSpan,
    ) -> bool {
        let bytes = operands
            .into_iter()
            .filter_map(Value::as_number)
            .map(Number::charged_bytes)
            .fold(0, usize::saturating_add);
        bytes == 0 || self.charge_bytes(bytes, whole)
    }

    /// `v`, after charging the bytes of a very large number (one that does
    /// not fit inline) to the budget: arithmetic in a loop can build many.
    #[inline]
    fn charge_number(&mut self, v: Value, whole: ByteSpan) -> Value {
        let bytes = match &v {
            Value::Number(n) => n.charged_bytes(),
            _ => 0,
        };
        if bytes > 0 && !self.charge_bytes(bytes, whole) {
            return Value::unknown(Type::Number);
        }
        v
    }
}

/// HCL's short-circuit rules for `||` and `&&` (newer than v2.14.1; after the operands
/// were converted to bool): a known deciding operand decides even when the
/// other is unknown. Returns the result and whether the left operand's
/// diagnostics are the ones to keep (HCL keeps only the deciding side's).
fn short_circuit(
    op: BinaryOp,
    lhs: &Value,
    rhs: &Value,
    lhs_failed: bool,
) -> Option<(Value, bool)> {
    let decider = match op {
        BinaryOp::Or => true,
        BinaryOp::And => false,
        _ => return None,
    };
    let unknown = Value::unknown(Type::Bool);
    let (l, r) = (lhs.as_bool(), rhs.as_bool());
    match () {
        () if !lhs.is_known() && !rhs.is_known() => (!lhs_failed).then_some((unknown, true)),
        () if l == Some(decider) => Some((Value::Bool(decider), true)),
        () if r == Some(decider) => Some((Value::Bool(decider), false)),
        () if !lhs.is_known() && r == Some(!decider) => Some((unknown, true)),
        () if !rhs.is_known() && l == Some(!decider) => Some((unknown, false)),
        () => None,
    }
}

/// Applies a binary operator to converted operands, as go-cty's operator
/// functions do: nulls are refused (except by equality), unknowns give an
/// unknown result.
fn binary(op: BinaryOp, lhs: &Value, rhs: &Value) -> Result<Value, String> {
    use BinaryOp::*;
    match op {
        Eq => return Ok(lhs.equals(rhs)),
        NotEq => {
            return Ok(match lhs.equals(rhs) {
                Value::Bool(b) => Value::Bool(!b),
                other => other,
            })
        }
        _ => {}
    }
    if lhs.is_null() || rhs.is_null() {
        return Err("argument must not be null".into());
    }
    if !lhs.is_known() || !rhs.is_known() {
        return Ok(Value::unknown(result_type(op)));
    }
    match (lhs, rhs) {
        (Value::Bool(a), Value::Bool(b)) => Ok(Value::Bool(match op {
            And => *a && *b,
            _ => *a || *b,
        })),
        (Value::Number(a), Value::Number(b)) => arithmetic(op, a, b),
        _ => Ok(Value::unknown(result_type(op))),
    }
}

fn arithmetic(op: BinaryOp, a: &Number, b: &Number) -> Result<Value, String> {
    use BinaryOp::*;
    fn nan(msg: &'static str) -> impl Fn(NumberError) -> String {
        move |e: NumberError| match e {
            NumberError::NotANumber => msg.to_owned(),
            other => other.to_string(),
        }
    }
    let n = match op {
        Gt => return Ok(Value::Bool(a > b)),
        Ge => return Ok(Value::Bool(a >= b)),
        Lt => return Ok(Value::Bool(a < b)),
        Le => return Ok(Value::Bool(a <= b)),
        Add => a
            .add(b)
            .map_err(nan("can't compute sum of opposing infinities"))?,
        Sub => a
            .sub(b)
            .map_err(nan("can't subtract infinity from itself"))?,
        Mul => a.mul(b).map_err(nan("can't multiply zero by infinity"))?,
        Div => a
            .div(b)
            .map_err(nan("can't divide zero by zero or infinity by infinity"))?,
        // An infinite operand is an error, as in the reference, whose
        // modulo of computed infinities fails (`2 % (1/0)`).
        Mod if a.is_infinite() || b.is_infinite() => {
            return Err("can't use modulo with zero and infinity".into())
        }
        Mod => a
            .rem(b)
            .map_err(nan("can't use modulo with zero and infinity"))?,
        _ => return Ok(Value::unknown(result_type(op))),
    };
    Ok(Value::Number(n))
}
