//! A server's own decisions, in its own terms: FICS, lichess and chess.com
//! draw a game lost on time when, by their count of material, the side on
//! time cannot mate; chess.com draws "by insufficient material" positions
//! in which a mate can still be helped, which the Laws do not draw.

use shakmaty::{Color, Position};

use super::Game;
use super::finding::server::{Material, ServerFinding};
use crate::board::helpmate::{Helpmate, Mate};
use crate::laws::verdict::Verdict;
use crate::model::outcome::GameResult;
use crate::model::verdict::Clause;
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
    let reason = ServerFinding::NotInTheLaws {
        says: said.words.clone(),
        mate: Box::new(answer.for_side(side)),
    };
    let verdict = Verdict::decide(recorded, recorded, Clause::AsRecorded, ply, reason);
    Some((verdict.for_review(), answer.mate.into_helpmate()))
}

/// "FICS scored it a draw because by its count White (king and knight) has
/// no mating material": a server that drew a game lost on time, in its own
/// terms. A record no server kept gives the draw without a reason: none is
/// made up for it.
pub(super) fn server_draw(
    game: &Game<'_>,
    said: Option<&Statement>,
    recorded: GameResult,
    ply: usize,
    claimant: Color,
) -> Option<ServerFinding> {
    let said = said.filter(|_| recorded == GameResult::Draw)?;
    let Some(who) = said.server() else {
        return Some(ServerFinding::DrawWithoutReason(recorded));
    };
    let position = game.legal_position(ply);
    Some(ServerFinding::NoMatingMaterial {
        server: who,
        side: claimant,
        material: position.map(|(pos, _)| Material::of(pos.board(), claimant)),
    })
}
