//! Game results as PGN writes them: `1-0`, `0-1`, `1/2-1/2`, `*`.

use std::fmt;

use shakmaty::Color;

/// A game's result, recorded or decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    Win(Color),
    Draw,
    /// `*`: the game is unfinished or its result unknown.
    Unfinished,
}

impl GameResult {
    /// Reads a result the way people write it: `1-0`, `1–0` (en dash),
    /// `1:0`, `½-½`, `½:½`, `1/2`, `0.5-0.5`, `0,5-0,5`, `*`, with
    /// surrounding spaces. Words are not read here (`remis`: see
    /// [`crate::read::parse::GameRecord::recorded_result`]).
    ///
    /// ```
    /// use pgn_arbiter::model::outcome::GameResult;
    /// use shakmaty::Color;
    /// assert_eq!(GameResult::parse("1–0"), Some(GameResult::Win(Color::White)));
    /// assert_eq!(GameResult::parse("0:1"), Some(GameResult::Win(Color::Black)));
    /// assert_eq!(GameResult::parse("½-½"), Some(GameResult::Draw));
    /// assert_eq!(GameResult::parse("0,5-0,5"), Some(GameResult::Draw));
    /// assert_eq!(GameResult::parse("draw?"), None);
    /// ```
    pub fn parse(s: &str) -> Option<GameResult> {
        // Nearly every result is written the standard way: no copy for it.
        match s {
            "1-0" => return Some(GameResult::Win(Color::White)),
            "0-1" => return Some(GameResult::Win(Color::Black)),
            "1/2-1/2" => return Some(GameResult::Draw),
            _ => {}
        }
        let mut norm = String::with_capacity(s.len());
        for c in s.trim().chars() {
            match c {
                '–' | '—' | '‒' | '−' | ':' => norm.push('-'),
                '½' => norm.push_str("1/2"),
                ',' => norm.push('.'),
                ' ' => {}
                c => norm.push(c),
            }
        }
        match norm.as_str() {
            "1-0" | "+-" | "+--" | "+/-" => Some(GameResult::Win(Color::White)),
            "0-1" | "-+" | "--+" | "-/+" => Some(GameResult::Win(Color::Black)),
            "1/2-1/2" | "1/2" | "0.5-0.5" | ".5-.5" | "=" | "=-=" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unfinished),
            _ => None,
        }
    }

    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::Win(c) => Some(c),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::Win(Color::White) => "1-0",
            GameResult::Win(Color::Black) => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether a movetext token is a game termination marker.
#[inline]
pub fn is_result_token(token: &[u8]) -> bool {
    // Runs for every token: a move (a letter first) and a move number
    // (`12.`, `12...`) are ruled out at once.
    match (token.first(), token.last()) {
        (Some(c), _) if c.is_ascii_alphabetic() => return false,
        (_, Some(b'.')) => return false,
        _ => {}
    }
    // `1/2` alone is how some hand-typed files write a draw; German, Czech
    // and Dutch files write `1:0`, `0:1`, `0,5-0,5`.
    matches!(token, b"1-0" | b"0-1" | b"1/2-1/2" | b"1/2" | b"*")
        || token.iter().all(|b| b"0123456789-:.,/".contains(b))
            && std::str::from_utf8(token)
                .ok()
                .and_then(GameResult::parse)
                .is_some()
        || !token.is_ascii()
            && std::str::from_utf8(token)
                .ok()
                .filter(|t| t.contains(['½', '–', '—']))
                .and_then(GameResult::parse)
                .is_some()
}

/// "White" or "Black": a side as a sentence names it.
pub fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// "white" or "black": a side as it qualifies a piece ("a white pawn").
pub fn colour_word(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_variants() {
        for (s, r) in [
            ("1-0", GameResult::Win(Color::White)),
            (" 0-1 ", GameResult::Win(Color::Black)),
            ("1/2-1/2", GameResult::Draw),
            ("½–½", GameResult::Draw),
            ("1—0", GameResult::Win(Color::White)),
            ("*", GameResult::Unfinished),
        ] {
            assert_eq!(GameResult::parse(s), Some(r), "{s}");
        }
        assert_eq!(GameResult::parse("?"), None);
        assert_eq!(GameResult::parse(""), None);
    }

    #[test]
    fn result_tokens() {
        assert!(is_result_token(b"1-0"));
        assert!(is_result_token("½-½".as_bytes()));
        assert!(!is_result_token(b"O-O"));
        assert!(!is_result_token(b"0-0"));
        assert!(is_result_token(b"1/2"));
        for local in ["1:0", "0:1", "0.5-0.5", "0,5-0,5", "1/2:1/2", "½:½"] {
            assert!(is_result_token(local.as_bytes()), "{local}");
        }
        for not_a_result in ["0-0", "0:0", "1.", "12.e4", "0-0-0"] {
            assert!(!is_result_token(not_a_result.as_bytes()), "{not_a_result}");
        }
        assert_eq!(
            GameResult::parse("+/-"),
            Some(GameResult::Win(Color::White))
        );
        assert_eq!(
            GameResult::parse("-/+"),
            Some(GameResult::Win(Color::Black))
        );
    }
}
