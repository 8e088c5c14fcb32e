//! Files with syntax errors are refused with the parser's diagnostics.

use hcl_core::format::{format, format_source};
use hcl_core::SourceFile;

#[test]
fn syntax_errors_refuse_with_ranged_diagnostics() {
    let cases = [
        ("a = \n", "Invalid expression"),
        ("b {\n  c = 1\n", "Unclosed configuration block"),
        ("a = [1,\n", "Missing expression"),
        ("a = 1\na = 2\n", "Attribute redefined"),
        ("a = \"x\n", "Unterminated template string"),
    ];
    for (src, summary) in cases {
        let diags = format(src).unwrap_err();
        let first = diags.iter().next().unwrap();
        assert!(
            diags.iter().any(|d| d.summary == summary),
            "{src:?}: {diags}"
        );
        assert!(first.subject.is_some(), "{src:?}: {first}");
    }
}

#[test]
fn diagnostics_name_the_source_file() {
    let file = SourceFile::new("dir/main.tf", "x = (\n");
    let diags = format_source(&file).unwrap_err();
    let first = diags.iter().next().unwrap();
    let subject = first.subject.as_ref().unwrap();
    assert_eq!(subject.filename(), "dir/main.tf");
}
