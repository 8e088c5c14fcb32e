//! A Terraform-like module: variables, resources with two labels whose
//! bodies are kept (remain) and decoded in a second phase once the
//! resource type is known; native and JSON syntax; broken variants.

#![allow(clippy::unwrap_used)]

use hcl_core::{Body, EvalContext, Value};
use hcl_serde::HclDecode;

#[derive(HclDecode, Debug)]
struct Module {
    #[hcl(block)]
    variable: Vec<Variable>,
    #[hcl(block)]
    resource: Vec<Resource>,
    #[hcl(block)]
    output: Vec<Output>,
}

#[derive(HclDecode, Debug)]
struct Variable {
    #[hcl(label)]
    name: String,
    default: Option<Value>,
    description: Option<String>,
}

/// The meta-arguments every resource has; the rest depends on the type.
#[derive(HclDecode, Debug)]
struct Resource {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    count: Option<u32>,
    #[hcl(remain)]
    config: Body,
}

#[derive(HclDecode, Debug)]
struct Output {
    #[hcl(label)]
    name: String,
    value: hcl_core::Expression,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Instance {
    ami: String,
    instance_type: String,
    #[hcl(block)]
    tags: Option<Tags>,
}

#[derive(HclDecode, Debug, PartialEq)]
#[hcl(rename_all = "PascalCase")]
struct Tags {
    name: String,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Bucket {
    bucket: String,
    versioning: Option<bool>,
}

const NATIVE: &str = r#"
variable "region" {
  default     = "eu-west-1"
  description = "where to deploy"
}

variable "size" {}

resource "aws_instance" "web" {
  count         = 2
  ami           = "ami-123"
  instance_type = "t3.micro"
  tags {
    Name = "web"
  }
}

resource "aws_s3_bucket" "logs" {
  bucket     = "logs"
  versioning = "true"
}

output "ip" {
  value = aws_instance.web.private_ip
}
"#;

const JSON: &str = r#"{
  "variable": {
    "region": {"default": "eu-west-1", "description": "where to deploy"},
    "size": {}
  },
  "resource": {
    "aws_instance": {
      "web": {
        "count": 2,
        "ami": "ami-123",
        "instance_type": "t3.micro",
        "tags": {"Name": "web"}
      }
    },
    "aws_s3_bucket": {
      "logs": {"bucket": "logs", "versioning": "true"}
    }
  },
  "output": {
    "ip": {"value": "${aws_instance.web.private_ip}"}
  }
}"#;

fn check(module: Module) {
    assert_eq!(module.variable.len(), 2);
    assert_eq!(module.variable[0].name, "region");
    assert_eq!(module.variable[0].default, Some(Value::from("eu-west-1")));
    assert_eq!(
        module.variable[0].description.as_deref(),
        Some("where to deploy")
    );
    assert_eq!(module.variable[1].default, None);
    let kinds: Vec<(&str, &str, Option<u32>)> = module
        .resource
        .iter()
        .map(|r| (r.kind.as_str(), r.name.as_str(), r.count))
        .collect();
    assert_eq!(
        kinds,
        [
            ("aws_instance", "web", Some(2)),
            ("aws_s3_bucket", "logs", None)
        ]
    );

    // Second phase: the resource type picks the struct for the kept body.
    let web: Instance = hcl_serde::from_body(&module.resource[0].config, None).unwrap();
    assert_eq!(
        web,
        Instance {
            ami: "ami-123".into(),
            instance_type: "t3.micro".into(),
            tags: Some(Tags { name: "web".into() })
        }
    );
    let logs: Bucket = hcl_serde::from_body(&module.resource[1].config, None).unwrap();
    assert_eq!(
        logs,
        Bucket {
            bucket: "logs".into(),
            versioning: Some(true)
        }
    );

    // Outputs keep their expressions, evaluated once resources are known.
    let mut ctx = EvalContext::new();
    ctx.set_variable(
        "aws_instance",
        Value::object([(
            "web",
            Value::object([("private_ip", Value::from("10.0.0.1"))]),
        )]),
    );
    assert_eq!(module.output[0].name, "ip");
    let (ip, diags) = module.output[0].value.value(Some(&ctx));
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(ip, Value::from("10.0.0.1"));
}

#[test]
fn terraform_module_decodes_from_native_syntax_in_two_phases() {
    check(hcl_serde::from_str_with("main.tf", NATIVE, None).unwrap());
}

#[test]
fn terraform_module_decodes_from_json_syntax_in_two_phases() {
    check(hcl_serde::from_str_with("main.tf.json", JSON, None).unwrap());
}

fn errors(r: Result<impl std::fmt::Debug, hcl_serde::Error>) -> Vec<(String, String, String)> {
    r.unwrap_err()
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

#[test]
fn broken_module_reports_header_and_body_errors_in_order() {
    let src = r#"
resource "aws_instance" {
  ami = "x"
}
resource "aws_instance" "a" {
  count = -1
}
varible "x" {}
output "o" {}
"#;
    assert_eq!(
        errors(hcl_serde::from_str_with::<Module>("main.tf", src, None)),
        [
            e(
                "Missing name for resource",
                r#"resource["aws_instance"]"#,
                "2:25"
            ),
            e(
                "Unsuitable value type",
                r#"resource["aws_instance"]["a"].count"#,
                "6:11"
            ),
            e("Unsupported block type", r#"varible["x"]"#, "8:1"),
            e("Missing required argument", r#"output["o"]"#, "9:12"),
        ]
    );
}

#[test]
fn second_phase_errors_point_into_the_original_file() {
    let module: Module = hcl_serde::from_str_with(
        "main.tf",
        "resource \"aws_instance\" \"web\" {\n  ami = \"a\"\n  instance_typ = \"t3\"\n}\n",
        None,
    )
    .unwrap();
    let err = hcl_serde::from_body::<Instance>(&module.resource[0].config, None).unwrap_err();
    assert_eq!(
        errors(Err::<Instance, _>(err)),
        [
            e("Missing required argument", "", "1:31"),
            e("Unsupported argument", "instance_typ", "3:3"),
        ]
    );
}
