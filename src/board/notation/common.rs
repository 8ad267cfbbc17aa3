//! The commonest shapes of SAN read without shakmaty's general parser:
//! `e4`, `Nf3`, `Nxe5`, `exd5`, `O-O`, `O-O-O` — 97 % of the moves of the
//! lichess sample. shakmaty's parser takes every form SAN has
//! (disambiguation, promotion, drops) and costs about a hundred
//! instructions a move, a sixth of a fast audit's replay; these few shapes
//! cost a few. Anything else goes to shakmaty's parser, and the test below
//! checks that every string of these shapes reads as shakmaty reads it.

use shakmaty::san::San;
use shakmaty::{CastlingSide, File, Rank, Role, Square};

/// The SAN `core` (without `+` or `#`) when it has one of the common
/// shapes; `None` for any other text, which may still be SAN.
pub(super) fn common_san(core: &[u8]) -> Option<San> {
    match *core {
        [file, rank] => Some(normal(Role::Pawn, None, false, square(file, rank)?)),
        [b'O', b'-', b'O'] => Some(San::Castle(CastlingSide::KingSide)),
        [piece, file, rank] => Some(normal(role(piece)?, None, false, square(file, rank)?)),
        [lead, b'x', file, rank] => {
            let to = square(file, rank)?;
            match role(lead) {
                Some(piece) => Some(normal(piece, None, true, to)),
                None => Some(normal(Role::Pawn, Some(file_of(lead)?), true, to)),
            }
        }
        [b'O', b'-', b'O', b'-', b'O'] => Some(San::Castle(CastlingSide::QueenSide)),
        _ => None,
    }
}

fn normal(role: Role, file: Option<File>, capture: bool, to: Square) -> San {
    San::Normal {
        role,
        file,
        rank: None,
        capture,
        to,
        promotion: None,
    }
}

/// A piece's letter (a pawn has none in SAN).
fn role(letter: u8) -> Option<Role> {
    match letter {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    }
}

fn file_of(letter: u8) -> Option<File> {
    letter
        .checked_sub(b'a')
        .filter(|&f| f < 8)
        .map(|f| File::new(u32::from(f)))
}

fn square(file: u8, rank: u8) -> Option<Square> {
    let rank = rank.checked_sub(b'1').filter(|&r| r < 8)?;
    Some(Square::from_coords(
        file_of(file)?,
        Rank::new(u32::from(rank)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string of up to four bytes over the letters SAN uses reads
    /// here exactly as shakmaty's parser reads it, or is left to that
    /// parser; of five bytes only `O-O-O` has a common shape.
    #[test]
    fn every_common_shape_reads_as_shakmaty_reads_it() {
        let alphabet = b"abcdefghi0123456789NBRQKPOx-=+#";
        let mut read_here = 0;
        for len in 1..=4u32 {
            for mut n in 0..alphabet.len().pow(len) {
                let text: Vec<u8> = (0..len)
                    .map(|_| {
                        let c = alphabet[n % alphabet.len()];
                        n /= alphabet.len();
                        c
                    })
                    .collect();
                if let Some(san) = common_san(&text) {
                    read_here += 1;
                    assert_eq!(Some(san), San::from_ascii(&text).ok(), "{text:?}");
                }
            }
        }
        // 64 pawn moves, 5 x 64 piece moves, 5 x 64 + 8 x 64 captures, `O-O`.
        assert_eq!(read_here, 64 + 320 + 320 + 512 + 1);
        assert_eq!(common_san(b"O-O-O"), San::from_ascii(b"O-O-O").ok());
        for longer in [&b"Nbxd2"[..], b"exd6e", b"a8=Q+", b"R1xa2", b"O-O-O-O"] {
            assert_eq!(common_san(longer), None, "{longer:?}");
        }
    }
}
