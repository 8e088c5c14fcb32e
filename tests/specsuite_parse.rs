//! The `.hcl` cases of the HCL spec suite, at parse level: a case whose `.t`
//! file expects syntax errors must produce exactly those ranges; every
//! other case must parse clean. (The full suite, with evaluation and
//! schemas, runs through `hcldec` in the CLI's tests.)

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use hcl_core::native::{parse_config, BodyNode, ExprKind, ExprNode, File};
use hcl_core::Limits;
use hcl_core::SourceFile;

/// Cases whose expected diagnostics come from the schema (`.hcldec`), not
/// from the syntax: they must parse clean.
const SCHEMA_LEVEL: &[&str] = &["structure/attributes/unexpected.hcl"];

fn hcl_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            hcl_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "hcl") {
            out.push(p);
        }
    }
}

type Pos3 = (u32, u32, u32);

fn num(body: BodyNode<'_>, name: &str) -> u32 {
    let a = body
        .attribute(name)
        .unwrap_or_else(|| panic!("missing {name}"));
    a.expr().source_text().parse().unwrap()
}

fn pos(body: BodyNode<'_>) -> Pos3 {
    (num(body, "line"), num(body, "column"), num(body, "byte"))
}

fn blocks<'a>(
    body: BodyNode<'a>,
    ty: &'static str,
) -> impl Iterator<Item = hcl_core::native::BlockNode<'a>> + 'a {
    body.blocks().filter(move |b| b.type_name() == ty)
}

/// The `from`/`to` of every `error` in the `.t` file's `diagnostics` block.
fn expected_ranges(t: &SourceFile) -> Vec<(Pos3, Pos3)> {
    let (file, diags) = parse_config(t, &Limits::default());
    assert!(diags.is_empty(), "{}: {diags}", t.name());
    let mut out = Vec::new();
    for d in blocks(file.body(), "diagnostics") {
        for e in blocks(d.body(), "error") {
            let from = blocks(e.body(), "from").next().unwrap();
            let to = blocks(e.body(), "to").next().unwrap();
            out.push((pos(from.body()), pos(to.body())));
        }
    }
    out.sort();
    out
}

fn literal_string(e: ExprNode<'_>) -> Option<String> {
    match e.kind() {
        ExprKind::Template(t) => t.literal().map(str::to_owned),
        _ => None,
    }
}

/// Where the `.t` file gives a `result` object of strings and the case
/// writes the same keys as literal templates, the parsed literal text must
/// be the expected string (this checks heredoc indentation stripping).
fn check_literal_results(hcl: &SourceFile, file: &File, t: &SourceFile) -> usize {
    let (tfile, _) = parse_config(t, &Limits::default());
    let Some(result) = tfile.body().attribute("result") else {
        return 0;
    };
    let ExprKind::Object(groups) = result.expr().kind() else {
        return 0;
    };
    let mut checked = 0;
    for group in groups.items() {
        let Some(gname) = group.key().literal_name() else {
            continue;
        };
        let ExprKind::Object(want) = group.value().kind() else {
            continue;
        };
        let Some(attr) = file.body().attribute(gname) else {
            continue;
        };
        let ExprKind::Object(have) = attr.expr().kind() else {
            continue;
        };
        for w in want.items() {
            let key = w.key().literal_name().unwrap();
            let Some(h) = have.items().find(|h| h.key().literal_name() == Some(key)) else {
                continue;
            };
            let (Some(want_s), Some(have_s)) =
                (literal_string(w.value()), literal_string(h.value()))
            else {
                continue;
            };
            assert_eq!(have_s, want_s, "{}: {gname}.{key}", hcl.name());
            checked += 1;
        }
    }
    checked
}

hcl_test_shared::shared_test!(
    specsuite_cases_parse_with_the_expected_syntax_diagnostics,
    specsuite,
    |dir| {
        let tests = dir.join("tests");
        let mut files = Vec::new();
        hcl_files(&tests, &mut files);
        files.sort();
        assert!(files.len() >= 10, "found {} cases", files.len());
        let mut literal_checks = 0;
        for path in &files {
            let rel = path
                .strip_prefix(&tests)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let text = std::fs::read_to_string(path).unwrap();
            let src = SourceFile::new(rel.clone(), text);
            let (file, diags) = parse_config(&src, &Limits::default());
            let t_path = path.with_extension("t");
            let expected = match std::fs::read_to_string(&t_path) {
                Ok(t) => expected_ranges(&SourceFile::new(t_path.display().to_string(), t)),
                Err(_) => Vec::new(),
            };
            let mut got: Vec<(Pos3, Pos3)> = diags
                .iter()
                .map(|d| {
                    let r = d
                        .subject
                        .clone()
                        .expect("every syntax diagnostic has a subject");
                    (
                        (r.start.line, r.start.column, r.start.byte),
                        (r.end.line, r.end.column, r.end.byte),
                    )
                })
                .collect();
            got.sort();
            if SCHEMA_LEVEL.contains(&rel.as_str()) {
                assert!(diags.is_empty(), "{rel} must parse clean: {diags}");
                assert!(!expected.is_empty(), "{rel} expects schema diagnostics");
                continue;
            }
            assert_eq!(got, expected, "{rel}: diagnostics were\n{diags}");
            if let Ok(t) = std::fs::read_to_string(&t_path) {
                literal_checks += check_literal_results(&src, &file, &SourceFile::new("t", t));
            }
        }
        assert!(
            literal_checks >= 14,
            "only {literal_checks} literal results checked"
        );
    }
);
