#!/usr/bin/env bash
# The generated test of the record's testimony (tests/testimony.rs) over
# every game it takes, not the seeded sample `cargo test` runs: each real
# game whose row decides a result the board does not settle, perturbed at
# each place its testimony stands (each comment after the last move, a new
# comment, the Termination tag), words that doubt it sent to review and
# inert text changing nothing. Prints the counts; exits 1 on any case not
# as expected, listing them. About a minute on two cores with ../shared.
set -euo pipefail
cd "$(dirname "$0")/.."
TESTIMONY_GAMES=all cargo test --release --test integration testimony:: -- --nocapture 2>&1 |
  grep -E '^testimony:|not as expected|panicked|^\{|^    "' || true
TESTIMONY_GAMES=all cargo test --release --test integration testimony:: -q >/dev/null 2>&1
