"""Strength of the board game's heuristic hobbits (issue 13, item 11): seeded games, win rate
with its 95 % interval, mean score, and the paired difference against an earlier run.

    nice -n 10 .venv/bin/python benchmarks/lotr_strength.py --games 100 --players 3 \
        --difficulty normal [--expansion sauron] [--workers 2] [--save run.json] \
        [--compare earlier.json]
    nice -n 10 .venv/bin/python benchmarks/lotr_strength.py --grid --games 50 --workers 2 \
        [--expansion both]

Game k is played on seed 5000 + k with heuristic seats seeded k * 10 + seat (with the
expansion a heuristic Sauron too), so two runs of the same cell play the same seeds and
their per-seed results pair up: `--save` writes them, `--compare` prints the paired gain
in wins and score. `--grid` plays every difficulty (easy, normal, hard) × 2–5 hobbits of
the base game (`--expansion sauron`: with the expansion and the heuristic Sauron; `both`:
the two grids) and prints one row per cell. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from palantir.analysis.sweep import wilson
from palantir.engine import get_game
from palantir.engine.match import play_match
from palantir.engine.procedure import Refusal

SEED = 5000


def one_game(task: tuple) -> tuple[int, int | None, bool | None]:
    """(k, options) -> (k, score, won) of the k-th seeded game with heuristic seats;
    (k, None, None) when the rules refuse a decision they listed (a defect of the rules,
    not of the seats: the game is counted apart and the series goes on)."""
    k, options = task
    game = get_game("lotr-board-game")
    options = game.validate_options(options)
    agents = [game.heuristic_agent(s, k * 10 + s) for s in range(game.players_of(options))]
    try:
        state, _ = play_match(game, options, agents, SEED + k)
    except Refusal:
        return k, None, None
    return k, state.outcome().details["score"], state.result == "won"




def run_cell(options: dict, games: int, workers: int, label: str) -> dict:
    """Play one cell's seeded games, showing progress; per-seed results and the seconds."""
    tasks = [(k, options) for k in range(games)]
    results, start = {}, time.perf_counter()
    pool = ProcessPoolExecutor(workers) if workers > 1 else None
    stream = pool.map(one_game, tasks) if pool else map(one_game, tasks)
    refused = []
    for k, score, won in stream:
        if score is None:
            refused.append(k)
            continue
        results[k] = (score, won)
        done = len(results) + len(refused)
        if done % 10 == 0 or done == games:
            wins = sum(w for _, w in results.values())
            print(f"\r{label}: {done}/{games} games, {wins} won, "
                  f"{time.perf_counter() - start:.0f} s", end="", file=sys.stderr, flush=True)
    if pool:
        pool.shutdown()
    print(file=sys.stderr)
    return {"options": options, "seconds": time.perf_counter() - start,
            "seeds": sorted(results), "refused": refused,
            "scores": [results[k][0] for k in sorted(results)],
            "wins": [int(results[k][1]) for k in sorted(results)]}


def summary(cell: dict) -> str:
    """A cell's win rate with its 95 % interval, mean score ± its standard error."""
    wins, scores, n = sum(cell["wins"]), cell["scores"], len(cell["wins"])
    low, high = wilson(wins, n)
    se = statistics.stdev(scores) / math.sqrt(n) if n > 1 else math.nan
    refused = f", seeds {cell['refused']} refused by the rules" if cell["refused"] else ""
    return (f"win {100 * wins / n:5.1f} % [{100 * low:4.1f}, {100 * high:4.1f}]  "
            f"score {statistics.mean(scores):5.2f} ± {se:.2f}  ({n} games, "
            f"{cell['seconds']:.0f} s{refused})")


def paired(cell: dict, earlier: dict) -> str:
    """The paired gain over an earlier run on the seeds both played, with 95 % intervals."""
    mine = {key: dict(zip(cell["seeds"], cell[key])) for key in ("wins", "scores")}
    theirs = {key: dict(zip(earlier.get("seeds", range(len(earlier[key]))), earlier[key]))
              for key in ("wins", "scores")}
    seeds = sorted(set(mine["wins"]) & set(theirs["wins"]))
    n = len(seeds)
    out = []
    for key in ("wins", "scores"):
        gain = [mine[key][k] - theirs[key][k] for k in seeds]
        se = statistics.stdev(gain) / math.sqrt(n) if n > 1 else math.nan
        out.append(f"{key} {statistics.mean(gain):+.3f} ± {1.96 * se:.3f}")
    return f"paired over {n} seeds: " + ", ".join(out)


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"))
    parser.add_argument("--expansion", default="none", choices=("none", "sauron", "both"),
                        help="both: with --grid, every cell without and with the expansion")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--grid", action="store_true")
    parser.add_argument("--save")
    parser.add_argument("--compare")
    args = parser.parse_args()
    expansions = ("none", "sauron") if args.expansion == "both" else (args.expansion,)
    if args.grid:
        cells = [{"players": p, "difficulty": d, "expansion": e} for e in expansions
                 for d in ("easy", "normal", "hard") for p in (2, 3, 4, 5)]
    elif args.expansion == "both":
        parser.error("--expansion both: only with --grid")
    else:
        cells = [{"players": args.players, "difficulty": args.difficulty,
                  "expansion": args.expansion}]
    saved = []
    earlier = json.load(open(args.compare)) if args.compare else []
    for options in cells:
        label = f"{options['players']} hobbits, {options['difficulty']}, " \
                f"expansion {options['expansion']}"
        cell = run_cell(options, args.games, args.workers, label)
        saved.append(cell)
        print(f"{label:<36} {summary(cell)}", flush=True)
        match = [e for e in earlier if e["options"] == options]
        if match:
            print(f"{'':<36} {paired(cell, match[0])}", flush=True)
    if args.save:
        with open(args.save, "w") as out:
            json.dump(saved, out)


if __name__ == "__main__":
    main()
