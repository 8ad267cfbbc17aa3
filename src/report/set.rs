//! The report set: every output of one run (the report files, the
//! corrected PGN, the HTML report) is written aside first and put in place
//! only once all of it is complete, so that a full disk, a kill or a crash
//! leaves the previous report whole.
//!
//! An output owns only the paths it writes: `verdicts.csv`, `incidents.csv`
//! and `summary.json` (or their `.zst` forms) in the report directory,
//! `index.html` and `games/` in the HTML directory, the corrected PGN file.
//! Anything else in those directories is left as it is. Before anything is
//! written, the set refuses outputs that would destroy what the user has:
//! an owned path that is an input or holds one, and two outputs owning the
//! same path.

use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

use crate::read::input::{Source, identity};

/// What a report directory's run writes; the pairs of the forms it did not
/// write (plain, `.zst`, Parquet) are left over from an earlier run, and
/// are removed when the new set is put in place.
const REPORT_FILES: [&str; 7] = [
    "verdicts.csv",
    "incidents.csv",
    "summary.json",
    "verdicts.csv.zst",
    "incidents.csv.zst",
    "verdicts.parquet",
    "incidents.parquet",
];

/// What a `tournament` run writes in its report directory: the audit's
/// files and its own.
const TOURNAMENT_FILES: [&str; 13] = [
    "verdicts.csv",
    "incidents.csv",
    "summary.json",
    "verdicts.csv.zst",
    "incidents.csv.zst",
    "verdicts.parquet",
    "incidents.parquet",
    "pairings.csv",
    "standings.csv",
    "ratings.csv",
    "corrected.trf",
    "team-standings.csv",
    "team-matches.csv",
];

/// What an HTML report writes in its directory.
const HTML_FILES: [&str; 2] = ["index.html", "games"];

/// What a `tournament` run's HTML report writes in its directory.
const TOURNAMENT_HTML_FILES: [&str; 3] = ["index.html", "games", "tournament.html"];

/// The owned names that are directories; the rest are files.
const OWNED_DIRS: [&str; 1] = ["games"];

/// A file an output puts in each directory it owns, so that a later run
/// knows the directory is its own to replace.
pub const MARKER: &str = ".pgn-arbiter";

/// What the user asked for, as final paths.
#[derive(Debug, Clone, Copy)]
pub struct Wanted<'a> {
    pub report_dir: &'a Path,
    pub fixed_pgn: Option<&'a Path>,
    pub html: Option<&'a Path>,
    /// A `tournament` run: the directories also hold its own files.
    pub tournament: bool,
}

/// Why a report set cannot be staged.
#[derive(Debug)]
pub enum StageError {
    /// The outputs asked for would destroy input or each other.
    Refused(Refusal),
    /// The staging place cannot be made.
    Io(io::Error),
}

impl std::fmt::Display for StageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StageError::Refused(why) => why.fmt(f),
            StageError::Io(e) => e.fmt(f),
        }
    }
}

/// One output: a file, or a directory of which it owns some names.
#[derive(Debug)]
struct Owner<'a> {
    kind: OutputKind,
    path: &'a Path,
    /// `None` for a file.
    owns: Option<&'static [&'static str]>,
}

impl Owner<'_> {
    /// The paths this output writes, resolved.
    fn owned(&self) -> Vec<PathBuf> {
        let at = resolve(self.path);
        match self.owns {
            None => vec![at],
            Some(names) => names.iter().map(|n| at.join(n)).collect(),
        }
    }

    /// Where it is written first: a hidden sibling of the file, or a hidden
    /// folder inside the directory (same file system, so a rename puts it
    /// in place; inside, so that `-o .` has a place too).
    fn temp(&self) -> PathBuf {
        match self.owns {
            None => {
                let name = self.path.file_name().unwrap_or_default().to_string_lossy();
                self.path.with_file_name(format!(".{name}.partial"))
            }
            Some(_) => {
                let key = self.kind.key();
                self.path.join(format!(".pgn-arbiter-{key}.partial"))
            }
        }
    }
}

