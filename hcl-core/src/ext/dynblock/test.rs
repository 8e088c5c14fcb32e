//! Behaviour of hashicorp/hcl's `ext/dynblock` tests (expansion, nesting,
//! partial processing, unknown collections, errors, variables), written
//! over native-syntax sources.

use super::*;
use crate::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
use crate::traversal::Traversal;
use crate::{load, Body, EvalContext, Type, Value};

fn parse(src: &str) -> Body {
    let (body, diags) = load::parse_source("test.hcl", src);
    assert!(!diags.has_errors(), "{diags:?}");
    body
}

fn block(name: &str, labels: &[&str]) -> BlockHeaderSchema {
    BlockHeaderSchema::new(name, labels.iter().copied())
}

fn attrs(names: &[&str]) -> BodySchema {
    names.iter().fold(BodySchema::new(), |s, n| {
        s.attribute(AttributeSchema::optional(*n))
    })
}

/// The value of attribute `name` of `body` under `schema`, or null.
fn value_of(body: &Body, schema: &BodySchema, name: &str) -> Value {
    let (content, diags) = body.content(schema);
    assert!(!diags.has_errors(), "{diags:?}");
    match content.attributes.get(name) {
        Some(a) => {
            let (v, diags) = a.expr.value(Some(&EvalContext::new()));
            assert!(!diags.has_errors(), "{diags:?}");
            v
        }
        None => Value::null(Type::String),
    }
}

const NESTED: &str = r#"
a "static0" {
  val = "static a 0"
}
b {
  c {
    val0 = "static c 0"
  }
  dynamic "c" {
    for_each = ["dynamic c 0", "dynamic c 1"]
    iterator = dyn_c
    content {
      val0 = dyn_c.value
    }
  }
}
dynamic "a" {
  for_each = ["dynamic a 0", "dynamic a 1", "dynamic a 2"]
  labels   = [a.key]
  content {
    val = a.value
  }
}
dynamic "b" {
  for_each = ["dynamic b 0", "dynamic b 1"]
  iterator = dyn_b
  content {
    c {
      val0 = "static c 1"
      val1 = dyn_b.value
    }
    dynamic "c" {
      for_each = ["dynamic c 2", "dynamic c 3"]
      content {
        val0 = c.value
        val1 = dyn_b.value
      }
    }
  }
}
dynamic "b" {
  for_each = { foo = ["dynamic c nested 0", "dynamic c nested 1"] }
  iterator = dyn_b
  content {
    dynamic "c" {
      for_each = dyn_b.value
      content {
        val0 = c.value
        val1 = dyn_b.key
      }
    }
  }
}
a "static1" {
  val = "static a 1"
}
"#;

#[test]
fn dynamic_blocks_expand_beside_static_ones_and_partial_processing_hides_them() {
    let body = expand(parse(NESTED), &EvalContext::new());
    // First the `a` blocks, as a map by label.
    let schema = BodySchema::new().block(block("a", &["key"]));
    let (content, remain, diags) = body.partial_content(&schema);
    assert!(!diags.has_errors(), "{diags:?}");
    let got: Vec<(String, Value)> = content
        .blocks
        .iter()
        .map(|b| {
            (
                b.labels[0].clone(),
                value_of(&b.body, &attrs(&["val"]), "val"),
            )
        })
        .collect();
    let want = [
        ("static0", "static a 0"),
        ("0", "dynamic a 0"),
        ("1", "dynamic a 1"),
        ("2", "dynamic a 2"),
        ("static1", "static a 1"),
    ];
    let want: Vec<(String, Value)> = want
        .iter()
        .map(|(k, v)| (k.to_string(), Value::from(*v)))
        .collect();
    assert_eq!(got, want);

    // Then the rest: `b` blocks holding `c` blocks; `a` is hidden now.
    let schema = BodySchema::new().block(block("b", &[]));
    let (content, diags) = remain.content(&schema);
    assert!(!diags.has_errors(), "{diags:?}");
    let c_schema = BodySchema::new().block(block("c", &[]));
    let got: Vec<Vec<(Value, Value)>> = content
        .blocks
        .iter()
        .map(|b| {
            let (inner, diags) = b.body.content(&c_schema);
            assert!(!diags.has_errors(), "{diags:?}");
            inner
                .blocks
                .iter()
                .map(|c| {
                    let s = attrs(&["val0", "val1"]);
                    (value_of(&c.body, &s, "val0"), value_of(&c.body, &s, "val1"))
                })
                .collect()
        })
        .collect();
    let s = |x: &str| Value::from(x);
    let null = Value::null(Type::String);
    let want = vec![
        vec![
            (s("static c 0"), null.clone()),
            (s("dynamic c 0"), null.clone()),
            (s("dynamic c 1"), null),
        ],
        vec![
            (s("static c 1"), s("dynamic b 0")),
            (s("dynamic c 2"), s("dynamic b 0")),
            (s("dynamic c 3"), s("dynamic b 0")),
        ],
        vec![
            (s("static c 1"), s("dynamic b 1")),
            (s("dynamic c 2"), s("dynamic b 1")),
            (s("dynamic c 3"), s("dynamic b 1")),
        ],
        vec![
            (s("dynamic c nested 0"), s("foo")),
            (s("dynamic c nested 1"), s("foo")),
        ],
    ];
    assert_eq!(got, want);
}

