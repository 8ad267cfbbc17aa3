//! FIDE Laws of Chess of 1 July 2017 (Baku): fivefold repetition needs no
//! longer be on consecutive moves, but the rapid rules are still 2014's —
//! a claimed illegal move loses and the claimant must have time left.

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
    texts: Texts::Own(&[
        (
            "A.4.1.1",
            "Once each player has completed ten moves, the clock setting may not be changed unless the event's schedule would suffer.",
        ),
        (
            "A.4.1.2",
            "Once each player has completed ten moves, no claim about a wrong set-up or board orientation is accepted; a misplaced king may not castle, nor a misplaced rook be castled with.",
        ),
        (
            "A.4.2",
            "An illegal move is completed when the clock is pressed. Seen by the arbiter, or claimed by the opponent before his next move, it loses the game, unless the opponent cannot checkmate by any series of legal moves (then it is drawn). Otherwise it stands.",
        ),
        (
            "A.4.3",
            "To win on time the claimant stops the clock and tells the arbiter; he must still have time on his own clock. The game is drawn if the claimant cannot checkmate by any series of legal moves.",
        ),
        (
            "A.4.4",
            "An illegal position (both kings in check, a pawn on its last rank) still on the board once the next move is completed draws the game.",
        ),
        (
            "III.3.1",
            "If both flags have fallen and it cannot be told which fell first, play goes on in an earlier period and the game is drawn in the last one.",
        ),
        (
            "III.2.2",
            "Quickplay-finish claims exist only in standard and rapid games without increment, never in blitz.",
        ),
        (
            "III.5",
            "A player to move with less than two minutes left, in a game without increment, may claim a draw before his flag falls, on the grounds that the opponent cannot win, or is making no effort to win, by normal means.",
        ),
        (
            "III.5.1",
            "If the arbiter agrees the opponent cannot win by normal means, or is making no effort to, he declares a draw; otherwise he postpones or rejects the claim.",
        ),
        (
            "III.5.2",
            "If the arbiter postpones his decision, the opponent may get two extra minutes and play goes on; the arbiter rules later or once a flag has fallen.",
        ),
        (
            "III.5.3",
            "If the arbiter rejects the claim, the opponent gets two extra minutes.",
        ),
        (
            "6.9",
            "A player who does not complete his moves in the allotted time loses, unless the opponent cannot checkmate by any series of legal moves, when the game is drawn.",
        ),
        (
            "7.5",
            "Under the ordinary Laws the position before an illegal move is restored; the first illegal move of a player gives the opponent two minutes, the second loses, unless the opponent cannot checkmate by any series of legal moves.",
        ),
        (
            "7.2.1",
            "A game found to have started from a wrong position is cancelled and played again.",
        ),
        (
            "6.10.2",
            "The arbiter corrects a clock that was set wrongly.",
        ),
        (
            "9.6.1",
            "The game is drawn once the same position (same side to move, same castling and en passant rights) has appeared five times, in any order.",
        ),
        (
            "9.6.2",
            "The game is drawn once each player has made 75 moves in a row without a capture or a pawn move, unless the last of them mates.",
        ),
    ]),
};
