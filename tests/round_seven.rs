//! Round seven's findings on what a correction may rest on (the repros
//! g50–g59 and d50, d51 of `adversarial/round-7`, made here without
//! `../shared`): words read whole or in part, statements compared by ending
//! and party, names that are colour words, null moves however spelt, and
//! 14E's forced win proved or doubted, never guessed.

use crate::common::*;

const OPEN: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6";

/// A club game between Anna and Boris: `tags` after the seven, then the
/// moves, a comment before the result when one is given.
fn club(result: &str, tags: &str, moves: &str, comment: &str) -> String {
    let comment = match comment {
        "" => String::new(),
        c => format!("{{{c}}} "),
    };
    format!(
        "[Event \"Club\"]\n[Site \"?\"]\n[Date \"2019.05.04\"]\n[Round \"1\"]\n[White \"Anna\"]\n\
         [Black \"Boris\"]\n[Result \"{result}\"]\n{tags}\n{moves} {comment}{result}\n\n"
    )
}

/// White with a bare king against a queen, 1-0: a flag of Black's draws.
fn bare_king(tags: &str, comment: &str) -> String {
    let setup = format!("[SetUp \"1\"]\n[FEN \"8/8/4k3/q7/8/3K4/8/8 w - - 0 50\"]\n{tags}");
    club("1-0", &setup, "50. Ke3 Qa3+ 51. Ke2", comment)
}

fn run_all(pgns: &[String]) -> Run {
    let run = audit_pgn(&pgns.concat());
    assert_eq!(run.verdicts.len(), pgns.len(), "{}", run.stderr());
    run
}

/// g50, g59: a comment or tag that denies, rejects or asks whether a flag
/// fell decides nothing: never a correction.
#[test]
fn g50_g59_denials_and_questions_decide_nothing() {
    let drawn = [
        "White flagged - claim rejected",
        "Black claimed: White flagged. Rejected",
        "White flagged? No.",
        "White's flag fell; claim rejected",
        "Zeitüberschreitung von Weiß? Nein.",
        "Белые просрочили время? Нет.",
        "Białe przekroczyły czas - reklamacja odrzucona",
        "Il Bianco ha superato il tempo - reclamo respinto",
    ];
    let mut pgns: Vec<String> = drawn.iter().map(|c| club("1/2-1/2", "", OPEN, c)).collect();
    pgns.push(bare_king("", "White won on time? No."));
    pgns.push(bare_king("[Termination \"Black flagged?\"]", ""));
    pgns.push(bare_king("[Termination \"Time forfeit?\"]", ""));
    let run = run_all(&pgns);
    for row in &run.verdicts {
        assert_eq!(row["status"], "review", "{}", row["reason"]);
        assert_eq!(row["correct_result"], row["recorded_result"]);
        assert!(
            row["reason"].contains("is read only in part"),
            "{}",
            row["reason"]
        );
    }
    assert!(run.verdicts[0]["reason"].contains("“claim rejected” denies or rejects what it says"));
    assert!(run.verdicts[2]["reason"].contains("“White flagged” is asked, not stated"));
    assert_eq!(run.summary["records"]["ending-read-in-part"], 11);
}

/// g55: a paragraph whose other clauses say the draw was agreed is read in
/// part; the draw agreed alone is read.
#[test]
fn g55_a_paragraph_is_read_by_the_same_rule() {
    let run = run_all(&[
        club(
            "1/2-1/2",
            "",
            OPEN,
            "This game was a long struggle. Later analysis showed that, in the final position, \
             White flagged; in fact the players agreed a draw.",
        ),
        club("1/2-1/2", "", OPEN, "Draw agreed"),
    ]);
    assert_eq!(run.verdicts[0]["status"], "review");
    assert_eq!(run.verdicts[1]["status"], "confirmed");
    assert_eq!(run.verdicts[1]["ending"], "agreement");
}

