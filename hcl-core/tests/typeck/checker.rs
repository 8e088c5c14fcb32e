//! One test per checker construct: the type computed and the diagnostics
//! (summary and the source text of their subject).

use std::collections::BTreeMap;

use hcl_core::function::{Function, Functions, Param};
use hcl_core::native::{parse_config, parse_expression};
use hcl_core::pos::SourceFile;
use hcl_core::typeck::{
    check_expr, check_file, parse_type, Checker, ExtendedType, SigParam, Signature, TypeScope,
};
use hcl_core::value::{self, Value};
use hcl_core::Limits;

fn t(s: &str) -> ExtendedType {
    parse_type(s).unwrap()
}

fn scope() -> TypeScope {
    let mut base = Functions::new();
    base.insert(
        "upper",
        Function::builder()
            .param(Param::new("str", value::Type::String))
            .returns(value::Type::String)
            .implementation(|args, _| Ok(args[0].clone())),
    );
    base.insert(
        "length",
        Function::builder()
            .param(Param::new("value", value::Type::Dynamic).allow_dynamic())
            .returns(value::Type::Number)
            .implementation(|_, _| Ok(Value::from(0))),
    );
    base.insert(
        "join",
        Function::builder()
            .param(Param::new("separator", value::Type::String))
            .param(Param::new("list", value::Type::list(value::Type::String)))
            .returns(value::Type::String)
            .implementation(|args, _| Ok(args[0].clone())),
    );
    let mut s = TypeScope::with_functions(&base);
    for (name, ty) in [
        ("n", "number"),
        ("i", "int"),
        ("s", "string"),
        ("b", "bool"),
        ("maybe_s", "optional(string)"),
        ("ob", "output(bool)"),
        ("os", "output(string)"),
        ("pi", "promise(int)"),
        ("ids", "list(string)"),
        ("tags", "map(string)"),
        ("pair", "tuple([int, string])"),
        (
            "bucket",
            "object({id=output(string), arn=output(string), tags=optional(map(string))})",
        ),
        ("maybe_obj", "optional(object({name=string, size=int}))"),
        (
            "either",
            "union(object({name=string}), object({name=int, extra=bool}))",
        ),
        ("subnets", "list(object({id=output(string), cidr=string}))"),
        ("osubnets", "output(list(object({id=string})))"),
        ("anything", "any"),
        ("maybe_os", "optional(output(string))"),
        (
            "lists",
            "union(list(object({id=int})), set(object({id=string})))",
        ),
        ("nothing", "none"),
    ] {
        s.set_variable(name, t(ty));
    }
    s.set_function(
        "make_bucket",
        Signature::new(
            [
                SigParam::new("name", ExtendedType::String),
                SigParam::new("size", ExtendedType::optional(ExtendedType::Int)),
            ],
            t("output(object({id=string}))"),
        ),
    );
    s.set_function(
        "await_it",
        Signature::new(
            [SigParam::new("v", t("output(string)"))],
            ExtendedType::Bool,
        ),
    );
    s.set_function(
        "await_all",
        Signature::new(
            [SigParam::new("v", t("list(output(string))"))],
            ExtendedType::Bool,
        ),
    );
    s.set_function(
        "join_all",
        Signature::new(
            [SigParam::new("sep", ExtendedType::String)],
            ExtendedType::String,
        )
        .variadic(SigParam::new("parts", ExtendedType::String)),
    );
    s
}

/// The type of `src` and its diagnostics as `summary @ subject text`.
fn check(src: &str) -> (ExtendedType, Vec<String>) {
    let file = SourceFile::new("<expr>", src);
    let (expr, pd) = parse_expression(&file, &Limits::default());
    assert!(pd.is_empty(), "{src}: {pd:?}");
    let (ty, diags) = check_expr(hcl_core::native::ExprNode::of(&expr).unwrap(), &scope());
    let msgs = diags
        .iter()
        .map(|d| {
            let r = d.subject.clone().unwrap();
            format!(
                "{} @ {}",
                d.summary,
                &src[r.start.byte as usize..r.end.byte as usize]
            )
        })
        .collect();
    (ty, msgs)
}

