//! What a report is refused for: what cannot be read rightly (two
//! encodings in one file, a start number given twice, a player paired with
//! himself, no player at all) and numbers past what any event has, which
//! would otherwise make the crosstable or the ordering unbounded.

use std::collections::HashMap;

use super::columns::cell_column;
use super::{Player, TrfError};

/// The most rounds a report may have: more than any event plays, and
/// what keeps a crosstable (players × rounds cells) bounded whatever a
/// file's `XXR` line says.
pub const MAX_ROUNDS: usize = 999;

/// The highest rating a report may give: FIDE's list has never passed 2900.
pub const MAX_RATING: u32 = 4000;

/// The most tie-breaks a `202` line may list: FIDE's C.07 defines about
/// thirty.
pub const MAX_TIEBREAKS: usize = 40;

pub(super) const BOM: &[u8] = b"\xef\xbb\xbf";

/// Whether the file is Latin-1: it is when it is not UTF-8, unless it
/// holds UTF-8's multi-byte characters too, where one encoding would
/// misread the other's fields (a name of two bytes read as two
/// characters shifts every column after it): that file is refused.
pub(super) fn latin1(bytes: &[u8]) -> Result<bool, TrfError> {
    let Err(bad) = std::str::from_utf8(bytes) else {
        return Ok(false);
    };
    let utf8_too = bytes.utf8_chunks().any(|chunk| !chunk.valid().is_ascii());
    if !utf8_too {
        return Ok(true);
    }
    let at = bad.valid_up_to();
    let line_start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    let column = String::from_utf8_lossy(&bytes[line_start..at])
        .chars()
        .count()
        + 1;
    Err(TrfError {
        line,
        columns: (column, column),
        what: format!(
            "the byte 0x{:02x} is not UTF-8, while the rest of the file is: the file mixes two \
             encodings; save it as UTF-8 throughout",
            bytes[at]
        ),
    })
}

/// The codes of a `202` line, at most [`MAX_TIEBREAKS`].
pub(super) fn tiebreak_list(index: usize, text: &str) -> Result<Vec<String>, TrfError> {
    let codes: Vec<String> = text
        .split(',')
        .map(|t| t.trim().to_uppercase())
        .filter(|t| !t.is_empty())
        .collect();
    if codes.len() > MAX_TIEBREAKS {
        return Err(TrfError {
            line: index + 1,
            columns: (5, text.chars().count() + 4),
            what: format!(
                "the line lists {} tie-breaks; a report has at most {MAX_TIEBREAKS}",
                codes.len()
            ),
        });
    }
    Ok(codes)
}

/// The rounds an `XXR` line declares, at most [`MAX_ROUNDS`].
pub(super) fn declared_rounds(index: usize, text: &str) -> Result<usize, TrfError> {
    match text.parse::<usize>() {
        Ok(n) if n <= MAX_ROUNDS => Ok(n),
        _ => Err(TrfError {
            line: index + 1,
            columns: (5, text.chars().count() + 4),
            what: format!(
                "the XXR line's `{text}` is not a number of rounds from 0 to {MAX_ROUNDS}"
            ),
        }),
    }
}

/// The report has players, and no start number is given twice (one player
/// would vanish, the other count twice).
pub(super) fn check_start_numbers(players: &[Player]) -> Result<(), TrfError> {
    if players.is_empty() {
        return Err(TrfError {
            line: 1,
            columns: (1, 3),
            what: "the file has no `001` player line: it is not a tournament report (TRF); was \
                   a PGN file given in its place?"
                .into(),
        });
    }
    let mut first = HashMap::with_capacity(players.len());
    for p in players {
        if let Some(line) = first.insert(p.start_no, p.line) {
            return Err(TrfError {
                line: p.line + 1,
                columns: (5, 8),
                what: format!(
                    "the start number {} is given twice (also on line {})",
                    p.start_no,
                    line + 1
                ),
            });
        }
    }
    Ok(())
}

/// No player is paired with himself.
pub(super) fn check_pairings(players: &[Player]) -> Result<(), TrfError> {
    for p in players {
        if let Some(round) = p.rounds.iter().position(|c| c.opponent == Some(p.start_no)) {
            return Err(opponent_error(p, round, "himself".into()));
        }
    }
    Ok(())
}

/// What is wrong with the opponent of `player`'s round `round` (0-based):
/// "round 3: player 7 is paired with `paired`", at that field's columns.
pub(super) fn opponent_error(player: &Player, round: usize, paired: String) -> TrfError {
    let at = cell_column(round) + 1;
    TrfError {
        line: player.line + 1,
        columns: (at, at + 3),
        what: format!(
            "round {}: player {} is paired with {paired}",
            round + 1,
            player.start_no
        ),
    }
}

/// A number field: empty, or a number from 0 to `max` (a rating or a rank
/// whole; the points may be written `4,5`).
pub(super) fn bounded(
    text: &str,
    max: f64,
    what: &'static str,
) -> Result<Option<f64>, OutOfBounds> {
    if text.is_empty() {
        return Ok(None);
    }
    let whole = what != "points";
    let value = match whole {
        true => text.parse::<u32>().ok().map(f64::from),
        false => text.replace(',', ".").parse::<f64>().ok(),
    };
    match value {
        Some(v) if (0.0..=max).contains(&v) => Ok(Some(v)),
        _ => Err(OutOfBounds {
            what,
            text: text.to_string(),
            max,
            whole,
        }),
    }
}

/// A number field that is no number from 0 to its limit.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct OutOfBounds {
    what: &'static str,
    text: String,
    max: f64,
    whole: bool,
}

impl std::fmt::Display for OutOfBounds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let OutOfBounds {
            what,
            text,
            max,
            whole,
        } = self;
        let kind = if *whole { "a whole number" } else { "a number" };
        write!(f, "the {what} `{text}` is not {kind} from 0 to {max}")
    }
}

/// The blank columns (1-based) between a player line's fixed fields:
/// after `001`, the start number, the title, the name, the rating, the
/// federation, the FIDE id, the birth date and the points.
const FIELD_GAPS: [usize; 9] = [4, 9, 14, 48, 53, 57, 69, 80, 85];

/// A player line's fields line up: every column between two fields is
/// blank, before the rank and in every round cell (the two columns before
/// it, and those between its opponent, colour and result). A field one
/// column too wide (a birth date typed wide, a name padded by bytes)
/// shifts every later one, and would be read as other fields' parts.
pub(super) fn check_gaps(chars: &[char]) -> Result<(), ((usize, usize), String)> {
    let cells = (0..)
        .map(cell_column)
        .take_while(|&at| at < chars.len())
        .flat_map(|at| [at - 1, at, at + 5, at + 7]);
    for column in FIELD_GAPS.into_iter().chain(cells) {
        match chars.get(column - 1) {
            Some(&c) if c != ' ' => {
                let what = format!(
                    "column {column} lies between two fields and holds `{c}`: the line's columns \
                     do not line up (a field written a column too wide, or a name padded by \
                     bytes?); mend the line"
                );
                return Err(((column, column), what));
            }
            _ => {}
        }
    }
    Ok(())
}
