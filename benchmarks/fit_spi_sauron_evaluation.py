"""Fit the weights of SPI Sauron's search evaluation (palantir/games/spi_sauron/evaluation.py).

Plays seeded games — the heuristic against itself, a noisy heuristic (a random decision one
time in `--noise`) against itself, and the heuristic against random on either side — notes
the evaluation's features at the start of every phase, and fits two logistic models to how
the games ended: Sauron's army demoralized at the end, and Westernesse's given that Sauron's
ends demoralized too (the evaluation's Westernesse wins by Sauron's chance times one minus
that, 21.2: both demoralized is a Draw, which the general, fighting on when demoralized,
often reaches). Prints the weights to paste into evaluation.py, with the log-loss and
accuracy on games held out (every fifth), beside those of the weights evaluation.py has now
and of a constant on the same positions; and the log-loss of the three results (Sauron wins,
Westernesse wins, Draw) as the evaluation reads them from the two chances.

    python benchmarks/fit_spi_sauron_evaluation.py --games 100 --workers 1 --save games.pkl
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import sys
from multiprocessing import Pool
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from palantir.agents.random_agent import RandomAgent  # noqa: E402
from palantir.engine.dice import SeededDice  # noqa: E402
from palantir.games.spi_sauron import SpiSauron  # noqa: E402
from palantir.games.spi_sauron.evaluation import SAURON_DEMORALIZED, SAURON_FACTS, \
    WEST_DEMORALIZED, WEST_FACTS, features  # noqa: E402
from palantir.games.spi_sauron.heuristics import HeuristicAgent  # noqa: E402

GAME = SpiSauron()


class Noisy:
    """The heuristic, but a random listed decision one time in `every`."""

    def __init__(self, seat: int, seed: int, every: int):
        self.general = HeuristicAgent(seat, seed, game=GAME)
        self.rng = random.Random(seed)
        self.every = every

    def choose(self, view, legal):
        if self.rng.randrange(self.every) == 0:
            return self.rng.choice(legal)
        return self.general.choose(view, legal)


def agents_for(kind: str, seed: int, noise: int):
    if kind == "heuristic":
        return [HeuristicAgent(0, seed, game=GAME), HeuristicAgent(1, seed + 1, game=GAME)]
    if kind == "noisy":
        return [Noisy(0, seed, noise), Noisy(1, seed + 1, noise)]
    if kind == "sauron-vs-random":
        return [HeuristicAgent(0, seed, game=GAME), RandomAgent(1, seed + 1)]
    return [RandomAgent(0, seed), HeuristicAgent(1, seed + 1, game=GAME)]


def play(task):
    """One game: the features at each phase's start, and the two labels at the end."""
    kind, seed, noise = task
    agents = agents_for(kind, seed, noise)
    state = GAME.new_state({}, SeededDice(seed))
    rows, last = [], None
    while not state.is_over():
        mark = (state.turn, state.phase_index)
        if mark != last:
            last = mark
            if not (state.demoralized["sauron"] and state.demoralized["westernesse"]):
                found = features(state, every=True)
                rows.append((found, dict(state.demoralized)))
        seat = state.to_move()
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
    end = state.demoralized
    return seed, [(x, was, end["sauron"], end["westernesse"]) for x, was in rows]


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0) -> np.ndarray:
    """Logistic regression by Newton's method with an L2 penalty (not on the bias)."""
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[0] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + penalty * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def fit_with_signs(facts: dict, x: np.ndarray, y: np.ndarray):
    """Fit, then drop the fact whose weight most contradicts its sign, until none does."""
    kept = list(facts)
    while True:
        columns = [list(facts).index(f) for f in kept]
        w = fit(x[:, columns], y)
        wrong = [(w[i] * facts[f], f) for i, f in enumerate(kept) if w[i] * facts[f] < 0]
        if not wrong:
            return w, kept
        dropped = min(wrong)[1]
        print(f"# dropped {dropped}: its weight has the wrong sign")
        kept.remove(dropped)


def chance(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    """The logistic model's chance at each row."""
    return 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    """The mean log-loss of chances `p` of labels `y`."""
    eps = 1e-9
    return float(-np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps)))


def report(name: str, p: np.ndarray, y: np.ndarray) -> None:
    """Print the held-out log-loss and accuracy of chances `p` of labels `y`."""
    accuracy = np.mean((p > 0.5) == (y > 0.5))
    print(f"# {name}: held-out log-loss {log_loss(p, y):.3f}, accuracy {accuracy:.3f}, "
          f"{len(y)} positions, {y.mean():.2f} positive")


def rows_for(rows: list, side: str, given_sauron: bool) -> list:
    """The positions a model of `side`'s army learns from: not yet demoralized there (and,
    for Westernesse's, in games whose Sauron ends demoralized)."""
    return [r for r in rows if not r[1][side] and (not given_sauron or r[2])]


