"""Is Journey to Mordor's faster search the same search? `mcts:N` as it plays (rollouts
through the batch engine, batch.Playout) against `mcts:N` with its rollouts played by the
rules decision by decision (the search before issue 15, item 4), two players, basic game,
paired seeds: seed k is played twice on the same dice, the new search in seat 0 and then
in seat 1. A game scores the new search's payoff against the old's, (1 + new - old) / 2:
a win 1, a loss 0, a shared win or a game nobody wins (both eliminated) 0.5. The mean
score a pair with its 95 % interval: the searches are equally strong when 0.5 lies inside
it. (The new search's bare payoff is not that measure: a game nobody wins pays both 0, so
two equal searches would each average below 0.5.) Games run on local
processes until all are played or the time is up (the pairs begun then finish); one
JSON line a pair in `--out`.

    nice -n 10 .venv/bin/python benchmarks/jtm_mcts_paired.py --iterations 50 --seeds 40 \\
        --workers 2 --minutes 30 --out pairs.jsonl
    .venv/bin/python benchmarks/jtm_mcts_paired.py --iterations 50 --summary pairs.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

from palantir.agents.mcts import MCTSAgent
from palantir.engine import get_game
from palantir.engine.match import play_match
from palantir.engine.search import SearchHooks

GAME = "journey-to-mordor"
SEED = 7000


def searcher(game, seat: int, seed: int, iterations: int, plain: bool) -> MCTSAgent:
    """mcts:iterations for `seat`; plain: its rollouts by the rules (no search_rollout)."""
    agent = MCTSAgent(game, seat, seed, iterations=iterations)
    if plain:
        hooks = agent.hooks
        agent.hooks = SearchHooks(rollout_policy=hooks.rollout_policy,
                                  search_actions=hooks.search_actions)
    return agent


def one_pair(task: tuple[int, int]) -> dict:
    """Seed SEED + k played with the new search in seat 0, then in seat 1."""
    k, iterations = task
    game = get_game(GAME)
    options = {"players": 2}
    payoffs, returns = [], []
    began = time.process_time()
    for new_seat in (0, 1):
        agents = [searcher(game, seat, 10 * k + seat, iterations, plain=seat != new_seat)
                  for seat in range(2)]
        state, _ = play_match(game, options, agents, SEED + k)
        returns.append(state.outcome().returns(2))
        payoffs.append(returns[-1][new_seat])
    return {"seed": SEED + k, "new_payoffs": payoffs, "returns": returns,
            "cpu": time.process_time() - began}


def game_score(returns: list[float], new_seat: int) -> float:
    """The new search's score in one game against the old: (1 + new - old) / 2, so a game
    nobody wins, like a shared win, is even (0.5), not a loss for both."""
    return (1.0 + returns[new_seat] - returns[1 - new_seat]) / 2


def pair_score(pair: dict) -> float:
    """The new search's mean score over a pair's two games (new in seat 0, then seat 1)."""
    if "returns" not in pair:
        raise ValueError(f"the pair of seed {pair.get('seed')} has no 'returns' (each "
                         "seat's payoff a game), only the new search's payoffs, which "
                         "cannot tell a loss from a game nobody won: play it again")
    return sum(game_score(r, seat) for seat, r in enumerate(pair["returns"])) / 2


def summary(pairs: list[dict], iterations: int) -> str:
    """The new search's mean score a game against the old with a 95 % interval over the
    pairs."""
    means = [pair_score(p) for p in pairs]
    mean = statistics.fmean(means)
    half = 1.96 * statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else 1.0
    scores = [game_score(r, seat) for p in pairs for seat, r in enumerate(p["returns"])]
    wins = sum(x == 1.0 for x in scores)
    losses = sum(x == 0.0 for x in scores)
    nobody = sum(not any(r) for p in pairs for r in p["returns"])
    verdict = "equal within the interval" if mean - half <= 0.5 <= mean + half else \
        "NOT equal: 0.5 lies outside the interval"
    return (f"mcts:{iterations} (batch rollouts) against mcts:{iterations} (rollouts by the "
            f"rules), 2 players, {len(pairs)} seeds on both seat orders "
            f"({2 * len(pairs)} games): the new search won {wins}, lost {losses}, "
            f"{nobody} games nobody won; mean score {mean:.3f}, 95 % interval "
            f"[{mean - half:.3f}, {mean + half:.3f}]: {verdict}")


def main(argv: list[str] | None = None) -> int:
    """Play the pairs, write them, print the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--start", type=int, default=0, help="the first seed's k")
    parser.add_argument("--out", default=None, help="one JSON line a pair")
    parser.add_argument("--summary", default=None,
                        help="only summarise the pairs of this file (at --iterations)")
    args = parser.parse_args(argv)
    if args.summary:
        with open(args.summary, encoding="utf-8") as handle:
            print(summary([json.loads(line) for line in handle if line.strip()],
                          args.iterations))
        return 0
    if min(args.iterations, args.seeds, args.workers) < 1 or args.minutes <= 0:
        parser.error("--iterations, --seeds and --workers must be at least 1, --minutes > 0")
    deadline = time.monotonic() + 60 * args.minutes
    pairs: list[dict] = []
    out = open(args.out, "a", encoding="utf-8") if args.out else None
    with ProcessPoolExecutor(args.workers) as pool:
        todo = iter(range(args.start, args.start + args.seeds))
        running = {pool.submit(one_pair, (k, args.iterations))
                   for _, k in zip(range(args.workers), todo)}
        while running:
            done, running = wait(running, timeout=max(1.0, deadline - time.monotonic()),
                                 return_when=FIRST_COMPLETED)
            for future in done:
                pair = future.result()
                pairs.append(pair)
                if out:
                    out.write(json.dumps(pair) + "\n")
                    out.flush()
                print(f"{len(pairs)} pairs: seed {pair['seed']} {pair['new_payoffs']}",
                      file=sys.stderr)
                if time.monotonic() < deadline:
                    k = next(todo, None)
                    if k is not None:
                        running.add(pool.submit(one_pair, (k, args.iterations)))
    if out:
        out.close()
    if not pairs:
        print("no pair finished in the time given")
        return 1
    print(summary(sorted(pairs, key=lambda p: p["seed"]), args.iterations))
    return 0


if __name__ == "__main__":
    sys.exit(main())
