"""Throughput of the Lord of the Rings board game, each figure beside a peer of the same run.

* games/s, heuristic seats (3 hobbits; with the Sauron expansion a heuristic Sauron too),
  against Journey to Mordor's heuristic games/s (4 players), runs interleaved;
* ISMCTS iterations/s of a hobbit's first turn against the generic MCTS's iterations/s
  from the same view (the same rollout policy; since issue 5's fifth round ISMCTS's
  rollouts stop at the next conflict board on the fitted value, `search_cutoff`, while
  MCTS's play to the game's end, so the ratio is above 1: it was the price of one
  determinization per iteration, 0.7, before).

    .venv/bin/python benchmarks/bench_lotr_board_game.py [--games 20] [--runs 3] [--iterations 60]
    .venv/bin/python benchmarks/bench_lotr_board_game.py --series 12 --budgets 50,150
    nice -n 10 .venv/bin/python benchmarks/bench_lotr_board_game.py --series 100 \
        --budgets 50 --expansion sauron --difficulty easy --workers 2

`--series N` instead plays N seeded games (3 hobbits, seeds 5000..; base game at normal
difficulty unless told) with heuristic hobbits and with ismcts hobbits at each budget
(with the expansion, a heuristic Sauron against both), and prints each one's mean score
and win rate with their standard errors, and the paired gain over the heuristic on the
same seeds (issue 5's done-when: ISMCTS above the heuristic). `--workers` plays the
games in that many processes (the results do not depend on it).

Before and after the speed work of issue 5's fourth round (the heuristic agent reads its
view through SeenTable instead of rebuilding a state per decision; a cost's pot tallied
once per question; legal decisions remembered for the question asked): the same command
(--games 10 --runs 3 --iterations 30) on the code of commit e6cc74a, under the same load,
gave the ratios of BEFORE; the script prints today's ratio beside them.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from palantir.agents.ismcts import ISMCTSAgent
from palantir.agents.mcts import MCTSAgent
from palantir.engine import SeededDice, get_game
from palantir.engine.match import play_match

# Measured on commit e6cc74a (see above): games/s as a ratio to Journey to Mordor's, and
# ISMCTS iterations/s as a ratio to MCTS's.
BEFORE = {"lotr-board-game 3 hobbits": 0.045, "lotr-board-game 3 hobbits + Sauron": 0.037,
          "ismcts": 0.703}


def games_per_second(game_id: str, options: dict, games: int, seed: int) -> tuple[float, float]:
    """Heuristic games per second and decisions per game."""
    game = get_game(game_id)
    options = game.validate_options(options)
    seats = game.players_of(options)
    decisions = 0
    start = time.perf_counter()
    for k in range(games):
        agents = [game.heuristic_agent(s, seed + k * 10 + s) for s in range(seats)]
        _, record = play_match(game, options, agents, seed + k)
        decisions += len(list(record.decisions()))
    return games / (time.perf_counter() - start), decisions / games


def first_turn(options: dict, seed: int):
    """The first state of a game where a hobbit has a real choice of action."""
    game = get_game("lotr-board-game")
    state = game.new_state(options, SeededDice(seed))
    agents = [game.heuristic_agent(s, s) for s in range(state.players)]
    while state.question[0] != "act":
        seat = state.to_move()
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
    return game, state


def iterations_per_second(agent, state) -> float:
    """Search iterations per second for one decision."""
    seat = state.to_move()
    agent.choose(state.view(seat), state.legal_actions())
    return agent.last_search["iterations"] / agent.last_search["seconds"]


def series_game(task: tuple) -> tuple[int, float]:
    """One game of a series: (k, iterations or None, options) -> (score, won)."""
    k, iterations, options = task
    game = get_game("lotr-board-game")
    options = game.validate_options(options)
    hobbits = options["players"]
    agents = [game.heuristic_agent(s, k * 10 + s) if iterations is None else
              ISMCTSAgent(game, s, k * 10 + s, iterations=iterations) for s in range(hobbits)]
    agents += [game.heuristic_agent(s, k * 10 + s)
               for s in range(hobbits, game.players_of(options))]  # Sauron
    state, _ = play_match(game, options, agents, 5000 + k)
    outcome = state.outcome()
    return outcome.details["score"], 1.0 if state.result == "won" else 0.0


def series(games: int, iterations: int | None, options: dict | None = None,
           workers: int = 1) -> tuple[list[int], list[float], float]:
    """Scores and wins of a seeded series: heuristic hobbits (None) or ismcts:N hobbits;
    the seconds of one game (wall clock over the workers)."""
    tasks = [(k, iterations, options or {"players": 3}) for k in range(games)]
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(series_game, tasks))
    else:
        results = [series_game(task) for task in tasks]
    seconds = (time.perf_counter() - start) * workers / games
    return [r[0] for r in results], [r[1] for r in results], seconds


def _mean_se(values) -> str:
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return f"{statistics.mean(values):.2f} ± {se:.2f}"


def main() -> None:
    """Measure and print the figures with their ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--series", type=int, default=0)
    parser.add_argument("--budgets", default="50,150")
    parser.add_argument("--expansion", default="none", choices=("none", "sauron"))
    parser.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"))
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if args.series:
        options = {"players": 3, "expansion": args.expansion, "difficulty": args.difficulty}
        print(f"3 hobbits, {args.difficulty}, expansion {args.expansion}, {args.series} games "
              f"(seeds 5000..{5000 + args.series - 1})")
        base, _, _ = series(args.series, None, options, args.workers)
        print(f"{'hobbits':<14}{'score':>16}{'win rate':>16}{'vs heuristic':>16}{'s/game':>8}")
        for budget in [None] + [int(b) for b in args.budgets.split(",")]:
            scores, wins, seconds = series(args.series, budget, options, args.workers)
            gain = [a - b for a, b in zip(scores, base)]  # the same seeds: paired
            name = "heuristic" if budget is None else f"ismcts:{budget}"
            print(f"{name:<14}{_mean_se(scores):>16}{_mean_se(wins):>16}"
                  f"{_mean_se(gain):>16}{seconds:>8.1f}")
        return
    contenders = {
        "journey-to-mordor 4p heuristic": ("journey-to-mordor", {"players": 4}),
        "lotr-board-game 3 hobbits": ("lotr-board-game", {"players": 3}),
        "lotr-board-game 3 hobbits + Sauron": ("lotr-board-game",
                                               {"players": 3, "expansion": "sauron"}),
    }
    rates = {name: [] for name in contenders}
    lengths = {}
    for run in range(args.runs):
        for name, (game_id, options) in contenders.items():  # interleaved: same load
            rate, length = games_per_second(game_id, options, args.games, 1000 * run)
            rates[name].append(rate)
            lengths[name] = length
    peer = statistics.median(rates["journey-to-mordor 4p heuristic"])
    print(f"{'contender':<38}{'games/s':>10}{'vs JtM':>9}{'before':>9}{'decisions/game':>16}")
    for name in contenders:
        rate = statistics.median(rates[name])
        before = f"{BEFORE[name]:.3f}" if name in BEFORE else "-"
        print(f"{name:<38}{rate:>10.1f}{rate / peer:>9.3f}{before:>9}{lengths[name]:>16.1f}")

    print()
    game, state = first_turn({"players": 3, "expansion": "sauron"}, 7)
    seat = state.to_move()
    ismcts, mcts = [], []
    for run in range(args.runs):
        ismcts.append(iterations_per_second(
            ISMCTSAgent(game, seat, run, iterations=args.iterations), state))
        mcts.append(iterations_per_second(
            MCTSAgent(game, seat, run, iterations=args.iterations), state))
    i, m = statistics.median(ismcts), statistics.median(mcts)
    print(f"{'search (a hobbit first turn, 3+Sauron)':<38}{'iter/s':>10}{'vs mcts':>9}"
          f"{'before':>9}")
    print(f"{'ismcts':<38}{i:>10.1f}{i / m:>9.3f}{BEFORE['ismcts']:>9.3f}")
    print(f"{'mcts (same view, fixed sample)':<38}{m:>10.1f}{1.0:>9.3f}")


if __name__ == "__main__":
    main()
