//! Round eight's server exports (issue 76; `../shared/data/adversarial/
//! round-8/`, `FINDINGS-R.md`, r60–r64, r67, r71): the structure around the
//! games read as a reference JSON reader reads it, each repro run through
//! the binary on real lichess and chess.com objects. The class is tested in
//! `json_reference.rs`.

use crate::common::*;

/// Eight real lichess games, one a line, and their sites.
fn lichess_lines() -> Vec<String> {
    let text = std::fs::read_to_string(data("servers/lichess-indexinator-2025.ndjson")).unwrap();
    let lines: Vec<String> = text.lines().take(8).map(String::from).collect();
    assert_eq!(lines.len(), 8);
    lines
}

fn site(line: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(line).unwrap();
    format!("https://lichess.org/{}", value["id"].as_str().unwrap())
}

/// The sites of the rows that are no error, in order, and how many rows
/// there are.
fn game_rows(export: &str) -> (Vec<String>, usize) {
    let run = audit(&["-"], Some(export.as_bytes()));
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    let sites = run
        .verdicts
        .iter()
        .filter(|r| r["status"] != "error")
        .map(|r| r["site"].clone())
        .collect();
    (sites, run.verdicts.len())
}

#[test]
fn r60_a_stray_line_that_opens_a_list_takes_no_other_game() {
    let lines = lichess_lines();
    let sites: Vec<String> = lines.iter().map(|l| site(l)).collect();
    for stray in ["[\"abc", "[[[", "{\"games\":[["] {
        let export = format!("{}\n{stray}\n{}\n", lines[0], lines[1..].join("\n"));
        let (got, rows) = game_rows(&export);
        assert_eq!(got, sites, "{stray}");
        assert_eq!(rows, 9, "the stray line {stray} is one error row");
    }
}

/// The fuzz target's finding (JSON against serde_json): in an export of one
/// game a line, a line that is no JSON and leaves a quote open, or a first
/// line that breaks its object, took the games after it. Every way of
/// such a line, anywhere among the games, first included: every game
/// handed out, in order.
#[test]
fn a_broken_or_junk_line_takes_no_game_after_it() {
    let lines = lichess_lines();
    let sites: Vec<String> = lines.iter().map(|l| site(l)).collect();
    let junk = [
        "     gDiff\":-1}},\"moves\":\"e4 e5",
        "\"",
        "( ;Neither does \"this",
        "{\"id\":\"a\",\"x\"d:1}",
        "{\"id\":\"bYln5sZe\",\"retat\"d:rue}",
        "[ *\"]",
    ];
    for stray in junk {
        for at in [1, 4, 8] {
            let mut export = lines.clone();
            export.insert(at, stray.to_string());
            let (got, _) = game_rows(&(export.join("\n") + "\n"));
            assert_eq!(got, sites, "{stray} at line {}", at + 1);
        }
    }
    // A first line that breaks its object: the export is still JSON.
    for stray in &junk[3..5] {
        let export = format!("{stray}\n{}\n", lines.join("\n"));
        let (got, rows) = game_rows(&export);
        assert_eq!((got, rows), (sites.clone(), 9), "{stray} first");
    }
}

#[test]
fn r61_a_games_field_is_a_field_and_a_month_may_list_its_games_in_lists() {
    let mut lines = lichess_lines();
    let sites: Vec<String> = lines.iter().map(|l| site(l)).collect();
    for (k, field) in [(3, "[]"), (5, "[\"x\",1]")] {
        let body = lines[k].strip_suffix('}').unwrap();
        lines[k] = format!("{body},\"games\":{field}}}");
    }
    assert_eq!(game_rows(&(lines.join("\n") + "\n")), (sites.clone(), 8));
    let month = format!("{{\"games\":[[{},{}],[{}]]}}", lines[0], lines[1], lines[2]);
    assert_eq!(game_rows(&month), (sites[..3].to_vec(), 3));
}

#[test]
fn r62_white_space_or_an_empty_first_value_before_an_export_keeps_it_json() {
    let lines = lichess_lines();
    let sites: Vec<String> = lines.iter().map(|l| site(l)).collect();
    let body = lines.join("\n") + "\n";
    for before in [
        "\n".repeat(5000),
        " ".repeat(4097),
        " ".repeat(4095),
        "{}\n".to_string(),
        "null\n".to_string(),
        "\u{feff}\n\n".to_string(),
    ] {
        let (got, _) = game_rows(&format!("{before}{body}"));
        assert_eq!(got, sites, "{:?}", &before[..before.len().min(8)]);
    }
}

