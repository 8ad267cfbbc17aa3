//! One game from its record to its judgement: replayed the way its Laws
//! take illegal moves back, then judged. With `--laws by-date`, a game whose
//! date leaves the edition open is judged under every edition it may have
//! been played under: when they agree, the date does not matter; when they
//! differ, an arbiter must say which applied.

use crate::board::replay::{ReplayError, replay_with_claims};
use crate::laws::finding::placement::{PlacementFinding, ReadingUnder, Under};
use crate::laws::placement::NoCategory;
use crate::laws::verdict::Verdict;
use crate::laws::{Book, Game, Judgement, Judging, Placement, Unplaced, judge_placed};
use crate::model::claim::{Claim, ClaimError};
use crate::model::time_control::{Category, Reading};
use crate::model::verdict::{Clause, Status};
use crate::read::parse::GameRecord;

/// A game and its judgement.
pub struct Adjudged<'a> {
    pub game: Game<'a>,
    pub judgement: Judgement,
}

/// Replays and judges a record with its claims (the record's and any from
/// `--events`).
pub fn adjudicate<'a>(
    record: &'a GameRecord<'a>,
    claims: Vec<Result<Claim, ClaimError>>,
    rules: &Judging,
) -> Result<Adjudged<'a>, ReplayError> {
    adjudicate_placed(record, claims, rules, rules.place(record))
}

/// [`adjudicate`] with the edition and category already chosen: the caller
/// needed them for its own rows, and a game is placed once.
pub fn adjudicate_placed<'a>(
    record: &'a GameRecord<'a>,
    claims: Vec<Result<Claim, ClaimError>>,
    rules: &Judging,
    placement: Placement,
) -> Result<Adjudged<'a>, ReplayError> {
    let (game, mut judgement) = judge_under(record, claims, rules, placement, None)?;
    if let Some(unplaced) = placement.unplaced
        && judgement.verdict.status != Status::Error
    {
        settle_the_date(&game, rules, unplaced, &mut judgement);
    }
    settle_the_category(&game, rules, &mut judgement);
    Ok(Adjudged { game, judgement })
}

/// Replays and judges under one placement; `first`, the same record judged
/// under another edition, lends its solver (one search budget a game).
fn judge_under<'a>(
    record: &'a GameRecord<'a>,
    claims: Vec<Result<Claim, ClaimError>>,
    rules: &Judging,
    placement: Placement,
    first: Option<&Game<'_>>,
) -> Result<(Game<'a>, Judgement), ReplayError> {
    let replay = replay_with_claims(record, placement.book.take_back(), &claims)?;
    let mut game = Game::with_claims(record, replay, claims);
    if let Some(first) = first {
        game = game.sharing_solver(first);
    }
    let judgement = judge_placed(&game, rules, placement);
    Ok((game, judgement))
}

