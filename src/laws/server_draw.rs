//! A server's own decisions, in its own terms: FICS, lichess and chess.com
//! draw a game lost on time when, by their count of material, the side on
//! time cannot mate; chess.com draws "by insufficient material" positions
//! in which a mate can still be helped, which the Laws do not draw.

use shakmaty::{Color, Position};

use super::Game;
use super::phrase::mate_phrase;
use super::side_name;
use crate::board::helpmate::{Helpmate, Mate};
use crate::model::outcome::GameResult;
use crate::model::verdict::{Clause, Verdict};
use crate::read::ending::{Ending, Statement};

/// A draw the record states "by insufficient material" where the final
/// position is not dead: a side can still checkmate with the help of the
/// other, so under the Laws the game would have gone on, and no correct
/// result can be read from the record. `review`, with the helpmate. (A
/// dead position is found on the board first, and confirms the draw.)
pub(super) fn draw_the_laws_do_not_have(
    game: &Game<'_>,
    recorded: GameResult,
) -> Option<(Verdict, Option<Helpmate>)> {
    let said = game
        .statement
        .as_ref()
        .filter(|s| s.ending == Ending::InsufficientMaterial && recorded == GameResult::Draw)?;
    let ply = game.plies();
    let (side, answer) = [Color::White, Color::Black]
        .into_iter()
        .map(|side| (side, game.can_mate(ply, side)))
        .find(|(_, a)| matches!(a.mate, Mate::Possible(_) | Mate::NotShownImpossible))?;
    let reason = format!(
        "{} scored a draw by insufficient material ({}), which the Laws do not have here: the \
         position is not dead, {}; under the Laws the game would have gone on, so no correct \
         result can be read from the record",
        said.server.unwrap_or("the record"),
        said.quoted(),
        mate_phrase(side, &answer)
    );
    let verdict = Verdict::decide(recorded, recorded, Clause::AsRecorded, ply, reason);
    Some((verdict.for_review(), answer.mate.into_helpmate()))
}

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
