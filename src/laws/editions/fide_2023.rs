//! FIDE Laws of Chess in force from 1 January 2023 (Chennai): Appendix A
//! renumbered (A.5 for unsupervised events), one minute for an illegal
//! move in rapid too (A.3), and a resignation in a position where the
//! opponent cannot checkmate is a draw (5.1.2).

use super::fide_2018::FIDE_2018;
use super::texts_2018::TEXTS_2018;
use crate::laws::edition::*;

const PENALTY: Penalty = Penalty {
    minutes: 1,
    loses_at: 2,
};

const RAPID: RuleSet = RuleSet {
    illegal: Illegal::PenalisedWhenClaimed(PENALTY),
    illegal_clause: "A.5.2",
    time_clause: "A.5.3",
    position_clause: Some("A.5.4"),
    setup_clause: "A.5.1.2",
    clock_clause: "A.5.1.1",
    ..FIDE_2018.rapid
};

pub const FIDE_2023: Edition = Edition {
    name: "fide-2023",
    title: "the FIDE Laws of 1 January 2023",
    in_force: Day::new(2023, 1, 1),
    rapid: RAPID,
    blitz: RuleSet {
        quickplay: Quickplay::Never,
        quickplay_clauses: ["III.2.2", "III.2.2", "III.2.2", "III.2.2"],
        ..RAPID
    },
    supervised_minutes: ByCategory { rapid: 1, blitz: 1 },
    resignation_draw: Some("5.1.2"),
    claimed_draws: ["9.2", "9.3"],
    texts: Texts::Amending(TEXTS_2023, TEXTS_2018),
    ..FIDE_2018
};

/// The clauses 2023 renumbered or changed; the rest read as in 2018.
const TEXTS_2023: &[(&str, &str)] = &[
    (
        "A.5.1.1",
        "Once each player has completed ten moves, the clock setting may not be changed unless the event's schedule would suffer.",
    ),
    (
        "A.5.1.2",
        "Once each player has completed ten moves, no claim about a wrong set-up or board orientation is accepted; a misplaced king may not castle, nor a misplaced rook be castled with.",
    ),
    (
        "A.5.2",
        "An illegal move (or a clock pressed without a move, or a pawn left unpromoted), seen by the arbiter or claimed by the opponent before his next move, is dealt with as in 7.5.5: the position is restored, the first gives the opponent one minute (A.3), the second loses. Unclaimed, it stands.",
    ),
    (
        "A.5.3",
        "To win on time the claimant may stop the clock and tell the arbiter. The game is drawn if the claimant cannot checkmate by any series of legal moves.",
    ),
    (
        "A.5.4",
        "An illegal position (both kings in check, a pawn on its last rank) still on the board once the next move is completed draws the game.",
    ),
    (
        "5.1.2",
        "A player who resigns loses, unless the opponent cannot checkmate by any series of legal moves: then the game is drawn.",
    ),
];
