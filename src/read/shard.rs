//! Shards: `--shard K/N` audits only the games that start in the K-th of N
//! equal byte ranges of one uncompressed file, numbered and placed as in
//! the whole-file run, so that the N shard reports merged are the whole
//! report. Every game starts in exactly one range.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// The K-th of N parts (1-based), as given on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The bytes whose games this shard audits, of a file of `len` bytes;
    /// the last shard runs to the end, however long the file has grown.
    ///
    /// ```
    /// use pgn_arbiter::read::shard::Shard;
    /// let parts: Vec<_> = (1..=3).map(|k| Shard { index: k, count: 3 }.range(10)).collect();
    /// assert_eq!(parts, [0..3, 3..6, 6..u64::MAX]);
    /// ```
    pub fn range(self, len: u64) -> Range<u64> {
        let cut = |k: u64| (u128::from(len) * u128::from(k) / u128::from(self.count)) as u64;
        let end = if self.index == self.count {
            u64::MAX
        } else {
            cut(self.index)
        };
        cut(self.index - 1)..end
    }
}

/// A `--shard` value that is not `K/N` with 1 <= K <= N: the value given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShardError(pub String);

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: give the shard as K/N, with 1 <= K <= N", self.0)
    }
}

impl std::error::Error for ShardError {}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError(s.to_string());
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_cover_the_file_once() {
        for len in [0u64, 1, 7, 1000, 1_000_003] {
            for n in 1..=7 {
                let ranges: Vec<_> = (1..=n)
                    .map(|k| Shard { index: k, count: n }.range(len))
                    .collect();
                assert_eq!(ranges[0].start, 0);
                for w in ranges.windows(2) {
                    assert_eq!(w[0].end, w[1].start, "len {len}, n {n}");
                }
                assert_eq!(ranges[n as usize - 1].end, u64::MAX);
            }
        }
    }

    #[test]
    fn parses_k_of_n() {
        assert_eq!("2/7".parse(), Ok(Shard { index: 2, count: 7 }));
        for bad in ["0/3", "4/3", "1/0", "x", "1/", "/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
