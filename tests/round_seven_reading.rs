//! Round seven's findings on reading (the repros r50–r54 and g56 of
//! `adversarial/round-7`, made here without `../shared`): byte ranges and
//! one stream give the same rows on the constructs that broke them, a read
//! error or a replaced path loses nothing, a pipe's short first write is
//! read, a byte-order mark stays out of the corrected PGN, and a file's
//! legacy encoding is one for the file.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::*;

/// A game of `n`, `filler` bytes of comment long.
fn game(n: usize, filler: usize) -> String {
    format!(
        "[Event \"E{n}\"]\n[Site \"x\"]\n[White \"W{n}\"]\n[Black \"B{n}\"]\n[Result \"1-0\"]\n\n\
         1. e4 {{{}}} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n",
        "x".repeat(filler)
    )
}

/// The constructs of FINDINGS-L.md's differential, one file of each line
/// end: `[Event` lines inside comments (closed later, never closed), in a
/// `;` comment's next line, in a variation, after `%` lines, unquoted,
/// moves on a tag line, two tag sections, tagless games, NUL bytes, BOMs
/// in mid-file, legacy and CJK tags, blank floods, games larger than a
/// range and near `--max-game-bytes`, `[Event` lines over 64 KiB.
fn constructs(eol: &str) -> Vec<u8> {
    let mut text = String::new();
    for n in 0..40 {
        text.push_str(&game(n, n * 37 % 900));
        match n % 13 {
            0 => text.push_str("[Event \"c\"]\n\n1. e4 { quoted:\n[Event \"in\"]\n} e5 1-0\n\n"),
            1 => text.push_str("[Event \"s\"]\n\n1. e4 ; a line comment\n[Event \"after\"]\n\n1. d4 *\n\n"),
            2 => text.push_str("[Event \"v\"]\n\n1. e4 (1. d4\n[Event \"var\"]\n) e5 1-0\n\n"),
            3 => text.push_str("% an escape line\n[Event x]\n\n1. c4 *\n\n"),
            4 => text.push_str("[Event \"t\"] 1. e4 e5 1-0\n\n[Event \"twice\"]\n[Event \"twice\"]\n\n1. Nf3 *\n\n"),
            5 => text.push_str("1. e4 e5 2. Nf3 1-0\n\n1. d4 d5 0-1\n\n"),
            6 => text.push_str("[Event \"nul\u{0}\"]\n\n1. e4 \u{0} e5 *\n\n\u{feff}[Event \"bom\"]\n\n1. d4 *\n\n"),
            7 => text.push_str("[Event \"象棋\"]\n[White \"Ли\"]\n\n1. e4 *\n"),
            8 => text.push_str(&"\n".repeat(70_000)),
            9 => text.push_str(&game(1000 + n, 140_000)),
            10 => text.push_str(&format!("[Event \"{}\"]\n\n1. e4 *\n\n", "L".repeat(70_000))),
            11 => text.push_str(&game(2000 + n, 65_536 - 180)),
            _ => text.push_str("[Event \"open\"]\n\n1. e4 { never closed\n[Event \"x\"]\n\n1. e4 *\n\n"),
        }
    }
    text.replace('\n', eol).into_bytes()
}

/// Byte ranges on the workers give one stream's rows, byte for byte, on
/// every construct, at every line end, with and without a size limit.
#[test]
fn ranges_give_one_streams_rows_on_the_constructs_that_broke_them() {
    let dir = tempfile::tempdir().unwrap();
    for (name, eol) in [("lf", "\n"), ("crlf", "\r\n"), ("cr", "\r")] {
        let path = dir.path().join(format!("{name}.pgn"));
        std::fs::write(&path, constructs(eol)).unwrap();
        let path = path.to_str().unwrap();
        for limit in ["16777216", "65536"] {
            let one = audit(
                &[
                    path,
                    "--threads",
                    "1",
                    "--range-bytes",
                    "0",
                    "--max-game-bytes",
                    limit,
                ],
                None,
            );
            assert!(one.verdicts.len() > 80, "{name}: {}", one.stderr());
            for (threads, range) in [("2", "300"), ("4", "1000"), ("4", "5000")] {
                let args = [
                    path,
                    "--threads",
                    threads,
                    "--range-bytes",
                    range,
                    "--max-game-bytes",
                    limit,
                ];
                let ranged = audit(&args, None);
                let said = format!("{name}, limit {limit}, {threads} threads, ranges of {range}");
                assert!(ranged.verdicts_raw == one.verdicts_raw, "{said}: verdicts");
                assert!(
                    ranged.incidents_raw == one.incidents_raw,
                    "{said}: incidents"
                );
            }
        }
    }
}

