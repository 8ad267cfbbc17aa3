//! The seed: Article 15 (rapid play) and Article 10 (quickplay finish) as
//! `RULES.en.md` gives them — the text the tool exists for. It matches FIDE's
//! 2014–2017 Appendix A, and judges every game by the rapid-play rules.

use crate::laws::edition::*;

const RAPID: RuleSet = RuleSet {
    illegal: Illegal::LosesWhenClaimed,
    illegal_clause: "15.4.2",
    time_remaining: true,
    both_flags: BothFlags::Review,
    time_clause: "15.4.3",
    both_flags_clause: "15.4.3",
    position_clause: Some("15.4.4"),
    window: Some(10),
    setup_clause: "15.4.1.2",
    clock_clause: "15.4.1.1",
    quickplay: Quickplay::Any,
    quickplay_clauses: ["10.2", "10.2.1", "10.2.2", "10.2.3"],
};

pub const SEED: Edition = Edition {
    name: "seed",
    title: "the rapid-play rules of RULES.en.md (Articles 15 and 10)",
    in_force: Day::new(2014, 7, 1),
    rapid_floor: RapidFloor::Above(10),
    rapid_rules_for_all: true,
    rapid: RAPID,
    blitz: RAPID,
    // Under 15.3 the ordinary Laws of the same years: the second illegal
    // move loses (7.5 b of 2014).
    standard: RuleSet {
        illegal: Illegal::AlwaysPenalised(Penalty {
            minutes: 2,
            loses_at: 2,
        }),
        illegal_clause: "15.3/7.5.b",
        ..RAPID
    },
    supervised_minutes: ByCategory { rapid: 2, blitz: 2 },
    castling_ban_only_reversed: false,
    null_move_illegal: false,
    seventy_five: None,
    fivefold: Fivefold::None,
    fivefold_clause: "9.6",
    resignation_draw: None,
    texts: Texts::WorkingText,
};
