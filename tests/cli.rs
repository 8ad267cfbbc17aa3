//! The command line as a user meets it: inputs, exit codes, reports.

use std::process::Command;

use crate::common::*;

#[test]
fn reads_stdin_with_dash_or_no_path() {
    let pgn = "[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n";
    for args in [vec!["-"], vec![]] {
        let run = audit(&args, Some(pgn.as_bytes()));
        assert_eq!(run.code(), Some(0), "{}", run.stderr());
        assert_eq!(run.verdicts.len(), 1);
        assert_eq!(run.verdicts[0]["source"], "-");
        assert_eq!(run.verdicts[0]["status"], "confirmed");
        assert_eq!(run.verdicts[0]["rule"], "as-recorded");
    }
}

#[test]
fn headers_are_the_documented_columns() {
    let run = audit_pgn("1. e4 *\n");
    let verdict_header = String::from_utf8_lossy(&run.verdicts_raw)
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert_eq!(
        verdict_header,
        "source,game,offset,event,site,date,round,white,black,time_control,category,plies,\
         recorded_result,correct_result,status,rule,decided_at_ply,reason,regime,laws,\
         time_control_used,time_control_read,url,ending,ending_source,text_encoding"
    );
    let incident_header = String::from_utf8_lossy(&run.incidents_raw)
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert_eq!(
        incident_header,
        "source,game,ply,move,side,kind,san,fen_before,white_clock,black_clock,detail"
    );
}

#[test]
fn missing_file_exits_1_and_the_rest_is_audited() {
    let sample = repo("samples/rules/flag-win-stands.pgn");
    let run = audit(&["/nonexistent/games.pgn", sample.to_str().unwrap()], None);
    assert_eq!(run.code(), Some(1));
    assert!(
        run.stderr()
            .contains("/nonexistent/games.pgn: no such file"),
        "{}",
        run.stderr()
    );
    assert_eq!(run.verdicts.len(), 1);
}

#[test]
fn usage_error_exits_2() {
    let run = audit(&["--no-such-flag"], None);
    assert_eq!(run.code(), Some(2));
}

#[test]
fn directory_is_walked_in_sorted_order() {
    let run = audit(&[repo("samples").to_str().unwrap()], None);
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    let sources: Vec<&str> = run.verdicts.iter().map(|r| r["source"].as_str()).collect();
    let mut sorted = sources.clone();
    sorted.sort();
    assert_eq!(sources, sorted);
    assert!(
        sources
            .iter()
            .any(|s| s.ends_with("rules/stalemate-scored-as-win.pgn"))
    );
    let games: Vec<u64> = run
        .verdicts
        .iter()
        .filter(|r| r["source"].ends_with("first-60.pgn"))
        .map(|r| r["game"].parse().unwrap())
        .collect();
    assert_eq!(games, (1..=60).collect::<Vec<_>>());
}

#[test]
fn variant_and_broken_games_get_error_rows() {
    let pgn = "[Event \"zh\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n\n\
               [Event \"no king\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n\n\
               [Event \"bad move\"]\n\n1. e4 Nf6 2. Qz9 *\n\n\
               [Event \"fine\"]\n\n1. d4 *\n";
    let run = audit_pgn(pgn);
    assert_eq!(run.code(), Some(0));
    let statuses: Vec<&str> = run.verdicts.iter().map(|r| r["status"].as_str()).collect();
    assert_eq!(statuses, ["error", "error", "error", "confirmed"]);
    assert!(run.verdicts[0]["reason"].contains("Crazyhouse"));
    assert!(run.verdicts[1]["reason"].contains("FEN"));
    assert!(
        run.verdicts[2]["reason"].contains("Qz9"),
        "{}",
        run.verdicts[2]["reason"]
    );
    assert_eq!(run.verdicts[2]["correct_result"], "");
    assert_eq!(count(&run.incidents, "kind")["unreadable-move"], 1);
}