#[test]
fn r63_a_cut_first_line_takes_no_game_after_it_however_the_next_begins() {
    let lines = lichess_lines();
    let sites: Vec<String> = lines.iter().map(|l| site(l)).collect();
    let cut = &lines[0][..lines[0].find("\"moves\"").unwrap() + 12];
    for second in [
        format!(" {}", lines[1]),
        format!("\t{}", lines[1]),
        format!("{{ {}", &lines[1][1..]),
    ] {
        let export = format!("{cut}\n{second}\n{}\n", lines[2..].join("\n"));
        assert_eq!(
            game_rows(&export),
            (sites[1..].to_vec(), 8),
            "{:?}",
            &second[..3]
        );
    }
}

#[test]
fn r64_a_pgn_whose_first_comment_looks_like_json_is_pgn() {
    let game = "[Event \"Club\"]\n[Site \"?\"]\n[Result \"1-0\"]\n\n\
                1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n";
    for comment in ["{\"note\": \"exported by X\"}", "{Note: exported by X}"] {
        let pgn = format!("{comment}\n{}", game.repeat(6));
        let run = audit_pgn(&pgn);
        let confirmed = run
            .verdicts
            .iter()
            .filter(|r| r["status"] == "confirmed")
            .count();
        assert_eq!(
            (run.verdicts.len(), confirmed),
            (6, 6),
            "{comment}: {}",
            run.stderr()
        );
    }
}

#[test]
fn r67_a_months_key_written_with_an_escape_is_still_games() {
    let month = std::fs::read_to_string(data("servers/chess-com-aegboye7-2025-03.json")).unwrap();
    let plain = audit(&["-"], Some(month.as_bytes()));
    let escaped = month.replacen("\"games\"", "\"g\\u0061mes\"", 1);
    assert_ne!(escaped, month);
    let run = audit(&["-"], Some(escaped.as_bytes()));
    assert!(plain.verdicts.len() > 20);
    // The same rows but for where each game stands: the key is longer.
    let rows = |run: &Run| -> Vec<Row> {
        let mut rows = run.verdicts.clone();
        rows.iter_mut().for_each(|r| drop(r.remove("offset")));
        rows
    };
    assert_eq!(rows(&run), rows(&plain));
}

#[test]
fn r71_a_cut_object_in_a_list_one_game_a_line_takes_only_itself() {
    let lines = lichess_lines();
    let sites: Vec<String> = lines.iter().map(|l| site(l)).collect();
    let cut = &lines[1][..lines[1].len() / 2];
    let mut listed = vec![lines[0].clone() + ",", cut.to_string()];
    listed.extend(lines[2..5].iter().map(|l| l.clone() + ","));
    listed.push(lines[5].clone());
    let export = format!("[\n{}\n]\n", listed.join("\n"));
    let want: Vec<String> = [&sites[..1], &sites[2..6]].concat();
    assert_eq!(game_rows(&export), (want, 6));
}

