#!/usr/bin/env bash
# The verdicts a change makes differ, row by row: builds REV in a temporary
# worktree (or takes REF_BIN), audits the real games (the samples,
# tests/data and the shared games, edge cases and attack files) with both
# builds under the default Laws and --laws by-date, and prints each game
# whose status, correct result, rule, category, time_control_read, ending or
# ending_source differ, before -> after, with the new reason. For a change
# that means to change verdicts: its note lists every line this prints.
#
#   scripts/verdict-changes.sh [REV]     (default REV: HEAD)
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-HEAD}
work=$(mktemp -d)
trap 'git worktree remove --force "$work/ref" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
if [ -n "${REF_BIN:-}" ]; then
  ref=$REF_BIN
else
  git worktree add --detach "$work/ref" "$rev" >/dev/null 2>&1
  (cd "$work/ref" && CARGO_TARGET_DIR="$work/ref-target" cargo build -q --release --bin pgn-arbiter)
  ref=$work/ref-target/release/pgn-arbiter
fi
cargo build -q --release --bin pgn-arbiter
new=${CARGO_TARGET_DIR:-target}/release/pgn-arbiter

source scripts/real-corpora.sh
for laws in ru-rapid by-date; do
  for side in ref new; do
    bin=$ref; [ "$side" = new ] && bin=$new
    "$bin" audit "${inputs[@]}" --laws "$laws" -o "$work/$side-$laws" >/dev/null 2>&1 || true
  done
  python3 - "$work/ref-$laws/verdicts.csv" "$work/new-$laws/verdicts.csv" "$laws" <<'PY'
import csv, sys
keys = ["status", "correct_result", "rule", "category", "time_control_read", "ending", "ending_source"]
old = {(r["source"], r["game"]): r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8"))}
new = list(csv.DictReader(open(sys.argv[2], encoding="utf-8")))
changed = 0
for r in new:
    o = old.get((r["source"], r["game"]))
    if o is None:
        print(f"[{sys.argv[3]}] {r['source']} game {r['game']}: new row"); changed += 1; continue
    diff = [k for k in keys if o[k] != r[k]]
    if diff:
        changed += 1
        before = " ".join(f"{k}={o[k]}" for k in diff)
        after = " ".join(f"{k}={r[k]}" for k in diff)
        print(f"[{sys.argv[3]}] {r['source']} game {r['game']}: {before} -> {after}\n    {r['reason'][:400]}")
print(f"[{sys.argv[3]}] {changed} of {len(new)} rows changed")
PY
done
