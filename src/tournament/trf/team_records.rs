//! TRF-2026's records of a team competition beside its teams: `362` (a
//! match's worth), `320` (the pairing-allocated byes and their value),
//! `240` (byes asked for), `330` (forfeited matches) and `300` (a match's
//! line-up when it is not the team's board order); a `299` record
//! (abnormal points) is noted, not applied. `352` (colour
//! sequences), `250` (accelerations) and `260` (prohibited pairings) do not
//! change a result and are not read. Each field is checked; one that does
//! not hold what it must is an error naming its line and columns.

use super::TrfError;
use super::columns::field;

/// What the records say.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TeamRecords {
    /// `362`: a match won, drawn and lost.
    pub match_points: Option<[f64; 3]>,
    /// `320`: a pairing-allocated bye's match and game points.
    pub bye_value: Option<[f64; 2]>,
    /// `320`: the team with the bye in each round (0: none).
    pub bye_teams: Vec<u32>,
    /// `240`: (kind `F`, `H` or `Z`, round 0-based, team).
    pub byes: Vec<(char, usize, u32)>,
    /// `330`: (round 0-based, [white team, black team], [white won, black won]).
    pub forfeits: Vec<(usize, [u32; 2], [bool; 2])>,
    /// `300`: (round 0-based, team, its players in board order, 0 an empty board).
    pub lineups: Vec<(usize, u32, Vec<u32>)>,
    /// The lines (1-based) of `299` records, abnormal points this tool does
    /// not apply: the summary says so.
    pub abnormal: Vec<usize>,
}

/// A line's characters, with the line's index for its errors.
struct Line<'a> {
    index: usize,
    chars: &'a [char],
}

impl Line<'_> {
    fn error(&self, columns: (usize, usize), what: String) -> TrfError {
        TrfError {
            line: self.index + 1,
            columns,
            what,
        }
    }

    /// A whole number in `from..=to`, required.
    fn whole(&self, from: usize, to: usize, what: &str) -> Result<u32, TrfError> {
        let text = field(self.chars, from, to);
        text.parse()
            .map_err(|_| self.error((from, to), format!("`{text}` is no {what}")))
    }

    /// A round number, 1 to `MAX_ROUNDS`, as a 0-based round.
    fn round(&self, from: usize, to: usize) -> Result<usize, TrfError> {
        match self.whole(from, to, "round number")? {
            r @ 1..=999 => Ok(r as usize - 1),
            r => Err(self.error((from, to), format!("`{r}` is no round number"))),
        }
    }

    /// Points as the format writes them (`11.5`), required.
    fn points(&self, from: usize, to: usize, what: &str) -> Result<f64, TrfError> {
        let text = field(self.chars, from, to);
        match text.parse::<f64>() {
            Ok(v) if (0.0..=999.0).contains(&v) => Ok(v),
            _ => Err(self.error((from, to), format!("`{text}` is no {what}"))),
        }
    }

    /// Four-column numbers from `first`, a blank between, to the line's end.
    fn list(&self, first: usize, width: usize, what: &str) -> Result<Vec<u32>, TrfError> {
        let mut out = Vec::new();
        let mut from = first;
        while from <= self.chars.len() {
            let to = from + width - 1;
            if self.chars.get(to).is_some_and(|c| *c != ' ') {
                let what = format!("a {what} runs past columns {from}-{to}");
                return Err(self.error((from, to + 1), what));
            }
            out.push(self.whole(from, to, what)?);
            from += width + 1;
        }
        Ok(out)
    }
}

impl TeamRecords {
    /// Reads line `index` if it is one of these records.
    pub(super) fn read(&mut self, index: usize, text: &str) -> Result<(), TrfError> {
        let chars: Vec<char> = text.chars().collect();
        let line = Line {
            index,
            chars: &chars,
        };
        match text.get(..3).unwrap_or_default() {
            "362" => self.match_points = Some(match_points(&line)?),
            "320" => {
                let mp = line.points(5, 8, "bye's match points")?;
                let gp = line.points(10, 13, "bye's game points")?;
                self.bye_value = Some([mp, gp]);
                self.bye_teams = line.list(15, 3, "team number")?;
            }
            "240" => self.read_byes(&line)?,
            "299" => self.abnormal.push(index + 1),
            "330" => self.read_forfeit(&line)?,
            "300" => {
                let round = line.round(5, 7)?;
                let team = line.whole(9, 11, "team number")?;
                let players = line.list(17, 4, "start number")?;
                self.lineups.push((round, team, players));
            }
            _ => {}
        }
        Ok(())
    }

    fn read_byes(&mut self, line: &Line<'_>) -> Result<(), TrfError> {
        let kind = line.chars.get(4).copied().unwrap_or(' ');
        if !matches!(kind, 'F' | 'H' | 'Z') {
            let what = format!("`{kind}` is no kind of bye (F, H or Z)");
            return Err(line.error((5, 5), what));
        }
        let round = line.round(7, 9)?;
        for team in line.list(11, 4, "team number")? {
            self.byes.push((kind, round, team));
        }
        Ok(())
    }

    fn read_forfeit(&mut self, line: &Line<'_>) -> Result<(), TrfError> {
        let won = match field(line.chars, 5, 6).as_str() {
            "+-" => [true, false],
            "-+" => [false, true],
            "--" => [false, false],
            other => {
                let what = format!("`{other}` is no forfeit (+-, -+ or --)");
                return Err(line.error((5, 6), what));
            }
        };
        let round = line.round(8, 10)?;
        let white = line.whole(12, 14, "team number")?;
        let black = line.whole(16, 18, "team number")?;
        self.forfeits.push((round, [white, black], won));
        Ok(())
    }
}

/// `362 TW 2.0 TD 1.0 TL 0.0` (a code, then its points; `TW=2.0` read too).
fn match_points(line: &Line<'_>) -> Result<[f64; 3], TrfError> {
    let text: String = line.chars.iter().skip(4).collect();
    let mut points = [2.0, 1.0, 0.0];
    let words: Vec<&str> = text.split([' ', '=']).filter(|w| !w.is_empty()).collect();
    let whole = (5, line.chars.len().max(5));
    for pair in words.chunks(2) {
        let slot = match pair[0] {
            "TW" => 0,
            "TD" => 1,
            "TL" => 2,
            other => {
                return Err(line.error(whole, format!("`{other}` is no team result (TW, TD, TL)")));
            }
        };
        points[slot] = pair
            .get(1)
            .and_then(|p| p.parse().ok())
            .filter(|p: &f64| (0.0..=100.0).contains(p))
            .ok_or_else(|| line.error(whole, format!("{} gives no points", pair[0])))?;
    }
    Ok(points)
}
