//! "Can this side force mate?": the question US Chess's 14E asks after a
//! flag fall (a mate against every defence, the side that flagged to
//! move), where FIDE asks whether any series of legal moves mates (the
//! helpmate of [`crate::board::helpmate`]). An AND/OR search deepened one
//! move at a time, bounded in moves and in positions: it finds the
//! shortest forced mate within the bound, proves there is none within it,
//! or says it could not tell.

use shakmaty::{Chess, Color, Move, Position};

use crate::board::helpmate::Helpmate;

/// The moves of the side that mates the search looks through.
pub const FORCED_MATE_MOVES: u32 = 5;

/// The positions it may visit before it gives up.
pub const FORCED_MATE_NODES: u64 = 3_000_000;

/// The answer to "can `attacker` force mate?".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ForcedMate {
    /// A mate against every defence in `moves` of the attacker's moves:
    /// its main line (the defence that holds out longest, the quickest
    /// mate against it).
    Forced { moves: u32, line: Helpmate },
    /// No forced mate within `moves` moves: every defence was searched.
    NoneWithin { moves: u32 },
    /// The search visited `nodes` positions, its bound, before it could
    /// tell whether a mate within `moves` moves exists.
    Undecided { moves: u32, nodes: u64 },
}

/// Whether `attacker` can force mate from `pos` within `moves` of his
/// moves, visiting at most `nodes` positions.
///
/// ```
/// use pgn_arbiter::board::forced_mate::{forced_mate, ForcedMate};
/// use pgn_arbiter::board::helpmate::position;
/// use shakmaty::Color;
/// // Black to move must play Kh8; Nf7 mates (a smothered corner).
/// let pos = position("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1").unwrap();
/// let ForcedMate::Forced { moves, line } = forced_mate(&pos, Color::White, 2, 100_000) else {
///     panic!()
/// };
/// assert_eq!((moves, line.text(true).as_str()), (1, "1. Nf7#"));
/// ```
pub fn forced_mate(pos: &Chess, attacker: Color, moves: u32, nodes: u64) -> ForcedMate {
    let mut search = Search {
        nodes: 0,
        limit: nodes,
    };
    for depth in 1..=moves {
        match search.mates(pos, attacker, depth) {
            Ok(true) => {
                let line = search.main_line(pos, attacker, depth);
                let line = Helpmate::line(pos.clone(), line);
                return ForcedMate::Forced { moves: depth, line };
            }
            Ok(false) => {}
            Err(OutOfNodes) => return ForcedMate::Undecided { moves, nodes },
        }
    }
    ForcedMate::NoneWithin { moves }
}

struct Search {
    nodes: u64,
    limit: u64,
}

/// The bound of positions was reached.
#[derive(Debug)]
struct OutOfNodes;

impl Search {
    fn visit(&mut self) -> Result<(), OutOfNodes> {
        self.nodes += 1;
        match self.nodes > self.limit {
            true => Err(OutOfNodes),
            false => Ok(()),
        }
    }

    /// Whether `attacker` mates from `pos` within `depth` of his moves,
    /// whoever is to move.
    fn mates(&mut self, pos: &Chess, attacker: Color, depth: u32) -> Result<bool, OutOfNodes> {
        match pos.turn() == attacker {
            true => self.attacks(pos, depth),
            false => self.defends(pos, depth),
        }
    }

