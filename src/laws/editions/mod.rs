//! The editions of the Laws the audit knows, one file each. A new edition
//! is a new file here and one line in [`ALL`].

mod fide_2009;
mod fide_2014;
mod fide_2017;
mod fide_2018;
mod fide_2023;
mod ru_rapid;
mod texts_2018;
mod us_chess_7;

use super::edition::Edition;

pub use fide_2009::FIDE_2009;
pub use fide_2014::FIDE_2014;
pub use fide_2017::FIDE_2017;
pub use fide_2018::FIDE_2018;
pub use fide_2023::FIDE_2023;
pub use ru_rapid::RU_RAPID;
pub use us_chess_7::US_CHESS_7;

/// The FIDE editions, oldest first; `by-date` picks among these.
pub static FIDE: [&Edition; 5] = [&FIDE_2009, &FIDE_2014, &FIDE_2017, &FIDE_2018, &FIDE_2023];

/// Every rule set `--laws` accepts by name: the FIDE editions, ru-rapid
/// and a federation's own.
pub static ALL: [&Edition; 7] = [
    &RU_RAPID,
    &FIDE_2009,
    &FIDE_2014,
    &FIDE_2017,
    &FIDE_2018,
    &FIDE_2023,
    &US_CHESS_7,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::edition::{Book, RuleSet};
    use crate::model::time_control::Category;
    use crate::model::verdict::Clause;

    fn numbers(rules: &RuleSet) -> Vec<&'static str> {
        let mut all = vec![
            rules.illegal_clause,
            rules.time_clause,
            rules.both_flags_clause,
            rules.setup_clause,
            rules.clock_clause,
        ];
        all.extend(rules.position_clause);
        all.extend(rules.quickplay_clauses);
        all
    }

    #[test]
    fn every_clause_an_edition_cites_has_its_words() {
        for edition in ALL {
            let mut cited: Vec<&str> = [&edition.rapid, &edition.blitz, &edition.standard]
                .into_iter()
                .flat_map(numbers)
                .collect();
            cited.extend(edition.seventy_five);
            cited.extend(edition.resignation_draw);
            // The working text is the rapid appendix alone: its games take
            // 9.2 and 9.3 from the ordinary Laws, which it does not hold.
            if !matches!(edition.texts, crate::laws::edition::Texts::WorkingText) {
                cited.extend(edition.claimed_draws);
            }
            if edition.fivefold != crate::laws::edition::Fivefold::None {
                cited.push(edition.fivefold_clause);
            }
            for number in cited {
                let text = edition.text(number);
                assert!(
                    text.as_ref().is_some_and(|t| t.len() > 30),
                    "{} cites {number} without its words",
                    edition.name
                );
            }
        }
    }

    #[test]
    fn editions_are_in_date_order_and_name_themselves() {
        assert!(FIDE.windows(2).all(|w| w[0].in_force < w[1].in_force));
        for edition in FIDE {
            assert!(edition.name.starts_with("fide-20"));
            let book = Book::new(edition, Category::Rapid, false);
            assert_ne!(book.cite(Clause::TimeClaim), "15.4.3", "{}", edition.name);
        }
    }
}
