//! Native-syntax bodies are decoded straight from the syntax tree when they
//! match their schema cleanly, and through the generic `Body::content` path
//! otherwise. Both must give the same values and the same diagnostics
//! (ranges, paths, order): every case here decodes a parsed body as it is
//! (the tree path) and wrapped in a body type the decoder does not know
//! (the generic path), and compares.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use hcl_core::body::{Attributes, BodyContent, BodyImpl};
use hcl_core::native::parse_body;
use hcl_core::schema::BodySchema;
use hcl_core::{Body, Diagnostics, EvalContext, Expression, Range, SourceFile, Value};
use hcl_serde::decode::decode_with_diagnostics;
use hcl_serde::{HclDecode, Spanned};

/// A body the decoder cannot see through: it takes the generic path.
#[derive(Debug)]
struct Opaque(Body);

impl BodyImpl for Opaque {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        self.0.content(schema)
    }
    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Body, Diagnostics) {
        self.0.partial_content(schema)
    }
    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        self.0.just_attributes()
    }
    // The syntax's own answer, as any syntax that can tell blocks without
    // a schema gives it (structural problems find their block by it).
    fn all_content(&self) -> (BodyContent, Diagnostics) {
        self.0.all_content()
    }
    fn missing_item_range(&self) -> Range {
        self.0.missing_item_range()
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

#[derive(HclDecode, Debug, PartialEq)]
struct Root {
    name: String,
    #[hcl(default)]
    count: u32,
    tags: Option<Vec<String>>,
    #[hcl(optional)]
    meta: BTreeMap<String, String>,
    dynamic: Option<Value>,
    where_: Option<Spanned<u16>>,
    #[hcl(block)]
    service: Vec<Service>,
    #[hcl(block)]
    limits: Option<Limits>,
    #[hcl(block)]
    owner: Box<Owner>,
    #[hcl(block)]
    zone: BTreeMap<String, Zone>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Service {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: Spanned<String>,
    port: u16,
    enabled: Option<bool>,
    #[hcl(block)]
    check: Vec<Check>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Check {
    path: String,
    interval: Option<String>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Limits {
    cpu: f64,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Owner {
    email: String,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Zone {
    weight: u8,
}

const GOOD: &str = r#"
name  = "shop"
count = 3
tags  = ["a", "b", "é"]
meta  = { team = "x", "z" = "y", b = 1 }
dynamic = { list = [1, 2], s = "t" }
where_ = "8080"

service "http" "web" {
  port    = 80
  enabled = true
  check { path = "/" }
  check {
    path     = "/healthz"
    interval = "10s"
  }
}

service "tcp" "db" {
  port = 5432
}

limits {
  cpu = 0.5
}

owner {
  email = "ops@example.com"
}

zone "a" { weight = 1 }
zone "b" { weight = 2 }
"#;

/// Decodes `src` both ways and checks that values and diagnostics agree;
/// returns the tree path's result.
fn same<T: hcl_serde::Decode + std::fmt::Debug + PartialEq>(
    src: &str,
    ctx: Option<&EvalContext>,
) -> (Option<T>, Vec<hcl_serde::Entry>) {
    let file = SourceFile::new("t.hcl", src);
    let (body, diags) = parse_body(&file, &Default::default());
    assert!(!diags.has_errors(), "{src}: {diags:?}");
    let tree = decode_with_diagnostics::<T>(&body, ctx);
    let generic = decode_with_diagnostics::<T>(&Body::new(Opaque(body.clone())), ctx);
    assert_eq!(tree.0, generic.0, "values differ for:\n{src}");
    assert_eq!(tree.1, generic.1, "diagnostics differ for:\n{src}");
    tree
}

fn summaries(entries: &[hcl_serde::Entry]) -> Vec<(String, String)> {
    entries
        .iter()
        .map(|e| (e.diagnostic.summary.clone(), e.path.clone()))
        .collect()
}

#[test]
fn a_clean_body_decodes_the_same_from_the_tree() {
    let (root, diags) = same::<Root>(GOOD, None);
    assert!(diags.is_empty(), "{diags:?}");
    let root = root.unwrap();
    assert_eq!(root.name, "shop");
    assert_eq!(root.tags.unwrap()[2], "é");
    assert_eq!(root.meta["b"], "1");
    assert_eq!(root.service[0].check[1].interval.as_deref(), Some("10s"));
    assert_eq!(root.service[1].name.get_ref(), "db");
    let label = root.service[1].name.range();
    assert_eq!((label.start.line, label.start.column), (19, 15));
    let port = root.where_.unwrap();
    assert_eq!((*port.get_ref(), port.range().start.byte), (8080, 138));
    assert_eq!(root.zone["b"].weight, 2);
}

/// Each variant breaks one rule; the schema problems send the broken body
/// down the generic path, the conversion problems stay on the tree path.
#[test]
fn broken_bodies_report_the_same_on_both_paths() {
    const WEB: &str = "service[\"http\"][\"web\"]";
    // (replace, with, the one summary expected, its path after WEB)
    let cases = [
        (
            "port    = 80\n  enabled = true",
            "port    = \"eighty\"\n  enabled = true",
            "Unsuitable value type",
            ".port",
        ),
        (
            "port    = 80",
            "port    = null",
            "Missing required argument",
            ".port",
        ),
        (
            "enabled = true",
            "enabled = true\n  prot = 1",
            "Unsupported argument",
            ".prot",
        ),
        (
            "port    = 80\n  enabled = true\n",
            "enabled = true\n",
            "Missing required argument",
            "",
        ),
    ];
    for (from, to, summary, path) in cases {
        let src = GOOD.replacen(from, to, 1);
        assert_ne!(src, GOOD, "{summary}");
        let (root, diags) = same::<Root>(&src, None);
        assert!(root.is_none(), "{summary}");
        assert_eq!(
            summaries(&diags),
            [(summary.to_owned(), format!("{WEB}{path}"))],
            "{to}"
        );
    }
}

#[test]
fn block_shape_problems_report_the_same_on_both_paths() {
    let cases = [
        (
            "limits {\n  cpu = 0.5\n}",
            "limits {\n  cpu = 0.5\n}\nlimits {\n  cpu = 1\n}",
            "Duplicate limits block",
        ),
        (
            "owner {\n  email = \"ops@example.com\"\n}",
            "",
            "Missing owner block",
        ),
        ("zone \"b\"", "zone \"a\"", "Duplicate zone block"),
        (
            "zone \"b\"",
            "zone \"b\" \"c\"",
            "Extraneous label for zone",
        ),
        (
            "service \"tcp\" \"db\"",
            "service \"tcp\"",
            "Missing name for service",
        ),
        ("limits {", "limit {", "Unsupported block type"),
        ("cpu = 0.5", "cpu = \"many\"", "Unsuitable value type"),
        ("count = 3", "count = nope", "Variables not allowed"),
    ];
    for (from, to, want) in cases {
        let src = GOOD.replacen(from, to, 1);
        assert_ne!(src, GOOD, "{want}");
        let (root, diags) = same::<Root>(&src, None);
        assert!(root.is_none(), "{want}");
        assert!(
            diags.iter().any(|e| e.diagnostic.summary == want),
            "{want}: {diags:?}"
        );
    }
}

#[test]
fn evaluation_with_a_context_is_the_same_on_both_paths() {
    let mut ctx = EvalContext::new();
    ctx.set_variable("base", Value::from(8000));
    ctx.set_variable("env", Value::string("prod"));
    let src = GOOD
        .replacen("port    = 80", "port    = base + 80", 1)
        .replacen("name  = \"shop\"", "name  = \"shop-${env}\"", 1);
    let (root, diags) = same::<Root>(&src, Some(&ctx));
    assert!(diags.is_empty(), "{diags:?}");
    let root = root.unwrap();
    assert_eq!(
        (root.name.as_str(), root.service[0].port),
        ("shop-prod", 8080)
    );
    let broken = src.replacen("base + 80", "base + 80000", 1);
    let (_, diags) = same::<Root>(&broken, Some(&ctx));
    assert_eq!(
        summaries(&diags),
        [(
            "Unsuitable value type".to_owned(),
            "service[\"http\"][\"web\"].port".to_owned()
        )]
    );
}

/// Expressions kept unevaluated point at the same place and evaluate the
/// same either way.
#[test]
fn kept_expressions_are_the_same_on_both_paths() {
    #[derive(HclDecode)]
    struct Lazy {
        value: Expression,
        other: Option<Expression>,
    }
    let file = SourceFile::new("t.hcl", "value = 1 + 2\n");
    let (body, _) = parse_body(&file, &Default::default());
    for body in [body.clone(), Body::new(Opaque(body))] {
        let lazy = hcl_serde::decode_body::<Lazy>(&body, None).unwrap();
        assert!(lazy.other.is_none());
        assert_eq!(lazy.value.value(None).0, Value::from(3));
        assert_eq!(lazy.value.range().start.byte, 8);
    }
}

/// Block-type enums and nested label maps read the same from the tree as
/// through the generic path, problems included.
#[test]
fn block_type_enums_and_nested_maps_decode_the_same_on_both_paths() {
    #[derive(HclDecode, Debug, PartialEq)]
    struct Http {
        path: String,
    }
    #[derive(HclDecode, Debug, PartialEq)]
    struct Tcp {
        #[hcl(label)]
        name: String,
        port: u16,
    }
    #[derive(HclDecode, Debug, PartialEq)]
    #[hcl(rename_all = "lowercase")]
    enum Check {
        Http(Http),
        Tcp(Tcp),
    }
    #[derive(HclDecode, Debug, PartialEq)]
    struct Resource {
        #[hcl(label)]
        kind: String,
        #[hcl(label)]
        name: String,
        size: u32,
    }
    #[derive(HclDecode, Debug, PartialEq)]
    struct Both {
        #[hcl(block)]
        check: Vec<Check>,
        #[hcl(block)]
        resource: std::collections::BTreeMap<String, std::collections::BTreeMap<String, Resource>>,
    }
    let good = "http { path = \"/\" }\nresource \"disk\" \"a\" { size = 1 }\ntcp \"db\" { port = 1 }\nresource \"disk\" \"b\" { size = 2 }\n";
    let (both, diags) = same::<Both>(good, None);
    assert!(diags.is_empty(), "{diags:?}");
    let both = both.unwrap();
    assert_eq!(both.check.len(), 2);
    assert_eq!(both.resource["disk"]["b"].size, 2);
    for bad in [
        "tcp { port = 1 }\n",
        "tcp \"db\" { port = \"x\" }\n",
        "resource \"disk\" \"a\" { size = 1 }\nresource \"disk\" \"a\" { size = 2 }\n",
        "resource \"disk\" { size = 1 }\n",
        "http { path = \"/\" }\nudp {}\n",
    ] {
        let (_, diags) = same::<Both>(bad, None);
        assert!(!diags.is_empty(), "{bad}");
    }
}

/// A `String` field copies a plain string literal out of the source; every
/// other value converts as for any `Deserialize` type. A newtype around a
/// `String` always takes the general way: both agree on every value and
/// every diagnostic, on both paths.
#[test]
fn string_fields_agree_with_the_general_conversion() {
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Text(String);

    #[derive(HclDecode, Debug, PartialEq)]
    struct Direct {
        s: String,
    }

    #[derive(HclDecode, Debug, PartialEq)]
    struct General {
        s: Text,
    }

    let mut ctx = EvalContext::new();
    ctx.set_variable("x", Value::string("7"));
    for value in [
        r#""web""#,
        r#""""#,
        r#""a\nb\"c\u00e9""#,
        "\"e\u{301}\"",
        "\"\u{e9}t\u{e9}\"",
        r#""$${x} %%{y}""#,
        r#""v${x}""#,
        "<<EOT\nhello\nEOT\n",
        "5",
        "1.50",
        "true",
        "x",
        "null",
        r#"["a"]"#,
        "{ a = 1 }",
        "nope",
    ] {
        let src = format!("s = {value}\n");
        for ctx in [None, Some(&ctx)] {
            let (direct, direct_diags) = same::<Direct>(&src, ctx);
            let (general, general_diags) = same::<General>(&src, ctx);
            assert_eq!(direct.map(|d| d.s), general.map(|g| g.s.0), "{src}");
            assert_eq!(direct_diags, general_diags, "{src}");
        }
    }
}

/// A `Vec<String>` field copies a tuple of plain string literals item by
/// item; every other value converts as for any `Deserialize` type (a
/// newtype around the vector always does): both agree on every value and
/// every diagnostic, on both paths.
#[test]
fn string_list_fields_agree_with_the_general_conversion() {
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Texts(Vec<String>);

    #[derive(HclDecode, Debug, PartialEq)]
    struct Direct {
        s: Vec<String>,
    }

    #[derive(HclDecode, Debug, PartialEq)]
    struct General {
        s: Texts,
    }

    let mut ctx = EvalContext::new();
    ctx.set_variable("x", Value::string("7"));
    for value in [
        r#"["web", "tier-1", "team-a"]"#,
        "[]",
        r#"["a\nb", "\u00e9"]"#,
        "[\"e\u{301}\", \"\u{e9}\"]",
        r#"["a", "v${x}"]"#,
        r#"["a", 5, true]"#,
        r#"["a", null]"#,
        r#"["a", ["b"]]"#,
        r#"["a", x]"#,
        r#"["a", nope]"#,
        r#""a""#,
        "x",
        "null",
        "{ a = \"b\" }",
        "<<EOT\nhello\nEOT\n",
    ] {
        let src = format!("s = {value}\n");
        for ctx in [None, Some(&ctx)] {
            let (direct, direct_diags) = same::<Direct>(&src, ctx);
            let (general, general_diags) = same::<General>(&src, ctx);
            assert_eq!(direct.map(|d| d.s), general.map(|g| g.s.0), "{src}");
            assert_eq!(direct_diags, general_diags, "{src}");
        }
    }
}

/// A `BTreeMap<String, String>` or `HashMap<String, String>` field copies
/// an object of plain string literals under literal keys entry by entry;
/// every other value converts as for any `Deserialize` type (a newtype
/// around the map always does): both agree on every value and every
/// diagnostic, on both paths.
#[test]
fn string_map_fields_agree_with_the_general_conversion() {
    use std::collections::HashMap;

    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Texts(BTreeMap<String, String>);

    #[derive(HclDecode, Debug, PartialEq)]
    struct Direct {
        s: BTreeMap<String, String>,
        h: HashMap<String, String>,
    }

    #[derive(HclDecode, Debug, PartialEq)]
    struct General {
        s: Texts,
        h: Texts,
    }

    let mut ctx = EvalContext::new();
    ctx.set_variable("x", Value::string("7"));
    for value in [
        r#"{ LOG_LEVEL = "info", REGION = "eu-west-1" }"#,
        "{}",
        r#"{ b = "2", a = "1" }"#,
        r#"{ "a b" = "1", true = "t", null = "n" }"#,
        r#"{ a = "1", a = "2" }"#,
        r#"{ a = "1", "a" = "2" }"#,
        "{ a = \"e\u{301}\", \"\u{e9}\" = \"x\" }",
        r#"{ a = "a\nb\u00e9" }"#,
        r#"{ a = "v${x}" }"#,
        r#"{ a = 5, b = true }"#,
        r#"{ a = null }"#,
        r#"{ a = ["b"] }"#,
        r#"{ a = { b = "c" } }"#,
        r#"{ (x) = "1" }"#,
        r#"{ "${x}" = "1" }"#,
        r#"{ a = x }"#,
        r#"{ a = nope }"#,
        r#"["a"]"#,
        r#""a""#,
        "x",
        "null",
        "<<EOT\nhello\nEOT\n",
    ] {
        let src = format!("s = {value}\nh = {value}\n");
        for ctx in [None, Some(&ctx)] {
            let (direct, direct_diags) = same::<Direct>(&src, ctx);
            let (general, general_diags) = same::<General>(&src, ctx);
            assert_eq!(
                direct.map(|d| (d.s, d.h.into_iter().collect::<BTreeMap<_, _>>())),
                general.map(|g| (g.s.0, g.h.0)),
                "{src}"
            );
            assert_eq!(direct_diags, general_diags, "{src}");
        }
    }
}

/// Bool, integer and float fields convert a literal scalar by their type's
/// rule without a serde visitor; every other value converts as for any
/// `Deserialize` type (a newtype around the scalar always does): both
/// agree on every value and every diagnostic, on both paths.
#[test]
fn scalar_fields_agree_with_the_general_conversion() {
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Wrap<T>(T);

    #[derive(HclDecode, Debug, PartialEq)]
    struct Direct {
        b: bool,
        u8: u8,
        u16: u16,
        u32: u32,
        u64: u64,
        u128: u128,
        i8: i8,
        i16: i16,
        i32: i32,
        i64: i64,
        i128: i128,
        f32: f32,
        f64: f64,
    }

    #[derive(HclDecode, Debug, PartialEq)]
    struct General {
        b: Wrap<bool>,
        u8: Wrap<u8>,
        u16: Wrap<u16>,
        u32: Wrap<u32>,
        u64: Wrap<u64>,
        u128: Wrap<u128>,
        i8: Wrap<i8>,
        i16: Wrap<i16>,
        i32: Wrap<i32>,
        i64: Wrap<i64>,
        i128: Wrap<i128>,
        f32: Wrap<f32>,
        f64: Wrap<f64>,
    }

    impl General {
        fn unwrap(self) -> Direct {
            Direct {
                b: self.b.0,
                u8: self.u8.0,
                u16: self.u16.0,
                u32: self.u32.0,
                u64: self.u64.0,
                u128: self.u128.0,
                i8: self.i8.0,
                i16: self.i16.0,
                i32: self.i32.0,
                i64: self.i64.0,
                i128: self.i128.0,
                f32: self.f32.0,
                f64: self.f64.0,
            }
        }
    }

    let mut ctx = EvalContext::new();
    ctx.set_variable("x", Value::string("7"));
    let names = [
        "b", "u8", "u16", "u32", "u64", "u128", "i8", "i16", "i32", "i64", "i128", "f32", "f64",
    ];
    for value in [
        "0",
        "1",
        "80",
        "255",
        "256",
        "8080",
        "70000",
        "-1",
        "-129",
        "1.5",
        "0.5",
        "1.0",
        "1e3",
        "1e400",
        "-1e400",
        "340282366920938463463374607431768211456",
        "99999999999999999999",
        "true",
        "false",
        r#""8080""#,
        r#""-3""#,
        r#""1.5""#,
        r#""true""#,
        r#""TRUE""#,
        r#""1""#,
        r#""0""#,
        r#""yes""#,
        r#""""#,
        r#"" 1""#,
        "\"\u{e9}\"",
        r#""${x}""#,
        "<<EOT\n80\nEOT\n",
        "x",
        "-x",
        "1 + 1",
        "null",
        "[1]",
        "{ a = 1 }",
        "nope",
    ] {
        let src: String = names.iter().map(|n| format!("{n} = {value}\n")).collect();
        for ctx in [None, Some(&ctx)] {
            let (direct, direct_diags) = same::<Direct>(&src, ctx);
            let (general, general_diags) = same::<General>(&src, ctx);
            assert_eq!(direct, general.map(General::unwrap), "{src}");
            assert_eq!(direct_diags, general_diags, "{src}");
        }
    }
}

/// The `Option` of each type a literal gives without a visitor (`String`,
/// a number, `Vec<String>`, a map of `String` to `String`) takes the same
/// copy; absent and null are `None`; every other value converts as for
/// any `Deserialize` type (an `Option` of a newtype always does): both
/// agree on every value and every diagnostic, on both paths.
#[test]
fn optional_copied_fields_agree_with_the_general_conversion() {
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Wrap<T>(T);

    #[derive(HclDecode, Debug, PartialEq)]
    struct Direct {
        s: Option<String>,
        n: Option<u16>,
        b: Option<bool>,
        l: Option<Vec<String>>,
        m: Option<BTreeMap<String, String>>,
    }

    #[derive(HclDecode, Debug, PartialEq)]
    struct General {
        s: Option<Wrap<String>>,
        n: Option<Wrap<u16>>,
        b: Option<Wrap<bool>>,
        l: Option<Wrap<Vec<String>>>,
        m: Option<Wrap<BTreeMap<String, String>>>,
    }

    type Values = (
        Option<String>,
        Option<u16>,
        Option<bool>,
        Option<Vec<String>>,
        Option<BTreeMap<String, String>>,
    );
    let direct_values = |d: Direct| -> Values { (d.s, d.n, d.b, d.l, d.m) };
    let general_values = |g: General| -> Values {
        (
            g.s.map(|w| w.0),
            g.n.map(|w| w.0),
            g.b.map(|w| w.0),
            g.l.map(|w| w.0),
            g.m.map(|w| w.0),
        )
    };

    let mut ctx = EvalContext::new();
    ctx.set_variable("x", Value::string("7"));
    ctx.set_variable("nothing", Value::null(hcl_core::Type::String));
    let mut sources = vec![String::new()];
    for value in [
        r#""1""#,
        r#""web""#,
        "\"e\u{301}\"",
        r#""v${x}""#,
        "80",
        "70000",
        "1.5",
        "true",
        r#"["a", "b"]"#,
        r#"["a", null]"#,
        r#"{ a = "1" }"#,
        r#"{ a = "1", a = "2" }"#,
        "x",
        "nothing",
        "null",
        "nope",
    ] {
        let names = ["s", "n", "b", "l", "m"];
        sources.push(names.iter().map(|n| format!("{n} = {value}\n")).collect());
        // One field at a time, so that each one's value is compared too.
        sources.extend(names.iter().map(|n| format!("{n} = {value}\n")));
    }
    for src in &sources {
        for ctx in [None, Some(&ctx)] {
            let (direct, direct_diags) = same::<Direct>(src, ctx);
            let (general, general_diags) = same::<General>(src, ctx);
            assert_eq!(
                direct.map(direct_values),
                general.map(general_values),
                "{src}"
            );
            assert_eq!(direct_diags, general_diags, "{src}");
        }
    }
}
