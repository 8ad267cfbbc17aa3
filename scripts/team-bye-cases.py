#!/usr/bin/env python3
"""Writes small team reports (TRF-2026) whose rounds hold team byes of
every kind, for scripts/compare-team-tiebreaks.py to run both calculators
on: five teams of two boards, five rounds (paired as a round robin, declared a Swiss), one team out
each round, its bye written as

  records     a `320` (pairing-allocated) in rounds 1 and 5, `240 F`, `240 H`,
              `240 Z` in rounds 2, 3, 4; the members' cells `0000 - -`
  cells       no record: the members' cells `0000 - U`, `- F`, `- H`, `- Z`, `- U`
  coloured    the same cells with colours (`0000 w U`, `0000 b U`, …)
  both        the `320`/`240` records and the members' cells beside them

The `310` lines declare each team's match and game points as TRF-2026 and
C.04.6 score the byes: a pairing-allocated bye a drawn match (1 MP, 1 GP:
the `320` line's values; without one, its members' `U` cells give the game
points, a point each, as FIDE's calculator reads them), a full-point bye a
match won (2, 2), a half-point bye a drawn one (1, 1), a zero-point bye
nothing.

Usage: scripts/team-bye-cases.py OUTDIR
"""
import os, sys

TEAMS, BOARDS, ROUNDS = 5, 2, 5
BYE = {1: "U", 2: "F", 3: "H", 4: "Z", 5: "U"}
VALUE = {"U": (1, 1.0), "F": (2, 2.0), "H": (1, 1.0), "Z": (0, 0.0)}
POINTS = {"1": 1.0, "=": 0.5, "0": 0.0}


def schedule():
    """Round robin of five: in round r, team r sits out; the others meet."""
    rounds = []
    for r in range(1, ROUNDS + 1):
        others = [t for t in range(1, TEAMS + 1) if t != r]
        rounds.append((r, [(others[0], others[3]), (others[1], others[2])]))
    return rounds


def result(r, board, white):
    """A fixed pattern of results: the white board wins, draws or loses."""
    return "1=0"[(r + board + white) % 3]


def player(team, board):
    return (team - 1) * BOARDS + board


def write(kind):
    cells = {player(t, b): [] for t in range(1, TEAMS + 1) for b in range(1, BOARDS + 1)}
    score = {t: [0, 0.0] for t in range(1, TEAMS + 1)}
    for r, matches in schedule():
        for home, away in matches:
            gp = [0.0, 0.0]
            for b in range(1, BOARDS + 1):
                white_home = b % 2 == 1
                res = result(r, b, home)
                white, black = (home, away) if white_home else (away, home)
                w, k = player(white, b), player(black, b)
                opposite = {"1": "0", "=": "=", "0": "1"}[res]
                cells[w].append(f"{k:4d} w {res}")
                cells[k].append(f"{w:4d} b {opposite}")
                gw = POINTS[res]
                gp[0 if white == home else 1] += gw
                gp[1 if white == home else 0] += 1 - gw
            for team, own, theirs in ((home, gp[0], gp[1]), (away, gp[1], gp[0])):
                score[team][1] += own
                score[team][0] += 2 if own > theirs else 1 if own == theirs else 0
        code = BYE[r]
        mp, gp = VALUE[code]
        if code == "U" and kind in ("cells", "coloured"):
            # No `320` line: the members' `U` cells give the game points
            # (a point each), the match a draw's match points.
            gp = float(BOARDS)
        score[r][0] += mp
        score[r][1] += gp
        for b in range(1, BOARDS + 1):
            colour = "wb"[b % 2 == 0] if kind == "coloured" else "-"
            shown = "-" if kind == "records" else code
            cells[player(r, b)].append(f"0000 {colour} {shown}")
    lines = [f"012 Team byes: {kind}", "042 2025/01/01", "052 2025/01/05", f"062 {TEAMS * BOARDS}",
             f"082 {TEAMS}", "092 Team Swiss System", "352 WB", "362 TW 2     TD 1     TL 0",
             f"XXR {ROUNDS}"]
    for t in range(1, TEAMS + 1):
        for b in range(1, BOARDS + 1):
            p = player(t, b)
            points = sum({"1": 1, "=": .5, "0": 0, "U": 1, "F": 1, "H": .5, "Z": 0, "-": 0}[c[-1]]
                         for c in cells[p])
            name = f"Team {t}, Board {b}"
            lines.append(f"001 {p:4d} m    {name:<33} 2000 NOR           0 2000/01/01 {points:4.1f}"
                         f"    0  " + "  ".join(cells[p]))
    for t in range(1, TEAMS + 1):
        mp, gp = score[t]
        members = " ".join(f"{player(t, b):4d}" for b in range(1, BOARDS + 1))
        # Columns as TRF-2026 gives them: 5-7, 9-40, 42-46, 48-53, 55-60, 62-67, 69-71, 74- …
        lines.append(f"310 {t:3d} {'Team ' + str(t):<32} {'T' + str(t):<5} {2000:6d} {mp:6.1f}"
                     f" {gp:6.1f} {'':3}  {members}")
    if kind in ("records", "both"):
        pab = " ".join(f"{r:03d}" if BYE[r] == "U" else "000" for r in range(1, ROUNDS + 1))
        lines.append(f"320  1.0  1.0 {pab}")
        for r in range(1, ROUNDS + 1):
            if BYE[r] != "U":
                lines.append(f"240 {BYE[r]} {r:03d} {r:04d}")
    return "\n".join(lines) + "\n"


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for kind in ("records", "cells", "coloured", "both"):
        with open(os.path.join(out, f"team-byes-{kind}.trf"), "w") as f:
            f.write(write(kind))


if __name__ == "__main__":
    main()
