//! Type-checks a small Pulumi-style program with the extended type system,
//! before anything is deployed: resources' outputs are `output(T)` (known
//! only once the resource exists), optional inputs are unions with `none`.
//! Then checks a broken variant and prints its diagnostics.
//!
//! Run with `cargo run --example typecheck`.

use std::collections::BTreeMap;

use hcl_toolkit::core::diag::{render_all, RenderOptions};
use hcl_toolkit::core::native::{parse_config, BlockNode};
use hcl_toolkit::core::pos::SourceFile;
use hcl_toolkit::core::typeck::{parse_type, parse_var_types, Checker, ExtendedType, TypeScope};
use hcl_toolkit::core::Diagnostics;
use hcl_toolkit::core::Limits;

const PROGRAM: &str = r#"
resource "bucket" "aws:s3:Bucket" {
  website = { index_document = "index.html" }
  tags    = { env = env, owner = "web-team" }
}

resource "index" "aws:s3:BucketObject" {
  bucket        = bucket.id
  key           = "index.html"
  content       = "<h1>Hello from ${env}</h1>"
  cache_control = short_cache ? "max-age=60" : null
  size_hint     = replicas * 2
  metadata      = { bucket = bucket.arn, env = env }
}

output "url" {
  value = "http://${bucket.website_endpoint}/${index.key}"
}

output "tag_names" {
  value = [for k, v in bucket.tags : k if v != ""]
}
"#;

const BROKEN: &str = r#"
resource "bucket" "aws:s3:Bucket" {
  website = { index_document = "index.html" }
  colour  = "blue"
}

resource "index" "aws:s3:BucketObject" {
  bucket        = bucket.identifier
  content       = replicas + bucket.tags
  cache_control = short_cache ? "max-age=60" : [60]
  size_hint     = [replicas]
}

output "url" {
  value = "http://${bucket.website_endpoint}/${index}"
}
"#;

/// The configuration's variables, as the CLI's `--var-types` gives them.
const VAR_TYPES: &str = r#"{"env": "string", "short_cache": "bool", "replicas": "int"}"#;

/// A resource type: the types of its inputs and of its outputs.
struct Schema {
    inputs: BTreeMap<String, ExtendedType>,
    outputs: ExtendedType,
}

fn types(pairs: &[(&str, &str)]) -> BTreeMap<String, ExtendedType> {
    pairs
        .iter()
        .map(|(name, ty)| {
            let ty = parse_type(ty).unwrap_or_else(|e| panic!("{ty}: {e}"));
            (name.to_string(), ty)
        })
        .collect()
}

fn schemas() -> BTreeMap<&'static str, Schema> {
    // Every output is eventual; inputs take prompt or eventual values
    // (`output(T)` is assignable from `T`, and a structure holding outputs,
    // such as `{ bucket = bucket.arn }`, converts to it), optional ones
    // also null.
    let bucket_outputs = types(&[
        ("id", "output(string)"),
        ("arn", "output(string)"),
        ("website_endpoint", "output(string)"),
        ("tags", "output(optional(map(string)))"),
    ]);
    let object_outputs = types(&[
        ("id", "output(string)"),
        ("key", "output(string)"),
        ("etag", "output(string)"),
    ]);
    BTreeMap::from([
        (
            "aws:s3:Bucket",
            Schema {
                inputs: types(&[
                    (
                        "website",
                        "optional(output(object({index_document = string})))",
                    ),
                    ("tags", "optional(output(map(string)))"),
                    ("acl", "optional(output(string))"),
                ]),
                outputs: ExtendedType::Object(bucket_outputs.into()),
            },
        ),
        (
            "aws:s3:BucketObject",
            Schema {
                inputs: types(&[
                    ("bucket", "output(string)"),
                    ("key", "output(string)"),
                    ("content", "optional(output(string))"),
                    ("cache_control", "optional(output(string))"),
                    ("size_hint", "optional(output(int))"),
                    ("metadata", "optional(output(map(string)))"),
                ]),
                outputs: ExtendedType::Object(object_outputs.into()),
            },
        ),
    ])
}

/// Checks a program: declares each resource's outputs as a variable named
/// after it, checks each resource's arguments against its inputs, and
/// prints the type of each output.
fn check(name: &str, text: &str) -> Diagnostics {
    let src = SourceFile::new(name, text);
    let (file, mut diags) = parse_config(&src, &Limits::default());

    let types_src = SourceFile::new("var-types.json", VAR_TYPES);
    let (vars, type_diags) = parse_var_types(&types_src);
    diags.extend(type_diags);
    let mut scope = TypeScope::new();
    for (name, ty) in vars {
        scope.set_variable(name, ty);
    }

    let schemas = schemas();
    let label =
        |b: BlockNode<'_>, i: usize| b.labels().nth(i).map_or("", |l| l.value()).to_string();
    for block in file.body().blocks() {
        if block.type_name() == "resource" {
            if let Some(schema) = schemas.get(label(block, 1).as_str()) {
                scope.set_variable(label(block, 0), schema.outputs.clone());
            }
        }
    }

    let mut checker = Checker::new(&src, &scope);
    for block in file.body().blocks() {
        match block.type_name() {
            "resource" => match schemas.get(label(block, 1).as_str()) {
                Some(schema) => checker.check_arguments(block.body(), &schema.inputs),
                None => println!("  (no schema for {})", label(block, 1)),
            },
            "output" => {
                for attr in block.body().attributes() {
                    let ty = checker.expr(attr.expr());
                    println!("  output {:<10} : {ty}", label(block, 0));
                }
            }
            _ => {}
        }
    }
    diags.extend(checker.finish());

    let rendered = render_all(&diags, &src, &RenderOptions::default());
    print!("{rendered}");
    diags
}

fn main() {
    println!("== program.hcl");
    let ok = check("program.hcl", PROGRAM);
    println!("  {} error(s)\n", ok.error_count());

    println!("== broken.hcl");
    let broken = check("broken.hcl", BROKEN);
    println!("  {} error(s)", broken.error_count());
    if ok.has_errors() || !broken.has_errors() {
        std::process::exit(1);
    }
}
