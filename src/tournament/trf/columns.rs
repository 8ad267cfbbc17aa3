//! The fixed layout of a TRF: its lines, and the columns of a player's
//! line, counted as the format's tables count them.

/// Where round `round`'s cell starts (0-based character column).
pub(super) fn cell_column(round: usize) -> usize {
    91 + 10 * round
}

/// Each line's byte range, its end (`\n`, `\r\n` or a lone `\r`) left out.
pub(super) fn line_ranges(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                lines.push((start, i));
                start = i + 1;
            }
            b'\r' => {
                lines.push((start, i));
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < bytes.len() {
        lines.push((start, bytes.len()));
    }
    lines
}

/// Characters `from..to` (1-based, inclusive, as the format counts) of a
/// line, trimmed; empty past its end.
pub(super) fn field(chars: &[char], from: usize, to: usize) -> String {
    let to = to.min(chars.len());
    if from > to {
        return String::new();
    }
    chars[from - 1..to]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

/// The cell at `column` holds nothing but spaces.
pub(super) fn blank(chars: &[char], column: usize) -> bool {
    chars.iter().skip(column).take(10).all(|c| *c == ' ')
}
