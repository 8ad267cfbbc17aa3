"""Server exports through the Python door (issue 66): a lichess NDJSON
export and a chess.com month read as paths, as text and as the objects
``json.loads`` gives, with the same rows as the command line."""

import csv
import json

import pgn_arbiter
from conftest import REPO, run_cli

SERVERS = REPO / "tests/data/servers"
LICHESS = SERVERS / "lichess-indexinator-2025.ndjson"
CHESS_COM = SERVERS / "chess-com-aegboye7-2025-03.json"
SAME = ["game", "site", "url", "recorded_result", "correct_result", "status", "rule", "reason", "ending", "ending_source"]


def command_line_rows(path, tmp_path):
    out = tmp_path / path.stem
    run_cli("audit", path, "-o", out)
    with open(out / "verdicts.csv", encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_an_export_gives_the_command_lines_rows(tmp_path):
    for path, games in [(LICHESS, 22), (CHESS_COM, 31)]:
        rows = pgn_arbiter.audit(path).verdicts.to_pylist()
        told = command_line_rows(path, tmp_path)
        assert len(rows) == len(told) == games, path
        for row, line in zip(rows, told):
            for column in SAME:
                assert str(row[column] if row[column] is not None else "") == line[column], (path, column)
        # The server's codes are read first; the board speaks where it ends the game itself.
        assert "server-code" in {r["ending_source"] for r in rows}


def test_text_and_json_loads_objects_are_read_as_the_file():
    by_path = pgn_arbiter.audit(LICHESS).verdicts
    text = LICHESS.read_text(encoding="utf-8")
    objects = [json.loads(line) for line in text.splitlines() if line.strip()]
    month = json.loads(CHESS_COM.read_text(encoding="utf-8"))
    for form in [text, text.encode(), objects]:
        got = pgn_arbiter.audit(form).verdicts
        assert got.column("reason").to_pylist() == by_path.column("reason").to_pylist()
    assert pgn_arbiter.audit(month).verdicts.num_rows == 31
    first_line = text.splitlines()[0]
    first = by_path.to_pylist()[0]
    for one in [first_line, objects[0]]:
        verdict, _ = pgn_arbiter.audit_game(one)
        for column in ["site", "url", "status", "correct_result", "rule", "reason", "ending"]:
            assert verdict[column] == first[column], column
    assert first["url"].startswith("https://lichess.org/")
