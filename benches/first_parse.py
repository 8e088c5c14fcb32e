#!/usr/bin/env python3
"""First parse in a fresh process, ours and hcl-rs's, timed inside the
process around the one parse (`parse_once WHO FILE --time`).

Run from the project root after
`cargo build --release -p hcl-benches --example parse_once`:

    python3 benches/first_parse.py [ROUNDS] [--code-mapped] [--heap-touched] FILE...

With `--code-mapped`, each process maps and caches its own code before the
parse (see `parse_once.rs`): the difference from a plain run is what
fetching cold code costs a first parse. With `--heap-touched`, each
process faults in 100 KB of heap before the parse: the difference is what
the first touch of fresh heap pages costs it.

Each round starts one process per side, alternating, so that both see the
same machine; the medians (and the ratio of the medians) are printed.
"""
import os
import statistics
import subprocess
import sys

# (`BIN=PATH` runs another copy: a binary copied into place, as `cargo
# install` does, starts faster than the one the linker just wrote; see
# BENCHMARKS.md.)
BIN = os.environ.get("BIN", "target/release/examples/parse_once")


def parse_ns(who, path, extra):
    out = subprocess.run([BIN, who, path, "--time", *extra], capture_output=True, text=True, check=True)
    return int(out.stderr.strip().splitlines()[-1])


def main():
    args = sys.argv[1:]
    rounds = int(args.pop(0)) if args and args[0].isdigit() else 200
    flags = ("--code-mapped", "--heap-touched")
    extra = [a for a in args if a in flags]
    args = [a for a in args if a not in flags]
    for path in args:
        times = {"hcl-toolkit": [], "hcl-rs": []}
        for _ in range(rounds):
            for who in times:
                times[who].append(parse_ns(who, path, extra))
        ours = statistics.median(times["hcl-toolkit"])
        theirs = statistics.median(times["hcl-rs"])
        print(f"{path}: ours {ours / 1e3:.1f} us, hcl-rs {theirs / 1e3:.1f} us, "
              f"{theirs / ours:.2f}x (medians of {rounds} fresh processes each)")


if __name__ == "__main__":
    main()
