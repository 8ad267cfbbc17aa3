//! US Chess 14E: insufficient material to win on time. When a flag falls,
//! the game is drawn if the opponent has only a king (14E1); only a king
//! and a bishop or a knight (14E2), or only a king and two knights against
//! a side with no pawns (14E3), unless he has a forced win. A forced win
//! here is a forced mate (the claimant has no pawn), searched from the
//! position where the flag fell, whichever side is to move there: proved
//! (the shortest within [`FORCED_MATE_MOVES`] moves, a longer one by the
//! proof search), proved impossible, or not known, and then a person
//! looks. With more
//! material the flag loses; a dead position is drawn (14D). FIDE asks
//! another question: whether any series of legal moves mates.

use shakmaty::{Chess, Color, Position, Role};

use super::Game;
use super::edition::TooLittleToWin;
use super::finding::Judged;
use super::finding::time::{AfterFlag, FlagFallLead, ForcedWin, TimeFinding, TooLittle};
use crate::board::forced_mate::{FORCED_MATE_MOVES, ForcedMate, PROOF_NODES, forced_mate};
use crate::board::helpmate::{Helpmate, Mate};
use crate::board::tablebase::{TableOutcome, Tablebases};
use crate::laws::verdict::Verdict;
use crate::model::outcome::GameResult;
use crate::model::verdict::Clause;

/// The verdict on a flag fall under 14E, and the forced mate's main line
/// when it rests on one.
pub(super) fn judge(
    game: &Game<'_>,
    (clauses, tables): (TooLittleToWin, Option<&Tablebases>),
    recorded: GameResult,
    ply: usize,
    lead: FlagFallLead,
) -> (Verdict, Option<Helpmate>) {
    let claimant = !lead.flagged;
    let decide = |correct, clause, then, review: bool| {
        let reason = TimeFinding::FlagFall {
            lead: lead.clone(),
            then: Box::new(then),
        };
        let verdict = Verdict::decide(recorded, correct, clause, ply, reason);
        match review {
            true => verdict.for_review(),
            false => verdict,
        }
    };
    let Some((pos, _)) = game.legal_position(ply) else {
        let then = AfterFlag::Undecided {
            clause: clauses.rule,
        };
        return (
            decide(recorded, Clause::InsufficientMaterial, then, true),
            None,
        );
    };
    let (material, clause) = match too_little(&pos, claimant) {
        None => return enough_or_dead(game, clauses, ply, claimant, decide),
        Some(Found::LoneKing) => {
            let then = AfterFlag::LoneKing {
                clause: clauses.lone_king,
            };
            let clause = Clause::InsufficientMaterial;
            return (decide(GameResult::Draw, clause, then, false), None);
        }
        Some(Found::Minor(TooLittle::TwoKnights)) => (TooLittle::TwoKnights, clauses.two_knights),
        Some(Found::Minor(material)) => (material, clauses.minor),
    };
    let search = forced_win(&pos, claimant, tables);
    let (correct, review, line) = outcome(&search, claimant, recorded);
    let then = AfterFlag::TooLittle {
        material,
        search,
        clause,
    };
    (
        decide(correct, Clause::InsufficientMaterial, then, review),
        line,
    )
}

/// The result a forced win or its absence gives, whether a person must
/// look, and the mate's main line to show. Only a proof decides: a mate
/// found or tables that say he wins give him the game; a proof that the
/// defence holds, or tables that say he cannot win, draw it; anything else
/// leaves the recorded result to a person.
fn outcome(
    search: &ForcedWin,
    claimant: Color,
    recorded: GameResult,
) -> (GameResult, bool, Option<Helpmate>) {
    match search {
        ForcedWin::Searched(ForcedMate::Forced { line, .. })
        | ForcedWin::Tables {
            outcome: TableOutcome::Wins,
            search: Some(ForcedMate::Forced { line, .. }),
        } => (GameResult::Win(claimant), false, Some(line.clone())),
        ForcedWin::Tables {
            outcome: TableOutcome::Wins,
            ..
        } => (GameResult::Win(claimant), false, None),
        ForcedWin::Tables {
            outcome: TableOutcome::CannotWin,
            ..
        }
        | ForcedWin::Searched(ForcedMate::None) => (GameResult::Draw, false, None),
        ForcedWin::Tables {
            outcome: TableOutcome::WinsPastFiftyMoves,
            ..
        }
        | ForcedWin::Searched(ForcedMate::Undecided { .. }) => (recorded, true, None),
    }
}

/// Whether `claimant` has a forced win from `pos`, whichever side is to
/// move: exactly, where the tablebases hold the position, with the
/// search's line when it finds one; else by the bounded search.
fn forced_win(pos: &Chess, claimant: Color, tables: Option<&Tablebases>) -> ForcedWin {
    let search = || forced_mate(pos, claimant, FORCED_MATE_MOVES, PROOF_NODES);
    match tables.and_then(|t| t.outcome_for(pos, claimant)) {
        Some(TableOutcome::Wins) => ForcedWin::Tables {
            outcome: TableOutcome::Wins,
            search: Some(search()),
        },
        Some(outcome) => ForcedWin::Tables {
            outcome,
            search: None,
        },
        None => ForcedWin::Searched(search()),
    }
}

/// More material than 14E names: the flag loses, unless the position is
/// dead (14D).
fn enough_or_dead(
    game: &Game<'_>,
    clauses: TooLittleToWin,
    ply: usize,
    claimant: Color,
    decide: impl Fn(GameResult, Clause, AfterFlag, bool) -> Verdict,
) -> (Verdict, Option<Helpmate>) {
    if dead_position(game, ply) {
        let then = AfterFlag::Dead {
            also: None,
            judged: Judged::AsAsked,
        };
        return (
            decide(GameResult::Draw, Clause::DeadPosition, then, false),
            None,
        );
    }
    let then = AfterFlag::EnoughToWin { rule: clauses.rule };
    (
        decide(GameResult::Win(claimant), Clause::TimeClaim, then, false),
        None,
    )
}

enum Found {
    LoneKing,
    Minor(TooLittle),
}

/// What of the claimant's material 14E finds too little, if any.
fn too_little(pos: &Chess, claimant: Color) -> Option<Found> {
    let board = pos.board();
    let own = board.by_color(claimant);
    let count = |role| (own & board.by_role(role)).count();
    let others = own.count() - 1;
    let opponent_pawns = (board.by_color(!claimant) & board.by_role(Role::Pawn)).count();
    match (others, count(Role::Bishop), count(Role::Knight)) {
        (0, _, _) => Some(Found::LoneKing),
        (1, 1, _) => Some(Found::Minor(TooLittle::Bishop)),
        (1, _, 1) => Some(Found::Minor(TooLittle::Knight)),
        (2, 0, 2) if opponent_pawns == 0 => Some(Found::Minor(TooLittle::TwoKnights)),
        _ => None,
    }
}

/// Neither side can checkmate by any series of legal moves (14D).
fn dead_position(game: &Game<'_>, ply: usize) -> bool {
    [Color::White, Color::Black]
        .into_iter()
        .all(|side| game.can_mate(ply, side).mate == Mate::Impossible)
}
