"""Balance sweeps: the grid of option settings, every cell simulated, the cells summarised.

Every cell plays games 0..N-1 with the simulator's seeds (game_seed(seed, i), agent_seed),
so a cell gives exactly what `palantir simulate` gives for the same options, agents and
seed, the cells share their dice (common random numbers make the differences between
cells less noisy), and the results are the same for any number of workers.
"""

from __future__ import annotations

import math
import sys
import time
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from tqdm import tqdm

from ..agents import make_agent
from ..engine.errors import PalantirError
from ..engine.game import Game, Outcome, get_game
from ..engine.match import play_match
from ..sim.backends import check_backend, open_pool
from ..sim.results import Finished, RunCell, open_results, run_header
from ..sim.runner import agent_seed, chunk_indices, game_seed, prepare
from .grid import (AGENTS_KEY, AnalysisError, Sweep, default_sweeps, expand_grid,
                   find_option, parse_sweeps, seat_agents)
from .measures import GameMeasures, measure_outcome
from .profiles import DEFAULT_GAMES, profile_of, seat_label

DEFAULT_AGENT = "heuristic"


@dataclass
class Cell:
    """One setting of the grid, its table, and the games played there in index order."""

    setting: dict[str, Any]
    options: dict[str, Any]
    agents: list[str]
    results: list[GameMeasures] = field(default_factory=list)
    failed: list[tuple[int, str]] = field(default_factory=list)

    @property
    def games(self) -> int:
        """Games played in this cell."""
        return len(self.results)

    def label(self) -> str:
        """The setting in a few characters, for tables and plot axes."""
        if not self.setting:
            return "default"
        return " ".join(f"{k}={value_text(v)}" for k, v in self.setting.items())

    def win_rate(self) -> list[float]:
        """Share of games each seat won (a shared victory counts fractionally)."""
        wins = [0.0] * len(self.agents)
        for result in self.results:
            for seat in result.winners:
                wins[seat] += 1.0 / len(result.winners)
        return [w / self.games if self.games else 0.0 for w in wins]

    def win_interval(self, seat: int) -> tuple[float, float]:
        """The 95% Wilson interval of the seat's win rate (shared wins counted as won)."""
        return wilson(self.win_rate()[seat] * self.games, self.games)

    def no_winner_rate(self) -> float:
        """Share of games nobody won."""
        return _share(sum(1 for r in self.results if not r.winners), self.games)

    def elimination_rate(self) -> list[float]:
        """Share of games in which each seat was eliminated."""
        return [_share(sum(1 for r in self.results if seat in r.eliminated), self.games)
                for seat in range(len(self.agents))]

    def numeric(self, name: str) -> dict[str, float] | None:
        """Mean, spread and standard error of a numeric measure over the games that have it."""
        if name == "rounds":
            return numeric_stats([float(r.rounds) for r in self.results])
        if name == "decisions":
            return numeric_stats([float(r.decisions) for r in self.results])
        return numeric_stats([r.values[name] for r in self.results if name in r.values])

    def categories(self, name: str) -> dict[str, int]:
        """How many games fell in each category of a categorical measure."""
        counts: dict[str, int] = {}
        for result in self.results:
            if name in result.values:
                key = value_text(result.values[name])
                counts[key] = counts.get(key, 0) + 1
        return counts


def numeric_stats(values: Sequence[float]) -> dict[str, float] | None:
    """n, mean, sample standard deviation, standard error of the mean, min and max."""
    n = len(values)
    if n == 0:
        return None
    mean = math.fsum(values) / n
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return {"n": n, "mean": mean, "sd": sd, "sem": sd / math.sqrt(n),
            "min": min(values), "max": max(values)}


