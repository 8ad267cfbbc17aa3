//! "Can this side force mate?": the question US Chess's 14E asks after a
//! flag fall (a mate against every defence, the side that flagged to
//! move), where FIDE asks whether any series of legal moves mates (the
//! helpmate of [`crate::board::helpmate`]). Answered in two steps, each
//! bounded: an AND/OR search deepened one move at a time finds the shortest
//! forced mate within [`FORCED_MATE_MOVES`] moves; past them a proof-number
//! search (`proof`) proves a longer mate, or proves that the defence holds
//! for ever, within [`PROOF_NODES`] positions. Either answer is a proof;
//! where neither comes, it says so with its bounds.

use shakmaty::{Chess, Color, Move, Position};

use crate::board::helpmate::Helpmate;

mod proof;
mod shortest;

/// The moves of the side that mates the shortest-first search looks
/// through.
pub const FORCED_MATE_MOVES: u32 = 12;

/// The moves the shortest-first search may try in all before it gives up.
pub const FORCED_MATE_NODES: u64 = 300_000;

/// The positions the proof search may grow: about 60 MB and a second
/// at most, asked only of 14E's material after a flag fall.
pub const PROOF_NODES: u32 = 500_000;

/// The answer to "can `attacker` force mate?".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ForcedMate {
    /// A mate against every defence in `moves` of the attacker's moves:
    /// its main line (the defence that holds out longest, the quickest mate
    /// against it). `shortest` when no shorter one exists (every shorter
    /// one searched); else a shorter one may exist.
    Forced {
        moves: u32,
        line: Helpmate,
        shortest: bool,
    },
    /// No forced mate at all: against every try, the defence reaches a
    /// position where the attacker can never mate, a stalemate, or a
    /// position of its own line again (and can go round for ever).
    None,
    /// Neither proved: the proof search stopped at its bound of `nodes`
    /// positions.
    Undecided { nodes: u64 },
}

/// Whether `attacker` can force mate from `pos`, proved either way by the
/// proof search within `nodes` positions; a mate it proves is then
/// shortened by the search deepened a move at a time, up to `moves` moves
/// (at most [`FORCED_MATE_NODES`] positions).
///
/// ```
/// use pgn_arbiter::board::forced_mate::{forced_mate, ForcedMate};
/// use pgn_arbiter::board::helpmate::position;
/// use shakmaty::Color;
/// // Black to move must play Kh8; Nf7 mates (a smothered corner).
/// let pos = position("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1").unwrap();
/// let ForcedMate::Forced { moves, line, shortest } = forced_mate(&pos, Color::White, 2, 100_000) else {
///     panic!()
/// };
/// assert_eq!((moves, line.text(true).as_str(), shortest), (1, "1. Nf7#", true));
/// // A lone knight against a bare king: the defence holds for ever.
/// let pos = position("8/8/4k3/8/8/3K4/5N2/8 b - - 0 1").unwrap();
/// assert_eq!(forced_mate(&pos, Color::White, 2, 100_000), ForcedMate::None);
/// ```
pub fn forced_mate(pos: &Chess, attacker: Color, moves: u32, nodes: u32) -> ForcedMate {
    let mut search = shortest::Search::new(FORCED_MATE_NODES);
    // The most moves within which every mate was searched and none found.
    let mut none_within = 0;
    for depth in 1..=moves {
        match search.mates(pos, attacker, depth) {
            Some(true) => {
                let line = search.main_line(pos, attacker, depth);
                return ForcedMate::Forced {
                    moves: depth,
                    line: Helpmate::line(pos.clone(), line),
                    shortest: true,
                };
            }
            Some(false) => none_within = depth,
            None => break,
        }
    }
    match proof::prove(pos, attacker, nodes) {
        proof::Proved::Mate(line) => {
            let found = attacker_moves(pos, attacker, &line);
            ForcedMate::Forced {
                moves: found,
                line: Helpmate::line(pos.clone(), line),
                shortest: found == none_within + 1,
            }
        }
        proof::Proved::NoMate => ForcedMate::None,
        proof::Proved::Open => ForcedMate::Undecided {
            nodes: u64::from(nodes),
        },
    }
}

