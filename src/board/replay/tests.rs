use super::*;
use crate::read::parse::parse_game;

fn play(pgn: &str) -> Replay {
    replay(&parse_game(pgn.as_bytes()), TakeBack::None).unwrap()
}

fn illegal(r: &Replay) -> Vec<(usize, Offence)> {
    r.steps
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.illegal.map(|o| (i + 1, o)))
        .collect()
}

#[test]
fn replays_and_stops_at_unreadable_move() {
    let r = play("1. e4 e5 2. Nf3 0-0 3. Nf9 *");
    assert_eq!(r.plies(), 3);
    assert_eq!(r.steps[2].notation, None);
    let stop = r.stop.clone().unwrap();
    assert_eq!(stop.token, 3);
    assert_eq!(stop.text, "0-0");
    assert_eq!(stop.why, Unplayable::CastlingBlocked, "{stop}");
    let said = "`0-0`: pieces stand between the king and the rook";
    assert_eq!(stop.to_string(), said);
    assert_eq!(r.move_label(4), "2...");
    assert_eq!(r.mover(3), Color::White);
}

#[test]
fn notation_is_read_and_noted() {
    let r = play("1. e2-e4 e7e5 2. Ng1-f3 Nc6 3. Bc4 Nf6 4. 0-0 Bc5 5. Nxc3 *");
    let notes: Vec<_> = r.steps.iter().map(|s| s.notation).collect();
    assert_eq!(notes[0], Some(Irregular::LongAlgebraic));
    assert_eq!(notes[1], Some(Irregular::Uci));
    assert_eq!(notes[6], Some(Irregular::CastlingWithZeros));
    assert_eq!(notes[8], Some(Irregular::XWithoutCapture));
    assert!(r.stop.is_none());
    assert!(illegal(&r).is_empty());
}

#[test]
fn capture_marks_are_notation() {
    let r = play("1. e4 d5 2. ed5 Qxd5 3. Nxf3 *");
    assert_eq!(r.steps[2].notation, Some(Irregular::CaptureWithoutX));
    assert!(r.steps[2].legal);
    assert_eq!(r.steps[4].notation, Some(Irregular::XWithoutCapture));
    assert!(illegal(&r).is_empty());
}

#[test]
fn illegal_moves_are_played_and_described() {
    let r = play("1. e4 e5 2. Qh5 Nc6 3. Nb1-b3 Nf6 4. Qxf7+ Kxf7 *");
    let found = illegal(&r);
    let (role, from, to) = (shakmaty::Role::Knight, Square::B1, Square::B3);
    assert_eq!(found[0], (5, Offence::CannotMove { role, from, to }));
    assert_eq!(found.len(), 1, "{found:?}");
    let r = play("1. e4 f6 2. d4 g5 3. Qh5+ Kf7?? *");
    // The queen on h5 gives check along h5-e8; Kf7 stays on that diagonal.
    assert_eq!(illegal(&r), [(6, Offence::KingIntoCheck)]);
    assert!(
        r.end.as_chess().is_none(),
        "Black's king stands in check with White to move"
    );
}

#[test]
fn leaving_check_castling_and_promotion() {
    let r = play("[FEN \"4k3/P7/8/8/8/8/8/R3K2r w Q - 0 1\"]\n\n1. O-O-O *");
    assert_eq!(illegal(&r), [(1, Offence::CastlesOutOfCheck)]);
    let r = play("[FEN \"4k3/P7/8/8/8/8/8/R3K3 w Q - 0 1\"]\n\n1. a8 Kd7 2. Kd1 *");
    assert_eq!(illegal(&r), [(1, Offence::Unpromoted)]);
    let stuck = r.position_at(1).illegal_position().unwrap().stuck_pawns;
    assert_eq!(stuck, [(Color::White, Square::A8)]);
    let r = play("[FEN \"4k3/8/8/8/8/8/3r4/4K3 w - - 0 1\"]\n\n1. Kf1 Rd1+ 2. Kg2 *");
    assert!(illegal(&r).is_empty());
}

#[test]
fn wrong_setup_forbids_castling() {
    let r = play(
        "[FEN \"rnbqbknr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBKNR w KQkq - 0 1\"]\n\n1. Nf3 Nf6 2. O-O *",
    );
    let misplaced = &r.wrong_setup.as_ref().unwrap().misplaced;
    let white_king = Piece {
        color: Color::White,
        role: Role::King,
    };
    assert!(
        misplaced.contains(&(white_king, Square::F1)),
        "{misplaced:?}"
    );
    let step = &r.steps[2];
    assert!(step.castling_disallowed(), "{step:?}");
    let king = Square::F1;
    assert_eq!(step.illegal, Some(Offence::SetUpKing { king }), "{step:?}");
}

#[test]
fn standard_regime_restores_the_position() {
    let r = replay(
        &parse_game(b"1. e4 e5 2. Nb1-b3 2. Nf3 Nc6 *"),
        TakeBack::All,
    )
    .unwrap();
    assert!(r.steps[2].restored);
    assert_eq!(r.steps[3].mover, Color::White);
    assert_eq!(r.move_label(4), "2.");
    assert!(r.stop.is_none());
    assert!(r.end.as_chess().is_some());
}

#[test]
fn fen_start_and_labels() {
    let r = play("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n[SetUp \"1\"]\n\n30... Kd7 31. e4 *");
    assert_eq!(r.plies(), 2);
    assert_eq!(r.move_label(1), "30...");
    assert_eq!(r.move_label(2), "31.");
    assert_eq!(r.move_label(3), "31...");
    assert_eq!(r.mover(1), Color::Black);
}

#[test]
fn variants_and_960() {
    let rec = parse_game(b"[Variant \"Crazyhouse\"]\n\n1. e4 *");
    assert_eq!(
        replay(&rec, TakeBack::None).unwrap_err(),
        ReplayError::Variant("Crazyhouse".into())
    );
    let r = play(
        "[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 Nd7 10. Ng2 *",
    );
    assert_eq!(r.castling_mode, CastlingMode::Chess960);
    assert!(r.stop.is_none(), "{:?}", r.stop);
    assert!(illegal(&r).is_empty());
    let rec = parse_game(b"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*");
    assert!(matches!(
        replay(&rec, TakeBack::None),
        Err(ReplayError::Setup(_))
    ));
}
