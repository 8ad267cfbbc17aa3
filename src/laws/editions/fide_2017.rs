//! FIDE Laws of Chess of 1 July 2017 (Baku): fivefold repetition needs no
//! longer be on consecutive moves, but the rapid rules are still 2014's —
//! a claimed illegal move loses and the claimant must have time left.

use super::texts_2018::TEXTS_2018;
use crate::laws::edition::*;

const RAPID: RuleSet = RuleSet {
    illegal: Illegal::LosesWhenClaimed,
    illegal_clause: "A.4.2",
    time_remaining: true,
    both_flags: BothFlags::LastPeriodDraw,
    time_clause: "A.4.3",
    both_flags_clause: "III.3.1",
    position_clause: Some("A.4.4"),
    window: Some(10),
    setup_clause: "A.4.1.2",
    clock_clause: "A.4.1.1",
    quickplay: Quickplay::WithoutIncrement,
    quickplay_clauses: ["III.5", "III.5.1", "III.5.2", "III.5.3"],
    win_on_time: WinOnTime::UnlessNoMate,
};

pub const FIDE_2017: Edition = Edition {
    name: "fide-2017",
    title: "the FIDE Laws of 1 July 2017",
    in_force: Day::new(2017, 7, 1),
    rapid_floor: RapidFloor::Above(10),
    rapid_rules_for_all: false,
    rapid: RAPID,
    blitz: RuleSet {
        quickplay: Quickplay::Never,
        quickplay_clauses: ["III.2.2", "III.2.2", "III.2.2", "III.2.2"],
        ..RAPID
    },
    standard: RuleSet {
        illegal: Illegal::PenalisedWhenClaimed(Penalty {
            minutes: 2,
            loses_at: 2,
        }),
        illegal_clause: "7.5",
        time_remaining: false,
        time_clause: "6.9",
        position_clause: None,
        window: None,
        setup_clause: "7.2.1",
        clock_clause: "6.10.2",
        ..RAPID
    },
    supervised_minutes: ByCategory { rapid: 2, blitz: 1 },
    castling_ban_only_reversed: false,
    null_move_illegal: false,
    seventy_five: Some("9.6.2"),
    fivefold: Fivefold::AnyFive,
    fivefold_clause: "9.6.1",
    resignation_draw: None,
    claimed_draws: ["9.2", "9.3"],
    texts: Texts::Amending(TEXTS_2017, TEXTS_2018),
};

/// What 2018 changed back from: the rest of the 2017 text reads as 2018's.
const TEXTS_2017: &[(&str, &str)] = &[
    (
        "A.4.2",
        "An illegal move is completed when the clock is pressed. Seen by the arbiter, or claimed by the opponent before his next move, it loses the game, unless the opponent cannot checkmate by any series of legal moves (then it is drawn). Otherwise it stands.",
    ),
    (
        "A.4.3",
        "To win on time the claimant stops the clock and tells the arbiter; he must still have time on his own clock. The game is drawn if the claimant cannot checkmate by any series of legal moves.",
    ),
    (
        "III.3.1",
        "If both flags have fallen and it cannot be told which fell first, play goes on in an earlier period and the game is drawn in the last one.",
    ),
    (
        "7.5",
        "Under the ordinary Laws the position before an illegal move is restored; the first illegal move of a player gives the opponent two minutes, the second loses, unless the opponent cannot checkmate by any series of legal moves.",
    ),
];
