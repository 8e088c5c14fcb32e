//! The `hcl` command: `check`, `eval`, `json`, `fmt` and `native`.

use std::path::{Path, PathBuf};
use std::sync::{mpsc, Mutex};

use hcl_core::diag::quoted;
use hcl_core::diag::Diagnostics;
use hcl_core::native::parse_expression;
use hcl_core::pos::SourceMap;
use hcl_core::{Diagnostic, EvalContext, Limits, SourceFile};

use crate::args::{flag_help, parse, Flag, Parsed};
use crate::diagnostics::{diagnostics_json, emit, DiagFormat};
use crate::hcldec::{read_vars, write_output};
use crate::json::Json;
use crate::limit_flags::{MAX_BYTES, MAX_DEPTH, MAX_DIAGNOSTICS, MAX_ELEMENTS, MAX_NUMBER_BYTES};
use crate::load::{load_path, Loaded};
use crate::output::{value_json, ValueFormat};
use crate::stdio::{write_stderr, write_stdout};
use crate::{EXIT_DIAGNOSTICS, EXIT_OK, EXIT_USAGE};

const USAGE: &str = "usage: hcl <command> [options] [args]
       hcl --version

commands:
  check PATH...        parse files (a directory: every .hcl, .tf, .tfvars,
                       .hcl.json and .tf.json file under it) and report
                       every diagnostic; --types also type-checks them
  eval [options] EXPR  evaluate one expression (`-` reads it from standard
                       input) and print its value as JSON
  json FILE            print a native-syntax file in the JSON syntax
  fmt PATH... | -      format native-syntax files as hclfmt / terraform fmt
                       do (--check lists those that would change, --write
                       rewrites them)
  native FILE...       convert files (JSON syntax) to native syntax;
                       --block TYPE=LABELS names the JSON block types,
                       --write writes main.tf.json's result to main.tf
  help                 show this help

options:
  -h, --help           show this help (after a command: its options)
  -v, --version        show the version number

Run `hcl <command> --help` for a command's options; check, eval and json
take --max-depth, --max-number-bytes and --max-diagnostics, and eval
--max-elements and --max-bytes: the limits of parsing and evaluation.
";

/// The exit statuses, shown in every help text.
const EXIT_HELP: &str = "exit status:
  0     success (there may be warnings)
  1     errors in the input (diagnostics written), or the output not writable
  2     a wrong command line
  141   the reader of the output went away (as a process killed by SIGPIPE)
";

const CHECK_FLAGS: &[Flag] = &[
    Flag::switch(
        "types",
        None,
        "also type-check files statically (extended types; every property of a JSON file is an attribute)",
    ),
    Flag::switch(
        "print-types",
        None,
        "print each attribute's type: FILE:LINE:COLUMN: PATH: TYPE (implies --types)",
    ),
    Flag::valued(
        "var-types",
        None,
        "json-or-file",
        "variable types: JSON such as {\"id\": \"output(string)\"}, a .json file, or a file of id = output(string)",
    ),
    Flag::valued(
        "diags",
        None,
        "format",
        "text (default: diagnostics on stderr, a summary on stdout) or json (one document on stdout: the diagnostics and the counts)",
    ),
    Flag::switch("quiet", Some('q'), "do not show warnings"),
    MAX_DEPTH,
    MAX_NUMBER_BYTES,
    MAX_DIAGNOSTICS,
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
    MAX_DEPTH,
    MAX_NUMBER_BYTES,
    MAX_ELEMENTS,
    MAX_BYTES,
    MAX_DIAGNOSTICS,
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
    MAX_DEPTH,
    MAX_NUMBER_BYTES,
    MAX_DIAGNOSTICS,
    Flag::switch("help", Some('h'), "show this help and exit"),
];

/// Runs `hcl` with `args` (without the program name); returns the exit
/// status.
pub fn run(args: Vec<String>) -> i32 {
    let mut args = args.into_iter();
    let Some(cmd) = args.next() else {
        write_stderr(&format!("{USAGE}\n{EXIT_HELP}"));
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
            |flags, format, _| crate::fmt::fmt(flags, format),
        ),
        "native" => with_flags(
            crate::native::SYNOPSIS,
            crate::native::FLAGS,
            rest,
            crate::native::native,
        ),
        "help" | "--help" | "-h" => print(&format!("{USAGE}\n{EXIT_HELP}")),
        "--version" | "-v" | "version" => print(&format!("{}\n", env!("CARGO_PKG_VERSION"))),
        other => {
            write_stderr(&format!(
                "unknown command {other}\n\n{USAGE}",
                other = quoted(other)
            ));
            EXIT_USAGE
        }
    }
}

