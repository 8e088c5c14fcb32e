//! The `hcl` command: `check`, `eval`, `json` and `fmt`.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use hcl_core::diag::Diagnostics;
use hcl_core::native::{parse_expression, ParseOptions};
use hcl_core::pos::SourceMap;
use hcl_core::{Diagnostic, EvalContext, Expression, SourceFile};

use crate::args::{flag_help, parse, Flag, Parsed};
use crate::diagnostics::{emit, DiagFormat};
use crate::hcldec::{read_vars, write_output};
use crate::load::{load_path, Loaded};
use crate::output::{value_json, ValueFormat};
use crate::{EXIT_DIAGNOSTICS, EXIT_OK, EXIT_USAGE};

const USAGE: &str = "usage: hcl <command> [options] [args]

commands:
  check PATH...        parse files (a directory: every .hcl, .tf, .tfvars,
                       .hcl.json and .tf.json file under it) and report
                       every diagnostic
  eval [options] EXPR  evaluate one expression (`-` reads it from standard
                       input) and print its value as JSON
  json FILE            print a native-syntax file in the JSON syntax
  fmt PATH... | -      format native-syntax files as hclfmt / terraform fmt
                       do (--check lists those that would change, --write
                       rewrites them)
  help                 show this help

Run `hcl <command> --help` for a command's options.
";

const CHECK_FLAGS: &[Flag] = &[
    Flag::switch(
        "types",
        None,
        "also type-check native-syntax files statically (extended types: int, union, none, promise, output)",
    ),
    Flag::valued(
        "var-types",
        None,
        "json-or-file",
        "with --types: variable types, a JSON object such as {\"id\": \"output(string)\"}",
    ),
    Flag::valued(
        "diags",
        None,
        "format",
        "diagnostics format: text (default) or json",
    ),
    Flag::switch("quiet", Some('q'), "do not show warnings"),
    Flag::switch("help", Some('h'), "show this help and exit"),
];

const EVAL_FLAGS: &[Flag] = &[
    Flag::valued(
        "vars",
        Some('V'),
        "json-or-file",
        "variables: a JSON object, or a file of attributes (repeatable)",
    ),
    Flag::switch(
        "stdlib",
        None,
        "make the standard library functions available",
    ),
    Flag::switch(
        "with-type",
        None,
        "print {\"value\":…,\"type\":…} with the value's type, as hcldec does",
    ),
    Flag::valued(
        "diags",
        None,
        "format",
        "diagnostics format: text (default) or json",
    ),
    Flag::switch("quiet", Some('q'), "do not show warnings"),
    Flag::switch("help", Some('h'), "show this help and exit"),
];

const JSON_FLAGS: &[Flag] = &[
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
        "diagnostics format: text (default) or json",
    ),
    Flag::switch("quiet", Some('q'), "do not show warnings"),
    Flag::switch("help", Some('h'), "show this help and exit"),
];

/// Runs `hcl` with `args` (without the program name); returns the exit
/// status.
pub fn run(args: Vec<String>) -> i32 {
    let mut args = args.into_iter();
    let Some(cmd) = args.next() else {
        eprint!("{USAGE}");
        return EXIT_USAGE;
    };
    let rest: Vec<String> = args.collect();
    match cmd.as_str() {
        "check" => with_flags("check PATH...", CHECK_FLAGS, rest, check),
        "eval" => with_flags("eval [options] EXPR", EVAL_FLAGS, rest, eval),
        "json" => with_flags("json [options] FILE", JSON_FLAGS, rest, json),
        "fmt" => with_flags(
            crate::fmt::SYNOPSIS,
            crate::fmt::FLAGS,
            rest,
            crate::fmt::fmt,
        ),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            EXIT_OK
        }
        "--version" | "-v" | "version" => {
            println!("{}", env!("CARGO_PKG_VERSION"));
            EXIT_OK
        }
        other => {
            eprint!("unknown command {other:?}\n\n{USAGE}");
            EXIT_USAGE
        }
    }
}

fn with_flags(
    synopsis: &str,
    flags: &[Flag],
    args: Vec<String>,
    cmd: fn(&Parsed, DiagFormat) -> i32,
) -> i32 {
    let usage = format!("usage: hcl {synopsis}\n{}", flag_help(flags));
    let parsed = match parse(flags, args) {
        Ok(p) => p,
        Err(e) => {
            eprint!("{e}\n{usage}");
            return EXIT_USAGE;
        }
    };
    if parsed.is_set("help") {
        print!("{usage}");
        return EXIT_OK;
    }
    let format = match DiagFormat::from_flag(parsed.last("diags")) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{e}");
            return EXIT_USAGE;
        }
    };
    let status = cmd(&parsed, format);
    if status == EXIT_USAGE {
        eprint!("{usage}");
    }
    status
}

