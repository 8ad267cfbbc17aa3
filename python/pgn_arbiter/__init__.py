"""Audit recorded chess results against the Laws of Chess, into pyarrow tables.

pgn_arbiter replays every game of a PGN source move by move (illegal moves
included: an unclaimed illegal move stands) and decides the result the
rules give, under the Russian rapid-play rules (Article 15.4, 10.2) or any
FIDE edition from 2009 to 2023. It is the ``pgn-arbiter`` command line's
audit, run in this process: the same options, the same verdicts, the same
columns as ``verdicts.csv`` and ``incidents.csv``, typed.

>>> import pgn_arbiter as pa
>>> report = pa.audit("[Result \\"1-0\\"]\\n\\n1. f3 e5 2. g4 Qh4# 1-0\\n")
>>> report.verdicts.column("correct_result")[0].as_py()
'0-1'

Functions: :func:`audit` (tables), :func:`audit_batches` (record batches in
constant memory), :func:`audit_game` (one game, as dicts), :func:`explain`
(the story of one game, as ``pgn-arbiter explain`` tells it),
:func:`tournament` (a tournament's report checked against its games, as
``pgn-arbiter tournament`` does, its reports as tables).
"""

from __future__ import annotations

import inspect
import json
import os
import warnings
from typing import Any, Iterable, Iterator, Optional, Sequence, Tuple, Union

import pyarrow

from ._native import VERSION, NotPgnError
from . import _native

__all__ = [
    "audit",
    "audit_batches",
    "audit_game",
    "explain",
    "tournament",
    "Report",
    "TournamentReport",
    "Batches",
    "NotPgnError",
    "InputWarning",
    "VERDICT_SCHEMA",
    "INCIDENT_SCHEMA",
]
__version__ = VERSION

VERDICT_SCHEMA, INCIDENT_SCHEMA = _native.schemas()
"""The Arrow schemas of the verdicts and the incidents tables."""

_TEXT_NAME = "<text>"


class InputWarning(UserWarning):
    """Part of the input could not be read (a truncated file, an unreadable
    folder); the rest was audited. ``summary["errors"]`` lists each."""


class Report:
    """What :func:`audit` returns.

    Attributes:
        verdicts: a ``pyarrow.Table``, one row per game (``verdicts.csv``'s
            columns, typed).
        incidents: a ``pyarrow.Table``, one row per incident.
        summary: the dict ``summary.json`` holds: counts by status, rule,
            incident and ending, the inputs, the options.
    """

    def __init__(self, verdicts: pyarrow.Table, incidents: pyarrow.Table, summary: dict):
        self.verdicts = verdicts
        self.incidents = incidents
        self.summary = summary

    def __repr__(self) -> str:
        return (
            f"<pgn_arbiter.Report: {self.verdicts.num_rows} verdicts, "
            f"{self.incidents.num_rows} incidents>"
        )


