#!/usr/bin/env bash
# Throughput and memory of `pgn-arbiter audit`, against a baseline measured in
# the same run (the same block pipeline doing only pgn-reader parsing and
# shakmaty replay), pgn-extract and python-chess.
#
#   scripts/bench.sh [--games N] [--rounds R] [--seed S] [--no-rss] [--real-copies K]
#   scripts/bench.sh --threads-sweep [...]   (scripts/bench-threads.sh: 1, 2, 4, …
#                                             threads, and the serial stage's share)
#
# The Python package (built into a virtual environment here, as
# docs/python.md says) is timed against the command line with the same
# options, and `--format parquet` against CSV.
#
# Two corpora: a deterministic generated one (examples/corpus.rs, N games)
# and a real one, the lichess sample of tests/data repeated K times (40:
# 39,960 games, 93 MB), each audited with --proof full and --proof fast.
# Runs every contender once a round, in turn, R rounds, and prints medians: games/s, MB/s, peak RSS,
# and the ratios the performance targets are stated in, and reading alone (examples/reading.rs:
# our split and parse against pgn-reader's visitor, one thread). Installs what it needs (pgn-extract,
# GNU time and zstd from Debian, python-chess from PyPI) and says so.
set -euo pipefail
export LC_ALL=C # EPOCHREALTIME and awk with a decimal point
cd "$(dirname "$0")/.."

games=200000
rounds=3
seed=2026
rss=1
copies=40
if [ "${1:-}" = --threads-sweep ]; then
  shift
  exec scripts/bench-threads.sh "$@"
fi
while [ $# -gt 0 ]; do
  case "$1" in
    --real-copies) copies=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --no-rss) rss=0; shift ;;
    *) echo "usage: scripts/bench.sh [--games N] [--rounds R] [--seed S] [--no-rss] [--real-copies K]" >&2; exit 2 ;;
  esac
done

need_apt=()
[ -x /usr/games/pgn-extract ] || command -v pgn-extract >/dev/null || need_apt+=(pgn-extract)
[ -x /usr/bin/time ] || need_apt+=(time)
command -v zstd >/dev/null || need_apt+=(zstd)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "installing from Debian: ${need_apt[*]}" >&2
  apt-get update -qq >/dev/null && apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
if ! python3 -c 'import chess' 2>/dev/null; then
  echo "installing python-chess from PyPI (pip install chess)" >&2
  pip install -q chess >/dev/null 2>&1
fi
pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
venv=${BENCH_VENV:-target/bench-venv}
if [ ! -x "$venv/bin/python" ]; then
  echo "making a virtual environment for the Python package: $venv" >&2
  python3 -m venv "$venv"
fi
echo "installing the Python package (pip install ./python)" >&2
"$venv/bin/pip" install -q ./python >/dev/null

# shellcheck source=scripts/bench-setup.sh
. scripts/bench-setup.sh
export BENCH_SELF_TIME=$work/self-time

corpus=$work/corpus.pgn
echo "generating $games games (seed $seed)" >&2
$target/profiling/examples/corpus --games "$games" --seed "$seed" > "$corpus"
zstd -q -3 "$corpus" -o "$corpus.zst"
python_games=$(( games < 2000 ? games : 2000 ))
$target/profiling/examples/corpus --games "$python_games" --seed "$seed" > "$work/python.pgn"
bytes=$(stat -c %s "$corpus")

cat > "$work/replay.py" <<'PY'
import sys, chess.pgn
n = 0
with open(sys.argv[1], encoding="utf-8") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
        n += 1
print(n)
PY