/// One output being written aside.
#[derive(Debug)]
struct Staged {
    kind: OutputKind,
    target: PathBuf,
    temp: PathBuf,
    owns: Option<&'static [&'static str]>,
    /// The directory did not exist before this run.
    created: bool,
    /// Held until the output is in place or given up.
    lock: lock::Lock,
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
        let (report_files, html_files): (&'static [&'static str], &'static [&'static str]) =
            match wanted.tournament {
                true => (&TOURNAMENT_FILES, &TOURNAMENT_HTML_FILES),
                false => (&REPORT_FILES, &HTML_FILES),
            };
        let mut outputs = vec![Owner {
            kind: OutputKind::ReportDir,
            path: wanted.report_dir,
            owns: Some(report_files),
        }];
        outputs.extend(wanted.fixed_pgn.map(|path| Owner {
            kind: OutputKind::FixedPgn,
            path,
            owns: None,
        }));
        outputs.extend(wanted.html.map(|path| Owner {
            kind: OutputKind::Html,
            path,
            owns: Some(html_files),
        }));
        check(&outputs, inputs).map_err(StageError::Refused)?;
        if !wanted.tournament {
            check_not_a_tournament(wanted.report_dir).map_err(StageError::Refused)?;
        }
        let mut set = ReportSet { staged: Vec::new() };
        for output in outputs {
            set.staged.push(stage_one(&output)?);
        }
        Ok(set)
    }

    /// Where to write the report directory's files for now.
    pub fn report_dir(&self) -> &Path {
        &self.staged[0].temp
    }

    /// Where to write the corrected PGN for now, if asked for.
    pub fn fixed_pgn(&self) -> Option<&Path> {
        self.find(OutputKind::FixedPgn)
    }

    /// Where to write the HTML report for now, if asked for.
    pub fn html(&self) -> Option<&Path> {
        self.find(OutputKind::Html)
    }

    fn find(&self, kind: OutputKind) -> Option<&Path> {
        let staged = self.staged.iter().find(|s| s.kind == kind)?;
        Some(&staged.temp)
    }

    /// Puts every staged output in its place. Renames are all that is left
    /// to do, so no write can fail between the first and the last; a file
    /// output (one rename, the likeliest to fail) goes first, and a
    /// termination signal waits until the last is done.
    pub fn commit(mut self) -> io::Result<()> {
        let mut staged = std::mem::take(&mut self.staged);
        staged.sort_by_key(|s| s.owns.is_some());
        commit::put_all_in_place(&staged)
    }
}

impl Drop for ReportSet {
    fn drop(&mut self) {
        for staged in &mut self.staged {
            let _ = remove(&staged.temp);
            if staged.created {
                // A folder this run made goes, its lock file with it.
                let _ = fs::remove_file(lock::path_of(&staged.target, true));
                let _ = fs::remove_dir(&staged.target); // only if now empty
            } else {
                staged.lock.put_back();
            }
        }
    }
}

