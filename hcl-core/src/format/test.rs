//! The passes on small inputs, table by table, one table per rule. The
//! cases include hashicorp's own `hclwrite` format tests (as behaviour);
//! some inputs are bare expressions, which the passes take as they take
//! files (only [`format`] refuses what does not parse).

use super::lines::{lines, Line};
use super::tokens::Tokens;
use super::*;

/// Formats without the syntax check.
fn fmt(src: &str) -> String {
    format_tokens(src, usize::MAX).unwrap()
}

#[track_caller]
fn check_table(cases: &[(&str, &str)]) {
    for (input, want) in cases {
        assert_eq!(fmt(input), *want, "input: {input:?}");
        assert_eq!(fmt(want), *want, "not idempotent on {want:?}");
    }
}

#[test]
fn empty_input_stays_empty() {
    check_table(&[("", ""), ("\n", "\n"), ("\n\n", "\n\n")]);
}

#[test]
fn assignment_has_one_space_each_side() {
    check_table(&[
        ("a=1", "a = 1"),
        ("a   =    1\n", "a = 1\n"),
        ("a=b.c", "a = b.c"),
        ("a=-1", "a = -1"),
    ]);
}

#[test]
fn dots_indexes_and_calls_are_tight() {
    check_table(&[
        ("a=b[c]", "a = b[c]"),
        ("a=b()[c]", "a = b()[c]"),
        ("a=[\"hello\"][0]", "a = [\"hello\"][0]"),
        ("a = b . c [ 0 ] . d", "a = b.c[0].d"),
        // Only a name's `(` is a call's: the reference spaces the rest.
        ("a = f (1) ( 2 )", "a = f(1) (2)"),
        ("a = x[*].id", "a = x[*].id"),
        ("a = x.*.id", "a = x.*.id"),
        ("a = x.0.1", "a = x.0.1"),
    ]);
}

#[test]
fn binary_operators_are_spaced() {
    check_table(&[
        ("( a+2 )", "(a + 2)"),
        ("( a*2 )", "(a * 2)"),
        ("x = a==b&&c!=d||!e", "x = a == b && c != d || !e"),
        ("x = a<=b ? c>=d : e<f", "x = a <= b ? c >= d : e < f"),
        ("x = a%b/c", "x = a % b / c"),
        ("a?b:c", "a ? b : c"),
    ]);
}

#[test]
fn minus_after_an_operand_subtracts_else_negates() {
    check_table(&[
        ("( a+-2 )", "(a + -2)"),
        ("( a*-2 )", "(a * -2)"),
        ("(-2+1)", "(-2 + 1)"),
        ("x = a -b", "x = a - b"),
        // `a-b` is one name: a `-` may continue an identifier.
        ("x = a-b", "x = a-b"),
        ("x = a - - b", "x = a - -b"),
        ("x = [-1, - 2]", "x = [-1, -2]"),
        ("x = { a = - 1 }", "x = { a = -1 }"),
        ("x = c ? - 1 : - 2", "x = c ? -1 : -2"),
        ("x = a == - 1", "x = a == -1"),
        ("x = a && - 1", "x = a && -1"),
        ("x = ! - 1", "x = !-1"),
        ("x = f(a) - 1", "x = f(a) - 1"),
        ("x = a[0] - 1", "x = a[0] - 1"),
        ("- 1", "-1"),
    ]);
}

#[test]
fn bang_hugs_its_operand() {
    check_table(&[("! true", "!true"), ("x = ! ! a", "x = !!a")]);
}

#[test]
fn commas_and_ellipses() {
    check_table(&[
        ("foo(1, -2,a*b, b,c)", "foo(1, -2, a * b, b, c)"),
        ("foo(a,b...)", "foo(a, b...)"),
        ("foo(a,b ...)", "foo(a, b...)"),
        ("x = [ 1 , 2 , ]", "x = [1, 2, ]"),
    ]);
}

#[test]
fn brackets_hug_their_contents_but_braces_are_spaced() {
    check_table(&[
        ("[ [ ] ]", "[[]]"),
        ("x = ( 1 )", "x = (1)"),
        ("b{}", "b {}"),
        ("b { }", "b {}"),
        ("b {a = 1}\n", "b { a = 1 }\n"),
        ("x = {a=1}", "x = { a = 1 }"),
        ("x = [{a=1},{}]", "x = [{ a = 1 }, {}]"),
    ]);
}

