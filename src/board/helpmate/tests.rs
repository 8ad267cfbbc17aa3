use super::*;

#[test]
fn bare_kings_are_dead_and_rook_is_not() {
    assert!(is_dead(&position("8/8/4k3/8/8/3K4/8/8 w - - 0 1").unwrap()));
    assert!(!is_dead(
        &position("8/8/4k3/8/8/3K4/8/7R w - - 0 1").unwrap()
    ));
}

#[test]
fn a_queen_or_rook_against_a_bare_king_can_always_be_helped_to_mate() {
    // The dead check takes these as alive without a search; the full
    // search agrees on each, crowded and cornered ones included.
    for fen in [
        "k7/8/1K6/8/8/8/8/7R b - - 0 1",
        "8/8/8/3k4/8/8/PPPPPPPP/R3K3 w - - 0 1",
        "7k/5K2/8/8/8/8/8/q7 b - - 0 1",
        "K7/8/8/8/8/8/8/k6r w - - 0 1",
        "8/8/8/8/8/2k5/8/K1R5 b - - 0 1",
    ] {
        let pos = position(fen).unwrap();
        let side = if pos.board().by_color(Color::White).count() == 1 {
            Color::Black
        } else {
            Color::White
        };
        assert!(major_against_bare_king(&pos, side), "{fen}");
        assert!(!is_dead(&pos), "{fen}");
        assert!(
            matches!(can_checkmate(&pos, side), Mate::Possible(_)),
            "{fen}"
        );
    }
}

fn line(fen: &str, sans: &[&str]) -> Helpmate {
    let start = position(fen).unwrap();
    let mut pos = start.clone();
    let moves = sans
        .iter()
        .map(|s| {
            let m = s
                .parse::<shakmaty::san::San>()
                .unwrap()
                .to_move(&pos)
                .unwrap();
            pos.play_unchecked(m);
            m
        })
        .collect();
    Helpmate::fixed(start, moves)
}

#[test]
fn helpmate_lines_are_numbered_and_shortened() {
    let fen = "7k/8/6K1/8/8/8/8/R7 b - - 0 40";
    let mate = line(fen, &["Kg8", "Ra8#"]);
    assert_eq!(mate.text(false), "40...Kg8 41. Ra8#");
    let mut long = ["Kg8", "Rb1", "Kh8", "Ra1"].repeat(3);
    long.extend(["Kg8", "Ra8#"]);
    let mate = line(fen, &long);
    assert_eq!(mate.len(), 14);
    assert_eq!(
        mate.text(false),
        "40...Kg8 41. Rb1 Kh8 42. Ra1 Kg8 43. Rb1 Kh8 44. Ra1 Kg8 45. Rb1 … 46...Kg8 47. Ra8#, \
             a helpmate of 14 plies"
    );
    assert_eq!(mate.text(true).matches('#').count(), 1);
    assert!(mate.text(true).starts_with("40...Kg8 41. Rb1"));
}

#[test]
fn answers_are_remembered_and_searches_bounded() {
    let kr_v_k = position("4k3/8/8/8/8/K7/8/R7 b - - 0 1").unwrap();
    let kr_v_k2 = position("4k3/8/8/8/8/K7/8/1R6 b - - 0 1").unwrap();
    let mut solver = Solver::with_budget(1);
    assert!(!solver.is_dead(&kr_v_k));
    assert!(matches!(
        solver.can_checkmate(&kr_v_k, Color::White),
        Mate::Possible(_)
    ));
    assert!(!solver.over_budget, "the second question was remembered");
    assert_eq!(
        solver.can_checkmate(&kr_v_k2, Color::White),
        Mate::Undecided
    );
    assert!(solver.over_budget);
    // The fast check needs no search: answered past the bound too.
    assert_eq!(
        solver.can_checkmate(&kr_v_k2, Color::Black),
        Mate::Impossible
    );
}

#[test]
fn knight_cannot_mate_queen_but_can_mate_rook() {
    let kn_v_kq = position("8/8/4k3/q7/8/3K4/5N2/8 b - - 0 1").unwrap();
    assert_eq!(can_checkmate(&kn_v_kq, Color::White), Mate::Impossible);
    let kn_v_kr = position("8/8/4k3/r7/8/3K4/5N2/8 b - - 0 1").unwrap();
    let Mate::Possible(line) = can_checkmate(&kn_v_kr, Color::White) else {
        panic!("K+N v K+R admits a helpmate");
    };
    let san = line.san();
    assert!(san.last().unwrap().ends_with('#'), "{san:?}");
    let shown = line.san_where(|i| i + 1 == line.len());
    assert_eq!(shown, [(line.len() - 1, san.last().unwrap().clone())]);
}

/// Whether `line` is legal move by move and ends with `loser` mated.
fn mates(line: &Helpmate, loser: Color) -> bool {
    let mut pos = line.start().clone();
    for &m in line.moves() {
        if !pos.is_legal(m) {
            return false;
        }
        pos.play_unchecked(m);
    }
    pos.turn() == loser && pos.is_checkmate()
}

#[test]
fn a_long_helpmate_is_shortened_for_a_reader() {
    // Positions of lichess games (tests/data) whose solver line is long
    // (36 and 85 plies): a rook ending, an opening.
    for (fen, winner) in [
        ("8/8/6pk/7R/2r5/6PK/8/8 b - - 0 50", Color::White),
        (
            "r1bqk1nr/pppp1pp1/2nb3p/4p3/2BPP3/5N2/PPP2PPP/RNBQK2R w KQkq - 0 5",
            Color::White,
        ),
    ] {
        let pos = position(fen).unwrap();
        let Mate::Possible(found) = can_checkmate(&pos, winner) else {
            panic!("{fen}");
        };
        let short = found.short();
        assert!(mates(&found, !winner) && mates(&short, !winner), "{fen}");
        assert!(
            short.len() < found.len() && short.len() <= 20,
            "{fen}: {} -> {}",
            found.len(),
            short.len()
        );
        // Searched once: the copy shares the answer.
        assert_eq!(found.clone().short(), short);
    }
}
