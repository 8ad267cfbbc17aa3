//! FIDE's published rating list, in the text format FIDE gives for
//! download: one player a line in fixed columns under a header that names
//! them. A single list (`… FOA JAN24 Gms K  B-day Flag`) or the combined
//! one (`… SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag`). What the
//! rating changes take from it is each player's K as FIDE published it,
//! which already holds what a report cannot: the games played so far and a
//! rating once reached.

use std::collections::{HashMap, HashSet};
use std::fmt;

use crate::model::time_control::Category;

/// What a list says of one player for one kind of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Listed {
    pub rating: Option<u32>,
    pub k: Option<u32>,
}

/// The players of a rating list that a report names.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingList {
    pub header: ListHeader,
    players: HashMap<u64, [Listed; 3]>,
}

/// What a list's header tells of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListHeader {
    /// The month a single list's header names (`JAN24`); none for the
    /// combined list, whose header does not.
    pub month: Option<String>,
    /// Whether the list is the combined one (standard, rapid and blitz);
    /// a single list's kind is not in the file and is taken as the event's.
    pub combined: bool,
}

/// A file that is not a rating list in FIDE's text format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RatingListError {
    /// A zip archive, as FIDE serves the list.
    Zipped,
    /// The XML download.
    Xml,
    /// No header line naming the columns this reads.
    NoHeader { missing: &'static str },
    /// A line whose id column is not a number.
    BadLine { line: usize },
}

impl fmt::Display for RatingListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingListError::Zipped => {
                f.write_str("a zip archive: unzip it and give the .txt list inside")
            }
            RatingListError::Xml => {
                f.write_str("the XML download: give the TXT download of the same list")
            }
            RatingListError::NoHeader { missing } => write!(
                f,
                "the first line is not the header of FIDE's TXT list (`ID Number  Name … Fed \
                 Sex … K  B-day Flag`): no `{missing}` column"
            ),
            RatingListError::BadLine { line } => {
                write!(f, "line {line}: the ID Number column holds no number")
            }
        }
    }
}

impl std::error::Error for RatingListError {}

/// Where each column starts and ends, in characters, as the header puts
/// them: a field runs from its name to the next name.
struct Columns {
    id: (usize, usize),
    /// Rating and K for standard, rapid and blitz; a single list fills the
    /// first.
    kinds: Vec<((usize, usize), (usize, usize))>,
}

impl Columns {
    fn of(header: &str) -> Result<(Columns, Option<String>), RatingListError> {
        let names = names(header);
        let span = |name: &str| -> Option<(usize, usize)> {
            let i = names.iter().position(|(n, _)| n == name)?;
            let end = names.get(i + 1).map_or(usize::MAX, |&(_, at)| at);
            Some((names[i].1, end))
        };
        let missing = |missing| RatingListError::NoHeader { missing };
        let name = span("Name").ok_or(missing("Name"))?;
        let id = (0, name.0);
        if let (Some(s), Some(r), Some(b)) = (span("SRtng"), span("RRtng"), span("BRtng")) {
            let k = |k| span(k).ok_or(missing("K"));
            let kinds = vec![(s, k("SK")?), (r, k("Rk")?), (b, k("BK")?)];
            return Ok((Columns { id, kinds }, None));
        }
        let k = span("K").ok_or(missing("K"))?;
        let games = names
            .iter()
            .position(|(n, _)| n == "Gms")
            .ok_or(missing("Gms"))?;
        let (month, at) = names.get(games.wrapping_sub(1)).ok_or(missing("Gms"))?;
        let rating = (*at, names[games].1);
        Ok((
            Columns {
                id,
                kinds: vec![(rating, k)],
            },
            Some(month.clone()),
        ))
    }
}

/// The header's names with the character each starts at.
fn names(header: &str) -> Vec<(String, usize)> {
    let mut names = Vec::new();
    let mut current: Option<(String, usize)> = None;
    for (at, c) in header.chars().enumerate() {
        match (c.is_whitespace(), current.as_mut()) {
            (true, Some(_)) => names.extend(current.take()),
            (false, Some((name, _))) => name.push(c),
            (false, None) => current = Some((c.to_string(), at)),
            (true, None) => {}
        }
    }
    names.extend(current);
    names
}

/// A line's characters: UTF-8 where it is, else Latin-1, byte for byte.
fn characters(line: &[u8]) -> Vec<char> {
    match std::str::from_utf8(line) {
        Ok(text) => text.chars().collect(),
        Err(_) => line.iter().map(|&b| char::from(b)).collect(),
    }
}

fn number(chars: &[char], (start, end): (usize, usize)) -> Option<u64> {
    let end = end.min(chars.len());
    let text: String = chars.get(start..end)?.iter().collect();
    text.trim().parse().ok()
}