#[test]
fn in_keyword_of_for_is_spaced_from_a_tuple() {
    check_table(&[
        ("[for x in y : x]", "[for x in y : x]"),
        ("[for x in [y] : x]", "[for x in [y] : x]"),
        (
            "x = {for k,v in m: k=>v...}",
            "x = { for k, v in m : k => v... }",
        ),
        ("x = in[0]", "x = in[0]"),
        (
            "x = [for x in y: x if x>0]",
            "x = [for x in y : x if x > 0]",
        ),
    ]);
}

#[test]
fn template_sequences_are_tight_and_text_kept() {
    check_table(&[
        ("a=\"hello ${ name }\"", "a = \"hello ${name}\""),
        ("a=\"hello ${~ name ~}\"", "a = \"hello ${~name~}\""),
        ("a=\"${b}${c}${ d } ${e}\"", "a = \"${b}${c}${d} ${e}\""),
        (
            "\"%{if true}${var.foo}%{endif}\"",
            "\"%{if true}${var.foo}%{endif}\"",
        ),
        ("a = \"  spaced   text  \"", "a = \"  spaced   text  \""),
        ("a = \"${ f( 1,2 ) }\"", "a = \"${f(1, 2)}\""),
        ("a = \"$${ x } %%{ y }\"", "a = \"$${ x } %%{ y }\""),
        ("a = \"${{a=1}}\"", "a = \"${ { a = 1 } }\""),
        (
            "a = \"%{ for x in xs }${x}%{ endfor }\"",
            "a = \"%{for x in xs}${x}%{endfor}\"",
        ),
    ]);
}

#[test]
fn multi_line_sequences_are_indented() {
    check_table(&[("\n\"${\nhello\n}\"\n", "\n\"${\n  hello\n}\"\n")]);
}

#[test]
fn heredoc_text_is_kept_and_its_lines_not_indented() {
    check_table(&[
        (
            "foo {\nbar = <<EOT\nFoo bar baz\nEOT\n}\n",
            "foo {\n  bar = <<EOT\nFoo bar baz\nEOT\n}\n",
        ),
        (
            "foo {\nbar = <<-EOT\n  Foo bar baz\n    EOT\n}\n",
            "foo {\n  bar = <<-EOT\n  Foo bar baz\n    EOT\n}\n",
        ),
        (
            "foo {\nbar = <<-EOT\n  blahblahblah = x\nEOT\n}\n",
            "foo {\n  bar = <<-EOT\n  blahblahblah = x\nEOT\n}\n",
        ),
        (
            "foo {\nbar = <<-EOT\n  ${{ blahblahblah = x }}\nEOT\n}\n",
            "foo {\n  bar = <<-EOT\n  ${ { blahblahblah = x } }\nEOT\n}\n",
        ),
        (
            "foo {\n  bar = <<-EOT\n  ${a}${b}${ c } ${d}\nEOT\n}\n",
            "foo {\n  bar = <<-EOT\n  ${a}${b}${c} ${d}\nEOT\n}\n",
        ),
        (
            "foo {\nbar = <<EOT\nFoo bar baz\nEOT\nbaz = <<EOT\nFoo bar baz\nEOT\n}\n\nbar {\nfoo = \"bar\"\n}\n",
            "foo {\n  bar = <<EOT\nFoo bar baz\nEOT\n  baz = <<EOT\nFoo bar baz\nEOT\n}\n\nbar {\n  foo = \"bar\"\n}\n",
        ),
        (
            "\nmodule \"foo\" {\nfoo = <<EOF\n5\nEOF\n}\n\nmodule \"x\" {\na = \"b\"\nabcde = \"456\"\n}",
            "\nmodule \"foo\" {\n  foo = <<EOF\n5\nEOF\n}\n\nmodule \"x\" {\n  a     = \"b\"\n  abcde = \"456\"\n}",
        ),
        // Brackets in heredoc text open nothing.
        (
            "a {\nb = <<EOT\n{ [ (\nEOT\nc = 1\n}\n",
            "a {\n  b = <<EOT\n{ [ (\nEOT\n  c = 1\n}\n",
        ),
    ]);
}

