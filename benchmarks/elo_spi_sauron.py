"""SPI Sauron: an Elo table of random play, the old general, the new general and search.

Each pair of agents plays paired seeded games: for every seed s, A as Sauron against B as
Westernesse and B as Sauron against A, both on dice seed s (agent seeds 10 s + seat), so the
side's advantage cancels within a pair. `--pair A,B --seeds 1..40` plays one pair and
appends its games to the file `--results` (one JSON line a game: the pair's agents by side,
the seed, the result of 21.2, the processor seconds of the slowest and the mean searched
decision); run the pairs one by one or side by side, then `--table` fits the ratings to
every game in the file. Games are played as spi_behaviour.py plays them (the same dice and
agent seeds, a listed decision the rules then refuse counted and replaced).

Agents: `random`, `new` (this tree's general, the `heuristic` agent), `old` (the general
before the rewrite of issue 12 item 10, OLD in spi_behaviour.py, loaded with its own
battlefield.py), `mcts:N` (the generic search with N iterations a searched decision).

The table: each pair's score for its first agent (a win 1, a draw, 21.2's both armies
demoralized, 1/2) with a 95% Wilson interval, and Bradley-Terry Elo ratings fitted by
maximum likelihood to all the games (the old general at 0; every pair played gets one
virtual drawn game so a side that never scores keeps a finite rating: read such a rating as
a bound), their 95% intervals from 400 bootstrap resamples of the seeds within each pair.

Run: nice .venv/bin/python benchmarks/elo_spi_sauron.py --pair new,old --seeds 1..40 \
         --workers 2 --results /tmp/elo.jsonl
     nice .venv/bin/python benchmarks/elo_spi_sauron.py --table --results /tmp/elo.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from palantir.agents import make_agent
from palantir.analysis.sweep import wilson
from palantir.engine.dice import SeededDice
from palantir.engine.game import get_game
from palantir.engine.procedure import Refusal
from palantir.games.spi_sauron.notation import END

sys.path.insert(0, str(Path(__file__).resolve().parent))
from spi_behaviour import OLD, general_module  # noqa: E402  (a sibling script)

SIDES = ("sauron", "westernesse")
BOOTSTRAP = 400


class Timed:
    """An agent whose decisions with more than one choice are timed: the seconds of the
    processor it used (one core's time, whatever the machine's load) and of the clock."""

    def __init__(self, agent):
        self.agent = agent
        self.times: list[float] = []
        self.clock: list[float] = []

    def choose(self, view, legal_actions):
        """The agent's decision, its seconds noted."""
        cpu, clock = time.process_time(), time.perf_counter()
        action = self.agent.choose(view, legal_actions)
        if len(legal_actions) > 1:
            self.times.append(time.process_time() - cpu)
            self.clock.append(time.perf_counter() - clock)
        return action


def agent_of(spec: str, game, seat: int, seed: int):
    """The agent `spec` names, for `seat`."""
    if spec == "old":
        return general_module(OLD).HeuristicAgent(seat, seed, game=game)
    return make_agent("heuristic" if spec == "new" else spec, game, seat, seed=seed)


def play(task: tuple[str, str, int]) -> dict:
    """One game: `sauron` against `westernesse` on dice seed `seed`."""
    sauron, westernesse, seed = task
    game = get_game("spi-sauron")
    agents = [Timed(agent_of(spec, game, seat, seed * 10 + seat))
              for seat, spec in enumerate((sauron, westernesse))]
    clock = time.perf_counter()
    state = game.new_state({}, SeededDice(seed))
    refused = 0
    while not state.is_over():
        seat = state.to_move()
        legal = state.legal_actions()
        try:
            state.apply(agents[seat].choose(state.view(seat), legal))
        except Refusal:
            # a decision the rules listed and then refused (the defect spi_behaviour.py
            # counts): the game goes on by `end` or the first listed decision accepted
            refused += 1
            for other in [a for a in legal if a == END] + legal:
                try:
                    state.apply(other)
                    break
                except Refusal:
                    continue
    searched = {spec: a.times for spec, a in zip((sauron, westernesse), agents)
                if spec.startswith("mcts")}
    clocked = {spec: a.clock for spec, a in zip((sauron, westernesse), agents)
               if spec.startswith("mcts")}
    return {"sauron": sauron, "westernesse": westernesse, "seed": seed,
            "result": state.outcome().summary, "seconds": time.perf_counter() - clock,
            "slowest": {k: max(v, default=0.0) for k, v in searched.items()},
            "mean": {k: sum(v) / max(1, len(v)) for k, v in searched.items()},
            "decisions": {k: len(v) for k, v in searched.items()},
            "clock_slowest": {k: max(v, default=0.0) for k, v in clocked.items()},
            "refused": refused}


def score(game: dict, spec: str) -> float:
    """`spec`'s score in a game: 1 a win, 1/2 a draw (21.2), 0 a loss."""
    result = game["result"]
    if result.startswith("Draw"):
        return 0.5
    side = "sauron" if game["sauron"] == spec else "westernesse"
    return float(result.startswith(side.capitalize()))


