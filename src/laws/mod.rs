//! Laws: decide a replayed game's correct result under an edition of the
//! Laws — by default ru-rapid, the Russian rapid-play rules of `RULES.en.md`.
//!
//! [`judge`] decides from a [`Game`] and the [`Judging`] alone (the game's
//! helpmate solver remembers the answers it found: a memo, see [`judge`]'s
//! module, and [`Game`] for the view of the game the clauses share). The edition
//! and the game's category give a [`Book`] ([`placement`]); each clause
//! lives in its own submodule, reads the book, and is tested there on small
//! hand-made games: [`board`] (checkmate, stalemate, dead position),
//! [`automatic`] (9.6: 75 moves, fivefold repetition), [`illegal`] (15.4.2
//! and its successors), [`position`] (15.4.4), [`setup`] (15.4.1.2),
//! [`time`] (15.4.3, 6.9), [`draw`] (10.2, G.5, III.5), [`clocks`]
//! (15.4.1.1), [`resignation`] (5.1.2 of 2023).
//! Each proposes the [`Decision`] it would make and the incidents it saw;
//! the earliest decision ends the game — events are judged in the order
//! they happened on the board.

mod abandonment;
pub mod adjudicate;
mod automatic;
mod board;
mod both_flags;
mod claimed_draw;
mod clocks;
mod draw;
pub mod edition;
pub mod editions;
pub mod finding;
mod finish;
mod forfeit;
mod game;
mod illegal;
pub mod incident;
mod insufficient;
mod judge;
mod mating_material;
mod phrase;
pub mod placement;
mod position;
mod resignation;
pub mod rulebook;
mod server_draw;
mod setup;
mod time;
pub mod verdict;

pub use crate::model::outcome::side_name;
pub use edition::Book;
pub use game::Game;
pub(crate) use game::MateAnswer;
pub use judge::{judge, judge_placed};
pub use phrase::control::control_notes;
pub use phrase::edition::regime_of;
pub use phrase::{ShortLines, as_sentence, capitalised};
pub use placement::{Laws, Placement, Unplaced};

use std::sync::Arc;

use shakmaty::Color;

use crate::board::helpmate::{Helpmate, Mate, Proof};
use crate::board::tablebase::Tablebases;
use crate::laws::incident::Incident;
use crate::laws::verdict::Verdict;
use crate::model::clock::Clock;
use crate::model::outcome::GameResult;
use crate::model::verdict::Clause;
use crate::read::ending::{self, Ending};
use crate::read::parse::GameRecord;
use finding::{Finding, Outcome};

/// How the games of a run are judged: which Laws, under what supervision,
/// how the helpmate question is answered, with which tablebases and clock
/// tolerance. (The Laws themselves are [`Edition`]s and their [`RuleSet`]s;
/// the [`Book`] is one edition for one game's category.)
#[derive(Debug, Clone)]
pub struct Judging {
    /// Look for dead positions after every move (on by default; off only
    /// to measure what it costs).
    pub dead_position_check: bool,
    /// The edition of the Laws, or `by-date` (`--laws`).
    pub laws: Laws,
    /// The event was supervised as 15.3 (A.3, A.4 of 2023) asks: the
    /// ordinary Laws govern illegal moves (`--supervised`).
    pub supervised: bool,
    /// Games that are not rapid by 15.1 go to review instead of being
    /// judged by the rapid-play rules.
    pub only_rapid: bool,
    /// Endgame tablebases for 10.2 claims (`--syzygy`).
    pub tablebases: Option<Arc<Tablebases>>,
    /// How far a clock may rise past what the rules give before it is a
    /// clock change (15.4.1.1), `--clock-tolerance`; `None` for the
    /// default: [`ROUNDING_TOLERANCE`] for a game played on a server,
    /// [`RELAY_TOLERANCE`] for the rest.
    pub clock_tolerance: Option<Clock>,
    /// How "can this side checkmate?" is answered (`--proof`).
    pub proof: Proof,
    /// Which rows' reasons show a helpmate's short line (`--short-lines`).
    pub short_lines: ShortLines,
}

/// The `regime` column under the Russian rules: `15.3` for a supervised
/// event, `15.4` otherwise.
pub fn regime_name(supervised: bool) -> &'static str {
    if supervised { "15.3" } else { "15.4" }
}

impl Judging {
    /// The book a game is judged by.
    pub fn place(&self, record: &GameRecord<'_>) -> Placement {
        self.laws.place(record, self.supervised)
    }
}

/// A server keeps the clocks exactly and its PGN rounds them to the second.
pub const ROUNDING_TOLERANCE: Clock = Clock(1_000);

