//! Writing to standard output and standard error without panicking (the
//! `print!` family panics when a write fails).
//!
//! When the reader of standard output goes away (`hcldec … | head`), the
//! command ends quietly with status [`EXIT_BROKEN_PIPE`]: what a shell
//! shows for hashicorp's hcldec, which SIGPIPE kills there, and for the
//! classic Unix tools. Rust ignores SIGPIPE, so the write fails instead and
//! the command exits with that status itself.

use std::io::{ErrorKind, Write};

/// The exit status after standard output was closed by its reader:
/// 128 + SIGPIPE (13), as a shell reports a process killed by SIGPIPE.
pub const EXIT_BROKEN_PIPE: i32 = 141;

/// Why standard output could not be written.
#[derive(Debug)]
pub enum WriteError {
    /// The reader went away (a closed pipe): end quietly.
    Closed,
    /// Any other failure (a full disk, a closed descriptor): report it.
    Failed(std::io::Error),
}

impl WriteError {
    /// The exit status for this failure: [`EXIT_BROKEN_PIPE`] for a closed
    /// pipe, quietly; otherwise `failure`, after `Error: failed to write
    /// output: …` on standard error.
    pub fn status(&self, failure: i32) -> i32 {
        match self {
            WriteError::Closed => EXIT_BROKEN_PIPE,
            WriteError::Failed(e) => {
                write_stderr(&format!("Error: failed to write output: {e}\n\n"));
                failure
            }
        }
    }
}

/// Writes `text` to standard output and flushes it.
///
/// # Errors
///
/// [`WriteError::Closed`] when the reader went away, [`WriteError::Failed`]
/// for any other failure.
pub fn write_stdout(text: &str) -> Result<(), WriteError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| match e.kind() {
            ErrorKind::BrokenPipe => WriteError::Closed,
            _ => WriteError::Failed(e),
        })
}

/// Writes `text` to standard error. A failure is ignored: there is nowhere
/// left to report it, and the exit status still tells the outcome.
pub fn write_stderr(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}
