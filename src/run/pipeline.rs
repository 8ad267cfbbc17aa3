//! Pipeline: input → split → (parse → replay → laws → format) → output.
//!
//! One reader thread decompresses each source and cuts it into blocks of
//! whole games ([`crate::read::split`]; from four threads on a stream is
//! decompressed ahead on a thread of its own, [`crate::read::ahead`], and a
//! large plain file is split in ranges on the workers,
//! [`super::in_ranges`]); each block is audited as one job on the
//! rayon pool ([`super::worker`]), where every output formats its games;
//! the calling thread hands the blocks' parts to the outputs in input order. A fixed number of permits bounds
//! the blocks in flight, so memory stays flat whatever the input size, and
//! the output is the same bytes whatever the thread count.

use std::collections::HashMap;
use std::io::{self, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, channel, sync_channel};
use std::time::Instant;

use indicatif::ProgressBar;

use super::in_ranges::{InRanges, range_bytes, read_error_said, read_in_ranges};
use super::options::BLOCKS_IN_FLIGHT_A_THREAD;
pub use super::options::{BLOCK_SIZE, Options};
use super::worker::{BlockReport, Input};
use super::workers::{Reading, Workers};
use crate::model::incident::IncidentKind;
use crate::read::ahead::Ahead;
use crate::read::encoding::FileEncoding;
use crate::read::events::EventLog;
use crate::read::games::Games;
use crate::read::input::Format;
use crate::read::input::{Source, decompress};
use crate::read::ranges::plain_pgn;
use crate::report::output::{AnyFormat, AnyOutput};
use crate::report::summary::Summary;

/// Audits every game of `sources`, feeding the outputs block by block.
pub fn run(
    sources: &[Source],
    options: &Options,
    progress: &ProgressBar,
    outputs: &mut [Box<dyn AnyOutput + '_>],
) -> io::Result<Summary> {
    let started = Instant::now();
    quiet_worker_panics();
    let threads = options.threads.max(1);
    let pool = worker_pool(threads)?;
    let (permit_tx, permit_rx) = permits(options.blocks_in_flight, threads);
    let (result_tx, result_rx) = channel::<(u64, BlockReport)>();
    let names: Vec<String> = sources.iter().map(Source::name).collect();
    let formats: Arc<[Arc<dyn AnyFormat>]> = outputs.iter().map(|o| o.format()).collect();

    let mut summary = Summary {
        per_source: vec![0; sources.len()],
        ..Summary::default()
    };
    let mut matched = vec![0u32; options.events.as_ref().map_or(0, |e| e.len())];
    let (alive, jobs_ended) = channel::<()>();
    let ran = std::thread::scope(|scope| -> io::Result<()> {
        let reader = scope.spawn(|| {
            let workers = Workers {
                pool: &pool,
                permits: permit_rx,
                results: result_tx,
                options: Arc::new(options.clone()),
                formats,
                next: 0,
                alive,
            };
            read_all(sources, &names, progress, workers, options.base.as_deref())
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
            options.stop.as_deref(),
        );
        let source_errors = reader
            .join()
            .unwrap_or_else(|_| vec!["the reader thread failed".into()]);
        summary.source_errors.extend(source_errors);
        written
    });
    // No job sends on it: `recv` ends once the last job is gone.
    while jobs_ended.recv().is_ok() {}
    ran?;
    if let Some(events) = &options.events {
        unmatched_events(events, &matched, outputs, &mut summary)?;
    }
    summary.seconds = started.elapsed().as_secs_f64();
    Ok(summary)
}

/// The workers, named so that their panics are told from others.
fn worker_pool(threads: usize) -> io::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("{WORKER}{i}"))
        .build()
        .map_err(io::Error::other)
}

/// A permit for each block in flight (as asked, else
/// [`BLOCKS_IN_FLIGHT_A_THREAD`] a thread): the reader takes one before it
/// hands a block out, the writer gives it back once the block is written.
fn permits(asked: Option<usize>, threads: usize) -> (SyncSender<()>, Receiver<()>) {
    let in_flight = asked.map_or(BLOCKS_IN_FLIGHT_A_THREAD * threads, |n| n.max(1));
    let (give, take) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        give.send(()).expect("permits fit the channel");
    }
    (give, take)
}

