//! The resource limits of parsing, evaluation and decoding, in one place.
//!
//! Configuration comes from users and pull requests, so everything that
//! input can make nest or grow is bounded, and going past a bound is a
//! diagnostic, never a crash, a stack overflow or an exhausted memory.
//! [`Limits`] holds every bound that depends on the input; one value serves
//! both syntaxes, evaluation and decoding:
//!
//! - the parsers (native [`crate::native::parse_config`] and friends, JSON
//!   [`crate::json::parse_body`], [`crate::load`]'s `_with` functions)
//!   take `&Limits`;
//! - evaluation takes its limits from the [`EvalContext`](crate::EvalContext)
//!   ([`EvalContext::set_limits`](crate::EvalContext::set_limits)); literal-only
//!   mode (no context) uses [`Limits::DEFAULT`];
//! - type expressions ([`crate::typeexpr`]) take `&Limits`;
//! - decoding (`hcl_serde::Options`) takes one and hands it to the parser,
//!   the evaluation context and its own depth guard.
//!
//! Every evaluation (one [`Expression::value`](crate::Expression::value)
//! call) has a [`Budget`] for the total size of the values it builds,
//! whatever builds them: `for` expressions, splats, tuple and object
//! constructors, templates, string literals and every function of the
//! standard library. Functions receive it through their
//! [`CallContext`](crate::function::CallContext) and charge it *before*
//! they allocate, so that a hostile expression ends in an "Evaluation limit
//! exceeded" diagnostic after a bounded amount of time and memory.
//!
//! ```
//! use hcl_core::function::stdlib;
//! use hcl_core::native::parse_expression;
//! use hcl_core::{EvalContext, Limits, SourceFile};
//!
//! let limits = Limits::default().with_max_elements(1000);
//! let src = SourceFile::new("e.hcl", "[for i in range(1000) : [i, i]]");
//! let (expr, diags) = parse_expression(&src, &limits);
//! assert!(diags.is_empty());
//! let mut ctx = EvalContext::new();
//! ctx.add_functions(&stdlib::functions()).set_limits(limits);
//! let (_, diags) = expr.value(Some(&ctx));
//! let d = diags.iter().next().unwrap();
//! assert_eq!(d.summary, "Evaluation limit exceeded");
//! assert_eq!(diags.len(), 1);
//! ```
//!
//! A few bounds are constants rather than limits, because they are not
//! about the input: `Number::MAX_BITS` defines the number model (results
//! beyond it are "too large to represent", like Go's exponent range);
//! `range`'s 1024 values and the regular expressions' repetition count of
//! 1000 are rules of the reference's functions; conversion and unification
//! walk *types*, which an application can build without any input, so they
//! keep a fixed recursion guard; and the width of a rendered source line is
//! a choice of presentation.

use std::fmt;

