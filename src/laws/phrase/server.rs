//! The sentences of a server's own draw: one the Laws do not have, or a
//! game lost on time that a server scored drawn by its count of material.

use shakmaty::{Board, Color, Role};

use super::side_name;
use crate::model::outcome::GameResult;

/// Who scored the game, where no server is named.
pub(in crate::laws) const THE_RECORD: &str = "the record";

/// A draw by insufficient material (`server`'s, quoted as `says`) in a
/// position that is not dead (`mate` says who can still mate).
pub(in crate::laws) fn draw_not_in_the_laws(server: &str, says: &str, mate: &str) -> String {
    format!(
        "{server} scored a draw by insufficient material ({says}), which the Laws do not have \
         here: the position is not dead, {mate}; under the Laws the game would have gone on, so \
         no correct result can be read from the record"
    )
}

/// "FICS scored it a draw because by its count White (king and knight)
/// has no mating material".
pub(in crate::laws) fn no_mating_material(
    server: &str,
    side: Color,
    board: Option<&Board>,
) -> String {
    let material = board
        .map(|b| format!(" ({})", material(b, side)))
        .unwrap_or_default();
    format!(
        "{server} scored it a draw because by its count {}{material} has no mating material",
        side_name(side)
    )
}

/// A record no server kept, beside a flag fall, gives a draw and no reason.
pub(in crate::laws) fn draw_without_a_reason(recorded: GameResult) -> String {
    format!("the record gives {recorded} without saying why")
}

/// "king and knight", "king, bishop and 2 pawns".
fn material(board: &Board, side: Color) -> String {
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
