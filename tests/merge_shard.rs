//! `merge` and `--shard`: merging the reports of runs over parts of the
//! input gives, byte for byte, the report of one run over all of it
//! (summary.json but for the seconds taken).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::*;

fn bin(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .args(args)
        .output()
        .unwrap()
}

fn audit_to(out: &Path, inputs: &[&Path], extra: &[&str]) {
    let mut args = vec!["audit"];
    args.extend(inputs.iter().map(|p| p.to_str().unwrap()));
    args.extend(extra);
    args.extend(["-o", out.to_str().unwrap()]);
    let run = bin(&args);
    assert_eq!(run.status.code(), Some(0), "{args:?}: {run:?}");
}

fn merge(dirs: &[PathBuf], out: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["merge"];
    args.extend(dirs.iter().map(|p| p.to_str().unwrap()));
    args.extend(extra);
    args.extend(["-o", out.to_str().unwrap()]);
    bin(&args)
}

/// The report files of a directory, summary.json without its seconds.
fn report(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|e| !is_lock(&e.path()))
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let mut bytes = fs::read(e.path()).unwrap();
            if name == "summary.json" {
                let text = String::from_utf8(bytes).unwrap();
                bytes = text
                    .lines()
                    .filter(|l| !l.contains("\"seconds\""))
                    .collect::<Vec<_>>()
                    .join("\n")
                    .into_bytes();
            }
            (name, bytes)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn shards_merged_are_the_whole_run() {
    let tmp = tempfile::tempdir().unwrap();
    let file = data("lichess-2021-10-first-999.pgn");
    let whole = tmp.path().join("whole");
    audit_to(&whole, &[&file], &[]);
    for n in [1, 2, 3, 7] {
        let dirs: Vec<PathBuf> = (1..=n)
            .map(|k| {
                let dir = tmp.path().join(format!("s{k}of{n}"));
                audit_to(&dir, &[&file], &["--shard", &format!("{k}/{n}")]);
                dir
            })
            .collect();
        let merged = tmp.path().join(format!("merged{n}"));
        let run = merge(&dirs, &merged, &[]);
        assert_eq!(run.status.code(), Some(0), "{run:?}");
        assert_eq!(report(&merged), report(&whole), "{n} shards");
        // Given in another order (`merge s2 s1`, or a shell's `s10` before
        // `s2`), the shards are merged in theirs, and that is said.
        let backwards: Vec<PathBuf> = dirs.iter().rev().cloned().collect();
        let merged = tmp.path().join(format!("backwards{n}"));
        let run = merge(&backwards, &merged, &[]);
        assert_eq!(run.status.code(), Some(0), "{run:?}");
        assert_eq!(report(&merged), report(&whole), "{n} shards backwards");
        let said = stderr(&run).contains("the shards are merged in their order");
        assert_eq!(said, n > 1, "{}", stderr(&run));
    }
}

#[test]
fn runs_over_files_merged_are_one_run_over_all() {
    let tmp = tempfile::tempdir().unwrap();
    let files = [
        repo("samples/rules/flag-win-stands.pgn"),
        repo("samples/rules/checkmate-then-moves.pgn"),
        repo("samples/lichess-2021-10-first-60.pgn"),
    ];
    let all: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    for extra in [vec![], vec!["--rows", "flagged", "--compress", "zstd"]] {
        let whole = tmp.path().join("whole");
        let _ = fs::remove_dir_all(&whole);
        audit_to(&whole, &all, &extra);
        let dirs: Vec<PathBuf> = files
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let dir = tmp.path().join(format!("run{i}"));
                let _ = fs::remove_dir_all(&dir);
                audit_to(&dir, &[f], &extra);
                dir
            })
            .collect();
        let merged = tmp.path().join("merged");
        let compress: &[&str] = if extra.is_empty() {
            &[]
        } else {
            &["--compress", "zstd"]
        };
        let run = merge(&dirs, &merged, compress);
        assert_eq!(run.status.code(), Some(0), "{run:?}");
        assert_eq!(report(&merged), report(&whole), "{extra:?}");
    }
}