fn ok(src: &str, want: &str) {
    let (ty, diags) = check(src);
    assert!(diags.is_empty(), "{src}: {diags:?}");
    assert_eq!(ty, t(want), "{src}");
}

fn err(src: &str, want: &str, diag: &str) {
    let (ty, diags) = check(src);
    assert_eq!(diags, vec![diag.to_string()], "{src}");
    assert_eq!(ty, t(want), "{src}");
}

#[test]
fn literals_integral_numbers_are_int() {
    ok("42", "int");
    ok("4.5", "number");
    ok("1e3", "int");
    ok("true", "bool");
    ok("null", "none");
    ok("\"hi\"", "string");
    ok("[1, \"a\"]", "tuple([int, string])");
    ok("{a = 1, \"b\" = true}", "object({a=int, b=bool})");
}

#[test]
fn literals_integers_are_exact_beyond_256_bits() {
    // 2^256, and 10^200 + 1 (about 665 bits): both exact ints.
    ok(
        "115792089237316195423570985008687907853269984665640564039457584007913129639936",
        "int",
    );
    ok(&format!("1{}1", "0".repeat(199)), "int");
    let file = SourceFile::new("<e>", format!("1{}1", "0".repeat(199)));
    let (expr, _) = parse_expression(&file, &Limits::default());
    let hcl_core::native::ExprKind::Literal(hcl_core::native::Literal::Number(n)) =
        hcl_core::native::ExprNode::of(&expr).unwrap().kind()
    else {
        panic!()
    };
    assert_eq!(n.to_string(), format!("1{}1", "0".repeat(199)));
}

#[test]
fn variables_unknown_is_reported() {
    ok("maybe_s", "optional(string)");
    err("nope", "any", "Unknown variable @ nope");
}

#[test]
fn operators_arithmetic_int_and_number() {
    ok("1 + 2", "int");
    ok("i * 2 - 1", "int");
    ok("i / 2", "number");
    ok("n + i", "number");
    ok("-i", "int");
    ok("\"3\" + 1", "number");
    err("1 + true", "number", "Invalid operand @ true");
    err("-b", "number", "Invalid operand @ b");
}

#[test]
fn operators_logic_comparison_equality() {
    ok("b && !b", "bool");
    ok("i < n", "bool");
    ok("s == ids", "bool");
    err("[1] || b", "bool", "Invalid operand @ [1]");
    err("null > 1", "bool", "Invalid operand @ null");
}

#[test]
fn operators_on_eventuals_are_eventual() {
    ok("pi + 1", "promise(int)");
    ok("pi + length(os)", "output(number)");
    ok("!ob", "output(bool)");
    ok("os == \"x\"", "output(bool)");
    err("ob + 1", "output(number)", "Invalid operand @ ob");
}

#[test]
fn operands_of_unions_with_eventual_elements_are_eventual() {
    ok("\"id-${maybe_os}\"", "output(string)");
    ok("maybe_os == null", "output(bool)");
    ok("upper(maybe_os)", "output(string)");
    // The union rule: each element unified with the other arm.
    ok(
        "b ? maybe_os : \"x\"",
        "union(none, output(string), string)",
    );
    ok("ob ? maybe_os : \"x\"", "output(optional(string))");
}

#[test]
fn conditionals_unify_arms() {
    ok("b ? 1 : 2.5", "number");
    ok("b ? \"x\" : null", "optional(string)");
    ok("b ? i : \"x\"", "string");
    ok("b ? bucket.id : \"none\"", "output(string)");
    ok(
        "b ? {a = 1} : {b = \"x\"}",
        "object({a=optional(int), b=optional(string)})",
    );
    err(
        "b ? 1 : [1]",
        "union(int, tuple([int]))",
        "Inconsistent conditional result types @ 1 : [1]",
    );
}

