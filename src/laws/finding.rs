//! What the clauses found, as values: a verdict's [`Reason`] and an
//! incident's detail are [`Finding`]s, with the facts as fields (sides,
//! clocks, plies, the clause, the words quoted); `laws/phrase/` words
//! them, and only the outputs, `explain` and Python ask it to.

use std::fmt;

/// One thing a clause found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// Words not yet given a type of their own (issue 54 moves them).
    Worded(String),
}

impl From<String> for Finding {
    fn from(words: String) -> Finding {
        Finding::Worded(words)
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::Worded(words) => f.write_str(words),
        }
    }
}

/// Why a verdict is what it is: what decided it, then what else bears on
/// it, in the order a reader takes them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason {
    parts: Vec<Finding>,
}

impl Reason {
    /// The findings, first the one that decided.
    pub fn parts(&self) -> &[Finding] {
        &self.parts
    }

    /// The reason with `more` said after it.
    pub(crate) fn and(&mut self, more: impl Into<Finding>) {
        self.parts.push(more.into());
    }
}

impl<T: Into<Finding>> From<T> for Reason {
    fn from(first: T) -> Reason {
        Reason {
            parts: vec![first.into()],
        }
    }
}

/// The findings joined as one sentence's clauses.
impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{part}")?;
        }
        Ok(())
    }
}
