//! 15.4.3: a win on time (A.4.3 and A.5.3 of later editions, 6.9 of the
//! ordinary Laws).
//!
//! The claimant stops the clock; the claim succeeds if the opponent's flag
//! has fallen — and, until 2017, only if his own clock still shows time.
//! The game is drawn if the claimant cannot checkmate the flagged player by
//! any series of legal moves (and is dead if neither side can). When both
//! clocks show zero the edition's both-flags rule decides.
//!
//! A claim is written `[%claim time black]`; without one, a `Termination`
//! that says the game was lost on time, or a loser's clock at zero, is read
//! as a claim by the side the result favours at the end of the record.

use shakmaty::Color;

use super::both_flags::{both_at_zero, both_flags};
use super::edition::{Book, WinOnTime};
use super::finding::LastReadings;
use super::finding::time::{AfterFlag, ClaimRead, FlagFallLead, Rejection, TimeFinding, Whose};
use super::server_draw::server_draw;
use super::{Decision, Game};
use crate::board::helpmate::Mate;
use crate::board::tablebase::Tablebases;
use crate::laws::incident::Incident;
use crate::laws::verdict::Verdict;
use crate::model::claim::{ClaimKind, Claimant};
use crate::model::clock::Clock;
use crate::model::incident::IncidentKind;
use crate::model::outcome::GameResult;
use crate::model::verdict::{Clause, Status};
use crate::read::ending::{Ending, Statement};

/// Where the claim behind a flag fall comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ClaimSource<'g> {
    /// A `[%claim time …]` in the record, or an `--events` line.
    Recorded,
    /// The record states the game ended on time (a `Termination` tag, a
    /// server's comment before the result), and shows whose flag fell so.
    Stated(&'g Statement, Whose),
    /// Nothing stated: the loser's last clock reading is zero.
    ClockAtZero,
    /// Nothing stated: one side's last clock reading is zero beside a
    /// draw, no claim on record.
    ZeroBesideDraw,
}

/// Whether the record states the game ended on time.
fn stated_on_time<'g>(game: &'g Game<'_>) -> Option<&'g Statement> {
    let said = game.statement.as_ref()?;
    match said.ending {
        Ending::TimeForfeit | Ending::BothFlags => Some(said),
        Ending::InsufficientMaterial if a_counted_flag(game, said) => Some(said),
        _ => None,
    }
}

/// A server's draw "by insufficient material" beside the side to move with
/// two seconds or less: the clocks show the server's own draw on a flag
/// fall (chess.com's older records name no timeout), so it is judged as
/// the flag of the side to move.
fn a_counted_flag(game: &Game<'_>, said: &Statement) -> bool {
    let to_move = game.replay.end.turn();
    said.server()
        .is_some_and(|s| matches!(s, "chess.com" | "lichess"))
        && game.recorded() == GameResult::Draw
        && game
            .clock_after(to_move, game.plies())
            .is_some_and(|c| c <= Clock(2_000))
}

