"""The batch engine against the reference simulator over large seeded runs (issue 15, item 3).

For each setting, the reference rules (`palantir simulate`, local processes) play --games
games and the batch engine --batch-games; printed per seat: win and elimination rates with
the z score of their difference, then the share of games nobody wins, the mean number of
rounds (z), and a chi-square of the rounds' distribution (rounds pooled so that every
class expects at least 5 reference games). |z| above 4 or a chi-square far above its
degrees of freedom would mean the two workings disagree.

`.venv/bin/python benchmarks/bench_journey_batch_agreement.py --games 3000 --workers 2`
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq

from palantir.engine.game import get_game
from palantir.sim import game_seed, run_simulation

GAME = "journey-to-mordor"
SETTINGS = [
    ("4 players, random, basic", {"players": 4}, ["random"] * 4),
    ("4 players, heuristic, locations", {"players": 4, "locations": True}, ["heuristic"] * 4),
    ("2 players, random v heuristic", {"players": 2}, ["random", "heuristic"]),
    ("3 players, mixed, locations, 3 Nazgûl squares",
     {"players": 3, "locations": True, "nazgul_squares": 3}, ["heuristic", "random", "random"]),
]


def z_of(p: float, n: int, q: float, m: int) -> float:
    """Two-sample z of proportions."""
    pooled = (p * n + q * m) / (n + m)
    spread = math.sqrt(max(pooled * (1 - pooled), 1e-12) * (1 / n + 1 / m))
    return (p - q) / spread


def rounds_chi_square(reference: list[int], batch: np.ndarray) -> tuple[float, int]:
    """Chi-square of the reference's rounds against the batch's distribution, classes pooled
    from the shortest games up until each expects 5 reference games; (statistic, df)."""
    n = len(reference)
    low, high = int(min(batch.min(), min(reference))), int(max(batch.max(), max(reference)))
    share = np.bincount(batch - low, minlength=high - low + 1) / batch.shape[0]
    seen = np.bincount(np.asarray(reference) - low, minlength=high - low + 1)
    classes, expected, observed = [], 0.0, 0
    for e, o in zip(share * n, seen):
        expected += e
        observed += o
        if expected >= 5:
            classes.append((expected, observed))
            expected, observed = 0.0, 0
    if classes and expected:
        last_e, last_o = classes.pop()
        classes.append((last_e + expected, last_o + observed))
    statistic = sum((o - e) ** 2 / e for e, o in classes)
    return statistic, len(classes) - 1


def main(argv: list[str] | None = None) -> int:
    """Run every setting and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="reference games a setting")
    parser.add_argument("--batch-games", type=int, default=1_000_000,
                        help="batch games a setting")
    parser.add_argument("--workers", type=int, default=2, help="reference workers")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    engine = get_game(GAME).batch_engine()
    started = time.perf_counter()
    for title, options, specs in SETTINGS:
        with tempfile.TemporaryDirectory() as folder:
            out = str(Path(folder) / "reference.parquet")
            summary = run_simulation(GAME, options, specs, args.games, args.seed,
                                     workers=args.workers, progress=False, out=out)
            reference_rounds = pq.read_table(out, columns=["rounds"])["rounds"].to_pylist()
        seeds = np.array([game_seed(args.seed + 1, i) for i in range(args.batch_games)],
                         np.uint64)
        batch = engine.play(options, specs, seeds)
        n, m = summary.games, len(batch)
        print(f"\n{title}: {n} reference games, {m} batch games")
        print(f"{'seat':<5} {'wins ref':>9} {'batch':>7} {'z':>6}   {'out ref':>8} {'batch':>7} "
              f"{'z':>6}")
        shares = batch.winners / np.maximum(batch.winners.sum(1, keepdims=True), 1)
        for seat in range(len(specs)):
            w_ref, w_b = summary.win_rate[seat], float(shares[:, seat].mean())
            e_ref, e_b = summary.elimination_rate[seat], float(batch.eliminated[:, seat].mean())
            print(f"{seat:<5} {w_ref:>9.4f} {w_b:>7.4f} {z_of(w_ref, n, w_b, m):>6.2f}   "
                  f"{e_ref:>8.4f} {e_b:>7.4f} {z_of(e_ref, n, e_b, m):>6.2f}")
        doc = summary.to_json()
        nobody = float((batch.winners.sum(1) == 0).mean())
        print(f"no winner: ref {doc['no_winner_rate']:.4f}, batch {nobody:.4f}, "
              f"z {z_of(doc['no_winner_rate'], n, nobody, m):.2f}")
        rounds = batch.rounds.astype(float)
        z_rounds = (doc["rounds"]["mean"] - rounds.mean()) / (rounds.std()
                                                              * math.sqrt(1 / n + 1 / m))
        statistic, df = rounds_chi_square(reference_rounds, batch.rounds)
        print(f"rounds: mean ref {doc['rounds']['mean']:.3f}, batch {rounds.mean():.3f}, "
              f"z {z_rounds:.2f}; chi-square {statistic:.1f} on {df} df")
    print(f"\n{time.perf_counter() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
