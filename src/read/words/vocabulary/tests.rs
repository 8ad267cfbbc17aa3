//! The vocabulary files read whole, each line or its error.

use super::*;

#[test]
fn every_line_of_every_language_reads() {
    let (vocabulary, errors) = Vocabulary::load(LANGUAGES);
    assert!(errors.is_empty(), "{errors:#?}");
    assert!(
        vocabulary.clashes.is_empty(),
        "one phrase, two meanings: {:?}",
        vocabulary.clashes
    );
    assert!(vocabulary.fixed.len() > 500, "{}", vocabulary.fixed.len());
}

#[test]
fn a_bad_line_is_named() {
    let (_, errors) = Vocabulary::load(&[("xx", "win: x\nresignation: \nwon: a? b?\n")]);
    assert_eq!(
        errors,
        [
            "xx.txt line 1: no kind `win`",
            "xx.txt line 2: `` has no word that must be there",
            "xx.txt line 3: `a? b?` has no word that must be there"
        ]
    );
}

#[test]
fn filler_words_are_no_signals() {
    let v = &*VOCABULARY;
    assert!(v.signals.contains("resigns") && v.signals.contains("aufgegeben"));
    assert!(!v.signals.contains("the") && !v.signals.contains("50"));
    assert!(!v.signals.contains("white"), "colours are no signals");
}
