"""docs/python.md's code blocks run as written: the Python ones here, in
order, in one session, beside a month's file (the lichess 999 and the
samples stand in for it: a month has corrections to count) and a team
event's report and games (`team/`, from tests/data/tournaments/team), a
lichess export (`lichess_games.ndjson`, from tests/data/servers); the
shell ones are .ci/run's own lines, which CI runs."""

import os
import re
import shutil

from conftest import REPO

DOC = REPO / "docs" / "python.md"


def blocks(language):
    return re.findall(rf"```{language}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_python_blocks_run(tmp_path, monkeypatch):
    games = [REPO / "tests/data/lichess-2021-10-first-999.pgn", *sorted((REPO / "samples").rglob("*.pgn"))]
    month = b"\n\n".join(path.read_bytes().strip() for path in games)
    (tmp_path / "lichess_db_2021-10.pgn").write_bytes(month + b"\n")
    shutil.copytree(REPO / "tests/data/tournaments/team", tmp_path / "team")
    shutil.copy(REPO / "tests/data/servers/lichess-indexinator-2025.ndjson", tmp_path / "lichess_games.ndjson")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", f"{REPO / 'target' / 'release'}{os.pathsep}{os.environ['PATH']}")
    session = {"__name__": "__docs__"}
    code = blocks("python")
    assert len(code) >= 5
    for n, block in enumerate(code, 1):
        exec(compile(block, f"docs/python.md block {n}", "exec"), session)
    assert (tmp_path / "corrected.parquet").exists()
    assert (tmp_path / "month" / "verdicts.parquet").exists()
    assert (tmp_path / "team-check" / "team-matches.csv").exists()


def test_the_shell_blocks_are_what_ci_runs():
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    lines = [line for block in blocks("sh") for line in block.splitlines() if line.strip()]
    assert lines
    for line in lines:
        assert line in ci, f"docs/python.md says `{line}`, which .ci/run does not run"
