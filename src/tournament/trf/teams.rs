//! The teams of a team competition's report: TRF16's `013` lines, each a
//! team's name (columns 5–36, counted in characters: names are often not
//! ASCII) and its members' start numbers in board order, five columns each
//! from column 37, the teams numbered by the lines' order; or TRF-2026's
//! `310` lines: the team's number (5–7), name (9–40), the match points,
//! game points and rank the report declares (55–60, 62–67, 69–71) and the
//! members from column 74.

use std::collections::HashMap;

use super::TrfError;
use super::columns::field;

/// A team of the report.
#[derive(Debug, Clone, PartialEq)]
pub struct Team {
    /// Index of its line in the file (0-based).
    pub line: usize,
    /// Its number: its place among the `013` lines, from 1.
    pub number: u32,
    pub name: String,
    /// Its players' start numbers, in board order.
    pub members: Vec<u32>,
    /// The column (1-based) of the first member's field.
    pub members_from: usize,
    /// What a `310` line declares: match points, game points, rank.
    pub declared: Option<Declared>,
}

/// A team's score and rank as the report gives them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Declared {
    pub match_points: Option<f64>,
    pub game_points: Option<f64>,
    pub rank: Option<u32>,
}

/// Where the members' fields start (1-based), and how wide each is with
/// the blank before the next.
const FIRST_MEMBER: usize = 37;
const FIRST_MEMBER_310: usize = 74;
const MEMBER_STEP: usize = 5;

/// Reads a `013` line as team `number`.
pub(super) fn read_team(index: usize, text: &str, number: u32) -> Result<Team, TrfError> {
    let team = read_team_in(index, &text.chars().collect::<Vec<_>>(), number)?;
    not_padded_in_bytes(index, text, &team, (5, 36), |bytes| {
        read_team_in(index, bytes, number)
    })?;
    Ok(team)
}

/// A `013` line's fields, its columns counted in `chars`.
fn read_team_in(index: usize, chars: &[char], number: u32) -> Result<Team, TrfError> {
    let name = field(chars, 5, 36);
    if name.is_empty() {
        return Err(line_error(
            index,
            (5, 36),
            "a team line (`013`) names no team".into(),
        ));
    }
    let members = read_members(index, chars, FIRST_MEMBER, "013")?;
    Ok(Team {
        line: index,
        number,
        name,
        members,
        members_from: FIRST_MEMBER,
        declared: None,
    })
}

/// Reads a TRF-2026 `310` line.
pub(super) fn read_team_310(index: usize, text: &str) -> Result<Team, TrfError> {
    let team = read_team_310_in(index, &text.chars().collect::<Vec<_>>())?;
    not_padded_in_bytes(index, text, &team, (9, 40), |bytes| {
        read_team_310_in(index, bytes)
    })?;
    Ok(team)
}

/// A `310` line's fields, its columns counted in `chars`.
fn read_team_310_in(index: usize, chars: &[char]) -> Result<Team, TrfError> {
    let number_text = field(chars, 5, 7);
    let number = number_text.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
        line_error(
            index,
            (5, 7),
            format!("`{number_text}` is no team number (1 to 999)"),
        )
    })?;
    let name = field(chars, 9, 40);
    if name.is_empty() {
        return Err(line_error(
            index,
            (9, 40),
            "a team line (`310`) names no team".into(),
        ));
    }
    let decimal = |from, to, what: &str| {
        let text = field(chars, from, to);
        match text.parse::<f64>() {
            _ if text.is_empty() => Ok(None),
            Ok(v) if v >= 0.0 => Ok(Some(v)),
            _ => Err(line_error(
                index,
                (from, to),
                format!("`{text}` is no {what}"),
            )),
        }
    };
    let declared = Declared {
        match_points: decimal(55, 60, "number of match points")?,
        game_points: decimal(62, 67, "number of game points")?,
        rank: decimal(69, 71, "rank")?.map(|r| r as u32),
    };
    let members = read_members(index, chars, FIRST_MEMBER_310, "310")?;
    Ok(Team {
        line: index,
        number,
        name,
        members,
        members_from: FIRST_MEMBER_310,
        declared: Some(declared),
    })
}

