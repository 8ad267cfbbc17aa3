//! What was found of a server's own draw: one the Laws do not have, or a
//! game lost on time that a server scored drawn by its count of material.

use shakmaty::{Board, Color, Role};

use super::CanMate;
use crate::model::outcome::GameResult;
use crate::read::ending::Quote;

#[derive(Debug, Clone, PartialEq)]
pub enum ServerFinding {
    /// A draw by insufficient material (its words quoted in `says`, with
    /// the server that wrote them, if one did) in a position that is not
    /// dead.
    NotInTheLaws { says: Quote, mate: Box<CanMate> },
    /// A server drew a game lost on time because by its count `side`
    /// (with `material`, where a legal position shows it) cannot mate.
    NoMatingMaterial {
        server: &'static str,
        side: Color,
        material: Option<Material>,
    },
    /// A record no server kept gives a draw and no reason.
    DrawWithoutReason(GameResult),
}

/// One side's pieces besides its king.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Material {
    /// Queens, rooks, bishops, knights, pawns.
    pub counts: [usize; 5],
}

impl Material {
    /// The order of [`Material::counts`].
    pub const ROLES: [Role; 5] = [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];

    pub fn of(board: &Board, side: Color) -> Material {
        let count = |role| (board.by_color(side) & board.by_role(role)).count();
        Material {
            counts: Material::ROLES.map(count),
        }
    }
}
