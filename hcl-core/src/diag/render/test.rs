use super::*;
use crate::pos::{ByteSpan, SourceMap};

/// The range of the `nth` occurrence (from 0) of `needle` in `file`.
fn range_of(file: &SourceFile, needle: &str, nth: usize) -> Range {
    let start = file
        .text()
        .match_indices(needle)
        .nth(nth)
        .map(|(i, _)| i)
        .unwrap();
    file.range(ByteSpan::new(start as u32, (start + needle.len()) as u32))
}

fn plain(diag: &Diagnostic, sources: &dyn SourceLookup) -> String {
    render(diag, sources, &RenderOptions::default())
}

#[test]
fn snippet_single_line_subject_is_underlined() {
    let file = SourceFile::new("main.hcl", "service \"web\" {\n  colour = \"red\"\n}\n");
    let diag = Diagnostic::error(
        "Unsupported argument",
        "An argument named \"colour\" is not expected here.",
    )
    .with_subject(range_of(&file, "colour", 0));
    assert_eq!(
        plain(&diag, &file),
        "Error: Unsupported argument\n\
         \n  on main.hcl line 2:\
         \n   2:   colour = \"red\"\
         \n        ^^^^^^\
         \n\
         \nAn argument named \"colour\" is not expected here.\
         \n\n"
    );
}

#[test]
fn snippet_context_range_widens_the_snippet_and_enclosing_names_it() {
    let file = SourceFile::new("main.hcl", "service \"web\" {\n  colour = \"red\"\n}\n");
    let block = file.range(ByteSpan::new(0, file.text().len() as u32 - 1));
    let diag = Diagnostic::error("Unsupported argument", "")
        .with_subject(range_of(&file, "colour", 0))
        .with_context(block);
    let enclosing = |_: &SourceFile, _: u32| Some("service \"web\"".to_string());
    let opts = RenderOptions {
        enclosing: Some(&enclosing),
        ..RenderOptions::default()
    };
    assert_eq!(
        render(&diag, &file, &opts),
        "Error: Unsupported argument\n\
         \n  on main.hcl line 2, in service \"web\":\
         \n   1: service \"web\" {\
         \n   2:   colour = \"red\"\
         \n        ^^^^^^\
         \n   3: }\
         \n\n"
    );
}

#[test]
fn snippet_context_lines_show_neighbours() {
    let file = SourceFile::new("f", "a = 1\nb = 2\nc = 3\nd = 4\n");
    let diag = Diagnostic::error("Bad", "").with_subject(range_of(&file, "c", 0));
    let opts = RenderOptions {
        context_lines: 1,
        ..RenderOptions::default()
    };
    assert_eq!(
        render(&diag, &file, &opts),
        "Error: Bad\n\
         \n  on f line 3:\
         \n   2: b = 2\
         \n   3: c = 3\
         \n      ^\
         \n   4: d = 4\
         \n\n"
    );
}

#[test]
fn snippet_context_too_long_to_show_falls_back_to_the_subject_lines() {
    let text: String = (1..=10).map(|i| format!("line{i}\n")).collect();
    let file = SourceFile::new("f", text.as_str());
    let whole = file.range(ByteSpan::new(0, text.len() as u32));
    let diag = Diagnostic::error("Bad", "")
        .with_subject(range_of(&file, "line5", 0))
        .with_context(whole);
    let opts = RenderOptions {
        max_lines: 5,
        ..RenderOptions::default()
    };
    assert_eq!(
        render(&diag, &file, &opts),
        "Error: Bad\n\n  on f line 5:\n   5: line5\n      ^^^^^\n\n"
    );
    // Within the limit the whole context shows, as the reference shows it.
    let shown = plain(&diag, &file);
    assert!(
        shown.contains("   1: line1\n") && shown.contains("  10: line10\n"),
        "{shown}"
    );
}

#[test]
fn snippet_multi_line_subject_underlines_each_line() {
    let file = SourceFile::new("f", "a = [\n  1,\n  2,\n]\n");
    let subject = file.range(ByteSpan::new(4, 17));
    let diag = Diagnostic::error("Bad list", "").with_subject(subject);
    assert_eq!(
        plain(&diag, &file),
        "Error: Bad list\n\
         \n  on f line 1:\
         \n   1: a = [\
         \n          ^\
         \n   2:   1,\
         \n      ^^^^\
         \n   3:   2,\
         \n      ^^^^\
         \n   4: ]\
         \n      ^\
         \n\n"
    );
}

