"""The fitting of search_value.py's weights: least squares over heuristic games, written to
data/search_value.toml. A tool, run as

    .venv/bin/python -m palantir.games.lotr_board_game.search_value_fit --games 4000

and never imported by the game (it alone needs numpy).
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from ...engine.dice import SeededDice
from ...engine.game import get_game
from .heuristics import decide
from .search_value import FILE, features


def _snapshots(k: int) -> list[tuple[dict[str, float], float]]:
    """One heuristic game with random options: the features at each conflict board's first
    decision, each with the game's final payoff."""
    game = get_game("lotr-board-game")
    rng = random.Random(k)
    options = game.validate_options({
        "players": rng.choice([2, 3, 3, 4, 5]),
        "difficulty": rng.choice(["easy", "normal", "hard"]),
        "expansion": rng.choice(["none", "none", "sauron"])})
    state = game.new_state(options, SeededDice(k))
    rows, seen = [], set()
    while not state.is_over():
        if state.board.kind == "conflict" and state.board_index not in seen:
            seen.add(state.board_index)
            rows.append(features(state))
        state.apply(decide(state, rng))
    payoff = 0.5 * min(state.outcome().details["score"], 60) / 60 + \
        0.5 * (state.result == "won")
    return [(row, payoff) for row in rows]


def fit(games: int, workers: int = 1) -> tuple[dict[str, float], int]:
    """Least-squares weights over `games` heuristic games (seeds 0..games-1)."""
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            rows = [r for g in pool.map(_snapshots, range(games), chunksize=20) for r in g]
    else:
        rows = [r for k in range(games) for r in _snapshots(k)]
    names = list(rows[0][0])
    a = np.array([[row[n] for n in names] + [1.0] for row, _ in rows])
    y = np.array([payoff for _, payoff in rows])
    weights, *_ = np.linalg.lstsq(a, y, rcond=None)
    return dict(zip(names + ["constant"], (round(float(w), 5) for w in weights))), len(rows)


def main() -> None:
    """Refit the weights and write data/search_value.toml."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    weights, rows = fit(args.games, args.workers)
    lines = ["# The search's value of a position at a conflict board's start (search_value.py).",
             f"# Fitted, not from the rules: least squares over {rows} positions of {args.games}",
             "# heuristic games (random players, difficulty, expansion; seeds 0..). Refit:",
             "#   .venv/bin/python -m palantir.games.lotr_board_game.search_value_fit "
             f"--games {args.games}",
             "fitted = true", "", "[weights]"]
    lines += [f'"{name}" = {w}' for name, w in weights.items()]
    FILE.write_text("\n".join(lines) + "\n")
    print(f"{rows} positions; weights written to {FILE}")


if __name__ == "__main__":
    main()
