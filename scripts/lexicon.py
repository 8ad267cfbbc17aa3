#!/usr/bin/env python3
"""Writes src/read/words/lexicon/: the common words of each language the
ending grammar reads, so that a remark beside an ending (`A fine game.`) can
be told to be in a read language, and a sentence in another language
(`Must võitis ajaga`) told not to be (docs/endings.md, "The ledger").

The words are wordfreq's (https://github.com/rspeer/wordfreq, its data
CC BY-SA 4.0: Wikipedia, OpenSubtitles, SUBTLEX, Google Books, Reddit,
Twitter, news): the N most frequent of each language, plus the words of
chess commentary a general list ranks low (`rook`, `zugzwang`). Each file is
zstd-compressed text, one word a line, as wordfreq writes them; the reader
folds them as it folds a statement (case, Latin accents).

    python3 -m venv /tmp/lex && /tmp/lex/bin/pip install wordfreq==3.1.1 zstandard
    /tmp/lex/bin/python scripts/lexicon.py

The files are data: rerun this when the language list or N changes.
"""

import os
import sys

import wordfreq
import zstandard

# Our code: wordfreq's code. Croatian and Serbian are wordfreq's
# Serbo-Croatian ("sh", Latin script); Serbian Cyrillic is its
# transliteration.
LANGUAGES = {
    "en": "en", "de": "de", "fr": "fr", "es": "es", "it": "it", "nl": "nl",
    "pt": "pt", "ru": "ru", "pl": "pl", "cs": "cs", "sv": "sv", "nb": "nb",
    "da": "da", "fi": "fi", "hu": "hu", "ro": "ro", "tr": "tr", "uk": "uk",
    "hr": "sh", "el": "el", "zh": "zh", "ja": "ja",
}
N = 20000

# Chess commentary's own words, which a general frequency list ranks below N.
CHESS = {
    "en": "pawn pawns rook rooks knight knights bishop bishops queen queens king kings "
          "endgame endgames middlegame opening openings zugzwang sacrifice sacrifices "
          "sacrificed blunder blunders blundered inaccuracy castling castles castled "
          "promotion promotes promoted fianchetto gambit gambits checkmate stalemate "
          "grandmaster grandmasters arbiter arbiters passed doubled isolated backward "
          "kingside queenside outpost pin pinned fork forks skewer tempo tempi "
          "counterplay initiative exchange exchanges recaptures recapture novelty "
          "prophylaxis prophylactic zwischenzug ply plies annotated annotation",
    "de": "bauer bauern turm türme springer läufer dame könig endspiel mittelspiel eröffnung "
          "zugzwang opfer qualität rochade rochiert umwandlung patzer schiedsrichter "
          "großmeister freibauer",
    "fr": "pion pions tour tours cavalier fou dame roi finale ouverture zugzwang sacrifice "
          "roque promotion gaffe arbitre",
    "es": "peón peones torre torres caballo alfil dama rey final apertura zugzwang sacrificio "
          "enroque coronación árbitro",
    "it": "pedone pedoni torre cavallo alfiere donna re finale apertura zugzwang sacrificio "
          "arrocco promozione arbitro",
    "nl": "pion pionnen toren paard loper dame koning eindspel opening zugzwang offer "
          "rokade promotie arbiter",
    "pt": "peão peões torre cavalo bispo dama rei final abertura zugzwang sacrifício roque "
          "promoção árbitro",
    "ru": "пешка пешки ладья ладьи конь слон ферзь король эндшпиль дебют цугцванг жертва "
          "рокировка превращение арбитр гроссмейстер",
    "pl": "pionek pionki wieża skoczek goniec hetman król końcówka debiut zugzwang "
          "poświęcenie roszada promocja sędzia arcymistrz",
    "cs": "pěšec pěšci věž jezdec střelec dáma král koncovka zahájení zugzwang oběť "
          "rošáda proměna rozhodčí velmistr",
}


def serbian_cyrillic(word):
    """The Serbian Cyrillic spelling of a Serbo-Croatian Latin word."""
    pairs = [("lj", "љ"), ("nj", "њ"), ("dž", "џ")]
    single = dict(zip("abcčćdđefghijklmnoprsštuvzž", "абцчћдђефгхијклмнопрсштувзж"))
    out, i = "", 0
    while i < len(word):
        two = word[i:i + 2]
        hit = next((c for l, c in pairs if two == l), None)
        if hit:
            out, i = out + hit, i + 2
        elif word[i] in single:
            out, i = out + single[word[i]], i + 1
        else:
            return None
    return out


def words_of(code, source):
    words = wordfreq.top_n_list(source, N)
    words += CHESS.get(code, "").split()
    if code == "hr":
        words += [c for c in map(serbian_cyrillic, words) if c]
    seen, kept = set(), []
    for w in words:
        if w not in seen:
            seen.add(w)
            kept.append(w)
    return kept


def main():
    root = os.path.join(os.path.dirname(__file__), "..", "src", "read", "words", "lexicon")
    os.makedirs(root, exist_ok=True)
    compressor = zstandard.ZstdCompressor(level=19)
    total = 0
    for code, source in LANGUAGES.items():
        data = "\n".join(words_of(code, source)).encode("utf-8")
        packed = compressor.compress(data)
        with open(os.path.join(root, f"{code}.zst"), "wb") as f:
            f.write(packed)
        total += len(packed)
        print(f"{code}: {len(data)} bytes, {len(packed)} compressed", file=sys.stderr)
    print(f"{len(LANGUAGES)} languages, {total} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
