#!/usr/bin/env python3
"""Writes the team exercise of IA Mario Held's "Exercises in Tie-Breaking"
(C.07-2023, page 6: 14 teams, 4 boards, 7 rounds) as a TRF16 team file, the
test fixture tests/data/tournaments/team/held-team-exercises.trf.

The paper gives each match's game points, not its boards. As the
transcription in OttoMilvang/TieBreakServer's tests does
(tests/test_fide_held_team_exercises.py @ 18e13e3ff1fa), each match's
boards are synthesised: the white team's wins first, then a draw, then
losses; team 11 against team 14 (round 3) is W, D, D, L, which exercises
46-48 need. Odd boards are the white team's white. The forfeit of round 6
(team 1 `+F`, team 6 `-F`, the round's only unpaired teams) is written as
the match 1-6 forfeited on every board; a pairing-allocated bye as `U` on
every member's line, a half-point bye as `H`, a zero-point bye as `Z`.

With --trf26 it writes the same event as TRF-2026 does: `310` team lines
with the match and game points Held gives (no rank: the paper ranks by
several orders), the byes in `320` and `240` records, the forfeit in a
`330` record, and `0000 - -` in the players' cells of those rounds, so that
only the records say what the rounds were.

Usage: scripts/held-team-trf.py > tests/data/tournaments/team/held-team-exercises.trf
       scripts/held-team-trf.py --trf26 > tests/data/tournaments/team/held-team-exercises-trf26.trf
"""
import sys

ROWS = {
    1: "8w2.5 4b1.5 7w3 2b2.5 5w1.5 +F 3b2.5",
    2: "9b3 3w4 5b0 1w1.5 13w3 4b2.5 10b3",
    3: "10w2.5 2b0 9w3 6b2.5 4w3 5b3.5 1w1.5",
    4: "11b3 1w2.5 13b3 5w3.5 3b1 2w1.5 9b2.5",
    5: "12w4 6b3 2w4 4b0.5 1b2.5 3w0.5 13b3.5",
    6: "13b2 5w1 8b3 3w1.5 11b2.5 -F 12w2.5",
    7: "14w2 8b2 1b1 10w2.5 9b2 13w2 ZPB",
    8: "1b1.5 7w2 6w1 12b3.5 10b2 9w2 11w3",
    9: "2w1 12b4 3b1 14w3 7w2 8b2 4w1.5",
    10: "3b1.5 11w1.5 12b2.5 7b1.5 8w2 14b3 2w1",
    11: "4w1 10b2.5 14w2 13b1.5 6w1.5 12w2 8b1",
    12: "5b0 9w0 10w1.5 8w0.5 PAB 11b2 6b1.5",
    13: "6w2 14b2.5 4w1 11w2.5 2b1 7b2 5w0.5",
    14: "7b2 13w1.5 11b2 9b1 HPB 10w1 PAB",
}
BOARDS, ROUNDS = 4, 7
BYES = {"PAB": "U", "HPB": "H", "ZPB": "Z"}
TRF26 = "--trf26" in sys.argv[1:]
MP = [10, 10, 10, 10, 10, 7, 6, 7, 6, 5, 4, 2, 6, 4]
GP = [17.5, 17.0, 16.0, 17.0, 18.0, 12.5, 11.5, 15.0, 14.5, 13.0, 11.5, 7.5, 11.5, 11.5]


def player(team, board):
    return (team - 1) * BOARDS + board


def board_results(points, special):
    if special:
        return list("1==0")
    wins = int(points)
    results = ["1"] * wins + (["="] if points - wins else [])
    return results + ["0"] * (BOARDS - len(results))


def cells():
    """Start number -> seven (opponent, colour, result) cells."""
    out = {player(t, b): [None] * ROUNDS for t in ROWS for b in range(1, BOARDS + 1)}
    for team, row in ROWS.items():
        for r, entry in enumerate(row.split()):
            if entry in BYES:
                for b in range(1, BOARDS + 1):
                    out[player(team, b)][r] = (0, "-", "-" if TRF26 else BYES[entry])
            elif entry == "+F" and TRF26:
                for t in (1, 6):
                    for b in range(1, BOARDS + 1):
                        out[player(t, b)][r] = (0, "-", "-")
            elif entry == "+F":
                for b in range(1, BOARDS + 1):
                    white = b % 2 == 1
                    out[player(1, b)][r] = (player(6, b), "w" if white else "b", "+")
                    out[player(6, b)][r] = (player(1, b), "b" if white else "w", "-")
            elif "w" in entry:
                opponent, points = entry.split("w")
                opponent, points = int(opponent), float(points)
                special = team == 11 and opponent == 14
                for b, result in enumerate(board_results(points, special), start=1):
                    mine, theirs = player(team, b), player(opponent, b)
                    white = b % 2 == 1
                    mirror = {"1": "0", "0": "1", "=": "="}[result]
                    out[mine][r] = (theirs, "w" if white else "b", result)
                    out[theirs][r] = (mine, "b" if white else "w", mirror)
    return out


def main():
    value = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "U": 1.0, "H": 0.5, "Z": 0.0}
    print("012 Held, Exercises in Tie-Breaking: the team Swiss (C.07-2023)")
    print("042 2024/01/01")
    print("092 Team Swiss System")
    for no, rounds in sorted(cells().items()):
        points = sum(value[c[2]] for c in rounds)
        name = f"Team {(no - 1) // BOARDS + 1}, Board {(no - 1) % BOARDS + 1}"
        line = f"001 {no:4d} m    {name:<33} 2000 NOR {0:11d} 2000/01/01 {points:4.1f} {0:4d}"
        for opponent, colour, result in rounds:
            line += f"  {opponent:04d} {colour} {result}" if opponent == 0 else f"  {opponent:4d} {colour} {result}"
        print(line)
    for team in ROWS:
        members = " ".join(f"{player(team, b):4d}" for b in range(1, BOARDS + 1))
        name = f"Team {team}"
        if TRF26:
            mp, gp = MP[team - 1], GP[team - 1]
            print(f"310 {team:3d} {name:<32} T{team:<4d} {2000:6d} {mp:6.1f} {gp:6.1f}      {members}")
        else:
            print(f"013 {name:<32}{members}")
    if TRF26:
        print("362 TW 2.0 TD 1.0 TL 0.0")
        print("320  1.0  2.0 000 000 000 000 012 000 014")
        print("240 H 005 0014")
        print("240 Z 007 0007")
        print("330 +- 006 001 006")


if __name__ == "__main__":
    main()
