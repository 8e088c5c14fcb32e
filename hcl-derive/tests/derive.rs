//! Run-pass tests: one per derive option and field shape, decoding native
//! syntax text.

#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, HashMap};

use hcl_core::{Body, EvalContext, Expression, Value};
use hcl_serde::{from_str, Decode, HclDecode, Spanned};

/// `(summary, path, "line:col")` of every diagnostic.
fn errors<T: Decode + std::fmt::Debug>(src: &str) -> Vec<(String, String, String)> {
    from_str::<T>(src)
        .unwrap_err()
        .entries()
        .iter()
        .map(|e| {
            let at = e
                .diagnostic
                .subject
                .clone()
                .map(|r| format!("{}:{}", r.start.line, r.start.column))
                .unwrap_or_default();
            (e.diagnostic.summary.clone(), e.path.clone(), at)
        })
        .collect()
}

fn e(summary: &str, path: &str, at: &str) -> (String, String, String) {
    (summary.into(), path.into(), at.into())
}

#[derive(HclDecode, Debug, PartialEq)]
struct Plain {
    name: String,
    port: u16,
    debug: Option<bool>,
}

#[test]
fn attributes_are_fields_named_after_them() {
    let p: Plain = from_str("name = \"web\"\nport = \"8080\"\n").unwrap();
    assert_eq!(
        p,
        Plain {
            name: "web".into(),
            port: 8080,
            debug: None
        }
    );
    let p: Plain = from_str("name = 5\nport = 1\ndebug = \"true\"\n").unwrap();
    assert_eq!(
        p,
        Plain {
            name: "5".into(),
            port: 1,
            debug: Some(true)
        }
    );
}

#[test]
fn missing_and_unknown_attributes_are_all_reported_in_source_order() {
    assert_eq!(
        errors::<Plain>("prot = 80\nnmae = \"x\"\n"),
        [
            e("Missing required argument", "", "1:1"),
            e("Missing required argument", "", "1:1"),
            e("Unsupported argument", "prot", "1:1"),
            e("Unsupported argument", "nmae", "2:1"),
        ]
    );
    let err = from_str::<Plain>("name = \"x\"\nprot = 80\n").unwrap_err();
    assert_eq!(
        err.entries()[1].diagnostic.detail,
        "An argument named \"prot\" is not expected here. Did you mean \"port\"?"
    );
}

#[test]
fn conversion_errors_carry_the_field_path_and_the_range() {
    assert_eq!(
        errors::<Plain>("name = \"x\"\nport = 70000\ndebug = \"maybe\"\n"),
        [
            e("Unsuitable value type", "port", "2:8"),
            e("Unsuitable value type", "debug", "3:9"),
        ]
    );
}

#[test]
fn null_counts_as_absent() {
    let p: Plain = from_str("name = \"x\"\nport = 1\ndebug = null\n").unwrap();
    assert_eq!(p.debug, None);
    assert_eq!(
        errors::<Plain>("name = null\nport = 1\n"),
        [e("Missing required argument", "name", "1:8")]
    );
    let d: WithDefaults = from_str("port = null\n").unwrap();
    assert_eq!(d.port, 8080);
}

fn default_port() -> u16 {
    8080
}

#[derive(HclDecode, Debug, PartialEq)]
struct WithDefaults {
    #[hcl(default = "default_port")]
    port: u16,
    #[hcl(optional)]
    tags: Vec<String>,
    #[hcl(default)]
    retries: u8,
}

#[test]
fn optional_and_default_fill_absent_attributes() {
    let d: WithDefaults = from_str("").unwrap();
    assert_eq!(
        d,
        WithDefaults {
            port: 8080,
            tags: vec![],
            retries: 0
        }
    );
    let d: WithDefaults = from_str("tags = [\"a\", 1]\nretries = 3\n").unwrap();
    assert_eq!(
        d,
        WithDefaults {
            port: 8080,
            tags: vec!["a".into(), "1".into()],
            retries: 3
        }
    );
    let schema = WithDefaults::body_schema();
    assert!(schema.attributes.iter().all(|a| !a.required));
}

