//! A helpmate made shorter by leaving moves out of it, or by ending it
//! sooner.
//!
//! The solver's line reaches mate but wanders: both sides push pawns and
//! shuffle pieces while the moves that matter wait. Cutting out a stretch of
//! an even number of plies keeps the sides alternating; when the moves after
//! the cut are still legal and still end in mate, the shorter line is as
//! good a proof. Stretches are tried long ones first, down to a pair of
//! plies, until none can go (a line no cut shortens further).

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

use super::shortest_within;

/// `line` from `start` with every stretch left out that the rest of the line
/// does without, each ply replayed counted against `budget` (the search
/// stops with the shortest line so far when it runs out).
pub(super) fn trimmed(start: &Chess, loser: Color, line: &[Move], budget: &mut u32) -> Vec<Move> {
    let mut line = line.to_vec();
    let mut cut = (line.len() / 2) & !1;
    while cut >= 2 {
        let mut at = 0;
        // The position before ply `at` of the current line.
        let mut pos = start.clone();
        while at + cut < line.len() {
            if let Some(rest) = still_mates(&pos, loser, &line[at + cut..], budget) {
                line.truncate(at);
                line.extend(rest);
                continue;
            }
            if *budget == 0 {
                return line;
            }
            pos.play_unchecked(line[at]);
            at += 1;
        }
        cut = (cut / 2) & !1;
    }
    line
}

/// The moves of `rest` as played from `pos` (a capture may take another
/// piece than it did in the longer line), when each is legal there and
/// the last mates `loser`.
fn still_mates(pos: &Chess, loser: Color, rest: &[Move], budget: &mut u32) -> Option<Vec<Move>> {
    let mut pos = pos.clone();
    let mut played = Vec::with_capacity(rest.len());
    for m in rest {
        *budget = budget.checked_sub(1)?;
        // The same squares and promotion, read off this board: shakmaty
        // checks that one candidate instead of listing every legal move.
        let legal = UciMove::from_standard(*m).to_move(&pos).ok()?;
        pos.play_unchecked(legal);
        played.push(legal);
    }
    (pos.turn() == loser && pos.is_checkmate()).then_some(played)
}

/// Every how many plies along a line [`spliced`] looks for a shorter end
/// (and after every capture and promotion).
const SPLICE_EVERY: usize = 4;

/// The most positions one search for a shorter end visits.
const SPLICE_NODES: u32 = 6_000;

/// `line` with its end replaced by a short one, from the earliest position
/// along it where the search finds a mate shorter than the rest of the
/// line: tried after each capture or promotion (the material the mate
/// needs is then on the board) and every few plies, within `budget`
/// positions.
pub(super) fn spliced(start: &Chess, loser: Color, line: Vec<Move>, mut budget: u32) -> Vec<Move> {
    let mut pos = start.clone();
    for (at, &m) in line.iter().enumerate() {
        pos.play_unchecked(m);
        let changed = m.is_capture() || m.is_promotion();
        if !(changed || at % SPLICE_EVERY == 0) || at + 3 >= line.len() {
            continue;
        }
        let mut slice = budget.min(SPLICE_NODES);
        if slice == 0 {
            break;
        }
        let given = slice;
        let tail = shortest_within(&pos, loser, line.len() - at - 1, &mut slice);
        budget -= given - slice;
        if let Some(tail) = tail {
            return line[..=at].iter().copied().chain(tail).collect();
        }
    }
    line
}
