//! The Tournament Report File (TRF16, TRF-2026): fixed-width lines, one
//! `001` line per player with a cell per round. Read as it is and written
//! back byte for byte, but for the cells, points and ranks a correction
//! changes.
//!
//! ```
//! use pgn_arbiter::tournament::trf::{Code, Trf};
//! let text = "012 Club Open\n\
//! 001    1      Carlsen, Magnus                   2830 NOR     1503014             1.0    1     2 w 1\n\
//! 001    2      Nakamura, Hikaru                  2790 USA     2016192             0.0    2     1 b 0\n";
//! let trf = Trf::read(text.as_bytes()).unwrap();
//! assert_eq!(trf.players[1].name, "Nakamura, Hikaru");
//! assert_eq!(trf.players[1].rounds[0].code, Code::Loss);
//! assert_eq!(trf.write_back(&[]), text.as_bytes());
//! ```

use std::collections::HashMap;
use std::fmt;

use crate::model::time_control::words::in_words;
use crate::model::time_control::{Category, Control, periods};

mod cells;
mod check;
mod columns;
mod pair_lines;
mod score_system;
mod team_records;
mod team_rounds;
mod teams;

use cells::read_cells;
use check::{
    BOM, bounded, check_gaps, check_pairings, check_start_numbers, declared_rounds, latin1,
    tiebreak_list,
};
pub use check::{MAX_RATING, MAX_ROUNDS, MAX_TIEBREAKS};
use columns::{cell_column, field, line_ranges};
pub use pair_lines::{LinesDisagree, result_column};
pub(crate) use pair_lines::{agree, first_line, opposite};
pub use score_system::{ScoreLine, ScoreSystem};
pub use team_records::{Lineup, MatchForfeit, TeamBye, TeamRecords};
pub use teams::{Declared, Team, members};

/// A TRF as read: its lines and the players they describe.
#[derive(Debug, Clone)]
pub struct Trf {
    bytes: Vec<u8>,
    latin1: bool,
    /// Byte range of each line, without its end.
    lines: Vec<(usize, usize)>,
    /// Start number → place in `players`.
    by_start_no: HashMap<u32, usize>,
    /// The `012` line: the event's name.
    pub event: String,
    /// The players, in the file's order, each pairing's result as its
    /// first line gives it where the two lines disagree.
    pub players: Vec<Player>,
    /// The pairings whose second line gives another result, as written.
    pub lines_disagree: Vec<LinesDisagree>,
    /// The teams of a team competition (TRF16 `013` lines in the file's
    /// order, or TRF-2026 `310` lines in number order); empty for an
    /// individual event.
    pub teams: Vec<Team>,
    /// TRF-2026's other team records.
    pub team_records: TeamRecords,
    /// The score system the report declares (`XXS`, `BB?`, `162` lines),
    /// and which lines it came from.
    pub score_system: Option<(ScoreSystem, ScoreLine)>,
    /// How many rounds the cells (or an `XXR` line) show.
    pub rounds: usize,
    /// The `042` line: the event's first day, as written.
    pub start: String,
    /// The tie-breaks of a TRF-2026 `202` line (`BH/C1`, `SB` …).
    pub tiebreaks: Vec<String>,
    /// The TRF-2026 `212` line: the whole standings order, its first code
    /// the score (`PTS`, `MPTS`, `GPTS`).
    pub order: Vec<String>,
    /// The `092` line: the kind of event, as written.
    pub kind: String,
    /// The `122` line: the time control as written.
    pub time_control: String,
    /// The TRF-2026 `222` line: the time control encoded as PGN writes it
    /// (`5400+30`).
    pub encoded_time_control: String,
}

/// A birth date as a report gives it: the year, and the month and day
/// where it writes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Born {
    pub year: u32,
    pub month_day: Option<(u32, u32)>,
}

/// A player's `001` line.
#[derive(Debug, Clone)]
pub struct Player {
    /// Index of the line in the file (0-based).
    pub line: usize,
    pub start_no: u32,
    pub name: String,
    pub rating: Option<u32>,
    /// The federation column (the Irish files hold club codes there).
    pub federation: String,
    /// The FIDE-id column as written (the Irish files hold national ids).
    pub fide_id: String,
    /// The birth-date column (`1993-12-20`, `1993/12/20`, `1993`), when
    /// it holds a year.
    pub born: Option<Born>,
    /// The points column, if it holds a number.
    pub points: Option<f64>,
    pub rank: Option<u32>,
    pub rounds: Vec<Cell>,
}

