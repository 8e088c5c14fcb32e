//! Structure-aware, differential fuzzing of typed decoding: `arbitrary`
//! builds a well-formed job configuration, which is rendered in the native
//! syntax and in the JSON syntax; both must decode without errors into the
//! derived structs, to the same values.

#![no_main]

use std::collections::BTreeMap;

use arbitrary::Arbitrary;
use hcl_serde::HclDecode;
use libfuzzer_sys::fuzz_target;

#[derive(HclDecode, Debug, PartialEq)]
struct Job {
    name: String,
    #[hcl(optional)]
    count: Option<u16>,
    #[hcl(optional)]
    enabled: Option<bool>,
    #[hcl(optional)]
    tags: Option<Vec<String>>,
    #[hcl(block)]
    group: Vec<Group>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Group {
    #[hcl(label)]
    name: String,
    #[hcl(optional)]
    weight: Option<i64>,
    #[hcl(optional)]
    meta: Option<BTreeMap<String, String>>,
}

/// The generated configuration: only shapes the structs accept.
#[derive(Arbitrary, Debug)]
struct Input {
    name: String,
    count: Option<u16>,
    enabled: Option<bool>,
    tags: Option<Vec<String>>,
    groups: Vec<(String, Option<i64>, Option<Vec<(Key, String)>>)>,
}

/// Map keys that are valid identifiers in both syntaxes.
#[derive(Arbitrary, Debug)]
struct Key(u8);

impl Key {
    fn name(&self) -> String {
        format!("k{}", self.0 % 16)
    }
}

/// A JSON string literal (also a valid native quoted string once `${` and
/// `%{` are escaped, which `native_string` does).
fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn native_string(s: &str) -> String {
    json_string(s).replace("${", "$${").replace("%{", "%%{")
}

fn json_template(s: &str) -> String {
    // JSON strings are templates in full mode: escape the template markers.
    json_string(&s.replace("${", "$${").replace("%{", "%%{"))
}

fn list(items: &[String], each: fn(&str) -> String) -> String {
    let parts: Vec<String> = items.iter().map(|s| each(s)).collect();
    format!("[{}]", parts.join(", "))
}

fn render(input: &Input) -> (String, String) {
    let mut native = format!("name = {}\n", native_string(&input.name));
    let mut json = vec![format!("\"name\": {}", json_template(&input.name))];
    if let Some(c) = input.count {
        native += &format!("count = {c}\n");
        json.push(format!("\"count\": {c}"));
    }
    if let Some(b) = input.enabled {
        native += &format!("enabled = {b}\n");
        json.push(format!("\"enabled\": {b}"));
    }
    if let Some(tags) = &input.tags {
        native += &format!("tags = {}\n", list(tags, native_string));
        json.push(format!("\"tags\": {}", list(tags, json_template)));
    }
    let mut groups = Vec::new();
    for (label, weight, meta) in &input.groups {
        native += &format!("group {} {{\n", native_string(label));
        let mut body = Vec::new();
        if let Some(w) = weight {
            native += &format!("  weight = {w}\n");
            body.push(format!("\"weight\": {w}"));
        }
        if let Some(meta) = meta {
            let mut seen = BTreeMap::new();
            for (k, v) in meta {
                seen.insert(k.name(), v.clone());
            }
            let n: Vec<String> = seen
                .iter()
                .map(|(k, v)| format!("{k} = {}", native_string(v)))
                .collect();
            let j: Vec<String> = seen
                .iter()
                .map(|(k, v)| format!("\"{k}\": {}", json_template(v)))
                .collect();
            native += &format!("  meta = {{ {} }}\n", n.join(", "));
            body.push(format!("\"meta\": {{{}}}", j.join(", ")));
        }
        native += "}\n";
        // Object keys are not templates in the JSON syntax.
        groups.push(format!("{{{}: {{{}}}}}", json_string(label), body.join(", ")));
    }
    if !groups.is_empty() {
        json.push(format!("\"group\": [{}]", groups.join(", ")));
    }
    (native, format!("{{{}}}", json.join(", ")))
}

fuzz_target!(|input: Input| {
    let (native, json) = render(&input);
    let ctx = hcl_core::EvalContext::new();
    let from_native = hcl_serde::from_str_with::<Job>("job.hcl", &native, Some(&ctx));
    let from_json = hcl_serde::from_str_with::<Job>("job.hcl.json", &json, Some(&ctx));
    match (from_native, from_json) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "native:\n{native}\njson:\n{json}"),
        (a, b) => panic!("decoding failed\nnative:\n{native}\n{a:?}\njson:\n{json}\n{b:?}"),
    }
});
