//! Static analysis allocates nothing where it finds nothing.
//!
//! A tool that builds a dependency graph asks `variables()` of every
//! expression of every file, and checks most of them for a static
//! reference, list, map or call; most answers are "none". This binary
//! counts every allocation (a counting global allocator) while those
//! questions are asked of every attribute of the shared corpus and of a
//! set of expressions of every kind, through `Expression` handles (made
//! and dropped around each question) and through the syntax view, and
//! finds none for an empty answer — nor for making and dropping a handle.
//! The same holds for the JSON syntax's values, bar what a JSON string
//! is: a string is read as a template (for `variables()`) or as an
//! expression (for the other questions) when it could be one, which
//! parses it — a string with no `${` or `%{` is literal text, one
//! without a `(` is no call, and neither is parsed.
//!
//! A native call found is read without allocating either: its name is a
//! slice of the source, its arguments' handles places in the file.
//!
//! A plain `main` (`harness = false` in Cargo.toml): the counts are
//! process-wide, and the test harness's threads allocate too.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::alloc::System;

use hcl_core::body::ExpressionImpl;
use hcl_core::native::{parse_config, AttributeNode, BodyNode};
use hcl_core::{Expression, SourceFile};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Expressions of every kind whose answers are empty for some questions:
/// literals, templates and operations without references, `for`
/// expressions whose only names are their own, calls without arguments
/// that refer to anything.
const SOURCES: &[&str] = &[
    "a = 1\nb = 2.5\nc = true\nd = null\ne = \"plain\"\nf = \"\"\ng = 123456789012345678901234567890\n",
    "a = \"esc\\n\\u00e9\"\nb = <<EOT\n  text\nEOT\nc = \"%{ if true }y%{ endif }\"\n",
    "a = [1, 2]\nb = { k = 1, \"q\" = 2 }\nc = f(1, \"s\")\nd = provider::ns::f()\n",
    "a = 1 + 2 * 3\nb = !true\nc = -1\nd = true ? 1 : 2\ne = (1)\nf = [1][0]\n",
    "a = [for x in [1, 2] : x * 2]\nb = { for k, v in { a = 1 } : k => v if v > 0 }\n",
    "a = \"%{ for x in [1] }${x}%{ endfor }\"\nb = [for x in [[1]] : [for y in x : y + 1]]\n",
    "a = [1, 2][*]\nb = {k = [1]}.k[0]\nc = x\nd = var.y.z\ne = f(x)\n",
    "block \"l\" {\n  a = [{ b = 1 }]\n  inner {\n    c = \"${1 + 1}\"\n  }\n}\n",
];

/// JSON values whose answers are empty: literal strings, numbers,
/// booleans, nulls, arrays and objects of them.
const JSON_SOURCES: &[&str] = &[
    r#"{"a": 1, "b": "plain text", "c": true, "d": null, "e": "10.0.0.0/16", "f": ""}"#,
    r#"{"a": [1, "x", [true, {"k": "v"}]], "b": {"k": {"n": [null, 2.5]}}, "c": []}"#,
    r#"{"a": "$ and { and % but no sequence", "b": {"": "", "key with spaces": "value"}}"#,
];

fn main() {
    let mut texts: Vec<String> = SOURCES.iter().map(|s| s.to_string()).collect();
    match hcl_test_shared::shared_dir("corpus") {
        Some(dir) => texts.extend(
            hcl_test_shared::config_files(&dir)
                .iter()
                .filter_map(|p| std::fs::read_to_string(p).ok()),
        ),
        None => println!("(the shared corpus is missing: the built-in expressions only)"),
    }
    let asked = empty_answers_allocate_nothing(&texts);
    println!("test empty_answers_of_static_analysis_allocate_nothing ({asked} questions) ... ok");
    let calls = calls_found_are_read_without_allocating(&texts);
    println!(
        "test calls_found_by_static_analysis_are_read_without_allocating ({calls} calls) ... ok"
    );
    let read = references_lent_by_handles_are_read_without_allocating(&texts);
    println!(
        "test references_lent_by_handles_are_read_without_allocating ({read} expressions) ... ok"
    );
    let asked = empty_answers_of_json_values_allocate_nothing();
    println!(
        "test empty_answers_of_static_analysis_of_json_values_allocate_nothing ({asked} questions) ... ok"
    );
}

fn empty_answers_of_json_values_allocate_nothing() -> usize {
    let region = Region::new(GLOBAL);
    let mut asked = 0;
    for text in JSON_SOURCES {
        let src = SourceFile::new("t.json", *text);
        let (body, diags) = hcl_core::json::parse_body(&src, &Default::default());
        assert!(diags.is_empty(), "{text}: {diags:?}");
        let (attributes, _) = body.just_attributes();
        for a in attributes.iter() {
            asked += ask_json_questions(&a.expr, &region);
        }
    }
    assert!(asked > 20, "only {asked} empty answers checked");
    asked
}

/// Asks each question of `e` and of the parts static analysis hands out
/// of it, and checks that every empty answer allocated nothing (whether a
/// string is a static reference is found by parsing it: not asked of
/// strings). Returns how many answers were empty.
fn ask_json_questions(e: &Expression, region: &Region<'_, System>) -> usize {
    let mut empty = EmptyAnswers::of(format!("{:?}", e.range()));
    let mut check =
        |what: &str, found: bool, allocations: usize| empty.check(what, found, allocations);
    let e = e.as_impl();
    let (found, n) = allocations(region, || !e.variables().is_empty());
    check("variables()", found, n);
    let (found, n) = allocations(region, || e.static_call().is_some());
    check("static_call()", found, n);
    let (list, n) = allocations(region, || e.static_list());
    check("static_list()", list.is_some(), n);
    let (map, n) = allocations(region, || e.static_map());
    check("static_map()", map.is_some(), n);
    let is_string = matches!(e.value(None).0, hcl_core::Value::String(_));
    if !is_string {
        let (found, n) = allocations(region, || e.absolute_traversal().is_some());
        check("absolute_traversal()", found, n);
    }
    let parts = list.into_iter().flatten();
    let pairs = map.into_iter().flatten().flat_map(|(k, v)| [k, v]);
    empty.count
        + parts
            .chain(pairs)
            .map(|p| ask_json_questions(&p, region))
            .sum::<usize>()
}

