"""The prompts a person meets in seeded Lord of the Rings board games (issue 13, item 4):
heuristic seats play; every decision of more than one choice is a prompt. Prints, per game,
the prompts, those at a window (`continue` among the choices), how many of these say what
comes next, the longest menu and what the presentation shows of it at once (the terminal's
top level, the web table's buttons).

    .venv/bin/python benchmarks/lotr_prompts.py [--seeds 1 2 3]
"""

from __future__ import annotations

import argparse
import time

from palantir.agents import make_agent
from palantir.engine.dice import SeededDice
from palantir.engine.game import get_game
from palantir.games.lotr_board_game import table_words

GAMES = (("base", {"players": 3}), ("expansion", {"players": 3, "expansion": "sauron"}))


def measure(game, options: dict, seed: int) -> dict:
    """The prompts of one seeded game and the longest menu, flat and as shown."""
    drawn = game.presentation()
    state = game.new_state(game.validate_options(options), SeededDice(seed))
    agents = [make_agent("heuristic", game, s, seed * 97 + s) for s in range(state.players)]
    out = {"prompts": 0, "windows": 0, "saying_next": 0, "longest": 0, "terminal": 0, "web": 0}
    while (seat := state.to_move()) is not None:
        legal = [str(a) for a in state.legal_actions()]
        view = state.view(seat)
        if len(legal) > 1:
            out["prompts"] += 1
            if "continue" in legal:
                out["windows"] += 1
                out["saying_next"] += "; next: " in table_words.prompt(view)
            out["longest"] = max(out["longest"], len(legal))
            groups = drawn.menu_groups(view, legal)
            out["terminal"] = max(out["terminal"], len(groups) if groups else len(legal))
            places = drawn.decision_places(view, legal)
            out["web"] = max(out["web"], len({(p or {}).get("group") or text
                                              for p, text in zip(places, legal)}))
        state.apply(agents[seat].choose(view, legal))
    return out


def main() -> None:
    """Print the figures of each seeded game."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    args = parser.parse_args()
    game = get_game("lotr-board-game")
    start = time.perf_counter()
    for name, options in GAMES:
        for seed in args.seeds:
            m = measure(game, options, seed)
            print(f"{name} seed {seed}: {m['prompts']} prompts, {m['windows']} at a window "
                  f"({m['saying_next']} saying what comes next); longest menu {m['longest']}, "
                  f"shown as {m['terminal']} terminal entries, {m['web']} web buttons")
    print(f"{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