/// Judges the game under each candidate edition; the verdict stands if
/// all give the same result, else it goes to review naming theirs.
fn settle_the_date(
    game: &Game<'_>,
    rules: &Judging,
    unplaced: Unplaced,
    judgement: &mut Judgement,
) {
    let record = game.record;
    let verdict = &judgement.verdict;
    let mut differing = Vec::new();
    let placed = judgement.book.edition.name;
    for &edition in unplaced.candidates.iter().filter(|e| e.name != placed) {
        let placement = Placement {
            book: Book::for_game(edition, record, rules.supervised),
            unplaced: None,
        };
        let Ok((_, other)) = judge_under(record, game.claims.clone(), rules, placement, Some(game))
        else {
            continue;
        };
        let o = &other.verdict;
        if (o.status, o.correct) != (verdict.status, verdict.correct) {
            differing.push(reading(Under::Edition(edition.name), o));
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
        reason.and(PlacementFinding::EveryEditionAgrees {
            why: unplaced.why,
            names,
        });
        return;
    }
    reason.and(PlacementFinding::EditionsDiffer {
        why: unplaced.why,
        differing,
    });
    judgement.verdict = judgement.verdict.clone().for_review();
}

/// A game whose category is unknown is judged by the rapid clauses (the
/// tool's subject), but not as if its category were known: where an
/// incident falls under clauses that differ by category, it is judged
/// under each category's, and when they give different results an arbiter
/// must say which applied, the reason naming each reading.
fn settle_the_category(game: &Game<'_>, rules: &Judging, judgement: &mut Judgement) {
    let book = &judgement.book;
    let bound = judgement.incidents.iter().any(|i| i.kind.is_rule_bound());
    if book.category != Category::Unknown
        || book.edition.rapid_rules_for_all
        || !bound
        || judgement.verdict.status == Status::Error
    {
        return;
    }
    let verdict = &judgement.verdict;
    // An unknown category is judged by the rapid clauses: that reading is
    // the verdict itself.
    let mut readings = vec![reading(Under::Category(Category::Rapid), verdict)];
    let mut differ = false;
    for category in [Category::Blitz, Category::Standard] {
        let placement = Placement {
            book: Book::new(book.edition, category, rules.supervised),
            unplaced: None,
        };
        let Ok((_, other)) = judge_under(
            game.record,
            game.claims.clone(),
            rules,
            placement,
            Some(game),
        ) else {
            continue;
        };
        // The result is what a category would change; a doubt of one
        // reading's own is that reading's.
        differ |= other.verdict.correct != verdict.correct;
        readings.push(reading(Under::Category(category), &other.verdict));
    }
    let why = unknown_category_why(game.record);
    let reason = &mut judgement.verdict.reason;
    if !differ {
        reason.and(PlacementFinding::EveryCategoryAgrees(why));
        return;
    }
    reason.and(PlacementFinding::CategoriesDiffer { why, readings });
    judgement.verdict = judgement.verdict.clone().for_review();
}

/// What a verdict under other rules gives.
fn reading(under: Under, verdict: &Verdict) -> ReadingUnder {
    ReadingUnder {
        under,
        status: verdict.status,
        correct: verdict.correct,
        rule: verdict.rule,
    }
}

/// Why a game has no category: what its record lacks.
pub fn unknown_category_why(record: &GameRecord<'_>) -> NoCategory {
    if record.control.reading == Reading::UnitUnknown {
        return NoCategory::UnitUnknown;
    }
    match record.tags.time_control.as_deref().map(str::trim) {
        None | Some("" | "-" | "?") => NoCategory::NoControl,
        Some(_) => NoCategory::ControlUnread,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::helpmate::FULL_SEARCHES;
    use crate::laws::{Judgement, Laws};
    use crate::read::parse::parse_game;

    /// An undated game whose unclaimed illegal bishop moves leave a new
    /// blocked position after every move, each needing a full helpmate
    /// search (`gen_wander.py 3` of the third adversarial probe).
    const WANDER: &str = "[Event \"wander\"]\n[SetUp \"1\"]\n\
        [FEN \"BbK1kb2/b1p1p1p1/1pP1P1P1/1P6/8/8/8/1B2b2B b - - 0 1\"]\n[Result \"1-0\"]\n\n\
        1... Be1-f1 2. Bg2 Bf1-g1 3. Bh1 Bg1-h2 4. Bg2 1-0\n";

    /// Full searches made to adjudicate the game.
    fn searches(laws: Laws) -> u32 {
        let record = parse_game(WANDER.as_bytes());
        let rules = Judging {
            laws,
            ..Judging::default()
        };
        FULL_SEARCHES.with(|n| n.set(0));
        adjudicate(&record, record.claims.clone(), &rules).unwrap();
        FULL_SEARCHES.with(|n| n.get())
    }

    /// samples/editions/illegal-position-stays.pgn, with or without its
    /// TimeControl: an illegal position left on the board, which the rapid
    /// and blitz clauses draw and the standard ones leave to the arbiter.
    fn illegal_position(control: &str) -> Judgement {
        let pgn = format!(
            "[Date \"2016.06.16\"]\n[Result \"1-0\"]\n{control}[SetUp \"1\"]\n\
             [FEN \"4k3/P7/8/8/8/8/8/4K2R w - - 0 60\"]\n\n60. a8 Kd7 61. Rh7+ 1-0\n"
        );
        let record = parse_game(pgn.as_bytes());
        let rules = Judging {
            laws: Laws::Edition(&crate::laws::editions::FIDE_2014),
            ..Judging::default()
        };
        adjudicate(&record, record.claims.clone(), &rules)
            .unwrap()
            .judgement
    }

    #[test]
    fn a_game_of_unknown_category_is_not_judged_as_if_its_category_were_known() {
        let known = illegal_position("[TimeControl \"900+10\"]\n").verdict;
        assert_eq!((known.status, known.rule), (Status::Corrected, "A.4.d"));
        let unknown = illegal_position("").verdict;
        assert_eq!(unknown.status, Status::Review, "{}", unknown.reason);
        assert!(
            unknown.reason.to_string().ends_with(
                "but the game's category is unknown (no TimeControl tag, and too few clock \
                 readings to infer one) and its clauses differ by category, so an arbiter must \
                 say which applied: as rapid, 1/2-1/2 (A.4.d); as blitz, 1/2-1/2 (A.4.d); as \
                 standard, 1-0 (as-recorded)"
            ),
            "{}",
            unknown.reason
        );
    }

    #[test]
    fn the_editions_of_an_undated_game_share_one_search_budget() {
        let one = searches(Laws::default());
        assert!(one > 0, "the game needs full searches");
        // Under by-date the six candidate editions ask one solver: what one
        // edition asked is remembered, and the rest count against the same
        // bound (each edition searched anew under a bound of its own before:
        // six times the cost).
        let all = searches(Laws::ByDate);
        assert_eq!(all, one);
    }
}
