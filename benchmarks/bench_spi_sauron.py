"""SPI Sauron throughput: full 18-turn games, random and heuristic, against a peer.

The peer is Journey to Mordor played by four `heuristic` agents through the simulator,
measured in the same run, interleaved with ours so that both see the same load on a shared
machine; ours are printed as a ratio to its games/s. Games are played in-process on one core,
agents choosing from `legal_actions()` and the heuristic reading `view(seat)`, as the
simulator does.

Run: .venv/bin/python benchmarks/bench_spi_sauron.py [--games N] [--runs R]

Before and after the speed work of issue 4 (same machine, same run each, 2 games per run):

| | before | after |
|---|---|---|
| random game, s | 3.3 | 0.55–0.8 |
| random, ms a decision | 2.45 | 0.4–0.6 |
| heuristic game, s | 7.0 | 0.6–0.9 |
| heuristic, ms a decision | 10.2 | 0.9–1.3 |
| heuristic games/s vs JtM heuristic games/s | 0.0005 | 0.004 |

Issue 12 asks for at least 2 full heuristic games per second on one core: the last line
says whether the run reached it. Games are also timed in CPU seconds of this process
(`process_time`), steadier than the wall clock on a machine shared with other work.

`--baseline DIR` also plays the heuristic games on the code checked out in DIR (a worktree
of an older commit: `git worktree add --detach /tmp/old main`), alternately with this
checkout, each run in a fresh process of its own for both, and prints their ratio: old and
new measured under the same load. The speed work of issue 12 and its figures are in
benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from palantir.engine.dice import SeededDice
from palantir.games.spi_sauron import SpiSauron

PEER = "journey-to-mordor"
TARGET = 2.0        # issue 12: heuristic games per second on one core
CHECKOUT = Path(__file__).resolve().parent.parent

# The heuristic games of one run, played in a fresh process on the code of a checkout (the
# same loop as `play`): prints wall seconds, CPU seconds and decisions as JSON.
RUN_IN_CHECKOUT = """
import json, sys, time
import palantir
from palantir.engine.dice import SeededDice
from palantir.games.spi_sauron import SpiSauron
game = SpiSauron()
wall = cpu = 0.0
decisions = 0
for seed in map(int, sys.argv[1:]):
    started, used = time.perf_counter(), time.process_time()
    state = game.new_state({}, SeededDice(seed))
    agents = [game.heuristic_agent(seat, seed) for seat in (0, 1)]
    while not state.is_over():
        seat = state.to_move()
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        decisions += 1
    wall += time.perf_counter() - started
    cpu += time.process_time() - used
