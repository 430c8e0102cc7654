"""The board game's ISMCTS seat against the heuristic on the same seeds (issue 13, items
11–12): game k on seed 5000 + k, agent seeds 10k + seat, 3 hobbits, normal; one JSON line
a game with each side's (Fellowship won, score, seconds), until the time limit.

    nice -n 10 .venv/bin/python benchmarks/lotr_ismcts_paired.py hobbits 100 600
    nice -n 10 .venv/bin/python benchmarks/lotr_ismcts_paired.py sauron 100 600
"""

from __future__ import annotations

import json
import sys
import time

from palantir.agents import make_agent
from palantir.engine import get_game
from palantir.engine.match import play_match


def main() -> None:
    """Play paired games until the time limit, printing one line a game."""
    mode, budget, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
    game = get_game("lotr-board-game")
    options = game.validate_options({"players": 3, "difficulty": "normal",
                                     "expansion": "sauron" if mode == "sauron" else "none"})
    n = game.players_of(options)
    start, k = time.time(), 0
    while time.time() - start < limit:
        row = {"k": k}
        for who in ("heuristic", f"ismcts:{budget}"):
            # The seat under test: Sauron's (the last), or every hobbit's.
            specs = ["heuristic"] * (n - 1) + [who] if mode == "sauron" else [who] * n
            agents = [make_agent(specs[s], game, s, k * 10 + s, options) for s in range(n)]
            began = time.time()
            state, _ = play_match(game, options, agents, 5000 + k)
            row[who.split(":")[0]] = [int(state.result == "won"),
                                      state.outcome().details["score"],
                                      round(time.time() - began, 1)]
        print(json.dumps(row), flush=True)
        k += 1


if __name__ == "__main__":
    main()
