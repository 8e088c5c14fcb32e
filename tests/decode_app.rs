//! An application config that uses variables and functions from the
//! evaluation context, in native and JSON syntax, and broken variants.

#![allow(clippy::unwrap_used)]

use std::collections::HashMap;

use hcl_core::function::{Function, Param};
use hcl_core::value::Type;
use hcl_core::{EvalContext, Value};
use hcl_serde::{HclDecode, Spanned};

#[derive(HclDecode, Debug, PartialEq)]
#[hcl(rename_all = "kebab-case")]
struct App {
    name: String,
    listen_addr: String,
    workers: u16,
    debug: bool,
    allowed_origins: Vec<String>,
    timeouts: HashMap<String, u32>,
    #[hcl(block)]
    database: Database,
    #[hcl(block)]
    feature: HashMap<String, Feature>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Database {
    url: String,
    pool: Spanned<u8>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Feature {
    enabled: bool,
    #[hcl(optional)]
    rollout: f64,
}

fn context() -> EvalContext {
    let mut ctx = EvalContext::new();
    ctx.set_function(
        "lower",
        Function::builder()
            .param(Param::new("s", Type::String))
            .returns(Type::String)
            .implementation(|args, _| {
                Ok(Value::from(
                    args[0].as_str().unwrap_or_default().to_lowercase(),
                ))
            }),
    );
    ctx.set_function(
        "max",
        Function::builder()
            .variadic(Param::new("n", Type::Number))
            .returns(Type::Number)
            .implementation(|args, _| {
                let max = args.iter().filter_map(|a| a.as_number()).max().cloned();
                Ok(max.map_or(Value::null(Type::Number), Value::Number))
            }),
    );
    ctx.set_function(
        "env",
        Function::builder()
            .param(Param::new("name", Type::String))
            .returns(Type::String)
            .implementation(|args, _| {
                let name = args[0].as_str().unwrap_or_default();
                Ok(Value::from(match name {
                    "DB_HOST" => "db.internal",
                    _ => "",
                }))
            }),
    );
    ctx.set_variable("env_name", Value::from("staging"));
    ctx.set_variable("cpus", Value::from(4));
    ctx
}

const NATIVE: &str = r#"
name        = "shop-${env_name}"
listen-addr = "0.0.0.0:${8000 + 80}"
workers     = cpus * 2
debug       = env_name != "production"
allowed-origins = [for h in ["a", "b"] : "https://${h}.example.com"]
timeouts = {
  read  = 30
  write = "60"
}

database {
  url  = "postgres://${env("DB_HOST")}:5432/${lower("SHOP")}"
  pool = max(cpus, 8)
}

feature "search" {
  enabled = true
  rollout = 0.25
}

feature "checkout" {
  enabled = env_name == "staging"
}
"#;

const JSON: &str = r#"{
  "name": "shop-${env_name}",
  "listen-addr": "0.0.0.0:${8000 + 80}",
  "workers": "${cpus * 2}",
  "debug": "${env_name != \"production\"}",
  "allowed-origins": "${[for h in [\"a\", \"b\"] : \"https://${h}.example.com\"]}",
  "timeouts": {"read": 30, "write": "60"},
  "database": {
    "url": "postgres://${env(\"DB_HOST\")}:5432/${lower(\"SHOP\")}",
    "pool": "${max(cpus, 8)}"
  },
  "feature": {
    "search": {"enabled": true, "rollout": 0.25},
    "checkout": {"enabled": "${env_name == \"staging\"}"}
  }
}"#;

fn check(app: App) {
    assert_eq!(app.name, "shop-staging");
    assert_eq!(app.listen_addr, "0.0.0.0:8080");
    assert_eq!(app.workers, 8);
    assert!(app.debug);
    assert_eq!(
        app.allowed_origins,
        ["https://a.example.com", "https://b.example.com"]
    );
    assert_eq!(app.timeouts["read"], 30);
    assert_eq!(app.timeouts["write"], 60);
    assert_eq!(app.database.url, "postgres://db.internal:5432/shop");
    assert_eq!(*app.database.pool, 8);
    assert_eq!(
        app.feature["search"],
        Feature {
            enabled: true,
            rollout: 0.25
        }
    );
    assert_eq!(
        app.feature["checkout"],
        Feature {
            enabled: true,
            rollout: 0.0
        }
    );
}

#[test]
fn app_config_uses_variables_and_functions_in_native_syntax() {
    let app: App = hcl_serde::from_str_with("app.hcl", NATIVE, Some(&context())).unwrap();
    assert_eq!(app.database.pool.range().start.line, 14);
    check(app);
}

#[test]
fn app_config_uses_variables_and_functions_in_json_syntax() {
    check(hcl_serde::from_str_with("app.hcl.json", JSON, Some(&context())).unwrap());
}

#[test]
fn broken_app_config_reports_evaluation_and_conversion_errors_once_each() {
    let src = r#"
name        = "shop-${env_nme}"
listen-addr = lower(1, 2)
workers     = cpus * 100000
debug       = "yes"
allowed-origins = []
timeouts = {}
database {
  url  = "x"
  pool = 300
}
"#;
    let err = hcl_serde::from_str_with::<App>("app.hcl", src, Some(&context())).unwrap_err();
    let got: Vec<(String, String, String)> = err
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
        .collect();
    let want: Vec<(String, String, String)> = [
        ("Unknown variable", "name", "2:23"),
        ("Too many function arguments", "listen-addr", "3:24"),
        ("Unsuitable value type", "workers", "4:15"),
        ("Unsuitable value type", "debug", "5:15"),
        ("Unsuitable value type", r#"database.pool"#, "10:10"),
    ]
    .iter()
    .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
    .collect();
    assert_eq!(got, want);
    assert_eq!(
        err.entries()[0].diagnostic.detail,
        "There is no variable named \"env_nme\". Did you mean \"env_name\"?"
    );
}
