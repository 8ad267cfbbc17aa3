#!/usr/bin/env bash
# The FEN-restart test of issue 78 (tests/fen_restart.rs) over more plies a
# game than `cargo test` runs: every real game read again from the FEN of
# the position after k plies, with the rest of its moves, must reach the
# same ending at the same ply and the same correct result. Prints the counts.
#
#   scripts/fen-restart.sh [PLIES_A_GAME]     (default 10)
set -euo pipefail
cd "$(dirname "$0")/.."
FEN_RESTART_PLIES=${1:-10} cargo test --release --test integration fen_restart -- --nocapture 2>&1 \
  | grep -E "restarts from a FEN|test result|differ|ply [0-9]+:"