/// g51: statements naming different endings disagree, whatever result they
/// give: review, quoting both.
#[test]
fn g51_two_endings_disagree() {
    let run = run_all(&[
        bare_king("", "Black resigns"),
        bare_king("[Termination \"Time forfeit\"]", "Black resigns"),
        bare_king(
            "[Termination \"Time forfeit\"]\n[ICCResult \"Black resigns\"]",
            "",
        ),
        bare_king("[Termination \"Normal\"]", "Black forfeits on time"),
    ]);
    assert_eq!(run.verdicts[0]["status"], "confirmed");
    for row in &run.verdicts[1..] {
        assert_eq!(row["status"], "review", "{}", row["reason"]);
        assert!(row["reason"].contains("disagree"), "{}", row["reason"]);
    }
    assert_eq!(run.summary["records"]["endings-disagree"], 3);
}

/// g52: an aside about time trouble never names the flagger.
#[test]
fn g52_an_aside_names_no_flagger() {
    let run = run_all(&[
        club("1/2-1/2", "[Termination \"Time forfeit\"]", OPEN, ""),
        club(
            "1/2-1/2",
            "[Termination \"Time forfeit, White in time trouble\"]",
            OPEN,
            "",
        ),
        club("1/2-1/2", "", OPEN, "Time forfeit. White was short on time"),
    ]);
    for row in &run.verdicts {
        assert_eq!(row["status"], "review", "{}", row["reason"]);
        assert!(
            !row["reason"].contains("White's flag fell"),
            "{}",
            row["reason"]
        );
    }
    assert!(
        run.verdicts[1]["reason"].contains("names a player in an aside"),
        "{}",
        run.verdicts[1]["reason"]
    );
}

fn named(white: &str, black: &str, termination: &str) -> String {
    format!(
        "[Event \"Club\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"0-1\"]\n\
         [Termination \"{termination}\"]\n\n{OPEN} 0-1\n\n"
    )
}

/// g57: a player whose name is a colour word makes the colour's sentence
/// ambiguous: review, never a confirmation.
#[test]
fn g57_a_name_that_is_a_colour_word_is_ambiguous() {
    let run = run_all(&[
        named("Black, Roger", "White, Alan", "White won on time"),
        named("Schwarz, Hans", "Weiß, Peter", "Weiß gewinnt"),
        named("Černý, Jan", "Bílý, Petr", "Bílý vyhrál na čas"),
        named("Anna", "Boris", "White won on time"),
    ]);
    for row in &run.verdicts[..3] {
        assert_eq!(row["status"], "review", "{}", row["reason"]);
        assert!(
            row["reason"].contains("reads two ways"),
            "{}",
            row["reason"]
        );
    }
    assert_eq!(run.verdicts[3]["status"], "review");
    assert_eq!(run.summary["records"]["ending-ambiguous"], 3);
}

/// g53: the corrected PGN's own words read back one way, so its audit
/// confirms every game it corrected.
#[test]
fn g53_the_corrected_pgn_reads_its_own_words_back() {
    let pgn = "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/abcdefgh\"]\n\
               [Date \"2021.10.01\"]\n[White \"anna\"]\n[Black \"White\"]\n[Result \"1/2-1/2\"]\n\
               [TimeControl \"180+0\"]\n[Termination \"Time forfeit\"]\n\n\
               1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 1/2-1/2\n\n\
               [Event \"Club\"]\n[White \"Black, Roger\"]\n[Black \"Boris\"]\n[Result \"1/2-1/2\"]\n\n\
               1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 {Boris flagged} 1/2-1/2\n\n";
    let dir = tempfile::tempdir().unwrap();
    let (input, fixed) = (dir.path().join("g.pgn"), dir.path().join("fixed.pgn"));
    std::fs::write(&input, pgn).unwrap();
    let first = audit(
        &[
            input.to_str().unwrap(),
            "--fixed-pgn",
            fixed.to_str().unwrap(),
        ],
        None,
    );
    let statuses: Vec<&str> = first
        .verdicts
        .iter()
        .map(|r| r["status"].as_str())
        .collect();
    assert_eq!(statuses, ["corrected", "corrected"]);
    let again = audit(&[fixed.to_str().unwrap()], None);
    for row in &again.verdicts {
        assert_eq!(row["status"], "confirmed", "{}", row["reason"]);
    }
    let written = std::fs::read_to_string(&fixed).unwrap();
    assert!(
        written.contains("[Termination \"the white player lost on time\"]"),
        "{written}"
    );
    assert!(
        written.contains("pgn-arbiter: the black player lost on time"),
        "{written}"
    );
}

