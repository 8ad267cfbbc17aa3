use super::*;

fn wanted<'a>(dir: &'a Path, fixed: Option<&'a Path>, html: Option<&'a Path>) -> Wanted<'a> {
    Wanted {
        report_dir: dir,
        fixed_pgn: fixed,
        html,
        tournament: false,
    }
}

fn refusal(wanted: Wanted<'_>, inputs: &[Source]) -> String {
    ReportSet::stage(wanted, inputs).unwrap_err().to_string()
}

#[test]
fn refuses_outputs_that_are_inputs_or_overlap() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("g.pgn");
    fs::write(&game, "1. e4 *\n").unwrap();
    let link = tmp.path().join("link.pgn");
    std::os::unix::fs::symlink(&game, &link).unwrap();
    let site = tmp.path().join("site");
    fs::create_dir_all(site.join("games")).unwrap();
    let page = site.join("games/old.pgn");
    fs::write(&page, "1. d4 *\n").unwrap();
    let inputs = [Source::File(game.clone()), Source::File(page)];
    let rep = tmp.path().join("rep");
    for (fixed, html) in [
        (Some(game.as_path()), None),
        (Some(link.as_path()), None),
        (None, Some(site.as_path())),
    ] {
        let err = refusal(wanted(&rep, fixed, html), &inputs);
        assert!(err.contains("would overwrite the input"), "{err}");
    }
    let inside = rep.join("verdicts.csv");
    let err = refusal(wanted(&rep, Some(&inside), None), &inputs);
    assert!(err.contains("lies inside"), "{err}");
    assert!(!rep.exists(), "nothing is written on a usage error");
    assert_eq!(fs::read(&game).unwrap(), b"1. e4 *\n");
    // A directory that merely holds an input is no conflict (`-o .`).
    ReportSet::stage(wanted(tmp.path(), None, None), &inputs).unwrap();
}

#[test]
fn keeps_what_it_did_not_write() {
    let tmp = tempfile::tempdir().unwrap();
    fs::write(tmp.path().join("log"), "mine").unwrap();
    fs::write(tmp.path().join("verdicts.csv.zst"), "an earlier run").unwrap();
    let set = ReportSet::stage(wanted(tmp.path(), None, None), &[]).unwrap();
    fs::write(set.report_dir().join("verdicts.csv"), "new").unwrap();
    set.commit().unwrap();
    let mut names: Vec<String> = fs::read_dir(tmp.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, [".pgn-arbiter.lock", "log", "verdicts.csv"]);
    assert_eq!(fs::read_to_string(tmp.path().join("log")).unwrap(), "mine");
}

#[test]
fn commit_replaces_the_set_and_drop_keeps_the_old() {
    let tmp = tempfile::tempdir().unwrap();
    let rep = tmp.path().join("rep");
    fs::create_dir(&rep).unwrap();
    fs::write(rep.join("verdicts.csv"), "old").unwrap();
    fs::write(rep.join("incidents.csv"), "old").unwrap();
    let set = ReportSet::stage(wanted(&rep, None, None), &[]).unwrap();
    fs::write(set.report_dir().join("verdicts.csv"), "new").unwrap();
    drop(set);
    assert_eq!(fs::read_to_string(rep.join("verdicts.csv")).unwrap(), "old");
    assert!(!rep.join(".pgn-arbiter-report.partial").exists());
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
    // verdicts.csv and the lock file.
    assert_eq!(fs::read_dir(&rep).unwrap().count(), 2);
}

