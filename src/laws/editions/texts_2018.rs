//! The project's paraphrases of the 2018 Laws' clauses, in a file of their
//! own: 2018 cites them, 2017 and 2023 amend them, and no edition's file
//! needs a later edition's.

/// The 2018 paraphrases; 2023 renumbers Appendix A and keeps the words.
pub const TEXTS_2018: &[(&str, &str)] = &[
    (
        "9.2",
        "A player may claim a draw, to the arbiter and before moving, when the same position (the same player to move, the same castling and en passant rights) is about to stand, or has just stood, for at least the third time.",
    ),
    (
        "9.3",
        "A player may claim a draw, to the arbiter and before moving, when each player's last fifty moves were made, or will have been with the move he declares, without a pawn move or a capture.",
    ),
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
        "An illegal move (or a clock pressed without a move, or a pawn left unpromoted), seen by the arbiter or claimed by the opponent before his next move, is dealt with as in 7.5.5: the position is restored, the first gives the opponent two minutes (one in blitz), the second loses. Unclaimed, it stands.",
    ),
    (
        "A.4.3",
        "To win on time the claimant may stop the clock and tell the arbiter. The game is drawn if the claimant cannot checkmate by any series of legal moves.",
    ),
    (
        "A.4.4",
        "An illegal position (both kings in check, a pawn on its last rank) still on the board once the next move is completed draws the game.",
    ),
    (
        "III.3.1",
        "If both flags have fallen and it cannot be told which fell first, in a game without increment play goes on in an earlier period and the game is drawn in the last one; otherwise the clock that shows zero first loses.",
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
        "7.5.5",
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
];