/// The resource limits of parsing, evaluation and decoding.
///
/// | Field | Default | What it bounds |
/// |---|---|---|
/// | [`max_depth`](Limits::max_depth) | 128 | nesting of input: syntax, evaluation, type expressions, `jsondecode`, decoding |
/// | [`max_diagnostics`](Limits::max_diagnostics) | 10 000 | diagnostics kept by a parse or an evaluation |
/// | [`max_elements`](Limits::max_elements) | 4 194 304 (2²²) | elements one evaluation may build |
/// | [`max_bytes`](Limits::max_bytes) | 67 108 864 (64 MiB) | bytes of strings one evaluation may build |
/// | [`max_number_bytes`](Limits::max_number_bytes) | 16 777 216 (16 MiB) | bytes of exact digits the very large number literals of one parse take |
///
/// The defaults leave every real configuration untouched (the spec suite
/// and the Terraform corpus stay far below them) while keeping a hostile
/// one within about a second and a few hundred MB.
///
/// ```
/// use hcl_core::Limits;
///
/// let limits = Limits::default().with_max_depth(32).with_max_bytes(1 << 20);
/// assert_eq!(limits.max_depth, 32);
/// assert_eq!(limits.max_elements, Limits::DEFAULT.max_elements);
/// assert_eq!(Limits::default(), Limits::DEFAULT);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Limits {
    /// How deeply input may nest: brackets, blocks, templates and operators
    /// in the native syntax; objects and arrays in the JSON syntax and in
    /// the documents `jsondecode` reads (and the values `jsonencode` and
    /// `flatten` walk); the evaluator's recursion (each operand, element,
    /// argument or template part is one level); type expressions
    /// (`list(list(...))`); blocks and values while decoding. Deeper input
    /// is "Maximum nesting depth exceeded". Each level takes stack, so a
    /// very large limit can exhaust a small thread stack. Default 128.
    pub max_depth: usize,
    /// How many diagnostics a parse or an evaluation keeps; the rest are
    /// counted behind one final "Too many diagnostics". Default 10 000.
    pub max_diagnostics: usize,
    /// The evaluation budget in elements: how many elements one evaluation
    /// may build in total, counting the elements of every tuple, list, set,
    /// map and object it builds (a map or object also [`MAP_NODE`] for its
    /// node) and every element that `for` expressions and splats iterate
    /// over (a loop nested in a loop counts each of its runs). Default
    /// 4 194 304 (2²²): about 100 MB of values at 24 bytes each.
    pub max_elements: usize,
    /// The evaluation budget in bytes: how many bytes of strings one
    /// evaluation may build in total (literals, templates, and the results
    /// of functions such as `format`, `join`, `replace` or `jsonencode`,
    /// and the digits of very large numbers). A very large number counts
    /// again each time an operator or a function call reads it, since the
    /// time the operation takes grows with it; past 4 KiB (≈ 9 800 digits)
    /// a number counts its size times its size in 4 KiB units, as the time
    /// grows faster than its size. Default 67 108 864
    /// (64 MiB).
    pub max_bytes: usize,
    /// How many bytes of exact digits the very large number literals of
    /// one parse (a native file or expression, a JSON document) may take
    /// together: each literal counts what holding it exactly takes beyond
    /// 64 bytes (the numbers of real configurations are free), and beyond
    /// 4 KiB its size times its size in 4 KiB units (reading it takes time
    /// that grows faster than its size: about 6 ms for `1e300000`, which
    /// takes ≈ 125 KB and counts ≈ 3.8 MB). A short file of such literals then cannot hold a parse
    /// for seconds; past the limit a literal is "Number literal too large".
    /// Default 16 777 216 (16 MiB).
    pub max_number_bytes: usize,
}

/// The bytes of exact digits a number literal may take without counting
/// towards [`Limits::max_number_bytes`]: about 150 decimal digits, or
/// `1e150`.
pub(crate) const FREE_NUMBER_BYTES: usize = 64;

/// The size past which a number literal counts towards
/// [`Limits::max_number_bytes`] in proportion to the square of its size:
/// about 9 800 decimal digits.
pub(crate) const LARGE_NUMBER_BYTES: usize = 4096;

impl Limits {
    /// The defaults (see the table on [`Limits`]).
    pub const DEFAULT: Limits = Limits {
        max_depth: 128,
        max_diagnostics: 10_000,
        max_elements: 1 << 22,
        max_bytes: 1 << 26,
        max_number_bytes: 1 << 24,
    };

    /// The defaults.
    pub const fn new() -> Limits {
        Limits::DEFAULT
    }

    /// With [`max_depth`](Limits::max_depth) set to `n`.
    pub const fn with_max_depth(mut self, n: usize) -> Limits {
        self.max_depth = n;
        self
    }

    /// With [`max_diagnostics`](Limits::max_diagnostics) set to `n`.
    pub const fn with_max_diagnostics(mut self, n: usize) -> Limits {
        self.max_diagnostics = n;
        self
    }

    /// With [`max_elements`](Limits::max_elements) set to `n`.
    pub const fn with_max_elements(mut self, n: usize) -> Limits {
        self.max_elements = n;
        self
    }

    /// With [`max_bytes`](Limits::max_bytes) set to `n`.
    pub const fn with_max_bytes(mut self, n: usize) -> Limits {
        self.max_bytes = n;
        self
    }

    /// With [`max_number_bytes`](Limits::max_number_bytes) set to `n`.
    pub const fn with_max_number_bytes(mut self, n: usize) -> Limits {
        self.max_number_bytes = n;
        self
    }
}