def matrix(rows: list, facts) -> np.ndarray:
    """The rows' facts, a column each."""
    return np.array([[r[0][f] for f in facts] for r in rows])


def model_chance(weights: dict, rows: list, side: str) -> np.ndarray:
    """A model's chance that `side`'s army ends demoralized (1 where it already is)."""
    x = matrix(rows, list(weights))
    p = chance(np.array(list(weights.values())), x)
    return np.where([r[1][side] for r in rows], 1.0, p)


def results_loss(name: str, rows: list, sauron: dict, west: dict) -> None:
    """The log-loss of the three results as evaluation.evaluate reads them from the two
    chances: Sauron wins 1 - s, Westernesse s (1 - w), a Draw s w."""
    s, w = model_chance(sauron, rows, "sauron"), model_chance(west, rows, "westernesse")
    end_s = np.array([r[2] for r in rows])
    end_w = np.array([r[3] for r in rows])
    p = np.where(~end_s, 1 - s, np.where(~end_w, s * (1 - w), s * w))
    loss = float(-np.mean(np.log(p + 1e-9)))
    counts = [np.mean(~end_s), np.mean(end_s & ~end_w), np.mean(end_s & end_w)]
    constant = -sum(c * math.log(c) for c in counts if c > 0)
    picked = np.argmax(np.stack([1 - s, s * (1 - w), s * w]), axis=0)
    truth = np.where(~end_s, 0, np.where(~end_w, 1, 2))
    print(f"# {name}: the three results, held-out log-loss {loss:.3f} (the held-out "
          f"frequencies {constant:.3f}), accuracy {np.mean(picked == truth):.3f} "
          f"(Sauron {counts[0]:.2f}, Westernesse {counts[1]:.2f}, Draw {counts[2]:.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games of each kind")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--noise", type=int, default=8)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--save", help="keep the positions played in this file (pickle)")
    parser.add_argument("--load", help="fit the positions kept by --save instead of playing")
    parser.add_argument("--west-unconditional", action="store_true",
                        help="fit Westernesse's model to every game, not only those whose "
                             "Sauron ends demoralized (as before 2026-12-02)")
    args = parser.parse_args()
    kinds = ("heuristic", "noisy", "sauron-vs-random", "west-vs-random")
    tasks = [(kind, args.seed + 100 * k + i, args.noise)
             for k, kind in enumerate(kinds) for i in range(args.games)]
    if args.load:
        with open(args.load, "rb") as f:
            games = pickle.load(f)
    else:
        with Pool(args.workers) as pool:
            games = pool.map(play, tasks, chunksize=1)
    if args.save:
        with open(args.save, "wb") as f:
            pickle.dump(games, f)
    for _, rows in games:       # positions kept before the evaluation read this fact
        for found, was, _, _ in rows:
            found.setdefault("sauron_down", 1.0 if was["sauron"] else 0.0)
    sets = {"train": [], "test": []}
    for index, (seed, rows) in enumerate(games):
        sets["test" if index % 5 == 4 else "train"].extend(rows)
    weights = {}
    for target, column, facts, now in (("SAURON_DEMORALIZED", 2, SAURON_FACTS, SAURON_DEMORALIZED),
                                       ("WEST_DEMORALIZED", 3, WEST_FACTS, WEST_DEMORALIZED)):
        side = "sauron" if column == 2 else "westernesse"
        data = {}
        for name, rows in sets.items():
            kept = rows_for(rows, side, given_sauron=column == 3 and not args.west_unconditional)
            data[name] = (matrix(kept, facts), np.array([float(r[column]) for r in kept]))
        w, kept = fit_with_signs(facts, *data["train"])
        columns = [list(facts).index(f) for f in kept]
        weights[target] = dict(zip(kept, (float(v) for v in w)))
        x, y = data["test"]
        if not len(y):
            continue
        constant = np.full(len(y), data["train"][1].mean())
        report(f"{target} fitted", chance(w, x[:, columns]), y)
        report(f"{target} in evaluation.py", chance(np.array(list(now.values())),
                                                    x[:, [list(facts).index(f) for f in now]]), y)
        report(f"{target} constant", constant, y)
    test = [r for r in sets["test"] if not (r[1]["sauron"] and r[1]["westernesse"])]
    results_loss("fitted", test, weights["SAURON_DEMORALIZED"], weights["WEST_DEMORALIZED"])
    results_loss("in evaluation.py", test, SAURON_DEMORALIZED, WEST_DEMORALIZED)
    weights = {target: (list(w), np.array(list(w.values()))) for target, w in weights.items()}
    for target, (facts, w) in weights.items():
        print(f"{target} = {{")
        items = [f'"{f}": {v:.3f}' for f, v in zip(facts, w)]
        for i in range(0, len(items), 3):
            print("    " + ", ".join(items[i:i + 3]) + ",")
        print("}")


if __name__ == "__main__":
    main()
