//! The data a game page steps through: the board after every recorded move
//! and along the helpmate the verdict rests on, as FEN piece placements
//! for the page's little script to draw (`replay.js`).

use std::fmt::Write as _;

use shakmaty::{Chess, Move, Position, Square};

use crate::board::helpmate::Helpmate;
use crate::board::permissive::State;
use crate::laws::Game;

/// The most plies a page lets one step through: a page stays small (a
/// 10,000-ply game in long algebraic would otherwise carry 600 KB).
pub const MAX_PLIES: usize = 1_000;

/// One move of the move list.
pub struct MoveView {
    pub ply: usize,
    /// `12.` or `12...` and the move as written.
    pub text: String,
    /// The mover's clock after it, when recorded.
    pub clock: String,
    /// An incident concerns this move.
    pub incident: bool,
}

/// The move list, and the JSON the script reads: `moves[k]` is the board
/// after ply `k` (0: the start), `mate[k]` the board after ply `k` of the
/// helpmate.
pub fn views(
    game: &Game<'_>,
    incident_plies: &[usize],
    helpmate: Option<&Helpmate>,
) -> (Vec<MoveView>, String) {
    let plies = game.plies().min(MAX_PLIES);
    let mut state = game.replay.start.clone();
    let mut boards = vec![entry(&state, None, "the starting position")];
    let mut moves = Vec::with_capacity(plies);
    for ply in 1..=plies {
        game.replay.play_ply(&mut state, ply);
        let written = String::from_utf8_lossy(game.record.token(&game.record.moves[ply - 1]));
        let text = game.replay.numbered(ply, &written);
        let mv = game.replay.steps[ply - 1].mv;
        boards.push(entry(&state, mv, &format!("after {text}")));
        moves.push(MoveView {
            ply,
            text,
            clock: game.record.moves[ply - 1]
                .clock
                .map(|c| c.to_string())
                .unwrap_or_default(),
            incident: incident_plies.contains(&ply),
        });
    }
    let mate = helpmate.map(mate_entries).unwrap_or_default();
    let json = format!(
        "{{\"moves\":[{}],\"mate\":[{}]}}",
        boards.join(","),
        mate.join(",")
    );
    (moves, json)
}

fn mate_entries(line: &Helpmate) -> Vec<String> {
    let mut pos: Chess = line.start().clone();
    let mut out = vec![board_entry(&pos, None, "")];
    for (i, san) in line.san_where(|_| true) {
        let m = line.moves()[i];
        pos.play_unchecked(m);
        out.push(board_entry(&pos, Some(m), &san));
    }
    out
}

fn entry(state: &State, mv: Option<Move>, label: &str) -> String {
    let setup = state.setup();
    json_entry(&setup.board.to_string(), mv, label)
}

fn board_entry(pos: &Chess, mv: Option<Move>, label: &str) -> String {
    json_entry(&pos.board().to_string(), mv, label)
}

fn json_entry(placement: &str, mv: Option<Move>, label: &str) -> String {
    let name = |sq: Option<Square>| sq.map(|s| s.to_string()).unwrap_or_default();
    let (from, to) = mv.map_or((None, None), |m| (m.from(), Some(m.to())));
    let mut out = String::new();
    let _ = write!(
        out,
        "[\"{placement}\",\"{}\",\"{}\",\"{}\"]",
        name(from),
        name(to),
        escape(label)
    );
    out
}

/// A string safe inside a JSON string inside a `<script>` element.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_cannot_close_the_script() {
        assert_eq!(escape("</script>\"x\\"), "\\u003c/script\\u003e\\\"x\\\\");
    }
}
