#!/usr/bin/env bash
# Runs the given fuzz targets for $SECS seconds each (default 60), one after
# another, logging to /tmp/fuzz-<target>.log.
cd "$(dirname "$0")"
for t in "$@"; do
  cargo +nightly fuzz run "$t" -- -max_total_time="${SECS:-60}" -timeout=1 -rss_limit_mb=2048 \
    -print_final_stats=1 > "/tmp/fuzz-$t.log" 2>&1
  echo "$t rc=$?" >> /tmp/fuzz-done.log
done
