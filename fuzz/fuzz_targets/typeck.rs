//! No-panic fuzzing of the static type checker on a file with an empty
//! scope, read in both syntaxes (the name decides).

#![no_main]

use hcl_core::typeck::{check_source, TypeScope};
use hcl_core::SourceFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for name in ["fuzz.hcl", "fuzz.hcl.json"] {
        let src = SourceFile::new(name, text);
        let _ = check_source(&src, &TypeScope::new());
    }
});
