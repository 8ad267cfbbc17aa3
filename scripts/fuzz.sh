#!/usr/bin/env bash
# Fuzz the block splitter, the game parser and the replay/laws path with
# cargo-fuzz (libFuzzer), seeded with the parser edge cases of other chess
# libraries in tests/data/edge-cases.
#
#   scripts/fuzz.sh [SECONDS] [TARGET ...]     (default: 600 s each; split parse audit roundtrip json)
#
# cargo-fuzz needs nightly features; on the stable toolchain they are
# enabled with RUSTC_BOOTSTRAP=1. A crash is saved under
# fuzz/artifacts/TARGET/: copy it into tests/data/fuzz/ so that
# tests/fuzz_regressions.rs keeps it fixed.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(split parse audit roundtrip json)
command -v cargo-fuzz >/dev/null || { echo "installing cargo-fuzz" >&2; cargo install cargo-fuzz; }
export RUSTC_BOOTSTRAP=1
for target in "${targets[@]}"; do
  mkdir -p "corpus/$target"
  cp -n ../tests/data/edge-cases/*.pgn "corpus/$target/" 2>/dev/null || true
  cp -n ../tests/data/fuzz/* "corpus/$target/" 2>/dev/null || true
  # The export target starts from the servers' real exports.
  [ "$target" != json ] || cp -n ../tests/data/servers/* "corpus/$target/" 2>/dev/null || true
  echo "fuzzing $target for $seconds s" >&2
  cargo fuzz run -O "$target" "corpus/$target" -- -max_total_time="$seconds" -max_len=65536 -timeout=30 \
    2>&1 | grep -E "^#[0-9]+ *(DONE|pulse)|^Done|ERROR|SUMMARY|crash-|timeout-|oom-" | tail -n 5
done
