"""The Python interface: sources, options, exceptions, one game,
explain, help, and the audit running without the GIL."""

import datetime
import inspect
import io
import json
import threading
import time

import pyarrow as pa
import pytest

import pgn_arbiter
from conftest import REPO, run_cli

MATE = '[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n'
LICHESS = REPO / "tests/data/lichess-2021-10-first-999.pgn"


def test_samples_count_twice():
    report = pgn_arbiter.audit(REPO / "samples")
    assert report.verdicts.num_rows == report.summary["games"] == 109


def test_columns_are_typed():
    report = pgn_arbiter.audit(MATE)
    schema = report.verdicts.schema
    # Signed: a difference of two counts is a number in pandas, not 2**64 - n.
    for count in ["game", "offset", "plies", "decided_at_ply"]:
        assert schema.field(count).type == pa.int64(), count
    assert schema.field("game_date").type == pa.date32()
    assert schema.field("date").type == pa.string()
    dates = pgn_arbiter.audit(LICHESS).verdicts
    assert dates.column("date")[0].as_py() == "2021.10.01"
    assert dates.column("game_date")[0].as_py() == datetime.date(2021, 10, 1)
    assert pa.types.is_dictionary(schema.field("status").type)
    assert pa.types.is_dictionary(schema.field("rule").type)
    assert schema.field("reason").type == pa.string()
    row = report.verdicts.to_pylist()[0]
    assert row["white"] is None  # empty in the CSV
    assert row["decided_at_ply"] == 4
    assert row["game_date"] is None  # no Date tag
    clocks = pgn_arbiter.audit(LICHESS).incidents.column("white_clock")
    assert clocks.type == pa.float64() and clocks.null_count < len(clocks)


def test_every_source_form_gives_the_same_verdicts():
    text = LICHESS.read_text(encoding="utf-8")
    by_path = pgn_arbiter.audit(LICHESS, proof="fast").verdicts
    forms = [str(LICHESS), [LICHESS], text, text.encode(), io.BytesIO(text.encode())]
    for form in forms:
        got = pgn_arbiter.audit(form, proof="fast").verdicts
        assert got.column("correct_result").to_pylist() == by_path.column("correct_result").to_pylist()
        assert got.column("reason").to_pylist() == by_path.column("reason").to_pylist()


def test_bad_input_raises_what_python_users_expect(tmp_path):
    with pytest.raises(FileNotFoundError, match="nope.pgn: no such file"):
        pgn_arbiter.audit(tmp_path / "nope.pgn")
    with pytest.raises(ValueError, match="laws=\"fide-1999\": the Laws are one of ru-rapid"):
        pgn_arbiter.audit(MATE, laws="fide-1999")
    with pytest.raises(ValueError, match="--threads 0: give a number from 1"):
        pgn_arbiter.audit(MATE, threads=0)
    with pytest.raises(ValueError, match="threads=-2: give a number from 1 up"):
        pgn_arbiter.audit(MATE, threads=-2)
    with pytest.raises(ValueError, match="shard=\"4/3\""):
        pgn_arbiter.audit(MATE, shard="4/3")
    # Options are typed: a value of the wrong type is Python's TypeError,
    # not a flag string the command line would read.
    with pytest.raises(TypeError):
        pgn_arbiter.audit(MATE, threads="2")
    with pytest.raises(TypeError):
        pgn_arbiter.audit(MATE, supervised="yes")
    with pytest.raises(TypeError):
        pgn_arbiter.audit(MATE, proof=1)
    letter = tmp_path / "letter.pgn"
    letter.write_text("Dear club members, the meeting is on Friday.\n")
    with pytest.raises(pgn_arbiter.NotPgnError, match="letter.pgn: not a PGN file"):
        pgn_arbiter.audit(letter)
    assert issubclass(pgn_arbiter.NotPgnError, ValueError)
    with pytest.raises(TypeError):
        pgn_arbiter.audit(42)
    with pytest.raises(ValueError, match="empty string"):
        pgn_arbiter.audit("")
    with pytest.raises(ValueError, match="list of paths is empty"):
        pgn_arbiter.audit([])


def test_a_folder_without_pgn_raises_and_says_why(tmp_path):
    # As the command line's exit 1: no empty table for inputs never read.
    with pytest.raises(OSError, match="no game was read: .*no \\*.pgn"):
        pgn_arbiter.audit(tmp_path)


