//! Go's wording of the syntax errors the `regex` crate finds: the
//! `regexp/syntax` error code and the text it names, as go-cty reports them
//! (`invalid regexp pattern: missing closing ) in (a`).

/// The error for an invalid pattern, worded as go-cty words Go's
/// `regexp/syntax` errors: `invalid regexp pattern: <code> in <expr>`.
pub(super) fn pattern_error(original: &str, err: &regex::Error) -> String {
    use regex_syntax::ast::ErrorKind as K;
    // The crate saw the rewritten pattern, so its spans point there.
    let translated = super::dialect::to_rust_syntax(original);
    let pattern = translated.as_str();
    let syntax = regex_syntax::ast::parse::Parser::new().parse(pattern).err();
    let Some(e) = syntax else {
        return match err {
            regex::Error::CompiledTooBig(_) => {
                format!("invalid regexp pattern: expression too large in {original}")
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
        K::GroupUnclosed => ("missing closing )", original),
        K::GroupUnopened => ("unexpected )", original),
        K::ClassUnclosed => (
            "missing closing ]",
            pattern.get(e.span().start.offset..).unwrap_or(pattern),
        ),
        K::RepetitionMissing => ("missing argument to repetition operator", {
            // The span is empty; Go names the operator.
            let rest = pattern.get(e.span().start.offset..).unwrap_or_default();
            let mut len = match rest.find('}') {
                Some(end) if rest.starts_with('{') => end + 1,
                _ => rest.chars().next().map_or(0, char::len_utf8),
            };
            // A non-greedy marker belongs to the operator.
            if rest[len..].starts_with('?') {
                len += 1;
            }
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
        K::NestLimitExceeded(_) => ("expression nests too deeply", original),
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
