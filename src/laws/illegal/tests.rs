use super::super::test_support::*;
use super::super::{Judgement, Judging};
use crate::board::moves::Offence;
use crate::laws::finding::Finding;
use crate::laws::finding::illegal::{ClaimHow, ClaimedLead, Claimer, IllegalFinding, Why};
use crate::model::outcome::GameResult;
use crate::model::verdict::{Clause, Status};
use shakmaty::Color;

/// The claimed illegal move a verdict opens with, if it opens with one.
fn claimed_lead(j: &Judgement) -> Option<&ClaimedLead> {
    let Finding::Outcome(outcome) = decided(j) else {
        return None;
    };
    match &*outcome.lead {
        Finding::Illegal(found) => match &**found {
            IllegalFinding::ClaimedLead(lead) => Some(lead),
            _ => None,
        },
        _ => None,
    }
}

// 3...Nf6 ignores the check from the bishop on b5.
const KING_INTO_CHECK: &str = "1. e4 e5 2. Nf3 d6 3. Bb5+ Nf6";

#[test]
fn claimed_illegal_move_loses() {
    let j = judge_pgn(&format!(
        "[Result \"1-0\"]\n\n{KING_INTO_CHECK} {{[%claim illegal white]}} 1-0"
    ));
    assert_eq!(
        j.verdict.clause,
        Some(Clause::IllegalMove),
        "{}",
        j.verdict.reason
    );
    assert_eq!(j.verdict.status, Status::Confirmed);
    assert_eq!(j.verdict.decided_at_ply, Some(6));
    let lead = claimed_lead(&j).unwrap_or_else(|| panic!("{}", j.verdict.reason));
    assert_eq!(lead.move_text, "3...Nf6");
    assert_eq!(lead.why, Why::Offence(Offence::LeavesInCheck));
    let how = ClaimHow {
        who: Claimer::Player(Color::White),
        inferred: false,
    };
    assert_eq!((lead.how, lead.clause), (how, "15.4.2"));
    assert_eq!(kinds(&j), ["illegal-move"]);
    assert!(matches!(
        &j.incidents[0].detail,
        Finding::Illegal(found) if matches!(**found, IllegalFinding::Claimed { penalty: None, clause: "15.4.2", .. })
    ));
    // Its words.
    assert!(
        j.verdict
            .reason
            .to_string()
            .contains("3...Nf6 was illegal (leaves its own king in check)"),
        "{}",
        j.verdict.reason
    );
}

#[test]
fn claim_is_inferred_from_the_result() {
    let j = judge_pgn(&format!("[Result \"1-0\"]\n\n{KING_INTO_CHECK} 1-0"));
    assert_eq!(j.verdict.clause, Some(Clause::IllegalMove));
    let lead = claimed_lead(&j).unwrap_or_else(|| panic!("{}", j.verdict.reason));
    assert!(lead.how.inferred, "{}", j.verdict.reason);
}

#[test]
fn unreadable_text_after_an_illegal_move_is_no_claim() {
    for result in ["1-0", "0-1"] {
        let pgn = format!("[Result \"{result}\"]\n\n{KING_INTO_CHECK} Zz9 {result}");
        let j = judge_pgn(&pgn);
        assert_ne!(
            j.verdict.clause,
            Some(Clause::IllegalMove),
            "{}",
            j.verdict.reason
        );
        assert!(claimed_lead(&j).is_none_or(|lead| !lead.how.inferred));
    }
}

#[test]
fn claimant_who_cannot_mate_gets_a_draw() {
    // White: king and knight; Black's king steps next to White's king.
    let j = judge_pgn(
        "[FEN \"8/8/8/3k4/8/3K4/5N2/7q b - - 0 1\"]\n[Result \"1-0\"]\n\n1... Kd4?? {[%claim illegal white]} 1-0",
    );
    assert_eq!(
        j.verdict.clause,
        Some(Clause::IllegalMove),
        "{}",
        j.verdict.reason
    );
    assert_eq!(
        j.verdict.correct,
        Some(GameResult::Draw),
        "{}",
        j.verdict.reason
    );
    assert_eq!(j.verdict.status, Status::Corrected);
    assert!(
        j.verdict
            .reason
            .to_string()
            .contains("no series of legal moves lets White checkmate"),
        "{}",
        j.verdict.reason
    );
}

