"""Search speed: our `mcts` on Journey to Mordor against OpenSpiel's Python MCTSBot on pig.

In one process, runs interleaved so that every contender sees the same load: OpenSpiel's
Python `MCTSBot` (random rollouts, UCT) on `pig` (4 players, win score 100), and our `mcts`
on Journey to Mordor (4 players and 2 players, basic game), each searching the same number
of iterations (simulations) a decision at a few positions spread over a seeded game. Our
Journey search is measured twice: as it plays (rollouts through the batch engine,
batch.Playout) and with its rollouts played by the rules decision by decision (the search
before issue 15, item 4). Beside them, our `mcts` on SPI Sauron and `ismcts` on the board
game (lotr-board-game, 3 hobbits) at a few positions each. Iterations per second by CPU
time of this process (`process_time`) and by the wall clock; the median of the runs; the
ratio of Journey's rate to pig's is issue 15's figure (at least 5).

    .venv/bin/python benchmarks/bench_search.py [--iterations 200] [--runs 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Callable

import numpy as np

from palantir.agents import make_agent
from palantir.agents.mcts import MCTSAgent
from palantir.engine import get_game
from palantir.engine.dice import SeededDice
from palantir.engine.match import play_match
from palantir.engine.search import SearchHooks

try:  # OpenSpiel is the bench extra; without it pig is left out
    import pyspiel
    from open_spiel.python.algorithms import mcts
except ImportError:
    pyspiel = mcts = None

PIG_PARAMS = {"players": 4, "winscore": 100}
POSITIONS = 6   # decisions searched per contender and run
SEED = 15


# A contender searches its positions once and returns (iterations, CPU s, wall s).
Search = Callable[[], tuple[int, float, float]]


def timed(searches: list[Callable[[], int]]) -> tuple[int, float, float]:
    """Run the searches, counting their iterations and the CPU and wall seconds spent."""
    cpu, wall = time.process_time(), time.perf_counter()
    done = sum(search() for search in searches)
    return done, time.process_time() - cpu, time.perf_counter() - wall


def pig_contender(iterations: int) -> Search | None:
    """OpenSpiel's Python MCTSBot on pig at decisions spread over a seeded random game."""
    if pyspiel is None:
        return None
    game = pyspiel.load_game("pig", PIG_PARAMS)
    rng = random.Random(SEED)
    state, found = game.new_initial_state(), []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        found.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    picked = [found[k * (len(found) - 1) // (POSITIONS - 1)] for k in range(POSITIONS)]
    random_state = np.random.RandomState(SEED)
    bot = mcts.MCTSBot(game, 2.0, iterations,
                       mcts.RandomRolloutEvaluator(1, random_state),
                       random_state=random_state, solve=False)

    def one(position) -> int:
        bot.step(position)
        return iterations

    return lambda: timed([lambda p=p: one(p) for p in picked])


def positions(game_id: str, options: dict, agents: list[str], seed: int,
              worthy: Callable[[dict], bool]) -> list:
    """Decisions spread over a seeded game by `agents` at which a search runs (more than
    one legal decision, and one the game deems worth a search)."""
    game = get_game(game_id)
    seats = [make_agent(spec, game, s, seed + s) for s, spec in enumerate(agents)]
    found = []

    def keep(state, seat, action) -> None:
        who = state.to_move()
        if who is not None and len(state.legal_actions()) > 1 and worthy(state.view(who)):
            found.append(state.clone(dice=SeededDice(seed)))

    play_match(game, options, seats, seed, on_step=keep)
    return [found[k * (len(found) - 1) // (POSITIONS - 1)] for k in range(POSITIONS)]


def our_contender(game_id: str, options: dict, agents: list[str], spec: str,
                  plain_rollouts: bool = False) -> Search:
    """Our search agent `spec` at decisions spread over a seeded game by `agents`;
    plain_rollouts: its rollouts played by the rules, without the game's search_rollout."""
    game = get_game(game_id)
    hooks = game.search()
    picked = positions(game_id, options, agents, SEED, hooks.search_worthy)
    searchers = []
    for k, state in enumerate(picked):
        agent = make_agent(spec, game, state.to_move(), SEED + k)
        if plain_rollouts:
            assert isinstance(agent, MCTSAgent)
            agent.hooks = SearchHooks(**{name: getattr(hooks, name) for name in
                                         ("rollout_policy", "search_actions")})
        searchers.append((agent, state))

    def one(agent, state) -> int:
        agent.choose(state.view(state.to_move()), state.legal_actions())
        return agent.last_search["iterations"]

    # The first search compiles (or loads) what the game compiles, outside the clock.
    one(*searchers[0])
    return lambda: timed([lambda a=a, s=s: one(a, s) for a, s in searchers])


def main(argv: list[str] | None = None) -> int:
    """Measure, then print iterations/s and the ratios to pig."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200,
                        help="iterations (simulations) a decision for pig and Journey "
                             "(default 200)")
    parser.add_argument("--spi-iterations", type=int, default=20,
                        help="mcts iterations a decision on SPI Sauron (default 20)")
    parser.add_argument("--lotr-iterations", type=int, default=100,
                        help="ismcts iterations a decision on the board game (default 100)")
    parser.add_argument("--runs", type=int, default=3,
                        help="interleaved runs; the median is reported (default 3)")
    parser.add_argument("--no-before", action="store_true",
                        help="leave out Journey's search with rollouts by the rules")
    args = parser.parse_args(argv)
    for name in ("iterations", "spi_iterations", "lotr_iterations", "runs"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")

    n = args.iterations
    contenders: list[tuple[str, Search]] = []
    pig = pig_contender(n)
    if pig is not None:
        contenders.append(("OpenSpiel MCTSBot (Python), pig 4p", pig))
    jtm = "journey-to-mordor"
    for players in (4, 2):
        contenders.append((f"mcts, Journey {players}p basic",
                           our_contender(jtm, {"players": players}, ["heuristic"] * players,
                                         f"mcts:{n}")))
        if not args.no_before:
            contenders.append((f"mcts, Journey {players}p, rollouts by the rules",
                               our_contender(jtm, {"players": players},
                                             ["heuristic"] * players, f"mcts:{n}",
                                             plain_rollouts=True)))
    contenders.append(("mcts, SPI Sauron", our_contender(
        "spi-sauron", {}, ["heuristic", "heuristic"], f"mcts:{args.spi_iterations}")))
    contenders.append(("ismcts, board game 3p", our_contender(
        "lotr-board-game", {"players": 3}, ["heuristic"] * 3,
        f"ismcts:{args.lotr_iterations}")))

    cpu: dict[str, list[float]] = {name: [] for name, _ in contenders}
    wall: dict[str, list[float]] = {name: [] for name, _ in contenders}
    began = time.perf_counter()
    for run in range(args.runs):
        for name, search in contenders:
            done, cpu_s, wall_s = search()
            cpu[name].append(done / cpu_s)
            wall[name].append(done / wall_s)
            print(f"run {run + 1}: {name}: {done} iterations, {cpu_s:.2f} CPU s",
                  file=sys.stderr)
    rate_cpu = {name: statistics.median(v) for name, v in cpu.items()}
    rate_wall = {name: statistics.median(v) for name, v in wall.items()}

    print(f"{POSITIONS} positions a contender; {n} iterations a decision for pig and "
          f"Journey, {args.spi_iterations} for SPI Sauron, {args.lotr_iterations} for the "
          f"board game; median of {args.runs} interleaved runs, one process "
          f"({time.perf_counter() - began:.0f} s)")
    print()
    width = max(len(name) for name in rate_cpu)
    peer = contenders[0][0] if pig is not None else None
    print(f"{'':<{width}}  {'it/s (CPU)':>11}  {'it/s (wall)':>11}  {'vs pig (CPU)':>12}  "
          f"{'vs pig (wall)':>13}")
    for name in rate_cpu:
        ratio_cpu = f"{rate_cpu[name] / rate_cpu[peer]:.2f}" if peer else "-"
        ratio_wall = f"{rate_wall[name] / rate_wall[peer]:.2f}" if peer else "-"
        print(f"{name:<{width}}  {rate_cpu[name]:>11.1f}  {rate_wall[name]:>11.1f}  "
              f"{ratio_cpu:>12}  {ratio_wall:>13}")
    if peer is None:
        print("\nOpenSpiel is not installed, so pig could not be measured beside ours "
              "(`.venv/bin/pip install open_spiel`).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