@dataclass
class Analysis:
    """A finished sweep: the grid, its cells and what was measured."""

    game: str
    seed: int
    games: int
    sweeps: list[Sweep]
    fixed: dict[str, Any]
    cells: list[Cell]
    workers: int = 1
    wall_seconds: float = 0.0
    backend: str = "local"  # where the games were played: local or ray

    def measures(self) -> dict[str, str]:
        """Every measure seen in any game, by name: "numeric" or "categorical"."""
        kinds: dict[str, str] = {}
        for cell in self.cells:
            for result in cell.results:
                for name, value in result.values.items():
                    kind = "categorical" if isinstance(value, str) else "numeric"
                    # A measure that is text in some game is read as text everywhere.
                    if kinds.get(name) != "categorical":
                        kinds[name] = kind
        return kinds

    def category_order(self, name: str) -> list[str]:
        """The categories of a measure: the profile's order first, then as first seen."""
        seen: list[str] = list(profile_of(self.game).get("order", {}).get(name, []))
        found = {c for cell in self.cells for c in cell.categories(name)}
        seen = [c for c in seen if c in found]
        for cell in self.cells:
            for category in sorted(cell.categories(name)):
                if category not in seen:
                    seen.append(category)
        return seen

    def to_json(self) -> dict[str, Any]:
        """The whole result as one JSON object; "run" holds what depends on the machine."""
        kinds = self.measures()
        cells = []
        for cell in self.cells:
            cells.append({
                "setting": {k: _json(v) for k, v in cell.setting.items()},
                "options": cell.options,
                "agents": cell.agents,
                "games": cell.games,
                "failed": [{"index": i, "error": e} for i, e in cell.failed],
                "win_rate": cell.win_rate(),
                "no_winner_rate": cell.no_winner_rate(),
                "elimination_rate": cell.elimination_rate(),
                "rounds": cell.numeric("rounds"),
                "decisions": cell.numeric("decisions"),
                "numeric": {n: cell.numeric(n) for n, k in kinds.items() if k == "numeric"},
                "categorical": {n: cell.categories(n) for n, k in kinds.items()
                                if k == "categorical"},
            })
        return {
            "game": self.game,
            "seed": self.seed,
            "games": self.games,
            "fixed_options": {k: _json(v) for k, v in self.fixed.items()},
            "sweeps": [{"option": s.option, "values": [_json(v) for v in s.values]}
                       for s in self.sweeps],
            "measures": kinds,
            "cells": cells,
            "run": {"workers": self.workers, "backend": self.backend,
                    "wall_seconds": self.wall_seconds},
        }

    def table(self) -> str:
        """A block of text per cell: win rates, rounds and every measure."""
        kinds = self.measures()
        lines = [f"{self.game}: {len(self.cells)} cell{'s' if len(self.cells) != 1 else ''}"
                 f" x {self.games} games, seed {self.seed}"]
        if self.fixed:
            lines.append("fixed: " + " ".join(f"{k}={value_text(v)}"
                                              for k, v in self.fixed.items()))
        names = ["rounds"] + [n for n, k in kinds.items() if k == "numeric"]
        width = max([len("win rate"), len("no winner")] + [len(n) for n in kinds]
                    + [len("rounds")])
        for cell in self.cells:
            lines += ["", f"{cell.label()}   agents {','.join(cell.agents)}   "
                          f"{cell.games} games"]
            if cell.failed:
                plural = "s" if len(cell.failed) != 1 else ""
                lines.append(f"  {'failed':<{width}}  {len(cell.failed)} game{plural} left "
                             f"out, first: {cell.failed[0][1]}")
            seats = "  ".join(
                f"{seat_label(self.game, s)} {_percent(r)} "
                f"({_percent(cell.win_interval(s)[0])}–{_percent(cell.win_interval(s)[1])})"
                for s, r in enumerate(cell.win_rate()))
            lines.append(f"  {'win rate':<{width}}  {seats}")
            lines.append(f"  {'no winner':<{width}}  {_percent(cell.no_winner_rate())}")
            for name in names:
                stats = cell.numeric(name)
                if stats is not None:
                    lines.append(f"  {name:<{width}}  mean {stats['mean']:.2f} "
                                 f"± {stats['sem']:.2f}  sd {stats['sd']:.2f}  "
                                 f"min {_number(stats['min'])}  max {_number(stats['max'])}")
            for name, kind in kinds.items():
                if kind != "categorical":
                    continue
                counts = cell.categories(name)
                total = sum(counts.values())
                shares = " | ".join(f"{c} {_percent(counts[c] / total)}"
                                    for c in self.category_order(name) if c in counts)
                lines.append(f"  {name:<{width}}  {shares}")
        lines += ["", f"wall time {self.wall_seconds:.1f} s, {self.workers} "
                      f"worker{'s' if self.workers != 1 else ''}"
                      f"{' on Ray' if self.backend == 'ray' else ''} (± is the standard error)"]
        return "\n".join(lines)