/// The diagnostics to show: all of them, or with `--quiet` the errors only.
fn visible(diags: Diagnostics, quiet: bool) -> Diagnostics {
    if quiet {
        diags.into_iter().filter(Diagnostic::is_error).collect()
    } else {
        diags
    }
}

fn report(diags: Diagnostics, sources: &SourceMap, format: DiagFormat, quiet: bool) {
    emit(&visible(diags, quiet), sources, format);
}

/// Whether a file in a directory is one `hcl check` reads.
pub fn is_config_file(name: &str) -> bool {
    [".hcl", ".tf", ".tfvars", ".hcl.json", ".tf.json"]
        .iter()
        .any(|ext| name.ends_with(ext))
}

/// The files `hcl check` reads for `paths`: files as given, directories
/// walked (sorted, hidden entries skipped).
pub fn collect_files(paths: &[String]) -> Vec<PathBuf> {
    collect_files_where(paths, is_config_file)
}

/// The files for `paths`: files as given, and in directories (walked in
/// name order, hidden entries skipped) those whose names `keep` accepts.
pub fn collect_files_where(paths: &[String], keep: fn(&str) -> bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        let path = PathBuf::from(p);
        if path.is_dir() {
            walk(&path, keep, &mut out, 0);
        } else {
            out.push(path);
        }
    }
    out
}

fn walk(dir: &Path, keep: fn(&str) -> bool, out: &mut Vec<PathBuf>, depth: usize) {
    // Symbolic link cycles cannot recurse forever.
    if depth > 64 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for e in entries {
        let name = e
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if name.starts_with('.') {
            continue;
        }
        if e.is_dir() {
            walk(&e, keep, out, depth + 1);
        } else if keep(&name) {
            out.push(e);
        }
    }
}

/// Parses every file, in parallel on all cores; results in file order.
pub fn parse_all(files: &[PathBuf]) -> Vec<(Loaded, Diagnostics)> {
    let next = AtomicUsize::new(0);
    let results: Vec<Mutex<Option<(Loaded, Diagnostics)>>> =
        files.iter().map(|_| Mutex::new(None)).collect();
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(files.len().max(1));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let (Some(path), Some(slot)) = (files.get(i), results.get(i)) else {
                    break;
                };
                let r = load_path(path, false);
                if let Ok(mut slot) = slot.lock() {
                    *slot = Some(r);
                }
            });
        }
    });
    results
        .into_iter()
        .filter_map(|m| m.into_inner().ok().flatten())
        .collect()
}

fn check(flags: &Parsed, format: DiagFormat) -> i32 {
    if flags.positional.is_empty() {
        eprintln!("hcl check: no paths given");
        return EXIT_USAGE;
    }
    let files = collect_files(&flags.positional);
    let mut sources = SourceMap::new();
    let mut all = Diagnostics::new();
    let scope = if flags.is_set("types") {
        let (scope, diags) = type_scope(flags.last("var-types"), &mut sources);
        all.extend(diags);
        Some(scope)
    } else {
        None
    };
    for (loaded, diags) in parse_all(&files) {
        if let Some(s) = loaded.source {
            // The type checker reads the native syntax only.
            if let Some(scope) = scope.as_ref().filter(|_| !s.name().ends_with(".json")) {
                let (_, type_diags) = hcl_core::typeck::check_source(&s, scope);
                all.extend(type_diags);
            }
            sources.add(s);
        }
        all.extend(diags);
    }
    let (errors, warnings) = (all.error_count(), all.warning_count());
    report(all, &sources, format, flags.is_set("quiet"));
    println!(
        "{} {}, {} {}, {} {}",
        files.len(),
        plural(files.len(), "file", "files"),
        errors,
        plural(errors, "error", "errors"),
        warnings,
        plural(warnings, "warning", "warnings"),
    );
    if errors > 0 {
        EXIT_DIAGNOSTICS
    } else {
        EXIT_OK
    }
}

/// The variable types of `hcl check --types` (a JSON object, inline or in a
/// file) and the standard library's signatures.
fn type_scope(
    arg: Option<&str>,
    sources: &mut SourceMap,
) -> (hcl_core::typeck::TypeScope, Diagnostics) {
    use hcl_core::typeck::TypeScope;
    let file = match arg {
        None => None,
        Some(a) if a.trim_start().starts_with('{') => Some(SourceFile::new("<var-types>", a)),
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => Some(SourceFile::new(path, text)),
            Err(_) => {
                return (
                    TypeScope::new(),
                    Diagnostics::from(crate::load::read_failed(path)),
                )
            }
        },
    };
    let (mut scope, diags) = match &file {
        Some(f) => TypeScope::from_var_types(f),
        None => (TypeScope::new(), Diagnostics::new()),
    };
    scope.add_functions(&hcl_core::function::stdlib::functions());
    if let Some(f) = file {
        sources.add(f);
    }
    (scope, diags)
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

