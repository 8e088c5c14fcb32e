//! The smallest pieces of native-syntax text: identifiers, quoted strings
//! and numbers, written so that they read back as the same value.

use crate::value::Number;

/// Whether `s` is a native-syntax identifier: `_` or a letter (XID_Start),
/// then letters, digits (XID_Continue), `_` and `-`.
///
/// ```
/// use hcl_core::write::is_identifier;
/// assert!(is_identifier("web-1"));
/// assert!(!is_identifier("1web"));
/// assert!(!is_identifier("a b"));
/// ```
pub fn is_identifier(s: &str) -> bool {
    identifier_width(s).is_some()
}

/// How many columns the identifier `s` takes (see [`width`]); `None` when
/// `s` is not an identifier.
#[inline]
pub(crate) fn identifier_width(s: &str) -> Option<usize> {
    // Most names are ASCII: one table lookup per byte, no decoding, and
    // one column per byte.
    if let [first, rest @ ..] = s.as_bytes() {
        if IDENT[*first as usize] & START != 0 && all_continue(rest) {
            return Some(s.len());
        }
    }
    if s.is_ascii() {
        return None;
    }
    unicode_identifier(s).then(|| width(s))
}

/// [`is_identifier`] for text that is not all ASCII.
#[cold]
fn unicode_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c == '_' || unicode_ident::is_xid_start(c))
        && chars.all(|c| c == '-' || unicode_ident::is_xid_continue(c))
}

/// Whether `s` can be an object key written bare: an identifier that the
/// parser does not read as something else (`null`, `true` and `false` are
/// literals; `for` starts a `for` expression).
pub(crate) fn is_bare_key(s: &str) -> bool {
    bare_key_width(s).is_some()
}

/// [`identifier_width`] of a key that can be written bare ([`is_bare_key`]).
#[inline]
pub(crate) fn bare_key_width(s: &str) -> Option<usize> {
    if matches!(s, "null" | "true" | "false" | "for") {
        return None;
    }
    identifier_width(s)
}

/// Appends `s` as a quoted string literal: `"`, `\` and control characters
/// escaped, and the template introducers `${` and `%{` doubled (`$${`,
/// `%%{`), so that the literal evaluates to exactly `s`. Other characters
/// (non-ASCII included) are written as they are.
///
/// ```
/// let mut out = String::new();
/// hcl_core::write::push_quoted(&mut out, "a \"b\"\n${c} %{d} é");
/// assert_eq!(out, r#""a \"b\"\n$${c} %%{d} é""#);
/// ```
#[inline]
pub fn push_quoted(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    push_escaped(out, s);
    out.push('"');
}

/// Appends the inside of a quoted string literal for `s` (see
/// [`push_quoted`]).
#[inline]
pub(crate) fn push_escaped(out: &mut String, s: &str) {
    // Most strings need no escape: copy them whole.
    if needs_attention(s.as_bytes()) {
        push_escaped_slow(out, s);
    } else {
        out.push_str(s);
    }
}

/// Whether a byte of `bytes` is one [`push_escaped`] looks at
/// (`ATTENTION`). Eight bytes a step, their table entries or'ed, one
/// branch per step: about a third of the work of a branch per byte.
#[inline]
fn needs_attention(bytes: &[u8]) -> bool {
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let hit = ATTENTION[c[0] as usize] as u8
            | ATTENTION[c[1] as usize] as u8
            | ATTENTION[c[2] as usize] as u8
            | ATTENTION[c[3] as usize] as u8
            | ATTENTION[c[4] as usize] as u8
            | ATTENTION[c[5] as usize] as u8
            | ATTENTION[c[6] as usize] as u8
            | ATTENTION[c[7] as usize] as u8;
        if hit != 0 {
            return true;
        }
    }
    chunks
        .remainder()
        .iter()
        .fold(0, |hit, &b| hit | ATTENTION[b as usize] as u8)
        != 0
}

/// [`push_escaped`] of a string with a byte to look at.
#[cold]
fn push_escaped_slow(out: &mut String, s: &str) {
    let bytes = s.as_bytes();
    let mut run = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if !ATTENTION[b as usize] {
            continue;
        }
        let escape: &str = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            // `${` and `%{` start template sequences: the first character
            // is doubled.
            b'$' if bytes.get(i + 1) == Some(&b'{') => "$$",
            b'%' if bytes.get(i + 1) == Some(&b'{') => "%%",
            0..=0x1f | 0x7f => {
                out.push_str(&s[run..i]);
                out.push_str(&format!("\\u{b:04x}"));
                run = i + 1;
                continue;
            }
            _ => continue,
        };
        out.push_str(&s[run..i]);
        out.push_str(escape);
        run = i + 1;
    }
    out.push_str(&s[run..]);
}