#[test]
fn flagged_rows_are_the_ones_not_confirmed() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    audit_to(&dir, &[&repo("samples")], &["--rows", "flagged"]);
    let text = fs::read_to_string(dir.join("verdicts.csv")).unwrap();
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    let status = rows
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == "status")
        .unwrap();
    let statuses: Vec<String> = rows
        .records()
        .map(|r| r.unwrap()[status].to_string())
        .collect();
    assert!(!statuses.is_empty());
    assert!(statuses.iter().all(|s| s != "confirmed"), "{statuses:?}");
    let summary = fs::read_to_string(dir.join("summary.json")).unwrap();
    assert!(summary.contains("\"rows\": \"flagged\""), "{summary}");
}

#[test]
fn a_shard_without_a_game_start_is_empty_and_merges() {
    let tmp = tempfile::tempdir().unwrap();
    let one = repo("samples/rules/flag-win-stands.pgn");
    let whole = tmp.path().join("whole");
    audit_to(&whole, &[&one], &[]);
    let dirs: Vec<PathBuf> = (1..=2)
        .map(|k| {
            let dir = tmp.path().join(format!("s{k}"));
            audit_to(&dir, &[&one], &["--shard", &format!("{k}/2")]);
            dir
        })
        .collect();
    let second = fs::read_to_string(dirs[1].join("verdicts.csv")).unwrap();
    assert_eq!(
        second.lines().count(),
        1,
        "the game starts in the first half"
    );
    let merged = tmp.path().join("merged");
    assert_eq!(merge(&dirs, &merged, &[]).status.code(), Some(0));
    assert_eq!(report(&merged), report(&whole));
}

#[test]
fn merging_a_game_twice_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let file = data("lichess-2021-10-first-999.pgn");
    let a = tmp.path().join("a");
    let b = tmp.path().join("b");
    let c = tmp.path().join("c");
    audit_to(&a, &[&file], &["--shard", "1/2"]);
    audit_to(&b, &[&file], &["--shard", "1/3"]);
    audit_to(&c, &[&file], &[]);
    for dirs in [
        vec![a.clone(), b.clone()],
        vec![c.clone(), a.clone()],
        vec![c.clone(), c],
    ] {
        let run = merge(&dirs, &tmp.path().join("m"), &[]);
        assert_eq!(run.status.code(), Some(2), "{dirs:?}: {run:?}");
        assert!(String::from_utf8_lossy(&run.stderr).contains("count games twice"));
    }
    // Other options: refused too.
    let fast = tmp.path().join("fast");
    audit_to(&fast, &[&file], &["--shard", "2/2", "--proof", "fast"]);
    let run = merge(&[a, fast], &tmp.path().join("m"), &[]);
    assert_eq!(run.status.code(), Some(2));
    assert!(!tmp.path().join("m").exists());
}

