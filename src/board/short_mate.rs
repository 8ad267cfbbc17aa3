//! The shortest helpmate within a bound: the solver returns the first
//! helpmate it finds, which wanders; a committee reads a short one. Found by
//! searching one ply deeper at a time, both sides helping, within a budget
//! of positions.

use rustc_hash::FxHashSet;
use shakmaty::attacks::{
    aligned, between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, ByRole, Chess, Color, EnPassantMode, Move, Position, Square};

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
            return Some(pos.turn() == self.loser && !has_flight(pos) && pos.is_checkmate());
        }
        if self.failed.contains(&(key.0, depth)) {
            return Some(false);
        }
        // Iterated by reference: moving the list into its iterator copied
        // all its 256 slots.
        let moves = pos.legal_moves();
        // Most last moves give no check: seen on the board, without playing
        // each on a copy (that cost half the search).
        let checks = if depth == 1 { Checks::new(pos) } else { None };
        for &m in &moves {
            if checks.as_ref().is_some_and(|c| !c.may_give(m)) {
                continue;
            }
            // A child already known to fail costs its node, not a copy.
            let known = (depth > 1)
                .then(|| pos.update_zobrist_hash(key, m, EnPassantMode::Legal))
                .flatten();
            if known.is_some_and(|k| self.failed.contains(&(k.0, depth - 1))) {
                self.nodes_left = self.nodes_left.checked_sub(1)?;
                continue;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            // The last move mates, so it checks.
            if depth == 1 && !next.is_check() {
                continue;
            }
            // A mate's final position is not looked up: its hash is not needed.
            let next_key = match known {
                Some(k) => k,
                None if depth > 1 => next.zobrist_hash(EnPassantMode::Legal),
                None => key,
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

/// Whether the side to move, in check, has a square its king can step to
/// safely: then it is not mated, and the legal moves need not be listed.
fn has_flight(pos: &Chess) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return true;
    };
    let occupied = board.occupied() ^ Bitboard::from(king);
    (king_attacks(king) & !board.by_color(us))
        .into_iter()
        .any(|to| board.attacks_to(to, !us, occupied).is_empty())
}

/// Where a move must land, or leave from, to give check: found once for a
/// position, then asked of each of its moves (a board test per move cost a
/// fifth of the search).
struct Checks {
    king: Square,
    /// By role: the squares from which a piece of ours would attack the king.
    direct: ByRole<Bitboard>,
    /// Our pieces that alone stand between one of our sliders and the king.
    discoverers: Bitboard,
}

impl Checks {
    /// The checks of the side to move; `None` without an enemy king.
    fn new(pos: &Chess) -> Option<Checks> {
        let board = pos.board();
        let us = pos.turn();
        let king = board.king_of(!us)?;
        let occupied = board.occupied();
        let diagonal = bishop_attacks(king, occupied);
        let straight = rook_attacks(king, occupied);
        let direct = ByRole {
            pawn: pawn_attacks(!us, king),
            knight: knight_attacks(king),
            bishop: diagonal,
            rook: straight,
            queen: diagonal | straight,
            king: Bitboard::EMPTY,
        };
        let snipers = (bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens())
            | (rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens());
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers & board.by_color(us) {
            let between = between(king, sniper) & occupied;
            if !between.more_than_one() {
                discoverers |= between & board.by_color(us);
            }
        }
        Some(Checks {
            king,
            direct,
            discoverers,
        })
    }

    /// Whether `m` can give check: exact for a plain move (a slider moving
    /// along its own line to the king would have given check already), true
    /// for the rare others (promotion, castling, en passant), which are then
    /// played to see.
    fn may_give(&self, m: Move) -> bool {
        match m {
            Move::Normal {
                role,
                from,
                to,
                promotion: None,
                ..
            } => {
                self.direct.get(role).contains(to)
                    || (self.discoverers.contains(from) && !aligned(from, to, self.king))
            }
            _ => true,
        }
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

    #[test]
    fn no_check_or_mate_is_missed_by_the_board_tests() {
        // Direct, discovered and double checks, checking promotions, a
        // capture opening a line, en passant and castling (played to see).
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/8/1b6/8/3N4/4K2R w K - 0 1",
            "6k1/1P6/8/8/8/8/8/4K2R w K - 0 1",
            "4k3/8/8/3pP3/8/8/8/4KR2 w - d6 0 1",
            "3qk3/8/8/8/4N3/8/8/4R1K1 w - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            // A queen's checks; a promotion through the square it leaves; a
            // king uncovering a rook.
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
            "8/4P3/8/8/8/8/8/4k2K w - - 0 1",
            "4k3/8/8/8/4K3/8/8/4R3 w - - 0 1",
            // A mate on the back rank.
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        ];
        let (mut checks, mut mates) = (0, 0);
        for fen in fens {
            let pos = crate::board::helpmate::position(fen).expect(fen);
            for m in pos.legal_moves() {
                let mut next = pos.clone();
                next.play_unchecked(m);
                if next.is_check() {
                    checks += 1;
                    let board_test = Checks::new(&pos).unwrap();
                    assert!(board_test.may_give(m), "{fen}: {m}");
                    // A king with a safe square is not mated.
                    mates += usize::from(next.is_checkmate());
                    assert!(!(has_flight(&next) && next.is_checkmate()), "{fen}: {m}");
                }
            }
        }
        assert!(checks > 10 && mates > 0, "{checks} {mates}");
    }
}
