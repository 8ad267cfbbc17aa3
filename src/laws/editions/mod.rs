//! The editions of the Laws the audit knows, one file each. A new edition
//! is a new file here and one line in [`ALL`].

mod fide_2009;
mod fide_2014;
mod fide_2017;
mod fide_2018;
mod fide_2023;
mod seed;

use super::edition::Edition;

pub use fide_2009::FIDE_2009;
pub use fide_2014::FIDE_2014;
pub use fide_2017::FIDE_2017;
pub use fide_2018::FIDE_2018;
pub use fide_2023::FIDE_2023;
pub use seed::SEED;

/// The FIDE editions, oldest first; `by-date` picks among these.
pub static FIDE: [&Edition; 5] = [&FIDE_2009, &FIDE_2014, &FIDE_2017, &FIDE_2018, &FIDE_2023];

/// Every edition `--laws` accepts by name.
pub static ALL: [&Edition; 6] = [
    &SEED, &FIDE_2009, &FIDE_2014, &FIDE_2017, &FIDE_2018, &FIDE_2023,
];
