//! The corrected PGN re-reads to the same games: split → parse → judge →
//! write back → split → parse gives as many games, with the same Event,
//! White and Black tags, and no game that could be read becomes damaged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pgn_arbiter::report::fixed::write_back;
use pgn_arbiter::laws::{Game, Laws, Judging, editions, judge};
use pgn_arbiter::read::parse::{GameRecord, parse_game};
use pgn_arbiter::board::replay::replay;
use pgn_arbiter::read::split::Splitter;
use pgn_arbiter::model::verdict::Verdict;

/// The games of a text, as the audit cuts them.
fn games(data: &[u8]) -> Vec<Vec<u8>> {
    let mut splitter = Splitter::new(data, 1 << 16);
    let mut out = Vec::new();
    while let Ok(Some(block)) = splitter.next_block() {
        out.extend(block.games.iter().map(|g| block.data[g.bytes.clone()].to_vec()));
    }
    out
}

fn identity(record: &GameRecord<'_>) -> (Option<String>, Option<String>, Option<String>) {
    let t = &record.tags;
    (t.event.clone(), t.white.clone(), t.black.clone())
}

/// Judged by a named edition, so that the notes written back name it.
fn rules() -> Judging {
    Judging {
        laws: Laws::Edition(&editions::FIDE_2018),
        ..Judging::default()
    }
}

fn verdict(record: &GameRecord<'_>) -> Option<Verdict> {
    let replayed = replay(record, rules().place(record).book.take_back()).ok()?;
    Some(judge(&Game::new(record, replayed), &rules()).verdict)
}

fuzz_target!(|data: &[u8]| {
    let before = games(data);
    let mut fixed = Vec::new();
    let mut identities = Vec::new();
    let mut damaged = Vec::new();
    for bytes in &before {
        let record = parse_game(bytes);
        identities.push(identity(&record));
        damaged.push(record.damage.is_some());
        let book = rules().place(&record).book;
        match verdict(&record) {
            Some(v) => write_back(&record, &v, &book, &mut fixed),
            None => write_back(&record, &Verdict::error(String::new()), &book, &mut fixed),
        }
    }
    let after = games(&fixed);
    assert_eq!(after.len(), before.len(), "{}", String::from_utf8_lossy(&fixed));
    for ((bytes, id), was_damaged) in after.iter().zip(&identities).zip(&damaged) {
        let record = parse_game(bytes);
        assert_eq!(&identity(&record), id);
        assert!(*was_damaged || record.damage.is_none());
    }
});