/// A C library that fails reads of one file from a byte on (`EIO_AT`), or
/// its second open (`FAIL_REOPEN`): round seven's r50 and r51. `None`
/// where no C compiler is at hand.
fn shim(dir: &std::path::Path) -> Option<std::path::PathBuf> {
    let source = dir.join("shim.c");
    std::fs::write(&source, SHIM).unwrap();
    let library = dir.join("shim.so");
    let built = Command::new("cc")
        .args(["-shared", "-fPIC", "-O2", "-o"])
        .arg(&library)
        .arg(&source)
        .arg("-ldl")
        .status();
    built.is_ok_and(|s| s.success()).then_some(library)
}

const SHIM: &str = r#"
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static int matches_path(const char *path) {
    const char *want = getenv("SHIM_PATH");
    if (!want || !path) return 0;
    size_t n = strlen(path), w = strlen(want);
    return n >= w && strcmp(path + n - w, want) == 0;
}
static int matches(int fd) {
    char p[64], buf[4096];
    snprintf(p, sizeof p, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(p, buf, sizeof buf - 1);
    if (n <= 0) return 0;
    buf[n] = 0;
    return matches_path(buf);
}
static int clip(long long pos, size_t *count) {
    const char *at = getenv("EIO_AT");
    if (!at) return 0;
    long long x = atoll(at);
    if (pos >= x) { errno = EIO; return -1; }
    if (pos + (long long)*count > x) *count = (size_t)(x - pos);
    return 0;
}
ssize_t read(int fd, void *buf, size_t count) {
    static ssize_t (*real)(int, void *, size_t);
    if (!real) real = dlsym(RTLD_NEXT, "read");
    if (count && matches(fd)) {
        off_t pos = lseek(fd, 0, SEEK_CUR);
        if (pos >= 0 && clip(pos, &count) < 0) return -1;
    }
    return real(fd, buf, count);
}
ssize_t pread64(int fd, void *buf, size_t count, off_t off) {
    static ssize_t (*real)(int, void *, size_t, off_t);
    if (!real) real = dlsym(RTLD_NEXT, "pread64");
    if (count && matches(fd) && clip(off, &count) < 0) return -1;
    return real(fd, buf, count, off);
}
static int opens;
int open64(const char *path, int flags, ...) {
    static int (*real)(const char *, int, ...);
    if (!real) real = dlsym(RTLD_NEXT, "open64");
    va_list ap; va_start(ap, flags); int mode = va_arg(ap, int); va_end(ap);
    if (getenv("FAIL_REOPEN") && matches_path(path) && opens++ > 0) { errno = ENOENT; return -1; }
    return real(path, flags, mode);
}
int open(const char *path, int flags, ...) {
    va_list ap; va_start(ap, flags); int mode = va_arg(ap, int); va_end(ap);
    return open64(path, flags, mode);
}
int openat64(int dir, const char *path, int flags, ...) {
    static int (*real)(int, const char *, int, ...);
    if (!real) real = dlsym(RTLD_NEXT, "openat64");
    va_list ap; va_start(ap, flags); int mode = va_arg(ap, int); va_end(ap);
    if (getenv("FAIL_REOPEN") && matches_path(path) && opens++ > 0) { errno = ENOENT; return -1; }
    return real(dir, path, flags, mode);
}
int openat(int dir, const char *path, int flags, ...) {
    va_list ap; va_start(ap, flags); int mode = va_arg(ap, int); va_end(ap);
    return openat64(dir, path, flags, mode);
}
"#;

/// A run under the shim, with `env` set.
fn shimmed(library: &std::path::Path, args: &[&str], env: &[(&str, &str)]) -> (usize, String) {
    let out = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"));
    cmd.arg("audit")
        .args(args)
        .arg("-o")
        .arg(out.path().join("r"));
    cmd.env("LD_PRELOAD", library).envs(env.iter().copied());
    let output = cmd.stdin(Stdio::null()).output().unwrap();
    let rows = std::fs::read_to_string(out.path().join("r/verdicts.csv"))
        .map_or(0, |t| t.lines().count().saturating_sub(1));
    (rows, String::from_utf8_lossy(&output.stderr).into_owned())
}

/// r50: a read error met while ranges are split ahead loses none of the
/// games before it, and says how many were read; r51: the file is read
/// through the handle opened at the start, never opened again by its path.
#[test]
fn r50_r51_a_read_error_or_a_second_open_loses_nothing_in_ranges() {
    let dir = tempfile::tempdir().unwrap();
    let Some(library) = shim(dir.path()) else {
        eprintln!("no C compiler: r50 and r51 not run");
        return;
    };
    let text: String = (0..3000).map(|n| game(n, 200)).collect();
    let path = dir.path().join("games.pgn");
    std::fs::write(&path, &text).unwrap();
    let path = path.to_str().unwrap();
    let eio = [("SHIM_PATH", "/games.pgn"), ("EIO_AT", "400000")];
    let (one, said) = shimmed(
        &library,
        &[path, "--threads", "1", "--range-bytes", "0"],
        &eio,
    );
    assert!(
        one > 100 && said.contains(&format!("{one} game(s) were read before it")),
        "{said}"
    );
    for threads in ["2", "4"] {
        let args = [path, "--threads", threads, "--range-bytes", "20000"];
        let (rows, said) = shimmed(&library, &args, &eio);
        assert_eq!(rows, one, "{threads} threads: {said}");
        assert!(
            said.contains(&format!("{one} game(s) were read before it")),
            "{said}"
        );
    }
    // No start of a game within reach of the ranges: the rest is read in
    // one stream, through the same handle.
    let tagless: String = (0..3000)
        .map(|n| format!("1. e4 {{{n}}} e5 1-0\n\n"))
        .collect();
    std::fs::write(dir.path().join("games.pgn"), &tagless).unwrap();
    let reopen = [("SHIM_PATH", "/games.pgn"), ("FAIL_REOPEN", "1")];
    let args = [path, "--threads", "4", "--range-bytes", "2000"];
    let (rows, said) = shimmed(&library, &args, &reopen);
    assert_eq!(rows, 3000, "{said}");
}

/// r54: a pipe whose writer's first write is a few bytes is read whole,
/// plain and compressed.
#[test]
fn r54_a_short_first_write_on_a_pipe_is_read() {
    let text: String = (0..50).map(|n| game(n, 10)).collect();
    let gz = {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        e.write_all(text.as_bytes()).unwrap();
        e.finish().unwrap()
    };
    for (bytes, first) in [(text.as_bytes().to_vec(), 3), (gz, 1)] {
        let out = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
            .args(["audit", "-", "-o"])
            .arg(out.path().join("r"))
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(&bytes[..first]).unwrap();
        stdin.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(300));
        stdin.write_all(&bytes[first..]).unwrap();
        drop(stdin);
        let output = child.wait_with_output().unwrap();
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{said}");
        assert!(said.contains("50 games read"), "{said}");
    }
}

