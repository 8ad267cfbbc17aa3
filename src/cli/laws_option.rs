//! The command-line options that choose the Laws, shared by `audit` and
//! `explain`.

use crate::laws::Laws;

/// The old `--regime` values: `15.4` (the rapid-play rules) or `15.3` (the
/// ordinary Laws in a supervised event).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Regime {
    Rapid,
    Standard,
}

/// A `--regime` value that is neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownRegime;

impl std::fmt::Display for UnknownRegime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the regime is 15.4 (rapid-play rules) or 15.3 (the ordinary Laws)")
    }
}

impl std::error::Error for UnknownRegime {}

impl std::str::FromStr for Regime {
    type Err = UnknownRegime;

    fn from_str(s: &str) -> Result<Regime, UnknownRegime> {
        match s {
            "15.4" => Ok(Regime::Rapid),
            "15.3" => Ok(Regime::Standard),
            _ => Err(UnknownRegime),
        }
    }
}

/// Which Laws judge the games.
#[derive(clap::Args, Debug, Clone)]
pub struct LawsOption {
    /// The Laws to judge by: `ru-rapid` (the Russian rapid-play rules:
    /// Article 15 as FIDE's 2014–2017 Appendix A, with 10.2 of the Ministry
    /// of Sport's 2011 rules; every game as a rapid game), `fide-2009`,
    /// `fide-2014`, `fide-2017`, `fide-2018`, `fide-2023` (each game by the
    /// rules of its category in that edition), `us-chess-7` (US Chess's
    /// rulebook, 7th edition: a flag fall against too little material to
    /// win on time, 14E, decided with a forced-mate search), or `by-date`
    /// (the FIDE edition in force when the game's event started: EventDate,
    /// else Date).
    #[arg(long, value_name = "EDITION", default_value = "ru-rapid")]
    pub laws: Laws,
    /// The event had the supervision 15.3 (A.3, B.3 of 2018; A.4, B.2 of
    /// 2023) asks for: the ordinary Laws govern illegal moves — each is
    /// taken back and penalised, and a later one loses.
    #[arg(long)]
    pub supervised: bool,
    /// Deprecated: `--regime 15.3` is `--supervised`.
    #[arg(long, value_name = "15.4|15.3", hide = true)]
    pub regime: Option<Regime>,
}

impl LawsOption {
    /// The Laws and whether the event was supervised.
    pub fn chosen(&self) -> (Laws, bool) {
        let regime_15_3 = self.regime == Some(Regime::Standard);
        (self.laws, self.supervised || regime_15_3)
    }

    /// Says on stderr, once a run, that the old option was used.
    pub fn warn_if_deprecated(&self) {
        if self.regime.is_some() {
            say!(
                "note: --regime is deprecated; use --supervised for 15.3, nothing for 15.4 \
                 (the rule set is --laws)"
            );
        }
    }
}