#[test]
fn conditionals_eventual_condition_makes_result_eventual() {
    ok("ob ? 1 : 2", "output(int)");
    ok("pi > 2 ? \"a\" : \"b\"", "promise(string)");
    err("i ? 1 : 2", "int", "Incorrect condition type @ i");
    ok("s ? 1 : 2", "int");
    err("ids ? 1 : 2", "int", "Incorrect condition type @ ids");
}

#[test]
fn templates_are_strings_interpolations_checked() {
    ok("\"a${i}b${s}\"", "string");
    ok("\"${os}-${pi}\"", "output(string)");
    ok("\"${i}\"", "int");
    ok("\"%{if b}x%{else}y%{endif}\"", "string");
    ok("\"%{if ob}x%{endif}\"", "output(string)");
    ok("\"%{for x in ids}${x},%{endfor}\"", "string");
    err(
        "\"a${ids}\"",
        "string",
        "Invalid template interpolation value @ ids",
    );
    err(
        "\"%{for x in 1}${x}%{endfor}\"",
        "string",
        "Iteration over non-iterable value @ 1",
    );
}

#[test]
fn attribute_access_through_objects_unions_and_optionals() {
    ok("bucket.arn", "output(string)");
    ok("bucket.tags", "optional(map(string))");
    ok("bucket.tags.env", "optional(string)");
    ok("maybe_obj.size", "optional(int)");
    ok("either.name", "union(int, string)");
    ok("either.extra", "bool");
    ok("anything.x.y[1]", "any");
    err("bucket.nope", "any", "Unsupported attribute @ .nope");
    err("s.length", "any", "Unsupported attribute @ .length");
    err(
        "nothing.x",
        "any",
        "Attempt to get attribute from null value @ .x",
    );
}

#[test]
fn index_access_through_collections_and_eventuals() {
    ok("ids[0]", "string");
    ok("ids[i]", "string");
    ok("tags[\"env\"]", "string");
    ok("tags[s]", "string");
    ok("pair[1]", "string");
    ok("pair[i]", "union(int, string)");
    ok("osubnets[0].id", "output(string)");
    ok("ids[pi]", "promise(string)");
    ok("subnets[0].id", "output(string)");
    err("pair[2]", "any", "Invalid index @ [2]");
    err("ids[tags]", "any", "Invalid index @ [tags]");
    err("s[0]", "any", "Invalid index @ [0]");
}

#[test]
fn for_expressions_tuple_and_object_forms() {
    ok("[for x in ids : upper(x)]", "list(string)");
    ok("[for k, v in tags : \"${k}=${v}\"]", "list(string)");
    ok("{for s in subnets : s.cidr => s.id}", "map(output(string))");
    ok(
        "{for s in subnets : s.cidr => s.id...}",
        "map(list(output(string)))",
    );
    ok("[for i, x in pair : i]", "list(int)");
    ok("[for x in ids : x if x != \"\"]", "list(string)");
    ok("[for x in osubnets : x.id]", "output(list(string))");
    ok("[for x in ids : x if ob]", "output(list(string))");
    err(
        "[for x in s : x]",
        "list(any)",
        "Iteration over non-iterable value @ s",
    );
    err(
        "[for x in null : x]",
        "list(any)",
        "Iteration over null value @ null",
    );
    err(
        "{for x in ids : [x] => x}",
        "map(string)",
        "Invalid object key @ [x]",
    );
    err(
        "[for x in ids : x if i]",
        "list(string)",
        "Invalid 'for' condition @ i",
    );
}

#[test]
fn splats_over_lists_tuples_and_single_values() {
    ok("subnets[*].id", "list(output(string))");
    ok("subnets.*.cidr", "list(string)");
    ok("osubnets[*].id", "output(list(string))");
    ok("maybe_obj[*].name", "list(string)");
    ok("bucket[*].arn", "tuple([output(string)])");
    ok("lists[*].id", "list(union(int, string))");
    ok("either[*].name", "tuple([union(int, string)])");
    err(
        "subnets[*].nope",
        "list(any)",
        "Unsupported attribute @ .nope",
    );
}

