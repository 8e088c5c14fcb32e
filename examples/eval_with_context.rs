//! Evaluates the attributes of a small configuration in a context with
//! variables and the `try` / `can` functions, and prints each value or the
//! rendered diagnostics (with source snippets), as a tool would.
//!
//! Run: `cargo run --example eval_with_context`.

use hcl_core::diag::{render_all, RenderOptions};
use hcl_core::function::stdlib;
use hcl_core::native::parse_config;
use hcl_core::Limits;
use hcl_core::{EvalContext, SourceFile, Type, Value};

const CONFIG: &str = r#"
name     = "web-${var.env}"
replicas = var.env == "prod" ? 3 : 1
ports    = [for p in var.ports : p + 8000 if p != 22]
by_kind  = { for s in var.servers : s.kind => s.name... }
host     = try(var.overrides.host, "localhost")
bad_port = var.port_text + 1
"#;

fn main() {
    let mut ctx = EvalContext::new();
    ctx.set_variable(
        "var",
        Value::object([
            ("env", Value::from("prod")),
            ("ports", Value::tuple([22, 80, 443].map(Value::from))),
            ("port_text", Value::from("eighty")),
            ("overrides", Value::empty_object()),
            (
                "servers",
                Value::list(
                    Type::object([("kind", Type::String), ("name", Type::String)]),
                    [("app", "a1"), ("db", "d1"), ("app", "a2")].map(|(k, n)| {
                        Value::object([("kind", Value::from(k)), ("name", Value::from(n))])
                    }),
                )
                .unwrap_or_else(|_| Value::dynamic()),
            ),
        ]),
    );
    ctx.set_function("try", stdlib::try_function());
    ctx.set_function("can", stdlib::can_function());

    let src = SourceFile::new("example.hcl", CONFIG);
    let (file, diags) = parse_config(&src, &Limits::default());
    assert!(diags.is_empty(), "the example parses");
    for attr in file.body().attributes() {
        let name = attr.name();
        let expr = attr.expr();
        let refs: Vec<String> = expr.variables().iter().map(|t| t.to_string()).collect();
        let (value, diags) = expr.value(Some(&ctx));
        if diags.is_empty() {
            println!("{name} = {value:?}    (refers to {})", refs.join(", "));
        } else {
            print!("{}", render_all(&diags, &src, &RenderOptions::default()));
        }
    }
}
