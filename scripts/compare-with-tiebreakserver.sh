#!/usr/bin/env bash
# FIDE's calculator and pgn-arbiter side by side on every TRF here: the
# project's fixtures (tests/data/tournaments), the shared data's when it is
# beside the checkout, and the team byes of every kind that
# scripts/team-bye-cases.py writes. Individual reports go to
# scripts/compare-tiebreaks.py, team reports to
# scripts/compare-team-tiebreaks.py; every value that differs is listed.
#
#   scripts/compare-with-tiebreakserver.sh TIEBREAKSERVER_DIR
#
# TieBreakServer (OttoMilvang/TieBreakServer) is not needed by CI: fetch it
# and `pip install networkx`. Exits 1 if any value differs.
set -uo pipefail
cd "$(dirname "$0")/.."
tbs=${1:?usage: scripts/compare-with-tiebreakserver.sh TIEBREAKSERVER_DIR}
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
exit $status