class Batches:
    """What :func:`audit_batches` returns: an iterator of
    ``(verdicts, incidents)`` ``pyarrow.RecordBatch`` pairs, in input order.
    ``summary`` is set once the iterator is exhausted; ``close()`` (or
    leaving a ``with`` block) stops the audit early."""

    def __init__(self, run: Any):
        self._run = run
        self._stop = run.stopper()
        self.summary: Optional[dict] = None

    def __iter__(self) -> "Batches":
        return self

    def __next__(self) -> Tuple[pyarrow.RecordBatch, pyarrow.RecordBatch]:
        try:
            return next(self._run)
        except StopIteration:
            if self.summary is None and self._run.summary is not None:
                self.summary = _finished(self._run.summary)
            raise

    def close(self) -> None:
        """Stops the audit, if it is still running; from any thread (a
        thread waiting for the next batch then gets ``StopIteration``)."""
        self._stop.set()
        try:
            self._run.cancel()
        except RuntimeError:
            pass  # another thread waits in next(): it stops the audit

    def __enter__(self) -> "Batches":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def audit(
    source: Any,
    *,
    laws: str = "ru-rapid",
    proof: str = "full",
    short_lines: str = "read",
    threads: Optional[int] = None,
    supervised: bool = False,
    events: Union[str, os.PathLike, None] = None,
    only_rapid: bool = False,
    clock_tolerance: Optional[float] = None,
    syzygy: Union[str, os.PathLike, None] = None,
    max_game_bytes: Optional[int] = None,
    rows: str = "all",
    shard: Optional[str] = None,
) -> Report:
    """Audit every game of ``source``; return a :class:`Report`.

    Args:
        source: what to audit: a path or a folder (walked for ``*.pgn``,
            ``*.json``, ``*.ndjson``, ``*.jsonl``, each also ``.gz``, ``.bz2``,
            ``.zst``), a list of paths, PGN or a server's JSON export as text
            (``str`` holding a newline or starting with ``[`` or ``{``, or
            ``bytes``), a server's game or month as ``json.loads`` gives it
            (a ``dict``, or a list of them), or a binary file object (read
            whole: give a path for archives larger than memory).
        laws: the Laws to judge by: ``"ru-rapid"`` (the Russian rapid-play
            rules, every game as rapid), ``"fide-2009"``, ``"fide-2014"``,
            ``"fide-2017"``, ``"fide-2018"``, ``"fide-2023"`` (each game by
            its category's rules in that edition), or ``"by-date"`` (the FIDE
            edition in force when the game was played).
        proof: how "cannot checkmate by any series of legal moves" is
            answered: ``"full"`` (a helpmate line or a proof there is none;
            for appeals) or ``"fast"`` (only the fast, sound proof; for
            cleaning months of online games).
        short_lines: which games' helpmate line is searched short:
            ``"read"`` (rows that are not confirmed; a confirmed row cites
            the solver's own line with its length) or ``"all"`` (every row,
            at about 20 times the time under ``proof="full"``). Every door
            (the row, the HTML page, ``explain``) shows the same line.
        threads: worker threads (default: all cores).
        supervised: the event had the supervision Article 15.3 asks for:
            illegal moves are taken back and penalised.
        events: a CSV file of claims and arbiter's acts (columns site, event,
            round, white, black, ply, command).
        only_rapid: send games that are not rapid by 15.1 to review instead
            of judging them by the rapid-play rules.
        clock_tolerance: seconds a clock may rise past what the rules give
            before it is a clock change (default: 1 on lichess and
            chess.com, 60 elsewhere).
        syzygy: a folder of Syzygy tablebases (``*.rtbw``).
        max_game_bytes: the largest game read whole (default 16 MiB); a
            larger one becomes an ``error`` row.
        rows: ``"all"``, or ``"flagged"`` for verdict rows of the games
            that are not ``confirmed`` only (every incident is kept).
        shard: ``"K/N"``: only the games that start in the K-th of N equal
            byte ranges of one uncompressed file.

    Returns:
        A :class:`Report`: ``verdicts`` and ``incidents`` as
        ``pyarrow.Table``, ``summary`` as a dict.

    Raises:
        FileNotFoundError: a path does not exist.
        NotPgnError: a file (or the text) is not PGN.
        ValueError: an option has a value the command line refuses.
        KeyboardInterrupt: Ctrl-C; the audit stops within a block of games.
    """
    options, paths, text, name = _call(source, locals())
    run = _native.start(options, paths, text, name, 1 << 16)
    pairs = list(run)
    # One dictionary per column across the batches: pyarrow's own group_by
    # refuses chunks whose dictionaries differ.
    verdicts = pyarrow.Table.from_batches([v for v, _ in pairs], schema=VERDICT_SCHEMA)
    verdicts = verdicts.unify_dictionaries()
    incidents = pyarrow.Table.from_batches([i for _, i in pairs], schema=INCIDENT_SCHEMA)
    incidents = incidents.unify_dictionaries()
    return Report(verdicts, incidents, _finished(run.summary))


def audit_batches(source: Any, *, batch_rows: int = 65536, **options: Any) -> Batches:
    """Audit ``source`` as :func:`audit` does, handing the rows over in
    ``(verdicts, incidents)`` record batch pairs, in input order, in
    constant memory: for archives larger than memory.

    Args:
        source: as in :func:`audit`.
        batch_rows: about how many verdict rows a batch holds, or incident
            rows when they are more (``rows="flagged"`` on a month of
            confirmed games with incidents); whole games: a game's
            incidents come in the same pair as its verdict.
        **options: the other arguments are :func:`audit`'s keyword
            arguments (``laws``, ``proof``, ``short_lines``, ``threads``,
            ``supervised``, ``events``, ``only_rapid``, ``clock_tolerance``,
            ``syzygy``, ``max_game_bytes``, ``rows``, ``shard``), with its
            defaults.

    Returns:
        A :class:`Batches` iterator; its ``summary`` is set at the end.

    Raises:
        The exceptions of :func:`audit`, from the call or while iterating.
    """
    if not isinstance(batch_rows, int) or batch_rows < 1:
        raise ValueError(f"batch_rows={batch_rows!r}: give a number of rows from 1 up")
    # audit's signature names the options, and refuses any other.
    bound = inspect.signature(audit).bind(source, **options)
    bound.apply_defaults()
    options, paths, text, name = _call(source, bound.arguments)
    return Batches(_native.start(options, paths, text, name, batch_rows))