#[derive(HclDecode, Debug, PartialEq)]
#[hcl(rename_all = "kebab-case")]
struct Renamed {
    max_size: u32,
    #[hcl(rename = "min")]
    min_size: u32,
}

#[test]
fn rename_and_rename_all_set_hcl_names() {
    let r: Renamed = from_str("max-size = 10\nmin = 1\n").unwrap();
    assert_eq!(
        r,
        Renamed {
            max_size: 10,
            min_size: 1
        }
    );
    let names: Vec<_> = Renamed::body_schema()
        .attributes
        .into_iter()
        .map(|a| a.name)
        .collect();
    assert_eq!(names, ["max-size", "min"]);
}

#[derive(HclDecode, Debug, PartialEq, Clone)]
struct Service {
    #[hcl(label)]
    name: String,
    port: u16,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Logging {
    level: String,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Resource {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    count: Option<u32>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Blocks {
    #[hcl(block)]
    service: Vec<Service>,
    #[hcl(block)]
    logging: Option<Logging>,
    #[hcl(block)]
    resource: Vec<Resource>,
}

#[test]
fn blocks_decode_as_vec_option_and_labelled_structs() {
    let b: Blocks = from_str(
        r#"
service "web" { port = 80 }
resource "aws_instance" "x" {}
service "db" { port = 5432 }
logging { level = "info" }
"#,
    )
    .unwrap();
    assert_eq!(
        b.service,
        [
            Service {
                name: "web".into(),
                port: 80
            },
            Service {
                name: "db".into(),
                port: 5432
            }
        ]
    );
    assert_eq!(
        b.logging,
        Some(Logging {
            level: "info".into()
        })
    );
    assert_eq!(
        b.resource[0],
        Resource {
            kind: "aws_instance".into(),
            name: "x".into(),
            count: None
        }
    );
    let schema = Blocks::body_schema();
    assert_eq!(schema.blocks[2].label_names, ["kind", "name"]);
}

#[test]
fn block_errors_use_the_reference_summaries() {
    assert_eq!(
        errors::<Blocks>("logging { level = \"a\" }\nlogging { level = \"b\" }\nservice { port = 1 }\nresource \"a\" \"b\" \"c\" {}\n"),
        [
            e("Duplicate logging block", "logging", "2:1"),
            e("Missing name for service", "service", "3:9"),
            e("Extraneous label for resource", r#"resource["a"]["b"]["c"]"#, "4:18"),
        ]
    );
}

/// Structural problems carry the path of the block or field they are
/// about, under the path of the blocks around them, as attribute errors do.
#[test]
fn structural_errors_carry_the_path_of_their_item() {
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Outer {
        #[hcl(block)]
        inner: Vec<Blocks>,
    }
    let src = "inner {\n  logging { level = \"a\" }\n  logging { level = \"b\" }\n  service { port = 1 }\n  extra \"x\" {}\n  port = 1\n}\n";
    assert_eq!(
        errors::<Outer>(src),
        [
            e("Duplicate logging block", "inner.logging", "3:3"),
            e("Missing name for service", "inner.service", "4:11"),
            e("Unsupported block type", r#"inner.extra["x"]"#, "5:3"),
            e("Unsupported argument", "inner.port", "6:3"),
        ]
    );
    assert_eq!(
        errors::<Single>("boxed { level = \"b\" }\n"),
        [e("Missing logging block", "logging", "1:1")]
    );
}

#[derive(HclDecode, Debug, PartialEq)]
struct Single {
    #[hcl(block)]
    logging: Logging,
    #[hcl(block)]
    boxed: Box<Logging>,
}

#[test]
fn a_plain_or_boxed_block_field_takes_exactly_one() {
    let s: Single = from_str("logging { level = \"a\" }\nboxed { level = \"b\" }\n").unwrap();
    assert_eq!(s.boxed.level, "b");
    assert_eq!(
        errors::<Single>("logging { level = 1 }\n"),
        [e("Missing boxed block", "boxed", "1:1")]
    );
}

#[derive(HclDecode, Debug, PartialEq)]
struct Maps {
    #[hcl(block)]
    service: HashMap<String, Service>,
    #[hcl(block)]
    profile: BTreeMap<String, Logging>,
}

#[test]
fn map_block_fields_are_keyed_by_the_label() {
    let m: Maps =
        from_str("service \"a\" { port = 1 }\nprofile \"dev\" { level = \"debug\" }\n").unwrap();
    assert_eq!(m.service["a"].port, 1);
    assert_eq!(m.profile["dev"].level, "debug");
    assert_eq!(Maps::body_schema().blocks[1].label_names, ["name"]);
    assert_eq!(
        errors::<Maps>("profile \"a\" { level = \"x\" }\nprofile \"a\" { level = \"y\" }\n"),
        [e("Duplicate profile block", r#"profile["a"]"#, "2:1")]
    );
}

#[derive(HclDecode, Debug)]
struct WithRemain {
    name: String,
    #[hcl(remain)]
    rest: Body,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Later {
    port: u16,
}

#[test]
fn remain_keeps_the_leftover_body_for_a_second_phase() {
    let w: WithRemain = from_str("name = \"a\"\nport = 9\n").unwrap();
    assert_eq!(w.name, "a");
    let later: Later = hcl_serde::from_body(&w.rest, None).unwrap();
    assert_eq!(later, Later { port: 9 });
}

#[derive(HclDecode, Debug)]
struct RemainAttrs {
    name: String,
    #[hcl(remain)]
    extra: BTreeMap<String, Value>,
}

#[test]
fn remain_as_a_map_of_attributes() {
    let r: RemainAttrs = from_str("name = \"a\"\nx = 1\ny = \"b\"\n").unwrap();
    assert_eq!(r.name, "a");
    assert_eq!(r.extra.len(), 2);
    assert_eq!(r.extra["x"], Value::from(1));
    assert_eq!(r.extra["y"], Value::from("b"));
}

#[derive(HclDecode, Debug)]
#[hcl(partial)]
struct Partial {
    name: String,
}

#[test]
fn partial_containers_ignore_what_they_do_not_name() {
    let p: Partial = from_str("name = \"a\"\nother = 1\nblock {}\n").unwrap();
    assert_eq!(p.name, "a");
}

#[derive(HclDecode, Debug)]
struct Dynamic {
    value: Value,
    expr: Expression,
    maybe: Option<Value>,
    port: Spanned<u16>,
}

#[test]
fn value_expression_and_spanned_fields() {
    let d: Dynamic = from_str("value = null\nexpr = upper(x)\nport = 80\nmaybe = null\n").unwrap();
    assert_eq!(d.value, Value::null(hcl_core::Type::Dynamic));
    assert_eq!(d.maybe, None);
    let d: Dynamic = from_str("value = [1, \"a\"]\nexpr = upper(x)\nport = 80\n").unwrap();
    assert_eq!(d.value, Value::tuple([Value::from(1), Value::from("a")]));
    assert_eq!(d.expr.range().start.line, 2);
    assert_eq!(d.maybe, None);
    assert_eq!(*d.port, 80);
    assert_eq!(
        (d.port.range().start.line, d.port.range().start.column),
        (3, 8)
    );
}

#[derive(HclDecode, Debug)]
struct Greeting {
    message: String,
}

#[test]
fn variables_and_functions_come_from_the_context() {
    let mut ctx = EvalContext::new();
    ctx.set_variable("name", Value::from("world"));
    let g: Greeting =
        hcl_serde::from_str_with("g.hcl", "message = \"hello ${name}\"\n", Some(&ctx)).unwrap();
    assert_eq!(g.message, "hello world");
}

#[test]
fn an_evaluation_error_is_not_followed_by_a_conversion_error() {
    let mut ctx = EvalContext::new();
    ctx.set_variable("other", Value::from(1));
    let err = hcl_serde::from_str_with::<Plain>("g.hcl", "name = nope\nport = 1\n", Some(&ctx))
        .unwrap_err();
    let summaries: Vec<_> = err.diagnostics().map(|d| d.summary.as_str()).collect();
    assert_eq!(summaries, ["Unknown variable"]);
}

#[test]
fn errors_render_with_source_snippets() {
    let err = from_str::<Plain>("name = \"x\"\nport = 70000\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "Error: Unsuitable value type\n\n  on <input> line 2:\n   2: port = 70000\n             ^^^^^\n\nUnsuitable value: 70000 is out of range for u16"
    );
}

#[derive(HclDecode, Debug)]
struct Node {
    #[hcl(default)]
    depth: u32,
    #[hcl(block)]
    node: Option<Box<Node>>,
}

fn nested(levels: usize) -> String {
    let mut s = String::new();
    for _ in 0..levels {
        s.push_str("node {\n");
    }
    for _ in 0..levels {
        s.push_str("}\n");
    }
    s
}

#[test]
fn recursive_blocks_decode_up_to_the_depth_limit() {
    // The parser gets room to spare; the decoder's limit is under test.
    let parse = hcl_core::Limits::default().with_max_depth(1000);
    let decode = |levels: usize, max_depth: usize| {
        let src = hcl_core::SourceFile::new("deep.hcl", nested(levels));
        let (body, diags) = hcl_core::native::parse_body(&src, &parse);
        assert!(diags.is_empty());
        let limits = hcl_core::Limits::default().with_max_depth(max_depth);
        hcl_serde::Options::new()
            .limits(limits)
            .from_body::<Node>(&body)
    };
    for max in [hcl_core::Limits::DEFAULT.max_depth, 10] {
        let mut n = decode(max, max).unwrap();
        let mut count = 0;
        while let Some(next) = n.node {
            assert_eq!(next.depth, 0);
            n = *next;
            count += 1;
        }
        assert_eq!(count, max);
        let err = decode(max + 1, max).unwrap_err();
        let summaries: Vec<_> = err.diagnostics().map(|d| d.summary.as_str()).collect();
        assert_eq!(summaries, ["Maximum nesting depth exceeded"]);
    }
    // The shorthand decodes within the default limits.
    let default = hcl_core::Limits::DEFAULT.max_depth;
    let src = hcl_core::SourceFile::new("deep.hcl", nested(default + 1));
    let (body, _) = hcl_core::native::parse_body(&src, &parse);
    assert!(hcl_serde::from_body::<Node>(&body, None).is_err());
}

#[derive(HclDecode, Debug, PartialEq)]
struct Labelled<T> {
    #[hcl(label)]
    name: String,
    value: T,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Generic<T, B>
where
    T: Clone,
{
    #[hcl(block)]
    item: Vec<Labelled<T>>,
    #[hcl(block)]
    extra: Option<B>,
}

#[test]
fn generic_structs_get_bounds_per_field_kind() {
    let g: Generic<u16, Logging> =
        from_str("item \"a\" { value = \"7\" }\nextra { level = \"x\" }\n").unwrap();
    assert_eq!(
        g.item,
        [Labelled {
            name: "a".into(),
            value: 7
        }]
    );
    assert_eq!(g.extra, Some(Logging { level: "x".into() }));
    let g: Generic<String, Logging> = from_str("item \"b\" { value = 7 }\n").unwrap();
    assert_eq!(g.item[0].value, "7");
    assert_eq!(Labelled::<u8>::body_schema().attributes[0].name, "value");
}

#[derive(HclDecode, Debug)]
struct SpannedLabels {
    #[hcl(label)]
    kind: Spanned<String>,
    #[hcl(label)]
    name: String,
}

#[derive(HclDecode, Debug)]
struct WithSpannedLabels {
    #[hcl(block)]
    resource: Vec<SpannedLabels>,
}

#[test]
fn labels_can_keep_their_ranges() {
    let w: WithSpannedLabels = from_str("\nresource \"aws_vpc\" \"main\" {}\n").unwrap();
    let kind = &w.resource[0].kind;
    assert_eq!(kind.get_ref(), "aws_vpc");
    assert_eq!(
        (kind.range().start.line, kind.range().start.column),
        (2, 10)
    );
    assert_eq!(w.resource[0].name, "main");
    assert_eq!(SpannedLabels::LABELS, ["kind", "name"]);
}

/// Field kinds follow the field's type, not its spelling: an alias of
/// `Value`, an alias of an `Option`, and `Expression` named through a
/// macro behave like the types they name.
#[test]
fn field_kinds_follow_the_type_not_its_spelling() {
    type Dyn = Value;
    type MaybePort = Option<u16>;
    macro_rules! expression_type {
        () => {
            hcl_core::Expression
        };
    }
    #[derive(HclDecode, Debug)]
    struct Aliased {
        any: Dyn,
        port: MaybePort,
        raw: expression_type!(),
    }
    let a: Aliased = from_str("any = [1, \"x\"]\nraw = 1 + 2\n").unwrap();
    assert_eq!(
        a.any.ty(),
        hcl_core::value::Type::tuple([
            hcl_core::value::Type::Number,
            hcl_core::value::Type::String,
        ])
    );
    assert_eq!(a.port, None, "an alias of an Option is optional");
    assert_eq!(a.raw.value(None).0, Value::from(3));
}

/// `Option<Body>` as a remain field is `None` when nothing is left.
#[test]
fn remain_option_body_is_none_when_nothing_remains() {
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct App {
        name: String,
        #[hcl(remain)]
        rest: Option<Body>,
    }
    assert!(from_str::<App>("name = \"a\"\n").unwrap().rest.is_none());
    let app = from_str::<App>("name = \"a\"\nextra = 1\n").unwrap();
    assert!(app.rest.is_some());
}

/// A remain field of a derived type: two-step partial processing gives
/// what one step over the union of both schemas gives (spec, "Partial
/// Decoding").
#[test]
fn remain_into_a_derived_struct_equals_one_step_over_the_union() {
    #[derive(HclDecode, Debug, PartialEq)]
    struct Network {
        port: u16,
        #[hcl(block)]
        tls: Option<Tls>,
    }
    #[derive(HclDecode, Debug, PartialEq)]
    struct Tls {
        cert: String,
    }
    #[derive(HclDecode, Debug, PartialEq)]
    struct TwoStep {
        name: String,
        #[hcl(remain)]
        network: Network,
    }
    #[derive(HclDecode, Debug, PartialEq)]
    struct Union {
        name: String,
        port: u16,
        #[hcl(block)]
        tls: Option<Tls>,
    }
    for src in [
        "name = \"a\"\nport = 80\n",
        "name = \"a\"\nport = \"80\"\ntls {\n  cert = \"c\"\n}\n",
    ] {
        let two: TwoStep = from_str(src).unwrap();
        let one: Union = from_str(src).unwrap();
        assert_eq!(
            (two.name, two.network.port, two.network.tls),
            (one.name, one.port, one.tls)
        );
    }
    // What neither step claims is an error in the last step, as in one.
    for src in ["name = \"a\"\nport = 80\nextra = 1\n", "name = \"a\"\n"] {
        assert_eq!(
            errors::<TwoStep>(src)
                .into_iter()
                .map(|(s, _, at)| (s, at))
                .collect::<Vec<_>>(),
            errors::<Union>(src)
                .into_iter()
                .map(|(s, _, at)| (s, at))
                .collect::<Vec<_>>(),
            "{src}"
        );
    }
}

/// A labelled type decoded as a whole body says where and why.
#[test]
fn a_labelled_type_at_the_root_is_reported() {
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Service {
        #[hcl(label)]
        name: String,
    }
    let err = from_str::<Service>("\n").unwrap_err();
    let d = &err.entries()[0].diagnostic;
    assert_eq!(d.summary, "Block type decoded as a whole body");
    assert!(
        d.detail.contains("takes the block label \"name\""),
        "{}",
        d.detail
    );
    assert!(d.subject.is_some());
}

/// String enums: unit variants named as written, after `rename_all` or a
/// variant's `rename`; a wrong value names the variants and the closest.
#[test]
fn string_enums_with_rename_and_did_you_mean() {
    #[derive(HclDecode, Debug, PartialEq)]
    #[hcl(rename_all = "kebab-case")]
    enum Proto {
        Tcp,
        Udp,
        #[hcl(rename = "quic")]
        QuicV1,
        UnixSocket,
    }
    #[derive(HclDecode, Debug, PartialEq)]
    struct Listener {
        proto: Proto,
        fallback: Option<Proto>,
        more: Vec<Proto>,
    }
    let l: Listener =
        from_str("proto = \"tcp\"\nmore = [\"quic\", \"unix-socket\", \"udp\"]\n").unwrap();
    assert_eq!(
        l,
        Listener {
            proto: Proto::Tcp,
            fallback: None,
            more: vec![Proto::QuicV1, Proto::UnixSocket, Proto::Udp],
        }
    );
    let err = from_str::<Listener>("proto = \"tpc\"\nmore = []\n").unwrap_err();
    let e = &err.entries()[0];
    assert_eq!(e.path, "proto");
    assert_eq!(
        e.diagnostic.detail,
        "Unsuitable value: \"tpc\" is not one of \"tcp\", \"udp\", \"quic\", \"unix-socket\"; did you mean \"tcp\"?"
    );
    assert_eq!(e.diagnostic.subject.clone().unwrap().start.column, 9);
    // A value that is no string: what is expected is named the same way.
    let err = from_str::<Listener>("proto = true\nmore = []\n").unwrap_err();
    let detail = &err.entries()[0].diagnostic.detail;
    assert!(
        detail.ends_with("one of \"tcp\", \"udp\", \"quic\", \"unix-socket\""),
        "{detail}"
    );
}

/// `resource "type" "name"`: one nested map per label, any map type.
#[test]
fn multi_label_blocks_decode_into_nested_maps() {
    #[derive(HclDecode, Debug, PartialEq)]
    struct Resource {
        #[hcl(label)]
        kind: String,
        #[hcl(label)]
        name: String,
        size: u32,
    }
    #[derive(HclDecode, Debug)]
    struct Module {
        #[hcl(block)]
        resource: BTreeMap<String, HashMap<String, Resource>>,
    }
    let src = "resource \"disk\" \"a\" { size = 1 }\nresource \"disk\" \"b\" { size = 2 }\nresource \"vm\" \"a\" { size = 3 }\n";
    let m: Module = from_str(src).unwrap();
    assert_eq!(m.resource.len(), 2);
    assert_eq!(m.resource["disk"]["b"].size, 2);
    assert_eq!(m.resource["disk"]["b"].name, "b");
    assert_eq!(m.resource["vm"]["a"].kind, "vm");
    let dup = format!("{src}resource \"disk\" \"a\" {{ size = 9 }}\n");
    assert_eq!(
        errors::<Module>(&dup),
        [e(
            "Duplicate resource block",
            r#"resource["disk"]["a"]"#,
            "4:1"
        )]
    );
    let err = from_str::<Module>("resource \"disk\" { size = 1 }\n").unwrap_err();
    assert_eq!(err.summary(), "Missing name for resource");
}

/// A one-level map of a two-label block type the derive cannot see (an
/// alias) is a clear diagnostic at run time.
#[test]
fn a_hidden_one_level_map_of_two_label_blocks_is_reported_at_run_time() {
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Rule {
        #[hcl(label)]
        action: String,
        #[hcl(label)]
        name: String,
    }
    type Rules = BTreeMap<String, Rule>;
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Config {
        #[hcl(block)]
        rule: Rules,
    }
    let err = from_str::<Config>("rule \"allow\" \"a\" {}\nrule \"allow\" \"b\" {}\n").unwrap_err();
    let d = &err.entries()[0].diagnostic;
    assert_eq!(d.summary, "Unsuitable map for rule blocks");
    assert!(
        d.detail.contains("needs one nested map per label"),
        "{}",
        d.detail
    );
}

/// Block-type dispatch: a derived enum of one-field variants claims a
/// block type per variant, in source order, as `Vec`, `Option` or one.
#[test]
fn block_type_enums_claim_each_variant_in_source_order() {
    #[derive(HclDecode, Debug, PartialEq)]
    struct HttpCheck {
        path: String,
    }
    #[derive(HclDecode, Debug, PartialEq)]
    struct TcpCheck {
        #[hcl(label)]
        name: String,
        port: u16,
    }
    #[derive(HclDecode, Debug, PartialEq)]
    #[hcl(rename_all = "lowercase")]
    enum Check {
        Http(HttpCheck),
        Tcp(TcpCheck),
    }
    #[derive(HclDecode, Debug, PartialEq)]
    #[hcl(rename_all = "snake_case")]
    enum Stage {
        Source(HttpCheck),
        #[hcl(rename = "out")]
        Sink(HttpCheck),
    }
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Service {
        name: String,
        #[hcl(block)]
        checks: Vec<Check>,
        #[hcl(block)]
        first: Option<Stage>,
    }
    let src = "name = \"web\"\nhttp { path = \"/h\" }\ntcp \"db\" { port = 5432 }\nhttp { path = \"/x\" }\nout { path = \"/o\" }\n";
    let s: Service = from_str(src).unwrap();
    assert_eq!(
        s.checks,
        [
            Check::Http(HttpCheck { path: "/h".into() }),
            Check::Tcp(TcpCheck {
                name: "db".into(),
                port: 5432
            }),
            Check::Http(HttpCheck { path: "/x".into() }),
        ]
    );
    assert_eq!(s.first, Some(Stage::Sink(HttpCheck { path: "/o".into() })));
    let schema = Service::body_schema();
    let headers: Vec<(&str, usize)> = schema
        .blocks
        .iter()
        .map(|b| (b.type_name.as_str(), b.label_names.len()))
        .collect();
    assert_eq!(
        headers,
        [("http", 0), ("tcp", 1), ("source", 0), ("out", 0)]
    );
    assert_eq!(
        errors::<Service>(
            "name = \"a\"\ntcp { port = 1 }\nsource { path = 1 }\nout { path = \"x\" }\n"
        ),
        [
            e("Missing name for tcp", "tcp", "2:5"),
            e("Duplicate source or out block", "out", "4:1"),
        ]
    );
}

/// A block-type enum's variant and another field cannot claim one block
/// type: a compile error for a plain struct (`ui/conflict/variant_and_field`);
/// a generic struct's fields are known only when it is used, so every
/// decode of one says so.
#[test]
fn a_block_type_claimed_by_two_fields_of_a_generic_struct_is_reported() {
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Http {
        path: String,
    }
    #[derive(HclDecode, Debug)]
    #[hcl(rename_all = "lowercase")]
    #[allow(dead_code)]
    enum Check {
        Http(Http),
    }
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct S<H> {
        #[hcl(block)]
        check: Vec<Check>,
        #[hcl(block)]
        http: Option<H>,
    }
    let err = from_str::<S<Http>>("http { path = \"/\" }\n").unwrap_err();
    assert_eq!(err.summary(), "Block type claimed twice");
}

/// A generic struct's block field takes a struct block type and a
/// block-type enum alike: one bound (`Vec<T>: BlockField`, `T: BlockKind`)
/// covers both kinds.
mod generic_block_kinds {
    use super::*;

    #[derive(HclDecode, Debug, PartialEq)]
    pub struct Run {
        #[hcl(label)]
        name: String,
        cmd: String,
    }

    #[derive(HclDecode, Debug, PartialEq)]
    pub struct Copy {
        from: String,
    }

    #[derive(HclDecode, Debug, PartialEq)]
    #[hcl(rename_all = "lowercase")]
    pub enum Step {
        Run(Run),
        Copy(Copy),
    }

    #[derive(HclDecode, Debug, PartialEq)]
    #[hcl(rename_all = "lowercase")]
    pub enum Tool {
        Lint(Copy),
    }

    #[derive(HclDecode, Debug, PartialEq)]
    pub struct Pipeline<T> {
        #[hcl(block)]
        step: Vec<T>,
    }

    #[derive(HclDecode, Debug, PartialEq)]
    pub struct Shapes<A, B, C> {
        #[hcl(block)]
        first: Option<A>,
        #[hcl(block)]
        only: B,
        #[hcl(block)]
        boxed: Box<C>,
    }

    const SRC: &str = "run \"build\" { cmd = \"make\" }\ncopy { from = \"a\" }\nrun \"test\" { cmd = \"make test\" }\n";

    #[test]
    fn with_a_struct_block_type() {
        let p: Pipeline<Copy> = from_str("step { from = \"a\" }\nstep { from = \"b\" }\n").unwrap();
        assert_eq!(
            p.step,
            [Copy { from: "a".into() }, Copy { from: "b".into() }]
        );
        assert_eq!(Pipeline::<Copy>::body_schema().blocks[0].type_name, "step");
        assert_eq!(
            errors::<Pipeline<Copy>>("step { from = 1 }\nstep {}\n"),
            [e("Missing required argument", "step", "2:6")]
        );
        assert_eq!(
            errors::<Pipeline<Run>>("step { cmd = \"x\" }\n"),
            [e("Missing name for step", "step", "1:6")]
        );
    }

    #[test]
    fn with_a_block_type_enum() {
        let p: Pipeline<Step> = from_str(SRC).unwrap();
        assert_eq!(
            p.step,
            [
                Step::Run(Run {
                    name: "build".into(),
                    cmd: "make".into()
                }),
                Step::Copy(Copy { from: "a".into() }),
                Step::Run(Run {
                    name: "test".into(),
                    cmd: "make test".into()
                }),
            ]
        );
        let names: Vec<String> = Pipeline::<Step>::body_schema()
            .blocks
            .into_iter()
            .map(|b| b.type_name)
            .collect();
        assert_eq!(names, ["run", "copy"]);
        assert_eq!(
            errors::<Pipeline<Step>>("run \"a\" {}\nstep {}\n"),
            [
                e("Missing required argument", "run[\"a\"]", "1:9"),
                e("Unsupported block type", "step", "2:1"),
            ]
        );
    }

    #[test]
    fn option_single_and_boxed_with_either_kind() {
        let src = "copy { from = \"x\" }\nonly { from = \"y\" }\nlint { from = \"z\" }\n";
        let s: Shapes<Step, Copy, Tool> = from_str(src).unwrap();
        assert_eq!(s.first, Some(Step::Copy(Copy { from: "x".into() })));
        assert_eq!(s.only, Copy { from: "y".into() });
        assert_eq!(*s.boxed, Tool::Lint(Copy { from: "z".into() }));
        let s: Shapes<Copy, Step, Copy> =
            from_str("run \"r\" { cmd = \"c\" }\nboxed { from = \"b\" }\n").unwrap();
        assert_eq!(s.first, None);
        assert_eq!(
            s.only,
            Step::Run(Run {
                name: "r".into(),
                cmd: "c".into()
            })
        );
        assert_eq!(
            errors::<Shapes<Step, Copy, Tool>>(
                "copy { from = \"x\" }\nrun \"a\" { cmd = \"c\" }\nonly { from = \"y\" }\n"
            ),
            [
                e("Missing lint block", "boxed", "1:1"),
                e("Duplicate run or copy block", r#"run["a"]"#, "2:1"),
            ]
        );
    }
}

/// Attribute fields of a generic struct, in every shape the dispatch has a
/// level for: bounded by the where-clause on the whole type, decoded as
/// any `Deserialize` type.
#[test]
fn generic_attribute_fields_of_every_shape() {
    #[derive(HclDecode, Debug, PartialEq)]
    struct Attrs<T> {
        one: T,
        list: Vec<T>,
        maybe: Option<T>,
        map: BTreeMap<String, T>,
        hashed: HashMap<String, T>,
        nested: Option<Vec<T>>,
        grid: Vec<Vec<T>>,
    }
    let a: Attrs<u16> = from_str(
        "one = 1\nlist = [2, 3]\nmaybe = 4\nmap = { a = 5 }\nhashed = { b = 6 }\nnested = [7]\ngrid = [[8], []]\n",
    )
    .unwrap();
    assert_eq!(a.one, 1);
    assert_eq!(a.list, [2, 3]);
    assert_eq!(a.maybe, Some(4));
    assert_eq!(a.map["a"], 5);
    assert_eq!(a.hashed["b"], 6);
    assert_eq!(a.nested, Some(vec![7]));
    assert_eq!(a.grid, [vec![8], vec![]]);
    assert_eq!(
        errors::<Attrs<u8>>("one = 1\nlist = [300]\nmap = {}\nhashed = {}\ngrid = []\n"),
        [e("Unsuitable value type", "list[0]", "2:9")]
    );
}
