use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::*;
use hcl_core::{Number, Type, Value};

/// The text, which formatting leaves as it is.
fn text<T: Serialize>(v: &T) -> String {
    let t = to_string(v).unwrap();
    assert_eq!(hcl_core::format::format(&t).unwrap(), t);
    t
}

fn error<T: Serialize>(v: &T) -> (String, String) {
    let e = to_string(v).unwrap_err();
    let entry = &e.entries()[0];
    (entry.path.clone(), entry.diagnostic.detail.clone())
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
enum Mode {
    Fast,
    Limit(u32),
    Pair(u8, u8),
    Named { a: bool },
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Modes {
    modes: Vec<Mode>,
    one: Mode,
}

#[test]
fn ser_enums_are_strings_or_single_attribute_objects() {
    let m = Modes {
        modes: vec![Mode::Fast, Mode::Limit(3)],
        one: Mode::Named { a: true },
    };
    let t = text(&m);
    assert_eq!(
        t,
        "modes = [\n  \"Fast\",\n  {\n    Limit = 3\n  },\n]\none = {\n  Named = {\n    a = true\n  }\n}\n"
    );
    assert_eq!(crate::from_str::<Modes>(&t).unwrap(), m);
    let p = Modes {
        modes: vec![Mode::Pair(1, 2)],
        one: Mode::Fast,
    };
    assert_eq!(crate::from_str::<Modes>(&text(&p)).unwrap(), p);
}

#[test]
fn ser_numbers_keep_full_precision() {
    let big = Number::parse_decimal(
        "115792089237316195423570985008687907853269984665640564039457584007913129639937.125",
    )
    .unwrap();
    let m = BTreeMap::from([
        ("big", Value::number(big.clone())),
        ("list", Value::list(Type::Number, [Value::from(1)]).unwrap()),
    ]);
    let t = text(&m);
    assert!(t.contains("big  = 115792089237316195423570985008687907853269984665640564039457584007913129639937.125\n"), "{t}");
    assert!(t.contains("list = [1]\n"), "{t}");
    let back: BTreeMap<String, Value> = crate::from_str(&t).unwrap();
    assert_eq!(back["big"], Value::number(big.clone()));
    let n = BTreeMap::from([("n", big.clone())]);
    assert!(text(&n).starts_with("n = 1157920892373161954"));
    let floats = BTreeMap::from([("a", 0.1f64), ("b", -1e300), ("c", 5e-324)]);
    let back: BTreeMap<String, f64> = crate::from_str(&text(&floats)).unwrap();
    assert_eq!(
        back,
        floats.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()
    );
    // A fraction no f64 holds crosses serde as its decimal text under
    // NUMBER_TOKEN and is written as that number.
    let third = Number::from(1).div(&Number::from(3)).unwrap();
    let t = text(&BTreeMap::from([("third", Value::number(third.clone()))]));
    assert!(t.starts_with("third = 0.333333333333333333333333"), "{t}");
    let back: BTreeMap<String, Value> = crate::from_str(&t).unwrap();
    assert_eq!(back["third"], Value::number(third));
    let ints = BTreeMap::from([("max", u128::MAX)]);
    let back: BTreeMap<String, u128> = crate::from_str(&text(&ints)).unwrap();
    assert_eq!(back["max"], u128::MAX);
}

#[test]
fn ser_strings_read_back_equal() {
    let s = "a \"q\" \\ ${x} %{y} $${z} \n\t\r\u{1} é 🇬🇧";
    let m = BTreeMap::from([("s", s)]);
    let back: BTreeMap<String, String> = crate::from_str(&text(&m)).unwrap();
    assert_eq!(back["s"], s);
}

#[test]
fn ser_errors_name_their_path() {
    #[derive(Serialize)]
    struct Inner {
        x: Vec<f64>,
    }
    #[derive(Serialize)]
    struct Outer {
        inner: BTreeMap<&'static str, Inner>,
    }
    let v = Outer {
        inner: BTreeMap::from([(
            "a b",
            Inner {
                x: vec![1.0, f64::NAN],
            },
        )]),
    };
    let (path, detail) = error(&v);
    assert_eq!(path, "inner[\"a b\"].x[1]");
    assert!(detail.starts_with("NaN cannot be written"), "{detail}");

    let keys = BTreeMap::from([("m", HashMap::from([(1, 2)]))]);
    let (path, detail) = error(&keys);
    assert_eq!(
        (path.as_str(), detail.as_str()),
        ("m", "a map key must be a string, not a number")
    );

    let name = BTreeMap::from([("not an identifier", 1)]);
    let (path, _) = error(&name);
    assert_eq!(path, "[\"not an identifier\"]");

    let unknown = BTreeMap::from([("u", Value::unknown(Type::String))]);
    let (path, detail) = error(&unknown);
    assert_eq!(
        (path.as_str(), detail.as_str()),
        ("u", "an unknown value cannot be serialized")
    );

    assert_eq!(
        error(&vec![1, 2]).1,
        "a body is written from a struct or a map, not a sequence"
    );
    assert_eq!(
        error(&BTreeMap::from([("l", Label("x"))])).1,
        "a label outside a block"
    );

    // Only a number is written under the number token (no text injected).
    struct NotANumber;
    impl Serialize for NotANumber {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_newtype_struct(hcl_core::value::NUMBER_TOKEN, "1 + var.x")
        }
    }
    assert_eq!(
        error(&BTreeMap::from([("n", NotANumber)])),
        ("n".to_owned(), "\"1 + var.x\" is not a number".to_owned())
    );

    struct Failing;
    impl Serialize for Failing {
        fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(serde::ser::Error::custom("no way"))
        }
    }
    let f = BTreeMap::from([("f", vec![Failing])]);
    assert_eq!(error(&f), ("f[0]".to_owned(), "no way".to_owned()));
}

