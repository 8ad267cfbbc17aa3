#!/usr/bin/env bash
# How the audit scales with threads, and how much of it the serial stage
# (one thread reading the input and cutting it into games) can feed.
#
#   scripts/bench-threads.sh [--copies K] [--rounds R] [--threads "1 2 4 ..."]
#
# The corpus is the lichess sample of tests/data repeated K times (40:
# 39,960 games, 93 MB; 400 on a 16-core machine: 399,600 games, 930 MB),
# read from the page cache (one untimed read first). For each thread count
# (default 1, 2, 4, … up to the machine's cores, and the cores themselves)
# it times the baseline (examples/baseline.rs: the same block pipeline doing
# only pgn-reader parsing and shakmaty replay), `audit --proof fast` and
# `audit` (full), R rounds in turn (default 2), and prints the best round:
# games/s and the speed-up over one thread. `fast` also runs with the file
# read in one stream (`--range-bytes 0`: the reader thread splits it all)
# and in ranges split on the workers (`--range-bytes 1048576`, the default
# from 4 threads on); their speed-ups are over the one-stream run on one
# thread; `fast-zst` audits the corpus compressed with zstd (read in one
# stream, decompressed ahead on a thread of its own from 4 threads on);
# `fast-lean` holds fewer blocks in flight (`--blocks-in-flight`, the
# threads and four, where the default is four a thread). Every run's
# verdicts.csv is compared with one thread's: the output must be the same
# bytes; under the table, the peak memory of `fast` and `fast-lean` at each
# thread count and their growth per added thread (GNU time).
#
# Then the serial stage alone: examples/reading.rs's `split` (the reader's
# work: the read and the split into games, no parse) on one thread, in
# GB/s, against what one worker consumes (the input's bytes over the
# one-thread time of each contender): their quotient is the thread count
# at which the reader alone could no longer keep the workers fed. The same
# for the corpus compressed with zstd and gzip, decompressed and split on
# one thread, and decompressed ahead on a second (examples/reading.rs
# `split-ahead`).
#
# On a machine without Rust (the lent 16-core one), build here and carry
# the three binaries: BENCH_NO_BUILD=1 skips the build and uses
# target/profiling/{pgn-arbiter,examples/baseline,examples/reading}.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."

copies=40
rounds=2
cores=$(nproc)
threads=""
while [ $# -gt 0 ]; do
  case "$1" in
    --copies) copies=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    *) echo "usage: scripts/bench-threads.sh [--copies K] [--rounds R] [--threads \"1 2 4\"]" >&2; exit 2 ;;
  esac
done
if [ -z "$threads" ]; then
  t=1
  while [ "$t" -lt "$cores" ]; do threads="$threads $t"; t=$(( t * 2 )); done
  threads="$threads $cores"
fi

# shellcheck source=scripts/bench-setup.sh
. scripts/bench-setup.sh

corpus=$work/real.pgn
for _ in $(seq "$copies"); do cat tests/data/lichess-2021-10-first-999.pgn; done > "$corpus"
games=$(( 999 * copies ))
bytes=$(stat -c %s "$corpus")
cat "$corpus" > /dev/null
# The same corpus compressed, as data teams keep their dumps: read in one
# stream, decompressed ahead from 4 threads on.
# A machine that cannot install zstd (the lent one reaches no network)
# runs the rest without it.
packs="gz"
command -v zstd > /dev/null || apt-get install -y -qq zstd > /dev/null 2>&1 \
  || echo "zstd is not installed and could not be: its runs are left out" >&2
command -v zstd > /dev/null && { zstd -q -3 "$corpus" -o "$corpus.zst"; packs="zst gz"; }
gzip -k -6 "$corpus"

# time_of NAME COMMAND...: the command's wall seconds and peak memory (KiB,
# 0 where GNU time is missing), appended to results.
results=$work/results
peak=()
[ -x /usr/bin/time ] && peak=(/usr/bin/time -f %M -o "$work/rss")
time_of() {
  local name=$1; shift
  echo 0 > "$work/rss"
  local started=$EPOCHREALTIME
  "${peak[@]}" "$@" > /dev/null 2> "$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
  local ended=$EPOCHREALTIME
  awk -v n="$name" -v a="$started" -v b="$ended" -v k="$(tail -1 "$work/rss")" \
    'BEGIN { printf "%s %.4f %d\n", n, b - a, k }' >> "$results"
}

