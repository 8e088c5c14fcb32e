//! Standard functions: regular expressions (go-cty's `stdlib/regexp.go` and
//! `RegexReplaceFunc`).
//!
//! Patterns use RE2 syntax, matched by the `regex` crate, which like Go's
//! `regexp` runs in linear time and uses leftmost-first (Perl) semantics.
//! Where the crate reads RE2 differently from Go, the pattern is rewritten
//! first: `\d \w \s \b` (and negations) are ASCII-only as in Go, `[`, `&&`,
//! `--` and `~~` inside brackets are literal, and `\Q…\E` quotes. What is
//! left differs only at the edges (see COMPAT.md): duplicate group names are
//! an error (Go lets the last group of a name win), `--` between class items
//! is always literal, and the nesting limit is smaller. Go's own syntax
//! checks that the crate lacks (stacked repetitions `a**`, counts over 1000,
//! unknown POSIX classes) are made first, with Go's messages.
//!
//! The result of `regex`, and the element type of `regexall`, follow from the
//! pattern's capture groups:
//!
//! - no groups: the whole match, a string;
//! - only unnamed groups: a tuple of their sub-matches;
//! - only named groups: an object of their sub-matches by name;
//! - both kinds: an error.
//!
//! A group inside another group that did not take part in the match gives
//! a null string.
//!
//! Every match and replacement is charged to the evaluation's budget as it
//! is built, so `regexall` over a long string, or `regex_replace` with a
//! long replacement, ends in "Evaluation limit exceeded" instead of
//! exhausting memory.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use regex::Regex;

use super::string::str_arg;
use crate::diag::quote::clip;
use crate::function::{CallContext, Function, FunctionError, Functions, Param};
use crate::value::{Type, Value};

pub(super) fn register(table: &mut Functions) {
    table.insert("regex", regex());
    table.insert("regexall", regexall());
    table.insert("regex_replace", regex_replace());
}

/// `regex(pattern, string)`: the first match of `pattern` in `string`,
/// shaped by the pattern's capture groups (see the module docs); an error
/// if there is no match.
///
/// ```
/// # use hcl_core::{function::stdlib, Value, value::Type};
/// let regex = stdlib::functions().get("regex").unwrap().clone();
/// assert_eq!(regex.call(&["[a-z]+".into(), "53453453.hello".into()]).unwrap(), Value::from("hello"));
/// assert_eq!(
///     regex.call(&["(\\d+)-(\\d+)".into(), "1-2".into()]).unwrap(),
///     Value::tuple(["1", "2"].map(Value::from))
/// );
/// assert_eq!(
///     regex.call(&["(?P<k>\\w+)=(?P<v>\\w+)".into(), "a=b".into()]).unwrap(),
///     Value::object([("k", Value::from("a")), ("v", Value::from("b"))])
/// );
/// ```
fn regex() -> Function {
    Function::builder()
        .describe("Applies the given regular expression pattern to the given string and returns information about a single match, or raises an error if there is no match.")
        .param(Param::new("pattern", Type::String))
        .param(Param::new("string", Type::String))
        .returns_with(|args| match args.first().and_then(Value::as_str) {
            Some(pattern) => Ok(compile(pattern)?.1),
            // The pattern decides the type.
            None => Ok(Type::Dynamic),
        })
        .implementation(|args, cx| {
            let (re, _) = compile(str_arg(args, 0)?)?;
            let s = str_arg(args, 1)?;
            let caps = re.captures(s).ok_or_else(|| {
                FunctionError::call("pattern did not match any part of the given string")
            })?;
            let ty = cx.return_type().clone();
            match_value(&re, &caps, &ty, cx)
        })
}

/// `regexall(pattern, string)`: every non-overlapping match of `pattern` in
/// `string`, each shaped as for `regex`; an empty list if there is none.
///
/// ```
/// # use hcl_core::{function::stdlib, Value, value::Type};
/// let regexall = stdlib::functions().get("regexall").unwrap().clone();
/// assert_eq!(
///     regexall.call(&["[a-z]+".into(), "1234abcd5678efgh9".into()]).unwrap(),
///     Value::list(Type::String, ["abcd", "efgh"].map(Value::from)).unwrap()
/// );
/// ```
fn regexall() -> Function {
    Function::builder()
        .describe("Applies the given regular expression pattern to the given string and returns a list of information about all non-overlapping matches, or an empty list if there are no matches.")
        .param(Param::new("pattern", Type::String))
        .param(Param::new("string", Type::String))
        .returns_with(|args| match args.first().and_then(Value::as_str) {
            Some(pattern) => Ok(Type::list(compile(pattern)?.1)),
            None => Ok(Type::list(Type::Dynamic)),
        })
        .implementation(|args, cx| {
            let (re, elem) = compile(str_arg(args, 0)?)?;
            let s = str_arg(args, 1)?;
            debug_assert_eq!(cx.return_type().element_type(), Some(&elem));
            let mut matches = Vec::new();
            for caps in re.captures_iter(s) {
                cx.charge_elements(1)?;
                matches.push(match_value(&re, &caps, &elem, cx)?);
            }
            Value::list(elem.clone(), matches).map_err(|e| FunctionError::call(e.to_string()))
        })
}