/// A team line whose name is padded to its field in bytes, not characters,
/// as byte-counting exporters write a name of wide characters (`北京队`):
/// every field after the name lands early, and a member would be read as
/// part of the name or the rank. Read with its columns counted in bytes,
/// such a line gives more members than read in characters: refused,
/// naming the name's columns.
fn not_padded_in_bytes(
    index: usize,
    text: &str,
    team: &Team,
    name_columns: (usize, usize),
    read: impl Fn(&[char]) -> Result<Team, TrfError>,
) -> Result<(), TrfError> {
    if text.is_ascii() {
        return Ok(());
    }
    // One column a byte: a multi-byte character's bytes stand for letters.
    let bytes: Vec<char> = text
        .bytes()
        .map(|b| if b.is_ascii() { char::from(b) } else { 'x' })
        .collect();
    let (from, to) = name_columns;
    let name = text
        .as_bytes()
        .get(from - 1..to.min(text.len()))
        .unwrap_or_default();
    match read(&bytes) {
        Ok(by_bytes) if by_bytes.members.len() > team.members.len() => Err(line_error(
            index,
            name_columns,
            format!(
                "the team name `{}` is padded to its field in bytes, not characters: counted in \
                 characters the line gives members {:?}, counted in bytes {:?}; pad the name \
                 with blanks to {} characters",
                String::from_utf8_lossy(name).trim(),
                team.members,
                by_bytes.members,
                name_columns.1 - name_columns.0 + 1
            ),
        )),
        _ => Ok(()),
    }
}

fn line_error(index: usize, columns: (usize, usize), what: String) -> TrfError {
    TrfError {
        line: index + 1,
        columns,
        what,
    }
}

/// The members' start numbers, four columns each from `first`, a blank
/// between.
fn read_members(
    index: usize,
    chars: &[char],
    first: usize,
    record: &str,
) -> Result<Vec<u32>, TrfError> {
    let error = |columns, what| line_error(index, columns, what);
    let mut members = Vec::new();
    let mut from = first;
    while from <= chars.len() {
        let to = from + 3;
        // The column before the first member's is a field's last; a
        // member's field follows a blank.
        let gap = match from {
            f if f == first => ' ',
            _ => chars.get(from - 2).copied().unwrap_or(' '),
        };
        let text = field(chars, from, to);
        if gap != ' ' || chars.get(to).is_some_and(|c| *c != ' ') {
            return Err(error(
                (from - 1, to + 1),
                format!(
                    "a member's start number runs past columns {from}-{to}: a `{record}` line \
                     gives them in four columns each, with a blank between"
                ),
            ));
        }
        if !text.is_empty() {
            let start_no = text.parse().map_err(|_| {
                error(
                    (from, to),
                    format!("`{text}` is no start number (the team's members, in board order)"),
                )
            })?;
            members.push(start_no);
        }
        from += MEMBER_STEP;
    }
    Ok(members)
}

/// One kind of team line: a TRF-2026 file may keep TRF16's `013` lines
/// beside its `310` lines (FIDE TEC's own sample does, "still to report");
/// they must then give the same teams, and the `310` lines are read.
pub(super) fn one_kind(teams: &mut Vec<Team>) -> Result<(), TrfError> {
    let (of_310, of_013): (Vec<Team>, Vec<Team>) =
        teams.drain(..).partition(|t| t.declared.is_some());
    if of_310.is_empty() || of_013.is_empty() {
        teams.extend(of_310.into_iter().chain(of_013));
        return Ok(());
    }
    for old in &of_013 {
        let same =
            |t: &Team| t.number == old.number && t.name == old.name && t.members == old.members;
        if !of_310.iter().any(same) {
            let what = format!(
                "this `013` line (team {}, {}) is not the `310` line of team {}: a report that \
                 gives its teams in both kinds of line must give the same teams in the same \
                 order; leave the `013` lines out",
                old.number, old.name, old.number
            );
            return Err(line_error(old.line, (1, 3), what));
        }
    }
    if of_013.len() != of_310.len() {
        let what = format!(
            "the report has {} `310` lines and {} `013` lines: give the same teams in both, or \
             leave the `013` lines out",
            of_310.len(),
            of_013.len()
        );
        return Err(line_error(of_013[0].line, (1, 3), what));
    }
    *teams = of_310;
    Ok(())
}

