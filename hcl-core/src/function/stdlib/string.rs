//! Standard functions: the string family (go-cty's `stdlib/string.go` and
//! `string_replace.go`; `startswith`, `endswith` and `strcontains` from
//! Terraform, which go-cty lacks).
//!
//! "Character" here means a grapheme cluster, as in the reference: `substr`,
//! `strrev` and `strlen` never split a letter from its combining marks or an
//! emoji from its modifiers. Case mappings are the simple one-to-one Unicode
//! mappings Go uses (`"ß"` stays `"ß"` in `upper`).
//!
//! Every function charges the string it builds to the evaluation's budget
//! ([`crate::limits`]); those that can grow their input (`indent`, `join`,
//! `replace`, and across the library `format`, `regex_replace`,
//! `jsonencode`, …) compute the result's size and charge it before
//! building it.

use unicode_segmentation::UnicodeSegmentation;

use case::{is_title_separator, simple_lower, simple_title, simple_upper};

use crate::function::{CallContext, Function, FunctionError, Functions, Param};
use crate::value::{Type, Value};

/// The known string in `args[i]` (the call procedure has already checked
/// types, nulls and unknowns for parameters that do not allow them).
pub(super) fn str_arg(args: &[Value], i: usize) -> Result<&str, FunctionError> {
    args.get(i)
        .and_then(Value::as_str)
        .ok_or_else(|| FunctionError::argument(i, "a string is required"))
}

/// `args[i]` as a Go `int` the way go-cty's `gocty.FromCtyValue` converts
/// it, with its error wording.
pub(super) fn int_arg(args: &[Value], i: usize) -> Result<i64, FunctionError> {
    args.get(i)
        .and_then(Value::as_number)
        .and_then(|n| n.to_i64())
        .ok_or_else(|| {
            FunctionError::argument(
                i,
                format!(
                    "value must be a whole number, between {} and {}",
                    i64::MIN,
                    i64::MAX
                ),
            )
        })
}

/// A list of strings.
pub(super) fn string_list(items: impl IntoIterator<Item = Value>) -> Result<Value, FunctionError> {
    Value::list(Type::String, items).map_err(|e| FunctionError::call(e.to_string()))
}

/// The string value of `s`, a part of an argument, charged before it is
/// copied.
pub(super) fn charged(cx: &mut CallContext<'_>, s: &str) -> Result<Value, FunctionError> {
    cx.charge_bytes(s.len())?;
    Ok(Value::string(s))
}

/// The number of grapheme clusters in `s`.
///
/// ASCII text takes a fast path (a string can be as long as the evaluation
/// budget allows, and `length` of one is common): every ASCII character is
/// a cluster of its own except that `\r\n` is one cluster (Unicode's rule
/// GB3), so the count is the length less the `\r\n` pairs. The general
/// path segments the text; a differential test holds them equal.
pub(crate) fn grapheme_count(s: &str) -> usize {
    if s.is_ascii() {
        s.len() - crate::byte_search::count_pair(*b"\r\n", s.as_bytes())
    } else {
        grapheme_count_general(s)
    }
}

/// [`grapheme_count`] by segmenting the text.
fn grapheme_count_general(s: &str) -> usize {
    s.graphemes(true).count()
}

pub(super) fn register(table: &mut Functions) {
    table.insert("upper", upper());
    table.insert("lower", lower());
    table.insert("title", title());
    table.insert("strrev", strrev());
    table.insert("strlen", strlen());
    table.insert("substr", substr());
    table.insert("join", join());
    table.insert("split", split());
    table.insert("chomp", chomp());
    table.insert("indent", indent());
    table.insert("trimspace", trimspace());
    table.insert("trim", trim());
    table.insert("trimprefix", trimprefix());
    table.insert("trimsuffix", trimsuffix());
    table.insert("replace", replace());
    table.insert("startswith", startswith());
    table.insert("endswith", endswith());
    table.insert("strcontains", strcontains());
}

/// A function of one string (accepting the dynamic pseudo-type when go-cty
/// declares `AllowDynamicType`) returning a string.
fn string_to_string(description: &str, allow_dynamic: bool, f: fn(&str) -> String) -> Function {
    let mut param = Param::new("str", Type::String);
    if allow_dynamic {
        param = param.allow_dynamic();
    }
    Function::builder()
        .describe(description)
        .param(param)
        .returns(Type::String)
        // At most a few bytes per byte of the input, charged once built.
        .implementation(move |args, cx| cx.string(f(str_arg(args, 0)?)))
}

