//! Replay: play a parsed game's moves on the board, from the standard
//! position or its `FEN`/`SetUp` tags, standard chess or Chess960.

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::{CastlingMode, CastlingSide, Chess, Color, Move, Position, PositionError};

use crate::parse::GameRecord;

/// A game played out on the board.
#[derive(Debug, Clone)]
pub struct Replay {
    pub start: Chess,
    pub castling_mode: CastlingMode,
    /// The moves that were played, in order; `moves[k]` is ply `k + 1`.
    pub moves: Vec<Move>,
    /// The position after the last played move.
    pub end: Chess,
    /// Set when a recorded move could not be played: replay stopped there.
    pub stop: Option<Stop>,
}

/// A recorded move that could not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stop {
    /// Index of the move token in the record (= the ply it would have been,
    /// minus one).
    pub token: usize,
    pub why: String,
}

/// Why a game cannot be replayed at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    Variant(String),
    Setup(String),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Variant(v) => write!(f, "variant \"{v}\" is not standard chess"),
            ReplayError::Setup(why) => write!(f, "the FEN tag cannot be set up: {why}"),
        }
    }
}

impl Replay {
    /// The position after `ply` plies (0 = the start).
    pub fn position_at(&self, ply: usize) -> Chess {
        let mut pos = self.start.clone();
        for m in &self.moves[..ply.min(self.moves.len())] {
            pos.play_unchecked(*m);
        }
        pos
    }

    /// `23.` or `23...`: the move number of ply `ply` (1-based).
    pub fn move_label(&self, ply: usize) -> String {
        let idx = ply.saturating_sub(1) + usize::from(self.start.turn() == Color::Black);
        let number = self.start.fullmoves().get() as usize + idx / 2;
        if idx.is_multiple_of(2) {
            format!("{number}.")
        } else {
            format!("{number}...")
        }
    }

    /// `23. Nf3` or `23...Nf6`: a move with its number.
    pub fn numbered(&self, ply: usize, san: &str) -> String {
        let label = self.move_label(ply);
        let gap = if label.ends_with("...") { "" } else { " " };
        format!("{label}{gap}{san}")
    }

    /// The side that makes ply `ply` (1-based).
    pub fn mover(&self, ply: usize) -> Color {
        let white_first = self.start.turn() == Color::White;
        if (ply % 2 == 1) == white_first {
            Color::White
        } else {
            Color::Black
        }
    }

    /// SAN of ply `ply` (1-based) as it is played from `before`.
    pub fn san(&self, before: &Chess, ply: usize) -> String {
        self.moves
            .get(ply.wrapping_sub(1))
            .map(|&m| SanPlus::from_move(before.clone(), m).to_string())
            .unwrap_or_default()
    }
}

/// Which rules of movement a game's `Variant` tag asks for.
fn castling_mode(variant: Option<&str>) -> Result<Option<CastlingMode>, ReplayError> {
    let Some(v) = variant else {
        return Ok(None);
    };
    let norm: String = v
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    match norm.as_str() {
        "" | "standard" | "normal" | "fromposition" | "chess" => Ok(None),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "freestyle" => {
            Ok(Some(CastlingMode::Chess960))
        }
        _ => Err(ReplayError::Variant(v.to_string())),
    }
}

fn setup(record: &GameRecord<'_>) -> Result<(Chess, CastlingMode), ReplayError> {
    let declared = castling_mode(record.tags.variant.as_deref())?;
    let Some(fen) = record.tags.fen.as_deref().filter(|f| !f.trim().is_empty()) else {
        return Ok((Chess::default(), declared.unwrap_or(CastlingMode::Standard)));
    };
    let fen: Fen = fen
        .trim()
        .parse()
        .map_err(|e| ReplayError::Setup(format!("{e} in \"{fen}\"")))?;
    // A FEN whose castling rights only make sense in Chess960 is Chess960.
    let mode = declared.unwrap_or_else(|| {
        let strict = fen.clone().into_position::<Chess>(CastlingMode::Standard);
        let is_960 = strict.is_err()
            && fen
                .clone()
                .into_position::<Chess>(CastlingMode::Chess960)
                .is_ok();
        if is_960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    });
    fen.into_position::<Chess>(mode)
        .or_else(PositionError::ignore_invalid_castling_rights)
        .map(|pos| (pos, mode))
        .map_err(|e| ReplayError::Setup(e.to_string()))
}

