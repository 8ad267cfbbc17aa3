//! TRF-2026's records of a team competition beside its teams: `362` (a
//! match's worth), `320` (the pairing-allocated byes and their value),
//! `240` (byes asked for), `330` (forfeited matches) and `300` (a match's
//! line-up when it is not the team's board order); a `299` record
//! (abnormal points) is noted, not applied. `352` (colour
//! sequences), `250` (accelerations) and `260` (prohibited pairings) do not
//! change a result and are not read. Each field is checked as it is read,
//! and each record against the event once the whole report is read
//! ([`TeamRecords::check`]: a team, round or player the event does not
//! have); one that does not hold is an error naming its line and columns.

use std::collections::HashSet;

use super::columns::field;
use super::{Team, TrfError};

/// What the records say.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TeamRecords {
    /// `362`: a match won, drawn and lost.
    pub match_points: Option<[f64; 3]>,
    /// `320`: a pairing-allocated bye's match and game points.
    pub bye_value: Option<[f64; 2]>,
    /// `320`: the team with the bye in each round (0: none).
    pub bye_teams: Vec<u32>,
    /// The `320` line (0-based), if any.
    pub bye_line: Option<usize>,
    /// `240`: byes a team asked for, or was given.
    pub byes: Vec<TeamBye>,
    /// `330`: matches forfeited whole.
    pub forfeits: Vec<MatchForfeit>,
    /// `300`: line-ups that are not the team's board order.
    pub lineups: Vec<Lineup>,
    /// The lines (1-based) of `299` records, abnormal points this tool does
    /// not apply: the summary says so.
    pub abnormal: Vec<usize>,
}

/// A `240` record: a bye of kind `F` (full point), `H` (half) or `Z`
/// (zero) for `team` in `round` (0-based); `line` 0-based.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TeamBye {
    pub line: usize,
    /// The column (1-based) of its team's number.
    pub column: usize,
    pub kind: char,
    pub round: usize,
    pub team: u32,
}

/// A `330` record: the match of `teams` (white, black) in `round`
/// (0-based) forfeited whole, and which side won it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatchForfeit {
    pub line: usize,
    pub round: usize,
    pub teams: [u32; 2],
    pub won: [bool; 2],
}

/// A `300` record: `team`'s players in board order in `round` (0-based),
/// 0 an empty board.
#[derive(Debug, Clone, PartialEq)]
pub struct Lineup {
    pub line: usize,
    pub round: usize,
    pub team: u32,
    pub players: Vec<u32>,
}

/// What a blank field of a list is.
#[derive(Clone, Copy)]
enum Blank {
    /// An error: the field is required.
    Refused,
    /// Nobody: the `320` line's rounds without a bye are `000` by the
    /// format and left blank by FIDE TEC's own sample.
    None,
}

/// A line's characters, with the line's index for its errors.
struct Line<'a> {
    index: usize,
    chars: &'a [char],
}

impl Line<'_> {
    fn error(&self, columns: (usize, usize), what: String) -> TrfError {
        TrfError {
            line: self.index + 1,
            columns,
            what,
        }
    }

    /// A whole number in `from..=to`, required.
    fn whole(&self, from: usize, to: usize, what: &str) -> Result<u32, TrfError> {
        let text = field(self.chars, from, to);
        text.parse()
            .map_err(|_| self.error((from, to), format!("`{text}` is no {what}")))
    }

    /// A round number, 1 to `MAX_ROUNDS`, as a 0-based round.
    fn round(&self, from: usize, to: usize) -> Result<usize, TrfError> {
        match self.whole(from, to, "round number")? {
            r @ 1..=999 => Ok(r as usize - 1),
            r => Err(self.error((from, to), format!("`{r}` is no round number"))),
        }
    }

    /// Points as the format writes them (`11.5`), required.
    fn points(&self, from: usize, to: usize, what: &str) -> Result<f64, TrfError> {
        let text = field(self.chars, from, to);
        match text.parse::<f64>() {
            Ok(v) if (0.0..=999.0).contains(&v) => Ok(v),
            _ => Err(self.error((from, to), format!("`{text}` is no {what}"))),
        }
    }

    /// `width`-column numbers from `first`, a blank between, to the line's
    /// end; a blank field is 0 where `blank` allows it.
    fn list(
        &self,
        first: usize,
        width: usize,
        what: &str,
        blank: Blank,
    ) -> Result<Vec<u32>, TrfError> {
        let mut out = Vec::new();
        let mut from = first;
        while from <= self.chars.len() {
            let to = from + width - 1;
            if self.chars.get(to).is_some_and(|c| *c != ' ') {
                let what = format!("a {what} runs past columns {from}-{to}");
                return Err(self.error((from, to + 1), what));
            }
            let empty = field(self.chars, from, to).is_empty();
            out.push(match blank {
                Blank::None if empty => 0,
                _ => self.whole(from, to, what)?,
            });
            from += width + 1;
        }
        Ok(out)
    }
}

