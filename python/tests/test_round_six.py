"""Round six's findings at the Python door (the repros g40-g44 of
adversarial/round-6, made here without ../shared): the appeal door takes
the row's options, an input with no game raises, a python-chess game is
not taken for its record, batches are the size asked for, and one
confirmed game is still a game."""

import io

import pytest

import pgn_arbiter
from conftest import REPO, run_cli

RAPID = '[Event "Club rapid"]\n[Site "https://example.org/g/1"]\n[White "A"]\n[Black "B"]\n'
ILLEGAL = RAPID + '[Result "0-1"]\n[TimeControl "900+10"]\n\n1. e4 e5 2. Nf3 d6 3. Bb5+ Nf6 4. Nc3 Be7 0-1\n'
BLITZ = ILLEGAL.replace("900+10", "180+2").replace("0-1", "1-0")
CLAIMS = "site,event,round,white,black,ply,command\nhttps://example.org/g/1,,,,,6,claim illegal white\n"
ROOK_ENDING = (
    '[Event "Club rapid"]\n[White "E"]\n[Black "F"]\n[Result "1/2-1/2"]\n[SetUp "1"]\n'
    '[FEN "8/8/4k3/8/8/3K4/r7/7R w - - 0 60"]\n[TimeControl "900+0"]\n\n'
    "60. Rh6+ {[%clk 0:01:40]} Kd5 {[%clk 0:05:00]} {[%claim draw white]} 1/2-1/2\n"
)


def verdict_line(told):
    return next(line for line in told.splitlines() if line.startswith("Verdict:"))


def test_g40_explain_tells_the_game_as_the_row_judged_it(tmp_path):
    claims = tmp_path / "claims.csv"
    claims.write_text(CLAIMS)
    syzygy = REPO / "tests/data/syzygy"
    cases = [
        (ILLEGAL, {"events": claims}, ["--events", claims], ("corrected", "1-0")),
        (BLITZ, {"only_rapid": True}, ["--only-rapid"], ("review", "1-0")),
        (ROOK_ENDING, {"syzygy": syzygy}, ["--syzygy", syzygy], ("confirmed", "1/2-1/2")),
    ]
    game = tmp_path / "game.pgn"
    for pgn, options, flags, (status, result) in cases:
        row = pgn_arbiter.audit_game(pgn, **options)[0]
        assert (row["status"], row["correct_result"]) == (status, result), options
        told = pgn_arbiter.explain(pgn, **options)
        assert told != pgn_arbiter.explain(pgn), options
        said = verdict_line(told)
        assert result in said, (options, said)
        # The command line, given the same options, tells the same.
        game.write_text(pgn)
        cli = run_cli("explain", game, "--no-color", *flags).stdout
        assert verdict_line(cli) == said


def test_g40_tournament_takes_the_judging_options(tmp_path):
    claims = tmp_path / "claims.csv"
    claims.write_text(CLAIMS)
    games = tmp_path / "g.pgn"
    games.write_text(ILLEGAL)
    report = REPO / "tests/data/tournaments/u19-2010/report.trf"
    checked = pgn_arbiter.tournament(report, games, tmp_path / "out", events=claims, only_rapid=True)
    assert "1 games" in checked.summary or "1 game" in checked.summary
    with pytest.raises(ValueError, match="events"):
        pgn_arbiter.tournament(report, games, tmp_path / "out2", events=tmp_path / "none.csv")


def test_g41_an_input_with_no_game_raises_as_the_command_line_exits_1(tmp_path):
    (tmp_path / "empty.pgn").write_bytes(b"")
    (tmp_path / "blank.pgn").write_bytes(b"\n\n   \n")
    (tmp_path / "bom.pgn").write_bytes(b"\xef\xbb\xbf")
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder" / "round-1.pgn").write_bytes(b"")
    for name in ["empty.pgn", "blank.pgn", "bom.pgn", "folder"]:
        path = tmp_path / name
        assert run_cli("audit", path, "-o", tmp_path / f"out-{name}", check=False).returncode == 1
        with pytest.raises(OSError, match="no game was read"):
            pgn_arbiter.audit(path)
        with pytest.raises(OSError, match="no game was read"):
            list(pgn_arbiter.audit_batches(path))


def test_g42_a_python_chess_game_is_not_taken_for_its_record():
    chess_pgn = pytest.importorskip("chess.pgn")
    head = '[Event "Club rapid"]\n[White "A"]\n[Black "B"]\n[TimeControl "900+10"]\n'
    records = [
        head + '[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2\n',
        head + '[Result "*"]\n\n1. c4 e5 2. Nc3 Nf6 0-1\n',
        head + '[Result "1-0"]\n\n1. e4 e5 2. Nf3 { never closed 2... Nc6 3. Bb5 a6 1-0\n',
        head + '[Result "0-1"]\n[Termination "mate"]1. f3 e5 2. g4 Qh4# 0-1\n',
    ]
    for pgn in records:
        game = chess_pgn.read_game(io.StringIO(pgn))
        assert not game.errors
        with pytest.raises(TypeError, match="not a chess.pgn.Game"):
            pgn_arbiter.audit_game(game)
        # The record's own text is judged as audit() judges it.
        row = pgn_arbiter.audit_game(pgn)[0]
        assert row == pgn_arbiter.audit(pgn).verdicts.to_pylist()[0]


def test_g43_batches_are_the_size_asked_for_below_a_block(tmp_path):
    game = '[Event "E"]\n[White "A"]\n[Black "B"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n'
    path = tmp_path / "g.pgn"
    path.write_text(game * 3000)
    for asked in (1, 10, 100):
        with pgn_arbiter.audit_batches(path, batch_rows=asked) as batches:
            sizes = [verdicts.num_rows for verdicts, _ in batches]
        assert sum(sizes) == 3000
        assert max(sizes) <= asked, (asked, max(sizes))


def test_g44_one_confirmed_game_is_a_game_under_rows_flagged():
    for recorded, status in (("1-0", "corrected"), ("0-1", "confirmed")):
        text = f'[White "A"]\n[Black "B"]\n[Result "{recorded}"]\n\n1. f3 e5 2. g4 Qh4# {recorded}\n'
        verdict, _ = pgn_arbiter.audit_game(text, rows="flagged")
        assert (verdict["status"], verdict["correct_result"]) == (status, "0-1")


def test_a_bool_is_no_number_of_threads():
    for options in ({"threads": True}, {"clock_tolerance": True}, {"max_game_bytes": False}):
        with pytest.raises(TypeError, match="not a bool"):
            pgn_arbiter.audit(ILLEGAL, **options)
