//! Pipeline: input → split → (parse → replay → laws → report rows) → output.
//!
//! One reader thread decompresses each source and cuts it into blocks of
//! whole games ([`crate::read::split`]); each block is audited as one job on the
//! rayon pool, which formats its CSV rows in memory; the calling thread
//! writes the blocks' rows in input order. A fixed number of permits bounds
//! the blocks in flight, so memory stays flat whatever the input size, and
//! the output is the same bytes whatever the thread count.

use std::collections::HashMap;
use std::io::{self, Read};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, SyncSender, channel, sync_channel};
use std::time::Instant;

use indicatif::ProgressBar;

use crate::laws::adjudicate::{Adjudged, adjudicate_placed};
use crate::laws::{Judging, Placement};
use crate::model::incident::Incident;
use crate::model::time_control::Category;
use crate::model::verdict::{Status, Verdict};
use crate::read::ending::{self, Ending, Statement};
use crate::read::events::EventLog;
use crate::read::input::{Source, decompress};
use crate::read::parse::{GameRecord, parse_game};
use crate::read::shard::Shard;
use crate::read::split::{Block, GameSlice, Splitter};
use crate::report::fixed::write_back;
use crate::report::html::{self, Page};
use crate::report::output::{BlockResults, Output};
use crate::report::rows::{IncidentRow, Origin, VerdictRow, buffer_writer};
use crate::report::summary::Summary;

/// How to run an audit.
#[derive(Debug, Clone)]
pub struct Options {
    pub threads: usize,
    /// Bytes per block handed to a worker (at least; a block ends on a game).
    pub block_size: usize,
    /// The largest game read whole.
    pub max_game_bytes: usize,
    /// Leave cells as found, formulas and all (`--raw`).
    pub raw: bool,
    /// Write the games back corrected (`--fixed-pgn`).
    pub fixed_pgn: bool,
    /// Render a page for each game to look at (`--html`).
    pub html: bool,
    pub rules: Judging,
    /// Claims from a sidecar file (`--events`).
    pub events: Option<Arc<EventLog>>,
    /// Audit only the games that start in this part of the one input.
    pub shard: Option<Shard>,
    /// Write only the verdict rows that are not `confirmed` (`--rows flagged`).
    pub rows_flagged: bool,
    /// Held while a large game is audited: a game's audit takes memory in
    /// proportion to its plies, so large games go one at a time whatever
    /// the thread count.
    pub large_game: Arc<std::sync::Mutex<()>>,
}

/// Games larger than this are audited one at a time (see
/// [`Options::large_game`]); no real game comes near it.
pub const LARGE_GAME_BYTES: usize = 1 << 20;

/// The rows of one block, formatted, with their counts.
#[derive(Default)]
struct BlockReport {
    /// Index of the block's source.
    source: usize,
    results: BlockResults,
    summary: Summary,
    /// Lines of the events file that matched a game of the block.
    matched_events: Vec<usize>,
}

/// Audits every game of `sources`, feeding the outputs block by block.
pub fn run(
    sources: &[Source],
    options: &Options,
    progress: &ProgressBar,
    outputs: &mut [Box<dyn Output>],
) -> io::Result<Summary> {
    let started = Instant::now();
    quiet_worker_panics();
    let threads = options.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("{WORKER}{i}"))
        .build()
        .map_err(io::Error::other)?;
    let in_flight = 4 * threads;
    let (permit_tx, permit_rx) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        permit_tx.send(()).expect("permits fit the channel");
    }
    let (result_tx, result_rx) = channel::<(u64, BlockReport)>();
    let names: Vec<String> = sources.iter().map(Source::name).collect();

    let mut summary = Summary {
        per_source: vec![0; sources.len()],
        ..Summary::default()
    };
    let mut matched = vec![0u32; options.events.as_ref().map_or(0, |e| e.len())];
    std::thread::scope(|scope| -> io::Result<()> {
        let reader = scope.spawn(|| {
            read_all(
                sources, &names, options, progress, &pool, permit_rx, result_tx,
            )
        });
        // The writer owns the permits' sender: if it stops on an error, the
        // reader waiting for a permit wakes up and stops too.
        let written = write_in_order(
            result_rx,
            permit_tx,
            progress,
            outputs,
            &mut summary,
            &mut matched,
        );
        let source_errors = reader
            .join()
            .unwrap_or_else(|_| vec!["the reader thread failed".into()]);
        summary.source_errors.extend(source_errors);
        written
    })?;
    if let Some(events) = &options.events {
        unmatched_events(events, &matched, options.raw, outputs, &mut summary)?;
    }
    summary.seconds = started.elapsed().as_secs_f64();
    Ok(summary)
}