#[test]
fn ser_deep_nesting_is_an_error() {
    let mut v = Value::from(1);
    for _ in 0..300 {
        v = Value::tuple([v]);
    }
    assert!(to_string(&BTreeMap::from([("v", v)])).is_err());
    #[derive(Serialize)]
    struct Deep {
        d: Option<Box<Deep>>,
    }
    let mut d = Deep { d: None };
    for _ in 0..200 {
        d = Deep {
            d: Some(Box::new(d)),
        };
    }
    #[derive(Serialize)]
    struct Root {
        d: Vec<Deep>,
    }
    let (_, detail) = error(&Root { d: vec![d] });
    assert!(detail.contains("nest"), "{detail}");
}

#[test]
fn ser_blocks_with_labels_from_keys_and_fields() {
    #[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
    struct Tls {
        cert: String,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Config {
        name: String,
        tls: Blocks<Option<Tls>>,
        resource: Blocks<BTreeMap<String, BTreeMap<String, Tls>>, 2>,
        after: u8,
    }
    let c = Config {
        name: "x".into(),
        tls: Blocks(Some(Tls { cert: "c".into() })),
        resource: Blocks(BTreeMap::from([(
            "aws_s3".to_owned(),
            BTreeMap::from([
                ("a".to_owned(), Tls { cert: "1".into() }),
                ("b".to_owned(), Tls { cert: "2".into() }),
            ]),
        )])),
        after: 1,
    };
    let t = text(&c);
    assert_eq!(
        t,
        "name = \"x\"\n\ntls {\n  cert = \"c\"\n}\n\nresource \"aws_s3\" \"a\" {\n  cert = \"1\"\n}\n\nresource \"aws_s3\" \"b\" {\n  cert = \"2\"\n}\n\nafter = 1\n"
    );
    assert_eq!(crate::from_str::<Config>(&t).unwrap(), c);
    let none = Config {
        tls: Blocks(None),
        resource: Blocks(BTreeMap::new()),
        ..c
    };
    assert_eq!(text(&none), "name  = \"x\"\nafter = 1\n");
}

#[test]
fn ser_expr_text_is_checked_and_written_as_is() {
    let m = BTreeMap::from([
        ("e", Expr("[for x in var.xs : upper(x)]")),
        ("h", Expr("<<EOT\n  hi\nEOT")),
    ]);
    assert_eq!(
        text(&m),
        "e = [for x in var.xs : upper(x)]\nh = <<EOT\n  hi\nEOT\n"
    );
    let bad = BTreeMap::from([("e", Expr("a b"))]);
    assert_eq!(error(&bad).0, "e");
}

#[test]
fn ser_tuples_break_lines_only_for_objects() {
    #[derive(Serialize)]
    struct P {
        x: u8,
    }
    let m = BTreeMap::from([("flat", vec![vec![1, 2], vec![3]])]);
    assert_eq!(text(&m), "flat = [[1, 2], [3]]\n");
    let objs = BTreeMap::from([("o", vec![vec![P { x: 1 }], vec![]])]);
    assert_eq!(
        text(&objs),
        "o = [\n  [\n    {\n      x = 1\n    },\n  ],\n  [],\n]\n"
    );
    let empty: BTreeMap<&str, Vec<u8>> = BTreeMap::from([("e", vec![])]);
    assert_eq!(text(&empty), "e = []\n");
}

#[test]
fn ser_to_writer_and_to_vec_agree() {
    let m = BTreeMap::from([("a", 1)]);
    let mut out = Vec::new();
    to_writer(&mut out, &m).unwrap();
    assert_eq!(out, to_vec(&m).unwrap());
}

/// A map serialized with `serialize_key` and `serialize_value` as two
/// calls (the general path), where maps use `serialize_entry`.
struct KeyThenValue<'a, K, V>(&'a [(K, V)]);

