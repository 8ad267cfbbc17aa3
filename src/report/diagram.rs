//! Board diagrams for a terminal: Unicode pieces, White at the bottom, the
//! squares of a move highlighted when colour is on.

use shakmaty::{Board, Color, File, Rank, Role, Square};

/// The Unicode figure of a piece (♔ … ♟).
pub(crate) fn glyph(color: Color, role: Role) -> char {
    match (color, role) {
        (Color::White, Role::King) => '♔',
        (Color::White, Role::Queen) => '♕',
        (Color::White, Role::Rook) => '♖',
        (Color::White, Role::Bishop) => '♗',
        (Color::White, Role::Knight) => '♘',
        (Color::White, Role::Pawn) => '♙',
        (Color::Black, Role::King) => '♚',
        (Color::Black, Role::Queen) => '♛',
        (Color::Black, Role::Rook) => '♜',
        (Color::Black, Role::Bishop) => '♝',
        (Color::Black, Role::Knight) => '♞',
        (Color::Black, Role::Pawn) => '♟',
    }
}

/// The board as lines of text. `marked` squares are shown in reverse video
/// when `color` is on, and in brackets otherwise.
///
/// ```
/// use pgn_arbiter::report::diagram::text;
/// let d = text(&shakmaty::Board::default(), &[], false);
/// assert!(d.starts_with("8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜"));
/// assert!(d.ends_with("   a b c d e f g h\n"));
/// ```
pub fn text(board: &Board, marked: &[Square], color: bool) -> String {
    let mut out = String::new();
    for rank in Rank::ALL.into_iter().rev() {
        out.push_str(&format!("{}  ", rank.char()));
        for file in File::ALL {
            let sq = Square::from_coords(file, rank);
            let piece = board.piece_at(sq).map_or('·', |p| glyph(p.color, p.role));
            let last = file == File::H;
            match (marked.contains(&sq), color) {
                (true, true) => out.push_str(&format!("\x1b[7m{piece}\x1b[0m")),
                (true, false) => {
                    // Brackets replace the spaces around the square.
                    if out.ends_with(' ') {
                        out.pop();
                    }
                    out.push_str(&format!("[{piece}]"));
                    continue;
                }
                _ => out.push(piece),
            }
            if !last {
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_squares() {
        let plain = text(&Board::default(), &[Square::E2, Square::E4], false);
        assert!(plain.contains("♙ ♙ ♙ ♙[♙]♙ ♙ ♙"), "{plain}");
        assert!(plain.contains("· · · ·[·]· · ·"), "{plain}");
        let colored = text(&Board::default(), &[Square::E2], true);
        assert!(colored.contains("\x1b[7m♙\x1b[0m"));
    }
}
