//! A helpmate line: the solver's answer kept as moves, shown as SAN.

use std::sync::{Arc, OnceLock};

use shakmaty::{Chess, Color, File, Move, Position, Role, Square, san::SanPlus};

use crate::board::short_mate::shortened;

/// A helpmate found by the solver, kept as moves: turning a line of 50 to
/// 90 plies into SAN costs a legal-move generation per move, and a report
/// shows a dozen of them (the CSV) or all (`explain`, the HTML page).
///
/// The line is the solver's witness, as it found it: a proof, often a
/// long one. [`Helpmate::short`] searches a shorter one for a person to
/// read.
#[derive(Debug, Clone)]
pub struct Helpmate {
    start: Chess,
    /// The solver's line, as it found it.
    found: Vec<Move>,
    /// The short line, searched when first asked for: a confirmed row's
    /// reason cites the witness, and only the rows, pages and explanations
    /// a person reads pay for the search. Shared by the copies the
    /// solver's memory hands out, so it is searched once.
    short: Arc<OnceLock<Vec<Move>>>,
}

/// Two helpmates are the same line from the same position as found: the
/// line shown follows from them.
impl PartialEq for Helpmate {
    fn eq(&self, other: &Helpmate) -> bool {
        self.start == other.start && self.found == other.found
    }
}

impl Eq for Helpmate {}

impl Helpmate {
    /// A line shown as it is.
    pub(super) fn fixed(start: Chess, moves: Vec<Move>) -> Helpmate {
        Helpmate {
            start,
            found: moves.clone(),
            short: Arc::new(OnceLock::from(moves)),
        }
    }

    /// A line of moves from `start` that ends in mate and that some
    /// other search found (a forced mate's main line), shown as it is.
    pub(crate) fn line(start: Chess, moves: Vec<Move>) -> Helpmate {
        Helpmate::fixed(start, moves)
    }

    /// The line for a person to read: this one with the moves it does
    /// without left out, or a shorter helpmate from the same position
    /// that the bounded search finds ([`SHOWN_MATE_NODES`] positions in
    /// all). Searched once for all the copies of this line.
    pub fn short(&self) -> Helpmate {
        let moves = self
            .short
            .get_or_init(|| shortened(&self.start, self.loser(), &self.found));
        Helpmate::fixed(self.start.clone(), moves.clone())
    }

    /// The side the line mates: the one to move at its end.
    fn loser(&self) -> Color {
        let mut end = self.start.clone();
        for &m in &self.found {
            end.play_unchecked(m);
        }
        end.turn()
    }

    /// The plies of the line.
    pub fn len(&self) -> usize {
        self.moves().len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves().is_empty()
    }

    /// The position the line starts from.
    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// The whole line in SAN.
    pub fn san(&self) -> Vec<String> {
        self.san_where(|_| true)
            .into_iter()
            .map(|(_, s)| s)
            .collect()
    }

    /// The SAN of the plies `shown` picks (0-based), with their indices;
    /// the others are only played.
    pub fn san_where(&self, shown: impl Fn(usize) -> bool) -> Vec<(usize, String)> {
        let mut pos = self.start.clone();
        let mut out = Vec::new();
        for (i, &m) in self.moves().iter().enumerate() {
            if shown(i) {
                out.push((
                    i,
                    SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string(),
                ));
            } else {
                pos.play_unchecked(m);
            }
        }
        out
    }

    /// `41...Kg8 42. Qg7#`: the line with move numbers. Unless `whole`, a
    /// line of more than twelve plies is shortened to its first ten and its
    /// last two, with its length (the solver's helpmates are proofs, not
    /// the shortest ones).
    ///
    /// ```
    /// use pgn_arbiter::board::helpmate::{can_checkmate, position, Mate};
    /// use shakmaty::Color;
    /// let pos = position("8/8/4k3/r7/8/3K4/5N2/8 b - - 0 1").unwrap();
    /// let Mate::Possible(line) = can_checkmate(&pos, Color::White) else { panic!() };
    /// let whole = line.text(true);
    /// assert!(whole.starts_with("1..."), "{whole}");
    /// assert!(whole.ends_with('#'), "{whole}");
    /// if line.len() > 12 {
    ///     assert!(line.text(false).ends_with(&format!("a helpmate of {} plies", line.len())));
    /// }
    /// ```
    pub fn text(&self, whole: bool) -> String {
        const SHOWN: usize = 12;
        let n = self.len();
        let short = !whole && n > SHOWN;
        let shown = |i: usize| !short || i < SHOWN - 2 || i >= n - 2;
        let white_first = self.start.turn() == Color::White;
        let first = self.start.fullmoves().get() as usize;
        let mut out = Vec::with_capacity(n.min(SHOWN));
        for (i, san) in self.san_where(shown) {
            // Plies before this one, counted from White's move of `first`.
            let k = i + usize::from(!white_first);
            let number = first + k / 2;
            let after_gap = short && i == n - 2;
            out.push(match k % 2 {
                0 => format!("{number}. {san}"),
                _ if i == 0 || after_gap => format!("{number}...{san}"),
                _ => san,
            });
        }
        if short {
            let tail = out.split_off(SHOWN - 2);
            return format!(
                "{} … {}, a helpmate of {n} plies",
                out.join(" "),
                tail.join(" ")
            );
        }
        out.join(" ")
    }

    /// The moves as played, for stepping through them on a board.
    pub fn moves(&self) -> &[Move] {
        &self.found
    }
}

/// The solver's helpmate as moves of `pos`, read off the board without
/// asking for legal moves (the solver's line is legal).
pub(super) fn helpmate(pos: &Chess, line: &[chess::ChessMove]) -> Helpmate {
    let mut board = pos.clone();
    let mut moves = Vec::with_capacity(line.len());
    for m in line {
        let Some(mv) = to_move(&board, *m) else {
            break;
        };
        board.play_unchecked(mv);
        moves.push(mv);
    }
    Helpmate {
        start: pos.clone(),
        found: moves,
        short: Arc::default(),
    }
}

fn to_move(pos: &Chess, m: chess::ChessMove) -> Option<Move> {
    let from = Square::new(m.get_source().to_index() as u32);
    let to = Square::new(m.get_dest().to_index() as u32);
    let board = pos.board();
    let role = board.role_at(from)?;
    if role == Role::King && from.file().distance(to.file()) == 2 {
        let rook = if to.file() > from.file() {
            File::H
        } else {
            File::A
        };
        return Some(Move::Castle {
            king: from,
            rook: Square::from_coords(rook, from.rank()),
        });
    }
    let capture = board.role_at(to);
    if role == Role::Pawn && from.file() != to.file() && capture.is_none() {
        return Some(Move::EnPassant { from, to });
    }
    let promotion = m.get_promotion().map(|p| match p {
        chess::Piece::Knight => Role::Knight,
        chess::Piece::Bishop => Role::Bishop,
        chess::Piece::Rook => Role::Rook,
        _ => Role::Queen,
    });
    Some(Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    })
}
