//! A Nomad-like job specification decoded into derived structs, from the
//! native syntax and from the JSON syntax, and broken variants with their
//! complete error lists.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use hcl_serde::HclDecode;

#[derive(HclDecode, Debug, PartialEq)]
struct JobFile {
    #[hcl(block)]
    job: Job,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Job {
    #[hcl(label)]
    id: String,
    datacenters: Vec<String>,
    #[hcl(rename = "type", default = "service_type")]
    kind: String,
    priority: Option<u8>,
    #[hcl(block)]
    group: Vec<Group>,
}

fn service_type() -> String {
    "service".into()
}

#[derive(HclDecode, Debug, PartialEq)]
struct Group {
    #[hcl(label)]
    name: String,
    #[hcl(default)]
    count: u32,
    #[hcl(block)]
    task: Vec<Task>,
    #[hcl(block)]
    restart: Option<Restart>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Task {
    #[hcl(label)]
    name: String,
    driver: String,
    config: hcl_core::Value,
    #[hcl(block)]
    resources: Resources,
    #[hcl(optional)]
    env: BTreeMap<String, String>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Resources {
    cpu: u32,
    memory: u32,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Restart {
    attempts: u8,
    delay: String,
}

const NATIVE: &str = r#"
job "web" {
  datacenters = ["dc1", "dc2"]
  priority    = 50

  group "frontend" {
    count = 3

    restart {
      attempts = 2
      delay    = "15s"
    }

    task "nginx" {
      driver = "docker"
      config = {
        image = "nginx:1.25"
        ports = ["http"]
      }
      env = {
        PORT = 8080
      }
      resources {
        cpu    = 500
        memory = "256"
      }
    }
  }

  group "cache" {
    task "redis" {
      driver = "docker"
      config = { image = "redis:7" }
      resources {
        cpu    = 250
        memory = 128
      }
    }
  }
}
"#;

const JSON: &str = r#"{
  "job": {
    "web": {
      "datacenters": ["dc1", "dc2"],
      "priority": 50,
      "group": {
        "frontend": {
          "count": 3,
          "restart": { "attempts": 2, "delay": "15s" },
          "task": {
            "nginx": {
              "driver": "docker",
              "config": { "image": "nginx:1.25", "ports": ["http"] },
              "env": { "PORT": 8080 },
              "resources": { "cpu": 500, "memory": "256" }
            }
          }
        },
        "cache": {
          "task": {
            "redis": {
              "driver": "docker",
              "config": { "image": "redis:7" },
              "resources": { "cpu": 250, "memory": 128 }
            }
          }
        }
      }
    }
  }
}"#;

fn expected() -> JobFile {
    use hcl_core::Value;
    JobFile {
        job: Job {
            id: "web".into(),
            datacenters: vec!["dc1".into(), "dc2".into()],
            kind: "service".into(),
            priority: Some(50),
            group: vec![
                Group {
                    name: "frontend".into(),
                    count: 3,
                    task: vec![Task {
                        name: "nginx".into(),
                        driver: "docker".into(),
                        config: Value::object([
                            ("image", Value::from("nginx:1.25")),
                            ("ports", Value::tuple([Value::from("http")])),
                        ]),
                        resources: Resources {
                            cpu: 500,
                            memory: 256,
                        },
                        env: [("PORT".to_owned(), "8080".to_owned())]
                            .into_iter()
                            .collect(),
                    }],
                    restart: Some(Restart {
                        attempts: 2,
                        delay: "15s".into(),
                    }),
                },
                Group {
                    name: "cache".into(),
                    count: 0,
                    task: vec![Task {
                        name: "redis".into(),
                        driver: "docker".into(),
                        config: Value::object([("image", Value::from("redis:7"))]),
                        resources: Resources {
                            cpu: 250,
                            memory: 128,
                        },
                        env: BTreeMap::new(),
                    }],
                    restart: None,
                },
            ],
        },
    }
}

#[test]
fn nomad_job_decodes_from_native_syntax() {
    let got: JobFile = hcl_serde::from_str_with("job.nomad.hcl", NATIVE, None).unwrap();
    assert_eq!(got, expected());
}

#[test]
fn nomad_job_decodes_from_json_syntax() {
    let got: JobFile = hcl_serde::from_str_with("job.nomad.json", JSON, None).unwrap();
    assert_eq!(got, expected());
}

/// `(summary, path, "line:column")` of every diagnostic, in order.
fn errors(name: &str, src: &str) -> Vec<(String, String, String)> {
    hcl_serde::from_str_with::<JobFile>(name, src, None)
        .unwrap_err()
        .entries()
        .iter()
        .map(|e| {
            let r = e.diagnostic.subject.clone().unwrap();
            (
                e.diagnostic.summary.clone(),
                e.path.clone(),
                format!("{}:{}", r.start.line, r.start.column),
            )
        })
        .collect()
}

fn e(s: &str, p: &str, at: &str) -> (String, String, String) {
    (s.into(), p.into(), at.into())
}

const BROKEN_NATIVE: &str = r#"
job "web" {
  datacenters = "dc1"
  priority    = 300
  group "frontend" {
    count = 1.5
    task "nginx" {
      drivr  = "docker"
      config = {}
      resources {
        cpu = "lots"
      }
    }
    restart {
      attempts = 1
      delay    = "1s"
    }
    restart {
      attempts = 2
      delay    = "2s"
    }
  }
}
"#;

#[test]
fn broken_nomad_job_reports_every_problem_in_source_order() {
    assert_eq!(
        errors("job.nomad.hcl", BROKEN_NATIVE),
        [
            e("Unsuitable value type", r#"job["web"].datacenters"#, "3:17"),
            e("Unsuitable value type", r#"job["web"].priority"#, "4:17"),
            e(
                "Unsuitable value type",
                r#"job["web"].group["frontend"].count"#,
                "6:13"
            ),
            e(
                "Missing required argument",
                r#"job["web"].group["frontend"].task["nginx"]"#,
                "7:18"
            ),
            e(
                "Unsupported argument",
                r#"job["web"].group["frontend"].task["nginx"].drivr"#,
                "8:7"
            ),
            e(
                "Missing required argument",
                r#"job["web"].group["frontend"].task["nginx"].resources"#,
                "10:17"
            ),
            e(
                "Unsuitable value type",
                r#"job["web"].group["frontend"].task["nginx"].resources.cpu"#,
                "11:15"
            ),
            e(
                "Duplicate restart block",
                r#"job["web"].group["frontend"].restart"#,
                "18:5"
            ),
        ]
    );
    let err =
        hcl_serde::from_str_with::<JobFile>("job.nomad.hcl", BROKEN_NATIVE, None).unwrap_err();
    let details: Vec<&str> = err.diagnostics().map(|d| d.detail.as_str()).collect();
    assert_eq!(details[1], "Unsuitable value: 300 is out of range for u8");
    assert_eq!(
        details[4],
        "An argument named \"drivr\" is not expected here. Did you mean \"driver\"?"
    );
}

#[test]
fn broken_nomad_job_in_json_reports_the_same_problems() {
    let src = r#"{"job": {"web": {
  "datacenters": ["dc1"],
  "priority": 300,
  "group": {"frontend": {"task": {"nginx": {
    "driver": "docker", "config": {}, "resources": {"cpu": "lots", "memory": 1}
  }}}}
}}}"#;
    assert_eq!(
        errors("job.nomad.json", src),
        [
            e("Unsuitable value type", r#"job["web"].priority"#, "3:15"),
            e(
                "Unsuitable value type",
                r#"job["web"].group["frontend"].task["nginx"].resources.cpu"#,
                "5:60"
            ),
        ]
    );
}
