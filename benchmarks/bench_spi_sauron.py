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
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from palantir.engine.dice import SeededDice
from palantir.games.spi_sauron import SpiSauron

PEER = "journey-to-mordor"


def play(seed: int, kinds: str) -> tuple[int, float, str]:
    """One full game; kinds: 'r' random or 'h' heuristic per seat. (decisions, s, result)"""
    game = SpiSauron()
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
    return decisions, time.perf_counter() - start, state.outcome().summary


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
    args = parser.parse_args(argv)
    for name in ("games", "peer_games", "runs"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    peer: list[float] = []
    ours: dict[str, list[tuple[float, float, float]]] = {"random": [], "heuristic": []}
    for run in range(args.runs):
        peer.append(peer_games_per_second(args.peer_games, run))
        for label, kinds in (("random", "rr"), ("heuristic", "hh")):
            decisions, seconds = 0, 0.0
            for game in range(args.games):
                made, spent, _ = play(1000 * run + game, kinds)
                decisions += made
                seconds += spent
            ours[label].append((args.games / seconds, seconds / args.games,
                                1000 * seconds / decisions))
    peer_rate = statistics.median(peer)
    print(f"median of {args.runs} interleaved runs, in-process, one core; "
          f"{args.games} SPI Sauron games per run and kind, {args.peer_games} of the peer")
    print(f"peer: {PEER}, 4 heuristic agents: {peer_rate:.1f} games/s")
    print()
    print(f"{'spi-sauron':<22}{'games/s':>9}{'s a game':>10}{'ms a decision':>15}"
          f"{'vs peer':>10}")
    for label, rows in ours.items():
        rate = statistics.median(r[0] for r in rows)
        print(f"{label + ' vs ' + label:<22}{rate:>9.3f}"
              f"{statistics.median(r[1] for r in rows):>10.2f}"
              f"{statistics.median(r[2] for r in rows):>15.2f}{rate / peer_rate:>10.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