/// What a very large number of `size` bytes counts against a limit: its
/// size, and past [`LARGE_NUMBER_BYTES`] its size times its size in units
/// of those, since the operations on it (multiplying, dividing, writing
/// it in decimal, reading it from decimal) take time that grows faster
/// than its size. One rule for the parse's allowance
/// ([`Limits::max_number_bytes`]) and for what an evaluation's budget
/// charges for the numbers it builds and reads ([`Limits::max_bytes`]).
pub(crate) fn large_number_cost(size: usize) -> usize {
    size.saturating_mul((size / LARGE_NUMBER_BYTES).max(1))
}

/// What is left of one parse's allowance for very large number literals
/// ([`Limits::max_number_bytes`]): both syntaxes' parsers ask it before
/// they read a literal that the short paths do not.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NumberBudget {
    max: usize,
    left: usize,
}

impl NumberBudget {
    pub(crate) fn new(limits: &Limits) -> NumberBudget {
        NumberBudget {
            max: limits.max_number_bytes,
            left: limits.max_number_bytes,
        }
    }

    /// Whether the number text `text` may be read, taking what it costs
    /// (see [`Limits::max_number_bytes`]; nothing when it may not: a
    /// literal refused leaves the rest to the others).
    pub(crate) fn admit(&mut self, text: &str) -> bool {
        let size = crate::value::Number::exact_work_bytes(text);
        let cost = large_number_cost(size).saturating_sub(FREE_NUMBER_BYTES);
        match self.left.checked_sub(cost) {
            Some(left) => {
                self.left = left;
                true
            }
            None => false,
        }
    }

    /// The summary and detail of the diagnostic for a literal refused.
    pub(crate) fn refusal(&self) -> (&'static str, String) {
        (
            "Number literal too large",
            format!(
                "Holding this number exactly, with the very large numbers before it, would take more than {} bytes (the limit of very large number literals one parse reads).",
                self.max
            ),
        )
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// What is left of one evaluation's budget ([`Limits::max_elements`] and
/// [`Limits::max_bytes`]), with the limits it came from.
///
/// Whoever builds a value charges it *before* allocating; a charge that
/// does not fit fails with [`LimitExceeded`] and exhausts the budget, so
/// that every later charge of the same evaluation fails too and the
/// evaluation winds down instead of growing. A function implementation
/// receives the budget of the evaluation that calls it through its
/// [`CallContext`](crate::function::CallContext).
///
/// ```
/// use hcl_core::limits::{Budget, Limits};
///
/// let mut budget = Budget::new(&Limits::default().with_max_elements(10));
/// assert!(budget.charge_elements(8).is_ok());
/// let err = budget.charge_elements(3).unwrap_err();
/// assert_eq!(err.limit(), 10);
/// assert!(budget.is_exceeded());
/// assert!(budget.charge_elements(1).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Budget {
    limits: Limits,
    elements: usize,
    bytes: usize,
    // Kept small: every evaluation makes a budget, and a literal's
    // evaluation costs a few dozen instructions.
    /// The part that ran out first.
    exceeded: Option<Resource>,
    /// Whether the evaluation has reported the exceeded limit: one
    /// diagnostic per evaluation, not one per construct that then fails.
    reported: bool,
}

impl Budget {
    /// A fresh budget for one evaluation within `limits`.
    #[inline]
    pub fn new(limits: &Limits) -> Budget {
        Budget {
            limits: *limits,
            elements: limits.max_elements,
            bytes: limits.max_bytes,
            exceeded: None,
            reported: false,
        }
    }

    /// A budget that never runs out, for the public conversions that build
    /// outside any evaluation (an application's own values).
    pub(crate) fn unlimited() -> Budget {
        Budget::new(
            &Limits::DEFAULT
                .with_max_elements(usize::MAX)
                .with_max_bytes(usize::MAX),
        )
    }

    /// The limits this budget was made from (a function reads
    /// [`Limits::max_depth`] here).
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Takes `n` elements from the budget.
    #[inline]
    pub fn charge_elements(&mut self, n: usize) -> Result<(), LimitExceeded> {
        if n <= self.elements {
            self.elements -= n;
            Ok(())
        } else {
            Err(self.exhaust(Resource::Elements))
        }
    }

