"""Results as Parquet (`--out FILE.parquet`): one row per finished game, kept as games
finish, and resumable (`--resume`). pyarrow is the optional extra palantir[parquet].

A Parquet file can be read only once its footer is written, and a writer left open by a
killed run never writes it. So each flush writes the whole file anew beside it (one row
group per flush) and renames it into place: whatever stops the run (Ctrl-C, kill -9, a
power cut), the file on disk is a complete one with every game up to the last flush.
The last write sorts the rows by cell and game, so the finished file is the same for any
number of workers and for a run resumed any number of times.
"""

from __future__ import annotations

import json
import math
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..engine.errors import PalantirError
from ..engine.game import Game, Outcome

try:
    import pyarrow as pa
    import pyarrow.parquet as pq
except ImportError:  # the optional extra; --out then refuses, naming it
    pa = pq = None

FORMAT = "palantir-results/1"
HEADER_KEY = b"palantir"
# A flush rewrites the file: at least this long apart, and at least five times the last
# write's own time, so writing costs at most a sixth of a long run however big the file.
FLUSH_SECONDS = 1.0
FINAL_ROW_GROUP = 10_000
INT64 = (-(2 ** 63), 2 ** 63 - 1)
# What a game's row is read back from on --resume; the other columns follow from these.
READ_BACK = ("cell", "index", "seed", "winners", "eliminated", "rounds", "decisions",
             "summary", "details")
INSTALL = "pip install 'palantir[parquet]'"
SCALARS = (str, int, float, list, tuple, type(None))


class ResultsError(PalantirError):
    """--out or --resume cannot be used as given; the message names the option."""


@dataclass(frozen=True)
class RunCell:
    """What every game of one cell shares (a simulate run is one cell, "default")."""

    setting: str
    options: Mapping[str, Any]
    agents: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The cell as the file's header keeps it."""
        return {"setting": self.setting, "options": dict(self.options),
                "agents": list(self.agents)}


@dataclass(frozen=True)
class Finished:
    """One finished game: everything its row is made of."""

    cell: int
    index: int
    seed: int
    outcome: Outcome
    decisions: int


def run_header(command: str, game: Game, seed: int, games: int,
               cells: Sequence[RunCell]) -> dict[str, Any]:
    """The file's header (Parquet key-value metadata "palantir"): which run it holds."""
    return {"format": FORMAT, "command": command, "game": game.id, "ruleset": game.ruleset,
            "seed": seed, "games": games, "cells": [cell.to_json() for cell in cells]}


def open_results(out: str, resume: bool, game: Game, header: Mapping[str, Any],
                 seed_of: Callable[[int], int]) -> "ResultsFile":
    """The results file of this run, with the games it already holds when resuming.

    Refused, naming --out, --resume or --seed: no pyarrow, a name not ending in .parquet,
    an existing file without --resume, a file that is not this run's palantir results.
    A --resume of a file that does not exist yet starts it. The file is written at once
    (empty but for what it held), so an unwritable place is refused before any game.
    """
    if pa is None:
        raise ResultsError(f"--out {out}: writing Parquet needs pyarrow, which is not "
                           f"installed; {INSTALL}")
    if not str(out).lower().endswith(".parquet"):
        raise ResultsError(f"--out '{out}': expected a file name ending in .parquet")
    if not INT64[0] <= header["seed"] <= INT64[1]:
        raise ResultsError(f"--seed {header['seed']}: a results file keeps seeds as 64-bit "
                           f"integers; give one between {INT64[0]} and {INT64[1]}")
    path = Path(out)
    finished: list[Finished] = []
    if path.exists():
        if not resume:
            raise ResultsError(f"--out {out}: the file exists; give --resume to play only "
                               f"the games it lacks, or another name")
        finished = read_results(path, header, seed_of)
    results = ResultsFile(path, game, header, finished)
    results.flush()
    return results


