"""Positions for the rule tests, one section (module) per game: each builder writes a
position document in the documented format (docs/positions.md) and loads it with the
engine's loader (`load_position`), so a test says in the game's words which position it
wants — the Ring-bearer on Moria, Sauron on the Pedestal in 1331 — and the loader refuses
one that no game has, instead of a test editing a state's fields.

    from tests.support.positions.journey import table, roll
    from tests.support.positions.spi import cleared, place
    from tests.support.positions.sbg import battle, mark

The sections: `journey` (Journey to Mordor), `spi` (SPI Sauron), `board` (the Lord of
the Rings board game), `sbg` (the Strategy Battle Game: battles on small tables of their
own, written with the table in the position's `setting`).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any, Mapping

from palantir.engine.dice import Dice, SeededDice
from palantir.engine.game import Game, State
from palantir.engine.position import load_position, position_document

__all__ = ["JUNK", "body_of", "document", "load", "mutated", "with_parts"]

# What a mutated position puts in place of a value: every kind a JSON file can hold.
JUNK = [None, -1, 0, 7, 10**6, 2.5, "", "x", True, [], {}, [0], {"x": 1}]


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


def with_parts(document: dict, parts: Mapping[str, Any]) -> dict:
    """The document with these parts of its body given (fields of the position); an object
    given is merged into the one there."""
    body = document["position"]
    for name, value in parts.items():
        assert name in body, f"no part {name!r} in a position"
        body[name] = {**body[name], **value} if isinstance(value, dict) and \
            isinstance(body[name], dict) else value
    return document

def mutated(document: dict, rng: random.Random, junk: list = JUNK) -> dict:
    """The document with one value somewhere in its body replaced, dropped or doubled."""
    doc = copy.deepcopy(document)
    places = []

    def walk(value):
        if isinstance(value, dict):
            places.extend((value, k) for k in value)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            places.extend((value, i) for i in range(len(value)))
            for item in value:
                walk(item)
    walk(doc["position"])
    holder, key = rng.choice(places)
    if isinstance(holder, list) and rng.random() < 0.3:
        if rng.random() < 0.5:
            holder.pop(key)
        else:
            holder.append(copy.deepcopy(holder[key]))
    else:
        holder[key] = rng.choice(junk)
    return doc