def test_a_cut_file_warns_and_keeps_the_rest(tmp_path):
    import gzip

    whole = gzip.compress(LICHESS.read_bytes())
    cut = tmp_path / "cut.pgn.gz"
    cut.write_bytes(whole[: len(whole) // 2])
    with pytest.warns(pgn_arbiter.InputWarning, match="cut.pgn.gz"):
        report = pgn_arbiter.audit(cut, proof="fast")
    assert 0 < report.verdicts.num_rows < 999
    assert report.summary["errors"]


def test_audit_game_takes_text_and_refuses_python_chess_games():
    import chess.pgn

    verdict, incidents = pgn_arbiter.audit_game(MATE)
    assert (verdict["status"], verdict["correct_result"], verdict["rule"]) == ("corrected", "0-1", "checkmate")
    assert [i["kind"] for i in incidents] == ["result-mismatch"]
    with open(LICHESS, encoding="utf-8") as f:
        game = chess.pgn.read_game(f)
    with pytest.raises(TypeError, match="not a chess.pgn.Game"):
        pgn_arbiter.audit_game(game)
    # Its export, given knowingly, is judged as any text.
    verdict, _ = pgn_arbiter.audit_game(str(game))
    first = pgn_arbiter.audit(LICHESS).verdicts.to_pylist()[0]
    for column in ["site", "white", "black", "status", "correct_result", "rule", "time_control_used"]:
        assert verdict[column] == first[column], column
    with pytest.raises(ValueError, match="holds 999"):
        pgn_arbiter.audit_game(LICHESS.read_bytes())


def test_explain_prints_what_the_command_line_prints():
    sample = REPO / "samples/rules/15.4.2-claimed-illegal-move.pgn"
    told = run_cli("explain", sample, "--no-color").stdout
    assert pgn_arbiter.explain(sample) == told
    assert "15.4.2" in told
    fen = "8/8/4k3/q7/8/3K4/5N2/8 b - - 0 1"
    assert pgn_arbiter.explain(fen=fen) == run_cli("explain", "--fen", fen, "--no-color").stdout
    with pytest.raises(OSError, match="there is no game 5"):
        pgn_arbiter.explain(MATE, game=5)


def test_every_door_tells_the_damaged_record_alike():
    # Game 3 leaves a comment open: an error row, and explain says so.
    records = REPO / "tests/data/doors/records.pgn"
    row = pgn_arbiter.audit(records).verdicts.to_pylist()[2]
    assert row["status"] == "error" and row["reason"].endswith("comment `{` is never closed")
    told = pgn_arbiter.explain(records, game=3)
    assert told == run_cli("explain", records, "--game", "3", "--no-color").stdout
    assert "Verdict: the game cannot be audited.\nLine 26: comment `{` is never closed." in told


def test_help_explains_every_argument():
    for function in [pgn_arbiter.audit, pgn_arbiter.audit_batches, pgn_arbiter.audit_game, pgn_arbiter.explain]:
        doc = inspect.getdoc(function)
        for name in inspect.signature(function).parameters:
            assert f"{name}:" in doc, (function.__name__, name)
    batches_doc = inspect.getdoc(pgn_arbiter.audit_batches)
    for name in inspect.signature(pgn_arbiter.audit).parameters:
        assert f"``{name}``" in batches_doc or name == "source", name


def test_batches_refuse_an_option_audit_does_not_take():
    with pytest.raises(TypeError, match="proofs"):
        pgn_arbiter.audit_batches(MATE, proofs="fast")


def test_batches_come_in_input_order_with_their_incidents():
    whole = pgn_arbiter.audit(LICHESS, proof="fast")
    with pgn_arbiter.audit_batches(LICHESS, proof="fast", batch_rows=100) as batches:
        pairs = list(batches)
    assert len(pairs) > 1
    games = [g for v, _ in pairs for g in v.column("game").to_pylist()]
    assert games == whole.verdicts.column("game").to_pylist()
    for verdicts, incidents in pairs:
        assert set(incidents.column("game").to_pylist()) <= set(verdicts.column("game").to_pylist())
    assert batches.summary["games"] == 999


def test_the_audit_lets_other_threads_run():
    ticks = []
    stop = threading.Event()

    def ticking():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.005)

    thread = threading.Thread(target=ticking)
    thread.start()
    started = time.perf_counter()
    pgn_arbiter.audit(LICHESS, threads=1)
    took = time.perf_counter() - started
    stop.set()
    thread.join()
    during = [t for t in ticks if started <= t <= started + took]
    # With the GIL held through the audit, the other thread could not tick.
    assert len(during) >= max(3, took / 0.02), (len(during), took)


def test_duckdb_polars_and_pandas_read_the_parquet_reports_as_they_are(tmp_path):
    import duckdb
    import pandas
    import polars

    run_cli("audit", REPO / "samples", "--format", "parquet", "-o", tmp_path / "r")
    verdicts, incidents = tmp_path / "r" / "verdicts.parquet", tmp_path / "r" / "incidents.parquet"
    frame = pandas.read_parquet(verdicts)
    assert len(frame) == 109 and str(frame["status"].dtype) == "category"
    assert frame["game"].dtype == "int64"
    assert (frame["plies"] - frame["decided_at_ply"].fillna(0)).min() >= 0
    assert polars.read_parquet(incidents).height == pgn_arbiter.audit(REPO / "samples").incidents.num_rows
    counted = dict(duckdb.sql(f"SELECT status, count(*) FROM '{verdicts}' GROUP BY status").fetchall())
    assert counted == pgn_arbiter.audit(REPO / "samples").summary["status"]


def test_short_lines_all_gives_every_row_the_short_line():
    # Game 1 is a confirmed win on time whose solver line is 48 plies.
    read = pgn_arbiter.audit(LICHESS, short_lines="read").verdicts.column("reason")
    every = pgn_arbiter.audit(LICHESS, short_lines="all").verdicts.column("reason")
    assert "a helpmate of 48 plies" in read[0].as_py()
    assert "for example 33...Rf7 34. Ne5 Bh8 35. Qxf7#" in every[0].as_py()
    with pytest.raises(ValueError, match="short_lines=\"some\": give one of read, all"):
        pgn_arbiter.audit(MATE, short_lines="some")


def test_pip_brings_the_command(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    # The script pip installed beside this Python, not a cargo-installed one.
    command = Path(sys.executable).parent / "pgn-arbiter"
    assert command.is_file(), command
    version = subprocess.run([command, "--version"], capture_output=True, text=True, check=True)
    assert version.stdout.strip() == f"pgn-arbiter {pgn_arbiter._native.VERSION}"
    run = subprocess.run([command, "audit", REPO / "samples", "-o", tmp_path / "r"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "109 games read" in run.stderr
    with open(tmp_path / "r" / "verdicts.csv", encoding="utf-8") as f:
        assert sum(1 for _ in f) == 110
    usage = subprocess.run([command, "bogus"], capture_output=True, text=True)
    assert usage.returncode == 2 and "unrecognized subcommand" in usage.stderr


def test_tournament_gives_the_command_lines_reports_as_tables(tmp_path):
    team = REPO / "tests/data/tournaments/team"
    report = pgn_arbiter.tournament(
        team / "held-team-exercises-trf26.trf",
        team / "held-team-games.pgn",
        tmp_path / "py",
        tiebreaks=["MP", "EDE", "BH:MP"],
    )
    done = run_cli(
        "tournament", team / "held-team-exercises-trf26.trf", team / "held-team-games.pgn",
        "-o", tmp_path / "cli", "--tiebreaks", "MP,EDE,BH:MP",
    )
    assert report.summary.replace(str(tmp_path / "py"), "DIR") == done.stdout.strip().replace(
        str(tmp_path / "cli"), "DIR"
    )
    for name in ("team-standings.csv", "team-matches.csv", "standings.csv", "pairings.csv"):
        assert (tmp_path / "py" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes(), name
    teams = report.team_standings.to_pylist()
    thirteen = next(t for t in teams if t["team"] == 13)
    assert (thirteen["mp_before"], thirteen["mp_after"]) == (6.0, 7.0)
    assert report.team_matches.num_rows == 47
    with pytest.raises(ValueError, match="match_points"):
        pgn_arbiter.tournament(
            team / "held-team-exercises-trf26.trf", team / "held-team-games.pgn",
            tmp_path / "bad", match_points=(1, 2, 0),
        )
    assert not (tmp_path / "bad").exists()


def test_tournament_takes_the_rating_list_as_the_command_does(tmp_path):
    team = REPO / "tests/data/tournaments/team"
    header = (
        "ID Number      Name                                                         "
        "Fed Sex Tit  WTit OTit           FOA NOV24 Gms K  B-day Flag"
    )
    line = f"{'4295064':<15}{'Bairamian, Artur':<61}GRE M{'':<32}{'1826':<6}0   {'40':<3}2004"
    listed = tmp_path / "standard_rating_list.txt"
    listed.write_text(header + "\n" + line + "\n", encoding="latin-1")
    empty = tmp_path / "none.pgn"
    empty.write_text("")
    trf = team / "friendship-cup-2024.trf"
    report = pgn_arbiter.tournament(trf, empty, tmp_path / "py", rating_list=listed)
    run_cli("tournament", trf, empty, "-o", tmp_path / "cli", "--rating-list", listed)
    assert (tmp_path / "py/ratings.csv").read_bytes() == (tmp_path / "cli/ratings.csv").read_bytes()
    rows = (tmp_path / "py/ratings.csv").read_text().splitlines()
    assert any(r.startswith("8,") and ",40.0,rating list," in r for r in rows), rows[:10]
    assert "K from FIDE's rating list (NOV24" in report.summary
    zipped = tmp_path / "players_list.zip"
    zipped.write_bytes(b"PK\x03\x04rest")
    with pytest.raises(ValueError, match="unzip it"):
        pgn_arbiter.tournament(trf, empty, tmp_path / "bad", rating_list=zipped)
    assert not (tmp_path / "bad").exists()
