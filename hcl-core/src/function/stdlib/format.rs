//! Standard functions: `format` and `formatlist` (go-cty's
//! `stdlib/format.go` and its format-string grammar, `format_fsm.rl`).
//!
//! A verb is `%` then flags (`0 # - + space`), a width (`[1-9][0-9]*`), a
//! precision (`.` and digits), an argument index (`[n]`, one-based) and a
//! letter:
//!
//! | verb | argument converted to | output |
//! |------|----------------------|--------|
//! | `%%` | (none) | a percent sign |
//! | `%v` | as is | strings as `%s`, numbers as `%g`, others as JSON; `null` for null |
//! | `%#v` | as is | JSON |
//! | `%t` | bool | `true` or `false` |
//! | `%b %d %o %x %X` | number (an integer) | base 2, 10, 8, 16 |
//! | `%e %E %f %g %G` | number | scientific, decimal, or the shorter |
//! | `%s` | string | the characters |
//! | `%q` | string | JSON-quoted |
//!
//! Width and precision count characters (grapheme clusters) for strings;
//! for strings the precision truncates the input. Without an index, verbs
//! take successive arguments, continuing after the last index given. Too
//! few arguments, unused arguments, impossible conversions and unknown verbs
//! are errors worded as go-cty words them.
//!
//! Every piece of the result is charged to the evaluation's budget before
//! it is written; a verb's width and precision are charged before it is
//! formatted, so `format("%999999999s", "")` fails without allocating.

mod go;

use unicode_segmentation::UnicodeSegmentation;

use super::encoding::json_text;
use super::string::{grapheme_count, str_arg, string_list};
use crate::function::{CallContext, Function, FunctionError, Functions, Param};
use crate::value::{convert, Number, Type, Value};

pub(crate) use go::{decimal_of, exact_decimal_of, float_text, quote};
use go::{format_float, format_int, quote_rune, Spec};

pub(super) fn register(table: &mut Functions) {
    table.insert("format", format());
    table.insert("formatlist", formatlist());
}

/// The arguments: nulls allowed; as in go-cty, one of the dynamic
/// pseudo-type makes the result the dynamic value.
fn args_param() -> Param {
    Param::new("args", Type::Dynamic).allow_null()
}

/// `format(format, args...)`: a string built from `format` by replacing each
/// verb with an argument formatted as the verb says (see the module docs).
/// An argument that is or contains an unknown makes the result unknown.
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let format = stdlib::functions().get("format").unwrap().clone();
/// assert_eq!(
///     format.call(&["Hello, %s! %05.1f%%".into(), "Ander".into(), 3.14159.into()]).unwrap(),
///     Value::from("Hello, Ander! 003.1%")
/// );
/// assert_eq!(
///     format.call(&["%[2]s %[1]s".into(), "a".into(), "b".into()]).unwrap(),
///     Value::from("b a")
/// );
/// ```
fn format() -> Function {
    Function::builder()
        .describe("Constructs a string by applying formatting verbs to a series of arguments, using a similar syntax to the C function \"printf\".")
        .param(Param::new("format", Type::String))
        .variadic(args_param())
        .returns(Type::String)
        .implementation(|args, cx| {
            let spec = str_arg(args, 0)?;
            let values = args.get(1..).unwrap_or_default();
            if !values.iter().all(Value::is_wholly_known) {
                return Ok(Value::unknown(Type::String));
            }
            format_values(spec, values, cx).map(Value::string)
        })
}

/// `formatlist(format, args...)`: `format` applied once per element of the
/// list, set and tuple arguments (which must all have one length), with
/// the other arguments repeated each time; a list of the results. An
/// element whose arguments are unknown is an unknown string.
///
/// ```
/// # use hcl_core::{function::stdlib, Value, value::Type};
/// let formatlist = stdlib::functions().get("formatlist").unwrap().clone();
/// let names = Value::list(Type::String, ["Valentina", "Ander"].map(Value::from)).unwrap();
/// assert_eq!(
///     formatlist.call(&["Hello, %s!".into(), names]).unwrap(),
///     Value::list(Type::String, ["Hello, Valentina!", "Hello, Ander!"].map(Value::from)).unwrap()
/// );
/// ```
fn formatlist() -> Function {
    Function::builder()
        .describe("Constructs a list of strings by applying formatting verbs to a series of arguments, using a similar syntax to the C function \"printf\".")
        .param(Param::new("format", Type::String))
        .variadic(args_param().allow_unknown())
        .returns(Type::list(Type::String))
        .implementation(|args, cx| {
            let spec = str_arg(args, 0)?;
            let values = args.get(1..).unwrap_or_default();
            formatlist_values(spec, values, cx)
        })
}