/// g58: a null move however it is spelt (`--`, `Z0`, `0000`, `@@@@`) is
/// said, never dropped: the moves after it are not given to the wrong side.
#[test]
fn g58_null_moves_however_spelt_are_said() {
    let spellings = ["--", "Z0", "0000", "@@@@"];
    let mut pgns = Vec::new();
    for null in spellings {
        pgns.push(club("1-0", "", &format!("1. e4 e5 2. Nf3 {null}"), ""));
        pgns.push(club(
            "0-1",
            "",
            &format!("1. e4 e5 2. Nf3 {null} 3. Bc4 Nc6"),
            "",
        ));
    }
    let run = run_all(&pgns);
    for (row, null) in run
        .verdicts
        .iter()
        .zip(spellings.iter().flat_map(|s| [s, s]))
    {
        assert_eq!(row["status"], "review", "{null}: {}", row["reason"]);
        let said = format!("a null move at 2... (`{null}`)");
        assert!(row["reason"].contains(&said), "{null}: {}", row["reason"]);
    }
}

/// A 14E record: a flag fall in the position `fen`, the result and words
/// given, then `moves`.
fn fourteen_e(fen: &str, result: &str, termination: &str, moves: &str) -> String {
    format!(
        "[Event \"14E\"]\n[Site \"crafted\"]\n[Date \"2024.05.01\"]\n[White \"W\"]\n[Black \"B\"]\n\
         [Result \"{result}\"]\n[Termination \"{termination}\"]\n[TimeControl \"5400+30\"]\n\
         [FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{moves} {result}\n\n"
    )
}

/// d50: a knight's forced mate in 6 against the flagger is found and the
/// win stands; nothing is drawn on a bounded search.
#[test]
fn d50_a_forced_mate_past_five_moves_is_found() {
    let fens = [
        "8/8/8/8/8/p7/k1K5/1N6 b - - 0 1",
        "8/8/8/8/2N5/p7/k1K5/8 b - - 0 1",
        "8/8/8/8/pN6/8/8/k1K5 b - - 0 1",
        "8/8/8/8/8/p7/k2N4/2K5 b - - 0 1",
    ];
    let pgns: Vec<String> = fens
        .iter()
        .map(|f| fourteen_e(f, "1-0", "time forfeit", ""))
        .collect();
    let run = audit(
        &["-", "--laws", "us-chess-7"],
        Some(pgns.concat().as_bytes()),
    );
    for row in &run.verdicts {
        assert_eq!(
            (row["status"].as_str(), row["correct_result"].as_str()),
            ("confirmed", "1-0"),
            "{}",
            row["reason"]
        );
        assert!(
            row["reason"].contains("mate in 6 against every defence"),
            "{}",
            row["reason"]
        );
    }
}

/// d51: the tables are read for the claimant whichever side is to move.
#[test]
fn d51_the_tables_answer_for_the_claimant() {
    let pgns = [
        // 1. a7: the knight's side to move, and it cannot win.
        fourteen_e(
            "8/8/P5K1/8/8/8/7n/7k w - - 0 1",
            "0-1",
            "White lost on time",
            "1. a7",
        ),
        // 1. h7: the knight's side to move mates at once (1...Ng6#).
        fourteen_e(
            "7K/4nk2/7P/8/8/8/8/8 w - - 0 1",
            "0-1",
            "White lost on time",
            "1. h7",
        ),
    ]
    .concat();
    let tables = data("syzygy-knvkp");
    for args in [
        vec!["-", "--laws", "us-chess-7"],
        vec![
            "-",
            "--laws",
            "us-chess-7",
            "--syzygy",
            tables.to_str().unwrap(),
        ],
    ] {
        let run = audit(&args, Some(pgns.as_bytes()));
        let got: Vec<(&str, &str)> = run
            .verdicts
            .iter()
            .map(|r| (r["status"].as_str(), r["correct_result"].as_str()))
            .collect();
        assert_eq!(
            got,
            [("corrected", "1/2-1/2"), ("confirmed", "0-1")],
            "{args:?}"
        );
    }
}
