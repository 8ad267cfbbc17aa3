//! The shortest helpmate within a bound: the solver returns the first
//! helpmate it finds, which wanders; a committee reads a short one. Found by
//! searching one ply deeper at a time, both sides helping, within a budget
//! of positions.

use rustc_hash::FxHashSet;
use shakmaty::attacks::{
    aligned, between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks,
    rook_attacks,
};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    Bitboard, Board, ByRole, Chess, Color, EnPassantMode, Move, Position, Rank, Role, Square,
};

mod order;
mod trim;

/// The most positions [`shortened`] visits for a line a person reads (a
/// row that is not confirmed, `explain`, the HTML page).
pub const SHOWN_MATE_NODES: u32 = 100_000;

/// The longest helpmate [`shortest_within`] looks for, in plies.
pub const SHORT_MATE_PLIES: usize = 21;

/// Of [`SHOWN_MATE_NODES`], the most plies [`shortened`] replays to trim a
/// line.
const TRIM_NODES: u32 = 30_000;

/// Of what trimming leaves, the share the search from the line's start
/// gets; the rest goes to searches for a shorter end from along the line.
/// Measured on the lichess 999's pages (see docs/performance.md).
const START_SHARE: u32 = 60;

/// A short helpmate for a person to read in place of `line` (of `loser`
/// from `start`), all within [`SHOWN_MATE_NODES`] positions: `line` with
/// the stretches it does without left out, then the shortest line the
/// search finds from the start, or else the trimmed line with a shorter end
/// the search finds from along it.
pub(crate) fn shortened(start: &Chess, loser: Color, line: &[Move]) -> Vec<Move> {
    let mut budget = TRIM_NODES;
    let trimmed = trim::trimmed(start, loser, line, &mut budget);
    let left = SHOWN_MATE_NODES - (TRIM_NODES - budget);
    let mut first = left / 100 * START_SHARE;
    let rest = left - first;
    shortest_within(start, loser, trimmed.len(), &mut first)
        .unwrap_or_else(|| trim::spliced(start, loser, trimmed, rest))
}

