//! Plain serde types (no derive) straight through `from_str`: native
//! blocks as nested structs, sequences and maps keyed by label; dynamic
//! targets; `Value` fields; and the hand-over to derived types.

#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, HashMap};

use hcl_core::value::Type;
use hcl_core::{EvalContext, Value};
use hcl_serde::HclDecode;
use serde::Deserialize;

#[derive(Deserialize, Debug, PartialEq)]
struct Service {
    port: u16,
    #[serde(default)]
    tags: Vec<String>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Tls {
    cert: String,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Config {
    name: String,
    service: BTreeMap<String, Service>,
    worker: Vec<Service>,
    tls: Option<Tls>,
    resource: BTreeMap<String, BTreeMap<String, Tls>>,
}

const CONFIG: &str = r#"
name = "shop"
service "web" {
  port = "8080"
  tags = ["a", "b"]
}
service "api" {
  port = 9090
}
worker {
  port = 1
}
worker {
  port = 2
}
tls {
  cert = "c.pem"
}
resource "aws_s3_bucket" "logs" {
  cert = "x"
}
resource "aws_s3_bucket" "data" {
  cert = "y"
}
"#;

#[test]
fn plain_struct_reads_blocks_as_maps_sequences_and_single_structs() {
    let c: Config = hcl_serde::from_str(CONFIG).unwrap();
    assert_eq!(c.name, "shop");
    assert_eq!(
        c.service["web"],
        Service {
            port: 8080,
            tags: vec!["a".into(), "b".into()]
        }
    );
    assert_eq!(c.service["api"].port, 9090);
    assert_eq!(c.worker.iter().map(|w| w.port).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(
        c.tls,
        Some(Tls {
            cert: "c.pem".into()
        })
    );
    assert_eq!(c.resource["aws_s3_bucket"]["data"].cert, "y");
    assert_eq!(c.resource["aws_s3_bucket"].len(), 2);
}

#[test]
fn dynamic_targets_get_the_json_syntax_representation_of_blocks() {
    let json: serde_json::Value = hcl_serde::from_str(CONFIG).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "name": "shop",
            "service": {
                "web": {"port": "8080", "tags": ["a", "b"]},
                "api": {"port": 9090}
            },
            "worker": [{"port": 1}, {"port": 2}],
            "tls": {"cert": "c.pem"},
            "resource": {"aws_s3_bucket": {"logs": {"cert": "x"}, "data": {"cert": "y"}}}
        })
    );
    let values: HashMap<String, Value> = hcl_serde::from_str(CONFIG).unwrap();
    let worker = values["worker"].as_elements().unwrap();
    assert_eq!(worker.len(), 2);
}

#[test]
fn a_second_block_for_a_single_field_is_a_duplicate() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct One {
        tls: Tls,
    }
    let err = hcl_serde::from_str::<One>("tls {\n  cert = \"a\"\n}\ntls {\n  cert = \"b\"\n}\n")
        .unwrap_err();
    let e = &err.entries()[0];
    assert_eq!(e.diagnostic.summary, "Duplicate tls block");
    assert_eq!(
        e.diagnostic.detail,
        "Only one tls block is allowed. Another was defined at <input>:1,1-4."
    );
    assert_eq!(e.diagnostic.subject.clone().unwrap().start.line, 4);
    assert_eq!(e.path, "tls");
}

#[test]
fn null_attributes_count_as_absent_for_plain_structs() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct S {
        a: Option<u8>,
        #[serde(default)]
        b: u8,
    }
    let s: S = hcl_serde::from_str("a = null\nb = null\n").unwrap();
    assert_eq!(s, S { a: None, b: 0 });
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Required {
        a: u8,
    }
    let err = hcl_serde::from_str::<Required>("a = null\n").unwrap_err();
    assert_eq!(
        err.entries()[0].diagnostic.detail,
        "The argument \"a\" is required, but its value is null."
    );
}

#[test]
fn conversion_errors_in_blocks_carry_the_block_path_and_range() {
    let src = "name = \"x\"\nservice \"web\" {\n  port = 70000\n}\nworker {\n  port = 1\n}\n";
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct C {
        name: String,
        service: BTreeMap<String, Service>,
    }
    let err = hcl_serde::from_str::<C>(src).unwrap_err();
    let e = &err.entries()[0];
    assert_eq!(e.path, "service[\"web\"].port");
    assert_eq!(
        e.diagnostic.detail,
        "Unsuitable value: 70000 is out of range for u16"
    );
    let r = e.diagnostic.subject.clone().unwrap();
    assert_eq!((r.start.line, r.start.column, r.end.column), (3, 10, 15));
}