#[test]
fn sharding_a_compressed_file_or_several_is_a_usage_error() {
    let tmp = tempfile::tempdir().unwrap();
    let gz = tmp.path().join("g.pgn.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut enc, b"1. e4 *\n").unwrap();
    fs::write(&gz, enc.finish().unwrap()).unwrap();
    let run = audit(&[gz.to_str().unwrap(), "--shard", "1/2"], None);
    assert_eq!(run.code(), Some(2));
    assert!(run.stderr().contains("shard by file"), "{}", run.stderr());
    let two = [
        repo("samples/rules/flag-win-stands.pgn"),
        repo("samples/lichess-2021-10-first-60.pgn"),
    ];
    let run = audit(
        &[
            two[0].to_str().unwrap(),
            two[1].to_str().unwrap(),
            "--shard",
            "1/2",
        ],
        None,
    );
    assert_eq!(run.code(), Some(2));
}

/// Two games, for the refusals below.
const TWO: &str = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n\
                   [Event \"b\"]\n[White \"=HYPERLINK(\\\"http://x\\\")\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n";

fn stderr(run: &Output) -> String {
    String::from_utf8_lossy(&run.stderr).into_owned()
}

#[test]
fn shards_of_a_file_that_changed_between_runs_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("big.pgn");
    fs::write(&file, TWO.repeat(10)).unwrap();
    let (s1, s2) = (tmp.path().join("s1"), tmp.path().join("s2"));
    audit_to(&s1, &[&file], &["--shard", "1/2"]);
    fs::write(&file, TWO.repeat(20)).unwrap();
    audit_to(&s2, &[&file], &["--shard", "2/2"]);
    let run = merge(&[s1.clone(), s2], &tmp.path().join("m"), &[]);
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    assert!(
        stderr(&run).contains("the file changed between the shard runs"),
        "{}",
        stderr(&run)
    );
    // The same size, other bytes: the fingerprint tells.
    fs::write(&file, TWO.repeat(10).replace("Qxf7#", "Qxf7+")).unwrap();
    let s3 = tmp.path().join("s3");
    audit_to(&s3, &[&file], &["--shard", "2/2"]);
    let run = merge(&[s1, s3], &tmp.path().join("m"), &[]);
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    assert!(!tmp.path().join("m").exists());
}

#[test]
fn a_damaged_report_is_refused_not_copied() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("g.pgn");
    fs::write(&file, TWO).unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    audit_to(&a, &[&file], &[]);
    let copy = tmp.path().join("h.pgn");
    fs::write(&copy, TWO).unwrap();
    audit_to(&b, &[&copy], &[]);
    let csv = a.join("verdicts.csv");
    let bytes = fs::read(&csv).unwrap();
    // Cut inside the last row's quoted reason, as an interrupted copy would.
    fs::write(&csv, &bytes[..bytes.len() - 30]).unwrap();
    let run = merge(&[a.clone(), b.clone()], &tmp.path().join("m"), &[]);
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    assert!(stderr(&run).contains("verdicts.csv"), "{}", stderr(&run));
    // A whole row lost, newline and all: the count against summary.json tells.
    let lines: Vec<&[u8]> = bytes.split_inclusive(|&c| c == b'\n').collect();
    fs::write(&csv, lines[..lines.len() - 1].concat()).unwrap();
    let run = merge(&[a.clone(), b], &tmp.path().join("m"), &[]);
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    assert!(
        stderr(&run).contains("holds 1 rows but its summary.json says 2"),
        "{}",
        stderr(&run)
    );
    // A summary.json edited to a shard count of 0 is refused at once.
    let s = tmp.path().join("s");
    audit_to(&s, &[&file], &["--shard", "1/2"]);
    let summary = fs::read_to_string(s.join("summary.json")).unwrap();
    fs::write(
        s.join("summary.json"),
        summary.replace("\"count\": 2", "\"count\": 0"),
    )
    .unwrap();
    let run = merge(&[s], &tmp.path().join("m"), &[]);
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    assert!(stderr(&run).contains("shard 1/0"), "{}", stderr(&run));
    // A report without summary.json cannot be read: exit 1, as documented.
    fs::remove_file(a.join("summary.json")).unwrap();
    assert_eq!(
        merge(&[a], &tmp.path().join("m"), &[]).status.code(),
        Some(1)
    );
}

#[test]
fn the_same_stdin_report_twice_and_raw_beside_escaped_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let st = tmp.path().join("st");
    let mut child = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .args(["audit", "-", "-o", st.to_str().unwrap()])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), TWO.as_bytes()).unwrap();
    assert!(child.wait().unwrap().success());
    let link = tmp.path().join("st-link");
    std::os::unix::fs::symlink(&st, &link).unwrap();
    for dirs in [vec![st.clone(), st.clone()], vec![st.clone(), link]] {
        let run = merge(&dirs, &tmp.path().join("m"), &[]);
        assert_eq!(run.status.code(), Some(2), "{run:?}");
        assert!(
            stderr(&run).contains("are the same report"),
            "{}",
            stderr(&run)
        );
    }
    let file = tmp.path().join("f.pgn");
    fs::write(&file, TWO).unwrap();
    let (safe, raw) = (tmp.path().join("safe"), tmp.path().join("raw"));
    audit_to(&safe, &[&file], &[]);
    let other = tmp.path().join("g.pgn");
    fs::write(&other, TWO).unwrap();
    audit_to(&raw, &[&other], &["--raw"]);
    let run = merge(&[safe, raw], &tmp.path().join("m"), &[]);
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    assert!(
        stderr(&run).contains("raw true against false"),
        "{}",
        stderr(&run)
    );
}

