//! The shortest helpmate within a bound: the solver returns the first
//! helpmate it finds, which wanders; a committee reads a short one. Found by
//! searching one ply deeper at a time, both sides helping, within a budget
//! of positions.

use rustc_hash::FxHashSet;
use shakmaty::attacks::{attacks, bishop_attacks, rook_attacks};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, Chess, Color, EnPassantMode, Move, Position};

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
        failed: FxHashSet::default(),
    };
    let hash = start.zobrist_hash(EnPassantMode::Legal);
    for depth in 1..than.min(SHORT_MATE_PLIES + 1) {
        // The winner gives mate, so the loser is to move after the last ply.
        if (depth % 2 == 1) != (start.turn() != loser) {
            continue;
        }
        let mut line = Vec::with_capacity(depth);
        if search.mate_in(start, hash, depth, &mut line)? {
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
    /// The keys are Zobrist hashes already: FxHash, not SipHash, which cost
    /// more than the rest of a node's work.
    failed: FxHashSet<(u64, usize)>,
}

impl ShortMate {
    /// Whether the loser can be mated in exactly `depth` plies from `pos`,
    /// both sides helping; the line is left in `line`. `None` when the
    /// node budget ran out. `key` is the position's hash, kept up move by
    /// move (computing it afresh at every node cost a fifth of the search).
    fn mate_in(
        &mut self,
        pos: &Chess,
        key: Zobrist64,
        depth: usize,
        line: &mut Vec<Move>,
    ) -> Option<bool> {
        self.nodes_left = self.nodes_left.checked_sub(1)?;
        if depth == 0 {
            return Some(pos.turn() == self.loser && pos.is_checkmate());
        }
        if self.failed.contains(&(key.0, depth)) {
            return Some(false);
        }
        for m in pos.legal_moves() {
            // Most last moves give no check: seen on the board, without
            // playing each on a copy (that cost half the search).
            if depth == 1 && !may_give_check(pos, m) {
                continue;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            // The last move mates, so it checks.
            if depth == 1 && !next.is_check() {
                continue;
            }
            // A mate's final position is not looked up: its hash is not needed.
            let next_key = if depth > 1 {
                pos.update_zobrist_hash(key, m, EnPassantMode::Legal)
                    .unwrap_or_else(|| next.zobrist_hash(EnPassantMode::Legal))
            } else {
                key
            };
            line.push(m);
            if self.mate_in(&next, next_key, depth - 1, line)? {
                return Some(true);
            }
            line.pop();
        }
        self.failed.insert((key.0, depth));
        Some(false)
    }
}

/// Whether `m` can give check: exact for a plain move (the moved piece from
/// its new square, or a line opened to the king), true for the rare others
/// (castling, en passant), which are then played to see.
fn may_give_check(pos: &Chess, m: Move) -> bool {
    let Move::Normal {
        role,
        from,
        to,
        promotion,
        ..
    } = m
    else {
        return true;
    };
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(!us) else {
        return true;
    };
    let occupied = (board.occupied() ^ Bitboard::from(from)) | Bitboard::from(to);
    let piece = promotion.unwrap_or(role).of(us);
    if attacks(to, piece, occupied).contains(king) {
        return true;
    }
    let ours = board.by_color(us) ^ Bitboard::from(from);
    let diagonal = board.bishops_and_queens() & ours;
    let straight = board.rooks_and_queens() & ours;
    (bishop_attacks(king, occupied) & diagonal).any()
        || (rook_attacks(king, occupied) & straight).any()
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

    #[test]
    fn no_check_is_missed_by_the_board_test() {
        // Direct, discovered and double checks, a checking promotion, a
        // capture opening a line, en passant and castling (played to see).
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/8/1b6/8/3N4/4K2R w K - 0 1",
            "6k1/1P6/8/8/8/8/8/4K2R w K - 0 1",
            "4k3/8/8/3pP3/8/8/8/4KR2 w - d6 0 1",
            "3qk3/8/8/8/4N3/8/8/4R1K1 w - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        let mut checks = 0;
        for fen in fens {
            let pos = crate::board::helpmate::position(fen).expect(fen);
            for m in pos.legal_moves() {
                let mut next = pos.clone();
                next.play_unchecked(m);
                if next.is_check() {
                    checks += 1;
                    assert!(may_give_check(&pos, m), "{fen}: {m}");
                }
            }
        }
        assert!(checks > 10, "{checks}");
    }
}