#[test]
fn deny_unknown_fields_reports_unsupported_argument_with_a_suggestion() {
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Strict {
        port: u16,
    }
    let err = hcl_serde::from_str::<Strict>("port = 1\nprot = 2\n").unwrap_err();
    let e = &err.entries()[0];
    assert_eq!(e.diagnostic.summary, "Unsupported argument");
    assert_eq!(
        e.diagnostic.detail,
        "An argument named \"prot\" is not expected here. Did you mean \"port\"?"
    );
    let r = e.diagnostic.subject.clone().unwrap();
    assert_eq!((r.start.line, r.start.column), (2, 1));
    let err = hcl_serde::from_str::<Strict>("port = 1\nextra {}\n").unwrap_err();
    assert_eq!(
        err.entries()[0].diagnostic.summary,
        "Unsupported block type"
    );
}

#[test]
fn every_evaluation_error_of_a_body_is_reported() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct S {
        a: String,
        b: String,
    }
    let err = hcl_serde::from_str::<S>("a = var.x\nb = var.y\n").unwrap_err();
    let lines: Vec<u32> = err
        .entries()
        .iter()
        .map(|e| e.diagnostic.subject.clone().unwrap().start.line)
        .collect();
    assert_eq!(lines, [1, 2]);
    assert_eq!(err.entries()[0].diagnostic.summary, "Variables not allowed");
}

#[test]
fn value_fields_keep_the_exact_dynamic_value() {
    #[derive(Deserialize, Debug)]
    struct S {
        list: Vec<Value>,
        map: BTreeMap<String, Value>,
        any: Value,
    }
    let mut ctx = EvalContext::new();
    ctx.set_variable(
        "names",
        Value::list(Type::String, [Value::from("a"), Value::from("b")]).unwrap(),
    );
    ctx.set_variable("pending", Value::unknown(Type::Number));
    let src =
        "list = [1, \"x\", null]\nmap = { a = true }\nany = { names = names, later = pending }\n";
    let s: S = hcl_serde::from_str_with("s.hcl", src, Some(&ctx)).unwrap();
    assert_eq!(s.list[0], Value::from(1));
    assert_eq!(s.list[1], Value::from("x"));
    assert!(s.list[2].is_null());
    assert_eq!(s.map["a"], Value::from(true));
    let names = hcl_core::value::get_attr(&s.any, "names").unwrap();
    assert_eq!(names.ty(), Type::list(Type::String), "a list stays a list");
    let later = hcl_core::value::get_attr(&s.any, "later").unwrap();
    assert!(!later.is_known(), "an unknown stays unknown");
}

#[derive(HclDecode, Debug, PartialEq)]
struct Job {
    #[hcl(label)]
    name: String,
    count: u32,
    #[hcl(optional)]
    meta: BTreeMap<String, Value>,
}

#[test]
fn value_collections_in_derived_attribute_fields() {
    let j: Job = hcl_serde::from_str::<Wrap>("job \"a\" {\n  count = 1\n  meta = { x = 1 }\n}\n")
        .unwrap()
        .job
        .remove(0);
    assert_eq!(j.meta["x"], Value::from(1));
}

#[derive(HclDecode, Debug)]
struct Wrap {
    #[hcl(block)]
    job: Vec<Job>,
}

#[test]
fn derived_block_types_get_their_labels_in_sequences_and_maps() {
    let w: Wrap =
        hcl_serde::from_str("job \"a\" {\n  count = 1\n}\njob \"b\" {\n  count = 2\n}\n").unwrap();
    let names: Vec<&str> = w.job.iter().map(|j| j.name.as_str()).collect();
    assert_eq!(names, ["a", "b"]);
    #[derive(HclDecode, Debug)]
    struct ByName {
        #[hcl(block)]
        job: BTreeMap<String, Job>,
    }
    let b: ByName = hcl_serde::from_str("job \"a\" {\n  count = 1\n}\n").unwrap();
    assert_eq!(
        b.job["a"].name, "a",
        "a derived type with labels takes them all"
    );
    let err = hcl_serde::from_str::<Wrap>("job {\n  count = 1\n}\n").unwrap_err();
    assert_eq!(err.entries()[0].diagnostic.summary, "Missing name for job");
    let err = hcl_serde::from_str::<Wrap>("job \"a\" {\n  count = \"x\"\n}\n").unwrap_err();
    assert_eq!(err.entries()[0].path, "job[\"a\"].count");
}