fn with_flags(
    synopsis: &str,
    flags: &[Flag],
    args: Vec<String>,
    cmd: fn(&Parsed, DiagFormat, &Limits) -> i32,
) -> i32 {
    let usage = format!("usage: hcl {synopsis}\n{}", flag_help(flags));
    let parsed = match parse(flags, args) {
        Ok(p) => p,
        Err(e) => {
            write_stderr(&format!("{e}\n{usage}"));
            return EXIT_USAGE;
        }
    };
    if parsed.is_set("help") {
        return print(&format!("{usage}\n{EXIT_HELP}"));
    }
    let format = match DiagFormat::from_flag(parsed.last("diags")) {
        Ok(f) => f,
        Err(e) => {
            write_stderr(&format!("{e}\n"));
            return EXIT_USAGE;
        }
    };
    let limits = match crate::limit_flags::limits(&parsed) {
        Ok(l) => l,
        Err(e) => {
            eprint!("{e}\n{usage}");
            return EXIT_USAGE;
        }
    };
    let status = cmd(&parsed, format, &limits);
    if status == EXIT_USAGE {
        write_stderr(&usage);
    }
    status
}

/// Writes `text` to standard output; the exit status.
fn print(text: &str) -> i32 {
    match write_stdout(text) {
        Ok(()) => EXIT_OK,
        Err(e) => e.status(EXIT_DIAGNOSTICS),
    }
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

/// The kinds of file `hcl check` reads, for messages.
const CONFIG_KINDS: &str = ".hcl, .tf, .tfvars, .hcl.json or .tf.json";

/// Whether a file in a directory is one `hcl check` reads.
pub fn is_config_file(name: &str) -> bool {
    [".hcl", ".tf", ".tfvars", ".hcl.json", ".tf.json"]
        .iter()
        .any(|ext| name.ends_with(ext))
}

/// The files `hcl check` reads for `paths`: files as given, directories
/// walked (sorted, hidden entries skipped); and an error for each directory
/// in which there is no configuration file (a mistyped path must not pass
/// as "0 files, 0 errors").
pub fn collect_files(paths: &[String]) -> (Vec<PathBuf>, Diagnostics) {
    collect_files_where(paths, is_config_file, CONFIG_KINDS)
}

/// The files for `paths`: files as given, and in directories (walked in
/// name order, hidden entries skipped) those whose names `keep` accepts;
/// an error for each directory holding none (`kinds` names what `keep`
/// accepts, for the message).
pub fn collect_files_where(
    paths: &[String],
    keep: fn(&str) -> bool,
    kinds: &str,
) -> (Vec<PathBuf>, Diagnostics) {
    let mut out = Vec::new();
    let diags = each_file_where(paths, keep, kinds, &mut |p| out.push(p));
    (out, diags)
}

/// [`collect_files_where`], handing each file to `found` as soon as the
/// walk reaches it (so that work on the first files can start while the
/// walk goes on).
fn each_file_where(
    paths: &[String],
    keep: fn(&str) -> bool,
    kinds: &str,
    found: &mut dyn FnMut(PathBuf),
) -> Diagnostics {
    let mut diags = Diagnostics::new();
    for p in paths {
        let path = PathBuf::from(p);
        if path.is_dir() {
            let mut any = false;
            walk(
                &path,
                keep,
                &mut |f| {
                    any = true;
                    found(f);
                },
                0,
            );
            if !any {
                diags.push(Diagnostic::error(
                    "No configuration files",
                    format!("The directory {p} holds no {kinds} file.", p = quoted(p)),
                ));
            }
        } else {
            found(path);
        }
    }
    diags
}

fn walk(dir: &Path, keep: fn(&str) -> bool, found: &mut dyn FnMut(PathBuf), depth: usize) {
    // Symbolic link cycles cannot recurse forever.
    if depth > 64 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    // The entry's own type (from the directory listing, no extra `stat`)
    // decides, except for a symbolic link, which is followed as before.
    let mut entries: Vec<(PathBuf, bool)> = entries
        .filter_map(|e| {
            let e = e.ok()?;
            let is_dir = match e.file_type() {
                Ok(t) if t.is_symlink() => e.path().is_dir(),
                Ok(t) => t.is_dir(),
                Err(_) => false,
            };
            Some((e.path(), is_dir))
        })
        .collect();
    entries.sort();
    for (e, is_dir) in entries {
        let name = e
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if name.starts_with('.') {
            continue;
        }
        if is_dir {
            walk(&e, keep, found, depth + 1);
        } else if keep(&name) {
            found(e);
        }
    }
}

/// Loads every file `produce` hands over within `limits`, in parallel on
/// all cores while `produce` goes on finding them, and hands each to `each`
/// on the thread that loaded it; `each`'s results come back in the order
/// the files were handed over. Whatever `each` does not return (a syntax
/// tree, say) is freed there and then, in parallel, rather than kept until
/// every file is done.
pub fn load_each<R: Send>(
    limits: &Limits,
    each: impl Fn(Loaded, Diagnostics) -> R + Sync,
    produce: impl FnOnce(&mut dyn FnMut(PathBuf)),
) -> Vec<R> {
    let (send, receive) = mpsc::channel::<(usize, PathBuf)>();
    let receive = Mutex::new(receive);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                s.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        // The lock is held only while waiting for the next file.
                        let next = match receive.lock() {
                            Ok(r) => r.recv(),
                            Err(_) => break,
                        };
                        let Ok((i, path)) = next else { break };
                        let (loaded, diags) = load_path(&path, false, limits);
                        done.push((i, each(loaded, diags)));
                    }
                    done
                })
            })
            .collect();
        let mut n = 0;
        produce(&mut |path| {
            // The workers outlive the walk, so the channel stays open.
            let _ = send.send((n, path));
            n += 1;
        });
        drop(send);
        let mut results: Vec<(usize, R)> = handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect();
        results.sort_unstable_by_key(|(i, _)| *i);
        results.into_iter().map(|(_, r)| r).collect()
    })
}

