//! The reader of a large plain file on many threads: the file's ranges
//! split on the workers ([`crate::read::ranges`]), joined here in order and
//! their blocks handed out, so that no one thread reads and splits the
//! whole file. The games, their numbers, offsets and lines are the
//! sequential split's.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fs::File;
use std::io::{self, Seek, SeekFrom};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};

use indicatif::ProgressBar;

use super::worker::Input;
use super::workers::{Reading, Workers};
use crate::read::ranges::{Placed, RangeSplit, opening_after, place, split_range};
use crate::read::split::Splitter;

/// The bytes of a range, when `--range-bytes` does not say.
pub const RANGE_BYTES: u64 = 1 << 20;

/// A range grows at most this many times its size looking for a line that
/// opens a game; a file without one is read on from there in one stream.
const FURTHEST: u64 = 16;

/// The range size to split `size` bytes of a plain file in, or none to
/// read it in one stream: `asked` (`--range-bytes`, 0 for one stream),
/// else ranges of [`RANGE_BYTES`] where four threads or more could use
/// them.
pub fn range_bytes(asked: Option<usize>, threads: usize, size: u64) -> Option<u64> {
    match asked {
        Some(0) => None,
        Some(n) => Some(n as u64),
        None => (threads >= 4 && size >= 8 * RANGE_BYTES).then_some(RANGE_BYTES),
    }
}

/// Where the ranges stand: those on the workers, in order, and their
/// answers.
struct Ranges {
    path: PathBuf,
    file: Arc<File>,
    size: u64,
    range: u64,
    target: usize,
    max_game: usize,
    queued: VecDeque<u64>,
    next: u64,
    /// No opening line within reach: from `next` on, one stream.
    rest_in_one: bool,
    answers: Receiver<(u64, io::Result<RangeSplit>)>,
    sender: std::sync::mpsc::Sender<(u64, io::Result<RangeSplit>)>,
    arrived: HashMap<u64, io::Result<RangeSplit>>,
    dropped: HashSet<u64>,
}

/// A plain file to read in ranges.
pub(super) struct InRanges {
    pub file: File,
    /// Where it lies, to open it again for a stream of its own.
    pub path: PathBuf,
    pub size: u64,
    pub range: u64,
}

/// Reads `file` in ranges.
pub(super) fn read_in_ranges(
    InRanges {
        file,
        path,
        size,
        range,
    }: InRanges,
    input: &Input,
    workers: &mut Workers<'_>,
    progress: &ProgressBar,
) -> Reading {
    let (sender, answers) = channel();
    let options = workers.options();
    let mut ranges = Ranges {
        path,
        file: Arc::new(file),
        size,
        range: range.max(1),
        target: options.block_size,
        max_game: options.max_game_bytes,
        queued: VecDeque::new(),
        next: 0,
        rest_in_one: false,
        answers,
        sender,
        arrived: HashMap::new(),
        dropped: HashSet::new(),
    };
    match ranges.hand_out(input, workers, progress) {
        Ok(reading) => reading,
        Err(e) => Reading::Failed(format!("read error: {e}")),
    }
}

impl Ranges {
    /// Joins the ranges in order and hands out their blocks; the rest of a
    /// file without opening lines in one stream.
    fn hand_out(
        &mut self,
        input: &Input,
        workers: &mut Workers<'_>,
        progress: &ProgressBar,
    ) -> io::Result<Reading> {
        let mut placed = Placed::default();
        loop {
            self.queue(workers)?;
            let Some(start) = self.queued.pop_front() else {
                let tail = self.next;
                return self.stream(tail, placed, (input, workers, progress));
            };
            let Some(mut split) = self.joined(start)? else {
                return self.stream(start, placed, (input, workers, progress));
            };
            placed = split.place(placed);
            progress.inc(split.end - split.start);
            for block in split.blocks {
                if !block.games.is_empty() && !workers.audit(block, input) {
                    return Ok(Reading::Stopped);
                }
            }
        }
    }

    /// Puts ranges on the workers, a quarter as many as there are threads
    /// and two more: a range splits about fourteen times faster than its
    /// games are audited, and every range waiting holds its blocks (a range
    /// a thread peaked at 73 MiB on 16 threads, this at 57-62 MiB;
    /// `docs/performance.md`).
    fn queue(&mut self, workers: &Workers<'_>) -> io::Result<()> {
        let ahead = workers.threads() / 4 + 2;
        while self.queued.len() <= ahead && self.next < self.size && !self.rest_in_one {
            let furthest = (self.next + FURTHEST * self.range).min(self.size);
            let end = opening_after(&self.file, self.next + self.range, furthest)?;
            if end == furthest && furthest < self.size {
                self.rest_in_one = true;
                return Ok(());
            }
            let (start, sender, file) = (self.next, self.sender.clone(), Arc::clone(&self.file));
            let (size, target, max_game) = (self.size, self.target, self.max_game);
            workers.spawn(move || {
                // A panic on the pool would end the process: it is this
                // file's read error instead.
                let split = std::panic::catch_unwind(|| {
                    split_range(&file, (start, end), size, target, max_game)
                })
                .unwrap_or_else(|_| Err(io::Error::other("the split of a range failed")));
                let _ = sender.send((start, split));
            });
            self.queued.push_back(start);
            self.next = end;
        }
        Ok(())
    }

    /// The range at `start`, joined with those after it until the next
    /// range's first line is a game start; none where that would reach
    /// past the ranges found (the rest is then read in one stream).
    fn joined(&mut self, start: u64) -> io::Result<Option<RangeSplit>> {
        let mut split = self.answer(start)?;
        while !split.joins_next {
            let end = match self.queued.pop_front() {
                Some(next) => {
                    self.drop_answer(next);
                    self.queued.front().copied().unwrap_or(self.next)
                }
                None => return Ok(None),
            };
            split = split_range(
                &self.file,
                (start, end),
                self.size,
                self.target,
                self.max_game,
            )?;
        }
        Ok(Some(split))
    }

    /// The worker's answer for the range at `start`.
    fn answer(&mut self, start: u64) -> io::Result<RangeSplit> {
        loop {
            if let Some(answer) = self.arrived.remove(&start) {
                return answer;
            }
            let (at, answer) = self.answers.recv().map_err(io::Error::other)?;
            if !self.dropped.remove(&at) {
                self.arrived.insert(at, answer);
            }
        }
    }

    /// The range at `start` was joined to the one before: its own answer
    /// is not wanted.
    fn drop_answer(&mut self, start: u64) {
        if self.arrived.remove(&start).is_none() {
            self.dropped.insert(start);
        }
    }

    /// Reads the file from `start`, a game start of the sequential split,
    /// to its end in one stream, as the sequential reader does.
    fn stream(
        &mut self,
        start: u64,
        placed: Placed,
        (input, workers, progress): (&Input, &mut Workers<'_>, &ProgressBar),
    ) -> io::Result<Reading> {
        if start >= self.size {
            return Ok(Reading::Done);
        }
        // Opened anew: on some systems a cloned handle shares the position
        // a range's read may still be moving.
        let mut file = File::open(&self.path)?;
        file.seek(SeekFrom::Start(start))?;
        let mut splitter =
            Splitter::with_limit(progress.wrap_read(file), self.target, self.max_game);
        while let Some(mut block) = splitter.next_block()? {
            place(&mut block, start, placed);
            if !block.games.is_empty() && !workers.audit(block, input) {
                return Ok(Reading::Stopped);
            }
        }
        Ok(Reading::Done)
    }
}
