"""Round five's findings at the Python door (the repros of
adversarial/round-5, f01-f16, made here without ../shared)."""

import errno
import io
import os
import pathlib
import subprocess
import sys
import threading
import time

import pyarrow.compute as pc
import pytest

import pgn_arbiter
from conftest import REPO

GAMES = (
    '[Event "a"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n'
    '[Event "b"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
)
LICHESS = REPO / "tests/data/lichess-2021-10-first-999.pgn"


def test_f01_a_str_naming_a_file_is_a_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ["1. e4 e5.pgn", "1.pgn", "[Round 1] Open.pgn"]:
        pathlib.Path(name).write_text(GAMES)
        report = pgn_arbiter.audit(name)
        assert report.verdicts.num_rows == 2
        assert report.summary["inputs"][0]["source"] == name


def test_f02_a_file_name_that_is_no_utf8(tmp_path):
    name = os.path.join(os.fsencode(tmp_path), b"H\xfclle.pgn")
    pathlib.Path(os.fsdecode(name)).write_text(GAMES)
    assert pgn_arbiter.audit(os.fsdecode(name)).verdicts.num_rows == 2
    assert "checkmate" in pgn_arbiter.explain(os.fsdecode(name))


def test_f03_standard_input_as_a_path_loses_no_game():
    code = "import pgn_arbiter as pa; print(pa.audit('/dev/stdin').verdicts.num_rows)"
    with open(LICHESS, "rb") as games:
        piped = subprocess.run(
            [sys.executable, "-W", "ignore", "-c", code],
            input=games.read(),
            capture_output=True,
            check=True,
        )
    assert piped.stdout.split()[-1] == b"999"


def test_f04_a_fifo_is_read_not_waited_on(tmp_path):
    fifo = tmp_path / "games.pgn"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_text(GAMES))
    writer.start()
    assert pgn_arbiter.audit(fifo).verdicts.num_rows == 2
    writer.join(5)


def test_f05_a_game_python_chess_cut_short_is_refused():
    chess_pgn = pytest.importorskip("chess.pgn")
    pgn = '[Result "0-1"]\n\n1. e4 e5 2. Bc4 f6 3. Qh5+ Nc6 4. Qf7# 0-1\n'
    game = chess_pgn.read_game(io.StringIO(pgn))
    assert game.errors
    with pytest.raises(TypeError, match="not a chess.pgn.Game"):
        pgn_arbiter.audit_game(game)
    assert pgn_arbiter.audit_game(pgn)[0]["status"] == "corrected"


def test_f06_f09_batches_stay_small_with_flagged_rows(tmp_path):
    batches = pgn_arbiter.audit_batches(LICHESS, rows="flagged", batch_rows=50)
    sizes = [incidents.num_rows for _, incidents in batches]
    assert len(sizes) > 1 and max(sizes) < 50 + 60, sizes
    events = tmp_path / "events.csv"
    lines = "".join(f"https://x.org/{i},e,1,A,B,3,time\n" for i in range(3000))
    events.write_text("site,event,round,white,black,ply,command\n" + lines)
    batches = pgn_arbiter.audit_batches(GAMES, events=events, batch_rows=500)
    sizes = [incidents.num_rows for _, incidents in batches]
    assert sum(sizes) >= 3000 and max(sizes) <= 500, sizes


def test_f07_no_game_read_raises(tmp_path):
    junk = tmp_path / "junk.pgn.gz"
    junk.write_bytes(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03" + b"\xff" * 3000)
    with pytest.raises(OSError, match="no game was read"):
        pgn_arbiter.audit(junk)


def test_f08_explain_raises_the_types_audit_raises():
    with pytest.raises(pgn_arbiter.NotPgnError):
        pgn_arbiter.explain(b"Dear club members, the meeting is on Friday.\n")
    with pytest.raises(ValueError):
        pgn_arbiter.explain(fen="not a fen")
    with pytest.raises(FileNotFoundError) as missing:
        pgn_arbiter.audit("no-such-file.pgn")
    assert missing.value.errno == errno.ENOENT


@pytest.mark.parametrize("blank", [b"", b"\xef\xbb\xbf", b"\r\n\r\n"])
def test_f10_a_round_file_with_no_game_yet_is_no_damage(tmp_path, blank):
    (tmp_path / "round-1.pgn").write_text(GAMES)
    (tmp_path / "round-2.pgn").write_bytes(blank)
    assert pgn_arbiter.audit(tmp_path).verdicts.num_rows == 2


def test_f11_one_dictionary_per_column(tmp_path):
    big = tmp_path / "big.pgn"
    big.write_bytes(LICHESS.read_bytes() * 70)
    verdicts = pgn_arbiter.audit(big, proof="fast").verdicts
    assert verdicts.column("ending").num_chunks > 1
    counts = verdicts.group_by(["ending", "category"]).aggregate([("game", "count")])
    assert pc.sum(counts.column("game_count")).as_py() == verdicts.num_rows


def test_f12_file_names_in_exceptions_are_escaped(tmp_path):
    letter = tmp_path / "x\x1b]0;PWNED\x07\x1b[2Jy.pgn"
    letter.write_text("Dear club members, the meeting is on Friday.\n")
    with pytest.raises(pgn_arbiter.NotPgnError) as refused:
        pgn_arbiter.audit(letter)
    assert "\x1b" not in str(refused.value) and "\\x1b" in str(refused.value)


def test_f16_close_from_another_thread_stops_the_audit(tmp_path):
    big = tmp_path / "big.pgn"
    big.write_bytes(LICHESS.read_bytes() * 20)
    batches = pgn_arbiter.audit_batches(big, batch_rows=100)
    rows = next(batches)[0].num_rows
    closer = threading.Timer(0.2, batches.close)
    closer.start()
    rows += sum(verdicts.num_rows for verdicts, _ in batches)
    closer.join()
    assert rows < 999 * 20, "the audit ran to its end"


def test_f17_a_chdir_during_the_audit_reads_the_same_files(tmp_path, monkeypatch):
    game = '[Event "{r}"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n'
    for folder, rounds, n in [("month", ["r1", "r2", "r3"], 3000), ("elsewhere", ["r2"], 1)]:
        (tmp_path / folder / "games").mkdir(parents=True)
        for r in rounds:
            text = game.format(r=f"{folder} {r}") * n
            (tmp_path / folder / "games" / f"{r}.pgn").write_text(text)
    monkeypatch.chdir(tmp_path / "month")
    batches = pgn_arbiter.audit_batches("games", threads=1, batch_rows=1)
    first = next(batches)[0]
    events, rows = set(first.column("event").to_pylist()), first.num_rows
    os.chdir(tmp_path / "elsewhere")  # while the audit runs
    for verdicts, _ in batches:
        rows += verdicts.num_rows
        events |= set(verdicts.column("event").to_pylist())
    assert (rows, events) == (9000, {f"month r{i}" for i in (1, 2, 3)})
    assert batches.summary["inputs"][1]["source"] == "games/r2.pgn"