#[test]
fn an_unknown_for_each_generates_one_block_of_unknown_attributes() {
    let mut ctx = EvalContext::new();
    ctx.set_variable("items", Value::unknown(Type::map(Type::String)));
    let src = r#"
dynamic "list" {
  for_each = items
  iterator = each
  content {
    val = each.value
  }
}
dynamic "map" {
  for_each = items
  iterator = each
  labels   = ["static"]
  content {
    val = each.value
  }
}
dynamic "invalid_list" {
  for_each = items
  iterator = each
  content {
    val     = each.value
    invalid = "static"
  }
}
"#;
    let body = expand(parse(src), &ctx);
    let schema = BodySchema::new()
        .block(block("list", &[]))
        .block(block("map", &["key"]))
        .block(block("invalid_list", &[]));
    let (content, diags) = body.content(&schema);
    assert!(!diags.has_errors(), "{diags:?}");
    assert_eq!(content.blocks.len(), 3);
    assert_eq!(content.blocks[1].labels, ["static"]);
    for b in &content.blocks[..2] {
        assert_eq!(value_of(&b.body, &attrs(&["val"]), "val"), Value::dynamic());
    }
    // Unexpected attributes are still an error.
    let (_, diags) = content.blocks[2].body.content(&attrs(&["val"]));
    assert_eq!(diags.iter().next().unwrap().summary, "Unsupported argument");
}

