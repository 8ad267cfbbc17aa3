//! One writer per output. A run holds an exclusive lock on a file inside
//! each output folder (`.pgn-arbiter.lock`), or beside an output file
//! (`.NAME.lock`), from before it clears the staging place until it has
//! put its outputs in place; a second run into the same output is refused
//! while the first holds it (exit 2, naming the folder and the first run's
//! process). The system releases the lock when the process ends, however
//! it ends, so a run killed leaves no lock behind. The lock file stays:
//! removing it would let two later runs lock two different files.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

use super::{OutputKind, Refusal, StageError};

/// A held lock; dropped, it is released.
#[derive(Debug)]
pub(super) struct Lock {
    file: File,
    /// What the lock file held before this run wrote its process number,
    /// and when it was last written: put back when the run writes nothing
    /// ([`Lock::put_back`]), so that a failed run leaves the previous
    /// report as it was, its lock file included.
    before: Option<(String, std::time::SystemTime)>,
}

impl Lock {
    /// The lock file as it was before this run took it.
    pub(super) fn put_back(&mut self) {
        let Some((held, modified)) = self.before.take() else {
            return;
        };
        let _ = self.file.set_len(0);
        let _ = self.file.rewind();
        let _ = self.file.write_all(held.as_bytes());
        let _ = self.file.set_modified(modified);
    }
}

/// The lock file of an output: inside a folder, beside a file.
pub(super) fn path_of(output: &Path, folder: bool) -> PathBuf {
    if folder {
        return output.join(".pgn-arbiter.lock");
    }
    let name = output.file_name().unwrap_or_default().to_string_lossy();
    output.with_file_name(format!(".{name}.lock"))
}

/// Takes the lock at `at` for the output `what` (`report directory (-o)`)
/// at `output`, or refuses when another run holds it.
pub(super) fn take(at: &Path, what: OutputKind, output: &Path) -> Result<Lock, StageError> {
    let io_error = |e: io::Error| {
        StageError::Io(io::Error::new(
            e.kind(),
            format!("cannot lock the {what} {}: {e}", output.display()),
        ))
    };
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(at)
        .map_err(io_error)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            let mut holder = String::new();
            let _ = file.read_to_string(&mut holder);
            let holder = Some(holder.trim().to_string()).filter(|pid| !pid.is_empty());
            return Err(StageError::Refused(Refusal::Locked {
                kind: what,
                path: output.to_path_buf(),
                holder,
            }));
        }
        Err(TryLockError::Error(e)) => return Err(io_error(e)),
    }
    let mut held = String::new();
    let _ = file.read_to_string(&mut held);
    let before = file.metadata().and_then(|m| m.modified()).ok();
    file.set_len(0).map_err(io_error)?;
    file.rewind().map_err(io_error)?;
    writeln!(file, "{}", std::process::id()).map_err(io_error)?;
    Ok(Lock {
        file,
        before: before.map(|modified| (held, modified)),
    })
}