def audit_game(game: Any, **options: Any) -> Tuple[dict, list]:
    """Audit one game: its PGN text (``str`` or ``bytes``), or a lichess or
    chess.com game object (its JSON text, or the ``dict`` ``json.loads``
    gives).

    A ``chess.pgn.Game`` (python-chess) is refused: it is python-chess's
    reading of a record, not the record. python-chess writes the Result
    tag over the movetext's result, closes a comment the record left open
    and drops moves written on a tag's line, without an error, and the
    verdict on its rewrite is not the verdict on the record. Give the
    record's text (for a file, :func:`audit` judges every game; to judge
    python-chess's own export knowingly, give ``str(game)``).

    Args:
        game: the game's PGN text, or its server's game object.
        **options: :func:`audit`'s keyword arguments; ``rows`` changes
            nothing (one game gives its row, whatever its verdict).

    Returns:
        ``(verdict, incidents)``: the verdict row as a dict, and a list of
        the incident rows as dicts.

    Raises:
        TypeError: ``game`` is not text (a ``chess.pgn.Game`` among them).
        ValueError: the text holds no game, or more than one.
        The exceptions of :func:`audit`.
    """
    if isinstance(game, dict):
        game = json.dumps(game)
    if not isinstance(game, (str, bytes, bytearray)):
        if hasattr(game, "accept"):
            raise TypeError(
                "audit_game takes the game's PGN text, not a chess.pgn.Game: python-chess "
                "rewrites a record as it reads it (the Result tag over the movetext's result, "
                "a comment left open closed, moves on a tag's line dropped) without an error, "
                "so its game is not the record. Give the record's text; to judge "
                "python-chess's export knowingly, give str(game)"
            )
        raise TypeError(
            f"audit_game takes PGN text or a server's game object, not {type(game).__name__}"
        )
    # One game gives its row whatever its verdict: rows= has nothing to
    # leave out, and a confirmed game is still the game.
    options.pop("rows", None)
    text = game.encode("utf-8") if isinstance(game, str) else bytes(game)
    report = audit(text, **options)
    if report.verdicts.num_rows != 1:
        raise ValueError(
            f"audit_game takes one game; this text holds {report.verdicts.num_rows}: "
            "use audit() for several"
        )
    return report.verdicts.to_pylist()[0], report.incidents.to_pylist()


def explain(
    source: Any = None,
    game: Optional[int] = None,
    site: Optional[str] = None,
    *,
    fen: Optional[str] = None,
    laws: str = "ru-rapid",
    supervised: bool = False,
    proof: str = "full",
    events: Union[str, os.PathLike, None] = None,
    only_rapid: bool = False,
    clock_tolerance: Optional[float] = None,
    syzygy: Union[str, os.PathLike, None] = None,
    max_game_bytes: Optional[int] = None,
) -> str:
    """The story of one game as ``pgn-arbiter explain`` tells it: the
    players and the time control, each incident with the clocks, the board
    and the clause, then the verdict and why. Or, with ``fen``, whether each
    side can still checkmate in that position.

    Args:
        source: a PGN file's path, or PGN text (``str`` or ``bytes``).
        game: which game of the source, counting from 1 (default: the first).
        site: the game whose Site, Link or GameURL is this address.
        fen: a position to tell about instead of a game.
        laws: as in :func:`audit`. Give this and the next ones as the
            audit's row was made with, and the game is told as it was
            judged.
        supervised: as in :func:`audit`.
        proof: as in :func:`audit`.
        events: as in :func:`audit`: a claim kept in the events file is
            told as the audit applied it.
        only_rapid: as in :func:`audit`.
        clock_tolerance: as in :func:`audit`.
        syzygy: as in :func:`audit`.
        max_game_bytes: as in :func:`audit`.

    Returns:
        The text, without colour.

    Raises:
        FileNotFoundError, NotPgnError, ValueError: as :func:`audit`.
        OSError: the game asked for is not in the source.
    """
    which = {"game": game, "site": site, "fen": fen}
    options = _judging(locals())
    if fen is not None:
        return _native.explain(which, options, None, None, _TEXT_NAME)
    if source is None:
        raise ValueError("give a PGN file or text, or fen=")
    paths, text, name = _source(source)
    return _native.explain(which, options, paths, text, name)


