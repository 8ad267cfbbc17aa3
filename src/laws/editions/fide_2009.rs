//! FIDE Laws of Chess in force from 1 July 2009 (Dresden): Appendix A
//! (rapid, at least 15 minutes), Appendix B (blitz, under 15) and the
//! ordinary Laws. No automatic draws but mate, stalemate and dead
//! positions; an illegal move first costs two minutes.

use crate::laws::edition::*;

const RAPID: RuleSet = RuleSet {
    illegal: Illegal::PenalisedWhenClaimed(Penalty {
        minutes: 2,
        loses_at: 3,
    }),
    illegal_clause: "A.4.c",
    time_remaining: true,
    both_flags: BothFlags::Draw,
    time_clause: "A.4.d",
    both_flags_clause: "A.4.d.3",
    position_clause: None,
    window: Some(3),
    setup_clause: "A.4.a",
    clock_clause: "A.4.a",
    quickplay: Quickplay::Any,
    quickplay_clauses: ["10.2", "10.2.a", "10.2.b", "10.2.c"],
    win_on_time: WinOnTime::UnlessNoMate,
};

pub const FIDE_2009: Edition = Edition {
    name: "fide-2009",
    title: "the FIDE Laws of 1 July 2009",
    in_force: Day::new(2009, 7, 1),
    rapid_floor: RapidFloor::AtLeast(15),
    rapid_rules_for_all: false,
    rapid: RAPID,
    blitz: RuleSet {
        illegal: Illegal::LosesWhenClaimed,
        illegal_clause: "B.3.c",
        quickplay: Quickplay::Never,
        quickplay_clauses: ["B.3.b", "B.3.b", "B.3.b", "B.3.b"],
        ..RAPID
    },
    standard: RuleSet {
        illegal: Illegal::PenalisedWhenClaimed(Penalty {
            minutes: 2,
            loses_at: 3,
        }),
        illegal_clause: "7.4.b",
        time_remaining: false,
        both_flags: BothFlags::LastPeriodDraw,
        time_clause: "6.9",
        both_flags_clause: "6.11",
        window: None,
        setup_clause: "7.1.a",
        clock_clause: "6.10.b",
        ..RAPID
    },
    supervised_minutes: ByCategory { rapid: 2, blitz: 2 },
    castling_ban_only_reversed: true,
    null_move_illegal: false,
    seventy_five: None,
    fivefold: Fivefold::None,
    fivefold_clause: "9.2",
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
            "Once each player has completed three moves, no claim about a wrong set-up, board orientation or clock setting can be made; only a king and queen set up the wrong way round forbid castling with that king.",
        ),
        (
            "A.4.c",
            "An illegal move is completed when the opponent's clock is started. Claimed before the claimant moves, the arbiter rules as in 7.4: the position before it is restored, the first two illegal moves of a player give the opponent two minutes each, the third loses. Unclaimed, it stands.",
        ),
        (
            "A.4.d",
            "A flag counts as fallen when a player validly claims it; the claimant's own flag must still be up. The game is drawn if the claimant cannot checkmate by any series of legal moves.",
        ),
        ("A.4.d.3", "If both flags have fallen, the game is drawn."),
        (
            "B.3.c",
            "In blitz, an illegal move claimed before the claimant moves wins the game for him, unless he cannot checkmate by any series of legal moves (then it is drawn). Unclaimed, it stands.",
        ),
        (
            "B.3.b",
            "In blitz, the quickplay-finish claim of Article 10.2 does not exist.",
        ),
        (
            "7.4.b",
            "Under the ordinary Laws the position before an illegal move is restored; the first two illegal moves of a player give the opponent two minutes each, the third loses, unless the opponent cannot checkmate by any series of legal moves.",
        ),
        (
            "6.9",
            "A player who does not complete his moves in the allotted time loses, unless the opponent cannot checkmate by any series of legal moves, when the game is drawn.",
        ),
        (
            "6.11",
            "If both flags have fallen and it cannot be told which fell first, the game goes on in an earlier period and is drawn in the last one.",
        ),
        (
            "7.1.a",
            "A game found to have started from a wrong position is cancelled and played again.",
        ),
        (
            "6.10.b",
            "The arbiter corrects a clock that was set wrongly.",
        ),
        (
            "10.2",
            "A player to move with less than two minutes left may claim a draw before his flag falls; the arbiter decides whether the opponent cannot win, or is making no effort to win, by normal means.",
        ),
        (
            "10.2.a",
            "If the arbiter agrees the opponent cannot win by normal means, or is making no effort to, he declares a draw; otherwise he postpones or rejects the claim.",
        ),
        (
            "10.2.b",
            "If the arbiter postpones his decision, the opponent may get two extra minutes and play goes on; the arbiter rules later or when a flag falls.",
        ),
        (
            "10.2.c",
            "If the arbiter rejects the claim, the opponent gets two extra minutes.",
        ),
    ]),
};
