//! The words of a pairing's row (`pairings.csv`, the tournament page) and
//! of a player whose points column disagrees with the codes.

use std::fmt;

use crate::tournament::consequences::{Audit, Held, PairingFinding, PairingNote, PointsNote};
use crate::tournament::matching::{Codes, Disagreement};
use crate::tournament::trf::result_column;

impl fmt::Display for PairingNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(lines) = &self.lines {
            write!(f, "{lines}; ")?;
        }
        write!(f, "{}", self.finding)
    }
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.pairing;
        let round = p.round + 1;
        if self.colours_clash {
            write!(
                f,
                "the two lines do not give {} and {} opposite colours in round {round}",
                p.white, p.black
            )?;
            if self.codes.is_some() {
                f.write_str("; ")?;
            }
        }
        let ([first, second], column) = (p.lines, result_column(p.round));
        match self.codes {
            None => Ok(()),
            Some(Codes::Unpaired) => write!(
                f,
                "{}'s line (line {second}, columns {}-{}) does not have this pairing in round \
                 {round}: it stands in {}'s line (line {first}) alone, and is rated for neither",
                p.black,
                column - 7,
                column - 4,
                p.white
            ),
            Some(Codes::Differ(code)) => write!(
                f,
                "the two lines disagree: {} has `{}` (line {first}, column {column}), {} has \
                 `{}` (line {second}, column {column}); scored as {}'s line gives it in the \
                 standings, tie-breaks and ratings, as FIDE's calculator reads a pairing",
                p.white,
                p.white_code.char(),
                p.black,
                code.char(),
                p.white
            ),
        }
    }
}

impl fmt::Display for PairingFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingFinding::FitsSeveral(pairings) => {
                let rounds: Vec<String> = (pairings.iter())
                    .map(|p| format!("round {}: {} v {}", p.round + 1, p.white, p.black))
                    .collect();
                let n = pairings.len();
                write!(f, "the game fits {n} pairings ({})", rounds.join("; "))
            }
            PairingFinding::NoPairing => f.write_str("no pairing of the report has these players"),
            PairingFinding::NotInRound { round, met_in } => write!(
                f,
                "no pairing of round {round} has these players; they met in round {met_in}"
            ),
            PairingFinding::NotInAnyRound { round } => write!(
                f,
                "no pairing of round {round} (or of any round) has these players"
            ),
            PairingFinding::Missing => f.write_str(
                "the report has a game played here, and no PGN game matches it; the report's \
                 result stands",
            ),
            PairingFinding::NoGame => {
                f.write_str("by the first line no game was played here, and no PGN game matches it")
            }
            PairingFinding::Held { why, audit } => write!(f, "{why}; {audit}"),
            PairingFinding::ForfeitPlayed { result, audit } => {
                write!(
                    f,
                    "the report has a forfeit ({result}), the PGN a game; {audit}"
                )
            }
            PairingFinding::Compared {
                colours_turned,
                audit,
                applied,
            } => {
                if *colours_turned {
                    f.write_str("the PGN has the colours the other way; ")?;
                }
                write!(f, "{audit}")?;
                match applied {
                    true => f.write_str("; the audit's result is applied"),
                    false => Ok(()),
                }
            }
        }
    }
}

impl fmt::Display for Audit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the audit: {} ({})", self.status.as_str(), self.reason)
    }
}

impl fmt::Display for Held {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Held::SecondGame => {
                "a second game matches this pairing, with the same result; only the first is \
                 applied"
            }
            Held::Conflicting => {
                "more than one game matches this pairing and they give different results, so \
                 none is applied: the report's result stands until an arbiter says which was \
                 played"
            }
            Held::Unconfirmed => {
                "the other player's line does not confirm this pairing, so nothing is applied: \
                 the report's result stands"
            }
            Held::ToAHuman => "the audit leaves this game to a human: the report's result stands",
            Held::Unfinished => {
                "the game's record ends unfinished, so it gives no result to apply: the report's \
                 result stands"
            }
        })
    }
}

impl fmt::Display for PointsNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let PointsNote {
            written, by_codes, ..
        } = self;
        write!(
            f,
            "the points column says {written:.1}, the round codes give {by_codes:.1}; the codes \
             are used"
        )?;
        if self.unopposed.is_empty() {
            return Ok(());
        }
        let rounds: Vec<String> = self.unopposed.iter().map(usize::to_string).collect();
        write!(
            f,
            " here, while the team standings count round {} as an unopposed board won, as the \
             points column does",
            rounds.join(", ")
        )
    }
}