class TournamentReport:
    """What :func:`tournament` returns: its report files as tables.

    Attributes:
        summary: what ``pgn-arbiter tournament`` prints.
        output: the folder the files were written to.
        pairings, standings, ratings: ``pyarrow.Table`` of ``pairings.csv``,
            ``standings.csv``, ``ratings.csv``.
        team_standings, team_matches: of ``team-standings.csv`` and
            ``team-matches.csv`` in a team competition, else ``None``.
    """

    def __init__(self, summary: str, output: str):
        import pyarrow.csv as pacsv

        self.summary = summary
        self.output = output

        def table(name: str) -> Optional[pyarrow.Table]:
            path = os.path.join(output, name)
            return pacsv.read_csv(path) if os.path.exists(path) else None

        self.pairings = table("pairings.csv")
        self.standings = table("standings.csv")
        self.ratings = table("ratings.csv")
        self.team_standings = table("team-standings.csv")
        self.team_matches = table("team-matches.csv")

    def __repr__(self) -> str:
        teams = "" if self.team_standings is None else f", {self.team_standings.num_rows} teams"
        return f"<pgn_arbiter.TournamentReport: {self.standings.num_rows} players{teams}>"


def tournament(
    report: Union[str, os.PathLike],
    games: Union[str, os.PathLike, Sequence[Union[str, os.PathLike]]],
    output: Union[str, os.PathLike],
    *,
    laws: str = "ru-rapid",
    supervised: bool = False,
    proof: str = "full",
    events: Union[str, os.PathLike, None] = None,
    only_rapid: bool = False,
    clock_tolerance: Optional[float] = None,
    syzygy: Union[str, os.PathLike, None] = None,
    max_game_bytes: Optional[int] = None,
    k: Optional[float] = None,
    rating_list: Union[str, os.PathLike, None] = None,
    tiebreaks: Optional[Sequence[str]] = None,
    tiebreak_rules: Optional[str] = None,
    unrated_rating: Optional[int] = None,
    score_system: Optional[str] = None,
    match_points: Optional[Tuple[float, float, float]] = None,
    team_bye: Optional[Tuple[float, float]] = None,
    html: Union[str, os.PathLike, None] = None,
) -> "TournamentReport":
    """A tournament's report (TRF) checked against its games, as
    ``pgn-arbiter tournament`` checks it (the same code): the games audited,
    matched to the pairings, the proven results applied, the standings,
    tie-breaks, rating changes and, in a team competition, the team
    standings and matches before and after. The files are written into
    ``output``; their tables are returned.

    Args:
        report: the TRF file.
        games: a PGN file or folder, or several.
        output: the folder for the reports (created if missing).
        laws, supervised, proof, events, only_rapid, clock_tolerance,
            syzygy, max_game_bytes: how the games are judged, as in
            :func:`audit`.
        k: the development coefficient of every rated player; by default
            each player's, as FIDE's rating regulations set it (the
            command's ``--k``).
        rating_list: FIDE's rating list, its TXT download unzipped: each
            player's K as FIDE published it (``--rating-list``).
        tiebreaks: the tie-breaks' C.07 codes in order (the teams' in a team
            competition); default: the report's own, else the defaults.
        tiebreak_rules: ``"2024"`` or ``"2026"`` (default: by the event's start).
        unrated_rating: the rating an unrated opponent counts as in ARO.
        score_system: what each result gives a player, as ``"W=3 D=1"``.
        match_points: a team match won, drawn and lost, as ``(2, 1, 0)``.
        team_bye: a team's pairing-allocated bye, ``(match points, game points)``.
        html: also write the HTML report into this folder.

    Raises:
        ValueError: an option the command line would refuse.
        FileNotFoundError, OSError: a file that cannot be read or written.
    """
    paths = [games] if isinstance(games, (str, os.PathLike)) else list(games)
    judging = _judging(locals())
    options = {
        "k": None if k is None else float(k),
        "rating_list": None if rating_list is None else os.fspath(rating_list),
        "tiebreaks": None if tiebreaks is None else list(tiebreaks),
        "tiebreak_rules": tiebreak_rules,
        "unrated_rating": unrated_rating,
        "score_system": score_system,
        "match_points": match_points,
        "team_bye": team_bye,
        "html": None if html is None else os.fspath(html),
    }
    said = _native.tournament(
        os.fspath(report), [os.fspath(p) for p in paths], os.fspath(output), options, judging
    )
    return TournamentReport(said, os.fspath(output))