/// The events lines that did not apply to exactly one game, as incident
/// rows after the last game, handed on 10,000 at a time (a large events
/// file can leave millions).
fn unmatched_events(
    events: &EventLog,
    matched: &[u32],
    raw: bool,
    outputs: &mut [Box<dyn Output>],
    summary: &mut Summary,
) -> io::Result<()> {
    let mut w = buffer_writer();
    let flush = |w: &mut csv::Writer<Vec<u8>>, outputs: &mut [Box<dyn Output>]| {
        let rows = std::mem::replace(w, buffer_writer())
            .into_inner()
            .unwrap_or_default();
        outputs
            .iter_mut()
            .try_for_each(|o| o.trailing_incidents(&rows))
    };
    for (n, unmatched) in events.unmatched(matched).enumerate() {
        w.serialize(IncidentRow::unmatched(&events.path, &unmatched, raw))
            .map_err(io::Error::other)?;
        summary.unmatched_events += 1;
        summary.incident_rows += 1;
        *summary
            .by_incident
            .entry(crate::model::incident::IncidentKind::UnmatchedEvent.as_str())
            .or_default() += 1;
        if n % 10_000 == 9_999 {
            flush(&mut w, outputs)?;
        }
    }
    flush(&mut w, outputs)
}

/// A panic in a worker becomes the game's `error` row; the default hook
/// would also print it, in the middle of the progress bar.
fn quiet_worker_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let worker = std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with(WORKER));
            if !worker {
                default(info);
            }
        }));
    });
}

const WORKER: &str = "audit-worker-";

/// The reader thread: splits each source into blocks and hands them to the
/// pool. Returns the sources it could not read.
fn read_all(
    sources: &[Source],
    names: &[String],
    options: &Options,
    progress: &ProgressBar,
    pool: &rayon::ThreadPool,
    permits: Receiver<()>,
    results: std::sync::mpsc::Sender<(u64, BlockReport)>,
) -> Vec<String> {
    let mut workers = Workers {
        pool,
        permits,
        results,
        options: Arc::new(options.clone()),
        next: 0,
    };
    let stems = html::page_stems(names);
    let mut errors = Vec::new();
    for (index, source) in sources.iter().enumerate() {
        let name = &names[index];
        let named = Arc::new(SourceName {
            name: name.clone(),
            stem: stems[index].clone(),
        });
        let stream = source
            .open_raw()
            .map(|raw| progress.wrap_read(raw))
            .and_then(decompress);
        let stream: Box<dyn Read + Send> = match stream {
            Ok(s) => s,
            Err(e) => {
                errors.push(format!("{name}: cannot read: {e}"));
                continue;
            }
        };
        match read_source(stream, source, index, &named, &mut workers) {
            Reading::Done => {}
            Reading::Stopped => return errors,
            Reading::Failed(e) => errors.push(format!("{name}: {e}")),
        }
    }
    errors
}

/// The worker pool as the reader sees it: a permit for each block in
/// flight, and the blocks numbered in input order.
struct Workers<'a> {
    pool: &'a rayon::ThreadPool,
    permits: Receiver<()>,
    results: std::sync::mpsc::Sender<(u64, BlockReport)>,
    options: Arc<Options>,
    next: u64,
}

impl Workers<'_> {
    /// Hands a block to a worker once a permit is free; false when the
    /// writer has stopped.
    fn audit(&mut self, block: Block, index: usize, named: &Arc<SourceName>) -> bool {
        if self.permits.recv().is_err() {
            return false;
        }
        let (results, named, options) = (
            self.results.clone(),
            Arc::clone(named),
            Arc::clone(&self.options),
        );
        let this = self.next;
        self.next += 1;
        self.pool.spawn(move || {
            let report = audit_block(&block, index, &named, &options);
            let _ = results.send((this, report));
        });
        true
    }
}

/// How reading one source ended.
enum Reading {
    Done,
    /// The writer stopped: read nothing more.
    Stopped,
    Failed(String),
}

