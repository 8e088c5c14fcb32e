//! Go's reading of RE2 where the `regex` crate reads it differently: a
//! rewrite of the pattern into the crate's syntax, the checks Go makes that
//! the crate does not, and Go's wording of syntax errors.

/// The POSIX class names RE2 knows.
const POSIX_CLASSES: [&str; 14] = [
    "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
    "space", "upper", "word", "xdigit",
];

/// Go's largest repetition count.
const MAX_REPEAT: u32 = 1000;

/// The errors Go's parser finds that the crate does not: a repetition
/// operator right after another (`a**`, `x{2}{3}`), a repetition count over
/// 1000 or with its bounds reversed, and an unknown POSIX class name.
/// Errors the crate also finds are left to it (see [`pattern_error`]).
pub(super) fn check(pattern: &str) -> Result<(), String> {
    let b = pattern.as_bytes();
    let mut i = 0;
    // Where the previous repetition operator began, if the previous token
    // was one.
    let mut last_repeat: Option<usize> = None;
    // Whether something precedes that a repetition could apply to.
    let mut operand = false;
    while i < b.len() {
        let start = i;
        match b[i] {
            b'\\' => {
                i = skip_escape(pattern, i);
                last_repeat = None;
                operand = true;
            }
            b'[' => {
                i = skip_class(pattern, i)?;
                last_repeat = None;
                operand = true;
            }
            b'(' => {
                i += 1;
                if b.get(i) == Some(&b'?') {
                    i += 1;
                }
                last_repeat = None;
                operand = false;
            }
            b'|' => {
                i += 1;
                last_repeat = None;
                operand = false;
            }
            b'*' | b'+' | b'?' | b'{' => {
                let end = match b[i] {
                    b'{' => match repeat_at(pattern, i) {
                        Some((min, max, end)) => {
                            let bad = |n: u32| n > MAX_REPEAT;
                            if operand && (bad(min) || max.is_some_and(|m| bad(m) || m < min)) {
                                return Err(format!(
                                    "invalid regexp pattern: invalid repeat count in {}",
                                    &pattern[i..end]
                                ));
                            }
                            end
                        }
                        None => {
                            // A literal `{`.
                            i += 1;
                            last_repeat = None;
                            operand = true;
                            continue;
                        }
                    },
                    _ => i + 1,
                };
                if !operand {
                    // "missing argument to repetition operator": the crate
                    // reports it too.
                    return Ok(());
                }
                let end = if b.get(end) == Some(&b'?') {
                    end + 1
                } else {
                    end
                };
                if let Some(from) = last_repeat {
                    return Err(format!(
                        "invalid regexp pattern: invalid nested repetition operator in {}",
                        &pattern[from..end]
                    ));
                }
                last_repeat = Some(start);
                i = end;
            }
            _ => {
                i += pattern[i..].chars().next().map_or(1, char::len_utf8);
                last_repeat = None;
                operand = true;
            }
        }
    }
    Ok(())
}

/// The end of the escape at `i` (a backslash).
fn skip_escape(pattern: &str, i: usize) -> usize {
    let rest = &pattern[i + 1..];
    let Some(n) = rest.chars().next() else {
        return pattern.len();
    };
    let after = i + 1 + n.len_utf8();
    match n {
        'Q' => pattern[after..]
            .find("\\E")
            .map_or(pattern.len(), |k| after + k + 2),
        'p' | 'P' | 'x' if pattern[after..].starts_with('{') => pattern[after..]
            .find('}')
            .map_or(pattern.len(), |k| after + k + 1),
        _ => after,
    }
}

/// The end of the bracketed class at `i`, checking POSIX class names.
fn skip_class(pattern: &str, i: usize) -> Result<usize, String> {
    let b = pattern.as_bytes();
    let mut j = i + 1;
    if b.get(j) == Some(&b'^') {
        j += 1;
    }
    if b.get(j) == Some(&b']') {
        j += 1;
    }
    while j < b.len() {
        match b[j] {
            b']' => return Ok(j + 1),
            b'\\' => j = skip_escape(pattern, j),
            b'[' if pattern[j + 1..].starts_with(':') => {
                if let Some(k) = pattern[j + 2..].find(":]") {
                    let name = &pattern[j + 2..j + 2 + k];
                    let bare = name.strip_prefix('^').unwrap_or(name);
                    if !bare.is_empty() && bare.bytes().all(|c| c.is_ascii_alphabetic()) {
                        if !POSIX_CLASSES.contains(&bare) {
                            return Err(format!(
                                "invalid regexp pattern: invalid character class range in {}",
                                &pattern[j..j + 4 + k]
                            ));
                        }
                        j += 4 + k;
                        continue;
                    }
                }
                j += 1;
            }
            _ => j += pattern[j..].chars().next().map_or(1, char::len_utf8),
        }
    }
    // Unclosed: the crate reports it.
    Ok(b.len())
}

