"""Games per second of Journey to Mordor (random and heuristic play) against OpenSpiel's pig.

Four-player games, in-process, one worker, a fixed number of games per run. OpenSpiel's C++
`pig` (4 players, win score 100, uniform random bots) is measured in the same run, runs
interleaved so that both see the same machine load, and ours are printed as a ratio to it.
Run it with `make bench` (which installs open_spiel) or
`.venv/bin/python benchmarks/bench_journey_to_mordor.py`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Callable

from tqdm import tqdm

from palantir.sim import run_simulation

GAME = "journey-to-mordor"
PLAYERS = 4
PIG_PARAMS = {"players": PLAYERS, "winscore": 100}


# A contender plays (games, seed) and returns (seconds spent playing, decisions per game).
Play = Callable[[int, int], tuple[float, float]]


def load_pig() -> Play | None:
    """pig with uniform random bots as a contender, or None when OpenSpiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("pig", PIG_PARAMS)

    def play(games: int, seed: int) -> tuple[float, float]:
        bots = [pyspiel.make_uniform_random_bot(player, seed + player)
                for player in range(PLAYERS)]
        finished = []
        started = time.perf_counter()
        for i in range(games):
            state = game.new_initial_state()
            pyspiel.evaluate_bots(state, bots, seed + i)
            finished.append(state)
        seconds = time.perf_counter() - started
        # Counted outside the clock: walking the histories in Python would slow pig down.
        decisions = sum(1 for state in finished for step in state.full_history()
                        if step.player >= 0)
        return seconds, decisions / games

    return play


def ours(agent: str, options: dict) -> Play:
    """Journey to Mordor with `agent` in every seat, through the simulator, as a contender."""
    def play(games: int, seed: int) -> tuple[float, float]:
        started = time.perf_counter()
        summary = run_simulation(GAME, options, [agent] * PLAYERS, games, seed, workers=1,
                                 progress=False)
        return time.perf_counter() - started, summary.decisions_total / summary.games
    return play


def main(argv: list[str] | None = None) -> int:
    """Measure, then print games/s and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200,
                        help="Journey to Mordor games per run and agent (default 200)")
    parser.add_argument("--pig-games", type=int, default=5000,
                        help="pig games per run (default 5000)")
    parser.add_argument("--runs", type=int, default=3,
                        help="interleaved runs; the median is reported (default 3)")
    parser.add_argument("--locations", action="store_true",
                        help="play the version with location features")
    args = parser.parse_args(argv)
    for name in ("games", "pig_games", "runs"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")

    options = {"locations": "true" if args.locations else "false"}
    contenders: list[tuple[str, Play, int]] = []
    pig = load_pig()
    if pig is not None:
        contenders.append(("OpenSpiel pig (C++), random bots", pig, args.pig_games))
    contenders.append((f"{GAME} random", ours("random", options), args.games))
    contenders.append((f"{GAME} heuristic", ours("heuristic", options), args.games))

    rates: dict[str, list[float]] = {name: [] for name, _, _ in contenders}
    lengths: dict[str, list[float]] = {name: [] for name, _, _ in contenders}
    steps = tqdm(total=args.runs * len(contenders), unit="run", file=sys.stderr, leave=False)
    with steps:
        for run in range(args.runs):
            for name, play, games in contenders:
                steps.set_description(name)
                seconds, decisions = play(games, 1000 * run)
                rates[name].append(games / seconds)
                lengths[name].append(decisions)
                steps.update(1)
    median = {name: statistics.median(values) for name, values in rates.items()}
    length = {name: statistics.fmean(values) for name, values in lengths.items()}

    version = "with location features" if args.locations else "basic game"
    pig_games = f", {args.pig_games} of pig" if pig is not None else ""
    print(f"{PLAYERS} players, {version}; median of {args.runs} interleaved runs, in-process, "
          f"1 worker; {args.games} games per run of ours{pig_games}")
    print()
    width = max(len(name) for name in median)
    if pig is not None:
        peer = median[contenders[0][0]]
        print(f"{'':<{width}}  {'games/s':>10}  {'vs pig':>8}  {'decisions/game':>14}")
        for name, rate in median.items():
            print(f"{name:<{width}}  {rate:>10.1f}  {rate / peer:>8.4f}  {length[name]:>14.1f}")
    else:
        print("OpenSpiel is not installed, so pig could not be measured beside ours.")
        print("Install it with `make bench` (installs the .[bench] extra) or "
              "`.venv/bin/pip install open_spiel`.")
        print()
        print(f"{'':<{width}}  {'games/s':>10}  {'decisions/game':>14}")
        for name, rate in median.items():
            print(f"{name:<{width}}  {rate:>10.1f}  {length[name]:>14.1f}")
    heuristic = median[f"{GAME} heuristic"]
    random_play = median[f"{GAME} random"]
    print()
    print(f"heuristic / random: {heuristic / random_play:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
