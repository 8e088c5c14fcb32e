//! `hcl native`: converts files (chiefly of the JSON syntax) to native
//! syntax ([`hcl_core::write::body`]), templates, blocks and labels kept,
//! in the canonical layout.
//!
//! A JSON file cannot tell blocks from attributes without a schema:
//! `--block TYPE=LABELS` (repeatable) names the block types; every other
//! property is an attribute (an object value stays an object).
//!
//! Output: standard output, or with `--write` a file beside each input
//! named by its extension (`main.tf.json` → `main.tf`, `x.json` →
//! `x.hcl`), written through a temporary file renamed into place; an input
//! with errors writes nothing.

use std::path::{Path, PathBuf};

use hcl_core::diag::quoted;
use hcl_core::pos::SourceMap;
use hcl_core::write::{body, write_file, BlockShapes};
use hcl_core::{Diagnostic, Diagnostics};

use hcl_core::Limits;

use crate::args::{Flag, Parsed};
use crate::diagnostics::{emit, DiagFormat};
use crate::limit_flags::{MAX_DEPTH, MAX_DIAGNOSTICS};
use crate::load::read_failed;
use crate::stdio::write_stdout;
use crate::{EXIT_DIAGNOSTICS, EXIT_OK, EXIT_USAGE};

/// The synopsis and description of `hcl native --help` (the flags follow).
pub const SYNOPSIS: &str = "native [options] FILE...

Converts configuration files (JSON syntax, or native) to native syntax in
the canonical layout, keeping templates, blocks and labels, and prints them
(or with --write writes each beside its input: main.tf.json -> main.tf,
x.json -> x.hcl). In a JSON file only the types named with --block are
blocks; every other property is an attribute. A file with errors is not
converted and its diagnostics are shown.

exit status: 0 done; 1 a file has errors, or could not be read or written;
2 bad usage.

options:";

/// The flags of `hcl native`.
pub const FLAGS: &[Flag] = &[
    Flag::valued(
        "block",
        Some('b'),
        "TYPE=LABELS",
        "a block type of the JSON files and its number of labels (repeatable; TYPE alone: no labels)",
    ),
    Flag::switch(
        "write",
        Some('w'),
        "write each result beside its input (and print its name) instead of printing it",
    ),
    Flag::valued(
        "diags",
        None,
        "format",
        "diagnostics format: text (default) or json",
    ),
    MAX_DEPTH,
    MAX_DIAGNOSTICS,
    Flag::switch("help", Some('h'), "show this help and exit"),
];

/// The file `--write` writes for `input`: its name without `.json`, or
/// with `.json` replaced by `.hcl` when what is left has no extension of
/// its own. `None` for a name that does not end in `.json` (a native file
/// is rewritten by `hcl fmt --write`).
pub fn output_path(input: &Path) -> Option<PathBuf> {
    let name = input.file_name()?.to_string_lossy().into_owned();
    let stem = name.strip_suffix(".json")?;
    if stem.is_empty() {
        return None;
    }
    let out = if stem.contains('.') {
        stem.to_owned()
    } else {
        format!("{stem}.hcl")
    };
    Some(input.with_file_name(out))
}

/// Reads `--block` values: `TYPE=N` or `TYPE`.
fn shapes(values: &[String]) -> Result<BlockShapes, String> {
    values.iter().try_fold(BlockShapes::new(), |s, v| {
        let (name, labels) = match v.split_once('=') {
            Some((n, l)) => (
                n,
                l.parse::<usize>()
                    .map_err(|_| format!("--block {v}: the label count must be a number"))?,
            ),
            None => (v.as_str(), 0),
        };
        if name.is_empty() {
            return Err(format!("--block {v}: a block type name is required"));
        }
        Ok(s.block(name, labels))
    })
}

/// Runs `hcl native` with parsed flags; returns the exit status.
pub fn native(flags: &Parsed, format: DiagFormat, limits: &Limits) -> i32 {
    let shapes = match shapes(flags.all("block")) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("hcl native: {e}");
            return EXIT_USAGE;
        }
    };
    if flags.positional.is_empty() {
        eprintln!("hcl native: no files given");
        return EXIT_USAGE;
    }
    let write = flags.is_set("write");
    let mut sources = SourceMap::new();
    let mut diags = Diagnostics::new();
    for name in &flags.positional {
        let path = Path::new(name);
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(_) => {
                diags.push(read_failed(name));
                continue;
            }
        };
        let (loaded, parse_diags) = crate::load::parse(name, &bytes, false, limits);
        if let Some(s) = loaded.source {
            sources.add(s);
        }
        let errors = parse_diags.has_errors();
        diags.extend(parse_diags);
        if errors {
            continue;
        }
        let text = match body(&loaded.body, &shapes) {
            Ok(t) => t,
            Err(e) => {
                diags.push(Diagnostic::error(
                    "Cannot convert to native syntax",
                    format!("{name}: {e}."),
                ));
                continue;
            }
        };
        if !write {
            if let Err(e) = write_stdout(&text) {
                emit(&diags, &sources, format);
                return e.status(EXIT_DIAGNOSTICS);
            }
            continue;
        }
        let Some(out) = output_path(path) else {
            diags.push(Diagnostic::error(
                "Nowhere to write",
                format!("{name}: --write names its output after a .json input; a native file is rewritten with `hcl fmt --write`."),
            ));
            continue;
        };
        match write_file(&out, text.as_bytes()) {
            Ok(()) => {
                if let Err(e) = write_stdout(&format!("{}\n", out.display())) {
                    emit(&diags, &sources, format);
                    return e.status(EXIT_DIAGNOSTICS);
                }
            }
            Err(e) => diags.push(Diagnostic::error(
                "Failed to write file",
                format!(
                    "The file {} could not be written: {e}.",
                    quoted(&out.display().to_string())
                ),
            )),
        }
    }
    let errors = diags.has_errors();
    emit(&diags, &sources, format);
    if errors {
        EXIT_DIAGNOSTICS
    } else {
        EXIT_OK
    }
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn output_path_drops_json_or_names_hcl() {
        let cases = [
            ("dir/main.tf.json", Some("dir/main.tf")),
            ("a.hcl.json", Some("a.hcl")),
            ("x.json", Some("x.hcl")),
            ("x.hcl", None),
            (".json", None),
        ];
        for (input, want) in cases {
            assert_eq!(
                output_path(Path::new(input)),
                want.map(PathBuf::from),
                "{input}"
            );
        }
    }

    #[test]
    fn block_flags_read_type_and_label_count() {
        let s = shapes(&["resource=2".into(), "locals".into()]).unwrap();
        assert_eq!(s.labels("resource"), Some(2));
        assert_eq!(s.labels("locals"), Some(0));
        assert!(shapes(&["a=x".into()]).is_err());
    }
}
