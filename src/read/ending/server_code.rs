//! The servers' own ending codes, read from the tags an export's game is
//! written with ([`crate::read::export`]): lichess's `status` and
//! `winner`, chess.com's `result` of each side. One table a server, each
//! code mapped to the ending and the player it states; a code the table
//! lacks, or codes that contradict each other, state nothing and are said
//! not to be understood (`review`), never taken as agreement.
//! docs/endings.md lists both tables.

use shakmaty::Color;

use super::{Ending, EndingSource, Naming, Party, Quote, Role, Stated, Statement};
use crate::read::parse::Tags;

/// What a record's server code says, if it has one.
/// Codes not understood are the quote's `Err`.
pub(super) fn read(tags: &Tags<'_>) -> Option<Result<Statement, Quote>> {
    if let Some(status) = tags.lichess_status.as_deref() {
        let winner = tags.lichess_winner.as_deref().and_then(winner_of);
        return Some(lichess(status, winner));
    }
    let [white, black] = &tags.chess_com_results;
    match (white.as_deref(), black.as_deref()) {
        (None, None) => None,
        (white, black) => Some(chess_com(
            white.unwrap_or_default(),
            black.unwrap_or_default(),
        )),
    }
}

/// The `Termination` lichess writes for a status: a game's own PGN that
/// says this beside the status says nothing more.
///
/// ```
/// use pgn_arbiter::read::ending::server_code::lichess_termination;
/// assert_eq!(lichess_termination("timeout"), Some("Time forfeit"));
/// assert_eq!(lichess_termination("resign"), Some("Normal"));
/// assert_eq!(lichess_termination("nonsense"), None);
/// ```
pub fn lichess_termination(status: &str) -> Option<&'static str> {
    Some(match status {
        "created" | "started" => "Unterminated",
        "aborted" | "noStart" => "Abandoned",
        "timeout" | "outoftime" => "Time forfeit",
        "resign" | "draw" | "stalemate" | "mate" | "variantEnd" => "Normal",
        "insufficientMaterialClaim" => "Insufficient material",
        "cheat" => "Rules infraction",
        "unknownFinish" => "Unknown",
        _ => return None,
    })
}

