//! "Did you mean" suggestions for mistyped names.

/// The candidate closest to `given` by edit distance, if it is within 2
/// edits (the reference's threshold). Ties go to the earlier candidate.
///
/// ```
/// use hcl_core::suggest::closest;
/// assert_eq!(closest("prot", ["port", "host"]), Some("port"));
/// assert_eq!(closest("xyz", ["port", "host"]), None);
/// ```
pub fn closest<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<(usize, &'a str)> = None;
    for candidate in candidates {
        let d = distance(given, candidate);
        if d < 3 && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// Levenshtein distance in characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn distance_counts_edits_in_characters() {
        assert_eq!(distance("", ""), 0);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("é", "e"), 1);
    }

    #[test]
    fn closest_prefers_the_smallest_distance() {
        assert_eq!(closest("lenght", ["length", "lengthy"]), Some("length"));
        assert_eq!(closest("ab", ["xy", "ac", "ab"]), Some("ab"));
    }
}
