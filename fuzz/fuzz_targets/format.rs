//! The formatter: any text is formatted or refused without a panic; a
//! formatted file parses without errors, differs from its input in blanks
//! only (a leading byte order mark aside), and formats to itself.

#![no_main]

use hcl_core::format::format;
use libfuzzer_sys::fuzz_target;

fn without_blanks(text: &str) -> String {
    text.chars().filter(|c| !matches!(c, ' ' | '\t')).collect()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(once) = format(text) else {
        return;
    };
    let input = text.strip_prefix('\u{feff}').unwrap_or(text);
    assert_eq!(without_blanks(&once), without_blanks(input), "{text:?}\n=> {once:?}");
    match format(&once) {
        Ok(twice) => assert_eq!(twice, once, "{text:?}\n=> {once:?}"),
        Err(diags) => panic!("{text:?}\n=> {once:?}\nrefused: {diags}"),
    }
});
