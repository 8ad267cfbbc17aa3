//! Report: the rows of `verdicts.csv` and `incidents.csv`.
//!
//! Column names and order are part of the interface: later versions may
//! append columns, never rename or reorder them.

use std::borrow::Cow;

use crate::laws::incident::Incident;
use crate::laws::{Judgement, regime_of, side_name};
use crate::model::clock::Clock;
use crate::model::verdict::Status;
use crate::read::events::Unmatched;
use crate::report::audited::{AuditedGame, Origin};

/// A cell as written: text that a spreadsheet would evaluate as a formula
/// (a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return) gets
/// a leading apostrophe, which spreadsheets show as text and do not run —
/// unless `raw`. A lone `-` (lichess's Round) and numbers such as `-1` are
/// harmless and stay as they are.
///
/// ```
/// use pgn_arbiter::report::rows::cell;
/// assert_eq!(cell("=HYPERLINK(\"http://x\")", false), "'=HYPERLINK(\"http://x\")");
/// assert_eq!(cell("-", false), "-");
/// assert_eq!(cell("-0.5", false), "-0.5");
/// assert_eq!(cell("@SUM(A1)", true), "@SUM(A1)");
/// assert_eq!(cell("Carlsen, Magnus", false), "Carlsen, Magnus");
/// assert_eq!(cell("Ann\u{1b}[8m", true), "Ann\\x1b[8m");
/// ```
pub fn cell(text: &str, raw: bool) -> Cow<'_, str> {
    let risky = !raw && text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let harmless = || text == "-" || text.parse::<f64>().is_ok_and(f64::is_finite);
    let text = without_controls(text);
    if risky && !harmless() {
        Cow::Owned(format!("'{text}"))
    } else {
        text
    }
}

/// [`cell`] of text worded for the row: kept as it is, not copied again,
/// when it needs no change.
fn made_cell<'a>(text: String, raw: bool) -> Cow<'a, str> {
    let changed = match cell(&text, raw) {
        Cow::Owned(changed) => Some(changed),
        Cow::Borrowed(_) => None,
    };
    Cow::Owned(changed.unwrap_or(text))
}

/// A finding worded into a string of the room most reasons take (the
/// ninetieth percentile on lichess games is under 400 bytes): grown from
/// empty, a reason cost five or six reallocations.
fn worded(finding: &impl std::fmt::Display) -> String {
    use std::fmt::Write;
    let mut text = String::with_capacity(400);
    write!(text, "{finding}").expect("a String takes any text");
    text
}

/// Control characters written as `\x1b`, even with `--raw`: a cell (or a
/// line on a terminal) is text a person reads, and a control byte in it
/// breaks the tools that read it or drives the terminal.
///
/// ```
/// use pgn_arbiter::report::rows::without_controls;
/// assert_eq!(without_controls("Ann\u{1b}[8m"), "Ann\\x1b[8m");
/// assert_eq!(without_controls("Café"), "Café");
/// ```
pub fn without_controls(text: &str) -> Cow<'_, str> {
    // Runs for every cell: bytes first. A control character is a byte
    // below 0x20 or 0x7f, or (U+0080 to U+009F) a pair led by 0xc2.
    // A fold, not `any`: without an early exit the loop is vectorised.
    let maybe = text.bytes().fold(false, |seen, b| {
        seen | (b < 0x20) | (b == 0x7f) | (b == 0xc2)
    });
    if !maybe || !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| match c {
                c if c.is_control() => format!("\\x{:02x}", u32::from(c)),
                c => c.to_string(),
            })
            .collect(),
    )
}

