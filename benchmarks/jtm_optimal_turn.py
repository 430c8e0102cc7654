"""Journey to Mordor's `optimal-turn` agent against the heuristic and mcts (issue 15, item 6).

Two players, paired seeded games: for game seed 7000 + k (`--seed`) the agent under test
plays seat 0 and then seat 1 against the same opponent on the same dice seed (agent seeds
10k + seat). A game scores 1 for a win, ½ for a shared win, 0 otherwise (nobody wins when
both are eliminated); the margin is the agent's score less the opponent's, a game. Prints
one JSON line a game and, per opponent, the score rate with a 95 % interval (normal
approximation over pairs, the pair's mean being one observation). The agent plays for its
default objective, the chance of winning from the position each turn ends in
(odds.WinChance; the chain is solved once in the parent, the workers fork with it);
`--objective` gives weights (odds.Objective) to play the one-turn objective instead,
`--seed` the first game seed (tune on other seeds than you measure on). Pairs of each
opponent are interleaved, so a time limit cuts them all evenly.

    nice -n 10 .venv/bin/python benchmarks/jtm_optimal_turn.py --pairs 60 --minutes 30 \
        --workers 2 --opponents heuristic,mcts:1000 [--locations]
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import replace
from multiprocessing import Pool

from palantir.agents import make_agent
from palantir.engine import get_game
from palantir.engine.match import play_match
from palantir.games.journey_to_mordor.odds import (DEFAULT_OBJECTIVE, WIN_CHANCE,
                                                   OptimalTurnAgent, win_chain)

UNDER_TEST = "optimal-turn"


def play_pair(task: tuple) -> list[dict]:
    """Both seat orders of one seed against one opponent."""
    opponent, k, locations, objective, base = task
    game = get_game("journey-to-mordor")
    options = {"players": 2, "locations": locations}
    rows = []
    for seat in (0, 1):
        agents = [make_agent(opponent, game, s, 10 * k + s) for s in range(2)]
        agents[seat] = OptimalTurnAgent(game, seat, 10 * k + seat, objective)
        began = time.time()
        state, _ = play_match(game, options, agents, base + k)
        winners = state.outcome().winners
        score = (1.0 / len(winners)) if seat in winners else 0.0
        theirs = (1.0 / len(winners)) if 1 - seat in winners else 0.0
        rows.append({"opponent": opponent, "k": k, "seat": seat, "score": score,
                     "opponent_score": theirs, "opponent_won": any(w != seat for w in winners),
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
    parser.add_argument("--seed", type=int, default=7000, help="the first game seed")
    parser.add_argument("--objective", default="",
                        help="play the one-turn objective with these weights (or 'turn' for "
                             "its defaults), e.g. unit=1,rival_eliminated=0")
    args = parser.parse_args()
    opponents = args.opponents.split(",")
    weights = dict(w.split("=") for w in args.objective.split(",") if w and w != "turn")
    objective = (replace(DEFAULT_OBJECTIVE, **{k: float(v) for k, v in weights.items()})
                 if args.objective else WIN_CHANCE)
    tasks = [(o, k, args.locations, objective, args.seed)
             for k in range(args.pairs) for o in opponents]
    start = time.time()
    if objective is WIN_CHANCE:  # the chain once, in the parent: the workers fork with it
        win_chain()
        print(f"# win chances: {time.time() - start:.0f} s", flush=True)
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
          f"locations {args.locations}, {objective}", flush=True)
    for opponent, pairs in done.items():
        if not pairs:
            continue
        means = [sum(r["score"] for r in pair) / 2 for pair in pairs]
        mean, low, high = interval(means)
        margin, m_low, m_high = interval(
            [sum(r["score"] - r["opponent_score"] for r in pair) / 2 for pair in pairs])
        lost = sum(r["opponent_score"] for pair in pairs for r in pair)
        print(f"# {UNDER_TEST} vs {opponent}: {len(pairs)} pairs ({2 * len(pairs)} games), "
              f"score {mean:.3f} [95 % {low:.3f}, {high:.3f}], "
              f"wins {sum(r['score'] for p in pairs for r in p):g}, opponent wins {lost:g}, "
              f"margin (own − opponent's score a game) {margin:+.3f} "
              f"[95 % {m_low:+.3f}, {m_high:+.3f}]", flush=True)


if __name__ == "__main__":
    main()
