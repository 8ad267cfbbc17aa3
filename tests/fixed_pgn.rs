//! `--fixed-pgn`: every game comes back unchanged but for the lines a
//! correction touches, and auditing the corrected file confirms every game.

use crate::common::*;

#[test]
fn corrected_pgn_round_trips_the_real_games() {
    let inputs = [
        data("lichess-2021-10-first-999.pgn"),
        data("lichess-100-one-illegal.pgn"),
        data("dgt-broadcast/round-1.pgn"),
        repo("samples/rules/checkmate-then-moves.pgn"),
        repo("samples/rules/dead-position-midgame.pgn"),
        repo("samples/rules/15.4.2-illegal-move-claimant-cannot-mate.pgn"),
    ];
    let dir = tempfile::tempdir().unwrap();
    let fixed = dir.path().join("fixed.pgn");
    let mut args: Vec<&str> = inputs.iter().map(|p| p.to_str().unwrap()).collect();
    args.extend(["--fixed-pgn", fixed.to_str().unwrap()]);
    let run = audit(&args, None);
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    let corrected = count(&run.verdicts, "status")
        .get("corrected")
        .copied()
        .unwrap_or(0);
    assert!(corrected >= 4, "{corrected}");

    let original: String = inputs
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let written = std::fs::read_to_string(&fixed).unwrap();
    // Only the intended lines change: Result tags, added RecordedResult
    // tags, the tags that say how the game ended (kept in Recorded… tags),
    // and movetext lines that gained the note or a new marker. A blank line
    // may be added after a game.
    let added: Vec<&str> = written
        .lines()
        .filter(|l| l.starts_with("[RecordedResult "))
        .collect();
    assert_eq!(added.len(), corrected);
    let kept: Vec<&str> = written
        .lines()
        .filter(|l| !l.starts_with("[Recorded") && !l.trim().is_empty())
        .collect();
    let before: Vec<&str> = original.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(kept.len(), before.len());
    let mut changed = 0;
    for (old, new) in before.iter().zip(&kept) {
        if old == new {
            continue;
        }
        changed += 1;
        let result_tag = [
            "[Result ",
            "[Termination ",
            "[ICCResult ",
            "[TerminationDetails ",
        ]
        .iter()
        .any(|t| old.starts_with(t) && new.starts_with(t));
        let movetext = new.contains("{pgn-arbiter: ") || {
            // Only the termination marker at the end differs.
            let (a, b) = (old.rsplit_once(' '), new.rsplit_once(' '));
            a.zip(b).is_some_and(|((a, _), (b, _))| a == b)
        };
        assert!(
            result_tag || movetext,
            "unexpected change:\n- {old}\n+ {new}"
        );
    }
    assert!(changed >= 2 * corrected, "{changed}");

    // The corrected file is confirmed game for game.
    let again = audit(&[fixed.to_str().unwrap()], None);
    assert_eq!(again.verdicts.len(), run.verdicts.len());
    assert_eq!(count(&again.verdicts, "status").get("corrected"), None);
}

/// Every file the tests hold, fuzz findings and attack files included.
fn every_test_file() -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
        entries.sort_by_key(|e| e.path());
        for e in entries {
            let path = e.path();
            let name = path.to_string_lossy().into_owned();
            if path.is_dir() {
                walk(&path, out);
            } else if name.contains("/fuzz/") || name.contains(".pgn") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&data(""), &mut out);
    out
}

/// Parse → fix → parse gives the same games: as many, with the same
/// players, and no game that could be read becomes unreadable.
#[test]
fn corrected_pgn_rereads_to_the_same_games_for_every_test_file() {
    let files = every_test_file();
    assert!(files.len() > 100, "{}", files.len());
    for file in files {
        let dir = tempfile::tempdir().unwrap();
        let fixed = dir.path().join("fixed.pgn");
        let first = audit(
            &[
                file.to_str().unwrap(),
                "--fixed-pgn",
                fixed.to_str().unwrap(),
            ],
            None,
        );
        let name = file.display();
        let again = audit(&[fixed.to_str().unwrap()], None);
        // A tagless game is written back with the standard's tags, `?`.
        let unknown = |name: &str| {
            if name == "?" {
                String::new()
            } else {
                name.to_string()
            }
        };
        let players = |run: &Run| -> Vec<(String, String)> {
            run.verdicts
                .iter()
                .filter(|r| !r["reason"].contains("--max-game-bytes"))
                .map(|r| (unknown(&r["white"]), unknown(&r["black"])))
                .collect()
        };
        assert_eq!(players(&first), players(&again), "{name}");
        let errors = |run: &Run| count(&run.verdicts, "status").get("error").copied();
        assert!(
            errors(&again).unwrap_or(0) <= errors(&first).unwrap_or(0),
            "{name}: {:?} errors after fixing, {:?} before",
            errors(&again),
            errors(&first)
        );
        assert_eq!(
            count(&again.verdicts, "status").get("corrected"),
            None,
            "{name}"
        );
    }
}

/// Round seven: every game of the corrected PGN re-audits to the status
/// it had (a corrected game to confirmed, with the correct result), the
/// samples and every shared real file at once (where `../shared` is there).
#[test]
fn every_game_of_the_corrected_pgn_re_audits_to_its_status() {
    let mut inputs = vec![repo("samples")];
    let shared = repo("../shared/data/games");
    if shared.is_dir() {
        inputs.push(shared);
    }
    let dir = tempfile::tempdir().unwrap();
    let fixed = dir.path().join("fixed.pgn");
    let mut args: Vec<&str> = inputs.iter().map(|p| p.to_str().unwrap()).collect();
    args.extend(["--fixed-pgn", fixed.to_str().unwrap()]);
    let first = audit(&args, None);
    let again = audit(&[fixed.to_str().unwrap()], None);
    assert_eq!(first.verdicts.len(), again.verdicts.len());
    for (before, after) in first.verdicts.iter().zip(&again.verdicts) {
        let want = match before["status"].as_str() {
            "corrected" => "confirmed",
            status => status,
        };
        let game = format!("{} game {}", before["source"], before["game"]);
        assert_eq!(after["status"], want, "{game}: {}", after["reason"]);
        assert_eq!(after["correct_result"], before["correct_result"], "{game}");
    }
}
