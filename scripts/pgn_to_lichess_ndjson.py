"""Writes lichess PGN games as lichess's game export writes them in NDJSON
(`/api/games/user/…?clocks=true`): one object a line, `status` and
`winner` as data, the moves as one SAN string, `clocks` in centiseconds.
The bench reads the same games in both forms (scripts/bench.sh).

Usage: python pgn_to_lichess_ndjson.py GAMES.pgn > GAMES.ndjson
"""
import json
import sys

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
    obj = {"id": h.get("Site", "").rsplit("/", 1)[-1], "rated": True, "variant": "standard",
           "speed": "blitz", "status": status(h, board),
           "players": {side: {"user": {"name": h.get(side.capitalize(), "?")}} for side in ("white", "black")},
           "moves": " ".join(sans)}
    if winner:
        obj["winner"] = winner
    base, _, inc = h.get("TimeControl", "-").partition("+")
    if base.isdigit() and inc.isdigit():
        obj["clock"] = {"initial": int(base), "increment": int(inc)}
    if len(clocks) == len(sans):
        obj["clocks"] = clocks
    return obj


def main(path):
    with open(path, encoding="utf-8", errors="replace") as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            print(json.dumps(game_object(game), separators=(",", ":")))


if __name__ == "__main__":
    main(sys.argv[1])
