//! The words of a server's own draw: one the Laws do not have, or a game
//! lost on time that a server scored drawn by its count of material.

use std::fmt;

use super::side_name;
use crate::laws::finding::server::{Material, ServerFinding};

impl fmt::Display for ServerFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerFinding::NotInTheLaws { says, mate } => write!(
                f,
                "{} scored a draw by insufficient material ({says}), which the Laws do not have \
                 here: the position is not dead, {mate}; under the Laws the game would have gone \
                 on, so no correct result can be read from the record",
                says.server.unwrap_or("the record")
            ),
            ServerFinding::NoMatingMaterial {
                server,
                side,
                material,
            } => {
                write!(
                    f,
                    "{server} scored it a draw because by its count {}",
                    side_name(*side)
                )?;
                if let Some(material) = material {
                    write!(f, " ({material})")?;
                }
                f.write_str(" has no mating material")
            }
            ServerFinding::DrawWithoutReason(recorded) => {
                write!(f, "the record gives {recorded} without saying why")
            }
        }
    }
}

/// "king and knight", "king, bishop and 2 pawns".
impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = vec!["king".to_string()];
        for (role, &n) in Material::ROLES.iter().zip(&self.counts) {
            let name = format!("{role:?}").to_lowercase();
            match n {
                0 => {}
                1 => parts.push(name),
                n => parts.push(format!("{n} {name}s")),
            }
        }
        match parts.split_last() {
            Some((last, rest)) if !rest.is_empty() => write!(f, "{} and {last}", rest.join(", ")),
            _ => f.write_str("bare king"),
        }
    }
}
