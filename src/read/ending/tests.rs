use super::*;
use crate::read::parse::parse_game;

fn said(pgn: &str) -> Option<(Ending, EndingSource, Option<Color>)> {
    let record = parse_game(pgn.as_bytes());
    Statement::read(&record).map(|s| (s.ending, s.words.source, s.side()))
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
fn a_name_that_is_no_player_is_not_understood() {
    // Never the loser by the result in its place.
    let pgn = format!("{FICS}\n1. e4 {{Someone forfeits on time}} 1-0");
    let record = parse_game(pgn.as_bytes());
    let reading = Reading::of(&record);
    assert_eq!(reading.statement, None);
    assert_eq!(
        reading.doubt.map(|d| d.to_string()),
        Some("the FICS comment “Someone forfeits on time” is not understood".into())
    );
}

#[test]
fn termination_tags_of_lichess_chess_com_and_guis() {
    let tag = |t: &str, result: &str| {
        said(&format!("[White \"MagnusCarlsen\"]\n[Black \"Hikaru\"]\n[Termination \"{t}\"]\n[Result \"{result}\"]\n\n1. e4 {result}"))
                .map(|(e, _, s)| (e, s))
    };
    use Ending::*;
    // The side comes from the words only: `Time forfeit` names nobody.
    assert_eq!(tag("Time forfeit", "0-1"), Some((TimeForfeit, None)));
    assert_eq!(tag("Normal", "0-1"), Some((Unknown, None)));
    assert_eq!(tag("Abandoned", "1-0"), Some((Abandonment, None)));
    assert_eq!(
        tag("Rules infraction", "1-0"),
        Some((RulesInfraction, None))
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
    assert_eq!(tag("GUI TB Mate in 9", "1-0"), Some((Adjudication, None)));
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
        Some((Ending::Adjourned, tt, Some(Color::White)))
    );
    let record =
        parse_game(b"[Site \"Internet Chess Club\"]\n[ICCResult \"White checkmated\"]\n\n1. e4 *");
    assert_eq!(
        Statement::read(&record).unwrap().words.to_string(),
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
    let (white, black) = (GameResult::Win(Color::White), GameResult::Win(Color::Black));
    let s = statement("Knightsmasher resigns", "1-0");
    assert_eq!(disagreement(&s, white), Some(Disagreement::AnotherWinner));
    assert_eq!(disagreement(&s, black), None);
    assert_eq!(
        disagreement(&s, GameResult::Draw),
        Some(Disagreement::AnotherWinner)
    );
    let s = statement("Knightsmasher forfeits on time", "1-0");
    assert_eq!(disagreement(&s, white), Some(Disagreement::AnotherWinner));
    // FICS writes a draw on time in other words, which agree with a draw.
    let s = statement(
        "Knightsmasher ran out of time and josephalee has no material to mate",
        "1/2-1/2",
    );
    assert_eq!(disagreement(&s, GameResult::Draw), None);
    assert_eq!(
        disagreement(&s, black),
        Some(Disagreement::DrawnButDecisive)
    );
    let s = statement("Knightsmasher flagged", "1-0");
    assert_eq!(
        disagreement(&s, white),
        Some(Disagreement::FlaggedWon(Color::White))
    );
    // A flag with nothing said of the result may end in a draw.
    assert_eq!(disagreement(&s, GameResult::Draw), None);
    let s = statement("Game drawn by mutual agreement", "1-0");
    assert_eq!(
        disagreement(&s, white),
        Some(Disagreement::DrawnButDecisive)
    );
    assert_eq!(disagreement(&s, GameResult::Draw), None);
    let s = statement("resignation", "1-0");
    assert_eq!(
        disagreement(&s, GameResult::Draw),
        Some(Disagreement::DecisiveButDrawn)
    );
    let s = statement("Game aborted on move 1", "1-0");
    assert_eq!(disagreement(&s, white), Some(Disagreement::NotPlayedOut));
    assert_eq!(disagreement(&s, GameResult::Unfinished), None);
}

#[test]
fn two_statements_that_give_different_results_are_a_doubt() {
    let record = parse_game(
        b"[White \"A\"]\n[Black \"B\"]\n[Termination \"White resigns\"]\n\n1. e4 {Black resigns} 0-1",
    );
    let reading = Reading::of(&record);
    assert_eq!(
        reading.statement.map(|s| s.result),
        Some(Stated::Win(Color::Black))
    );
    assert_eq!(
        reading.doubt.map(|d| d.to_string()),
        Some("the Termination tag “White resigns” and the comment “Black resigns” disagree".into())
    );
    // TCEC's two tags and its comment tell one story.
    let record = parse_game(
        b"[Termination \"adjudication\"]\n[TerminationDetails \"SyzygyTB\"]\n\n1. e4 { Black wins. } 0-1",
    );
    let reading = Reading::of(&record);
    let said = reading.statement.unwrap();
    assert_eq!(
        (said.ending, said.result),
        (Ending::Adjudication, Stated::Win(Color::Black))
    );
    assert_eq!(reading.doubt, None);
}

#[test]
fn a_result_tag_in_words_is_read() {
    let tag = |result: &str| {
        let pgn = format!("[White \"A\"]\n[Black \"B\"]\n[Result \"{result}\"]\n\n1. e4 1-0");
        let record = parse_game(pgn.as_bytes());
        let reading = Reading::of(&record);
        (
            record.tag_result(),
            reading.statement.map(|s| s.ending),
            reading.doubt.is_some(),
        )
    };
    let white = Some(GameResult::Win(Color::White));
    let black = Some(GameResult::Win(Color::Black));
    let draw = Some(GameResult::Draw);
    assert_eq!(tag("remis"), (draw, Some(Ending::Unknown), false));
    assert_eq!(tag("ничья"), (draw, Some(Ending::Unknown), false));
    assert_eq!(tag("0,5-0,5"), (draw, None, false));
    assert_eq!(tag("0-1 (forfeit)"), (black, Some(Ending::Forfeit), false));
    assert_eq!(tag("0:1 kampflos"), (black, Some(Ending::Forfeit), false));
    assert_eq!(tag("Weiß gewinnt"), (white, Some(Ending::Unknown), false));
    // Words not understood give no result, and are said.
    assert_eq!(tag("vielleicht"), (None, None, true));
}
