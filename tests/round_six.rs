//! Round six's findings on what a record says in words (the repros g01–g16
//! of `adversarial/round-6`, made here without `../shared`): the ending
//! read by a grammar in ten languages, the side taken from the words only,
//! words not understood said and sent to review, results and controls as
//! people write them.

use crate::common::*;

/// A ten-ply game after the Ruy Lopez's usual moves, with `tags` and
/// `result` (the Result tag and the marker both).
fn game(tags: &str, result: &str) -> String {
    format!(
        "[Event \"Club\"]\n[Site \"?\"]\n[Date \"2019.05.04\"]\n[Round \"1\"]\n[White \"Anna\"]\n\
         [Black \"Boris\"]\n[Result \"{result}\"]\n[TimeControl \"900+10\"]\n{tags}\n\n\
         1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 {result}\n\n"
    )
}

fn with_termination(termination: &str, result: &str) -> String {
    game(&format!("[Termination \"{termination}\"]"), result)
}

/// White with a bare king: a flag of Black's draws.
fn bare_king(termination: &str) -> String {
    format!(
        "[Event \"Open\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[TimeControl \"900+10\"]\n\
         [SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/8/r7/4K3 w - - 0 60\"]\n[Termination \"{termination}\"]\n\n\
         60. Kd1 Ra1+ 61. Kc2 1-0\n\n"
    )
}

fn run_all(pgns: &[String]) -> Run {
    let run = audit_pgn(&pgns.concat());
    assert_eq!(run.verdicts.len(), pgns.len(), "{}", run.stderr());
    run
}

/// g03, g04: words that name a winner or a loser the result contradicts
/// go to review, quoting both; the side is never taken from the result.
#[test]
fn g03_g04_words_naming_another_winner_go_to_review() {
    let beside_win = [
        "White lost on time",
        "White loses on time",
        "Black wins on time",
        "White flagged",
    ];
    let beside_draw = [
        "White won on time",
        "Black lost on time",
        "White wins on time",
    ];
    let mut pgns: Vec<String> = beside_win
        .iter()
        .map(|t| with_termination(t, "1-0"))
        .collect();
    pgns.extend(beside_draw.iter().map(|t| with_termination(t, "1/2-1/2")));
    let run = run_all(&pgns);
    let words = beside_win.iter().chain(&beside_draw);
    for (row, words) in run.verdicts.iter().zip(words) {
        assert_eq!(row["status"], "review", "{words}: {}", row["reason"]);
        assert_eq!(row["correct_result"], row["recorded_result"], "{words}");
        assert!(
            row["reason"].contains(&format!("“{words}”")),
            "{}",
            row["reason"]
        );
    }
}

