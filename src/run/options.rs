//! How to run an audit: the options the reader and the workers share.

use crate::model::time_control::Control;
use std::sync::Arc;

use crate::laws::Judging;
use crate::read::events::EventLog;
use crate::read::shard::Shard;

/// How to run an audit.
#[derive(Debug, Clone)]
pub struct Options {
    pub threads: usize,
    /// Bytes per block handed to a worker (at least; a block ends on a game).
    pub block_size: usize,
    /// The largest game read whole.
    pub max_game_bytes: usize,
    /// The bytes of the ranges a large plain file is split in on the
    /// workers; 0 to read it in one stream; none to choose by the threads
    /// and the file's size.
    pub range_bytes: Option<usize>,
    /// The blocks handed to the workers and not yet written, at most; none
    /// for [`BLOCKS_IN_FLIGHT_A_THREAD`] a thread.
    pub blocks_in_flight: Option<usize>,
    pub rules: Judging,
    /// Claims from a sidecar file (`--events`).
    pub events: Option<Arc<EventLog>>,
    /// Audit only the games that start in this part of the one input.
    pub shard: Option<Shard>,
    /// Held while a large game is audited: a game's audit takes memory in
    /// proportion to its plies, so large games go one at a time whatever
    /// the thread count.
    pub large_game: Arc<std::sync::Mutex<()>>,
    /// The control a tournament's report gives (its `222` or `122` line),
    /// for the games whose own control cannot be read.
    pub report_control: Option<Arc<Control>>,
    /// Set from outside to end the run soon (a program's Ctrl-C): each
    /// worker leaves the rest of its block, and the run ends with an
    /// `Interrupted` error.
    pub stop: Option<Arc<std::sync::atomic::AtomicBool>>,
    /// The folder relative paths are opened from, fixed when the run was
    /// asked for: a program may change its working folder while the run
    /// reads (a notebook's `%cd`), and must not change which files it reads.
    pub base: Option<Arc<std::path::Path>>,
}

/// Bytes of PGN a block holds (at least; a block ends on a game): large
/// enough that a worker's job outweighs handing it over.
pub const BLOCK_SIZE: usize = 512 * 1024;

/// Blocks in flight a thread, when `--blocks-in-flight` does not say: the
/// bound lets the other workers go on while one block is slow (the writer
/// keeps the output in order); each block in flight holds up to 768 KiB (its
/// 512 KiB and the read beyond them, `read/split.rs`).
pub const BLOCKS_IN_FLIGHT_A_THREAD: usize = 4;

/// Games larger than this are audited one at a time (see
/// [`Options::large_game`]); no real game comes near it.
pub const LARGE_GAME_BYTES: usize = 1 << 20;
