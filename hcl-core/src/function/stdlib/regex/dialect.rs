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

/// The errors Go's parser finds that the crate does not, or words
/// differently: a repetition operator right after another (`a**`,
/// `x{2}{3}`), a repetition count over 1000 or with its bounds reversed,
/// `(?` openings, and what [`skip_class`] finds in brackets. Other errors
/// are left to the crate (see `errors::pattern_error`).
pub(super) fn check(pattern: &str) -> Result<(), String> {
    let b = pattern.as_bytes();
    let mut i = 0;
    // Where the previous repetition operator began, if the previous token
    // was one.
    let mut last_repeat: Option<usize> = None;
    // Whether something precedes that a repetition could apply to.
    let mut operand = false;
    // Groups open.
    let mut depth = 0usize;
    while i < b.len() {
        let start = i;
        match b[i] {
            b'\\' => {
                i = go_escape(pattern, i, false)?.1;
                last_repeat = None;
                operand = true;
            }
            b'[' => {
                i = skip_class(pattern, i)?;
                last_repeat = None;
                operand = true;
            }
            b'(' => {
                if b.get(i + 1) == Some(&b'?') {
                    let end = perl_group(pattern, i)?;
                    // `(?i)` only sets flags: what precedes stays the operand.
                    if b[end - 1] != b')' {
                        depth += 1;
                        operand = false;
                    }
                    i = end;
                } else {
                    depth += 1;
                    operand = false;
                    i += 1;
                }
                last_repeat = None;
            }
            b')' => {
                if depth == 0 {
                    return Err(format!("invalid regexp pattern: unexpected ) in {pattern}"));
                }
                depth -= 1;
                i += 1;
                last_repeat = None;
                operand = true;
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
                            // Go checks the counts before anything else.
                            let bad = |n: u32| n > MAX_REPEAT;
                            if bad(min) || max.is_some_and(|m| bad(m) || m < min) {
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
    if depth > 0 {
        return Err(format!(
            "invalid regexp pattern: missing closing ) in {pattern}"
        ));
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

/// The end of the bracketed class at `i`, read as Go reads it: `[` inside
/// is a literal unless it opens a POSIX class (`[:alpha:]`), an escape is a
/// class (`\\d`, `\\pL`) or one character, and `a-z` is a range. Go's errors
/// for unknown POSIX names, reversed ranges, escapes not allowed in a
/// class (`\\b`) and a class left open.
fn skip_class(pattern: &str, i: usize) -> Result<usize, String> {
    let b = pattern.as_bytes();
    let mut j = i + 1;
    if b.get(j) == Some(&b'^') {
        j += 1;
    }
    let mut first = true;
    while j < b.len() {
        if b[j] == b']' && !first {
            return Ok(j + 1);
        }
        first = false;
        if pattern[j..].starts_with("[:") {
            if let Some(k) = pattern[j + 2..].find(":]") {
                let name = &pattern[j + 2..j + 2 + k];
                let bare = name.strip_prefix('^').unwrap_or(name);
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
        let item = j;
        let Some((lo, next)) = class_char(pattern, j)? else {
            // A class escape (`\\d`, `\\pL`): no range can start here.
            j = skip_escape(pattern, j);
            continue;
        };
        j = next;
        if b.get(j) == Some(&b'-') && b.get(j + 1).is_some_and(|&c| c != b']') {
            let (hi, next) = match class_char(pattern, j + 1)? {
                Some(h) => h,
                // A class cannot end a range: Go reads it as a bad escape.
                None => {
                    let end = j + 2 + pattern[j + 2..].chars().next().map_or(0, char::len_utf8);
                    return Err(format!(
                        "invalid regexp pattern: invalid escape sequence in {}",
                        &pattern[j + 1..end.min(pattern.len())]
                    ));
                }
            };
            if hi < lo {
                return Err(format!(
                    "invalid regexp pattern: invalid character class range in {}",
                    &pattern[item..next]
                ));
            }
            j = next;
        }
    }
    Err(format!(
        "invalid regexp pattern: missing closing ] in {}",
        &pattern[i..]
    ))
}

/// One character of a class at `j` and where it ends; `None` for a class
/// escape (`\\d`, `\\pL`).
fn class_char(pattern: &str, j: usize) -> Result<Option<(char, usize)>, String> {
    match pattern[j..].chars().next() {
        None => Ok(None),
        Some('\\') => go_escape(pattern, j, true).map(|(c, end)| c.map(|c| (c, end))),
        Some(c) => Ok(Some((c, j + c.len_utf8()))),
    }
}

/// Go's reading of the escape at `j` (a backslash): the character it
/// stands for (`None` for a class or an assertion) and its end, or Go's
/// error naming the text read so far. Assertions and `\\Q…\\E` only
/// outside brackets.
fn go_escape(pattern: &str, j: usize, in_class: bool) -> Result<(Option<char>, usize), String> {
    let invalid = |end: usize| {
        Err(format!(
            "invalid regexp pattern: invalid escape sequence in {}",
            &pattern[j..end.min(pattern.len())]
        ))
    };
    let Some(n) = pattern[j + 1..].chars().next() else {
        return Err("invalid regexp pattern: trailing backslash at end of expression in ".into());
    };
    let after = j + 1 + n.len_utf8();
    match n {
        'A' | 'z' | 'b' | 'B' if !in_class => Ok((None, after)),
        'Q' if !in_class => Ok((
            None,
            pattern[after..]
                .find("\\E")
                .map_or(pattern.len(), |k| after + k + 2),
        )),
        'd' | 'D' | 's' | 'S' | 'w' | 'W' => Ok((None, after)),
        // Unicode classes: the crate judges the names as Go does.
        'p' | 'P' => Ok((None, skip_escape(pattern, j))),
        'a' => Ok((Some('\u{7}'), after)),
        'f' => Ok((Some('\u{c}'), after)),
        'n' => Ok((Some('\n'), after)),
        'r' => Ok((Some('\r'), after)),
        't' => Ok((Some('\t'), after)),
        'v' => Ok((Some('\u{b}'), after)),
        '0'..='7' => match octal_at(pattern, j + 1) {
            Some((value, end)) => Ok((char::from_u32(value), end)),
            // A single digit would be a back reference.
            None => invalid(after),
        },
        'x' => hex_escape(pattern, j, after),
        c if c.is_ascii() && !c.is_ascii_alphanumeric() => Ok((Some(c), after)),
        _ => invalid(after),
    }
}

/// Go's `\\xHH` and `\\x{H…}`, the `x` ending at `after`.
fn hex_escape(pattern: &str, j: usize, after: usize) -> Result<(Option<char>, usize), String> {
    let invalid = |end: usize| {
        Err(format!(
            "invalid regexp pattern: invalid escape sequence in {}",
            &pattern[j..end.min(pattern.len())]
        ))
    };
    let mut chars = pattern[after..].char_indices();
    let Some((_, first)) = chars.next() else {
        return invalid(after);
    };
    if first == '{' {
        let mut value: u32 = 0;
        for (digits, (k, c)) in chars.enumerate() {
            let end = after + k + c.len_utf8();
            if c == '}' {
                if digits == 0 {
                    return invalid(end);
                }
                return Ok((char::from_u32(value), end));
            }
            let Some(d) = c.to_digit(16) else {
                return invalid(end);
            };
            value = value.saturating_mul(16).saturating_add(d);
            if value > 0x10FFFF {
                return invalid(end);
            }
        }
        return invalid(pattern.len());
    }
    let second = chars.next();
    let end = second.map_or(pattern.len(), |(k, c)| after + k + c.len_utf8());
    match (first.to_digit(16), second.and_then(|(_, c)| c.to_digit(16))) {
        (Some(hi), Some(lo)) => Ok((char::from_u32(hi * 16 + lo), end)),
        _ => invalid(end),
    }
}

/// Go's octal escape whose first digit is at `i`: `\\0` with up to two more
/// digits, or `\\1`-`\\7` followed by at least one more; the value and the
/// end.
fn octal_at(pattern: &str, i: usize) -> Option<(u32, usize)> {
    let b = pattern.as_bytes();
    let first = *b.get(i)?;
    let octal = |k: usize| b.get(k).is_some_and(|c| (b'0'..=b'7').contains(c));
    if !(first == b'0' || (b'1'..=b'7').contains(&first) && octal(i + 1)) {
        return None;
    }
    let mut value = u32::from(first - b'0');
    let mut k = i + 1;
    while k < i + 3 && octal(k) {
        value = value * 8 + u32::from(b[k] - b'0');
        k += 1;
    }
    Some((value, k))
}

/// Go's check of a `(?` group opening at `i`: a named capture `(?P<name>`
/// or `(?<name>`, or flags `[imsU]*` with at most one `-` (followed by a
/// flag) ending in `:` or `)`. The end of the opening, or Go's error.
fn perl_group(pattern: &str, i: usize) -> Result<usize, String> {
    let rest = &pattern[i..];
    let name_start = if rest.starts_with("(?P<") {
        Some(4)
    } else if rest.starts_with("(?<") {
        Some(3)
    } else {
        None
    };
    if let Some(from) = name_start {
        let Some(end) = rest.find('>') else {
            return Err(format!(
                "invalid regexp pattern: invalid named capture in {rest}"
            ));
        };
        let name = &rest[from..end];
        if name.is_empty() || !name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') {
            return Err(format!(
                "invalid regexp pattern: invalid named capture in {}",
                &rest[..=end]
            ));
        }
        return Ok(i + end + 1);
    }
    let mut negated = false;
    let mut saw_flag = false;
    for (k, c) in rest.char_indices().skip(2) {
        match c {
            'i' | 'm' | 's' | 'U' => saw_flag = true,
            '-' if !negated => {
                negated = true;
                saw_flag = false;
            }
            ':' | ')' if !negated || saw_flag => return Ok(i + k + c.len_utf8()),
            _ => {
                return Err(format!(
                    "invalid regexp pattern: invalid or unsupported Perl syntax in {}",
                    &rest[..k + c.len_utf8()]
                ))
            }
        }
    }
    Err(format!(
        "invalid regexp pattern: invalid or unsupported Perl syntax in {rest}"
    ))
}

/// `{n}`, `{n,}` or `{n,m}` at `i`: the bounds and the end.
fn repeat_at(pattern: &str, i: usize) -> Option<(u32, Option<u32>, usize)> {
    let rest = &pattern[i + 1..];
    let close = rest.find('}')?;
    let body = &rest[..close];
    let number = |s: &str| -> Option<u32> {
        // Go reads a count with a leading zero as no count at all.
        if s.is_empty()
            || !s.bytes().all(|c| c.is_ascii_digit())
            || s.len() > 1 && s.starts_with('0')
        {
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
    let at = |i: usize| pattern.get(i..).and_then(|r| r.chars().next());
    let mut out = String::with_capacity(pattern.len() + 8);
    let mut in_class = false;
    // Whether nothing has been read since the start, a group opening or
    // `|` (so no operand is there for a repetition).
    let mut after_open = true;
    let mut i = 0;
    while let Some(c) = at(i) {
        let next = i + c.len_utf8();
        if c != '(' && c != '|' {
            after_open = false;
        }
        match c {
            '\\' => {
                let Some(n) = at(next) else {
                    out.push('\\');
                    break;
                };
                let after = next + n.len_utf8();
                let perl = match n.to_ascii_lowercase() {
                    'd' => Some(DIGIT),
                    'w' => Some(WORD),
                    's' => Some(SPACE),
                    _ => None,
                };
                i = after;
                match (perl, n.is_ascii_uppercase(), in_class) {
                    (Some(set), false, false) => out.push_str(&format!("[{set}]")),
                    (Some(set), true, _) => out.push_str(&format!("[^{set}]")),
                    (Some(set), false, true) => out.push_str(set),
                    (None, _, false) if n == 'b' || n == 'B' => {
                        out.push_str(&format!("(?-u:\\{n})"));
                    }
                    (None, _, _) if octal_at(pattern, next).is_some() => {
                        // Go's octal escapes (`\\012`); the crate has none.
                        if let Some((value, end)) = octal_at(pattern, next) {
                            out.push_str(&format!("\\x{{{value:x}}}"));
                            i = end;
                        }
                    }
                    (None, _, false) if n == 'Q' => {
                        let end = pattern[after..].find("\\E");
                        let literal = &pattern[after..end.map_or(pattern.len(), |k| after + k)];
                        out.push_str(&regex::escape(literal));
                        i = end.map_or(pattern.len(), |k| after + k + 2);
                    }
                    // Escaped punctuation is itself in Go; the crate gives
                    // some of it meaning (`\\<` is a word start there).
                    (None, _, _) if n.is_ascii_punctuation() => {
                        out.push_str(&regex::escape(&n.to_string()));
                    }
                    _ => {
                        out.push('\\');
                        out.push(n);
                        // `\\p{Greek}`, `\\x{10FFFF}`: the braces belong to the escape.
                        if matches!(n, 'p' | 'P' | 'x') && at(after) == Some('{') {
                            let end = pattern[after..]
                                .find('}')
                                .map_or(pattern.len(), |k| after + k + 1);
                            out.push_str(&pattern[after..end]);
                            i = end;
                        }
                    }
                }
                continue;
            }
            // A repetition after a flags group applies, in Go, to what came
            // before the group; the crate wants it next to its operand.
            '(' if !in_class && at(next) == Some('?') => {
                match perl_group(pattern, i) {
                    Ok(g) if pattern[..g].ends_with(')') => {
                        match repetition_at(pattern, g).filter(|_| !after_open) {
                            Some(o) => {
                                out.push_str(&pattern[g..o]);
                                out.push_str(&pattern[i..g]);
                                i = o;
                            }
                            None => {
                                out.push_str(&pattern[i..g]);
                                i = g;
                            }
                        }
                    }
                    Ok(g) => {
                        out.push_str(&pattern[i..g]);
                        i = g;
                        after_open = true;
                    }
                    Err(_) => {
                        out.push('(');
                        i = next;
                        after_open = true;
                    }
                }
                continue;
            }
            '(' | '|' if !in_class => {
                out.push(c);
                i = next;
                after_open = true;
                continue;
            }
            // Go reads a `{` that does not start `{n}`, `{n,}` or `{n,m}`
            // as a literal; Rust rejects it.
            '{' if !in_class && repeat_at(pattern, i).is_none() => out.push_str("\\{"),
            '[' if !in_class => {
                in_class = true;
                out.push('[');
                i = next;
                if at(i) == Some('^') {
                    out.push('^');
                    i += 1;
                }
                // A `]` first in the class is a literal.
                if at(i) == Some(']') {
                    out.push_str("\\]");
                    i += 1;
                }
                continue;
            }
            '[' if posix_class_follows(pattern[next..].chars()) => {
                // A POSIX class, `[:alpha:]`, means the same in both.
                let end = pattern[i..].find(']').map_or(pattern.len(), |k| i + k + 1);
                out.push_str(&pattern[i..end]);
                i = end;
                continue;
            }
            '[' => out.push_str("\\["),
            ']' if in_class => {
                in_class = false;
                out.push(']');
            }
            '&' | '-' | '~' if in_class && at(next) == Some(c) => {
                out.push(c);
                out.push('\\');
                out.push(c);
                i = next + 1;
                continue;
            }
            c => out.push(c),
        }
        i = next;
    }
    out
}

/// The end of the repetition operator at `i` (with a non-greedy `?`), if
/// one is there.
fn repetition_at(pattern: &str, i: usize) -> Option<usize> {
    let end = match pattern.as_bytes().get(i)? {
        b'*' | b'+' | b'?' => i + 1,
        b'{' => repeat_at(pattern, i)?.2,
        _ => return None,
    };
    Some(if pattern[end..].starts_with('?') {
        end + 1
    } else {
        end
    })
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
