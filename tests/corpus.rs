//! Every `.tf`, `.tfvars` and `.hcl` file of the shared corpus parses with
//! zero diagnostics, and its structural dump is stable under re-parse.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use hcl_core::native::parse_config;
use hcl_core::Limits;
use hcl_core::SourceFile;

#[path = "../hcl-core/tests/native/dump.rs"]
mod dump;

hcl_test_shared::shared_test!(
    corpus_files_parse_without_diagnostics_and_dump_stably,
    corpus,
    |dir| {
        let files = common::config_files(dir);
        assert!(
            files.len() >= 300,
            "expected the corpus, found {} files",
            files.len()
        );
        let mut failures = Vec::new();
        for path in &files {
            let Ok(text) = std::fs::read_to_string(path) else {
                failures.push(format!("{}: not UTF-8", path.display()));
                continue;
            };
            let src = SourceFile::new(path.display().to_string(), text.clone());
            let (file, diags) = parse_config(&src, &Limits::default());
            if !diags.is_empty() {
                failures.push(format!("{}:\n{diags}", path.display()));
                continue;
            }
            // Print the tree as canonical syntax and parse that: the printed
            // form must parse clean and print (and dump) the same again.
            let printed = dump::print(&file);
            let src2 = SourceFile::new("printed", printed.clone());
            let (file2, diags2) = parse_config(&src2, &Limits::default());
            if !diags2.is_empty() {
                failures.push(format!(
                    "{} (printed form):\n{diags2}\n{printed}",
                    path.display()
                ));
                continue;
            }
            let printed2 = dump::print(&file2);
            let src3 = SourceFile::new("printed2", printed2.clone());
            let (file3, _) = parse_config(&src3, &Limits::default());
            if let Some((a, b)) = printed.lines().zip(printed2.lines()).find(|(a, b)| a != b) {
                failures.push(format!(
                    "{}: printing is not stable:\n{a}\n{b}",
                    path.display()
                ));
                continue;
            }
            assert_eq!(printed.len(), printed2.len(), "{}", path.display());
            let (d1, d2) = (dump::file(&file), dump::file(&file2));
            if d1 != d2 {
                let at = d1
                    .bytes()
                    .zip(d2.bytes())
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                let lo = at.saturating_sub(200);
                failures.push(format!(
                    "{}: the printed form parses differently:\n{}\n{}",
                    path.display(),
                    &d1[lo..(at + 200).min(d1.len())],
                    &d2[lo..(at + 200).min(d2.len())]
                ));
                continue;
            }
            assert_eq!(dump::file(&file2), dump::file(&file3), "{}", path.display());
            let _ = text;
        }
        assert!(
            failures.is_empty(),
            "{} files failed:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
);

// The default limits leave real configurations untouched: every attribute
// of every corpus file evaluates (with the standard library, and no
// variables) without reaching a depth limit or the evaluation budget.
hcl_test_shared::shared_test!(
    corpus_attributes_evaluate_within_the_default_limits,
    corpus,
    |dir| {
        let mut ctx = hcl_core::EvalContext::new();
        ctx.add_functions(&hcl_core::function::stdlib::functions());
        let mut evaluated = 0;
        for path in common::config_files(dir) {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let (body, _) = hcl_core::load::parse_source(&path.display().to_string(), &text);
            let (content, _) = body.all_content();
            let mut stack = vec![content];
            while let Some(content) = stack.pop() {
                for attr in content.attributes.iter() {
                    let (_, diags) = attr.expr.value(Some(&ctx));
                    let limit = diags.iter().find(|d| {
                        d.summary == "Evaluation limit exceeded"
                            || d.summary == "Maximum nesting depth exceeded"
                    });
                    assert!(limit.is_none(), "{}: {}", path.display(), diags);
                    evaluated += 1;
                }
                for block in &content.blocks {
                    stack.push(block.body.all_content().0);
                }
            }
        }
        assert!(evaluated > 10_000, "{evaluated} attributes");
    }
);