#[test]
fn an_html_report_is_replaced_beside_other_files() {
    let tmp = tempfile::tempdir().unwrap();
    let rep = tmp.path().join("rep");
    let site = tmp.path().join("site");
    fs::create_dir_all(site.join("games")).unwrap();
    fs::write(site.join("games").join(MARKER), "").unwrap();
    fs::write(site.join("games/old-1.html"), "old").unwrap();
    fs::write(site.join("notes.txt"), "mine").unwrap();
    let set = ReportSet::stage(wanted(&rep, None, Some(&site)), &[]).unwrap();
    let staged = set.html().unwrap().to_path_buf();
    fs::create_dir(staged.join("games")).unwrap();
    fs::write(staged.join("games/new-1.html"), "new").unwrap();
    fs::write(staged.join("index.html"), "index").unwrap();
    set.commit().unwrap();
    assert!(site.join("games/new-1.html").exists());
    assert!(!site.join("games/old-1.html").exists());
    assert_eq!(fs::read_to_string(site.join("notes.txt")).unwrap(), "mine");
    // games, index.html, notes.txt and the lock file.
    assert_eq!(fs::read_dir(&site).unwrap().count(), 4);
}

/// One writer per output (round 5's f83): while a run holds a report
/// folder, a second run into it is refused, naming the folder and the
/// first run's process, and the first run's staging is left alone; once
/// the first is done, the folder is free again.
#[test]
fn a_second_writer_is_refused_while_the_first_writes() {
    let tmp = tempfile::tempdir().unwrap();
    let rep = tmp.path().join("rep");
    let first = ReportSet::stage(wanted(&rep, None, None), &[]).unwrap();
    fs::write(first.report_dir().join("verdicts.csv"), "first").unwrap();
    let err = refusal(wanted(&rep, None, None), &[]);
    let pid = std::process::id().to_string();
    assert!(
        err.contains("is being written by another pgn-arbiter run"),
        "{err}"
    );
    assert!(err.contains(&pid) && err.contains("rep"), "{err}");
    assert!(
        first.report_dir().join("verdicts.csv").exists(),
        "its staging untouched"
    );
    first.commit().unwrap();
    let second = ReportSet::stage(wanted(&rep, None, None), &[]).unwrap();
    fs::write(second.report_dir().join("verdicts.csv"), "second").unwrap();
    second.commit().unwrap();
    assert_eq!(
        fs::read_to_string(rep.join("verdicts.csv")).unwrap(),
        "second"
    );
    // A folder a run made and gave up leaves nothing, its lock file neither.
    let fresh = tmp.path().join("fresh");
    drop(ReportSet::stage(wanted(&fresh, None, None), &[]).unwrap());
    assert!(!fresh.exists());
}

#[test]
fn owned_names_of_the_users_or_of_another_kind_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let rep = tmp.path().join("rep");
    let site = tmp.path().join("site");
    fs::create_dir_all(site.join("games")).unwrap();
    fs::write(site.join("games/my-notes.txt"), "mine").unwrap();
    let err = refusal(wanted(&rep, None, Some(&site)), &[]);
    assert!(err.contains("pgn-arbiter did not make"), "{err}");
    fs::remove_dir_all(site.join("games")).unwrap();
    fs::write(site.join("games"), "a file of mine").unwrap();
    let err = refusal(wanted(&rep, None, Some(&site)), &[]);
    assert!(err.contains("is not a folder"), "{err}");
    fs::create_dir_all(rep.join("verdicts.csv")).unwrap();
    let err = refusal(wanted(&rep, None, None), &[]);
    assert!(err.contains("verdicts.csv is a folder"), "{err}");
    assert_eq!(
        fs::read_to_string(site.join("games")).unwrap(),
        "a file of mine"
    );
}

#[test]
fn a_directory_made_for_a_failed_run_is_removed() {
    let tmp = tempfile::tempdir().unwrap();
    let rep = tmp.path().join("new");
    drop(ReportSet::stage(wanted(&rep, None, None), &[]).unwrap());
    assert!(!rep.exists());
}

#[test]
fn stale_partials_are_removed() {
    let tmp = tempfile::tempdir().unwrap();
    let rep = tmp.path().join("rep");
    let stale = rep.join(".pgn-arbiter-report.partial");
    fs::create_dir_all(&stale).unwrap();
    fs::write(stale.join("verdicts.csv"), "half").unwrap();
    let set = ReportSet::stage(wanted(&rep, None, None), &[]).unwrap();
    assert!(!set.report_dir().join("verdicts.csv").exists());
}