def seeds_of(text: str) -> list[int]:
    """'1..35' or '1,2,5'."""
    if ".." in text:
        first, last = text.split("..")
        return list(range(int(first), int(last) + 1))
    return [int(part) for part in text.split(",")]


def run_pair(args) -> None:
    a, b = args.pair.split(",")
    tasks = [(x, y, s) for s in seeds_of(args.seeds) for x, y in ((a, b), (b, a))]
    args.results.parent.mkdir(parents=True, exist_ok=True)
    clock = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool, args.results.open("a") as out:
        for done, game in enumerate(pool.map(play, tasks), 1):
            out.write(json.dumps(game) + "\n")
            out.flush()
            print(f"\r{done}/{len(tasks)} games, {time.perf_counter() - clock:.0f} s",
                  end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)


def fit(pairs: dict) -> dict[str, float]:
    """Bradley-Terry ratings (Elo points, the old general 0) by maximum likelihood: `pairs`
    maps (a, b) to [a's score, games], one virtual draw added to each."""
    names = sorted({n for pair in pairs for n in pair})
    strength = {n: 1.0 for n in names}
    for _ in range(2000):
        wins = defaultdict(float)
        denominator = defaultdict(float)
        for (a, b), (got, games) in pairs.items():
            got, games = got + 0.5, games + 1
            wins[a] += got
            wins[b] += games - got
            share = games / (strength[a] + strength[b])
            denominator[a] += share
            denominator[b] += share
        updated = {n: wins[n] / denominator[n] for n in names}
        anchor = updated.get("old", next(iter(updated.values())))
        updated = {n: v / anchor for n, v in updated.items()}
        if max(abs(math.log(updated[n] / strength[n])) for n in names) < 1e-9:
            strength = updated
            break
        strength = updated
    return {n: 400 * math.log10(strength[n]) for n in names}


def table(args) -> None:
    games = [json.loads(line) for line in args.results.open()]
    by_pair: dict[tuple[str, str], dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for game in games:
        a, b = sorted((game["sauron"], game["westernesse"]))
        by_pair[(a, b)][game["seed"]].append(score(game, a))
    pairs = {k: [sum(sum(v) for v in seeds.values()), sum(len(v) for v in seeds.values())]
             for k, seeds in by_pair.items()}
    print("| pair | games | first's score (95% interval) | as Sauron | as Westernesse |")
    print("|---|---|---|---|---|")
    for (a, b), (got, n) in sorted(pairs.items()):
        low, high = wilson(got, n)
        sides = {}
        for side in SIDES:
            mine = [score(g, a) for g in games if g[side] == a and
                    sorted((g["sauron"], g["westernesse"])) == [a, b]]
            sides[side] = f"{sum(mine):g} of {len(mine)}"
        print(f"| {a} – {b} | {n} | {got:g} ({low:.0%}–{high:.0%}) | {sides['sauron']} | "
              f"{sides['westernesse']} |")
    ratings = fit(pairs)
    rng = random.Random(2026)
    samples = defaultdict(list)
    for _ in range(BOOTSTRAP):
        resampled = {}
        for pair, seeds in by_pair.items():
            keys = list(seeds)
            drawn = [seeds[rng.choice(keys)] for _ in keys]
            resampled[pair] = [sum(sum(v) for v in drawn), sum(len(v) for v in drawn)]
        for name, value in fit(resampled).items():
            samples[name].append(value)
    print("\n| agent | Elo (the old general 0) | 95% interval |")
    print("|---|---|---|")
    for name in sorted(ratings, key=ratings.get, reverse=True):
        ordered = sorted(samples[name])
        low, high = ordered[int(0.025 * BOOTSTRAP)], ordered[int(0.975 * BOOTSTRAP) - 1]
        print(f"| {name} | {ratings[name]:+.0f} | {low:+.0f} to {high:+.0f} |")
    refused = sum(g.get("refused", 0) for g in games)
    print(f"\n{len(games)} games; decisions the rules listed and then refused: {refused}")
    searched = [g for g in games if g.get("slowest")]
    for spec in sorted({k for g in searched for k in g["slowest"]}):
        mine = [g for g in searched if spec in g["slowest"]]
        slowest = max(g["slowest"][spec] for g in mine)
        decisions = sum(g["decisions"][spec] for g in mine)
        mean = sum(g["mean"][spec] * g["decisions"][spec] for g in mine) / max(1, decisions)
        clock = max((g.get("clock_slowest", {}).get(spec, 0.0) for g in mine), default=0.0)
        print(f"\n{spec}: {len(mine)} games, {decisions / len(mine):.0f} decisions with a "
              f"choice a game, {mean:.2f} processor seconds each on average, the slowest "
              f"{slowest:.1f} s (by the clock, on the loaded machine, {clock:.1f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair", help="two agents, 'a,b': random, old, new, mcts:N")
    parser.add_argument("--seeds", default="1..20")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--results", type=Path, required=True,
                        help="the games, one JSON line each (generated output: not committed)")
    parser.add_argument("--table", action="store_true", help="fit the table to --results")
    args = parser.parse_args()
    if args.table:
        table(args)
    elif args.pair and len(args.pair.split(",")) == 2:
        run_pair(args)
    else:
        parser.error("give --pair a,b or --table")


if __name__ == "__main__":
    main()