/// One argument of `formatlist`: iterated, or repeated.
enum Slot<'a> {
    Each(&'a [Value]),
    Same(&'a Value),
}

fn formatlist_values(
    spec: &str,
    values: &[Value],
    cx: &mut CallContext<'_>,
) -> Result<Value, FunctionError> {
    if values.is_empty() {
        cx.charge_elements(1)?;
        return string_list([Value::string(format_values(spec, values, cx)?)]);
    }
    let mut len: Option<(usize, usize)> = None; // (length, argument chosen)
    let mut unknown = false;
    let mut slots = Vec::with_capacity(values.len());
    for (i, v) in values.iter().enumerate() {
        let ty = v.ty();
        let sequence = (ty.is_list() || ty.is_set() || ty.is_tuple()) && !v.is_null();
        if !sequence {
            unknown |= matches!(v, Value::Unknown(Type::Dynamic));
            slots.push(Slot::Same(v));
            continue;
        }
        let this_len = match (v.as_elements(), ty.tuple_elements()) {
            // A set with unknown elements has no known length: they may
            // turn out equal to others (one element alone cannot).
            (Some(elems), _) if ty.is_set() && elems.len() > 1 && !v.is_wholly_known() => {
                unknown = true;
                slots.push(Slot::Same(v));
                continue;
            }
            (Some(elems), _) => elems.len(),
            (None, Some(tys)) => tys.len(),
            (None, None) => {
                unknown = true;
                slots.push(Slot::Same(v));
                continue;
            }
        };
        match len {
            None => len = Some((this_len, i)),
            Some((want, chosen)) if want != this_len => {
                return Err(FunctionError::argument(
                    i + 1,
                    format!(
                        "argument {} has length {this_len}, which is inconsistent with argument {} of length {want}",
                        i + 1,
                        chosen + 1
                    ),
                ))
            }
            Some(_) => {}
        }
        match v.as_elements() {
            Some(elems) => slots.push(Slot::Each(elems)),
            None => {
                unknown = true;
                slots.push(Slot::Same(v));
            }
        }
    }
    if unknown {
        return Ok(Value::unknown(Type::list(Type::String)));
    }
    let rounds = len.map_or(1, |(n, _)| n);
    cx.charge_elements(rounds)?;
    let mut results = Vec::with_capacity(rounds);
    let mut round_args = Vec::with_capacity(slots.len());
    for round in 0..rounds {
        round_args.clear();
        for slot in &slots {
            round_args.push(match slot {
                Slot::Each(elems) => elems.get(round).cloned().unwrap_or(Value::dynamic()),
                Slot::Same(v) => (*v).clone(),
            });
        }
        if !round_args.iter().all(Value::is_wholly_known) {
            results.push(Value::unknown(Type::String));
            continue;
        }
        let s = format_values(spec, &round_args, cx).map_err(|e| {
            let message = match e {
                FunctionError::Argument { message, .. } | FunctionError::Call(message) => message,
                FunctionError::Limit(_) => return e,
            };
            FunctionError::call(format!("error on format iteration {round}: {message}"))
        })?;
        results.push(Value::string(s));
    }
    string_list(results)
}

/// A verb as written.
struct Verb<'a> {
    raw: &'a str,
    offset: usize,
    arg: usize,
    mode: char,
    spec: Spec,
}

/// How much of a result has been charged to the budget: the text written
/// so far, and ahead of it what a verb is about to write.
struct Charged(usize);

impl Charged {
    /// Charges the budget up to `len` bytes of result.
    fn up_to(&mut self, len: usize, cx: &mut CallContext<'_>) -> Result<(), FunctionError> {
        if len > self.0 {
            cx.charge_bytes(len - self.0)?;
            self.0 = len;
        }
        Ok(())
    }
}