/// The attacker's moves in a line from `pos`.
fn attacker_moves(pos: &Chess, attacker: Color, line: &[Move]) -> u32 {
    let first_is_his = pos.turn() == attacker;
    let plies = line.len() as u32;
    match first_is_his {
        true => plies.div_ceil(2),
        false => plies / 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::helpmate::position;

    fn search(fen: &str, attacker: Color, moves: u32) -> ForcedMate {
        let pos = position(fen).expect("a legal position");
        forced_mate(&pos, attacker, moves, PROOF_NODES)
    }

    #[test]
    fn a_lone_knight_forces_mate_on_a_king_boxed_in_by_its_own_pawns() {
        // White (to move, his flag down) has only a4 left; then Nc2#.
        let found = search("8/8/8/8/8/P3n3/P7/K1k5 w - - 0 1", Color::Black, 3);
        let ForcedMate::Forced {
            moves,
            line,
            shortest,
        } = found
        else {
            panic!("{found:?}")
        };
        assert_eq!(
            (moves, line.text(true).as_str(), shortest),
            (1, "1. a4 Nc2#", true)
        );
    }

    /// Round seven's d50: a mate in 6, past the 5 moves once searched (the
    /// independent solver's `forced_mate_solver.py` finds it in 6:
    /// 1...Ka1 2.Nd2 Ka2 3.Ne4 Ka1 4.Nc5 Ka2 5.Nd3 Ka1 6.Nc1 a2 7.Nb3#).
    #[test]
    fn a_mate_in_six_is_found_and_is_the_shortest() {
        for fen in [
            "8/8/8/8/8/p7/k1K5/1N6 b - - 0 1",
            "8/8/8/8/pN6/8/8/k1K5 b - - 0 1",
        ] {
            let found = search(fen, Color::White, FORCED_MATE_MOVES);
            let ForcedMate::Forced {
                moves, shortest, ..
            } = found
            else {
                panic!("{found:?}")
            };
            assert_eq!((moves, shortest), (6, true), "{fen}");
        }
        // The pawn's side to move after its own last move: the same
        // question, the knight's side to move next.
        let found = search(
            "K7/2k5/8/Pn6/8/8/8/8 b - - 0 1",
            Color::Black,
            FORCED_MATE_MOVES,
        );
        assert!(
            matches!(
                found,
                ForcedMate::Forced {
                    moves: 7,
                    shortest: true,
                    ..
                }
            ),
            "{found:?}"
        );
    }

    /// Past the moves searched one at a time, the proof search alone proves
    /// the mate, with a line that ends in it.
    #[test]
    fn the_proof_search_proves_a_mate_with_its_line() {
        let pos = position("8/8/8/8/8/p7/k1K5/1N6 b - - 0 1").unwrap();
        let proof::Proved::Mate(line) = proof::prove(&pos, Color::White, PROOF_NODES) else {
            panic!("no mate proved")
        };
        let mut end = pos.clone();
        for &m in &line {
            assert!(end.is_legal(m), "{line:?}");
            end.play_unchecked(m);
        }
        assert!(end.is_checkmate() && line.len() == 12, "{line:?}");
    }

    #[test]
    fn a_defence_that_holds_for_ever_is_proved() {
        // The pawn queens, and a knight cannot mate a queen's side.
        let found = search("8/8/P7/8/8/8/5n2/k6K w - - 0 1", Color::Black, 3);
        assert_eq!(found, ForcedMate::None);
    }

    #[test]
    fn a_search_past_its_bound_says_so() {
        let pos = position("8/8/4k3/8/8/3K4/P4n2/8 w - - 0 1").unwrap();
        let found = forced_mate(&pos, Color::Black, 3, 50);
        assert_eq!(found, ForcedMate::Undecided { nodes: 50 });
    }
}
