//! The report set: every output of one run (the report directory, the
//! corrected PGN, the HTML report) is written beside its final place under a
//! `.NAME.partial` name and put in place only once all of it is complete, so
//! that a full disk, a kill or a crash leaves the previous report whole.
//!
//! Before anything is written, the set refuses outputs that would destroy
//! what the user has: an output that is an input, a directory that holds an
//! input, two outputs inside one another, and a report directory that holds
//! files this tool did not write (it is replaced whole).

use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

use crate::input::Source;

/// Files that a report directory may hold: replacing a directory that holds
/// anything else would delete the user's files.
const REPORT_FILES: [&str; 6] = [
    "verdicts.csv",
    "incidents.csv",
    "summary.json",
    "verdicts.csv.zst",
    "incidents.csv.zst",
    "html",
];

/// Files that an HTML report directory may hold.
const HTML_FILES: [&str; 2] = ["index.html", "games"];

/// What the user asked for, as final paths.
#[derive(Debug, Clone, Copy)]
pub struct Wanted<'a> {
    pub report_dir: &'a Path,
    pub fixed_pgn: Option<&'a Path>,
    pub html: Option<&'a Path>,
}

/// Why a report set cannot be staged.
#[derive(Debug)]
pub enum StageError {
    /// The outputs asked for would destroy input or each other.
    Refused(String),
    /// The staging place cannot be made.
    Io(io::Error),
}

impl std::fmt::Display for StageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StageError::Refused(why) => f.write_str(why),
            StageError::Io(e) => e.fmt(f),
        }
    }
}

/// One output being written aside.
#[derive(Debug)]
struct Staged {
    what: &'static str,
    target: PathBuf,
    temp: PathBuf,
    is_dir: bool,
}

/// The outputs of a run, staged. Dropped without [`ReportSet::commit`], it
/// removes what it staged and leaves the previous outputs untouched.
#[derive(Debug)]
pub struct ReportSet {
    staged: Vec<Staged>,
}

impl ReportSet {
    /// Checks the outputs against the inputs and each other, removes stale
    /// `.partial` leftovers of an earlier run and creates the staging places.
    /// An `Err(Refused)` is a usage error; either way nothing is written.
    pub fn stage(wanted: Wanted<'_>, inputs: &[Source]) -> Result<ReportSet, StageError> {
        let mut outputs = vec![("report directory (-o)", wanted.report_dir, true)];
        outputs.extend(wanted.fixed_pgn.map(|p| ("--fixed-pgn", p, false)));
        outputs.extend(wanted.html.map(|p| ("--html", p, true)));
        let resolved: Vec<PathBuf> = outputs.iter().map(|(_, p, _)| resolve(p)).collect();
        let refused = StageError::Refused;
        check_against_inputs(&outputs, &resolved, inputs).map_err(refused)?;
        check_disjoint(&outputs, &resolved).map_err(refused)?;
        check_own_dir(wanted.report_dir, &REPORT_FILES).map_err(refused)?;
        if let Some(html) = wanted.html {
            check_own_dir(html, &HTML_FILES).map_err(refused)?;
        }
        for &(what, path, is_dir) in &outputs {
            if path.is_dir() != is_dir && path.exists() {
                let kind = if is_dir { "a file" } else { "a directory" };
                return Err(refused(format!("{what} {} is {kind}", path.display())));
            }
        }
        let mut set = ReportSet { staged: Vec::new() };
        for (what, path, is_dir) in outputs {
            let temp = partial_name(path);
            let made = remove(&temp).and_then(|()| match is_dir {
                true => fs::create_dir_all(&temp),
                false => temp.parent().map_or(Ok(()), fs::create_dir_all),
            });
            made.map_err(|e| {
                StageError::Io(io::Error::new(
                    e.kind(),
                    format!(
                        "cannot create the {what} {}: {e} (writing {} first)",
                        path.display(),
                        temp.display()
                    ),
                ))
            })?;
            set.staged.push(Staged {
                what,
                target: path.to_path_buf(),
                temp,
                is_dir,
            });
        }
        Ok(set)
    }

