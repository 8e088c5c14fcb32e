//! One `Limits`, given through `Options`, bounds every stage of a decode:
//! the native and the JSON parser, the evaluations and the decoder, for a
//! derived type and a plain serde type alike.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use hcl_core::function::stdlib;
use hcl_core::{EvalContext, Limits, SourceFile};
use hcl_serde::{Error, HclDecode, Options};

#[derive(HclDecode, Debug)]
struct App {
    names: Vec<Vec<String>>,
}

fn first_summary(err: &Error) -> String {
    err.diagnostics().next().unwrap().summary.clone()
}

#[test]
fn the_depth_limit_bounds_both_syntaxes() {
    // Three levels: the attribute's two lists and the string in them.
    let cases = [
        ("app.hcl", "names = [[\"a\"]]\n"),
        ("app.hcl.json", "{\"names\": [[\"a\"]]}"),
    ];
    for (name, src) in cases {
        let within = Options::new().limits(Limits::default().with_max_depth(3));
        let app: App = within.from_named_str(name, src).unwrap();
        assert_eq!(app.names, [["a"]]);
        let below = Options::new().limits(Limits::default().with_max_depth(1));
        let err = below.from_named_str::<App>(name, src).unwrap_err();
        assert_eq!(
            first_summary(&err),
            "Maximum nesting depth exceeded",
            "{name}"
        );
    }
    // A body parsed beforehand: the decoder's own guard on nested blocks.
    let file = SourceFile::new("app.hcl", "outer {\n  inner {\n    x = 1\n  }\n}\n");
    let (body, diags) = hcl_core::native::parse_body(&file, &Limits::default());
    assert!(diags.is_empty());
    type Nested = BTreeMap<String, BTreeMap<String, BTreeMap<String, i64>>>;
    let within = Options::new().limits(Limits::default().with_max_depth(2));
    assert_eq!(
        within.from_body::<Nested>(&body).unwrap()["outer"]["inner"]["x"],
        1
    );
    let below = Options::new().limits(Limits::default().with_max_depth(1));
    let err = below.from_body::<Nested>(&body).unwrap_err();
    assert_eq!(first_summary(&err), "Maximum nesting depth exceeded");
}

#[test]
fn the_evaluation_budget_bounds_a_decode_and_overrides_the_contexts() {
    let mut ctx = EvalContext::new();
    ctx.add_functions(&stdlib::functions());
    let src = "names = [for i in range(10) : [for j in range(10) : \"${i}${j}\"]]\n";
    let app: App = Options::new().context(&ctx).from_str(src).unwrap();
    assert_eq!(app.names.len(), 10);
    let tight = Limits::default().with_max_elements(100);
    let err = Options::new()
        .context(&ctx)
        .limits(tight)
        .from_str::<App>(src)
        .unwrap_err();
    assert_eq!(first_summary(&err), "Evaluation limit exceeded");
    // A plain serde type takes the same route.
    let err = Options::new()
        .context(&ctx)
        .limits(tight)
        .from_str::<BTreeMap<String, Vec<Vec<String>>>>(src)
        .unwrap_err();
    assert_eq!(first_summary(&err), "Evaluation limit exceeded");
    // Without limits of its own, a decode takes the context's.
    ctx.set_limits(tight);
    let err = Options::new()
        .context(&ctx)
        .from_str::<App>(src)
        .unwrap_err();
    assert_eq!(first_summary(&err), "Evaluation limit exceeded");
    assert_eq!(Options::new().context(&ctx).effective_limits(), tight);
}

#[test]
fn the_evaluation_budget_bounds_a_literal_only_decode() {
    // No context: a `for` over a literal tuple still evaluates, within the
    // limits given, and references stay refused as without limits.
    let src =
        "names = [for i in [\"a\", \"b\", \"c\"] : [for j in [\"x\", \"y\"] : \"${i}${j}\"]]\n";
    let app: App = Options::new().from_str(src).unwrap();
    assert_eq!(app.names[2], ["cx", "cy"]);
    let roomy = Limits::default().with_max_elements(1000);
    let app: App = Options::new().limits(roomy).from_str(src).unwrap();
    assert_eq!(app.names.len(), 3);
    let tight = Limits::default().with_max_elements(4);
    let err = Options::new()
        .limits(tight)
        .from_str::<App>(src)
        .unwrap_err();
    assert_eq!(first_summary(&err), "Evaluation limit exceeded");
    let err = Options::new()
        .limits(roomy)
        .from_str::<App>("names = [[var.a]]\n")
        .unwrap_err();
    assert_eq!(first_summary(&err), "Variables not allowed");
    let err = Options::new()
        .limits(roomy)
        .from_str::<App>("names = [[upper(\"a\")]]\n")
        .unwrap_err();
    assert_eq!(first_summary(&err), "Function calls not allowed");
}

#[test]
fn the_diagnostics_limit_bounds_a_decode() {
    let src = "@\n".repeat(20);
    let few = Options::new().limits(Limits::default().with_max_diagnostics(3));
    let err = few.from_str::<App>(&src).unwrap_err();
    let summaries: Vec<_> = err.diagnostics().map(|d| d.summary.clone()).collect();
    assert_eq!(summaries.last().unwrap(), "Too many diagnostics");
    assert_eq!(summaries.len(), 4, "{summaries:?}");
}

#[test]
fn the_limits_bound_a_decode_of_many_files() {
    #[derive(HclDecode, Debug)]
    struct Outer {
        #[hcl(block)]
        outer: Vec<Inner>,
    }
    #[derive(HclDecode, Debug)]
    struct Inner {
        #[hcl(block)]
        inner: Vec<Leaf>,
    }
    #[derive(HclDecode, Debug)]
    struct Leaf {
        x: i64,
    }
    let files = || {
        [
            SourceFile::new("a.hcl", "outer {\n  inner { x = 1 }\n}\n"),
            SourceFile::new("b.hcl", "outer {\n  inner { x = 2 }\n}\n"),
        ]
    };
    let within = Options::new().limits(Limits::default().with_max_depth(3));
    let got: Outer = within.from_files(files()).unwrap();
    let xs: Vec<i64> = got.outer.iter().map(|o| o.inner[0].x).collect();
    assert_eq!(xs, [1, 2]);
    // Blocks two deep are too deep for a limit of one, in the parser.
    let below = Options::new().limits(Limits::default().with_max_depth(1));
    let err = below.from_files::<Outer>(files()).unwrap_err();
    assert_eq!(first_summary(&err), "Maximum nesting depth exceeded");

    let dir = std::env::temp_dir().join(format!("hcl-serde-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for f in files() {
        std::fs::write(dir.join(f.name()), f.text()).unwrap();
    }
    assert_eq!(within.from_dir::<Outer>(&dir).unwrap().outer.len(), 2);
    let err = below.from_dir::<Outer>(&dir).unwrap_err();
    assert_eq!(first_summary(&err), "Maximum nesting depth exceeded");
    std::fs::remove_dir_all(&dir).unwrap();
}
