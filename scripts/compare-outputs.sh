#!/usr/bin/env bash
# Compares every output of this tree's binary with a reference build, byte
# for byte: verdicts.csv, incidents.csv, summary.json (but its seconds), the
# corrected PGN and the HTML pages (but the seconds in the index), on the samples, the shared real games
# (lichess, otb, servers, DGT, engine), the edge cases and the adversarial
# files, under the default Laws, --laws by-date, and --rows flagged --raw
# with an --events file; `tournament`'s files and words on every report
# here; `explain` of every sample. For a change that must
# not change behaviour (a refactoring, a speed-up).
#
#   scripts/compare-outputs.sh [REV]     (default REV: HEAD)
#   REF_BIN=path/to/pgn-arbiter scripts/compare-outputs.sh   (a build at hand)
#   NEW_THREADS=1 scripts/compare-outputs.sh    (this tree's audits on 1 thread;
#                                                the reference's on all cores)
#   NEW_ARGS="--range-bytes 4096" scripts/compare-outputs.sh   (more options for
#                                                this tree's audits)
#
# Builds REV in a temporary worktree (its own target folder), prints one
# line per input and option set, and exits 1 on any difference. The
# summary.json keys that became stable names (issue 54: no_category was
# keyed by a sentence) are renamed on the reference's side first, and the
# renames are listed; set RENAMES= to compare without them.
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

# summary.json keys renamed since: `"old": ` becomes `"new": `.
default_renames=(
  'no TimeControl tag, and too few clock readings to infer one|no-control'
  'a TimeControl tag that cannot be read, and too few clock readings to infer one|control-unread'
  'a TimeControl tag in seconds or minutes, and no clock reading or source to tell which|unit-unknown'
)
renames=()
if [ -z "${RENAMES+set}" ]; then
  renames=("${default_renames[@]}")
  echo "summary.json keys renamed on the reference's side:"
  for rename in "${renames[@]}"; do echo "  \"${rename%%|*}\" -> \"${rename#*|}\""; done
fi
rename_keys() {
  local file=$1 rename
  for rename in "${renames[@]}"; do
    sed -i "s#^\( *\)\"${rename%%|*}\": #\1\"${rename#*|}\": #" "$file"
  done
}

# The report files of a run, summary.json without its seconds and with the
# temporary paths made alike.
normalise() {
  local dir=$1
  # A lock file holds its run's process number.
  find "$dir" -type f ! -name '*.lock' | sort | while read -r file; do
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
      bin=$ref threads=()
      # shellcheck disable=SC2206 # NEW_ARGS is words
      [ "$side" = new ] && bin=$new && threads=(${NEW_THREADS:+--threads "$NEW_THREADS"} ${NEW_ARGS:-})
      out=$work/out-$side
      rm -rf "$out" && mkdir -p "$out"
      # shellcheck disable=SC2086 # the option set is words
      "$bin" audit "$input" $options "${threads[@]}" -o "$out/r" --html "$out/h" --fixed-pgn "$out/fixed.pgn" \
        >/dev/null 2>"$out/stderr" || true
      sed -i -e '/games\/s$/d' -e "s#$out#DIR#g" -e "s#$work#WORK#g" "$out/stderr"
      normalise "$out" > "$work/$side.txt"
    done
    rename_keys "$work/ref.txt"
    if cmp -s "$work/ref.txt" "$work/new.txt"; then
      echo "same      $input ${options//$work/WORK}"
    else
      echo "DIFFERENT $input ${options//$work/WORK}"
      diff "$work/ref.txt" "$work/new.txt" | head -20 || true
      failed=1
    fi
  done
done

# `tournament` on every report here (without games, and with the test
# events' games and options), its files, stdout and stderr.
reports=(tests/data/tournaments/trf/*.trf tests/data/tournaments/team/*.trf)
for f in ../shared/data/tournaments/trf/*.trf ../shared/data/tournaments/team/*.trf \
         ../shared/data/tournaments/tiebreak-exercises/*.trf; do
  [ -e "$f" ] && reports+=("$f")
done
: > "$work/none.pgn"
cases=()
for report in "${reports[@]}"; do cases+=("$report|$work/none.pgn|"); done
u19=tests/data/tournaments/u19-2010
team=tests/data/tournaments/team
cases+=("$u19/report.trf|$u19/games.pgn|--html H"
        "$u19/report.trf|$u19/games.pgn|--tiebreaks ARO,SB --tiebreak-rules 2026 --score-system W=3,D=1"
        "$u19/report.trf|$u19/games.pgn|--events $events --only-rapid"
        "$team/held-team-exercises-trf26.trf|$team/held-team-games.pgn|--tiebreaks MP,EDE,BH:MP --html H")
for case in "${cases[@]}"; do
  IFS='|' read -r report games options <<< "$case"
  report=$(realpath "$report") games=$(realpath "$games")
  for side in ref new; do
    bin=$ref; [ "$side" = new ] && bin=$new
    out=$work/t-$side
    rm -rf "$out" && mkdir -p "$out"
    bin=$(realpath "$bin")
    # shellcheck disable=SC2086 # the option set is words
    (cd "$out" && "$bin" tournament "$report" "$games" -o r $options >stdout 2>stderr || true)
    normalise "$out" > "$work/$side.txt"
  done
  if cmp -s "$work/ref.txt" "$work/new.txt"; then
    echo "same      tournament ${report#"$PWD/"} ${options//$work/WORK} ($(wc -l < "$work/new.txt") lines)"
  else
    echo "DIFFERENT tournament ${report#"$PWD/"} ${options//$work/WORK}"
    diff "$work/ref.txt" "$work/new.txt" | head -20 || true
    failed=1
  fi
done

# `explain` of each sample under both rule sets.
for sample in samples/rules/*.pgn samples/editions/*.pgn; do
  for laws in ru-rapid by-date; do
    "$ref" explain "$sample" --laws "$laws" --no-color > "$work/ref.txt" 2>&1 || true
    "$new" explain "$sample" --laws "$laws" --no-color > "$work/new.txt" 2>&1 || true
    if ! cmp -s "$work/ref.txt" "$work/new.txt"; then
      echo "DIFFERENT explain $sample --laws $laws"
      diff "$work/ref.txt" "$work/new.txt" | head -20 || true
      failed=1
    fi
  done
done
echo "explain: $(ls samples/rules/*.pgn samples/editions/*.pgn | wc -l) samples compared"
exit $failed