# case NAME GAMES BYTES COMMAND...: a contender for the next `measure`.
# measure: R rounds, each running every case once in turn, so that the
# VM's drift in speed (a third from one minute to the next) falls on all
# the contenders of a ratio alike; records "name games bytes seconds rss_kib cpu_seconds".
results=$work/results
cases=()
case_() {
  local name=$1 n=$2 size=$3; shift 3
  cases+=("$name $n $size $*")
}
measure() {
  local name n size cmd
  for round in $(seq "$1"); do
    for c in "${cases[@]}"; do
      read -r name n size cmd <<< "$c"
      # shellcheck disable=SC2086 # the command's words, none with a space
      # Wall time from the shell's clock (GNU time counts hundredths, a
      # twentieth of a 0.2 s run); GNU time gives the peak RSS and the CPU
      # seconds (user + system) of every thread.
      local started=$EPOCHREALTIME
      /usr/bin/time -f "%M %U %S" -o "$work/time" $cmd >/dev/null 2>"$work/stderr" || true
      local ended=$EPOCHREALTIME
      read -r rss_kib user sys < "$work/time"
      secs=$(awk -v a="$started" -v b="$ended" 'BEGIN { printf "%.4f", b - a }')
      cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
      # A Python contender times its own call (the interpreter's start and
      # imports are a user's once a session, not once an audit); the whole
      # process is kept beside it.
      if [ -s "$BENCH_SELF_TIME" ]; then
        echo "$name-process $n $size $secs $rss_kib $cpu" >> "$results"
        read -r secs < "$BENCH_SELF_TIME"
        rm -f "$BENCH_SELF_TIME"
        cpu=nan # the process's CPU time is not the call's
      fi
      echo "$name $n $size $secs $rss_kib $cpu" >> "$results"
    done
    echo "  round $round of $1 done" >&2
  done
  cases=()
}

echo "measuring, $rounds rounds, the contenders in turn" >&2
for t in 1 2; do
  case_ "baseline-${t}t" "$games" "$bytes" $target/profiling/examples/baseline "$corpus" --threads "$t"
  case_ "audit-${t}t" "$games" "$bytes" "$bin" audit "$corpus" -o "$work/out" --threads "$t"
  case_ "audit-fast-${t}t" "$games" "$bytes" "$bin" audit "$corpus" -o "$work/out" --threads "$t" --proof fast
done
case_ "audit-2t-no-dead-check" "$games" "$bytes" "$bin" audit "$corpus" -o "$work/out" --threads 2 --no-dead-check
case_ "audit-2t-zst" "$games" "$bytes" "$bin" audit "$corpus.zst" -o "$work/out" --threads 2
case_ "pgn-extract" "$games" "$bytes" "$pgn_extract" -r -s "$corpus"
case_ "python-chess" "$python_games" "$(stat -c %s "$work/python.pgn")" python3 "$work/replay.py" "$work/python.pgn"

measure "$rounds"

# The real corpus: real games, a third of them time forfeits that need a
# helpmate proof.
real=$work/real.pgn
for _ in $(seq "$copies"); do cat tests/data/lichess-2021-10-first-999.pgn; done > "$real"
real_games=$(( 999 * copies ))
real_bytes=$(stat -c %s "$real")
for t in 1 2; do
  case_ "real-baseline-${t}t" "$real_games" "$real_bytes" $target/profiling/examples/baseline "$real" --threads "$t"
  case_ "real-audit-${t}t" "$real_games" "$real_bytes" "$bin" audit "$real" -o "$work/out" --threads "$t"
  case_ "real-audit-fast-${t}t" "$real_games" "$real_bytes" "$bin" audit "$real" -o "$work/csv" --threads "$t" --proof fast
done
case_ "real-audit-2t-no-dead-check" "$real_games" "$real_bytes" "$bin" audit "$real" -o "$work/out" --threads 2 --no-dead-check
# A federation's rules against FIDE's on the same games (issue 55: within 10 %).
case_ "real-audit-1t-fide-2023" "$real_games" "$real_bytes" "$bin" audit "$real" -o "$work/out" --threads 1 --laws fide-2023
case_ "real-audit-1t-us-chess-7" "$real_games" "$real_bytes" "$bin" audit "$real" -o "$work/out" --threads 1 --laws us-chess-7
case_ "real-audit-2t-short-all" "$real_games" "$real_bytes" "$bin" audit "$real" -o "$work/out" --threads 2 --short-lines all
# Python against the command line, Parquet against CSV, same options.
# numpy, which pyarrow imports, leaves OpenBLAS's threads spinning for a
# moment after its import: timed at once, the call shared the two cores
# with them (0.58 s against 0.42 s a second later, or 0.46 s with
# OPENBLAS_NUM_THREADS=1). A session imports once; the call waits a second.
cat > "$work/audit.py" <<'PY'
import os, sys, time, pgn_arbiter
time.sleep(1.0)
started = time.perf_counter()
report = pgn_arbiter.audit(sys.argv[1], proof=sys.argv[2], threads=2)
took = time.perf_counter() - started
open(os.environ["BENCH_SELF_TIME"], "w").write(f"{took:.3f}\n")
print(report.verdicts.num_rows)
PY
cat > "$work/batches.py" <<'PY'
import sys, pgn_arbiter
rows = 0
for verdicts, incidents in pgn_arbiter.audit_batches(sys.argv[1], proof=sys.argv[2], threads=2):
    rows += verdicts.num_rows
