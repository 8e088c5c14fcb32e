//! No-panic fuzzing of the static type checker on a native-syntax file
//! with an empty scope.

#![no_main]

use hcl_core::typeck::{check_source, TypeScope};
use hcl_core::SourceFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let src = SourceFile::new("fuzz.hcl", text);
    let _ = check_source(&src, &TypeScope::new());
});
