#!/usr/bin/env bash
# Compares every output of this tree's binary with a reference build, byte
# for byte: verdicts.csv, incidents.csv, summary.json (but its seconds), the
# corrected PGN and the HTML pages (but the seconds in the index), on the samples, the shared real games
# (lichess, otb, servers, DGT, engine), the edge cases and the adversarial
# files, under the default Laws, --laws by-date, and --rows flagged --raw
# with an --events file. For a change that must
# not change behaviour (a refactoring, a speed-up).
#
#   scripts/compare-outputs.sh [REV]     (default REV: HEAD)
#   REF_BIN=path/to/pgn-arbiter scripts/compare-outputs.sh   (a build at hand)
#
# Builds REV in a temporary worktree (its own target folder), prints one
# line per input and option set, and exits 1 on any difference.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-HEAD}
work=$(mktemp -d)
trap 'git worktree remove --force "$work/ref" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
if [ -n "${REF_BIN:-}" ]; then
  ref=$REF_BIN
else
  git worktree add --detach "$work/ref" "$rev" >/dev/null 2>&1
  echo "building $rev and this tree" >&2
  (cd "$work/ref" && CARGO_TARGET_DIR="$work/ref-target" cargo build -q --release --bin pgn-arbiter)
  ref=$work/ref-target/release/pgn-arbiter
fi
cargo build -q --release --bin pgn-arbiter
new=${CARGO_TARGET_DIR:-target}/release/pgn-arbiter

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

# The third option set: the other row and cell choices, and an events file
# with a line that applies (a claim in the samples' first game) and one
# that matches nothing.
events=$work/events.csv
printf 'site,event,round,white,black,ply,command\n%s\n%s\n' \
  'https://lichess.org/NRafdioG,,,,,6,claim illegal white' \
  ',Open,1,Nobody,Nemo,3,arbiter illegal' > "$events"
option_sets=("--laws ru-rapid" "--laws by-date" "--rows flagged --raw --events $events")

failed=0
for input in "${inputs[@]}"; do
  for options in "${option_sets[@]}"; do

    for side in ref new; do
      bin=$ref; [ "$side" = new ] && bin=$new
      out=$work/out-$side
      rm -rf "$out" && mkdir -p "$out"
      # shellcheck disable=SC2086 # the option set is words
      "$bin" audit "$input" $options -o "$out/r" --html "$out/h" --fixed-pgn "$out/fixed.pgn" \
        >/dev/null 2>"$out/stderr" || true
      sed -i -e '/games\/s$/d' -e "s#$out#DIR#g" -e "s#$work#WORK#g" "$out/stderr"
      normalise "$out" > "$work/$side.txt"
    done
    if cmp -s "$work/ref.txt" "$work/new.txt"; then
      echo "same      $input ${options//$work/WORK}"
    else
      echo "DIFFERENT $input ${options//$work/WORK}"
      diff "$work/ref.txt" "$work/new.txt" | head -20 || true
      failed=1
    fi
  done
done
exit $failed