fn check(flags: &Parsed, format: DiagFormat, limits: &Limits) -> i32 {
    if flags.positional.is_empty() {
        write_stderr("hcl check: no paths given\n");
        return EXIT_USAGE;
    }
    let mut sources = SourceMap::new();
    let print_types = flags.is_set("print-types");
    let mut scope_diags = Diagnostics::new();
    let scope = if flags.is_set("types") || print_types {
        let (scope, diags) = type_scope(flags.last("var-types"), &mut sources);
        scope_diags = diags;
        Some(scope)
    } else {
        None
    };
    // Each file is parsed and type-checked on a worker while the walk goes
    // on finding the next ones; the worker frees the file's tree there, and
    // its text too unless a diagnostic needs it for a snippet: what stays
    // until the report grows with the problems found, not with the number
    // of files.
    let mut all = Diagnostics::new();
    let checked = load_each(
        limits,
        |loaded, mut diags| {
            let mut printed = String::new();
            if let (Some(s), Some(scope)) = (&loaded.source, &scope) {
                let (d, p) = type_check(s, scope, print_types);
                diags.extend(d);
                printed = p;
            }
            let source = loaded.source.filter(|_| !diags.is_empty());
            (source, diags, printed)
        },
        |found| all = each_file_where(&flags.positional, is_config_file, CONFIG_KINDS, found),
    );
    all.extend(scope_diags);
    let file_count = checked.len();
    for (source, diags, printed) in checked {
        if !printed.is_empty() {
            print!("{printed}");
        }
        if let Some(s) = source {
            sources.add(s);
        }
        all.extend(diags);
    }
    let (errors, warnings) = (all.error_count(), all.warning_count());
    let shown = visible(all, flags.is_set("quiet"));
    let out = match format {
        // Diagnostics for people on standard error, the summary on
        // standard output.
        DiagFormat::Text => {
            emit(&shown, &sources, format);
            format!(
                "{} {}, {} {}, {} {}\n",
                file_count,
                plural(file_count, "file", "files"),
                errors,
                plural(errors, "error", "errors"),
                warnings,
                plural(warnings, "warning", "warnings"),
            )
        }
        // For machines: one JSON document on standard output.
        DiagFormat::Json => {
            let count = |n: usize| Json::int(i64::try_from(n).unwrap_or(i64::MAX));
            let doc = Json::object([
                ("diagnostics", diagnostics_json(&shown)),
                ("files", count(file_count)),
                ("errors", count(errors)),
                ("warnings", count(warnings)),
            ]);
            format!("{}\n", doc.to_indented())
        }
    };
    match write_stdout(&out) {
        Ok(()) if errors > 0 => EXIT_DIAGNOSTICS,
        Ok(()) => EXIT_OK,
        Err(e) => e.status(EXIT_DIAGNOSTICS),
    }
}

