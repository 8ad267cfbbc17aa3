//! `tournament`'s flags and what they ask the ranking for.

use std::io;
use std::path::PathBuf;

use crate::cli::failure::Failure;
use crate::cli::judging_options::JudgingOptions;
use crate::tournament::ranking::Asked;
use crate::tournament::rating_list::RatingList;
use crate::tournament::rules::TieBreakRules;
use crate::tournament::team_table::TeamPoints;
use crate::tournament::teams::MatchPoints;
use crate::tournament::trf::{ScoreSystem, Trf};

/// Check a tournament's reported results against its games.
///
/// Audits the games, matches each to a pairing of the report (by round and
/// by FIDE ids or names), and writes DIR/pairings.csv (each pairing: the
/// report's result, the PGN's, the correct one, and a status), DIR/
/// standings.csv (points, ranks and tie-breaks before and after the proven
/// corrections), DIR/ratings.csv (each rated player's rating change before
/// and after), DIR/corrected.trf (the report with the corrections, else
/// unchanged byte for byte) and the audit's verdicts.csv and incidents.csv.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  pgn-arbiter tournament open.trf round-*.pgn -o open-check")]
pub struct Args {
    /// The tournament report file (TRF16 or TRF-2026).
    pub report: PathBuf,
    /// The games: PGN files or directories.
    #[arg(required = true)]
    pub games: Vec<PathBuf>,
    /// Directory for the reports (created if missing).
    #[arg(short, long, value_name = "DIR", default_value = "tournament-report")]
    pub output: PathBuf,
    /// The development coefficient K of every rated player. Without it,
    /// each player's K is FIDE's: the rating list's (--rating-list), else
    /// as the rating regulations in force on the event's first day set it
    /// (from March 2024: 40 for a player rated under 2300 in or before the
    /// year of the 18th birthday, 10 from a rating of 2400, else 20,
    /// lowered so that K × games stays within 700; docs/tournament.md
    /// gives the earlier texts and rapid and blitz).
    #[arg(long, value_name = "N")]
    pub k: Option<f64>,
    /// FIDE's rating list in its TXT download (a single list or the
    /// combined one, unzipped): each player's K as FIDE published it, which
    /// knows the games played before and a rating once reached; players it
    /// does not hold get the regulations' K.
    #[arg(long, value_name = "FILE")]
    pub rating_list: Option<PathBuf>,
    /// The tie-breaks, in order, by their C.07 codes: for players BH, SB
    /// (with /C1, /C2, /M1, /M2), ARO, ARO/C1, WIN, WON, BPG, BWG, PS,
    /// PS/C1, DE; in a team competition the teams' (MP or GP first, then
    /// BH:MP, EGGSB, EDE, SSSC …: docs/tournament.md). Default: the report's own `212`
    /// or `202` line, else BH/C1,BH,SB for players and MP,GP,EGGSB,BH:MP
    /// for teams.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub tiebreaks: Option<Vec<String>>,
    /// The text of FIDE's tie-break rules (C.07) to follow: 2024 (in force
    /// from August 2024) or 2026 (from March 2026, which caps the score of
    /// the dummy an unplayed round is counted against). Default: the one in
    /// force on the event's first day (the report's `042` line).
    #[arg(long, value_name = "YEAR")]
    pub tiebreak_rules: Option<TieBreakRules>,
    /// The rating an unrated opponent counts as in ARO, as the event's
    /// rules may set; without it ARO is left out when a player is unrated
    /// (C.07 art. 10).
    #[arg(long, value_name = "N")]
    pub unrated_rating: Option<u32>,
    /// What each result gives a player, as JaVaFo's `XXS` line writes it:
    /// `W=3,D=1` (a win 3, a draw 1), or every key (`WW BW WD BD WL BL ZPB
    /// HPB FPB PAB FW FL`). Default: the report's `XXS`, `BBW`… or `162`
    /// lines, else 1, ½, 0.
    #[arg(long, value_name = "KEY=POINTS,...")]
    pub score_system: Option<ScoreSystem>,
    /// A team competition's match points for a match won, drawn and lost.
    /// Default: the report's `362` line, else 2,1,0.
    #[arg(long, value_name = "W,D,L")]
    pub match_points: Option<MatchPoints>,
    /// What a team's pairing-allocated bye gives, in match and game points
    /// (`1,3`). Default: the report's `320` line, else a drawn match with
    /// half the boards' points (C.04.6).
    #[arg(long, value_name = "MP,GP")]
    pub team_bye: Option<TeamPoints>,
    /// How the games are judged, as `audit` takes it.
    #[command(flatten)]
    pub judging: JudgingOptions,
    /// Also write an HTML report to DIR: tournament.html (the pairings to
    /// look at, the crosstable with the changed cells linked to their
    /// games, standings and rating changes before and after) beside the
    /// audit's index.html and a page for each game to look at.
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
}

/// The most `--k` may be: FIDE's coefficients are 10, 20 and 40.
const MAX_K: f64 = 100.0;

impl Args {
    /// `--k` within what a development coefficient can be.
    pub(super) fn check_k(&self) -> Result<(), Failure> {
        let Some(k) = self.k else {
            return Ok(());
        };
        if k > 0.0 && k <= MAX_K {
            return Ok(());
        }
        Err(Failure::Usage(format!(
            "--k {k}: give the development coefficient, a number above 0 and at most {MAX_K} \
             (FIDE's are 10, 20 and 40)"
        )))
    }

    /// The players of `--rating-list` that `report` names by FIDE id.
    pub(super) fn rating_list(&self, report: &Trf) -> Result<Option<RatingList>, Failure> {
        let Some(path) = &self.rating_list else {
            return Ok(None);
        };
        let bytes = std::fs::read(path)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        let wanted = report
            .players
            .iter()
            .filter_map(|p| p.fide_id.trim().parse().ok())
            .collect();
        let list = RatingList::read(&bytes, &wanted)
            .map_err(|e| Failure::Usage(format!("--rating-list {}: {e}", path.display())))?;
        Ok(Some(list))
    }

    pub(super) fn asked(&self) -> Asked<'_> {
        Asked {
            tiebreaks: self.tiebreaks.as_deref(),
            rules: self.tiebreak_rules,
            unrated: self.unrated_rating,
            score_system: self.score_system,
            match_points: self.match_points,
            team_bye: self.team_bye,
        }
    }
}