/// g05: time trouble is no flag; a draw agreed and a resignation stand.
#[test]
fn g05_time_trouble_is_no_flag() {
    let run = run_all(&[
        with_termination("Draw agreed, both low on time", "1/2-1/2"),
        bare_king("Black resigned, short on time"),
    ]);
    let rows: Vec<(&str, &str, &str)> = run
        .verdicts
        .iter()
        .map(|r| {
            (
                r["status"].as_str(),
                r["correct_result"].as_str(),
                r["ending"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("confirmed", "1/2-1/2", "agreement"),
            ("confirmed", "1-0", "resignation")
        ]
    );
}

/// g06, g07, g09: a resignation beside a draw, a draw beside a win, an
/// adjourned or aborted game beside a result: review, in every language.
#[test]
fn g06_g07_g09_words_against_the_result_in_every_language() {
    let resigned = [
        "White resigned",
        "resignation",
        "won by resignation",
        "aufgegeben",
        "abandon",
        "сдался",
    ];
    let drawn = [
        "draw",
        "drawn",
        "Remis",
        "remis par accord",
        "Partie nulle",
        "tablas",
        "ничья",
        "remíza",
        "Patt",
    ];
    let unfinished = [
        "adjourned",
        "aborted",
        "interrupted",
        "unfinished",
        "abgebrochen",
        "Hängepartie",
        "ajournée",
        "отложена",
    ];
    let mut pgns: Vec<String> = resigned
        .iter()
        .map(|t| with_termination(t, "1/2-1/2"))
        .collect();
    pgns.extend(
        drawn
            .iter()
            .chain(&unfinished)
            .map(|t| with_termination(t, "1-0")),
    );
    let run = run_all(&pgns);
    for (row, words) in run
        .verdicts
        .iter()
        .zip(resigned.iter().chain(&drawn).chain(&unfinished))
    {
        assert_eq!(row["status"], "review", "{words}: {}", row["reason"]);
        assert!(
            row["reason"].contains("the record contradicts itself"),
            "{words}: {}",
            row["reason"]
        );
    }
}

/// g08: a flag fall in other words against a bare king: drawn (15.4.3),
/// the flagger named by the words or, beside a decisive result, by it.
#[test]
fn g08_a_flag_in_other_languages_is_a_flag() {
    let words = [
        "time forfeit",
        "Zeitüberschreitung",
        "perte au temps",
        "pérdida por tiempo",
        "время",
        "przekroczenie czasu",
        "prohra na čas",
        "Black flagged",
    ];
    let run = run_all(&words.iter().map(|t| bare_king(t)).collect::<Vec<_>>());
    for (row, words) in run.verdicts.iter().zip(words) {
        assert_eq!(
            (
                row["status"].as_str(),
                row["correct_result"].as_str(),
                row["rule"].as_str()
            ),
            ("corrected", "1/2-1/2", "15.4.3"),
            "{words}: {}",
            row["reason"]
        );
        assert_eq!(row["ending"], "time-forfeit");
    }
}

/// g10: a forfeit in the federation's own word, no move, beside a draw:
/// not played, review.
#[test]
fn g10_forfeit_words_beside_a_draw_are_unplayed() {
    let words = [
        "forfeit",
        "forfait",
        "kampflos",
        "incomparecencia",
        "неявка",
        "walkower",
        "kontumace",
    ];
    let pgns: Vec<String> = words
        .iter()
        .map(|t| format!("[White \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n[Termination \"{t}\"]\n\n1/2-1/2\n\n"))
        .collect();
    let run = run_all(&pgns);
    for (row, words) in run.verdicts.iter().zip(words) {
        assert_eq!(
            (row["status"].as_str(), row["rule"].as_str()),
            ("review", "unplayed"),
            "{words}"
        );
    }
}

/// g11: results as German, Czech and Dutch files write them end a
/// movetext; g12: a Result tag in words is read, and one that gives
/// another result than the marker is two results.
#[test]
fn g11_g12_results_as_people_write_them() {
    let marks = ["1:0", "0:1", "0.5-0.5", "0,5-0,5", "½:½"];
    let run = run_all(&marks.iter().map(|m| game("", m)).collect::<Vec<_>>());
    let read: Vec<&str> = run
        .verdicts
        .iter()
        .map(|r| r["correct_result"].as_str())
        .collect();
    assert_eq!(read, ["1-0", "0-1", "1/2-1/2", "1/2-1/2", "1/2-1/2"]);
    assert!(run.verdicts.iter().all(|r| r["status"] == "confirmed"));
    let tags = [
        "remis",
        "tablas",
        "ничья",
        "draw",
        "0,5-0,5",
        "0-1 (forfeit)",
        "0:1 kampflos",
    ];
    let pgns: Vec<String> = tags
        .iter()
        .map(|t| game("", "1-0").replace("[Result \"1-0\"]", &format!("[Result \"{t}\"]")))
        .collect();
    let run = run_all(&pgns);
    for (row, tag) in run.verdicts.iter().zip(tags) {
        assert_eq!(row["status"], "review", "{tag}");
        assert!(row["reason"].contains(tag), "{tag}: {}", row["reason"]);
    }
    assert_eq!(
        run.summary["records"]["result-in-words"], 6,
        "{}",
        run.summary
    );
}

/// g16: an over-the-board draw beside `time forfeit`, whose flagger the
/// words do not name: review, not the side to move's flag.
#[test]
fn g16_an_unnamed_flag_beside_a_draw_over_the_board_is_review() {
    let run = run_all(&[with_termination("time forfeit", "1/2-1/2")]);
    let row = &run.verdicts[0];
    assert_eq!(
        (row["status"].as_str(), row["correct_result"].as_str()),
        ("review", "1/2-1/2")
    );
    assert!(
        row["reason"].contains("says a flag fell but not whose"),
        "{}",
        row["reason"]
    );
    // A server ends the game the moment a flag falls: its record names the
    // side to move, and the reason says so.
    let lichess = with_termination("Time forfeit", "1/2-1/2")
        .replace("[Site \"?\"]", "[Site \"https://lichess.org/abcdefgh\"]");
    let run = run_all(&[lichess]);
    let row = &run.verdicts[0];
    assert_eq!(row["correct_result"], "0-1", "{}", row["reason"]);
    assert!(
        row["reason"].contains("the words name nobody"),
        "{}",
        row["reason"]
    );
}

/// Words not understood are said, counted, and sent to review unless the
/// board settled the game.
#[test]
fn words_not_understood_are_said_and_counted() {
    let mate = "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[Termination \"Blitzsieg\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n";
    let run = audit_pgn(&(with_termination("Blitzsieg", "1-0") + mate));
    let (played, mated) = (&run.verdicts[0], &run.verdicts[1]);
    assert_eq!(played["status"], "review");
    assert!(
        played["reason"].starts_with("the Termination tag “Blitzsieg” is not understood"),
        "{}",
        played["reason"]
    );
    assert_eq!(mated["status"], "confirmed", "{}", mated["reason"]);
    assert!(mated["reason"].contains("“Blitzsieg” is not understood (the board decides here)"));
    assert_eq!(
        run.summary["records"]["ending-not-understood"], 2,
        "{}",
        run.summary
    );
}

/// docs/endings.md lists every phrase the grammar reads, as
/// `scripts/endings-table.py` writes them from `src/read/words/lang/`.
#[test]
fn the_documentation_lists_every_phrase() {
    let doc = std::fs::read_to_string(repo("docs/endings.md")).unwrap();
    for entry in std::fs::read_dir(repo("src/read/words/lang")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let Some((kind, phrases)) =
                line.split_once(':').filter(|_| !line.starts_with("filler"))
            else {
                continue;
            };
            let row = format!(
                "| {} | {} |",
                kind.trim(),
                phrases.trim().replace('|', "\\|")
            );
            assert!(doc.contains(&row), "{}: {row}", path.display());
        }
    }
}

/// g15: a Windows-1251 club file's names are read as written, and the run
/// says which encoding it used.
#[test]
fn g15_a_windows_1251_file_is_read_in_its_encoding() {
    let text = "[Event \"Первенство города\"]\n[Site \"Москва\"]\n[White \"Иванов, Иван\"]\n\
                [Black \"Петров, Пётр\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 Nc6 {Белые сдались} 0-1\n";
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(text);
    let run = audit(&["-"], Some(&bytes));
    let row = &run.verdicts[0];
    assert_eq!(
        (row["white"].as_str(), row["event"].as_str()),
        ("Иванов, Иван", "Первенство города")
    );
    // The comment is read in the same encoding: White resigned.
    assert_eq!(
        (row["status"].as_str(), row["ending"].as_str()),
        ("confirmed", "resignation")
    );
    assert_eq!(
        run.summary["encodings"]["windows-1251"], 1,
        "{}",
        run.summary
    );
    assert!(run.stderr().contains("windows-1251"), "{}", run.stderr());
}

/// Item 10: a null move in the main line is no position the game had; a
/// movetext with no tags and no move numbers is still read.
#[test]
fn a_pass_in_the_main_line_is_review_and_bare_movetext_is_read() {
    let passes = "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. e4 -- 2. Bc4 -- 3. Qh5 -- 4. Qxf7# 0-1\n\n";
    let bare = "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7# 1-0\n";
    let run = audit_pgn(&format!("{passes}{bare}"));
    let (pass, plain) = (&run.verdicts[0], &run.verdicts[1]);
    assert_eq!(
        (pass["status"].as_str(), pass["correct_result"].as_str()),
        ("review", "0-1")
    );
    assert!(
        pass["reason"].contains("a null move at 1... (`--`)"),
        "{}",
        pass["reason"]
    );
    assert_eq!(
        (plain["status"].as_str(), plain["rule"].as_str()),
        ("confirmed", "checkmate")
    );
}

/// Item 11, g45, g46: the corrected PGN's own audit confirms every
/// correction — a `Termination` or a FICS comment that the correction
/// contradicts is made to agree, the record's words kept — and every game
/// is a game of its own in it, tagless or not.
#[test]
fn g45_g46_the_corrected_pgn_reads_back_confirmed() {
    let fics = "[Site \"FICS freechess.org\"]\n[White \"alpha\"]\n[Black \"beta\"]\n[Result \"0-1\"]\n\
                [SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/3K4/7R/8 w - - 0 50\"]\n\n50. Kc3 Kd5 {alpha resigns} 0-1\n";
    let chess_com = "[Site \"Chess.com\"]\n[White \"Hikaru\"]\n[Black \"Other\"]\n[Result \"0-1\"]\n\
                     [SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/3K4/7R/8 w - - 0 50\"]\n\
                     [Termination \"Other won by resignation\"]\n\n50. Kc3 Kd5 0-1";
    let tagless = "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7# 1-0";
    let dir = tempfile::tempdir().unwrap();
    let files = [("a.pgn", fics), ("b.pgn", chess_com), ("c.pgn", tagless)];
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let fixed = dir.path().join("fixed.pgn");
    let args = [
        dir.path().to_str().unwrap(),
        "--laws",
        "fide-2023",
        "--fixed-pgn",
    ];
    let first = audit(&[&args[..], &[fixed.to_str().unwrap()]].concat(), None);
    let statuses: Vec<&str> = first
        .verdicts
        .iter()
        .map(|r| r["status"].as_str())
        .collect();
    assert_eq!(
        statuses,
        ["corrected", "corrected", "confirmed"],
        "{}",
        first.stderr()
    );
    let written = std::fs::read_to_string(&fixed).unwrap();
    assert!(
        written.contains(
            "[Termination \"drawn\"]\n[RecordedTermination \"Other won by resignation\"]"
        ),
        "{written}"
    );
    assert!(
        written.contains(
            "{alpha resigns} {pgn-arbiter: drawn (5.1.2); the comment before it was in the record}"
        ),
        "{written}"
    );
    assert!(written.contains("\n\n[Event \"?\"]"), "{written}");
    let again = audit(&[fixed.to_str().unwrap(), "--laws", "fide-2023"], None);
    let read_back: Vec<(&str, &str)> = again
        .verdicts
        .iter()
        .map(|r| (r["status"].as_str(), r["correct_result"].as_str()))
        .collect();
    assert_eq!(
        read_back,
        [
            ("confirmed", "1/2-1/2"),
            ("confirmed", "1/2-1/2"),
            ("confirmed", "1-0")
        ]
    );
}
