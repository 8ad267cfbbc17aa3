//! Runs the `pgn-arbiter` binary and reads its reports.
#![allow(dead_code)]

pub mod pgn_reader_count;

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
    /// `summary.json`, or `Null` when the run wrote none.
    pub summary: serde_json::Value,
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

/// A lock file a run holds while it writes an output (`.pgn-arbiter.lock`,
/// `.NAME.lock`): it holds that run's process number, so two runs' folders
/// differ there and nowhere else.
pub fn is_lock(path: &Path) -> bool {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    name.starts_with('.') && name.ends_with(".lock")
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
/// The `.pgn` files of a folder of the repository, sorted.
pub fn pgn_files(folder: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo(folder))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    files
}

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
    let summary = std::fs::read(out.join("summary.json"))
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_default();
    Run {
        output,
        verdicts,
        incidents,
        verdicts_raw,
        incidents_raw,
        summary,
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

/// How a run bounded in time went.
pub struct Bounded {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    /// The run's own peak resident set, in KiB.
    pub max_rss_kib: i64,
}

/// Runs `pgn-arbiter ARGS` and kills it past `limit`: for the documented
/// worst-case bounds, which old versions broke by minutes, not by percents.
/// Returns `None` if it had to be killed.
#[allow(
    clippy::zombie_processes,
    reason = "reaped by wait4, which also gives its rusage"
)]
pub fn run_within(args: &[&str], limit: std::time::Duration) -> Option<Bounded> {
    let dir = tempfile::tempdir().unwrap();
    let (out, err) = (dir.path().join("out"), dir.path().join("err"));
    let child = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let started = std::time::Instant::now();
    loop {
        let mut status = 0;
        let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
        // SAFETY: wait4 on our own child, with valid out-pointers; the
        // child's own rusage, not that of every child of this process.
        let done = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, usage.as_mut_ptr()) };
        if done == pid {
            let usage = unsafe { usage.assume_init() };
            let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
            let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned();
            return Some(Bounded {
                code,
                stdout: read(&out),
                stderr: read(&err),
                max_rss_kib: usage.ru_maxrss,
            });
        }
        if started.elapsed() > limit {
            // SAFETY: signalling our own child.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, &mut status, 0);
            }
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// A small tmpfs mounted at `at` (created), unmounted when dropped; `None`
/// where mounting is not allowed (it needs root; CI runs as root).
pub struct Tmpfs(PathBuf);

impl Tmpfs {
    pub fn mount(at: &Path, size: &str) -> Option<Tmpfs> {
        std::fs::create_dir_all(at).ok()?;
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(at)
            .status()
            .is_ok_and(|s| s.success());
        if !mounted {
            eprintln!("skipped: cannot mount a tmpfs here (not root?)");
        }
        mounted.then(|| Tmpfs(at.to_path_buf()))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// A small deterministic generator for the generated tests (no crate
/// needed for it).
pub struct Lcg(pub u64);

impl Lcg {
    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}
