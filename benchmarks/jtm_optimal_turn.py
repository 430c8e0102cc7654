"""Journey to Mordor's `optimal-turn` agent against the heuristic and mcts (issue 15, item 6).

Two players, paired seeded games: for game seed 7000 + k the agent under test plays seat 0
and then seat 1 against the same opponent on the same dice seed (agent seeds 10k + seat).
A game scores 1 for a win, ½ for a shared win, 0 otherwise. Prints one JSON line a game
and, per opponent, the score rate with a 95 % interval (normal approximation over pairs,
the pair's mean being one observation). Pairs of each opponent are interleaved, so a time
limit cuts them all evenly.

    nice -n 10 .venv/bin/python benchmarks/jtm_optimal_turn.py --pairs 60 --minutes 30 \
        --workers 2 --opponents heuristic,mcts:1000 [--locations]
"""

from __future__ import annotations

import argparse
import json
import math
import time
from multiprocessing import Pool

from palantir.agents import make_agent
from palantir.engine import get_game
from palantir.engine.match import play_match

UNDER_TEST = "optimal-turn"


def play_pair(task: tuple) -> list[dict]:
    """Both seat orders of one seed against one opponent."""
    opponent, k, locations = task
    game = get_game("journey-to-mordor")
    options = {"players": 2, "locations": locations}
    rows = []
    for seat in (0, 1):
        specs = [UNDER_TEST, opponent] if seat == 0 else [opponent, UNDER_TEST]
        agents = [make_agent(specs[s], game, s, 10 * k + s) for s in range(2)]
        began = time.time()
        state, _ = play_match(game, options, agents, 7000 + k)
        winners = state.outcome().winners
        score = (1.0 / len(winners)) if seat in winners else 0.0
        rows.append({"opponent": opponent, "k": k, "seat": seat, "score": score,
                     "opponent_won": any(w != seat for w in winners),
                     "rounds": state.round, "seconds": round(time.time() - began, 2)})
    return rows


def interval(pair_means: list[float]) -> tuple[float, float, float]:
    """Mean and 95 % normal interval of the pairs' mean scores."""
    n = len(pair_means)
    mean = sum(pair_means) / n
    var = sum((x - mean) ** 2 for x in pair_means) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def main() -> None:
    """Play the pairs (in parallel), print each game and the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=60)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--opponents", default="heuristic,mcts:1000")
    parser.add_argument("--locations", action="store_true")
    args = parser.parse_args()
    opponents = args.opponents.split(",")
    tasks = [(o, k, args.locations) for k in range(args.pairs) for o in opponents]
    start = time.time()
    done: dict[str, list[list[dict]]] = {o: [] for o in opponents}
    with Pool(args.workers) as pool:
        for rows in pool.imap(play_pair, tasks):
            for row in rows:
                print(json.dumps(row), flush=True)
            done[rows[0]["opponent"]].append(rows)
            if time.time() - start > args.minutes * 60:
                pool.terminate()
                break
    print(f"# {time.time() - start:.0f} s, workers {args.workers}, "
          f"locations {args.locations}", flush=True)
    for opponent, pairs in done.items():
        if not pairs:
            continue
        means = [sum(r["score"] for r in pair) / 2 for pair in pairs]
        mean, low, high = interval(means)
        lost = sum(r["opponent_won"] for pair in pairs for r in pair)
        print(f"# {UNDER_TEST} vs {opponent}: {len(pairs)} pairs ({2 * len(pairs)} games), "
              f"score {mean:.3f} [95 % {low:.3f}, {high:.3f}], "
              f"wins {sum(r['score'] for p in pairs for r in p):g}, opponent wins {lost}",
              flush=True)


if __name__ == "__main__":
    main()