/// The format-string machine: literal text, `%%`, and verbs, each applied
/// as it is read (so a later error still names the first bad verb).
fn format_values(
    format: &str,
    args: &[Value],
    cx: &mut CallContext<'_>,
) -> Result<String, FunctionError> {
    let bytes = format.as_bytes();
    let mut out = String::new();
    let mut charged = Charged(0);
    let mut next_arg = 1usize;
    let mut highest = 0usize;
    let mut p = 0usize;
    while p < bytes.len() {
        let Some(at) = format[p..].find('%') else {
            charged.up_to(out.len() + (format.len() - p), cx)?;
            out.push_str(&format[p..]);
            break;
        };
        charged.up_to(out.len() + at + 1, cx)?;
        out.push_str(&format[p..p + at]);
        let start = p + at;
        p = start + 1;
        if bytes.get(p) == Some(&b'%') {
            out.push('%');
            p += 1;
            continue;
        }
        let mut spec = Spec::default();
        while let Some(&b) = bytes.get(p) {
            match b {
                b'0' => spec.zero = true,
                b'#' => spec.sharp = true,
                b'-' => spec.minus = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                _ => break,
            }
            p += 1;
        }
        if matches!(bytes.get(p), Some(b'1'..=b'9')) {
            spec.width = Some(read_number(bytes, &mut p));
        }
        if bytes.get(p) == Some(&b'.') {
            p += 1;
            spec.prec = Some(read_number(bytes, &mut p));
        }
        let mut arg = next_arg;
        if bytes.get(p) == Some(&b'[') {
            p += 1;
            match bytes.get(p) {
                Some(b'1'..=b'9') => arg = read_number(bytes, &mut p),
                Some(_) => return Err(unrecognized(format, p)),
                None => return Err(unfinished(format)),
            }
            match bytes.get(p) {
                Some(b']') => p += 1,
                Some(_) => return Err(unrecognized(format, p)),
                None => return Err(unfinished(format)),
            }
        }
        let mode = match bytes.get(p) {
            Some(b) if b.is_ascii_alphabetic() => char::from(*b),
            Some(_) => return Err(unrecognized(format, p)),
            None => return Err(unfinished(format)),
        };
        p += 1;
        let verb = Verb {
            raw: &format[start..p],
            offset: start,
            arg,
            mode,
            spec,
        };
        highest = highest.max(arg);
        // The padding and digits a width or precision asks for, before they
        // are written (the argument's own text is no larger than the
        // argument, and is charged once written).
        let asked = spec_size(&verb.spec);
        charged.up_to(out.len().saturating_add(asked), cx)?;
        append_verb(&verb, &mut out, args, cx)?;
        charged.up_to(out.len(), cx)?;
        next_arg = arg.saturating_add(1);
    }
    if highest < args.len() {
        let first_bad = highest + 1;
        let message = if highest == 0 {
            "too many arguments; no verbs in format string".to_owned()
        } else {
            format!("too many arguments; only {highest} used by format string")
        };
        return Err(FunctionError::argument(first_bad, message));
    }
    Ok(out)
}

fn read_number(bytes: &[u8], p: &mut usize) -> usize {
    let mut n = 0usize;
    while let Some(b @ b'0'..=b'9') = bytes.get(*p) {
        n = n.saturating_mul(10).saturating_add(usize::from(b - b'0'));
        *p += 1;
    }
    n
}

#[cold]
fn unrecognized(format: &str, p: usize) -> FunctionError {
    let c = format
        .get(p..)
        .and_then(|s| s.chars().next())
        .unwrap_or('\u{fffd}');
    FunctionError::call(format!(
        "unrecognized format character {} at offset {p}",
        quote_rune(c)
    ))
}

#[cold]
fn unfinished(format: &str) -> FunctionError {
    FunctionError::call(format!(
        "invalid format string starting at offset {}",
        format.len()
    ))
}

fn unsupported(verb: &Verb<'_>, why: impl std::fmt::Display) -> FunctionError {
    FunctionError::call(format!(
        "unsupported value for {} at {}: {why}",
        crate::diag::excerpt(verb.raw),
        verb.offset
    ))
}

/// The bytes a verb's width and precision alone may write.
fn spec_size(spec: &Spec) -> usize {
    spec.width.unwrap_or(0).max(spec.prec.unwrap_or(0))
}

