"""Journey to Mordor's batch engine (issue 15, items 3 and 5): games/s beside OpenSpiel's pig,
the cost of a decision against the floor of rolling the same dice, and how games/s grows
with the games in a batch and with workers.

Four-player games, random and heuristic agents in every seat, basic game unless
--locations. OpenSpiel's C++ `pig` (4 players, win score 100, uniform random bots, played
with pyspiel.evaluate_bots) runs in the same process, interleaved with ours, so both see
the same load; each is timed by the wall clock and by the process's CPU time (on a shared
machine the CPU time is the steadier figure). Run it with
`.venv/bin/python benchmarks/bench_journey_batch.py` (pip install '.[bench,batch]').
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import numpy as np

from palantir.engine.game import get_game
from palantir.games.journey_to_mordor import batch as jtm_batch
from palantir.sim import game_seed, run_simulation

try:
    import pyspiel
except ImportError:  # the bench extra; without it pig is not measured
    pyspiel = None

GAME = "journey-to-mordor"
PLAYERS = 4
PIG_PARAMS = {"players": PLAYERS, "winscore": 100}


def clocks(work) -> tuple[float, float, object]:
    """(wall seconds, CPU seconds, result) of work()."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def pig_contender():
    """pig's games as (games, seed) -> (wall, cpu, decisions/game), or None without OpenSpiel."""
    if pyspiel is None:
        return None
    game = pyspiel.load_game("pig", PIG_PARAMS)

    def play(games: int, seed: int):
        bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(PLAYERS)]
        finished = []

        def run():
            for i in range(games):
                state = game.new_initial_state()
                pyspiel.evaluate_bots(state, bots, seed + i)
                finished.append(state)
        wall, cpu, _ = clocks(run)
        decisions = sum(1 for s in finished for step in s.full_history() if step.player >= 0)
        return wall, cpu, decisions / games
    return play


def batch_contender(engine, options, agent: str):
    """Our batch engine's games: the engine's own call, seeds derived as the runner does."""
    def play(games: int, seed: int):
        seeds = np.array([game_seed(seed, i) for i in range(games)], np.uint64)
        wall, cpu, played = clocks(lambda: engine.play(options, [agent] * PLAYERS, seeds))
        return wall, cpu, float(played.decisions.mean())
    return play


def main(argv: list[str] | None = None) -> int:
    """Measure and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000,
                        help="batch games per run and agent (default 100000)")
    parser.add_argument("--pig-games", type=int, default=20_000,
                        help="pig games per run (default 20000)")
    parser.add_argument("--runs", type=int, default=3, help="interleaved runs (median)")
    parser.add_argument("--locations", action="store_true",
                        help="the version with location features")
    parser.add_argument("--workers", type=int, default=2,
                        help="the most workers to measure (default 2)")
    args = parser.parse_args(argv)

    engine = get_game(GAME).batch_engine()
    options = {"players": PLAYERS, "locations": args.locations}
    engine.play(options, ["heuristic"] * PLAYERS, [1])  # compiled or loaded before timing
    contenders = []
    pig = pig_contender()
    if pig is not None:
        contenders.append(("OpenSpiel pig (C++), random bots", pig, args.pig_games))
    for agent in ("random", "heuristic"):
        contenders.append((f"{GAME} batch, {agent}", batch_contender(engine, options, agent),
                           args.games))
    walls = {name: [] for name, _, _ in contenders}
    cpus = {name: [] for name, _, _ in contenders}
    length = {}
    for run in range(args.runs):
        for name, play, games in contenders:
            wall, cpu, decisions = play(games, 1000 * run)
            walls[name].append(games / wall)
            cpus[name].append(games / cpu)
            length[name] = decisions
    version = "with location features" if args.locations else "basic game"
    print(f"{PLAYERS} players, {version}; median of {args.runs} interleaved runs, in-process, "
          f"one core; {args.games} batch games and {args.pig_games} pig games a run")
    print()
    width = max(len(n) for n in walls)
    peer = contenders[0][0] if pig is not None else None
    print(f"{'':<{width}}  {'games/s':>9}  {'vs pig':>7}  {'CPU games/s':>11}  "
          f"{'vs pig':>7}  {'decisions/game':>14}")
    for name in walls:
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        ratio = f"{wall / statistics.median(walls[peer]):>7.2f}" if peer else f"{'-':>7}"
        cpu_ratio = f"{cpu / statistics.median(cpus[peer]):>7.2f}" if peer else f"{'-':>7}"
        print(f"{name:<{width}}  {wall:>9.0f}  {ratio}  {cpu:>11.0f}  {cpu_ratio}  "
              f"{length[name]:>14.1f}")
    if pig is None:
        print("\nOpenSpiel is not installed (pip install '.[bench]'): pig was not measured.")

    # Item 5: a decision's cost against a loop that only rolls the same dice.
    print("\nThe floor: the same number of dice rolled from the same streams, nothing else")
    print(f"{'agent':<10}  {'ns/decision':>11}  {'dice/decision':>13}  {'floor ns/decision':>17}"
          f"  {'ratio':>6}")
    seeds = np.array([game_seed(7, i) for i in range(args.games)], np.uint64)
    for agent in ("random", "heuristic"):
        _, cpu, played = clocks(lambda: engine.play(options, [agent] * PLAYERS, seeds))
        jtm_batch.roll_only(seeds[:1], played.rolls[:1])
        _, floor, _ = clocks(lambda: jtm_batch.roll_only(seeds, played.rolls))
        decisions = int(played.decisions.sum())
        print(f"{agent:<10}  {cpu / decisions * 1e9:>11.1f}  "
              f"{played.rolls.sum() / decisions:>13.2f}  {floor / decisions * 1e9:>17.2f}  "
              f"{cpu / floor:>6.0f}")

    print("\nGames in one call of the engine (heuristic; the same games in all):")
    total = min(args.games, 20_000)
    seeds = np.array([game_seed(9, i) for i in range(total)], np.uint64)
    print(f"{'batch':>7}  {'CPU games/s':>11}")
    for size in (1, 10, 100, 1_000, 10_000, 20_000):
        if size > total:
            break
        _, cpu, _ = clocks(lambda: [engine.play(options, ["heuristic"] * PLAYERS,
                                                seeds[a:a + size])
                                    for a in range(0, total, size)])
        print(f"{size:>7}  {total / cpu:>11.0f}")

    print(f"\npalantir simulate --engine batch, {args.games} heuristic games, end to end "
          f"(seeds, chunks, summary, 3 games replayed under the rules):")
    print(f"{'workers':>7}  {'games/s':>9}")
    for workers in range(1, args.workers + 1):
        wall, _, _ = clocks(lambda: run_simulation(GAME, options, ["heuristic"] * PLAYERS,
                                                   args.games, 5, workers=workers,
                                                   progress=False, engine="batch"))
        print(f"{workers:>7}  {args.games / wall:>9.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
