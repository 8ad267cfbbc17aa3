//! `--format parquet` holds the CSV's values row for row, typed: the same
//! games audited both ways, the Parquet columns turned back into text the
//! way the CSV writes it (null as an empty cell, clocks in seconds).

#![cfg(feature = "tables")]

use std::path::Path;
use std::process::Command;

use arrow_array::cast::AsArray;
use arrow_array::types::{Date32Type, Float64Type, Int32Type, Int64Type};
use arrow_array::{Array, RecordBatch};
use arrow_schema::DataType;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

use crate::common::*;

/// The corpora item 3 of the Parquet issue names, as far as a fresh clone
/// holds them: the samples, lichess 999 and 100, FICS, OTB, edge cases.
const CORPORA: &[&str] = &[
    "samples",
    "tests/data/lichess-2021-10-first-999.pgn",
    "tests/data/lichess-100-one-illegal.pgn",
    "tests/data/servers",
    "tests/data/otb",
    "tests/data/edge-cases",
];

fn run(args: &[&str], out: &Path) {
    let status = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .arg("audit")
        .args(args)
        .arg("-o")
        .arg(out)
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.code().is_some_and(|c| c <= 1), "{args:?}: {status}");
}

/// A cell as the CSV writes it.
fn text(column: &dyn Array, row: usize) -> String {
    if column.is_null(row) {
        return String::new();
    }
    match column.data_type() {
        DataType::Utf8 => column.as_string::<i32>().value(row).to_string(),
        DataType::Int64 => column.as_primitive::<Int64Type>().value(row).to_string(),
        // The typed date has no CSV cell: days since 1970, to compare runs.
        DataType::Date32 => column.as_primitive::<Date32Type>().value(row).to_string(),
        DataType::Float64 => column.as_primitive::<Float64Type>().value(row).to_string(),
        DataType::Dictionary(..) => {
            let dict = column.as_dictionary::<Int32Type>();
            let key = dict.keys().value(row) as usize;
            dict.values().as_string::<i32>().value(key).to_string()
        }
        other => panic!("a column of type {other} in a report"),
    }
}

fn parquet_rows(path: &Path) -> Vec<Vec<String>> {
    let file = std::fs::File::open(path).unwrap();
    let reader = ParquetRecordBatchReaderBuilder::try_new(file)
        .unwrap()
        .build()
        .unwrap();
    let mut rows = Vec::new();
    for batch in reader {
        let batch: RecordBatch = batch.unwrap();
        for row in 0..batch.num_rows() {
            rows.push(batch.columns().iter().map(|c| text(c, row)).collect());
        }
    }
    rows
}

fn csv_rows(path: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header = reader.headers().unwrap().iter().map(String::from).collect();
    let rows = reader
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect();
    (header, rows)
}

fn same_values(corpus: &str, proof: &str) {
    let dir = tempfile::tempdir().unwrap();
    let input = repo(corpus);
    let input = input.to_str().unwrap();
    let (csv, pq) = (dir.path().join("csv"), dir.path().join("pq"));
    run(&[input, "--proof", proof, "--raw"], &csv);
    run(&[input, "--proof", proof, "--format", "parquet"], &pq);
    for name in ["verdicts", "incidents"] {
        let (header, expected) = csv_rows(&csv.join(format!("{name}.csv")));
        let got = parquet_rows(&pq.join(format!("{name}.parquet")));
        assert!(
            !expected.is_empty() || name == "incidents",
            "{corpus}: no {name}"
        );
        assert_eq!(got.len(), expected.len(), "{corpus} {proof}: {name} rows");
        for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
            for ((column, g), e) in header.iter().zip(g).zip(e) {
                assert_eq!(
                    g,
                    e,
                    "{corpus} {proof}: {name} row {} column {column}",
                    i + 1
                );
            }
        }
    }
    let summary = |d: &Path| {
        let mut v: serde_json::Value =
            serde_json::from_slice(&std::fs::read(d.join("summary.json")).unwrap()).unwrap();
        for volatile in ["seconds", "options"] {
            v.as_object_mut().unwrap().remove(volatile);
        }
        v
    };
    assert_eq!(
        summary(&csv),
        summary(&pq),
        "{corpus} {proof}: summary.json"
    );
}

