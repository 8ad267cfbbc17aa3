"""Shared paths: the repository, the command line built by `cargo build
--release` (CI builds it before pytest runs), the corpora."""

import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "data"


def cli_path() -> pathlib.Path:
    path = pathlib.Path(os.environ.get("PGN_ARBITER_BIN", REPO / "target" / "release" / "pgn-arbiter"))
    if not path.exists():
        raise RuntimeError(f"{path} is missing: run `cargo build --release` first")
    return path


def run_cli(*args, check=True, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [str(cli_path()), *map(str, args)], capture_output=True, text=True, **kwargs
    )
    if check and done.returncode not in (0, 1):
        raise AssertionError(f"pgn-arbiter {args}: {done.returncode}\n{done.stderr}")
    return done


def corpora():
    """The corpora the Parquet issue names: those in the repository, and
    the shared data's FICS months when it is beside the checkout."""
    found = [
        REPO / "samples",
        REPO / "tests/data/lichess-2021-10-first-999.pgn",
        REPO / "tests/data/lichess-100-one-illegal.pgn",
        REPO / "tests/data/servers",
        REPO / "tests/data/otb",
        REPO / "tests/data/edge-cases",
        # Clean, damaged and unclear records, which every door answers alike.
        REPO / "tests/data/doors",
    ]
    found += sorted((SHARED / "games" / "servers").glob("fics-*.pgn"))
    return found


@pytest.fixture
def repo() -> pathlib.Path:
    return REPO
