use super::*;

fn tokens(g: &GameRecord<'_>) -> Vec<String> {
    g.moves
        .iter()
        .map(|m| String::from_utf8_lossy(g.token(m)).into_owned())
        .collect()
}

#[test]
fn reads_tags_moves_and_clocks() {
    let pgn = b"[Event \"Rated \\\"Blitz\\\"\"]\n[White \"Andr\xe9\"][Black \"B\"]\n[Result \"1-0\"]\n\n\
        1. e4 {[%clk 0:03:00]} e5!? {[%clk 0:02:59.5]} {[%emt 0:00:01]} 2.Nf3 $1 (2. d4 {[%clk 9:9:9]}) 2...Nc6 ; rest\n% esc\n1-0\n";
    let g = parse_game(pgn);
    assert_eq!(g.tags.event.as_deref(), Some("Rated \"Blitz\""));
    assert_eq!(g.tags.white.as_deref(), Some("André"));
    assert_eq!(g.tags.black.as_deref(), Some("B"));
    assert_eq!(tokens(&g), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(g.moves[0].clock, Some(Clock(180_000)));
    assert_eq!(g.moves[1].clock, Some(Clock(179_500)));
    assert_eq!(g.moves[1].emt, Some(Clock(1_000)));
    assert_eq!(g.moves[2].clock, None);
    assert_eq!(
        g.result_token,
        Some(GameResult::Win(shakmaty::Color::White))
    );
    assert!(g.damage.is_none());
}

#[test]
fn layout_of_result_tag_and_marker() {
    let pgn = b"[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n";
    let g = parse_game(pgn);
    assert_eq!(&pgn[g.layout.result_tag.clone().unwrap()], b"1-0");
    assert_eq!(&pgn[g.layout.result_token.clone().unwrap()], b"1-0");
    assert_eq!(
        &pgn[..g.layout.tags_end],
        b"[Event \"e\"]\n[Result \"1-0\"]"
    );
}

#[test]
fn a_lone_clock_comment_is_read_like_any_other() {
    // Before the first move it is nobody's clock; ten hours is too long
    // for the quick reading and takes the usual one.
    let g = parse_game(
        b"{ [%clk 0:03:00] } 1. e4 { [%clk 0:02:58] } e5 { [%clk 10:00:01] } 2. Nf3 { [%clk 0:0x:00] } *",
    );
    let clocks: Vec<_> = g.moves.iter().map(|m| m.clock).collect();
    assert_eq!(
        clocks,
        [Some(Clock(178_000)), Some(Clock(36_001_000)), None]
    );
    assert!(g.claims.is_empty() && g.closing_comments.is_empty());
}

#[test]
fn keeps_tokens_that_are_not_san() {
    let g = parse_game(b"1. e2-e4 e8Q 2. P-K4 0-0 *");
    assert_eq!(tokens(&g), ["e2-e4", "e8Q", "P-K4", "0-0"]);
    assert_eq!(g.result_token, Some(GameResult::Unfinished));
}

#[test]
fn annotations_are_not_moves() {
    let g = parse_game("1. e4 += 1... d5 ⩱ 2. exd5 e.p. -- +-- 0-1".as_bytes());
    assert_eq!(tokens(&g), ["e4", "d5", "exd5", "--"]);
}

#[test]
fn claims_follow_their_move() {
    let g = parse_game(b"1. e4 e5 {[%clk 0:01:00] [%claim illegal white]} 2. Nf3 {[%arbiter illegal]} {[%claim bogus]} *");
    let plies: Vec<_> = g.claims.iter().map(|c| c.as_ref().map(|c| c.ply)).collect();
    assert_eq!(plies.len(), 3);
    assert_eq!(plies[0], Ok(2));
    assert_eq!(plies[1], Ok(3));
    assert!(plies[2].is_err());
    assert_eq!(g.moves[1].clock, Some(Clock(60_000)));
}

#[test]
fn lone_carriage_returns() {
    let g = parse_game(b"[Event \"e\"]\r[Site \"s\"]\r\r1. e4 ; note\re5 2. Nf3\r% escape\r*\r");
    assert_eq!(g.tags.site.as_deref(), Some("s"));
    assert_eq!(tokens(&g), ["e4", "e5", "Nf3"]);
    assert_eq!(g.line_of(g.moves[1].span.start as usize), 5);
}

#[test]
fn bom_and_crlf() {
    let g = parse_game(b"\xef\xbb\xbf[Event \"e\"]\r\n\r\n1. d4 d5\r\n1/2-1/2\r\n");
    assert_eq!(g.tags.event.as_deref(), Some("e"));
    assert_eq!(tokens(&g), ["d4", "d5"]);
    assert_eq!(g.result_token, Some(GameResult::Draw));
}

#[test]
fn tcec_engine_comments_give_the_time_left() {
    // TCEC's PGN (Season 19's games as chessprogramming.org quotes them):
    // `tl` is the time left in milliseconds.
    let g = parse_game(
        b"[TimeControl \"1800+5\"]\n\n1. e4 {d=27, sd=49, mt=33540, tl=1771460, s=29874 kN/s} e5 {d=30, sd=51, mt=20000, tl=1785000} 2. Nf3 {book, mytl=5} *",
    );
    let clocks: Vec<Option<u64>> = g
        .moves
        .iter()
        .map(|m| m.clock.map(|c| c.millis()))
        .collect();
    assert_eq!(clocks, [Some(1_771_460), Some(1_785_000), None]);
    // A `[%clk]` in the same comment is the reading.
    let g = parse_game(b"1. e4 {[%clk 0:29:00] tl=1771460} *");
    assert_eq!(g.moves[0].clock.map(|c| c.millis()), Some(1_740_000));
}