/// Over-the-board clocks reach a record through a relay that samples them
/// late: on the lichess broadcast of `tests/data/otb/` the noise reaches
/// 33 s over the increment, and the jumps above a minute there look like
/// real changes or a relay reading the wrong board.
pub const RELAY_TOLERANCE: Clock = Clock(60_000);

impl Default for Judging {
    fn default() -> Self {
        Judging {
            dead_position_check: true,
            laws: Laws::default(),
            supervised: false,
            only_rapid: false,
            tablebases: None,
            clock_tolerance: None,
            proof: Proof::Full,
            short_lines: ShortLines::Read,
        }
    }
}

/// The verdict and the incidents behind it, in ply order.
#[derive(Debug, Clone)]
pub struct Judgement {
    pub verdict: Verdict,
    pub incidents: Vec<Incident>,
    /// The helpmate behind the verdict, when one shows that a side could
    /// still checkmate: whole, for `explain` and the HTML page to step
    /// through (the reason shows a shortened line).
    pub helpmate: Option<Helpmate>,
    /// The Laws the game was judged by.
    pub book: Book,
    /// How the game ended, and where that was read.
    pub ending: (Ending, ending::EndingSource),
}

impl Judgement {
    /// The helpmate's short line in place of the solver's, where the
    /// reason quotes it and a shorter one is found: in the reason and as
    /// the line every door shows.
    fn quote_the_short_line(&mut self) {
        let Some(line) = &self.helpmate else { return };
        if let Some(reason) = self.verdict.reason.with_short_line(line) {
            self.helpmate = Some(line.short());
            self.verdict.reason = reason;
        }
    }
}

/// What one clause would decide, and when.
#[derive(Debug, Clone)]
pub(crate) struct Decision {
    /// The ply after which the game is over.
    pub ply: usize,
    /// Among decisions at the same ply, the lower acts first: a claim on
    /// the move itself comes before what the move did on the board.
    pub rank: u8,
    pub verdict: Verdict,
    /// Incidents that belong to this decision only.
    pub incidents: Vec<Incident>,
    /// The helpmate the verdict rests on, if any.
    pub helpmate: Option<Helpmate>,
}

impl Decision {
    /// A decision with no incidents of its own.
    fn new(ply: usize, rank: u8, verdict: Verdict) -> Decision {
        Decision {
            ply,
            rank,
            verdict,
            incidents: Vec::new(),
            helpmate: None,
        }
    }
}