/// f81 (round 5): shards 1/3 and 3/3 of a file (2/3's task failed) are
/// refused, in either order, nothing written; with `--partial` they merge,
/// and summary.json and the last line say which shard is missing and how
/// many bytes of the file no report covers. A whole set says nothing.
#[test]
fn f81_an_incomplete_set_of_shards_is_refused_or_said() {
    let tmp = tempfile::tempdir().unwrap();
    let file = data("lichess-2021-10-first-999.pgn");
    let len = fs::metadata(&file).unwrap().len();
    let dirs: Vec<PathBuf> = [1, 3]
        .iter()
        .map(|k| {
            let dir = tmp.path().join(format!("s{k}"));
            audit_to(&dir, &[&file], &["--shard", &format!("{k}/3")]);
            dir
        })
        .collect();
    let backwards: Vec<PathBuf> = dirs.iter().rev().cloned().collect();
    for (name, order) in [("m", &dirs), ("b", &backwards)] {
        let out = tmp.path().join(name);
        let run = merge(order, &out, &[]);
        assert_eq!(run.status.code(), Some(2), "{run:?}");
        assert!(
            stderr(&run).contains("shard(s) 2/3 of the file are missing"),
            "{}",
            stderr(&run)
        );
        assert!(!out.exists());
    }
    let out = tmp.path().join("partial");
    let run = merge(&backwards, &out, &["--partial"]);
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    let last = stderr(&run).lines().last().unwrap().to_string();
    let third = len / 3;
    assert!(
        last.starts_with("incomplete: ") && last.contains("lacks shard(s) 2/3"),
        "{last}"
    );
    let summary: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    let missing = &summary["missing_shards"][0];
    assert_eq!(missing["shards"][0], "2/3");
    let bytes = missing["bytes"].as_u64().unwrap();
    assert!(bytes.abs_diff(third) <= 1, "{bytes} of {len}");
    let whole = tmp.path().join("whole");
    let s2 = tmp.path().join("s2");
    audit_to(&s2, &[&file], &["--shard", "2/3"]);
    let run = merge(&[dirs[0].clone(), s2, dirs[1].clone()], &whole, &[]);
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    assert!(
        !fs::read_to_string(whole.join("summary.json"))
            .unwrap()
            .contains("missing_shards")
    );
}

/// Ten one-line games; shards 1/2 and 2/2 of them audited into `s1`, `s2`.
fn two_shards(tmp: &Path, format: &str) -> Vec<PathBuf> {
    let file = tmp.join("g.pgn");
    let game = |i| format!("[Event \"e{i}\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n");
    fs::write(&file, (1..=10).map(game).collect::<String>()).unwrap();
    [1, 2]
        .iter()
        .map(|k| {
            let dir = tmp.join(format!("{format}{k}"));
            let shard = format!("{k}/2");
            audit_to(&dir, &[&file], &["--shard", &shard, "--format", format]);
            dir
        })
        .collect()
}

/// f22 (round 5): a shard's folder holding the other shard's verdicts
/// (the counts alike) is refused, CSV and Parquet: each row's offset lies
/// outside the bytes its summary says the run audited.
#[test]
fn f22_a_shard_folder_holding_another_shards_rows_is_refused() {
    for format in ["csv", "parquet"] {
        let tmp = tempfile::tempdir().unwrap();
        let dirs = two_shards(tmp.path(), format);
        let name = format!("verdicts.{format}");
        fs::copy(dirs[1].join(&name), dirs[0].join(&name)).unwrap();
        let out = tmp.path().join("m");
        let run = merge(&dirs, &out, &[]);
        assert_eq!(run.status.code(), Some(1), "{run:?}");
        assert!(
            stderr(&run).contains("outside bytes 0..") && stderr(&run).contains("another shard's"),
            "{}",
            stderr(&run)
        );
        assert!(!out.join("summary.json").exists());
    }
}