impl TeamRecords {
    /// Reads line `index` if it is one of these records.
    pub(super) fn read(&mut self, index: usize, text: &str) -> Result<(), TrfError> {
        // Blanks after the last field are no field: FIDE TEC's own sample
        // ends its `240` lines in a tab.
        let text = text.trim_end();
        let chars: Vec<char> = text.chars().collect();
        let line = Line {
            index,
            chars: &chars,
        };
        match text.get(..3).unwrap_or_default() {
            "362" => self.match_points = Some(match_points(&line)?),
            "320" => {
                let mp = line.points(5, 8, "bye's match points")?;
                let gp = line.points(10, 13, "bye's game points")?;
                self.bye_value = Some([mp, gp]);
                self.bye_teams = line.list(15, 3, "team number", Blank::None)?;
                self.bye_line = Some(index);
            }
            "240" => self.read_byes(&line)?,
            "299" => self.abnormal.push(index + 1),
            "330" => self.read_forfeit(&line)?,
            "300" => {
                let round = line.round(5, 7)?;
                let team = line.whole(9, 11, "team number")?;
                let players = line.list(17, 4, "start number", Blank::Refused)?;
                self.lineups.push(Lineup {
                    line: index,
                    round,
                    team,
                    players,
                });
            }
            _ => {}
        }
        Ok(())
    }

    fn read_byes(&mut self, line: &Line<'_>) -> Result<(), TrfError> {
        let kind = line.chars.get(4).copied().unwrap_or(' ');
        if !matches!(kind, 'F' | 'H' | 'Z') {
            let what = format!("`{kind}` is no kind of bye (F, H or Z)");
            return Err(line.error((5, 5), what));
        }
        let round = line.round(7, 9)?;
        for (i, team) in line
            .list(11, 4, "team number", Blank::Refused)?
            .into_iter()
            .enumerate()
        {
            self.byes.push(TeamBye {
                line: line.index,
                column: 11 + 5 * i,
                kind,
                round,
                team,
            });
        }
        Ok(())
    }

    fn read_forfeit(&mut self, line: &Line<'_>) -> Result<(), TrfError> {
        let won = match field(line.chars, 5, 6).as_str() {
            "+-" => [true, false],
            "-+" => [false, true],
            "--" => [false, false],
            other => {
                let what = format!("`{other}` is no forfeit (+-, -+ or --)");
                return Err(line.error((5, 6), what));
            }
        };
        let round = line.round(8, 10)?;
        let white = line.whole(12, 14, "team number")?;
        let black = line.whole(16, 18, "team number")?;
        if white == black {
            let what = format!("team {white} cannot forfeit a match against itself");
            return Err(line.error((12, 18), what));
        }
        self.forfeits.push(MatchForfeit {
            line: line.index,
            round,
            teams: [white, black],
            won,
        });
        Ok(())
    }
}

/// `362 TW 2.0 TD 1.0 TL 0.0` (a code, then its points; `TW=2.0` read too),
/// each code once, a win worth more than a draw and a draw at least a
/// loss, as `--match-points` asks.
fn match_points(line: &Line<'_>) -> Result<[f64; 3], TrfError> {
    let text: String = line.chars.iter().skip(4).collect();
    let mut points = [2.0, 1.0, 0.0];
    let mut given = [false; 3];
    let words: Vec<&str> = text.split([' ', '=']).filter(|w| !w.is_empty()).collect();
    let whole = (5, line.chars.len().max(5));
    for pair in words.chunks(2) {
        let slot = match pair[0] {
            "TW" => 0,
            "TD" => 1,
            "TL" => 2,
            other => {
                return Err(line.error(whole, format!("`{other}` is no team result (TW, TD, TL)")));
            }
        };
        if std::mem::replace(&mut given[slot], true) {
            return Err(line.error(whole, format!("{} is given twice", pair[0])));
        }
        points[slot] = pair
            .get(1)
            .and_then(|p| p.parse().ok())
            .filter(|p: &f64| (0.0..=100.0).contains(p))
            .ok_or_else(|| line.error(whole, format!("{} gives no points", pair[0])))?;
    }
    let [win, draw, loss] = points;
    if win <= draw || draw < loss {
        let what = format!(
            "a match won is worth {win}, drawn {draw}, lost {loss}: a win must be worth more than \
             a draw, and a draw at least a loss (TW 2.0 TD 1.0 TL 0.0)"
        );
        return Err(line.error(whole, what));
    }
    Ok(points)
}

