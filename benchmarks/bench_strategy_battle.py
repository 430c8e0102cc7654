"""Throughput of the Strategy Battle referee, odds calculator and computer general, each
figure beside a yardstick measured in the same run:

- fights resolved per second by the referee, against a bare Python loop rolling the same dice;
- exact-odds queries per second (odds.fight_odds, no cache, the Monte Carlo check's cases),
  against the same bare dice loop, and as referee fights' worth;
- path checks and path finds per second, against shapely buffering and intersecting the path;
- whole games per second of each scenario, heuristic against heuristic (and the
  introductory one by random agents), against Journey to Mordor heuristic games per second;
- the search: rollout decisions per second and mcts iterations in a one-second search from
  each scenario's first decision, against the heuristic's decisions per second;
- with `--bound`, the_wall heuristic games with the path finder's Reach bound and without it.

A table remembers the paths, path checks, sight and reaches it has worked out (keyed by
every base and option they depend on, table.Table.answers); the fight, path check and
path find figures forget them before each call, so they time the work itself (the path
check remembered is printed beside it). The rollout figure replays rollouts from one start,
so its first decisions are remembered: the mcts iterations are the figure to go by.

Before and after the search speed-up (two runs of each, `--seconds 1 --games 1`, `nice`d on
the shared 2-core machine, before and after in turn; the before runs are the code as it was,
with this script as it was — it had nothing to forget):

| figure (peer in the same run)                  | before          | after           |
|------------------------------------------------|-----------------|-----------------|
| fights resolved / bare dice loop               | 0.0010, 0.0010  | 0.0019, 0.0018  |
| path checks / shapely buffer                   | 0.204, 0.210    | 0.336, 0.326    |
| path finds / shapely buffer                    | 0.00218, 0.00226| 0.00497, 0.00497|
| amon_hen heuristic games / Journey to Mordor   | 0.0031, 0.0026  | 0.0038, 0.0039  |
| intro heuristic games / Journey to Mordor      | 0.0071, 0.0076  | 0.0100, 0.0090  |
| riders heuristic games / Journey to Mordor     | 0.0028, 0.0028  | 0.0048, 0.0048  |
| the_wall heuristic games / Journey to Mordor   | 0.0029, 0.0030  | 0.0039, 0.0040  |
| weathertop heuristic games / Journey to Mordor | 0.0027, 0.0029  | 0.0068, 0.0068  |
| amon_hen mcts iterations in 1 s                | 22, 23          | 73, 73          |
| intro mcts iterations in 1 s                   | 19, 18          | 42, 41          |
| riders mcts iterations in 1 s                  | 12, 11          | 41, 39          |
| the_wall mcts iterations in 1 s                | 8, 8            | 16, 15          |
| weathertop mcts iterations in 1 s              | 10, 10          | 26, 29          |

(The bare dice loop ran at 0.97-1.05 million/s and Journey to Mordor at 404-420 games/s in
all four runs, so the mcts counts, which have no peer, compare.) The seeded heuristic games'
records and two mcts:6 games' were byte-identical before and after.

Run it: `.venv/bin/python benchmarks/bench_strategy_battle.py [--seconds 2] [--games 2]`.
"""

from __future__ import annotations

import argparse
import random
import time

from shapely.geometry import LineString, Polygon

from palantir.engine.dice import SeededDice
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle import table as geo
from palantir.games.strategy_battle.profiles import default_data
from palantir.games.strategy_battle.rules import BattleState
from palantir.games.strategy_battle.scenarios import parse_scenario


def rate(work, seconds: float) -> float:
    """Calls of `work` per second over about `seconds`."""
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        work()
        count += 1
    return count / (time.perf_counter() - started)


