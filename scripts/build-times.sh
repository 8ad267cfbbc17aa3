#!/usr/bin/env bash
# Clean-build wall times and the binary's size, for each REV given (default
# HEAD~1 HEAD): a fresh clone with an empty target/, then `cargo build
# --release`, `cargo test --release --no-run`, `cargo test --release`; and,
# where the `tables` feature exists, a clean build without it.
# Crates must already be downloaded (the registry cache is shared).
#
#   scripts/build-times.sh [REV ...]
#   PIP=1 scripts/build-times.sh HEAD    (also `pip install ./python` into a
#                                         fresh venv: its time and disk)
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
  if [ -n "${PIP:-}" ]; then
    rm -rf target; python3 -m venv "$dir/venv"
    echo "$rev pip install ./python: $(seconds "$dir/venv/bin/pip" install ./python)"
    echo "$rev venv:       $(du -sh "$dir/venv" | cut -f1), of it the package $(du -sh "$dir"/venv/lib/python3*/site-packages/pgn_arbiter | cut -f1), target/ left $(du -sh target 2>/dev/null | cut -f1)"
  fi
  if grep -q '^tables = ' Cargo.toml; then
    rm -rf target
    echo "$rev build without tables: $(seconds cargo build --release -q --no-default-features)"
    echo "$rev binary without tables: $(stat -c %s target/release/pgn-arbiter) bytes"
  fi
  cd "$repo"; rm -rf "$dir"
done
