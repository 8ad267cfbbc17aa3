//! One game from its record to its judgement: replayed the way its Laws
//! take illegal moves back, then judged. With `--laws by-date`, a game whose
//! date leaves the edition open is judged under every edition it may have
//! been played under: when they agree, the date does not matter; when they
//! differ, an arbiter must say which applied.

use crate::claim::Claim;
use crate::laws::{Book, Game, Judgement, Placement, Rules, Unplaced, judge_placed};
use crate::parse::GameRecord;
use crate::replay::{ReplayError, replay_with_claims};
use crate::verdict::{Clause, Status};

/// A game and its judgement.
pub struct Adjudged<'a> {
    pub game: Game<'a>,
    pub judgement: Judgement,
}

/// Replays and judges a record with its claims (the record's and any from
/// `--events`).
pub fn adjudicate<'a>(
    record: &'a GameRecord<'a>,
    claims: Vec<Result<Claim, String>>,
    rules: &Rules,
) -> Result<Adjudged<'a>, ReplayError> {
    let placement = rules.place(record);
    let (game, mut judgement) = judged(record, claims, rules, placement)?;
    if let Some(unplaced) = placement.unplaced
        && judgement.verdict.status != Status::Error
    {
        settle_the_date(record, &game.claims, rules, unplaced, &mut judgement);
    }
    Ok(Adjudged { game, judgement })
}

fn judged<'a>(
    record: &'a GameRecord<'a>,
    claims: Vec<Result<Claim, String>>,
    rules: &Rules,
    placement: Placement,
) -> Result<(Game<'a>, Judgement), ReplayError> {
    let replay = replay_with_claims(record, placement.book.take_back(), &claims)?;
    let game = Game::with_claims(record, replay, claims);
    let judgement = judge_placed(&game, rules, placement);
    Ok((game, judgement))
}

/// Judges the game under each candidate edition; the verdict stands if
/// all give the same result, else it goes to review naming theirs.
fn settle_the_date(
    record: &GameRecord<'_>,
    claims: &[Result<Claim, String>],
    rules: &Rules,
    unplaced: Unplaced,
    judgement: &mut Judgement,
) {
    let verdict = &judgement.verdict;
    let mut differing = Vec::new();
    let placed = judgement.book.edition.name;
    for &edition in unplaced.candidates.iter().filter(|e| e.name != placed) {
        let placement = Placement {
            book: Book::for_game(edition, record, rules.supervised),
            unplaced: None,
        };
        let Ok((_, other)) = judged(record, claims.to_vec(), rules, placement) else {
            continue;
        };
        let o = &other.verdict;
        if (o.status, o.correct) != (verdict.status, verdict.correct) {
            let result = o.correct.map_or("no result".to_string(), |r| r.to_string());
            differing.push(format!(
                "{} gives {} {result} ({})",
                edition.name, o.status, o.rule
            ));
        }
    }
    // Before 2009 only what no edition decides by its own clauses can stand.
    let timeless = matches!(
        verdict.clause,
        Some(
            Clause::Checkmate
                | Clause::Stalemate
                | Clause::DeadPosition
                | Clause::AsRecorded
                | Clause::Unfinished
        )
    ) && judgement.incidents.iter().all(|i| !i.kind.is_rule_bound());
    let reason = &mut judgement.verdict.reason;
    if differing.is_empty() && (!unplaced.before_all || timeless) {
        let names: Vec<&str> = unplaced.candidates.iter().map(|e| e.name).collect();
        *reason = format!(
            "{reason}; {}, but every edition it may have been played under ({}) gives this result",
            unplaced.why,
            names.join(", ")
        );
        return;
    }
    let editions = if differing.is_empty() {
        String::new()
    } else {
        format!(": {}", differing.join("; "))
    };
    *reason = format!(
        "{reason}; {}, so an arbiter must say which applied{editions}",
        unplaced.why
    );
    judgement.verdict = judgement.verdict.clone().for_review();
}
