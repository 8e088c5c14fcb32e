//! Go's one-to-one Unicode case mappings (`unicode.ToUpper`, `ToLower`,
//! `ToTitle`) and the word boundary of `strings.Title`.

/// Go's `unicode.ToUpper`: the simple mapping, so characters whose
/// uppercase is several characters (`ß`) stay as they are.
pub(super) fn simple_upper(c: char) -> char {
    single(c.to_uppercase()).unwrap_or_else(|| iota_subscript_upper(c).unwrap_or(c))
}

/// The Greek letters with ypogegrammeni, whose full uppercase is two
/// letters (`ᾀ` → `ἈΙ`) but whose simple uppercase is the one letter with
/// prosgegrammeni (`ᾈ`).
fn iota_subscript_upper(c: char) -> Option<char> {
    let offset = match c {
        '\u{1F80}'..='\u{1F87}' | '\u{1F90}'..='\u{1F97}' | '\u{1FA0}'..='\u{1FA7}' => 8,
        '\u{1FB3}' | '\u{1FC3}' | '\u{1FF3}' => 9,
        _ => return None,
    };
    char::from_u32(u32::from(c) + offset)
}

/// Go's `unicode.ToLower` (simple mapping; `İ` maps to `i`, where the full
/// mapping adds a combining dot).
pub(super) fn simple_lower(c: char) -> char {
    if c == '\u{130}' {
        return 'i';
    }
    single(c.to_lowercase()).unwrap_or(c)
}

/// Go's `unicode.ToTitle`: the uppercase mapping except for the four
/// digraph letters that have a distinct title-case form and the Georgian
/// letters whose title case is themselves.
pub(super) fn simple_title(c: char) -> char {
    match c {
        // Georgian Mkhedruli letters are their own title case (their
        // uppercase is Mtavruli).
        '\u{10D0}'..='\u{10FA}' | '\u{10FD}'..='\u{10FF}' => c,
        '\u{1C4}'..='\u{1C6}' => '\u{1C5}',
        '\u{1C7}'..='\u{1C9}' => '\u{1C8}',
        '\u{1CA}'..='\u{1CC}' => '\u{1CB}',
        '\u{1F1}'..='\u{1F3}' => '\u{1F2}',
        _ => simple_upper(c),
    }
}

fn single(mut it: impl Iterator<Item = char>) -> Option<char> {
    let c = it.next()?;
    it.next().is_none().then_some(c)
}

/// Go's `strings.Title` word boundary: ASCII other than letters, digits and
/// `_`, and non-ASCII white space.
pub(super) fn is_title_separator(c: char) -> bool {
    if c.is_ascii() {
        return !(c.is_ascii_alphanumeric() || c == '_');
    }
    // Letters and digits are never white space, so Go's extra letter/digit
    // test does not change the answer.
    c.is_whitespace()
}
