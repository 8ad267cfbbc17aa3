//! The command-line options that change a verdict, one set for every door
//! that judges a game (`audit`, `explain`, `tournament`): an appeals
//! committee reproduces an audit's row by giving `explain` the options that
//! made it, and `tournament` judges its games as `audit` would.

use std::path::PathBuf;

use crate::board::helpmate::Proof;
use crate::cli::laws_option::LawsOption;
use crate::cli::settings::{GameBytesError, Settings, game_bytes};
use crate::laws::ShortLines;

/// What judges a game.
#[derive(clap::Args, Debug, Clone)]
pub struct JudgingOptions {
    #[command(flatten)]
    pub laws: LawsOption,
    /// Send games that are not rapid by 15.1 to review instead of judging
    /// them by the rapid-play rules.
    #[arg(long)]
    pub only_rapid: bool,
    /// How "cannot checkmate by any series of legal moves" is answered:
    /// `full` finds a helpmate line or proves there is none (for appeals);
    /// `fast` runs only chasolver's fast, sound proof: a correction still
    /// rests on a proof, a confirmation says the side is not shown unable
    /// to mate (for cleaning months of online games).
    #[arg(long, value_enum, default_value = "full")]
    pub proof: Proof,
    /// Which games' helpmate line is searched short: `read`, those a person
    /// reads (rows not confirmed); `all`, every game, which costs a search
    /// of up to 100,000 positions for each confirmed win on time (on
    /// lichess games about 20 times the run's time under `--proof full`:
    /// docs/performance.md). Otherwise the line is the solver's own. Every
    /// door (the row, the HTML page, `explain`, Python) shows the same
    /// line, with its length.
    #[arg(long, value_enum, value_name = "WHICH", default_value = "read")]
    pub short_lines: ShortLines,
    /// How many seconds a clock may rise past what the rules give before it
    /// is reported as a clock change (15.4.1.1). Default: 1 for games played
    /// on lichess or chess.com (their PGN rounds exact clocks), 60 for the
    /// rest (broadcast relays sample the clocks late).
    #[arg(long, value_name = "SECONDS")]
    pub clock_tolerance: Option<f64>,
    /// Claims and arbiter's acts from a CSV file with columns
    /// site, event, round, white, black, ply, command.
    #[arg(long, value_name = "FILE.csv")]
    pub events: Option<PathBuf>,
    /// Syzygy endgame tablebases (*.rtbw): a 10.2 draw claim in a position
    /// they score as no win for the opponent is good.
    #[arg(long, value_name = "DIR")]
    pub syzygy: Option<PathBuf>,
    /// The largest game read whole, in bytes (at least 65536: a game's
    /// first 64 KiB are always kept for its tags); a larger one becomes an
    /// `error` row and reading goes on with the next game.
    #[arg(long, value_name = "BYTES", default_value_t = crate::read::split::MAX_GAME_BYTES,
          value_parser = max_game_bytes)]
    pub max_game_bytes: usize,
}

impl JudgingOptions {
    /// The settings these options ask for, the others the defaults.
    pub fn settings(&self) -> Settings {
        self.laws.warn_if_deprecated();
        let (laws, supervised) = self.laws.chosen();
        Settings {
            laws,
            supervised,
            only_rapid: self.only_rapid,
            proof: self.proof,
            short_lines: self.short_lines,
            clock_tolerance: self.clock_tolerance,
            events: self.events.clone(),
            syzygy: self.syzygy.clone(),
            max_game_bytes: self.max_game_bytes,
            ..Settings::default()
        }
    }

    /// The options that ask for what `settings` judges by: for a door
    /// that takes its values another way (the Python package).
    pub fn of(settings: &Settings) -> JudgingOptions {
        JudgingOptions {
            laws: LawsOption {
                laws: settings.laws,
                supervised: settings.supervised,
                regime: None,
            },
            only_rapid: settings.only_rapid,
            proof: settings.proof,
            short_lines: settings.short_lines,
            clock_tolerance: settings.clock_tolerance,
            events: settings.events.clone(),
            syzygy: settings.syzygy.clone(),
            max_game_bytes: settings.max_game_bytes,
        }
    }
}

/// `--max-game-bytes`: a number no smaller than what is always kept.
fn max_game_bytes(text: &str) -> Result<usize, GameBytesError> {
    let n: usize = text
        .parse()
        .map_err(|_| GameBytesError::NotANumber(text.to_string()))?;
    game_bytes(n)
}
