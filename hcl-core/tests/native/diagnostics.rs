//! Every syntax diagnostic: summary and exact range (line, column, byte),
//! with the reference's wording.

use hcl_core::native::{parse_config, parse_expression, parse_template, parse_traversal_abs};
use hcl_core::Limits;
use hcl_core::SourceFile;

use super::describe;

fn config(src: &str) -> Vec<String> {
    let f = SourceFile::new("t.hcl", src);
    describe(&parse_config(&f, &Limits::default()).1)
}

fn check(table: &[(&str, &[&str])]) {
    for (input, want) in table {
        assert_eq!(config(input), *want, "input: {input:?}");
    }
}

/// At the end of the input only the innermost construct left open is
/// reported (recovering from it reaches the end).
#[test]
fn constructs_open_at_the_end_are_reported_once() {
    check(&[
        (
            "v = [\"a",
            &["Unterminated template string @ 1:8-1:8 [7..7]"],
        ),
        (
            "a {\n  b {",
            &["Unclosed configuration block @ 2:5-2:6 [8..9]"],
        ),
        (
            "a {\n  b = \"x",
            &["Unterminated template string @ 2:9-2:9 [12..12]"],
        ),
        ("v = f([\"${", &["Missing expression @ 1:11-1:11 [10..10]"]),
    ]);
}

#[test]
fn structure_diagnostics_match_the_reference() {
    check(&[
        (
            "a = \"a value\", b = \"b value\"",
            &["Unexpected comma after argument @ 1:14-1:15 [13..14]"],
        ),
        (
            "a = 1 2",
            &["Missing newline after argument @ 1:7-1:8 [6..7]"],
        ),
        ("a {", &["Unclosed configuration block @ 1:3-1:4 [2..3]"]),
        (
            "x {\n a = 1\n",
            &["Unclosed configuration block @ 1:3-1:4 [2..3]"],
        ),
        ("\"a\" = 1", &["Invalid argument name @ 1:1-1:2 [0..1]"]),
        ("a b", &["Invalid block definition @ 1:4-1:4 [3..3]"]),
        (
            "a = b\nc",
            &["Argument or block definition required @ 2:1-2:2 [6..7]"],
        ),
        (
            "= 1",
            &["Argument or block definition required @ 1:1-1:2 [0..1]"],
        ),
        (
            "b \"x\" = 1",
            &["Invalid block definition @ 1:7-1:8 [6..7]"],
        ),
        (
            "b \"x\"\n{\n}",
            &["Invalid block definition @ 1:6-2:1 [5..6]"],
        ),
        (
            "b {}}",
            &["Missing newline after block definition @ 1:5-1:6 [4..5]"],
        ),
        (
            "b { a = 1, c = 2 }",
            &["Invalid single-argument block definition @ 1:10-1:11 [9..10]"],
        ),
        (
            "b { a = 1\n}",
            &["Invalid single-argument block definition @ 1:10-2:1 [9..10]"],
        ),
        (
            "b { d {} }",
            &["Argument definition required @ 1:5-1:8 [4..7]"],
        ),
        (
            "b { d }",
            &["Argument or block definition required @ 1:5-1:6 [4..5]"],
        ),
        ("a = 1\na = 2", &["Attribute redefined @ 2:1-2:2 [6..7]"]),
    ]);
}

#[test]
fn expression_diagnostics_match_the_reference() {
    check(&[
        ("a = ", &["Missing expression @ 1:5-1:5 [4..4]"]),
        ("a = )", &["Invalid expression @ 1:5-1:6 [4..5]"]),
        ("a = 1 +", &["Missing expression @ 1:8-1:8 [7..7]"]),
        ("a = [1 2]", &["Missing item separator @ 1:8-1:9 [7..8]"]),
        (
            "a = [1",
            &["Unterminated tuple constructor expression @ 1:5-1:6 [4..5]"],
        ),
        (
            "a = {b = 1 c = 2}",
            &["Missing attribute separator @ 1:12-1:13 [11..12]"],
        ),
        ("a = {b}", &["Missing key/value separator @ 1:7-1:8 [6..7]"]),
        (
            "a = {b c}",
            &["Missing key/value separator @ 1:8-1:9 [7..8]"],
        ),
        ("a = {b\n}", &["Missing attribute value @ 1:7-2:1 [6..7]"]),
        (
            "a = {b = 1",
            &["Unterminated object constructor expression @ 1:5-1:6 [4..5]"],
        ),
        (
            "a = f(1 2)",
            &["Missing argument separator @ 1:9-1:10 [8..9]"],
        ),
        ("a = f(1", &["Unterminated function call @ 1:5-1:7 [4..6]"]),
        (
            "a = f(x..., y)",
            &["Missing closing parenthesis @ 1:8-1:11 [7..10]"],
        ),
        ("a = x::", &["Missing function name @ 1:8-1:8 [7..7]"]),
        ("a = x::y", &["Missing open parenthesis @ 1:9-1:9 [8..8]"]),
        ("a = (1", &["Unbalanced parentheses @ 1:7-1:7 [6..6]"]),
        ("a = b.", &["Invalid attribute name @ 1:7-1:7 [6..6]"]),
        (
            "a = b.0.1",
            &["Invalid legacy index syntax @ 1:7-1:10 [6..9]"],
        ),
        (
            "a = b.*.*",
            &["Nested splat expression not allowed @ 1:9-1:10 [8..9]"],
        ),
        (
            "a = b[*",
            &["Missing close bracket on splat index @ 1:8-1:8 [7..7]"],
        ),
        (
            "a = b[1",
            &["Missing close bracket on index @ 1:8-1:8 [7..7]"],
        ),
        (
            "a = c ? 1",
            &["Missing false expression in conditional @ 1:10-1:10 [9..9]"],
        ),
        ("a = 1.2.3", &["Invalid number literal @ 1:5-1:10 [4..9]"]),
    ]);
}