    /// Takes the elements of a map or object of `entries` entries:
    /// `entries` plus [`MAP_NODE`] for the node that holds them (an
    /// object of one attribute takes about twenty times the memory of a
    /// tuple element).
    #[inline]
    pub fn charge_map(&mut self, entries: usize) -> Result<(), LimitExceeded> {
        self.charge_elements(entries.saturating_add(MAP_NODE))
    }

    /// Takes `n` bytes of strings from the budget.
    #[inline]
    pub fn charge_bytes(&mut self, n: usize) -> Result<(), LimitExceeded> {
        if n <= self.bytes {
            self.bytes -= n;
            Ok(())
        } else {
            Err(self.exhaust(Resource::Bytes))
        }
    }

    /// How many elements are left.
    pub fn elements_left(&self) -> usize {
        self.elements
    }

    /// How many bytes are left.
    pub fn bytes_left(&self) -> usize {
        self.bytes
    }

    /// Whether a charge has failed: every later charge (but of nothing)
    /// fails as well.
    pub fn is_exceeded(&self) -> bool {
        self.exceeded.is_some()
    }

    /// The first charge that failed.
    pub fn exceeded(&self) -> Option<LimitExceeded> {
        self.exceeded.map(|resource| LimitExceeded {
            resource,
            limit: match resource {
                Resource::Elements => self.limits.max_elements,
                Resource::Bytes => self.limits.max_bytes,
            },
        })
    }

    #[cold]
    fn exhaust(&mut self, resource: Resource) -> LimitExceeded {
        self.elements = 0;
        self.bytes = 0;
        self.exceeded.get_or_insert(resource);
        self.exceeded()
            .unwrap_or(LimitExceeded { resource, limit: 0 })
    }

    /// Whether the exceeded limit is still to be reported; the first
    /// caller reports it, later ones stay silent.
    pub(crate) fn take_report(&mut self) -> bool {
        !std::mem::replace(&mut self.reported, true)
    }

    /// Whether the exceeded limit was reported.
    pub(crate) fn reported(&self) -> bool {
        self.reported
    }

    /// Sets whether the exceeded limit counts as reported (an evaluation
    /// whose diagnostics a caller may drop, such as an argument of `try`,
    /// restores the flag so that its caller reports the limit again).
    pub(crate) fn set_reported(&mut self, reported: bool) {
        self.reported = reported;
    }
}

/// How many elements a map or object costs beyond its entries: the memory
/// of the first node of its tree, which a one-attribute object allocates
/// whole (about 500 bytes, where a tuple element takes 24).
pub const MAP_NODE: usize = 16;

/// Which part of the evaluation budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resource {
    /// [`Limits::max_elements`].
    Elements,
    /// [`Limits::max_bytes`].
    Bytes,
}

/// A charge that did not fit in the evaluation budget.
///
/// ```
/// use hcl_core::limits::{Budget, Limits, Resource};
///
/// let mut budget = Budget::new(&Limits::default().with_max_bytes(4));
/// let err = budget.charge_bytes(5).unwrap_err();
/// assert_eq!(err.resource(), Resource::Bytes);
/// assert_eq!(
///     err.to_string(),
///     "the evaluation would build more than 4 bytes of strings (Limits::max_bytes)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LimitExceeded {
    resource: Resource,
    limit: usize,
}

impl LimitExceeded {
    /// Which part of the budget ran out.
    pub fn resource(&self) -> Resource {
        self.resource
    }

    /// The limit that was exceeded.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// The detail of the "Evaluation limit exceeded" diagnostic, for
    /// `what` (a phrase such as "This expression").
    pub(crate) fn detail(&self, what: &str) -> String {
        format!("{what} takes the evaluation past its limit: {self}.")
    }
}

impl fmt::Display for LimitExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.resource {
            Resource::Elements => write!(
                f,
                "the evaluation would build more than {} elements (Limits::max_elements)",
                self.limit
            ),
            Resource::Bytes => write!(
                f,
                "the evaluation would build more than {} bytes of strings (Limits::max_bytes)",
                self.limit
            ),
        }
    }
}

impl std::error::Error for LimitExceeded {}

/// The summary of the diagnostic for an exceeded evaluation budget.
pub(crate) const EXCEEDED_SUMMARY: &str = "Evaluation limit exceeded";

#[cfg(test)]
mod test;
