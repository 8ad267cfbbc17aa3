//! FIDE Laws of Chess in force from 1 January 2018 (Goynuk): a claimed
//! illegal move is taken back and costs two minutes (one in blitz), the
//! second loses; a time claim no longer needs time on the claimant's clock;
//! pressing the clock without moving is an illegal move.

use super::fide_2017::FIDE_2017;
use super::texts_2018::TEXTS_2018;
use crate::laws::edition::*;

/// What the 2018 revision changed in the rapid rules (A.4.2, A.4.3) and in
/// how two fallen flags are read; the rest is 2017's.
const RAPID: RuleSet = RuleSet {
    illegal: Illegal::PenalisedWhenClaimed(Penalty {
        minutes: 2,
        loses_at: 2,
    }),
    time_remaining: false,
    both_flags: BothFlags::FirstZeroLoses,
    ..FIDE_2017.rapid
};

pub const FIDE_2018: Edition = Edition {
    name: "fide-2018",
    title: "the FIDE Laws of 1 January 2018",
    in_force: Day::new(2018, 1, 1),
    rapid: RAPID,
    blitz: RuleSet {
        illegal: Illegal::PenalisedWhenClaimed(Penalty {
            minutes: 1,
            loses_at: 2,
        }),
        time_remaining: false,
        both_flags: BothFlags::FirstZeroLoses,
        ..FIDE_2017.blitz
    },
    standard: RuleSet {
        illegal_clause: "7.5.5",
        both_flags: BothFlags::FirstZeroLoses,
        ..FIDE_2017.standard
    },
    null_move_illegal: true,
    claimed_draws: ["9.2", "9.3"],
    texts: Texts::Own(TEXTS_2018),
    ..FIDE_2017
};