/// `offender` loses at `ply` — unless the opponent cannot checkmate (asked
/// once `mate_ply` plies were played), then it is a draw (15.4.2, 7.5).
/// `lead` says what happened; an undecided helpmate question goes to review.
fn loss_unless_unwinnable(
    game: &Game<'_>,
    recorded: GameResult,
    ply: usize,
    mate_ply: usize,
    offender: Color,
    clause: Clause,
    lead: impl Into<Finding>,
) -> Decision {
    let answer = game.can_mate(mate_ply, !offender);
    let drawn = answer.mate == Mate::Impossible;
    let correct = match drawn {
        true => GameResult::Draw,
        false => GameResult::Win(!offender),
    };
    let reason = Outcome {
        lead: Box::new(lead.into()),
        mate: answer.for_side(!offender),
        drawn,
        offender,
    };
    let verdict = Verdict::decide(recorded, correct, clause, ply, reason);
    let verdict = if answer.mate == Mate::Undecided {
        verdict.for_review()
    } else {
        verdict
    };
    Decision {
        helpmate: answer.mate.into_helpmate(),
        ..Decision::new(ply, 0, verdict)
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    use super::*;
    use crate::board::replay::replay;
    use crate::read::parse::parse_game;

    /// Judges a game given as PGN text.
    pub fn judge_pgn(pgn: &str) -> Judgement {
        judge_with(pgn, &Judging::default())
    }

    pub fn judge_with(pgn: &str, rules: &Judging) -> Judgement {
        let record = parse_game(pgn.as_bytes());
        let placement = rules.place(&record);
        let replay = replay(&record, placement.book.take_back()).expect("replayable");
        judge_placed(&Game::new(&record, replay), rules, placement)
    }

    pub fn kinds(j: &Judgement) -> Vec<&'static str> {
        j.incidents.iter().map(|i| i.kind.as_str()).collect()
    }

    /// What decided the verdict: the first finding of its reason.
    pub fn decided(j: &Judgement) -> &Finding {
        &j.verdict.reason.parts()[0]
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::*;
    use crate::model::verdict::Status;

    #[test]
    fn a_game_past_the_search_bound_goes_to_review() {
        // A bishop walks to a new square every move, beside a knight that
        // could mate, while the bare king jumps illegally: each stretch of
        // legal moves ends in a new position whose dead check needs a full
        // search (a queen or rook would need none).
        let squares: Vec<&str> = "c1 d2 e1 f2 g1 h2 g3 h4 g5 h6 g7 f8 e7 f6 e5 f4 e3 d4 c5 d6 \
                                  c7 b8 a7 b6 a5 b4 c3 b2"
            .split_whitespace()
            .collect();
        let mut moves = String::new();
        let mut king = ["e8", "e6"];
        for pair in squares.windows(2) {
            moves.push_str(&format!(
                "B{}-{} K{}-{} ",
                pair[0], pair[1], king[0], king[1]
            ));
            king.swap(0, 1);
        }
        let pgn = format!(
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/K7/8/N1B5 w - - 0 1\"]\n[Result \"1-0\"]\n\n{moves}1-0\n"
        );
        let j = judge_pgn(&pgn);
        assert_eq!(j.verdict.status, Status::Review, "{}", j.verdict.reason);
        assert!(
            j.verdict.reason.to_string().contains("the bound per game"),
            "{}",
            j.verdict.reason
        );
    }
    use super::*;

    #[test]
    fn resignation_stands_as_recorded() {
        let j = judge_pgn("[Result \"0-1\"]\n[Termination \"Normal\"]\n\n1. e4 e5 2. Qh5 Nc6 0-1");
        assert_eq!(j.verdict.status, Status::Confirmed);
        assert_eq!(j.verdict.clause, Some(Clause::AsRecorded));
        assert_eq!(j.verdict.decided_at_ply, Some(4));
        assert!(j.incidents.is_empty());
    }

    #[test]
    fn unfinished_game() {
        let j = judge_pgn("1. e4 *");
        assert_eq!(j.verdict.correct, Some(GameResult::Unfinished));
        assert_eq!(j.verdict.clause, Some(Clause::Unfinished));
    }

    #[test]
    fn unreadable_move_is_an_error_with_its_line() {
        let j = judge_pgn("[Result \"1-0\"]\n\n1. e4 e5\n2. Nf9 1-0");
        assert_eq!(j.verdict.status, Status::Error);
        assert!(
            j.verdict.reason.to_string().contains("2. `Nf9`"),
            "{}",
            j.verdict.reason
        );
        assert!(
            j.verdict.reason.to_string().contains("line 4"),
            "{}",
            j.verdict.reason
        );
        assert_eq!(kinds(&j), ["unreadable-move"]);
        assert_eq!(j.incidents[0].san, "Nf9");
        assert_eq!(j.incidents[0].move_label, "2.");
    }

    #[test]
    fn notation_is_reported_without_effect() {
        let j = judge_pgn("[Result \"1/2-1/2\"]\n\n1. e2-e4 e5 2. g1f3 1/2-1/2");
        assert_eq!(j.verdict.status, Status::Confirmed);
        assert_eq!(kinds(&j), ["notation", "notation"]);
        assert_eq!(
            j.incidents[1].detail.to_string(),
            "UCI notation; read as meant"
        );
    }

    #[test]
    fn only_rapid_sends_other_games_to_review() {
        let rules = Judging {
            only_rapid: true,
            ..Judging::default()
        };
        let blitz = judge_with(
            "[TimeControl \"180+2\"]\n[Result \"1-0\"]\n\n1. e4 1-0",
            &rules,
        );
        assert_eq!(blitz.verdict.status, Status::Review);
        assert!(
            blitz
                .verdict
                .reason
                .to_string()
                .starts_with("not a rapid game (blitz: 10 minutes or less, so not rapid by 15.1)")
        );
        let rapid = judge_with(
            "[TimeControl \"900+10\"]\n[Result \"1-0\"]\n\n1. e4 1-0",
            &rules,
        );
        assert_eq!(rapid.verdict.status, Status::Confirmed);
        // Without --only-rapid the game is judged by the rapid-play rules;
        // the summary and explain say so once, not every row.
        let plain = judge_pgn("[TimeControl \"180+2\"]\n[Result \"1-0\"]\n\n1. e4 1-0");
        assert_eq!(plain.verdict.status, Status::Confirmed);
        assert_eq!(
            plain.verdict.reason.to_string(),
            "nothing in the record contradicts 1-0"
        );
        // 840 s is rapid by 15.1 and by 2014's A.1, blitz by 2009's B1.
        let rules = Judging {
            laws: Laws::Edition(&editions::FIDE_2009),
            ..rules
        };
        let blitz = judge_with(
            "[TimeControl \"840\"]\n[Result \"1-0\"]\n\n1. e4 1-0",
            &rules,
        );
        assert!(
            blitz.verdict.reason.to_string().starts_with(
                "not a rapid game (blitz: under 15 minutes, so not rapid by fide-2009)"
            ),
            "{}",
            blitz.verdict.reason
        );
    }
}
