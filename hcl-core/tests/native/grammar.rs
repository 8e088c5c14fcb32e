//! One table per production of the spec: input and the expected tree.

use super::{config_dump, expr_dump, template_dump};

fn check(table: &[(&str, &str)], f: fn(&str) -> String) {
    for (input, want) in table {
        assert_eq!(f(input), *want, "input: {input:?}");
    }
}

#[test]
fn literal_values_are_numbers_bools_and_null() {
    check(
        &[
            ("1", "1"),
            ("1.5", "1.5"),
            ("1e3", "1000"),
            ("2.5E-1", "0.25"),
            ("true", "true"),
            ("false", "false"),
            ("null", "null"),
        ],
        expr_dump,
    );
}

#[test]
fn collection_values_are_tuples_and_objects() {
    check(
        &[
            ("[]", "(tuple)"),
            ("[1, 2,]", "(tuple 1 2)"),
            ("[\n1,\n2\n]", "(tuple 1 2)"),
            ("{}", "(object)"),
            ("{a = 1, b: 2}", "(object (\"a\" 1) (\"b\" 2))"),
            ("{\n a = 1\n b = 2\n}", "(object (\"a\" 1) (\"b\" 2))"),
            ("{(a) = 1}", "(object ((var a) 1))"),
            ("{\"for\" = 1}", "(object ((template \"for\") 1))"),
            ("{1 = 2}", "(object (1 2))"),
            ("[(for), 1]", "(tuple (var for) 1)"),
        ],
        expr_dump,
    );
}

#[test]
fn variables_function_calls_and_namespaces() {
    check(
        &[
            ("a", "(var a)"),
            ("a-b_c", "(var a-b_c)"),
            ("é", "(var é)"),
            ("f()", "(call f)"),
            ("f(1, 2,)", "(call f 1 2)"),
            ("f(\n1,\n2\n)", "(call f 1 2)"),
            ("f(a...)", "(call... f (var a))"),
            ("provider::aws::arn(1)", "(call provider::aws::arn 1)"),
        ],
        expr_dump,
    );
}

#[test]
fn for_expressions_build_tuples_and_objects() {
    check(
        &[
            ("[for v in l : v]", "(for  v (var l) (var v))"),
            (
                "[for i, v in l : v if i < 2]",
                "(for i v (var l) (var v) if (< (var i) 2))",
            ),
            (
                "{for k, v in m : k => v}",
                "(for-object k v (var m) key (var k) (var v))",
            ),
            (
                "{for k, v in m : v => k...}",
                "(for-object k v (var m) key (var v) (var k) ...)",
            ),
            ("[\nfor v in l :\nv\n]", "(for  v (var l) (var v))"),
        ],
        expr_dump,
    );
}

#[test]
fn index_attribute_and_legacy_index_operators() {
    check(
        &[
            ("a.b", "(var a .b)"),
            ("a . b", "(var a .b)"),
            ("a[0]", "(var a [0])"),
            ("a[\"k\"]", "(var a [\"k\"])"),
            ("a.0", "(var a [legacy 0])"),
            ("a.b.0.c", "(var a .b [legacy 0] .c)"),
            ("a[b]", "(index (var a) (var b))"),
            ("a[-1]", "(index (var a) (- 1))"),
            ("f().x[1]", "(rel (call f) .x [1])"),
            ("[1][0]", "(rel (tuple 1) [0])"),
            ("a[b].c", "(rel (index (var a) (var b)) .c)"),
        ],
        expr_dump,
    );
}

#[test]
fn splat_operators_keep_their_trailing_traversal_rules() {
    check(
        &[
            ("a.*", "(splat (var a) *)"),
            ("a.*.b.c", "(splat (var a) (rel * .b .c))"),
            // The attribute-only splat stops at an index: it applies to the result.
            ("a.*.b[0]", "(rel (splat (var a) (rel * .b)) [0])"),
            ("a[*]", "(splat-full (var a) *)"),
            ("a[*].b[0]", "(splat-full (var a) (rel * .b [0]))"),
            ("a[*][*]", "(splat-full (var a) (splat-full * *))"),
            ("a.*.b.0", "(splat (var a) (rel * .b [legacy 0]))"),
        ],
        expr_dump,
    );
}

#[test]
fn operators_follow_the_spec_precedence_and_associativity() {
    check(
        &[
            ("a || b && c", "(|| (var a) (&& (var b) (var c)))"),
            ("a == b != c", "(!= (== (var a) (var b)) (var c))"),
            (
                "a < b == c > d",
                "(== (< (var a) (var b)) (> (var c) (var d)))",
            ),
            ("1 + 2 * 3", "(+ 1 (* 2 3))"),
            ("x / y * z", "(* (/ (var x) (var y)) (var z))"),
            ("a - b - c", "(- (- (var a) (var b)) (var c))"),
            ("a % b + c", "(+ (% (var a) (var b)) (var c))"),
            ("-1 + 2", "(+ (- 1) 2)"),
            ("!a && b", "(&& (! (var a)) (var b))"),
            ("- - a", "(- (- (var a)))"),
            ("-a.b", "(- (var a .b))"),
            ("a >= b <= c", "(<= (>= (var a) (var b)) (var c))"),
            ("(1 + 2) * 3", "(* (+ 1 2) 3)"),
        ],
        expr_dump,
    );
}