class ResultsFile:
    """The Parquet file of a run: games added as they finish, flushed now and then."""

    def __init__(self, path: Path, game: Game, header: Mapping[str, Any],
                 finished: Sequence[Finished] = ()) -> None:
        self.path = path
        self.game = game
        self.header = dict(header)
        self.batches: list[list[Finished]] = []
        self.tables: list[Any] = []  # each batch's rows, converted once
        self.pending: list[Finished] = list(finished)
        self.last_flush: float | None = None
        self.write_seconds = 0.0

    @property
    def finished(self) -> list[Finished]:
        """Every game the file holds or will hold at the next flush."""
        return [f for batch in self.batches for f in batch] + self.pending

    def add(self, games: Iterable[Finished]) -> None:
        """Games that just finished; flushed if the last flush is old enough (the first
        games at once, so the file shows a run's first results as soon as it has them)."""
        self.pending.extend(games)
        now = time.monotonic()
        if not self.batches or self.last_flush is None or \
                now - self.last_flush >= max(FLUSH_SECONDS, 5 * self.write_seconds):
            self.flush()

    def flush(self) -> None:
        """Write every game so far, the new ones as one more row group."""
        if self.pending:
            self.batches.append(self.pending)
            self.tables.append(results_table(self.game, self.header, self.pending))
            self.pending = []
        if any(not t.schema.equals(self.tables[0].schema) for t in self.tables):
            # A detail's column is new or of another type in the new games: convert all.
            whole = results_table(self.game, self.header, self.finished)
            self.tables, offset = [], 0
            for batch in self.batches:
                self.tables.append(whole.slice(offset, len(batch)))
                offset += len(batch)
        self._write(self.tables or [results_table(self.game, self.header, [])])

    def __enter__(self) -> "ResultsFile":
        """The file, for the run that fills it."""
        return self

    def __exit__(self, kind, error, trace) -> bool:
        """The last write once the run is over; after an error or Ctrl-C, a flush that
        keeps every game that finished."""
        if kind is None:
            self.close()
        else:
            self.flush()
        return False

    def close(self) -> None:
        """The last write: every game in (cell, game) order, in row groups of a fixed size,
        converted from the sorted games so the file does not depend on their arrival."""
        rows = sorted(self.finished, key=lambda f: (f.cell, f.index))
        whole = results_table(self.game, self.header, rows)
        self.batches, self.pending = [rows], []
        self.tables = [whole]
        self._write([whole.slice(start, FINAL_ROW_GROUP)
                     for start in range(0, len(rows), FINAL_ROW_GROUP)] or [whole])

    def _write(self, tables: Sequence[Any]) -> None:
        started = time.monotonic()
        temp = self.path.with_name(f".{self.path.name}.writing")
        try:
            with pq.ParquetWriter(temp, tables[0].schema) as writer:
                for table in tables:
                    writer.write_table(table, row_group_size=max(1, table.num_rows))
            os.replace(temp, self.path)
        except OSError as exc:
            raise ResultsError(f"--out {self.path}: cannot write it "
                               f"({exc.strerror or exc})") from None
        self.last_flush = time.monotonic()
        self.write_seconds = self.last_flush - started