/// The server that decided the flag fall itself: an ending on time in a
/// game whose address is on lichess or chess.com. Those servers keep the
/// clocks to the millisecond and only round them in the PGN.
fn server(game: &Game<'_>) -> Option<&'static str> {
    stated_on_time(game)?;
    game.record.tags.server()
}

/// What the end of the record shows of a flag fall.
enum AtEnd<'g> {
    /// `Color`'s flag fell, shown so.
    Flag(Color, ClaimSource<'g>),
    /// The words say a flag fell and name nobody, beside a draw no server
    /// decided: whose flag fell is not on record.
    Unsaid(&'g Statement),
}

/// Whose flag the end of the record shows fallen, if any, and what shows
/// it: the words' own name for him; else the loser by a decisive result;
/// beside a draw, the side to move when a server kept the record (it ends
/// the game the moment a flag falls), and nobody otherwise.
fn flagged_at_end<'g>(game: &'g Game<'_>, recorded: GameResult) -> Option<AtEnd<'g>> {
    if let Some(said) = stated_on_time(game) {
        let (flagged, whose) = match (said.side(), recorded.winner(), said.server()) {
            (Some(named), _, _) => (named, Whose::Named),
            (None, Some(winner), _) => (!winner, Whose::ByResult),
            (None, None, Some(_)) if said.ending == Ending::InsufficientMaterial => {
                (game.replay.end.turn(), Whose::CountedFlag)
            }
            (None, None, Some(_)) => (game.replay.end.turn(), Whose::ToMove),
            (None, None, None) => return Some(AtEnd::Unsaid(said)),
        };
        return Some(AtEnd::Flag(flagged, ClaimSource::Stated(said, whose)));
    }
    let loser = game.loser_on_clocks(recorded)?;
    Some(AtEnd::Flag(loser, ClaimSource::ClockAtZero))
}

pub(super) fn judge(
    game: &Game<'_>,
    (book, tables): (&Book, Option<&Tablebases>),
    recorded: GameResult,
    incidents: &mut Vec<Incident>,
    decisions: &mut Vec<Decision>,
) {
    let mut explicit = false;
    let mut rejected = None;
    for claim in game.claims_of(ClaimKind::Time) {
        explicit = true;
        let Claimant::Player(claimant) = claim.by else {
            continue;
        };
        let ply = claim.ply.min(game.plies());
        match rejection(game, book, ply, claimant) {
            Some(why) => {
                incidents.push(game.incident(
                    ply,
                    IncidentKind::RejectedClaim,
                    Some(claimant),
                    Some(book.rules.time_clause),
                    TimeFinding::Rejected(why),
                ));
                rejected = Some((ply, claimant, why));
            }
            None => {
                let source = ClaimSource::Recorded;
                let judged_by = (book, tables);
                decisions.push(flag_fall(game, judged_by, recorded, ply, !claimant, source));
                return;
            }
        }
    }
    if explicit {
        decisions.extend(rejected.and_then(|r| resting_on_rejection(game, recorded, r)));
        return;
    }
    let ply = game.plies();
    match flagged_at_end(game, recorded) {
        Some(AtEnd::Flag(flagged, source)) => {
            decisions.push(flag_fall(
                game,
                (book, tables),
                recorded,
                ply,
                flagged,
                source,
            ));
        }
        Some(AtEnd::Unsaid(said)) => {
            decisions.push(flagger_unsaid(game, (book, tables), recorded, said))
        }
        None => flag_beside_a_draw(game, (book, tables), recorded, incidents, decisions),
    }
}

/// One clock at zero beside a draw, no words about it: the flag fell, as
/// beside a win. Where the opponent could not checkmate, the flag fall
/// gives the draw itself; else the flag went unclaimed before the draw
/// (a draw agreed then stands), and the fall is an incident only.
fn flag_beside_a_draw(
    game: &Game<'_>,
    judged_by: (&Book, Option<&Tablebases>),
    recorded: GameResult,
    incidents: &mut Vec<Incident>,
    decisions: &mut Vec<Decision>,
) {
    if recorded != GameResult::Draw || game.statement.is_some() || game.doubt.is_some() {
        return;
    }
    let at_zero = |side: Color| game.final_clock(side).is_some_and(|c| c.is_zero());
    let flagged = match (at_zero(Color::White), at_zero(Color::Black)) {
        (true, false) => Color::White,
        (false, true) => Color::Black,
        _ => return,
    };
    let ply = game.plies();
    let decision = flag_fall(
        game,
        judged_by,
        recorded,
        ply,
        flagged,
        ClaimSource::ZeroBesideDraw,
    );
    match decision.verdict.correct == Some(GameResult::Draw) {
        true => decisions.push(decision),
        false => incidents.extend(decision.incidents),
    }
}

/// Words that say a flag fell, naming nobody, beside a draw in a record no
/// server kept: the reading is the flag its clock alone shows at zero,
/// else the one flag that gives the recorded result (either, where both
/// give it); where neither does, the result turns on who flagged, which
/// only the arbiter knows.
fn flagger_unsaid(
    game: &Game<'_>,
    judged_by: (&Book, Option<&Tablebases>),
    recorded: GameResult,
    said: &Statement,
) -> Decision {
    let ply = game.plies();
    let reading = |flagged: Color, whose| {
        let source = ClaimSource::Stated(said, whose);
        flag_fall(game, judged_by, recorded, ply, flagged, source)
    };
    let at_zero = |side: Color| game.clock_after(side, ply).is_some_and(|c| c.is_zero());
    match (at_zero(Color::White), at_zero(Color::Black)) {
        (true, false) => return reading(Color::White, Whose::ClockAtZero),
        (false, true) => return reading(Color::Black, Whose::ClockAtZero),
        _ => {}
    }
    let gives =
        |d: &Decision| d.verdict.correct == Some(recorded) && d.verdict.status != Status::Review;
    let [white, black] = [Color::White, Color::Black].map(|c| reading(c, Whose::OnlyReading));
    match (gives(&white), gives(&black)) {
        (true, false) => white,
        (false, true) => black,
        (true, true) => reading(game.replay.end.turn(), Whose::EitherReading),
        (false, false) => unsaid_for_the_arbiter(game, judged_by.0, recorded, said),
    }
}

/// The flag nobody is named for, neither reading giving the recorded
/// result: the arbiter says who flagged.
fn unsaid_for_the_arbiter(
    game: &Game<'_>,
    book: &Book,
    recorded: GameResult,
    said: &Statement,
) -> Decision {
    let ply = game.plies();
    let reason = TimeFinding::FlaggerUnsaid {
        quoted: said.words.clone(),
        recorded,
        clause: book.rules.time_clause,
    };
    let verdict = Verdict::decide(recorded, recorded, Clause::TimeClaim, ply, reason);
    Decision::new(ply, 3, verdict.for_review())
}

/// Why a claim on time made once `ply` plies were played fails, if it does:
/// the claimant's own clock at zero (where the edition asks for time left),
/// or no flag down (the opponent had just moved with time left).
fn rejection(game: &Game<'_>, book: &Book, ply: usize, claimant: Color) -> Option<Rejection> {
    let flagged = !claimant;
    let own = game.clock_after(claimant, ply);
    let theirs = game.clock_after(flagged, ply);
    if own == Some(Clock::ZERO) && book.rules.time_remaining {
        let clause = book.rules.time_clause;
        return Some(Rejection::OwnClockAtZero { claimant, clause });
    }
    let fresh = ply > 0 && game.replay.mover(ply) == flagged;
    theirs
        .filter(|c| fresh && !c.is_zero())
        .map(|left| Rejection::NoFlagDown { claimant, left })
}

/// A result that only a rejected claim at the end of the record explains
/// rests on that claim: a human must look.
fn resting_on_rejection(
    game: &Game<'_>,
    recorded: GameResult,
    (ply, claimant, why): (usize, Color, Rejection),
) -> Option<Decision> {
    if ply < game.plies() || recorded != GameResult::Win(claimant) {
        return None;
    }
    let reason = TimeFinding::RestingOnRejection { why, recorded };
    let verdict = Verdict::decide(recorded, recorded, Clause::TimeClaim, ply, reason);
    Some(Decision::new(ply, 4, verdict.for_review()))
}

/// `flagged`'s flag fell once `ply` plies were played, and the opponent
/// claimed (or the claim is read from `source`).
fn flag_fall(
    game: &Game<'_>,
    (book, tables): (&Book, Option<&Tablebases>),
    recorded: GameResult,
    ply: usize,
    flagged: Color,
    source: ClaimSource<'_>,
) -> Decision {
    let readings = LastReadings::of(game, ply);
    let stated = stated_on_time(game);
    let claim = claim_read(source);
    let found = TimeFinding::FlagFell {
        flagged,
        readings: readings.clone(),
        claim: claim.clone(),
        clause: book.rules.time_clause,
    };
    let clause = Some(book.rules.time_clause);
    let mut incidents = vec![game.incident(
        ply + 1,
        IncidentKind::FlagFall,
        Some(flagged),
        clause,
        found,
    )];
    let claimant_clock = game.clock_after(!flagged, ply);
    let server = server(game);
    let both_stated = matches!(source, ClaimSource::Stated(..))
        && stated.is_some_and(|s| s.ending == Ending::BothFlags);
    let both_down = both_stated
        || claimant_clock == Some(Clock::ZERO)
            && server.is_none()
            && (source != ClaimSource::Recorded || !book.rules.time_remaining);
    let decided = if both_down {
        let words = stated.map(|s| s.words.clone()).filter(|_| both_stated);
        incidents.push(both_at_zero(game, book, ply, &readings));
        let d = both_flags(game, book, recorded, ply, flagged, (readings, words));
        (d.verdict, d.helpmate)
    } else {
        let lead = FlagFallLead {
            flagged,
            readings,
            claim,
            claimant_clock,
            server,
        };
        after_the_flag(game, (book, tables), recorded, ply, lead)
    };
    Decision {
        ply,
        rank: 3,
        verdict: decided.0,
        incidents,
        helpmate: decided.1,
    }
}

/// Where the claim behind a flag fall is read, for the sentence.
fn claim_read(source: ClaimSource<'_>) -> ClaimRead {
    match source {
        ClaimSource::Recorded => ClaimRead::Recorded,
        ClaimSource::Stated(said, whose) => ClaimRead::Stated {
            quoted: said.words.clone(),
            server: said.server(),
            whose,
        },
        ClaimSource::ClockAtZero => ClaimRead::ClockAtZero,
        ClaimSource::ZeroBesideDraw => ClaimRead::ZeroBesideDraw,
    }
}

/// The flag fell and the claim stands: what the edition's rule of a win
/// on time gives.
fn after_the_flag(
    game: &Game<'_>,
    (book, tables): (&Book, Option<&Tablebases>),
    recorded: GameResult,
    ply: usize,
    lead: FlagFallLead,
) -> (Verdict, Option<crate::board::helpmate::Helpmate>) {
    match book.rules.win_on_time {
        WinOnTime::UnlessNoMate => claimant_mates(game, book, recorded, ply, lead),
        WinOnTime::UnlessInsufficient(clauses) => {
            super::insufficient::judge(game, (clauses, tables), recorded, ply, lead)
        }
        WinOnTime::WithMatingMaterial(rules) => (
            super::mating_material::flag_fall(game, rules, recorded, ply, lead),
            None,
        ),
    }
}

/// The claimant wins if he can still checkmate, else the game is drawn
/// (dead, if neither side can).
fn claimant_mates(
    game: &Game<'_>,
    book: &Book,
    recorded: GameResult,
    ply: usize,
    lead: FlagFallLead,
) -> (Verdict, Option<crate::board::helpmate::Helpmate>) {
    let (flagged, claimant) = (lead.flagged, !lead.flagged);
    let clause = book.rules.time_clause;
    let answer = game.can_mate(ply, claimant);
    let judged = answer.judged.clone();
    let scored = server_draw(game, stated_on_time(game), recorded, ply, claimant);
    let decide = |correct, clause_cited, then| {
        let reason = TimeFinding::FlagFall {
            lead,
            then: Box::new(then),
        };
        Verdict::decide(recorded, correct, clause_cited, ply, reason)
    };
    let verdict = match &answer.mate {
        Mate::Impossible if game.can_mate(ply, flagged).mate == Mate::Impossible => decide(
            GameResult::Draw,
            Clause::DeadPosition,
            AfterFlag::Dead {
                also: scored,
                judged,
            },
        ),
        Mate::Impossible => decide(
            GameResult::Draw,
            Clause::TimeClaim,
            AfterFlag::CannotMate {
                also: scored,
                judged,
                clause,
            },
        ),
        Mate::Possible(_) | Mate::NotShownImpossible => {
            let mate = answer.for_side(claimant);
            let then = AfterFlag::Wins {
                scored,
                mate,
                clause,
            };
            decide(GameResult::Win(claimant), Clause::TimeClaim, then)
        }
        Mate::Undecided => decide(
            GameResult::Win(claimant),
            Clause::TimeClaim,
            AfterFlag::Undecided { clause },
        )
        .for_review(),
    };
    (verdict, answer.mate.into_helpmate())
}

#[cfg(test)]
mod tests;