#[test]
fn conditional_operator_is_lowest_and_right_nested() {
    check(
        &[
            ("a ? b : c", "(? (var a) (var b) (var c))"),
            ("a || b ? 1 : 2", "(? (|| (var a) (var b)) 1 2)"),
            (
                "a ? b : c ? d : e",
                "(? (var a) (var b) (? (var c) (var d) (var e)))",
            ),
            ("a ? b ? 1 : 2 : 3", "(? (var a) (? (var b) 1 2) 3)"),
        ],
        expr_dump,
    );
}

#[test]
fn quoted_templates_have_literals_interpolations_and_escapes() {
    check(
        &[
            ("\"\"", "(template \"\")"),
            ("\"a\"", "(template \"a\")"),
            (r#""a\nb\t\"\\""#, "(template \"a\\nb\\t\\\"\\\\\")"),
            (r#""\u00e9\U0001F600""#, "(template \"é😀\")"),
            ("\"$${a} %%{b}\"", "(template \"${a} %{b}\")"),
            ("\"$ and %\"", "(template \"$ and %\")"),
            ("\"${a}\"", "(wrap (var a))"),
            ("\"x${a}y\"", "(template \"x\" (interp (var a)) \"y\")"),
            ("\"${\"${a}\"}\"", "(wrap (wrap (var a)))"),
            (
                "\"${\"\"}${true}\"",
                "(template (interp (template \"\")) (interp true))",
            ),
        ],
        expr_dump,
    );
}

#[test]
fn strip_markers_trim_adjacent_literal_spaces() {
    check(
        &[
            (
                "\"hello ${~ \"world\" }\"",
                "(template \"hello\" (interp (template \"world\")))",
            ),
            ("\"a ${b ~} c\"", "(template \"a \" (interp (var b)) \"c\")"),
            (
                "\"%{ if true ~} hello %{~ endif }\"",
                "(template (if true (then \"hello\") (else)))",
            ),
            (
                "\"${\"hello\" ~}${\" world\"}\"",
                "(template (interp (template \"hello\")) (interp (template \" world\")))",
            ),
        ],
        expr_dump,
    );
}

#[test]
fn template_directives_nest() {
    check(
        &[
            (
                "\"%{if a}x%{else}y%{endif}\"",
                "(template (if (var a) (then \"x\") (else \"y\")))",
            ),
            (
                "\"%{ for v in l }${v},%{ endfor }\"",
                "(template (for  v (var l) (interp (var v)) \",\"))",
            ),
            (
                "\"%{ for k, v in m }%{ if v }${k}%{ endif }%{ endfor }\"",
                "(template (for k v (var m) (if (var v) (then (interp (var k))) (else))))",
            ),
        ],
        expr_dump,
    );
}

#[test]
fn heredocs_keep_lines_and_flush_strips_indentation() {
    check(
        &[
            (
                "<<EOT\nhello\n  world\nEOT\n",
                "(template \"hello\\n  world\\n\")",
            ),
            ("<<EOT\nhello\n  EOT\n", "(template \"hello\\n\")"),
            (
                "<<-EOT\n    a\n      b\n    EOT\n",
                "(template \"a\\n  b\\n\")",
            ),
            (
                "<<-EOT\n    a\n\n    b\n  EOT\n",
                "(template \"a\\n\\nb\\n\")",
            ),
            ("<<EOT\n${a}\nEOT\n", "(template (interp (var a)) \"\\n\")"),
            (
                "<<EOT\na\\nb $${x}\nEOT\n",
                "(template \"a\\\\nb ${x}\\n\")",
            ),
            ("<<END_OF-IT\nx\nEND_OF-IT\n", "(template \"x\\n\")"),
            ("<<EOT\r\nx\r\nEOT\r\n", "(template \"x\\r\\n\")"),
        ],
        expr_dump,
    );
}

#[test]
fn standalone_templates_allow_any_text() {
    check(
        &[
            ("", "(template \"\")"),
            ("hello", "(template \"hello\")"),
            ("a\n\"b\"\n", "(template \"a\\n\\\"b\\\"\\n\")"),
            ("${a}", "(wrap (var a))"),
            ("x $", "(template \"x $\")"),
            (
                "%{ for v in [true] }${v}%{ endfor }",
                "(template (for  v (tuple true) (interp (var v))))",
            ),
        ],
        template_dump,
    );
}

#[test]
fn bodies_hold_attributes_blocks_and_one_line_blocks() {
    check(
        &[
            ("", "(body)"),
            ("a = 1", "(body (attr a 1))"),
            ("a = 1\nb = 2\n", "(body (attr a 1) (attr b 2))"),
            ("b {}\n", "(body (block b (body)))"),
            ("b \"x\" y {\n}\n", "(body (block b \"x\" \"y\" (body)))"),
            ("b { a = 1 }\n", "(body (block b (body (attr a 1))))"),
            (
                "b \"x\\ty\" {\n  c {\n    d = true\n  }\n}",
                "(body (block b \"x\\ty\" (body (block c (body (attr d true))))))",
            ),
            ("# c\n// c\n/* c */ a = 1 # end\n", "(body (attr a 1))"),
            (
                "a = 1\r\nb {\r\n}\r\n",
                "(body (attr a 1) (block b (body)))",
            ),
            ("\u{feff}a = 1\n", "(body (attr a 1))"),
            ("a = [\n  1,\n  2,\n]\n", "(body (attr a (tuple 1 2)))"),
            (
                "a = <<EOT\nx\nEOT\nb = 2\n",
                "(body (attr a (template \"x\\n\")) (attr b 2))",
            ),
        ],
        config_dump,
    );
}
