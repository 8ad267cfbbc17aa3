//! chess.com's TCN, the move list of a game object that carries no `pgn`:
//! two characters a move, each a square's index in one alphabet (a
//! promotion's target written as the piece and the file's step). Decoded
//! here into the moves played from the game's set-up, written as SAN; no
//! crate reads it (the format is chess.com's own, documented only by the
//! decoders people have written: a dozen lines).

use std::fmt::Write;

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position, Role, Square};

const ALPHABET: &[u8] =
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!?{~}(^)[_]@#$,./&-*++=";

/// The promotion pieces, three codes each (a step to the left, straight,
/// to the right).
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Knight, Role::Rook, Role::Bishop];

/// The movetext of `tcn` played from `fen` (the standard start when
/// `None`), numbered as PGN writes it, or why it cannot be read: a
/// character outside the alphabet, a drop (crazyhouse), a move that is not
/// legal where it stands (the ply named).
pub(super) fn movetext(tcn: &str, fen: Option<&str>) -> Result<String, String> {
    let mut pos = start(fen)?;
    let mut out = String::with_capacity(tcn.len() * 4);
    for (i, pair) in tcn.as_bytes().chunks(2).enumerate() {
        let ply = i + 1;
        let uci = uci(pair).ok_or_else(|| format!("the tcn's move {ply} cannot be read"))?;
        let m = uci
            .to_move(&pos)
            .map_err(|_| format!("the tcn's move {ply} ({uci}) is not legal where it stands"))?;
        let white = pos.turn().is_white();
        if white || i == 0 {
            let number = pos.fullmoves().get();
            let _ = write!(out, "{number}{} ", if white { "." } else { "..." });
        }
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m);
        let _ = write!(out, "{san} ");
    }
    out.truncate(out.trim_end().len());
    Ok(out)
}

fn start(fen: Option<&str>) -> Result<Chess, String> {
    let Some(fen) = fen else {
        return Ok(Chess::default());
    };
    let setup: Fen = fen
        .parse()
        .map_err(|e| format!("the game's initial_setup `{fen}` is no FEN: {e}"))?;
    setup
        .into_position(CastlingMode::Standard)
        .map_err(|e| format!("the game's initial_setup `{fen}` is no legal position: {e}"))
}

/// One move of two characters as UCI: from, to and the promotion piece.
fn uci(pair: &[u8]) -> Option<UciMove> {
    let index = |c: &u8| ALPHABET.iter().position(|a| a == c);
    let (from, code) = (index(pair.first()?)?, index(pair.get(1)?)?);
    let from_square = square(from)?;
    let (to, promotion) = match code {
        0..=63 => (code, None),
        64..=75 => {
            let forward: isize = if from < 16 { -8 } else { 8 };
            let step = (code as isize - 1) % 3 - 1;
            let to = usize::try_from(from as isize + forward + step).ok()?;
            (to, Some(PROMOTIONS[(code - 64) / 3]))
        }
        _ => return None,
    };
    Some(UciMove::Normal {
        from: from_square,
        to: square(to)?,
        promotion,
    })
}

fn square(index: usize) -> Option<Square> {
    u32::try_from(index)
        .ok()
        .filter(|&i| i < 64)
        .map(Square::new)
}

/// The position a decoded game ends in, as FEN's board, turn, castling and
/// en-passant fields: to check a decoding against the `fen` chess.com
/// writes beside it.
#[cfg(test)]
pub(super) fn final_fen(tcn: &str, fen: Option<&str>) -> Option<String> {
    let mut pos = start(fen).ok()?;
    for pair in tcn.as_bytes().chunks(2) {
        let m = uci(pair)?.to_move(&pos).ok()?;
        pos.play_unchecked(m);
    }
    Some(Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A real game of chess.com's API without `pgn` (BullyDev404/chessWrapped,
    /// `testData.js`: aegboye7's March 2025, game 134570352385): decoded, it
    /// ends in the position chess.com's own `fen` gives, mate by 34. Rh7#.
    #[test]
    fn a_real_games_tcn_ends_where_chess_com_says() {
        let tcn = "lBZJkA0Kow5Qfo6SBKQKAJSLmCLZgmYQegQJbsJCsC!TcM90MT0TCR89RX7PmDZQdRT0RKQogoPXnv0TKR9!fnTjabjKbXKRDJ3Vnj!3X1RqjX?!JT3?pF!6126kox4!2U!UX3";
        assert_eq!(
            final_fen(tcn, None).as_deref(),
            Some("7k/p6R/5Nrp/8/7P/b4PPK/P1r5/8 b - - 1 34")
        );
        let moves = movetext(tcn, None).unwrap();
        assert!(moves.starts_with("1. d4 d5 2. c4"), "{moves}");
        assert!(moves.ends_with("34. Rh7#"), "{moves}");
    }

    #[test]
    fn promotions_castling_and_black_first() {
        assert_eq!(movetext("mC0K", None).unwrap(), "1. e4 e5");
        // e7-e8=Q straight, d8=N to the left; castling king's side as e1-g1.
        let fen = "3r2k1/4P3/8/8/8/8/8/4K2R w K - 0 40";
        assert_eq!(movetext("0~", Some(fen)).unwrap(), "40. e8=Q+");
        assert_eq!(movetext("0(", Some(fen)).unwrap(), "40. exd8=N");
        assert_eq!(movetext("eg", Some(fen)).unwrap(), "40. O-O");
        let black = "4k3/8/8/8/8/8/8/4K3 b - - 0 7";
        assert_eq!(movetext("87", Some(black)).unwrap(), "7... Kd8");
    }

    #[test]
    fn what_cannot_be_read_is_named() {
        assert!(
            movetext("m\u{7f}", None)
                .unwrap_err()
                .contains("move 1 cannot be read")
        );
        assert!(
            movetext("mCmC", None)
                .unwrap_err()
                .contains("move 2 (e2e4) is not legal")
        );
        assert!(
            movetext("mC", Some("no fen"))
                .unwrap_err()
                .contains("is no FEN")
        );
    }
}