#[test]
fn function_calls_against_signatures() {
    ok("upper(s)", "string");
    ok("length(ids)", "number");
    ok("make_bucket(\"logs\", null)", "output(object({id=string}))");
    ok("make_bucket(\"logs\", 3).id", "output(string)");
    ok("upper(os)", "output(string)");
    ok("await_it(os)", "bool");
    ok("join_all(\",\", s, \"x\", i)", "string");
    ok("join_all(ids...)", "string");
    err("upper(ids)", "string", "Invalid function argument @ ids");
    err(
        "make_bucket(\"x\")",
        "output(object({id=string}))",
        "Not enough function arguments @ )",
    );
    err("upper(s, s)", "string", "Too many function arguments @ s");
    err("nofunc(1)", "any", "Call to unknown function @ nofunc");
    err("await_it([1])", "bool", "Invalid function argument @ [1]");
}

#[test]
fn body_check_file_reports_every_attribute() {
    let src = SourceFile::new(
        "main.hcl",
        "a = 1\nresource \"bucket\" \"logs\" {\n  arn = bucket.arn\n  bad = s.x\n}\n",
    );
    let (file, _) = parse_config(&src, &Limits::default());
    let (types, diags) = check_file(&file, &scope());
    let got: Vec<(String, String)> = types
        .iter()
        .map(|a| (a.path.clone(), a.ty.to_string()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("a".into(), "int".into()),
            ("resource.bucket.logs.arn".into(), "output(string)".into()),
            ("resource.bucket.logs.bad".into(), "any".into()),
        ]
    );
    let d = diags.iter().next().unwrap();
    assert_eq!(d.summary, "Unsupported attribute");
    assert_eq!(
        (
            d.subject.clone().unwrap().start.line,
            d.subject.clone().unwrap().start.column
        ),
        (4, 10)
    );
}

#[test]
fn body_arguments_against_input_types() {
    let src = SourceFile::new("main.hcl", "name = bucket.id\nsize = [1]\nextra = 1\n");
    let (file, _) = parse_config(&src, &Limits::default());
    let scope = scope();
    let inputs = BTreeMap::from([
        ("name".to_string(), t("output(string)")),
        ("size".to_string(), t("optional(output(int))")),
        ("region".to_string(), t("string")),
        ("acl".to_string(), t("optional(string)")),
    ]);
    let mut checker = Checker::new(&src, &scope);
    checker.check_arguments(file.body(), &inputs);
    let summaries: Vec<String> = checker.finish().iter().map(|d| d.summary.clone()).collect();
    assert_eq!(
        summaries,
        [
            "Incorrect attribute value type",
            "Unsupported argument",
            "Missing required argument"
        ]
    );
}

#[test]
fn recorded_types_cover_every_subexpression() {
    let src = SourceFile::new("<e>", "i + 1");
    let (expr, _) = parse_expression(&src, &Limits::default());
    let scope = scope();
    let mut checker = Checker::new(&src, &scope).record_types();
    checker.expr(hcl_core::native::ExprNode::of(&expr).unwrap());
    let rec: Vec<(&str, String)> = checker
        .recorded()
        .map(|(range, ty)| (src.text_of(&range), ty.to_string()))
        .collect();
    assert_eq!(
        rec,
        vec![
            ("i", "int".into()),
            ("1", "int".into()),
            ("i + 1", "int".into())
        ]
    );
}