#[derive(Debug)]
pub struct VerdictRow<'a> {
    pub source: Cow<'a, str>,
    pub game: u64,
    pub offset: u64,
    pub event: Cow<'a, str>,
    pub site: Cow<'a, str>,
    pub date: Cow<'a, str>,
    pub round: Cow<'a, str>,
    pub white: Cow<'a, str>,
    pub black: Cow<'a, str>,
    pub time_control: Cow<'a, str>,
    pub category: &'static str,
    pub plies: usize,
    pub recorded_result: &'static str,
    pub correct_result: &'static str,
    pub status: &'static str,
    pub rule: &'static str,
    pub decided_at_ply: Option<usize>,
    pub reason: Cow<'a, str>,
    pub regime: &'static str,
    /// The edition of the Laws the row was judged by (`--laws`).
    pub laws: &'static str,
    /// The time control the audit used, in seconds (`5400+30`).
    pub time_control_used: Option<String>,
    /// How it was found: `tag`, `tag-in-minutes`, `clocks` or `none`.
    pub time_control_read: &'static str,
    /// The game's web address (Site, Link or GameURL), when it has one.
    pub url: Cow<'a, str>,
    /// How the game ended ([`Ending`]), and where that was read.
    pub ending: &'static str,
    pub ending_source: &'static str,
    /// The encoding the game's text was read in where it is not UTF-8
    /// (the source's, decided once): empty for UTF-8.
    pub text_encoding: &'static str,
}

impl<'a> VerdictRow<'a> {
    pub fn new(audited: &AuditedGame<'a>, raw: bool) -> Self {
        let AuditedGame {
            origin,
            record,
            judgement,
            ..
        } = *audited;
        let Judgement {
            verdict,
            book,
            ending,
            ..
        } = judgement;
        let tags = &record.tags;
        let tag = |t: &'a Option<Cow<'_, str>>| cell(t.as_deref().unwrap_or(""), raw);
        VerdictRow {
            source: cell(origin.source, raw),
            game: origin.game,
            offset: origin.offset,
            event: tag(&tags.event),
            site: tag(&tags.site),
            date: tag(&tags.date),
            round: tag(&tags.round),
            white: tag(&tags.white),
            black: tag(&tags.black),
            time_control: tag(&tags.time_control),
            category: book.edition.category_name(book.category),
            plies: record.moves.len(),
            recorded_result: record.recorded_result().as_str(),
            correct_result: verdict.correct.map_or("", |r| r.as_str()),
            status: verdict.status.as_str(),
            rule: verdict.rule,
            decided_at_ply: verdict.decided_at_ply,
            reason: match verdict.status {
                Status::Error => made_cell(origin.locate(&verdict.reason), raw),
                _ => made_cell(worded(&verdict.reason), raw),
            },
            regime: regime_of(book),
            laws: book.edition.name,
            time_control_used: record.control.pgn(),
            time_control_read: record.control.reading.as_str(),
            url: cell(tags.url().unwrap_or(""), raw),
            ending: ending.0.as_str(),
            ending_source: ending.1.as_str(),
            text_encoding: record.text_encoding().map_or("", |e| e.name()),
        }
    }
}

#[derive(Debug)]
pub struct IncidentRow<'a> {
    pub source: Cow<'a, str>,
    /// Empty for an events-file line that matched no game.
    pub game: Option<u64>,
    pub ply: usize,
    /// The `move` column.
    pub move_label: &'a str,
    pub side: &'static str,
    pub kind: &'static str,
    pub san: Cow<'a, str>,
    pub fen_before: &'a str,
    pub white_clock: Option<Clock>,
    pub black_clock: Option<Clock>,
    pub detail: Cow<'a, str>,
}

impl<'a> IncidentRow<'a> {
    pub fn new(origin: Origin<'a>, incident: &'a Incident, raw: bool) -> Self {
        IncidentRow {
            source: cell(origin.source, raw),
            game: Some(origin.game),
            ply: incident.ply,
            move_label: &incident.move_label,
            side: incident.side.map_or("", side_name),
            kind: incident.kind.as_str(),
            san: cell(&incident.san, raw),
            fen_before: &incident.fen_before,
            white_clock: incident.white_clock,
            black_clock: incident.black_clock,
            detail: made_cell(worded(&incident.detail), raw),
        }
    }