#[test]
fn categories_follow_clause_15_1() {
    let mut pgn = String::new();
    for tc in [
        "900+10",
        "600",
        "40/7200:3600",
        "1/259200",
        "-",
        "?",
        "300+6",
    ] {
        pgn.push_str(&format!("[TimeControl \"{tc}\"]\n\n1. e4 *\n\n"));
    }
    pgn.push_str("[Event \"no tag\"]\n\n1. e4 *\n");
    let run = audit_pgn(&pgn);
    let cats: Vec<&str> = run
        .verdicts
        .iter()
        .map(|r| r["category"].as_str())
        .collect();
    assert_eq!(
        cats,
        [
            "rapid", "blitz", "standard", "daily", "unknown", "unknown", "rapid", "unknown"
        ]
    );
}

#[test]
fn recorded_results_are_normalised() {
    let pgn = "[Result \"½-½\"]\n\n1. e4 ½-½\n\n[Result \"1–0\"]\n\n1. e4 1-0\n\n[Event \"none\"]\n\n1. e4 0-1\n";
    let run = audit_pgn(pgn);
    let rec: Vec<&str> = run
        .verdicts
        .iter()
        .map(|r| r["recorded_result"].as_str())
        .collect();
    assert_eq!(rec, ["1/2-1/2", "1-0", "0-1"]);
}

#[test]
fn events_file_adds_claims_and_reports_lines_that_match_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let events = dir.path().join("events.csv");
    std::fs::write(
        &events,
        "site,event,round,white,black,ply,command\n\
         https://example.org/g1,,,,,6,claim illegal white\n\
         ,Open,1,Nobody,Nemo,3,arbiter illegal\n",
    )
    .unwrap();
    let pgn =
        "[Site \"https://example.org/g1\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 d6 3. Bb5+ Nf6 *\n";
    let run = audit(
        &["--events", events.to_str().unwrap(), "-"],
        Some(pgn.as_bytes()),
    );
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    assert_eq!(run.verdicts[0]["rule"], "15.4.2");
    assert_eq!(run.verdicts[0]["correct_result"], "1-0");
    let unmatched: Vec<_> = run
        .incidents
        .iter()
        .filter(|r| r["kind"] == "unmatched-event")
        .collect();
    assert_eq!(unmatched.len(), 1);
    assert!(
        unmatched[0]["detail"].starts_with("line 3:"),
        "{}",
        unmatched[0]["detail"]
    );
    assert!(
        run.stderr()
            .contains("1 line(s) of the events file matched no game or several")
    );
}

#[test]
fn bad_events_file_is_a_clear_error() {
    let run = audit(
        &["--events", "/nonexistent/events.csv", "-"],
        Some(b"1. e4 *\n"),
    );
    assert_eq!(run.code(), Some(2), "a bad option value is a usage error");
    assert!(
        run.stderr()
            .contains("/nonexistent/events.csv: cannot read the events file"),
        "{}",
        run.stderr()
    );
}

#[test]
fn regime_column_and_flag() {
    let pgn = "[Result \"*\"]\n\n1. e4 *\n";
    let run = audit(&["--regime", "15.3", "-"], Some(pgn.as_bytes()));
    assert_eq!(run.verdicts[0]["regime"], "15.3");
    let run = audit_pgn(pgn);
    assert_eq!(run.verdicts[0]["regime"], "15.4");
    let run = audit(&["--regime", "15.9", "-"], Some(pgn.as_bytes()));
    assert_eq!(run.code(), Some(2));
}

#[test]
fn syzygy_directory_without_tables_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let run = audit(
        &["--syzygy", dir.path().to_str().unwrap(), "-"],
        Some(b"1. e4 *\n"),
    );
    assert_eq!(run.code(), Some(2), "a bad option value is a usage error");
    assert!(
        run.stderr().contains("no Syzygy tables"),
        "{}",
        run.stderr()
    );
    let tables = data("syzygy");
    let run = audit(
        &["--syzygy", tables.to_str().unwrap(), "-"],
        Some(b"1. e4 *\n"),
    );
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
}

