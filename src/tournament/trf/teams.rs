//! The teams of a team competition's report: TRF16's `013` lines, each a
//! team's name (columns 5–36, counted in characters: names are often not
//! ASCII) and its members' start numbers in board order, five columns each
//! from column 37. Teams are numbered by the lines' order.

use std::collections::HashMap;

use super::TrfError;
use super::columns::field;

/// A team of the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Team {
    /// Index of its line in the file (0-based).
    pub line: usize,
    /// Its number: its place among the `013` lines, from 1.
    pub number: u32,
    pub name: String,
    /// Its players' start numbers, in board order.
    pub members: Vec<u32>,
}

/// Where the members' fields start (1-based), and how wide each is with
/// the blank before the next.
const FIRST_MEMBER: usize = 37;
const MEMBER_STEP: usize = 5;

/// Reads a `013` line as team `number`.
pub(super) fn read_team(index: usize, text: &str, number: u32) -> Result<Team, TrfError> {
    let chars: Vec<char> = text.chars().collect();
    let error = |columns, what: String| TrfError {
        line: index + 1,
        columns,
        what,
    };
    let name = field(&chars, 5, 36);
    if name.is_empty() {
        return Err(error((5, 36), "a team line (`013`) names no team".into()));
    }
    let mut members = Vec::new();
    let mut from = FIRST_MEMBER;
    while from <= chars.len() {
        let to = from + 3;
        // Column 36 is the name's last; a member's field follows a blank.
        let gap = match from {
            FIRST_MEMBER => ' ',
            _ => chars.get(from - 2).copied().unwrap_or(' '),
        };
        let text = field(&chars, from, to);
        if gap != ' ' || chars.get(to).is_some_and(|c| *c != ' ') {
            return Err(error(
                (from - 1, to + 1),
                format!(
                    "a member's start number runs past columns {from}-{to}: a `013` line gives \
                     them in four columns each, with a blank between"
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
    Ok(Team {
        line: index,
        number,
        name,
        members,
    })
}

/// Each member is a player of the report, and in one team only.
pub(super) fn check_members(teams: &[Team], players: &HashMap<u32, usize>) -> Result<(), TrfError> {
    let mut team_of: HashMap<u32, &Team> = HashMap::new();
    for team in teams {
        for (board, &start_no) in team.members.iter().enumerate() {
            let from = FIRST_MEMBER + MEMBER_STEP * board;
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
        };
        assert!(check_members(&[team(1, vec![13]), team(2, vec![14])], &players).is_ok());
        let e = check_members(&[team(1, vec![13, 15])], &players).unwrap_err();
        assert_eq!((e.line, e.columns), (10, (42, 45)), "{e}");
        let e = check_members(&[team(1, vec![13]), team(2, vec![14, 13])], &players).unwrap_err();
        assert!(e.what.contains("team 1 (T1) and of team 2 (T2)"), "{e}");
    }
}
