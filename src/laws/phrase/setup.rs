//! The sentences of a set-up claim (15.4.1.2; A4a of 2009): too late, on a
//! correct set-up, or upheld.

use shakmaty::Color;

use super::side_name;
use crate::board::replay::{WrongSetup, role_name};
use crate::model::outcome::colour_word;

/// Moves each player had completed when a claim was made.
pub(in crate::laws) struct Completed {
    pub white: usize,
    pub black: usize,
}

/// A claim made after the window the edition gives.
pub(in crate::laws) fn too_late(by: Color, window: usize, done: Completed, clause: &str) -> String {
    let Completed { white, black } = done;
    format!(
        "{} claimed a wrong set-up after each player had completed {} moves (White {white}, \
         Black {black}); the claim cannot be accepted ({clause})",
        side_name(by),
        in_words(window)
    )
}

/// A claim against a set-up the record shows correct.
pub(in crate::laws) fn setup_correct(by: Color) -> String {
    format!(
        "{} claimed a wrong set-up, but the starting position in the record is correct (a \
         turned board cannot be seen in a record)",
        side_name(by)
    )
}

/// An upheld claim: the game is void.
pub(in crate::laws) fn upheld(
    by: Color,
    after: &str,
    done: Completed,
    clause: &str,
    wrong: &WrongSetup,
) -> String {
    let Completed { white, black } = done;
    let wrong = wrongly_set_up(wrong);
    format!(
        "{} claimed after {after} (in time: White had completed {white} moves, Black {black}; \
         {clause}) that {wrong}; the game should have been cancelled and replayed, so it has no \
         result to confirm",
        side_name(by)
    )
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
fn wrongly_set_up(wrong: &WrongSetup) -> String {
    let pieces: Vec<String> = (wrong.misplaced.iter())
        .map(|(p, sq)| format!("{} {} on {sq}", colour_word(p.color), role_name(p.role)))
        .collect();
    format!("the pieces were set up wrongly: {}", pieces.join(", "))
}
