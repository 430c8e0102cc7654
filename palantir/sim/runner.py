"""The batch runner behind `palantir simulate`: many games between agents, on local processes
or a Ray cluster (backends.py).

Every game's seed is derived from (batch seed, game index) and every agent's seed from
(game seed, seat), so a batch gives the same results on one worker or many, on any backend.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any, Mapping, Sequence

from tqdm import tqdm

from ..agents import make_agent
from ..engine.errors import PalantirError
from ..engine.game import Game, get_game
from ..engine.match import play_match
from ..engine.options import parse_option_pairs
from .backends import check_backend, open_pool
from .batch import ENGINES, batch_engine_for, play_batch
from .results import Finished, RunCell, open_results, run_header
from .summary import GameResult, Summary


class SimulationError(PalantirError):
    """A batch that cannot start or a game that failed; the message says which."""


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed from the given parts, the same on every machine and Python version."""
    text = ":".join(str(p) for p in parts)
    digest = hashlib.sha256(text.encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` (0-based) of a batch run with `seed`."""
    return derive_seed("game", seed, index)


def agent_seed(seed_of_game: int, seat: int) -> int:
    """The seed of the agent in `seat` of the game seeded with `seed_of_game`."""
    return derive_seed("agent", seed_of_game, seat)


def record_name(index: int) -> str:
    """File name of the record of game `index` (0-based): game-00001.json for the first."""
    return f"game-{index + 1:05d}.json"


def prepare(game_id: str, options: Mapping[str, Any] | None, agent_specs: Sequence[str]
            ) -> tuple[Game, dict[str, Any], list[str]]:
    """Check game, options and agents; returns the game, JSON options and the agent specs."""
    game = get_game(game_id)
    specs = [spec.strip() for spec in agent_specs]
    if not specs or any(not spec for spec in specs):
        raise SimulationError(f"--agents: expected a comma list with one agent per seat, "
                              f"got '{','.join(agent_specs)}'")
    given = dict(options or {})
    has_players = any(option.name == "players" for option in game.option_schema())
    if not game.min_players <= len(specs) <= game.max_players:
        raise SimulationError(
            f"--agents: {len(specs)} agents given, but {game_id} takes "
            f"{game.min_players} to {game.max_players} players")
    if has_players and "players" not in given:
        given["players"] = game.players_for_seats(len(specs), given)
    validated = game.validate_options(given)
    players = game.players_of(validated)
    if players != len(specs):
        raise SimulationError(f"--agents: {len(specs)} agents given for a {players}-player "
                              f"game (option players={players}); give one agent per seat")
    for seat, spec in enumerate(specs):
        make_agent(spec, game, seat, 0)  # fails here, naming the agent, before any game
    return game, game.options_to_json(validated), specs


def prepare_records_dir(records_dir: str | os.PathLike) -> Path:
    """Create the records folder if needed and prove it is writable; names --records."""
    path = Path(records_dir)
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path, prefix=".palantir-probe-"):
            pass
    except OSError as exc:
        raise SimulationError(f"--records '{records_dir}': cannot write there "
                              f"({exc.strerror or exc})") from None
    return path


def play_one(game: Game, options: Mapping[str, Any], specs: Sequence[str], seed: int,
             index: int, records_dir: Path | None) -> GameResult:
    """Play game `index` of a batch; writes its record when `records_dir` is given."""
    this_seed = game_seed(seed, index)
    agents = [make_agent(spec, game, seat, agent_seed(this_seed, seat))
              for seat, spec in enumerate(specs)]
    try:
        state, record = play_match(game, options, agents, this_seed, seat_names=specs)
    except PalantirError as exc:
        # Re-raised as a plain message so it crosses a process boundary intact.
        raise SimulationError(f"game {index + 1} (seed {this_seed}): {exc}") from None
    if records_dir is not None:
        target = records_dir / record_name(index)
        try:
            record.save(target)
        except OSError as exc:
            raise SimulationError(f"--records: cannot write {target} "
                                  f"({exc.strerror or exc})") from None
    decisions = sum(1 for _ in record.decisions())
    return GameResult.of(index, this_seed, state.outcome(), decisions)


def play_chunk(task: tuple) -> list[GameResult]:
    """Play the games of `indices` in a worker process; `task` is the batch and the list."""
    game_id, options, specs, seed, indices, records_dir = task
    game = get_game(game_id)
    folder = Path(records_dir) if records_dir is not None else None
    return [play_one(game, options, specs, seed, i, folder) for i in indices]


def chunk_indices(indices: Sequence[int], workers: int) -> list[list[int]]:
    """The games to play cut in chunks small enough to balance the workers and keep the
    progress bar moving (all of 0..N-1, or what a resumed results file lacks)."""
    size = max(1, min(10, len(indices) // (workers * 8)))
    return [list(indices[start:start + size]) for start in range(0, len(indices), size)]


def run_simulation(game_id: str, options: Mapping[str, Any] | None,
                   agent_specs: Sequence[str], games: int, seed: int, workers: int = 1,
                   records_dir: str | os.PathLike | None = None,
                   progress: bool = True, out: str | None = None,
                   resume: bool = False, backend: str = "local",
                   address: str | None = None, engine: str = "rules") -> Summary:
    """Play `games` games between the agents (one per seat) and summarise them.

    out: a results file (FILE.parquet, one row per game, written as games finish);
    resume: play only the games that file lacks, and summarise them all;
    backend: "local" processes, or "ray": the cluster at `address`, or without one a Ray
    of `workers` CPUs started here for the run (sim/backends.py);
    engine: "rules" (the game's rules, any agent) or "batch" (its batch engine, sim/batch.py).
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(f"--games: expected a whole number of at least 1, got {games}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SimulationError(f"--workers: expected a whole number of at least 1, got {workers}")
    if resume and out is None:
        raise SimulationError("--resume: continues a results file; give it with "
                              "--out FILE.parquet")
    check_backend(backend, address)
    if records_dir is not None and address is not None:
        raise SimulationError("--records: with --address the games are played on the "
                              "cluster's machines, which do not write here; give "
                              "--out FILE.parquet (or play them with --backend local)")
    if engine not in ENGINES:
        raise SimulationError(f"--engine: expected one of {', '.join(ENGINES)}, got '{engine}'")
    if engine == "batch" and backend != "local":
        raise SimulationError("--engine batch: plays on local processes; give --backend "
                              "local (a batch run of 100,000 games takes seconds)")
    game, json_options, specs = prepare(game_id, options, agent_specs)
    batch = batch_engine_for(game, specs, SimulationError) if engine == "batch" else None
    folder = prepare_records_dir(records_dir) if records_dir is not None else None
    results = None
    if out is not None:
        header = run_header("simulate", game, seed, games,
                            [RunCell("default", json_options, tuple(specs))])
        if batch is not None:
            header["engine"] = engine
        results = open_results(out, resume, game, header, lambda i: game_seed(seed, i))
    played = {f.index: GameResult.of(f.index, f.seed, f.outcome, f.decisions)
              for f in (results.finished if results is not None else ())}
    todo = [i for i in range(games) if i not in played]
    workers = min(workers, games)
    summary = Summary(game=game.id, options=json_options, agents=specs, seed=seed,
                      workers=workers, backend=backend)

    def finished(chunk: list[GameResult]) -> None:
        played.update((r.index, r) for r in chunk)
        if results is not None:
            results.add(Finished(0, r.index, r.seed, r.outcome, r.decisions) for r in chunk)

    started = time.perf_counter()
    # The results file's last write when the run is over; a flush after an error or
    # Ctrl-C, so a failed or interrupted run keeps every game that finished.
    with results if results is not None else nullcontext():
        if batch is not None:
            with _progress_bar(game.id, games, len(played), progress) as bar:
                play_batch(batch, game, json_options, specs, todo,
                           lambda i: game_seed(seed, i), workers,
                           None if folder is None else lambda i: folder / record_name(i),
                           finished, bar.update, SimulationError,
                           lambda n: open_pool("local", n))
        elif not todo or (backend == "local" and (workers == 1 or len(todo) < 2)):
            with _progress_bar(game.id, games, len(played), progress) as bar:
                for i in todo:
                    finished([play_one(game, json_options, specs, seed, i, folder)])
                    bar.update(1)
        else:
            # The pool is forked before the bar starts its monitor thread; leaving the
            # `with` terminates the workers, also on an error or Ctrl-C.
            with open_pool(backend, workers, address) as pool, \
                    _progress_bar(game.id, games, len(played), progress) as bar:
                summary.workers = pool.workers  # a Ray cluster's CPUs
                tasks = [(game.id, json_options, specs, seed, chunk,
                          None if folder is None else str(folder))
                         for chunk in chunk_indices(todo, pool.workers)]
                for chunk in pool.imap_unordered(play_chunk, tasks):
                    finished(chunk)
                    bar.update(len(chunk))
    # Adding in game-index order keeps floating-point sums identical to one worker.
    summary.add_all(played[i] for i in sorted(played))
    summary.wall_seconds = time.perf_counter() - started
    return summary


def _progress_bar(name: str, games: int, done: int, progress: bool) -> tqdm:
    return tqdm(total=games, initial=done, unit="game", desc=name, file=sys.stderr,
                disable=not progress, dynamic_ncols=True, leave=False)


def simulate_command(args) -> int:
    """`palantir simulate`: run the batch, print the summary table or one JSON object."""
    options = parse_option_pairs(args.option)
    specs = args.agents.split(",")
    # The bar goes to stderr; hide it only where it would be noise in a machine's log.
    progress = not (args.json and not sys.stderr.isatty())
    summary = run_simulation(args.game, options, specs, args.games, args.seed,
                             workers=args.workers, records_dir=args.records, progress=progress,
                             out=args.out, resume=args.resume, backend=args.backend,
                             address=args.address, engine=args.engine)
    if args.json:
        print(json.dumps(summary.to_json()))
    else:
        print(summary.table())
        if args.records:
            print(f"\nrecords: {summary.games} files in {args.records}")
        if args.out:
            print(f"results: {summary.games} games in {args.out}")
    return 0