#[test]
fn snippet_long_subject_is_capped_with_ellipsis() {
    let text: String = (1..=12).map(|i| format!("x{i}\n")).collect();
    let file = SourceFile::new("f", text.as_str());
    // From "x1" on line 1 to "x12" on line 12.
    let subject = file.range(ByteSpan::new(0, text.len() as u32 - 1));
    let diag = Diagnostic::warning("Long", "").with_subject(subject);
    let opts = RenderOptions {
        max_lines: 5,
        ..RenderOptions::default()
    };
    assert_eq!(
        render(&diag, &file, &opts),
        "Warning: Long\n\
         \n  on f line 1:\
         \n   1: x1\
         \n      ^^\
         \n   2: x2\
         \n      ^^\
         \n   3: x3\
         \n      ^^\
         \n   4: x4\
         \n      ^^\
         \n   …\
         \n  12: x12\
         \n      ^^^\
         \n\n"
    );
}

#[test]
fn snippet_empty_range_at_end_of_file_gets_one_caret() {
    let file = SourceFile::new("f", "a = 1\nb =");
    let end = file.text().len() as u32;
    let diag = Diagnostic::error("Missing expression", "An expression is required.")
        .with_subject(file.range(ByteSpan::new(end, end)));
    assert_eq!(
        plain(&diag, &file),
        "Error: Missing expression\n\
         \n  on f line 2:\
         \n   2: b =\
         \n         ^\
         \n\
         \nAn expression is required.\
         \n\n"
    );

    // An empty line is never shown, as in the reference.
    let file = SourceFile::new("g", "a = 1\n");
    let diag =
        Diagnostic::error("Unexpected end", "").with_subject(file.range(ByteSpan::new(6, 6)));
    assert_eq!(
        plain(&diag, &file),
        "Error: Unexpected end\n\n  on g line 2:\n\n"
    );
}

#[test]
fn snippet_columns_count_display_width_of_graphemes() {
    let file = SourceFile::new("f", "s = \"日本e\u{301}\" + bad\n");
    let diag = Diagnostic::error("Unknown variable", "").with_subject(range_of(&file, "bad", 0));
    assert_eq!(
        plain(&diag, &file),
        "Error: Unknown variable\n\
         \n  on f line 1:\
         \n   1: s = \"日本e\u{301}\" + bad\
         \n                    ^^^\
         \n\n"
    );
    // Wide characters get two carets each.
    let diag = Diagnostic::error("Wide", "").with_subject(range_of(&file, "日本", 0));
    assert_eq!(
        plain(&diag, &file),
        "Error: Wide\n\n  on f line 1:\n   1: s = \"日本e\u{301}\" + bad\n           ^^^^\n\n"
    );
}

#[test]
fn snippet_tabs_are_kept_and_repeated_in_the_caret_line() {
    let file = SourceFile::new("f", "\tfoo\t= 1\n");
    let diag = Diagnostic::error("Bad", "").with_subject(range_of(&file, "1", 0));
    assert_eq!(
        plain(&diag, &file),
        "Error: Bad\n\n  on f line 1:\n   1: \tfoo\t= 1\n      \t   \t  ^\n\n"
    );
    // A tab inside the subject stays a tab among the carets.
    let diag = Diagnostic::error("Bad", "").with_subject(range_of(&file, "foo\t", 0));
    assert_eq!(
        plain(&diag, &file),
        "Error: Bad\n\n  on f line 1:\n   1: \tfoo\t= 1\n      \t^^^\t\n\n"
    );
}

#[test]
fn severity_warning_and_error_are_named() {
    let file = SourceFile::new("f", "x\n");
    let subject = range_of(&file, "x", 0);
    let warn = Diagnostic::warning("Deprecated", "Use y.").with_subject(subject.clone());
    assert!(plain(&warn, &file).starts_with("Warning: Deprecated\n\n"));
    let err = Diagnostic::error("Broken", "").with_subject(subject);
    assert!(plain(&err, &file).starts_with("Error: Broken\n\n"));
}

#[test]
fn no_subject_renders_summary_and_detail_only() {
    let files = SourceMap::new();
    let diag = Diagnostic::error("Bad thing", "Something happened.");
    assert_eq!(
        plain(&diag, &files),
        "Error: Bad thing\n\nSomething happened.\n\n"
    );
    assert_eq!(
        plain(&Diagnostic::warning("Only summary", ""), &files),
        "Warning: Only summary\n\n"
    );
}

