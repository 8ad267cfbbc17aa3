//! The search deepened one move at a time behind
//! [`super::forced_mate`]: an AND/OR search for a mate within `depth` of
//! the attacker's moves, whose answers are remembered by position ("a mate
//! within d" is monotone in d: the least depth proved and the greatest
//! refuted are exact), so that deepening costs little more than the last
//! depth. The first depth that mates is the shortest mate.

use rustc_hash::FxHashMap;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

/// What is known of a position: the least depth a mate is proved within,
/// the greatest one refuted.
#[derive(Debug, Clone, Copy)]
struct Known {
    mates_within: u32,
    none_within: u32,
}

pub(super) struct Search {
    visits: u64,
    limit: u64,
    known: FxHashMap<u64, Known>,
}

impl Search {
    /// A search that may try `limit` moves in all.
    pub(super) fn new(limit: u64) -> Search {
        Search {
            visits: 0,
            limit,
            known: FxHashMap::default(),
        }
    }

    /// Whether `attacker` mates from `pos` within `depth` of his moves,
    /// whoever is to move; `None` when the bound was reached first.
    pub(super) fn mates(&mut self, pos: &Chess, attacker: Color, depth: u32) -> Option<bool> {
        match pos.turn() == attacker {
            true => self.attacks(pos, depth),
            false => self.defends(pos, depth),
        }
    }

    fn visit(&mut self) -> Option<()> {
        self.visits += 1;
        (self.visits <= self.limit).then_some(())
    }

    /// What is remembered of `pos` at `depth`.
    fn recall(&self, key: u64, depth: u32) -> Option<bool> {
        let known = self.known.get(&key)?;
        if known.mates_within <= depth {
            Some(true)
        } else if known.none_within >= depth {
            Some(false)
        } else {
            None
        }
    }

    fn remember(&mut self, key: u64, depth: u32, mates: bool) {
        let known = self.known.entry(key).or_insert(Known {
            mates_within: u32::MAX,
            none_within: 0,
        });
        match mates {
            true => known.mates_within = known.mates_within.min(depth),
            false => known.none_within = known.none_within.max(depth),
        }
    }

    /// The attacker to move: some move mates, or leaves a position where
    /// every defence is mated within `depth - 1` more moves.
    fn attacks(&mut self, pos: &Chess, depth: u32) -> Option<bool> {
        let key = key(pos);
        if let Some(known) = self.recall(key, depth) {
            return Some(known);
        }
        let mut mates = false;
        for m in attacking_moves(pos, depth) {
            self.visit()?;
            let mut next = pos.clone();
            next.play_unchecked(m);
            if next.is_checkmate() || depth > 1 && self.defends(&next, depth - 1)? {
                mates = true;
                break;
            }
        }
        self.remember(key, depth, mates);
        Some(mates)
    }

    /// The defender to move: every move leaves a mate within `depth`; a
    /// stalemate or a position already mated is neither.
    fn defends(&mut self, pos: &Chess, depth: u32) -> Option<bool> {
        let replies = pos.legal_moves();
        if replies.is_empty() {
            return Some(pos.is_check());
        }
        let key = key(pos);
        if let Some(known) = self.recall(key, depth) {
            return Some(known);
        }
        let mut mates = true;
        for &m in &replies {
            self.visit()?;
            let mut next = pos.clone();
            next.play_unchecked(m);
            if !self.attacks(&next, depth)? {
                mates = false;
                break;
            }
        }
        self.remember(key, depth, mates);
        Some(mates)
    }

    /// The main line of a mate known to take `depth` moves: the defence
    /// that holds out longest, the quickest mate against it. Searched again
    /// without a bound on positions: the proof is in hand, and each step
    /// is a smaller search than it.
    pub(super) fn main_line(&mut self, pos: &Chess, attacker: Color, depth: u32) -> Vec<Move> {
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

fn key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}
