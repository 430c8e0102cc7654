"""Strength of `mcts` against the heuristic general in the Strategy Battle Game (issue 14,
item 12): every scenario, both sides, paired seeds, with 95 % intervals.

    nice -n 10 .venv/bin/python benchmarks/strength_strategy_battle.py --seconds 1 \
        --seeds 4 --workers 2 --out sbg-strength.jsonl
    .venv/bin/python benchmarks/strength_strategy_battle.py --summary sbg-strength.jsonl

Seed k plays each scenario twice on the same dice seed (SEED + k), once with `mcts` as
Good and the heuristic as Evil and once the other way round (agents seeded k * 10 + seat):
the pair's mean is mcts's score with the scenario's own lean between the sides cancelled,
since whichever side a scenario favours, mcts had it once. The interval of the mean score
is over the pairs (their spread); the Wilson interval over the games is printed beside it.
Seeds run in order, every scenario and side of a seed before the next, so a run stopped
early has whole seeds; each finished game is one JSON line in `--out` (appended), which
`--summary` reads again. A game the referee cannot finish (a refusal of a decision it
listed, a defect of the rules) is written with its error and counted apart.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
import traceback
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed

from palantir.agents.mcts import MCTSAgent
from palantir.analysis.sweep import wilson
from palantir.engine.match import play_match
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle.heuristics import HeuristicAgent
from palantir.games.strategy_battle.scenarios import scenario_names

SEED = 7000


def one_game(task: tuple) -> dict:
    """(scenario, k, mcts seat, seconds) -> the game's result, mcts's score (1 a win, 0.5
    a draw) and the time its decisions took."""
    name, k, seat, seconds = task
    game = StrategyBattle()
    agents = [None, None]
    agents[seat] = MCTSAgent(game, seat, k * 10 + seat, seconds=seconds)
    agents[1 - seat] = HeuristicAgent(1 - seat, k * 10 + 1 - seat, game)
    searched = {"decisions": 0, "iterations": 0, "overruled": 0}

    def counted(state, who, action):
        if who == seat and agents[seat].last_search.get("iterations"):
            searched["decisions"] += 1
            searched["iterations"] += agents[seat].last_search["iterations"]
            searched["overruled"] += bool(agents[seat].last_search.get("overruled"))
            agents[seat].last_search = {}

    started = time.perf_counter()
    out = {"scenario": name, "seed": k, "mcts_seat": seat, "seconds_budget": seconds}
    try:
        state, _ = play_match(game, {"scenario": name}, agents, SEED + k, on_step=counted)
    except Exception as exc:                     # a referee defect: counted apart
        out["error"] = "".join(traceback.format_exception_only(exc)).strip()
        out["seconds"] = round(time.perf_counter() - started, 1)
        return out
    returns = state.outcome().returns(2)
    out.update(score=returns[seat], turns=state.turn, **searched,
               seconds=round(time.perf_counter() - started, 1))
    return out




def summary(rows: list[dict]) -> str:
    """Per scenario and overall: games, mcts's score as Good and as Evil, and the paired
    mean with its 95 % interval over the pairs (and Wilson's over the games)."""
    played = [r for r in rows if "error" not in r]
    failed = [r for r in rows if "error" in r]
    lines = []
    by = defaultdict(dict)
    for r in played:
        by[(r["scenario"], r["seed"])][r["mcts_seat"]] = r["score"]

    def cell(label, games, pairs):
        score = sum(r["score"] for r in games)
        good = [r["score"] for r in games if r["mcts_seat"] == 0]
        evil = [r["score"] for r in games if r["mcts_seat"] == 1]
        text = (f"{label:11} games {len(games):3}  mcts scores {score:5.1f}"
                f"  as Good {sum(good):4.1f}/{len(good):<3} as Evil {sum(evil):4.1f}/{len(evil):<3}")
        if games:
            lo, hi = wilson(score, len(games))
            text += f"  {100 * score / len(games):5.1f} % (Wilson {100 * lo:.0f}-{100 * hi:.0f} %)"
        if len(pairs) >= 2:
            mean = statistics.fmean(pairs)
            half = 1.96 * statistics.stdev(pairs) / math.sqrt(len(pairs))
            text += f"  paired {100 * mean:5.1f} ± {100 * half:.1f} % over {len(pairs)} pairs"
        return text

    names = sorted({r["scenario"] for r in played})
    for name in names:
        games = [r for r in played if r["scenario"] == name]
        pairs = [(v[0] + v[1]) / 2 for (n, _), v in by.items() if n == name and len(v) == 2]
        lines.append(cell(name, games, pairs))
    pairs = [(v[0] + v[1]) / 2 for v in by.values() if len(v) == 2]
    lines.append(cell("all", played, pairs))
    if played:
        decisions = sum(r["decisions"] for r in played)
        iterations = sum(r["iterations"] for r in played)
        overruled = sum(r["overruled"] for r in played)
        lines.append(f"searched decisions {decisions}, {iterations / max(decisions, 1):.0f} "
                     f"iterations each on average, the general's pick overruled in "
                     f"{overruled} ({100 * overruled / max(decisions, 1):.1f} %)")
    for r in failed:
        lines.append(f"not finished: {r['scenario']} seed {r['seed']} mcts seat "
                     f"{r['mcts_seat']}: {r['error'][:160]}")
    return "\n".join(lines)


def main() -> None:
    """Play the series (or summarise a file of results)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="mcts's budget a decision")
    parser.add_argument("--seeds", type=int, default=2, help="seeds k = 0 .. seeds-1")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--scenarios", default=",".join(scenario_names()))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", help="append each game's result here, one JSON line")
    parser.add_argument("--summary", metavar="FILE", help="only summarise this file")
    args = parser.parse_args()
    if args.summary:
        with open(args.summary) as f:
            print(summary([json.loads(line) for line in f if line.strip()]))
        return
    tasks = [(name, k, seat, args.seconds)
             for k in range(args.first_seed, args.first_seed + args.seeds)
             for name in args.scenarios.split(",") for seat in (0, 1)]
    rows = []
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [pool.submit(one_game, t) for t in tasks]
        for future in as_completed(futures):
            row = future.result()
            rows.append(row)
            if args.out:
                with open(args.out, "a") as f:
                    f.write(json.dumps(row) + "\n")
            print(json.dumps(row), file=sys.stderr, flush=True)
    print(summary(rows))
    print(f"{len(rows)} games in {time.perf_counter() - started:.0f} s, "
          f"{args.workers} workers")


if __name__ == "__main__":
    main()