def plan_cells(game: Game, sweeps: Sequence[Sweep], fixed: Mapping[str, Any],
               agents: Sequence[str] | None) -> list[Cell]:
    """Every cell of the grid with its checked options and one agent per seat.

    A cell's seats follow from its options alone (swept, fixed or the game's defaults,
    through Game.players_of); the agents list is then fitted to them by seat_agents, so
    one list serves every cell however many seats it has.
    """
    cells = []
    for setting in expand_grid(sweeps):
        given = dict(fixed)
        given.update({k: v for k, v in setting.items() if k != AGENTS_KEY})
        listed = list(setting.get(AGENTS_KEY) or agents or [DEFAULT_AGENT])
        try:
            specs = seat_agents(listed, game.players_of(game.validate_options(given)))
            _, options, specs = prepare(game.id, given, specs)
        except PalantirError as exc:
            raise AnalysisError(f"cell {_setting_text(setting)}: {exc}") from None
        cells.append(Cell(setting=setting, options=options, agents=specs))
    return cells


def play_game(game: Game, options: Mapping[str, Any], specs: Sequence[str], seed: int,
              index: int) -> GameMeasures:
    """Game `index` of a cell, seeded as the simulator seeds it, and its measures."""
    this_seed = game_seed(seed, index)
    agents = [make_agent(spec, game, seat, agent_seed(this_seed, seat))
              for seat, spec in enumerate(specs)]
    try:
        state, record = play_match(game, options, agents, this_seed, seat_names=specs)
    except PalantirError as exc:
        # A plain message crosses a process boundary intact.
        raise AnalysisError(f"game {index + 1} (seed {this_seed}): {exc}") from None
    return measures_of(game, index, state.outcome(), sum(1 for _ in record.decisions()))


def measures_of(game: Game, index: int, outcome: Outcome, decisions: int) -> GameMeasures:
    """What game `index` of a cell adds to its figures (also a game read back on --resume)."""
    return GameMeasures(index=index, winners=tuple(outcome.winners),
                        eliminated=tuple(outcome.eliminated), rounds=int(outcome.rounds),
                        decisions=decisions, values=measure_outcome(outcome, profile_of(game.id)),
                        outcome=outcome)


def play_task(task: tuple) -> tuple[int, list[GameMeasures | tuple[int, str]]]:
    """Play one chunk of one cell (in a worker): the games of `indices`.

    With keep_going a game that fails is returned as (index, message) instead of stopping
    the analysis; otherwise its error names the cell and stops everything.
    """
    cell_index, label, game_id, options, specs, seed, indices, keep_going = task
    game = get_game(game_id)
    played: list[GameMeasures | tuple[int, str]] = []
    for i in indices:
        try:
            played.append(play_game(game, options, specs, seed, i))
        except AnalysisError as exc:
            if not keep_going:
                raise AnalysisError(f"cell {label}: {exc}") from None
            played.append((i, str(exc)))
        except Exception as exc:  # a crash inside a game or agent, not a refused decision
            if not keep_going:
                raise
            played.append((i, f"game {i + 1}: {type(exc).__name__}: {exc}"))
    return cell_index, played


