"""SPI Sauron: does a searching agent beat the computer general? Paired seeded games.

For each seed s the game is played three ways on the same dice seed: the general against
itself, the searcher as Sauron against the general, and the general as Sauron against the
searcher as Westernesse (agent seeds 10 s + seat). Between two generals one side wins each
game, so the general wins exactly half of its own paired games over both sides: the figure
to beat is 50%. Printed per side and for both: the searcher's wins with a 95% Wilson
interval, the general's wins on the same seeds, the seeds where the searcher turned a loss
into a win or a win into a loss, and a one-sided binomial test against 50%.

Run: .venv/bin/python benchmarks/strength_spi_sauron.py --agent mcts:100 --seeds 1..35
(about two minutes a game on one core; --workers runs games in parallel).
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor

from palantir.agents import make_agent
from palantir.analysis.sweep import wilson
from palantir.engine.game import get_game
from palantir.engine.match import play_match

SIDES = ("sauron", "westernesse")


def play(task: tuple[str, int, str | None]) -> tuple[str, int, str | None, str]:
    """One game: the searcher `spec` on `side` (None: the general on both) with seed `s`."""
    spec, seed, side = task
    game = get_game("spi-sauron")
    agents = [make_agent(spec if side == name else "heuristic", game, seat, seed=seed * 10 + seat)
              for seat, name in enumerate(SIDES)]
    state, _ = play_match(game, {}, agents, seed)
    return spec, seed, side, state.outcome().summary




def seeds_of(text: str) -> list[int]:
    """'1..35' or '1,2,5'."""
    if ".." in text:
        first, last = text.split("..")
        return list(range(int(first), int(last) + 1))
    return [int(part) for part in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="mcts:100")
    parser.add_argument("--seeds", default="1..10")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    seeds = seeds_of(args.seeds)
    tasks = [("heuristic", s, None) for s in seeds] + \
        [(args.agent, s, side) for s in seeds for side in SIDES]
    results = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for done, (spec, seed, side, summary) in enumerate(pool.map(play, tasks), 1):
            results[(seed, side)] = summary
            print(f"\r{done}/{len(tasks)} games", end="", flush=True)
    print()
    print(f"| {args.agent} plays | games | its wins (95% interval) | the general's wins, same "
          "seeds | loss turned win | win turned loss |")
    print("|---|---|---|---|---|---|")
    total = wins_all = general_all = 0
    for side in SIDES:
        prefix = side.capitalize()
        won = [results[(s, side)].startswith(prefix) for s in seeds]
        general = [results[(s, None)].startswith(prefix) for s in seeds]
        better = sum(w and not g for w, g in zip(won, general))
        worse = sum(g and not w for w, g in zip(won, general))
        low, high = wilson(sum(won), len(seeds))
        print(f"| {prefix} | {len(seeds)} | {sum(won)} ({low:.0%}–{high:.0%}) | {sum(general)} "
              f"| {better} | {worse} |")
        total += len(seeds)
        wins_all += sum(won)
        general_all += sum(general)
    low, high = wilson(wins_all, total)
    p = sum(math.comb(total, k) for k in range(wins_all, total + 1)) / 2 ** total
    print(f"| both | {total} | {wins_all} ({low:.0%}–{high:.0%}) | {general_all} | | |")
    print(f"one-sided binomial test of {wins_all}/{total} against 50%: p = {p:.3f}")


if __name__ == "__main__":
    main()