/// Text that is JSON is read as a server's export (issue 66), one row an
/// object, never as one game; an object no server writes says so.
#[test]
fn json_is_read_as_json() {
    let ndjson = "{\"id\":\"a\",\"moves\":\"e4 e5 Nf3 Nc6\"}\n{\"id\":\"b\",\"moves\":\"d4 d5\"}\n";
    let run = audit(&["-"], Some(ndjson.as_bytes()));
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    assert_eq!(run.verdicts.len(), 2);
    for row in &run.verdicts {
        assert_eq!(row["status"], "error");
        assert!(
            row["reason"].contains("neither a lichess game"),
            "{}",
            row["reason"]
        );
    }
}

/// r53: a file saved with a byte-order mark, its game without tags: the
/// corrected PGN drops the mark, and its game reads back the same.
#[test]
fn r53_a_byte_order_mark_stays_out_of_the_corrected_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("bom.pgn");
    std::fs::write(&input, "\u{feff}1. e4 e5 2. Nf3 Nc6 1-0\n").unwrap();
    let fixed = dir.path().join("fixed.pgn");
    let run = audit(
        &[
            input.to_str().unwrap(),
            "--fixed-pgn",
            fixed.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(run.verdicts[0]["status"], "confirmed");
    let written = std::fs::read_to_string(&fixed).unwrap();
    assert!(!written.contains('\u{feff}'), "{written:?}");
    let again = audit(&[fixed.to_str().unwrap()], None);
    assert_eq!(
        again.verdicts[0]["status"], "confirmed",
        "{}",
        again.verdicts[0]["reason"]
    );
}

/// g56: one Windows-1251 file, its first game two short names: every game
/// reads them alike, the rows name the encoding, one stream and ranges
/// alike.
#[test]
fn g56_a_legacy_encoding_is_one_for_the_file() {
    let pairs = [("Ли", "Ян"), ("Иванов, Иван", "Ли"), ("Ян", "Иванов, Иван")];
    let text: String = pairs
        .iter()
        .map(|(w, b)| format!("[Event \"City ch\"]\n[White \"{w}\"]\n[Black \"{b}\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"))
        .collect();
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(&text);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cp1251.pgn");
    std::fs::write(&path, &bytes).unwrap();
    let path = path.to_str().unwrap();
    let one = audit(&[path], None);
    for (row, (w, b)) in one.verdicts.iter().zip(pairs) {
        assert_eq!((row["white"].as_str(), row["black"].as_str()), (w, b));
        assert_eq!(row["text_encoding"], "windows-1251");
    }
    let ranged = audit(&[path, "--threads", "4", "--range-bytes", "50"], None);
    assert!(ranged.verdicts_raw == one.verdicts_raw);
}