#[test]
fn plain_structs_from_json_syntax_files() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct C {
        service: BTreeMap<String, Service>,
    }
    let src = r#"{"service": {"web": {"port": "80"}}}"#;
    let c: C = hcl_serde::from_str_with("c.json", src, None).unwrap();
    assert_eq!(c.service["web"].port, 80);
}

#[test]
fn many_distinct_block_types_and_labels_decode_in_linear_time() {
    // 20 000 resources with distinct labels and 20 000 distinct block
    // types: quadratic grouping would take minutes in a debug build.
    let mut src = String::new();
    for i in 0..20_000 {
        src.push_str(&format!(
            "resource \"t\" \"r{i}\" {{\n  cert = \"c\"\n}}\nb{i} {{\n}}\n"
        ));
    }
    let json: serde_json::Value = hcl_serde::from_str(&src).unwrap();
    assert_eq!(json["resource"]["t"].as_object().unwrap().len(), 20_000);
    assert!(json["b19999"].is_object());
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Nested {
    n: Option<Box<Nested>>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct DerivedRoot {
    #[hcl(block)]
    n: Option<Nested>,
}

#[test]
fn block_nesting_is_bounded_across_plain_and_derived_decoders() {
    use hcl_core::native::parse_body;
    use hcl_core::Limits;
    use hcl_core::SourceFile;
    let depth = 300;
    let src = format!("{}{}", "n {\n".repeat(depth), "}\n".repeat(depth));
    let opts = Limits::default().with_max_depth(1000);
    let (body, diags) = parse_body(&SourceFile::new("deep.hcl", src), &opts);
    assert!(diags.is_empty(), "{diags}");
    let err = hcl_serde::from_body::<Nested>(&body, None).unwrap_err();
    assert_eq!(err.summary(), "Maximum nesting depth exceeded");
    let err = hcl_serde::from_body::<DerivedRoot>(&body, None).unwrap_err();
    assert_eq!(err.summary(), "Maximum nesting depth exceeded");
}

/// Plain serde enums, externally tagged as hcl-rs reads them: a block
/// whose one nested block (or attribute) names the variant, an object
/// with one attribute, or a string for a unit variant.
#[test]
fn plain_serde_enums_from_blocks_objects_and_strings() {
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Check {
        Http { url: String },
        Tcp { port: u16 },
        Exec(Vec<String>),
        Noop,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Config {
        check: Vec<Check>,
        default: Check,
        kind: Check,
    }
    let src = r#"
check {
  http { url = "/h" }
}
check {
  tcp { port = "80" }
}
check {
  exec = ["a", "b"]
}
default = { tcp = { port = 1 } }
kind = "noop"
"#;
    let c: Config = hcl_serde::from_str(src).unwrap();
    assert_eq!(
        c,
        Config {
            check: vec![
                Check::Http { url: "/h".into() },
                Check::Tcp { port: 80 },
                Check::Exec(vec!["a".into(), "b".into()]),
            ],
            default: Check::Tcp { port: 1 },
            kind: Check::Noop,
        }
    );
    let err = hcl_serde::from_str::<Config>(
        "check {\n  tcp { port = \"x\" }\n}\ndefault = \"noop\"\nkind = \"noop\"\n",
    )
    .unwrap_err();
    let e = &err.entries()[0];
    assert_eq!(e.path, "check.tcp.port");
    assert_eq!(e.diagnostic.subject.clone().unwrap().start.line, 2);
    let err = hcl_serde::from_str::<Config>(
        "check {\n  tcp { port = 1 }\n  http { url = \"/\" }\n}\ndefault = \"noop\"\nkind = \"noop\"\n",
    )
    .unwrap_err();
    assert!(
        err.entries()[0]
            .diagnostic
            .detail
            .contains("exactly one block or attribute"),
        "{err}"
    );
}

#[derive(Deserialize, Debug)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum Notify {
    Email { to: Vec<String> },
    Slack { channel: String },
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Alerts {
    level: u8,
    #[hcl(block)]
    notify: Vec<Notify>,
}

/// One problem without a place (a plain serde enum's unknown variant in a
/// block) does not take the snippets of the others away, and the terse
/// `Debug` form keeps each problem's detail.
#[test]
fn a_problem_without_a_place_leaves_the_others_their_snippets() {
    let text = "level = 300\nnotify {\n  sms { to = 1 }\n}\n";
    let err = hcl_serde::from_str_with::<Alerts>("t.hcl", text, None).unwrap_err();
    let shown = err.to_string();
    assert!(shown.contains("on t.hcl line 1:"), "{shown}");
    assert!(shown.contains("unknown variant `sms`"), "{shown}");
    let debug = format!("{err:?}");
    assert!(debug.contains("300"), "{debug}");
    assert!(debug.contains("unknown variant"), "{debug}");
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Parts {
    xs: Vec<u8>,
    m: HashMap<String, u8>,
    nested: Vec<Vec<u8>>,
    spans: Vec<hcl_serde::Spanned<String>>,
}

/// A problem with an element of a list or a member of a map written as a
/// constructor points at that element (its path says which), and each
/// `Spanned` element gets its own range.
#[test]
fn problems_and_spans_of_parts_point_at_the_part() {
    let text = "xs = [1,\n  2,\n  300]\nm = { a = 1, b = 999 }\nnested = [[1], [2, 256]]\nspans = [\"a\", (\"bc\")]\n";
    let err = hcl_serde::from_str_with::<Parts>("t.hcl", text, None).unwrap_err();
    let at: Vec<(String, String)> = err
        .entries()
        .iter()
        .map(|e| {
            let r = e.diagnostic.subject.clone().unwrap();
            (
                e.path.clone(),
                text[r.start.byte as usize..r.end.byte as usize].to_owned(),
            )
        })
        .collect();
    assert_eq!(
        at,
        [
            ("xs[2]".to_owned(), "300".to_owned()),
            ("m.b".to_owned(), "999".to_owned()),
            ("nested[1][1]".to_owned(), "256".to_owned()),
        ]
    );
    let ok = "xs = []\nm = {}\nnested = []\nspans = [\"a\", (\"bc\")]\n";
    let parts: Parts = hcl_serde::from_str_with("t.hcl", ok, None).unwrap();
    let cols: Vec<(u32, u32)> = parts
        .spans
        .iter()
        .map(|s| (s.range().start.column, s.range().end.column))
        .collect();
    assert_eq!(cols, [(10, 13), (15, 21)]);
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Pipeline {
    replicas: u32,
    #[hcl(block)]
    stage: BTreeMap<String, Stage>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Stage {
    needs: Vec<String>,
}

/// A problem of an attribute's evaluation names the attribute in its path,
/// as a problem of its value does.
#[test]
fn evaluation_problems_name_their_attribute() {
    let text = "replicas = double(2)\nstage \"a\" {\n  needs = [envv]\n}\n";
    let err = hcl_serde::from_str_with::<Pipeline>("t.hcl", text, None).unwrap_err();
    let paths: Vec<&str> = err.entries().iter().map(|e| e.path.as_str()).collect();
    assert_eq!(paths, ["replicas", "stage[\"a\"].needs"], "{err}");
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Shapes {
    script: Vec<String>,
    env: BTreeMap<String, String>,
}

/// A value of the wrong shape for a sequence or a map field says what is
/// required in the decoder's words, not as a collection of the dynamic type.
#[test]
fn shape_mismatches_say_what_is_required() {
    let text = "script = \"cargo build\"\nenv = [\"a\"]\n";
    let err = hcl_serde::from_str_with::<Shapes>("t.hcl", text, None).unwrap_err();
    let details: Vec<&str> = err
        .entries()
        .iter()
        .map(|e| e.diagnostic.detail.as_str())
        .collect();
    assert_eq!(
        details,
        [
            "Unsuitable value: a list is required, but have string",
            "Unsuitable value: a map or an object is required, but have tuple with 1 element",
        ]
    );
}
