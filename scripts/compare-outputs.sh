#!/usr/bin/env bash
# Compares every output of this tree's binary with a reference build, byte
# for byte: verdicts.csv, incidents.csv, summary.json (but its seconds), the
# corrected PGN and the HTML pages (but the seconds in the index), on the samples, the shared real games
# (lichess, otb, servers, DGT, engine), the edge cases and the adversarial
# files, under the default Laws and --laws by-date. For a change that must
# not change behaviour (a refactoring, a speed-up).
#
#   scripts/compare-outputs.sh [REV]     (default REV: HEAD)
#
# Builds REV in a temporary worktree (its own target folder), prints one
# line per input and option set, and exits 1 on any difference.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-HEAD}
work=$(mktemp -d)
trap 'git worktree remove --force "$work/ref" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git worktree add --detach "$work/ref" "$rev" >/dev/null 2>&1
echo "building $rev and this tree" >&2
(cd "$work/ref" && CARGO_TARGET_DIR="$work/ref-target" cargo build -q --release --bin pgn-arbiter)
cargo build -q --release --bin pgn-arbiter
ref=$work/ref-target/release/pgn-arbiter
new=target/release/pgn-arbiter

inputs=(samples tests/data/edge-cases tests/data/adversarial tests/data/servers)
for f in ../shared/data/games/*.pgn ../shared/data/games/otb ../shared/data/games/servers \
         ../shared/data/games/dgt-broadcast ../shared/data/edge-cases; do
  [ -e "$f" ] && inputs+=("$f")
done

# The report files of a run, summary.json without its seconds and with the
# temporary paths made alike.
normalise() {
  local dir=$1
  find "$dir" -type f | sort | while read -r file; do
    echo "== ${file#"$dir"/}"
    sed -e '/"seconds"/d' -e 's/, [0-9.]* s<\/summary>/<\/summary>/' -e "s#$dir#DIR#g" "$file"
  done
}

failed=0
for input in "${inputs[@]}"; do
  for laws in ru-rapid by-date; do
    for side in ref new; do
      bin=$ref; [ "$side" = new ] && bin=$new
      out=$work/out-$side
      rm -rf "$out" && mkdir -p "$out"
      "$bin" audit "$input" --laws "$laws" -o "$out/r" --html "$out/h" --fixed-pgn "$out/fixed.pgn" \
        >/dev/null 2>"$out/stderr" || true
      sed -i -e '/games\/s$/d' -e "s#$out#DIR#g" "$out/stderr"
      normalise "$out" > "$work/$side.txt"
    done
    if cmp -s "$work/ref.txt" "$work/new.txt"; then
      echo "same      $input --laws $laws"
    else
      echo "DIFFERENT $input --laws $laws"
      diff "$work/ref.txt" "$work/new.txt" | head -20 || true
      failed=1
    fi
  done
done
exit $failed