#[test]
fn claim_after_own_move_is_late() {
    let j = judge_pgn(&format!(
        "[Result \"*\"]\n\n{KING_INTO_CHECK} 4. d3 {{[%claim illegal white]}} *"
    ));
    assert_ne!(j.verdict.clause, Some(Clause::IllegalMove));
    assert_eq!(kinds(&j), ["illegal-move", "late-claim"]);
    assert!(
        j.incidents[0]
            .detail
            .to_string()
            .contains("not claimed: the move stands")
    );
}

#[test]
fn unclaimed_illegal_move_stands() {
    let j = judge_pgn(&format!(
        "[Result \"1/2-1/2\"]\n\n{KING_INTO_CHECK} 4. d3 Ke7 1/2-1/2"
    ));
    assert_eq!(j.verdict.status, Status::Confirmed);
    assert_eq!(j.verdict.clause, Some(Clause::AsRecorded));
    assert_eq!(kinds(&j), ["illegal-move"]);
}

#[test]
fn arbiter_declares_and_claims_of_legal_moves_fail() {
    let j = judge_pgn(&format!(
        "[Result \"*\"]\n\n{KING_INTO_CHECK} {{[%arbiter illegal]}} *"
    ));
    assert_eq!(j.verdict.correct, Some(GameResult::Win(Color::White)));
    assert!(
        j.verdict
            .reason
            .to_string()
            .contains("the arbiter declared it")
    );
    let j = judge_pgn("[Result \"*\"]\n\n1. e4 e5 {[%claim illegal white]} *");
    assert_eq!(kinds(&j), ["rejected-claim"]);
    assert_eq!(j.verdict.clause, Some(Clause::Unfinished));
}

#[test]
fn under_15_3_the_second_illegal_move_loses() {
    // ru-rapid is the 2014 text: its ordinary Laws are 2014's 7.5 b.
    let rules = Judging {
        supervised: true,
        ..Judging::default()
    };
    let one = "1. e4 e5 2. Ke1-e3 2. Nf3";
    let j = super::super::test_support::judge_with(&format!("[Result \"*\"]\n\n{one} *"), &rules);
    assert_eq!(kinds(&j), ["illegal-move", "notation"]);
    assert!(
        j.incidents[0]
            .detail
            .to_string()
            .contains("the position before it is restored")
    );
    assert_eq!(j.verdict.clause, Some(Clause::Unfinished));
    let j = super::super::test_support::judge_with(
        "[Result \"*\"]\n\n1. e4 e5 2. Ke1-e3 2. Ke1-e3 *",
        &rules,
    );
    assert_eq!(
        j.verdict.clause,
        Some(Clause::IllegalMove),
        "{}",
        j.verdict.reason
    );
    assert_eq!(j.verdict.rule, "15.3/7.5.b");
    assert_eq!(j.verdict.correct, Some(GameResult::Win(Color::Black)));
    assert_eq!(j.verdict.decided_at_ply, Some(4));
}

#[test]
fn an_incident_carries_its_clause_and_whether_the_move_stands() {
    let claimed = judge_pgn(&format!(
        "[Result \"1-0\"]\n\n{KING_INTO_CHECK} {{[%claim illegal white]}} 1-0"
    ));
    let unclaimed = judge_pgn(&format!("[Result \"*\"]\n\n{KING_INTO_CHECK} 4. O-O *"));
    for (j, stands) in [(&claimed, false), (&unclaimed, true)] {
        let incident = &j.incidents[0];
        assert_eq!(incident.clause, Some("15.4.2"), "{}", incident.detail);
        assert_eq!(incident.stands, stands, "{}", incident.detail);
    }
    let mismatch = judge_pgn("[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0");
    let last = mismatch.incidents.last().unwrap();
    assert_eq!(kinds(&mismatch), ["result-mismatch"]);
    assert_eq!(last.clause, Some("checkmate"));
}