def run_analysis(game_id: str, sweep_texts: Sequence[str] = (),
                 agents: Sequence[str] | None = None, games: int | None = None,
                 seed: int = 0, workers: int = 1, fixed: Mapping[str, Any] | None = None,
                 progress: bool = True, keep_going: bool = False, out: str | None = None,
                 resume: bool = False, backend: str = "local",
                 address: str | None = None) -> Analysis:
    """Simulate every cell of the grid (the game's default grid without --sweep).

    keep_going: a game that fails (a bug in a game or an agent) is left out of its cell's
    figures and listed in Cell.failed, instead of stopping the analysis.
    out: a results file (FILE.parquet, one row per game, written as games finish);
    resume: play only the games that file lacks, and count them all in;
    backend: "local" processes, or "ray": the cluster at `address`, or without one a Ray
    of `workers` CPUs started here for the run (sim/backends.py).
    """
    game = get_game(game_id)
    profile = profile_of(game.id)
    games = profile.get("games", DEFAULT_GAMES) if games is None else games
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise AnalysisError(f"--games: expected a whole number of at least 1, got {games}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise AnalysisError(f"--workers: expected a whole number of at least 1, got {workers}")
    check_backend(backend, address)
    fixed_options = {}
    for name, value in (fixed or {}).items():
        try:
            fixed_options[find_option(game, name).name] = value
        except AnalysisError:
            raise AnalysisError(f"--option {name}: {game.id} has no such option") from None
    if agents is not None:
        agents = [a.strip() for a in agents]
        if not agents or any(not a for a in agents):
            raise AnalysisError(f"--agents: expected a comma list of agents, got "
                                f"'{','.join(agents)}'")
    sweeps = parse_sweeps(game, sweep_texts, fixed_options) if sweep_texts else \
        default_sweeps(game, profile, fixed_options)
    if agents is not None and any(s.option == AGENTS_KEY for s in sweeps):
        raise AnalysisError("--agents: the agents are also swept; give one or the other")
    cells = plan_cells(game, sweeps, fixed_options, agents)
    if resume and out is None:
        raise AnalysisError("--resume: continues a results file; give it with "
                            "--out FILE.parquet")
    results = None
    if out is not None:
        header = run_header("analyze", game, seed, games,
                            [RunCell(c.label(), c.options, tuple(c.agents)) for c in cells])
        results = open_results(out, resume, game, header, lambda i: game_seed(seed, i))
    # Every game of every cell by index: those the results file holds, then those played.
    played: list[dict[int, GameMeasures | tuple[int, str]]] = [{} for _ in cells]
    for held in results.finished if results is not None else ():
        played[held.cell][held.index] = measures_of(game, held.index, held.outcome,
                                                    held.decisions)

    def cut_tasks(workers: int) -> list[tuple]:
        return [(i, cell.label(), game.id, cell.options, cell.agents, seed, chunk, keep_going)
                for i, cell in enumerate(cells)
                for chunk in chunk_indices([g for g in range(games) if g not in played[i]],
                                           workers)]

    tasks = cut_tasks(workers)
    workers = max(1, min(workers, len(tasks)))
    analysis = Analysis(game=game.id, seed=seed, games=games, sweeps=list(sweeps),
                        fixed=fixed_options, cells=cells, workers=workers, backend=backend)

    def finished(cell_index: int, chunk: list[GameMeasures | tuple[int, str]]) -> None:
        played[cell_index].update((g.index, g) if isinstance(g, GameMeasures) else (g[0], g)
                                  for g in chunk)
        if results is not None:
            # A failed game has no row: a resumed run plays it again.
            results.add(Finished(cell_index, g.index, game_seed(seed, g.index), g.outcome,
                                 g.decisions)
                        for g in chunk if isinstance(g, GameMeasures))

    started = time.perf_counter()
    bar = tqdm(total=games * len(cells), initial=sum(len(p) for p in played), unit="game",
               desc=f"analyze {game.id}", file=sys.stderr, disable=not progress,
               dynamic_ncols=True, leave=False)
    # The results file's last write when the run is over; a flush after an error or
    # Ctrl-C, so a failed or interrupted run keeps every game that finished.
    with results if results is not None else nullcontext():
        if not tasks or (backend == "local" and workers == 1):
            with bar:
                for task in tasks:
                    cell_index, chunk = play_task(task)
                    finished(cell_index, chunk)
                    bar.update(len(chunk))
        else:
            # The pool is forked before the bar starts its monitor thread; leaving the
            # `with` terminates the workers, also on an error or Ctrl-C.
            with open_pool(backend, workers, address) as pool, bar:
                if pool.workers != workers:  # a Ray cluster's CPUs
                    analysis.workers = pool.workers
                    tasks = cut_tasks(pool.workers)
                for cell_index, chunk in pool.imap_unordered(play_task, tasks):
                    finished(cell_index, chunk)
                    bar.update(len(chunk))
    # Games in index order per cell, so every figure is the same for any number of workers.
    for cell, games_played in zip(cells, played):
        for index in sorted(games_played):
            game_played = games_played[index]
            if isinstance(game_played, GameMeasures):
                cell.results.append(game_played)
            else:
                cell.failed.append(game_played)
    analysis.wall_seconds = time.perf_counter() - started
    return analysis


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of `wins` in `games` games (95% by default; sound near 0%
    and with few games)."""
    if games <= 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / \
        (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def _share(count: float, total: int) -> float:
    return count / total if total else 0.0


def _percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def _json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def value_text(value: Any) -> str:
    """A swept or option value as text (true/false, list items joined by +)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "+".join(map(str, value))
    return str(value)


def _setting_text(setting: Mapping[str, Any]) -> str:
    return " ".join(f"{k}={value_text(v)}" for k, v in setting.items()) or "(default)"
