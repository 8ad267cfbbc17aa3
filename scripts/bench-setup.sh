# Sourced by the bench scripts: builds the profiling binaries (unless
# BENCH_NO_BUILD=1: a machine without Rust, given them built elsewhere)
# and makes a work folder, removed at exit.
if [ -z "${BENCH_NO_BUILD:-}" ]; then
  echo "building (cargo build --profile profiling --bin pgn-arbiter --examples)" >&2
  cargo build -q --profile profiling --bin pgn-arbiter --examples
fi
target=${CARGO_TARGET_DIR:-target}
bin=$target/profiling/pgn-arbiter
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
