//! Writing diagnostics for people (source snippets, coloured on a terminal)
//! and for machines (`--diags=json`, the reference hcldec's JSON form).

use std::io::IsTerminal;

use hcl_core::diag::{render_all, RenderOptions};
use hcl_core::pos::{Pos, Range, SourceMap};
use hcl_core::{Diagnostic, Diagnostics, Severity};

use crate::json::Json;

/// How diagnostics are written to standard error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagFormat {
    /// Text with source snippets; colour when standard error is a terminal.
    Text,
    /// `{"diagnostics":[…]}`, as hashicorp's hcldec writes with
    /// `--diags=json`.
    Json,
}

impl DiagFormat {
    /// Reads the value of a `--diags` flag: empty or `text` is text, `json`
    /// is JSON.
    pub fn from_flag(flag: Option<&str>) -> Result<DiagFormat, String> {
        match flag {
            None | Some("") | Some("text") => Ok(DiagFormat::Text),
            Some("json") => Ok(DiagFormat::Json),
            Some(other) => Err(format!(
                "Invalid diagnostics format {other:?}: only \"json\" is supported."
            )),
        }
    }
}

/// Formats `diags` in `format` (the text form coloured when `color`).
///
/// The text form ends with a blank line after each diagnostic; the JSON
/// form is indented as Go's `json.MarshalIndent` indents and ends with a
/// newline. No diagnostics make an empty string in both forms.
pub fn format(diags: &Diagnostics, sources: &SourceMap, format: DiagFormat, color: bool) -> String {
    if diags.is_empty() {
        return String::new();
    }
    match format {
        DiagFormat::Text => {
            let width = std::env::var("COLUMNS")
                .ok()
                .and_then(|c| c.parse().ok())
                .unwrap_or(80);
            let opts = RenderOptions {
                color,
                width,
                ..RenderOptions::default()
            };
            render_all(diags, sources, &opts)
        }
        DiagFormat::Json => {
            let items = diags.iter().map(diagnostic_json).collect();
            let mut out = Json::object([("diagnostics", Json::Array(items))]).to_indented();
            out.push('\n');
            out
        }
    }
}

/// Writes `diags` to standard error.
pub fn emit(diags: &Diagnostics, sources: &SourceMap, fmt: DiagFormat) {
    let color = fmt == DiagFormat::Text && std::io::stderr().is_terminal();
    eprint!("{}", format(diags, sources, fmt, color));
}

/// One diagnostic in the reference's JSON form: `severity`, `summary`,
/// `detail` (left out when empty) and `subject` (left out when none).
pub fn diagnostic_json(d: &Diagnostic) -> Json {
    let mut props = vec![
        (
            "severity".to_owned(),
            Json::str(match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            }),
        ),
        ("summary".to_owned(), Json::str(d.summary.clone())),
    ];
    if !d.detail.is_empty() {
        props.push(("detail".to_owned(), Json::str(d.detail.clone())));
    }
    if let Some(r) = &d.subject {
        props.push(("subject".to_owned(), range_json(r)));
    }
    Json::Object(props)
}

/// A range as `{"filename":…,"start":{…},"end":{…}}`.
pub fn range_json(r: &Range) -> Json {
    Json::object([
        ("filename", Json::str(r.filename().to_string())),
        ("start", pos_json(&r.start)),
        ("end", pos_json(&r.end)),
    ])
}

fn pos_json(p: &Pos) -> Json {
    Json::object([
        ("line", Json::int(p.line)),
        ("column", Json::int(p.column)),
        ("byte", Json::int(p.byte)),
    ])
}

#[cfg(test)]
mod test {
    use super::*;
    use hcl_core::pos::{SourceFile, Span};

    #[test]
    fn json_form_matches_reference_hcldec() {
        let file = SourceFile::new("in.hcl", "a = 1\n");
        let mut map = SourceMap::new();
        map.add(file.clone());
        let d = Diagnostic::error("Unsupported argument", "").with_subject(file.range(Span::new(
            file.id(),
            0,
            1,
        )));
        let out = format(&Diagnostics::from(d), &map, DiagFormat::Json, false);
        assert_eq!(
            out,
            r#"{
  "diagnostics": [
    {
      "severity": "error",
      "summary": "Unsupported argument",
      "subject": {
        "filename": "in.hcl",
        "start": {
          "line": 1,
          "column": 1,
          "byte": 0
        },
        "end": {
          "line": 1,
          "column": 2,
          "byte": 1
        }
      }
    }
  ]
}
"#
        );
    }

    #[test]
    fn diags_flag_accepts_json_and_text_only() {
        assert_eq!(DiagFormat::from_flag(Some("json")), Ok(DiagFormat::Json));
        assert_eq!(DiagFormat::from_flag(None), Ok(DiagFormat::Text));
        assert!(DiagFormat::from_flag(Some("xml")).is_err());
    }
}
