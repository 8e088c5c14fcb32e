//! Writing diagnostics for people (source snippets, coloured on a terminal)
//! and for machines (`--diags=json`, the reference hcldec's JSON form).

use std::io::IsTerminal;

use hcl_core::diag::quoted;
use hcl_core::diag::{render_all, RenderOptions};
use hcl_core::pos::{Pos, Range, SourceFile, SourceMap};
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
                "Invalid diagnostics format {other}: only \"json\" is supported.",
                other = quoted(other)
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
            let cache = ContextCache::default();
            let enclosing = |file: &SourceFile, offset: u32| cache.context_string(file, offset);
            let opts = RenderOptions {
                color,
                width,
                enclosing: Some(&enclosing),
                ..RenderOptions::default()
            };
            render_all(diags, sources, &opts)
        }
        DiagFormat::Json => {
            let mut out = Json::object([("diagnostics", diagnostics_json(diags))]).to_indented();
            out.push('\n');
            out
        }
    }
}

pub use hcl_core::navigation::{context_string, ContextCache, FileContext};

/// Writes `diags` to standard error, in colour when it is a terminal (and
/// `NO_COLOR` is not set).
pub fn emit(diags: &Diagnostics, sources: &SourceMap, fmt: DiagFormat) {
    let color = fmt == DiagFormat::Text
        && std::io::stderr().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    crate::stdio::write_stderr(&format(diags, sources, fmt, color));
}

/// The diagnostics as a JSON array, each in the reference's form
/// ([`diagnostic_json`]).
pub fn diagnostics_json(diags: &Diagnostics) -> Json {
    Json::Array(diags.iter().map(diagnostic_json).collect())
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
    // The context lookup lives in hcl_core::navigation; its tests stay
    // beside the renderer that shows it.
    use hcl_core::diag::render::block_header;
    use hcl_core::json::syntax::{Node, NodeKind};
    use hcl_core::native::parse_config;
    use hcl_core::pos::SourceFile;
    use hcl_core::Limits;

    #[test]
    fn json_form_matches_reference_hcldec() {
        let file = SourceFile::new("in.hcl", "a = 1\n");
        let mut map = SourceMap::new();
        map.add(file.clone());
        let d = Diagnostic::error("Unsupported argument", "").with_subject(file.range_of(0..1));
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
    fn context_string_names_the_top_level_block_or_json_path() {
        let native = SourceFile::new(
            "a.hcl",
            "a = 1\nsvc \"x\" \"y\" {\n  b {\n    c = 1\n  }\n}\n",
        );
        assert_eq!(
            context_string(&native, 30).as_deref(),
            Some("svc \"x\" \"y\"")
        );
        assert_eq!(context_string(&native, 1), None);
        let json = SourceFile::new("a.json", r#"{"a": {"b": [1, {"c": 2}]}}"#);
        assert_eq!(context_string(&json, 21).as_deref(), Some("a.b[1]"));
    }

    #[test]
    fn context_string_quotes_labels_as_go_does() {
        // `<`, `&` and `>` as they are (JSON quoting would escape them),
        // control characters as `\x..`, invisible ones as `\u....`.
        let file = SourceFile::new(
            "q.hcl",
            "svc \"a<b&c>\\t\u{e9}\\u0001\\u200b\" \"\" {\n  x = 1\n}\n",
        );
        assert_eq!(
            context_string(&file, 40).as_deref(),
            Some(r#"svc "a<b&c>\té\x01\u200b" """#)
        );
    }

    #[test]
    fn text_of_a_multi_line_subject_in_a_block_with_bytes_that_were_not_utf8() {
        // As loaded from a file with a bad byte in the label, in a comment
        // on the subject's first line and in a string on its second: each
        // became U+001A, shown as one U+FFFD column in the lines and as
        // Go quotes the label's character in the header.
        let file = SourceFile::new(
            "bad.hcl",
            "svc \"w\u{1a}b\" {\n  port = [ # \u{1a}\u{1a}\n    \"\u{1a}\",\n  ]\n}\n",
        );
        let start = file.text().find('[').unwrap();
        let end = file.text().find(']').unwrap() + 1;
        let d = Diagnostic::error("Incorrect attribute value type", "")
            .with_subject(file.range_of(start..end));
        let mut map = SourceMap::new();
        map.add(file.clone());
        assert_eq!(
            format(&Diagnostics::from(d), &map, DiagFormat::Text, false),
            "Error: Incorrect attribute value type\n\
             \n  on bad.hcl line 2, in svc \"w\\x1ab\":\
             \n   2:   port = [ # \u{fffd}\u{fffd}\
             \n               ^^^^^^\
             \n   3:     \"\u{fffd}\",\
             \n      ^^^^^^^^\
             \n   4:   ]\
             \n      ^^^\
             \n\n"
        );
    }

    /// The reference's linear scans, to check the binary searches against.
    fn naive_native(file: &SourceFile, offset: u32) -> Option<String> {
        let (parsed, _) = parse_config(file, &Limits::default());
        let block = parsed
            .body()
            .blocks()
            .find(|b| b.range().contains_byte(offset))?;
        Some(block_header(
            block.type_name(),
            block.labels().map(|l| l.value()),
        ))
    }

    fn naive_json(node: &Node, offset: u32, out: &mut String) {
        let contains = |n: &Node| {
            matches!(n.kind, NodeKind::Object(_) | NodeKind::Array(_))
                && n.span.start <= offset
                && offset < n.span.end
        };
        match &node.kind {
            NodeKind::Object(props) => {
                if let Some(p) = props.iter().find(|p| contains(&p.value)) {
                    out.push('.');
                    out.push_str(&p.key);
                    naive_json(&p.value, offset, out);
                }
            }
            NodeKind::Array(items) => {
                if let Some((i, item)) = items.iter().enumerate().find(|(_, n)| contains(n)) {
                    out.push_str(&format!("[{i}]"));
                    naive_json(item, offset, out);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn context_string_search_agrees_with_a_scan_at_every_offset() {
        let native = SourceFile::new(
            "m.hcl",
            "a = 1\nx {}\nsvc \"x\" {\n  b {\n    c = 1\n  }\n}\nd = 2\nlast \"l\" { e = 3 }\n",
        );
        let ctx = FileContext::new(&native);
        for offset in 0..=native.text().len() as u32 + 1 {
            assert_eq!(
                ctx.context_string(offset),
                naive_native(&native, offset),
                "offset {offset}"
            );
        }
        let json = SourceFile::new(
            "m.json",
            r#"{"a": 1, "b": {"c": [1, {"d": [[2], 3]}, "s"]}, "e": [], "f": {"g": {}}}"#,
        );
        let ctx = FileContext::new(&json);
        let (root, _) = hcl_core::json::syntax::parse(&json, &Default::default());
        for offset in 0..=json.text().len() as u32 + 1 {
            let mut want = String::new();
            naive_json(&root, offset, &mut want);
            let want = want.strip_prefix('.').unwrap_or(&want).to_owned();
            assert_eq!(ctx.context_string(offset), Some(want), "offset {offset}");
        }
    }

    #[test]
    fn diags_flag_accepts_json_and_text_only() {
        assert_eq!(DiagFormat::from_flag(Some("json")), Ok(DiagFormat::Json));
        assert_eq!(DiagFormat::from_flag(None), Ok(DiagFormat::Text));
        assert!(DiagFormat::from_flag(Some("xml")).is_err());
    }
}