/// The events lines that did not apply to exactly one game, handed to the
/// outputs after the last game, 10,000 at a time (a large events file can
/// leave millions).
fn unmatched_events(
    events: &EventLog,
    matched: &[u32],
    outputs: &mut [Box<dyn AnyOutput + '_>],
    summary: &mut Summary,
) -> io::Result<()> {
    let mut unmatched = events.unmatched(matched);
    loop {
        let batch: Vec<_> = unmatched.by_ref().take(10_000).collect();
        if batch.is_empty() {
            return Ok(());
        }
        let n = batch.len() as u64;
        summary.unmatched_events += n;
        summary.incident_rows += n;
        *summary
            .by_incident
            .entry(IncidentKind::UnmatchedEvent.as_str())
            .or_default() += n;
        for output in outputs.iter_mut() {
            output.unmatched_events(&events.path, &batch)?;
        }
    }
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
    progress: &ProgressBar,
    mut workers: Workers<'_>,
    base: Option<&std::path::Path>,
) -> Vec<String> {
    let mut errors = Vec::new();
    for (index, source) in sources.iter().enumerate() {
        let name = &names[index];
        let input = Input {
            index,
            name: name.as_str().into(),
        };
        let reading = match in_ranges(source, base, &workers) {
            Some(file) => read_in_ranges(file, &input, &mut workers, progress),
            None => read_stream(source, base, &input, &mut workers, progress),
        };
        match reading {
            Reading::Done => {}
            Reading::Stopped => return errors,
            Reading::Failed(e) => errors.push(format!("{name}: {e}")),
        }
    }
    errors
}

/// A plain file the ranges of which are split on the workers: the file
/// opened (read through this handle to the end), its size and the range
/// size.
fn in_ranges(
    source: &Source,
    base: Option<&std::path::Path>,
    workers: &Workers<'_>,
) -> Option<InRanges> {
    let Source::File(path) = source else {
        return None;
    };
    let options = workers.options();
    if options.shard.is_some() {
        return None;
    }
    let path = base.map_or(path.clone(), |b| b.join(path));
    // A FIFO or a device is opened once, by the stream that reads it:
    // opened here too, the bytes its writer sent to this first reader
    // would be lost, and the second open would wait for a writer gone.
    // A file too small for ranges is not opened here either.
    if !std::fs::metadata(&path).ok()?.is_file() {
        return None;
    }
    let file = std::fs::File::open(&path).ok()?;
    // The size of the file opened: the one read to the end.
    let meta = file.metadata().ok().filter(std::fs::Metadata::is_file)?;
    let size = meta.len();
    let range = range_bytes(options.range_bytes, options.threads, size)?;
    plain_pgn(&file)
        .ok()?
        .then_some(InRanges { file, size, range })
}

/// The threads from which a stream is read ahead on a thread of its own
/// ([`Ahead`]): below that the workers, not the reader, are what a run
/// waits on, and the extra thread would only take their cores' time.
const READ_AHEAD_FROM: usize = 4;

/// A source read in one stream, decompressed as it comes.
fn read_stream(
    source: &Source,
    base: Option<&std::path::Path>,
    input: &Input,
    workers: &mut Workers<'_>,
    progress: &ProgressBar,
) -> Reading {
    let threads = workers.options().threads;
    let stream = source
        .open_raw_in(base)
        .map(|raw| progress.wrap_read(raw))
        .and_then(decompress)
        .and_then(|(stream, format)| match threads >= READ_AHEAD_FROM {
            true => Ok((
                Box::new(Ahead::new(stream)?) as Box<dyn Read + Send>,
                format,
            )),
            false => Ok((stream, format)),
        });
    match stream {
        Ok(stream) => read_source(stream, source, input, workers),
        Err(e) => Reading::Failed(format!("cannot read: {e}")),
    }
}

/// Cuts one source into blocks (those of the shard asked for), decides the
/// source's encoding, and hands them out.
fn read_source(
    (stream, format): (Box<dyn Read + Send>, Format),
    source: &Source,
    input: &Input,
    workers: &mut Workers<'_>,
) -> Reading {
    let options = Arc::clone(&workers.options);
    let mut splitter = Games::new(stream, format, options.block_size, options.max_game_bytes);
    let range = options
        .shard
        .map_or(0..u64::MAX, |shard| shard.range(source.size().unwrap_or(0)));
    let mut text = FileEncoding::default();
    let mut read_error = None;
    let mut done = false;
    while !done {
        let blocks = match splitter.next_block() {
            Ok(Some(block)) => text.admit(block),
            Ok(None) => {
                done = true;
                text.finish()
            }
            // The games read before the error are still handed out: count
            // them all before saying how many there were.
            Err(e) => {
                read_error = Some(e);
                continue;
            }
        };
        for mut block in blocks {
            let past = block.games.last().is_some_and(|g| g.offset >= range.end);
            block.keep_starting_in(&range);
            if !block.games.is_empty() && !workers.audit(block, input) {
                return Reading::Stopped;
            }
            // The rest belongs to later shards.
            done |= past;
        }
    }
    match read_error {
        None => Reading::Done,
        Some(e) => Reading::Failed(read_error_said(&e, splitter.games_emitted())),
    }
}

/// The calling thread: hands the blocks' parts to the outputs in input
/// order.
fn write_in_order(
    results: Receiver<(u64, BlockReport)>,
    permits: SyncSender<()>,
    progress: &ProgressBar,
    outputs: &mut [Box<dyn AnyOutput + '_>],
    summary: &mut Summary,
    matched: &mut [u32],
    stop: Option<&AtomicBool>,
) -> io::Result<()> {
    let mut pending: HashMap<u64, BlockReport> = HashMap::new();
    let mut next = 0u64;
    let started = Instant::now();
    for (seq, report) in results {
        // A block a stopped worker left unfinished is never written.
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "the audit was stopped",
            ));
        }
        pending.insert(seq, report);
        while let Some(report) = pending.remove(&next) {
            for (output, part) in outputs.iter_mut().zip(report.parts) {
                output.block(part, summary)?;
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
