//! Report: the rows of the two reports as typed Arrow columns, for the
//! Parquet files and the Python package's tables.
//!
//! The columns are the CSV's, in its order, with types: counts as signed
//! integers (a difference of two is a number, not a wrap-around), clocks as
//! seconds in floating point, the short labels (`status`, `rule`,
//! `category`, `ending`…) dictionary-encoded, and null where the CSV has an
//! empty cell; the verdicts end with `game_date`, the `date` text read as a
//! date (null where it names no single day). Text is as found (the CSV's
//! `--raw`): a typed column is read by programs, not run by spreadsheets.
//!
//! ```
//! use pgn_arbiter::report::table::{VERDICTS, Columns};
//! let columns = Columns::new(&VERDICTS);
//! let batch = columns.finish();
//! assert_eq!(batch.num_rows(), 0);
//! assert_eq!(batch.schema().field(1).name(), "game");
//! ```

use std::sync::Arc;

use arrow_array::builder::{
    ArrayBuilder, Date32Builder, Float64Builder, Int64Builder, StringBuilder,
    StringDictionaryBuilder,
};
use arrow_array::cast::AsArray;
use arrow_array::types::Int32Type;
use arrow_array::{Array, ArrayRef, DictionaryArray, Int32Array, RecordBatch};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use rustc_hash::FxHashMap as HashMap;

use crate::model::clock::Clock;
use crate::model::date::DateRange;
use crate::report::rows::{INCIDENT_COLUMNS, IncidentRow, VERDICT_TABLE_COLUMNS, VerdictRow};

/// What a column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Free text (`reason`, `white`, `fen_before`).
    Text,
    /// Text from a short list, dictionary-encoded (`status`, `rule`).
    Label,
    /// A count or a number (`game`, `plies`, `ply`).
    Count,
    /// A clock reading, in seconds.
    Seconds,
    /// A calendar day.
    Date,
}

impl Kind {
    fn data_type(self) -> DataType {
        match self {
            Kind::Text => DataType::Utf8,
            Kind::Label => {
                DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8))
            }
            Kind::Count => DataType::Int64,
            Kind::Seconds => DataType::Float64,
            Kind::Date => DataType::Date32,
        }
    }
}

/// A report's columns: names (as in the CSV) and kinds.
pub struct Layout {
    pub names: &'static [&'static str],
    pub kinds: &'static [Kind],
}

use Kind::{Count, Date, Label, Seconds, Text};

/// `verdicts`' columns.
pub const VERDICTS: Layout = Layout {
    names: VERDICT_TABLE_COLUMNS,
    kinds: &[
        Label, Count, Count, Label, Text, Text, Text, Text, Text, Label, Label, Count, Label,
        Label, Label, Label, Count, Text, Label, Label, Label, Label, Text, Label, Label, Label,
        Date,
    ],
};

/// `incidents`' columns.
pub const INCIDENTS: Layout = Layout {
    names: INCIDENT_COLUMNS,
    kinds: &[
        Label, Count, Count, Text, Label, Label, Text, Text, Seconds, Seconds, Text,
    ],
};

impl Layout {
    /// The Arrow schema: every column may be null.
    pub fn schema(&self) -> SchemaRef {
        let fields: Vec<Field> = self
            .names
            .iter()
            .zip(self.kinds)
            .map(|(name, kind)| Field::new(*name, kind.data_type(), true))
            .collect();
        Arc::new(Schema::new(fields))
    }
}

/// One cell's value; empty text is null.
#[derive(Debug, Clone, Copy)]
pub enum Value<'a> {
    Text(&'a str),
    Count(Option<i64>),
    Seconds(Option<Clock>),
    /// Days since 1970-01-01.
    Date(Option<i32>),
}

