//! Byte searches (`memchr` and its kin) without run-time CPU detection.
//!
//! `memchr`'s top-level functions pick AVX2 or SSE2 on their first call by
//! asking the CPU (`cpuid`). Outside a virtual machine that costs little;
//! inside one every `cpuid` traps to the hypervisor, and the first search
//! of a process paid ≈ 40 µs on our benchmark machine — more than a whole
//! warm parse of a 15 KB file. A command-line tool that parses one file
//! pays it once per run. So the crate searches with SSE2, which every
//! x86-64 CPU has (no question asked at run time); the searches here are
//! short (comments, template text, a line) or run once per file (the line
//! index), where AVX2's wider steps gain little. Other targets have no
//! run-time choice to make and use `memchr`'s own entry points.
//!
//! Every byte search of the crate goes through this module (a test checks
//! that no other file calls `memchr` directly), so the rule holds in one
//! place.

#[cfg(target_arch = "x86_64")]
use memchr::arch::x86_64::sse2::memchr::{One, Three, Two};

/// The first `needle` in `haystack`.
#[inline]
pub(crate) fn find(needle: u8, haystack: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(one) = One::new(needle) {
        return one.find(haystack);
    }
    memchr::memchr(needle, haystack)
}

/// The last `needle` in `haystack`.
#[inline]
pub(crate) fn rfind(needle: u8, haystack: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(one) = One::new(needle) {
        return one.rfind(haystack);
    }
    memchr::memrchr(needle, haystack)
}

/// The first of `a` or `b` in `haystack`.
#[inline]
pub(crate) fn find2(a: u8, b: u8, haystack: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(two) = Two::new(a, b) {
        return two.find(haystack);
    }
    memchr::memchr2(a, b, haystack)
}

/// The first of `a`, `b` or `c` in `haystack`.
#[inline]
pub(crate) fn find3(a: u8, b: u8, c: u8, haystack: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(three) = Three::new(a, b, c) {
        return three.find(haystack);
    }
    memchr::memchr3(a, b, c, haystack)
}

/// How many times `needle` occurs in `haystack`.
#[inline]
pub(crate) fn count(needle: u8, haystack: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if let Some(one) = One::new(needle) {
        return one.count(haystack);
    }
    memchr::memchr_iter(needle, haystack).count()
}

/// Calls `f` with every position of `needle` in `haystack`, in order.
///
/// One searcher for the whole haystack (a callback rather than an
/// iterator: the searcher's iterator borrows it), which resumes where it
/// found the last needle: the line index, which finds every newline of a
/// file, costs about half of what a search started afresh for each line
/// costs.
#[inline]
pub(crate) fn each_position(needle: u8, haystack: &[u8], mut f: impl FnMut(usize)) {
    #[cfg(target_arch = "x86_64")]
    if let Some(one) = One::new(needle) {
        one.iter(haystack).for_each(f);
        return;
    }
    memchr::memchr_iter(needle, haystack).for_each(&mut f);
}

/// The first place where `pair` is written in `haystack` (a two-byte
/// delimiter: `*/`, `\r\n`): the first byte is searched, the second
/// checked.
#[inline]
pub(crate) fn find_pair(pair: [u8; 2], haystack: &[u8]) -> Option<usize> {
    let mut at = 0;
    loop {
        let found = at + find(pair[0], haystack.get(at..)?)?;
        if haystack.get(found + 1) == Some(&pair[1]) {
            return Some(found);
        }
        at = found + 1;
    }
}

/// How many times `pair` occurs in `haystack`, not overlapping.
pub(crate) fn count_pair(pair: [u8; 2], haystack: &[u8]) -> usize {
    let mut n = 0;
    let mut at = 0;
    while let Some(found) = haystack.get(at..).and_then(|rest| find_pair(pair, rest)) {
        n += 1;
        at += found + 2;
    }
    n
}

#[cfg(test)]
mod test;