echo "machine: $(nproc) cores; corpus $games games, $(( bytes / 1000000 )) MB; best of $rounds rounds; threads:$threads" >&2
for round in $(seq "$rounds"); do
  for t in $threads; do
    time_of "baseline $t" "$target/profiling/examples/baseline" "$corpus" --threads "$t"
    time_of "fast $t" "$bin" audit "$corpus" -o "$work/fast-$t" --threads "$t" --proof fast
    # The file read in one stream (the reader thread splits it all), and in
    # ranges split on the workers (the default from 4 threads on).
    time_of "fast-1stream $t" "$bin" audit "$corpus" -o "$work/fast-1stream-$t" --threads "$t" --proof fast --range-bytes 0
    time_of "fast-ranges $t" "$bin" audit "$corpus" -o "$work/fast-ranges-$t" --threads "$t" --proof fast --range-bytes 1048576
    # Fewer blocks in flight (a thread's one and four more, where the
    # default is four a thread): what the bound's memory buys in time.
    time_of "fast-lean $t" "$bin" audit "$corpus" -o "$work/fast-lean-$t" --threads "$t" --proof fast --blocks-in-flight $(( t + 4 ))
    time_of "full $t" "$bin" audit "$corpus" -o "$work/full-$t" --threads "$t"
    kinds="fast fast-1stream fast-ranges fast-lean full"
    if [ -f "$corpus.zst" ]; then
      time_of "fast-zst $t" "$bin" audit "$corpus.zst" -o "$work/fast-zst-$t" --threads "$t" --proof fast
      kinds="$kinds fast-zst"
    fi
    for kind in $kinds; do
      one=$work/fast-1stream-1
      [ "$kind" = full ] && one=$work/full-1
      [ "$kind" = fast-zst ] && one=$work/fast-zst-1
      cmp -s "$one/verdicts.csv" "$work/$kind-$t/verdicts.csv" \
        || { echo "$kind, $t threads: verdicts.csv differs from one thread's" >&2; exit 1; }
    done
  done
  time_of "split 1" "$target/profiling/examples/reading" "$corpus" split
  for packed in $packs; do
    time_of "split-$packed 1" "$target/profiling/examples/reading" "$corpus.$packed" split
    time_of "ahead-$packed 1" "$target/profiling/examples/reading" "$corpus.$packed" split-ahead
  done
  echo "  round $round done" >&2
done

python3 - "$results" "$games" "$bytes" "$threads" <<'PY'
import sys
results, games, size, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4].split()
best, rss = {}, {}
for line in open(results):
    kind, t, secs, kib = line.split()
    key = (kind, int(t))
    best[key] = min(best.get(key, float("inf")), float(secs))
    rss[key] = max(rss.get(key, 0), int(kib))
kinds = [k for k in ("baseline", "fast", "fast-1stream", "fast-ranges", "fast-lean", "full", "fast-zst")
         if (k, 1) in best]
print("| threads | " + " | ".join(f"{k:>22}" for k in kinds) + " |")
print("|---" * (len(kinds) + 1) + "|")
for t in map(int, threads):
    cells = []
    for kind in kinds:
        secs = best[(kind, t)]
        up = best[(kind, 1)] / secs
        # Speed-ups over the one-thread fast audit's own reading (one stream).
        one = best[("fast-1stream", 1)] if kind in ("fast", "fast-1stream", "fast-ranges", "fast-lean") else best[(kind, 1)]
        cells.append(f"{secs:6.3f} s {games / secs:8.0f}/s {one / secs:5.2f}x")
    print(f"| {t:7d} | " + " | ".join(cells) + " |")
split = size / best[("split", 1)] / 1e9
print()
print(f"serial stage alone (read and split, one thread): {split:.2f} GB/s")
for kind in ("baseline", "fast", "full"):
    worker = size / best[(kind, 1)] / 1e9
    print(f"  one {kind} worker consumes {worker:.3f} GB/s: the reader keeps up to {split / worker:.1f} of them fed")
fast = size / best[("fast", 1)] / 1e9
for packed, name in ((p, n) for p, n in (("zst", "zstd"), ("gz", "gzip")) if (f"split-{p}", 1) in best):
    alone = size / best[(f"split-{packed}", 1)] / 1e9
    ahead = size / best[(f"ahead-{packed}", 1)] / 1e9
    print(f"{name} input, read, decompressed and split on one thread: {alone:.2f} GB/s (keeps {alone / fast:.1f} fast workers fed);"
          f" decompressed ahead on a second thread (from 4 threads on): {ahead:.2f} GB/s ({ahead / fast:.1f})")
if all(rss.values()):
    ts = list(map(int, threads))
    for kind in ("fast", "fast-lean"):
        mib = {t: rss[(kind, t)] / 1024 for t in ts}
        print(f"peak memory of {kind} (MiB, the most of the rounds): " + ", ".join(f"{t}: {mib[t]:.0f}" for t in ts))
        if len(ts) > 2:
            print(f"  from {ts[1]} to {ts[-1]} threads: {(mib[ts[-1]] - mib[ts[1]]) / (ts[-1] - ts[1]):.2f} MiB"
                  " an added thread (a block is 0.5 MiB)")
print("verdicts.csv at every thread count: the same bytes as at one thread")
PY