/// Cuts one source into blocks (those of the shard asked for) and hands
/// them out.
fn read_source(
    stream: Box<dyn Read + Send>,
    source: &Source,
    index: usize,
    named: &Arc<SourceName>,
    workers: &mut Workers<'_>,
) -> Reading {
    let options = Arc::clone(&workers.options);
    let mut splitter = Splitter::with_limit(stream, options.block_size, options.max_game_bytes);
    let range = options
        .shard
        .map_or(0..u64::MAX, |shard| shard.range(source.size().unwrap_or(0)));
    let mut read_error = None;
    loop {
        match splitter.next_block() {
            Ok(Some(mut block)) => {
                let past = block.games.last().is_some_and(|g| g.offset >= range.end);
                block.keep_starting_in(&range);
                if !block.games.is_empty() && !workers.audit(block, index, named) {
                    return Reading::Stopped;
                }
                if past {
                    break; // the rest belongs to later shards
                }
            }
            Ok(None) => break,
            // The games read before the error are still handed out: count
            // them all before saying how many there were.
            Err(e) => read_error = Some(e),
        }
    }
    match read_error {
        None => Reading::Done,
        Some(e) => Reading::Failed(format!(
            "read error: {e}; {} game(s) were read before it and have rows, the last of them cut \
             short (check that the file is complete and not corrupt)",
            splitter.games_emitted()
        )),
    }
}

/// The calling thread: writes block reports in sequence order.
fn write_in_order(
    results: Receiver<(u64, BlockReport)>,
    permits: SyncSender<()>,
    progress: &ProgressBar,
    outputs: &mut [Box<dyn Output>],
    summary: &mut Summary,
    matched: &mut [u32],
) -> io::Result<()> {
    let mut pending: HashMap<u64, BlockReport> = HashMap::new();
    let mut next = 0u64;
    let started = Instant::now();
    for (seq, report) in results {
        pending.insert(seq, report);
        while let Some(mut report) = pending.remove(&next) {
            for output in outputs.iter_mut() {
                output.block(&mut report.results)?;
            }
            summary.per_source[report.source] += report.summary.games;
            summary.add(report.summary);
            for i in report.matched_events {
                matched[i] = matched[i].saturating_add(1);
            }
            next += 1;
            let _ = permits.try_send(());
            let rate = summary.games as f64 / started.elapsed().as_secs_f64().max(1e-9);
            progress.set_message(format!("{} games, {rate:.0} games/s", summary.games));
        }
    }
    Ok(())
}

/// A source as the reports name it: as given, and as a page stem.
struct SourceName {
    name: String,
    stem: String,
}

/// `index` is the source's place among the inputs.
fn audit_block(block: &Block, index: usize, source: &SourceName, options: &Options) -> BlockReport {
    let mut verdicts = buffer_writer();
    let mut incidents = buffer_writer();
    let mut fixed = Vec::new();
    let mut pages = Vec::new();
    let mut summary = Summary::default();
    let mut matched_events = Vec::new();
    for (i, slice) in block.games.iter().enumerate() {
        let origin = Origin {
            source: &source.name,
            stem: &source.stem,
            game: block.first_game + i as u64 + 1,
            offset: slice.offset,
            raw: options.raw,
        };
        let sinks = Sinks {
            pages: &mut pages,
            verdicts: &mut verdicts,
            incidents: &mut incidents,
            fixed: options.fixed_pgn.then_some(&mut fixed),
            summary: &mut summary,
            matched_events: &mut matched_events,
        };
        audit_game(&block.data, slice, origin, options, sinks);
    }
    BlockReport {
        source: index,
        results: BlockResults {
            verdicts: verdicts.into_inner().unwrap_or_default(),
            incidents: incidents.into_inner().unwrap_or_default(),
            fixed,
            pages,
        },
        summary,
        matched_events,
    }
}

/// Where one block's results go.
struct Sinks<'a> {
    pages: &'a mut Vec<Page>,
    verdicts: &'a mut csv::Writer<Vec<u8>>,
    incidents: &'a mut csv::Writer<Vec<u8>>,
    fixed: Option<&'a mut Vec<u8>>,
    summary: &'a mut Summary,
    matched_events: &'a mut Vec<usize>,
}