/// One round of a player's line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// The scheduled opponent's start number (`None`: bye, not paired).
    pub opponent: Option<u32>,
    pub colour: Colour,
    pub code: Code,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colour {
    White,
    Black,
    /// `-` or blank: a bye, not paired.
    None,
}

/// A round's result code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    Win,
    Draw,
    Loss,
    /// `+`, `-`: a forfeit.
    ForfeitWin,
    ForfeitLoss,
    /// `W`, `D`, `L`: a game of less than one move, not rated.
    UnratedWin,
    UnratedDraw,
    UnratedLoss,
    /// `H`, `F`, `U`, `Z` (and a blank): byes.
    HalfBye,
    FullBye,
    PairingBye,
    ZeroBye,
}

impl Code {
    fn read(c: char) -> Option<Code> {
        Some(match c.to_ascii_uppercase() {
            '1' => Code::Win,
            '=' => Code::Draw,
            '0' => Code::Loss,
            '+' => Code::ForfeitWin,
            '-' => Code::ForfeitLoss,
            'W' => Code::UnratedWin,
            'D' => Code::UnratedDraw,
            'L' => Code::UnratedLoss,
            'H' => Code::HalfBye,
            'F' => Code::FullBye,
            'U' => Code::PairingBye,
            'Z' | ' ' => Code::ZeroBye,
            _ => return None,
        })
    }

    /// The code's character for a game played over the board.
    pub fn char(self) -> char {
        match self {
            Code::Win => '1',
            Code::Draw => '=',
            Code::Loss => '0',
            Code::ForfeitWin => '+',
            Code::ForfeitLoss => '-',
            Code::UnratedWin => 'W',
            Code::UnratedDraw => 'D',
            Code::UnratedLoss => 'L',
            Code::HalfBye => 'H',
            Code::FullBye => 'F',
            Code::PairingBye => 'U',
            Code::ZeroBye => 'Z',
        }
    }

    /// The code the opponent's line holds for the same round: a win for a
    /// loss, a forfeit win for a forfeit loss; a draw for a draw.
    pub fn mirror(self) -> Code {
        match self {
            Code::Win => Code::Loss,
            Code::Loss => Code::Win,
            Code::ForfeitWin => Code::ForfeitLoss,
            Code::ForfeitLoss => Code::ForfeitWin,
            Code::UnratedWin => Code::UnratedLoss,
            Code::UnratedLoss => Code::UnratedWin,
            code => code,
        }
    }

    /// A game played over the board (rated or not).
    pub fn played(self) -> bool {
        matches!(
            self,
            Code::Win
                | Code::Draw
                | Code::Loss
                | Code::UnratedWin
                | Code::UnratedDraw
                | Code::UnratedLoss
        )
    }
}

/// A change to a player's line: the result of round `round` (0-based),
/// and the points and rank columns; or to a team's `310` line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Edit {
    Result {
        line: usize,
        round: usize,
        code: Code,
    },
    Points {
        line: usize,
        points: f64,
    },
    Rank {
        line: usize,
        rank: u32,
    },
    /// A `310` line's match points, game points or rank (`field` 0, 1,
    /// 2), as the corrected matches give them.
    TeamTotal {
        line: usize,
        field: usize,
        value: f64,
    },
}

/// What is wrong with a line, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfError {
    pub line: usize,
    /// 1-based columns, as the format's tables count them.
    pub columns: (usize, usize),
    pub what: String,
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (from, to) = self.columns;
        write!(f, "line {}, columns {from}-{to}: {}", self.line, self.what)
    }
}

