//! The worker pool as the reader hands it work: blocks to audit, in input
//! order, and (for a file read in ranges) ranges to split.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender};

use super::options::Options;
use super::worker::{BlockReport, Input, audit_block};
use crate::read::split::Block;
use crate::report::output::AnyFormat;

/// The worker pool as the reader sees it: a permit for each block in
/// flight, and the blocks numbered in input order.
pub(super) struct Workers<'a> {
    pub pool: &'a rayon::ThreadPool,
    pub permits: Receiver<()>,
    pub results: Sender<(u64, BlockReport)>,
    pub options: Arc<Options>,
    /// The outputs' formats, in the outputs' order.
    pub formats: Arc<[Arc<dyn AnyFormat>]>,
    pub next: u64,
    /// Held by every job on the pool: the run waits until the last is
    /// dropped, so that no job writes after it (a failed run's staged
    /// files are removed once it returns).
    pub alive: Sender<()>,
}

impl Workers<'_> {
    pub(super) fn options(&self) -> &Options {
        &self.options
    }

    pub(super) fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// Runs `job` on the pool (a range's split).
    pub(super) fn spawn(&self, job: impl FnOnce() + Send + 'static) {
        let alive = self.alive.clone();
        self.pool.spawn(move || {
            job();
            drop(alive);
        });
    }

    /// Hands a block to a worker once a permit is free; false when the
    /// writer has stopped.
    pub(super) fn audit(&mut self, block: Block, input: &Input) -> bool {
        if self.permits.recv().is_err() {
            return false;
        }
        let results = self.results.clone();
        let (options, formats) = (Arc::clone(&self.options), Arc::clone(&self.formats));
        let input = input.clone();
        let this = self.next;
        self.next += 1;
        self.spawn(move || {
            let report = audit_block(&block, &input, &options, &formats);
            let _ = results.send((this, report));
        });
        true
    }
}

/// How reading one source ended.
pub(super) enum Reading {
    Done,
    /// The writer stopped: read nothing more.
    Stopped,
    Failed(String),
}