#[test]
fn blocks_and_collections_indent_two_spaces_per_level() {
    check_table(&[
        ("\nb {\na = 1\n}\n", "\nb {\n  a = 1\n}\n"),
        (
            "\nfoo(\n1,\n- 2,\na*b,\nb,\nc,\n)\n",
            "\nfoo(\n  1,\n  -2,\n  a * b,\n  b,\n  c,\n)\n",
        ),
        ("\n[\n[\na\n]\n]\n", "\n[\n  [\n    a\n  ]\n]\n"),
        (
            "\nfoo {\nbar {\n# ...\n}\n}\n",
            "\nfoo {\n  bar {\n    # ...\n  }\n}\n",
        ),
        (
            "\nfoo {\nbar = {\n# ...\n}\n}\n",
            "\nfoo {\n  bar = {\n    # ...\n  }\n}\n",
        ),
        (
            "\nfoo {\nbar = [\n# ...\n]\n}\n",
            "\nfoo {\n  bar = [\n    # ...\n  ]\n}\n",
        ),
        ("\nfoo {\n# ...\n}\n", "\nfoo {\n  # ...\n}\n"),
        ("\nfoo = {\n# ...\n}\n", "\nfoo = {\n  # ...\n}\n"),
        ("\nfoo = [\n# ...\n]\n", "\nfoo = [\n  # ...\n]\n"),
        ("\nfoo = [{\n# ...\n}]\n", "\nfoo = [{\n  # ...\n}]\n"),
        ("a {\n      b = 1\n    }\n", "a {\n  b = 1\n}\n"),
    ]);
}

#[test]
fn several_brackets_on_one_line_are_one_level() {
    check_table(&[
        ("\n[[\na\n]]\n", "\n[[\n  a\n]]\n"),
        ("\n[[\n[\na\n]\n]]\n", "\n[[\n  [\n    a\n  ]\n]]\n"),
        // Degenerate: brackets that do not pair up line by line.
        ("\n[[\n[\na\n]]\n]\n", "\n[[\n  [\n    a\n  ]]\n]\n"),
    ]);
}

#[test]
fn equals_align_in_runs_of_assignments() {
    check_table(&[
        ("\na = 1\nbungle = 2\n", "\na      = 1\nbungle = 2\n"),
        // A blank line ends the run.
        ("\na = 1\n\nbungle = 2\n", "\na = 1\n\nbungle = 2\n"),
        // So does a line that opens a multi-line value.
        (
            "a = 1\nbb = {\nc = 2\n}\nddd = 3\n",
            "a = 1\nbb = {\n  c = 2\n}\nddd = 3\n",
        ),
        // Within a block, the indentation counts.
        (
            "b {\nx = 1\nlong = 2\n}\n",
            "b {\n  x    = 1\n  long = 2\n}\n",
        ),
        // Only the first `=` of a line counts.
        ("a = b == c\nlonger = 1\n", "a      = b == c\nlonger = 1\n"),
        ("x = { a = 1 }\nyy = 2\n", "x  = { a = 1 }\nyy = 2\n"),
    ]);
}

#[test]
fn trailing_comments_align_in_runs() {
    check_table(&[
        ("\na = 1 # foo\nbungle = 2\n", "\na      = 1 # foo\nbungle = 2\n"),
        (
            "\na = 1 # foo\nbungle = \"bonce\" # baz\n",
            "\na      = 1       # foo\nbungle = \"bonce\" # baz\n",
        ),
        (
            "\n# here we go\na = 1 # foo\nbungle = \"bonce\" # baz\n",
            "\n# here we go\na      = 1       # foo\nbungle = \"bonce\" # baz\n",
        ),
        (
            "\nfoo {} # here we go\na = 1 # foo\nbungle = \"bonce\" # baz\n",
            "\nfoo {}           # here we go\na      = 1       # foo\nbungle = \"bonce\" # baz\n",
        ),
        (
            "\na = 1 # foo\nbungle = \"bonce\" # baz\nzebra = \"striped\" # baz\n",
            "\na      = 1         # foo\nbungle = \"bonce\"   # baz\nzebra  = \"striped\" # baz\n",
        ),
        (
            "\na = 1 # foo\nbungle = (\n    \"bonce\"\n) # baz\nzebra = \"striped\" # baz\n",
            "\na = 1 # foo\nbungle = (\n  \"bonce\"\n)                 # baz\nzebra = \"striped\" # baz\n",
        ),
        (
            "\na=\"apple\"# foo\nbungle=(# woo parens\n\"bonce\"\n)# baz\nzebra=\"striped\"# baz\n",
            "\na = \"apple\" # foo\nbungle = (  # woo parens\n  \"bonce\"\n)                 # baz\nzebra = \"striped\" # baz\n",
        ),
        ("a = 1 // slashes\nbb = 2 // too\n", "a  = 1 // slashes\nbb = 2 // too\n"),
        // A block comment before the newline is code, not a comment cell.
        ("a = 1 /* c */\nbb = 2 # d\n", "a  = 1 /* c */\nbb = 2 # d\n"),
    ]);
}