/// f24 (round 5): a report whose run read an input only in part (a cut
/// `.gz`) merges, and the merge exits 1 naming the input, as one run over
/// the same files does.
#[test]
fn f24_a_merge_of_a_report_with_an_unread_input_exits_1() {
    let tmp = tempfile::tempdir().unwrap();
    let whole = fs::read(data("lichess-2021-10-first-999.pgn")).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut gz, &whole[..200_000]).unwrap();
    let gz = gz.finish().unwrap();
    let cut = tmp.path().join("cut.pgn.gz");
    fs::write(&cut, &gz[..gz.len() / 2]).unwrap();
    let a = tmp.path().join("a");
    let run = bin(&["audit", cut.to_str().unwrap(), "-o", a.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    let b = tmp.path().join("b");
    audit_to(&b, &[&repo("samples/rules/flag-win-stands.pgn")], &[]);
    let out = tmp.path().join("m");
    let run = merge(&[a, b], &out, &[]);
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    assert!(
        stderr(&run).contains("cut.pgn.gz") && stderr(&run).contains("could not read"),
        "{}",
        stderr(&run)
    );
    assert!(out.join("summary.json").exists());
}

/// f25 (round 5): one file under two names (a hard link) audited in two
/// runs: the merge is refused, as one run over both names reads it once.
#[test]
fn f25_a_hard_linked_file_is_not_merged_twice() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("a.pgn");
    fs::copy(repo("samples/rules/flag-win-stands.pgn"), &file).unwrap();
    let link = tmp.path().join("snap.pgn");
    fs::hard_link(&file, &link).unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    audit_to(&a, &[&file], &[]);
    audit_to(&b, &[&link], &[]);
    let out = tmp.path().join("m");
    let run = merge(&[a, b], &out, &[]);
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    assert!(
        stderr(&run).contains("one file under two names"),
        "{}",
        stderr(&run)
    );
    assert!(!out.exists());
}

/// f28 (round 5): `--shard` of a FIFO is refused at once (exit 2), before
/// opening it: opening waits for a writer, reading takes its first bytes.
#[test]
fn f28_a_shard_of_a_fifo_is_refused_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let fifo = tmp.path().join("games.pgn");
    let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    let out = tmp.path().join("out");
    let args = ["audit", fifo.to_str().unwrap(), "--shard", "1/2"];
    let args = [&args[..], &["-o", out.to_str().unwrap()]].concat();
    let run = run_within(&args, std::time::Duration::from_secs(20)).expect("refused, not hung");
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("not a regular file"), "{}", run.stderr);
}

/// A FIFO is opened once, by the stream that reads it, whatever the thread
/// count: the check for a large plain file to split in ranges opened it
/// too, so the writer's first bytes went to a reader closed at once and the
/// run waited on a second open for a writer that had gone (the Python
/// test f04 hung in CI).
#[test]
fn a_fifo_is_opened_once_at_any_thread_count() {
    let games = std::fs::read(data("lichess-2021-10-first-999.pgn")).unwrap();
    for threads in ["1", "2", "4"] {
        let tmp = tempfile::tempdir().unwrap();
        let fifo = tmp.path().join("games.pgn");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        let (path, bytes) = (fifo.clone(), games.clone());
        // Not joined: if the run never opens the FIFO, the writer waits.
        std::thread::spawn(move || std::fs::write(path, bytes));
        let out = tmp.path().join("out");
        let args = ["audit", fifo.to_str().unwrap(), "--threads", threads];
        let args = [&args[..], &["-o", out.to_str().unwrap()]].concat();
        let run = run_within(&args, std::time::Duration::from_secs(60)).expect("read, not hung");
        assert_eq!(run.code, Some(0), "{threads} threads: {}", run.stderr);
        let rows = std::fs::read_to_string(out.join("verdicts.csv")).unwrap();
        assert_eq!(rows.lines().count(), 1 + 999, "{threads} threads");
    }
}
