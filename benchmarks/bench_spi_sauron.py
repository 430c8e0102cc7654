"""SPI Sauron throughput: decisions per second and full 18-turn games, random and heuristic.

Run: .venv/bin/python benchmarks/bench_spi_sauron.py [games]
"""

from __future__ import annotations

import random
import sys
import time

from palantir.engine.dice import SeededDice
from palantir.games.spi_sauron import SpiSauron


def play(seed: int, kinds: str) -> tuple[int, float, str]:
    """One full game; kinds: 'r' random or 'h' heuristic per seat. (decisions, s, result)"""
    game = SpiSauron()
    state = game.new_state({}, SeededDice(seed))
    rng = random.Random(seed)
    agents = [game.heuristic_agent(seat, seed) for seat in (0, 1)]
    start, decisions = time.perf_counter(), 0
    while not state.is_over():
        seat = state.to_move()
        legal = state.legal_actions()
        action = agents[seat].choose(state.view(seat), legal) if kinds[seat] == "h" \
            else legal[rng.randrange(len(legal))]
        state.apply(action)
        decisions += 1
    return decisions, time.perf_counter() - start, state.outcome().summary


def main(games: int = 2) -> None:
    """Print per-decision and per-game times for random and heuristic play."""
    for kinds, label in (("rr", "random vs random"), ("hh", "heuristic vs heuristic")):
        total_decisions, total_time = 0, 0.0
        for seed in range(games):
            decisions, seconds, result = play(seed, kinds)
            total_decisions += decisions
            total_time += seconds
        print(f"{label}: {games / total_time:.3f} games/s, {total_time / games:.2f} s a game, "
              f"{1000 * total_time / total_decisions:.2f} ms a decision")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
