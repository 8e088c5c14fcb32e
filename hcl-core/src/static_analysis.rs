//! Static analysis ("Static Analysis" in the information model): reading
//! the physical structure of an expression instead of evaluating it, for
//! applications that give expressions a meaning of their own (type
//! expressions, `depends_on = [a.b]`, ...).
//!
//! Each function asks the syntax whether the expression is the construct
//! wanted and reports the reference's diagnostic when it is not.
//!
//! ```
//! use hcl_core::native::parse_body;
//! use hcl_core::Limits;
//! use hcl_core::schema::{AttributeSchema, BodySchema};
//! use hcl_core::static_analysis::{abs_traversal_for_expr, expr_list};
//! use hcl_core::SourceFile;
//!
//! let src = SourceFile::new("main.tf", "depends_on = [aws_vpc.main, var.x[0]]\n");
//! let (body, _) = parse_body(&src, &Limits::default());
//! let (content, _) = body.content(&BodySchema::new().attribute(AttributeSchema::required("depends_on")));
//! let items = expr_list(&content.attributes.get("depends_on").unwrap().expr).unwrap();
//! let names: Vec<String> = items
//!     .iter()
//!     .map(|e| abs_traversal_for_expr(e).unwrap().to_string())
//!     .collect();
//! assert_eq!(names, ["aws_vpc.main", "var.x[0]"]);
//! ```

use std::any::Any;

use crate::body::{Expression, ExpressionImpl, StaticCall};
use crate::diag::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::pos::Range;
use crate::traversal::Traversal;
use crate::value::Value;

fn invalid(detail: &str) -> Diagnostic {
    Diagnostic::error("Invalid expression", detail)
}

/// The element expressions of a static list (a tuple constructor in the
/// native syntax, an array in JSON).
pub fn expr_list(expr: &Expression) -> Result<Vec<Expression>, Diagnostics> {
    let found = expr.as_impl().static_list();
    found.ok_or_else(|| {
        invalid("A static list expression is required.")
            .with_subject(expr.start_range())
            .into()
    })
}

/// The key and value expressions of a static map (an object constructor in
/// the native syntax, an object in JSON). Keys are not required to be
/// strings.
pub fn expr_map(expr: &Expression) -> Result<Vec<(Expression, Expression)>, Diagnostics> {
    let found = expr.as_impl().static_map();
    found.ok_or_else(|| {
        invalid("A static map expression is required.")
            .with_subject(expr.start_range())
            .into()
    })
}

/// The function name and argument expressions of a static call (a call in
/// the native syntax; in JSON, a string holding one).
pub fn expr_call(expr: &Expression) -> Result<StaticCall, Diagnostics> {
    let found = expr.as_impl().static_call();
    found.ok_or_else(|| {
        invalid("A static function call is required.")
            .with_subject(expr.start_range())
            .into()
    })
}

fn absolute(expr: &Expression) -> Option<Traversal> {
    expr.as_impl().absolute_traversal()
}

/// The traversal of a single static variable reference (`var.a["k"][0]`).
pub fn abs_traversal_for_expr(expr: &Expression) -> Result<Traversal, Diagnostics> {
    absolute(expr).ok_or_else(|| {
        invalid("A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.")
            .with_subject(expr.range())
            .into()
    })
}

/// Like [`abs_traversal_for_expr`], but the root name is read as a first
/// attribute step, giving a relative traversal (`a.b` → `.a.b`).
pub fn rel_traversal_for_expr(expr: &Expression) -> Result<Traversal, Diagnostics> {
    Ok(abs_traversal_for_expr(expr)?.into_relative())
}

/// The keyword a bare name spells (`string` in `type = string`; in JSON,
/// the string `"string"`), or `None` when the expression is not a single
/// name.
pub fn expr_as_keyword(expr: &Expression) -> Option<String> {
    if let Some(k) = expr.as_impl().as_keyword() {
        return Some(k);
    }
    match absolute(expr) {
        Some(t) if t.len() == 1 => t.root_name().map(str::to_owned),
        _ => None,
    }
}

/// An expression that always evaluates to `value` (the reference's
/// `StaticExpr`), for applications that synthesise attributes, such as a
/// default put where a configuration left one out.
///
/// ```
/// use hcl_core::static_analysis::static_expr;
/// use hcl_core::{Range, Value};
/// let e = static_expr(Value::from(8080), Range::default());
/// assert_eq!(e.value(None).0, Value::from(8080));
/// assert!(e.variables().is_empty());
/// ```
pub fn static_expr(value: Value, range: Range) -> Expression {
    Expression::new(StaticExpr { value, range })
}

#[derive(Debug)]
struct StaticExpr {
    value: Value,
    range: Range,
}

impl ExpressionImpl for StaticExpr {
    fn value(&self, _: Option<&EvalContext>) -> (Value, Diagnostics) {
        (self.value.clone(), Diagnostics::new())
    }

    fn variables(&self) -> Vec<Traversal> {
        Vec::new()
    }

    fn range(&self) -> Range {
        self.range.clone()
    }

    fn start_range(&self) -> Range {
        self.range.clone()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