print(rows)
PY
for proof in full fast; do
  case_ "real-parquet-$proof-2t" "$real_games" "$real_bytes" "$bin" audit "$real" -o "$work/parquet" --threads 2 --proof $proof --format parquet
  case_ "real-python-$proof-2t" "$real_games" "$real_bytes" "$venv/bin/python" "$work/audit.py" "$real" $proof
done
# Reading alone, one thread: our split and parse against pgn-reader's visitor,
# over the real corpus five times (once takes a fifth of a second: too short
# for the VM's jitter).
for _ in 1 2 3 4 5; do cat "$real"; done > "$work/real5.pgn"
case_ "real-read-ours" $(( real_games * 5 )) $(( real_bytes * 5 )) $target/profiling/examples/reading "$work/real5.pgn" ours
case_ "real-read-pgn-reader" $(( real_games * 5 )) $(( real_bytes * 5 )) $target/profiling/examples/reading "$work/real5.pgn" pgn-reader
case_ "real-pgn-extract" "$real_games" "$real_bytes" "$pgn_extract" -r -s "$real"
# The same games as lichess's NDJSON export writes them (issue 66: a game
# of an export no slower than a game of PGN).
python3 scripts/pgn_to_lichess_ndjson.py "$real" > "$work/real.ndjson"
case_ "real-audit-1t-ndjson" "$real_games" "$(stat -c %s "$work/real.ndjson")" "$bin" audit "$work/real.ndjson" -o "$work/out" --threads 1
measure "$rounds"
rm -f "$work/real5.pgn"
# The fast runs' reports, CSV and Parquet, of the same games.
sizes="$(stat -c %s "$work/csv/verdicts.csv") $(stat -c %s "$work/parquet/verdicts.parquet")"

if [ "$rss" = 1 ]; then
  # Memory must not grow with the input: 100 MB against 1 GB, both proofs.
  per_game=$(( bytes / games ))
  for mb in 100 1000; do
    n=$(( mb * 1000000 / per_game ))
    $target/profiling/examples/corpus --games "$n" --seed "$seed" > "$work/rss.pgn"
    case_ "audit-2t-${mb}MB" "$n" "$(stat -c %s "$work/rss.pgn")" "$bin" audit "$work/rss.pgn" -o "$work/out" --threads 2
    case_ "audit-fast-2t-${mb}MB" "$n" "$(stat -c %s "$work/rss.pgn")" "$bin" audit "$work/rss.pgn" -o "$work/out" --threads 2 --proof fast
    case_ "python-batches-fast-2t-${mb}MB" "$n" "$(stat -c %s "$work/rss.pgn")" "$venv/bin/python" "$work/batches.py" "$work/rss.pgn" fast
    measure 1
    rm -f "$work/rss.pgn"
  done
fi