/// Type-checks one file, in the syntax its name calls for, and with
/// `print` lists the type of each attribute (one line each, to print).
fn type_check(
    src: &SourceFile,
    scope: &hcl_core::typeck::TypeScope,
    print: bool,
) -> (Diagnostics, String) {
    use std::fmt::Write;
    let (types, diags) = hcl_core::typeck::check_source(src, scope);
    let mut printed = String::new();
    if print {
        for a in types {
            let at = a.range.start;
            let _ = writeln!(
                printed,
                "{}:{}:{}: {}: {}",
                src.name(),
                at.line,
                at.column,
                a.path,
                a.ty
            );
        }
    }
    (diags, printed)
}

/// The variable types of `hcl check --types` and the standard library's
/// signatures. The types are a JSON object given inline (text starting
/// with `{`) or in a `.json` file, or a native-syntax file of attributes
/// whose values are type expressions.
fn type_scope(
    arg: Option<&str>,
    sources: &mut SourceMap,
) -> (hcl_core::typeck::TypeScope, Diagnostics) {
    use hcl_core::load::Syntax;
    use hcl_core::typeck::{parse_var_types, parse_var_types_native, TypeScope};
    let (file, json) = match arg {
        None => (None, true),
        Some(a) if a.trim_start().starts_with('{') => {
            (Some(SourceFile::new("<var-types>", a)), true)
        }
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => (
                Some(SourceFile::new(path, text)),
                Syntax::for_name(path) == Syntax::Json,
            ),
            Err(_) => {
                return (
                    TypeScope::new(),
                    Diagnostics::from(crate::load::read_failed(path)),
                )
            }
        },
    };
    let mut scope = TypeScope::new();
    let mut diags = Diagnostics::new();
    if let Some(f) = &file {
        let (vars, d) = if json {
            parse_var_types(f)
        } else {
            parse_var_types_native(f)
        };
        diags.extend(d);
        for (name, ty) in vars {
            scope.set_variable(name, ty);
        }
    }
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

fn eval(flags: &Parsed, format: DiagFormat, limits: &Limits) -> i32 {
    let [expr_text] = flags.positional.as_slice() else {
        write_stderr("hcl eval: exactly one expression is required\n");
        return EXIT_USAGE;
    };
    let text = if expr_text == "-" {
        let mut s = String::new();
        if std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).is_err() {
            write_stderr("hcl eval: standard input is not UTF-8 text\n");
            return EXIT_DIAGNOSTICS;
        }
        s
    } else {
        expr_text.clone()
    };
    let mut sources = SourceMap::new();
    let mut diags = Diagnostics::with_limit(limits.max_diagnostics);
    let mut ctx = EvalContext::new();
    ctx.set_limits(*limits);
    for (i, arg) in flags.all("vars").iter().enumerate() {
        let (vars, d) = read_vars(arg, i, &mut sources, limits);
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
    let (expr, d) = parse_expression(&file, limits);
    diags.extend(d);
    if diags.has_errors() {
        report(diags, &sources, format, quiet);
        return EXIT_DIAGNOSTICS;
    }
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
    write_output(None, &out, EXIT_DIAGNOSTICS)
}

fn json(flags: &Parsed, format: DiagFormat, limits: &Limits) -> i32 {
    let [path] = flags.positional.as_slice() else {
        write_stderr("hcl json: exactly one file is required\n");
        return EXIT_USAGE;
    };
    if path.ends_with(".json") {
        write_stderr(&format!("hcl json: {path} is already in the JSON syntax\n"));
        return EXIT_USAGE;
    }
    let (bytes, name) = if path == "-" {
        let mut b = Vec::new();
        if std::io::Read::read_to_end(&mut std::io::stdin(), &mut b).is_err() {
            write_stderr("hcl json: cannot read standard input\n");
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
    let (file, diags) = hcl_core::native::parse_bytes(&name, &bytes, limits);
    let mut sources = SourceMap::new();
    sources.add(file.source().clone());
    if diags.has_errors() {
        report(diags, &sources, format, flags.is_set("quiet"));
        return EXIT_DIAGNOSTICS;
    }
    report(diags, &sources, format, flags.is_set("quiet"));
    let out = crate::tojson::native_to_json(&file).to_indented_readable();
    write_output(flags.last("out"), &out, EXIT_DIAGNOSTICS)
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