#[test]
fn for_expression_diagnostics_match_the_reference() {
    check(&[
        ("a = [for]", &["Invalid 'for' expression @ 1:9-1:10 [8..9]"]),
        (
            "a = [for x,]",
            &["Invalid 'for' expression @ 1:12-1:13 [11..12]"],
        ),
        (
            "a = [for x y]",
            &["Invalid 'for' expression @ 1:12-1:13 [11..12]"],
        ),
        (
            "a = [for x in y]",
            &["Invalid 'for' expression @ 1:16-1:17 [15..16]"],
        ),
        (
            "a = [for x in y: x => x]",
            &["Invalid 'for' expression @ 1:18-1:19 [17..18]"],
        ),
        (
            "a = [for x in y: x...]",
            &["Invalid 'for' expression @ 1:19-1:22 [18..21]"],
        ),
        (
            "a = {for x in y: x}",
            &["Invalid 'for' expression @ 1:18-1:19 [17..18]"],
        ),
        (
            "a = [for x in y: x z]",
            &["Invalid 'for' expression @ 1:20-1:21 [19..20]"],
        ),
    ]);
}

#[test]
fn template_diagnostics_match_the_reference() {
    check(&[
        (
            "a = \"foo",
            &["Unterminated template string @ 1:9-1:9 [8..8]"],
        ),
        (
            "a = \"foo\nb = 1\n",
            &[
                "Invalid multi-line string @ 1:9-2:1 [8..9]",
                "Invalid multi-line string @ 2:6-3:1 [14..15]",
                "Unterminated template string @ 1:9-2:1 [8..9]",
            ],
        ),
        (
            "a = \"${b\"",
            &["Unclosed template interpolation sequence @ 1:6-1:8 [5..7]"],
        ),
        (
            "a = \"${b c}\"",
            &["Extra characters after interpolation expression @ 1:10-1:11 [9..10]"],
        ),
        (
            "a = \"${b:c}\"",
            &["Extra characters after interpolation expression @ 1:9-1:10 [8..9]"],
        ),
        (
            "a = \"%{ bogus }\"",
            &["Invalid template control keyword @ 1:9-1:14 [8..13]"],
        ),
        (
            "a = \"%{ 1 }\"",
            &["Invalid template directive @ 1:9-1:10 [8..9]"],
        ),
        (
            "a = \"%{ if x }\"",
            &["Unexpected end of template @ 1:15-1:16 [14..15]"],
        ),
        (
            "a = \"%{ for x in y }\"",
            &["Unexpected end of template @ 1:21-1:22 [20..21]"],
        ),
        (
            "a = \"%{ endif }\"",
            &["Unexpected endif directive @ 1:6-1:16 [5..15]"],
        ),
        (
            "a = \"%{ endfor }\"",
            &["Unexpected endfor directive @ 1:6-1:17 [5..16]"],
        ),
        (
            "a = \"%{ else }\"",
            &["Unexpected else directive @ 1:6-1:15 [5..14]"],
        ),
        (
            "a = \"%{if x}%{else}%{else}%{endif}\"",
            &[
                "Unexpected else directive @ 1:20-1:27 [19..26]",
                "Unexpected endif directive @ 1:27-1:35 [26..34]",
            ],
        ),
        (
            "a = \"%{for x in y}%{endif}\"",
            &["Unexpected endif directive @ 1:19-1:27 [18..26]"],
        ),
        (
            "a = \"%{if x}%{endfor}\"",
            &["Unexpected endfor directive @ 1:13-1:22 [12..21]"],
        ),
        (
            "a = \"%{ if x y }%{ endif }\"",
            &["Extra characters in if marker @ 1:14-1:15 [13..14]"],
        ),
        (
            "a = \"%{ for }%{ endfor }\"",
            &[
                "Invalid 'for' directive @ 1:13-1:14 [12..13]",
                "Unexpected endfor directive @ 1:14-1:25 [13..24]",
            ],
        ),
        ("a = \"\\q\"", &["Invalid escape sequence @ 1:6-1:8 [5..7]"]),
        (
            "b \"${x}\" {}",
            &["Invalid string literal @ 1:4-1:6 [3..5]"],
        ),
        (
            "b \"x",
            &[
                "Unterminated string literal @ 1:5-1:5 [4..4]",
                "Invalid block definition @ 1:5-1:5 [4..4]",
            ],
        ),
        (
            "a = <<EOT\nx\n",
            &["Unterminated template string @ 3:1-3:1 [12..12]"],
        ),
    ]);
}

