"""What a searched decision of `mcts` costs on SPI Sauron, at seeded positions of a game.

Plays a seeded game of the general against itself, notes every decision `mcts` would search
there (more than one legal decision, and worth a search: search_worthy), and searches a
spread of them with `mcts:N` on the deciding seat, each with the general's plans as they
were kept at that decision of the game (a Movement Phase's postures are made at its first
decision; a position costs the same whatever was searched before it). Prints each position's CPU
seconds (`process_time`), the average and the slowest, and a digest of what the searches
found (every root decision's visits and mean, and the pick): a change that only makes the
search cheaper leaves the digest as it was.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_spi_search.py [--seed 1] [--positions 12]
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import time

from palantir.agents.mcts import MCTSAgent
from palantir.engine.dice import SeededDice
from palantir.games.spi_sauron import SpiSauron, heuristics
from palantir.games.spi_sauron.heuristics import HeuristicAgent


def searched_positions(game, seed: int) -> list[tuple[int, dict, list, dict]]:
    """(seat, view, legal, the plans kept) at every decision of a seeded heuristic game that
    mcts searches."""
    hooks = game.search()
    agents = [HeuristicAgent(0, seed, game=game), HeuristicAgent(1, seed + 1, game=game)]
    state = game.new_state({}, SeededDice(seed))
    found = []
    while not state.is_over():
        seat = state.to_move()
        view, legal = state.view(seat), state.legal_actions()
        if len(legal) > 1 and hooks.search_worthy(view):
            found.append((seat, view, legal,
                          {key: list(plans) for key, plans in heuristics._PLANS.items()}))
        state.apply(agents[seat].choose(view, legal))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="the game's dice seed")
    parser.add_argument("--positions", type=int, default=12, help="positions searched")
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="profile the searches (cProfile) and print the N dearest calls")
    parser.add_argument("--profile-file", help="and keep the profile in this file (pstats)")
    args = parser.parse_args()
    profile = cProfile.Profile() if args.profile else None
    game = SpiSauron()
    found = searched_positions(game, args.seed)
    step = max(1, len(found) // args.positions)
    chosen = found[step // 2::step][:args.positions]
    print(f"# seed {args.seed}: {len(found)} searched decisions in the game; "
          f"{len(chosen)} searched with mcts:{args.iterations}")
    digest = hashlib.sha256()
    costs = []
    for index, (seat, view, legal, plans) in enumerate(chosen):
        heuristics._PLANS.clear()
        heuristics._PLANS.update((key, list(kept)) for key, kept in plans.items())
        agent = MCTSAgent(game, seat, seed=args.seed * 1000 + index,
                          iterations=args.iterations)
        start = time.process_time()
        if profile is not None:
            profile.enable()
        choice = agent.choose(view, legal)
        if profile is not None:
            profile.disable()
        cost = time.process_time() - start
        costs.append(cost)
        root = [(a, v, round(m, 9)) for a, v, m in agent.last_search["root"]]
        digest.update(repr((str(choice), root)).encode())
        print(f"turn {view['turn']:2} {view['phase']:<24} seat {seat} "
              f"{len(legal):4} legal  {cost:6.2f} CPU s  -> {choice}")
    print(f"average {sum(costs) / len(costs):.2f} CPU s, slowest {max(costs):.2f}, "
          f"total {sum(costs):.1f}; digest {digest.hexdigest()[:16]}")
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)
        if args.profile_file:
            profile.dump_stats(args.profile_file)


if __name__ == "__main__":
    main()
