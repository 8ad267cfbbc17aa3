//! A tie-break made of one value per round (Buchholz, Sonneborn-Berger and
//! their team forms), and the modifiers that leave some of them out
//! (C.07 art. 14): Cut-1 and Cut-2 drop the least significant values,
//! Median-1 and Median-2 the least and the most significant; a
//! participant's voluntary unplayed rounds are cut first (16.5).

use std::fmt;

/// One round's part of a sum.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Part {
    pub value: f64,
    /// The opponent's score: the least significant part is the one
    /// against the lowest-scoring opponent, the lowest of those (14.1).
    pub opponent: f64,
    /// A voluntary unplayed round (16.1.2), which a cut takes first.
    pub voluntary: bool,
}

/// A modifier of a sum (art. 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Modifier {
    #[default]
    None,
    /// `/C1`, `/C2`: the `n` least significant values left out.
    Cut(u8),
    /// `/M1`, `/M2`: the `n` least and the `n` most significant.
    Median(u8),
}

impl Modifier {
    /// The modifier a code's suffix names (`C1`, `M2`), if any.
    pub fn parse(suffix: &str) -> Option<Modifier> {
        match suffix {
            "C1" => Some(Modifier::Cut(1)),
            "C2" => Some(Modifier::Cut(2)),
            "M1" => Some(Modifier::Median(1)),
            "M2" => Some(Modifier::Median(2)),
            _ => None,
        }
    }

    /// How many parts it leaves out at the bottom and at the top.
    fn drops(self) -> (u8, u8) {
        match self {
            Modifier::None => (0, 0),
            Modifier::Cut(n) => (n, 0),
            Modifier::Median(n) => (n, n),
        }
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Modifier::None => Ok(()),
            Modifier::Cut(n) => write!(f, "/C{n}"),
            Modifier::Median(n) => write!(f, "/M{n}"),
        }
    }
}

/// The sum of `parts` less what `modifier` leaves out. Each cut at the
/// bottom takes the least significant part, or, for a participant with
/// voluntary unplayed rounds, the lowest of those (16.5): always for a
/// Buchholz, for a Sonneborn-Berger (`higher_of_two`) when it is the
/// higher of the two.
pub(crate) fn modified_sum(mut parts: Vec<Part>, modifier: Modifier, higher_of_two: bool) -> f64 {
    let (low, high) = modifier.drops();
    for _ in 0..low {
        let Some(least) = least_significant(&parts) else {
            break;
        };
        let voluntary = least_of(&parts, |p| p.voluntary);
        let cut = match voluntary {
            Some(v) if higher_of_two && parts[v].value < parts[least].value => least,
            Some(v) => v,
            None => least,
        };
        parts.swap_remove(cut);
    }
    for _ in 0..high {
        let most = (0..parts.len()).max_by(|&a, &b| {
            let (a, b) = (&parts[a], &parts[b]);
            a.opponent
                .total_cmp(&b.opponent)
                .then(a.value.total_cmp(&b.value))
        });
        if let Some(most) = most {
            parts.swap_remove(most);
        }
    }
    parts.iter().map(|p| p.value).sum()
}

fn least_significant(parts: &[Part]) -> Option<usize> {
    least_of(parts, |_| true)
}

/// The least significant of the parts `which` takes.
fn least_of(parts: &[Part], which: impl Fn(&Part) -> bool) -> Option<usize> {
    (0..parts.len())
        .filter(|&i| which(&parts[i]))
        .min_by(|&a, &b| {
            let (a, b) = (&parts[a], &parts[b]);
            a.opponent
                .total_cmp(&b.opponent)
                .then(a.value.total_cmp(&b.value))
        })
}