/// A way to write an object's text otherwise, and what it is.
type Rewrite = (&'static str, fn(&str) -> String);

/// Every real lichess object of `tests/data`, one a line.
fn all_lichess_lines() -> Vec<String> {
    [
        "servers/lichess-indexinator-2025.ndjson",
        "servers/lichess-indexinator-clocks-evals.ndjson",
    ]
    .iter()
    .flat_map(|name| {
        let text = std::fs::read_to_string(data(name)).unwrap();
        text.lines().map(String::from).collect::<Vec<_>>()
    })
    .filter(|line| !line.trim().is_empty())
    .collect()
}

/// Each row's verdict, the sites and names aside.
fn verdicts_of(export: &str) -> Vec<(String, String, String, String)> {
    let run = audit(&["-"], Some(export.as_bytes()));
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    run.verdicts
        .iter()
        .map(|r| {
            let cols = ["status", "correct_result", "rule", "ending"];
            let [a, b, c, d] = cols.map(|c| r[c].clone());
            (a, b, c, d)
        })
        .collect()
}

/// r66, r72 by the class: every real lichess object written as other valid
/// JSON that python reads alike — numbers as floats or with exponents, `-0`,
/// a field given twice (the last counts), a lone surrogate in a name, the
/// variant and the status as lichess's objects in either key order — gives
/// the rows the object itself gives.
#[test]
fn r66_r72_valid_json_written_another_way_gives_the_same_rows() {
    let lines = all_lichess_lines();
    assert!(lines.len() > 10);
    let want = verdicts_of(&(lines.join("\n") + "\n"));
    assert!(want.iter().all(|v| v.0 != "error"), "{want:?}");
    let rewrites: [Rewrite; 6] = [
        ("integers written as floats", |l| as_floats(l)),
        ("a rating with an exponent", |l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let r = v["players"]["white"]["rating"].as_i64().unwrap_or(1500);
            l.replacen(
                &format!("\"rating\":{r}"),
                &format!("\"rating\":{r}.0e0"),
                1,
            )
        }),
        ("ratingDiff -0", |l| {
            l.replace("\"ratingDiff\":0", "\"ratingDiff\":-0")
        }),
        ("rated twice, the last true", |l| {
            l.replacen("\"rated\":true", "\"rated\":false,\"rated\":true", 1)
        }),
        ("a lone surrogate in a name", |l| {
            l.replacen("\"name\":\"", "\"name\":\"\\ud83d", 1)
        }),
        ("variant and status as objects", |l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let (variant, status) = (
                v["variant"].as_str().unwrap(),
                v["status"].as_str().unwrap(),
            );
            let shown = match variant {
                "standard" => "Standard",
                "chess960" => "Chess960",
                _ => "From Position",
            };
            l.replacen(
                &format!("\"variant\":\"{variant}\""),
                &format!("\"variant\":{{\"name\":\"{shown}\",\"key\":\"{variant}\"}}"),
                1,
            )
            .replacen(
                &format!("\"status\":\"{status}\""),
                &format!("\"status\":{{\"name\":\"draw\",\"id\":1,\"name\":\"{status}\"}}"),
                1,
            )
        }),
    ];
    for (how, rewrite) in rewrites {
        let rewritten: Vec<String> = lines.iter().map(|l| rewrite(l)).collect();
        let changed = rewritten.iter().zip(&lines).filter(|(a, b)| a != b).count();
        assert!(changed > 0, "{how}: no object rewritten");
        // serde_json refuses a lone surrogate, which python reads.
        for line in rewritten.iter().filter(|_| !how.contains("surrogate")) {
            serde_json::from_str::<serde_json::Value>(line)
                .unwrap_or_else(|e| panic!("{how}: {e}"));
        }
        assert_eq!(verdicts_of(&(rewritten.join("\n") + "\n")), want, "{how}");
    }
}

/// Each integer after a key written as a float: `"rating":1500` as
/// `"rating":1500.0`.
fn as_floats(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find("\":") {
        let (head, tail) = rest.split_at(at + 2);
        out.push_str(head);
        let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
        let after = tail.as_bytes().get(digits);
        out.push_str(&tail[..digits]);
        if digits > 0 && matches!(after, Some(b',' | b'}')) {
            out.push_str(".0");
        }
        rest = &tail[digits..];
    }
    out + rest
}

/// r70 by the class: every real chess.com game's `pgn` written with other
/// line ends (CR, CRLF) or a byte-order mark before it gives the rows the
/// month itself gives, tags and all.
#[test]
fn r70_a_pgn_field_with_other_line_ends_or_a_bom_gives_the_same_rows() {
    let month: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(data("servers/chess-com-aegboye7-2025-03.json")).unwrap(),
    )
    .unwrap();
    let rows = |month: &serde_json::Value| {
        let run = audit(&["-"], Some(month.to_string().as_bytes()));
        assert_eq!(run.code(), Some(0), "{}", run.stderr());
        let cols = [
            "white",
            "black",
            "status",
            "correct_result",
            "rule",
            "ending",
            "reason",
        ];
        let rows: Vec<Vec<String>> = run
            .verdicts
            .iter()
            .map(|r| cols.iter().map(|c| r[*c].clone()).collect())
            .collect();
        rows
    };
    let want = rows(&month);
    assert!(want.len() > 20 && want.iter().all(|r| !r[0].is_empty()));
    let rewrites: [Rewrite; 3] = [
        ("CR", |pgn| pgn.replace('\n', "\r")),
        ("CRLF", |pgn| pgn.replace('\n', "\r\n")),
        ("a byte-order mark", |pgn| format!("\u{feff}{pgn}")),
    ];
    for (how, rewrite) in rewrites {
        let mut rewritten = month.clone();
        for game in rewritten["games"].as_array_mut().unwrap() {
            if let Some(pgn) = game["pgn"].as_str() {
                game["pgn"] = rewrite(pgn).into();
            }
        }
        assert_eq!(rows(&rewritten), want, "{how}");
    }
}