/// The teams of `310` lines in number order, numbered 1 to N without a
/// gap.
pub(super) fn check_numbers(teams: &mut [Team]) -> Result<(), TrfError> {
    teams.sort_by_key(|t| t.number);
    for (place, team) in teams.iter().enumerate() {
        if team.number as usize != place + 1 {
            let what = format!(
                "team number {} where {} was due: the `310` lines number the teams 1 to {} \
                 without a gap or a repeat",
                team.number,
                place + 1,
                teams.len()
            );
            return Err(line_error(team.line, (5, 7), what));
        }
    }
    Ok(())
}

/// Each member is a player of the report, and in one team only.
pub(super) fn check_members(teams: &[Team], players: &HashMap<u32, usize>) -> Result<(), TrfError> {
    let mut team_of: HashMap<u32, &Team> = HashMap::new();
    for team in teams {
        for (board, &start_no) in team.members.iter().enumerate() {
            let from = team.members_from + MEMBER_STEP * board;
            let error = |what| TrfError {
                line: team.line + 1,
                columns: (from, from + 3),
                what,
            };
            if !players.contains_key(&start_no) {
                return Err(error(format!(
                    "team {} ({}) lists start number {start_no}, which no `001` line gives",
                    team.number, team.name
                )));
            }
            if let Some(other) = team_of.insert(start_no, team) {
                return Err(error(format!(
                    "start number {start_no} is a member of team {} ({}) and of team {} ({})",
                    other.number, other.name, team.number, team.name
                )));
            }
        }
    }
    Ok(())
}

/// The teams' players, for a reader of the report: how many of them.
pub fn members(teams: &[Team]) -> usize {
    teams.iter().map(|t| t.members.len()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Line 150 of the Friendship Cup 2024's report (`../shared/data/
    /// tournaments/team/`, from Lichess4545/heltour): a Greek name.
    const GAZI: &str =
        "013 ΓΑΖΙ 1                            13   14   15   16   17   18   90  129";

    #[test]
    fn reads_a_team_line_counting_characters() {
        let team = read_team(149, GAZI, 1).unwrap();
        assert_eq!(team.name, "ΓΑΖΙ 1");
        assert_eq!(team.members, [13, 14, 15, 16, 17, 18, 90, 129]);
        assert_eq!((team.line, team.number), (149, 1));
    }

    #[test]
    fn a_name_padded_in_bytes_is_refused() {
        // Round six's g29: `北京队` padded to 32 bytes, not characters.
        let pad = |name: &str| format!("{name}{}", " ".repeat(32 - name.len()));
        let line = format!("013 {}   1    2", pad("北京队"));
        let e = read_team(7, &line, 1).unwrap_err();
        assert_eq!((e.line, e.columns), (8, (5, 36)), "{e}");
        assert!(
            e.what.contains("`北京队` is padded to its field in bytes"),
            "{e}"
        );
        // Padded in characters, as the format counts, it reads.
        let line = format!("013 {:<32}   1    2", "北京队");
        assert_eq!(read_team(7, &line, 1).unwrap().members, [1, 2]);
    }

    #[test]
    fn refuses_what_is_not_a_start_number_naming_the_columns() {
        // One blank too many: every later start number crosses its columns.
        let shifted = GAZI.replacen("  13   14", "  13    14", 1);
        let e = read_team(0, &shifted, 1).unwrap_err();
        assert_eq!(e.columns, (41, 46), "{e}");
        let letters = GAZI.replacen("  13", "  1x", 1);
        let e = read_team(0, &letters, 1).unwrap_err();
        assert_eq!(e.columns, (37, 40), "{e}");
        assert!(e.what.contains("`1x` is no start number"), "{e}");
        let e = read_team(0, "013", 1).unwrap_err();
        assert_eq!(e.columns, (5, 36), "{e}");
    }

    #[test]
    fn a_member_is_a_player_and_in_one_team() {
        let players: HashMap<u32, usize> = [(13, 0), (14, 1)].into();
        let team = |number, members: Vec<u32>| Team {
            line: 9,
            number,
            name: format!("T{number}"),
            members,
            members_from: FIRST_MEMBER,
            declared: None,
        };
        assert!(check_members(&[team(1, vec![13]), team(2, vec![14])], &players).is_ok());
        let e = check_members(&[team(1, vec![13, 15])], &players).unwrap_err();
        assert_eq!((e.line, e.columns), (10, (42, 45)), "{e}");
        let e = check_members(&[team(1, vec![13]), team(2, vec![14, 13])], &players).unwrap_err();
        assert!(e.what.contains("team 1 (T1) and of team 2 (T2)"), "{e}");
    }
}
