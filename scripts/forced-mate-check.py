#!/usr/bin/env python3
"""An independent check of the forced-mate answers 14E rests on, with
python-chess (a dev tool here, not the audit's code): for each record given,
the position at its end (the side that flagged to move), is there a mate
against every defence for the other side within N moves (default 5)?

    scripts/forced-mate-check.py samples/us-chess/*.pgn

Prints one line per game: the file, the attacker, and `mate in K` or
`no forced mate within N moves`. tests compare pgn-arbiter's verdicts with
this script's lines (`tests/us_chess.rs`).
"""

import sys

import chess
import chess.pgn


def attacks(board: chess.Board, depth: int) -> bool:
    """The attacker to move mates within `depth` of his moves."""
    for move in list(board.legal_moves):
        if depth == 1 and not board.gives_check(move):
            continue
        board.push(move)
        try:
            if board.is_checkmate() or depth > 1 and defends(board, depth - 1):
                return True
        finally:
            board.pop()
    return False


def defends(board: chess.Board, depth: int) -> bool:
    """Every defence leaves a mate within `depth`."""
    replies = list(board.legal_moves)
    if not replies:
        return board.is_check()
    for move in replies:
        board.push(move)
        try:
            if not attacks(board, depth):
                return False
        finally:
            board.pop()
    return True


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--moves=")]
    most = next((int(a[8:]) for a in sys.argv[1:] if a.startswith("--moves=")), 5)
    for path in args:
        with open(path, encoding="utf-8") as f:
            game = chess.pgn.read_game(f)
        board = game.end().board()
        attacker = "White" if board.turn == chess.BLACK else "Black"
        found = next((k for k in range(1, most + 1) if defends(board, k)), None)
        answer = f"mate in {found}" if found else f"no forced mate within {most} moves"
        print(f"{path}: {attacker}: {answer}")


if __name__ == "__main__":
    main()
