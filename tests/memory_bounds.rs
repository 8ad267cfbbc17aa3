//! The memory rows of `tests/data/adversarial/`'s table, each run's own
//! peak resident set measured. The bounds are the README's (Robustness),
//! with room for the allocator.

mod common;

use std::fs;
use std::io::Write;
use std::time::Duration;

use common::*;

/// `audit ARGS -o OUT`, which must succeed: its peak resident set in MiB.
fn peak_mib(args: &[&str], out: &std::path::Path) -> i64 {
    let mut all = vec!["audit"];
    all.extend(args);
    all.extend(["-o", out.to_str().unwrap()]);
    let run = run_within(&all, Duration::from_secs(120)).expect("finishes");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    run.max_rss_kib / 1024
}

/// Four games just under the 16 MiB default limit, two threads: old
/// versions held one such game per worker, about 370 MB each.
#[test]
fn large_games_go_one_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("four_16mb_games.pgn");
    let mut f = std::io::BufWriter::new(fs::File::create(&path).unwrap());
    let chunk = "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(1000);
    for g in 0..4 {
        write!(f, "[Event \"big{g}\"]\n\n").unwrap();
        let mut n = 0;
        while n + chunk.len() < 16_700_000 {
            writeln!(f, "{chunk}").unwrap();
            n += chunk.len() + 1;
        }
        write!(f, "1-0\n\n").unwrap();
    }
    drop(f);
    let out = dir.path().join("report");
    let rss_mib = peak_mib(&[path.to_str().unwrap(), "--threads", "2"], &out);
    assert!(rss_mib < 560, "{rss_mib} MiB");
    eprintln!("four 16 MiB games, 2 threads: peak RSS {rss_mib} MiB");
}

/// An events file of 300,000 lines: old versions loaded it whole (779 MB
/// for a million lines).
#[test]
fn an_events_file_is_indexed_not_loaded() {
    let dir = tempfile::tempdir().unwrap();
    let events = dir.path().join("events.csv");
    let mut f = std::io::BufWriter::new(fs::File::create(&events).unwrap());
    writeln!(f, "site,event,round,white,black,ply,command").unwrap();
    for i in 0..300_000 {
        writeln!(
            f,
            "https://lichess.org/g{i:07},Rated Blitz game,-,player{i},opponent{i},{},claim time white",
            i % 80 + 1
        )
        .unwrap();
    }
    drop(f);
    let out = dir.path().join("report");
    let game = repo("samples/rules/flag-win-stands.pgn");
    let args = [game.to_str().unwrap(), "--events", events.to_str().unwrap()];
    let rss_mib = peak_mib(&args, &out);
    assert!(rss_mib < 100, "{rss_mib} MiB");
    eprintln!("300,000-line events file: peak RSS {rss_mib} MiB");
    let incidents = fs::read_to_string(out.join("incidents.csv")).unwrap();
    let unmatched = incidents.matches(",unmatched-event,").count();
    assert_eq!(unmatched, 300_000);
}

/// f86 (round 5): 20,000 flagged games (each a page): the index is
/// written from rows spilled to disk and each page by its worker, so the
/// peak with `--html` stays within twice the run's without it (old
/// versions held every page: 381 MB for 16,000).
#[test]
fn the_html_report_is_written_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("flagged.pgn");
    let mut f = std::io::BufWriter::new(fs::File::create(&path).unwrap());
    for i in 0..20_000 {
        write!(
            f,
            "[Event \"E{i}\"]\n[White \"W{i}\"]\n[Black \"B{i}\"]\n[Result \"1-0\"]\n\n\
             1. f3 e5 2. g4 Qh4# 1-0\n\n"
        )
        .unwrap();
    }
    drop(f);
    let input = path.to_str().unwrap();
    let without = peak_mib(&[input], &dir.path().join("plain"));
    let site = dir.path().join("site");
    let with = peak_mib(
        &[input, "--html", site.to_str().unwrap()],
        &dir.path().join("r"),
    );
    eprintln!("20,000 flagged games: peak RSS {with} MiB with --html, {without} MiB without");
    assert!(
        with <= 2 * without.max(16),
        "{with} MiB against {without} MiB"
    );
    let index = fs::read_to_string(site.join("index.html")).unwrap();
    assert_eq!(index.matches("<tr data-rule=").count(), 20_000);
    assert!(index.find("status corrected").unwrap() < index.rfind("</table>").unwrap());
}
