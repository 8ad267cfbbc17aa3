//! Round five's findings at the command line's edges (the repros of
//! `adversarial/round-5`, made here without `../shared`): a full standard
//! error, file names that carry terminal escapes, a maze of folder links,
//! standard input that is a file, and a tournament's folder.

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use crate::common::*;

fn bin(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"));
    command.current_dir(dir).args(args);
    command
}

const MATE: &str = "[Event \"e\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n";

/// f23: with standard error on a full disk (`/dev/full`) every exit code
/// is still the one the run earns, never a panic's 101.
#[test]
fn f23_a_full_stderr_changes_no_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("g.pgn"), MATE).unwrap();
    let ok = bin(dir.path(), &["audit", "g.pgn", "-o", "r"])
        .output()
        .unwrap();
    assert!(ok.status.success());
    let cases: [(&[&str], i32); 5] = [
        (&["audit", "missing.pgn", "-o", "r2"], 1),
        (&["audit", "g.pgn", "-o", "r3", "--threads", "0"], 2),
        (&["merge", "r", "-o", "m"], 0),
        (&["explain", "missing.pgn", "--game", "1"], 1),
        (&["tournament", "missing.trf", "g.pgn", "-o", "t"], 1),
    ];
    for (args, code) in cases {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let run = bin(dir.path(), args)
            .stdout(Stdio::null())
            .stderr(full)
            .status()
            .unwrap();
        let allowed = if code == 1 { vec![1, 2] } else { vec![code] };
        assert!(allowed.contains(&run.code().unwrap()), "{args:?}: {run:?}");
    }
    assert!(dir.path().join("m/verdicts.csv").exists());
}

/// f27, f12: file names with terminal escapes reach the terminal escaped:
/// audit's notes and errors, and explain's first line.
#[test]
fn f27_file_names_reach_the_terminal_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    fs::create_dir(&input).unwrap();
    let evil = "x\u{1b}]0;PWNED\u{7}\u{1b}[2Jy";
    fs::write(input.join(format!("{evil}.pgn")), MATE).unwrap();
    fs::write(
        input.join(format!("\u{1b}[8m{evil}-not.pgn")),
        "Dear members",
    )
    .unwrap();
    std::os::unix::fs::symlink(".", input.join(format!("{evil}loop"))).unwrap();
    let run = bin(dir.path(), &["audit", "in", "-o", "r"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    let said = String::from_utf8_lossy(&run.stderr);
    assert!(said.contains("\\x1b]0;PWNED"), "{said}");
    assert!(
        !run.stderr.iter().any(|&b| b == 0x1b || b == 0x07),
        "{said}"
    );
    let path = format!("in/{evil}.pgn");
    let run = bin(dir.path(), &["explain", &path]).output().unwrap();
    assert!(run.status.success(), "{run:?}");
    assert!(!run.stdout.iter().any(|&b| b == 0x1b || b == 0x07));
    assert!(String::from_utf8_lossy(&run.stdout).starts_with("Game 1 of in/x\\x1b]0;PWNED"));
}

/// f13: folders d0…d22, each with two links to the next: each folder is
/// walked once (a note says so), not 2^22 times.
#[test]
fn f13_a_maze_of_folder_links_is_walked_once() {
    let dir = tempfile::tempdir().unwrap();
    let n = 22;
    for i in 0..=n {
        fs::create_dir_all(dir.path().join(format!("tree/d{i}"))).unwrap();
    }
    for i in 0..n {
        for link in ["a", "b"] {
            let at = dir.path().join(format!("tree/d{i}/{link}"));
            std::os::unix::fs::symlink(format!("../d{}", i + 1), at).unwrap();
        }
    }
    fs::write(dir.path().join(format!("tree/d{n}/g.pgn")), MATE).unwrap();
    let out = dir.path().join("out");
    let tree = dir.path().join("tree/d0");
    let args = ["audit", tree.to_str().unwrap(), "-o", out.to_str().unwrap()];
    let run = run_within(&args, Duration::from_secs(30)).expect("walked in time");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.contains("walked once"), "{}", run.stderr);
    assert_eq!(
        fs::read_to_string(out.join("verdicts.csv"))
            .unwrap()
            .lines()
            .count(),
        2
    );
}

/// f26: standard input redirected from a file is that file: `--fixed-pgn`
/// onto it is refused (exit 2) and the file is as it was.
#[test]
fn f26_standard_input_from_a_file_is_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.pgn");
    fs::write(&file, MATE.repeat(3)).unwrap();
    let run: Output = bin(
        dir.path(),
        &["audit", "-", "--fixed-pgn", "g.pgn", "-o", "r"],
    )
    .stdin(fs::File::open(&file).unwrap())
    .output()
    .unwrap();
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    assert!(String::from_utf8_lossy(&run.stderr).contains("would overwrite the input"));
    assert_eq!(fs::read_to_string(&file).unwrap(), MATE.repeat(3));
}

/// f29: `audit -o T` or `merge -o T` into a tournament's report folder is
/// refused (exit 2): its standings and corrected report would stay beside
/// verdicts they did not come from.
#[test]
fn f29_an_audit_into_a_tournaments_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let t = |name: &str| data("tournaments/u19-2010").join(name);
    let report = t("report.trf");
    let games = t("games.pgn");
    let run = bin(dir.path(), &["tournament"])
        .args([&report, &games])
        .args(["-o", "T"])
        .output()
        .unwrap();
    assert!(run.status.success(), "{run:?}");
    fs::write(dir.path().join("other.pgn"), MATE).unwrap();
    let before = fs::read(dir.path().join("T/verdicts.csv")).unwrap();
    let ok = bin(dir.path(), &["audit", "other.pgn", "-o", "a"])
        .output()
        .unwrap();
    assert!(ok.status.success());
    for args in [["audit", "other.pgn", "-o", "T"], ["merge", "a", "-o", "T"]] {
        let run = bin(dir.path(), &args).output().unwrap();
        assert_eq!(run.status.code(), Some(2), "{args:?}: {run:?}");
        assert!(String::from_utf8_lossy(&run.stderr).contains("holds a tournament's report"));
        assert_eq!(fs::read(dir.path().join("T/verdicts.csv")).unwrap(), before);
    }
}

/// f63: a game on one line of 256 MB (a comment without a line end) read
/// from a pipe, 64 KiB a read: the splitter searches on from where the last
/// read's search stopped, so this takes about a second; when it searched
/// the unfinished line from its start after each read it took 45 s.
#[test]
fn f63_one_long_line_is_read_in_linear_time() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let mut child = bin(dir.path(), &["audit", "-", "-o", "r"])
        .args(["--max-game-bytes", "1000000000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        stdin.write_all(b"[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 {")?;
        let chunk = vec![b'a'; 1 << 20];
        for _ in 0..256 {
            stdin.write_all(&chunk)?;
        }
        stdin.write_all(b"} e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n")
    });
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("still reading one long line after 20 s (quadratic: about 45 s)");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    writer.join().unwrap().unwrap();
    assert!(status.success());
    let verdicts = fs::read_to_string(dir.path().join("r/verdicts.csv")).unwrap();
    assert!(
        verdicts.lines().nth(1).unwrap().contains(",confirmed,"),
        "{verdicts}"
    );
}
