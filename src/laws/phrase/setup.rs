//! The words of a set-up claim (15.4.1.2; A4a of 2009): too late, on a
//! correct set-up, or upheld.

use std::fmt;

use super::side_name;
use crate::board::replay::{WrongSetup, role_name};
use crate::laws::finding::setup::{Completed, SetupFinding};
use crate::model::outcome::colour_word;

impl fmt::Display for SetupFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupFinding::TooLate {
                by,
                window,
                done: Completed { white, black },
                clause,
            } => write!(
                f,
                "{} claimed a wrong set-up after each player had completed {} moves (White \
                 {white}, Black {black}); the claim cannot be accepted ({clause})",
                side_name(*by),
                in_words(*window)
            ),
            SetupFinding::SetupCorrect { by } => write!(
                f,
                "{} claimed a wrong set-up, but the starting position in the record is correct \
                 (a turned board cannot be seen in a record)",
                side_name(*by)
            ),
            SetupFinding::Upheld {
                by,
                move_text,
                done: Completed { white, black },
                clause,
                wrong,
            } => write!(
                f,
                "{} claimed after {move_text} (in time: White had completed {white} moves, Black \
                 {black}; {clause}) that {wrong}; the game should have been cancelled and \
                 replayed, so it has no result to confirm",
                side_name(*by)
            ),
        }
    }
}

/// "ten" for 10: the rules write their windows in words.
fn in_words(n: usize) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// `the pieces were set up wrongly: white king on d1, white queen on e1`.
impl fmt::Display for WrongSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pieces: Vec<String> = (self.misplaced.iter())
            .map(|(p, sq)| format!("{} {} on {sq}", colour_word(p.color), role_name(p.role)))
            .collect();
        write!(f, "the pieces were set up wrongly: {}", pieces.join(", "))
    }
}