/// "Pulumi lifts eventuals found anywhere inside arguments": an argument
/// holding eventuals (a tuple, object, for expression or splat of outputs)
/// to a prompt parameter makes the call eventual.
#[test]
fn function_calls_lift_eventuals_inside_arguments() {
    for (src, want) in [
        ("join(\",\", [bucket.arn, \"x\"])", "output(string)"),
        ("join(\",\", [for s in subnets : s.id])", "output(string)"),
        ("join(\",\", subnets[*].id)", "output(string)"),
        ("join(\",\", osubnets[*].id)", "output(string)"),
        ("join(\",\", [pi])", "promise(string)"),
        ("join(\",\", [pi, os])", "output(string)"),
        ("join(\",\", [\"a\", \"b\"])", "string"),
        ("join(os, ids)", "output(string)"),
        ("length({a = os})", "output(number)"),
        ("length([ob, 1])", "output(number)"),
        ("length([[pi]])", "promise(number)"),
        ("upper(b ? os : \"x\")", "output(string)"),
        ("upper(\"${pi}\")", "promise(string)"),
        ("join(\",\", b ? [os] : [])", "output(string)"),
        (
            "make_bucket(upper(os), [pi][0])",
            "output(object({id=string}))",
        ),
        // A parameter taking eventuals takes them where they are.
        ("await_it(os)", "bool"),
        ("await_all([os, \"x\"])", "bool"),
        ("await_all(subnets[*].id)", "bool"),
        ("await_all(osubnets[*].id)", "output(bool)"),
    ] {
        ok(src, want);
    }
    err(
        "join(\",\", [os, [1]])",
        "output(string)",
        "Invalid function argument @ [os, [1]]",
    );
    let (_, diags) = check_detail("join(\",\", [os, [1]])");
    assert_eq!(
        diags,
        ["Invalid value for \"list\" parameter: list(string) required, but have tuple([output(string), tuple([int])])."]
    );
}

/// Operands, conditions, keys and interpolations wait for eventuals
/// anywhere inside them; collections to iterate only for the eventual
/// around them.
#[test]
fn eventuals_inside_values_make_operations_eventual() {
    for (src, want) in [
        // Operators.
        ("[os] == [\"x\"]", "output(bool)"),
        ("{a = pi} != null", "promise(bool)"),
        ("[pi, os] == []", "output(bool)"),
        ("-[pi][0]", "promise(int)"),
        // Conditions.
        ("[ob][0] ? 1 : 2", "output(int)"),
        ("b ? [os] : []", "list(output(string))"),
        ("ob ? [os] : [\"x\"]", "output(tuple([string]))"),
        // Templates.
        ("\"${[os][0]}-${pi}\"", "output(string)"),
        ("\"%{for x in [os]}${x}%{endfor}\"", "output(string)"),
        ("\"%{if [ob][0]}x%{endif}\"", "output(string)"),
        // Keys: index, object and for keys.
        ("tags[os]", "output(string)"),
        ("ids[[pi][0]]", "promise(string)"),
        ("{(os) = 1}", "output(map(int))"),
        (
            "{for x in ids : \"${x}-${os}\" => x}",
            "output(map(string))",
        ),
        ("[for x in ids : x if x == [os][0]]", "output(list(string))"),
        // Collections: elements stay eventual.
        (
            "[for x in [os, \"a\"] : x]",
            "list(union(output(string), string))",
        ),
        ("[os, \"a\"][1]", "string"),
        ("{a = os}.a", "output(string)"),
        ("[pi, os]", "tuple([promise(int), output(string)])"),
        ("{a = [pi]}", "object({a=tuple([promise(int)])})"),
        ("[{id = os}][*].id", "tuple([output(string)])"),
    ] {
        ok(src, want);
    }
    err("[pi] + 1", "promise(number)", "Invalid operand @ [pi]");
    // A lone interpolation yields its value unconverted; with text around
    // it the value must be a string.
    ok("\"${[os]}\"", "tuple([output(string)])");
    err(
        "\"x${[os]}\"",
        "output(string)",
        "Invalid template interpolation value @ [os]",
    );
    let (_, diags) = check_detail("\"x${[os]}\"");
    assert_eq!(
        diags,
        ["Cannot include the given value in a string template: string required, but have tuple([output(string)])."]
    );
    err(
        "{a = ob} ? 1 : 2",
        "output(int)",
        "Incorrect condition type @ {a = ob}",
    );
    let (_, diags) = check_detail("{a = ob} ? 1 : 2");
    assert_eq!(
        diags,
        ["The condition expression must be of type bool, but have object({a=output(bool)})."]
    );
}