/// `regex_replace(str, pattern, replace)`: every match of `pattern` in
/// `str` replaced by `replace`, in which `$1`, `${1}`, `$name` and
/// `${name}` stand for sub-matches and `$$` for a dollar sign (Go's
/// `Regexp.ReplaceAllString`). This is go-cty's `RegexReplaceFunc`, and
/// what Terraform's `replace` does for a `/pattern/` substring.
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let f = stdlib::functions().get("regex_replace").unwrap().clone();
/// assert_eq!(
///     f.call(&["hello world".into(), "o(.)".into(), "0$1$1".into()]).unwrap(),
///     Value::from("hell0  w0rrld")
/// );
/// ```
fn regex_replace() -> Function {
    Function::builder()
        .describe("Applies the given regular expression pattern to the given string and replaces all matches with the given replacement string.")
        .param(Param::new("str", Type::String))
        .param(Param::new("pattern", Type::String))
        .param(Param::new("replace", Type::String))
        .returns(Type::String)
        .implementation(|args, cx| {
            let s = str_arg(args, 0)?;
            let re = build(str_arg(args, 1)?, 1)?;
            let replacement = str_arg(args, 2)?;
            // Expanded match by match, each charged once written (no more
            // than the replacement and the string), so that a result past
            // the budget is refused before it grows further.
            let mut out = String::new();
            let mut last = 0;
            let mut charged = 0;
            for caps in re.captures_iter(s) {
                let Some(m) = caps.get(0) else { continue };
                out.push_str(&s[last..m.start()]);
                caps.expand(replacement, &mut out);
                last = m.end();
                cx.charge_bytes(out.len() - charged)?;
                charged = out.len();
            }
            cx.charge_bytes(s.len() - last)?;
            out.push_str(&s[last..]);
            Ok(Value::string(out))
        })
}

/// How many compiled patterns [`build`] keeps (few: a compiled pattern can
/// take megabytes).
const CACHE_SIZE: usize = 16;

/// The longest pattern [`build`] keeps: the cache lives as long as the
/// process, and a pattern can be as long as a string can.
const MAX_CACHED_PATTERN: usize = 4096;

/// Compiles `pattern`, the argument at `index`, reusing a recent
/// compilation or failure: a call compiles its pattern twice (for the
/// result type and for the result), and a `for` expression calls with one
/// pattern many times (a pattern that fails as too large took 30 ms each
/// time: a loop of a million calls, eight hours).
fn build(pattern: &str, index: usize) -> Result<Regex, FunctionError> {
    type Cache = HashMap<String, Result<Regex, String>>;
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let cached = cache.lock().ok().and_then(|c| c.get(pattern).cloned());
    let built = cached.unwrap_or_else(|| {
        let built = build_uncached(pattern);
        if pattern.len() <= MAX_CACHED_PATTERN {
            if let Ok(mut c) = cache.lock() {
                // A crude bound: start over when full.
                if c.len() >= CACHE_SIZE {
                    c.clear();
                }
                c.insert(pattern.to_owned(), built.clone());
            }
        }
        built
    });
    built.map_err(|m| FunctionError::argument(index, m))
}

/// Compiles `pattern`, or says why it does not compile.
fn build_uncached(pattern: &str) -> Result<Regex, String> {
    dialect::check(pattern)
        .and_then(|()| {
            Regex::new(&dialect::to_rust_syntax(pattern))
                .map_err(|e| errors::pattern_error(pattern, &e))
        })
        // The messages name the pattern, which can be as long as a string
        // can.
        .map_err(clip)
}

/// Compiles `pattern` and works out the type of one match's value.
fn compile(pattern: &str) -> Result<(Regex, Type), FunctionError> {
    let re = build(pattern, 0)?;
    let mut named = Vec::new();
    let mut unnamed = 0usize;
    for name in re.capture_names().skip(1) {
        match name {
            Some(n) => named.push(n),
            None => unnamed += 1,
        }
    }
    let ty = match (unnamed, named.is_empty()) {
        (0, true) => Type::String,
        (0, false) => Type::object(named.into_iter().map(|n| (n, Type::String))),
        (_, true) => Type::tuple(std::iter::repeat_n(Type::String, unnamed)),
        (_, false) => {
            return Err(FunctionError::argument(
                0,
                "invalid regexp pattern: cannot mix both named and unnamed capture groups",
            ))
        }
    };
    Ok((re, ty))
}

/// One match as a value of `ty` (from [`compile`]).
/// The value of one match, charged to the budget first: its groups'
/// elements and text (no longer than the matched text each).
fn match_value(
    re: &Regex,
    caps: &regex::Captures<'_>,
    ty: &Type,
    cx: &mut CallContext<'_>,
) -> Result<Value, FunctionError> {
    let bytes = caps
        .iter()
        .flatten()
        .map(|m| m.len())
        .fold(0, usize::saturating_add);
    cx.charge_elements(caps.len())?;
    if ty.is_object() {
        cx.charge_map(0)?;
    }
    cx.charge_bytes(bytes)?;
    let group = |i: usize| {
        caps.get(i)
            .map_or_else(|| Value::null(Type::String), |m| Value::string(m.as_str()))
    };
    Ok(match ty {
        Type::Tuple(_) => Value::tuple((1..caps.len()).map(group)),
        Type::Object(_) => Value::object(
            re.capture_names()
                .enumerate()
                .filter_map(|(i, name)| name.map(|n| (n, group(i)))),
        ),
        _ => group(0),
    })
}

mod dialect;
mod errors;

#[cfg(test)]
mod test;
