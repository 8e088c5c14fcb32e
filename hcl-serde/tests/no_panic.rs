//! Decoding never panics: arbitrary token soup, in either syntax, into a
//! struct using every field kind gives a value or an error.

use std::collections::BTreeMap;

use hcl_core::{Body, Expression, Value};
use hcl_serde::{HclDecode, Spanned};
use proptest::prelude::*;

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Root {
    name: Option<String>,
    port: Option<Spanned<u16>>,
    tags: Option<Vec<String>>,
    any: Option<Value>,
    expr: Option<Expression>,
    #[hcl(block)]
    service: Vec<Service>,
    #[hcl(block)]
    limits: Option<Limits>,
    #[hcl(block)]
    profile: BTreeMap<String, Limits>,
    #[hcl(remain)]
    rest: Body,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Service {
    #[hcl(label)]
    name: String,
    #[hcl(optional)]
    port: u32,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Limits {
    #[hcl(default)]
    burst: i8,
}

fn token() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "name", "port", "tags", "any", "service", "limits", "profile", "burst", " = ", "\n", "{",
        "}", "[", "]", "\"x\"", "\"8080\"", "70000", "1.5", "-1", "true", "null", ",", "(", ")",
        "a.b", "${", "upper(", ":", "\"", "#", "\"web\"", " ",
    ])
}

fn json_token() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "{",
        "}",
        "[",
        "]",
        ":",
        ",",
        "\"name\"",
        "\"port\"",
        "\"service\"",
        "\"limits\"",
        "\"burst\"",
        "\"web\"",
        "1",
        "70000",
        "\"${1+\"",
        "true",
        "null",
        "\"x\"",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn native_soup_decodes_or_errors(tokens in prop::collection::vec(token(), 0..40)) {
        let src = tokens.concat();
        let _ = hcl_serde::from_str::<Root>(&src).map_err(|e| e.to_string());
        let _ = hcl_serde::from_str::<serde_json::Value>(&src);
    }

    #[test]
    fn json_soup_decodes_or_errors(tokens in prop::collection::vec(json_token(), 0..40)) {
        let src = tokens.concat();
        let _ = hcl_serde::from_str_with::<Root>("t.json", &src, None).map_err(|e| e.to_string());
    }
}
