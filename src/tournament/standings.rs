//! The standings: players ordered by points, then by each tie-break in
//! turn; players equal on every key share the rank (3, 3, 5).

use std::collections::HashMap;

use super::crosstable::{Crosstable, Scoring};
use super::direct;
use super::tiebreak::TieBreak;

/// How the players are ranked: the tie-breaks in order, and how the
/// rounds are scored (the score system, the text of C.07, the rating an
/// unrated opponent counts as in ARO: C.07 art. 10 leaves that to the
/// event's rules).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Ranking {
    pub tiebreaks: Vec<TieBreak>,
    pub scoring: Scoring,
}

/// A player's place in the standings, with his points and tie-break
/// values (in the order of the tie-breaks asked for; for DE the player's
/// place within the group it split, 0 when it split none; `None` where a
/// value does not exist).
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub start_no: u32,
    pub points: f64,
    pub rank: u32,
    pub values: Vec<Option<f64>>,
}

/// The standings of a crosstable under the tie-breaks, by start number.
pub fn standings(table: &Crosstable, tiebreaks: &[TieBreak]) -> Vec<Standing> {
    // Each value once: ordering a tier and writing the row both read them.
    let mut values: HashMap<u32, Vec<Option<f64>>> = table
        .rows
        .iter()
        .map(|row| {
            let values = tiebreaks.iter().map(|t| t.value(table, row)).collect();
            (row.start_no, values)
        })
        .collect();
    let everyone: Vec<u32> = table.rows.iter().map(|r| r.start_no).collect();
    let mut keys = vec![Key::Points];
    keys.extend(
        tiebreaks
            .iter()
            .enumerate()
            .map(|(i, &t)| Key::TieBreak(i, t)),
    );
    let tiers = order(table, &mut values, &everyone, &keys);
    let mut out = Vec::with_capacity(everyone.len());
    let mut place = 1;
    for tier in tiers {
        for &start_no in &tier {
            out.push(Standing {
                start_no,
                points: table.row(start_no).map_or(0.0, |r| r.points()),
                rank: place,
                values: values[&start_no].clone(),
            });
        }
        place += tier.len() as u32;
    }
    out.sort_by_key(|s| s.start_no);
    out
}

/// A key of the standings: the points, or the tie-break at that place in
/// the list.
#[derive(Debug, Clone, Copy)]
enum Key {
    Points,
    TieBreak(usize, TieBreak),
}

/// `players` in tiers by the first key, each tier ordered by the next;
/// each direct encounter's place within the group it split is written
/// into `values` (0: it split none).
fn order(
    table: &Crosstable,
    values: &mut HashMap<u32, Vec<Option<f64>>>,
    players: &[u32],
    keys: &[Key],
) -> Vec<Vec<u32>> {
    let placed = std::cell::RefCell::new(Vec::new());
    let tiers = tiers_by(players, keys.len(), |tier, depth| match keys[depth] {
        Key::TieBreak(i, TieBreak::DirectEncounter) => {
            let split = direct::order(table, tier);
            placed
                .borrow_mut()
                .extend(places(&split).into_iter().map(|(p, v)| (p, i, v)));
            split
        }
        Key::Points => by_value(tier, |p| table.row(p).map(|r| r.points())),
        Key::TieBreak(i, _) => by_value(tier, |p| values[&p][i]),
    });
    for (p, i, v) in placed.into_inner() {
        values.get_mut(&p).expect("every player has values")[i] = Some(v);
    }
    tiers
}

/// Each participant's place within a group split into `tiers`: 1 for the
/// first tier, then after the participants ahead; 0 for all when the
/// group stayed whole.
pub(crate) fn places(tiers: &[Vec<u32>]) -> Vec<(u32, f64)> {
    if tiers.len() < 2 {
        return tiers.iter().flatten().map(|&p| (p, 0.0)).collect();
    }
    let mut place = 1;
    let mut out = Vec::new();
    for tier in tiers {
        out.extend(tier.iter().map(|&p| (p, f64::from(place))));
        place += tier.len() as u32;
    }
    out
}

/// `all` in tiers: `split(tier, k)` splits a tier by the `k`th of `keys`
/// keys, each tier it gives split by the next. A stack, not recursion: a
/// report may list many tie-breaks, and participants tied on all of them
/// would go as deep.
pub(crate) fn tiers_by(
    all: &[u32],
    keys: usize,
    split: impl Fn(&[u32], usize) -> Vec<Vec<u32>>,
) -> Vec<Vec<u32>> {
    let mut tiers = Vec::new();
    let mut stack = vec![(all.to_vec(), 0)];
    while let Some((mut tier, depth)) = stack.pop() {
        if depth == keys {
            tier.sort_unstable();
            tiers.push(tier);
            continue;
        }
        if tier.len() < 2 {
            tiers.push(tier);
            continue;
        }
        let parts = split(&tier, depth);
        stack.extend(parts.into_iter().rev().map(|t| (t, depth + 1)));
    }
    tiers
}

/// Tiers of equal value, the highest first (a missing value last).
pub(crate) fn by_value(players: &[u32], value: impl Fn(u32) -> Option<f64>) -> Vec<Vec<u32>> {
    let mut valued: Vec<(Option<f64>, u32)> = players.iter().map(|&p| (value(p), p)).collect();
    let rounded = |v: Option<f64>| v.map(|v| (v * 1000.0).round() as i64);
    valued.sort_by(|a, b| rounded(b.0).cmp(&rounded(a.0)).then(a.1.cmp(&b.1)));
    let mut tiers: Vec<Vec<u32>> = Vec::new();
    let mut last = None;
    for (v, p) in valued {
        match tiers.last_mut() {
            Some(tier) if last == Some(rounded(v)) => tier.push(p),
            _ => tiers.push(vec![p]),
        }
        last = Some(rounded(v));
    }
    tiers
}
