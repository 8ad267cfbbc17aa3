//! The words a control is written in: English and the languages of
//! `read/words/lang/` (`Std.`, `мин`, `sekund`, `Züge`, `dann`).

use super::Unit;

/// Words that join two parts: `plus`, `and`, `then`, `followed by`,
/// `with` (FIDE's "for the rest of the game with an increment of 30
/// seconds"), and the same in the languages read.
pub(super) const SEPARATORS: [&str; 20] = [
    "+",
    "plus",
    "and",
    "then",
    "followed",
    "with",
    "dann",
    "und",
    "puis",
    "et",
    "luego",
    "y",
    "poi",
    "затем",
    "далее",
    "и",
    "potem",
    "pak",
    "daarna",
    "depois",
];

/// Words that say nothing the periods need.
pub(super) const FILLER: [&str; 31] = [
    "for",
    "the",
    "games",
    "of",
    "in",
    "all",
    "remaining",
    "from",
    "one",
    "each",
    "player",
    "a",
    "an",
    "first",
    "by",
    "starting",
    "added",
    "für",
    "die",
    "der",
    "pour",
    "la",
    "le",
    "les",
    "en",
    "на",
    "в",
    "po",
    "w",
    "na",
    "di",
];

/// The units, in English and the languages read (`Std.`, `мин`, `sekund`).
pub(super) fn unit(word: &str) -> Option<Unit> {
    Some(match word {
        "h" | "hr" | "hrs" | "hour" | "hours" | "std" | "stunde" | "stunden" | "heure"
        | "heures" | "hora" | "horas" | "ora" | "ore" | "uur" | "ч" | "час" | "часа" | "часов"
        | "godz" | "godzina" | "godziny" | "godzin" | "hod" | "hodina" | "hodiny" | "hodin" => {
            Unit::Hours
        }
        "m" | "min" | "mins" | "minute" | "minutes" | "minuten" | "minut" | "minuty"
        | "minutos" | "minuti" | "minuto" | "мин" | "минут" | "минуты" | "минута" => {
            Unit::Minutes
        }
        "s" | "sec" | "secs" | "second" | "seconds" | "sek" | "sekunde" | "sekunden" | "sekund"
        | "sekundy" | "seg" | "segundos" | "segundo" | "secondes" | "seconde" | "secondi"
        | "secondo" | "сек" | "секунд" | "секунды" | "секунда" => {
            Unit::Seconds
        }
        _ => return None,
    })
}

/// `moves` in the languages read (`Züge`, `coups`, `ходов`).
pub(super) fn is_moves(word: &str) -> bool {
    matches!(
        word,
        "move"
            | "moves"
            | "züge"
            | "zuege"
            | "zügen"
            | "zug"
            | "coups"
            | "coup"
            | "jugadas"
            | "jugada"
            | "movimientos"
            | "mosse"
            | "mossa"
            | "zetten"
            | "zet"
            | "lances"
            | "lance"
            | "jogadas"
            | "ходов"
            | "хода"
            | "ход"
            | "ruchów"
            | "ruchy"
            | "ruch"
            | "posunięć"
            | "tahů"
            | "tahy"
            | "tah"
    )
}