impl Trf {
    /// Reads a TRF's bytes: UTF-8 (a BOM allowed) or else Latin-1. Refuses
    /// what it cannot read rightly, naming the line and columns: a file
    /// with no `001` line, a start number given twice, a player paired
    /// with himself, a file that mixes the two encodings, numbers past the
    /// limits above.
    pub fn read(bytes: &[u8]) -> Result<Trf, TrfError> {
        let latin1 = latin1(bytes)?;
        let mut lines = line_ranges(bytes);
        // The BOM is no column: the line is read and edited without it,
        // and written back with it.
        if let Some(first) = lines.first_mut().filter(|_| bytes.starts_with(BOM)) {
            first.0 = BOM.len();
        }
        let mut trf = Trf {
            bytes: bytes.to_vec(),
            latin1,
            lines,
            event: String::new(),
            players: Vec::new(),
            lines_disagree: Vec::new(),
            teams: Vec::new(),
            team_records: TeamRecords::default(),
            score_system: None,
            by_start_no: HashMap::new(),
            rounds: 0,
            start: String::new(),
            tiebreaks: Vec::new(),
            order: Vec::new(),
            kind: String::new(),
            time_control: String::new(),
            encoded_time_control: String::new(),
        };
        for index in 0..trf.lines.len() {
            let text = trf.text(index);
            trf.read_line(index, &text)?;
        }
        check_start_numbers(&trf.players)?;
        check_pairings(&trf.players)?;
        trf.by_start_no = start_numbers(&trf.players);
        trf.lines_disagree = pair_lines::reconcile(&mut trf.players, &trf.by_start_no)?;
        teams::one_kind(&mut trf.teams)?;
        teams::check_numbers(&mut trf.teams)?;
        teams::check_members(&trf.teams, &trf.by_start_no)?;
        let event = team_records::Event {
            teams: &trf.teams,
            rounds: trf.rounds,
        };
        trf.team_records.check(&event)?;
        team_rounds::check(&trf)?;
        Ok(trf)
    }

    fn read_line(&mut self, index: usize, text: &str) -> Result<(), TrfError> {
        let rest = || text.get(4..).unwrap_or_default().trim().to_string();
        match text.get(..3).unwrap_or_default() {
            "001" => {
                let player = read_player(index, text)?;
                self.rounds = self.rounds.max(player.rounds.len());
                self.players.push(player);
            }
            // The first `012 ` line names the event; a column ruler
            // (`0123456789…`, as the Armstrong report has) names nothing.
            "012" if self.event.is_empty() && text.as_bytes().get(3) == Some(&b' ') => {
                self.event = rest()
            }
            "013" => {
                let number = self.teams.iter().filter(|t| t.declared.is_none()).count() as u32 + 1;
                self.teams.push(teams::read_team(index, text, number)?);
            }
            "310" => self.teams.push(teams::read_team_310(index, text)?),
            "362" | "320" | "240" | "330" | "300" | "299" => self.team_records.read(index, text)?,
            "092" => self.kind = rest(),
            "122" => self.time_control = rest(),
            "222" => self.encoded_time_control = rest(),
            "042" => self.start = rest(),
            "202" => self.tiebreaks = tiebreak_list(index, &rest())?,
            "212" => self.order = tiebreak_list(index, &rest())?,
            "XXR" => self.rounds = self.rounds.max(declared_rounds(index, &rest())?),
            key @ ("XXS" | "162" | "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU") => {
                score_system::read(&mut self.score_system, index, key, &rest())?
            }
            _ => {}
        }
        Ok(())
    }

    /// Line `index` as text.
    fn text(&self, index: usize) -> String {
        let (from, to) = self.lines[index];
        let raw = &self.bytes[from..to];
        if self.latin1 {
            raw.iter().map(|&b| char::from(b)).collect()
        } else {
            String::from_utf8_lossy(raw).into_owned()
        }
    }

    /// The control the report gives (the `222` line, else the `122`
    /// line), for games that do not say theirs. The `122` line is free text
    /// that people write in minutes (`1:30 + 10 from move 1`, `120`): read
    /// in words, unless that gives a first period of more than five hours
    /// and the PGN form reads it (`5400+30`).
    pub fn control(&self) -> Option<Control> {
        const FIVE_HOURS: u64 = 5 * 3_600_000;
        if let Some(p) = periods(&self.encoded_time_control) {
            return Some(Control::of_report(
                p,
                &format!("222 {}", self.encoded_time_control),
            ));
        }
        let line = format!("122 {}", self.time_control);
        let read = in_words(&self.time_control)
            .map(|w| w.periods)
            .filter(|p| p[0].base.millis() <= FIVE_HOURS)
            .or_else(|| periods(&self.time_control))?;
        Some(Control::of_report(read, &line))
    }

