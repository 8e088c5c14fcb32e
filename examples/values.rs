//! The main job for now: build HCL values of every kind, show their types,
//! and compare them the way the language does.
//!
//! Run with `cargo run --example values`.

use hcl_toolkit::core::value::{convert, to_cty_json, type_to_cty_json, Number, Type, Value};

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

    // The spec's conversions: "8080" becomes a number, the tuple a list.
    let target = Type::object([("port", Type::Number), ("hosts", Type::list(Type::String))]);
    let raw = Value::object([
        ("port", Value::from("8080")),
        ("hosts", Value::tuple([Value::from("a"), Value::from(1)])),
    ]);
    match convert(&raw, &target) {
        Ok(v) => println!("converted: {v:?}"),
        Err(e) => println!("conversion failed: {e}"),
    }
    let bad = Value::object([
        ("port", Value::from("http")),
        ("hosts", Value::empty_tuple()),
    ]);
    if let Err(e) = convert(&bad, &target) {
        println!("conversion error: {e}");
    }

    match (type_to_cty_json(&service.ty()), to_cty_json(&service)) {
        (Ok(t), Ok(v)) => println!(
            "cty JSON: {v}
   type: {t}"
        ),
        (Err(e), _) | (_, Err(e)) => println!("cannot encode: {e}"),
    }

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
