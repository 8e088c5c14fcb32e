//! One configuration across several files: `from_files`, `from_paths` and
//! `from_dir` merge the files' bodies, and every diagnostic names its file.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use hcl_serde::HclDecode;

#[derive(HclDecode, Debug, PartialEq)]
struct Service {
    #[hcl(label)]
    name: String,
    port: u16,
}

#[derive(HclDecode, Debug)]
struct Config {
    region: String,
    #[hcl(block)]
    service: Vec<Service>,
}

/// A fresh directory under the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hcl-serde-many-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn many_files_a_directory_takes_hcl_and_hcl_json_files_in_name_order() {
    let dir = scratch("order");
    std::fs::write(dir.join("b.hcl"), "service \"b\" { port = 2 }\n").unwrap();
    std::fs::write(
        dir.join("a.hcl"),
        "region = \"eu\"\nservice \"a\" { port = 1 }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("c.hcl.json"),
        r#"{"service": {"c": {"port": "3"}}}"#,
    )
    .unwrap();
    std::fs::write(dir.join("ignored.txt"), "not hcl").unwrap();
    std::fs::write(dir.join("other.json"), "{}").unwrap();
    let c: Config = hcl_serde::from_dir(&dir, None).unwrap();
    assert_eq!(c.region, "eu");
    let names: Vec<&str> = c.service.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "c"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn many_files_a_directory_without_configuration_files_is_an_error() {
    let dir = scratch("empty");
    std::fs::write(dir.join("main.tf"), "region = \"eu\"\n").unwrap();
    let err = hcl_serde::from_dir::<Config>(&dir, None).unwrap_err();
    assert_eq!(err.summary(), "No configuration files");
    assert!(
        err.to_string().contains("no .hcl or .hcl.json file"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn many_files_diagnostics_name_each_file_and_render_its_snippet() {
    let dir = scratch("errors");
    let a = dir.join("a.hcl");
    let b = dir.join("b.hcl");
    std::fs::write(&a, "region = \"eu\"\nservice \"a\" { port = \"x\" }\n").unwrap();
    std::fs::write(&b, "service \"b\" { port = 70000 }\n").unwrap();
    let err = hcl_serde::from_paths::<Config>([&a, &b], None).unwrap_err();
    let files: Vec<String> = err
        .entries()
        .iter()
        .map(|e| e.diagnostic.subject.clone().unwrap().filename.to_string())
        .collect();
    assert_eq!(files, [a.display().to_string(), b.display().to_string()]);
    let shown = err.to_string();
    assert!(
        shown.contains("1: service \"b\" { port = 70000 }"),
        "{shown}"
    );
    assert!(
        shown.contains("2: service \"a\" { port = \"x\" }"),
        "{shown}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn many_files_syntax_errors_and_unreadable_files_are_one_error() {
    let dir = scratch("syntax");
    let bad = dir.join("bad.hcl");
    std::fs::write(&bad, "region = \n").unwrap();
    let missing = dir.join("missing.hcl");
    let err = hcl_serde::from_paths::<Config>([&bad, &missing], None).unwrap_err();
    let summaries: Vec<&str> = err
        .entries()
        .iter()
        .map(|e| e.diagnostic.summary.as_str())
        .collect();
    assert!(summaries.contains(&"Failed to read file"), "{summaries:?}");
    assert!(summaries.len() >= 2, "{summaries:?}");
    let err = hcl_serde::from_dir::<Config>(dir.join("nope"), None).unwrap_err();
    assert_eq!(err.summary(), "Failed to read directory");
    let _ = std::fs::remove_dir_all(&dir);
}
