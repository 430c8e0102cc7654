"""`palantir simulate --engine batch`: the game's batch engine plays the games, many at once
at compiled speed (games/journey_to_mordor/batch.py), in chunks on local processes.

Each game keeps the seed the runner derives for its index, and a batch engine's game
depends on that seed alone, so a run gives the same games on any number of workers and
chunks. A batch engine is a second working of the rules: before a run's results are kept,
a sample of its games (VERIFY) is written as records and replayed under the reference
rules, and a game they do not replay exactly stops the run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from ..engine.errors import BadRecord
from ..engine.game import Game, get_game
from ..engine.record import replay
from .summary import GameResult

ENGINES = ("rules", "batch")
CHUNK = 5000    # games per call of the engine: the progress bar moves, the calls stay cheap
VERIFY = 3      # games of every run replayed under the reference rules


class BatchRunError(Exception):
    """A chunk that failed in a worker, as a plain message that crosses processes."""


def batch_engine_for(game: Game, specs: Sequence[str], error: Callable[[str], Exception]):
    """The game's batch engine for these agents; refused, naming --engine or --agents."""
    engine = game.batch_engine()
    if engine is None:
        raise error(f"--engine batch: {game.id} has no batch engine (a game declares one "
                    f"as Game.batch_path); use --engine rules")
    problem = engine.refusal(specs)
    if problem:
        name = "--engine batch" if "not installed" in problem else "--agents"
        raise error(f"{name}: {problem}")
    return engine


def play_chunk(task: tuple) -> list[GameResult]:
    """Play one chunk of a batch run (in a worker or not); writes its records if asked."""
    game_id, options, specs, indices, seeds, targets = task
    engine = get_game(game_id).batch_engine()
    games = engine.play(options, specs, seeds)
    for seed, target in zip(seeds, targets or ()):
        try:
            engine.record(options, specs, seed, seats=specs).save(target)
        except OSError as exc:
            raise BatchRunError(f"--records: cannot write {target} "
                                f"({exc.strerror or exc})") from None
    return [GameResult.of(index, seed, outcome, decisions)
            for index, seed, outcome, decisions in zip(indices, seeds, games.outcomes(),
                                                       games.decisions.tolist())]


def play_batch(engine, game: Game, options: Mapping[str, Any], specs: Sequence[str],
               todo: Sequence[int], seed_of: Callable[[int], int], workers: int,
               record_path: Callable[[int], Path] | None,
               finished: Callable[[list[GameResult]], None], advance: Callable[[int], Any],
               error: Callable[[str], Exception], open_workers: Callable[[int], Any]) -> None:
    """Play the games `todo` with the batch engine (record_path: where each game's record
    goes, if anywhere), hand each chunk's results to `finished`, then replay a sample
    under the reference rules (a disagreement refused by `error`); open_workers(n): a pool
    of n local processes (sim/backends.py) for more than one worker."""
    seeds = [seed_of(i) for i in todo]
    size = max(1, min(CHUNK, -(-len(todo) // (workers * 4))))
    tasks = [(game.id, dict(options), list(specs), list(todo[a:a + size]), seeds[a:a + size],
              None if record_path is None else [str(record_path(i)) for i in todo[a:a + size]])
             for a in range(0, len(todo), size)]
    sample: dict[int, GameResult] = {}
    wanted = {todo[k * (len(todo) - 1) // max(1, VERIFY - 1)] for k in range(VERIFY)} \
        if todo else set()

    def take(chunk: list[GameResult]) -> None:
        sample.update((r.index, r) for r in chunk if r.index in wanted)
        finished(chunk)
        advance(len(chunk))

    if tasks:
        engine.play(options, specs, seeds[:1])  # compiled (or loaded) once, before a fork
    if workers == 1 or len(tasks) < 2:
        for task in tasks:
            try:
                take(play_chunk(task))
            except BatchRunError as exc:
                raise error(str(exc)) from None
    else:
        # The workers are forked after the engine has compiled: they inherit it.
        with open_workers(min(workers, len(tasks))) as pool:
            try:
                for chunk in pool.imap_unordered(play_chunk, tasks):
                    take(chunk)
            except BatchRunError as exc:
                raise error(str(exc)) from None
    for index, result in sorted(sample.items()):
        record = engine.record(options, specs, result.seed)
        try:
            replay(record)
        except BadRecord as exc:
            raise error(f"--engine batch: game {index + 1} (seed {result.seed}) does not "
                        f"replay under the rules: {exc}") from None
        if record.result != result.outcome.to_json():
            raise error(f"--engine batch: game {index + 1} (seed {result.seed}) played "
                        f"twice gave two results")
