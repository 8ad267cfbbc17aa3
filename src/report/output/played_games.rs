//! The facts of each game a tournament check needs (players, round,
//! results, the audit's status), kept in memory for `tournament`.

use std::borrow::Cow;
use std::io;
use std::sync::{Arc, Mutex};

use super::{Format, Output};
use crate::report::audited::AuditedGame;
use crate::report::summary::Summary;
use crate::tournament::matching::PlayedGame;

/// The games as the run audits them, in input order.
pub struct PlayedGames(Arc<Mutex<Vec<PlayedGame>>>);

impl PlayedGames {
    /// The output, and where the games will be once the run is over.
    pub fn new() -> (PlayedGames, Arc<Mutex<Vec<PlayedGame>>>) {
        let games = Arc::new(Mutex::new(Vec::new()));
        (PlayedGames(Arc::clone(&games)), games)
    }
}

/// Takes each game's facts.
pub struct Facts;

impl Format for Facts {
    type Part = Vec<PlayedGame>;

    fn game(&self, game: &AuditedGame<'_>, part: &mut Vec<PlayedGame>) {
        let (tags, judgement) = (&game.record.tags, game.judgement);
        let verdict = &judgement.verdict;
        let text = |t: &Option<Cow<str>>| t.as_deref().map(str::to_string);
        part.push(PlayedGame {
            source: game.origin.source.to_string(),
            number: game.origin.game,
            event: text(&tags.event),
            round: text(&tags.round),
            white: text(&tags.white).unwrap_or_default(),
            black: text(&tags.black).unwrap_or_default(),
            white_fide_id: text(&tags.white_fide_id),
            black_fide_id: text(&tags.black_fide_id),
            recorded: game.record.recorded_result(),
            correct: verdict.correct,
            status: verdict.status,
            rule: verdict.rule,
            reason: verdict.reason.to_string(),
            category: judgement
                .book
                .edition
                .category_name(judgement.book.category),
        });
    }
}

impl Output for PlayedGames {
    type Format = Facts;

    fn format(&self) -> Facts {
        Facts
    }

    fn block(&mut self, part: Vec<PlayedGame>, _: &mut Summary) -> io::Result<()> {
        let mut games = self
            .0
            .lock()
            .map_err(|_| io::Error::other("a worker failed"))?;
        games.extend(part);
        Ok(())
    }

    fn finish(self, _: &Summary) -> io::Result<()> {
        Ok(())
    }
}
