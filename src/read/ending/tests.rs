use super::*;
use crate::read::parse::parse_game;

fn said(pgn: &str) -> Option<(Ending, EndingSource, Option<Color>)> {
    let record = parse_game(pgn.as_bytes());
    Statement::read(&record).map(|s| (s.ending, s.source, s.side))
}

const FICS: &str =
    "[Site \"FICS freechess.org\"]\n[White \"Knightsmasher\"]\n[Black \"josephalee\"]\n";

#[test]
fn fics_comments_name_players_not_colours() {
    let game =
        |comment: &str, result: &str| said(&format!("{FICS}\n1. e4 e5 {{{comment}}} {result}"));
    use Ending::*;
    let rc = EndingSource::ResultComment;
    assert_eq!(
        game("Knightsmasher forfeits on time", "0-1"),
        Some((TimeForfeit, rc, Some(Color::White)))
    );
    assert_eq!(
        game("josephalee resigns", "1-0"),
        Some((Resignation, rc, Some(Color::Black)))
    );
    assert_eq!(
        game("JOSEPHALEE checkmated", "1-0"),
        Some((Checkmate, rc, Some(Color::Black)))
    );
    assert_eq!(
        game(
            "josephalee ran out of time and Knightsmasher has no material to mate",
            "1/2-1/2"
        ),
        Some((TimeForfeit, rc, Some(Color::Black)))
    );
    assert_eq!(
        game("Game drawn because both players ran out of time", "1/2-1/2"),
        Some((BothFlags, rc, None))
    );
    assert_eq!(
        game("Knightsmasher forfeits by disconnection", "0-1"),
        Some((Abandonment, rc, Some(Color::White)))
    );
    assert_eq!(
        game("Neither player has mating material", "1/2-1/2"),
        Some((InsufficientMaterial, rc, None))
    );
    assert_eq!(
        game("Game drawn by the 50 move rule", "1/2-1/2"),
        Some((FiftyMoves, rc, None))
    );
    assert_eq!(
        game("Game drawn by mutual agreement", "1/2-1/2"),
        Some((Agreement, rc, None))
    );
    assert_eq!(
        game("Game drawn by stalemate", "1/2-1/2"),
        Some((Stalemate, rc, None))
    );
    assert_eq!(
        game("Game drawn by repetition", "1/2-1/2"),
        Some((Repetition, rc, None))
    );
}

#[test]
fn an_unknown_name_falls_back_to_the_result() {
    let game = said(&format!("{FICS}\n1. e4 {{Someone forfeits on time}} 1-0"));
    assert_eq!(
        game,
        Some((
            Ending::TimeForfeit,
            EndingSource::ResultComment,
            Some(Color::Black)
        ))
    );
}

#[test]
fn termination_tags_of_lichess_chess_com_and_guis() {
    let tag = |t: &str, result: &str| {
        said(&format!("[White \"MagnusCarlsen\"]\n[Black \"Hikaru\"]\n[Termination \"{t}\"]\n[Result \"{result}\"]\n\n1. e4 {result}"))
                .map(|(e, _, s)| (e, s))
    };
    use Ending::*;
    assert_eq!(
        tag("Time forfeit", "0-1"),
        Some((TimeForfeit, Some(Color::White)))
    );
    assert_eq!(tag("Normal", "0-1"), Some((Unknown, Some(Color::White))));
    assert_eq!(
        tag("Abandoned", "1-0"),
        Some((Abandonment, Some(Color::Black)))
    );
    assert_eq!(
        tag("Rules infraction", "1-0"),
        Some((RulesInfraction, Some(Color::Black)))
    );
    assert_eq!(
        tag("Hikaru won on time", "0-1"),
        Some((TimeForfeit, Some(Color::White)))
    );
    assert_eq!(
        tag("MagnusCarlsen won by resignation", "1-0"),
        Some((Resignation, Some(Color::Black)))
    );
    assert_eq!(
        tag("Hikaru won - game abandoned", "0-1"),
        Some((Abandonment, Some(Color::White)))
    );
    assert_eq!(
        tag("Game drawn by timeout vs insufficient material", "1/2-1/2"),
        Some((TimeForfeit, None))
    );
    assert_eq!(
        tag("GUI TB Mate in 9", "1-0"),
        Some((Adjudication, Some(Color::Black)))
    );
    assert_eq!(tag("3-fold rep", "1/2-1/2"), Some((Repetition, None)));
    assert_eq!(tag("something else", "1-0"), None);
}

#[test]
fn icc_result_tags() {
    let tag = |t: &str, result: &str| {
        said(&format!(
            "[Site \"Internet Chess Club\"]\n[White \"Mike\"]\n[Black \"Prophet-Daniel\"]\n[ICCResult \"{t}\"]\n[Result \"{result}\"]\n\n1. e4 {result}"
        ))
    };
    let tt = EndingSource::TerminationTag;
    assert_eq!(
        tag("Black forfeits on time", "1-0"),
        Some((Ending::TimeForfeit, tt, Some(Color::Black)))
    );
    assert_eq!(
        tag("Black resigns", "1-0"),
        Some((Ending::Resignation, tt, Some(Color::Black)))
    );
    assert_eq!(
        tag("Game adjourned when White disconnected", "*"),
        Some((Ending::Adjourned, tt, None))
    );
    let record =
        parse_game(b"[Site \"Internet Chess Club\"]\n[ICCResult \"White checkmated\"]\n\n1. e4 *");
    assert_eq!(
        Statement::read(&record).unwrap().quoted(),
        "the ICCResult tag “White checkmated”"
    );
}

#[test]
fn a_clock_comment_states_nothing() {
    assert_eq!(said("1. e4 {[%clk 0:00:00]} 1-0"), None);
}

#[test]
fn words_that_disagree_with_the_result_are_told_apart() {
    let statement = |comment: &str, result: &str| {
        let pgn = format!("{FICS}\n1. e4 {{{comment}}} {result}");
        Statement::read(&parse_game(pgn.as_bytes())).unwrap()
    };
    let white = GameResult::Win(Color::White);
    let s = statement("Knightsmasher resigns", "1-0");
    assert_eq!(
        disagreement(&s, white),
        Some(Disagreement::NamedLoserWon(Color::White))
    );
    assert_eq!(disagreement(&s, GameResult::Win(Color::Black)), None);
    let s = statement("Knightsmasher forfeits on time", "1-0");
    assert_eq!(
        disagreement(&s, white),
        Some(Disagreement::NamedLoserWon(Color::White))
    );
    // A server draws a game lost on time when it counts no mating material.
    assert_eq!(disagreement(&s, GameResult::Draw), None);
    let s = statement("Game drawn by mutual agreement", "1-0");
    assert_eq!(
        disagreement(&s, white),
        Some(Disagreement::DrawnButDecisive)
    );
    assert_eq!(disagreement(&s, GameResult::Draw), None);
    let s = statement("Game aborted on move 1", "1-0");
    assert_eq!(disagreement(&s, white), Some(Disagreement::NotPlayedOut));
    assert_eq!(disagreement(&s, GameResult::Unfinished), None);
}

#[test]
fn every_verb_passes_the_word_test() {
    for (verb, _, _) in VERBS {
        assert!(names_a_verb(&format!("anna{verb}")), "{verb}");
        assert!(names_a_verb(&format!("anna{verb}.")), "{verb}.");
    }
    assert!(!names_a_verb("time forfeit"));
    assert!(!names_a_verb("normal"));
    assert!(!names_a_verb("wonderful resignation"));
}