/// r69 by the class: every real game of both servers, one a line, its
/// second move made unreadable: each row names the game's own line of the
/// export, the same with `--fixed-pgn` (which writes the games' text) as
/// without, and the rows are byte-identical.
#[test]
fn r69_an_error_in_a_json_game_names_its_objects_line_at_every_door() {
    let month: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(data("servers/chess-com-aegboye7-2025-03.json")).unwrap(),
    )
    .unwrap();
    let mut lines = all_lichess_lines();
    lines.extend(
        month["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g.to_string()),
    );
    let broken: Vec<String> = lines.iter().map(|l| unreadable_second_move(l)).collect();
    let export = broken.join("\n") + "\n";
    let dir = tempfile::tempdir().unwrap();
    let fixed = dir.path().join("fixed.pgn");
    let plain = audit(&["-"], Some(export.as_bytes()));
    let with_text = audit(
        &["-", "--fixed-pgn", fixed.to_str().unwrap()],
        Some(export.as_bytes()),
    );
    assert_eq!(plain.verdicts_raw, with_text.verdicts_raw);
    let mut named = 0;
    for (k, row) in plain.verdicts.iter().enumerate() {
        if let Some(at) = row["reason"].find(": line ") {
            let line = &row["reason"][at + 7..];
            let line: usize = line.split(':').next().unwrap().parse().unwrap();
            assert_eq!(line, k + 1, "game {}: {}", k + 1, row["reason"]);
            named += 1;
        }
    }
    assert!(
        named * 2 > lines.len(),
        "{named} of {} rows name a line",
        lines.len()
    );
}

/// A game object with its second move written `Z9`, no move at all.
fn unreadable_second_move(line: &str) -> String {
    let mut game: serde_json::Value = serde_json::from_str(line).unwrap();
    if let Some(moves) = game["moves"].as_str() {
        let mut tokens: Vec<&str> = moves.split(' ').collect();
        if tokens.len() > 1 {
            tokens[1] = "Z9";
        }
        game["moves"] = tokens.join(" ").into();
    } else if let Some(pgn) = game["pgn"].as_str()
        && let Some(at) = pgn.find("\n1. ")
    {
        let rest = &pgn[at + 4..];
        let first = rest.find(' ').unwrap_or(0);
        let second = rest[first + 1..]
            .find(' ')
            .map_or(rest.len(), |e| first + 1 + e);
        let broken = format!("{}{} Z9{}", &pgn[..at + 4], &rest[..first], &rest[second..]);
        game["pgn"] = broken.into();
    }
    game.to_string()
}