# The helpmate lines the HTML pages of the lichess 999 step through, in
# plies, searched short (`--short-lines all`: by default a confirmed row's
# page shows the solver's own line, as its row quotes it, issue 64; every
# page with a line here is a confirmed row's, written with --html-pages all): their median and 90th
# percentile, and how many pages have a reason that quotes another line
# than the one stepped through.
"$bin" audit tests/data/lichess-2021-10-first-999.pgn -o "$work/out" --html "$work/html" --html-pages all --short-lines all 2>/dev/null || true
lines=$(python3 - "$work/html" <<'PY'
import glob, html, re, sys
lengths, other = [], 0
for page in glob.glob(sys.argv[1] + "/**/*.html", recursive=True):
    text = open(page, encoding="utf-8").read()
    found = re.search(r'<span id="helpmate">(.*?)</span>', text, re.S)
    if not found:
        continue
    line = html.unescape(found.group(1))
    lengths.append(len(re.sub(r"\d+\.(\.\.)?", " ", line).split()))
    reason = html.unescape(re.search(r'id="reason">(.*?)</div>', text, re.S).group(1))
    other += " ".join(line.split()[:4]) not in reason
lengths.sort()
at = lambda q: lengths[min(len(lengths) - 1, int(q * len(lengths)))] if lengths else 0
print(len(lengths), at(0.5), at(0.9), other)
PY
)

python3 - "$results" "$games" "$bytes" "$sizes" "$lines" <<'PY'
import sys, statistics, collections, platform, os, datetime
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, n, size, secs, rss, cpu = line.split()
    rows[name].append((int(n), int(size), float(secs), int(rss), float(cpu)))
med = {}
for name, rs in rows.items():
    n, size = rs[0][0], rs[0][1]
    secs = max(statistics.median(r[2] for r in rs), 0.001)
    rss = max(r[3] for r in rs) / 1024
    # Cores busy: CPU seconds of all threads over the wall time.
    cores = statistics.median(r[4] / max(r[2], 0.001) for r in rs)
    med[name] = (n / secs, size / secs / 1e6, rss, secs, n, cores)
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
print(f"machine: {cpu}, {os.cpu_count()} cores; {datetime.date.today()}; corpus {sys.argv[2]} games, "
      f"{int(sys.argv[3]) / 1e6:.0f} MB; medians of {len(next(iter(rows.values())))} rounds")
print()
print(f"| {'run':<24} | {'games':>8} | {'seconds':>8} | {'games/s':>9} | {'MB/s':>7} | {'peak RSS MiB':>12} | {'cores busy':>10} |")
print(f"|{'-'*26}|{'-'*10}|{'-'*10}|{'-'*11}|{'-'*9}|{'-'*14}|{'-'*12}|")
for name, (gps, mbps, rss, secs, n, cores) in med.items():
    busy = "-" if cores != cores else f"{cores:.2f}"
    print(f"| {name:<24} | {n:>8} | {secs:>8.3f} | {gps:>9.0f} | {mbps:>7.1f} | {rss:>12.1f} | {busy:>10} |")
print()
def ratio(a, b):
    return med[a][0] / med[b][0] if a in med and b in med else float("nan")
def cpu_bound(two, one):
    # One thread's wall time over half of two threads' CPU seconds.
    if two not in med or one not in med:
        return float("nan")
    return med[one][3] / (med[two][3] * med[two][5] / 2)
