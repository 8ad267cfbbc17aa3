//! The reader of a large plain file on many threads: the file's ranges
//! split on the workers ([`crate::read::ranges`]), joined here in order and
//! their blocks handed out, so that no one thread reads and splits the
//! whole file. The games, their numbers, offsets and lines are the
//! sequential split's.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fs::File;
use std::io;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};

use indicatif::ProgressBar;

use super::worker::Input;
use super::workers::{Reading, Workers};
use crate::read::encoding::FileEncoding;
use crate::read::ranges::{Placed, RangeSplit, opening_after, place, read_at, split_range};
use crate::read::split::{Block, Splitter};

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
    /// The file, read through the handle opened at the start whatever
    /// happens to its path meanwhile (round seven's r51: a file replaced
    /// during the run was read on from the new one).
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
    /// The file's encoding, decided in file order as one stream decides it.
    text: FileEncoding,
}

/// A plain file to read in ranges.
pub(super) struct InRanges {
    pub file: File,
    pub size: u64,
    pub range: u64,
}

/// Reads `file` in ranges.
pub(super) fn read_in_ranges(
    InRanges { file, size, range }: InRanges,
    input: &Input,
    workers: &mut Workers<'_>,
    progress: &ProgressBar,
) -> Reading {
    let (sender, answers) = channel();
    let options = workers.options();
    let mut ranges = Ranges {
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
        text: FileEncoding::default(),
    };
    ranges.hand_out(input, workers, progress)
}

impl Ranges {
    /// Joins the ranges in order and hands out their blocks; the rest of a
    /// file without opening lines in one stream. A read error met ahead
    /// (looking for a range's opening line, splitting a range) loses
    /// nothing: the file is read on in one stream from the first range not
    /// handed out, which hands out every game before the error and says how
    /// many were read (round seven's r50).
    fn hand_out(
        &mut self,
        input: &Input,
        workers: &mut Workers<'_>,
        progress: &ProgressBar,
    ) -> Reading {
        let mut placed = Placed::default();
        // The first byte not handed out: a game start of the sequential
        // split.
        let mut at = 0;
        loop {
            let Ok(Some(mut split)) = self.next_range(workers) else {
                return self.stream(at, placed, (input, workers, progress));
            };
            at = split.end;
            placed = split.place(placed);
            progress.inc(split.end - split.start);
            for block in split.blocks {
                let blocks = self.text.admit(block);
                if !hand(blocks, input, workers) {
                    return Reading::Stopped;
                }
            }
        }
    }

    /// The next range joined, with more put on the workers first; none
    /// where the rest is read in one stream.
    fn next_range(&mut self, workers: &Workers<'_>) -> io::Result<Option<RangeSplit>> {
        self.queue(workers)?;
        match self.queued.pop_front() {
            Some(start) => self.joined(start),
            None => Ok(None),
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
    /// to its end in one stream, as the sequential reader does, through
    /// the handle opened at the start; a read error ends it after every
    /// game before it is handed out.
    fn stream(
        &mut self,
        start: u64,
        placed: Placed,
        (input, workers, progress): (&Input, &mut Workers<'_>, &ProgressBar),
    ) -> Reading {
        let from = FromOffset {
            file: &self.file,
            at: start,
        };
        let mut splitter =
            Splitter::with_limit(progress.wrap_read(from), self.target, self.max_game);
        let mut read_error = None;
        loop {
            let blocks = match splitter.next_block() {
                Ok(Some(mut block)) => {
                    place(&mut block, start, placed);
                    self.text.admit(block)
                }
                Ok(None) => break,
                Err(e) => {
                    read_error = Some(e);
                    continue;
                }
            };
            if !hand(blocks, input, workers) {
                return Reading::Stopped;
            }
        }
        if !hand(self.text.finish(), input, workers) {
            return Reading::Stopped;
        }
        match read_error {
            None => Reading::Done,
            Some(e) => {
                Reading::Failed(read_error_said(&e, placed.games + splitter.games_emitted()))
            }
        }
    }
}

/// Hands `blocks` to the workers; `false` when the writer stopped.
fn hand(blocks: Vec<Block>, input: &Input, workers: &mut Workers<'_>) -> bool {
    blocks
        .into_iter()
        .filter(|b| !b.games.is_empty())
        .all(|block| workers.audit(block, input))
}

/// A file read on from an offset through a handle, each read at its own
/// offset (the ranges' reads share no file position).
struct FromOffset<'a> {
    file: &'a File,
    at: u64,
}

impl io::Read for FromOffset<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = read_at(self.file, buf, self.at)?;
        self.at += n as u64;
        Ok(n)
    }
}

/// What a read error says: how many games were read before it.
pub(super) fn read_error_said(e: &io::Error, games: u64) -> String {
    format!(
        "read error: {e}; {games} game(s) were read before it and have rows, the last of them cut \
         short (check that the file is complete and not corrupt)"
    )
}