    /// The category of [`Trf::control`].
    pub fn category(&self) -> Category {
        self.control().map_or(Category::Unknown, |c| c.category())
    }

    /// The player whose start number is `start_no`.
    pub fn player(&self, start_no: u32) -> Option<&Player> {
        self.by_start_no.get(&start_no).map(|&i| &self.players[i])
    }

    /// The file's bytes with the edits made; with none, the bytes as read.
    pub fn write_back(&self, edits: &[Edit]) -> Vec<u8> {
        let mut out = self.bytes.clone();
        for edit in edits {
            let (line, column, text) = match *edit {
                Edit::Result { line, round, code } => {
                    (line, cell_column(round) + 7, code.char().to_string())
                }
                Edit::Points { line, points } => (line, 80, format!("{points:4.1}")),
                Edit::Rank { line, rank } => (line, 85, format!("{rank:>4}")),
                Edit::TeamTotal { line, field, value } => match field {
                    0 => (line, 54, format!("{value:6.1}")),
                    1 => (line, 61, format!("{value:6.1}")),
                    _ => (line, 68, format!("{:>3}", value as u32)),
                },
            };
            self.overwrite(&mut out, line, column, text.as_bytes());
        }
        out
    }

    /// Writes `text` over line `line` from character column `column`. The
    /// fields edited (a played game's result, the points, the rank) stand
    /// within the line; nothing is written past its end.
    fn overwrite(&self, out: &mut [u8], line: usize, column: usize, text: &[u8]) {
        let (from, to) = self.lines[line];
        let start = from + self.byte_offset(line, column);
        for (i, &b) in text.iter().enumerate() {
            if start + i < to {
                out[start + i] = b;
            }
        }
    }

    /// The byte offset within line `line` of character column `column`.
    fn byte_offset(&self, line: usize, column: usize) -> usize {
        if self.latin1 {
            return column;
        }
        let text = self.text(line);
        text.char_indices()
            .nth(column)
            .map_or(text.len() + column - text.chars().count(), |(i, _)| i)
    }
}

/// Each player's place in `players`, by start number (a report's numbers
/// are unique: [`Trf::read`] refuses one given twice).
pub(super) fn start_numbers(players: &[Player]) -> HashMap<u32, usize> {
    players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.start_no, i))
        .collect()
}

/// The date a birth-date column holds, if it starts with a year.
fn birth_date(text: &str) -> Option<Born> {
    let year: u32 = text.get(..4)?.parse().ok()?;
    let number = |range| text.get(range).and_then(|t: &str| t.parse::<u32>().ok());
    let month_day = match (number(5..7), number(8..10)) {
        (Some(m), Some(d)) if (1..=12).contains(&m) && (1..=31).contains(&d) => Some((m, d)),
        _ => None,
    };
    (1900..=2100)
        .contains(&year)
        .then_some(Born { year, month_day })
}

fn read_player(index: usize, text: &str) -> Result<Player, TrfError> {
    let chars: Vec<char> = text.chars().collect();
    let error = |columns, what: String| TrfError {
        line: index + 1,
        columns,
        what,
    };
    check_gaps(&chars).map_err(|(columns, what)| error(columns, what))?;
    let start = field(&chars, 5, 8);
    let start_no = start.parse::<u32>().map_err(|_| {
        error(
            (5, 8),
            format!("the start number `{start}` is not a number"),
        )
    })?;
    let number = |from, to, max, what| {
        bounded(&field(&chars, from, to), max, what)
            .map_err(|why| error((from, to), why.to_string()))
    };
    let points = number(81, 84, MAX_ROUNDS as f64, "points")?;
    let rating = number(49, 52, f64::from(MAX_RATING), "rating")?;
    let rating = rating.map(|r| r as u32).filter(|&r| r > 0);
    let rank = number(86, 89, 9999.0, "rank")?.map(|r| r as u32);
    let rounds = read_cells(&chars).map_err(|(cols, what)| error(cols, what))?;
    Ok(Player {
        line: index,
        start_no,
        name: field(&chars, 15, 47),
        rating,
        federation: field(&chars, 54, 56),
        fide_id: field(&chars, 58, 68),
        born: birth_date(&field(&chars, 70, 79)),
        points,
        rank,
        rounds,
    })
}
