//! `hcl fmt`: formats native-syntax files as hashicorp's `hclfmt` and
//! `terraform fmt` do ([`hcl_core::format`]), printing them, checking them
//! (`--check`) or rewriting them (`--write`). A file with syntax errors is
//! never formatted: its diagnostics are shown and it is left as it is.

use std::io::{Read, Write};
use std::path::Path;

use hcl_core::diag::quoted;
use hcl_core::format::format_source;
use hcl_core::pos::SourceMap;
use hcl_core::{Diagnostic, Diagnostics, SourceFile};

use crate::args::{Flag, Parsed};
use crate::diagnostics::{emit, DiagFormat};
use crate::hcl::collect_files_where;
use crate::load::read_failed;
use crate::{EXIT_DIAGNOSTICS, EXIT_OK, EXIT_USAGE};
use hcl_core::write::replace_file;

/// Exit status of `hcl fmt --check` when a file is not formatted (as
/// `terraform fmt -check` exits).
pub const EXIT_UNFORMATTED: i32 = 3;

/// The synopsis and description of `hcl fmt --help` (the flags follow).
pub const SYNOPSIS: &str = "fmt [options] PATH... | -

Formats native-syntax files as hashicorp's hclfmt and terraform fmt do, and
prints them (or with --write rewrites them). A directory stands for every
.hcl, .tf and .tfvars file under it; - reads standard input and prints to
standard output. A file with syntax errors is left as it is and its
diagnostics are shown.

exit status: 0 done; 1 a file has syntax errors, or could not be read or
written; 2 bad usage; 3 with --check (and no errors), a file is not
formatted.

options:";

/// The flags of `hcl fmt`.
pub const FLAGS: &[Flag] = &[
    Flag::switch(
        "check",
        None,
        "print nothing but the names of the files whose formatting would change",
    ),
    Flag::switch(
        "write",
        Some('w'),
        "rewrite the files that change (and print their names) instead of printing them",
    ),
    Flag::valued(
        "diags",
        None,
        "format",
        "diagnostics format: text (default) or json",
    ),
    Flag::switch("help", Some('h'), "show this help and exit"),
];

/// Whether a file in a directory is one `hcl fmt` formats: the native
/// syntax's extensions (not the JSON syntax's).
pub fn is_native_config_file(name: &str) -> bool {
    [".hcl", ".tf", ".tfvars"]
        .iter()
        .any(|ext| name.ends_with(ext))
}

/// What `hcl fmt` does with each formatted file.
#[derive(Clone, Copy, Debug)]
struct Mode {
    check: bool,
    write: bool,
}

/// Runs `hcl fmt` with parsed flags; returns the exit status.
pub fn fmt(flags: &Parsed, format: DiagFormat) -> i32 {
    let mode = Mode {
        check: flags.is_set("check"),
        write: flags.is_set("write"),
    };
    let paths = &flags.positional;
    if paths.is_empty() {
        eprintln!("hcl fmt: no paths given (- reads standard input)");
        return EXIT_USAGE;
    }
    let mut run = Run {
        mode,
        sources: SourceMap::new(),
        diags: Diagnostics::new(),
        unformatted: false,
        out: std::io::stdout().lock(),
    };
    if paths.iter().any(|p| p == "-") {
        if paths.len() > 1 || mode.write {
            eprintln!("hcl fmt: - (standard input) is formatted alone, and cannot be rewritten");
            return EXIT_USAGE;
        }
        let mut bytes = Vec::new();
        if std::io::stdin().read_to_end(&mut bytes).is_err() {
            eprintln!("hcl fmt: cannot read standard input");
            return EXIT_DIAGNOSTICS;
        }
        run.file("<stdin>", None, &bytes);
    } else {
        let (files, diags) =
            collect_files_where(paths, is_native_config_file, ".hcl, .tf or .tfvars");
        run.diags.extend(diags);
        for path in files {
            let name = path.to_string_lossy();
            match std::fs::read(&path) {
                Ok(bytes) => run.file(&name, Some(&path), &bytes),
                Err(_) => run.diags.push(read_failed(&name)),
            }
        }
    }
    run.finish(format)
}

/// The state of one `hcl fmt` run.
struct Run<W: Write> {
    mode: Mode,
    sources: SourceMap,
    diags: Diagnostics,
    /// Whether a file's formatting changes it.
    unformatted: bool,
    out: W,
}

impl<W: Write> Run<W> {
    /// Formats one input named `name`, read from `path` (`None`: standard
    /// input), and does what the mode says with it.
    fn file(&mut self, name: &str, path: Option<&Path>, bytes: &[u8]) {
        let (source, result) = format_bytes(name, bytes);
        if let Some(s) = source {
            self.sources.add(s);
        }
        let formatted = match result {
            Ok(text) => text,
            Err(diags) => return self.diags.extend(diags),
        };
        let changed = formatted.as_bytes() != bytes;
        self.unformatted |= changed;
        let written = match (self.mode.write, path) {
            (true, Some(path)) if changed => {
                match replace_file(path, formatted.as_bytes()) {
                    Ok(()) => true,
                    Err(e) => {
                        self.diags.push(Diagnostic::error(
                        "Failed to write file",
                        format!("The file {name} could not be rewritten: {e}. It was left as it was.", name = quoted(name)),
                    ));
                        false
                    }
                }
            }
            _ => false,
        };
        let result = if (self.mode.check && changed) || written {
            writeln!(self.out, "{name}")
        } else if !self.mode.check && !self.mode.write {
            self.out.write_all(formatted.as_bytes())
        } else {
            Ok(())
        };
        if let Err(e) = result {
            self.diags.push(Diagnostic::error(
                "Failed to write output",
                format!("Standard output could not be written: {e}."),
            ));
        }
    }

    /// Shows the diagnostics; the exit status.
    fn finish(mut self, format: DiagFormat) -> i32 {
        let _ = self.out.flush();
        let errors = self.diags.has_errors();
        emit(&self.diags, &self.sources, format);
        if errors {
            EXIT_DIAGNOSTICS
        } else if self.mode.check && self.unformatted {
            EXIT_UNFORMATTED
        } else {
            EXIT_OK
        }
    }
}

/// Formats `bytes` (the input named `name`): the source (for diagnostics)
/// and the formatted text or the diagnostics that refused it. Text that is
/// not UTF-8 is refused with the parser's diagnostics for it.
fn format_bytes(name: &str, bytes: &[u8]) -> (Option<SourceFile>, Result<String, Diagnostics>) {
    match std::str::from_utf8(bytes) {
        Ok(text) => {
            let source = SourceFile::new(name, text);
            let result = format_source(&source);
            (Some(source), result)
        }
        Err(_) => {
            let (loaded, diags) =
                crate::load::parse(name, bytes, true, &hcl_core::Limits::default());
            (loaded.source, Err(diags))
        }
    }
}