#[test]
fn html_report_is_self_contained() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let run = audit(
        &[
            repo("samples").to_str().unwrap(),
            "--html",
            site.to_str().unwrap(),
        ],
        None,
    );
    assert!(run.code().is_some());
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    // Listed: every game, those an appeal reads first (errors, corrections,
    // reviews), then the confirmed ones with incidents, then the rest.
    let listed = run.verdicts.len();
    assert!(run.verdicts.iter().any(|r| r["status"] == "error"));
    assert_eq!(index.matches("<tr data-rule=").count(), listed);
    let groups: Vec<u8> = index
        .split("<tr data-rule=")
        .skip(1)
        .map(|row| {
            let status = row.split("data-status=\"").nth(1).unwrap();
            let incidents = row.split("<td class=\"incidents\">").nth(1).unwrap();
            match status.split('"').next().unwrap() {
                "error" => 0,
                "corrected" => 1,
                "review" => 2,
                _ if !incidents.starts_with("</td>") => 3,
                _ => 4,
            }
        })
        .collect();
    assert!(groups.is_sorted(), "{groups:?}");
    assert!(groups.contains(&3) && groups.contains(&4), "{groups:?}");
    let pages: Vec<_> = std::fs::read_dir(site.join("games"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "html"))
        .collect();
    // A page for each row an appeal reads; a confirmed one with an
    // incident stands in the index alone.
    let appeals = run
        .verdicts
        .iter()
        .filter(|r| r["status"] != "confirmed")
        .count();
    assert!(appeals < listed);
    assert_eq!(pages.len(), appeals);
    // Beside the pages, the marker that makes the folder the tool's own.
    assert!(site.join("games/.pgn-arbiter").is_file());
    for page in pages {
        let html = std::fs::read_to_string(page).unwrap();
        assert!(
            html.contains("<pre class=\"pgn\">"),
            "the recorded game is shown"
        );
        // Nothing is fetched: no external scripts, styles, fonts or images.
        for needle in ["<script src", "<link", "@import", "url(", "<img"] {
            assert!(!html.contains(needle), "{needle}");
        }
    }
    for needle in ["<script src", "<link", "@import", "url("] {
        assert!(!index.contains(needle), "{needle}");
    }
}

/// A month of a server's games lists every game in the index at a cost a
/// browser opens: a chess.com month's real rows, at most 900 bytes each on
/// average (33,550 games in under 30 MB).
#[test]
fn a_month_index_row_is_small() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let month = data("servers/chess-com-aegboye7-2025-03.json");
    let run = audit(
        &[month.to_str().unwrap(), "--html", site.to_str().unwrap()],
        None,
    );
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    let start = index.find("<tr data-rule=").unwrap();
    let end = index.rfind("</tr>").unwrap() + "</tr>".len();
    let rows = index.matches("<tr data-rule=").count();
    assert_eq!(rows, run.verdicts.len());
    let mean = (end - start) / rows;
    eprintln!("{rows} rows, {mean} bytes each on average");
    assert!(mean <= 900, "{mean} bytes a row");
}

