//! `scripts/slurm/submit.sh` and its batch scripts, run against a stand-in
//! `sbatch` that runs each array task at once on this machine (the real
//! Slurm runs in `scripts/slurm-check.sh`): what they own, what they
//! refuse, how they pass options.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::*;

/// Runs the tasks of an array one after the other, then the merge if they
/// all succeeded; prints job ids as `sbatch --parsable` does.
const FAKE_SBATCH: &str = r#"#!/usr/bin/env bash
state=$(dirname "$0")/state; mkdir -p "$state"
id=$(( $(cat "$state/next" 2>/dev/null || echo 100) + 1 )); echo $id > "$state/next"
array="" cpus=1 output="" dep="" script=""
while [ $# -gt 0 ]; do case "$1" in
  --array=*) array=${1#--array=}; shift;;
  --cpus-per-task=*) cpus=${1#--cpus-per-task=}; shift;;
  --output=*) output=${1#--output=}; shift;;
  --dependency=afterok:*) dep=${1#--dependency=afterok:}; shift;;
  --partition) shift 2;;
  -*) shift;;
  *) script=$1; shift;; esac; done
if [ -n "$dep" ] && [ "$(cat "$state/$dep")" != COMPLETED ]; then echo CANCELLED > "$state/$id"; echo $id; exit 0; fi
rc=0
if [ -n "$array" ]; then
  for t in $(seq "${array%-*}" "${array#*-}"); do
    o=${output//%A/$id}; o=${o//%a/$t}
    SLURM_ARRAY_TASK_ID=$t SLURM_CPUS_PER_TASK=$cpus bash "$script" > "$o" 2>&1 || rc=1
  done
else
  o=${output//%j/$id}; SLURM_CPUS_PER_TASK=$cpus bash "$script" > "$o" 2>&1 || rc=1
fi
[ $rc = 0 ] && echo COMPLETED > "$state/$id" || echo FAILED > "$state/$id"
echo $id
"#;

const FAKE_SCONTROL: &str = r#"#!/usr/bin/env bash
echo "JobId=$3 JobState=$(cat "$(dirname "$0")/state/$3")"
"#;

/// A scratch folder with the stand-ins on PATH and two small games.
struct Cluster {
    dir: tempfile::TempDir,
}

impl Cluster {
    fn new() -> Cluster {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("bin");
        fs::create_dir(&bin).unwrap();
        for (name, text) in [("sbatch", FAKE_SBATCH), ("scontrol", FAKE_SCONTROL)] {
            fs::write(bin.join(name), text).unwrap();
            let executable = std::os::unix::fs::PermissionsExt::from_mode(0o755);
            fs::set_permissions(bin.join(name), executable).unwrap();
        }
        fs::copy(
            repo("samples/rules/flag-win-stands.pgn"),
            dir.path().join("g.pgn"),
        )
        .unwrap();
        fs::copy(
            repo("samples/rules/checkmate-then-moves.pgn"),
            dir.path().join("h.pgn"),
        )
        .unwrap();
        Cluster { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn submit(&self, args: &[&str]) -> Output {
        let path = format!(
            "{}:{}",
            self.path("bin").display(),
            std::env::var("PATH").unwrap_or_default()
        );
        Command::new("bash")
            .arg(repo("scripts/slurm/submit.sh"))
            .args(args)
            .current_dir(self.dir.path())
            .env("PATH", path)
            .env("PGN_ARBITER", env!("CARGO_BIN_EXE_pgn-arbiter"))
            .output()
            .unwrap()
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn rows(report: &Path) -> usize {
    fs::read_to_string(report.join("verdicts.csv"))
        .unwrap()
        .lines()
        .count()
        - 1
}

#[test]
fn a_tasks_folder_submit_did_not_make_is_refused_and_kept() {
    let c = Cluster::new();
    fs::create_dir(c.path("x.tasks")).unwrap();
    fs::copy(c.path("g.pgn"), c.path("x.tasks/in.pgn")).unwrap();
    fs::write(c.path("x.tasks/notes.txt"), "three months of notes").unwrap();
    let out = c.submit(&["x.tasks/in.pgn", "-o", "x", "--wait"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("submit.sh did not make it"),
        "{}",
        stderr(&out)
    );
    assert!(c.path("x.tasks/in.pgn").exists() && c.path("x.tasks/notes.txt").exists());
    // Its own folder, marked by an earlier submission, is replaced.
    let out = c.submit(&["g.pgn", "h.pgn", "-o", "y", "--wait"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(c.path("y.tasks/.pgn-arbiter-tasks").is_file());
    let out = c.submit(&["g.pgn", "-o", "y", "--wait"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(rows(&c.path("y")), 1);
    assert!(
        !c.path("y.tasks/task-00001").exists(),
        "the earlier run's tasks are gone"
    );
}

#[test]
fn per_run_outputs_after_the_separator_are_refused() {
    let c = Cluster::new();
    for opt in [
        vec!["--fixed-pgn", "fixed.pgn"],
        vec!["--html", "site"],
        vec!["--html=site"],
        vec!["-o", "elsewhere"],
    ] {
        let mut args = vec!["g.pgn", "h.pgn", "-o", "out", "--wait", "--"];
        args.extend(&opt);
        let out = c.submit(&args);
        assert_eq!(out.status.code(), Some(2), "{opt:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("would write over each other"),
            "{}",
            stderr(&out)
        );
        assert!(!c.path("out.tasks").exists() && !c.path("fixed.pgn").exists());
    }
}

#[test]
fn options_reach_the_tasks_whole() {
    let c = Cluster::new();
    // A folder whose name has a space: split, it would be two words, one
    // of them a folder of games audited as an input.
    let tables = c.path("my tables");
    fs::create_dir(&tables).unwrap();
    fs::copy(data("syzygy/KRvKR.rtbw"), tables.join("KRvKR.rtbw")).unwrap();
    fs::create_dir(c.path("tables")).unwrap();
    fs::copy(c.path("g.pgn"), c.path("tables/other.pgn")).unwrap();
    let out = c.submit(&["g.pgn", "-o", "o1", "--wait", "--", "--syzygy", "my tables"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(rows(&c.path("o1")), 1, "only g.pgn was audited");
    let summary = fs::read_to_string(c.path("o1/summary.json")).unwrap();
    assert!(summary.contains("\"KRvKR.rtbw\""), "{summary}");
    assert!(!c.path("my").exists());
}

#[test]
fn bad_names_and_numbers_get_a_message() {
    let c = Cluster::new();
    let tabbed = "a\tb.pgn";
    fs::copy(c.path("g.pgn"), c.path(tabbed)).unwrap();
    let out = c.submit(&[tabbed, "-o", "o2", "--wait"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("a tab or a newline in a file name"),
        "{}",
        stderr(&out)
    );
    for (flag, value) in [("--shards", "abc"), ("--cpus", "0"), ("--shards", "-3")] {
        let out = c.submit(&["g.pgn", "-o", "o3", flag, value, "--wait"]);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        assert!(
            stderr(&out).contains(&format!(
                "{flag} wants a whole number from 1, not '{value}'"
            )),
            "{}",
            stderr(&out)
        );
        assert!(!c.path("o3.tasks").exists());
    }
}

#[test]
fn the_merge_takes_tasks_in_numeric_order_past_99999() {
    let c = Cluster::new();
    let tasks = c.path("out.tasks");
    for (task, game) in [("task-99999", "g.pgn"), ("task-100000", "h.pgn")] {
        let run = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
            .arg("audit")
            .arg(c.path(game))
            .arg("-o")
            .arg(tasks.join(task))
            .output()
            .unwrap();
        assert!(run.status.success());
    }
    let out = Command::new("bash")
        .arg(repo("scripts/slurm/merge.sbatch"))
        .env("PGN_ARBITER", env!("CARGO_BIN_EXE_pgn-arbiter"))
        .env("OUT", &tasks)
        .env("FINAL", c.path("merged"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let merged = fs::read_to_string(c.path("merged/verdicts.csv")).unwrap();
    let sources: Vec<&str> = merged
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert!(
        sources[0].ends_with("g.pgn") && sources[1].ends_with("h.pgn"),
        "{sources:?}"
    );
}