impl<K: Serialize, V: Serialize> Serialize for KeyThenValue<'_, K, V> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            map.serialize_key(k)?;
            map.serialize_value(v)?;
        }
        map.end()
    }
}

/// The same entries through `serialize_entry`.
struct Entries<'a, K, V>(&'a [(K, V)]);

impl<K: Serialize, V: Serialize> Serialize for Entries<'_, K, V> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

/// `to_string` of both, as text or as the error's path and detail.
fn both<K: Serialize, V: Serialize>(entries: &[(K, V)]) -> [Result<String, (String, String)>; 2] {
    let outcome = |r: Result<String, Error>| {
        r.map_err(|e| {
            let entry = &e.entries()[0];
            (entry.path.clone(), entry.diagnostic.detail.clone())
        })
    };
    [
        outcome(to_string(&KeyThenValue(entries))),
        outcome(to_string(&Entries(entries))),
    ]
}

#[derive(Serialize, Clone, Copy, Debug)]
enum KeyKind {
    Plain,
    #[serde(rename = "not an identifier")]
    Spaced,
}

proptest::proptest! {
    /// A map entry's key written where serde hands it over
    /// (`serialize_entry`) gives what the key buffered first gives
    /// (`serialize_key`, then `serialize_value`): at the root (attributes)
    /// and in an object, for keys of every kind, refused ones included.
    #[test]
    fn ser_map_entries_in_one_step_write_what_key_then_value_writes(
        keys in proptest::collection::vec(
            proptest::prop_oneof![
                "[a-z_][a-z0-9_-]{0,10}",
                proptest::prelude::any::<String>(),
                proptest::strategy::Just("for".to_string()),
            ],
            0..5,
        ),
        c in proptest::prelude::any::<char>(),
    ) {
        let strings: Vec<(String, u32)> = keys.iter().cloned().zip(0..).collect();
        let [a, b] = both(&strings);
        proptest::prop_assert_eq!(a, b);
        let nested: Vec<(&str, KeyThenValue<'_, String, u32>)> =
            vec![("x", KeyThenValue(&strings))];
        let nested_entries: Vec<(&str, Entries<'_, String, u32>)> =
            vec![("x", Entries(&strings))];
        proptest::prop_assert_eq!(
            to_string(&Entries(&nested)).map_err(|e| e.to_string()),
            to_string(&Entries(&nested_entries)).map_err(|e| e.to_string())
        );
        let [a, b] = both(&[(c, 1), ('k', 2)]);
        proptest::prop_assert_eq!(a, b);
        let [a, b] = both(&[(KeyKind::Plain, 1), (KeyKind::Spaced, 2)]);
        proptest::prop_assert_eq!(a, b);
        let [a, b] = both(&[("a".to_string(), 1)].map(|(k, v)| (Some(k), v)));
        proptest::prop_assert_eq!(a, b);
        // Refused keys: the same error, from the same rule.
        let [a, b] = both(&[(1u8, 1)]);
        proptest::prop_assert!(a.is_err());
        proptest::prop_assert_eq!(a, b);
        let [a, b] = both(&[(vec![1u8], 1)]);
        proptest::prop_assert!(a.is_err());
        proptest::prop_assert_eq!(a, b);
    }
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct NoBlocksInner {
    x: u8,
    more: Blocks<Vec<NoBlocksLeaf>>,
    maybe: Blocks<Option<NoBlocksLeaf>>,
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct NoBlocksLeaf {
    y: u8,
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct NoBlocksOuter {
    b: Blocks<Vec<NoBlocksInner>, 0>,
    c: Blocks<Option<NoBlocksInner>, 0>,
    m: Blocks<BTreeMap<String, NoBlocksLeaf>, 1>,
}

#[test]
fn ser_zero_blocks_are_left_out_and_read_back_empty() {
    let empty = NoBlocksOuter {
        b: Blocks(vec![]),
        c: Blocks(None),
        m: Blocks(BTreeMap::new()),
    };
    assert_eq!(text(&empty), "");
    assert_eq!(crate::from_str::<NoBlocksOuter>("").unwrap(), empty);
    // Nested: blocks whose own blocks are none.
    let nested = NoBlocksOuter {
        b: Blocks(vec![NoBlocksInner {
            x: 1,
            more: Blocks(vec![]),
            maybe: Blocks(None),
        }]),
        c: Blocks(Some(NoBlocksInner {
            x: 2,
            more: Blocks(vec![NoBlocksLeaf { y: 3 }]),
            maybe: Blocks(None),
        })),
        m: Blocks(BTreeMap::new()),
    };
    let t = text(&nested);
    assert_eq!(
        t,
        "b {\n  x = 1\n}\n\nc {\n  x = 2\n\n  more {\n    y = 3\n  }\n}\n"
    );
    assert_eq!(crate::from_str::<NoBlocksOuter>(&t).unwrap(), nested);
    // One required block stays required.
    #[derive(Deserialize, Debug)]
    struct One {
        #[allow(dead_code)]
        one: Blocks<NoBlocksLeaf>,
    }
    let e = crate::from_str::<One>("").unwrap_err();
    assert!(e.to_string().contains("a block is required"), "{e}");
    // Other formats: a null or an empty list is no blocks, too.
    let json: NoBlocksOuter = serde_json::from_str(r#"{"b": [], "c": null, "m": {}}"#).unwrap();
    assert_eq!(json, empty);
}

#[test]
fn ser_floats_take_their_shortest_text_and_read_back() {
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct F {
        x: f64,
        y: f32,
    }
    let cases = [
        (1e21, 1e30f32, "x = 1e21\ny = 1e30\n"),
        (5e-324, 1e-45, "x = 5e-324\ny = 1e-45\n"),
        (0.1, 0.1, "x = 0.1\ny = 0.1\n"),
        (-2.5, f32::MAX, "x = -2.5\ny = 3.4028235e38\n"),
    ];
    for (x, y, expected) in cases {
        let t = text(&F { x, y });
        assert_eq!(t, expected);
        assert_eq!(crate::from_str::<F>(&t).unwrap(), F { x, y });
    }
    for x in [f64::MAX, f64::MIN, f64::MIN_POSITIVE, 2f64.powi(70), 1e300] {
        let t = text(&F { x, y: 0.0 });
        assert_eq!(crate::from_str::<F>(&t).unwrap().x, x, "{t}");
    }
    // The syntax has no negative zero: -0.0 is written, and reads back, 0.
    let t = text(&F { x: -0.0, y: -0.0 });
    assert_eq!(t, "x = 0\ny = 0\n");
    let back = crate::from_str::<F>(&t).unwrap();
    assert!(back.x == 0.0 && back.x.is_sign_positive() && back.y.is_sign_positive());
}

#[test]
fn ser_error_paths_show_keys_as_messages_do_and_stay_short() {
    let m = BTreeMap::from([("${x}", 1)]);
    let (path, detail) = error(&m);
    assert_eq!(path, "[\"${x}\"]");
    assert!(
        detail.starts_with("\"${x}\" cannot be an attribute name"),
        "{detail}"
    );
    let nested = BTreeMap::from([("a", BTreeMap::from([("${y} z", f64::NAN)]))]);
    assert_eq!(error(&nested).0, "a[\"${y} z\"]");
    // A value nested past the limit: its ends, not 128 steps.
    let mut v = Value::from(1);
    for _ in 0..200 {
        v = Value::tuple([v]);
    }
    let (path, detail) = error(&BTreeMap::from([("v", v)]));
    assert_eq!(path, "v[0][0][0]…(121 more)…[0][0][0][0]");
    assert!(detail.contains("nest more than"), "{detail}");
}

#[test]
fn ser_unit_fields_are_null_and_read_back_with_a_default() {
    #[derive(Serialize, Deserialize, PartialEq, Debug, Default)]
    struct Marker;
    #[derive(Serialize, Deserialize, PartialEq, Debug, Default)]
    struct Inner {
        u: (),
        x: u8,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Units {
        #[serde(default)]
        u: (),
        #[serde(default)]
        m: Marker,
        inner: Inner,
        list: Vec<()>,
    }
    let v = Units {
        u: (),
        m: Marker,
        inner: Inner::default(),
        list: vec![(), ()],
    };
    let t = text(&v);
    // Null is `()`'s value, and a `Value` null's (which a derived type
    // reads back from a body): the serializer cannot tell them apart.
    // A body reads a null attribute as unset, so a `()` field there reads
    // back through its default; in an object or a tuple null is a value.
    assert_eq!(
        t,
        "u = null
m = null
inner = {
  u = null
  x = 0
}
list = [null, null]
"
    );
    assert_eq!(crate::from_str::<Units>(&t).unwrap(), v);
}
