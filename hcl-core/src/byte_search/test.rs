use proptest::prelude::*;

use super::*;

/// Haystacks of a few distinct bytes, long enough to cross the vector
/// searches' 16- and 64-byte steps, so that needles are often found.
fn haystack() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop::sample::select(vec![b'a', b'*', b'/', b'\r', b'\n', b'$']),
        0..200,
    )
}

fn needle() -> impl Strategy<Value = u8> {
    prop::sample::select(vec![b'a', b'*', b'/', b'\r', b'\n', b'$', b'x'])
}

proptest! {
    #[test]
    fn searches_agree_with_a_plain_scan(h in haystack(), a in needle(), b in needle(), c in needle()) {
        prop_assert_eq!(find(a, &h), h.iter().position(|&x| x == a));
        prop_assert_eq!(rfind(a, &h), h.iter().rposition(|&x| x == a));
        prop_assert_eq!(find2(a, b, &h), h.iter().position(|&x| x == a || x == b));
        prop_assert_eq!(find3(a, b, c, &h), h.iter().position(|&x| x == a || x == b || x == c));
        prop_assert_eq!(count(a, &h), h.iter().filter(|&&x| x == a).count());
        let plain: Vec<usize> = (0..h.len()).filter(|&i| h[i] == a).collect();
        let mut found = Vec::new();
        each_position(a, &h, |p| found.push(p));
        prop_assert_eq!(found, plain);
    }

    #[test]
    fn pair_searches_agree_with_a_plain_scan(h in haystack(), a in needle(), b in needle()) {
        prop_assert_eq!(find_pair([a, b], &h), h.windows(2).position(|w| w == [a, b]));
        let mut plain = 0;
        let mut i = 0;
        while i + 1 < h.len() {
            if h[i] == a && h[i + 1] == b {
                plain += 1;
                i += 2;
            } else {
                i += 1;
            }
        }
        prop_assert_eq!(count_pair([a, b], &h), plain);
    }
}

/// The rule of the module holds only if nothing else calls `memchr`'s
/// detecting entry points: every other source file of the crate is read
/// and must not name the crate.
#[test]
fn no_other_file_searches_with_memchr() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    assert!(src.is_dir(), "{} is missing", src.display());
    let files = hcl_test_shared::files_with_extensions(&src, &["rs"]);
    assert!(files.len() > 100, "only {} source files found", files.len());
    let found: Vec<String> = files
        .into_iter()
        .filter(|path| !path.to_string_lossy().contains("byte_search"))
        .filter(|path| std::fs::read_to_string(path).is_ok_and(|t| t.contains("memchr::")))
        .map(|path| path.display().to_string())
        .collect();
    assert_eq!(
        found,
        Vec::<String>::new(),
        "search through crate::byte_search"
    );
}
