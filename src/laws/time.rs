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
use super::edition::Book;
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
use crate::model::verdict::Clause;
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
}

/// Whether the record states the game ended on time.
fn stated_on_time<'g>(game: &'g Game<'_>) -> Option<&'g Statement> {
    game.statement
        .as_ref()
        .filter(|s| matches!(s.ending, Ending::TimeForfeit | Ending::BothFlags))
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
        Some(AtEnd::Unsaid(said)) => decisions.push(flagger_unsaid(game, book, recorded, said)),
        None => {}
    }
}

/// Words that say a flag fell, naming nobody, beside a draw in a record no
/// server kept: the result turns on who flagged, which only the arbiter
/// knows.
fn flagger_unsaid(
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
        claimant_mates(game, (book, tables), recorded, ply, lead)
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
    }
}

/// The flag fell and the claim stands: the claimant wins if he can still
/// checkmate, else the game is drawn (dead, if neither side can).
fn claimant_mates(
    game: &Game<'_>,
    (book, tables): (&Book, Option<&Tablebases>),
    recorded: GameResult,
    ply: usize,
    lead: FlagFallLead,
) -> (Verdict, Option<crate::board::helpmate::Helpmate>) {
    if let Some(decided) =
        super::insufficient::by_material(game, (book, tables), recorded, ply, &lead)
    {
        return decided;
    }
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
mod tests {
    use super::super::test_support::*;
    use crate::model::outcome::GameResult;
    use crate::model::verdict::{Clause, Status};
    use shakmaty::Color;

    const KN_V_KQ: &str =
        "[FEN \"8/8/4k3/q7/8/3K4/5N2/8 w - - 0 50\"]\n[Termination \"Time forfeit\"]\n";

    #[test]
    fn claimant_cannot_mate_so_flag_is_a_draw() {
        // White (K+N) wins on time against K+Q: the knight can never mate.
        let j = judge_pgn(&format!(
            "{KN_V_KQ}[Result \"1-0\"]\n\n50. Ke3 {{[%clk 0:00:12]}} Qa3+ {{[%clk 0:00:02]}} 51. Ke2 {{[%clk 0:00:11]}} 1-0"
        ));
        assert_eq!(
            j.verdict.clause,
            Some(Clause::TimeClaim),
            "{}",
            j.verdict.reason
        );
        assert_eq!(j.verdict.correct, Some(GameResult::Draw));
        assert_eq!(j.verdict.status, Status::Corrected);
        assert!(
            j.verdict
                .reason
                .to_string()
                .contains("no series of legal moves lets White checkmate")
        );
        assert_eq!(kinds(&j), ["result-mismatch", "flag-fall"]);
        let flag = &j.incidents[1];
        assert_eq!(flag.side, Some(Color::Black));
        assert_eq!(flag.move_label, "51...");
        assert_eq!(flag.black_clock.map(|c| c.millis()), Some(2_000));
        assert_eq!(flag.white_clock.map(|c| c.millis()), Some(11_000));
    }

    #[test]
    fn claimant_at_zero_too_needs_review() {
        let j = judge_pgn(
            "[Termination \"Time forfeit\"]\n[Result \"0-1\"]\n\n\
             1. e4 {[%clk 0:00:01]} e5 {[%clk 0:00:00]} 2. Nf3 {[%clk 0:00:00]} 0-1",
        );
        assert_eq!(j.verdict.status, Status::Review);
        assert_eq!(j.verdict.clause, Some(Clause::TimeClaim));
        assert_eq!(j.verdict.correct, Some(GameResult::Win(Color::Black)));
        assert_eq!(kinds(&j), ["flag-fall", "both-flags"]);
    }

    #[test]
    fn win_on_time_stands_with_a_helpmate() {
        let j = judge_pgn(
            "[Termination \"Time forfeit\"]\n[Result \"1-0\"]\n\n\
             1. e4 {[%clk 0:01:00]} e5 {[%clk 0:00:00]} 2. Nf3 {[%clk 0:00:59]} 1-0",
        );
        assert_eq!(j.verdict.status, Status::Confirmed);
        assert_eq!(j.verdict.clause, Some(Clause::TimeClaim));
        assert!(
            j.verdict.reason.to_string().contains("for example 2..."),
            "{}",
            j.verdict.reason
        );
    }

    #[test]
    fn flag_shown_by_clock_without_termination() {
        let j = judge_pgn(
            "[FEN \"8/8/4k3/q7/8/3K4/5N2/8 w - - 0 50\"]\n[Result \"0-1\"]\n\n\
             50. Ke3 {[%clk 0:00:00]} Qd5 {[%clk 0:00:30]} 0-1",
        );
        assert_eq!(j.verdict.clause, Some(Clause::TimeClaim));
        assert_eq!(j.verdict.status, Status::Confirmed, "{}", j.verdict.reason);
        assert_eq!(j.incidents[0].side, Some(Color::White));
    }

    #[test]
    fn drawn_time_forfeit_where_neither_can_mate_is_dead() {
        let j = judge_pgn(
            "[FEN \"8/8/4k3/8/8/3K4/5N2/8 w - - 0 50\"]\n[Termination \"Time forfeit\"]\n[Result \"0-1\"]\n\n50. Ke3 0-1",
        );
        assert_eq!(j.verdict.clause, Some(Clause::DeadPosition));
        assert_eq!(j.verdict.correct, Some(GameResult::Draw));
    }

    #[test]
    fn explicit_claims() {
        // Black claims after his own move while White's clock runs: it stands.
        let j = judge_pgn(
            "[Result \"0-1\"]\n\n1. e4 {[%clk 0:00:03]} e5 {[%clk 0:02:00] [%claim time black]} 0-1",
        );
        assert_eq!(
            j.verdict.clause,
            Some(Clause::TimeClaim),
            "{}",
            j.verdict.reason
        );
        assert_eq!(j.verdict.status, Status::Confirmed);
        assert_eq!(j.verdict.decided_at_ply, Some(2));
        // A claim with the claimant's own clock at zero fails.
        let j = judge_pgn(
            "[Result \"*\"]\n\n1. e4 {[%clk 0:00:03]} e5 {[%clk 0:00:00] [%claim time black]} *",
        );
        assert_eq!(kinds(&j), ["rejected-claim"]);
        assert!(
            j.incidents[0]
                .detail
                .to_string()
                .contains("own clock at zero")
        );
        // A claim right after the opponent moved with time left: no flag fell.
        let j = judge_pgn("[Result \"*\"]\n\n1. e4 {[%clk 0:01:03] [%claim time black]} *");
        assert_eq!(kinds(&j), ["rejected-claim"]);
        assert!(
            j.incidents[0]
                .detail
                .to_string()
                .contains("no flag had fallen")
        );
    }

    #[test]
    fn from_2018_the_clock_that_showed_zero_first_loses() {
        use crate::laws::Judging;
        use crate::laws::editions::{FIDE_2014, FIDE_2018};
        use crate::laws::placement::Laws;
        // White's clock showed zero first (after 1. e4), yet the record
        // gives White the win on time.
        let pgn = "[TimeControl \"600+5\"]\n[Termination \"Time forfeit\"]\n[Result \"1-0\"]\n\n\
                   1. e4 {[%clk 0:00:00]} e5 {[%clk 0:00:00]} 2. Qh5 1-0";
        let under = |e| Judging {
            laws: Laws::Edition(e),
            ..Judging::default()
        };
        let j = judge_with(pgn, &under(&FIDE_2018));
        assert_eq!(
            j.verdict.correct,
            Some(GameResult::Win(Color::Black)),
            "{}",
            j.verdict.reason
        );
        assert_eq!(j.verdict.status, Status::Corrected);
        assert_eq!(j.verdict.rule, "A.4.3");
        assert!(
            j.verdict
                .reason
                .to_string()
                .contains("White's showed zero first"),
            "{}",
            j.verdict.reason
        );
        let j = judge_with(pgn, &under(&FIDE_2014));
        assert_eq!(j.verdict.status, Status::Review, "{}", j.verdict.reason);
        assert!(
            j.verdict
                .reason
                .to_string()
                .contains("a claim fails (A.4.c)"),
            "{}",
            j.verdict.reason
        );
    }
}
