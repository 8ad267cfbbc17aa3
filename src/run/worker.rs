//! A worker's job: one block of games parsed, replayed and judged, each
//! game handed to every output's format, and counted.

use std::sync::Arc;

use super::options::{LARGE_GAME_BYTES, Options};
use super::record::{Reading, Written, audit_record, read_game};
use crate::laws::adjudicate::unknown_category_why;
use crate::laws::{Judgement, Judging};
use crate::model::time_control::Category;
use crate::model::verdict::Status;
use crate::read::encoding;
use crate::read::ending::Doubt;
use crate::read::parse::GameRecord;
use crate::read::split::{Block, GameSlice};
use crate::report::audited::{AuditedGame, Origin};
use crate::report::output::{AnyFormat, Part};
use crate::report::summary::Summary;

/// A source as the workers know it.
#[derive(Clone)]
pub(super) struct Input {
    /// Its place among the run's inputs.
    pub index: usize,
    /// As given (`-` for standard input).
    pub name: Arc<str>,
}

/// What the workers made of one block.
pub(super) struct BlockReport {
    /// Index of the block's source.
    pub source: usize,
    /// Each output's part, in the outputs' order.
    pub parts: Vec<Part>,
    pub summary: Summary,
    /// Lines of the events file that matched a game of the block.
    pub matched_events: Vec<usize>,
}

pub(super) fn audit_block(
    block: &Block,
    input: &Input,
    options: &Options,
    formats: &[Arc<dyn AnyFormat>],
) -> BlockReport {
    let mut report = BlockReport {
        source: input.index,
        parts: formats.iter().map(|f| f.part()).collect(),
        summary: Summary::default(),
        matched_events: Vec::new(),
    };
    let reading = match formats.iter().any(|f| f.reads_text()) {
        true => Reading::AsText,
        false => Reading::Fastest,
    };
    let stopped = || {
        let stop = options.stop.as_deref();
        stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
    };
    for (i, slice) in block.games.iter().enumerate() {
        if stopped() {
            break;
        }
        let origin = Origin {
            input: input.index,
            source: &input.name,
            game: block.first_game + i as u64 + 1,
            offset: slice.offset,
        };
        let read = (block, slice, reading);
        audit_game(read, origin, options, formats, &mut report);
    }
    report
}

/// Audits one game and hands it to the formats. Never panics: a panic
/// inside the chess libraries becomes an `error` verdict for that game.
fn audit_game(
    (block, slice, reading): (&Block, &GameSlice, Reading),
    origin: Origin<'_>,
    options: &Options,
    formats: &[Arc<dyn AnyFormat>],
    report: &mut BlockReport,
) {
    let _one_at_a_time = (slice.bytes.len() > LARGE_GAME_BYTES)
        .then(|| options.large_game.lock().unwrap_or_else(|e| e.into_inner()));
    let mut written = Written::default();
    let (record, problem) = read_game((block, slice), reading, &mut written, options);
    let audit = audit_record(&record, problem.as_deref(), options);
    report.matched_events.extend(audit.matched_events);
    let (game, judgement) = (audit.game, audit.judgement);
    let audited = AuditedGame {
        origin,
        record: &record,
        // A JSON game is copied as written, or as it came where it could
        // not be (`read_game`): only a head cut off is not.
        whole: !slice.head_only && (problem.is_none() || block.json),
        game: game.as_ref(),
        judgement: &judgement,
    };
    for (format, part) in formats.iter().zip(&mut report.parts) {
        format.game(&audited, part);
    }
    count(&mut report.summary, &judgement, &options.rules);
    if judgement.book.category == Category::Unknown && judgement.verdict.status != Status::Error {
        let why = unknown_category_why(&record);
        *report.summary.no_category.entry(why).or_default() += 1;
    }
    // What the summary says sends a game to review is counted only for the
    // games its row does not call an error.
    let judged = judgement.verdict.status != Status::Error;
    let doubt = game.as_ref().and_then(|g| g.doubt.as_ref());
    let review = judgement.verdict.status == Status::Review;
    count_layout(
        &mut report.summary,
        &record,
        doubt.filter(|_| judged),
        review,
    );
}

/// How the record was written, where it is unusual enough to say; two
/// results only where the row went to `review` (a pairing program's `*`
/// beside its Result is no contradiction, and a board that decides
/// settles it).
fn count_layout(
    summary: &mut Summary,
    record: &GameRecord<'_>,
    doubt: Option<&Doubt>,
    review: bool,
) {
    let notes = [
        (record.layout.moves_on_tag_line, "moves-on-tag-line"),
        (review && record.results_disagree().is_some(), "two-results"),
        (record.result_words().is_some(), "result-in-words"),
        (
            matches!(doubt, Some(Doubt::NotUnderstood(_) | Doubt::Claim(..))),
            "ending-not-understood",
        ),
        (
            matches!(doubt, Some(Doubt::Partial(..))),
            "ending-read-in-part",
        ),
        (
            matches!(doubt, Some(Doubt::Ambiguous(..))),
            "ending-ambiguous",
        ),
        (
            matches!(doubt, Some(Doubt::Disagree(..))),
            "endings-disagree",
        ),
    ];
    for (_, note) in notes.into_iter().filter(|(seen, _)| *seen) {
        *summary.records.entry(note).or_default() += 1;
    }
    if let Some(encoding) = record.text_encoding() {
        *summary.encodings.entry(encoding.name()).or_default() += 1;
        if encoding::own_differs(record.bytes, encoding) {
            *summary.records.entry("encoding-differs").or_default() += 1;
        }
    }
}

/// Counts one game in the block's summary.
fn count(summary: &mut Summary, judgement: &Judgement, rules: &Judging) {
    let Judgement {
        verdict,
        incidents,
        book,
        ending,
        ..
    } = judgement;
    summary.games += 1;
    summary.incident_rows += incidents.len() as u64;
    for incident in incidents {
        *summary
            .by_incident
            .entry(incident.kind.as_str())
            .or_default() += 1;
    }
    *summary.by_ending.entry(ending.0.as_str()).or_default() += 1;
    if book.edition.rapid_rules_for_all
        && !rules.only_rapid
        && !matches!(book.category, Category::Rapid | Category::Unknown)
    {
        *summary.not_rapid.entry(book.category.as_str()).or_default() += 1;
    }
    *summary
        .by_status
        .entry(verdict.status.as_str())
        .or_default() += 1;
    let rule = match verdict.rule {
        "" => "(none)",
        rule => rule,
    };
    *summary.by_rule.entry(rule).or_default() += 1;
    *summary.by_laws.entry(book.edition.name).or_default() += 1;
}