    /// An events-file line that matched no game.
    pub fn unmatched(events_path: &'a str, unmatched: &Unmatched, raw: bool) -> Self {
        IncidentRow {
            source: cell(events_path, raw),
            game: None,
            ply: 0,
            move_label: "",
            side: "",
            kind: crate::model::incident::IncidentKind::UnmatchedEvent.as_str(),
            san: Cow::Borrowed(""),
            fen_before: "",
            white_clock: None,
            black_clock: None,
            detail: Cow::Owned(
                cell(&format!("line {}: {}", unmatched.line, unmatched.text), raw).into_owned(),
            ),
        }
    }
}

/// The writer the rows are written to: a block's CSV in memory.
pub type CsvWriter = csv::Writer<Vec<u8>>;

impl VerdictRow<'_> {
    /// The row, in [`VERDICT_COLUMNS`]' order. Written field by field, not
    /// through serde, whose layer cost as much as the writing itself.
    pub fn write(&self, w: &mut CsvWriter) -> csv::Result<()> {
        let (mut game, mut offset) = (itoa::Buffer::new(), itoa::Buffer::new());
        let (mut plies, mut decided) = (itoa::Buffer::new(), itoa::Buffer::new());
        let decided = self.decided_at_ply.map_or("", |p| decided.format(p));
        w.write_record([
            &*self.source,
            game.format(self.game),
            offset.format(self.offset),
            &self.event,
            &self.site,
            &self.date,
            &self.round,
            &self.white,
            &self.black,
            &self.time_control,
            self.category,
            plies.format(self.plies),
            self.recorded_result,
            self.correct_result,
            self.status,
            self.rule,
            decided,
            &self.reason,
            self.regime,
            self.laws,
            self.time_control_used.as_deref().unwrap_or(""),
            self.time_control_read,
            &self.url,
            self.ending,
            self.ending_source,
            self.text_encoding,
        ])
    }
}

impl IncidentRow<'_> {
    /// The row, in [`INCIDENT_COLUMNS`]' order; clocks in seconds (`192`,
    /// `295.7`).
    pub fn write(&self, w: &mut CsvWriter) -> csv::Result<()> {
        let (mut game, mut ply) = (itoa::Buffer::new(), itoa::Buffer::new());
        let seconds = |c: Option<Clock>| c.map(Clock::seconds).unwrap_or_default();
        w.write_record([
            &*self.source,
            self.game.map_or("", |g| game.format(g)),
            ply.format(self.ply),
            self.move_label,
            self.side,
            self.kind,
            &self.san,
            self.fen_before,
            &seconds(self.white_clock),
            &seconds(self.black_clock),
            &self.detail,
        ])
    }
}

pub const VERDICT_COLUMNS: &[&str] = VERDICT_TABLE_COLUMNS
    .split_at(VERDICT_TABLE_COLUMNS.len() - 1)
    .0;

/// The verdicts' typed columns (Parquet, the Python package): the CSV's,
/// then the game's date as a date (`game_date`), which a CSV cell cannot
/// type.
pub const VERDICT_TABLE_COLUMNS: &[&str] = &[
    "source",
    "game",
    "offset",
    "event",
    "site",
    "date",
    "round",
    "white",
    "black",
    "time_control",
    "category",
    "plies",
    "recorded_result",
    "correct_result",
    "status",
    "rule",
    "decided_at_ply",
    "reason",
    "regime",
    "laws",
    "time_control_used",
    "time_control_read",
    "url",
    "ending",
    "ending_source",
    "text_encoding",
    "game_date",
];

pub const INCIDENT_COLUMNS: &[&str] = &[
    "source",
    "game",
    "ply",
    "move",
    "side",
    "kind",
    "san",
    "fen_before",
    "white_clock",
    "black_clock",
    "detail",
];

/// A CSV writer into memory, without a header: workers format their rows
/// in parallel and the writer thread only copies bytes.
pub fn buffer_writer() -> CsvWriter {
    csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new())
}

/// The header line of a report.
pub fn header(columns: &[&str]) -> Vec<u8> {
    let mut w = buffer_writer();
    w.write_record(columns).expect("writing to memory");
    w.into_inner().expect("writing to memory")
}
