"""The board game's ISMCTS seat against the heuristic on the same seeds (issue 13, items
11–12), 3 hobbits, normal: `hobbits` plays every hobbit by `ismcts:N` (base game),
`sauron` the expansion's Sauron seat by `ismcts:N` against heuristic hobbits; each paired
with the all-heuristic game of the same seed. Game k is played on seed 5000 + k, agent
seeds 10k + seat. The two modes' games alternate on the workers until the time limit;
each finished pair is one JSON line (each side's Fellowship win and score, and the
ismcts side's searched decisions, CPU seconds and rollouts), and the summary gives the
win rates with 95 % Wilson intervals, the paired gains with 95 % intervals, and the CPU
seconds a searched decision (one core) and rollouts a second.

    nice -n 10 .venv/bin/python benchmarks/lotr_ismcts_paired.py --budget 500 \\
        --minutes 60 --workers 2 --out pairs.jsonl
    .venv/bin/python benchmarks/lotr_ismcts_paired.py --summary pairs.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

from palantir.agents import make_agent
from palantir.analysis.sweep import wilson
from palantir.engine import get_game
from palantir.engine.match import play_match
from palantir.engine.procedure import Refusal

SEED = 5000
MODES = ("hobbits", "sauron")


class Timed:
    """An agent whose searched decisions are counted with their CPU seconds and rollouts."""

    def __init__(self, agent):
        self.agent = agent
        self.decisions, self.cpu, self.rollouts, self.worst = 0, 0.0, 0, 0.0

    def choose(self, view, legal):
        """The wrapped agent's decision, timed when it searched."""
        began = time.process_time()
        action = self.agent.choose(view, legal)
        spent = time.process_time() - began
        done = self.agent.last_search.get("iterations", 0)
        if done:
            self.decisions += 1
            self.cpu += spent
            self.rollouts += done
            self.worst = max(self.worst, spent)
        return action


def one_pair(task: tuple[str, int, str]) -> dict:
    """The k-th seed of a mode played by the heuristic and by `ismcts:budget`."""
    mode, k, budget = task
    game = get_game("lotr-board-game")
    options = game.validate_options({"players": 3, "difficulty": "normal",
                                     "expansion": "sauron" if mode == "sauron" else "none"})
    n = game.players_of(options)
    row: dict = {"mode": mode, "k": k, "budget": budget}
    for who in ("heuristic", f"ismcts:{budget}"):
        # The seat under test: Sauron's (the last), or every hobbit's.
        specs = ["heuristic"] * (n - 1) + [who] if mode == "sauron" else [who] * n
        agents = [make_agent(specs[s], game, s, k * 10 + s, options) for s in range(n)]
        timed = [Timed(a) if spec != "heuristic" else a for a, spec in zip(agents, specs)]
        began = time.time()
        try:
            state, _ = play_match(game, options, timed, SEED + k)
        except Refusal as exc:
            # A decision the rules listed and then refused: a defect of the rules, counted
            # apart (benchmarks/lotr_strength.py does the same).
            return {**row, "refused": str(exc)}
        side = {"won": int(state.result == "won"),
                "score": state.outcome().details["score"],
                "seconds": round(time.time() - began, 1)}
        searched = [t for t in timed if isinstance(t, Timed)]
        if searched:
            side.update(decisions=sum(t.decisions for t in searched),
                        cpu=round(sum(t.cpu for t in searched), 2),
                        rollouts=sum(t.rollouts for t in searched),
                        worst=round(max(t.worst for t in searched), 2))
        row["heuristic" if who == "heuristic" else "ismcts"] = side
    return row




def interval(values: list[float]) -> str:
    """Mean ± the 95 % half-width of a list of paired differences."""
    if len(values) < 2:
        return "n/a"
    return f"{statistics.mean(values):+.3f} ± " \
           f"{1.96 * statistics.stdev(values) / math.sqrt(len(values)):.3f}"


def summary(rows: list[dict]) -> str:
    """Per mode: games, win rates with intervals, paired gains, search cost."""
    out = []
    for mode in MODES:
        done = [r for r in rows if r["mode"] == mode and "refused" not in r]
        refused = sorted(r["k"] for r in rows if r["mode"] == mode and "refused" in r)
        if not done:
            continue
        n = len(done)
        line = [f"{mode}: {n} paired games (seeds {SEED}+k, k in "
                f"{min(r['k'] for r in done)}..{max(r['k'] for r in done)}"
                f"{', refused by the rules: ' + str(refused) if refused else ''})"]
        for side in ("heuristic", "ismcts"):
            wins = sum(r[side]["won"] for r in done)
            low, high = wilson(wins, n)
            scores = [r[side]["score"] for r in done]
            line.append(f"  {side:9s} Fellowship wins {wins}/{n} = {100 * wins / n:.1f} % "
                        f"[{100 * low:.1f}, {100 * high:.1f}], score "
                        f"{statistics.mean(scores):.2f}")
        line.append("  paired ismcts - heuristic: wins " +
                    interval([r["ismcts"]["won"] - r["heuristic"]["won"] for r in done]) +
                    ", score " +
                    interval([r["ismcts"]["score"] - r["heuristic"]["score"] for r in done]))
        decisions = sum(r["ismcts"]["decisions"] for r in done)
        cpu = sum(r["ismcts"]["cpu"] for r in done)
        rollouts = sum(r["ismcts"]["rollouts"] for r in done)
        line.append(f"  search: {decisions} decisions, {cpu / decisions:.2f} CPU s a decision "
                    f"(worst {max(r['ismcts']['worst'] for r in done):.2f}), "
                    f"{rollouts / cpu:.0f} rollouts a CPU second, "
                    f"{statistics.mean(r['ismcts']['seconds'] for r in done):.0f} s of wall "
                    f"clock a game")
        out.append("\n".join(line))
    return "\n".join(out)


def main() -> None:
    """Play pairs until the time limit (or summarize a file of them)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", default="500")
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--first", type=int, default=0, help="the first k")
    parser.add_argument("--out")
    parser.add_argument("--summary", help="summarize this file of pairs and stop")
    args = parser.parse_args()
    if args.summary:
        with open(args.summary) as handle:
            print(summary([json.loads(line) for line in handle if line.strip()]))
        return
    modes = args.modes.split(",")
    tasks = ((mode, k, args.budget) for k in range(args.first, 10 ** 6) for mode in modes)
    stop = time.time() + 60 * args.minutes
    rows = []
    out = open(args.out, "a") if args.out else None
    with ProcessPoolExecutor(args.workers) as pool:
        running = {pool.submit(one_pair, next(tasks)) for _ in range(args.workers)}
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                row = future.result()
                rows.append(row)
                print(json.dumps(row), file=out, flush=True)
                if time.time() < stop:
                    running.add(pool.submit(one_pair, next(tasks)))
    print(summary(rows))


if __name__ == "__main__":
    main()