/// `{n}`, `{n,}` or `{n,m}` at `i`: the bounds and the end.
fn repeat_at(pattern: &str, i: usize) -> Option<(u32, Option<u32>, usize)> {
    let rest = &pattern[i + 1..];
    let close = rest.find('}')?;
    let body = &rest[..close];
    let number = |s: &str| -> Option<u32> {
        if s.is_empty() || !s.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        // Anything over the limit is as bad as the limit plus one.
        Some(s.parse::<u32>().unwrap_or(u32::MAX))
    };
    let (min, max) = match body.split_once(',') {
        None => {
            let n = number(body)?;
            (n, Some(n))
        }
        Some((lo, "")) => (number(lo)?, None),
        Some((lo, hi)) => (number(lo)?, Some(number(hi)?)),
    };
    Some((min, max, i + 1 + close + 1))
}

/// Rewrites the places where RE2 as Go reads it and the `regex` crate
/// differ: Go's Perl classes (`\d \w \s` and negations) and word boundaries
/// are ASCII-only, where Rust's are Unicode; inside brackets Go reads `[`,
/// `&&`, `--` and `~~` literally, where Rust nests classes and combines them;
/// and Go quotes text with `\Q…\E`, which Rust lacks.
pub(super) fn to_rust_syntax(pattern: &str) -> String {
    const DIGIT: &str = "0-9";
    const WORD: &str = "0-9A-Za-z_";
    const SPACE: &str = "\\t\\n\\f\\r ";
    let mut out = String::with_capacity(pattern.len() + 8);
    let mut chars = pattern.chars().peekable();
    let mut in_class = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let Some(n) = chars.next() else {
                    out.push('\\');
                    break;
                };
                let perl = match n.to_ascii_lowercase() {
                    'd' => Some(DIGIT),
                    'w' => Some(WORD),
                    's' => Some(SPACE),
                    _ => None,
                };
                match (perl, n.is_ascii_uppercase(), in_class) {
                    (Some(set), false, false) => out.push_str(&format!("[{set}]")),
                    (Some(set), true, false) => out.push_str(&format!("[^{set}]")),
                    (Some(set), false, true) => out.push_str(set),
                    (Some(set), true, true) => out.push_str(&format!("[^{set}]")),
                    (None, _, false) if n == 'b' || n == 'B' => {
                        out.push_str(&format!("(?-u:\\{n})"));
                    }
                    (None, _, false) if n == 'Q' => {
                        let mut literal = String::new();
                        while let Some(q) = chars.next() {
                            if q == '\\' && chars.peek() == Some(&'E') {
                                chars.next();
                                break;
                            }
                            literal.push(q);
                        }
                        out.push_str(&regex::escape(&literal));
                    }
                    _ => {
                        out.push('\\');
                        out.push(n);
                        // `\p{Greek}`, `\x{10FFFF}`: the braces belong to the escape.
                        if matches!(n, 'p' | 'P' | 'x') && chars.peek() == Some(&'{') {
                            for b in chars.by_ref() {
                                out.push(b);
                                if b == '}' {
                                    break;
                                }
                            }
                        }
                    }
                }
            }
            // Go reads a `{` that does not start `{n}`, `{n,}` or `{n,m}`
            // as a literal; Rust rejects it.
            '{' if !in_class && !repeat_follows(chars.clone()) => out.push_str("\\{"),
            '[' if !in_class => {
                in_class = true;
                out.push('[');
                if chars.peek() == Some(&'^') {
                    chars.next();
                    out.push('^');
                }
                // A `]` first in the class is a literal.
                if chars.peek() == Some(&']') {
                    chars.next();
                    out.push_str("\\]");
                }
            }
            '[' if posix_class_follows(chars.clone()) => {
                // A POSIX class, `[:alpha:]`, means the same in both.
                out.push('[');
                for p in chars.by_ref() {
                    out.push(p);
                    if p == ']' {
                        break;
                    }
                }
            }
            '[' => out.push_str("\\["),
            ']' if in_class => {
                in_class = false;
                out.push(']');
            }
            '&' | '-' | '~' if in_class && chars.peek() == Some(&c) => {
                chars.next();
                out.push(c);
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// Whether `n}`, `n,}` or `n,m}` follows an opening `{`.
fn repeat_follows(rest: impl Iterator<Item = char>) -> bool {
    let mut digits = 0;
    let mut comma = false;
    for c in rest {
        match c {
            '0'..='9' => digits += 1,
            ',' if !comma && digits > 0 => comma = true,
            '}' => return digits > 0,
            _ => return false,
        }
    }
    false
}

/// Whether `[:name:]` (or `[:^name:]`) follows an opening `[`.
fn posix_class_follows(mut rest: impl Iterator<Item = char>) -> bool {
    if rest.next() != Some(':') {
        return false;
    }
    let mut name = 0;
    for c in rest.by_ref() {
        match c {
            '^' if name == 0 => {}
            c if c.is_ascii_alphabetic() => name += 1,
            ':' => return name > 0 && rest.next() == Some(']'),
            _ => return false,
        }
    }
    false
}

/// The error for an invalid pattern, worded as go-cty words Go's
/// `regexp/syntax` errors: `invalid regexp pattern: <code> in <expr>`.
pub(super) fn pattern_error(pattern: &str, err: &regex::Error) -> String {
    use regex_syntax::ast::ErrorKind as K;
    let syntax = regex_syntax::ast::parse::Parser::new().parse(pattern).err();
    let Some(e) = syntax else {
        return match err {
            regex::Error::CompiledTooBig(_) => {
                format!("invalid regexp pattern: expression too large in {pattern}")
            }
            // Translation errors (unknown Unicode classes and the like).
            _ => match regex_syntax::Parser::new().parse(pattern) {
                Err(regex_syntax::Error::Translate(t)) => format!(
                    "invalid regexp pattern: invalid character class range in {}",
                    span_text(pattern, t.span())
                ),
                _ => format!("error parsing pattern: {err}"),
            },
        };
    };
    let span = span_text(pattern, e.span());
    let (start, end) = (e.span().start.offset, e.span().end.offset);
    let (code, expr) = match e.kind() {
        K::GroupUnclosed => ("missing closing )", pattern),
        K::GroupUnopened => ("unexpected )", pattern),
        K::ClassUnclosed => (
            "missing closing ]",
            pattern.get(e.span().start.offset..).unwrap_or(pattern),
        ),
        K::RepetitionMissing => ("missing argument to repetition operator", {
            // The span is empty; Go names the operator.
            let rest = pattern.get(e.span().start.offset..).unwrap_or_default();
            let len = match rest.find('}') {
                Some(end) if rest.starts_with('{') => end + 1,
                _ => rest.chars().next().map_or(0, char::len_utf8),
            };
            rest.get(..len).unwrap_or_default()
        }),
        K::RepetitionCountInvalid => ("invalid repeat count", span),
        K::ClassRangeInvalid | K::ClassRangeLiteral => ("invalid character class range", span),
        K::EscapeUnexpectedEof => ("trailing backslash at end of expression", ""),
        K::EscapeUnrecognized
        | K::EscapeHexEmpty
        | K::EscapeHexInvalid
        | K::EscapeHexInvalidDigit
        | K::ClassEscapeInvalid
        | K::UnsupportedBackreference => {
            // Go names the escape from its backslash (`\x{110000`).
            let from = pattern[..=start.min(pattern.len().saturating_sub(1))]
                .rfind('\\')
                .unwrap_or(start);
            (
                "invalid escape sequence",
                pattern.get(from..end).unwrap_or(span),
            )
        }
        K::GroupNameDuplicate { .. } => {
            // Go allows this (the last group of a name wins); see COMPAT.md.
            let from = group_start(pattern, start);
            let to = pattern[from..]
                .find('>')
                .map_or(pattern.len(), |k| from + k + 1);
            ("duplicate capture group name", &pattern[from..to])
        }
        K::GroupNameEmpty | K::GroupNameInvalid | K::GroupNameUnexpectedEof => {
            // Go names the group opening through its `>` (`(?P<a-b>`).
            let from = group_start(pattern, start);
            let to = pattern[from..]
                .find('>')
                .map_or(pattern.len(), |k| from + k + 1);
            ("invalid named capture", &pattern[from..to])
        }
        K::NestLimitExceeded(_) => ("expression nests too deeply", pattern),
        K::UnsupportedLookAround => {
            let from = group_start(pattern, start);
            let to = pattern.len().min(from + 3);
            (
                "invalid or unsupported Perl syntax",
                pattern.get(from..to).unwrap_or(span),
            )
        }
        K::FlagDanglingNegation
        | K::FlagDuplicate { .. }
        | K::FlagRepeatedNegation { .. }
        | K::FlagUnexpectedEof
        | K::FlagUnrecognized => {
            // Go names the group opening through the offending flag (`(?z`).
            let from = group_start(pattern, start);
            (
                "invalid or unsupported Perl syntax",
                pattern.get(from..end.max(from)).unwrap_or(span),
            )
        }
        _ => return format!("error parsing pattern: {err}"),
    };
    format!("invalid regexp pattern: {code} in {expr}")
}

/// Where the `(?` group opening at or before `at` begins.
fn group_start(pattern: &str, at: usize) -> usize {
    let upto = (at + 2).min(pattern.len());
    pattern
        .get(..upto)
        .and_then(|p| p.rfind("(?"))
        .unwrap_or(at.min(pattern.len()))
}

fn span_text<'a>(pattern: &'a str, span: &regex_syntax::ast::Span) -> &'a str {
    pattern
        .get(span.start.offset..span.end.offset)
        .unwrap_or(pattern)
}
