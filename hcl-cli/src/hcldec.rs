//! The `hcldec` command: hashicorp's cmd/hcldec, flag for flag.

use std::path::Path;
use std::sync::Arc;

use hcl_core::body::merge_bodies;
use hcl_core::pos::SourceMap;
use hcl_core::traversal::{Traversal, Traverser};
use hcl_core::value::to_cty_json;
use hcl_core::{Body, Diagnostics, EvalContext, Limits, Range, SourceFile, Value};

use crate::args::{flag_help, parse, Flag};
use crate::decode::{decode, traverse, variables};
use crate::diagnostics::{emit, range_json, DiagFormat};
use crate::json::Json;
use crate::limit_flags::{
    self, MAX_BYTES, MAX_DEPTH, MAX_DIAGNOSTICS, MAX_ELEMENTS, MAX_NUMBER_BYTES,
};
use crate::load::{load_path, load_stdin, remember, Loaded};
use crate::output::{value_json, ValueFormat};
use crate::specfile::read_spec_file;
use crate::stdio::{write_stderr, write_stdout};

const FLAGS: &[Flag] = &[
    Flag::valued("spec", Some('s'), "file", "path to spec file (required)"),
    Flag::valued(
        "vars",
        Some('V'),
        "json-or-file",
        "provide variables to the given configuration file(s)",
    ),
    Flag::valued(
        "out",
        Some('o'),
        "file",
        "write to the given file, instead of stdout",
    ),
    Flag::valued(
        "diags",
        None,
        "format",
        "format any returned diagnostics in the given format; currently only \"json\" is accepted",
    ),
    Flag::switch(
        "var-refs",
        None,
        "rather than decoding input, produce a JSON description of the variables referenced by it",
    ),
    Flag::switch(
        "with-type",
        None,
        "include an additional object level at the top describing the HCL-oriented type of the result value",
    ),
    Flag::switch(
        "keep-nulls",
        None,
        "retain object properties that have null as their value (they are removed by default)",
    ),
    Flag::switch(
        "version",
        Some('v'),
        "show the version number and immediately exit",
    ),
    Flag::switch("help", Some('h'), "show this help and exit"),
    MAX_DEPTH,
    MAX_ELEMENTS,
    MAX_BYTES,
    MAX_NUMBER_BYTES,
    MAX_DIAGNOSTICS,
];

/// Exit status: success.
pub const EXIT_OK: i32 = 0;
/// Exit status: a failure outside the configuration, reported as
/// `Error: …`: no `--spec`, standard input unreadable, the result without a
/// JSON form or not writable. The reference's status for these.
pub const EXIT_FAILURE: i32 = 1;
/// Exit status: the spec, the variables or the input have errors
/// (diagnostics were written). The reference's status for these.
pub const EXIT_DIAGNOSTICS: i32 = 2;
/// Exit status: the command line is wrong (the reference's flag parser
/// exits 2 as well).
pub const EXIT_USAGE: i32 = 2;

/// The usage text: synopsis, flags and exit statuses.
pub fn usage() -> String {
    format!(
        "usage: hcldec --spec=<spec-file> [options] [hcl-file ...]\n{}\n{LIMITS_HELP}\n{EXIT_HELP}",
        flag_help(FLAGS)
    )
}

const LIMITS_HELP: &str = "The --max-* flags (not in hashicorp's hcldec) bound parsing, evaluation
and decoding; evaluations without --vars or spec variables and functions
are in literal-only mode and use the default evaluation budget.
";

const EXIT_HELP: &str = "exit status:
  0     success
  1     no --spec, standard input unreadable, or the result not writable
  2     errors in the spec, the variables or the input (diagnostics written),
        or a wrong command line
  141   the reader of the output went away (as a process killed by SIGPIPE)
";