/// r65 by the class: every real lichess game, some made variants, some
/// cut short, stray lines between them: the corrected PGN holds every
/// input game (a row each), the refused ones as they came.
#[test]
fn r65_the_corrected_pgn_copies_every_game_of_an_export() {
    let mut export = String::new();
    for (k, line) in all_lichess_lines().iter().enumerate() {
        let line = match k % 4 {
            1 => line.replacen("\"variant\":\"standard\"", "\"variant\":\"crazyhouse\"", 1),
            2 => line[..line.len() / 2].to_string(),
            _ => line.clone(),
        };
        export.push_str(&line);
        export.push('\n');
        if k % 5 == 3 {
            export.push_str("[[[\n");
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let fixed = dir.path().join("fixed.pgn");
    let run = audit(
        &["-", "--fixed-pgn", fixed.to_str().unwrap()],
        Some(export.as_bytes()),
    );
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    assert!(
        !run.stderr().contains("could not be copied"),
        "{}",
        run.stderr()
    );
    let errors = run
        .verdicts
        .iter()
        .filter(|r| r["status"] == "error")
        .count();
    assert!(errors > 5);
    let copied = std::fs::read_to_string(&fixed).unwrap();
    let again = audit(&[fixed.to_str().unwrap()], None);
    assert_eq!(again.verdicts.len(), run.verdicts.len(), "{copied}");
    assert!(copied.contains("; {\"id\":"), "the cut games as they came");
    assert!(copied.contains("[Variant \"Crazyhouse\"]"));
}

/// Each `[%clk h:mm:ss]` of White's moves from the `from`-th on raised by
/// `seconds`, and the game's address made `site`.
fn raised(game: &str, from: usize, seconds: u64, site: &str) -> String {
    let mut out = String::new();
    let mut rest = game;
    let mut k = 0;
    while let Some(at) = rest.find("[%clk ") {
        let (head, tail) = rest.split_at(at + 6);
        out.push_str(head);
        let end = tail.find(']').unwrap();
        let parts: Vec<u64> = tail[..end]
            .split(':')
            .map(|p| p.parse().unwrap_or(0))
            .collect();
        let mut total = parts.iter().fold(0, |t, p| t * 60 + p);
        if k % 2 == 0 && k / 2 >= from {
            total += seconds;
        }
        out.push_str(&format!(
            "{}:{:02}:{:02}",
            total / 3600,
            total / 60 % 60,
            total % 60
        ));
        rest = &tail[end..];
        k += 1;
    }
    out.push_str(rest);
    let site_at = out.find("[Site \"").unwrap();
    let site_end = site_at + out[site_at..].find("\"]").unwrap();
    format!("{}[Site \"{site}{}", &out[..site_at], &out[site_end..])
}

/// Item 7 by the class: real lichess games, White's clock raised by one,
/// two or three gifts of 15 seconds from a move after the tenth on — a
/// lichess clock rises so only by the opponent's gift: no clock change;
/// the same games on chess.com, which gives no time, are changes.
#[test]
fn a_lichess_gift_of_time_is_no_clock_change_and_a_chess_com_rise_is() {
    let text = std::fs::read_to_string(data("lichess-2021-10-first-999.pgn")).unwrap();
    let games: Vec<&str> = text
        .split("\n\n[Event ")
        .map(|g| g.trim_start_matches("[Event "))
        .filter(|g| g.matches("[%clk").count() >= 60)
        .take(40)
        .collect();
    assert!(games.len() >= 20);
    let changes = |site: &str| {
        let pgn: String = games
            .iter()
            .enumerate()
            .map(|(k, g)| {
                raised(
                    &format!("[Event {g}\n\n"),
                    12 + k % 10,
                    15 * (1 + k as u64 % 3),
                    site,
                )
            })
            .collect();
        let run = audit_pgn(&pgn);
        assert_eq!(run.verdicts.len(), games.len());
        let games_with: std::collections::BTreeSet<_> = run
            .incidents
            .iter()
            .filter(|i| i["kind"] == "clock-change")
            .map(|i| i["game"].clone())
            .collect();
        games_with.len()
    };
    assert_eq!(changes("https://lichess.org/abcdefgh"), 0);
    // A gift less the time the player used since may fall within chess.com's
    // rounding of a second: nearly every game, not each.
    assert!(changes("https://www.chess.com/game/live/1") * 10 >= games.len() * 9);
}

/// Item 7: one clock at zero beside a draw is a flag fall, as beside a win.
#[test]
fn a_clock_at_zero_beside_a_draw_is_a_flag_fall() {
    let game = |result: &str| {
        format!(
            "[Event \"Club\"]\n[Site \"Club\"]\n[Result \"{result}\"]\n[TimeControl \"600\"]\n\n\
             1. e4 {{[%clk 0:09:50]}} e5 {{[%clk 0:09:40]}} 2. Nf3 {{[%clk 0:09:30]}} \
             Nc6 {{[%clk 0:00:00]}} {result}\n\n"
        )
    };
    for result in ["1-0", "1/2-1/2"] {
        let run = audit_pgn(&game(result));
        let flags = run
            .incidents
            .iter()
            .filter(|i| i["kind"] == "flag-fall")
            .count();
        assert_eq!(flags, 1, "{result}: {:?}", run.incidents);
    }
}

/// Item 4: the games a Python client (berserk) saved — dates as text, keys
/// sorted, one list — give the rows of the same games as lichess exported
/// them.
#[test]
fn a_python_clients_dump_reads_as_the_export_it_came_from() {
    let rows = |name: &str| -> Vec<Row> {
        let run = audit(&[data(name).to_str().unwrap()], None);
        assert_eq!(run.code(), Some(0), "{}", run.stderr());
        let mut rows = run.verdicts;
        for row in &mut rows {
            row.remove("source");
            row.remove("offset");
        }
        rows
    };
    let dumped = rows("servers/lichess-berserk-dump.json");
    assert_eq!(dumped.len(), 22);
    assert!(
        dumped
            .iter()
            .all(|r| r["status"] != "error" && r["date"] != "????.??.??")
    );
    assert_eq!(dumped, rows("servers/lichess-indexinator-2025.ndjson"));
}

/// Item 4 by the class: every decided game of a real over-the-board file
/// written as a pairing program writes its round — the tags, `PlyCount
/// "0"`, no move, `*` or the result for the movetext — stands unchecked
/// (`confirmed`, ending `no-moves`); its opponent written `BYE`, a bye.
#[test]
fn a_pairing_programs_round_stands_unchecked_and_a_bye_is_a_bye() {
    let text = std::fs::read_to_string(data("otb/colombia-events-2008-2019.pgn")).unwrap();
    let mut round = String::new();
    let mut wanted = Vec::new();
    for (k, game) in text.split("\n\n[").enumerate().take(120) {
        let tags: Vec<&str> = game
            .lines()
            .map(|l| l.trim_start_matches('['))
            .filter(|l| l.ends_with("\"]") && !l.starts_with("PlyCount"))
            .collect();
        let Some(result) = tags.iter().find_map(|t| t.strip_prefix("Result \"")) else {
            continue;
        };
        let result = result.trim_end_matches("\"]");
        if !matches!(result, "1-0" | "0-1" | "1/2-1/2") {
            continue;
        }
        let bye = k % 7 == 0 && result == "1-0";
        for tag in &tags {
            match (bye, tag.starts_with("Black \"")) {
                (true, true) => round.push_str("[Black \"BYE\"]\n"),
                _ => round.push_str(&format!("[{tag}\n")),
            }
        }
        let marker = if k % 2 == 0 { "*" } else { result };
        round.push_str(&format!("[PlyCount \"0\"]\n\n {marker}\n\n"));
        wanted.push((
            result.to_string(),
            if bye { "unplayed" } else { "no-moves" },
        ));
    }
    assert!(wanted.len() > 60);
    let run = audit_pgn(&round);
    let got: Vec<(String, &str)> = run
        .verdicts
        .iter()
        .map(|r| {
            assert_eq!(r["status"], "confirmed", "{r:?}");
            assert_eq!(r["correct_result"], r["recorded_result"], "{r:?}");
            (r["recorded_result"].clone(), r["ending"].as_str())
        })
        .collect();
    assert_eq!(got, wanted);
    let endings = &run.summary["endings"];
    assert!(endings["no-moves"].as_u64().unwrap() > 50, "{endings}");
    // Its `*` beside the Result is no contradiction: none said sent to
    // review.
    assert!(
        run.summary["records"].get("two-results").is_none(),
        "{}",
        run.summary["records"]
    );
}

/// Item 5: a run that fails leaves the report before it as it was, its
/// lock file's bytes and time included; `explain` takes a folder as
/// `audit` does.
#[test]
fn a_failed_run_leaves_the_report_and_explain_takes_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report");
    let run = |input: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
            .args([
                "audit",
                input.to_str().unwrap(),
                "-o",
                report.to_str().unwrap(),
            ])
            .output()
            .unwrap()
    };
    let folder = dir.path().join("round");
    std::fs::create_dir(&folder).unwrap();
    std::fs::copy(
        repo("samples/rules/15.4.2-claimed-illegal-move.pgn"),
        folder.join("round-1.pgn"),
    )
    .unwrap();
    assert!(run(&folder).status.success());
    let state = || {
        let lock = report.join(".pgn-arbiter.lock");
        let files: Vec<_> = [
            "verdicts.csv",
            "incidents.csv",
            "summary.json",
            ".pgn-arbiter.lock",
        ]
        .iter()
        .map(|f| std::fs::read(report.join(f)).unwrap())
        .collect();
        (files, std::fs::metadata(lock).unwrap().modified().unwrap())
    };
    let before = state();
    std::thread::sleep(std::time::Duration::from_millis(20));
    let junk = dir.path().join("junk.pgn");
    std::fs::write(&junk, "junk words, no game\n").unwrap();
    assert!(!run(&junk).status.success());
    assert!(
        before == state(),
        "the report and its lock are as they were"
    );
    let explained = std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .args(["explain", folder.to_str().unwrap(), "--game", "1"])
        .output()
        .unwrap();
    assert!(
        explained.status.success(),
        "{}",
        String::from_utf8_lossy(&explained.stderr)
    );
    assert!(String::from_utf8_lossy(&explained.stdout).starts_with("Game 1 of "));
}
