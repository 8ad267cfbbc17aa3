//! The block splitter: any bytes, any block size and game limit; the games
//! it hands out lie inside their block, in order, with offsets that grow.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pgn_arbiter::read::split::{HEAD, Splitter};

fuzz_target!(|data: &[u8]| {
    let Some((&knobs, pgn)) = data.split_first() else {
        return;
    };
    let target = 1 + usize::from(knobs & 0x0f) * 97;
    let limit = HEAD + usize::from(knobs >> 4) * 4096;
    let mut splitter = Splitter::with_limit(pgn, target, limit);
    let mut last_offset = None;
    while let Ok(Some(block)) = splitter.next_block() {
        for game in &block.games {
            assert!(game.bytes.start <= game.bytes.end && game.bytes.end <= block.data.len());
            assert!(last_offset.is_none_or(|o| o < game.offset));
            assert!(game.offset as usize <= pgn.len());
            last_offset = Some(game.offset);
        }
    }
});
