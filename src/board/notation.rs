//! Notation: what a move token says, in any of the ways people write moves.
//!
//! Strict SAN goes straight to shakmaty's parser. Everything else that is
//! unambiguous is read too — castling with zeros, long algebraic `Ng1-f3`,
//! UCI `e7e8q`, promotion without `=`, an `e.p.` suffix, null
//! moves — and the reading remembers what was irregular, so the report can
//! say so without it counting against the player.

use shakmaty::san::San;
use shakmaty::{CastlingSide, Role, Square};

mod common;
use common::common_san;

/// What a token asks for, before it is matched against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    San(San),
    /// Long algebraic or UCI: origin and target squares are given.
    Squares {
        role: Option<Role>,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
    /// `--`, `Z0`, `0000`: a pass.
    Null,
}

/// A token read as a move, with what was irregular about its notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    pub written: Written,
    pub irregular: Option<Irregular>,
}

/// How a move was written other than as PGN's SAN writes it, read as meant
/// (worded by `laws/phrase/verdict.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Irregular {
    /// `0-0`.
    CastlingWithZeros,
    /// `o-o`, `O‑O` with another dash.
    CastlingOtherwise,
    /// `--`, `Z0`: a pass.
    NullMove,
    /// `exf6e.p.`.
    EnPassantMarked,
    /// `e2-e4`, `Nb1-b3`.
    LongAlgebraic,
    /// `e7e8q`.
    Uci,
    /// `e8Q`, `cxd8(Q)`.
    PromotionWithoutEquals,
    /// A capture written without `x`.
    CaptureWithoutX,
    /// `x` on a move that captures nothing.
    XWithoutCapture,
}

impl Reading {
    fn new(written: Written, irregular: Option<Irregular>) -> Reading {
        Reading { written, irregular }
    }
}

/// Reads a move token; `None` when it is not a move in any notation.
///
/// ```
/// use pgn_arbiter::board::notation::{Irregular, read, Written};
/// assert!(read(b"Nf3").unwrap().irregular.is_none());
/// assert_eq!(read(b"0-0").unwrap().irregular, Some(Irregular::CastlingWithZeros));
/// assert!(matches!(read(b"g1f3").unwrap().written, Written::Squares { .. }));
/// assert!(read(b"hello").is_none());
/// ```
pub fn read(token: &[u8]) -> Option<Reading> {
    let core = strip_check(token);
    if let Some(san) = common_san(core) {
        return Some(Reading::new(Written::San(san), None));
    }
    match San::from_ascii(core) {
        Ok(San::Null) => return Some(Reading::new(Written::Null, Some(Irregular::NullMove))),
        // A pawn is never disambiguated by its whole square in SAN: `g1f3`
        // and `e7e5` are UCI.
        Ok(San::Normal {
            role: Role::Pawn,
            file: Some(_),
            rank: Some(_),
            ..
        }) => {}
        Ok(san) => return Some(Reading::new(Written::San(san), None)),
        Err(_) => {}
    }
    read_irregular(token)
}

/// `+`, `#`, `++` at the end carry no information the board does not.
fn strip_check(token: &[u8]) -> &[u8] {
    let mut t = token;
    while let [rest @ .., b'+' | b'#'] = t {
        t = rest;
    }
    t
}

fn read_irregular(token: &[u8]) -> Option<Reading> {
    let text = std::str::from_utf8(token).ok()?;
    // Dashes of every kind, as word processors write them.
    let text: String = text
        .chars()
        .map(|c| match c {
            '‑' | '‐' | '–' | '—' | '−' => '-',
            c => c,
        })
        .collect();
    let core = strip_check(text.as_bytes());
    if let Some(side) = castling(core) {
        let what = if core.contains(&b'0') {
            Irregular::CastlingWithZeros
        } else {
            Irregular::CastlingOtherwise
        };
        return Some(Reading::new(Written::San(San::Castle(side)), Some(what)));
    }
    if matches!(core, b"--" | b"Z0" | b"0000" | b"@@@@") {
        return Some(Reading::new(Written::Null, Some(Irregular::NullMove)));
    }
    // `exf6ep`, `exf6e.p.`: the suffix says nothing the board does not.
    for suffix in [&b"e.p."[..], b"ep", b"e.p"] {
        if let Some(rest) = core.strip_suffix(suffix)
            && let Ok(san) = San::from_ascii(strip_check(rest))
        {
            return Some(Reading::new(
                Written::San(san),
                Some(Irregular::EnPassantMarked),
            ));
        }
    }
    if let Some(written) = squares(core) {
        let what = if core.iter().any(|&c| c == b'-' || c == b'x' || c == b':') {
            Irregular::LongAlgebraic
        } else {
            Irregular::Uci
        };
        return Some(Reading::new(written, Some(what)));
    }
    if let Some(san) = promotion_without_equals(core) {
        return Some(Reading::new(
            Written::San(san),
            Some(Irregular::PromotionWithoutEquals),
        ));
    }
    None
}

