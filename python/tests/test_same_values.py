"""One set of answers: on every corpus and in both proof modes, the Python
tables, the Parquet files and the CSV (written with --raw: text as found)
hold the same values row for row, once types are turned back into the
CSV's text."""

import csv
import json
import math

import pyarrow.parquet as pq
import pytest

import pgn_arbiter
from conftest import REPO, corpora, run_cli


def as_csv_text(value):
    """A typed value as the CSV writes it."""
    if value is None:
        return ""
    if isinstance(value, float):
        assert math.isfinite(value)
        return str(int(value)) if value.is_integer() else repr(value)
    return str(value)


def table_rows(table):
    return [[as_csv_text(v) for v in row.values()] for row in table.to_pylist()]


def csv_rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        header = next(reader)
        return header, [row for row in reader]


def assert_same(what, header, expected, got):
    assert len(got) == len(expected), f"{what}: {len(got)} rows, not {len(expected)}"
    for n, (e, g) in enumerate(zip(expected, got), 1):
        for column, a, b in zip(header, e, g):
            assert a == b, f"{what} row {n} column {column}: {b!r}, not {a!r}"


@pytest.mark.parametrize("proof", ["full", "fast"])
@pytest.mark.parametrize("corpus", corpora(), ids=lambda p: p.name)
def test_python_parquet_and_csv_agree(corpus, proof, tmp_path):
    run_cli("audit", corpus, "--proof", proof, "--raw", "-o", tmp_path / "csv")
    run_cli("audit", corpus, "--proof", proof, "--format", "parquet", "-o", tmp_path / "pq")
    report = pgn_arbiter.audit(corpus, proof=proof)
    for name, table in [("verdicts", report.verdicts), ("incidents", report.incidents)]:
        header, expected = csv_rows(tmp_path / "csv" / f"{name}.csv")
        # The verdicts' typed date comes after the CSV's columns.
        typed_only = ["game_date"] if name == "verdicts" else []
        assert table.column_names == header + typed_only
        parquet = pq.read_table(tmp_path / "pq" / f"{name}.parquet")
        assert parquet.schema.equals(table.schema), name
        assert_same(f"{corpus.name} {proof} Parquet {name}", header, expected, table_rows(parquet))
        assert_same(f"{corpus.name} {proof} Python {name}", header, expected, table_rows(table))
    written = json.loads((tmp_path / "csv" / "summary.json").read_text())
    for counted in ["games", "verdict_rows", "incident_rows", "status", "rule", "incidents", "endings"]:
        assert report.summary[counted] == written[counted], counted
    assert report.verdicts.num_rows == report.summary["games"] > 0
