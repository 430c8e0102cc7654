"""Which of the expansion's cards decide its low win rate (issue 13, item 12): the
Fellowship's win rate against the heuristic Sauron (3 heuristic hobbits, normal) with the
Sauron cards of one symbol, the whole Nazgûl deck or one Nazgûl card removed, paired with
the full decks on the same seeds (game k on seed 5000 + k, agent seeds 10k + seat).

    nice -n 10 .venv/bin/python benchmarks/lotr_card_removal.py 300 kinds
    nice -n 10 .venv/bin/python benchmarks/lotr_card_removal.py 250 nazgul

The removal edits the loaded components in each worker process only (a measurement, not a
variant of the game): a removed Sauron card is out of the deck, a removed Nazgûl card out
of the Nazgûl deck.
"""

from __future__ import annotations

import math
import sys
from concurrent.futures import ProcessPoolExecutor

from palantir.engine import get_game
from palantir.engine.match import play_match
from palantir.games.lotr_board_game import components

FULL = {}


def one(task: tuple) -> int | None:
    """(k, removed) -> 1 when the Fellowship wins game k without the removed cards."""
    k, removed = task
    parts = components.default_components()
    FULL.setdefault("decks", (parts.sauron_cards, parts.nazgul_cards))
    sauron_cards, nazgul_cards = FULL["decks"]
    object.__setattr__(parts, "sauron_cards", tuple(
        c for c in sauron_cards if not any(kind == removed for kind, _ in c.symbols)))
    object.__setattr__(parts, "nazgul_cards", tuple(
        c for c in nazgul_cards if removed not in (c.id, "nazgul")))
    game = get_game("lotr-board-game")
    options = game.validate_options({"players": 3, "difficulty": "normal",
                                     "expansion": "sauron"})
    agents = [game.heuristic_agent(s, k * 10 + s) for s in range(4)]
    try:
        state, _ = play_match(game, options, agents, 5000 + k)
    except Exception:  # a deck emptied by the removal may leave a rule without a card
        return None
    return int(state.result == "won")


def main() -> None:
    """Print each removal's win rate and its paired difference (95 %)."""
    games, which = int(sys.argv[1]), sys.argv[2]
    parts = components.default_components()
    removals = ["black-rider", "nazgul", "darkness", "sauron", "discard-card"] \
        if which == "kinds" else [c.id for c in parts.nazgul_cards]
    with ProcessPoolExecutor(2) as pool:
        base = list(pool.map(one, [(k, None) for k in range(games)], chunksize=25))
        for removed in [None] + removals:
            runs = list(pool.map(one, [(k, removed) for k in range(games)], chunksize=25))
            pairs = [(a, b) for a, b in zip(runs, base) if a is not None and b is not None]
            diff = [a - b for a, b in pairs]
            mean = sum(diff) / len(diff)
            spread = math.sqrt(sum((d - mean) ** 2 for d in diff) / (len(diff) - 1))
            print(f"{str(removed):14s} win {100 * sum(a for a, _ in pairs) / len(pairs):5.1f} %"
                  f"  paired {100 * mean:+5.1f} ± {196 * spread / math.sqrt(len(diff)):.1f}"
                  f"  ({len(pairs)} games)", flush=True)


if __name__ == "__main__":
    main()