fn castling(core: &[u8]) -> Option<CastlingSide> {
    let lower: Vec<u8> = core.iter().map(u8::to_ascii_lowercase).collect();
    match lower.as_slice() {
        b"0-0" | b"o-o" | b"00" | b"oo" => Some(CastlingSide::KingSide),
        b"0-0-0" | b"o-o-o" | b"000" | b"ooo" => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

/// `e8Q`, `exd8Q`, `e8(Q)`, `e8/Q` → `e8=Q`.
fn promotion_without_equals(core: &[u8]) -> Option<San> {
    let (body, piece) = match core {
        [body @ .., b'(', p, b')'] | [body @ .., b'/', p] => (body, *p),
        [body @ .., p] if b"QRBNqrbn".contains(p) => (body, *p),
        _ => return None,
    };
    let last = body.last()?;
    if !matches!(last, b'1' | b'8') {
        return None;
    }
    let mut fixed = body.to_vec();
    fixed.push(b'=');
    fixed.push(piece.to_ascii_uppercase());
    match San::from_ascii(&fixed) {
        Ok(
            san @ San::Normal {
                role: Role::Pawn, ..
            },
        ) => Some(san),
        _ => None,
    }
}

/// `Ng1-f3`, `e2-e4`, `Nb1xb3`, `g1f3`, `e7e8q`, `e7-e8=Q`.
fn squares(core: &[u8]) -> Option<Written> {
    let (role, rest) = match core.first()? {
        c @ (b'K' | b'Q' | b'R' | b'B' | b'N' | b'P') => {
            (Role::from_char(char::from(*c)), &core[1..])
        }
        _ => (None, core),
    };
    let from = square(rest.get(..2)?)?;
    let mut rest = &rest[2..];
    if let [b'-' | b'x' | b':', tail @ ..] = rest {
        rest = tail;
    }
    let to = square(rest.get(..2)?)?;
    let promotion = match &rest[2..] {
        [] => None,
        [b'=', p] | [p] | [b'(', p, b')'] => {
            Some(Role::from_char(char::from(p.to_ascii_lowercase()))?)
        }
        _ => return None,
    };
    let role = role.filter(|&r| r != Role::Pawn).or(match core.first() {
        Some(b'P') => Some(Role::Pawn),
        _ => None,
    });
    Some(Written::Squares {
        role,
        from,
        to,
        promotion,
    })
}

fn square(s: &[u8]) -> Option<Square> {
    Square::from_ascii(s).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn irregular(t: &str) -> Option<Irregular> {
        read(t.as_bytes()).and_then(|r| r.irregular)
    }

    #[test]
    fn strict_san_is_regular() {
        for t in ["e4", "Nxf3", "exd8=Q+", "O-O-O#", "Qh4#", "ed5", "Nxf3"] {
            let r = read(t.as_bytes()).unwrap_or_else(|| panic!("{t}"));
            assert!(r.irregular.is_none(), "{t}");
        }
    }

    #[test]
    fn irregular_forms() {
        assert_eq!(irregular("0-0-0"), Some(Irregular::CastlingWithZeros));
        assert_eq!(irregular("o-o"), Some(Irregular::CastlingOtherwise));
        assert_eq!(irregular("O‑O"), Some(Irregular::CastlingOtherwise));
        assert_eq!(irregular("e8Q"), Some(Irregular::PromotionWithoutEquals));
        assert_eq!(
            irregular("cxd8(Q)"),
            Some(Irregular::PromotionWithoutEquals)
        );
        assert_eq!(irregular("e2-e4"), Some(Irregular::LongAlgebraic));
        assert_eq!(irregular("Nb1-b3"), Some(Irregular::LongAlgebraic));
        assert_eq!(irregular("e7e8q"), Some(Irregular::Uci));
        assert_eq!(irregular("gxf6ep"), Some(Irregular::EnPassantMarked));
        assert_eq!(irregular("bxa6e.p."), Some(Irregular::EnPassantMarked));
        assert_eq!(irregular("Z0"), Some(Irregular::NullMove));
        assert_eq!(irregular("--"), Some(Irregular::NullMove));
        assert_eq!(irregular("Rh7++"), None);
    }

    #[test]
    fn squares_are_read() {
        let Some(Reading {
            written:
                Written::Squares {
                    role,
                    from,
                    to,
                    promotion,
                },
            ..
        }) = read(b"Nb1-b3")
        else {
            panic!()
        };
        assert_eq!(
            (role, from, to, promotion),
            (Some(Role::Knight), Square::B1, Square::B3, None)
        );
        let Some(Reading {
            written: Written::Squares { promotion, .. },
            ..
        }) = read(b"e7e8q")
        else {
            panic!()
        };
        assert_eq!(promotion, Some(Role::Queen));
    }

    #[test]
    fn not_moves() {
        for t in ["hello", "P-K4", "Kx", "+--", "e9", "N@f3x"] {
            assert!(read(t.as_bytes()).is_none(), "{t}");
        }
    }
}
