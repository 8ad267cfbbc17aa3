//! After an irregularity the board is still the board (issue 78): a game read
//! from the FEN of its position after k plies, with the rest of its moves,
//! reaches the same ending at the same ply, and the same correct result,
//! wherever nothing before k bears on it (no claim, no clock, no repetition,
//! no illegal position standing at k). Real games of `samples/`, `tests/data`
//! and `../shared/data/games` when it is there; a few plies a game, chosen
//! by a fixed seed (`FEN_RESTART_PLIES` sets how many).

use crate::common::Lcg;
use pgn_arbiter::board::replay::replay;
use pgn_arbiter::laws::{Game, Judgement, Judging, judge_placed};
use pgn_arbiter::model::verdict::{Clause, Status};
use pgn_arbiter::read::parse::parse_game;
use pgn_arbiter::read::split::{HEAD, Splitter};

/// The game as written, without its comments: its tags (but a set-up's),
/// then `fen`'s tags if given, then `moves` numbered from `fen`'s turn.
fn written(tags: &str, fen: Option<&str>, moves: &[String]) -> String {
    let mut text: String = (tags.lines())
        .filter(|l| !l.starts_with("[SetUp ") && !l.starts_with("[FEN "))
        .map(|l| format!("{l}\n"))
        .collect();
    let (mut number, mut white) = (1u32, true);
    if let Some(fen) = fen {
        text.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
        let fields: Vec<&str> = fen.split(' ').collect();
        white = fields.get(1) != Some(&"b");
        number = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    }
    text.push('\n');
    for (i, san) in moves.iter().enumerate() {
        match (white, i) {
            (true, _) => text.push_str(&format!("{number}. ")),
            (false, 0) => text.push_str(&format!("{number}... ")),
            _ => {}
        }
        text.push_str(san);
        text.push(' ');
        if !white {
            number += 1;
        }
        white = !white;
    }
    text.push_str("*\n");
    text
}

fn judged(text: &str) -> Option<Judgement> {
    let record = parse_game(text.as_bytes());
    let rules = Judging::default();
    let placement = rules.place(&record);
    let replayed = replay(&record, placement.book.take_back()).ok()?;
    Some(judge_placed(
        &Game::new(&record, replayed),
        &rules,
        placement,
    ))
}

/// What a restart must give: the ending, the correct result, and for an
/// end on the board the ply (from the game's start).
fn key(j: &Judgement, offset: usize) -> (String, Option<String>, Option<usize>) {
    let on_board = matches!(
        j.verdict.clause,
        Some(
            Clause::Checkmate | Clause::Stalemate | Clause::DeadPosition | Clause::SeventyFiveMoves
        )
    );
    (
        j.ending.0.to_string(),
        j.verdict.correct.map(|c| c.to_string()),
        on_board.then(|| j.verdict.decided_at_ply.unwrap_or(0) + offset),
    )
}

/// The PGN files under `dir`, in every folder (none where it is absent).
fn pgn_files_under(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            pgn_files_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "pgn") {
            out.push(path);
        }
    }
}

/// The games of a file, each as its bytes.
fn games(path: &std::path::Path) -> Vec<Vec<u8>> {
    let bytes = std::fs::read(path).unwrap();
    let mut splitter = Splitter::with_limit(bytes.as_slice(), 1 << 20, HEAD);
    let mut out = Vec::new();
    while let Ok(Some(block)) = splitter.next_block() {
        out.extend(
            block
                .games
                .iter()
                .map(|g| block.data[g.bytes.clone()].to_vec()),
        );
    }
    out
}

#[test]
fn a_game_read_from_any_of_its_positions_ends_alike() {
    let per_game: usize = std::env::var("FEN_RESTART_PLIES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2);
    let mut files = Vec::new();
    for folder in ["samples", "tests/data", "../shared/data/games"] {
        pgn_files_under(&crate::common::repo(folder), &mut files);
    }
    let mut rng = Lcg(78);
    let (mut restarts, mut games_tried, mut differ) = (0, 0, Vec::new());
    for file in &files {
        for bytes in games(file) {
            let record = parse_game(&bytes);
            if !record.claims.is_empty() || record.moves.is_empty() {
                continue;
            }
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let tags: String = (text.lines())
                .take_while(|l| l.starts_with('[') && l.trim_end().ends_with("\"]"))
                .map(|l| format!("{l}\n"))
                .collect();
            let sans: Vec<String> = (record.moves.iter())
                .map(|m| String::from_utf8_lossy(record.token(m)).into_owned())
                .collect();
            // A pass (`--`, `..`) is no move a FEN restart can write.
            if sans
                .iter()
                .any(|m| m.contains('.') || m.contains("--") || m == "Z0")
            {
                continue;
            }
            let fen = (tags.lines().find_map(|l| l.strip_prefix("[FEN \"")))
                .and_then(|l| l.strip_suffix("\"]"));
            let clean = written(&tags, fen, &sans);
            let Some(whole) = judged(&clean) else {
                continue;
            };
            let clause = whole.verdict.clause;
            // A repetition counts positions before k, which FEN does not
            // carry.
            let history = ["repetition", "threefold-repetition", "fivefold-repetition"];
            if history.contains(&whole.ending.0.to_string().as_str())
                || whole.verdict.status == Status::Error
                || matches!(
                    clause,
                    Some(Clause::RepetitionClaim | Clause::FivefoldRepetition | Clause::SetUp)
                )
            {
                continue;
            }
            let record = parse_game(clean.as_bytes());
            let placement = Judging::default().place(&record);
            let Ok(replayed) = replay(&record, placement.book.take_back()) else {
                continue;
            };
            let plies = replayed.plies();
            let decided = whole.verdict.decided_at_ply.unwrap_or(plies);
            games_tried += 1;
            for _ in 0..per_game {
                let k = 1 + rng.below(plies.max(1) as u64) as usize;
                // Nothing before k may bear on it: no illegal position at
                // k or the ply before, and the decision not before k.
                let loose = |p: usize| replayed.position_at(p).as_chess().is_none();
                // At least one move after k: a record of none is a round's
                // result, read as such.
                if k >= plies || k > decided || loose(k) || loose(k - 1) {
                    continue;
                }
                let fen = replayed.position_at(k).fen();
                let restart = written(&tags, Some(&fen), &sans[k..]);
                restarts += 1;
                let Some(part) = judged(&restart) else {
                    differ.push(format!(
                        "{}: from ply {k} not read\n{restart}",
                        file.display()
                    ));
                    continue;
                };
                let (a, b) = (key(&whole, 0), key(&part, k));
                if a != b {
                    differ.push(format!(
                        "{} ply {k}: {a:?} whole, {b:?} from {fen}",
                        file.display()
                    ));
                }
            }
        }
    }
    eprintln!(
        "{games_tried} games, {restarts} restarts from a FEN, {} differ",
        differ.len()
    );
    assert!(restarts > 1000, "{restarts}");
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}
