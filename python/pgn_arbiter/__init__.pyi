import os
from typing import Any, Iterator, List, Optional, Sequence, Tuple, TypedDict, Union

from typing_extensions import Unpack

import pyarrow

Source = Union[
    str, bytes, bytearray, memoryview, os.PathLike, Sequence[Union[str, os.PathLike]], dict, Sequence[dict], Any
]
PathArg = Union[str, os.PathLike, None]

__version__: str
VERDICT_SCHEMA: pyarrow.Schema
INCIDENT_SCHEMA: pyarrow.Schema

class NotPgnError(ValueError): ...
class InputWarning(UserWarning): ...

class Report:
    verdicts: pyarrow.Table
    incidents: pyarrow.Table
    summary: dict
    def __init__(self, verdicts: pyarrow.Table, incidents: pyarrow.Table, summary: dict) -> None: ...

class Batches(Iterator[Tuple[pyarrow.RecordBatch, pyarrow.RecordBatch]]):
    summary: Optional[dict]
    def __iter__(self) -> Batches: ...
    def __next__(self) -> Tuple[pyarrow.RecordBatch, pyarrow.RecordBatch]: ...
    def close(self) -> None: ...
    def __enter__(self) -> Batches: ...
    def __exit__(self, *exc: Any) -> None: ...

class AuditOptions(TypedDict, total=False):
    laws: str
    proof: str
    short_lines: str
    threads: Optional[int]
    supervised: bool
    events: PathArg
    only_rapid: bool
    clock_tolerance: Optional[float]
    syzygy: PathArg
    max_game_bytes: Optional[int]
    rows: str
    shard: Optional[str]

def audit(source: Source, **options: Unpack[AuditOptions]) -> Report: ...
def audit_batches(
    source: Source, *, batch_rows: int = ..., **options: Unpack[AuditOptions]
) -> Batches: ...
def audit_game(game: Any, **options: Unpack[AuditOptions]) -> Tuple[dict, List[dict]]: ...
def explain(
    source: Any = ...,
    game: Optional[int] = ...,
    site: Optional[str] = ...,
    *,
    fen: Optional[str] = ...,
    laws: str = ...,
    supervised: bool = ...,
    proof: str = ...,
    events: PathArg = ...,
    only_rapid: bool = ...,
    clock_tolerance: Optional[float] = ...,
    syzygy: PathArg = ...,
    max_game_bytes: Optional[int] = ...,
) -> str: ...

class TournamentReport:
    summary: str
    output: str
    pairings: pyarrow.Table
    standings: pyarrow.Table
    ratings: pyarrow.Table
    team_standings: Optional[pyarrow.Table]
    team_matches: Optional[pyarrow.Table]
    def __init__(self, summary: str, output: str) -> None: ...

def tournament(
    report: Union[str, os.PathLike],
    games: Union[str, os.PathLike, Sequence[Union[str, os.PathLike]]],
    output: Union[str, os.PathLike],
    *,
    laws: str = ...,
    supervised: bool = ...,
    proof: str = ...,
    events: PathArg = ...,
    only_rapid: bool = ...,
    clock_tolerance: Optional[float] = ...,
    syzygy: PathArg = ...,
    max_game_bytes: Optional[int] = ...,
    k: float = ...,
    tiebreaks: Optional[Sequence[str]] = ...,
    tiebreak_rules: Optional[str] = ...,
    unrated_rating: Optional[int] = ...,
    score_system: Optional[str] = ...,
    match_points: Optional[Tuple[float, float, float]] = ...,
    team_bye: Optional[Tuple[float, float]] = ...,
    html: PathArg = ...,
) -> TournamentReport: ...
