//! The words of a record at odds with itself: its words against the final
//! position or its result, its Result tag against its movetext.

use std::fmt;

use super::side_name;
use crate::laws::finding::record::{AtOdds, RecordFinding, Shown};
use crate::read::ending::{Disagreement as D, Doubt, EndingSource, Quote, Unread, UnreadKind};

impl fmt::Display for RecordFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordFinding::AgainstTheBoard { says, shown } => match shown {
                Shown::Checkmate => write!(
                    f,
                    "{says} says the game ended another way, but the final position is checkmate"
                ),
                Shown::NoCheckmate => write!(
                    f,
                    "{says} says checkmate, but the final position is not checkmate"
                ),
                Shown::NoStalemate => write!(
                    f,
                    "{says} says stalemate, but the final position is not stalemate"
                ),
            },
            RecordFinding::AtOdds(why) => write!(f, "{why}"),
            RecordFinding::UnreadNote(doubt) => {
                write!(f, "{doubt} (the board decides here)")
            }
            RecordFinding::Unread {
                doubt,
                recorded,
                reading,
            } => write!(
                f,
                "{doubt}, and it may say another result: the recorded {recorded} is kept until an \
                 arbiter reads it (read by the rest of the record: {reading})"
            ),
            RecordFinding::ContradictsItself {
                why,
                recorded,
                reading,
            } => write!(
                f,
                "the record contradicts itself: {why}; no correct result can be read from it, so \
                 the recorded {recorded} is kept until an arbiter decides (read by the rest of \
                 the record: {reading})"
            ),
        }
    }
}

impl fmt::Display for AtOdds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AtOdds::Words {
                says,
                disagreement,
                named,
                recorded,
            } => match (disagreement, named) {
                (D::AnotherWinner, Some((side, winner))) => {
                    let role = if *winner { "winner" } else { "loser" };
                    write!(
                        f,
                        "{says} names {} as the {role}, but the recorded result is {recorded}",
                        side_name(*side)
                    )
                }
                (D::AnotherWinner, None) => {
                    write!(
                        f,
                        "{says} gives another result than the recorded {recorded}"
                    )
                }
                (D::DecisiveButDrawn, _) => write!(
                    f,
                    "{says} tells a decisive ending, but the recorded result is {recorded}"
                ),
                (D::DrawnButDecisive, _) => {
                    write!(
                        f,
                        "{says} tells a draw, but the recorded result is {recorded}"
                    )
                }
                (D::FlaggedWon(side), _) => {
                    let name = side_name(*side);
                    write!(
                        f,
                        "{says} says {name}'s flag fell, but the recorded result {recorded} \
                         gives {name} the game"
                    )
                }
                (D::NotPlayedOut, _) => write!(
                    f,
                    "{says} says the game did not count, but the recorded result is {recorded}"
                ),
            },
            AtOdds::PlayedAfterAll { says, plies } => write!(
                f,
                "{says} says the game was not played, but the record holds {plies} plies"
            ),
            AtOdds::TwoResults { tag, marker } => write!(
                f,
                "the Result tag says “{tag}”, but the movetext ends with “{marker}”"
            ),
            AtOdds::Disagree(doubt) => write!(f, "{doubt}"),
        }
    }
}

/// "the FICS comment “White forfeits on time”", "the Termination tag “Time
/// forfeit”": where the words stand.
impl fmt::Display for Quote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = &self.text;
        match (self.source, self.server) {
            (EndingSource::ResultComment, Some(server)) => {
                write!(f, "the {server} comment “{text}”")
            }
            (EndingSource::ResultComment, None) => write!(f, "the comment “{text}”"),
            (EndingSource::Claim, _) => write!(f, "the claim command “{text}”"),
            (EndingSource::ServerCode, Some(server)) => {
                write!(f, "the {server} {} “{text}”", self.tag)
            }
            _ => write!(f, "the {} tag “{text}”", self.tag),
        }
    }
}

/// "the Termination tag “…” is not understood".
impl fmt::Display for Doubt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Doubt::NotUnderstood(words) => write!(f, "{words} is not understood"),
            // Words that are one clause doubt, deny or ask about the rest
            // of the record.
            Doubt::Partial(words, unread) if unread.clause == words.text => {
                write!(f, "{words} {}", predicate(unread.kind, "the record says"))
            }
            Doubt::Partial(words, unread) => {
                write!(f, "{words} is read only in part: {unread}")
            }
            Doubt::Ambiguous(words, side) => write!(
                f,
                "{words} reads two ways, since {}'s name is also a colour word, and the two \
                 readings differ",
                side_name(*side)
            ),
            Doubt::Disagree(a, b) => write!(f, "{a} and {b} disagree"),
            Doubt::Claim(words, Some(0)) => write!(
                f,
                "{words}, before the first move, speaks of a claim or a ruling this reader does \
                 not read"
            ),
            Doubt::Claim(words, Some(ply)) => write!(
                f,
                "{words}, after ply {ply}, speaks of a claim or a ruling this reader does not read"
            ),
            Doubt::Claim(words, None) => {
                write!(f, "{words} is a claim of a kind this reader does not know")
            }
        }
    }
}

/// "“claim rejected” denies it".
impl fmt::Display for Unread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "“{}” {}", self.clause, predicate(self.kind, "it says"))
    }
}

/// What a clause that keeps a statement from being read whole does; `what`
/// is what it bears on.
fn predicate(kind: UnreadKind, what: &str) -> String {
    match kind {
        UnreadKind::NotUnderstood => "is not understood".into(),
        UnreadKind::Question => "is asked, not stated".into(),
        UnreadKind::Denial => format!("denies or rejects what {what}"),
        UnreadKind::Hedge => format!("doubts what {what}"),
        UnreadKind::NamedAside => "names a player in an aside (time trouble is no flag)".into(),
        UnreadKind::Language => "holds words this reader does not know".into(),
    }
}