impl RatingList {
    /// Reads the players of `bytes`, a list in FIDE's TXT format, whose ids
    /// are among `wanted` (a report's FIDE-id column).
    pub fn read(bytes: &[u8], wanted: &HashSet<u64>) -> Result<RatingList, RatingListError> {
        if bytes.starts_with(b"PK\x03\x04") {
            return Err(RatingListError::Zipped);
        }
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        if bytes.trim_ascii_start().starts_with(b"<") {
            return Err(RatingListError::Xml);
        }
        let mut lines = bytes.split(|&b| b == b'\n');
        let header = characters(lines.next().unwrap_or_default());
        let header: String = header.into_iter().collect();
        let (columns, month) = Columns::of(header.trim_end())?;
        let mut players = HashMap::new();
        for (index, line) in lines.enumerate() {
            let chars = characters(line.trim_ascii_end());
            if chars.is_empty() {
                continue;
            }
            let id =
                number(&chars, columns.id).ok_or(RatingListError::BadLine { line: index + 2 })?;
            if !wanted.contains(&id) {
                continue;
            }
            let mut kinds = [Listed {
                rating: None,
                k: None,
            }; 3];
            for (kind, &(rating, k)) in kinds.iter_mut().zip(&columns.kinds) {
                let small = |span| number(&chars, span).and_then(|n| u32::try_from(n).ok());
                *kind = Listed {
                    rating: small(rating).filter(|&r| r > 0),
                    k: small(k).filter(|&k| k > 0),
                };
            }
            players.insert(id, kinds);
        }
        let combined = columns.kinds.len() == 3;
        Ok(RatingList {
            header: ListHeader { month, combined },
            players,
        })
    }

    /// What the list says of the player with FIDE id `id` for an event of
    /// `category`: the combined list's column of that kind, a single list's
    /// only one.
    pub fn listed(&self, id: u64, category: Category) -> Option<Listed> {
        let kinds = self.players.get(&id)?;
        let kind = match (self.header.combined, category) {
            (true, Category::Rapid) => 1,
            (true, Category::Blitz) => 2,
            _ => 0,
        };
        Some(kinds[kind])
    }

    /// How many of the wanted players the list holds.
    pub fn found(&self) -> usize {
        self.players.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The layout of FIDE's January 2023 standard list (header and the
    // columns of a line), with invented players.
    const SINGLE: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA JAN23 Gms K  B-day Flag
25121731       Player, One                                                  IND M                                1063  0   40 1987  i
5045886        Player, Twó                                                  IND M                                2401  9   10 1964
4804929        Player, Three                                                IRQ F   WFM  WFM                     1876  13  20 2001  w
";

    fn ids(ids: &[u64]) -> HashSet<u64> {
        ids.iter().copied().collect()
    }

    #[test]
    fn a_single_list_gives_rating_and_k_by_its_header() {
        let list = RatingList::read(SINGLE.as_bytes(), &ids(&[5045886, 4804929])).unwrap();
        assert_eq!(list.header.month.as_deref(), Some("JAN23"));
        assert!(!list.header.combined);
        assert_eq!(list.found(), 2);
        let listed = |id| list.listed(id, Category::Standard);
        assert_eq!(
            listed(5045886),
            Some(Listed {
                rating: Some(2401),
                k: Some(10)
            })
        );
        assert_eq!(
            listed(4804929),
            Some(Listed {
                rating: Some(1876),
                k: Some(20)
            })
        );
        // Not wanted, so not kept.
        assert_eq!(listed(25121731), None);
    }

    #[test]
    fn a_latin1_name_does_not_shift_the_columns() {
        let latin1: Vec<u8> = SINGLE.chars().map(|c| c as u32 as u8).collect();
        let list = RatingList::read(&latin1, &ids(&[5045886])).unwrap();
        assert_eq!(
            list.listed(5045886, Category::Standard).unwrap().k,
            Some(10)
        );
    }

    #[test]
    fn the_combined_list_gives_each_kind_its_column() {
        let header = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";
        let line = "703303         Leko, Peter                                                  HUN M   GM                           2676  0   10 2700  0   20 2738  0   40 1979      ";
        let text = format!("{header}\n{line}\n");
        let list = RatingList::read(text.as_bytes(), &ids(&[703303])).unwrap();
        assert!(list.header.combined);
        assert_eq!(list.header.month, None);
        let k = |category| list.listed(703303, category).unwrap().k;
        assert_eq!(k(Category::Standard), Some(10));
        assert_eq!(k(Category::Rapid), Some(20));
        assert_eq!(k(Category::Blitz), Some(40));
    }

    #[test]
    fn what_is_not_the_txt_list_is_refused_saying_what_to_give() {
        let none = HashSet::new();
        assert_eq!(
            RatingList::read(b"PK\x03\x04...", &none),
            Err(RatingListError::Zipped)
        );
        assert_eq!(
            RatingList::read(b"<?xml version", &none),
            Err(RatingListError::Xml)
        );
        let old = b"ID number Name                              TitlFed  Mar11 GamesBorn  Flag\n";
        let refused = RatingList::read(old, &none).unwrap_err();
        assert!(refused.to_string().contains("no `K` column"), "{refused}");
        let bad = format!("{}x\n", SINGLE);
        assert_eq!(
            RatingList::read(bad.as_bytes(), &none),
            Err(RatingListError::BadLine { line: 5 })
        );
    }
}
