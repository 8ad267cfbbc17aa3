//! The words of a draw claim in the quickplay finish (10.2; III.4 and
//! III.5 of later editions).

use std::fmt;

use crate::model::clock::Clock;

use super::side_name;
use crate::laws::edition::NoQuickplay;
use crate::laws::finding::draw::{CannotWin, DrawClaim, DrawFinding, Inadmissible, Judgement};

impl fmt::Display for DrawFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawFinding::Inadmissible(why) => write!(f, "{why}"),
            DrawFinding::RestingOnInadmissible(why) => write!(
                f,
                "{why}; the recorded draw is the one the claim asked for and nothing else in the \
                 record explains it: check the scoresheet"
            ),
            DrawFinding::Drawn {
                claim,
                why,
                decided,
            } => write!(
                f,
                "{claim}; {why}, so he cannot win by normal means and the game is drawn \
                 ({decided})"
            ),
            DrawFinding::ArbitersJudgement(judgement) => write!(f, "{judgement}"),
            DrawFinding::Postponed { judgement, later } => write!(
                f,
                "{judgement}; play went on, so the arbiter's final decision ({later}) is not in \
                 the record"
            ),
            DrawFinding::DecisionStands { judgement, later } => write!(
                f,
                "{judgement}; play went on, and the record's result is one the arbiter could \
                 give on the claim ({later}), with nothing in the record against it: it stands \
                 as his decision"
            ),
            DrawFinding::NoExtraTime {
                opponent,
                before,
                after,
                clauses: [first, second],
            } => write!(
                f,
                "after the draw claim {}'s clock went from {before} to {after}: no sign of the \
                 two extra minutes {first} and {second} give",
                side_name(*opponent),
            ),
        }
    }
}

/// "White claimed a draw with 0:01:20 left after 60...Kd7 (10.2; clocks
/// White 0:01:20, Black 0:05:00)".
impl fmt::Display for DrawClaim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} claimed a draw with ", side_name(self.claimant))?;
        match self.clock {
            Some(c) => write!(f, "{c} left")?,
            None => f.write_str("an unrecorded clock")?,
        }
        write!(
            f,
            " after {} ({}; {})",
            self.move_text, self.clause, self.clocks
        )
    }
}

impl fmt::Display for CannotWin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CannotWin::CannotMate(mate) => write!(f, "{mate}"),
            CannotWin::Tablebases(opponent) => write!(
                f,
                "the endgame tablebases show {} cannot force a win",
                side_name(*opponent)
            ),
        }
    }
}

impl fmt::Display for Judgement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}; {}: whether {} was making efforts to win by normal means is the arbiter's \
             judgement ({})",
            self.claim,
            self.mate,
            side_name(self.mate.side),
            self.decided
        )
    }
}

impl fmt::Display for Inadmissible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Inadmissible::NotAllowed {
                claimant,
                why,
                category,
                title,
                clause,
            } => {
                let claimant = side_name(claimant);
                write!(f, "{claimant} claimed a draw in the quickplay finish, but ")?;
                match why {
                    NoQuickplay::InCategory => write!(
                        f,
                        "no quickplay-finish claim exists in a {category} game under {title}"
                    ),
                    NoQuickplay::WithIncrement(increment) => write!(
                        f,
                        "a quickplay-finish claim is admissible only in games without increment, \
                         and this one has {increment} a move ({clause})"
                    ),
                    NoQuickplay::WithDelay(delay) => write!(
                        f,
                        "a claim of insufficient losing chances is admissible only in games \
                         without delay or increment, and this one has a delay of {delay} a move \
                         ({clause})"
                    ),
                }
            }
            Inadmissible::NotHisMove { claimant, clause } => write!(
                f,
                "{} claimed a draw while it was not his move; only the player to move may claim \
                 ({clause})",
                side_name(claimant)
            ),
            Inadmissible::TooMuchTime {
                claimant,
                left,
                limit,
                clause,
            } => write!(
                f,
                "{} claimed a draw with {left} left; a claim needs less than {} ({clause})",
                side_name(claimant),
                in_words(limit)
            ),
        }
    }
}

/// "two minutes", "one minute": a claim's time limit as the rules say it.
fn in_words(limit: Clock) -> String {
    match limit.millis() {
        60_000 => "one minute".into(),
        120_000 => "two minutes".into(),
        _ => limit.to_string(),
    }
}
