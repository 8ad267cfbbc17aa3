//! Replay and laws: any game text, under every edition, supervised or not, is judged without a
//! panic, and every verdict but an error names a result.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pgn_arbiter::laws::{Game, Laws, Judging, editions, judge_placed};
use pgn_arbiter::read::parse::parse_game;
use pgn_arbiter::board::replay::replay;
use pgn_arbiter::model::verdict::Status;

fuzz_target!(|data: &[u8]| {
    let record = parse_game(data);
    for edition in editions::ALL {
        for supervised in [false, true] {
            let rules = Judging {
                laws: Laws::Edition(edition),
                supervised,
                ..Judging::default()
            };
            let placement = rules.place(&record);
            let Ok(replayed) = replay(&record, placement.book.take_back()) else {
                continue;
            };
            let judgement = judge_placed(&Game::new(&record, replayed), &rules, placement);
            assert!(judgement.verdict.status == Status::Error || judgement.verdict.correct.is_some());
            assert!(judgement.incidents.windows(2).all(|w| w[0].ply <= w[1].ply));
        }
    }
});
