//! Decodes a configuration whose expressions use variables and functions
//! that the application provides through an `EvalContext`.
//!
//! Run: `cargo run --example decode_with_context`.

use std::process::ExitCode;

use hcl_core::function::{Function, Param};
use hcl_core::value::Type;
use hcl_core::{EvalContext, Value};
use hcl_serde::HclDecode;

const CONFIG: &str = r#"
name     = "shop-${env}"
replicas = base_replicas * (env == "production" ? 3 : 1)
image    = "registry.example.com/shop:${version}"
hosts    = [for region in regions : "${region}.${domain("shop")}"]
"#;

#[derive(HclDecode, Debug)]
struct Deployment {
    name: String,
    replicas: u32,
    image: String,
    hosts: Vec<String>,
}

fn main() -> ExitCode {
    let mut ctx = EvalContext::new();
    ctx.set_variable("env", Value::from("production"))
        .set_variable("base_replicas", Value::from(2))
        .set_variable("version", Value::from("1.4.2"))
        .set_variable(
            "regions",
            Value::tuple([Value::from("eu"), Value::from("us")]),
        );
    ctx.set_function(
        "domain",
        Function::builder()
            .param(Param::new("app", Type::String))
            .returns(Type::String)
            .implementation(|args, _| {
                let app = args[0].as_str().unwrap_or_default();
                Ok(Value::from(format!("{app}.example.com")))
            }),
    );

    match hcl_serde::from_str_with::<Deployment>("deploy.hcl", CONFIG, Some(&ctx)) {
        Ok(d) => {
            println!("{} runs {} replicas of {}", d.name, d.replicas, d.image);
            for h in &d.hosts {
                println!("  serving {h}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
