//! 9.6 (2014 on): endings no one needs to claim. The game is drawn once
//! each player has made 75 moves without a capture or a pawn move (9.6.2;
//! a mate on that move comes first), or once the same position — same side
//! to move, castling and en passant rights, as in 9.2 — has stood five
//! times (9.6.1 from July 2017; 2014's 9.6 a asked for five consecutive
//! alternate moves). The ending must come from a legal move; an unclaimed
//! illegal move stands, and the counts go on from the board it left.

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Position, Role};

use super::edition::{Book, Fivefold};
use super::finding::board::BoardFinding;
use super::{Decision, Game};
use crate::laws::verdict::Verdict;
use crate::model::outcome::GameResult;
use crate::model::verdict::Clause;

/// Plies without a capture or pawn move after which 9.6.2 draws.
const SEVENTY_FIVE_MOVES: u32 = 150;

pub(super) fn judge(
    game: &Game<'_>,
    book: &Book,
    recorded: GameResult,
    decisions: &mut Vec<Decision>,
) {
    let edition = book.edition;
    if edition.seventy_five.is_none() && edition.fivefold == Fivefold::None {
        return;
    }
    let shortest = if edition.fivefold == Fivefold::None {
        SEVENTY_FIVE_MOVES
    } else {
        FIVE_TIMES_AT_THE_EARLIEST
    };
    for (from, to) in long_stretches(game, shortest) {
        if let Some(decision) = judge_stretch(game, book, recorded, from, to) {
            decisions.push(decision);
            return;
        }
    }
}

/// The stretches of plies `(from, to]` without a legal capture or pawn
/// move that reach `shortest` plies: only in those can 9.6 end the game.
/// Found from the moves alone, without playing them; an illegal move never
/// ends a stretch here, so the stretches are if anything too long.
fn long_stretches(game: &Game<'_>, shortest: u32) -> Vec<(usize, usize)> {
    let steps = &game.replay.steps;
    let mut stretches = Vec::new();
    let mut from = 0;
    let mut length = game.replay.start.setup().halfmoves;
    for (i, step) in steps.iter().enumerate() {
        let resets = step.legal
            && !step.restored
            && step
                .mv
                .is_some_and(|m| m.is_capture() || m.role() == Role::Pawn);
        let ends = resets || i + 1 == steps.len();
        if !resets && !step.restored {
            length = length.saturating_add(1);
        }
        if ends {
            let to = if resets { i } else { i + 1 };
            if length >= shortest {
                stretches.push((from, to));
            }
            from = i + 1;
            length = 0;
        }
    }
    if steps.is_empty() && length >= shortest {
        stretches.push((0, 0));
    }
    stretches
}

/// Walks the positions after plies `from..=to` for 9.6.
fn judge_stretch(
    game: &Game<'_>,
    book: &Book,
    recorded: GameResult,
    from: usize,
    to: usize,
) -> Option<Decision> {
    let edition = book.edition;
    let mut state = game.replay.position_at(from);
    let mut history = History::default();
    for ply in from..=to {
        if ply > from {
            game.replay.play_ply(&mut state, ply);
            if game.replay.steps[ply - 1].restored {
                // Taken back: the same position, not another appearance.
                continue;
            }
        }
        let Some(pos) = state.as_chess() else {
            continue;
        };
        let produced_legally = ply > 0 && game.replay.steps[ply - 1].legal;
        if edition.seventy_five.is_some()
            && produced_legally
            && pos.halfmoves() >= SEVENTY_FIVE_MOVES
            && !pos.is_checkmate()
        {
            let cited = book.cite(Clause::SeventyFiveMoves);
            let reason = BoardFinding::SeventyFive {
                move_text: game.move_text(ply),
                clause: cited,
            };
            let verdict = Verdict::decide(
                recorded,
                GameResult::Draw,
                Clause::SeventyFiveMoves,
                ply,
                reason,
            );
            return Some(Decision::new(ply, 2, verdict));
        }
        if edition.fivefold == Fivefold::None {
            continue;
        }
        if let Some(key) = history.add(pos, ply)
            && produced_legally
            && let Some(decision) = fivefold(game, book, recorded, &history.hashed, key, ply)
        {
            return Some(decision);
        }
    }
    None
}

/// Plies without a capture or pawn move before a position can have stood
/// five times: four round trips of at least four plies.
const FIVE_TIMES_AT_THE_EARLIEST: u32 = 16;

/// The positions since the last capture or pawn move: only those can come
/// back. Most stretches end before a fifth appearance is possible, so their
/// positions are kept as they are and hashed only if one gets that long.
#[derive(Default)]
struct History {
    pending: Vec<(Chess, usize)>,
    hashed: Vec<(u64, usize)>,
}

impl History {
    /// Adds the position after `ply`; its key once a fifth appearance is
    /// possible.
    fn add(&mut self, pos: &Chess, ply: usize) -> Option<u64> {
        if pos.halfmoves() == 0 {
            self.pending.clear();
            self.hashed.clear();
        }
        if pos.halfmoves() < FIVE_TIMES_AT_THE_EARLIEST {
            self.pending.push((pos.clone(), ply));
            return None;
        }
        for (earlier, k) in self.pending.drain(..) {
            self.hashed.push((position_key(&earlier), k));
        }
        let key = position_key(pos);
        self.hashed.push((key, ply));
        Some(key)
    }
}