def results_table(game: Game, header: Mapping[str, Any], rows: Sequence[Finished]
                  ) -> "pa.Table":
    """One row per game: the run's facts, the options typed by the game's schema, each
    seat's agent and payoff, the outcome, and its details as typed columns."""
    cells = header["cells"]
    seats = max(len(cell["agents"]) for cell in cells)
    columns: dict[str, tuple[Any, list]] = {}

    def put(name: str, kind: Any, values: list) -> None:
        columns[name] = (kind, values)

    options = [cells[f.cell]["options"] for f in rows]
    agents = [cells[f.cell]["agents"] for f in rows]
    put("game", pa.string(), [game.id] * len(rows))
    put("ruleset", pa.string(), [game.ruleset] * len(rows))
    put("cell", pa.int64(), [f.cell for f in rows])
    put("setting", pa.string(), [cells[f.cell]["setting"] for f in rows])
    put("run_seed", pa.int64(), [header["seed"]] * len(rows))
    put("index", pa.int64(), [f.index for f in rows])
    put("seed", pa.int64(), [f.seed for f in rows])
    options_json = [json.dumps(cell["options"]) for cell in cells]
    put("options", pa.string(), [options_json[f.cell] for f in rows])
    for option in game.option_schema():
        put(f"option.{option.name}", OPTION_TYPES[option.kind](),
            [o.get(option.name) for o in options])
    put("players", pa.int64(), [len(a) for a in agents])
    payoffs = [f.outcome.returns(len(a)) for f, a in zip(rows, agents)]
    for seat in range(seats):
        put(f"agent_{seat}", pa.string(), [a[seat] if seat < len(a) else None for a in agents])
    for seat in range(seats):
        put(f"payoff_{seat}", pa.float64(),
            [p[seat] if seat < len(p) else None for p in payoffs])
    put("winners", pa.list_(pa.int64()), [list(f.outcome.winners) for f in rows])
    put("eliminated", pa.list_(pa.int64()), [list(f.outcome.eliminated) for f in rows])
    put("rounds", pa.int64(), [int(f.outcome.rounds) for f in rows])
    put("decisions", pa.int64(), [f.decisions for f in rows])
    put("summary", pa.string(), [f.outcome.summary for f in rows])
    put("details", pa.string(), [json.dumps(dict(f.outcome.details)) for f in rows])
    flat = [flat_details(f.outcome.details) for f in rows]
    names: dict[str, None] = {}
    for values in flat:
        names.update(dict.fromkeys(values))
    for name in names:
        values = [v.get(name) for v in flat]
        kind = column_type(values)
        if kind is None:
            # Values no one Parquet type holds (text here, a number there) stay JSON text.
            kind, values = pa.string(), [None if v is None else json.dumps(v) for v in values]
        put(name, kind, values)
    schema = pa.schema([pa.field(name, kind) for name, (kind, _) in columns.items()],
                       metadata={HEADER_KEY: json.dumps(header).encode()})
    return pa.Table.from_arrays([pa.array(values, type=kind)
                                 for kind, values in columns.values()], schema=schema)


OPTION_TYPES: dict[str, Callable[[], Any]] = {
    "bool": lambda: pa.bool_(), "int": lambda: pa.int64(), "choice": lambda: pa.string(),
    "list": lambda: pa.list_(pa.string())}


