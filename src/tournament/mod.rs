//! A tournament's consequences: its report file (TRF) read and written
//! back, the games matched to its pairings, and the standings, tie-breaks
//! and rating changes before and after the audit's corrections.

pub mod check;
pub mod consequences;
pub mod crosstable;
pub mod direct;
pub mod event_kind;
pub mod matching;
pub mod modifier;
mod pairing_note;
pub mod phrase;
pub mod ranking;
pub mod rating;
pub mod rating_list;
pub mod rules;
pub mod standings;
mod team_direct;
mod team_points;
pub mod team_standings;
pub mod team_table;
pub mod team_tiebreak;
pub mod teams;
pub mod tiebreak;
pub mod trf;
pub mod value_error;
