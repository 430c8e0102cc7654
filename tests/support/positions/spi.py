"""SPI Sauron positions for the rule tests: a board cleared and pieces placed, written as
position documents (docs/positions.md; the game's position is its view) and loaded.

`cleared("magic-1", turn=5)` is the position of that phase with every piece off the
board; `place(state, "orc_archers-1", "1331")` and `at_phase(state, "rally")` change the
position a state stands at, `setup(state, pedestal="orc_archers-1")` any other part of
it: each writes the state's position with the change, lets the game fill in what follows
from it (a reduced unit's strength, the phase's title, the waiting pieces' arrival), has
the engine's loader check it and the state take it.
"""

from __future__ import annotations

from palantir.engine.dice import ScriptedDice, SeededDice
from palantir.games.spi_sauron import SpiSauron
from palantir.games.spi_sauron.phases.turn import begin_phase
from palantir.games.spi_sauron.units import ELIMINATED
from tests import support

from . import body_of, load, with_parts

GAME = SpiSauron()

__all__ = ["GAME", "new_game", "at_phase", "cleared", "place", "mark", "setup", "refused",
           "visions_position"]


def new_game(options=None, dice=None):
    """A fresh game at its first decision (Sauron's Movement Phase of turn 1)."""
    # Dice are falsy while their log is empty: test for None, not truth.
    return GAME.new_state(options or {}, SeededDice(0) if dice is None else dice)


def _settled(document: dict, dice) -> dict:
    """The document with what follows from its parts written as the game writes it, then
    checked by the engine's loader."""
    written = body_of(GAME, GAME.state_from_position(document, ScriptedDice([])))
    load(written, dice, GAME)
    return written


def _take(state, document: dict):
    """`state` now stands at the position `document` (checked first); returns it."""
    document = _settled(document, state.dice)
    state.restore(document["position"])
    assert body_of(GAME, state) == document, "the state did not take the whole position"
    return state


def _phase(body: dict, key: str, turn: int | None) -> None:
    """A phase begun afresh: no piece has moved in it, nobody has entered yet."""
    if turn is not None:
        body["turn"] = turn
    body["phase"] = key
    body["entered"] = {}
    for piece in body["units"] + body["leaders"]:
        piece["moved"] = False


def at_phase(state, key, turn=None):
    """The state's position in phase `key` (and `turn`), moved flags and entries reset."""
    document = body_of(GAME, state)
    _phase(document["position"], key, turn)
    return _take(state, document)


def cleared(key="sauron-movement", turn=1, dice=None):
    """The position of phase `key` with every piece off the board (placed by `place`)."""
    state = new_game(dice=ScriptedDice([]) if dice is None else dice)
    document = body_of(GAME, state)
    for piece in document["position"]["units"] + document["position"]["leaders"]:
        piece["hex"] = ELIMINATED
    _phase(document["position"], key, turn)
    return _take(state, document)


def place(state, piece_id, hex_name, **marks):
    """The state's position with a unit (by id, e.g. 'goblins-1') or a leader (by key) in
    a hex, with the marks given (reduced=True, disrupted=True, partner=..., ...)."""
    document = body_of(GAME, state)
    body = document["position"]
    entry = next((u for u in body["units"] if u["id"] == piece_id), None) or \
        next(p for p in body["leaders"] if p["key"] == piece_id)
    entry["hex"] = hex_name
    for name, value in marks.items():
        assert name in entry or name in ("partner", "formation"), \
            f"{piece_id}: no mark {name!r} in a position"
        entry[name] = value
    _take(state, document)
    return state.units.get(piece_id) or state.leaders[piece_id]


def mark(state, piece_id, **marks):
    """The state's position with a piece's marks changed where it stands."""
    piece = state.units.get(piece_id) or state.leaders[piece_id]
    return place(state, piece_id, piece.hex, **marks)


def setup(state, **parts):
    """The state's position with these parts of it (fields of the position: pedestal=...,
    rally_seat=..., spell_until={...}); an object given is merged into the one there."""
    document = with_parts(body_of(GAME, state), parts)
    return _take(state, document)


def refused(state, action, rule):
    """Apply `action`, expect IllegalAction for exactly `rule`, and check nothing changed."""
    return support.refused(state, action, rule, exact=True)


def visions_position():
    """Sauron's first Magic Phase of turn 5, he on the Pedestal in 1331, four Men (morale X)
    within three hexes of his Orc Archers: Sinister Visions is worth casting (16.1)."""
    state = cleared("magic-1", turn=5, dice=ScriptedDice([]))
    place(state, "orc_archers-1", "1331")
    place(state, "sauron", "1331")
    setup(state, pedestal="orc_archers-1")
    place(state, "orc_archers-2", "1328")
    for i, h in enumerate(("1226", "1326", "1426", "1225"), start=1):
        place(state, f"men-{i}", h)
    begin_phase(state)
    return state