#[test]
fn dynamic_block_errors_are_the_reference_s() {
    let cases = [
        (
            "dynamic \"a\" {\n  for_each = \"x\"\n  content {}\n}\n",
            "Invalid dynamic for_each value",
        ),
        (
            "dynamic \"a\" {\n  for_each = null\n  content {}\n}\n",
            "Invalid dynamic for_each value",
        ),
        (
            "dynamic \"a\" {\n  for_each = [1]\n  iterator = x.y\n  content {}\n}\n",
            "Invalid dynamic iterator name",
        ),
        (
            "dynamic \"a\" {\n  for_each = [1]\n  iterator = \"x\"\n  content {}\n}\n",
            "Invalid expression",
        ),
        (
            "dynamic \"a\" {\n  for_each = [1]\n}\n",
            "Missing dynamic content block",
        ),
        (
            "dynamic \"a\" {\n  for_each = [1]\n  content {}\n  content {}\n}\n",
            "Extraneous dynamic content block",
        ),
        (
            "dynamic \"a\" {\n  content {}\n}\n",
            "Missing required argument",
        ),
        (
            "dynamic \"nope\" {\n  for_each = [1]\n  content {}\n}\n",
            "Unsupported block type",
        ),
        (
            "dynamic \"l\" {\n  for_each = [1]\n  labels = [\"a\", \"b\"]\n  content {}\n}\n",
            "Extraneous dynamic block label",
        ),
        (
            "dynamic \"l\" {\n  for_each = [1]\n  labels = []\n  content {}\n}\n",
            "Insufficient dynamic block labels",
        ),
        (
            "dynamic \"l\" {\n  for_each = [1]\n  content {}\n}\n",
            "Missing required argument",
        ),
        (
            "dynamic \"l\" {\n  for_each = [null]\n  labels = [l.value]\n  content {}\n}\n",
            "Invalid dynamic block label",
        ),
        (
            "dynamic \"l\" {\n  for_each = [[1]]\n  labels = [l.value]\n  content {}\n}\n",
            "Invalid dynamic block label",
        ),
        (
            "dynamic \"l\" {\n  for_each = [u]\n  labels = [l.value]\n  content {}\n}\n",
            "Invalid dynamic block label",
        ),
    ];
    let mut ctx = EvalContext::new();
    ctx.set_variable("u", Value::unknown(Type::String));
    let schema = BodySchema::new()
        .block(block("a", &[]))
        .block(block("l", &["name"]));
    for (src, want) in cases {
        let body = expand(parse(src), &ctx);
        let (content, diags) = body.content(&schema);
        let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_str()).collect();
        assert!(summaries.contains(&want), "{src}: {summaries:?}");
        assert!(content.blocks.is_empty(), "{src}");
    }
    // In partial processing an unexpected dynamic block type is left for later.
    let body = expand(parse(cases[7].0), &ctx);
    let (_, _, diags) = body.partial_content(&schema);
    assert!(diags.is_empty(), "{diags:?}");
}

fn names(vars: &[Traversal]) -> Vec<String> {
    vars.iter()
        .map(|t| {
            t.steps()
                .iter()
                .map(|s| match s {
                    crate::traversal::Traverser::Root { name, .. }
                    | crate::traversal::Traverser::Attr { name, .. } => name.clone(),
                    _ => "[]".into(),
                })
                .collect::<Vec<_>>()
                .join(".")
        })
        .collect()
}

#[test]
fn walk_variables_lists_what_each_body_needs_without_iterators() {
    let src = r#"
a = b
dynamic "c" {
  for_each = d
  iterator = e
  content {
    f = e.value
    g = h
    dynamic "i" {
      for_each = e.value
      labels   = [i.key, j]
      content {
        k = i.value + e.key + l
      }
    }
  }
}
m {
  n = o
}
"#;
    let body = parse(src);
    let root = BodySchema::new()
        .attribute(AttributeSchema::optional("a"))
        .block(block("c", &[]))
        .block(block("m", &[]));
    let c = attrs(&["f", "g"]).block(block("i", &["name", "other"]));
    let i = attrs(&["k"]);
    let m = attrs(&["n"]);
    let walk = |node: WalkVariablesNode| {
        let (vars, children) = node.visit(&root);
        let mut all = names(&vars);
        for child in children {
            let schema = if child.block_type == "c" { &c } else { &m };
            let (vars, grandchildren) = child.node.visit(schema);
            all.extend(names(&vars));
            for g in grandchildren {
                assert_eq!(g.block_type, "i");
                all.extend(names(&g.node.visit(&i).0));
            }
        }
        all.sort();
        all
    };
    assert_eq!(
        walk(walk_variables(body.clone())),
        ["b", "d", "h", "j", "l", "o"]
    );
    assert_eq!(walk(walk_expand_variables(body)), ["d", "j"]);
}

#[test]
fn expressions_of_generated_blocks_list_no_iterator_variables() {
    let src = "dynamic \"a\" {\n  for_each = [1]\n  content {\n    x = a.value + y\n  }\n}\n";
    let body = expand(parse(src), &EvalContext::new());
    let (content, _) = body.content(&BodySchema::new().block(block("a", &[])));
    let (inner, _) = content.blocks[0].body.content(&attrs(&["x"]));
    let vars = inner.attributes.get("x").unwrap().expr.variables();
    assert_eq!(names(&vars), ["y"]);
}