_OPTIONS = (
    "laws",
    "supervised",
    "proof",
    "short_lines",
    "threads",
    "events",
    "only_rapid",
    "clock_tolerance",
    "syzygy",
    "max_game_bytes",
    "rows",
    "shard",
)


# The options that judge a game, for the doors that take no others.
_JUDGING = (
    "laws",
    "supervised",
    "proof",
    "events",
    "only_rapid",
    "clock_tolerance",
    "syzygy",
    "max_game_bytes",
)


def _judging(arguments: dict) -> dict:
    """:func:`audit`'s options as the native module takes them, the ones
    that judge a game from ``arguments``, the rest their defaults."""
    options = {key: None for key in _OPTIONS}
    options.update(supervised=False, only_rapid=False)
    options.update({key: arguments[key] for key in _JUDGING})
    return _no_bool_numbers(options)


def _no_bool_numbers(options: dict) -> dict:
    """A ``bool`` is an ``int`` to Python, and ``threads=True`` would be one
    thread: a number option refuses it as a value of the wrong type."""
    for key in ("threads", "clock_tolerance", "max_game_bytes"):
        if isinstance(options.get(key), bool):
            raise TypeError(f"{key}={options[key]!r}: give a number, not a bool")
    return options


def _call(source: Any, arguments: dict) -> Tuple[dict, Optional[list], Optional[bytes], str]:
    """The options of the keyword arguments, each as given (the native
    module checks their types and values), and the source."""
    options = _no_bool_numbers({key: arguments[key] for key in _OPTIONS})
    return (options,) + _source(source)


def _source(source: Any) -> Tuple[Optional[list], Optional[bytes], str]:
    """``(paths, text, name)``: a source as the native module takes it."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return None, bytes(source), _TEXT_NAME
    if _is_game_object(source):
        return None, json.dumps(source).encode("utf-8"), _TEXT_NAME
    if isinstance(source, str) and not source.strip():
        raise ValueError("source is an empty string: give a path, a list of paths or PGN text")
    if isinstance(source, str) and _is_pgn_text(source):
        return None, source.encode("utf-8"), _TEXT_NAME
    if isinstance(source, (str, os.PathLike)):
        return [os.fspath(source)], None, _display(os.fspath(source))
    if hasattr(source, "read"):
        data = source.read()
        if isinstance(data, str):
            data = data.encode("utf-8")
        return None, bytes(data), str(getattr(source, "name", "<stream>"))
    if isinstance(source, Iterable):
        paths = [os.fspath(p) for p in source]
        if not paths:
            raise ValueError("the list of paths is empty: give at least one PGN file")
        return paths, None, ""
    raise TypeError(
        "source is a path, a list of paths, PGN or JSON text, a server's game object "
        "or a binary file object, "
        f"not {type(source).__name__}"
    )


def _is_pgn_text(text: str) -> bool:
    """A path has no newline and does not start like a game, unless it
    names a file that is there (``"1. e4 e5.pgn"`` is a path)."""
    if "\n" in text:
        return True
    head = text.lstrip("\ufeff \t")
    return (head.startswith(("[", "{")) or head[:2] == "1.") and not os.path.exists(text)


def _is_game_object(source: Any) -> bool:
    """A server's game as ``json.loads`` gives it (a lichess game, a
    chess.com month), or a list of them."""
    if isinstance(source, list):
        return bool(source) and all(isinstance(item, dict) for item in source)
    return isinstance(source, dict)


def _display(path: str) -> str:
    """A path's name as text, whatever its bytes (a Latin-1 file name is
    no UTF-8: its bytes are written as escapes, never raised on)."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def _finished(summary_json: Optional[str]) -> dict:
    summary = json.loads(summary_json) if summary_json else {}
    errors = [_native.printable(problem) for problem in summary.get("errors", [])]
    if errors and summary.get("games") == 0:
        # As the command line's exit 1: no table stands for inputs that
        # could not be read, even where warnings are ignored.
        raise OSError("no game was read: " + "; ".join(errors))
    for problem in errors:
        warnings.warn(problem, InputWarning, stacklevel=3)
    return summary