/// Same side to move, pieces, castling and en passant rights: "the same
/// position" of 9.2.
pub(super) fn position_key(pos: &Chess) -> u64 {
    let key: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
    key.0
}

/// The fifth appearance of the position at `ply`, if it is one.
fn fivefold(
    game: &Game<'_>,
    book: &Book,
    recorded: GameResult,
    history: &[(u64, usize)],
    key: u64,
    ply: usize,
) -> Option<Decision> {
    let seen: Vec<usize> = history
        .iter()
        .filter(|(k, _)| *k == key)
        .map(|&(_, p)| p)
        .collect();
    if seen.len() < 5 {
        return None;
    }
    let clause = book.cite(Clause::FivefoldRepetition);
    let consecutive = seen.windows(2).rev().take(4).all(|w| w[1] - w[0] == 4);
    let apart = book.edition.fivefold == Fivefold::Consecutive && !consecutive;
    let reason = BoardFinding::FiveTimes {
        move_text: game.move_text(ply),
        plies: seen,
        apart,
        clause,
    };
    let verdict = match book.edition.fivefold {
        Fivefold::None => return None,
        _ if apart => Verdict::decide(recorded, recorded, Clause::FivefoldRepetition, ply, reason)
            .for_review(),
        _ => Verdict::decide(
            recorded,
            GameResult::Draw,
            Clause::FivefoldRepetition,
            ply,
            reason,
        ),
    };
    Some(Decision::new(ply, 2, verdict))
}

#[cfg(test)]
mod tests {
    use super::super::Judging;
    use super::super::editions::{FIDE_2009, FIDE_2014, FIDE_2018};
    use super::super::placement::Laws;
    use super::super::test_support::*;
    use crate::model::outcome::GameResult;
    use crate::model::verdict::{Clause, Status};

    fn under(edition: &'static super::super::edition::Edition) -> Judging {
        Judging {
            laws: Laws::Edition(edition),
            ..Judging::default()
        }
    }

    /// Knights out and back, `times` times, then a result.
    fn shuffle(times: usize, result: &str) -> String {
        let mut moves = String::new();
        for _ in 0..times {
            moves.push_str("Nf3 Nf6 Ng1 Ng8 ");
        }
        format!("[Result \"{result}\"]\n\n{moves}{result}\n")
    }

    #[test]
    fn the_fifth_appearance_draws_from_2014_on_but_not_in_2009() {
        // The start position appears after plies 0, 4, 8, 12 and 16.
        let pgn = shuffle(5, "0-1");
        let j = judge_with(&pgn, &under(&FIDE_2018));
        assert_eq!(j.verdict.clause, Some(Clause::FivefoldRepetition));
        assert_eq!(j.verdict.correct, Some(GameResult::Draw));
        assert_eq!(j.verdict.decided_at_ply, Some(16));
        assert_eq!(j.verdict.rule, "9.6.1");
        assert!(kinds(&j).contains(&"moves-after-end"), "{:?}", kinds(&j));
        let j = judge_with(&pgn, &under(&FIDE_2014));
        assert_eq!(j.verdict.rule, "9.6.a");
        assert_eq!(j.verdict.status, Status::Corrected);
        let j = judge_with(&pgn, &under(&FIDE_2009));
        assert_eq!(j.verdict.clause, Some(Clause::AsRecorded));
        assert_eq!(judge_pgn(&pgn).verdict.clause, Some(Clause::AsRecorded));
    }

    #[test]
    fn five_scattered_appearances_are_review_under_2014() {
        // The start after plies 0, 4, 8; a six-ply triangle; 14, 18.
        let pgn = "[FEN \"4k3/8/8/8/8/8/8/4K2R w - - 0 1\"]\n[Result \"1-0\"]\n\n\
                   1. Rh2 Kd8 2. Rh1 Ke8 3. Rh2 Kd8 4. Rh1 Ke8 5. Rh2 Kd8 6. Rh3 Kd7 7. Rh1 Ke8 \
                   8. Rh2 Kd8 9. Rh1 Ke8 1-0";
        let j = judge_with(pgn, &under(&FIDE_2014));
        assert_eq!(j.verdict.status, Status::Review, "{}", j.verdict.reason);
        let j = judge_with(pgn, &under(&FIDE_2018));
        assert_eq!(j.verdict.status, Status::Corrected);
        assert_eq!(j.verdict.decided_at_ply, Some(18));
    }

    #[test]
    fn seventy_five_moves_draw_unless_the_move_mates() {
        // Halfmove clock 149 in the FEN: the next quiet move is the 150th.
        let quiet =
            "[FEN \"7k/8/8/8/8/8/R7/K7 w - - 149 120\"]\n[Result \"1-0\"]\n\n120. Rb2 Kg8 1-0";
        let j = judge_with(quiet, &under(&FIDE_2018));
        assert_eq!(j.verdict.clause, Some(Clause::SeventyFiveMoves));
        assert_eq!(j.verdict.decided_at_ply, Some(1));
        assert_eq!(j.verdict.rule, "9.6.2");
        let mate = "[FEN \"7k/8/6K1/8/8/8/8/R7 w - - 149 120\"]\n[Result \"1-0\"]\n\n120. Ra8# 1-0";
        let j = judge_with(mate, &under(&FIDE_2018));
        assert_eq!(j.verdict.clause, Some(Clause::Checkmate));
        assert_eq!(judge_pgn(quiet).verdict.clause, Some(Clause::AsRecorded));
    }
}
