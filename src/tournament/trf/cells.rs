//! A player line's round cells: in each, the opponent's start number
//! (four columns), the colour and the result code, ten columns a round.

use super::check::MAX_ROUNDS;
use super::columns::{blank, cell_column, field};
use super::{Cell, Code, Colour};

/// A line's round cells; trailing blank cells (a line padded with spaces)
/// are no rounds.
pub(super) fn read_cells(chars: &[char]) -> Result<Vec<Cell>, CellError> {
    let mut rounds = Vec::new();
    while cell_column(rounds.len()) < chars.len() {
        if rounds.len() == MAX_ROUNDS {
            let at = cell_column(MAX_ROUNDS) + 1;
            let why = format!("the line has more than {MAX_ROUNDS} rounds");
            return Err(((at, chars.len()), why));
        }
        rounds.push(read_cell(chars, rounds.len())?);
    }
    while !rounds.is_empty() && blank(chars, cell_column(rounds.len() - 1)) {
        rounds.pop();
    }
    Ok(rounds)
}

type CellError = ((usize, usize), String);

fn read_cell(chars: &[char], round: usize) -> Result<Cell, CellError> {
    let at = cell_column(round) + 1;
    let opponent = field(chars, at, at + 3);
    let opponent = match opponent.as_str() {
        "" => None,
        text => match text.parse::<u32>() {
            Ok(0) => None,
            Ok(n) => Some(n),
            Err(_) => {
                return Err((
                    (at, at + 3),
                    format!(
                        "round {}: the opponent `{text}` is not a start number",
                        round + 1
                    ),
                ));
            }
        },
    };
    let colour = match chars.get(at + 4).copied().unwrap_or(' ') {
        'w' | 'W' => Colour::White,
        'b' | 'B' => Colour::Black,
        '-' | ' ' => Colour::None,
        c => {
            return Err((
                (at + 5, at + 5),
                format!("round {}: the colour `{c}` is not w, b or -", round + 1),
            ));
        }
    };
    let c = chars.get(at + 6).copied().unwrap_or(' ');
    let code = Code::read(c).ok_or_else(|| {
        (
            (at + 7, at + 7),
            format!(
                "round {}: the result `{c}` is no TRF result code",
                round + 1
            ),
        )
    })?;
    Ok(Cell {
        opponent,
        colour,
        code,
    })
}