/// Audits one game and formats its rows. Never panics: a panic inside the
/// chess libraries becomes an `error` row for that game.
fn audit_game(
    data: &[u8],
    slice: &GameSlice,
    origin: Origin<'_>,
    options: &Options,
    out: Sinks<'_>,
) {
    let _one_at_a_time = (slice.bytes.len() > LARGE_GAME_BYTES)
        .then(|| options.large_game.lock().unwrap_or_else(|e| e.into_inner()));
    let mut record = parse_game(&data[slice.bytes.clone()]);
    record.first_line = slice.line;
    let placement = options.rules.place(&record);
    let mut claims = record.claims.clone();
    if let Some(events) = &options.events {
        for (line, claim) in events.claims_for(&record.tags) {
            out.matched_events.push(line);
            claims.push(claim);
        }
    }
    let audited = judged_safely(&record, slice, claims, options, origin, placement);
    let (verdict, found, page, ending) = audited;
    let book = &placement.book;
    if verdict.status != Status::Confirmed || !options.rows_flagged {
        let row = VerdictRow::new(origin, &record, &verdict, book, ending);
        // Writing into a Vec cannot fail short of running out of memory.
        out.verdicts.serialize(row).expect("writing to memory");
        out.summary.verdict_rows += 1;
    }
    for incident in &found {
        let row = IncidentRow::new(origin, incident);
        out.incidents.serialize(row).expect("writing to memory");
    }
    let page = match page {
        None if options.html && verdict.status == Status::Error => {
            html::error_page(&record, book, &verdict, origin)
        }
        page => page,
    };
    out.pages.extend(page);
    if let Some(fixed) = out.fixed {
        // Only the head of an oversized game was kept: it cannot be copied.
        match slice.problem {
            Some(_) => out.summary.not_copied += 1,
            None => write_back(&record, &verdict, book, fixed),
        }
    }
    count(out.summary, &verdict, &found, ending, book, &options.rules);
}

/// The game judged, or an `error` verdict: for a game the splitter could
/// not keep whole, and for a panic inside a chess library. An error row
/// names the source, the game's number and the line.
fn judged_safely(
    record: &GameRecord<'_>,
    slice: &GameSlice,
    claims: Vec<Result<crate::model::claim::Claim, String>>,
    options: &Options,
    origin: Origin<'_>,
    placement: Placement,
) -> Audited {
    let audited = match &slice.problem {
        Some(problem) => Ok((
            Verdict::error(format!("line {}: {problem}", slice.line)),
            Vec::new(),
            None,
            stated(record),
        )),
        None => catch_unwind(AssertUnwindSafe(|| {
            audit_record(record, claims, options, origin, placement)
        })),
    };
    let mut audited = audited.unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let why = format!(
            "the chess library failed on this game ({what}); please report it with the game"
        );
        (Verdict::error(why), Vec::new(), None, stated(record))
    });
    let verdict = &mut audited.0;
    if verdict.status == Status::Error {
        let source = match origin.source {
            "-" => "standard input",
            path => path,
        };
        verdict.reason = format!("{source}, game {}: {}", origin.game, verdict.reason);
    }
    audited
}

/// Counts one game in the block's summary.
fn count(
    summary: &mut Summary,
    verdict: &Verdict,
    incidents: &[Incident],
    ending: (Ending, ending::EndingSource),
    book: &crate::laws::Book,
    rules: &Judging,
) {
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
}

/// The ending a record states, for a game that could not be judged.
fn stated(record: &crate::read::parse::GameRecord<'_>) -> (Ending, ending::EndingSource) {
    Statement::read(record).map_or((Ending::Unknown, ending::EndingSource::None), |s| {
        (s.ending, s.source)
    })
}

/// What auditing one game produced: its verdict, incidents and, with
/// `--html`, its page.
type Audited = (
    Verdict,
    Vec<Incident>,
    Option<Page>,
    (Ending, ending::EndingSource),
);

fn audit_record(
    record: &GameRecord<'_>,
    claims: Vec<Result<crate::model::claim::Claim, String>>,
    options: &Options,
    origin: Origin<'_>,
    placement: Placement,
) -> Audited {
    if let Some((what, at)) = &record.damage {
        let verdict = Verdict::error(format!("line {}: {what}", record.line_of(*at)));
        return (verdict, Vec::new(), None, stated(record));
    }
    match adjudicate_placed(record, claims, &options.rules, placement) {
        Ok(Adjudged { game, judgement }) => {
            let page = options
                .html
                .then(|| html::page(&game, &judgement, origin))
                .flatten();
            (
                judgement.verdict,
                judgement.incidents,
                page,
                judgement.ending,
            )
        }
        Err(e) => (
            Verdict::error(e.to_string()),
            Vec::new(),
            None,
            stated(record),
        ),
    }
}
