//! Report: the rows of `verdicts.csv` and `incidents.csv`.
//!
//! Column names and order are part of the interface: later versions may
//! append columns, never rename or reorder them.

use serde::Serialize;

use crate::clock::Clock;
use crate::events::Unmatched;
use crate::incident::Incident;
use crate::laws::side_name;
use crate::parse::Tags;
use crate::replay::Regime;
use crate::time_control::Category;
use crate::verdict::Verdict;

/// Where a game stands in the input.
#[derive(Debug, Clone, Copy)]
pub struct Origin<'a> {
    pub source: &'a str,
    /// 1-based index within the source.
    pub game: u64,
    /// Offset of the game's first byte in the decompressed stream.
    pub offset: u64,
}

#[derive(Debug, Serialize)]
pub struct VerdictRow<'a> {
    pub source: &'a str,
    pub game: u64,
    pub offset: u64,
    pub event: &'a str,
    pub site: &'a str,
    pub date: &'a str,
    pub round: &'a str,
    pub white: &'a str,
    pub black: &'a str,
    pub time_control: &'a str,
    pub category: &'static str,
    pub plies: usize,
    pub recorded_result: &'static str,
    pub correct_result: &'static str,
    pub status: &'static str,
    pub rule: &'static str,
    pub decided_at_ply: Option<usize>,
    pub reason: &'a str,
    pub regime: &'static str,
}

impl<'a> VerdictRow<'a> {
    pub fn new(
        origin: Origin<'a>,
        tags: &'a Tags,
        plies: usize,
        recorded: &'static str,
        verdict: &'a Verdict,
        regime: Regime,
    ) -> Self {
        let tag = |t: &'a Option<String>| t.as_deref().unwrap_or("");
        VerdictRow {
            source: origin.source,
            game: origin.game,
            offset: origin.offset,
            event: tag(&tags.event),
            site: tag(&tags.site),
            date: tag(&tags.date),
            round: tag(&tags.round),
            white: tag(&tags.white),
            black: tag(&tags.black),
            time_control: tag(&tags.time_control),
            category: tags
                .time_control
                .as_deref()
                .map_or(Category::Unknown, Category::of)
                .as_str(),
            plies,
            recorded_result: recorded,
            correct_result: verdict.correct.map_or("", |r| r.as_str()),
            status: verdict.status.as_str(),
            rule: verdict.clause.map_or("", |c| c.as_str()),
            decided_at_ply: verdict.decided_at_ply,
            reason: &verdict.reason,
            regime: regime.as_str(),
        }
    }
}

#[derive(Debug, Serialize)]
pub struct IncidentRow<'a> {
    pub source: &'a str,
    pub game: u64,
    pub ply: usize,
    #[serde(rename = "move")]
    pub move_label: &'a str,
    pub side: &'static str,
    pub kind: &'static str,
    pub san: &'a str,
    pub fen_before: &'a str,
    pub white_clock: Option<String>,
    pub black_clock: Option<String>,
    pub detail: &'a str,
}

impl<'a> IncidentRow<'a> {
    pub fn new(origin: Origin<'a>, incident: &'a Incident) -> Self {
        IncidentRow {
            source: origin.source,
            game: origin.game,
            ply: incident.ply,
            move_label: &incident.move_label,
            side: incident.side.map_or("", side_name),
            kind: incident.kind.as_str(),
            san: &incident.san,
            fen_before: &incident.fen_before,
            white_clock: incident.white_clock.map(Clock::seconds),
            black_clock: incident.black_clock.map(Clock::seconds),
            detail: &incident.detail,
        }
    }
}

pub const VERDICT_COLUMNS: &[&str] = &[
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
];

/// An events-file line that matched no game, as an incident row.
#[derive(Debug, Serialize)]
pub struct UnmatchedRow<'a> {
    pub source: &'a str,
    pub game: &'static str,
    pub ply: usize,
    #[serde(rename = "move")]
    pub move_label: &'static str,
    pub side: &'static str,
    pub kind: &'static str,
    pub san: &'static str,
    pub fen_before: &'static str,
    pub white_clock: &'static str,
    pub black_clock: &'static str,
    pub detail: String,
}

impl<'a> UnmatchedRow<'a> {
    pub fn new(events_path: &'a str, unmatched: &Unmatched) -> Self {
        UnmatchedRow {
            source: events_path,
            game: "",
            ply: 0,
            move_label: "",
            side: "",
            kind: crate::incident::IncidentKind::UnmatchedEvent.as_str(),
            san: "",
            fen_before: "",
            white_clock: "",
            black_clock: "",
            detail: format!("line {}: {}", unmatched.line, unmatched.text),
        }
    }
}

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
pub fn buffer_writer() -> csv::Writer<Vec<u8>> {
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