/// Locks the output, then clears and creates its staging place.
fn stage_one(output: &Owner<'_>) -> Result<Staged, StageError> {
    let failed = |e: io::Error| {
        StageError::Io(io::Error::new(
            e.kind(),
            format!(
                "cannot create the {} {}: {e}",
                output.kind,
                output.path.display()
            ),
        ))
    };
    let temp = output.temp();
    let folder = output.owns.is_some();
    let created = folder && !output.path.exists();
    if folder {
        fs::create_dir_all(output.path).map_err(failed)?;
    } else if let Some(parent) = temp.parent() {
        fs::create_dir_all(parent).map_err(failed)?;
    }
    let at = lock::path_of(output.path, folder);
    let held = lock::take(&at, output.kind, output.path)?;
    remove(&temp).map_err(failed)?;
    if folder {
        fs::create_dir(&temp).map_err(failed)?;
    }
    Ok(Staged {
        kind: output.kind,
        target: output.path.to_path_buf(),
        temp,
        owns: output.owns,
        created,
        lock: held,
    })
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

/// The usage errors: an output path of the wrong kind, an owned path that
/// is an input or holds one (a `merge` input is a directory), two outputs
/// owning one path.
fn check(outputs: &[Owner<'_>], inputs: &[Source]) -> Result<(), Refusal> {
    for output in outputs {
        let (kind, path) = (output.kind, output.path.to_path_buf());
        let names_a_folder = output.path.as_os_str().as_encoded_bytes().ends_with(b"/");
        if output.owns.is_none() && names_a_folder {
            return Err(Refusal::FolderName { kind, path });
        }
        let is_dir = output.path.is_dir();
        if output.path.exists() && is_dir != output.owns.is_some() {
            return Err(Refusal::WrongKind { kind, path, is_dir });
        }
    }
    let owned: Vec<Vec<PathBuf>> = outputs.iter().map(Owner::owned).collect();
    let meet = |a: &Path, b: &Path| a.starts_with(b) || b.starts_with(a);
    check_inputs(outputs, &owned, inputs)?;
    for (i, (a, a_paths)) in outputs.iter().zip(&owned).enumerate() {
        for (b, b_paths) in outputs.iter().zip(&owned).skip(i + 1) {
            if a_paths.iter().any(|p| b_paths.iter().any(|q| meet(p, q))) {
                return Err(Refusal::Inside {
                    inner: (b.kind, b.path.to_path_buf()),
                    outer: (a.kind, a.path.to_path_buf()),
                });
            }
        }
    }
    outputs.iter().try_for_each(check_owned_names)
}

/// An `audit` or `merge` does not write into a `tournament`'s report
/// folder: it would replace the verdicts and leave the standings and the
/// corrected report that other verdicts made.
fn check_not_a_tournament(dir: &Path) -> Result<(), Refusal> {
    let theirs: Vec<&'static str> = TOURNAMENT_FILES
        .iter()
        .filter(|name| !REPORT_FILES.contains(name) && dir.join(name).exists())
        .copied()
        .collect();
    if theirs.is_empty() {
        return Ok(());
    }
    Err(Refusal::Tournament {
        dir: dir.to_path_buf(),
        files: theirs,
    })
}

/// No output owns an input or a folder holding one. Standard input
/// redirected from a file (`- < g.pgn`) is that file.
fn check_inputs(
    outputs: &[Owner<'_>],
    owned: &[Vec<PathBuf>],
    inputs: &[Source],
) -> Result<(), Refusal> {
    let meet = |a: &Path, b: &Path| a.starts_with(b) || b.starts_with(a);
    for input in inputs {
        let (input_at, named) = match input {
            Source::File(path) => (resolve(path), Some(path.clone())),
            Source::Stdin => (PathBuf::from("/dev/stdin"), None),
            Source::Text { .. } => continue,
        };
        let stdin = matches!(input, Source::Stdin);
        for (output, paths) in outputs.iter().zip(owned) {
            if paths
                .iter()
                .any(|p| (!stdin && meet(p, &input_at)) || same_file(p, &input_at))
            {
                return Err(Refusal::Overwrites {
                    kind: output.kind,
                    path: output.path.to_path_buf(),
                    input: named,
                });
            }
        }
    }
    Ok(())
}

/// Two names of one file (a hard link): an input is known by what it is,
/// not by its name.
fn same_file(a: &Path, b: &Path) -> bool {
    identity(a).is_some_and(|id| identity(b) == Some(id))
}

/// Each name a directory output owns is absent or of the kind the output
/// writes, and a directory holds the marker of an earlier run: what the
/// user keeps under such a name is never replaced, and the commit cannot
/// fail half-way on a name of the wrong kind.
fn check_owned_names(output: &Owner<'_>) -> Result<(), Refusal> {
    let Some(names) = output.owns else {
        return Ok(());
    };
    for name in names {
        let at = output.path.join(name);
        let Ok(meta) = fs::symlink_metadata(&at) else {
            continue;
        };
        let wants_dir = OWNED_DIRS.contains(name);
        let why = if wants_dir && !meta.is_dir() {
            Foreign::NotAFolder
        } else if !wants_dir && meta.is_dir() {
            Foreign::AFolder
        } else if wants_dir && !at.join(MARKER).is_file() {
            Foreign::NotOurs
        } else {
            continue;
        };
        return Err(Refusal::Foreign {
            kind: output.kind,
            path: output.path.to_path_buf(),
            at,
            why,
        });
    }
    Ok(())
}

mod commit;
mod lock;
mod refusal;

pub use refusal::{Foreign, OutputKind, Refusal};

#[cfg(test)]
mod tests;
