//! `ru-rapid`: the Russian rapid-play rules the tool exists for — Article 15
//! (rapid play; it matches FIDE's 2014–2017 Appendix A) with Article 10.2
//! (the quickplay finish) of the Russian Ministry of Sport's rules of 2011
//! (order No. 1463), in the English of `RULES.en.md`. It judges every game
//! by the rapid-play rules.

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
    win_on_time: WinOnTime::UnlessNoMate,
};

pub const RU_RAPID: Edition = Edition {
    name: "ru-rapid",
    title: "the Russian rapid-play rules (Article 15, as FIDE's 2014–2017 Appendix A, with \
            Article 10.2 of the Ministry of Sport's 2011 rules, order No. 1463; English text in \
            RULES.en.md)",
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
    claimed_draws: ["9.2", "9.3"],
    texts: Texts::WorkingText,
};