/// Runs `hcldec` with `args` (without the program name); returns the exit
/// status, the reference's on every path (see [`EXIT_FAILURE`],
/// [`EXIT_DIAGNOSTICS`], [`EXIT_USAGE`] and
/// [`EXIT_BROKEN_PIPE`](crate::stdio::EXIT_BROKEN_PIPE)).
pub fn run(args: Vec<String>) -> i32 {
    let flags = match parse(FLAGS, args) {
        Ok(f) => f,
        Err(e) => {
            write_stderr(&format!("{e}\n{}", usage()));
            return EXIT_USAGE;
        }
    };
    if flags.is_set("help") {
        return print(&usage());
    }
    if flags.is_set("version") {
        return print(&format!("{}\n", env!("CARGO_PKG_VERSION")));
    }
    let format = match DiagFormat::from_flag(flags.last("diags")) {
        Ok(f) => f,
        Err(e) => {
            write_stderr(&format!("{e}\n"));
            return EXIT_USAGE;
        }
    };
    let limits = match limit_flags::limits(&flags) {
        Ok(l) => l,
        Err(e) => {
            write_stderr(&format!("{e}\n{}", usage()));
            return EXIT_USAGE;
        }
    };
    let Some(spec_path) = flags.last("spec").filter(|s| !s.is_empty()) else {
        return fail("the --spec=... argument is required");
    };

    let mut sources = SourceMap::new();
    let errors = |diags: &Diagnostics, sources: &SourceMap| {
        emit(diags, sources, format);
        EXIT_DIAGNOSTICS
    };

    let (spec_file, spec_diags) = {
        let (loaded, mut diags) = load_path(Path::new(spec_path), true, &limits);
        remember(&mut sources, &loaded);
        if diags.has_errors() {
            return errors(&diags, &sources);
        }
        let (spec, d) = read_spec_file(&loaded.body);
        diags.extend(d);
        (spec, diags)
    };
    if spec_diags.has_errors() {
        return errors(&spec_diags, &sources);
    }
    let mut diags = spec_diags;

    let mut ctx = EvalContext::new();
    ctx.set_limits(limits);
    for (name, v) in &spec_file.variables {
        ctx.set_variable(name.clone(), v.clone());
    }
    // As the reference: a spec file that defines no function gives the
    // context no function table, so that a call reports "Function calls
    // not allowed" even when variables are defined.
    if !spec_file.functions.is_empty() {
        ctx.add_functions(&spec_file.functions);
    }
    for (i, arg) in flags.all("vars").iter().enumerate() {
        let (vars, d) = read_vars(arg, i, &mut sources, &limits);
        diags.extend(d);
        for (name, v) in vars {
            ctx.set_variable(name, v);
        }
    }
    // As the reference: with nothing defined there is no context at all,
    // so that a reference reports "Variables not allowed".
    let ctx =
        (!ctx.own_variables().is_empty() || !ctx.own_functions().is_empty()).then(|| Arc::new(ctx));

    let mut bodies = Vec::new();
    if flags.positional.is_empty() {
        let (loaded, d) = match load_stdin(&limits) {
            Ok(r) => r,
            Err(e) => return fail(&format!("failed to read stdin: {e}")),
        };
        remember(&mut sources, &loaded);
        if !d.has_errors() {
            bodies.push(loaded.body);
        }
        diags.extend(d);
    }
    // As the reference's parser, which keeps each file it read by name: a
    // file named again is the same body again, its problems reported once.
    let mut read: Vec<(&str, Option<Body>)> = Vec::new();
    for name in &flags.positional {
        if let Some((_, body)) = read.iter().find(|(n, _)| n == name) {
            bodies.extend(body.clone());
            continue;
        }
        let (loaded, d) = load_path(Path::new(name), false, &limits);
        remember(&mut sources, &loaded);
        let body = (!d.has_errors()).then_some(loaded.body);
        bodies.extend(body.clone());
        read.push((name, body));
        diags.extend(d);
    }
    if diags.has_errors() {
        return errors(&diags, &sources);
    }
    let body = match bodies.len() {
        0 => Body::empty(Range::default()),
        1 => bodies.swap_remove(0),
        _ => merge_bodies(bodies),
    };

    let out = if flags.is_set("var-refs") {
        var_refs_json(&variables(&body, &spec_file.root), ctx.as_deref())
    } else {
        let (value, d) = decode(&body, &spec_file.root, ctx.as_deref());
        diags.extend(d);
        if diags.has_errors() {
            return errors(&diags, &sources);
        }
        let fmt = ValueFormat {
            with_type: flags.is_set("with-type"),
            keep_nulls: flags.is_set("keep-nulls"),
        };
        match value_json(&value, fmt) {
            Ok(s) => s,
            Err(e) => return fail(&e),
        }
    };
    if format == DiagFormat::Text {
        emit(&diags, &sources, format);
    }
    write_output(flags.last("out"), &out, EXIT_FAILURE)
}

