#!/usr/bin/env python3
"""What issue 54 measures of the code, printed per layer.

- worded literals: string literals of four words or more in the deciding
  layers (`board`, `model`, `read`, `laws`, `run`, `tournament`), test code
  left out (`tests.rs`, `tests/` folders, what follows `#[cfg(test)]`) and
  the wording layers (`laws/phrase`, `tournament/phrase`) too: what a stage
  hands on should be data, worded at the edge. Each is told as a finding's
  words, an input error's (inside the `Display` of an error type, or where
  an `Err(...)`, a `TrfError`, an `io::Error` or an `expect` is built: these
  may stay beside their types) or the rules' own text (`laws/editions/`,
  the rulebook's keys into RULES.en.md);
- `Result<_, String>`: functions that return an error as text, everywhere;
- `impl std::error::Error`: error types;
- the lines of `cli/tournament.rs`;
- words asked for while deciding: paths through `phrase::` in `laws/`
  outside `laws/phrase/` (test code aside, the re-exports `pub use
  phrase::…` for the outputs aside), and the `String` fields a verdict's
  reason or an incident's detail was built from (`reason: String`,
  `detail: String` in `laws/` and `model/`).

    scripts/code-measures.py            one line per measure
    scripts/code-measures.py --list     and each worded literal, by file
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent / "src"
DECIDING = ["board", "model", "read", "laws", "run", "tournament"]
WORDING = ["laws/phrase", "tournament/phrase"]


def code_of(path: pathlib.Path) -> str:
    """The file's text without its test module."""
    text = path.read_text(encoding="utf-8")
    cut = text.find("#[cfg(test)]")
    return text if cut < 0 else text[:cut]


def literals(code: str):
    """The string literals of Rust code, comments and chars skipped, each
    with where it starts."""
    i, n = 0, len(code)
    while i < n:
        c = code[i]
        if code.startswith("//", i):
            i = code.find("\n", i)
            i = n if i < 0 else i
        elif code.startswith("/*", i):
            j = code.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c == "r" and re.match(r'r#*"', code[i:]) and not (i and (code[i - 1].isalnum() or code[i - 1] == "_")):
            hashes = re.match(r"r(#*)\"", code[i:]).group(1)
            start = i + 2 + len(hashes)
            end = code.find('"' + hashes, start)
            end = n if end < 0 else end
            yield i, code[start:end]
            i = end + 1 + len(hashes)
        elif c == '"':
            j = i + 1
            while j < n and code[j] != '"':
                j += 2 if code[j] == "\\" else 1
            yield i, code[i + 1 : j]
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", code[i:]):
            i += len(re.match(r"'(\\.|[^\\'])'", code[i:]).group(0))
        else:
            i += 1


def worded(literal: str) -> bool:
    text = re.sub(r"\{[^}]*\}", " ", literal.replace("\\\n", " "))
    return len(re.findall(r"[A-Za-z]{2,}", text)) >= 4


ERROR_TYPE = re.compile(r"(Error|Refusal|Unplayable|Stop|Unjudged|OutOfBounds|Unknown\w+)$")
BUILT_AS_ERROR = re.compile(
    r"Err\(|\berror\(|TrfError|io::Error|expect\(|\bbad\(|panic!|unreachable!|errors\.push|problem"
)


def block_end(code: str, at: int) -> int:
    """Where the block opened by the first `{` from `at` closes."""
    depth, i = 0, code.find("{", at)
    while 0 <= i < len(code):
        depth += {"{": 1, "}": -1}.get(code[i], 0)
        if depth == 0:
            return i
        i += 1
    return len(code)


# Input errors the context does not show, read one by one: why a file is no
# PGN, a record's damage, an events line no game can match, the reader
# thread's end.
LISTED_INPUT_ERRORS = [
    ("read/input.rs", "it holds binary data"),
    ("read/input.rs", "no tag pair, no numbered move"),
    ("read/parse.rs", "comment `{` is never closed"),
    ("read/events.rs", "gives no key column"),
    ("read/events.rs", "matches {count} games"),
    ("run/pipeline.rs", "the reader thread failed"),
]


