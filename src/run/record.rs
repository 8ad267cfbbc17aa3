//! One record's audit, whichever door it came through (a run's worker,
//! `explain`): read with the run's options, checked for damage, given the
//! claims of the events file, judged, and never a panic. Every door gets
//! the same answer for the same record because this is the only place one
//! is made.

use std::panic::{AssertUnwindSafe, catch_unwind};

use super::options::Options;
use crate::laws::adjudicate::{Adjudged, adjudicate_placed};
use crate::laws::finding::verdict::Unjudged;
use crate::laws::verdict::Verdict;
use crate::laws::{Game, Judgement};
use crate::read::ending::{Ending, EndingSource, Statement};
use crate::read::export;
use crate::read::parse::{GameRecord, parse_game, parse_game_in};
use crate::read::split::{Block, GameSlice};
use encoding_rs::Encoding;

/// A record audited.
pub(crate) struct AuditedRecord<'a> {
    /// The replay; `None` for an `error` verdict.
    pub game: Option<Game<'a>>,
    pub judgement: Judgement,
    /// Lines of the events file whose claims were this game's.
    pub matched_events: Vec<usize>,
}

/// How a game of an export is read: `AsText` where an output copies or
/// shows the game's text (the corrected PGN, the HTML pages), which a game
/// read straight from its JSON does not have; else `Fastest`, straight
/// where it can be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reading {
    AsText,
    Fastest,
}

/// What a game of an export is read from in place of its source's bytes,
/// where it is not read straight from them ([`export::game_record`]): the
/// PGN written for it. It lives as long as the game's record.
#[derive(Debug, Default)]
pub(crate) struct Written {
    pgn: Vec<u8>,
}

/// A game of a block read as a run reads it, and why it cannot be judged
/// if it cannot: PGN as written; a server's JSON object straight into its
/// record ([`export::game_record`]), or else (and always `AsText`) written
/// as the PGN its server writes into `written` and read from there. The
/// splitter's own problem with the text (a game cut short) comes first.
pub(crate) fn read_game<'a>(
    (block, slice): (&'a Block, &GameSlice),
    reading: Reading,
    written: &'a mut Written,
    options: &Options,
) -> (GameRecord<'a>, Option<String>) {
    let bytes = &block.data[slice.bytes.clone()];
    let place = (slice.line, block.legacy);
    if !block.json {
        let problem = slice.problem.clone();
        return (read_record(bytes, place, options), problem);
    }
    let Written { pgn } = written;
    let text = match (&slice.problem, reading) {
        (Some(problem), _) => export::GameText {
            pgn: Vec::new(),
            problem: Some(problem.clone()),
        },
        (None, Reading::Fastest) => match export::game_record(bytes) {
            Ok(record) => return (placed(record, place, options), None),
            Err(text) => text,
        },
        (None, Reading::AsText) => export::game_text(bytes),
    };
    // What could not be written as PGN is kept as it came, in a comment,
    // so that the corrected PGN holds every game of the input.
    *pgn = match text.pgn.is_empty() {
        true => as_comment(bytes),
        false => text.pgn,
    };
    let mut record = read_record(pgn, place, options);
    record.written = true;
    (record, text.problem)
}

/// An export's text that holds no game it can write, as PGN: each of its
/// lines a `;` comment, before an unknown result.
fn as_comment(bytes: &[u8]) -> Vec<u8> {
    let mut pgn = Vec::with_capacity(bytes.len() + 16);
    for line in bytes.split(|&c| c == b'\n') {
        pgn.extend_from_slice(b"; ");
        pgn.extend_from_slice(line.strip_suffix(b"\r").unwrap_or(line));
        pgn.push(b'\n');
    }
    pgn.extend_from_slice(b"*\n");
    pgn
}

/// A game's text read as a run reads it: `line` is its first line in the
/// source, `legacy` what the source's text that is not UTF-8 is read as
/// (guessed from the game's own bytes where the source's is not decided).
fn read_record<'a>(
    bytes: &'a [u8],
    place: (u64, Option<&'static Encoding>),
    options: &Options,
) -> GameRecord<'a> {
    let record = match place.1 {
        Some(encoding) => parse_game_in(bytes, Some(encoding)),
        None => parse_game(bytes),
    };
    placed(record, place, options)
}

/// A record given its place in the source, and a tournament report's
/// control where the game's own cannot be read.
fn placed<'a>(
    mut record: GameRecord<'a>,
    (line, legacy): (u64, Option<&'static Encoding>),
    options: &Options,
) -> GameRecord<'a> {
    record.first_line = line;
    record.legacy_encoding = record.legacy_encoding.or(legacy);
    if let Some(control) = options.report_control.as_deref()
        && record.control.periods.is_none()
    {
        record.control = control.clone();
    }
    record
}

/// Audits one record; `problem` is what the splitter found wrong with its
/// text (a game it could not keep whole), which makes an `error` verdict.
pub(crate) fn audit_record<'a>(
    record: &'a GameRecord<'a>,
    problem: Option<&str>,
    options: &Options,
) -> AuditedRecord<'a> {
    let placement = options.rules.place(record);
    let mut claims = record.claims.clone();
    let mut matched_events = Vec::new();
    if let Some(events) = &options.events {
        for (line, claim) in events.claims_for(&record.tags) {
            matched_events.push(line);
            claims.push(claim);
        }
    }
    let judged = match problem {
        Some(problem) => Err(Unjudged::Damaged {
            line: record.first_line,
            what: problem.to_string(),
        }),
        None => catch_unwind(AssertUnwindSafe(|| {
            judge(record, claims, options, placement)
        }))
        .unwrap_or_else(|panic| Err(library_failure(panic))),
    };
    let (game, judgement) = match judged {
        Ok(Adjudged { game, judgement }) => (Some(game), judgement),
        Err(why) => (None, error(record, why, placement.book)),
    };
    AuditedRecord {
        game,
        judgement,
        matched_events,
    }
}

/// Replays and judges a record the parser read whole.
fn judge<'a>(
    record: &'a GameRecord<'a>,
    claims: Vec<Result<crate::model::claim::Claim, crate::model::claim::ClaimError>>,
    options: &Options,
    placement: crate::laws::Placement,
) -> Result<Adjudged<'a>, Unjudged> {
    if let Some((what, at)) = &record.damage {
        return Err(Unjudged::Damaged {
            line: record.line_of(*at),
            what: what.to_string(),
        });
    }
    adjudicate_placed(record, claims, &options.rules, placement).map_err(Unjudged::Replay)
}

/// A panic inside a chess library, as an `error` verdict's reason.
fn library_failure(panic: Box<dyn std::any::Any + Send>) -> Unjudged {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    Unjudged::LibraryPanic(what)
}

/// The `error` judgement of a game that could not be judged, with the
/// ending its record states.
fn error(record: &GameRecord<'_>, why: Unjudged, book: crate::laws::Book) -> Judgement {
    let ending = Statement::read(record).map_or((Ending::Unknown, EndingSource::None), |s| {
        (s.ending, s.words.source)
    });
    Judgement {
        verdict: Verdict::error(why),
        incidents: Vec::new(),
        helpmate: None,
        book,
        ending,
    }
}