/// `audit` with no path and a terminal on stdin says what it is waiting
/// for (`script` gives it a terminal; `timeout` ends the wait).
#[test]
fn waiting_on_a_terminal_says_so() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script` to give the run a terminal");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cmd = format!(
        "{} audit -o {}",
        env!("CARGO_BIN_EXE_pgn-arbiter"),
        dir.path().join("r").display()
    );
    let out = Command::new("timeout")
        .args(["2", "script", "-qec", &cmd, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("reading PGN from standard input"), "{text}");
    assert!(text.contains("give its path"), "{text}");
}

/// A file that is not PGN is named as such, exit 1, and nothing is written.
#[test]
fn a_file_that_is_not_pgn_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let prose = dir.path().join("minutes.txt");
    std::fs::write(
        &prose,
        "Dear club members,\nthe meeting is on Friday at eight.\n",
    )
    .unwrap();
    let run = audit(&[prose.to_str().unwrap()], None);
    assert_eq!(run.code(), Some(1));
    assert!(
        run.stderr()
            .contains("minutes.txt: cannot read: not a PGN file: no tag pair"),
        "{}",
        run.stderr()
    );
    assert!(run.verdicts.is_empty());
}

/// A mistyped path, or a folder with no PGN, leaves the previous report.
#[test]
fn a_run_that_reads_no_game_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    let pgn = repo("samples/rules/flag-win-stands.pgn");
    let run = |path: &str| {
        Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
            .args(["audit", path, "-o", out.to_str().unwrap()])
            .output()
            .unwrap()
    };
    assert!(run(pgn.to_str().unwrap()).status.success());
    let before = std::fs::read(out.join("verdicts.csv")).unwrap();
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    for path in ["typo.pgn", empty.to_str().unwrap()] {
        let failed = run(path);
        assert_eq!(failed.status.code(), Some(1));
        let err = String::from_utf8_lossy(&failed.stderr);
        assert!(
            err.contains("no game was read") && err.contains("keeps the report it held"),
            "{err}"
        );
        assert_eq!(std::fs::read(out.join("verdicts.csv")).unwrap(), before);
    }
}

/// `--help` says what the tool audits against and what a run writes.
#[test]
fn help_names_the_rules_and_every_report() {
    let help = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
            .args(args)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let top = help(&["--help"]);
    assert!(
        top.contains("Russian rapid-play rules") && top.contains("FIDE edition"),
        "{top}"
    );
    let audit = help(&["audit", "--help"]);
    assert!(audit.contains("DIR/summary.json"), "{audit}");
    assert!(
        audit.contains("every game that is not confirmed or has an incident"),
        "{audit}"
    );
    assert!(audit.contains("[default: ru-rapid]"), "{audit}");
}

/// The rule set is named for what it is; its old name still works.
#[test]
fn ru_rapid_is_the_default_and_seed_its_alias() {
    let pgn = "[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n";
    for args in [
        vec!["-"],
        vec!["-", "--laws", "seed"],
        vec!["-", "--laws", "ru-rapid"],
    ] {
        let run = audit(&args, Some(pgn.as_bytes()));
        assert_eq!(run.code(), Some(0), "{}", run.stderr());
        assert_eq!(run.verdicts[0]["laws"], "ru-rapid");
    }
}

/// Every error row of the HTML index has its page, on the edge cases that
/// make 65 error rows: variants, corrupted files, unreadable moves (issue
/// 42 reported error rows without one).
#[test]
fn every_error_row_of_the_html_index_has_its_page() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let run = audit(
        &[
            data("edge-cases").to_str().unwrap(),
            "--html",
            site.to_str().unwrap(),
        ],
        None,
    );
    assert!(run.code().is_some(), "{}", run.stderr());
    let errors = run
        .verdicts
        .iter()
        .filter(|r| r["status"] == "error")
        .count();
    assert!(errors >= 50, "{errors}");
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    let rows: Vec<&str> = index
        .split("<tr data-rule=")
        .skip(1)
        .filter(|row| row.contains("class=\"status error\""))
        .collect();
    assert_eq!(rows.len(), errors);
    for row in rows {
        let page = row
            .split("href=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| panic!("an error row without a link: {row}"));
        assert!(site.join(page).is_file(), "{page}");
    }
}

/// A build without the `tables` feature (`--no-default-features`, which CI
/// builds too) refuses Parquet before writing anything, and says how to
/// get it.
#[cfg(not(feature = "tables"))]
#[test]
fn parquet_is_refused_by_a_build_without_tables() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .args(["audit", "samples", "--format", "parquet", "-o"])
        .arg(dir.path().join("r"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("built without Arrow and Parquet"),
        "{stderr}"
    );
    assert!(!dir.path().join("r").exists());
}