print(json.dumps([wall, cpu, decisions, palantir.__file__]))
"""


def play(seed: int, kinds: str) -> tuple[int, float, str]:
    """One full game; kinds: 'r' random or 'h' heuristic per seat. (decisions, s, result)"""
    decisions, seconds, _, result = play_timed(seed, kinds)
    return decisions, seconds, result


def play_timed(seed: int, kinds: str) -> tuple[int, float, float, str]:
    """`play`, with the CPU seconds of the game too: (decisions, s, CPU s, result)."""
    game = SpiSauron()
    used = time.process_time()
    start = time.perf_counter()
    state = game.new_state({}, SeededDice(seed))
    rng = random.Random(seed)
    agents = [game.heuristic_agent(seat, seed) for seat in (0, 1)]
    decisions = 0
    while not state.is_over():
        seat = state.to_move()
        legal = state.legal_actions()
        action = agents[seat].choose(state.view(seat), legal) if kinds[seat] == "h" \
            else legal[rng.randrange(len(legal))]
        state.apply(action)
        decisions += 1
    return decisions, time.perf_counter() - start, time.process_time() - used, \
        state.outcome().summary


def play_in_checkout(checkout: Path, seeds: list[int]) -> tuple[float, float, int]:
    """The heuristic games of `seeds` on the code of `checkout`, in a fresh process:
    (wall s, CPU s, decisions)."""
    # `-c` puts the working directory first on the path: run it in the checkout too
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run([sys.executable, "-c", RUN_IN_CHECKOUT, *map(str, seeds)],
                          env=env, cwd=checkout, capture_output=True, text=True, check=True)
    wall, cpu, decisions, source = json.loads(done.stdout.strip().splitlines()[-1])
    if not Path(source).resolve().is_relative_to(checkout.resolve()):
        raise SystemExit(f"--baseline: the games ran {source}, not the code in {checkout}")
    return wall, cpu, decisions


def peer_games_per_second(games: int, seed: int) -> float:
    """Journey to Mordor, four heuristic agents, through the simulator (one worker)."""
    from palantir.sim import run_simulation
    started = time.perf_counter()
    run_simulation(PEER, {"players": 4}, ["heuristic"] * 4, games, seed, workers=1,
                   progress=False)
    return games / (time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    """Print games/s, seconds a game and a decision, and the ratio to the peer."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="SPI Sauron games per run")
    parser.add_argument("--peer-games", type=int, default=200,
                        help="Journey to Mordor games per run (default 200)")
    parser.add_argument("--runs", type=int, default=3, help="interleaved runs (median)")
    parser.add_argument("--baseline", type=Path, default=None, metavar="DIR",
                        help="a checkout of older code: its heuristic games are played "
                             "alternately with this checkout's, each in a fresh process")
    args = parser.parse_args(argv)
    for name in ("games", "peer_games", "runs"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.baseline is not None and not (args.baseline / "palantir" / "games" /
                                          "spi_sauron").is_dir():
        parser.error(f"--baseline {args.baseline}: no palantir/games/spi_sauron there "
                     "(give the root of a checkout)")
    peer: list[float] = []
    ours: dict[str, list[tuple[float, float, float, float]]] = {"random": [], "heuristic": []}
    fresh: dict[str, list[tuple[float, float]]] = {"this checkout": [], "baseline": []}
    for run in range(args.runs):
        peer.append(peer_games_per_second(args.peer_games, run))
        seeds = [1000 * run + game for game in range(args.games)]
        for label, kinds in (("random", "rr"), ("heuristic", "hh")):
            decisions, seconds, cpu = 0, 0.0, 0.0
            for seed in seeds:
                made, spent, used, _ = play_timed(seed, kinds)
                decisions += made
                seconds += spent
                cpu += used
            ours[label].append((args.games / seconds, seconds / args.games,
                                cpu / args.games, 1000 * seconds / decisions))
        if args.baseline is not None:
            for label, checkout in (("baseline", args.baseline), ("this checkout", CHECKOUT)):
                wall, cpu, _ = play_in_checkout(checkout, seeds)
                fresh[label].append((args.games / wall, cpu / args.games))
    peer_rate = statistics.median(peer)
    print(f"median of {args.runs} interleaved runs, in-process, one core; "
          f"{args.games} SPI Sauron games per run and kind, {args.peer_games} of the peer")
    print(f"peer: {PEER}, 4 heuristic agents: {peer_rate:.1f} games/s")
    print()
    print(f"{'spi-sauron':<22}{'games/s':>9}{'s a game':>10}{'CPU s':>8}{'ms a decision':>15}"
          f"{'vs peer':>10}")
    for label, rows in ours.items():
        rate = statistics.median(r[0] for r in rows)
        print(f"{label + ' vs ' + label:<22}{rate:>9.3f}"
              f"{statistics.median(r[1] for r in rows):>10.2f}"
              f"{statistics.median(r[2] for r in rows):>8.2f}"
              f"{statistics.median(r[3] for r in rows):>15.2f}{rate / peer_rate:>10.4f}")
    if args.baseline is not None:
        print()
        print(f"heuristic games, each run in a fresh process (baseline: {args.baseline})")
        for label, rows in fresh.items():
            print(f"{label:<22}{statistics.median(r[0] for r in rows):>9.3f} games/s"
                  f"{statistics.median(r[1] for r in rows):>8.2f} CPU s a game")
        old = statistics.median(r[1] for r in fresh["baseline"])
        new = statistics.median(r[1] for r in fresh["this checkout"])
        print(f"this checkout / baseline, CPU per game: {new / old:.2f} "
              f"({old / new:.2f} times as fast)")
    heuristic = statistics.median(r[0] for r in ours["heuristic"])
    cpu_rate = 1 / statistics.median(r[2] for r in ours["heuristic"])
    verdict = "met" if min(heuristic, cpu_rate) >= TARGET else \
        "met by CPU time only" if cpu_rate >= TARGET else "not met"
    print()
    print(f"issue 12 target, {TARGET:g} heuristic games/s on one core: "
          f"{heuristic:.2f} by the wall clock, {cpu_rate:.2f} by CPU time — {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
