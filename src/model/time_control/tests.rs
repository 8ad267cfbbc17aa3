use super::*;

#[test]
fn clause_15_1_boundaries() {
    assert_eq!(Category::of("600+0"), Category::Blitz);
    assert_eq!(Category::of("601"), Category::Rapid);
    assert_eq!(Category::of("3599"), Category::Rapid);
    assert_eq!(Category::of("3600+0"), Category::Standard);
    assert_eq!(Category::of("300+5"), Category::Blitz);
    assert_eq!(Category::of("300+6"), Category::Rapid);
    assert_eq!(Category::of("180+2"), Category::Blitz);
    assert_eq!(Category::of("40/5400+30:1800+30"), Category::Standard);
    assert_eq!(Category::of("10.931+0.109"), Category::Blitz);
}

fn readings(clocks: &[u64]) -> Vec<(Clock, Option<Clock>)> {
    clocks.iter().map(|&s| (Clock(s * 1000), None)).collect()
}

#[test]
fn controls_are_read_against_the_clocks() {
    // The broadcast's first readings (1:30:56, 1:31:12, …; 1:30:46, …).
    let white = readings(&[5456, 5472, 5466, 5395, 5413, 5388]);
    let black = readings(&[5446, 5452, 5318, 5268, 5059, 4888]);
    let sides = [&white[..], &black[..]];
    let c = Control::read(Some("90+30"), sides, true, || WrittenIn::Unsaid);
    assert_eq!(
        (c.reading, c.pgn().as_deref()),
        (Reading::TagInMinutes, Some("5400+30"))
    );
    assert!(
        matches!(c.notes[..], [ControlNote::InMinutes { .. }]),
        "{:?}",
        c.notes
    );
    // The same clocks without a tag: inferred, increment from the gains.
    let c = Control::read(None, sides, true, || WrittenIn::Unsaid);
    assert_eq!(c.reading, Reading::Clocks);
    assert_eq!(c.category(), Category::Standard);
    assert!(matches!(
        c.notes[..],
        [ControlNote::FromClocks { tag: None, .. }]
    ));
    // DGT's words are read as words, and agree with the clocks.
    let dgt = [
        &readings(&[900, 905, 903])[..],
        &readings(&[898, 902, 900])[..],
    ];
    let c = Control::read(Some("15 min/game + 10 sec/move"), dgt, true, || {
        WrittenIn::Unsaid
    });
    assert_eq!(
        (c.reading, c.category(), c.pgn().as_deref()),
        (Reading::TagInWords, Category::Rapid, Some("900+10"))
    );
    assert!(matches!(&c.notes[..], [ControlNote::InWords { .. }]));
    // Words the clocks are far above are not trusted: the clocks are read.
    let c = Control::read(Some("5 min + 3 sec/move"), dgt, true, || WrittenIn::Unsaid);
    assert_eq!(c.reading, Reading::Clocks);
    assert!(matches!(
        c.notes[..],
        [ControlNote::FromClocks {
            against: Against::Clocks,
            ..
        }]
    ));
    // Words that cannot be read: inferred.
    let c = Control::read(Some("15 minutes, cheese"), dgt, true, || WrittenIn::Unsaid);
    assert_eq!(c.reading, Reading::Clocks);
    assert!(matches!(
        c.notes[..],
        [ControlNote::FromClocks {
            against: Against::Unread,
            ..
        }]
    ));
    // A tag the clocks agree with is read as written.
    let c = Control::read(Some("900+10"), dgt, true, || WrittenIn::Unsaid);
    assert_eq!(
        (c.reading, c.pgn().as_deref()),
        (Reading::Tag, Some("900+10"))
    );
    // A tag far from the clocks either way: inferred.
    let c = Control::read(Some("180+2"), sides, true, || WrittenIn::Unsaid);
    assert_eq!(c.reading, Reading::Clocks);
    assert!(matches!(
        c.notes[..],
        [ControlNote::FromClocks {
            against: Against::Clocks,
            ..
        }]
    ));
    // No clocks: a base that could be seconds or minutes is read in the
    // unit its source writes, else not at all (issue 42: "90+30" in a
    // club's file was read as 90 seconds, hence rapid).
    let none: [&Readings; 2] = [&[], &[]];
    let club = Control::read(Some("90+30"), none, true, || WrittenIn::Unsaid);
    assert_eq!(
        (club.reading, club.category()),
        (Reading::UnitUnknown, Category::Unknown)
    );
    assert!(matches!(
        club.notes[..],
        [ControlNote::UnitUnknown {
            base_seconds: 90,
            ..
        }]
    ));
    let server = Control::read(Some("90+30"), none, true, || WrittenIn::Seconds);
    assert_eq!(
        (server.reading, server.pgn().as_deref()),
        (Reading::Tag, Some("90+30"))
    );
    // Fractions of a second are an engine match's seconds.
    let engine = Control::read(Some("10+0.05"), none, true, || WrittenIn::Unsaid);
    assert_eq!(
        (engine.reading, engine.category()),
        (Reading::Tag, Category::Blitz)
    );
    // A base no one writes in minutes is PGN's seconds.
    let blitz = Control::read(Some("180+2"), none, true, || WrittenIn::Unsaid);
    assert_eq!(
        (blitz.reading, blitz.category()),
        (Reading::Tag, Category::Blitz)
    );
    let relay = Control::read(Some("90+30"), none, true, || WrittenIn::Minutes);
    assert_eq!(
        (relay.reading, relay.category()),
        (Reading::TagInMinutes, Category::Standard)
    );
    assert_eq!(
        Control::read(None, none, true, || WrittenIn::Unsaid),
        Control::default()
    );
}

#[test]
fn unknowns_are_not_errors() {
    for tag in [
        "-",
        "?",
        "",
        "abc",
        "+5",
        "1/",
        "40/",
        "nan",
        "15 min/game + 10 sec/move",
    ] {
        assert_eq!(Category::of(tag), Category::Unknown, "{tag}");
    }
}

/// r68 by the class: under a day-a-move control (1 to 14 days, as chess.com
/// and lichess write them), clocks that show only the time left for the
/// move — any readings, however far below the day — leave the control as
/// written, daily.
#[test]
fn a_daily_control_is_never_read_from_its_clocks() {
    let mut state: u64 = 0x5eed_da11;
    let mut next = |below: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below
    };
    for days in 1..=14u64 {
        let tag = format!("1/{}", days * 86_400);
        for _ in 0..50 {
            let n = 1 + next(30) as usize;
            let limit = days * 86_400;
            let white: Vec<u64> = (0..n).map(|_| next(limit)).collect();
            let black: Vec<u64> = (0..n).map(|_| next(limit)).collect();
            let (white, black) = (readings(&white), readings(&black));
            let c = Control::read(Some(&tag), [&white, &black], true, || WrittenIn::Unsaid);
            assert_eq!(c.category(), Category::Daily, "{tag} {white:?}");
            assert_eq!(c.reading, Reading::Tag, "{tag} {white:?}");
        }
    }
}