/// Plays every recorded move that can be played.
pub fn replay(record: &GameRecord<'_>) -> Result<Replay, ReplayError> {
    let (start, castling_mode) = setup(record)?;
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(record.moves.len());
    let mut stop = None;
    for (i, token) in record.moves.iter().enumerate() {
        let text = record.token(token);
        match read_move(&pos, text) {
            Ok(m) => {
                pos.play_unchecked(m);
                moves.push(m);
            }
            Err(why) => {
                stop = Some(Stop { token: i, why });
                break;
            }
        }
    }
    Ok(Replay {
        start,
        castling_mode,
        moves,
        end: pos,
        stop,
    })
}

/// Reads one move token as a legal move in `pos`.
fn read_move(pos: &Chess, text: &[u8]) -> Result<Move, String> {
    let shown = String::from_utf8_lossy(text);
    let san = match SanPlus::from_ascii(text) {
        Ok(s) => s.san,
        Err(_) => zero_castling(text).ok_or_else(|| format!("`{shown}` is not a move"))?,
    };
    if matches!(san, San::Null) {
        return Err(format!("`{shown}` is a null move"));
    }
    san.to_move(pos)
        .map_err(|_| format!("`{shown}` is not a legal move here"))
}

/// `0-0` and `0-0-0`, written with zeros.
fn zero_castling(text: &[u8]) -> Option<San> {
    let core = text
        .strip_suffix(b"+")
        .or(text.strip_suffix(b"#"))
        .unwrap_or(text);
    match core {
        b"0-0" => Some(San::Castle(CastlingSide::KingSide)),
        b"0-0-0" => Some(San::Castle(CastlingSide::QueenSide)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_game;

    #[test]
    fn replays_and_stops_at_bad_move() {
        let rec = parse_game(b"1. e4 e5 2. Nf3 0-0 3. Nf9 *");
        let r = replay(&rec).unwrap();
        assert_eq!(r.moves.len(), 3);
        let stop = r.stop.clone().unwrap();
        assert_eq!(stop.token, 3);
        assert!(stop.why.contains("0-0"), "{}", stop.why);
        assert_eq!(r.move_label(4), "2...");
        assert_eq!(r.mover(3), Color::White);
    }

    #[test]
    fn fen_start_and_labels() {
        let rec = parse_game(
            b"[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n[SetUp \"1\"]\n\n30... Kd7 31. e4 *",
        );
        let r = replay(&rec).unwrap();
        assert_eq!(r.moves.len(), 2);
        assert_eq!(r.move_label(1), "30...");
        assert_eq!(r.move_label(2), "31.");
        assert_eq!(r.mover(1), Color::Black);
        assert_eq!(r.san(&r.position_at(1), 2), "e4");
    }

    #[test]
    fn variants_and_960() {
        let rec = parse_game(b"[Variant \"Crazyhouse\"]\n\n1. e4 *");
        assert_eq!(
            replay(&rec).unwrap_err(),
            ReplayError::Variant("Crazyhouse".into())
        );
        let rec = parse_game(
            b"[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 Nd7 10. Ng2 *",
        );
        let r = replay(&rec).unwrap();
        assert_eq!(r.castling_mode, CastlingMode::Chess960);
        assert!(r.stop.is_none(), "{:?}", r.stop);
        let rec = parse_game(b"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*");
        assert!(matches!(replay(&rec), Err(ReplayError::Setup(_))));
    }
}
