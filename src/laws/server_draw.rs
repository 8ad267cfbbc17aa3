//! A server's own decision on a flag fall, in its own terms: FICS, lichess
//! and chess.com draw a game lost on time when, by their count of material,
//! the side on time cannot mate.

use shakmaty::{Color, Position};

use super::Game;
use super::side_name;
use crate::model::outcome::GameResult;
use crate::read::ending::Statement;

/// "FICS scored it a draw because by its count White (king and knight) has
/// no mating material": a server that drew a game lost on time, in its own
/// terms.
pub(super) fn server_draw(
    game: &Game<'_>,
    said: Option<&Statement>,
    recorded: GameResult,
    ply: usize,
    claimant: Color,
) -> Option<String> {
    let said = said.filter(|_| recorded == GameResult::Draw)?;
    let who = said.server.unwrap_or("the record");
    let material = game
        .legal_position(ply)
        .map(|(pos, _)| format!(" ({})", material(pos.board(), claimant)))
        .unwrap_or_default();
    Some(format!(
        "{who} scored it a draw because by its count {}{material} has no mating material",
        side_name(claimant)
    ))
}

/// "king and knight", "king, bishop and 2 pawns".
fn material(board: &shakmaty::Board, side: Color) -> String {
    use shakmaty::Role;
    let mut parts = vec!["king".to_string()];
    for role in [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ] {
        let n = (board.by_color(side) & board.by_role(role)).count();
        let name = format!("{role:?}").to_lowercase();
        match n {
            0 => {}
            1 => parts.push(name),
            n => parts.push(format!("{n} {name}s")),
        }
    }
    match parts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => "bare king".to_string(),
    }
}
