"""Why the batch engine is compiled (Numba) and not vectorised (NumPy): one measurement.

Vectorised NumPy plays every game of a batch in lock step, one array operation per step
of the rules over all games. This times the cheapest part of a decision that way — the
random agent setting dice aside and the rest being rolled again, over many games at once
(grouping the roll by symbol, counting the keeps, drawing one, rolling the rest) — and
prints its cost per game-decision beside the whole compiled engine's (every rule, the
turn's end, the heuristic's scoring of every keep), measured in the same run.
A vectorised engine costs at least this step plus the end of the turn; the heuristic, whose
number of keeps differs from game to game, costs far more that way (every keep of every game
scored in padded arrays).

`.venv/bin/python benchmarks/jtm_numpy_step.py` (needs the batch extra).
"""

from __future__ import annotations

import sys
import time

import numpy as np

from palantir.engine.game import get_game
from palantir.sim import game_seed

N = 4  # the Nazgûl's symbol number (R G F O N T)
POPCOUNT = np.array([bin(m).count("1") for m in range(32)], np.int64)
# NTH[bits, j]: the j-th set bit of `bits` as a mask (0 if none).
NTH = np.zeros((32, 6), np.int64)
for _bits in range(32):
    _set = [1 << d for d in range(5) if _bits >> d & 1]
    NTH[_bits, :len(_set)] = _set
FACES = np.array([[0, 1, 2, 3, 3, 4]] * 4 + [[0, 1, 2, 3, 4, 5]], np.int64)


def numpy_step(rng: np.random.Generator, face: np.ndarray, roll: np.ndarray) -> np.ndarray:
    """One random decision in every game at once; returns the dice left to roll."""
    games = face.shape[0]
    bits = np.zeros((6, games), np.int64)
    for d in range(5):
        here = (roll >> d & 1).astype(bool)
        for s in range(6):
            bits[s] |= ((face[:, d] == s) & here).astype(np.int64) << d
    k = POPCOUNT[bits]
    radix = k + 1
    radix[N] = np.where(k[N] > 0, k[N], 1)
    no_nazgul = (bits[N] == 0).astype(np.int64)
    count = radix.prod(axis=0) - no_nazgul
    index = (rng.random(games) * count).astype(np.int64) + no_nazgul
    mask = np.zeros(games, np.int64)
    for s in range(6):
        digit = index % radix[s]
        index //= radix[s]
        if s == N:
            digit = np.where(k[N] > 0, digit + 1, 0)
        mask |= np.where(digit > 0, NTH[bits[s], np.maximum(digit - 1, 0)], 0)
    left = roll & ~mask
    draws = rng.integers(0, 6, (games, 5))
    for d in range(5):
        again = (left >> d & 1).astype(bool)
        face[again, d] = FACES[d, draws[again, d]]
    return left


def main() -> int:
    """Time both and print ns per game-decision."""
    games = 100_000
    rng = np.random.default_rng(1)
    face = FACES[np.arange(5), rng.integers(0, 6, (games, 5))]
    roll = np.full(games, 31, np.int64)
    steps = 20
    cpu = time.process_time()
    for _ in range(steps):
        roll = numpy_step(rng, face, roll)
        roll[roll == 0] = 31  # a finished turn's dice are all rolled again
    numpy_ns = (time.process_time() - cpu) / (steps * games) * 1e9

    engine = get_game("journey-to-mordor").batch_engine()
    seeds = np.array([game_seed(2, i) for i in range(20_000)], np.uint64)
    engine.play({"players": 4}, ["random"] * 4, seeds[:1])
    rows = []
    for agent in ("random", "heuristic"):
        cpu = time.process_time()
        played = engine.play({"players": 4}, [agent] * 4, seeds)
        rows.append((agent, (time.process_time() - cpu) / played.decisions.sum() * 1e9))
    print(f"NumPy, lock step over {games} games: one random keep and reroll  "
          f"{numpy_ns:7.1f} ns per game-decision")
    for agent, ns in rows:
        print(f"Numba, the whole engine, {agent:<9} (every rule, sequential)      "
              f"{ns:7.1f} ns per decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