#[test]
fn a_file_without_source_renders_its_name_and_line_without_snippet() {
    let known = SourceFile::new("known", "a\n");
    let other = SourceFile::new("other", "a\nb\nc = 1\n");
    let diag = Diagnostic::error("Bad", "Detail.").with_subject(range_of(&other, "c", 0));
    assert_eq!(
        plain(&diag, &known),
        "Error: Bad\n\n  on other line 3:\n  (source code not available)\n\nDetail.\n\n"
    );
    let synthetic = Diagnostic::error("Bad", "").with_subject(Range::default());
    assert_eq!(
        plain(&synthetic, &known),
        "Error: Bad\n\n  on <no file> line 1:\n  (source code not available)\n\n"
    );
}

#[test]
fn colored_output_marks_severity_subject_and_carets() {
    let file = SourceFile::new("main.hcl", "a = 1\nb = tru\n");
    let opts = RenderOptions {
        color: true,
        ..RenderOptions::default()
    };
    let diag =
        Diagnostic::error("Unknown variable", "No tru.").with_subject(range_of(&file, "tru", 0));
    assert_eq!(
        render(&diag, &file, &opts),
        "\x1b[31mError\x1b[0m: Unknown variable\n\
         \n  on main.hcl line 2:\
         \n   2: b = \x1b[1;4mtru\x1b[0m\
         \n          \x1b[31m^^^\x1b[0m\
         \n\
         \nNo tru.\
         \n\n"
    );
    let warn = Diagnostic::warning("W", "").with_subject(range_of(&file, "1", 0));
    assert_eq!(
        render(&warn, &file, &opts),
        "\x1b[33mWarning\x1b[0m: W\n\n  on main.hcl line 1:\n   1: a = \x1b[1;4m1\x1b[0m\n          \x1b[33m^\x1b[0m\n\n"
    );
}

#[test]
fn detail_wraps_at_width_keeping_line_breaks_and_indent() {
    let diag = Diagnostic::error(
        "S",
        "There is no variable named tru in this scope.\n  - indented item that wraps",
    );
    let opts = RenderOptions {
        width: 20,
        ..RenderOptions::default()
    };
    assert_eq!(
        render(&diag, &SourceMap::new(), &opts),
        "Error: S\n\nThere is no variable\nnamed tru in this\nscope.\n  - indented item\n  that wraps\n\n"
    );
    assert_eq!(
        wrap("averyveryverylongword x", 5),
        "averyveryverylongword\nx"
    );
}

#[test]
fn render_all_concatenates_in_order() {
    let file = SourceFile::new("f", "x\n");
    let diags: Diagnostics = vec![
        Diagnostic::error("One", ""),
        Diagnostic::warning("Two", "").with_subject(range_of(&file, "x", 0)),
    ]
    .into();
    assert_eq!(
        render_all(&diags, &file, &RenderOptions::default()),
        "Error: One\n\nWarning: Two\n\n  on f line 1:\n   1: x\n      ^\n\n"
    );
}

#[test]
fn stale_ranges_past_the_end_do_not_panic() {
    let file = SourceFile::new("f", "é\n");
    let bogus = Range {
        filename: file.name_arc().clone(),
        start: crate::pos::Pos {
            line: 9,
            column: 9,
            byte: 1,
        },
        end: crate::pos::Pos {
            line: 12,
            column: 1,
            byte: 400,
        },
    };
    let out = plain(&Diagnostic::error("S", "").with_subject(bogus), &file);
    assert!(
        out.starts_with("Error: S\n\n  on f line 9:\n   1: é\n"),
        "{out}"
    );
}

#[test]
fn snippet_of_a_very_long_line_is_a_window_around_the_subject() {
    let text = format!("a = \"{}\" @ \"{}\"\n", "x".repeat(5000), "y".repeat(5000));
    let file = SourceFile::new("long.hcl", text.as_str());
    let diag = Diagnostic::error("Invalid character", "").with_subject(range_of(&file, "@", 0));
    let out = plain(&diag, &file);
    let lines: Vec<&str> = out.lines().collect();
    // 100 bytes on either side of the subject, with ellipses.
    let shown = format!("…{}\" @ \"{}…", "x".repeat(98), "y".repeat(98));
    assert_eq!(lines[3], format!("   1: {shown}"));
    assert_eq!(lines[4], format!("{}^", " ".repeat(6 + 1 + 100)));
    assert!(out.len() < 600, "{}", out.len());
}

#[test]
fn snippet_multi_line_subject_leaves_out_empty_lines_as_the_reference() {
    let file = SourceFile::new("f", "c = [\n  1,\n\n  2,\n]\n");
    let subject = file.range(ByteSpan::new(4, file.text().len() as u32 - 1));
    let diag = Diagnostic::error("Bad", "").with_subject(subject);
    assert_eq!(
        plain(&diag, &file),
        "Error: Bad\n\
         \n  on f line 1:\
         \n   1: c = [\
         \n          ^\
         \n   2:   1,\
         \n      ^^^^\
         \n   4:   2,\
         \n      ^^^^\
         \n   5: ]\
         \n      ^\
         \n\n"
    );
}

