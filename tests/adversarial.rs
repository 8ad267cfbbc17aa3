//! The attack files of `tests/data/adversarial/` (copied from the steering
//! repository's `shared/data/adversarial/`, whose README tells what each
//! broke): one test a row of that table. The memory rows are in
//! `tests/memory_bounds.rs`, the all-or-nothing rows in
//! `tests/all_or_nothing.rs`.

use std::fs;
use std::process::Command;
use std::time::Duration;

use crate::common::*;

fn adversarial(name: &str) -> String {
    data(&format!("adversarial/{name}"))
        .to_str()
        .unwrap()
        .to_string()
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
}

#[test]
fn an_output_that_is_an_input_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("g.pgn");
    fs::copy(repo("samples/rules/flag-win-stands.pgn"), &game).unwrap();
    let before = fs::read(&game).unwrap();
    let link = dir.path().join("link.pgn");
    std::os::unix::fs::symlink(&game, &link).unwrap();
    let out = dir.path().join("rep");
    let g = game.to_str().unwrap();
    for fixed in [g, link.to_str().unwrap()] {
        let run = bin()
            .args([
                "audit",
                g,
                "--max-game-bytes",
                "100000",
                "--fixed-pgn",
                fixed,
            ])
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{run:?}");
        assert!(String::from_utf8_lossy(&run.stderr).contains("would overwrite the input"));
    }
    // An output that is one of the report's own files, and an HTML report
    // whose pages folder holds an input.
    let inside = out.join("verdicts.csv");
    let site = dir.path().join("site");
    let kept = site.join("games/kept.pgn");
    fs::create_dir_all(kept.parent().unwrap()).unwrap();
    fs::copy(&game, &kept).unwrap();
    for args in [
        vec!["--fixed-pgn", inside.to_str().unwrap()],
        vec!["--html", site.to_str().unwrap()],
    ] {
        let run = bin()
            .args(["audit", g, kept.to_str().unwrap()])
            .args(&args)
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{args:?}: {run:?}");
    }
    assert_eq!(fs::read(&game).unwrap(), before);
    assert_eq!(fs::read(&kept).unwrap(), before);
    assert!(!out.exists(), "nothing written");
}

/// A report directory may hold other files (a log, the input itself): they
/// stay, and only the report's own files are replaced.
#[test]
fn a_report_directory_keeps_files_it_did_not_write() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("log"), "the user's").unwrap();
    let game = dir.path().join("g.pgn");
    fs::copy(repo("samples/rules/flag-win-stands.pgn"), &game).unwrap();
    for _ in 0..2 {
        let run = bin()
            .args(["audit", game.to_str().unwrap(), "-o"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(0), "{run:?}");
    }
    let mut names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            ".pgn-arbiter.lock",
            "g.pgn",
            "incidents.csv",
            "log",
            "summary.json",
            "verdicts.csv"
        ]
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("log")).unwrap(),
        "the user's"
    );
}

/// Audits `inputs` with `--fixed-pgn`, then the corrected file: both runs'
/// (white, black, status) rows.
fn round_trip(inputs: &[&str]) -> (Vec<Row>, Vec<Row>, String) {
    let dir = tempfile::tempdir().unwrap();
    let fixed = dir.path().join("fixed.pgn");
    let mut args = inputs.to_vec();
    args.extend(["--fixed-pgn", fixed.to_str().unwrap()]);
    let first = audit(&args, None);
    let text = fs::read_to_string(&fixed).unwrap();
    let again = audit(&[fixed.to_str().unwrap()], None);
    (first.verdicts, again.verdicts, text)
}

/// Each game's event and players: what must survive a round trip.
fn players(rows: &[Row]) -> Vec<(String, String, String)> {
    rows.iter()
        .map(|r| (r["event"].clone(), r["white"].clone(), r["black"].clone()))
        .collect()
}

#[test]
fn corrected_pgn_of_a_file_without_final_newline_keeps_games_apart() {
    let (first, again, text) = round_trip(&[
        &adversarial("no_newline/a.pgn"),
        &adversarial("no_newline/b.pgn"),
    ]);
    assert_eq!(first.len(), 2);
    assert_eq!(players(&first), players(&again), "{text}");
    assert!(again.iter().all(|r| r["status"] != "error"), "{again:?}");
}