/// A row that can be put in typed columns.
pub trait Row {
    /// Hands over the row's values, in its layout's order (one call per
    /// game: no vector allocated for it).
    fn values(&self, each: &mut dyn FnMut(Value<'_>));
}

/// Columns being filled, row by row.
pub struct Columns {
    schema: SchemaRef,
    builders: Vec<Builder>,
}

enum Builder {
    Text(StringBuilder),
    Label(StringDictionaryBuilder<Int32Type>),
    Count(Int64Builder),
    Seconds(Float64Builder),
    Date(Date32Builder),
}

impl Columns {
    pub fn new(layout: &Layout) -> Columns {
        let builders = layout
            .kinds
            .iter()
            .map(|kind| match kind {
                Kind::Text => Builder::Text(StringBuilder::new()),
                Kind::Label => Builder::Label(StringDictionaryBuilder::new()),
                Kind::Count => Builder::Count(Int64Builder::new()),
                Kind::Seconds => Builder::Seconds(Float64Builder::new()),
                Kind::Date => Builder::Date(Date32Builder::new()),
            })
            .collect();
        Columns {
            schema: layout.schema(),
            builders,
        }
    }

    /// Rows so far.
    pub fn len(&self) -> usize {
        self.builders.first().map_or(0, Builder::len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds a row; its values must follow the layout.
    pub fn push(&mut self, row: &dyn Row) {
        let mut builders = self.builders.iter_mut();
        row.values(&mut |value| {
            if let Some(builder) = builders.next() {
                builder.push(value);
            }
        });
    }

    /// The rows as one batch; the columns start empty again.
    pub fn finish(mut self) -> RecordBatch {
        let arrays: Vec<ArrayRef> = self.builders.iter_mut().map(Builder::finish).collect();
        RecordBatch::try_new(self.schema, arrays).expect("the columns follow their schema")
    }
}

impl Builder {
    fn len(&self) -> usize {
        match self {
            Builder::Text(b) => b.len(),
            Builder::Label(b) => b.len(),
            Builder::Count(b) => b.len(),
            Builder::Seconds(b) => b.len(),
            Builder::Date(b) => b.len(),
        }
    }

    fn push(&mut self, value: Value<'_>) {
        fn text(t: &str) -> Option<&str> {
            (!t.is_empty()).then_some(t)
        }
        match (self, value) {
            (Builder::Text(b), Value::Text(t)) => b.append_option(text(t)),
            (Builder::Label(b), Value::Text(t)) => b.append_option(text(t)),
            (Builder::Count(b), Value::Count(n)) => b.append_option(n),
            (Builder::Seconds(b), Value::Seconds(c)) => {
                b.append_option(c.map(|c| c.millis() as f64 / 1000.0))
            }
            (Builder::Date(b), Value::Date(d)) => b.append_option(d),
            // A layout and its row disagree: a bug caught by the tests
            // that build every report.
            (builder, value) => panic!("{value:?} in a {} column", builder.kind_name()),
        }
    }

    fn kind_name(&self) -> &'static str {
        match self {
            Builder::Text(_) => "text",
            Builder::Label(_) => "label",
            Builder::Count(_) => "count",
            Builder::Seconds(_) => "seconds",
            Builder::Date(_) => "date",
        }
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Builder::Text(b) => Arc::new(b.finish()),
            Builder::Label(b) => Arc::new(b.finish()),
            Builder::Count(b) => Arc::new(b.finish()),
            Builder::Seconds(b) => Arc::new(b.finish()),
            Builder::Date(b) => Arc::new(b.finish()),
        }
    }
}

/// Batches of one layout as one, each label column with one dictionary of
/// distinct values: Arrow's concatenation keeps each part's dictionary
/// side by side, and pandas refuses a category given twice.
pub fn concat(schema: &SchemaRef, batches: &[RecordBatch]) -> Result<RecordBatch, ArrowError> {
    let batch = arrow_select::concat::concat_batches(schema, batches)?;
    let columns = batch
        .columns()
        .iter()
        .map(|column| match column.as_dictionary_opt::<Int32Type>() {
            Some(labels) => distinct_labels(labels),
            None => Ok(column.clone()),
        })
        .collect::<Result<Vec<_>, _>>()?;
    RecordBatch::try_new(schema.clone(), columns)
}

fn distinct_labels(labels: &DictionaryArray<Int32Type>) -> Result<ArrayRef, ArrowError> {
    let values = labels.values().as_string::<i32>();
    let mut seen: HashMap<&str, i32> = HashMap::default();
    let mut distinct = StringBuilder::with_capacity(values.len(), values.value_data().len());
    let renumbered: Vec<i32> = (0..values.len())
        .map(|i| {
            let next = seen.len() as i32;
            *seen.entry(values.value(i)).or_insert_with(|| {
                distinct.append_value(values.value(i));
                next
            })
        })
        .collect();
    let keys: Int32Array = labels
        .keys()
        .iter()
        .map(|key| key.map(|k| renumbered[k as usize]))
        .collect();
    Ok(Arc::new(DictionaryArray::try_new(
        keys,
        Arc::new(distinct.finish()),
    )?))
}

impl Row for VerdictRow<'_> {
    fn values(&self, each: &mut dyn FnMut(Value<'_>)) {
        let count = |n: usize| Value::Count(i64::try_from(n).ok());
        let day = DateRange::parse(&self.date)
            .and_then(|r| r.exact())
            .and_then(|d| d.days_since_epoch());
        let values = [
            Value::Text(&self.source),
            Value::Count(i64::try_from(self.game).ok()),
            Value::Count(i64::try_from(self.offset).ok()),
            Value::Text(&self.event),
            Value::Text(&self.site),
            Value::Text(&self.date),
            Value::Text(&self.round),
            Value::Text(&self.white),
            Value::Text(&self.black),
            Value::Text(&self.time_control),
            Value::Text(self.category),
            count(self.plies),
            Value::Text(self.recorded_result),
            Value::Text(self.correct_result),
            Value::Text(self.status),
            Value::Text(self.rule),
            Value::Count(self.decided_at_ply.and_then(|n| i64::try_from(n).ok())),
            Value::Text(&self.reason),
            Value::Text(self.regime),
            Value::Text(self.laws),
            Value::Text(self.time_control_used.as_deref().unwrap_or("")),
            Value::Text(self.time_control_read),
            Value::Text(&self.url),
            Value::Text(self.ending),
            Value::Text(self.ending_source),
            Value::Text(self.text_encoding),
            Value::Date(day),
        ];
        values.into_iter().for_each(each);
    }
}

impl Row for IncidentRow<'_> {
    fn values(&self, each: &mut dyn FnMut(Value<'_>)) {
        let values = [
            Value::Text(&self.source),
            Value::Count(self.game.and_then(|g| i64::try_from(g).ok())),
            Value::Count(i64::try_from(self.ply).ok()),
            Value::Text(self.move_label),
            Value::Text(self.side),
            Value::Text(self.kind),
            Value::Text(&self.san),
            Value::Text(self.fen_before),
            Value::Seconds(self.white_clock),
            Value::Seconds(self.black_clock),
            Value::Text(&self.detail),
        ];
        values.into_iter().for_each(each);
    }
}
