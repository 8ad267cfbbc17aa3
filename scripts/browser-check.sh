#!/usr/bin/env bash
# Checks the HTML report in a real browser: builds the report of the shipped
# samples and the over-the-board files of tests/data/otb, opens the index and a game page in headless Chromium, fails on a
# console error or a filter that does not narrow the table, and takes
# screenshots (kept in scripts/screenshots/ with --save, for the README).
#
#   scripts/browser-check.sh [--save]
# Installs Debian's chromium and the npm package playwright-core when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
save=0
[ "${1:-}" = "--save" ] && save=1

if ! command -v chromium >/dev/null; then
  echo "installing chromium from Debian" >&2
  apt-get update -qq >/dev/null && apt-get install -y -qq chromium >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "installing playwright-core and axe-core from npm (into a temporary folder)" >&2
(cd "$work" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund playwright-core@1 axe-core@4 >/dev/null)

cargo build -q --release --bin pgn-arbiter
"${CARGO_TARGET_DIR:-target}"/release/pgn-arbiter audit samples tests/data/otb -o "$work/csv" --html "$work/site" --html-pages all 2>/dev/null || true
shots=$work
[ "$save" = 1 ] && shots=scripts/screenshots
cp scripts/browser-check.mjs "$work/check.mjs"
AXE_PATH="$work/node_modules/axe-core/axe.min.js" NODE_PATH="$work/node_modules" \
  node "$work/check.mjs" "$work/site" "$shots"
