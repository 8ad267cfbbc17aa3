//! Putting a staged report set in place: renames only, and none of them
//! cut short by a termination signal, so that a Slurm time limit or a
//! Ctrl-C during the commit leaves the old set or the new one, never a mix.

use std::fs;
use std::io;
use std::path::Path;

use super::{Staged, remove};

mod signals;

/// Every staged output in its place, with SIGTERM, SIGINT, SIGHUP held off
/// until the last rename is done (then acted on as they would have been).
pub(super) fn put_all_in_place(staged: &[Staged]) -> io::Result<()> {
    let _held = signals::Held::hold();
    for staged in staged {
        put_in_place(staged).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot put {} in place: {e}", staged.target.display()),
            )
        })?;
    }
    Ok(())
}

/// A file replaces its old version in one rename. In a directory, each
/// owned name is moved in (a directory by an atomic exchange with the old
/// one where the system can); an owned name the new run did not write is
/// removed; the rest of the directory stays as it is.
fn put_in_place(staged: &Staged) -> io::Result<()> {
    let Some(names) = staged.owns else {
        return fs::rename(&staged.temp, &staged.target);
    };
    for name in names {
        let (new, old) = (staged.temp.join(name), staged.target.join(name));
        if fs::symlink_metadata(&new).is_err() {
            remove(&old)?;
        } else if new.is_dir() && old.is_dir() {
            replace_dir(&new, &old)?;
        } else {
            remove_if_dir(&old)?;
            fs::rename(&new, &old)?;
        }
    }
    remove(&staged.temp)
}

/// Puts directory `new` where directory `old` is, in one step where the
/// system can swap them, else moving the old one aside first.
fn replace_dir(new: &Path, old: &Path) -> io::Result<()> {
    if exchange(new, old).is_ok() {
        return remove(new);
    }
    let aside = new.with_extension("old");
    remove(&aside)?;
    fs::rename(old, &aside)?;
    fs::rename(new, old)?;
    remove(&aside)
}

fn remove_if_dir(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => fs::remove_dir_all(path),
        _ => Ok(()),
    }
}

#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let c = |p: &Path| CString::new(p.as_os_str().as_bytes()).map_err(io::Error::other);
    let (a, b) = (c(a)?, c(b)?);
    // SAFETY: both are valid NUL-terminated paths; AT_FDCWD resolves them
    // like rename(2) does.
    let rc = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if rc == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}