#[test]
fn parquet_holds_the_csv_values_in_full_proof() {
    for corpus in CORPORA {
        same_values(corpus, "full");
    }
}

#[test]
fn parquet_holds_the_csv_values_in_fast_proof() {
    for corpus in CORPORA {
        same_values(corpus, "fast");
    }
}

#[test]
fn parquet_columns_are_typed_and_compressed() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pq");
    run(
        &[repo("samples").to_str().unwrap(), "--format", "parquet"],
        &out,
    );
    let file = std::fs::File::open(out.join("verdicts.parquet")).unwrap();
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
    let schema = builder.schema().clone();
    let kind = |name: &str| schema.field_with_name(name).unwrap().data_type().clone();
    // Signed, so that a user's difference of two counts is a number.
    assert_eq!(kind("game"), DataType::Int64);
    assert_eq!(kind("decided_at_ply"), DataType::Int64);
    assert_eq!(kind("date"), DataType::Utf8);
    assert_eq!(kind("game_date"), DataType::Date32);
    assert!(matches!(kind("status"), DataType::Dictionary(..)));
    assert!(matches!(kind("rule"), DataType::Dictionary(..)));
    assert_eq!(kind("reason"), DataType::Utf8);
    let column = builder.metadata().row_group(0).column(0);
    // The level is not stored in the file: the codec is.
    assert!(matches!(
        column.compression(),
        parquet::basic::Compression::ZSTD(_)
    ));
    assert!(!out.join("verdicts.csv").exists());
}

fn merge(dirs: &[&Path], out: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .arg("merge")
        .args(dirs)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap()
}

#[test]
fn parquet_shards_merge_into_the_whole_and_refuse_csv() {
    let dir = tempfile::tempdir().unwrap();
    let input = data("lichess-2021-10-first-999.pgn");
    let input = input.to_str().unwrap();
    let at = |name: &str| dir.path().join(name);
    for k in 1..=3 {
        let shard = format!("{k}/3");
        run(
            &[input, "--shard", &shard, "--format", "parquet"],
            &at(&format!("s{k}")),
        );
    }
    run(&[input, "--format", "parquet"], &at("whole"));
    let merged = merge(&[&at("s1"), &at("s2"), &at("s3")], &at("merged"));
    assert!(
        merged.status.success(),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    for name in ["verdicts.parquet", "incidents.parquet"] {
        assert_eq!(
            parquet_rows(&at("merged").join(name)),
            parquet_rows(&at("whole").join(name)),
            "{name}"
        );
    }
    run(&[input, "--shard", "1/3"], &at("csv"));
    let mixed = merge(&[&at("csv"), &at("s2"), &at("s3")], &at("mixed"));
    let said = String::from_utf8_lossy(&mixed.stderr);
    assert_eq!(mixed.status.code(), Some(2), "{said}");
    assert!(said.contains("s2 holds Parquet reports and"), "{said}");
    assert!(
        said.contains("CSV ones: a merge takes reports of one form"),
        "{said}"
    );
    assert!(!at("mixed").exists());
}

#[test]
fn a_parquet_run_replaces_the_csv_of_an_earlier_one() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    let samples = repo("samples");
    run(&[samples.to_str().unwrap()], &out);
    assert!(out.join("verdicts.csv").exists());
    run(&[samples.to_str().unwrap(), "--format", "parquet"], &out);
    assert!(out.join("verdicts.parquet").exists());
    assert!(
        !out.join("verdicts.csv").exists(),
        "a stale CSV beside the Parquet"
    );
}
