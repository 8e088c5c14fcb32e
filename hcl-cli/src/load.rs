//! Reading input files (or standard input) into bodies, keeping each
//! source file so that diagnostics can show snippets of it.

use std::io::Read;
use std::path::Path;

use hcl_core::load::{parse_source_file, Syntax};
use hcl_core::native::{parse_bytes, ParseOptions};
use hcl_core::pos::{SourceFile, SourceMap, Span};
use hcl_core::{Body, Diagnostic, Diagnostics, Range};

/// One loaded file.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// Its source (absent when it could not be read).
    pub source: Option<SourceFile>,
    /// Its body (empty when it could not be read).
    pub body: Body,
}

/// Parses `bytes` named `name` in the syntax the name calls for (JSON for
/// `.json`, native otherwise); `force_native` ignores the name.
pub fn parse(name: &str, bytes: &[u8], force_native: bool) -> (Loaded, Diagnostics) {
    let json = !force_native && Syntax::for_name(name) == Syntax::Json;
    if !json {
        let (file, diags) = parse_bytes(name, bytes, &ParseOptions::default());
        let body = file.body_handle();
        return (
            Loaded {
                source: Some(file.source),
                body,
            },
            diags,
        );
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => {
            let file = SourceFile::new(name, text);
            let (body, diags) = parse_source_file(&file);
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
            let at = e.valid_up_to() as u32;
            let span = Span::new(file.id(), at, at + 1);
            let mut diags = Diagnostics::from(invalid_encoding().with_subject(file.range(span)));
            let (body, more) = parse_source_file(&file);
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

/// The reference's diagnostic for a file that cannot be read.
pub fn read_failed(name: &str) -> Diagnostic {
    Diagnostic::error(
        "Failed to read file",
        format!("The configuration file {name:?} could not be read."),
    )
}

/// Reads and parses the file at `path`.
pub fn load_path(path: &Path, force_native: bool) -> (Loaded, Diagnostics) {
    let name = path.to_string_lossy();
    match std::fs::read(path) {
        Ok(bytes) => parse(&name, &bytes, force_native),
        Err(_) => (
            Loaded {
                source: None,
                body: Body::empty(Range::default()),
            },
            Diagnostics::from(read_failed(&name)),
        ),
    }
}

/// Reads and parses standard input (native syntax), named `<stdin>`.
///
/// # Errors
///
/// When standard input cannot be read (the reference treats that as a
/// failure of the command, not as a diagnostic).
pub fn load_stdin() -> std::io::Result<(Loaded, Diagnostics)> {
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes)?;
    Ok(parse("<stdin>", &bytes, true))
}

/// Adds a loaded file's source to `map`.
pub fn remember(map: &mut SourceMap, loaded: &Loaded) {
    if let Some(s) = &loaded.source {
        map.add(s.clone());
    }
}