def kind_of(rel: str, code: str, at: int, literal: str) -> str:
    """What a worded literal at `at` is: a finding's words, an input
    error's, or the rules' text."""
    if rel.startswith("laws/editions/") or rel == "laws/rulebook.rs":
        return "rule text"
    if any(rel == f and literal.startswith(w) for f, w in LISTED_INPUT_ERRORS):
        return "input error"
    impls = list(re.finditer(r"impl\s+(?:std::)?(?:fmt::)?(Display|Debug)\s+for\s+(\w+)", code[:at]))
    inside = bool(impls) and at < block_end(code, impls[-1].end())
    if inside:
        kind, name = impls[-1].group(1), impls[-1].group(2)
        if kind == "Debug" or ERROR_TYPE.search(name):
            return "input error"
        return "finding"
    # The TRF reader's words outside a `Display` are its refusals, each a
    # `TrfError` naming the line and columns.
    if rel.startswith("tournament/trf/"):
        return "input error"
    if BUILT_AS_ERROR.search(code[max(0, at - 240) : at]):
        return "input error"
    return "finding"


def is_test(path: pathlib.Path) -> bool:
    parts = path.relative_to(ROOT).parts
    return path.name == "tests.rs" or "tests" in parts[:-1]


def main() -> None:
    listing = "--list" in sys.argv
    per_layer = {}
    kinds = {}
    found = []
    for layer in DECIDING:
        count = 0
        for path in sorted((ROOT / layer).rglob("*.rs")) + [ROOT / f"{layer}.rs"]:
            if not path.exists() or is_test(path):
                continue
            rel = path.relative_to(ROOT).as_posix()
            if any(rel.startswith(w + "/") or rel == w + ".rs" for w in WORDING):
                continue
            code = code_of(path)
            for at, literal in literals(code):
                if worded(literal):
                    count += 1
                    kind = kind_of(rel, code, at, literal)
                    kinds[kind] = kinds.get(kind, 0) + 1
                    found.append((rel, kind, literal))
        per_layer[layer] = count
    total = sum(per_layer.values())
    layers = ", ".join(f"{k} {v}" for k, v in sorted(per_layer.items(), key=lambda kv: -kv[1]))
    print(f"worded literals in the deciding layers: {total} ({layers})")
    told = ", ".join(f"{k} {kinds.get(k, 0)}" for k in ["finding", "input error", "rule text"])
    print(f"  of which: {told}")
    sources = [p for p in ROOT.rglob("*.rs") if not is_test(p)]
    text_errors = sum(len(re.findall(r"Result<[^;{]*?,\s*String>", code_of(p))) for p in sources)
    print(f"Result<_, String>: {text_errors}")
    errors = sum(len(re.findall(r"impl\s+(std::error::)?Error\s+for", code_of(p))) for p in sources)
    print(f"impl std::error::Error: {errors}")
    lines = len((ROOT / "cli/tournament.rs").read_text(encoding="utf-8").splitlines())
    print(f"cli/tournament.rs: {lines} lines")
    deciding = [
        p for p in (ROOT / "laws").rglob("*.rs")
        if not is_test(p) and "phrase" not in p.relative_to(ROOT / "laws").parts
    ]
    asked = sum(
        1
        for p in deciding
        for line in code_of(p).splitlines()
        if "phrase::" in line and not line.strip().startswith("pub use phrase::")
    )
    print(f"phrase calls while deciding (laws/ outside laws/phrase/): {asked}")
    worded_fields = sum(
        len(re.findall(r"\b(reason|detail):\s*String\b", code_of(p)))
        for layer in ("laws", "model")
        for p in (ROOT / layer).rglob("*.rs")
        if not is_test(p)
    )
    print(f"reason/detail fields held as String: {worded_fields}")
    if listing:
        for rel, kind, literal in found:
            print(f"  {rel} ({kind}): {literal[:100]!r}")


if __name__ == "__main__":
    main()
