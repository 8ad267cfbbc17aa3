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