#[test]
fn corrected_pgn_of_a_tags_only_game_keeps_the_next_game() {
    let (first, again, text) = round_trip(&[&adversarial("tagsonly.pgn")]);
    assert_eq!(first.len(), 2);
    assert_eq!(first[0]["status"], "corrected", "{first:?}");
    assert_eq!(players(&first), players(&again), "{text}");
    assert_eq!(again[1]["rule"], "checkmate", "{again:?}");
    assert!(again.iter().all(|r| r["status"] != "error"), "{again:?}");
}

#[test]
fn corrected_pgn_rewrites_an_unquoted_result_tag() {
    let (first, again, text) = round_trip(&[&adversarial("unquoted_result.pgn")]);
    assert_eq!(first.len(), 1);
    assert_eq!(first[0]["status"], "corrected");
    assert_eq!(again.len(), 1, "{text}");
    assert_eq!(text.matches("[Result ").count(), 1, "{text}");
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
}

#[test]
fn a_repeated_tag_inside_one_section_starts_no_game() {
    let run = audit(&[&adversarial("dup_tag.pgn")], None);
    assert_eq!(run.verdicts.len(), 2);
    assert_eq!(run.verdicts[0]["rule"], "checkmate");
}

#[test]
fn a_tag_line_inside_a_comment_is_comment_text() {
    let run = audit(&[&adversarial("event_in_comment.pgn")], None);
    assert_eq!(run.verdicts.len(), 2, "{:?}", run.verdicts);
    assert_eq!(run.verdicts[0]["rule"], "checkmate");
    assert_eq!(run.verdicts[0]["status"], "confirmed");
    let run = audit(&[&adversarial("event_in_var_comment.pgn")], None);
    assert_eq!(run.verdicts.len(), 2, "{:?}", run.verdicts);
    assert!(run.verdicts.iter().all(|r| r["status"] != "error"));
}

#[test]
fn utf16_files_are_read() {
    let run = audit(&[&adversarial("utf16le_bom.pgn")], None);
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    assert_eq!(run.verdicts.len(), 3);
    for row in &run.verdicts {
        assert_eq!(row["rule"], "checkmate");
        assert_eq!(row["white"], "Ånders");
    }
}

#[test]
fn a_directory_walk_reads_each_file_once_and_ends() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    fs::create_dir(&games).unwrap();
    fs::copy(
        repo("samples/lichess-2021-10-first-60.pgn"),
        games.join("a.pgn"),
    )
    .unwrap();
    std::os::unix::fs::symlink(".", games.join("self")).unwrap();
    std::os::unix::fs::symlink("..", games.join("up")).unwrap();
    std::os::unix::fs::symlink("a.pgn", games.join("b.pgn")).unwrap();
    let out = dir.path().join("report");
    let run = run_within(
        &[
            "audit",
            games.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        Duration::from_secs(60),
    )
    .expect("the walk ends");
    let stderr = &run.stderr;
    assert_eq!(run.code, Some(0), "{stderr}");
    assert!(stderr.contains("60 games read"), "{stderr}");
    assert!(stderr.contains("a link back to"), "{stderr}");
    assert!(stderr.contains("the same file as"), "{stderr}");
}

/// `gen_lan.py PLIES` written to DIR/lan.pgn: one legal game in long
/// algebraic notation, one `notation` incident a move.
fn lan_game(dir: &std::path::Path, plies: u32) -> std::path::PathBuf {
    let text = Command::new("python3")
        .arg(adversarial("gen_lan.py"))
        .arg(plies.to_string())
        .output()
        .unwrap()
        .stdout;
    let pgn = dir.join("lan.pgn");
    fs::write(&pgn, text).unwrap();
    pgn
}

/// Old versions took 45 s (a replay from move 1 per incident); the bound
/// here is generous, the point is linear, not fast.
#[test]
fn a_long_game_in_long_algebraic_is_audited_in_linear_time() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = lan_game(dir.path(), 80_000);
    let out = dir.path().join("report");
    let run = run_within(
        &["audit", pgn.to_str().unwrap(), "-o", out.to_str().unwrap()],
        Duration::from_secs(20),
    )
    .expect("within the bound");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let incidents = fs::read_to_string(out.join("incidents.csv")).unwrap();
    assert_eq!(incidents.lines().count(), 80_001);
}

/// Old versions took 51 s: a helpmate search after every stretch of legal
/// moves, the same positions again and again.
#[test]
fn a_game_of_repeated_hard_positions_stays_within_the_bound() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    let run = run_within(
        &[
            "audit",
            &adversarial("solver_cycles_20.pgn"),
            "-o",
            out.to_str().unwrap(),
        ],
        Duration::from_secs(20),
    )
    .expect("within the bound");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[test]
