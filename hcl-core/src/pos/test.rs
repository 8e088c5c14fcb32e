//! Positions: scanned, indexed and resolved after another agree.

use super::*;
use proptest::prelude::*;

/// Texts of the pieces that make positions differ: newlines (LF and
/// CRLF), multi-byte characters, a combining mark, a character that
/// joins the one after it (U+0600), byte order marks, regional
/// indicators (paired by their count) and an emoji joiner.
fn position_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("a"),
        Just("x "),
        Just("\n"),
        Just("\r\n"),
        Just("é"),
        Just("e\u{301}"),
        Just("\u{feff}"),
        Just("\u{600}"),
        Just("日"),
        Just("\u{1F1FA}"),
        Just("\u{1F1F8}"),
        Just("\u{200d}"),
        Just("\u{1F468}"),
    ];
    proptest::collection::vec(piece, 0..24).prop_map(|p| p.concat())
}

proptest! {
    #[test]
    fn positions_scanned_before_the_index_is_built_are_the_indexed_ones(text in position_text()) {
        let indexed = SourceFile::new("t", text.as_str());
        indexed.line_count();
        let len = text.len() as u32;
        for byte in 0..=len + 1 {
            let fresh = SourceFile::new("t", text.as_str());
            let want = indexed.pos(byte);
            prop_assert_eq!(fresh.pos_scanned(fresh.boundary_at(byte)), want);
            for end in byte..=len + 1 {
                // Each from a file whose index is not built yet.
                let fresh = SourceFile::new("t", text.as_str());
                prop_assert_eq!(fresh.pos_after(want, end), indexed.pos(end));
                prop_assert!(fresh.inner.lines.get().is_none() || text.is_empty());
            }
        }
    }
}

proptest! {
    #[test]
    fn positions_asked_in_any_order_are_the_indexed_ones(
        text in position_text(),
        bytes in proptest::collection::vec(0u32..64, 0..12),
    ) {
        let indexed = SourceFile::new("t", text.as_str());
        indexed.line_count();
        // Scanned while the budget lasts, then through the index.
        let fresh = SourceFile::new("t", text.as_str());
        for &byte in &bytes {
            // A file of its own for each position: scanned from the start,
            // no earlier position to start from.
            let alone = SourceFile::new("t", text.as_str()).pos(byte);
            prop_assert_eq!(indexed.pos(byte), alone);
            prop_assert_eq!(fresh.pos(byte), indexed.pos(byte));
            prop_assert_eq!(fresh.range(ByteSpan::new(byte / 2, byte)), indexed.range(ByteSpan::new(byte / 2, byte)));
        }
    }

    #[test]
    fn positions_split_by_tokens_asked_in_any_order_are_the_ones_asked_alone(
        text in position_text(),
        bytes in proptest::collection::vec(0u32..96, 0..24),
    ) {
        let tokens = |text: &str| {
            let file = SourceFile::new("t", text);
            file.count_columns_by_tokens(each_non_ascii_character_a_token);
            file
        };
        let asked = tokens(&text);
        for &byte in &bytes {
            prop_assert_eq!(asked.pos(byte), tokens(&text).pos(byte));
        }
    }
}

/// A rule for [`SourceFile::count_columns_by_tokens`]: every non-ASCII
/// character a token of its own.
fn each_non_ascii_character_a_token(text: &str) -> Vec<u32> {
    (0..text.len())
        .filter(|&i| restarts_clusters(text, i))
        .map(|i| i as u32)
        .collect()
}

#[test]
fn range_and_pos_after_agree_with_pos_on_every_line() {
    let text = "a = 1\nb = \"é\u{301}x\"\n\nlast";
    let f = SourceFile::new("t", text);
    let len = text.len() as u32;
    for start in 0..=len + 2 {
        for end in start..=len + 2 {
            let r = f.range(ByteSpan::new(start, end));
            assert_eq!((r.start, r.end), (f.pos(start), f.pos(end)));
            assert_eq!(f.pos_after(f.pos(start), end), f.pos(end));
        }
        // Any starting line, even one past the byte's, gives the same.
        for from in 0..8 {
            assert_eq!(f.pos_from_line(start, from), f.pos(start));
        }
    }
    let long = SourceFile::new("t", "x\n".repeat(40));
    for byte in 0..80 {
        let want = Pos {
            line: byte / 2 + 1,
            column: byte % 2 + 1,
            byte,
        };
        for from in [0, 1, 3, 10, 39, 40, 41, 100] {
            assert_eq!(long.pos_from_line(byte, from), want);
        }
    }
}

#[test]
fn a_leading_byte_order_mark_is_not_a_column() {
    let f = SourceFile::new("a.hcl", "\u{feff}v = \u{feff}1\n\u{feff}x");
    assert_eq!(f.pos(0).column, 1);
    assert_eq!(f.pos(3).column, 1);
    assert_eq!(f.pos(7).column, 5);
    // Only the one at the start of the file.
    assert_eq!(f.pos(10).column, 6);
    assert_eq!(f.pos(15).column, 2);
}

#[test]
fn positions_count_lines_from_one_and_columns_in_graphemes() {
    let f = SourceFile::new("t", "ab\ncé\u{301}d\r\nx");
    assert_eq!(f.pos(0), Pos::START);
    assert_eq!(
        f.pos(3),
        Pos {
            line: 2,
            column: 1,
            byte: 3
        }
    );
    // "c" "é" "\u{301}" -> the combining accent joins the é cluster.
    let d = f.text().find('d').unwrap() as u32;
    assert_eq!(f.pos(d).column, 3);
    assert_eq!(f.line_text(2), Some("cé\u{301}d"));
    assert_eq!(f.line_text(3), Some("x"));
    assert_eq!(f.line_text(4), None);
}

#[test]
fn positions_after_ascii_runs_count_clusters_from_the_first_non_ascii() {
    let f = SourceFile::new("t", "abe\u{301}x\nzz");
    // "a" "b" "e\u{301}" "x": the accent joins the e.
    let x = f.text().find('x').unwrap() as u32;
    assert_eq!(f.pos(x).column, 4);
    assert_eq!(f.pos(2).column, 3);
    assert_eq!(f.pos(x + 2).column, 1);
}

#[test]
fn positions_clamp_out_of_range_and_mid_character_offsets() {
    let f = SourceFile::new("t", "é");
    assert_eq!(f.pos(1).byte, 0);
    assert_eq!(f.pos(99).byte, 2);
}

#[test]
fn ranges_know_their_file_name_and_print_like_the_reference() {
    let f = SourceFile::new("main.tf", "a = 1\nbb = 2\n");
    let r = f.range(ByteSpan::new(6, 8));
    assert_eq!(r.to_string(), "main.tf:2,1-3");
    let r = f.range(ByteSpan::new(0, 8));
    assert_eq!(r.to_string(), "main.tf:1,1-2,3");
    assert_eq!(Range::default().filename(), "");
}

#[test]
fn a_source_map_finds_files_by_name_and_keeps_the_newest_text() {
    let mut map = SourceMap::new();
    for i in 0..100 {
        map.add(SourceFile::new(format!("f{i}.hcl"), format!("a = {i}\n")));
    }
    map.add(SourceFile::new("f7.hcl", "changed"));
    assert_eq!(map.files().len(), 100);
    assert_eq!(
        map.source_file("f7.hcl").map(SourceFile::text),
        Some("changed")
    );
    assert_eq!(
        map.source_file("f8.hcl").map(SourceFile::text),
        Some("a = 8\n")
    );
    assert!(map.source_file("nope").is_none());
}
