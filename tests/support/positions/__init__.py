"""Positions for the rule tests, one section (module) per game: each builder writes a
position document in the documented format (docs/positions.md) and loads it with the
engine's loader (`load_position`), so a test says in the game's words which position it
wants — the Ring-bearer on Moria, Sauron on the Pedestal in 1331 — and the loader refuses
one that no game has, instead of a test editing a state's fields.

    from tests.support.positions.journey import table, roll
    from tests.support.positions.spi import cleared, place

The sections: `journey` (Journey to Mordor), `spi` (SPI Sauron), `board` (the Lord of
the Rings board game). The Strategy Battle Game's battles are set up from a scenario
written inline, the game's own set-up format (tests/games/strategy_battle/sbg_table.py).
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from palantir.engine.dice import Dice, SeededDice
from palantir.engine.game import Game, State
from palantir.engine.position import load_position, position_document

__all__ = ["body_of", "document", "load"]


def body_of(game: Game, state: State) -> dict:
    """The full position of `state` as a file holds it: the document to edit."""
    return json.loads(json.dumps(position_document(game, state)))


def document(game: Game, options: Mapping[str, Any], **body: Any) -> dict:
    """The full position document of `game` at its set-up with these validated options,
    the body's fields given replacing the set-up's."""
    start = body_of(game, game.new_state(options, SeededDice(0)))
    unknown = set(body) - set(start["position"])
    assert not unknown, f"not fields of a {game.id} position: {sorted(unknown)}"
    start["position"].update(json.loads(json.dumps(body)))
    return start


def load(doc: Mapping[str, Any], dice: Dice, game: Game) -> State:
    """The state of a position document, checked by the engine's loader."""
    return load_position(doc, dice, game)
