//! Reading input files (or standard input) into bodies, keeping each
//! source file so that diagnostics can show snippets of it.

use std::io::Read;
use std::path::Path;

use hcl_core::diag::quoted;
use hcl_core::load::{parse_source_file_with, Syntax};
use hcl_core::native::parse_bytes;
use hcl_core::pos::{SourceFile, SourceMap};
use hcl_core::{Body, Diagnostic, Diagnostics, Limits, Range};

/// One loaded file.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// Its source (absent when it could not be read).
    pub source: Option<SourceFile>,
    /// Its body (empty when it could not be read).
    pub body: Body,
}

/// Parses `bytes` named `name` in the syntax the name calls for (JSON for
/// `.json`, native otherwise) within `limits`; `force_native` ignores the
/// name.
pub fn parse(
    name: &str,
    bytes: &[u8],
    force_native: bool,
    limits: &Limits,
) -> (Loaded, Diagnostics) {
    let json = !force_native && Syntax::for_name(name) == Syntax::Json;
    if !json {
        let (file, diags) = parse_bytes(name, bytes, limits);
        let body = file.to_body();
        return (
            Loaded {
                source: Some(file.source().clone()),
                body,
            },
            diags,
        );
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => {
            let file = SourceFile::new(name, text);
            let (body, diags) = parse_source_file_with(&file, limits);
            (
                Loaded {
                    source: Some(file),
                    body,
                },
                diags,
            )
        }
        Err(e) => {
            let file = SourceFile::new(name, String::from_utf8_lossy(bytes).into_owned());
            let at = e.valid_up_to();
            // (Parsed before the range is resolved: its columns are the
            // syntax's, which the parse sets.)
            let (body, more) = parse_source_file_with(&file, limits);
            let mut diags =
                Diagnostics::from(invalid_encoding().with_subject(file.range_of(at..at + 1)));
            diags.extend(more);
            (
                Loaded {
                    source: Some(file),
                    body,
                },
                diags,
            )
        }
    }
}

fn invalid_encoding() -> Diagnostic {
    Diagnostic::error(
        "Invalid character encoding",
        "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.",
    )
}

/// The reference's diagnostic for a file that cannot be read (its
/// native-syntax loader; see [`load_path`] for JSON files).
pub fn read_failed(name: &str) -> Diagnostic {
    Diagnostic::error(
        "Failed to read file",
        format!(
            "The configuration file {name} could not be read.",
            name = quoted(name)
        ),
    )
}

/// Reads a file as the reference's loader for its syntax does (JSON for a
/// `.json` name unless `force_native`): the JSON loader tells a file it
/// cannot open from one it opened but cannot read (a directory), the
/// native loader does not.
fn read_file(path: &Path, name: &str, force_native: bool) -> Result<Vec<u8>, Diagnostics> {
    if force_native || Syntax::for_name(name) != Syntax::Json {
        return std::fs::read(path).map_err(|_| read_failed(name).into());
    }
    let mut file = std::fs::File::open(path).map_err(|_| {
        Diagnostic::error(
            "Failed to open file",
            format!("The file {name} could not be opened.", name = quoted(name)),
        )
    })?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).map_err(|_| {
        // "occured" is the reference's spelling.
        Diagnostic::error(
            "Failed to read file",
            format!(
                "The file {name} was opened, but an error occured while reading it.",
                name = quoted(name)
            ),
        )
    })?;
    Ok(bytes)
}

/// Reads and parses the file at `path` (JSON syntax for a `.json` name
/// unless `force_native`) within `limits`; a file that cannot be read is a
/// diagnostic worded as the reference's loader for that syntax words it.
pub fn load_path(path: &Path, force_native: bool, limits: &Limits) -> (Loaded, Diagnostics) {
    let name = path.to_string_lossy();
    match read_file(path, &name, force_native) {
        Ok(bytes) => parse(&name, &bytes, force_native, limits),
        Err(diags) => (
            Loaded {
                source: None,
                body: Body::empty(Range::default()),
            },
            diags,
        ),
    }
}

/// Reads and parses standard input (native syntax), named `<stdin>`,
/// within `limits`.
///
/// # Errors
///
/// When standard input cannot be read (the reference treats that as a
/// failure of the command, not as a diagnostic).
pub fn load_stdin(limits: &Limits) -> std::io::Result<(Loaded, Diagnostics)> {
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes)?;
    Ok(parse("<stdin>", &bytes, true, limits))
}

/// Adds a loaded file's source to `map`.
pub fn remember(map: &mut SourceMap, loaded: &Loaded) {
    if let Some(s) = &loaded.source {
        map.add(s.clone());
    }
}
