//! The rows a report's summary.json promises, checked as they are copied:
//! a count that happens to match is not enough when a shard's folder holds
//! another shard's rows (a mixed-up copy of task folders).

use crate::report::rows::cell;
use crate::report::summary::{InputSummary, RunSummary};

/// Why a report's rows are not the rows its summary.json promises.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum RowError {
    /// A row of an input the summary does not list (or lists earlier).
    NoSuchInput(String),
    /// A game that starts outside the bytes the run audited.
    OutsideRange {
        source: String,
        game: Option<u64>,
        at: u64,
        range: (u64, u64),
        shard: Option<crate::read::shard::Shard>,
    },
    /// A game before or the same as the row before it.
    OutOfOrder {
        source: String,
        game: u64,
        last: u64,
    },
    /// A Parquet report whose `source` column is another version's.
    #[cfg(feature = "tables")]
    OldSourceColumn,
}

impl std::fmt::Display for RowError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RowError::NoSuchInput(source) => write!(
                f,
                "a row of `{source}` where summary.json lists no such input (or lists it \
                 earlier): the folder holds another run's rows; make the report again"
            ),
            RowError::OutsideRange {
                source,
                game,
                at,
                range: (start, end),
                shard,
            } => write!(
                f,
                "game {} of `{source}` starts at byte {at}, outside bytes {start}..{end} that \
                 this report's run audited{}: the folder holds another shard's rows; make the \
                 report again",
                game.map_or("?".into(), |g| g.to_string()),
                shard.map_or(String::new(), |s| format!(" (shard {s})"))
            ),
            RowError::OutOfOrder { source, game, last } => write!(
                f,
                "game {game} of `{source}` comes after game {last}: the rows are out of order or \
                 repeated; make the report again"
            ),
            #[cfg(feature = "tables")]
            RowError::OldSourceColumn => {
                f.write_str("its `source` column is not this version's: make the report again")
            }
        }
    }
}

/// Where the rows of one report have got to: the input they are of (its
/// inputs come in the order the summary lists them) and the last game.
pub(super) struct RowOrder<'a> {
    inputs: &'a [InputSummary],
    raw: bool,
    /// Verdicts: one row a game, so each game number is past the last;
    /// incidents: several rows a game.
    one_a_game: bool,
    at: usize,
    last_game: Option<u64>,
}

impl<'a> RowOrder<'a> {
    pub(super) fn new(summary: &'a RunSummary, one_a_game: bool) -> RowOrder<'a> {
        RowOrder {
            inputs: &summary.inputs,
            raw: summary.options.raw,
            one_a_game,
            at: 0,
            last_game: None,
        }
    }

    /// Checks one row: its input is this one or a later one, the game it
    /// starts at byte `offset` inside the bytes the run audited, its game
    /// number in order.
    pub(super) fn check(
        &mut self,
        source: &str,
        game: Option<u64>,
        offset: Option<u64>,
    ) -> Result<(), RowError> {
        let later = &self.inputs[self.at.min(self.inputs.len())..];
        let Some(k) = later
            .iter()
            .position(|i| cell(&i.source, self.raw) == source)
        else {
            return Err(RowError::NoSuchInput(source.to_string()));
        };
        if k > 0 {
            self.at += k;
            self.last_game = None;
        }
        let input = &self.inputs[self.at];
        if let (Some((start, end)), Some(at)) = (input.range, offset)
            && !(start..end).contains(&at)
        {
            return Err(RowError::OutsideRange {
                source: source.to_string(),
                game,
                at,
                range: (start, end),
                shard: input.shard,
            });
        }
        if let Some(game) = game {
            if let Some(last) = self.last_game
                && (game < last || (self.one_a_game && game == last))
            {
                return Err(RowError::OutOfOrder {
                    source: source.to_string(),
                    game,
                    last,
                });
            }
            self.last_game = Some(game);
        }
        Ok(())
    }
}

/// A CSV report's rows checked: where its `source`, `game` and `offset`
/// columns are.
pub(super) struct CsvRows<'a> {
    order: RowOrder<'a>,
    source: Option<usize>,
    game: Option<usize>,
    offset: Option<usize>,
}

impl<'a> CsvRows<'a> {
    pub(super) fn new(summary: &'a RunSummary, columns: &[&str]) -> CsvRows<'a> {
        let column = |wanted: &str| columns.iter().position(|c| *c == wanted);
        let offset = column("offset");
        CsvRows {
            order: RowOrder::new(summary, offset.is_some()),
            source: column("source"),
            game: column("game"),
            offset,
        }
    }

    pub(super) fn check(&mut self, record: &csv::ByteRecord) -> Result<(), RowError> {
        let text = |i: Option<usize>| i.and_then(|i| record.get(i)).unwrap_or_default();
        // An empty or non-number cell is no number.
        let number = |i| std::str::from_utf8(text(i)).ok()?.parse().ok();
        self.order.check(
            &String::from_utf8_lossy(text(self.source)),
            number(self.game),
            number(self.offset),
        )
    }
}

/// Checks a Parquet batch's rows: its `source`, `game` and (verdicts)
/// `offset` columns.
#[cfg(feature = "tables")]
pub(super) fn check_batch(
    order: &mut RowOrder<'_>,
    batch: &arrow_array::RecordBatch,
) -> Result<(), RowError> {
    use arrow_array::cast::AsArray;
    use arrow_array::types::{Int32Type, Int64Type};
    use arrow_array::{Array, StringArray};
    let numbers = |name: &str| {
        batch
            .column_by_name(name)
            .and_then(|c| c.as_primitive_opt::<Int64Type>())
    };
    let sources = batch
        .column_by_name("source")
        .and_then(|c| c.as_dictionary_opt::<Int32Type>())
        .and_then(|d| d.downcast_dict::<StringArray>())
        .ok_or(RowError::OldSourceColumn)?;
    let (games, offsets) = (numbers("game"), numbers("offset"));
    let at = |column: Option<&arrow_array::Int64Array>, row: usize| {
        column
            .filter(|c| c.is_valid(row))
            .and_then(|c| u64::try_from(c.value(row)).ok())
    };
    for (row, source) in sources.into_iter().enumerate() {
        order.check(source.unwrap_or(""), at(games, row), at(offsets, row))?;
    }
    Ok(())
}