#[test]
fn snippet_range_ending_at_a_line_start_shows_that_line_as_the_reference() {
    // The reference tests the end offset for containment, so a range that
    // takes in a line break shows the next line too (without carets).
    let file = SourceFile::new("f", "a = 1\nb = 2\n");
    let diag = Diagnostic::error("Bad", "").with_subject(file.range(ByteSpan::new(0, 6)));
    assert_eq!(
        plain(&diag, &file),
        "Error: Bad\n\n  on f line 1:\n   1: a = 1\n      ^^^^^\n   2: b = 2\n\n"
    );
}

#[test]
fn snippet_line_numbers_take_four_columns_or_more_each() {
    let text: String = (1..=10_001).map(|i| format!("l{i}\n")).collect();
    let file = SourceFile::new("f", text.as_str());
    let start = text.find("l9999").unwrap();
    let end = text.find("l10000").unwrap() + 6;
    let diag = Diagnostic::error("Bad", "").with_subject(file.range_of(start..end));
    assert_eq!(
        plain(&diag, &file),
        "Error: Bad\n\n  on f line 9999:\n9999: l9999\n      ^^^^^\n10000: l10000\n       ^^^^^^\n\n"
    );
}

#[test]
fn snippet_bytes_that_were_not_utf8_show_as_replacement_characters_one_column_each() {
    // As loaded from `a = "\xff\xfe" + bad`: each bad byte became U+001A.
    let file = SourceFile::new("f", "a = \"\u{1a}\u{1a}\" + bad\n");
    let diag = Diagnostic::error("Unknown variable", "").with_subject(range_of(&file, "bad", 0));
    assert_eq!(
        plain(&diag, &file),
        "Error: Unknown variable\n\n  on f line 1:\n   1: a = \"\u{fffd}\u{fffd}\" + bad\n                 ^^^\n\n"
    );
    let diag = Diagnostic::error("Invalid character encoding", "").with_subject(range_of(
        &file,
        "\u{1a}\u{1a}",
        0,
    ));
    assert_eq!(
        plain(&diag, &file),
        "Error: Invalid character encoding\n\n  on f line 1:\n   1: a = \"\u{fffd}\u{fffd}\" + bad\n           ^^\n\n"
    );
}

#[test]
fn involved_values_follow_the_snippet_as_the_reference_lists_them() {
    use crate::diag::{Involved, InvolvedValue};
    use std::sync::Arc;
    let file = SourceFile::new("f", "a = upper(var.names)\n");
    let involved = Involved {
        values: vec![
            InvolvedValue {
                traversal: "var.names".into(),
                value: Some("list of string with 2 elements".into()),
            },
            InvolvedValue {
                traversal: "var.x".into(),
                value: None,
            },
        ],
        call: Some("upper(str)".into()),
    };
    let diag = Diagnostic::error("Invalid function argument", "Invalid value.")
        .with_subject(range_of(&file, "var.names", 0))
        .with_involved(Arc::new(involved));
    assert_eq!(
        plain(&diag, &file),
        "Error: Invalid function argument\n\
         \n  on f line 1:\
         \n   1: a = upper(var.names)\
         \n                ^^^^^^^^^\
         \n\
         \nwhile calling upper(str)\
         \nwith var.names as list of string with 2 elements,\
         \n     var.x set to null.\
         \n\
         \nInvalid value.\
         \n\n"
    );
    // Nothing involved, nothing shown.
    let diag = Diagnostic::error("S", "")
        .with_subject(range_of(&file, "a", 0))
        .with_involved(Arc::new(Involved::default()));
    assert!(diag.involved.is_none());
}

#[test]
fn caret_fill_fast_path_agrees_with_the_cluster_path_on_printable_ascii() {
    let texts = [
        "",
        "a",
        "\t",
        "a = 1",
        "\tfoo\t= \"x\" ~ [1, 2]",
        " !~{}|\t\t",
    ];
    for text in texts {
        for fill in [' ', '^'] {
            let (mut fast, mut general) = (String::new(), String::new());
            under(&mut fast, text, fill);
            under_clusters(&mut general, text, fill);
            assert_eq!(fast, general, "{text:?}");
        }
    }
    let every: String = (b' '..=b'~').map(char::from).collect();
    let (mut fast, mut general) = (String::new(), String::new());
    under(&mut fast, &every, '^');
    under_clusters(&mut general, &every, '^');
    assert_eq!(fast, general);
}
