#!/usr/bin/env bash
# Clean-build wall times and the binary's size, for each REV given (default
# HEAD~1 HEAD): a fresh clone with an empty target/, then `cargo build
# --release`, `cargo test --release --no-run`, `cargo test --release`; and,
# where the `tables` feature exists, a clean build without it.
# Crates must already be downloaded (the registry cache is shared).
#
#   scripts/build-times.sh [REV ...]
set -uo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
[ $# -gt 0 ] || set -- HEAD~1 HEAD
seconds() { local s; s=$(date +%s.%N); "$@" >/dev/null 2>&1; local rc=$?; echo "$(echo "$(date +%s.%N) - $s" | bc) s (exit $rc)"; }
for rev in "$@"; do
  dir=$(mktemp -d)
  git clone -q "$repo" "$dir/clone" && (cd "$dir/clone" && git checkout -q "$(cd "$repo" && git rev-parse "$rev")")
  cd "$dir/clone"
  echo "$rev build:      $(seconds cargo build --release -q)"
  echo "$rev binary:     $(stat -c %s target/release/pgn-arbiter) bytes"
  echo "$rev test build: $(seconds cargo test --release -q --no-run)"
  echo "$rev tests:      $(seconds cargo test --release -q)"
  echo "$rev target/:    $(du -sh target | cut -f1)"
  if grep -q '^tables = ' Cargo.toml; then
    rm -rf target
    echo "$rev build without tables: $(seconds cargo build --release -q --no-default-features)"
    echo "$rev binary without tables: $(stat -c %s target/release/pgn-arbiter) bytes"
  fi
  cd "$repo"; rm -rf "$dir"
done
