#!/usr/bin/env python3
"""Compares the individual tie-breaks pgn-arbiter writes with those of
FIDE's tie-break calculator, TieBreakServer (OttoMilvang/TieBreakServer,
MIT), value by value, on TRF files.

Usage: scripts/compare-tiebreaks.py TIEBREAKSERVER_DIR FILE.trf...
  (PGN_ARBITER: the binary, target/release/pgn-arbiter by default;
   RULES=2024 or 2026: the text of C.07 both tools follow, 2024 by default,
   given to TieBreakServer as its /V1 or /V2 modifier)

TieBreakServer refuses a file whose points column disagrees with its
codes; such a file is compared on a copy whose points column is the sum of
its codes, since both tools compute from the codes. Prints one line per
file (values compared, values that differ) and each difference, and exits
1 if any differs.
"""
import csv, os, re, subprocess, sys, tempfile

CODES = ["BH", "BH/C1", "SB", "SB/C1", "WIN", "WON", "BPG", "BWG", "PS", "ARO"]
RULES = os.environ.get("RULES", "2024")
VERSION = {"2024": "/V1", "2026": "/V2"}[RULES]
VALUE = {"1": 1, "=": .5, "0": 0, "+": 1, "-": 0, "W": 1, "D": .5, "L": 0,
         "H": .5, "F": 1, "U": 1, "Z": 0, " ": 0}
HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.environ.get("PGN_ARBITER", os.path.join(HERE, "..", "target", "release", "pgn-arbiter"))
GAMES = os.path.join(HERE, "..", "tests", "data", "tournaments", "u19-2010", "games.pgn")


def with_points_from_codes(text):
    """The file with each 001 line's points column the sum of its codes."""
    out = []
    for line in text.splitlines():
        if line.startswith("001") and len(line) > 84:
            cells = [line[i + 8] if len(line) > i + 8 else " " for i in range(91, len(line), 10)]
            total = sum(VALUE.get(c.upper(), 0) for c in cells)
            line = line[:80] + f"{total:4.1f}" + line[84:]
        out.append(line)
    return "\n".join(out) + "\n"


def theirs(tbs, path, unrated, encoding):
    versioned = [c + VERSION if c.startswith(("BH", "SB")) else c for c in CODES]
    args = [sys.executable, "tiebreakchecker.py", "-i", path, "-b", encoding, "-dT", "-t", "PTS", *versioned]
    if unrated is not None:
        args += ["-u", str(unrated)]
    run = subprocess.run(args, cwd=tbs, capture_output=True, text=True, encoding="latin-1")
    rows = list(csv.reader(run.stdout.splitlines(), delimiter="\t"))
    if not rows or rows[0][0] != "StartNo":
        return None, (run.stdout + run.stderr).strip().splitlines()[:3]
    # Columns: StartNo, Rank, PTS, then the codes in the order asked.
    return {r[0]: dict(zip(CODES, r[3:])) for r in rows[1:] if r}, None


def ours(path, out, unrated):
    args = [BIN, "tournament", path, GAMES, "-o", out, "--tiebreaks", ",".join(CODES),
            "--tiebreak-rules", RULES]
    if unrated is not None:
        args += ["--unrated-rating", str(unrated)]
    run = subprocess.run(args, capture_output=True, text=True)
    if run.returncode != 0:
        return None, run.stderr.strip().splitlines()[-1:]
    with open(os.path.join(out, "standings.csv"), newline="") as f:
        return {r["start_no"]: r for r in csv.DictReader(f)}, None


def main():
    tbs, files = sys.argv[1], sys.argv[2:]
    differ_total = compared_total = 0
    for path in files:
        with tempfile.TemporaryDirectory() as tmp:
            data = open(path, "rb").read()
            try:
                raw, encoding = data.decode("utf-8"), "utf-8"
            except UnicodeDecodeError:
                raw, encoding = data.decode("latin-1"), "latin-1"
            if re.search(r"^013 ", raw, re.M):
                print(f"{os.path.basename(path)}: a team competition, left out (its tie-breaks are the teams')")
                continue
            copy = os.path.join(tmp, "copy.trf")
            open(copy, "w", encoding=encoding).write(with_points_from_codes(raw))
            # The unrated count as 0 in both: TieBreakServer's own default.
            mine, error = ours(copy, os.path.join(tmp, "out"), 0)
            if mine is None:
                print(f"{os.path.basename(path)}: pgn-arbiter did not read it: {error}")
                continue
            them, error = theirs(tbs, copy, 0, encoding)
            if them is None:
                print(f"{os.path.basename(path)}: TieBreakServer did not read it: {error}")
                continue
            compared = differ = 0
            for no, row in mine.items():
                for code in CODES:
                    a, b = row.get(f"{code}_before", ""), them.get(no, {}).get(code, "")
                    # No value: none of ours, `-0` or `0` of theirs (ARO with no game).
                    if a == "" and b in ("", "0", "-0"):
                        continue
                    compared += 1
                    if a == "" or b == "" or abs(float(a) - float(b)) > 0.001:
                        differ += 1
                        print(f"  {os.path.basename(path)} #{no} {code}: ours {a or '-'}, FIDE's {b or '-'}")
            print(f"{os.path.basename(path)}: {compared} values, {differ} differ")
            compared_total += compared
            differ_total += differ
    print(f"all: {compared_total} values compared, {differ_total} differ")
    sys.exit(1 if differ_total else 0)


if __name__ == "__main__":
    main()
