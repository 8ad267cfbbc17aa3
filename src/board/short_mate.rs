//! The shortest helpmate within a bound: the solver returns the first
//! helpmate it finds, which wanders; a committee reads a short one. Found by
//! searching one ply deeper at a time, both sides helping, within a budget
//! of positions.

use std::collections::HashMap;

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, Move, Position};

/// The most positions [`shortest_within`] visits for a line in a verdict's
/// reason (every confirmed win on time has one: it must stay cheap).
pub const SHORT_MATE_NODES: u32 = 2_000;

/// The most it visits for a line shown whole (`explain`, the HTML page).
pub const SHOWN_MATE_NODES: u32 = 100_000;

/// The longest helpmate [`shortest_within`] looks for, in plies.
pub const SHORT_MATE_PLIES: usize = 10;

/// The shortest helpmate of at most [`SHORT_MATE_PLIES`] plies, shorter
/// than `than`, found by searching deeper one ply at a time within `budget`
/// positions; `None` when there is none within those bounds.
pub(crate) fn shortest_within(
    start: &Chess,
    loser: Color,
    than: usize,
    budget: u32,
) -> Option<Vec<Move>> {
    let mut search = ShortMate {
        loser,
        nodes_left: budget,
        failed: HashMap::new(),
    };
    for depth in 1..than.min(SHORT_MATE_PLIES + 1) {
        // The winner gives mate, so the loser is to move after the last ply.
        if (depth % 2 == 1) != (start.turn() != loser) {
            continue;
        }
        let mut line = Vec::with_capacity(depth);
        if search.mate_in(start, depth, &mut line)? {
            return Some(line);
        }
    }
    None
}

/// A bounded search for a helpmate of exactly some length.
struct ShortMate {
    loser: Color,
    nodes_left: u32,
    /// Positions (and plies left) from which no mate of that length exists.
    failed: HashMap<(u64, usize), ()>,
}

impl ShortMate {
    /// Whether the loser can be mated in exactly `depth` plies from `pos`,
    /// both sides helping; the line is left in `line`. `None` when the
    /// node budget ran out.
    fn mate_in(&mut self, pos: &Chess, depth: usize, line: &mut Vec<Move>) -> Option<bool> {
        self.nodes_left = self.nodes_left.checked_sub(1)?;
        if depth == 0 {
            return Some(pos.turn() == self.loser && pos.is_checkmate());
        }
        let key: Zobrist64 = pos.zobrist_hash(shakmaty::EnPassantMode::Legal);
        if self.failed.contains_key(&(key.0, depth)) {
            return Some(false);
        }
        for m in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            // The last move mates, so it checks.
            if depth == 1 && !next.is_check() {
                continue;
            }
            line.push(m);
            if self.mate_in(&next, depth - 1, line)? {
                return Some(true);
            }
            line.pop();
        }
        self.failed.insert((key.0, depth), ());
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shortest_helpmate_within_the_bound_is_found() {
        // From the start, White can be mated in four plies (1. f3 e5 2. g4
        // Qh4#) and no fewer.
        let start = Chess::default();
        let line = shortest_within(&start, Color::White, 90, SHOWN_MATE_NODES).unwrap();
        assert_eq!(line.len(), 4);
        let mut pos = start.clone();
        for m in &line {
            pos.play_unchecked(*m);
        }
        assert!(pos.is_checkmate() && pos.turn() == Color::White);
        // Nothing shorter than the line it would replace, nothing past the bound.
        assert!(shortest_within(&start, Color::White, 4, SHOWN_MATE_NODES).is_none());
        assert!(shortest_within(&start, Color::White, 90, 10).is_none());
    }
}