/// What the records may name: the event's teams and rounds.
pub(super) struct Event<'a> {
    pub teams: &'a [Team],
    pub rounds: usize,
}

impl Event<'_> {
    fn team(&self, number: u32) -> Option<&Team> {
        self.teams.get((number as usize).checked_sub(1)?)
    }
}

/// An error at line `index` (0-based).
fn at(index: usize, columns: (usize, usize), what: String) -> TrfError {
    TrfError {
        line: index + 1,
        columns,
        what,
    }
}

impl TeamRecords {
    /// Each record names teams, rounds and players the event has: a team
    /// of its `013` or `310` lines, a round of its rounds, a `300` line-up
    /// of the team's own members, each once.
    pub(super) fn check(&self, event: &Event<'_>) -> Result<(), TrfError> {
        let n = event.teams.len();
        let team = |index: usize, number: u32, columns| match event.team(number) {
            Some(_) => Ok(()),
            None => Err(at(index, columns, no_team(number, n))),
        };
        let round = |index: usize, round: usize, columns| match round < event.rounds {
            true => Ok(()),
            false => Err(at(index, columns, no_round(round, event.rounds))),
        };
        for f in &self.forfeits {
            round(f.line, f.round, (8, 10))?;
            team(f.line, f.teams[0], (12, 14))?;
            team(f.line, f.teams[1], (16, 18))?;
        }
        for b in &self.byes {
            round(b.line, b.round, (7, 9))?;
            team(b.line, b.team, (b.column, b.column + 3))?;
        }
        if let Some(line) = self.bye_line {
            self.check_bye_teams(line, event)?;
        }
        for l in &self.lineups {
            round(l.line, l.round, (5, 7))?;
            team(l.line, l.team, (9, 11))?;
            check_lineup(l, event)?;
        }
        Ok(())
    }

    /// The `320` line names a round of the event for each team it gives,
    /// and teams of the event.
    fn check_bye_teams(&self, line: usize, event: &Event<'_>) -> Result<(), TrfError> {
        let n = event.teams.len();
        if self.bye_teams.len() > event.rounds {
            let what = format!(
                "the `320` line gives a bye team for {} rounds; the event has {}",
                self.bye_teams.len(),
                event.rounds
            );
            return Err(at(line, (15, 15 + 4 * self.bye_teams.len()), what));
        }
        for (r, &t) in self.bye_teams.iter().enumerate() {
            if t != 0 && event.team(t).is_none() {
                let from = 15 + 4 * r;
                return Err(at(line, (from, from + 2), no_team(t, n)));
            }
        }
        Ok(())
    }
}

/// A `300` line-up names members of its own team, each once; a board left
/// empty is `0000`.
fn check_lineup(lineup: &Lineup, event: &Event<'_>) -> Result<(), TrfError> {
    let Some(team) = event.team(lineup.team) else {
        return Ok(());
    };
    let mut seen = HashSet::new();
    for (board, &player) in lineup.players.iter().enumerate() {
        let from = 17 + 5 * board;
        let columns = (from, from + 3);
        if player == 0 {
            continue;
        }
        if !team.members.contains(&player) {
            let what = format!(
                "the line-up of team {} ({}) gives start number {player} on board {}, who is not \
                 one of its members ({}); an empty board is 0000",
                team.number,
                team.name,
                board + 1,
                listed(&team.members)
            );
            return Err(at(lineup.line, columns, what));
        }
        if !seen.insert(player) {
            let what = format!(
                "the line-up of team {} gives start number {player} twice (board {})",
                team.number,
                board + 1
            );
            return Err(at(lineup.line, columns, what));
        }
    }
    Ok(())
}

fn listed(members: &[u32]) -> String {
    let numbers: Vec<String> = members.iter().map(u32::to_string).collect();
    numbers.join(", ")
}

fn no_team(number: u32, teams: usize) -> String {
    format!("team {number} is none of the event's teams (1 to {teams})")
}

fn no_round(round: usize, rounds: usize) -> String {
    format!(
        "round {} is none of the event's rounds (1 to {rounds})",
        round + 1
    )
}
