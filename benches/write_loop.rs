//! Writes the decode benchmark's config many times (for profiling and for
//! instruction counts of the serializers). Run:
//! `cargo run --release -p hcl-benches --example write_loop -- [ours|theirs] [ROUNDS]`,
//! or under `valgrind --tool=callgrind` for a count that does not depend
//! on the machine's load; `print` writes our text once to standard output
//! (to compare the text before and after a change).

mod decode_config;
mod write_config;

fn main() {
    let mut args = std::env::args().skip(1);
    let who = args.next().unwrap_or_else(|| "ours".into());
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(2_000);
    let data = write_config::data();
    if who == "print" {
        match hcl_serde::to_string(&data) {
            Ok(text) => print!("{text}"),
            Err(e) => eprintln!("{e}"),
        }
        return;
    }
    let mut bytes = 0usize;
    for _ in 0..rounds {
        bytes += match who.as_str() {
            "theirs" => hcl::to_string(std::hint::black_box(&data)).map_or(0, |s| s.len()),
            _ => hcl_serde::to_string(std::hint::black_box(&data)).map_or(0, |s| s.len()),
        };
    }
    println!("{who}: {rounds} rounds, {bytes} bytes");
}