/// Whether every byte of `bytes` may continue an ASCII identifier. Eight
/// bytes a step, their table entries and'ed, one branch per step (as
/// [`needs_attention`] does).
#[inline]
fn all_continue(bytes: &[u8]) -> bool {
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let all = IDENT[c[0] as usize]
            & IDENT[c[1] as usize]
            & IDENT[c[2] as usize]
            & IDENT[c[3] as usize]
            & IDENT[c[4] as usize]
            & IDENT[c[5] as usize]
            & IDENT[c[6] as usize]
            & IDENT[c[7] as usize];
        if all & CONTINUE == 0 {
            return false;
        }
    }
    chunks
        .remainder()
        .iter()
        .fold(CONTINUE, |all, &b| all & IDENT[b as usize])
        != 0
}

/// [`IDENT`] bit of the bytes that may continue an identifier (letters,
/// digits, `_`, `-`).
const CONTINUE: u8 = 1;
/// [`IDENT`] bit of the bytes that may start one (letters, `_`).
const START: u8 = 2;

/// The ASCII identifier bytes: [`START`] and [`CONTINUE`] bits.
static IDENT: [u8; 256] = {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        if c.is_ascii_alphabetic() || c == b'_' {
            t[b] = START | CONTINUE;
        } else if c.is_ascii_digit() || c == b'-' {
            t[b] = CONTINUE;
        }
        b += 1;
    }
    t
};

/// The bytes [`push_escaped`] looks at: quotes, backslashes, control
/// characters and the first characters of `${` and `%{`.
static ATTENTION: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[0x7f] = true;
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'$' as usize] = true;
    t[b'%' as usize] = true;
    t
};

/// Appends an object key: bare when it is an identifier the parser reads
/// as a name, quoted otherwise.
pub(crate) fn push_key(out: &mut String, key: &str) {
    if is_bare_key(key) {
        out.push_str(key);
    } else {
        push_quoted(out, key);
    }
}

/// Appends a finite number: its exact shortest decimal (a minus sign, read
/// back as negation, for negative numbers). `None` for infinities, which
/// the syntax has no literal for.
pub(crate) fn push_number(out: &mut String, n: &Number) -> Option<()> {
    if !n.is_finite() {
        return None;
    }
    use std::fmt::Write;
    let _ = write!(out, "{n}");
    Some(())
}

/// How many columns the formatter counts for `text`, a name or a quoted
/// key: one per byte for ASCII, otherwise the grapheme clusters of each
/// token (a quote does not join a combining mark after it).
pub(crate) fn width(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        crate::format::columns(text)
    }
}

/// Appends a finite `f64` (not an integer below 9·10^15: [`Writer::float`]
/// writes those) as its shortest digits in the shorter of positional
/// and exponent form (`1e21`, `5e-324`, `0.5`; positional on a tie), the
/// text [`shortest_reference`] gives. The shortest digits read back as the
/// same `f64`, and as an `hcl_core::Number` as [`Number::from_f64`] of a
/// non-integral one (which parses these digits).
///
/// A non-integral decimal of at most 4 fractional digits from 0.01 up (where no
/// exponent form is shorter) is written without looking for digits;
/// otherwise Ryu's digits when it gives at most 15 significant ones
/// (several times faster than `Display`), Rust's (`{:e}`) otherwise: past
/// 15 two shortest texts can be equally near, and Ryu takes the even one
/// where Rust rounds half up. A property test compares this with the
/// reference.
pub(super) fn push_shortest(out: &mut String, f: f64) {
    if f.abs() >= 0.01 && push_short_decimal(out, f) {
        return;
    }
    let mut buffer = ryu::Buffer::new();
    let text = buffer.format_finite(f);
    let significant = text
        .bytes()
        .take_while(|b| !matches!(b, b'e' | b'E'))
        .skip_while(|b| matches!(b, b'-' | b'0' | b'.'))
        .filter(u8::is_ascii_digit)
        .count();
    if significant > 15 {
        push_shorter_form(out, &format!("{f:e}"));
    } else {
        push_shorter_form(out, text);
    }
}