/// `upper(str)`: every letter in its uppercase form (simple Unicode case
/// mapping, as Go's `strings.ToUpper`).
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let upper = stdlib::functions().get("upper").unwrap().clone();
/// assert_eq!(upper.call(&[Value::from("hello")]).unwrap(), Value::from("HELLO"));
/// ```
fn upper() -> Function {
    string_to_string(
        "Returns the given string with all Unicode letters translated to their uppercase equivalents.",
        true,
        |s| s.chars().map(simple_upper).collect(),
    )
}

/// `lower(str)`: every letter in its lowercase form (simple Unicode case
/// mapping, as Go's `strings.ToLower`).
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let lower = stdlib::functions().get("lower").unwrap().clone();
/// assert_eq!(lower.call(&[Value::from("HELLO")]).unwrap(), Value::from("hello"));
/// ```
fn lower() -> Function {
    string_to_string(
        "Returns the given string with all Unicode letters translated to their lowercase equivalents.",
        true,
        |s| s.chars().map(simple_lower).collect(),
    )
}

/// `title(str)`: the first letter of each word in title case (Go's
/// `strings.Title`: a word starts after any character that is not a letter,
/// digit or `_`, among ASCII, or is a Unicode space).
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let title = stdlib::functions().get("title").unwrap().clone();
/// assert_eq!(title.call(&[Value::from("hello world")]).unwrap(), Value::from("Hello World"));
/// ```
fn title() -> Function {
    string_to_string(
        "Replaces one letter after each non-letter and non-digit character with its uppercase equivalent.",
        false,
        |s| {
            let mut prev = ' ';
            s.chars()
                .map(|c| {
                    let out = if is_title_separator(prev) {
                        simple_title(c)
                    } else {
                        c
                    };
                    prev = c;
                    out
                })
                .collect()
        },
    )
}

/// `strrev(str)`: the characters (grapheme clusters) in reverse order.
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let strrev = stdlib::functions().get("strrev").unwrap().clone();
/// assert_eq!(strrev.call(&[Value::from("hello")]).unwrap(), Value::from("olleh"));
/// ```
fn strrev() -> Function {
    string_to_string(
        "Returns the given string with all of its Unicode characters in reverse order.",
        true,
        |s| s.graphemes(true).rev().collect(),
    )
}

/// `strlen(str)`: the number of characters (grapheme clusters).
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let strlen = stdlib::functions().get("strlen").unwrap().clone();
/// assert_eq!(strlen.call(&[Value::from("héllo")]).unwrap(), Value::from(5));
/// ```
fn strlen() -> Function {
    Function::builder()
        .describe("Returns the number of Unicode characters (technically: grapheme clusters) in the given string.")
        .param(Param::new("str", Type::String).allow_unknown().allow_dynamic())
        .returns(Type::Number)
        .implementation(|args, _| match args.first() {
            Some(Value::String(s)) => Ok(Value::from(count_i64(grapheme_count(s)))),
            _ => Ok(Value::unknown(Type::Number)),
        })
}