checks = [
    ("generated corpus", None, ""),
    ("full audit / baseline, 1 thread", ratio("audit-1t", "baseline-1t"), ">= 0.30"),
    ("fast audit / baseline, 1 thread", ratio("audit-fast-1t", "baseline-1t"), ">= 0.70"),
    ("audit 2 threads / 1 thread", ratio("audit-2t", "audit-1t"), ">= 1.8"),
    ("baseline 2 threads / 1 thread", ratio("baseline-2t", "baseline-1t"), "(reference)"),
    ("audit 2 threads / pgn-extract", ratio("audit-2t", "pgn-extract"), ">= 3.5"),
    ("fast 2 threads / pgn-extract", ratio("audit-fast-2t", "pgn-extract"), ">= 7"),
    ("audit 2 threads / python-chess", ratio("audit-2t", "python-chess"), "(reference)"),
    ("dead-position check cost", 1 - ratio("audit-2t", "audit-2t-no-dead-check"), "<= 0.10"),
    (".zst input / plain input", ratio("audit-2t-zst", "audit-2t"), ">= 0.85"),
    ("real corpus (lichess sample repeated)", None, ""),
    ("reading alone / pgn-reader, 1 thread", ratio("real-read-ours", "real-read-pgn-reader"), ">= 1.0"),
    ("full audit / baseline, 1 thread", ratio("real-audit-1t", "real-baseline-1t"), ">= 0.30"),
    ("fast audit / baseline, 1 thread", ratio("real-audit-fast-1t", "real-baseline-1t"), ">= 0.70"),
    ("full 2 threads / 1 thread", ratio("real-audit-2t", "real-audit-1t"), ">= 1.8"),
    ("fast 2 threads / 1 thread", ratio("real-audit-fast-2t", "real-audit-fast-1t"), ">= 1.8"),
    ("baseline 2 threads / 1 thread", ratio("real-baseline-2t", "real-baseline-1t"), "(reference)"),
    # With two busy cores, 2 t cannot beat its CPU seconds over two: the
    # reader and writer threads run beside the one worker at 1 t for free,
    # beside the two at 2 t not.
    ("  fast 2 t / 1 t at most, by CPU", cpu_bound("real-audit-fast-2t", "real-audit-fast-1t"), "(reference)"),
    ("  full 2 t / 1 t at most, by CPU", cpu_bound("real-audit-2t", "real-audit-1t"), "(reference)"),
    ("full 2 threads / pgn-extract", ratio("real-audit-2t", "real-pgn-extract"), ">= 3.5"),
    ("fast 2 threads / pgn-extract", ratio("real-audit-fast-2t", "real-pgn-extract"), ">= 7"),
    ("dead-position check cost", 1 - ratio("real-audit-2t", "real-audit-2t-no-dead-check"), "<= 0.10"),
    ("us-chess-7 / fide-2023, 1 thread", ratio("real-audit-1t-us-chess-7", "real-audit-1t-fide-2023"), ">= 0.90"),
    ("NDJSON / PGN, same games, 1 thread", ratio("real-audit-1t-ndjson", "real-audit-1t"), ">= 1.00"),
    ("Python and Parquet (real corpus, 2 threads)", None, ""),
    ("Python / command line time, fast", 1 / ratio("real-python-fast-2t", "real-audit-fast-2t"), "<= 1.15"),
    ("Python / command line time, full", 1 / ratio("real-python-full-2t", "real-audit-2t"), "(reference)"),
    # The process's time less the one-second pause of audit.py.
    ("  fast, the whole Python process", (med["real-python-fast-2t-process"][3] - 1.0) / med["real-audit-fast-2t"][3]
     if "real-python-fast-2t-process" in med else float("nan"), "(reference)"),
    ("Parquet / CSV time, full", 1 / ratio("real-parquet-full-2t", "real-audit-2t"), "<= 1.00"),
    ("Parquet / CSV time, fast", 1 / ratio("real-parquet-fast-2t", "real-audit-fast-2t"), "<= 1.00"),
    ("verdicts.parquet / verdicts.csv bytes", (lambda c, p: p / c)(*map(int, sys.argv[4].split())), "<= 0.20"),
]
checks.append(("--short-lines all / read time, full", 1 / ratio("real-audit-2t-short-all", "real-audit-2t"), "(reference)"))
pages, median, p90, other = map(int, sys.argv[5].split())
checks.append(("HTML helpmate lines (lichess 999, --short-lines all)", None, ""))
checks.append((f"median plies, of {pages} pages", f"{median}", "<= 6"))
checks.append(("90th percentile plies", f"{p90}", "<= 20"))
checks.append(("reasons quoting another line", f"{other}", "0"))
if "python-batches-fast-2t-1000MB" in med:
    checks.append(("audit_batches peak RSS MiB, 1 GB", f"{med['python-batches-fast-2t-1000MB'][2]:.1f}", "<= 256"))
for mode in ("", "fast-"):
    if f"audit-{mode}2t-1000MB" in med:
        checks.append((f"peak RSS MiB, 100 MB -> 1 GB {mode or 'full-'}".rstrip("-"),
                       f"{med[f'audit-{mode}2t-100MB'][2]:.1f} -> {med[f'audit-{mode}2t-1000MB'][2]:.1f}",
                       "<= 64, flat"))
for what, value, target in checks:
    if value is None:
        print(f"\n{what}:")
        continue
    shown = value if isinstance(value, str) else f"{value:.2f}"
    print(f"{what:<34} {shown:>16}   target {target}")
PY
