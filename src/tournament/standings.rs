//! The standings: players ordered by points, then by each tie-break in
//! turn; players equal on every key share the rank (3, 3, 5).

use std::collections::HashMap;

use super::crosstable::Crosstable;
use super::direct;
use super::tiebreak::TieBreak;

/// A player's place in the standings, with his points and tie-break
/// values (in the order of the tie-breaks asked for; `None` for DE and
/// where a value does not exist).
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
    let values: HashMap<u32, Vec<Option<f64>>> = table
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
    let tiers = order(table, &values, &everyone, &keys);
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

/// `players` in tiers by the first key, each tier ordered by the next.
/// A stack, not recursion: a report may list many tie-breaks, and players
/// tied on all of them would go as deep.
fn order(
    table: &Crosstable,
    values: &HashMap<u32, Vec<Option<f64>>>,
    players: &[u32],
    keys: &[Key],
) -> Vec<Vec<u32>> {
    let mut tiers = Vec::new();
    let mut stack = vec![(players.to_vec(), 0)];
    while let Some((mut tier, depth)) = stack.pop() {
        let Some(&key) = keys.get(depth) else {
            tier.sort_unstable();
            tiers.push(tier);
            continue;
        };
        if tier.len() < 2 {
            tiers.push(tier);
            continue;
        }
        let split = match key {
            Key::TieBreak(_, TieBreak::DirectEncounter) => direct::order(table, &tier),
            Key::Points => by_value(&tier, |p| table.row(p).map(|r| r.points())),
            Key::TieBreak(i, _) => by_value(&tier, |p| values[&p][i]),
        };
        stack.extend(split.into_iter().rev().map(|t| (t, depth + 1)));
    }
    tiers
}

/// Tiers of equal value, the highest first (a missing value last).
fn by_value(players: &[u32], value: impl Fn(u32) -> Option<f64>) -> Vec<Vec<u32>> {
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