fn eval(flags: &Parsed, format: DiagFormat) -> i32 {
    let [expr_text] = flags.positional.as_slice() else {
        eprintln!("hcl eval: exactly one expression is required");
        return EXIT_USAGE;
    };
    let text = if expr_text == "-" {
        let mut s = String::new();
        if std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).is_err() {
            eprintln!("hcl eval: standard input is not UTF-8 text");
            return EXIT_DIAGNOSTICS;
        }
        s
    } else {
        expr_text.clone()
    };
    let mut sources = SourceMap::new();
    let mut diags = Diagnostics::new();
    let mut ctx = EvalContext::new();
    for (i, arg) in flags.all("vars").iter().enumerate() {
        let (vars, d) = read_vars(arg, i, &mut sources);
        diags.extend(d);
        for (name, v) in vars {
            ctx.set_variable(name, v);
        }
    }
    if flags.is_set("stdlib") {
        ctx.add_functions(&hcl_core::function::stdlib::functions());
    }
    let quiet = flags.is_set("quiet");
    if diags.has_errors() {
        report(diags, &sources, format, quiet);
        return EXIT_DIAGNOSTICS;
    }
    let file = SourceFile::new("<expr>", text);
    sources.add(file.clone());
    let (expr, d) = parse_expression(&file, &ParseOptions::default());
    diags.extend(d);
    if diags.has_errors() {
        report(diags, &sources, format, quiet);
        return EXIT_DIAGNOSTICS;
    }
    let expr = Expression::new(hcl_core::native::NativeExpression::new(
        file.clone(),
        Arc::new(expr),
    ));
    let (value, d) = expr.value(Some(&ctx));
    diags.extend(d);
    if diags.has_errors() {
        report(diags, &sources, format, quiet);
        return EXIT_DIAGNOSTICS;
    }
    let fmt = ValueFormat {
        with_type: flags.is_set("with-type"),
        keep_nulls: true,
    };
    let out = match value_json(&value, fmt) {
        Ok(s) => s,
        Err(e) => {
            diags.push(
                Diagnostic::error("Value has no JSON form", format!("The result {e}."))
                    .with_subject(expr.range()),
            );
            report(diags, &sources, format, quiet);
            return EXIT_DIAGNOSTICS;
        }
    };
    report(diags, &sources, format, quiet);
    write_output(None, &out)
}

fn json(flags: &Parsed, format: DiagFormat) -> i32 {
    let [path] = flags.positional.as_slice() else {
        eprintln!("hcl json: exactly one file is required");
        return EXIT_USAGE;
    };
    if path.ends_with(".json") {
        eprintln!("hcl json: {path} is already in the JSON syntax");
        return EXIT_USAGE;
    }
    let (bytes, name) = if path == "-" {
        let mut b = Vec::new();
        if std::io::Read::read_to_end(&mut std::io::stdin(), &mut b).is_err() {
            eprintln!("hcl json: cannot read standard input");
            return EXIT_DIAGNOSTICS;
        }
        (b, "<stdin>".to_owned())
    } else {
        match std::fs::read(path) {
            Ok(b) => (b, path.clone()),
            Err(_) => {
                let d = crate::load::read_failed(path);
                report(d.into(), &SourceMap::new(), format, false);
                return EXIT_DIAGNOSTICS;
            }
        }
    };
    let (file, diags) = hcl_core::native::parse_bytes(&name, &bytes, &ParseOptions::default());
    let mut sources = SourceMap::new();
    sources.add(file.source.clone());
    if diags.has_errors() {
        report(diags, &sources, format, flags.is_set("quiet"));
        return EXIT_DIAGNOSTICS;
    }
    report(diags, &sources, format, flags.is_set("quiet"));
    let out = crate::tojson::native_to_json(&file).to_indented_readable();
    write_output(flags.last("out"), &out)
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn quiet_hides_warnings_only() {
        let diags: Diagnostics = vec![
            Diagnostic::warning("Deprecated", ""),
            Diagnostic::error("Broken", ""),
        ]
        .into();
        assert_eq!(visible(diags.clone(), false).len(), 2);
        let quiet = visible(diags, true);
        assert_eq!(quiet.len(), 1);
        assert_eq!(quiet.iter().next().unwrap().summary, "Broken");
    }

    #[test]
    fn directories_yield_hcl_terraform_and_their_json_forms() {
        for name in ["a.hcl", "main.tf", "x.tfvars", "a.hcl.json", "main.tf.json"] {
            assert!(is_config_file(name), "{name}");
        }
        for name in ["package.json", "README.md", "a.hcldec", "tf"] {
            assert!(!is_config_file(name), "{name}");
        }
    }
}