/// How many of the questions asked of one expression found nothing,
/// checking that each of those allocated nothing.
struct EmptyAnswers {
    subject: String,
    count: usize,
}

impl EmptyAnswers {
    fn of(subject: String) -> EmptyAnswers {
        EmptyAnswers { subject, count: 0 }
    }

    /// `what` found something (`found`), or nothing and then made no
    /// allocation (`allocations` counted around it).
    fn check(&mut self, what: &str, found: bool, allocations: usize) {
        if !found {
            self.count += 1;
            assert_eq!(
                allocations, 0,
                "{what} of {} found nothing but allocated",
                self.subject
            );
        }
    }
}

fn empty_answers_allocate_nothing(texts: &[String]) -> usize {
    let region = Region::new(GLOBAL);
    let mut asked = 0;
    each_attribute_of(texts, &mut |a| asked += ask_every_question(a, &region));
    assert!(asked > 100, "only {asked} empty answers checked");
    asked
}

fn calls_found_are_read_without_allocating(texts: &[String]) -> usize {
    found_answers_are_read_without_allocating(texts, "the call", |e| {
        let call = e.as_impl().static_call()?;
        Some(call.name().len() + call.args().map(std::hint::black_box).count())
    })
}

fn references_lent_by_handles_are_read_without_allocating(texts: &[String]) -> usize {
    found_answers_are_read_without_allocating(texts, "the references of", |e| {
        let mut read = None;
        e.each_variable(|t| *read.get_or_insert(0) += t.root_name().len() + 1);
        read
    })
}

/// Reads what `read` reads of a handle made for each attribute of
/// `texts` (`None`: nothing found) and checks that each answer found was
/// read, the handle made and dropped, without allocating; returns how many
/// were found.
fn found_answers_are_read_without_allocating(
    texts: &[String],
    what: &str,
    read: impl Fn(&Expression) -> Option<usize>,
) -> usize {
    let region = Region::new(GLOBAL);
    let mut found = 0;
    each_attribute_of(texts, &mut |a| {
        let (answer, n) = allocations(&region, || read(&a.to_expression()));
        if answer.is_some() {
            let text = a.expr().source_text();
            assert_eq!(n, 0, "reading {what} `{text}` allocated");
            found += 1;
        }
    });
    assert!(found > 2, "only {found} answers read");
    found
}

/// Parses each of `texts` and calls `f` with each of its attributes.
fn each_attribute_of(texts: &[String], f: &mut dyn FnMut(AttributeNode<'_>)) {
    for text in texts {
        let src = SourceFile::new("t.hcl", text.as_str());
        let (file, _) = parse_config(&src, &Default::default());
        each_attribute(file.body(), &mut *f);
    }
}

/// Asks each question of `a` (through a handle made for it, and through
/// the view) and checks that every empty answer allocated nothing, the
/// handle's making and dropping included. Returns how many answers were
/// empty.
fn ask_every_question(a: AttributeNode<'_>, region: &Region<'_, System>) -> usize {
    let mut empty = EmptyAnswers::of(format!("`{}`", a.expr().source_text()));
    let mut check =
        |what: &str, found: bool, allocations: usize| empty.check(what, found, allocations);
    let (found, n) = allocations(region, || !a.to_expression().variables().is_empty());
    check("variables() through a handle", found, n);
    let (found, n) = allocations(region, || !a.expr().variables().is_empty());
    check("variables() through the view", found, n);
    let mut any = false;
    let (_, n) = allocations(region, || a.expr().each_variable(|_| any = true));
    check("each_variable", any, n);
    let (found, n) = allocations(region, || question(a, |e| e.absolute_traversal().is_some()));
    check("absolute_traversal()", found, n);
    let (found, n) = allocations(region, || question(a, |e| e.static_list().is_some()));
    check("static_list()", found, n);
    let (found, n) = allocations(region, || question(a, |e| e.static_map().is_some()));
    check("static_map()", found, n);
    let (found, n) = allocations(region, || question(a, |e| e.static_call().is_some()));
    check("static_call()", found, n);
    let (_, n) = allocations(region, || drop(a.to_expression()));
    check("a handle made and dropped", false, n);
    empty.count
}

/// `ask` of a handle of `a`'s value, made for the question and dropped
/// after it.
fn question(a: AttributeNode<'_>, ask: impl FnOnce(&dyn ExpressionImpl) -> bool) -> bool {
    let e = a.to_expression();
    ask(e.as_impl())
}

/// What `f` returns, and how many allocations (and reallocations) it made.
fn allocations<T>(region: &Region<'_, System>, f: impl FnOnce() -> T) -> (T, usize) {
    let before = region.change();
    let out = f();
    let after = region.change();
    let made =
        (after.allocations + after.reallocations) - (before.allocations + before.reallocations);
    (out, made)
}

fn each_attribute<'a>(body: BodyNode<'a>, f: &mut dyn FnMut(AttributeNode<'a>)) {
    body.attributes().for_each(&mut *f);
    for b in body.blocks() {
        each_attribute(b.body(), f);
    }
}
