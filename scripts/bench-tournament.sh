#!/usr/bin/env bash
# How `pgn-arbiter tournament` grows with the tournament: a 9-round Swiss of
# 400, 800, 1600 and 3200 players (every game a white win, no Round tags, as
# lichess and many club exports write them), timed against `audit` of the
# same games in the same run, the baseline. Matching was quadratic (43 s for
# 3,200 players); indexed, each doubling of the players should cost about
# twice the time, as the audit does.
#
#   scripts/bench-tournament.sh [--rounds R]
#
# Prints, per size: the median of R runs of each, the tournament / audit
# ratio, and the time ratio to the previous size (linear: 2).
#
# Then a team event: 100 teams of 10 boards (1,000 players), 11 rounds,
# 5,500 games, checked as the team competition its `013` lines make it
# (team standings, matches, team tie-breaks) against the check of the same
# report without its `013` lines (the individual check of the same games),
# the baseline: the ratio says what the team side costs.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=3
[ "${1:-}" = "--rounds" ] && rounds=$2
cargo build --release --quiet
P=$PWD/target/release/pgn-arbiter
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

gen() {
  python3 - "$1" "$W" <<'PY'
import sys
P, out = int(sys.argv[1]), sys.argv[2]
cells = {i: [] for i in range(1, P + 1)}; games = []; arr = list(range(1, P + 1))
for r in range(9):
    for k in range(P // 2):
        a, b = arr[k], arr[P - 1 - k]
        w, bl = (a, b) if (r + k) % 2 == 0 else (b, a)
        cells[w].append((bl, 'w', '1')); cells[bl].append((w, 'b', '0')); games.append((w, bl))
    arr = [arr[0], arr[-1]] + arr[1:-1]
with open("%s/q%d.trf" % (out, P), "w") as f:
    f.write("012 Quad\n")
    for i in range(1, P + 1):
        f.write("001 %4d      %-33s %4d %-3s %11s %10s %4.1f %4d" % (i, "Surname%d, Given%d" % (i, i), 2000, "IRL", "", "", 4.5, i)
                + "".join("  %4d %s %s" % c for c in cells[i]) + "\n")
with open("%s/q%d.pgn" % (out, P), "w") as f:
    for w, b in games:
        f.write('[White "Surname%d, Given%d"]\n[Black "Surname%d, Given%d"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n\n' % (w, w, b, b))
PY
}

seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); echo "$e - $s" | bc -l; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf '%-8s %-7s %12s %12s %18s %16s\n' players games "audit s" "tournament s" "tournament/audit" "x previous size"
previous=""
for n in ${SIZES:-400 800 1600 3200}; do
  gen "$n"
  a=$(for _ in $(seq "$rounds"); do seconds "$P" audit "$W/q$n.pgn" -o "$W/a$n"; done | median)
  t=$(for _ in $(seq "$rounds"); do seconds "$P" tournament "$W/q$n.trf" "$W/q$n.pgn" -o "$W/t$n"; done | median)
  growth=$([ -n "$previous" ] && echo "scale=2; $t / $previous" | bc -l || echo "-")
  printf '%-8s %-7s %12.3f %12.3f %18.2f %16s\n' "$n" $((n * 9 / 2)) "$a" "$t" "$(echo "$t / $a" | bc -l)" "$growth"
  previous=$t
done

team_gen() {
  python3 - "$W" <<'PY'
import sys
out = sys.argv[1]
T, B, R = 100, 10, 11
cells = {i: [] for i in range(1, T * B + 1)}; games = []; arr = list(range(1, T + 1))
member = lambda t, k: (t - 1) * B + k
for r in range(R):
    for i in range(T // 2):
        a, b = arr[i], arr[T - 1 - i]
        for k in range(1, B + 1):
            pa, pb = member(a, k), member(b, k)
            w, bl = (pa, pb) if (k + r) % 2 else (pb, pa)
            res = "10="[(r + k + a) % 3]
            cells[w].append((bl, "w", res)); cells[bl].append((w, "b", {"1": "0", "0": "1", "=": "="}[res]))
            games.append((r + 1, w, bl, {"1": "1-0", "0": "0-1", "=": "1/2-1/2"}[res]))
    arr = [arr[0], arr[-1]] + arr[1:-1]
def player_line(i):
    points = sum({"1": 1, "=": 0.5, "0": 0}[c[2]] for c in cells[i])
    return ("001 %4d      %-33s %4d %-3s %11s %10s %4.1f %4d" % (i, "Surname%d, Given%d" % (i, i), 2000, "IRL", "", "", points, i)
            + "".join("  %4d %s %s" % c for c in cells[i]) + "\n")
with open("%s/team.trf" % out, "w") as f, open("%s/individual.trf" % out, "w") as g:
    for h in (f, g):
        h.write("012 Team bench\n042 2025/01/01\n")
        for i in range(1, T * B + 1):
            h.write(player_line(i))
    for t in range(1, T + 1):
        f.write("013 %-32s" % ("Team %d" % t) + " ".join("%4d" % member(t, k) for k in range(1, B + 1)) + "\n")
with open("%s/team.pgn" % out, "w") as f:
    for r, w, b, res in games:
        moves = {"1-0": "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", "0-1": "1. f3 e5 2. g4 Qh4# 0-1",
                 "1/2-1/2": "1. e4 e5 1/2-1/2"}[res]
        f.write('[Event "Team bench"]\n[Round "%d"]\n[White "Surname%d, Given%d"]\n[Black "Surname%d, Given%d"]\n[Result "%s"]\n\n%s\n\n' % (r, w, w, b, b, res, moves))
PY
}

echo
team_gen
printf '%-34s %14s %12s %18s\n' event "individual s" "team s" "team/individual"
i=$(for _ in $(seq "$rounds"); do seconds "$P" tournament "$W/individual.trf" "$W/team.pgn" -o "$W/ti"; done | median)
t=$(for _ in $(seq "$rounds"); do seconds "$P" tournament "$W/team.trf" "$W/team.pgn" -o "$W/tt"; done | median)
printf '%-34s %14.3f %12.3f %18.2f\n' "100 teams, 1000 players, 11 rounds" "$i" "$t" "$(echo "$t / $i" | bc -l)"
grep -c . "$W/tt/team-matches.csv" | awk '{print "team-matches.csv rows (with its header): " $1}'