fn html_pages_have_a_bounded_size() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = lan_game(dir.path(), 10_000);
    let site = dir.path().join("site");
    // --only-rapid sends the game (no time control) to review: it gets a page.
    let run = audit(
        &[
            pgn.to_str().unwrap(),
            "--only-rapid",
            "--html",
            site.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(run.verdicts[0]["status"], "review");
    let page = fs::read_to_string(site.join("games/lan-1.html")).unwrap();
    assert!(page.len() < 2_000_000, "{} bytes", page.len());
    assert!(page.contains("more incident(s) are not drawn here"));
}

#[test]
fn too_many_threads_is_a_usage_error() {
    let run = audit(&["--threads", "30000", "-"], Some(b"1. e4 *\n"));
    assert_eq!(run.code(), Some(2));
    assert!(run.stderr().contains("--threads 30000"), "{}", run.stderr());
}

#[test]
fn explain_into_a_full_device_fails() {
    let run = bin()
        .args([
            "explain",
            &repo("samples/rules/flag-win-stands.pgn")
                .display()
                .to_string(),
        ])
        .stdout(fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("cannot write"));
}

#[test]
fn source_and_events_path_cells_are_formula_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let name = dir
        .path()
        .join("=HYPERLINK(\"http:__evil.example\",\"open\").pgn");
    fs::copy(repo("samples/rules/flag-win-stands.pgn"), &name).unwrap();
    let events = dir.path().join("=cmd.csv");
    fs::write(
        &events,
        "site,event,round,white,black,ply,command\nnowhere,,,,,1,claim time white\n",
    )
    .unwrap();
    // A relative path, so that the cell starts with the formula.
    let run = bin()
        .current_dir(dir.path())
        .args([
            "audit",
            "=HYPERLINK(\"http:__evil.example\",\"open\").pgn",
            "--events",
            "=cmd.csv",
            "-o",
            "report",
        ])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    let verdicts = fs::read_to_string(dir.path().join("report/verdicts.csv")).unwrap();
    let incidents = fs::read_to_string(dir.path().join("report/incidents.csv")).unwrap();
    assert!(verdicts.contains("\n\"'=HYPERLINK("), "{verdicts}");
    assert!(incidents.contains("\n'=cmd.csv,"), "{incidents}");
}

/// Old page names were a 32-bit hash of the source's path as given, so
/// whether these two collide depends on the path; the new names cannot
/// collide by construction (`html::tests::page_names_are_readable_and_unique`).
#[test]
fn html_page_names_do_not_collide() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let run = audit(
        &[
            &adversarial("collide"),
            "--only-rapid",
            "--html",
            site.to_str().unwrap(),
        ],
        None,
    );
    assert!(site.join("games/jafhxorc-1.html").exists());
    let flagged = run
        .verdicts
        .iter()
        .filter(|r| r["status"] == "review" || r["status"] == "corrected")
        .count();
    assert!(flagged >= 2, "{:?}", run.verdicts);
    let pages = fs::read_dir(site.join("games"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .count();
    assert_eq!(pages, flagged);
}

#[test]
fn an_events_line_must_match_every_key_it_gives() {
    let run = audit(
        &[
            &adversarial("events/two.pgn"),
            "--events",
            &adversarial("events/one_line.csv"),
        ],
        None,
    );
    assert_eq!(run.verdicts[0]["white"], "Ann");
    assert_eq!(run.verdicts[0]["rule"], "15.4.3");
    assert_eq!(run.verdicts[1]["white"], "Cid");
    assert_eq!(
        run.verdicts[1]["rule"], "as-recorded",
        "{:?}",
        run.verdicts[1]
    );
}

#[test]
fn a_read_error_message_counts_the_rows_written() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&fs::read(data("lichess-2021-10-first-999.pgn")).unwrap())
        .unwrap();
    let bytes = gz.finish().unwrap();
    let cut = dir.path().join("cut.pgn.gz");
    fs::write(&cut, &bytes[..bytes.len() / 3]).unwrap();
    let run = audit(&[cut.to_str().unwrap()], None);
    assert_eq!(run.code(), Some(1));
    let said = format!("{} game(s) were read before it", run.verdicts.len());
    assert!(run.stderr().contains(&said), "{}", run.stderr());
}