    /// The attacker to move: some move mates, or leaves a position where
    /// every defence is mated within `depth - 1` more moves.
    fn attacks(&mut self, pos: &Chess, depth: u32) -> Result<bool, OutOfNodes> {
        for m in attacking_moves(pos, depth) {
            self.visit()?;
            let mut next = pos.clone();
            next.play_unchecked(m);
            if next.is_checkmate() || depth > 1 && self.defends(&next, depth - 1)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The defender to move: every move leaves a mate within `depth`; a
    /// stalemate or a position already mated is neither.
    fn defends(&mut self, pos: &Chess, depth: u32) -> Result<bool, OutOfNodes> {
        let replies = pos.legal_moves();
        if replies.is_empty() {
            return Ok(pos.is_check());
        }
        for &m in &replies {
            self.visit()?;
            let mut next = pos.clone();
            next.play_unchecked(m);
            if !self.attacks(&next, depth)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The main line of a mate known to take `depth` moves: the defence
    /// that holds out longest, the quickest mate against it. Searched again
    /// without a bound on positions: the proof is in hand, and each step
    /// is a smaller search than it.
    fn main_line(&mut self, pos: &Chess, attacker: Color, depth: u32) -> Vec<Move> {
        self.limit = u64::MAX;
        let mut line = Vec::new();
        let mut pos = pos.clone();
        let mut depth = depth;
        while !pos.is_checkmate() {
            let m = match pos.turn() == attacker {
                true => self.quickest(&pos, depth),
                false => self.stoutest(&pos, depth),
            };
            let Some(m) = m else { break };
            if pos.turn() == attacker {
                depth -= 1;
            }
            pos.play_unchecked(m);
            line.push(m);
        }
        line
    }

    /// The attacker's move that mates soonest, within `depth`.
    fn quickest(&mut self, pos: &Chess, depth: u32) -> Option<Move> {
        (1..=depth).find_map(|d| {
            attacking_moves(pos, d).into_iter().find(|&m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                next.is_checkmate() || d > 1 && self.defends(&next, d - 1).unwrap_or(false)
            })
        })
    }

    /// The defence that holds out longest against a mate within `depth`.
    fn stoutest(&mut self, pos: &Chess, depth: u32) -> Option<Move> {
        let replies = pos.legal_moves();
        let takes = |search: &mut Search, m: Move| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            (1..=depth)
                .find(|&d| search.attacks(&next, d).unwrap_or(false))
                .unwrap_or(u32::MAX)
        };
        let mut best: Option<(u32, Move)> = None;
        for &m in &replies {
            let n = takes(self, m);
            if best.is_none_or(|(b, _)| n > b) {
                best = Some((n, m));
            }
        }
        best.map(|(_, m)| m)
    }
}

/// The attacker's moves worth trying with `depth` moves left: only a
/// check can mate in one, so the last move is a check; checks and
/// captures first, where mates are found soonest.
fn attacking_moves(pos: &Chess, depth: u32) -> Vec<Move> {
    let gives_check = |m: &Move| {
        let mut next = pos.clone();
        next.play_unchecked(*m);
        next.is_check()
    };
    let mut moves: Vec<(u8, Move)> = pos
        .legal_moves()
        .into_iter()
        .filter_map(|m| {
            let check = gives_check(&m);
            let rank = match (check, m.is_capture()) {
                (true, _) => 0,
                (false, true) => 1,
                (false, false) => 2,
            };
            (depth > 1 || check).then_some((rank, m))
        })
        .collect();
    moves.sort_by_key(|&(rank, _)| rank);
    moves.into_iter().map(|(_, m)| m).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::helpmate::position;

    fn search(fen: &str, attacker: Color, moves: u32) -> ForcedMate {
        let pos = position(fen).expect("a legal position");
        forced_mate(&pos, attacker, moves, FORCED_MATE_NODES)
    }

    #[test]
    fn a_lone_knight_forces_mate_on_a_king_boxed_in_by_its_own_pawns() {
        // White (to move, his flag down) has only a4 left; then Nc2#.
        let found = search("8/8/8/8/8/P3n3/P7/K1k5 w - - 0 1", Color::Black, 3);
        let ForcedMate::Forced { moves, line } = found else {
            panic!("{found:?}")
        };
        assert_eq!((moves, line.text(true).as_str()), (1, "1. a4 Nc2#"));
    }

    #[test]
    fn no_forced_mate_is_said_with_its_bound() {
        let found = search("8/8/4k3/8/8/3K4/P4n2/8 w - - 0 1", Color::Black, 3);
        assert_eq!(found, ForcedMate::NoneWithin { moves: 3 });
    }

    #[test]
    fn a_search_past_its_bound_says_so() {
        let pos = position("8/8/4k3/8/8/3K4/P4n2/8 w - - 0 1").unwrap();
        let found = forced_mate(&pos, Color::Black, 3, 50);
        assert_eq!(
            found,
            ForcedMate::Undecided {
                moves: 3,
                nodes: 50
            }
        );
    }
}
