//! The time control of a game, read from its tag against its first clock
//! readings; readings written `a:bb` read both ways and settled.

use super::GameRecord;
use crate::model::clock::Clock;
use crate::model::time_control::{ClockUnit, Control, Readings};

/// The time control, read from the tag against the first clock readings.
/// Readings all written `a:bb` are read both ways and settled (see
/// [`Control::read_two_field`]); read as hours and minutes, every reading
/// becomes so.
pub(in crate::read) fn read_control(game: &mut GameRecord<'_>) {
    let tag = game.tags.time_control.as_deref();
    let first = FirstReadings::of(game);
    if game.layout.two_field_clocks == 0 || game.layout.other_clocks > 0 {
        let from_move_one = game.tags.fen.is_none();
        game.control = Control::read(tag, first.sides(), from_move_one, || {
            game.tags.time_control_unit()
        });
        return;
    }
    let in_hours = first.scaled(60);
    let unit = game.tags.time_control_unit();
    let (control, clock_unit) = Control::read_two_field(tag, first.sides(), in_hours.sides(), unit);
    if clock_unit == ClockUnit::HoursMinutes {
        for m in &mut game.moves {
            m.clock = m.clock.map(|c| Clock(c.millis() * 60));
        }
    }
    game.control = control;
    game.layout.clock_unit = Some(clock_unit);
}

/// Each side's first clock readings (up to twenty moves), for reading the
/// time control against them; on the stack, not in two vectors a game.
struct FirstReadings {
    readings: [[(Clock, Option<Clock>); 20]; 2],
    len: [usize; 2],
}

impl FirstReadings {
    fn of(game: &GameRecord<'_>) -> FirstReadings {
        // Which side made the first move: a FEN's second field.
        let black_first = game
            .tags
            .fen
            .as_deref()
            .and_then(|f| f.split_whitespace().nth(1))
            == Some("b");
        let mut first = FirstReadings {
            readings: [[(Clock(0), None); 20]; 2],
            len: [0; 2],
        };
        for (i, m) in game.moves.iter().take(40).enumerate() {
            if let Some(clock) = m.clock {
                let side = (i + usize::from(black_first)) % 2;
                first.readings[side][first.len[side]] = (clock, m.emt);
                first.len[side] += 1;
            }
        }
        first
    }

    /// The readings with every clock `factor` times as long.
    fn scaled(&self, factor: u64) -> FirstReadings {
        let mut scaled = FirstReadings {
            readings: self.readings,
            len: self.len,
        };
        for (clock, _) in scaled.readings.iter_mut().flatten() {
            *clock = Clock(clock.millis() * factor);
        }
        scaled
    }

    fn sides(&self) -> [&Readings; 2] {
        [0, 1].map(|side| &self.readings[side][..self.len[side]])
    }
}
