//! US Chess's Official Rules of Chess, 7th edition (US Chess, the United
//! States federation; chapters 1 and 2 revised 21 August 2020), where it
//! decides a result from the record differently from FIDE: a flag fall
//! against too little material to win on time (14E), both flags down in
//! sudden death (14G), only a player calls a flag (13C), an illegal move
//! corrected with two minutes to the opponent and never lost on (11D), a
//! draw claim on insufficient losing chances (14H); and its blitz chapter
//! (an illegal move claimed loses, a win needs mating material). Where its rules are
//! not modelled here (a wrong set-up, the clock setting, an illegal
//! position), the rule set follows FIDE's 2023 Laws for standard games,
//! cites their numbers and says so (docs/laws.md). Sources: the rulebook's
//! free chapters and the public threads named in `US-CHESS.md`.

use super::fide_2023::FIDE_2023;
use super::texts_2018::TEXTS_2018;
use crate::laws::edition::*;
use crate::model::clock::Clock;

const RULES: RuleSet = RuleSet {
    illegal: Illegal::PenalisedWhenClaimed(Penalty {
        minutes: 2,
        loses_at: Penalty::NEVER,
    }),
    illegal_clause: "11D",
    // A claim made with the claimant's own flag down fails; both flags
    // down in sudden death is 14G's draw, before it the game goes on.
    time_remaining: true,
    both_flags: BothFlags::SuddenDeathDraw,
    time_clause: "13C",
    both_flags_clause: "14G",
    // 14H1: not with a delay or an increment set.
    quickplay: Quickplay::WithoutIncrementOrDelay(Quickplay::TWO_MINUTES),
    quickplay_clauses: ["14H", "14H", "14H", "14H"],
    win_on_time: WinOnTime::UnlessInsufficient(TooLittleToWin {
        rule: "14E",
        lone_king: "14E1",
        minor: "14E2",
        two_knights: "14E3",
        dead: "14D",
    }),
    ..FIDE_2023.standard
};

/// The blitz chapter (games of 5 to 10 minutes and seconds, 5C), where it
/// parts from the rules above: a completed illegal move loses when the
/// opponent claims it before his own move (7d); a win, on time or on that
/// claim, needs mating material and without it the game is drawn (7c,
/// 8d), with no forced-win exception as in 14E.
const BLITZ: RuleSet = RuleSet {
    illegal: Illegal::LosesWhenClaimed,
    illegal_clause: "B7d",
    // The blitz chapter's claim of insufficient losing chances: under a
    // minute, without delay or increment.
    quickplay: Quickplay::WithoutIncrementOrDelay(Clock(60_000)),
    win_on_time: WinOnTime::WithMatingMaterial(MatingMaterial {
        rule: "B7c",
        draw: "B8d",
        dead: "14D",
    }),
    ..RULES
};

pub const US_CHESS_7: Edition = Edition {
    name: "us-chess-7",
    title: "US Chess's Official Rules of Chess (7th edition)",
    in_force: Day::new(2020, 8, 21),
    rapid_floor: RapidFloor::UsChess,
    rapid_rules_for_all: false,
    rapid: RULES,
    blitz: BLITZ,
    standard: RULES,
    supervised_minutes: ByCategory { rapid: 2, blitz: 2 },
    null_move_illegal: false,
    seventy_five: None,
    fivefold: Fivefold::None,
    resignation_draw: None,
    claimed_draws: ["14C", "14F"],
    texts: Texts::Amending(TEXTS_US, TEXTS_2018),
    ..FIDE_2023
};

/// The project's paraphrases of the rules it cites; the FIDE numbers it
/// follows read as in 2018.
const TEXTS_US: &[(&str, &str)] = &[
    (
        "14C",
        "Triple occurrence of position: a player may claim a draw when the same position, with the same player to move and the same rights, stands or is about to stand for the third time.",
    ),
    (
        "14F",
        "The 50-move rule: a player may claim a draw when each player's last fifty moves were made without a capture or a pawn move.",
    ),
    (
        "11D",
        "A completed illegal move, once claimed or seen, is taken back and play resumes from the position before it; the opponent receives two extra minutes. No number of illegal moves loses the game by itself.",
    ),
    (
        "B7c",
        "In blitz, a player wins on time or on the opponent's illegal move only with mating material: at least a pawn, a rook, a queen or two minor pieces, in a position that is not drawn by the blitz chapter's own rules.",
    ),
    (
        "B7d",
        "In blitz, an illegal move is completed when the clock is pressed; the opponent wins if he claims it (or takes the king left in check) before completing his own move and has mating material. Once he has moved, the illegal move stands.",
    ),
    (
        "B8d",
        "In blitz, the game is drawn when the player whose opponent's flag falls, or whose opponent completes an illegal move, has no mating material.",
    ),
    (
        "13C",
        "Only a player may point out that the opponent's flag has fallen; the director does not call flags. A flag that falls with nobody pointing it out does not end the game.",
    ),
    (
        "14D",
        "A position from which neither player can checkmate by any series of legal moves is drawn (king against king, king and one minor piece against king, kings and bishops on squares of one colour among them).",
    ),
    (
        "14E",
        "A player cannot win on time with too little material: a lone king, a king and one bishop or knight, or a king and two knights against an opponent without pawns, unless he has a forced win; the game is drawn.",
    ),
    (
        "14E1",
        "When a flag falls and the other player has only his king, the game is drawn.",
    ),
    (
        "14E2",
        "When a flag falls and the other player has only a king and a bishop, or only a king and a knight, the game is drawn unless he has a forced win: a mate against any defence from the position on the board.",
    ),
    (
        "14E3",
        "When a flag falls and the other player has only a king and two knights, and the player who ran out of time has no pawns, the game is drawn unless he has a forced win.",
    ),
    (
        "14G",
        "When both flags have fallen in a sudden-death period, the game is drawn.",
    ),
    (
        "14H",
        "In a sudden-death period a player with less than two minutes left (in blitz, one) may claim a draw on insufficient losing chances, unless the clock is set with a delay or an increment; the director decides, postpones the decision or rejects the claim, and may add time to the opponent's clock.",
    ),
];