fn append_verb(
    verb: &Verb<'_>,
    out: &mut String,
    args: &[Value],
    cx: &mut CallContext<'_>,
) -> Result<(), FunctionError> {
    let Some(arg) = verb.arg.checked_sub(1).and_then(|i| args.get(i)) else {
        return Err(FunctionError::call(format!(
            "not enough arguments for {} at {}: need index {} but have {} total",
            crate::diag::excerpt(verb.raw),
            verb.offset,
            verb.arg,
            args.len()
        )));
    };
    if verb.mode != 'v' && arg.is_null() {
        return Err(unsupported(verb, "null value cannot be formatted"));
    }
    match verb.mode {
        'v' => append_as_is(verb, out, arg, cx),
        't' => {
            let b = to_bool(arg).map_err(|e| unsupported(verb, e))?;
            out.push_str(if b { "true" } else { "false" });
            Ok(())
        }
        'b' | 'd' | 'o' | 'x' | 'X' | 'e' | 'E' | 'f' | 'g' | 'G' => {
            let n = to_number(arg).map_err(|e| unsupported(verb, e))?;
            append_number(verb, out, &n)
        }
        's' | 'q' => {
            let s = to_string(arg).map_err(|e| unsupported(verb, e))?;
            append_string(verb, out, &s);
            Ok(())
        }
        mode => Err(FunctionError::call(format!(
            "unsupported format verb {} in {} at offset {}",
            quote_rune(mode),
            crate::diag::excerpt(verb.raw),
            verb.offset
        ))),
    }
}

fn append_as_is(
    verb: &Verb<'_>,
    out: &mut String,
    arg: &Value,
    cx: &mut CallContext<'_>,
) -> Result<(), FunctionError> {
    if !verb.spec.sharp {
        match arg {
            Value::String(s) => {
                pad(&verb.spec, out, s);
                return Ok(());
            }
            Value::Number(n) => {
                let text = go::float_text(decimal_of(n).as_ref().map_err(|&neg| neg), b'g', None);
                pad(&verb.spec, out, &text);
                return Ok(());
            }
            _ => {}
        }
    }
    let text = json_text(arg, cx).map_err(|e| match e {
        FunctionError::Argument { message, .. } | FunctionError::Call(message) => {
            unsupported(verb, message)
        }
        FunctionError::Limit(_) => e,
    })?;
    pad(&verb.spec, out, &text);
    Ok(())
}

fn append_number(verb: &Verb<'_>, out: &mut String, n: &Number) -> Result<(), FunctionError> {
    let mode = u8::try_from(verb.mode).unwrap_or(b'd');
    match mode {
        b'b' | b'd' | b'o' | b'x' | b'X' => {
            let int = n
                .to_big_int()
                .ok_or_else(|| unsupported(verb, "an integer is required"))?;
            out.push_str(&format_int(&int, mode, &verb.spec));
        }
        _ => out.push_str(&format_float(n, mode, &verb.spec)),
    }
    Ok(())
}

fn append_string(verb: &Verb<'_>, out: &mut String, s: &str) {
    // A precision of zero does not truncate (go-cty tests `Prec > 0`).
    let s = match verb.spec.prec {
        Some(p) if p > 0 => match s.grapheme_indices(true).nth(p) {
            Some((end, _)) => &s[..end],
            None => s,
        },
        _ => s,
    };
    if verb.mode == 'q' {
        pad(&verb.spec, out, &super::encoding::json_string(s));
    } else {
        pad(&verb.spec, out, s);
    }
}

/// go-cty's `formatPadWidth`: pads to the width in grapheme clusters, with
/// zeros if the `0` flag is given, on the right if `-` is.
fn pad(spec: &Spec, out: &mut String, s: &str) {
    let fill = spec
        .width
        .map_or(0, |w| w.saturating_sub(grapheme_count(s)));
    let c = if spec.zero { '0' } else { ' ' };
    if spec.minus {
        out.push_str(s);
        out.extend(std::iter::repeat_n(c, fill));
    } else {
        out.extend(std::iter::repeat_n(c, fill));
        out.push_str(s);
    }
}

/// The argument converted as the language converts (`value::convert`),
/// with its messages.
fn converted(v: &Value, to: Type) -> Result<Value, String> {
    convert(v, &to).map_err(|e| e.to_string())
}

fn to_bool(v: &Value) -> Result<bool, String> {
    converted(v, Type::Bool)?
        .as_bool()
        .ok_or_else(|| "a bool is required".to_owned())
}

fn to_number(v: &Value) -> Result<Number, String> {
    match converted(v, Type::Number)? {
        Value::Number(n) => Ok(n),
        _ => Err("a number is required".to_owned()),
    }
}

fn to_string(v: &Value) -> Result<String, String> {
    match converted(v, Type::String)? {
        Value::String(s) => Ok(s.to_string()),
        _ => Err("a string is required".to_owned()),
    }
}

#[cfg(test)]
mod test;