    /// Where to write the report directory's files for now.
    pub fn report_dir(&self) -> &Path {
        &self.staged[0].temp
    }

    /// Where to write the corrected PGN for now, if asked for.
    pub fn fixed_pgn(&self) -> Option<&Path> {
        self.find("--fixed-pgn")
    }

    /// Where to write the HTML report for now, if asked for.
    pub fn html(&self) -> Option<&Path> {
        self.find("--html")
    }

    fn find(&self, what: &str) -> Option<&Path> {
        let staged = self.staged.iter().find(|s| s.what == what)?;
        Some(&staged.temp)
    }

    /// Puts every staged output in its place. Renames are all that is left
    /// to do, so no write can fail between the first and the last.
    pub fn commit(mut self) -> io::Result<()> {
        for staged in std::mem::take(&mut self.staged) {
            put_in_place(&staged).map_err(|e| {
                io::Error::new(
                    e.kind(),
                    format!(
                        "cannot move {} to {}: {e}",
                        staged.temp.display(),
                        staged.target.display()
                    ),
                )
            })?;
        }
        Ok(())
    }
}

impl Drop for ReportSet {
    fn drop(&mut self) {
        for staged in &self.staged {
            let _ = remove(&staged.temp);
        }
    }
}

fn put_in_place(staged: &Staged) -> io::Result<()> {
    if !(staged.is_dir && staged.target.exists()) {
        return fs::rename(&staged.temp, &staged.target);
    }
    // A directory cannot be renamed onto a non-empty one: swap the two in
    // one step where the system can, else move the old one aside first.
    if exchange(&staged.temp, &staged.target).is_err() {
        let old = staged.temp.with_extension("old");
        remove(&old)?;
        fs::rename(&staged.target, &old)?;
        fs::rename(&staged.temp, &staged.target)?;
        return remove(&old);
    }
    remove(&staged.temp)
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

/// `.NAME.partial` beside `path`.
fn partial_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "report".into());
    path.with_file_name(format!(".{name}.partial"))
}

fn remove(path: &Path) -> io::Result<()> {
    let result = match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => fs::remove_dir_all(path),
        Ok(_) => fs::remove_file(path),
        Err(_) => return Ok(()),
    };
    match result {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// The absolute path with links resolved, also for a path that does not
/// exist yet (its nearest existing ancestor is resolved).
pub fn resolve(path: &Path) -> PathBuf {
    if let Ok(p) = fs::canonicalize(path) {
        return p;
    }
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut rest = Vec::new();
    let mut base = absolute.as_path();
    loop {
        if let Ok(found) = fs::canonicalize(base) {
            let mut out = found;
            for part in rest.iter().rev() {
                out.push(part);
            }
            return out;
        }
        match (base.parent(), base.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_owned());
                base = parent;
            }
            _ => return lexical(&absolute),
        }
    }
}

/// Removes `.` and `..` without touching the file system.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

fn check_against_inputs(
    outputs: &[(&str, &Path, bool)],
    resolved: &[PathBuf],
    inputs: &[Source],
) -> Result<(), String> {
    for input in inputs {
        let Source::File(path) = input else { continue };
        let input_at = resolve(path);
        for ((what, out, _), out_at) in outputs.iter().zip(resolved) {
            if input_at.starts_with(out_at) {
                return Err(format!(
                    "{what} {} would overwrite the input {}: choose another output path",
                    out.display(),
                    path.display()
                ));
            }
        }
    }
    Ok(())
}

fn check_disjoint(outputs: &[(&str, &Path, bool)], resolved: &[PathBuf]) -> Result<(), String> {
    for (i, (what, path, _)) in outputs.iter().enumerate() {
        for (j, (other, other_path, _)) in outputs.iter().enumerate() {
            if i != j && resolved[i].starts_with(&resolved[j]) {
                return Err(format!(
                    "{what} {} lies inside the {other} {}: give them separate paths",
                    path.display(),
                    other_path.display()
                ));
            }
        }
    }
    Ok(())
}

