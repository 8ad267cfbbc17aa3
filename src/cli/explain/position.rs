//! `explain --fen`: whether each side can still checkmate in a position.

use shakmaty::{Color, Position};

use crate::board::helpmate::{Mate, can_checkmate, is_dead, position_or_why};
use crate::laws::side_name;
use crate::report::diagram;

/// Whether each side can still checkmate in a position.
pub(super) fn explain_fen(fen: &str, color: bool) -> Result<String, String> {
    let pos = position_or_why(fen).map_err(|why| format!("{fen}: {why}"))?;
    let mut out = String::new();
    for line in diagram::text(pos.board(), &[], color).lines() {
        out.push_str(&format!("    {line}\n"));
    }
    out.push_str(&format!("{} to move.\n", side_name(pos.turn())));
    for side in [Color::White, Color::Black] {
        let name = side_name(side);
        out.push_str(&match can_checkmate(&pos, side) {
            Mate::Possible(line) => {
                let game = line.short().text(true);
                format!("{name} can still checkmate, for example: {game}\n")
            }
            Mate::Impossible => {
                format!("{name} cannot checkmate by any possible series of legal moves.\n")
            }
            Mate::NotShownImpossible => {
                format!("{name} is not shown unable to checkmate (fast check).\n")
            }
            Mate::Undecided => {
                format!("Whether {name} can still checkmate could not be decided.\n")
            }
        });
    }
    if is_dead(&pos) {
        out.push_str("The position is dead: the game is over, drawn.\n");
    }
    Ok(out)
}
