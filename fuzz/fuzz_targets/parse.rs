//! The game parser: any bytes make a record, and every move token it keeps
//! lies inside the game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pgn_arbiter::read::parse::parse_game;

fuzz_target!(|data: &[u8]| {
    let game = parse_game(data);
    for m in &game.moves {
        assert!(m.span.start < m.span.end && m.span.end as usize <= data.len());
    }
    if let Some((_, at)) = &game.damage {
        let _ = game.line_of(*at);
    }
    let _ = game.recorded_result();
});
