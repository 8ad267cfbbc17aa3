//! What every door that audits shares (`audit`, `tournament`, the Python
//! package): the progress bar on a terminal, and the check that a shard
//! can be cut from its input.

use std::io::{self, IsTerminal};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::cli::failure::Failure;
use crate::read::input::{Packing, Source};
use crate::read::shard::Shard;

/// `--shard` cuts one uncompressed file by bytes; a compressed stream
/// cannot be entered in the middle, so those are sharded by file.
pub(crate) fn check_shardable(shard: Shard, inputs: &[Source]) -> Result<(), Failure> {
    let [Source::File(path)] = inputs else {
        return Err(Failure::Usage(format!(
            "--shard {shard} cuts one file by bytes: give exactly one input file (to spread \
             many files, give each task its own files)"
        )));
    };
    // Checked before opening: reading a pipe's first bytes would take them
    // from the run, and opening a FIFO waits for a writer.
    let meta = std::fs::metadata(path)
        .map_err(|e| Failure::Usage(format!("{}: cannot read: {e}", path.display())))?;
    if !meta.is_file() {
        return Err(Failure::Usage(format!(
            "{} is not a regular file (a pipe, a FIFO or a device): --shard enters a file in \
             the middle, which a stream cannot be; audit it without --shard, or save it to a \
             file first",
            path.display()
        )));
    }
    let mut head = [0u8; 4];
    let n = std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read(&mut f, &mut head))
        .map_err(|e| Failure::Usage(format!("{}: cannot read: {e}", path.display())))?;
    if Packing::of(&head[..n]) != Packing::Plain {
        return Err(Failure::Usage(format!(
            "{} is compressed: a compressed file cannot be cut by bytes, so shard by file \
             (one task per file) or decompress it first",
            path.display()
        )));
    }
    Ok(())
}

pub(crate) fn progress_bar(inputs: &[Source]) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let total: Option<u64> = inputs.iter().map(Source::size).sum();
    let bar = match total {
        Some(total) => ProgressBar::new(total).with_style(
            ProgressStyle::with_template(
                "{bar:30} {binary_bytes}/{binary_total_bytes} ({binary_bytes_per_sec}, eta {eta}) {msg}",
            )
            .expect("valid template"),
        ),
        None => ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{spinner} {binary_bytes} read ({binary_bytes_per_sec}) {msg}")
                .expect("valid template"),
        ),
    };
    bar.set_draw_target(ProgressDrawTarget::stderr());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}
