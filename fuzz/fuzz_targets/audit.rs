//! Replay and laws: any game text, under both regimes, is judged without a
//! panic, and every verdict but an error names a result.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pgn_arbiter::laws::{Game, Rules, judge};
use pgn_arbiter::parse::parse_game;
use pgn_arbiter::replay::{Regime, replay};
use pgn_arbiter::verdict::Status;

fuzz_target!(|data: &[u8]| {
    let record = parse_game(data);
    for regime in [Regime::Rapid, Regime::Standard] {
        let Ok(replayed) = replay(&record, regime) else {
            continue;
        };
        let rules = Rules {
            regime,
            ..Rules::default()
        };
        let judgement = judge(&Game::new(&record, replayed), &rules);
        assert!(judgement.verdict.status == Status::Error || judgement.verdict.correct.is_some());
        assert!(judgement.incidents.windows(2).all(|w| w[0].ply <= w[1].ply));
    }
});