/// lichess's `winner`.
fn winner_of(winner: &str) -> Option<Color> {
    match winner.trim() {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// lichess's statuses: the ending, and whether the status has a winner
/// (`Some(true)`), has none (`Some(false)`), or may have either.
fn lichess_table(status: &str) -> Option<(Ending, Option<bool>)> {
    Some(match status {
        "created" | "started" => (Ending::Unterminated, Some(false)),
        "aborted" => (Ending::Aborted, Some(false)),
        // The first move not made in time: the game was never played.
        "noStart" => (Ending::Forfeit, None),
        "mate" => (Ending::Checkmate, Some(true)),
        "resign" => (Ending::Resignation, Some(true)),
        "stalemate" => (Ending::Stalemate, Some(false)),
        // A player who left, the game claimed (or drawn) by the other.
        "timeout" => (Ending::Abandonment, None),
        // Drawn by agreement or by a rule the board shows: the board says.
        "draw" => (Ending::Unknown, Some(false)),
        // Without a winner: lichess's count gave the other no mating
        // material.
        "outoftime" => (Ending::TimeForfeit, None),
        "cheat" => (Ending::RulesInfraction, Some(true)),
        "insufficientMaterialClaim" => (Ending::InsufficientMaterial, Some(false)),
        _ => return None,
    })
}

fn lichess(status: &str, winner: Option<Color>) -> Result<Statement, Quote> {
    let mut text = status.to_string();
    if let Some(w) = winner {
        text.push_str(&format!(", winner {}", colour(w)));
    }
    let words = quote("lichess", "status", text);
    let Some((mut ending, wins)) = lichess_table(status) else {
        return Err(words);
    };
    if wins.is_some_and(|wins| wins != winner.is_some()) {
        return Err(words);
    }
    let result = match (ending, winner) {
        (Ending::Unterminated | Ending::Aborted, _) => Stated::NoResult,
        (Ending::Forfeit, None) => {
            ending = Ending::Unplayed;
            Stated::NoResult
        }
        (_, Some(w)) => Stated::Win(w),
        (_, None) => Stated::Draw,
    };
    Ok(Statement {
        ending,
        party: winner.map(|w| loser(!w)),
        result,
        by_play: status == "draw",
        words,
    })
}

/// The result chess.com's two codes give, as PGN writes it: `*` where
/// they state none or contradict each other.
///
/// ```
/// use pgn_arbiter::read::ending::server_code::chess_com_result;
/// assert_eq!(chess_com_result("resigned", "win"), "0-1");
/// assert_eq!(chess_com_result("timevsinsufficient", "timevsinsufficient"), "1/2-1/2");
/// assert_eq!(chess_com_result("agreed", "repetition"), "*");
/// ```
pub fn chess_com_result(white: &str, black: &str) -> &'static str {
    match chess_com(white, black).map(|said| said.result) {
        Ok(Stated::Win(Color::White)) => "1-0",
        Ok(Stated::Win(Color::Black)) => "0-1",
        Ok(Stated::Draw) => "1/2-1/2",
        _ => "*",
    }
}

/// What one side's chess.com code says of that side: its role, and the
/// ending (`None` for `win`: the other side's code tells how).
fn chess_com_code(code: &str) -> Option<(Option<Role>, Ending)> {
    let lost = |ending| Some((Some(Role::Loser), ending));
    let drawn = |ending| Some((None, ending));
    match code {
        "win" => Some((Some(Role::Winner), Ending::Unknown)),
        "checkmated" => lost(Ending::Checkmate),
        "resigned" => lost(Ending::Resignation),
        "timeout" => lost(Ending::TimeForfeit),
        "abandoned" => lost(Ending::Abandonment),
        "lose" => lost(Ending::Unknown),
        "agreed" => drawn(Ending::Agreement),
        "repetition" => drawn(Ending::Repetition),
        "stalemate" => drawn(Ending::Stalemate),
        "insufficient" => drawn(Ending::InsufficientMaterial),
        "50move" => drawn(Ending::FiftyMoves),
        // Drawn on time: the flag fell, and by chess.com's count the other
        // side had no mating material.
        "timevsinsufficient" => drawn(Ending::TimeForfeit),
        // kingofthehill, threecheck, bughousepartnerlose: variants' endings.
        _ => None,
    }
}

fn chess_com(white: &str, black: &str) -> Result<Statement, Quote> {
    let words = quote(
        "chess.com",
        "result codes",
        format!("white {white}, black {black}"),
    );
    let (Some(w), Some(b)) = (chess_com_code(white), chess_com_code(black)) else {
        return Err(words);
    };
    let (party, ending, result) = match (w, b) {
        ((Some(Role::Winner), _), (Some(Role::Loser), ending)) => {
            (Some(loser(Color::Black)), ending, Stated::Win(Color::White))
        }
        ((Some(Role::Loser), ending), (Some(Role::Winner), _)) => {
            (Some(loser(Color::White)), ending, Stated::Win(Color::Black))
        }
        ((None, a), (None, b)) if a == b => (None, a, Stated::Draw),
        _ => return Err(words),
    };
    Ok(Statement {
        ending,
        party,
        result,
        by_play: false,
        words,
    })
}

fn loser(side: Color) -> Party {
    Party {
        side,
        role: Role::Loser,
        named: Naming::Colour,
    }
}

fn colour(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn quote(server: &'static str, tag: &'static str, text: String) -> Quote {
    Quote {
        source: EndingSource::ServerCode,
        tag,
        text,
        server: Some(server),
    }
}

/// Every `status` lichess documents for a game.
#[cfg(test)]
pub(crate) const LICHESS_STATUSES: [&str; 13] = [
    "created",
    "started",
    "aborted",
    "mate",
    "resign",
    "stalemate",
    "timeout",
    "draw",
    "outoftime",
    "cheat",
    "noStart",
    "unknownFinish",
    "variantEnd",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lichess_status_the_issue_lists_is_in_the_table_or_doubted() {
        for status in LICHESS_STATUSES {
            if matches!(status, "unknownFinish" | "variantEnd") {
                assert!(lichess(status, Some(Color::White)).is_err(), "{status}");
                continue;
            }
            assert!(lichess_table(status).is_some(), "{status}");
            assert!(lichess_termination(status).is_some(), "{status}");
        }
        assert!(lichess("nonsense", Some(Color::White)).is_err());
    }

    #[test]
    fn lichess_statuses_state_ending_party_and_result() {
        let said = lichess("outoftime", Some(Color::Black)).unwrap();
        assert_eq!(said.ending, Ending::TimeForfeit);
        assert_eq!(said.side(), Some(Color::White));
        assert_eq!(said.result, Stated::Win(Color::Black));
        let drawn = lichess("outoftime", None).unwrap();
        assert_eq!((drawn.result, drawn.party), (Stated::Draw, None));
        let left = lichess("timeout", Some(Color::White)).unwrap();
        assert_eq!(left.ending, Ending::Abandonment);
        assert!(lichess("draw", None).unwrap().by_play);
        assert_eq!(lichess("aborted", None).unwrap().result, Stated::NoResult);
        assert_eq!(lichess("noStart", None).unwrap().ending, Ending::Unplayed);
        // A mate without a winner, a stalemate with one: not understood.
        assert!(lichess("mate", None).is_err());
        assert!(lichess("stalemate", Some(Color::White)).is_err());
    }

    #[test]
    fn chess_com_codes_pair_into_one_statement() {
        for code in [
            "win",
            "checkmated",
            "agreed",
            "repetition",
            "timeout",
            "resigned",
            "stalemate",
            "lose",
            "insufficient",
            "50move",
            "abandoned",
            "timevsinsufficient",
        ] {
            assert!(chess_com_code(code).is_some(), "{code}");
        }
        for code in ["kingofthehill", "threecheck", "bughousepartnerlose", "x"] {
            assert!(chess_com_code(code).is_none(), "{code}");
        }
        let said = chess_com("timeout", "win").unwrap();
        assert_eq!(said.ending, Ending::TimeForfeit);
        assert_eq!(said.side(), Some(Color::White));
        assert_eq!(said.result, Stated::Win(Color::Black));
        let drawn = chess_com("timevsinsufficient", "timevsinsufficient").unwrap();
        assert_eq!(
            (drawn.ending, drawn.result),
            (Ending::TimeForfeit, Stated::Draw)
        );
        assert!(chess_com("win", "win").is_err());
        assert!(chess_com("agreed", "repetition").is_err());
        assert!(chess_com("win", "kingofthehill").is_err());
    }
}