#[test]
fn lexical_diagnostics_match_the_reference() {
    check(&[
        (
            "a = b &c",
            &[
                "Unsupported operator @ 1:7-1:8 [6..7]",
                "Missing newline after argument @ 1:7-1:8 [6..7]",
            ],
        ),
        (
            "a = 'b'",
            &[
                "Invalid character @ 1:5-1:6 [4..5]",
                "Invalid expression @ 1:5-1:6 [4..5]",
            ],
        ),
        (
            "a = 1;",
            &[
                "Invalid character @ 1:6-1:7 [5..6]",
                "Missing newline after argument @ 1:6-1:7 [5..6]",
            ],
        ),
        (
            "a = \u{201c}b\u{201d}",
            &[
                "Invalid character @ 1:5-1:6 [4..7]",
                "Invalid character @ 1:7-1:8 [8..11]",
                "Invalid expression @ 1:5-1:6 [4..7]",
            ],
        ),
        (
            "a = `b`",
            &[
                "Invalid character @ 1:5-1:6 [4..5]",
                "Invalid expression @ 1:5-1:6 [4..5]",
            ],
        ),
        (
            "a = 1 /* open",
            &[
                "Invalid character @ 1:7-1:14 [6..13]",
                "Missing newline after argument @ 1:7-1:14 [6..13]",
            ],
        ),
    ]);
}

#[test]
fn one_pass_reports_errors_of_several_items() {
    check(&[(
        "a = )\nb = ]\nc = 1\nd = 1 2\ne = [\n",
        &[
            "Invalid expression @ 1:5-1:6 [4..5]",
            "Invalid expression @ 2:5-2:6 [10..11]",
            "Missing newline after argument @ 4:7-4:8 [24..25]",
            "Missing expression @ 6:1-6:1 [32..32]",
        ],
    )]);
}

#[test]
fn invalid_utf8_is_one_positioned_diagnostic() {
    let (file, diags) =
        hcl_core::native::parse_bytes("t.hcl", b"a = 1\nb = \xff\xfe\nc = 2\n", &Limits::default());
    let d = describe(&diags);
    assert_eq!(d[0], "Invalid character encoding @ 2:5-2:6 [10..11]");
    assert_eq!(file.body().attributes().len(), 3);
    assert_eq!(file.body().attributes().nth(2).unwrap().name(), "c");
    let (_, diags) = hcl_core::native::parse_bytes("t.hcl", b"a = \"\xc3\"\n", &Limits::default());
    assert_eq!(
        describe(&diags),
        ["Invalid character encoding @ 1:6-1:7 [5..6]"]
    );
}

#[test]
fn standalone_entry_points_report_their_own_errors() {
    let f = SourceFile::new("e", "1 2");
    assert_eq!(
        describe(&parse_expression(&f, &Limits::default()).1),
        ["Extra characters after expression @ 1:3-1:4 [2..3]"]
    );
    let f = SourceFile::new("t", "a ${b");
    assert_eq!(
        describe(&parse_template(&f, &Limits::default()).1),
        ["Unclosed template interpolation sequence @ 1:1-1:3 [0..2]"]
    );
    let cases: &[(&str, &str)] = &[
        ("1", "Variable name required @ 1:1-1:2 [0..1]"),
        ("a.", "Attribute name required @ 1:3-1:3 [2..2]"),
        ("a.*", "Attribute name required @ 1:3-1:4 [2..3]"),
        ("a[*]", "Attribute name required @ 1:3-1:4 [2..3]"),
        ("a[b]", "Index value required @ 1:3-1:4 [2..3]"),
        ("a[1", "Unclosed index brackets @ 1:4-1:4 [3..3]"),
        ("a+", "Invalid character @ 1:2-1:3 [1..2]"),
    ];
    for (input, want) in cases {
        let f = SourceFile::new("t", *input);
        let (_, diags) = parse_traversal_abs(&f, &Limits::default());
        assert_eq!(describe(&diags), [*want], "{input:?}");
    }
}
