//! Structural errors (a duplicate, missing or unsupported block, a missing
//! label, an unsupported argument, a duplicate in a label map) carry the
//! same field path in the JSON syntax as in the native syntax, with a
//! subject in the JSON property they are about: one table, each row the
//! same configuration written in both syntaxes.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use hcl_core::SourceFile;
use hcl_serde::{from_files, from_str_with, Error, HclDecode};

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Config {
    #[hcl(block)]
    service: Vec<Service>,
    #[hcl(block)]
    step: Option<Step>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Service {
    #[hcl(label)]
    name: String,
    port: Option<u16>,
    #[hcl(block)]
    check: Option<Check>,
    #[hcl(block)]
    logging: Option<Logging>,
    #[hcl(block)]
    profile: BTreeMap<String, Logging>,
    #[hcl(block)]
    route: BTreeMap<String, BTreeMap<String, Route>>,
    #[hcl(block)]
    inner: Option<Inner>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Check {
    path: String,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Logging {
    level: Option<String>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Route {
    #[hcl(label)]
    from: String,
    #[hcl(label)]
    to: String,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Inner {
    #[hcl(block)]
    logging: Logging,
    port: u16,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
#[hcl(rename_all = "lowercase")]
enum Step {
    Run(Run),
    Copy(Check),
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Run {
    #[hcl(label)]
    name: String,
}

/// Where the subject of the one diagnostic starts, in a row's sources.
const MARK: char = '‸';

/// `(summary, path, subject start byte)` of every diagnostic of decoding
/// `marked` (without its mark) as a file called `name`, and where the
/// mark was (0 without one).
fn decode(name: &str, marked: &str) -> (Vec<(String, String, u32)>, u32) {
    let mark = marked.find(MARK).unwrap_or(0) as u32;
    let src = marked.replace(MARK, "");
    let err: Error = from_str_with::<Config>(name, &src, None).unwrap_err();
    let found = err
        .entries()
        .iter()
        .map(|e| {
            let at = e
                .diagnostic
                .subject
                .as_ref()
                .map_or(u32::MAX, |r| r.start.byte);
            (e.diagnostic.summary.clone(), e.path.clone(), at)
        })
        .collect();
    (found, mark)
}

/// One configuration with one structural problem, in both syntaxes.
struct Row {
    what: &'static str,
    native: &'static str,
    json: &'static str,
    /// The summaries differ where the syntaxes' reference messages do
    /// (a JSON body knows properties, not arguments and blocks).
    native_summary: &'static str,
    json_summary: &'static str,
    path: &'static str,
}

const ROWS: &[Row] = &[
    Row {
        what: "duplicate block (a JSON array)",
        native: "service \"web\" {\n  check { path = \"/\" }\n  ‸check { path = \"/x\" }\n}\n",
        json: r#"{"service": {"web": {"check": [{"path": "/"}, ‸{"path": "/x"}]}}}"#,
        native_summary: "Duplicate check block",
        json_summary: "Duplicate check block",
        path: r#"service["web"].check"#,
    },
    Row {
        what: "duplicate block (a property written twice)",
        native: "service \"web\" {\n  logging {}\n  ‸logging {}\n}\n",
        json: r#"{"service": {"web": {"logging": {}, "logging": ‸{}}}}"#,
        native_summary: "Duplicate logging block",
        json_summary: "Duplicate logging block",
        path: r#"service["web"].logging"#,
    },
    Row {
        what: "duplicate block of a block-type enum",
        native: "run \"a\" {}\n‸copy { path = \"x\" }\n",
        json: r#"{"run": {"a": {}}, "copy": ‸{"path": "x"}}"#,
        native_summary: "Duplicate run or copy block",
        json_summary: "Duplicate run or copy block",
        path: "copy",
    },
    Row {
        what: "missing label",
        native: "service ‸{}\n",
        json: r#"{"service": ‸{}}"#,
        native_summary: "Missing name for service",
        json_summary: "Missing block label",
        path: "service",
    },
    Row {
        what: "missing second label",
        native: "service \"web\" {\n  route \"a\" ‸{}\n}\n",
        json: r#"{"service": {"web": {"route": {"a": ‸{}}}}}"#,
        native_summary: "Missing to for route",
        json_summary: "Missing block label",
        path: r#"service["web"].route["a"]"#,
    },
    Row {
        what: "missing label, under a property written twice",
        native: "service \"web\" {}\nservice \"db\" {\n  route \"a\" ‸{}\n}\n",
        json: r#"{"service": {"web": {}}, "service": {"db": {"route": {"a": ‸{}}}}}"#,
        native_summary: "Missing to for route",
        json_summary: "Missing block label",
        path: r#"service["db"].route["a"]"#,
    },
    Row {
        what: "unsupported block type",
        native: "service \"web\" {\n  ‸bogus {}\n}\n",
        json: r#"{"service": {"web": {‸"bogus": {}}}}"#,
        native_summary: "Unsupported block type",
        json_summary: "Extraneous JSON object property",
        path: r#"service["web"].bogus"#,
    },
    Row {
        what: "unsupported argument",
        native: "service \"web\" {\n  ‸prot = 1\n}\n",
        json: r#"{"service": {"web": {‸"prot": 1}}}"#,
        native_summary: "Unsupported argument",
        json_summary: "Extraneous JSON object property",
        path: r#"service["web"].prot"#,
    },
    Row {
        what: "unsupported argument, in a property written twice",
        native: "service \"web\" {}\nservice \"db\" {\n  ‸prot = 1\n}\n",
        json: r#"{"service": {"web": {}}, "service": {"db": {‸"prot": 1}}}"#,
        native_summary: "Unsupported argument",
        json_summary: "Extraneous JSON object property",
        path: r#"service["db"].prot"#,
    },
    Row {
        what: "missing required block",
        native: "service \"web\" {\n  inner ‸{\n    port = 1\n  }\n}\n",
        json: r#"{"service": {"web": {"inner": {"port": 1‸}}}}"#,
        native_summary: "Missing logging block",
        json_summary: "Missing logging block",
        path: r#"service["web"].inner.logging"#,
    },
    Row {
        what: "missing required argument",
        native: "service \"web\" {\n  inner ‸{\n    logging {}\n  }\n}\n",
        json: r#"{"service": {"web": {"inner": {"logging": {}‸}}}}"#,
        native_summary: "Missing required argument",
        json_summary: "Missing required argument",
        path: r#"service["web"].inner"#,
    },
    Row {
        what: "duplicate in a label map",
        native: "service \"web\" {\n  profile \"a\" {}\n  ‸profile \"a\" {}\n}\n",
        json: r#"{"service": {"web": {"profile": [{"a": {}}, {"a": ‸{}}]}}}"#,
        native_summary: "Duplicate profile block",
        json_summary: "Duplicate profile block",
        path: r#"service["web"].profile["a"]"#,
    },
    Row {
        what: "duplicate in a label map (a JSON array under the label)",
        native: "service \"web\" {\n  profile \"a\" {}\n  ‸profile \"a\" {}\n}\n",
        json: r#"{"service": {"web": {"profile": {"a": [{}, ‸{}]}}}}"#,
        native_summary: "Duplicate profile block",
        json_summary: "Duplicate profile block",
        path: r#"service["web"].profile["a"]"#,
    },
    Row {
        what: "duplicate in a two-level label map",
        native: "service \"web\" {\n  route \"a\" \"b\" {}\n  ‸route \"a\" \"b\" {}\n}\n",
        json: r#"{"service": {"web": {"route": {"a": {"b": {}}}, "route": {"a": {"b": ‸{}}}}}}"#,
        native_summary: "Duplicate route block",
        json_summary: "Duplicate route block",
        path: r#"service["web"].route["a"]["b"]"#,
    },
];

#[test]
fn structural_errors_have_the_same_paths_in_both_syntaxes() {
    for row in ROWS {
        let (native, native_mark) = decode("a.hcl", row.native);
        let (json, json_mark) = decode("a.hcl.json", row.json);
        assert_eq!(
            native,
            [(row.native_summary.into(), row.path.into(), native_mark)],
            "native: {}",
            row.what
        );
        assert_eq!(
            json,
            [(row.json_summary.into(), row.path.into(), json_mark)],
            "JSON: {}",
            row.what
        );
    }
}

/// A body merged from files of both syntaxes finds each problem's item in
/// the file it is in.
#[test]
fn merged_files_find_the_item_in_the_json_file() {
    let files = [
        SourceFile::new("a.hcl", "service \"web\" {}\n"),
        SourceFile::new(
            "b.hcl.json",
            r#"{"service": {"db": {"route": {"a": {}}}}, "bogus": 1}"#,
        ),
    ];
    let err = from_files::<Config>(files, None).unwrap_err();
    let paths: Vec<&str> = err.entries().iter().map(|e| e.path.as_str()).collect();
    assert_eq!(paths, [r#"service["db"].route["a"]"#, "bogus"]);
}

/// Where the syntaxes cannot agree: a JSON body cannot tell an extra label
/// level from a property of the block's body (the reference reads it as
/// the property), and an unsupported block's labels are not known (no
/// schema says which levels are labels).
#[test]
fn what_only_the_native_syntax_can_tell() {
    let (native, _) = decode(
        "a.hcl",
        "service \"web\" {\n  check ‸\"x\" { path = \"/\" }\n}\n",
    );
    let (json, _) = decode(
        "a.hcl.json",
        r#"{"service": {"web": {"check": {"x": {"path": "/"}}}}}"#,
    );
    let paths = |v: &[(String, String, u32)]| v.iter().map(|e| e.1.clone()).collect::<Vec<_>>();
    assert_eq!(paths(&native), [r#"service["web"].check["x"]"#]);
    assert_eq!(
        paths(&json),
        [r#"service["web"].check.x"#, r#"service["web"].check"#]
    );
    let (native, _) = decode("a.hcl", "service \"web\" {\n  ‸bogus \"x\" {}\n}\n");
    let (json, _) = decode(
        "a.hcl.json",
        r#"{"service": {"web": {‸"bogus": {"x": {}}}}}"#,
    );
    assert_eq!(paths(&native), [r#"service["web"].bogus["x"]"#]);
    assert_eq!(paths(&json), [r#"service["web"].bogus"#]);
}

/// Finding the item of each problem in a wide JSON body is a search by
/// position, not a walk over the siblings: one problem in each of 100 000
/// blocks was quadratic. (Size, not a timer, makes a regression show.)
#[test]
fn problems_in_many_json_blocks_are_placed_in_linear_time() {
    let n = 100_000;
    let blocks: Vec<String> = (0..n)
        .map(|i| format!("\"s{i}\": {{\"bogus\": 1}}"))
        .collect();
    let src = format!("{{\"service\": {{{}}}}}", blocks.join(", "));
    let err = from_str_with::<Config>("wide.hcl.json", &src, None).unwrap_err();
    assert_eq!(err.entries().len(), n);
    assert_eq!(
        err.entries()[n - 1].path,
        format!("service[\"s{}\"].bogus", n - 1)
    );
}
