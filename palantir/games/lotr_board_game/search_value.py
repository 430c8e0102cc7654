"""What a position at the start of a conflict board is worth to the Fellowship: the value a
search's rollout stops at instead of playing the rest of the game out.

A rollout to the game's end is an honest estimate of a decision's worth but a noisy one:
the boards after the current one bring most of the dice. `value(state)` is the expected
payoff of the heuristic's own play from the first decision of a conflict board (0.5 ×
score/60 + 0.5 × won, as `search_payoffs`), a linear function of public facts: the board,
the Ring-bearer's and the other hobbits' distance from Sauron, the hobbits still in the
game, their cards, legendary cards and runes, the Gandalf cards left and whether Sauron
is a player. Its coefficients are fitted to heuristic games and stored in
`data/search_value.toml` (marked `fitted`); refit with

    .venv/bin/python -m palantir.games.lotr_board_game.search_value_fit --games 4000

(search_value_fit.py: the fitting, kept apart so that the game never imports numpy).

Measured (commit of this module): cutting the rollouts at the next conflict board made
the paired differences between two root decisions 2.7 times less spread (sd 0.069
against 0.185 over 11 positions, 30 rounds each).
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Callable

from .components import DATA

FILE = Path(DATA) / "search_value.toml"
CLIP = 10  # distances from Sauron beyond this all look safe


def features(state) -> dict[str, float]:
    """The public facts `value` weighs, of a state on a conflict board."""
    alive = [s for s in range(state.n) if not state.eliminated[s]] or [0]
    gaps = sorted(min(CLIP, state.sauron - state.positions[s]) for s in alive)
    bearer = state.ring_bearer
    bearer_gap = min(CLIP, state.sauron - state.positions[bearer]) if bearer is not None \
        else gaps[0]
    board = state.board.id
    out = {f"board {b}": float(board == b) for b in _boards(state.parts)}
    out.update({f"ring-bearer gap {b}": bearer_gap * float(board == b)
                for b in _boards(state.parts)})
    cards = state.parts.cards
    out.update({
        "nearest gap": float(gaps[0]), "mean gap": sum(gaps) / len(gaps),
        "hobbits left": len(alive) / state.n, "hobbits": float(state.n),
        "cards": sum(len(state.hands[s]) for s in alive) / len(alive),
        "legendary cards": sum(1 for s in alive for c in state.hands[s]
                               if not cards[c].is_hobbit_card) / len(alive),
        "runes": sum(state.runes[s] for s in alive) / len(alive),
        "gandalf cards": float(len(state.gandalf_left)),
        # The Black Rider is back on its start at every adventure's start: not a fact here.
        "expansion": float(state.expansion),
    })
    return out


def _boards(parts) -> list[str]:
    return [b for b in parts.journey if parts.boards[b].kind == "conflict"]


@lru_cache(maxsize=1)
def coefficients() -> dict[str, float]:
    """The fitted weights (and `constant`), read once from data/search_value.toml."""
    with open(FILE, "rb") as handle:
        return dict(tomllib.load(handle)["weights"])


def value(state) -> float:
    """The Fellowship's expected payoff from here (0..1), as fitted."""
    weights = coefficients()
    total = weights["constant"]
    for name, x in features(state).items():
        total += weights.get(name, 0.0) * x
    return min(1.0, max(0.0, total))


def cutoff(root) -> Callable:
    """For a search from `root`: a rollout's payoffs once it reaches a later conflict board
    than the root's (its first decision there), else None (play on)."""
    start = root.board_index

    def cut(state) -> list[float] | None:
        if state.board_index == start or state.question is None or \
                state.board.kind != "conflict":
            return None
        fellowship = value(state)
        return [1.0 - fellowship if seat == state.table_seats[state.sauron_seat] else
                fellowship for seat in range(state.players)] if state.expansion \
            else [fellowship] * state.players

    return cut
