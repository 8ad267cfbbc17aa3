//! Runs the `pgn-arbiter` binary and reads its reports.
#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub type Row = HashMap<String, String>;

pub struct Run {
    pub output: Output,
    pub verdicts: Vec<Row>,
    pub incidents: Vec<Row>,
    pub verdicts_raw: Vec<u8>,
    pub incidents_raw: Vec<u8>,
    _dir: tempfile::TempDir,
}

impl Run {
    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }

    pub fn code(&self) -> Option<i32> {
        self.output.status.code()
    }
}

pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

pub fn repo(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
}

fn read_rows(path: &Path) -> (Vec<Row>, Vec<u8>) {
    let raw = std::fs::read(path).unwrap_or_default();
    let mut reader = csv::Reader::from_reader(raw.as_slice());
    let headers = reader.headers().cloned().unwrap_or_default();
    let rows = reader
        .records()
        .map(|r| {
            let r = r.expect("well-formed CSV");
            headers
                .iter()
                .zip(r.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect();
    (rows, raw)
}

/// `pgn-arbiter audit ARGS -o TMP`, optionally with stdin.
pub fn audit(args: &[&str], stdin: Option<&[u8]>) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"));
    cmd.arg("audit").args(args).arg("-o").arg(&out);
    let output = match stdin {
        None => cmd.stdin(std::process::Stdio::null()).output().unwrap(),
        Some(bytes) => {
            use std::io::Write;
            let mut child = cmd
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            // The program may exit before reading it all (a usage error).
            let _ = child.stdin.take().unwrap().write_all(bytes);
            child.wait_with_output().unwrap()
        }
    };
    let (verdicts, verdicts_raw) = read_rows(&out.join("verdicts.csv"));
    let (incidents, incidents_raw) = read_rows(&out.join("incidents.csv"));
    Run {
        output,
        verdicts,
        incidents,
        verdicts_raw,
        incidents_raw,
        _dir: dir,
    }
}

/// Runs on one PGN text given on stdin.
pub fn audit_pgn(pgn: &str) -> Run {
    audit(&["-"], Some(pgn.as_bytes()))
}

pub fn count<'a>(rows: &'a [Row], col: &str) -> std::collections::BTreeMap<&'a str, usize> {
    let mut m = std::collections::BTreeMap::new();
    for r in rows {
        *m.entry(r[col].as_str()).or_default() += 1;
    }
    m
}
