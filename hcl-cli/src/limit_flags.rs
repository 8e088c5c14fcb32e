//! The flags that set the [`Limits`] of parsing, evaluation and decoding,
//! shared by `hcl` and `hcldec` (the reference's `hcldec` has no such
//! flags; these names are not among its own).

use hcl_core::diag::quoted;
use hcl_core::Limits;

use crate::args::{Flag, Parsed, UsageError};

/// `--max-depth N`.
pub const MAX_DEPTH: Flag = Flag::valued(
    "max-depth",
    None,
    "n",
    "how deeply input may nest: brackets, blocks, JSON values, type expressions, evaluation (default 128)",
);

/// `--max-elements N`.
pub const MAX_ELEMENTS: Flag = Flag::valued(
    "max-elements",
    None,
    "n",
    "how many elements one evaluation may build in total, counting for loops and splats (default 4194304)",
);

/// `--max-bytes N`.
pub const MAX_BYTES: Flag = Flag::valued(
    "max-bytes",
    None,
    "n",
    "how many bytes of strings one evaluation may build in total (default 67108864)",
);

/// `--max-number-bytes N`.
pub const MAX_NUMBER_BYTES: Flag = Flag::valued(
    "max-number-bytes",
    None,
    "n",
    "how many bytes of exact digits the very large number literals of one parse may take (default 16777216)",
);

/// `--max-diagnostics N`.
pub const MAX_DIAGNOSTICS: Flag = Flag::valued(
    "max-diagnostics",
    None,
    "n",
    "how many diagnostics a parse or an evaluation keeps before \"Too many diagnostics\" (default 10000)",
);

/// The limits the flags ask for, the defaults for those not given.
///
/// ```
/// use hcl_cli::args::parse;
/// use hcl_cli::limit_flags::{limits, MAX_BYTES, MAX_DEPTH};
///
/// let p = parse(&[MAX_DEPTH, MAX_BYTES], ["--max-depth=16"].map(String::from)).unwrap();
/// let l = limits(&p).unwrap();
/// assert_eq!(l.max_depth, 16);
/// assert_eq!(l.max_bytes, hcl_core::Limits::DEFAULT.max_bytes);
/// let bad = parse(&[MAX_DEPTH], ["--max-depth=-1"].map(String::from)).unwrap();
/// assert!(limits(&bad).is_err());
/// ```
///
/// # Errors
///
/// A value that is not a whole number of at least 1.
pub fn limits(flags: &Parsed) -> Result<Limits, UsageError> {
    let mut l = Limits::default();
    for (flag, field) in [
        (MAX_DEPTH, &mut l.max_depth),
        (MAX_ELEMENTS, &mut l.max_elements),
        (MAX_BYTES, &mut l.max_bytes),
        (MAX_NUMBER_BYTES, &mut l.max_number_bytes),
        (MAX_DIAGNOSTICS, &mut l.max_diagnostics),
    ] {
        if let Some(v) = flags.last(flag.long) {
            *field = v.parse().ok().filter(|&n: &usize| n > 0).ok_or_else(|| {
                UsageError(format!(
                    "invalid argument {v} for --{}: expected a whole number of at least 1",
                    flag.long,
                    v = quoted(v)
                ))
            })?;
        }
    }
    Ok(l)
}
