"""Balance of the Strategy Battle Game's scenarios: the heuristic general against itself on
seeded games, each scenario's share for Good with a 95 % interval (issue 14, item 12).

    .venv/bin/python benchmarks/balance_strategy_battle.py --seeds 40 --first-seed 5000
    .venv/bin/python benchmarks/balance_strategy_battle.py --scenarios siege --seeds 20 \
        --first-seed 9000 --workers 2

Between equal generals a scenario that is a contest gives each side a fair share of the
games; one a side wins whoever plays leaves nothing for a better player to win, so mcts's
strength (benchmarks/strength_strategy_battle.py) is measured only where this is near
even. Seed k plays dice seed k with the agents seeded k * 10 + seat. Tune a scenario on
one range of seeds (9000 on) and report it on another (5000 on), so the figure is not the
tuning's own luck. A game the referee cannot finish is counted apart with its error.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import traceback
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from palantir.analysis.sweep import wilson
from palantir.engine.match import play_match
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle.heuristics import HeuristicAgent
from palantir.games.strategy_battle.scenarios import scenario_names


def one_game(task: tuple[str, int]) -> dict:
    """(scenario, seed) -> Good's score (1 a win, 0.5 a draw), the turns and seconds."""
    name, k = task
    game = StrategyBattle()
    agents = [HeuristicAgent(seat, k * 10 + seat, game) for seat in (0, 1)]
    started = time.process_time()
    row = {"scenario": name, "seed": k}
    try:
        state, _ = play_match(game, {"scenario": name}, agents, k)
    except Exception as exc:                     # a referee defect: counted apart
        row["error"] = "".join(traceback.format_exception_only(exc)).strip()
        return row
    row.update(good=state.outcome().returns(2)[0], turns=state.turn,
               seconds=round(time.process_time() - started, 2))
    return row


def summary(rows: list[dict]) -> str:
    """A line per scenario: Good's wins, draws, Evil's wins, Good's share and interval."""
    by = defaultdict(list)
    for row in rows:
        by[row["scenario"]].append(row)
    lines = [f"{'scenario':11} games  Good  draw  Evil   Good's share (95 % Wilson)"
             "   turns  CPU s a game"]
    for name in sorted(by):
        played = [r for r in by[name] if "error" not in r]
        if not played:
            lines.append(f"{name:11} no game finished")
            continue
        score = sum(r["good"] for r in played)
        lo, hi = wilson(score, len(played))
        wins = sum(r["good"] == 1 for r in played)
        losses = sum(r["good"] == 0 for r in played)
        lines.append(
            f"{name:11} {len(played):5} {wins:5} {len(played) - wins - losses:5} {losses:5}"
            f"   {100 * score / len(played):5.1f} % ({100 * lo:3.0f}-{100 * hi:3.0f} %)"
            f"   {statistics.fmean(r['turns'] for r in played):5.1f}"
            f"  {statistics.fmean(r['seconds'] for r in played):6.2f}")
        for r in by[name]:
            if "error" in r:
                lines.append(f"    not finished: seed {r['seed']}: {r['error'][:160]}")
    return "\n".join(lines)


def main() -> None:
    """Play the games (or summarise a file of them)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40, help="games a scenario")
    parser.add_argument("--first-seed", type=int, default=5000)
    parser.add_argument("--scenarios", default=",".join(scenario_names()))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", help="append each game here, one JSON line")
    parser.add_argument("--summary", metavar="FILE", help="only summarise this file")
    args = parser.parse_args()
    if args.summary:
        with open(args.summary) as f:
            print(summary([json.loads(line) for line in f if line.strip()]))
        return
    names = args.scenarios.split(",")
    unknown = sorted(set(names) - set(scenario_names()))
    if unknown:
        parser.error(f"--scenarios: no scenario {', '.join(unknown)}; "
                     f"there are {', '.join(scenario_names())}")
    tasks = [(name, k) for name in names
             for k in range(args.first_seed, args.first_seed + args.seeds)]
    rows = []
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for done, row in enumerate(pool.map(one_game, tasks), 1):
            rows.append(row)
            if args.out:
                with open(args.out, "a") as f:
                    f.write(json.dumps(row) + "\n")
            print(f"\r{done}/{len(tasks)} games, {time.perf_counter() - started:.0f} s",
                  end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(summary(rows))


if __name__ == "__main__":
    main()
