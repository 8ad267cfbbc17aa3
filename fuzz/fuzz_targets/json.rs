//! A server's export against a reference reader (serde_json), one object a
//! line: wherever the export is told to write its games one a line, every
//! line that serde_json reads alone as a game object (no month's `games`
//! list in it) is handed out whole, equal to serde_json's object, in order,
//! whatever the lines around it hold; and no slice lies outside its block.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pgn_arbiter::read::export::JsonSplitter;
use pgn_arbiter::read::input::{Format, JsonLayout, format};
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Some((&knobs, export)) = data.split_first() else {
        return;
    };
    let Some(Ok(Format::Json(layout))) = format(export, true) else {
        return;
    };
    let target = 1 + usize::from(knobs & 0x0f) * 97;
    let mut splitter = JsonSplitter::with_limit(export, layout, target, 1 << 20);
    let mut whole = Vec::new();
    while let Ok(Some(block)) = splitter.next_block() {
        for game in &block.games {
            assert!(game.bytes.start <= game.bytes.end && game.bytes.end <= block.data.len());
            if game.problem.is_none()
                && let Ok(value) = serde_json::from_slice::<Value>(&block.data[game.bytes.clone()])
            {
                whole.push(value);
            }
        }
    }
    if layout != JsonLayout::OneALine {
        return;
    }
    // The reference's objects, one a line, each found among the whole
    // slices, in order.
    let mut found = whole.iter();
    for line in export.split(|&c| c == b'\n') {
        let Ok(Value::Object(object)) = serde_json::from_slice::<Value>(line) else {
            continue;
        };
        if object.get("games").is_some_and(Value::is_array) {
            continue;
        }
        let object = Value::Object(object);
        assert!(
            found.any(|v| *v == object),
            "a line serde_json reads as {object} was not handed out whole"
        );
    }
});
