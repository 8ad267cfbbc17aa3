use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Position};

use super::single_legal;
use crate::read::parse::parse_game;
use crate::read::split::Splitter;

fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().unwrap();
    fen.into_position(CastlingMode::Standard).unwrap()
}

/// What `single_legal` and shakmaty say of `san` in `fen`.
fn both(fen: &str, san: &str) -> (Option<String>, Option<String>) {
    let pos = position(fen);
    let san: San = san.parse().unwrap();
    let show = |m: shakmaty::Move| m.to_string();
    (
        single_legal(&pos, san).map(show),
        san.to_move(&pos).ok().map(show),
    )
}

#[test]
fn the_common_moves_are_found_as_shakmaty_finds_them() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for san in ["Nf3", "Nc3", "e4", "e3", "a4", "h3"] {
        let (ours, theirs) = both(start, san);
        assert!(ours.is_some(), "{san}");
        assert_eq!(ours, theirs, "{san}");
    }
    // A capture, a king capture of an undefended piece, a single push to
    // the fourth rank from the third.
    for (fen, san) in [
        ("4k3/8/8/3p4/4P3/5P2/8/4K3 w - - 0 1", "exd5"),
        ("4k3/8/8/3p4/4P3/5P2/8/4K3 w - - 0 1", "f4"),
        ("4k3/8/8/8/8/8/8/3qK3 w - - 0 1", "Kxd1"),
    ] {
        let (ours, theirs) = both(fen, san);
        assert!(ours.is_some(), "{san}");
        assert_eq!(ours, theirs, "{san}");
    }
}

#[test]
fn what_is_not_plainly_legal_is_left_to_shakmaty() {
    let cases = [
        // A pinned knight.
        ("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3"),
        // A king stepping into check, and one capturing a defended piece.
        ("4k3/8/8/8/8/8/3r4/r3K3 w - - 0 1", "Kf1"),
        ("4k3/8/8/8/8/2b5/3q4/4K3 w - - 0 1", "Kxd2"),
        // A move that leaves a check unanswered.
        ("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", "Ra8"),
        // Two knights reach d2: shakmaty calls it ambiguous.
        ("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2"),
        // En passant, promotion, castling, a double push through a piece,
        // a capture written on an empty square, a push onto a piece.
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6"),
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=Q"),
        ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "O-O"),
        ("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e4"),
        ("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "Nxf3"),
        ("4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1", "e3"),
    ];
    for (fen, san) in cases {
        assert_eq!(both(fen, san).0, None, "{san} in {fen}");
    }
}

/// Every legal move of every position of real games, and the moves of the
/// position before (mostly illegal here): where `single_legal` answers, it
/// answers as `San::to_move` does; and it answers for most moves.
#[test]
fn agrees_with_shakmaty_on_every_position_of_real_games() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/lichess-2021-10-first-999.pgn"
    );
    let text = std::fs::read(path).unwrap();
    let (mut asked, mut answered) = (0usize, 0usize);
    let mut check = |pos: &Chess, san: San| {
        asked += 1;
        if let Some(m) = single_legal(pos, san) {
            answered += 1;
            assert_eq!(san.to_move(pos).ok(), Some(m), "{san} in {}", fen(pos));
        }
    };
    let block = Splitter::new(&text[..], text.len())
        .next_block()
        .unwrap()
        .unwrap();
    for game in block.games.iter().take(300) {
        let record = parse_game(&block.data[game.bytes.clone()]);
        let mut pos = Chess::default();
        let mut before: Vec<San> = Vec::new();
        for token in &record.moves {
            let legal: Vec<San> = pos
                .legal_moves()
                .iter()
                .map(|&m| San::from_move(&pos, m))
                .collect();
            for &san in legal.iter().chain(&before) {
                check(&pos, san);
            }
            before = legal;
            let Ok(san) = San::from_ascii(record.token(token)) else {
                break;
            };
            let Ok(m) = san.to_move(&pos) else { break };
            pos.play_unchecked(m);
        }
    }
    assert!(asked > 500_000, "{asked} questions");
    // Legal moves are half the questions; most have a single piece.
    assert!(answered * 10 > asked * 4, "{answered} of {asked}");
}

fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
}