/// Arguments checked against input types take eventuals inside their
/// values where the input is eventual.
#[test]
fn body_arguments_lift_eventuals_inside_values() {
    let src = SourceFile::new(
        "main.hcl",
        "list = [os, \"x\"]\nobj = {a = os, b = pi}\npromised = [os]\nouts = [os, \"x\"]\nplain = [os]\n",
    );
    let (file, _) = parse_config(&src, &Limits::default());
    let scope = scope();
    let inputs = BTreeMap::from([
        ("list".to_string(), t("output(list(string))")),
        (
            "obj".to_string(),
            t("optional(output(object({a=string, b=number})))"),
        ),
        ("promised".to_string(), t("promise(list(string))")),
        ("outs".to_string(), t("list(output(string))")),
        ("plain".to_string(), t("list(string)")),
    ]);
    let mut checker = Checker::new(&src, &scope);
    checker.check_arguments(file.body(), &inputs);
    let got: Vec<String> = checker.finish().iter().map(|d| d.detail.clone()).collect();
    assert_eq!(
        got,
        [
            "Inappropriate value for attribute \"promised\": promise(list(string)) required, but have tuple([output(string)]).",
            "Inappropriate value for attribute \"plain\": list(string) required, but have tuple([output(string)]).",
        ]
    );
}

#[test]
fn json_files_check_template_strings_in_every_value() {
    let text = r#"{
  "//": "a comment",
  "name": "logs-${bucket.arn}",
  "count": 3,
  "ratio": 1.5,
  "tags": {"env": "${s}", "${os}": 1},
  "list": ["${i + 1}", null, true],
  "bad": "${s.x}",
  "broken": "${(}"
}"#;
    let src = SourceFile::new("main.tf.json", text);
    let (types, diags) = hcl_core::typeck::check_source(&src, &scope());
    let got: Vec<(String, String)> = types
        .iter()
        .map(|a| (a.path.clone(), a.ty.to_string()))
        .collect();
    assert_eq!(
        got,
        [
            ("name", "output(string)"),
            ("count", "int"),
            ("ratio", "number"),
            ("tags", "output(map(string))"),
            ("list", "tuple([int, none, bool])"),
            ("bad", "any"),
            ("broken", "any"),
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    let summaries: Vec<(String, u32)> = diags
        .iter()
        .map(|d| (d.summary.clone(), d.subject.clone().unwrap().start.line))
        .collect();
    assert_eq!(summaries[0], ("Unsupported attribute".to_string(), 8));
    assert_eq!(summaries[1].1, 9);
    assert_eq!(summaries.len(), 2, "{summaries:?}");
    // The attribute's range is its name.
    assert_eq!(types[0].range.start.line, 3);
}

#[test]
fn json_files_property_names_with_templates_make_maps() {
    for (text, want, diag) in [
        (r#"{"a": {"${s}": 1, "b": 2}}"#, "map(int)", None),
        (r#"{"a": {"${os}": "x"}}"#, "output(map(string))", None),
        (
            r#"{"a": {"${pair}": 1}}"#,
            "map(int)",
            Some("Incorrect key type"),
        ),
        (
            r#"{"a": {"x${ids}": 1}}"#,
            "map(int)",
            Some("Invalid template interpolation value"),
        ),
        (
            r#"{"a": [{"$${s}": 1}]}"#,
            "tuple([object({\"$${s}\"=int})])",
            None,
        ),
    ] {
        let src = SourceFile::new("t.json", text);
        let (types, diags) = hcl_core::typeck::check_source(&src, &scope());
        assert_eq!(types[0].ty, t(want), "{text}");
        let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_str()).collect();
        assert_eq!(summaries, diag.into_iter().collect::<Vec<_>>(), "{text}");
    }
}

/// The diagnostics' details of checking `src`.
fn check_detail(src: &str) -> (ExtendedType, Vec<String>) {
    let file = SourceFile::new("<expr>", src);
    let (expr, _) = parse_expression(&file, &Limits::default());
    let (ty, diags) = check_expr(hcl_core::native::ExprNode::of(&expr).unwrap(), &scope());
    (ty, diags.iter().map(|d| d.detail.clone()).collect())
}