fn count_i64(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// `substr(str, offset, length)`: up to `length` characters starting at
/// `offset` (both in grapheme clusters). A negative `offset` counts from the
/// end; a negative `length` takes the rest of the string.
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let substr = stdlib::functions().get("substr").unwrap().clone();
/// let call = |s: &str, o: i64, l: i64| substr.call(&[s.into(), o.into(), l.into()]).unwrap();
/// assert_eq!(call("hello world", 1, 4), Value::from("ello"));
/// assert_eq!(call("hello world", -5, 3), Value::from("wor"));
/// assert_eq!(call("hello world", 6, -1), Value::from("world"));
/// ```
fn substr() -> Function {
    Function::builder()
        .describe("Extracts a substring from the given string.")
        .param(
            Param::new("str", Type::String)
                .allow_dynamic()
                .describe("The input string."),
        )
        .param(
            Param::new("offset", Type::Number)
                .allow_dynamic()
                .describe("The starting offset in Unicode characters."),
        )
        .param(
            Param::new("length", Type::Number)
                .allow_dynamic()
                .describe("The maximum length of the result in Unicode characters."),
        )
        .returns(Type::String)
        .implementation(|args, cx| {
            let s = str_arg(args, 0)?;
            let offset = int_arg(args, 1)?;
            let length = int_arg(args, 2)?;
            charged(cx, substr_of(s, offset, length))
        })
}

/// go-cty's substring walk, quirks included: with a negative offset, a
/// length of zero is not short-circuited and so takes the rest of the string.
fn substr_of(s: &str, offset: i64, length: i64) -> &str {
    let offset = if offset < 0 {
        offset.saturating_add(count_i64(grapheme_count(s)))
    } else if length == 0 {
        return "";
    } else {
        offset
    };
    let rest = if offset > 0 {
        let skip = usize::try_from(offset).unwrap_or(usize::MAX);
        match s.grapheme_indices(true).nth(skip) {
            Some((at, _)) => &s[at..],
            None => return "",
        }
    } else {
        s
    };
    if length < 0 {
        return rest;
    }
    let take = usize::try_from(length).unwrap_or(usize::MAX);
    match rest.grapheme_indices(true).nth(take) {
        // Zero never matches in go-cty's loop, which always consumes one
        // cluster before comparing.
        Some((end, _)) if take > 0 => &rest[..end],
        _ => rest,
    }
}

/// `join(separator, lists...)`: the elements of all the lists, in order,
/// with `separator` between them.
///
/// ```
/// # use hcl_core::{function::stdlib, Value, value::Type};
/// let join = stdlib::functions().get("join").unwrap().clone();
/// let list = Value::list(Type::String, ["a", "b"].map(Value::from)).unwrap();
/// let more = Value::list(Type::String, [Value::from("c")]).unwrap();
/// assert_eq!(join.call(&[", ".into(), list, more]).unwrap(), Value::from("a, b, c"));
/// ```
fn join() -> Function {
    Function::builder()
        .describe("Concatenates together the elements of all given lists with a delimiter, producing a single string.")
        .param(Param::new("separator", Type::String).describe("Delimiter to insert between the given strings."))
        .variadic(Param::new("lists", Type::list(Type::String)).describe("One or more lists of strings to join."))
        .returns(Type::String)
        .implementation(|args, cx| {
            let sep = str_arg(args, 0)?;
            let lists = args.get(1..).unwrap_or_default();
            if lists.is_empty() {
                return Err(FunctionError::call("at least one list is required"));
            }
            if !lists.iter().all(Value::is_wholly_known) {
                return Ok(Value::unknown(Type::String));
            }
            let mut items: Vec<&str> = Vec::new();
            for (li, list) in lists.iter().enumerate() {
                for (ei, elem) in list.as_elements().unwrap_or_default().iter().enumerate() {
                    match elem.as_str() {
                        Some(s) => items.push(s),
                        None if lists.len() > 1 => {
                            return Err(FunctionError::argument(
                                li + 1,
                                format!("element {ei} of list {} is null; cannot concatenate null values", li + 1),
                            ))
                        }
                        None => {
                            return Err(FunctionError::argument(
                                li + 1,
                                format!("element {ei} is null; cannot concatenate null values"),
                            ))
                        }
                    }
                }
            }
            let len = items
                .iter()
                .map(|s| s.len())
                .fold(0, usize::saturating_add)
                .saturating_add(sep.len().saturating_mul(items.len().saturating_sub(1)));
            cx.charge_bytes(len)?;
            Ok(Value::string(items.join(sep)))
        })
}

/// `split(separator, str)`: the pieces of `str` between occurrences of
/// `separator` (an empty separator splits into characters, as Go's
/// `strings.Split`: into Unicode scalar values).
///
/// ```
/// # use hcl_core::{function::stdlib, Value, value::Type};
/// let split = stdlib::functions().get("split").unwrap().clone();
/// assert_eq!(
///     split.call(&[",".into(), "a,b".into()]).unwrap(),
///     Value::list(Type::String, ["a", "b"].map(Value::from)).unwrap()
/// );
/// ```
fn split() -> Function {
    Function::builder()
        .describe("Produces a list of one or more strings by splitting the given string at all instances of a given separator substring.")
        .param(Param::new("separator", Type::String).describe("The substring that delimits the result strings."))
        .param(Param::new("str", Type::String).describe("The string to split."))
        .returns(Type::list(Type::String))
        .implementation(|args, cx| {
            let sep = str_arg(args, 0)?;
            let s = str_arg(args, 1)?;
            // The pieces are no longer than the string, one element each.
            let pieces = match sep.is_empty() {
                true => s.chars().count(),
                false => s.matches(sep).count() + 1,
            };
            cx.charge_elements(pieces)?;
            cx.charge_bytes(s.len())?;
            if sep.is_empty() {
                let mut buf = [0u8; 4];
                return string_list(s.chars().map(|c| Value::string(c.encode_utf8(&mut buf))));
            }
            string_list(s.split(sep).map(Value::string))
        })
}

/// `chomp(str)`: `str` without the newlines (`\n`, `\r\n`, `\r`) at its end.
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let chomp = stdlib::functions().get("chomp").unwrap().clone();
/// assert_eq!(chomp.call(&["hello\r\n\n".into()]).unwrap(), Value::from("hello"));
/// ```
fn chomp() -> Function {
    string_to_string(
        "Removes one or more newline characters from the end of the given string.",
        false,
        |s| s.trim_end_matches(['\r', '\n']).to_owned(),
    )
}

/// `indent(spaces, str)`: `str` with `spaces` spaces after each newline
/// (every line but the first is indented).
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let indent = stdlib::functions().get("indent").unwrap().clone();
/// assert_eq!(indent.call(&[2.into(), "a\nb".into()]).unwrap(), Value::from("a\n  b"));
/// ```
fn indent() -> Function {
    Function::builder()
        .describe("Adds a given number of spaces after each newline character in the given string.")
        .param(
            Param::new("spaces", Type::Number)
                .describe("Number of spaces to add after each newline character."),
        )
        .param(Param::new("str", Type::String).describe("The string to transform."))
        .returns(Type::String)
        .implementation(|args, cx| {
            let spaces = int_arg(args, 0)?;
            let s = str_arg(args, 1)?;
            // Go's strings.Repeat panics on a negative count (go-cty turns
            // the panic into an error); say what is wrong instead.
            let spaces = usize::try_from(spaces).map_err(|_| {
                FunctionError::argument(0, "the number of spaces must not be negative")
            })?;
            let lines = s.matches('\n').count();
            cx.charge_bytes(s.len().saturating_add(lines.saturating_mul(spaces)))?;
            let pad = format!("\n{}", " ".repeat(if lines == 0 { 0 } else { spaces }));
            Ok(Value::string(s.replace('\n', &pad)))
        })
}

/// `trimspace(str)`: `str` without Unicode white space at either end.
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let trimspace = stdlib::functions().get("trimspace").unwrap().clone();
/// assert_eq!(trimspace.call(&[" hello\n".into()]).unwrap(), Value::from("hello"));
/// ```
fn trimspace() -> Function {
    string_to_string(
        "Removes any consecutive space characters (as defined by Unicode) from the start and end of the given string.",
        false,
        // Rust's White_Space set is exactly Go's unicode.IsSpace.
        |s| s.trim().to_owned(),
    )
}

/// `trim(str, cutset)`: `str` without any of the characters of `cutset` at
/// either end (each Unicode scalar value of `cutset` is one character to
/// remove; the order does not matter).
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let trim = stdlib::functions().get("trim").unwrap().clone();
/// assert_eq!(trim.call(&["?!hello?!".into(), "!?".into()]).unwrap(), Value::from("hello"));
/// ```
fn trim() -> Function {
    Function::builder()
        .describe("Removes consecutive sequences of characters in \"cutset\" from the start and end of the given string.")
        .param(Param::new("str", Type::String).describe("The string to trim."))
        .param(Param::new("cutset", Type::String).describe(
            "A string containing all of the characters to trim. Each character is taken separately, so the order of characters is insignificant.",
        ))
        .returns(Type::String)
        .implementation(|args, cx| {
            let s = str_arg(args, 0)?;
            let cutset = str_arg(args, 1)?;
            charged(cx, s.trim_matches(|c| cutset.contains(c)))
        })
}

/// `trimprefix(str, prefix)`: `str` without `prefix` at its start, if it is
/// there (once).
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let trimprefix = stdlib::functions().get("trimprefix").unwrap().clone();
/// assert_eq!(trimprefix.call(&["helloworld".into(), "hello".into()]).unwrap(), Value::from("world"));
/// ```
fn trimprefix() -> Function {
    Function::builder()
        .describe("Removes the given prefix from the start of the given string, if present.")
        .param(Param::new("str", Type::String).describe("The string to trim."))
        .param(Param::new("prefix", Type::String).describe("The prefix to remove, if present."))
        .returns(Type::String)
        .implementation(|args, cx| {
            let s = str_arg(args, 0)?;
            let prefix = str_arg(args, 1)?;
            charged(cx, s.strip_prefix(prefix).unwrap_or(s))
        })
}

/// `trimsuffix(str, suffix)`: `str` without `suffix` at its end, if it is
/// there (once).
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let trimsuffix = stdlib::functions().get("trimsuffix").unwrap().clone();
/// assert_eq!(trimsuffix.call(&["helloworld".into(), "world".into()]).unwrap(), Value::from("hello"));
/// ```
fn trimsuffix() -> Function {
    Function::builder()
        .describe("Removes the given suffix from the start of the given string, if present.")
        .param(Param::new("str", Type::String).describe("The string to trim."))
        .param(Param::new("suffix", Type::String).describe("The suffix to remove, if present."))
        .returns(Type::String)
        .implementation(|args, cx| {
            let s = str_arg(args, 0)?;
            let suffix = str_arg(args, 1)?;
            charged(cx, s.strip_suffix(suffix).unwrap_or(s))
        })
}

/// `replace(str, substr, replace)`: every occurrence of the plain substring
/// `substr` replaced by `replace` (go-cty's form; Terraform's `/regex/` form
/// is the separate `regex_replace` function here, see COMPAT.md). An empty
/// `substr` matches before every character and at the end, as in Go.
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let replace = stdlib::functions().get("replace").unwrap().clone();
/// assert_eq!(
///     replace.call(&["1 + 2 + 3".into(), "+".into(), "-".into()]).unwrap(),
///     Value::from("1 - 2 - 3")
/// );
/// ```
fn replace() -> Function {
    Function::builder()
        .describe("Replaces all instances of the given substring in the given string with the given replacement string.")
        .param(Param::new("str", Type::String).describe("The string to search within."))
        .param(Param::new("substr", Type::String).describe("The substring to search for."))
        .param(Param::new("replace", Type::String).describe("The new substring to replace substr with."))
        .returns(Type::String)
        .implementation(|args, cx| {
            let s = str_arg(args, 0)?;
            let from = str_arg(args, 1)?;
            let to = str_arg(args, 2)?;
            Ok(Value::string(replace_all(s, from, to, cx)?))
        })
}

/// Go's `strings.Replace(s, from, to, -1)`, charging the result's size
/// before building it.
fn replace_all(
    s: &str,
    from: &str,
    to: &str,
    cx: &mut CallContext<'_>,
) -> Result<String, FunctionError> {
    if from.is_empty() {
        // Go inserts `to` before each Unicode scalar value and at the end.
        let n = s.chars().count() + 1;
        cx.charge_bytes(s.len().saturating_add(n.saturating_mul(to.len())))?;
        let mut out = String::with_capacity(s.len() + n * to.len());
        for c in s.chars() {
            out.push_str(to);
            out.push(c);
        }
        out.push_str(to);
        return Ok(out);
    }
    let n = s.matches(from).count();
    let len = s.len() - n * from.len();
    cx.charge_bytes(len.saturating_add(n.saturating_mul(to.len())))?;
    Ok(s.replace(from, to))
}

/// `startswith(str, prefix)`: whether `str` begins with `prefix`. An unknown
/// `str` still gives `true` for the empty prefix, as in Terraform.
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let startswith = stdlib::functions().get("startswith").unwrap().clone();
/// assert_eq!(startswith.call(&["hello".into(), "he".into()]).unwrap(), Value::from(true));
/// ```
fn startswith() -> Function {
    Function::builder()
        .param(Param::new("str", Type::String).allow_unknown())
        .param(Param::new("prefix", Type::String))
        .returns(Type::Bool)
        .implementation(|args, _| {
            let prefix = str_arg(args, 1)?;
            match args.first() {
                Some(Value::String(s)) => Ok(Value::Bool(s.starts_with(prefix))),
                _ if prefix.is_empty() => Ok(Value::Bool(true)),
                _ => Ok(Value::unknown(Type::Bool)),
            }
        })
}

/// `endswith(str, suffix)`: whether `str` ends with `suffix`.
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let endswith = stdlib::functions().get("endswith").unwrap().clone();
/// assert_eq!(endswith.call(&["hello".into(), "lo".into()]).unwrap(), Value::from(true));
/// ```
fn endswith() -> Function {
    Function::builder()
        .param(Param::new("str", Type::String))
        .param(Param::new("suffix", Type::String))
        .returns(Type::Bool)
        .implementation(|args, _| {
            let s = str_arg(args, 0)?;
            let suffix = str_arg(args, 1)?;
            Ok(Value::Bool(s.ends_with(suffix)))
        })
}

/// `strcontains(str, substr)`: whether `substr` occurs in `str` (from
/// Terraform).
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let strcontains = stdlib::functions().get("strcontains").unwrap().clone();
/// assert_eq!(strcontains.call(&["hello world".into(), "o w".into()]).unwrap(), Value::from(true));
/// ```
fn strcontains() -> Function {
    Function::builder()
        .param(Param::new("str", Type::String))
        .param(Param::new("substr", Type::String))
        .returns(Type::Bool)
        .implementation(|args, _| {
            let s = str_arg(args, 0)?;
            let substr = str_arg(args, 1)?;
            Ok(Value::Bool(s.contains(substr)))
        })
}

mod case;

#[cfg(test)]
mod test;
