"""Positions of the Strategy Battle Game (engine/position.py, docs/positions.md).

Nothing is hidden on a battlefield but a side's secret Might bid in a duel while the other
side has not bid yet (views show it as "hidden"). The full position is the spectator's view
with the fight in progress as it truly stands, bids and all, and the models' places and
moves exact (a view rounds them); a seat's position is its view, loaded only when it hides
no bid (a hidden bid cannot be guessed without changing the game), with the places as the
view rounds them.
"""

from __future__ import annotations

import copy
from typing import Any, Mapping

from ...engine.dice import Dice
from ...engine.errors import BadPosition


def position_of(game, state, seat: int | None) -> dict:
    """The full position (seat None: the fight with its bids) or what `seat` sees."""
    if seat is not None:
        return state.view(seat)
    body = state.view(None)
    body["combat"] = copy.deepcopy(state.combat)
    for entry in body["models"]:
        _exact(entry, state.models[entry["id"]])
    return body


def _exact(entry: dict, model) -> None:
    """A view rounds a model's place and the distance it has moved to 1/10,000 of an inch;
    the full position holds them exactly, since a rule may turn on the last digit."""
    entry.update(x=model.x, y=model.y, move_used=model.move_used)
    if entry["passenger"] is not None:
        _exact(entry["passenger"], model.passenger)


def state_from_position(game, document: Mapping[str, Any], dice: Dice):
    """The state of a checked position document; a seat's position hiding a bid is refused."""
    body = document["position"]
    combat = body.get("combat")
    bids = combat.get("bids", {}) if isinstance(combat, dict) else {}
    if not document["full"] and isinstance(bids, dict) and "hidden" in bids.values():
        raise BadPosition("position.combat", "this seat's position hides the other side's "
                          "secret Might bid, which cannot be completed without changing the "
                          "game: load the full position")
    return game.state_from_view(body, dice)
