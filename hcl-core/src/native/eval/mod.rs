//! Evaluation of native-syntax expressions and templates.
//!
//! (Seam: literals only, until the evaluation issue lands the rest.)

use crate::diag::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::native::ast::{Expr, ExprKind};
use crate::pos::SourceFile;
use crate::value::Value;

/// Evaluates `expr`, an expression of `source`. `ctx` is `None` in
/// literal-only mode.
pub fn evaluate(
    expr: &Expr,
    source: &SourceFile,
    ctx: Option<&EvalContext>,
) -> (Value, Diagnostics) {
    let _ = ctx;
    match &expr.kind {
        ExprKind::Number(n) => (Value::Number((**n).clone()), Diagnostics::new()),
        ExprKind::Bool(b) => (Value::Bool(*b), Diagnostics::new()),
        ExprKind::Null => (Value::null(crate::value::Type::Dynamic), Diagnostics::new()),
        ExprKind::StringLit => (
            Value::string(expr.span.inner().text(source.text())),
            Diagnostics::new(),
        ),
        _ => (
            Value::dynamic(),
            Diagnostic::error("Unsupported expression", "not evaluated yet")
                .with_subject(source.range(expr.span.with_file(source.id())))
                .into(),
        ),
    }
}
