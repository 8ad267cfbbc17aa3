use super::*;
use crate::laws::editions::{FIDE_2009, FIDE_2014, FIDE_2018, FIDE_2023, RU_RAPID};
use crate::read::parse::parse_game;

fn category(edition: &'static Edition, tc: &str) -> Category {
    let text = format!("[TimeControl \"{tc}\"]\n\n*\n");
    Book::for_game(edition, &parse_game(text.as_bytes()), false).category
}

#[test]
fn categories_follow_each_editions_thresholds() {
    // EDITIONS.md §1: 600+0 · 600+1 · 840+0 · 900+0 · 2700+15.
    let controls = ["600", "600+1", "840", "900", "2700+15", "900+10", "180+2"];
    let as_2009 = controls.map(|tc| category(&FIDE_2009, tc));
    let as_2014 = controls.map(|tc| category(&FIDE_2014, tc));
    use Category::*;
    assert_eq!(
        as_2009,
        [Blitz, Blitz, Blitz, Rapid, Standard, Rapid, Blitz]
    );
    assert_eq!(
        as_2014,
        [Blitz, Rapid, Rapid, Rapid, Standard, Rapid, Blitz]
    );
    assert_eq!(controls.map(|tc| category(&RU_RAPID, tc)), as_2014);
    assert_eq!(category(&FIDE_2018, "1/259200"), Daily);
    assert_eq!(category(&FIDE_2018, "moves/time, increment"), Unknown);
}

#[test]
fn a_supervised_event_takes_every_illegal_move_back_with_its_categorys_minutes() {
    let minutes = |e: &'static Edition, c: Category| match Book::new(e, c, true).rules.illegal {
        Illegal::AlwaysPenalised(p) => (p.minutes, p.loses_at),
        other => panic!("{}: {other:?}", e.name),
    };
    assert_eq!(minutes(&FIDE_2009, Category::Rapid), (2, 3));
    assert_eq!(minutes(&FIDE_2018, Category::Rapid), (2, 2));
    assert_eq!(minutes(&FIDE_2018, Category::Blitz), (1, 2));
    assert_eq!(minutes(&FIDE_2023, Category::Rapid), (1, 2));
    assert_eq!(minutes(&FIDE_2023, Category::Standard), (2, 2));
    assert_eq!(minutes(&RU_RAPID, Category::Rapid), (2, 2));
    let ru = Book::new(&RU_RAPID, Category::Rapid, true);
    assert_eq!(ru.cite(Clause::IllegalMove), "15.3/7.5.b");
    assert_eq!(ru.cite(Clause::TimeClaim), "15.4.3");
    assert_eq!(ru.take_back(), TakeBack::All);
    let unsupervised = Book::new(&FIDE_2018, Category::Rapid, false);
    assert_eq!(unsupervised.take_back(), TakeBack::Claimed);
    assert_eq!(
        Book::new(&FIDE_2014, Category::Blitz, false).take_back(),
        TakeBack::None
    );
}

#[test]
fn from_2018_no_category_asks_the_claimant_for_time() {
    for edition in [&FIDE_2018, &FIDE_2023] {
        for category in [Category::Rapid, Category::Blitz, Category::Standard] {
            let rules = Book::new(edition, category, false).rules;
            assert!(!rules.time_remaining, "{} {category}", edition.name);
            assert_eq!(rules.both_flags, BothFlags::FirstZeroLoses);
        }
    }
    let blitz_2014 = Book::new(&FIDE_2014, Category::Blitz, false).rules;
    assert!(blitz_2014.time_remaining);
    assert_eq!(blitz_2014.both_flags, BothFlags::LastPeriodDraw);
}

#[test]
fn quickplay_claims_by_edition_and_game() {
    let ten = Some(Clock(10_000));
    assert!(
        Book::new(&RU_RAPID, Category::Blitz, false)
            .quickplay_admissible(ten, Clock::ZERO)
            .is_ok()
    );
    assert!(
        Book::new(&FIDE_2009, Category::Rapid, false)
            .quickplay_admissible(ten, Clock::ZERO)
            .is_ok()
    );
    assert_eq!(
        Book::new(&FIDE_2009, Category::Blitz, false).quickplay_admissible(None, Clock::ZERO),
        Err(NoQuickplay::InCategory)
    );
    let rapid_2018 = Book::new(&FIDE_2018, Category::Rapid, false);
    assert_eq!(
        rapid_2018.quickplay_admissible(ten, Clock::ZERO),
        Err(NoQuickplay::WithIncrement(Clock(10_000)))
    );
    assert!(
        rapid_2018
            .quickplay_admissible(Some(Clock::ZERO), Clock::ZERO)
            .is_ok()
    );
    assert!(
        Book::new(&FIDE_2014, Category::Standard, false)
            .quickplay_admissible(None, Clock::ZERO)
            .is_ok()
    );
}