fn check_own_dir(dir: &Path, own: &[&str]) -> Result<(), String> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Ok(());
    };
    let foreign: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| !own.contains(&name.as_str()) && !name.ends_with(".partial"))
        .collect();
    if foreign.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{} holds files pgn-arbiter did not write ({}); an output directory is replaced \
         whole, so choose a new or empty one",
        dir.display(),
        foreign
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wanted<'a>(dir: &'a Path, fixed: Option<&'a Path>, html: Option<&'a Path>) -> Wanted<'a> {
        Wanted {
            report_dir: dir,
            fixed_pgn: fixed,
            html,
        }
    }

    #[test]
    fn refuses_outputs_that_are_inputs_or_overlap() {
        let tmp = tempfile::tempdir().unwrap();
        let game = tmp.path().join("g.pgn");
        fs::write(&game, "1. e4 *\n").unwrap();
        let link = tmp.path().join("link.pgn");
        std::os::unix::fs::symlink(&game, &link).unwrap();
        let inputs = [Source::File(game.clone())];
        let rep = tmp.path().join("rep");
        for (fixed, html) in [
            (Some(game.as_path()), None),
            (Some(link.as_path()), None),
            (None, Some(tmp.path())),
        ] {
            let err = ReportSet::stage(wanted(&rep, fixed, html), &inputs)
                .unwrap_err()
                .to_string();
            assert!(err.contains("would overwrite the input"), "{err}");
        }
        let inside = rep.join("verdicts.csv");
        let err = ReportSet::stage(wanted(&rep, Some(&inside), None), &inputs)
            .unwrap_err()
            .to_string();
        assert!(err.contains("lies inside"), "{err}");
        assert!(!rep.exists(), "nothing is written on a usage error");
        assert_eq!(fs::read(&game).unwrap(), b"1. e4 *\n");
    }

    #[test]
    fn refuses_a_report_dir_holding_other_files() {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(tmp.path().join("thesis.tex"), "x").unwrap();
        let err = ReportSet::stage(wanted(tmp.path(), None, None), &[])
            .unwrap_err()
            .to_string();
        assert!(err.contains("thesis.tex"), "{err}");
    }

    #[test]
    fn commit_replaces_whole_and_drop_keeps_the_old() {
        let tmp = tempfile::tempdir().unwrap();
        let rep = tmp.path().join("rep");
        fs::create_dir(&rep).unwrap();
        fs::write(rep.join("verdicts.csv"), "old").unwrap();
        fs::write(rep.join("incidents.csv"), "old").unwrap();
        let set = ReportSet::stage(wanted(&rep, None, None), &[]).unwrap();
        fs::write(set.report_dir().join("verdicts.csv"), "new").unwrap();
        drop(set);
        assert_eq!(fs::read_to_string(rep.join("verdicts.csv")).unwrap(), "old");
        assert!(!tmp.path().join(".rep.partial").exists());
        let set = ReportSet::stage(wanted(&rep, None, None), &[]).unwrap();
        fs::write(set.report_dir().join("verdicts.csv"), "new").unwrap();
        set.commit().unwrap();
        assert_eq!(fs::read_to_string(rep.join("verdicts.csv")).unwrap(), "new");
        assert!(
            !rep.join("incidents.csv").exists(),
            "the set is replaced whole"
        );
        let leftovers: Vec<_> = fs::read_dir(tmp.path()).unwrap().flatten().collect();
        assert_eq!(leftovers.len(), 1, "{leftovers:?}");
    }

    #[test]
    fn stale_partials_are_removed() {
        let tmp = tempfile::tempdir().unwrap();
        let rep = tmp.path().join("rep");
        let stale = tmp.path().join(".rep.partial");
        fs::create_dir(&stale).unwrap();
        fs::write(stale.join("verdicts.csv"), "half").unwrap();
        let set = ReportSet::stage(wanted(&rep, None, None), &[]).unwrap();
        assert!(!set.report_dir().join("verdicts.csv").exists());
    }
}
