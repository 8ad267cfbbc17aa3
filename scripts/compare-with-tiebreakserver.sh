#!/usr/bin/env bash
# FIDE's calculator and pgn-arbiter side by side on every TRF here: the
# project's fixtures (tests/data/tournaments), the shared data's when it is
# beside the checkout, and the team byes of every kind that
# scripts/team-bye-cases.py writes. Individual reports go to
# scripts/compare-tiebreaks.py, team reports to
# scripts/compare-team-tiebreaks.py; every value that differs is listed.
#
#   scripts/compare-with-tiebreakserver.sh TIEBREAKSERVER_DIR [--generated N [SEED]]
#
# --generated: also N random events of each class scripts/generate-events.py
# writes (Swiss, odd and even round robins, complete Swisses, team Swisses),
# with the values compared and differing per class at the end.
#
# TieBreakServer (OttoMilvang/TieBreakServer) is not needed by CI: fetch it
# and `pip install networkx`. Exits 1 if any value differs.
set -uo pipefail
cd "$(dirname "$0")/.."
tbs=${1:?usage: scripts/compare-with-tiebreakserver.sh TIEBREAKSERVER_DIR [--generated N [SEED]]}
generated=0 seed=2026
if [ "${2:-}" = --generated ]; then generated=${3:?--generated N}; seed=${4:-2026}; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/team-bye-cases.py "$work/byes"
# One copy of each report: the fixtures repeat some of the shared data's.
mapfile -t all < <(find tests/data/tournaments ../shared/data/tournaments "$work/byes" -name '*.trf' \
  -exec md5sum {} + 2>/dev/null | sort -k1,1 -u | cut -d' ' -f3- | sort)
team=() individual=()
for f in "${all[@]}"; do
  if grep -qE '^(013|310) ' "$f"; then team+=("$f"); else individual+=("$f"); fi
done
status=0
echo "== individual reports (${#individual[@]})"
python3 scripts/compare-tiebreaks.py "$tbs" "${individual[@]}" || status=1
echo "== team reports (${#team[@]})"
python3 scripts/compare-team-tiebreaks.py "$tbs" "${team[@]}" || status=1
if [ "$generated" -gt 0 ]; then
  python3 scripts/generate-events.py "$work/gen" "$generated" "$seed"
  echo "== generated events ($generated a class, seed $seed)"
  { python3 scripts/compare-tiebreaks.py "$tbs" "$work"/gen/{swiss,rr,complete}-*.trf
    python3 scripts/compare-team-tiebreaks.py "$tbs" "$work"/gen/team-*.trf; } > "$work/gen.txt" || status=1
  grep '^  ' "$work/gen.txt"
  echo "== generated, per class: values compared, values that differ, files not read"
  awk -F': ' '/^[a-z]/ && !/^all:/ {
      class = $1; sub(/-[0-9]+\.trf$/, "", class)
      if ($2 ~ /values/) { split($2, v, " "); n[class] += v[1]; d[class] += v[3] } else { u[class]++ }
    }
    END { for (c in n) printf "%-15s %7d %6d %4d\n", c, n[c], d[c], u[c] + 0 }' "$work/gen.txt" | sort
fi
exit $status