/// Reports a failure outside the configuration as the reference does.
fn fail(message: &str) -> i32 {
    write_stderr(&format!("Error: {message}\n\n"));
    EXIT_FAILURE
}

/// Writes `text` to standard output; the exit status.
fn print(text: &str) -> i32 {
    match write_stdout(text) {
        Ok(()) => EXIT_OK,
        Err(e) => e.status(EXIT_FAILURE),
    }
}

/// Writes the result and a newline to `--out` or standard output; the exit
/// status: 0, or `failure` when the file cannot be written (or
/// [`EXIT_BROKEN_PIPE`](crate::stdio::EXIT_BROKEN_PIPE) when the reader of
/// standard output went away).
pub fn write_output(path: Option<&str>, text: &str, failure: i32) -> i32 {
    let text = format!("{text}\n");
    match path {
        Some(p) => match std::fs::write(p, text) {
            Ok(()) => EXIT_OK,
            Err(e) => {
                write_stderr(&format!("Error: can't open {p} for writing: {e}\n\n"));
                failure
            }
        },
        None => match write_stdout(&text) {
            Ok(()) => EXIT_OK,
            Err(e) => e.status(failure),
        },
    }
}

/// Reads one `--vars` argument: a JSON object when it starts with `{`,
/// otherwise a file of attributes (JSON or native by its extension). The
/// values are evaluated without variables or functions; the files are
/// parsed within `limits`.
pub fn read_vars(
    arg: &str,
    index: usize,
    sources: &mut SourceMap,
    limits: &Limits,
) -> (Vec<(String, Value)>, Diagnostics) {
    let (loaded, mut diags) = if arg.trim_start().starts_with('{') {
        let file = SourceFile::new(format!("<vars argument {index}>"), arg);
        let (body, d) = hcl_core::json::parse_body(&file, limits);
        (
            Loaded {
                source: Some(file),
                body,
            },
            d,
        )
    } else {
        load_path(Path::new(arg), false, limits)
    };
    remember(sources, &loaded);
    if diags.has_errors() {
        return (Vec::new(), diags);
    }
    let (attrs, d) = loaded.body.just_attributes();
    diags.extend(d);
    let mut out = Vec::new();
    for a in attrs {
        let (v, d) = a.expr.value(None);
        diags.extend(d);
        out.push((a.name, v));
    }
    (out, diags)
}

/// The reference's `--var-refs` output: each traversal with its steps and
/// ranges, and its value when the variables give it one.
pub fn var_refs_json(vars: &[Traversal], ctx: Option<&EvalContext>) -> String {
    let items = vars
        .iter()
        .map(|t| {
            let steps = t
                .steps()
                .iter()
                .map(|s| {
                    let mut props = Vec::new();
                    match s {
                        Traverser::Root { name, .. } => {
                            props.push(("kind".to_owned(), Json::str("root")));
                            props.push(("name".to_owned(), Json::str(name.clone())));
                        }
                        Traverser::Attr { name, .. } => {
                            props.push(("kind".to_owned(), Json::str("attr")));
                            props.push(("name".to_owned(), Json::str(name.clone())));
                        }
                        Traverser::Index { key, .. } => {
                            props.push(("kind".to_owned(), Json::str("index")));
                            if let Some(j) = raw_json(key) {
                                props.push(("key".to_owned(), j));
                            }
                        }
                        Traverser::Splat { .. } => {
                            props.push(("kind".to_owned(), Json::str("(unknown)")));
                        }
                    }
                    props.push(("range".to_owned(), range_json(&s.range())));
                    Json::Object(props)
                })
                .collect();
            let mut props = vec![(
                "root_name".to_owned(),
                Json::str(t.root_name().unwrap_or_default()),
            )];
            if let Some(j) = traverse(t, ctx).as_ref().and_then(raw_json) {
                props.push(("value".to_owned(), j));
            }
            props.push(("steps".to_owned(), Json::Array(steps)));
            props.push((
                "range".to_owned(),
                range_json(&t.range().unwrap_or_default()),
            ));
            Json::Object(props)
        })
        .collect();
    Json::Array(items).to_indented()
}

/// A value's cty JSON as a tree, to embed (Go re-indents embedded raw
/// JSON, so it must be a tree, not text).
fn raw_json(v: &Value) -> Option<Json> {
    Json::parse(&to_cty_json(v).ok()?)
}
