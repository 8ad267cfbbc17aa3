//! FIDE Laws of Chess for competitions starting on or after 1 July 2014
//! (Tallinn): rapid from more than 10 minutes, a claimed illegal move loses
//! in rapid and blitz, 75-move and fivefold draws (on consecutive alternate
//! moves), quickplay finishes in Appendix G. The verbatim 2014 A.1, B and
//! A.4 lettering (except A.4 b) rest on secondary sources (EDITIONS.md).

use crate::laws::edition::*;

const RAPID: RuleSet = RuleSet {
    illegal: Illegal::LosesWhenClaimed,
    illegal_clause: "A.4.b",
    time_remaining: true,
    both_flags: BothFlags::LastPeriodDraw,
    time_clause: "A.4.c",
    both_flags_clause: "6.11.b",
    position_clause: Some("A.4.d"),
    window: Some(10),
    setup_clause: "A.4.a",
    clock_clause: "A.4.a",
    quickplay: Quickplay::WithoutIncrement,
    quickplay_clauses: ["G.5", "G.5", "G.5", "G.5"],
    win_on_time: WinOnTime::UnlessNoMate,
};

pub const FIDE_2014: Edition = Edition {
    name: "fide-2014",
    title: "the FIDE Laws of 1 July 2014",
    in_force: Day::new(2014, 7, 1),
    rapid_floor: RapidFloor::Above(10),
    rapid_rules_for_all: false,
    rapid: RAPID,
    blitz: RuleSet {
        quickplay: Quickplay::Never,
        quickplay_clauses: ["G.3", "G.3", "G.3", "G.3"],
        ..RAPID
    },
    standard: RuleSet {
        illegal: Illegal::PenalisedWhenClaimed(Penalty {
            minutes: 2,
            loses_at: 2,
        }),
        illegal_clause: "7.5.b",
        time_remaining: false,
        time_clause: "6.9",
        position_clause: None,
        window: None,
        setup_clause: "7.2.a",
        clock_clause: "6.10.b",
        ..RAPID
    },
    supervised_minutes: ByCategory { rapid: 2, blitz: 1 },
    castling_ban_only_reversed: false,
    null_move_illegal: false,
    seventy_five: Some("9.6.b"),
    fivefold: Fivefold::Consecutive,
    fivefold_clause: "9.6.a",
    resignation_draw: None,
    claimed_draws: ["9.2", "9.3"],
    texts: Texts::Own(&[
        (
            "9.2",
            "A player may claim a draw when the same position, with the same player to move and the same rights, stands or is about to stand for at least the third time, not necessarily by a repetition of moves.",
        ),
        (
            "9.3",
            "A player may claim a draw when each player's last fifty moves have been made, or will have been with his declared move, without a pawn move or a capture.",
        ),
        (
            "A.4.a",
            "Once each player has completed ten moves, the clock setting may not be changed unless the event's schedule would suffer, and no claim about a wrong set-up or board orientation is accepted; a misplaced king may not castle, nor a misplaced rook be castled with.",
        ),
        (
            "A.4.b",
            "An illegal move is completed when the clock is pressed. Seen by the arbiter, or claimed by the opponent before his next move, it loses the game, unless the opponent cannot checkmate by any series of legal moves (then it is drawn). Otherwise it stands.",
        ),
        (
            "A.4.c",
            "To win on time the claimant stops the clock and tells the arbiter; he must still have time on his own clock. The game is drawn if the claimant cannot checkmate by any series of legal moves.",
        ),
        (
            "A.4.d",
            "An illegal position (both kings in check, a pawn on its last rank) still on the board once the next move is completed draws the game.",
        ),
        (
            "6.9",
            "A player who does not complete his moves in the allotted time loses, unless the opponent cannot checkmate by any series of legal moves, when the game is drawn.",
        ),
        (
            "6.11.b",
            "If both flags have fallen and it cannot be told which fell first, the game is drawn when it happened in the last period.",
        ),
        (
            "7.5.b",
            "Under the ordinary Laws the position before an illegal move is restored; the first illegal move of a player gives the opponent two minutes, the second loses, unless the opponent cannot checkmate by any series of legal moves.",
        ),
        (
            "7.2.a",
            "A game found to have started from a wrong position is cancelled and played again.",
        ),
        (
            "6.10.b",
            "The arbiter corrects a clock that was set wrongly.",
        ),
        (
            "9.6.a",
            "The game is drawn once the same position has stood for five consecutive alternate moves by each player.",
        ),
        (
            "9.6.b",
            "The game is drawn once each player has made 75 moves without a capture or a pawn move, unless the last of them mates.",
        ),
        (
            "G.3",
            "Quickplay-finish claims exist only in standard and rapid games without increment, never in blitz.",
        ),
        (
            "G.5",
            "A player to move with less than two minutes left, in a game without increment, may claim a draw before his flag falls; the arbiter decides whether the opponent cannot win, or is making no effort to win, by normal means, and may postpone or reject the claim with two minutes for the opponent.",
        ),
    ]),
};
