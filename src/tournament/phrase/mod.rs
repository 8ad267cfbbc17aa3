//! The tournament's findings in words: where each choice of the ranking
//! came from, why a ranking cannot be made as asked, and what the terminal
//! says at the end of a check ([`summary`]). Called only by the doors and
//! the outputs; user text is written as found, and the door escapes its
//! control characters line by line.

mod pairing;
mod summary;

use std::fmt;

use super::check::ReadBackError;
use super::ranking::{LeftOut, RankingError, RankingNote, RulesChosen, Source, TeamOption};
use super::rules::TieBreakRules;
use super::team_table::ByeValue;
use super::teams::MatchPoints;
use super::trf::{MAX_TIEBREAKS, ScoreLine, ScoreSystem};

pub use summary::summary;

impl fmt::Display for RankingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RankingError::TooManyTieBreaks => write!(
                f,
                "--tiebreaks lists more than {MAX_TIEBREAKS} tie-breaks; give at most \
                 {MAX_TIEBREAKS}"
            ),
            RankingError::NoTeams(option) => write!(
                f,
                "{option} scores a team competition's matches, and this report has no teams (no \
                 `013` or `310` line): leave it out"
            ),
            RankingError::TieBreak(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for RankingError {}

impl fmt::Display for TeamOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TeamOption::MatchPoints => "--match-points",
            TeamOption::TeamBye => "--team-bye",
        })
    }
}

impl fmt::Display for RankingNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RankingNote::Rules { rules, chosen } => {
                write!(f, "tie-breaks: {rules} (")?;
                match chosen {
                    RulesChosen::Asked => f.write_str("--tiebreak-rules")?,
                    RulesChosen::NoStart => f.write_str("the report gives no start date")?,
                    RulesChosen::Unreadable(start) => write!(
                        f,
                        "the report's start, `{start}`, is no date this tool reads; \
                         --tiebreak-rules chooses"
                    )?,
                    RulesChosen::Began { start, older } => {
                        write!(f, "the event began {start}")?;
                        if *older {
                            f.write_str("; the texts before it are not computed")?;
                        }
                    }
                }
                f.write_str(")")
            }
            RankingNote::Points { system, from } => match from {
                Some(line) => write!(f, "the players' points: {system} ({line})"),
                None => write!(f, "the players' points: {system} (--score-system)"),
            },
            RankingNote::Abnormal { count, first_line } => write!(
                f,
                "{count} abnormal point assignment(s) (`299`, from line {first_line}) are not \
                 applied: the standings here leave them out"
            ),
            RankingNote::AroLeftOut { unrated } => write!(
                f,
                "ARO left out: {unrated} player(s) have no rating and the event's rules do not \
                 say how to rate them (C.07 art. 10); give --unrated-rating N to count them at N"
            ),
            RankingNote::KindFromPairings { written } => {
                if written.is_empty() {
                    f.write_str("the report has no `092` line")?;
                } else {
                    write!(
                        f,
                        "the report's `092` line, `{written}`, names no kind of event"
                    )?;
                }
                f.write_str(
                    ": scored as a round robin where every player (or team) met every other \
                     once, as a Swiss otherwise (C.07 15.2, 15.3)",
                )
            }
        }
    }
}

impl fmt::Display for ScoreLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ScoreLine::Xxs => "the report's XXS line",
            ScoreLine::Line162 => "the report's 162 line",
            ScoreLine::Bbx => "the report's BBW/BBD/BBL lines",
        })
    }
}

impl fmt::Display for LeftOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the report's {} line: {}; left out", self.line, self.why)
    }
}

impl fmt::Display for ReadBackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the corrected report could not be read back ({}); nothing was written",
            self.0
        )
    }
}

impl std::error::Error for ReadBackError {}

/// A match's worth and whence: `2, 1, 0 (the report's 362 line)`.
fn match_points((points, source): &(MatchPoints, Source)) -> String {
    let from = match source {
        Source::Asked => "--match-points".to_string(),
        Source::Report(line) => format!("the report's {line} line"),
        Source::TotalsCount | Source::Default => "the default".to_string(),
    };
    format!("{points} ({from})")
}

/// A team's bye's worth and whence.
fn bye((value, source): &(ByeValue, Source)) -> String {
    match (value, source) {
        (ByeValue::Given(b), Source::Asked) => format!("{b} (--team-bye)"),
        (ByeValue::Given(b), Source::Report(line)) => format!("{b} (the report's {line} line)"),
        (ByeValue::Given(b), _) => b.to_string(),
        (ByeValue::Members, _) => {
            "its members' points (their `U` cells), as the report's `310` totals count it".into()
        }
        (ByeValue::MembersDrawn, _) => "its members' points (their `U` cells) as game points \
             and a drawn match's match points, as the report's `310` totals count it"
            .into(),
        (ByeValue::Drawn, _) => "a drawn match with half the boards' points (C.04.6)".into(),
    }
}

/// The text of C.07 followed, as the summary names it.
impl fmt::Display for TieBreakRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TieBreakRules::Y2024 => "C.07 as in force from August 2024",
            TieBreakRules::Y2026 => {
                "C.07 as in force from March 2026 (the dummy's score capped, 16.4)"
            }
        })
    }
}

/// What each result is worth, as the summary says it.
impl fmt::Display for ScoreSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let both = |[w, b]: [f64; 2]| {
            if w == b {
                format!("{w}")
            } else {
                format!("{w}/{b}")
            }
        };
        write!(
            f,
            "win {}, draw {}, loss {}, forfeit {}/{}, byes: pairing {}, full {}, half {}, zero {}",
            both(self.win),
            both(self.draw),
            both(self.loss),
            self.forfeit_win,
            self.forfeit_loss,
            self.pairing_bye,
            self.full_bye,
            self.half_bye,
            self.zero_bye
        )
    }
}
