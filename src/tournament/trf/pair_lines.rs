//! The two lines of a pairing read as one game. A report writes each game
//! twice, once in each player's line; where the two disagree, the standings,
//! the tie-breaks and the ratings must not each take a side of their own.
//! A result the lines disagree on is scored as the first line gives it
//! (White's, else the lower start number's — as FIDE's calculator reads a
//! pairing) and kept, as written, for the pairing's `review` row. A pairing
//! one line has and the other does not (a wrong opponent, a player twice
//! in a round) stands in its own line alone, rated for neither, its row
//! `review`; an opponent with no line at all refuses the report, naming the
//! line and columns.

use std::collections::HashMap;

use super::check::opponent_error;
use super::columns::cell_column;
use super::{Cell, Code, Colour, Player, Trf, TrfError};

/// A pairing whose second line gives another result than the first's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinesDisagree {
    /// 0-based.
    pub round: usize,
    /// The start number whose line the pairing is scored by.
    pub first: u32,
    pub second: u32,
    /// The second line's code as written (scored as the first's mirror).
    pub written: Code,
}

/// Checks that every pairing stands in both lines, and scores each result
/// the lines disagree on by the first line; returns those pairings.
pub(super) fn reconcile(
    players: &mut [Player],
    by_start_no: &HashMap<u32, usize>,
) -> Result<Vec<LinesDisagree>, TrfError> {
    let mut disagree = Vec::new();
    for i in 0..players.len() {
        for round in 0..players[i].rounds.len() {
            let Some(opponent) = players[i].rounds[round].opponent else {
                continue;
            };
            let Some(j) = back(players, by_start_no, i, round, opponent)? else {
                continue;
            };
            let (mine, theirs) = (players[i].rounds[round], players[j].rounds[round]);
            let first = first_line(&mine, &theirs, players[i].start_no < opponent);
            if !first || agree(mine.code, theirs.code) {
                continue;
            }
            disagree.push(LinesDisagree {
                round,
                first: players[i].start_no,
                second: opponent,
                written: theirs.code,
            });
            players[j].rounds[round].code = mine.code.mirror();
        }
    }
    Ok(disagree)
}

/// The place of `opponent`'s line, if it pairs him with player `i` in the
/// same round; an opponent with no line is an error.
fn back(
    players: &[Player],
    by_start_no: &HashMap<u32, usize>,
    i: usize,
    round: usize,
    opponent: u32,
) -> Result<Option<usize>, TrfError> {
    let player = &players[i];
    let Some(&j) = by_start_no.get(&opponent) else {
        let paired = format!("{opponent}, who has no `001` line");
        return Err(opponent_error(player, round, paired));
    };
    let theirs = players[j].rounds.get(round).and_then(|c| c.opponent);
    Ok((theirs == Some(player.start_no)).then_some(j))
}

impl Trf {
    /// Whether `opponent`'s line pairs him back with `player` in `round`
    /// (0-based): a pairing both lines confirm.
    pub fn confirms(&self, player: u32, opponent: u32, round: usize) -> bool {
        (self.player(opponent))
            .and_then(|o| o.rounds.get(round))
            .is_some_and(|c| c.opponent == Some(player))
    }
}

/// The 1-based column of round `round`'s result code in a player's line.
pub fn result_column(round: usize) -> usize {
    cell_column(round) + 8
}

/// The two codes tell the same result: each the other's mirror, or a
/// forfeit by both players.
pub(crate) fn agree(first: Code, second: Code) -> bool {
    second == first.mirror() || first == Code::ForfeitLoss && second == Code::ForfeitLoss
}

/// Whether `mine` is the pairing's first line: White's, or where the
/// colours are not given or clash, the lower start number's (`lower`).
pub(crate) fn first_line(mine: &Cell, theirs: &Cell, lower: bool) -> bool {
    match mine.colour {
        _ if !opposite(mine.colour, theirs.colour) => lower,
        Colour::White => true,
        Colour::Black => false,
        Colour::None => lower,
    }
}

/// Whether two lines' colours for one game fit together: white against
/// black, or neither given.
pub(crate) fn opposite(one: Colour, other: Colour) -> bool {
    matches!(
        (one, other),
        (Colour::White, Colour::Black)
            | (Colour::Black, Colour::White)
            | (Colour::None, Colour::None)
    )
}