/// What [`Writer::float`] writes, spelled out: for an integral double,
/// the shorter of its exact integer and that integer's digits with an
/// exponent; otherwise the shorter of Rust's positional and exponent
/// texts (both the shortest digits that read back as `f`); positional on
/// a tie, zero as `0`.
#[cfg(test)]
pub(super) fn shortest_reference(f: f64) -> String {
    if f == 0.0 {
        return "0".to_owned();
    }
    let (positional, exponent) = if f == f.trunc() {
        let exact = format!("{f:.0}");
        let sign = if f < 0.0 { "-" } else { "" };
        let digits = exact.trim_start_matches('-');
        let significant = digits.trim_end_matches('0');
        let (first, rest) = significant.split_at(1);
        let point = if rest.is_empty() { "" } else { "." };
        let e = format!("{sign}{first}{point}{rest}e{}", digits.len() - 1);
        (exact, e)
    } else {
        (format!("{f}"), format!("{f:e}"))
    };
    if exponent.len() < positional.len() {
        exponent
    } else {
        positional
    }
}

/// Appends the decimal `text` (a sign, digits with an optional point, an
/// optional exponent) in the shorter of positional and exponent form,
/// positional on a tie; the same digits either way.
pub(super) fn push_shorter_form(out: &mut String, text: &str) {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(at) => (&body[..at], body[at + 1..].parse::<i64>().unwrap_or(0)),
        None => (body, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all = || int.bytes().chain(frac.bytes());
    let leading = all().take_while(|&b| b == b'0').count();
    let digits: String = all().skip(leading).map(char::from).collect();
    let digits = digits.trim_end_matches('0');
    if digits.is_empty() {
        out.push('0');
        return;
    }
    // The value is d.ddd × 10^x.
    let x = int.len() as i64 - 1 - leading as i64 + exponent;
    let n = digits.len() as i64;
    let positional_len = if x >= n - 1 {
        x + 1
    } else if x >= 0 {
        n + 1
    } else {
        1 - x + n
    };
    let mut exponent_text = itoa::Buffer::new();
    let exponent_text = exponent_text.format(x);
    let exponent_len = n + i64::from(n > 1) + 1 + exponent_text.len() as i64;
    if negative {
        out.push('-');
    }
    if exponent_len < positional_len {
        let (first, rest) = digits.split_at(1);
        out.push_str(first);
        if !rest.is_empty() {
            out.push('.');
            out.push_str(rest);
        }
        out.push('e');
        out.push_str(exponent_text);
    } else if x >= n - 1 {
        out.push_str(digits);
        push_zeros(out, (x + 1 - n) as usize);
    } else if x >= 0 {
        let (a, b) = digits.split_at((x + 1) as usize);
        out.push_str(a);
        out.push('.');
        out.push_str(b);
    } else {
        out.push_str("0.");
        push_zeros(out, (-x - 1) as usize);
        out.push_str(digits);
    }
}

/// Appends a non-integral `f64` below 10^11 in magnitude that is the
/// double of a decimal with at most 4 fractional digits (`0.5`, `2.25`,
/// `-12.125`: what configurations hold), as that decimal; `false` (nothing
/// written) otherwise. The decimal with the fewest such digits is the
/// shortest text: at that magnitude a step of 10^-4 is wider than the
/// double's spacing, so one decimal per count of digits can round to it.
fn push_short_decimal(out: &mut String, f: f64) -> bool {
    if f.abs() >= 1e11 {
        return false;
    }
    let magnitude = f.abs();
    let mut scale = 1.0;
    for digits in 1..=4usize {
        scale *= 10.0;
        // The count of 10^-digits nearest to the magnitude (below 10^15:
        // exact as a `u64`; a cast, where `round` is a call). A count
        // that misses by a rounding of `+ 0.5` fails the check below,
        // which alone decides: the double nearest to `m / scale` is `f`'s
        // magnitude exactly when the division gives it back.
        let m = (magnitude * scale + 0.5) as u64;
        if m as f64 / scale != magnitude {
            continue;
        }
        if f < 0.0 {
            out.push('-');
        }
        let mut buffer = itoa::Buffer::new();
        let text = buffer.format(m);
        if text.len() <= digits {
            out.push_str("0.");
            push_zeros(out, digits - text.len());
            out.push_str(text);
        } else {
            let (int, frac) = text.split_at(text.len() - digits);
            out.push_str(int);
            out.push('.');
            out.push_str(frac);
        }
        return true;
    }
    false
}

fn push_zeros(out: &mut String, n: usize) {
    for _ in 0..n {
        out.push('0');
    }
}
