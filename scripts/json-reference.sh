#!/usr/bin/env bash
# The generated test of how a server's export is read (tests/json_reference.rs)
# over more exports than `cargo test` runs: the real exports' games laid out
# every way an export is written and broken at random, each read by the
# splitter and compared with serde_json's reading of the objects. Prints the
# counts; exits 1 on any export not read as the reference reads it.
# JSON_REFERENCE_CASES (default 20000) sets how many exports.
set -euo pipefail
cd "$(dirname "$0")/.."
export JSON_REFERENCE_CASES=${JSON_REFERENCE_CASES:-20000}
cargo test --release --test integration json_reference:: -- --nocapture 2>&1 |
  grep -E '^json reference:|^case |panicked' || true
cargo test --release --test integration json_reference:: -q >/dev/null 2>&1
