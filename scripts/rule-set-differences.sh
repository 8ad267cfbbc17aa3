#!/usr/bin/env bash
# Where two rule sets judge the same records differently: audits the real
# games (the samples, tests/data and the shared games, edge cases and
# attack files) under `--laws A` and `--laws B` with one build, and prints
# each game whose status or correct result differs, A -> B, with the rule
# each cites and B's reason; then a count by B's rule. A federation's rules
# against FIDE's (`us-chess-7` against `fide-2023`) should differ only
# where the rules do: each line names the clause that makes it.
#
#   scripts/rule-set-differences.sh [A] [B]   (default: fide-2023 us-chess-7)
set -euo pipefail
cd "$(dirname "$0")/.."
a=${1:-fide-2023}
b=${2:-us-chess-7}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build -q --release --bin pgn-arbiter
bin=${CARGO_TARGET_DIR:-target}/release/pgn-arbiter
source scripts/real-corpora.sh
for laws in "$a" "$b"; do
  "$bin" audit "${inputs[@]}" --laws "$laws" -o "$work/$laws" >/dev/null 2>&1 || true
done
python3 - "$work/$a/verdicts.csv" "$work/$b/verdicts.csv" "$a" "$b" <<'PY'
import collections, csv, sys
first = {(r["source"], r["game"]): r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8"))}
rows = list(csv.DictReader(open(sys.argv[2], encoding="utf-8")))
by_rule = collections.Counter()
for r in rows:
    o = first.get((r["source"], r["game"]))
    if o is None:
        print(f"{r['source']} game {r['game']}: only under {sys.argv[4]}")
        continue
    if (o["status"], o["correct_result"]) == (r["status"], r["correct_result"]):
        continue
    by_rule[r["rule"]] += 1
    print(f"{r['source']} game {r['game']}: {o['status']} {o['correct_result']} ({o['rule']}) "
          f"-> {r['status']} {r['correct_result']} ({r['rule']})\n    {r['reason'][:600]}")
print(f"{len(rows)} games under both; {sum(by_rule.values())} differ; by {sys.argv[4]}'s rule: "
      + ", ".join(f"{k} {v}" for k, v in sorted(by_rule.items())))
PY
