//! One parse in a fresh process: what a one-shot command-line use pays,
//! memory kept between parses included (there is none yet). Compare the
//! whole process with `read` (the same process, reading the file and not
//! parsing it) to subtract process start-up and the read:
//!
//! ```sh
//! cargo build --release -p hcl-benches --example parse_once
//! for who in read hcl-toolkit hcl-rs; do
//!   valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/parse_once $who ../shared/corpus/bench/large.tf
//! done
//! ```
//!
//! (instruction counts: stable on a loaded machine; `perf stat -r 50` gives
//! the times where the machine is quiet).
//!
//! With a third argument `--time`, the process also prints how long the
//! parse itself took (wall clock around the one parse, in nanoseconds):
//! the first parse's cost without the process start-up and the read that
//! the subtraction above has to remove, whose noise is larger than a small
//! file's parse; and, on the line before, how many page faults it took
//! (each fresh page the parse touches is one). `benches/first_parse.py`
//! runs each side many times, interleaved, and prints the medians.
//!
//! With `--code-mapped` after `--time`, the process first reads its own
//! executable code through `/proc/self/mem` (Linux), which maps every page
//! of it and brings it into the caches: the timed parse then pays no page
//! fault and no cache miss for code, and the difference from a plain
//! `--time` run is what fetching cold code costs a first parse.
//!
//! With `--heap-touched` after `--time`, the process first allocates
//! 100 KB, writes to each of its pages and frees it: the allocator keeps
//! those pages (below its trim threshold), so the parse finds its heap
//! already faulted in, and the difference from a plain `--time` run is
//! what the first touch of fresh heap pages costs a first parse. (The two
//! flags may be given together.)

fn main() {
    let mut args = std::env::args().skip(1);
    let who = args.next().unwrap_or_default();
    let path = args.next().unwrap_or_default();
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("usage: parse_once read|hcl-toolkit|hcl-rs FILE");
        std::process::exit(2);
    };
    let timed = args.next().as_deref() == Some("--time");
    for flag in args {
        match flag.as_str() {
            "--code-mapped" => drop(std::hint::black_box(map_own_code())),
            "--heap-touched" => touch_heap(100_000),
            _ => {
                eprintln!("unknown flag {flag:?}: --code-mapped or --heap-touched");
                std::process::exit(2);
            }
        }
    }
    let faults_before = minflt();
    let start = std::time::Instant::now();
    let n = match who.as_str() {
        "hcl-toolkit" => {
            let src = hcl_core::SourceFile::new(path.as_str(), text);
            let (file, _) = hcl_core::native::parse_config(&src, &Default::default());
            let n = file.body().blocks().len();
            n
        }
        "hcl-rs" => hcl::parse(&text).map(|b| b.0.len()).unwrap_or(0),
        _ => text.len(),
    };
    std::hint::black_box(n);
    if timed {
        let nanos = start.elapsed().as_nanos();
        eprintln!("page faults {}", minflt().saturating_sub(faults_before));
        eprintln!("{nanos}");
    }
}

/// Allocates `bytes`, writes one byte of each page and frees it: the
/// allocator keeps the pages for the allocations that follow.
fn touch_heap(bytes: usize) {
    let mut block = vec![0u8; bytes];
    for b in block.iter_mut().step_by(4096) {
        *b = 1;
    }
    std::hint::black_box(&block);
}

/// The process's minor page faults so far (Linux; 0 elsewhere): a first
/// parse pays for each fresh page it touches.
fn minflt() -> u64 {
    let s = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let rest = s.rsplit(')').next().unwrap_or("");
    rest.split_whitespace()
        .nth(7)
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// Reads every executable mapping of this program's own file through
/// `/proc/self/mem` (Linux; nothing elsewhere), which faults its pages in
/// and leaves the code in the caches; returns the bytes read.
fn map_own_code() -> usize {
    use std::io::{Read, Seek, SeekFrom};
    let exe = std::env::current_exe().unwrap_or_default();
    let exe = exe.to_string_lossy();
    let maps = std::fs::read_to_string("/proc/self/maps").unwrap_or_default();
    let Ok(mut mem) = std::fs::File::open("/proc/self/mem") else {
        return 0;
    };
    let mut read = 0;
    for line in maps
        .lines()
        .filter(|l| l.contains(" r-xp ") && l.ends_with(&*exe))
    {
        let range = line.split_whitespace().next().unwrap_or_default();
        let (start, end) = range.split_once('-').unwrap_or_default();
        let start = u64::from_str_radix(start, 16).unwrap_or(0);
        let end = u64::from_str_radix(end, 16).unwrap_or(0);
        let mut buf = vec![0u8; end.saturating_sub(start) as usize];
        if mem.seek(SeekFrom::Start(start)).is_ok() {
            read += mem.read(&mut buf).unwrap_or(0);
        }
    }
    read
}
