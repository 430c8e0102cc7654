"""Throughput of the Strategy Battle referee, each figure beside a yardstick measured in the
same run: fights resolved per second (against a bare Python loop rolling the same dice),
path checks and path finds per second (against shapely buffering and intersecting the same
path), whole introductory-scenario games per second played by random agents, and the_wall
played heuristic against heuristic with the path finder's Reach bound and without it (the
code before it), in Journey to Mordor heuristic games' time.

Run it: `.venv/bin/python benchmarks/bench_strategy_battle.py [--seconds 2]`.
"""

from __future__ import annotations

import argparse
import random
import time

from shapely.geometry import LineString

from palantir.engine.dice import SeededDice
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle import geometry as geo
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
    state = BattleState(StrategyBattle(), {"scenario": "bench"}, parse_scenario(doc, "bench"),
                        SeededDice(0))
    state.start_game()
    for _ in range(4):
        state.apply("done")
    return state


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per figure")
    args = parser.parse_args()
    s = args.seconds

    base = fight_state()
    seeds = iter(range(10**9))

    def one_fight():
        state = base.clone(SeededDice(next(seeds)))
        state.apply("fight G1")
        while state.question is not None:      # both sides decline to shield
            state.apply("shield off")

    rng = random.Random(0)

    def bare_fight():
        good, evil = rng.randint(1, 6), rng.randint(1, 6)
        if good == evil:
            rng.randint(1, 6)
        rng.randint(1, 6)

    fights, bare = rate(one_fight, s), rate(bare_fight, s)
    print(f"fights resolved/s     {fights:10.0f}   bare dice loop {bare:10.0f}   ratio {fights / bare:.4f}")

    table = geo.Table(48, 48, geo.INCHES, [geo.Area("marsh", geo.Polygon(
        [(14, 0), (16, 0), (16, 48), (14, 48)]), "difficult")])
    r = geo.INCHES.from_mm(12.5)
    h = geo.INCHES.from_mm(28)
    me = geo.Disc("m", 10, 10, r, h, "good")
    others = [geo.Disc(f"o{i}", 12 + i, 14 + (i % 3), r, h, "evil" if i % 2 else "good")
              for i in range(8)]
    path = [(13, 11), (15, 11)]
    mover = geo.Mover(6)
    checks = rate(lambda: geo.check_path(table, [me, *others], me, path, mover), s)
    line = LineString([(10, 10), *path])
    raw = rate(lambda: line.buffer(r).intersection(table.difficult(False)).area, s)
    finds = rate(lambda: geo.find_path(table, [me, *others], me, mover, to=(15.5, 12)), s)
    print(f"path checks/s         {checks:10.0f}   shapely buffer {raw:10.0f}   ratio {checks / raw:.4f}")
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

    # the candidate list's path searches: with each model's Reach bound (now) and without
    # it (before: every hopeless charge searched the whole grid), heuristic against
    # heuristic on the_wall, beside Journey to Mordor heuristic games in the same run
    from palantir.engine.match import play_match
    from palantir.games.journey_to_mordor import JourneyToMordor
    from palantir.games.strategy_battle.heuristics import HeuristicAgent

    def wall_game(seed):
        play_match(game, {"scenario": "the_wall"},
                   [HeuristicAgent(0, seed), HeuristicAgent(1, seed)], seed)

    bounded = geo.find_path

    def unbounded(*args, bound=None, **kwargs):
        return bounded(*args, **kwargs)

    jtm = JourneyToMordor()
    jtm_seeds = iter(range(10**9))

    def jtm_game():
        seed = next(jtm_seeds)
        play_match(jtm, {"players": 2}, [jtm.heuristic_agent(i, seed) for i in range(2)],
                   seed)

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
    peer = rate(jtm_game, s)
    print(f"the_wall heuristic game  before {before:6.2f} s   after {after:6.2f} s   "
          f"speed-up {before / after:.2f}x")
    print(f"  in Journey to Mordor heuristic games ({peer:.1f}/s): before "
          f"{before * peer:.1f}, after {after * peer:.1f} games' time")


if __name__ == "__main__":
    main()
