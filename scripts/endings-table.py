#!/usr/bin/env python3
"""Prints docs/endings.md's section "The languages" from the words files
(src/read/words/lang/*.txt): what is read, language by language.
tests/docs.rs checks that the document holds every line of it.

    scripts/endings-table.py > /tmp/languages.md
"""
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
ORDER = ["en", "de", "fr", "es", "it", "nl", "pt", "ru", "pl", "cs", "sv", "nb", "da", "fi", "hu", "ro",
         "tr", "uk", "hr", "el", "zh", "ja"]


def section():
    out = ["## The languages", "",
           "Every phrase the grammar reads, as `src/read/words/lang/` writes it (`a|b` either word, "
           "`w?` optional, `{side}` a player, `{other}` the other player, `{n}` a number; phrases "
           "apart by `;`). Where each file's words come from is at its top and in its tests "
           "(`src/read/words/tests.rs`, one test per language, real phrases marked so). Made by "
           "`scripts/endings-table.py`.", ""]
    for code in ORDER:
        lines = (ROOT / "src/read/words/lang" / f"{code}.txt").read_text(encoding="utf-8").splitlines()
        title = lines[0].lstrip("# ").split(":")[0]
        out += [f"### {title} (`{code}.txt`)", "", "| kind | phrases |", "|---|---|"]
        for line in lines:
            if not line.strip() or line.startswith("#") or line.startswith("filler"):
                continue
            head, phrases = line.split(":", 1)
            cell = phrases.strip().replace("|", "\\|")
            out.append(f"| {head.strip()} | {cell} |")
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    print(section())
