//! The main job for now: build HCL values of every kind, show their types,
//! and compare them the way the language does.
//!
//! Run with `cargo run --example values`.

use hcl_toolkit::core::value::{Number, Type, Value};

fn main() {
    let port = Value::from(8080);
    let name = Value::from("web");
    let tags = Value::set(Type::String, ["b", "a", "b"].map(Value::from)).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(1)
    });
    let service = Value::object([("name", name), ("port", port), ("tags", tags)]);

    println!("value: {service:?}");
    println!("type:  {}", service.ty());
    println!("       ({})", service.ty().friendly_name());

    let third = Number::from(1).div(&Number::from(3)).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(1)
    });
    println!("1/3 = {third}");

    let unknown = Value::unknown(Type::Number);
    println!(
        "8080 == unknown number -> {:?}",
        Value::from(8080).equals(&unknown)
    );
    println!(
        "null(string) == null -> {:?}",
        Value::null(Type::String).equals(&Value::null(Type::Dynamic))
    );
}