/// The shortest helpmate of at most [`SHORT_MATE_PLIES`] plies, shorter
/// than `than`, found by searching deeper one ply at a time, the positions
/// it visits taken from `budget`; `None` when there is none within those
/// bounds. Past four plies a depth gets half of what is left, so that a
/// full board's deeper lines are tried too.
pub(crate) fn shortest_within(
    start: &Chess,
    loser: Color,
    than: usize,
    budget: &mut u32,
) -> Option<Vec<Move>> {
    let mut search = ShortMate {
        loser,
        nodes_left: 0,
        // Sized at once (growing it rehashed every entry at each doubling).
        failed: FxHashSet::with_capacity_and_hasher(
            (*budget).min(SHOWN_MATE_NODES) as usize,
            Default::default(),
        ),
    };
    let hash = start.zobrist_hash(EnPassantMode::Legal);
    // The winner gives mate, so the loser is to move after the last ply.
    let depths = (1..than.min(SHORT_MATE_PLIES + 1))
        .filter(|depth| (depth % 2 == 1) == (start.turn() != loser));
    for depth in depths {
        let slice = if depth <= 4 { *budget } else { *budget / 2 };
        search.nodes_left = slice;
        let mut line = Vec::with_capacity(depth);
        let found = search.mate_in(start, hash, depth, &mut line);
        *budget -= slice - search.nodes_left;
        if found == Some(true) {
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
            return Some(mated(pos, self.loser));
        }
        if self.failed.contains(&(key.0, depth)) {
            return Some(false);
        }
        if depth == 1 {
            return self.mate_in_one(pos, key, line);
        }
        let mut moves = pos.legal_moves();
        order::by_promise(pos, self.loser, &mut moves);
        // Iterated by reference: moving the list into its iterator copied
        // all its 256 slots.
        for &m in &moves {
            // A child already known to fail costs its node, not a copy.
            let known = pos.update_zobrist_hash(key, m, EnPassantMode::Legal);
            if known.is_some_and(|k| self.failed.contains(&(k.0, depth - 1))) {
                self.nodes_left = self.nodes_left.checked_sub(1)?;
                continue;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            let next_key = known.unwrap_or_else(|| next.zobrist_hash(EnPassantMode::Legal));
            line.push(m);
            if self.mate_in(&next, next_key, depth - 1, line)? {
                return Some(true);
            }
            line.pop();
        }
        self.failed.insert((key.0, depth));
        Some(false)
    }

    /// The last ply: only a check can mate. When none of the checks mates,
    /// they are counted from the pieces' own moves and charged a node each,
    /// as if visited; else shakmaty's list, in its order, finds the first
    /// mate (the line shown, and the nodes it costs, depend on that order).
    fn mate_in_one(&mut self, pos: &Chess, key: Zobrist64, line: &mut Vec<Move>) -> Option<bool> {
        let checks = Checks::new(pos);
        let counted = checks
            .as_ref()
            .and_then(|c| c.count_if_none_mates(pos, self.loser));
        if let Some(count) = counted {
            self.nodes_left = self.nodes_left.checked_sub(count)?;
            self.failed.insert((key.0, 1));
            return Some(false);
        }
        for &m in &pos.legal_moves() {
            // Most moves give no check: seen on the board, without playing
            // each on a copy (that cost half the search).
            if checks.as_ref().is_some_and(|c| !c.may_give(m)) {
                continue;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            // The last move mates, so it checks.
            if !next.is_check() {
                continue;
            }
            line.push(m);
            if self.mate_in(&next, key, 0, line)? {
                return Some(true);
            }
            line.pop();
        }
        self.failed.insert((key.0, 1));
        Some(false)
    }
}

/// Whether `loser` is to move and mated. A checked king with a safe square
/// is not: that test is cheaper than listing the legal moves.
fn mated(pos: &Chess, loser: Color) -> bool {
    pos.turn() == loser && !has_flight(pos) && pos.is_checkmate()
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

    /// How many legal moves give check, when none of them mates `loser`;
    /// found from the pieces' own moves, without the list of every legal
    /// move (most of the search's cost). `None` when one mates, or when the
    /// position needs the list: castling or en passant is possible, a king
    /// is missing, or the side not to move is in check.
    fn count_if_none_mates(&self, pos: &Chess, loser: Color) -> Option<u32> {
        let board = pos.board();
        let us = pos.turn();
        let our_king = board.king_of(us)?;
        if pos.castles().has_color(us)
            || pos.ep_square(EnPassantMode::Legal).is_some()
            || board.attacks_to(self.king, us, board.occupied()).any()
        {
            return None;
        }
        let mut count = 0;
        let none_mates = self.each_candidate(pos, |m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let king = if m.role() == Role::King {
                m.to()
            } else {
                our_king
            };
            let after = next.board();
            let legal = after.attacks_to(king, !us, after.occupied()).is_empty();
            if legal && next.is_check() {
                if mated(&next, loser) {
                    return false;
                }
                count += 1;
            }
            true
        });
        none_mates.then_some(count)
    }

    /// Hands `visit` the moves, legal or not, that may give check (every
    /// plain one [`Checks::may_give`] lets through, and every promotion)
    /// until it returns false; whether it never did. Not collected in a
    /// list: returning one copied its 256 slots.
    fn each_candidate(&self, pos: &Chess, mut visit: impl FnMut(Move) -> bool) -> bool {
        let board = pos.board();
        let us = pos.turn();
        let occupied = board.occupied();
        let last = Bitboard::from_rank(us.other().backrank());
        for from in board.by_color(us) {
            let Some(role) = board.role_at(from) else {
                continue;
            };
            let reach = match role {
                Role::Pawn => pawn_reach(board, us, from),
                Role::Knight => knight_attacks(from),
                Role::Bishop => bishop_attacks(from, occupied),
                Role::Rook => rook_attacks(from, occupied),
                Role::Queen => queen_attacks(from, occupied),
                Role::King => king_attacks(from),
            } & !board.by_color(us);
            let mut aim = if self.discoverers.contains(from) {
                Bitboard::FULL
            } else {
                *self.direct.get(role)
            };
            if role == Role::Pawn {
                aim |= last;
            }
            for to in reach & aim {
                let capture = board.role_at(to);
                let promotions: &[Option<Role>] = if role == Role::Pawn && last.contains(to) {
                    &[
                        Some(Role::Queen),
                        Some(Role::Rook),
                        Some(Role::Bishop),
                        Some(Role::Knight),
                    ]
                } else {
                    &[None]
                };
                for &promotion in promotions {
                    let m = Move::Normal {
                        role,
                        from,
                        capture,
                        to,
                        promotion,
                    };
                    if self.may_give(m) && !visit(m) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// Where a pawn of `us` on `from` can go: one or two squares ahead, or
/// capturing (en passant aside).
fn pawn_reach(board: &Board, us: Color, from: Square) -> Bitboard {
    let empty = !board.occupied();
    let ahead = us.fold_wb(8, -8);
    let one = Bitboard::from(from).shift(ahead) & empty;
    let two = if from.rank() == us.relative_rank(Rank::Second) {
        one.shift(ahead) & empty
    } else {
        Bitboard::EMPTY
    };
    one | two | (pawn_attacks(us, from) & board.by_color(!us))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shortest_helpmate_within_the_bound_is_found() {
        // From the start, White can be mated in four plies (1. f3 e5 2. g4
        // Qh4#) and no fewer.
        let start = Chess::default();
        let line =
            shortest_within(&start, Color::White, 90, &mut SHOWN_MATE_NODES.clone()).unwrap();
        assert_eq!(line.len(), 4);
        let mut pos = start.clone();
        for m in &line {
            pos.play_unchecked(*m);
        }
        assert!(pos.is_checkmate() && pos.turn() == Color::White);
        // Nothing shorter than the line it would replace, nothing past the bound.
        assert!(shortest_within(&start, Color::White, 4, &mut SHOWN_MATE_NODES.clone()).is_none());
        assert!(shortest_within(&start, Color::White, 90, &mut 10).is_none());
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

    /// The checks and mates of the side to move, from shakmaty's full list.
    fn listed(pos: &Chess) -> (u32, bool) {
        let (mut checks, mut mate) = (0, false);
        for m in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            checks += u32::from(next.is_check());
            mate |= next.is_checkmate();
        }
        (checks, mate)
    }

    #[test]
    fn checks_counted_from_the_pieces_match_the_legal_moves() {
        // Random games (a fixed generator) from the start and from the
        // positions above, every position along them asked.
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "4k3/1P6/8/8/1b6/8/3N2p1/4K3 w - - 0 1",
        ];
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let (mut counted, mut mating, mut asked) = (0, 0, 0);
        for fen in starts.iter().cycle().take(150) {
            let mut pos = crate::board::helpmate::position(fen).expect(fen);
            for _ in 0..120 {
                let (checks, mate) = listed(&pos);
                let answer =
                    Checks::new(&pos).and_then(|c| c.count_if_none_mates(&pos, !pos.turn()));
                asked += 1;
                mating += usize::from(mate);
                if let Some(count) = answer {
                    counted += 1;
                    assert!(
                        !mate && count == checks,
                        "{}: {count} {checks}",
                        fen_of(&pos)
                    );
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        // The count is what is usually used, and mates were met.
        assert!(
            counted * 2 > asked && mating > 0,
            "{counted} of {asked}, {mating} mating"
        );
    }

    fn fen_of(pos: &Chess) -> String {
        shakmaty::fen::Fen::from_position(pos, EnPassantMode::Legal).to_string()
    }
}
