//! The native syntax's [`ExpressionImpl`]: an expression node of a parsed
//! file, shared, with the file it came from.

use std::any::Any;
use std::sync::Arc;

use crate::body::ExpressionImpl;
use crate::diag::Diagnostics;
use crate::eval::EvalContext;
use crate::native::ast::Expr;
use crate::pos::{Range, SourceFile};
use crate::traversal::Traversal;
use crate::value::Value;

/// A native-syntax expression: the node and its source file.
///
/// ```
/// use std::sync::Arc;
/// use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// use hcl_core::{Expression, SourceFile, Value};
///
/// let src = SourceFile::new("expr.hcl", "42");
/// let (expr, diags) = parse_expression(&src, &ParseOptions::default());
/// assert!(diags.is_empty());
/// let handle = Expression::new(NativeExpression::new(src, Arc::new(expr)));
/// assert_eq!(handle.value(None).0, Value::from(42));
/// ```
#[derive(Clone, Debug)]
pub struct NativeExpression {
    source: SourceFile,
    expr: Arc<Expr>,
}

impl NativeExpression {
    /// Wraps `expr`, a node parsed from `source`.
    pub fn new(source: SourceFile, expr: Arc<Expr>) -> NativeExpression {
        NativeExpression { source, expr }
    }

    /// The syntax node.
    pub fn expr(&self) -> &Expr {
        &self.expr
    }

    /// The shared syntax node.
    pub fn expr_arc(&self) -> &Arc<Expr> {
        &self.expr
    }

    /// The file the node was parsed from.
    pub fn source(&self) -> &SourceFile {
        &self.source
    }
}

impl ExpressionImpl for NativeExpression {
    fn value(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        crate::native::eval::evaluate(&self.expr, &self.source, ctx)
    }

    fn variables(&self) -> Vec<Traversal> {
        Vec::new()
    }

    fn range(&self) -> Range {
        self.source
            .range(self.expr.span.with_file(self.source.id()))
    }

    fn start_range(&self) -> Range {
        self.source
            .range(self.expr.span.start_point().with_file(self.source.id()))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
