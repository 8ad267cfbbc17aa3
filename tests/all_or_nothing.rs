//! A run replaces the whole report set (CSVs, corrected PGN, HTML) or none
//! of it: a full disk or a kill in the middle leaves the previous report
//! whole, and the next run clears what the broken one left.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::*;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
}

/// Every file below `dir` with its bytes, in path order.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(snapshot(&path));
        } else if !is_lock(&path) {
            out.push((path.clone(), fs::read(&path).unwrap()));
        }
    }
    out.sort();
    out
}

/// Every `.partial` file or folder below `dir`.
fn partials(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if entry.file_name().to_string_lossy().contains(".partial") {
            out.push(path.clone());
        }
        if path.is_dir() {
            out.extend(partials(&path));
        }
    }
    out
}

/// A small report set in `root`: report/, site/ and fixed.pgn.
fn old_report(root: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let run = bin()
        .current_dir(root)
        .args(["audit", &repo("samples/rules").display().to_string()])
        .args(["-o", "report", "--html", "site", "--fixed-pgn", "fixed.pgn"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    snapshot(root)
}

#[test]
fn a_full_disk_leaves_the_previous_report_whole() {
    let dir = tempfile::tempdir().unwrap();
    let mount = dir.path().join("small");
    let Some(_unmount) = Tmpfs::mount(&mount, "1m") else {
        return;
    };
    let before = old_report(&mount);
    // Reports of about 3 MB: they cannot fit beside the old ones.
    let at = |name: &str| mount.join(name).display().to_string();
    // A writer that stops on an error must not leave the reader waiting:
    // bounded, so that a hang fails the test instead of the whole CI run.
    let run = run_within(
        &[
            "audit",
            data("lichess-2021-10-first-999.pgn").to_str().unwrap(),
            data("otb").to_str().unwrap(),
            "-o",
            &at("report"),
            "--html",
            &at("site"),
            "--fixed-pgn",
            &at("fixed.pgn"),
        ],
        std::time::Duration::from_secs(120),
    )
    .expect("the run ends on a full disk");
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains("No space left on device"),
        "{}",
        run.stderr
    );
    assert_eq!(snapshot(&mount), before, "the old report set is untouched");
}

#[test]
fn a_kill_mid_run_leaves_the_previous_report_whole() {
    let dir = tempfile::tempdir().unwrap();
    let before = old_report(dir.path());
    // Forty copies of the lichess sample: seconds of work.
    let big = dir.path().join("input").join("big.pgn");
    fs::create_dir(big.parent().unwrap()).unwrap();
    let one = fs::read(data("lichess-2021-10-first-999.pgn")).unwrap();
    fs::write(&big, one.repeat(40)).unwrap();
    let mut child = bin()
        .current_dir(dir.path())
        .arg("audit")
        .arg(&big)
        .args(["--threads", "1", "-o", "report", "--html", "site"])
        .args(["--fixed-pgn", "fixed.pgn"])
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    // SAFETY: signalling our own child.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), None, "killed mid-run, not finished");
    let after: Vec<_> = snapshot(dir.path())
        .into_iter()
        .filter(|(p, _)| !p.starts_with(dir.path().join("input")))
        .filter(|(p, _)| !p.to_string_lossy().contains(".partial"))
        .collect();
    assert_eq!(after, before, "the old report set is untouched");
    assert!(
        !partials(dir.path()).is_empty(),
        "the killed run left its staging"
    );
    // The next run clears what the killed one left.
    let run = bin()
        .current_dir(dir.path())
        .args(["audit", &repo("samples/rules").display().to_string()])
        .args(["-o", "report", "--html", "site", "--fixed-pgn", "fixed.pgn"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    let left = partials(dir.path());
    assert!(left.is_empty(), "{left:?}");
}

#[cfg(feature = "tables")]
#[test]
fn a_full_disk_under_parquet_leaves_the_previous_report_whole() {
    let dir = tempfile::tempdir().unwrap();
    let mount = dir.path().join("small");
    // Room for the old CSV report (28 KB), not for the new Parquet one
    // (about 160 KB) beside it.
    let Some(_unmount) = Tmpfs::mount(&mount, "96k") else {
        return;
    };
    let old = bin()
        .current_dir(&mount)
        .args([
            "audit",
            &repo("samples/rules").display().to_string(),
            "-o",
            "report",
        ])
        .output()
        .unwrap();
    assert_eq!(old.status.code(), Some(0), "{old:?}");
    let before = snapshot(&mount);
    let report = mount.join("report").display().to_string();
    let run = run_within(
        &[
            "audit",
            data("lichess-2021-10-first-999.pgn").to_str().unwrap(),
            data("otb").to_str().unwrap(),
            repo("samples").to_str().unwrap(),
            "--format",
            "parquet",
            "-o",
            &report,
        ],
        std::time::Duration::from_secs(120),
    )
    .expect("the run ends on a full disk");
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains("No space left on device"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(".parquet"),
        "names the file: {}",
        run.stderr
    );
    assert_eq!(snapshot(&mount), before, "the old report is untouched");
}

/// f83 (round 5): one writer per report. While a run reading a slow stream
/// writes into `-o`, a second run into it is refused (exit 2, naming the
/// folder and the first run's process) and the first commits its report
/// whole; once the first is done, the second runs.
#[test]
fn f83_a_second_run_into_a_report_being_written_is_refused() {
    use std::io::Write;
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("cc");
    let games = fs::read(data("lichess-100-one-illegal.pgn")).unwrap();
    let mut first = std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .args(["audit", "-", "-o"])
        .arg(&out)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = first.stdin.take().unwrap();
    stdin.write_all(&games).unwrap();
    let lock = out.join(".pgn-arbiter.lock");
    let pid = first.id().to_string();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while fs::read_to_string(&lock).unwrap_or_default().trim() != pid {
        assert!(
            std::time::Instant::now() < deadline,
            "the first run never locked"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let second = |name: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
            .args(["audit", data(name).to_str().unwrap(), "-o"])
            .arg(&out)
            .output()
            .unwrap()
    };
    let refused = second("lichess-2021-10-first-999.pgn");
    let said = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{said}");
    assert!(
        said.contains("is being written by another pgn-arbiter run (process"),
        "{said}"
    );
    assert!(said.contains(&pid) && said.contains("cc"), "{said}");
    drop(stdin);
    assert!(first.wait().unwrap().success());
    let summary = fs::read_to_string(out.join("summary.json")).unwrap();
    assert!(
        summary.contains("\"games\": 100"),
        "the first run's report, whole"
    );
    assert_eq!(
        second("lichess-2021-10-first-999.pgn").status.code(),
        Some(0)
    );
    let summary = fs::read_to_string(out.join("summary.json")).unwrap();
    assert!(summary.contains("\"games\": 999"), "then the second's");
}

/// The report set below `root`, by relative path, without the seconds
/// summary.json and the HTML index give the run, the staging places a killed run leaves (the next run
/// clears them) left out: what two runs over one input agree on.
fn set_of(root: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    snapshot(root)
        .into_iter()
        .filter(|(path, _)| !path.to_string_lossy().contains(".partial"))
        .map(|(path, bytes)| {
            let timed = path.ends_with("summary.json") || path.ends_with("index.html");
            let bytes = match timed {
                true => String::from_utf8(bytes)
                    .unwrap()
                    .lines()
                    .filter(|l| !l.contains("\"seconds\"") && !l.contains("<summary>Run: "))
                    .collect::<String>()
                    .into_bytes(),
                false => bytes,
            };
            (path.strip_prefix(root).unwrap().to_path_buf(), bytes)
        })
        .collect()
}

/// `audit` of the 60 lichess games into report/, site/ and fixed.pgn of
/// `root`, under `wrapper` (strace) if given.
fn new_run(root: &Path, wrapper: &[&str]) -> std::process::Output {
    let mut command = match wrapper.split_first() {
        Some((program, args)) => {
            let mut c = Command::new(program);
            c.args(args).arg(env!("CARGO_BIN_EXE_pgn-arbiter"));
            c
        }
        None => bin(),
    };
    command
        .current_dir(root)
        .arg("audit")
        .arg(repo("samples/lichess-2021-10-first-60.pgn"))
        .args(["-o", "report", "--html", "site", "--fixed-pgn", "fixed.pgn"])
        .output()
        .expect("strace (Debian's package strace; .ci/run installs it)")
}

/// f20 (round 5): a SIGTERM (a Slurm time limit) delivered at each rename
/// of the commit in turn, by strace: the set left is the old run's or the
/// new run's, whole, never a mix.
#[test]
fn f20_a_sigterm_during_the_commit_leaves_one_whole_set() {
    let clean = tempfile::tempdir().unwrap();
    assert!(new_run(clean.path(), &[]).status.success());
    let new = set_of(clean.path());
    let mut kept = 0;
    for n in 1..=8 {
        let root = tempfile::tempdir().unwrap();
        old_report(root.path());
        let old = set_of(root.path());
        let inject = format!("inject=rename,renameat,renameat2:signal=SIGTERM:when={n}");
        let trace = "trace=rename,renameat,renameat2";
        let strace = [
            "strace",
            "-f",
            "-qq",
            "-o",
            "/dev/null",
            "-e",
            trace,
            "-e",
            &inject,
        ];
        let run = new_run(root.path(), &strace);
        let now = set_of(root.path());
        let differ: Vec<&PathBuf> = now
            .iter()
            .filter(|f| !new.contains(f))
            .map(|(p, _)| p)
            .collect();
        assert!(now == old || now == new, "rename {n}: {differ:?} ({run:?})");
        kept += usize::from(now == old);
    }
    // The renames before the commit's (staging) are signalled too: some
    // runs die before committing and keep the old set, the rest commit.
    assert!(kept < 8, "no try reached the commit");
}

/// f21 (round 5): `--fixed-pgn corrected/` (a folder's name, as a user
/// types one) is refused before anything is written: the old set stays
/// whole and nothing `.partial` is left.
#[test]
fn f21_a_fixed_pgn_named_as_a_folder_is_refused_first() {
    let root = tempfile::tempdir().unwrap();
    let old = old_report(root.path());
    let run = bin()
        .current_dir(root.path())
        .arg("audit")
        .arg(repo("samples/lichess-2021-10-first-60.pgn"))
        .args([
            "-o",
            "report",
            "--html",
            "site",
            "--fixed-pgn",
            "corrected/",
        ])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    assert!(String::from_utf8_lossy(&run.stderr).contains("ends in `/`"));
    assert_eq!(snapshot(root.path()), old);
    assert!(partials(root.path()).is_empty());
}