def flat_details(details: Mapping[str, Any], prefix: str = "details.") -> dict[str, Any]:
    """The outcome's details by column name: nested mappings flattened to dotted names."""
    flat: dict[str, Any] = {}
    for key, value in details.items():
        # The plain kinds first: a Mapping check is slow, and this runs for every game.
        if not isinstance(value, SCALARS) and isinstance(value, Mapping):
            flat.update(flat_details(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _scalar_kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int" if INT64[0] <= value <= INT64[1] else "other"
    if isinstance(value, float):
        return "float" if math.isfinite(value) else "other"
    if isinstance(value, str):
        return "str"
    return "other"


def _scalar_type(kinds: set[str]) -> Any:
    if kinds == {"bool"}:
        return pa.bool_()
    if kinds == {"int"}:
        return pa.int64()
    if kinds and kinds <= {"int", "float"}:
        return pa.float64()
    if kinds == {"str"}:
        return pa.string()
    return None


def column_type(values: Sequence[Any]) -> Any:
    """The Parquet type of a detail's values over all games (None: none fits them all).

    true/false, whole numbers, numbers (whole ones mixed with others), text, and lists of
    one of these; a list detail that is empty in every game is a list of whole numbers
    (seats, the usual content of a game's lists).
    """
    present = [v for v in values if v is not None]
    if not present:
        return pa.string()
    if all(isinstance(v, (list, tuple)) for v in present):
        items = {_scalar_kind(item) for v in present for item in v}
        if not items:
            return pa.list_(pa.int64())
        inner = _scalar_type(items)
        return None if inner is None else pa.list_(inner)
    return _scalar_type({_scalar_kind(v) for v in present})


def read_results(path: Path, header: Mapping[str, Any], seed_of: Callable[[int], int]
                 ) -> list[Finished]:
    """The games a results file holds, checked to be of this run (--resume)."""
    try:
        parquet = pq.ParquetFile(path)
    except (pa.ArrowException, OSError) as exc:
        raise ResultsError(f"--resume: {path} is not a Parquet file ({exc})") from None
    with parquet:
        raw = (parquet.schema_arrow.metadata or {}).get(HEADER_KEY)
        try:
            held = json.loads(raw) if raw is not None else None
        except ValueError:
            held = None
        if not isinstance(held, dict) or held.get("format") != FORMAT:
            raise ResultsError(f"--resume: {path} is not a palantir results file (its "
                               f"Parquet metadata has no '{HEADER_KEY.decode()}' header "
                               f"of format {FORMAT})")
        difference = run_difference(held, header)
        if difference:
            raise ResultsError(f"--resume: {path} holds another run: {difference}")
        missing = [c for c in READ_BACK if c not in parquet.schema_arrow.names]
        if missing:
            raise ResultsError(f"--resume: {path} is not a palantir results file (no "
                               f"column {missing[0]})")
        try:
            rows = parquet.read(columns=list(READ_BACK)).to_pylist()
        except pa.ArrowException as exc:
            raise ResultsError(f"--resume: {path} cannot be read ({exc})") from None
    finished = []
    seen: set[tuple[int, int]] = set()
    for number, row in enumerate(rows, 1):
        finished.append(_read_row(path, number, row, len(header["cells"]), seed_of))
        key = (finished[-1].cell, finished[-1].index)
        if key in seen:
            raise ResultsError(f"--resume: {path} row {number}: game {key[1] + 1} of cell "
                               f"{key[0]} is in the file twice")
        seen.add(key)
    beyond = [f.index for f in finished if f.index >= header["games"]]
    if beyond:
        raise ResultsError(f"--resume: {path} holds games up to game {max(beyond) + 1}, "
                           f"beyond --games {header['games']}; give --games "
                           f"{max(beyond) + 1} or more")
    return finished


def run_difference(held: Mapping[str, Any], header: Mapping[str, Any]) -> str | None:
    """What makes the run a file holds another than this one (None: the same run)."""
    for key in ("command", "game", "ruleset", "seed"):
        if held.get(key) != header[key]:
            return f"its {key} is {_brief(held.get(key))}, this run's is {_brief(header[key])}"
    # Which engine played (simulate --engine): a batch engine's games are other games.
    if held.get("engine", "rules") != header.get("engine", "rules"):
        return (f"its games were played by --engine {held.get('engine', 'rules')}, this "
                f"run's by --engine {header.get('engine', 'rules')}")
    theirs, ours = held.get("cells"), header["cells"]
    if not isinstance(theirs, list) or len(theirs) != len(ours):
        count = len(theirs) if isinstance(theirs, list) else "no"
        return f"it has {count} cells (settings), this run has {len(ours)}"
    for their, our in zip(theirs, ours):
        if not isinstance(their, dict):
            return f"its cell {_brief(their)} is not a palantir cell"
        where = "" if len(ours) == 1 else f"in cell {our['setting']}, "
        if their.get("setting") != our["setting"]:
            return f"it has cell {_brief(their.get('setting'))} where this run has " \
                   f"{our['setting']}"
        if their.get("agents") != our["agents"]:
            return f"{where}its agents are {_brief(their.get('agents'))}, this run's are " \
                   f"{_brief(our['agents'])}"
        options = their.get("options") if isinstance(their.get("options"), dict) else {}
        for name in dict.fromkeys([*options, *our["options"]]):
            if options.get(name) != our["options"].get(name):
                return f"{where}its option {name} is {_brief(options.get(name))}, this " \
                       f"run's is {_brief(our['options'].get(name))}"
    return None


def _read_row(path: Path, number: int, row: Mapping[str, Any], cells: int,
              seed_of: Callable[[int], int]) -> Finished:
    try:
        cell, index, seed = int(row["cell"]), int(row["index"]), int(row["seed"])
        details = json.loads(row["details"])
        outcome = Outcome(winners=tuple(row["winners"]), summary=str(row["summary"]),
                          eliminated=tuple(row["eliminated"]), rounds=int(row["rounds"]),
                          details=details)
        decisions = int(row["decisions"])
    except (TypeError, ValueError) as exc:
        raise ResultsError(f"--resume: {path} row {number} is not a palantir result "
                           f"({exc})") from None
    if not 0 <= cell < cells or index < 0 or not isinstance(details, dict):
        raise ResultsError(f"--resume: {path} row {number} is not a palantir result "
                           f"(cell {cell}, game index {index})")
    if seed != seed_of(index):
        raise ResultsError(f"--resume: {path} row {number}: seed {seed} is not the seed of "
                           f"game {index + 1} of --seed (expected {seed_of(index)})")
    return Finished(cell, index, seed, outcome, decisions)


def _brief(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 120 else text[:117] + "..."
