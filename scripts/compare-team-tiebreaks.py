#!/usr/bin/env python3
"""Compares the team scores and tie-breaks pgn-arbiter writes with those of
FIDE's tie-break calculator, TieBreakServer (OttoMilvang/TieBreakServer,
MIT; `fetch` it, not needed by CI), team by team, on team TRF files
(TRF-2026 `310` lines or TRF16 `013` ones), and each team's match and game
points against the file's own `310` totals.

Usage: scripts/compare-team-tiebreaks.py TIEBREAKSERVER_DIR FILE.trf...
  (PGN_ARBITER: the binary, target/release/pgn-arbiter by default;
   RULES=2024 or 2026: the text of C.07 both tools follow, 2024 by default)

TieBreakServer does not read a `362` line with decimals (`TW 2.0`): it is
given a copy written with whole numbers, the same values. Prints one line
per file (values compared, values that differ) and each difference, and
exits 1 if any differs.
"""
import csv, os, re, subprocess, sys, tempfile

# TieBreakServer's names, and pgn-arbiter's for the same value.
CODES = {
    "MPTS": "mp", "GPTS": "gp", "BH:MP": "BH:MP", "BH:GP": "BH:GP", "BH:MP/C1": "BH:MP/C1",
    "EMMSB": "EMMSB", "EMGSB": "EMGSB", "EGMSB": "EGMSB", "EGGSB": "EGGSB", "PS": "PS:MP",
    "WON": "WON", "BC": "BC", "SSSC": "SSSC",
}
RULES = os.environ.get("RULES", "2024")
VERSION = {"2024": "/V1", "2026": "/V2"}[RULES]
HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.environ.get("PGN_ARBITER", os.path.join(HERE, "..", "target", "release", "pgn-arbiter"))


def whole_362(text):
    """`362 TW 2.0 TD 1.0 TL 0.0` written `362 TW 2 TD 1 TL 0` where whole."""
    def line(m):
        parts = re.findall(r"(T[WDL])\s+(-?[0-9.]+)", m.group(0))
        if not all(float(v).is_integer() for _, v in parts):
            return m.group(0)
        return "362 " + " ".join(f"{k} {int(float(v)):<5}" for k, v in parts).rstrip()
    return re.sub(r"^362 .*$", line, text, flags=re.M)


def theirs(tbs, path, encoding):
    asked = [c + VERSION if c.startswith("BH") else c for c in CODES]
    run = subprocess.run(
        [sys.executable, "tiebreakchecker.py", "-i", path, "-b", encoding, "-dT", "-t", *asked],
        cwd=tbs, capture_output=True, text=True, encoding="latin-1")
    rows = list(csv.reader(run.stdout.splitlines(), delimiter="\t"))
    if not rows or rows[0][0] != "StartNo":
        return None, (run.stdout + run.stderr).strip().splitlines()[:3]
    return {r[0]: dict(zip(CODES, r[2:])) for r in rows[1:] if r}, None


def ours(path, out):
    games = os.path.join(out + "-games.pgn")
    open(games, "w").close()
    codes = [c for c in CODES if c not in ("MPTS", "GPTS")]
    run = subprocess.run(
        [BIN, "tournament", path, games, "-o", out, "--tiebreak-rules", RULES,
         "--tiebreaks", ",".join(["MP", "GP", *codes])],
        capture_output=True, text=True)
    if run.returncode != 0:
        return None, run.stderr.strip().splitlines()[-1:]
    with open(os.path.join(out, "team-standings.csv"), newline="") as f:
        return {r["team"]: r for r in csv.DictReader(f)}, None


def declared(text):
    """Each team's match and game points as its `310` line gives them."""
    totals = {}
    for line in text.splitlines():
        if line.startswith("310") and len(line) > 66:
            try:
                totals[line[4:7].strip()] = (float(line[54:60]), float(line[61:67]))
            except ValueError:
                pass
    return totals


def compare(tbs, path):
    data = open(path, "rb").read()
    try:
        raw, encoding = data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        raw, encoding = data.decode("latin-1"), "latin-1"
    name = os.path.basename(path)
    if not re.search(r"^(013|310) ", raw, re.M):
        return print(f"{name}: no teams, left out (scripts/compare-tiebreaks.py compares it)") or (0, 0)
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "copy.trf")
        open(copy, "w", encoding=encoding).write(whole_362(raw))
        mine, error = ours(copy, os.path.join(tmp, "out"))
        if mine is None:
            return print(f"{name}: pgn-arbiter did not read it: {error}") or (0, 0)
        them, error = theirs(tbs, copy, encoding)
        if them is None:
            return print(f"{name}: TieBreakServer did not read it: {error}") or (0, 0)
    compared = differ = 0
    for team, row in mine.items():
        for code, column in CODES.items():
            a, b = row.get(f"{column}_before", ""), them.get(team, {}).get(code, "")
            compared += 1
            if a == "" or b == "" or abs(float(a) - float(b)) > 0.001:
                differ += 1
                print(f"  {name} team {team} {code}: ours {a or '-'}, FIDE's {b or '-'}")
    for team, (mp, gp) in declared(raw).items():
        row = mine.get(team, {})
        for what, value in (("mp", mp), ("gp", gp)):
            compared += 1
            if abs(float(row.get(f"{what}_before", "nan")) - value) > 0.001:
                differ += 1
                print(f"  {name} team {team} {what.upper()}: ours {row.get(f'{what}_before')}, its 310 line {value}")
    print(f"{name}: {compared} values, {differ} differ")
    return compared, differ


def main():
    tbs, files = sys.argv[1], sys.argv[2:]
    counts = [compare(tbs, path) for path in files]
    compared, differ = (sum(c[i] for c in counts) for i in (0, 1))
    print(f"all: {compared} values compared, {differ} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