def fight_state() -> BattleState:
    """Two warriors in base contact, at the start of the Fight phase."""
    d = 25.0 / 25.4
    doc = {"name": "bench", "title": "bench", "source": "bench",
           "table": {"units": "in", "width": 48, "depth": 48},
           "models": [{"id": "G1", "profile": "Warrior of Rohan with sword and shield", "at": [10, 10]},
                      {"id": "E1", "profile": "Mordor Orc with sword and shield", "at": [10 + d, 10]},
                      {"id": "E2", "profile": "Mordor Orc with sword and shield", "at": [40, 40]}]}
    state = BattleState(StrategyBattle(), {"scenario": "bench", "fight_choices": False},
                        parse_scenario(doc, "bench"),
                        SeededDice(0))
    state.start_game()
    for _ in range(4):
        state.apply("done")
    return state


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per figure")
    parser.add_argument("--games", type=int, default=2,
                        help="heuristic games per scenario (seeded 0, 1, ...)")
    parser.add_argument("--bound", action="store_true",
                        help="also time the_wall with and without the path finder's bound")
    args = parser.parse_args()
    s = args.seconds

    base = fight_state()
    seeds = iter(range(10**9))

    def one_fight():
        base.table.forget()        # each fight worked out afresh, not remembered (see above)
        state = base.clone(SeededDice(next(seeds)))
        state.apply("fight G1")
        while state.question is not None:      # no shields; the referee's defaults
            state.apply(state.legal_actions()[0])

    rng = random.Random(0)

    def bare_fight():
        good, evil = rng.randint(1, 6), rng.randint(1, 6)
        if good == evil:
            rng.randint(1, 6)
        rng.randint(1, 6)

    fights, bare = rate(one_fight, s), rate(bare_fight, s)
    print(f"fights resolved/s     {fights:10.0f}   bare dice loop {bare:10.0f}   ratio {fights / bare:.4f}")

    # exact odds, uncached, over the Monte Carlo check's spread of fights
    import importlib.util
    import pathlib
    spec = importlib.util.spec_from_file_location(
        "mc_odds", pathlib.Path(__file__).with_name("mc_strategy_battle_odds.py"))
    mc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mc)
    from palantir.games.strategy_battle.odds import fight_odds
    entry = default_data()[2].to_wound
    queries = iter(__import__("itertools").cycle(mc.cases()))

    def one_query():
        _, good, evil, kw = next(queries)
        fight_odds(good, evil, entry, **kw)

    exact = rate(one_query, s)
    print(f"exact odds queries/s  {exact:10.1f}   bare dice loop {bare:10.0f}   ratio {exact / bare:.6f}"
          f"   (one query: {fights / exact:.1f} referee fights)")

    table = geo.Table(48, 48, geo.INCHES, [geo.Area("marsh", Polygon(
        [(14, 0), (16, 0), (16, 48), (14, 48)]), "difficult")])
    r = geo.INCHES.from_mm(12.5)
    h = geo.INCHES.from_mm(28)
    me = geo.Disc("m", 10, 10, r, h, "good")
    others = [geo.Disc(f"o{i}", 12 + i, 14 + (i % 3), r, h, "evil" if i % 2 else "good")
              for i in range(8)]
    path = [(13, 11), (15, 11)]
    mover = geo.Mover(6)

    def afresh(work):
        # the table remembers what it has worked out: forget it, to time the work itself
        def call():
            table.forget()
            return work()
        return call

    def check():
        return geo.check_path(table, [me, *others], me, path, mover)

    checks = rate(afresh(check), s)
    remembered = rate(check, s)
    line = LineString([(10, 10), *path])
    raw = rate(lambda: line.buffer(r).intersection(table.difficult(False)).area, s)
    finds = rate(afresh(lambda: geo.find_path(table, [me, *others], me, mover, to=(15.5, 12))), s)
    print(f"path checks/s         {checks:10.0f}   shapely buffer {raw:10.0f}   ratio {checks / raw:.4f}"
          f"   (the same check remembered: ratio {remembered / raw:.2f})")
    print(f"path finds/s          {finds:10.1f}   shapely buffer {raw:10.0f}   ratio {finds / raw:.6f}")

    game = StrategyBattle()
    counter = iter(range(10**9))

    def one_game():
        seed = next(counter)
        state = game.new_state({"scenario": "intro"}, SeededDice(seed))
        pick = random.Random(seed)
        while not state.is_over() and state.turn < 60:
            candidates = state.legal_actions()
            acting = [a for a in candidates if str(a) != "done"]
            state.apply(pick.choice(acting) if acting and pick.random() < 0.85
                        else pick.choice(candidates))

    games = rate(one_game, max(s, 3.0))
    print(f"intro games/s (random) {games:9.2f}   per fight-second {games / fights:.6f}")

    from palantir.engine.match import play_match
    from palantir.games.journey_to_mordor import JourneyToMordor
    from palantir.games.strategy_battle.heuristics import HeuristicAgent
    from palantir.games.strategy_battle.scenarios import scenario_names

    jtm = JourneyToMordor()
    jtm_seeds = iter(range(10**9))

    def jtm_game():
        seed = next(jtm_seeds)
        play_match(jtm, {"players": 2}, [jtm.heuristic_agent(i, seed) for i in range(2)],
                   seed)

    peer = rate(jtm_game, s)
    print(f"Journey to Mordor heuristic games/s {peer:.1f} (the peer of the games below)")
    decisions_per_s = {}
    for name in scenario_names():
        count = {"decisions": 0, "seconds": 0.0}

        def counted(state, seat, action):
            count["decisions"] += 1

        started = time.perf_counter()
        for seed in range(args.games):
            play_match(game, {"scenario": name},
                       [HeuristicAgent(0, seed), HeuristicAgent(1, seed + 1)], seed,
                       on_step=counted)
        spent = time.perf_counter() - started
        rate_games = args.games / spent
        decisions_per_s[name] = count["decisions"] / spent
        print(f"{name:9} heuristic v heuristic games/s {rate_games:7.3f}   "
              f"{count['decisions'] / args.games:6.0f} decisions/game   "
              f"ratio to Journey to Mordor {rate_games / peer:.5f}")

    # the search: its rollouts (the general's quick policy, cut off at the evaluation's
    # horizon) and a one-second mcts from each scenario's first decision
    from palantir.agents.mcts import MCTSAgent
    from palantir.games.strategy_battle.heuristics import rollout_policy
    for name in scenario_names():
        start = game.new_state({"scenario": name}, SeededDice(0))
        pick = random.Random(0)
        steps, started = 0, time.perf_counter()
        while time.perf_counter() - started < s / 2:
            state = start.clone(SeededDice(steps))
            for _ in range(24):
                if state.is_over():
                    break
                state.apply(rollout_policy(state, pick))
                steps += 1
        rollout = steps / (time.perf_counter() - started)
        agent = MCTSAgent(game, start.to_move(), 0, seconds=1.0)
        agent.choose(start.view(start.to_move()), start.legal_actions())
        print(f"{name:9} rollout decisions/s {rollout:7.0f}   mcts iterations in 1 s "
              f"{agent.last_search['iterations']:4d}   rollout / heuristic decisions "
              f"{rollout / decisions_per_s[name]:.2f}")

    if not args.bound:
        return
    # the candidate list's path searches: with each model's Reach bound (now) and without
    # it (before: every hopeless charge searched the whole grid)
    from palantir.games.strategy_battle.scenarios import load_scenario

    def wall_game(seed):
        load_scenario("the_wall").table.forget()     # no answers kept from the other runs
        play_match(game, {"scenario": "the_wall"},
                   [HeuristicAgent(0, seed), HeuristicAgent(1, seed)], seed)

    bounded = geo.find_path

    def unbounded(*args, bound=None, **kwargs):
        return bounded(*args, **kwargs)

    seeds = [1, 2, 3]
    started = time.perf_counter()
    for seed in seeds:
        wall_game(seed)
    after = (time.perf_counter() - started) / len(seeds)
    geo.find_path = unbounded
    try:
        started = time.perf_counter()
        for seed in seeds:
            wall_game(seed)
        before = (time.perf_counter() - started) / len(seeds)
    finally:
        geo.find_path = bounded
    print(f"the_wall heuristic game  before {before:6.2f} s   after {after:6.2f} s   "
          f"speed-up {before / after:.2f}x")
    print(f"  in Journey to Mordor heuristic games ({peer:.1f}/s): before "
          f"{before * peer:.1f}, after {after * peer:.1f} games' time")


if __name__ == "__main__":
    main()
