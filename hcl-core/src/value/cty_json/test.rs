use super::*;
use crate::value::{Capsule, CapsuleType};

fn obj(attrs: &[(&str, Type)]) -> Type {
    Type::object(attrs.iter().cloned())
}

#[test]
fn cty_json_types_encode_in_go_cty_form_and_decode_back() {
    let cases = [
        (Type::Bool, r#""bool""#),
        (Type::Number, r#""number""#),
        (Type::String, r#""string""#),
        (Type::Dynamic, r#""dynamic""#),
        (Type::list(Type::Number), r#"["list","number"]"#),
        (Type::map(Type::String), r#"["map","string"]"#),
        (Type::set(Type::Bool), r#"["set","bool"]"#),
        (Type::empty_object(), r#"["object",{}]"#),
        (
            obj(&[("b", Type::list(Type::String)), ("a", Type::Bool)]),
            r#"["object",{"a":"bool","b":["list","string"]}]"#,
        ),
        (
            Type::object_with_optional(
                [("c", Type::Number), ("a", Type::Bool), ("b", Type::String)],
                ["c", "a"],
            ),
            r#"["object",{"a":"bool","b":"string","c":"number"},["a","c"]]"#,
        ),
        (Type::empty_tuple(), r#"["tuple",[]]"#),
        (
            Type::tuple([Type::String, Type::map(Type::Dynamic)]),
            r#"["tuple",["string",["map","dynamic"]]]"#,
        ),
        (
            Type::set(obj(&[("x\"y", Type::tuple([Type::Number]))])),
            r#"["set",["object",{"x\"y":["tuple",["number"]]}]]"#,
        ),
    ];
    for (ty, json) in cases {
        assert_eq!(type_to_cty_json(&ty).unwrap(), json, "{ty}");
        assert_eq!(type_from_cty_json(json).unwrap(), ty, "{json}");
    }
    // Whitespace and property order do not matter when decoding.
    assert_eq!(
        type_from_cty_json(" [ \"object\" , { \"b\" : \"bool\", \"a\": \"number\" } ] ").unwrap(),
        obj(&[("a", Type::Number), ("b", Type::Bool)])
    );
}

#[test]
fn cty_json_type_errors() {
    let bytes = Type::Capsule(CapsuleType::new("bytes"));
    assert_eq!(
        type_to_cty_json(&Type::list(bytes))
            .unwrap_err()
            .to_string(),
        "type not allowed: bytes"
    );
    let cases = [
        (r#""int""#, r#"invalid primitive type name "int""#),
        (r#"["lst","number"]"#, "invalid complex type kind name"),
        (r#"[1,"number"]"#, "invalid complex type kind name"),
        ("[]", "invalid complex type kind name"),
        (r#"["list"]"#, "incomplete complex type description"),
        (r#"["list","number","x"]"#, "unexpected extra data in type description"),
        (
            r#"["object",{"a":"bool"},["a"],1]"#,
            "unexpected extra data in type description",
        ),
        (r#"["object",["a"]]"#, "object attribute types must be a JSON object"),
        (
            r#"["object",{"a":"bool"},[1]]"#,
            "optional attribute names must be a JSON array of strings",
        ),
        (r#"["tuple",{}]"#, "tuple element types must be a JSON array"),
        (r#"["map",["set","strin"]]"#, r#"invalid primitive type name "strin""#),
        ("1", "invalid type description"),
        ("null", "invalid type description"),
        (
            r#"["list","number""#,
            "invalid JSON at line 1, column 1: Unclosed array; No closing bracket was found for this JSON array.",
        ),
    ];
    for (json, want) in cases {
        assert_eq!(
            type_from_cty_json(json).unwrap_err().to_string(),
            want,
            "{json}"
        );
    }
}

/// Decodes `json` as `ty`, checks the value's type, and that encoding gives
/// `canonical` back.
fn round_trip(ty: &Type, json: &str, value_type: &Type, canonical: &str) -> Value {
    let v = from_cty_json(json, ty).unwrap_or_else(|e| panic!("{json}: {e}"));
    assert_eq!(&v.ty(), value_type, "{json}");
    assert_eq!(to_cty_json_as(&v, ty).unwrap(), canonical, "{json}");
    v
}

#[test]
fn cty_json_primitive_values_round_trip() {
    round_trip(&Type::Bool, "true", &Type::Bool, "true");
    round_trip(&Type::Bool, "false", &Type::Bool, "false");
    round_trip(&Type::Number, "1", &Type::Number, "1");
    round_trip(&Type::Number, "-1.5", &Type::Number, "-1.5");
    round_trip(&Type::Number, "0.25", &Type::Number, "0.25");
    // Numbers are written in plain decimal notation, as go-cty writes them.
    round_trip(&Type::Number, "1e3", &Type::Number, "1000");
    let v = round_trip(
        &Type::String,
        r#""a\"b\\c\n\u003c&>\u2028é\u00e9\ud83d\ude00""#,
        &Type::String,
        r#""a\"b\\c\n\u003c\u0026\u003e\u2028éé😀""#,
    );
    assert_eq!(v.as_str(), Some("a\"b\\c\n<&>\u{2028}éé😀"));
    round_trip(
        &Type::String,
        r#""\u0001\t\b""#,
        &Type::String,
        r#""\u0001\t\b""#,
    );
}

#[test]
fn cty_json_values_decode_leniently_like_go_cty() {
    let cases = [
        (Type::Number, r#""12""#, Value::from(12)),
        (Type::Number, r#""-2.5""#, Value::from(-2.5)),
        (Type::Bool, r#""true""#, Value::Bool(true)),
        (Type::Bool, r#""false""#, Value::Bool(false)),
        (Type::String, "5.0", Value::from("5.0")),
        (Type::String, "true", Value::from("true")),
        (
            Type::list(Type::String),
            "null",
            Value::null(Type::list(Type::String)),
        ),
        (Type::Dynamic, "null", Value::null(Type::Dynamic)),
    ];
    for (ty, json, want) in cases {
        assert_eq!(from_cty_json(json, &ty).unwrap(), want, "{json}");
    }
}

#[test]
fn cty_json_collection_values_round_trip() {
    let nums = Type::list(Type::Number);
    round_trip(&nums, "[1,2,3]", &nums, "[1,2,3]");
    round_trip(&nums, "[]", &nums, "[]");
    round_trip(&nums, "[1,null]", &nums, "[1,null]");
    let strs = Type::set(Type::String);
    let v = round_trip(&strs, r#"["b","a","b"]"#, &strs, r#"["a","b"]"#);
    assert_eq!(v.length(), Some(2));
    round_trip(&strs, "[]", &strs, "[]");
    let map = Type::map(Type::Number);
    round_trip(&map, r#"{"b":2,"a":1}"#, &map, r#"{"a":1,"b":2}"#);
    round_trip(&map, "{}", &map, "{}");
    // A repeated key: the later value wins.
    round_trip(&map, r#"{"a":1,"a":2}"#, &map, r#"{"a":2}"#);
    let nested = Type::map(Type::list(Type::set(Type::Bool)));
    round_trip(
        &nested,
        r#"{"k":[[true],[]]}"#,
        &nested,
        r#"{"k":[[true],[]]}"#,
    );
}

#[test]
fn cty_json_structural_values_round_trip() {
    let o = obj(&[("a", Type::Bool), ("b", Type::list(Type::String))]);
    round_trip(&o, r#"{"b":["x"],"a":true}"#, &o, r#"{"a":true,"b":["x"]}"#);
    // A missing attribute decodes as null.
    let v = round_trip(&o, r#"{"a":true}"#, &o, r#"{"a":true,"b":null}"#);
    assert_eq!(
        v.as_entries().unwrap().get("b"),
        Some(&Value::null(Type::list(Type::String)))
    );
    let empty = Type::empty_object();
    round_trip(&empty, "{}", &empty, "{}");
    let t = Type::tuple([Type::String, Type::Number, Type::Bool]);
    round_trip(&t, r#"["a",1,true]"#, &t, r#"["a",1,true]"#);
    round_trip(&Type::empty_tuple(), "[]", &Type::empty_tuple(), "[]");
    // Optional attributes constrain the type; the value's type has none.
    let opt = Type::object_with_optional([("a", Type::Number), ("b", Type::String)], ["b"]);
    let plain = obj(&[("a", Type::Number), ("b", Type::String)]);
    round_trip(&opt, r#"{"a":1}"#, &plain, r#"{"a":1,"b":null}"#);
    let list_of_opt = Type::list(opt);
    round_trip(
        &list_of_opt,
        r#"[{"a":1}]"#,
        &Type::list(plain),
        r#"[{"a":1,"b":null}]"#,
    );
}

#[test]
fn cty_json_dynamic_values_carry_their_type() {
    let v = round_trip(
        &Type::Dynamic,
        r#"{"value":"x","type":"string"}"#,
        &Type::String,
        r#"{"value":"x","type":"string"}"#,
    );
    assert_eq!(v, Value::from("x"));
    // Property order does not matter when decoding.
    round_trip(
        &Type::Dynamic,
        r#"{"type":["list","number"],"value":[1,2]}"#,
        &Type::list(Type::Number),
        r#"{"value":[1,2],"type":["list","number"]}"#,
    );
    let t = obj(&[("a", Type::Dynamic)]);
    round_trip(
        &t,
        r#"{"a":{"value":{"b":[true]},"type":["object",{"b":["tuple",["bool"]]}]}}"#,
        &obj(&[("a", obj(&[("b", Type::tuple([Type::Bool]))]))]),
        r#"{"a":{"value":{"b":[true]},"type":["object",{"b":["tuple",["bool"]]}]}}"#,
    );
    // Elements of a dynamic collection give the collection its type.
    round_trip(
        &Type::list(Type::Dynamic),
        r#"[{"value":1,"type":"number"},{"value":2,"type":"number"}]"#,
        &Type::list(Type::Number),
        r#"[{"value":1,"type":"number"},{"value":2,"type":"number"}]"#,
    );
    // A typed null keeps its type; a dynamic null is plain null.
    round_trip(
        &Type::Dynamic,
        r#"{"value":null,"type":"string"}"#,
        &Type::String,
        r#"{"value":null,"type":"string"}"#,
    );
    assert_eq!(to_cty_json(&Value::null(Type::Dynamic)).unwrap(), "null");
    // Encoding against a value's own type never wraps.
    assert_eq!(
        to_cty_json(&Value::object([("a", Value::from(1))])).unwrap(),
        r#"{"a":1}"#
    );
}

#[test]
fn cty_json_encode_errors_name_the_path() {
    let unknown = Value::object([(
        "a",
        Value::list(Type::Number, [Value::from(1), Value::unknown(Type::Number)]).unwrap(),
    )]);
    let inf = Value::tuple([Value::from(1), Value::Number(Number::infinity())]);
    let neg_inf = Value::map(Type::Number, [("k", Value::Number(Number::neg_infinity()))]).unwrap();
    let bytes = CapsuleType::new("bytes");
    let capsule = Value::object([("c", Value::Capsule(Capsule::new(bytes, vec![1u8])))]);
    let cases = [
        (Value::unknown(Type::String), "value is not known"),
        (Value::dynamic(), "value is not known"),
        (unknown, ".a[1]: value is not known"),
        (inf, "[1]: cannot serialize infinity as JSON"),
        (neg_inf, r#"["k"]: cannot serialize infinity as JSON"#),
        (capsule, ".c: cannot serialize bytes as JSON"),
    ];
    for (v, want) in cases {
        assert_eq!(to_cty_json(&v).unwrap_err().to_string(), want, "{v:?}");
    }
    let err = to_cty_json(&Value::tuple([Value::unknown(Type::Bool)])).unwrap_err();
    assert_eq!((err.path(), err.message()), ("[0]", "value is not known"));
}

#[test]
fn cty_json_encode_against_a_type_the_value_does_not_match_is_an_error() {
    let cases = [
        (
            Value::from(1),
            Type::String,
            "value of type number does not conform to string",
        ),
        (
            Value::tuple([Value::from(1)]),
            Type::tuple([Type::Number, Type::Number]),
            "value of type tuple([number]) does not conform to tuple([number, number])",
        ),
        (
            Value::object([("a", Value::from(true))]),
            obj(&[("b", Type::Bool)]),
            "value of type object({a=bool}) does not conform to object({b=bool})",
        ),
        (
            Value::object([("a", Value::from(true))]),
            obj(&[("a", Type::String)]),
            ".a: value of type bool does not conform to string",
        ),
        (
            Value::set(Type::Number, [Value::from(1)]).unwrap(),
            Type::list(Type::Number),
            "value of type set(number) does not conform to list(number)",
        ),
        (
            Value::null(Type::Number),
            Type::String,
            "value of type number does not conform to string",
        ),
    ];
    for (v, ty, want) in cases {
        assert_eq!(
            to_cty_json_as(&v, &ty).unwrap_err().to_string(),
            want,
            "{v:?}"
        );
    }
    // A dynamic null fits any type.
    assert_eq!(
        to_cty_json_as(&Value::null(Type::Dynamic), &Type::String).unwrap(),
        "null"
    );
}

#[test]
fn cty_json_decode_errors_name_the_path() {
    let o = obj(&[("a", Type::list(Type::Bool))]);
    let bytes = Type::Capsule(CapsuleType::new("bytes"));
    let cases = [
        (Type::Bool, "1", "bool is required"),
        (Type::Bool, r#""yes""#, "a bool is required"),
        (Type::Number, "true", "number is required"),
        (Type::Number, r#""abc""#, "a number is required"),
        (Type::String, "[]", "string is required"),
        (Type::String, "{}", "string is required"),
        (Type::list(Type::Number), "{}", "missing expected ["),
        (Type::set(Type::Number), "1", "missing expected ["),
        (Type::map(Type::Number), "[]", "missing expected {"),
        (o.clone(), "[]", "missing expected {"),
        (o.clone(), r#"{"a":[true,1]}"#, ".a[1]: bool is required"),
        (o.clone(), r#"{"a":[],"z":1}"#, r#"unsupported attribute "z""#),
        (
            obj(&[("o", o.clone())]),
            r#"{"o":{"b":1}}"#,
            r#".o: unsupported attribute "b""#,
        ),
        (Type::map(Type::String), r#"{"k\"":[]}"#, r#"["k\""]: string is required"#),
        (
            Type::tuple([Type::Number]),
            "[1,2]",
            "too many tuple elements (need 1)",
        ),
        (
            Type::list(Type::tuple([Type::Number, Type::Number])),
            "[[1]]",
            "[0]: not enough tuple elements (need 2)",
        ),
        (Type::tuple([Type::Bool]), r#"["x"]"#, "[0]: a bool is required"),
        (Type::Dynamic, "1", "missing expected {"),
        (
            Type::Dynamic,
            r#"{"value":1}"#,
            "missing type in dynamically-typed value",
        ),
        (
            Type::Dynamic,
            r#"{"type":"number"}"#,
            "missing value in dynamically-typed value",
        ),
        (
            Type::Dynamic,
            r#"{"value":1,"type":"number","extra":1}"#,
            r#"invalid key "extra" in dynamically-typed value"#,
        ),
        (
            Type::Dynamic,
            r#"{"value":1,"type":"int"}"#,
            r#"failed to decode type for dynamic value: invalid primitive type name "int""#,
        ),
        (
            Type::Dynamic,
            r#"{"value":"x","type":"number"}"#,
            "a number is required",
        ),
        (
            obj(&[("d", Type::Dynamic)]),
            r#"{"d":{"value":[true],"type":["list","number"]}}"#,
            ".d[0]: number is required",
        ),
        (
            Type::list(Type::Dynamic),
            r#"[{"value":1,"type":"number"},{"value":"a","type":"string"}]"#,
            "inconsistent list element types",
        ),
        (
            Type::map(Type::Dynamic),
            r#"{"a":{"value":1,"type":"number"},"b":{"value":"a","type":"string"}}"#,
            "inconsistent map element types",
        ),
        (bytes, "1", "cannot decode bytes from JSON"),
        (
            Type::Number,
            "{\n  \"a\" 1}",
            "invalid JSON at line 2, column 7: Missing property value colon; A colon must appear between an object property's name and its value.",
        ),
        (
            Type::Number,
            "",
            "invalid JSON at line 1, column 1: Missing value; The JSON data ends prematurely.",
        ),
    ];
    for (ty, json, want) in cases {
        assert_eq!(
            from_cty_json(json, &ty).unwrap_err().to_string(),
            want,
            "{json} as {ty}"
        );
    }
}

mod round_trip_property {
    use super::*;
    use proptest::prelude::*;

    /// Known values of every kind, with their own (dynamic-free) types.
    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            any::<bool>().prop_map(Value::Bool),
            (-1_000_000i64..1_000_000).prop_map(Value::from),
            (-1000.0f64..1000.0).prop_map(Value::from),
            "[a-z\"\\\\<\u{e9}\u{1F600}\n ]{0,8}".prop_map(Value::from),
            Just(Value::null(Type::Number)),
            Just(Value::null(Type::list(Type::String))),
        ];
        leaf.prop_recursive(4, 32, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::tuple),
                prop::collection::btree_map("[a-c]{1,2}", inner, 0..4).prop_map(Value::object),
                prop::collection::vec(any::<i32>(), 0..4).prop_map(|ns| {
                    Value::list(
                        Type::Number,
                        ns.into_iter().map(|n| Value::from(i64::from(n))),
                    )
                    .unwrap()
                }),
                prop::collection::vec("[a-z]{0,3}", 0..4).prop_map(|ss| {
                    Value::set(Type::String, ss.into_iter().map(Value::from)).unwrap()
                }),
                prop::collection::btree_map("[a-z]{0,3}", any::<bool>(), 0..4).prop_map(|m| {
                    Value::map(Type::Bool, m.into_iter().map(|(k, b)| (k, Value::Bool(b)))).unwrap()
                }),
            ]
        })
    }

    proptest! {
        #[test]
        fn cty_json_values_round_trip_against_their_type(v in value()) {
            let ty = v.ty();
            let json = to_cty_json(&v).unwrap();
            prop_assert_eq!(&from_cty_json(&json, &ty).unwrap(), &v, "{}", json);
            let ty_json = type_to_cty_json(&ty).unwrap();
            prop_assert_eq!(&type_from_cty_json(&ty_json).unwrap(), &ty);
        }

        #[test]
        fn cty_json_values_round_trip_as_dynamic(v in value()) {
            let json = to_cty_json_as(&v, &Type::Dynamic).unwrap();
            prop_assert_eq!(&from_cty_json(&json, &Type::Dynamic).unwrap(), &v, "{}", json);
        }
    }
}
