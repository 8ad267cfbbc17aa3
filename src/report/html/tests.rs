use super::*;

#[test]
fn board_has_64_squares_and_the_pieces() {
    let svg = svg_board(&Board::default(), &[Square::E2, Square::E4]);
    assert_eq!(svg.matches("<rect").count(), 64);
    assert_eq!(svg.matches("#e8d56b").count(), 2);
    assert_eq!(svg.matches('♟').count(), 16);
    assert_eq!(svg.matches(r##"fill="#fff""##).count(), 16);
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
}

#[test]
fn controls_read_as_a_person_says_them() {
    assert_eq!(readable_control("60+0"), "1 min + 0 s");
    assert_eq!(readable_control("5400+30"), "90 min + 30 s");
    assert_eq!(readable_control("600"), "10 min + 0 s");
    assert_eq!(readable_control("45+1"), "45+1");
    assert_eq!(readable_control("40/7200:3600"), "40/7200:3600");
}

#[test]
fn page_names_are_readable_and_unique() {
    let names: Vec<String> = [
        "otb/Colombia Events 2008-2019.pgn",
        "a/x.pgn.zst",
        "b/x.pgn",
        "x-2.pgn",
        "=HYPERLINK(\"http:__evil\",\"open\").pgn",
        "-",
        "..pgn",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let stems = page_stems(&names);
    assert_eq!(
        stems,
        [
            "colombia-events-2008-2019",
            "x",
            "x-2",
            "x-2-2",
            "hyperlink-http-__evil-open",
            "stdin",
            "games"
        ]
    );
    assert_eq!(
        page_name(&stems[0], 439),
        "games/colombia-events-2008-2019-439.html"
    );
}
