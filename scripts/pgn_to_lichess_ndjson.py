"""Writes lichess PGN games as lichess's game export writes them in NDJSON
(`/api/games/user/…?clocks=true`): one object a line, `status` and
`winner` as data, the moves as one SAN string, `clocks` in centiseconds.
The bench reads the same games in both forms (scripts/bench.sh).

Usage: python pgn_to_lichess_ndjson.py GAMES.pgn > GAMES.ndjson
"""
import calendar
import json
import re
import sys
import time

import chess.pgn

STATUS = {"Normal": None, "Time forfeit": "outoftime", "Abandoned": "aborted",
          "Rules infraction": "cheat", "Unterminated": "started"}


def status(headers, board):
    termination = headers.get("Termination", "Normal")
    # lichess writes "Abandoned" for `aborted` and for `noStart`, the
    # game then won by the player who was there.
    if termination == "Abandoned" and headers.get("Result") in ("1-0", "0-1"):
        return "noStart"
    said = STATUS.get(termination, "unknownFinish")
    if said:
        return said
    if board.is_checkmate():
        return "mate"
    if board.is_stalemate():
        return "stalemate"
    return "draw" if headers.get("Result") == "1/2-1/2" else "resign"


def created_at(h):
    """The game's start in epoch milliseconds, from its UTC date and time."""
    try:
        when = time.strptime(h.get("UTCDate", "") + " " + h.get("UTCTime", ""), "%Y.%m.%d %H:%M:%S")
    except ValueError:
        return None
    return calendar.timegm(when) * 1000


def event_fields(h):
    """`rated`, `speed` and the tournament, from an Event such as `Rated
    Bullet tournament https://lichess.org/tournament/abc`."""
    m = re.match(r"(Rated|Casual) (\w+) (?:game|tournament https://lichess\.org/(tournament|swiss)/(\w+))",
                 h.get("Event", ""))
    if not m:
        return {"rated": True, "speed": "blitz"}
    speed = m[2][0].lower() + m[2][1:]  # lichess's keys: `bullet`, `ultraBullet`
    fields = {"rated": m[1] == "Rated", "speed": speed, "perf": speed}
    if m[3]:
        fields[m[3]] = m[4]
    return fields


def player(h, side):
    """A side of `players`: the user, the rating and its change."""
    p = {"user": {"name": h.get(side.capitalize(), "?")}}
    elo, diff = h.get(side.capitalize() + "Elo", "?"), h.get(side.capitalize() + "RatingDiff")
    if elo.isdigit():
        p["rating"] = int(elo)
    if diff and diff.lstrip("+-").isdigit():
        p["ratingDiff"] = int(diff)
    return p


def game_object(game):
    h = game.headers
    board = game.board()
    sans, clocks = [], []
    for node in game.mainline():
        sans.append(board.san(node.move))
        board.push(node.move)
        clk = node.clock()
        if clk is not None:
            clocks.append(round(clk * 100))
    winner = {"1-0": "white", "0-1": "black"}.get(h.get("Result"))
    # In the order lichess writes them: ..., players, winner, opening,
    # moves, clocks, clock.
    obj = {"id": h.get("Site", "").rsplit("/", 1)[-1], "variant": "standard", **event_fields(h),
           "createdAt": created_at(h), "status": status(h, board),
           "players": {side: player(h, side) for side in ("white", "black")}}
    if obj["createdAt"] is None:
        del obj["createdAt"]
    if winner:
        obj["winner"] = winner
    obj["opening"] = {"eco": h.get("ECO", "?"), "name": h.get("Opening", "?")}
    obj["moves"] = " ".join(sans)
    if len(clocks) == len(sans):
        obj["clocks"] = clocks
    base, _, inc = h.get("TimeControl", "-").partition("+")
    if base.isdigit() and inc.isdigit():
        obj["clock"] = {"initial": int(base), "increment": int(inc)}
    return obj


def main(path):
    with open(path, encoding="utf-8", errors="replace") as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            print(json.dumps(game_object(game), separators=(",", ":")))


if __name__ == "__main__":
    main(sys.argv[1])