#[test]
fn columns_count_grapheme_clusters() {
    check_table(&[(
        "\n𝒜 = 1 # foo\nbungle = \"🇬🇧\" # baz\nzebra = \"striped\" # baz\n",
        "\n𝒜      = 1         # foo\nbungle = \"🇬🇧\"       # baz\nzebra  = \"striped\" # baz\n",
    )]);
}

#[test]
fn trailing_blanks_are_dropped_but_blanks_before_the_end_kept() {
    check_table(&[
        ("a = 1   \n", "a = 1\n"),
        ("a = 1\n   \n", "a = 1\n\n"),
        ("a = 1 # c  \n", "a = 1 # c  \n"),
        // As the reference: blanks after the last newline are kept.
        ("a = 1\n  ", "a = 1\n  "),
    ]);
}

#[test]
fn tabs_are_blanks() {
    check_table(&[("a\t=\t1\n\tb = 2 \t\n", "a = 1\nb = 2\n")]);
}

#[test]
fn carriage_returns_are_kept() {
    check_table(&[
        ("a=1\r\nbb=2\r\n", "a  = 1\r\nbb = 2\r\n"),
        ("b {\r\na=1 # c\r\n}\r\n", "b {\r\n  a = 1 # c\r\n}\r\n"),
    ]);
}

#[test]
fn byte_order_mark_is_dropped_as_the_reference_drops_it() {
    check_table(&[("\u{feff}a=1\n", "a = 1\n")]);
}

#[test]
fn a_dot_that_would_join_two_numbers_keeps_a_space_before_it() {
    // A deliberate difference: the reference writes `x.0.1` (invalid) and
    // `1.5` (another number); see COMPAT.md.
    check_table(&[
        ("a = x . 0 . 1", "a = x.0 .1"),
        ("a = 1 .5", "a = 1 .5"),
        ("a = x.0 . e5", "a = x.0 .e5"),
        // Where nothing joins, dots are tight as usual.
        ("a = x . 0 . b", "a = x.0.b"),
        ("a = x . 0 . e", "a = x.0.e"),
        ("a = x[0] . 1", "a = x[0].1"),
    ]);
}

#[test]
fn namespaced_function_names_stay_tight() {
    // A deliberate difference: hashicorp's v2.14.1 lexes `::` as two `:`
    // and spaces them (see COMPAT.md).
    check_table(&[("x = provider :: p :: f(1)", "x = provider::p::f(1)")]);
}

fn cells(src: &str) -> Vec<(String, String, String)> {
    let toks = Tokens::lex(src);
    let text = |r: std::ops::Range<usize>| r.map(|i| toks.text(i)).collect::<Vec<_>>().join("|");
    lines(&toks)
        .iter()
        .map(|l: &Line| {
            (
                text(l.start..l.assign),
                text(l.assign..l.comment),
                text(l.comment..l.end),
            )
        })
        .collect()
}

fn cell(lead: &str, assign: &str, comment: &str) -> (String, String, String) {
    (lead.into(), assign.into(), comment.into())
}

#[test]
fn lines_split_into_lead_assign_and_comment_cells() {
    assert_eq!(cells(""), [cell("", "", "")]);
    assert_eq!(cells("a"), [cell("a", "", "")]);
    assert_eq!(cells("a\n1"), [cell("a|\n", "", ""), cell("1", "", "")]);
    assert_eq!(
        cells("a#foo\n1"),
        [cell("a", "", "#foo\n"), cell("1", "", "")]
    );
    assert_eq!(cells("a=1"), [cell("a", "=|1", "")]);
    assert_eq!(
        cells("a=1#foo\n"),
        [cell("a", "=|1", "#foo\n"), cell("", "", "")]
    );
    // A comment alone on its line is the lead: it stays with the indent.
    assert_eq!(cells("#foo\n"), [cell("#foo\n", "", ""), cell("", "", "")]);
    // An `=` that opens a multi-line value is not an assign cell.
    assert_eq!(
        cells("a = [\n]"),
        [cell("a|=|[|\n", "", ""), cell("]", "", "")]
    );
}

#[test]
fn syntax_errors_are_refused_with_the_parse_diagnostics() {
    for src in ["a = [1,\n", "a = \n", "b {\n", "a = \"x\n", "a = 1 }\n"] {
        let diags = format(src).unwrap_err();
        assert!(diags.has_errors(), "{src:?}");
    }
}

#[test]
fn output_beyond_the_limit_is_refused() {
    let src = format!("{} = 1\n{}", "a".repeat(100), "b = 1\n".repeat(100));
    assert!(format_tokens(&src, 1000).is_none());
    assert!(format_tokens(&src, 100_000).is_some());
}
