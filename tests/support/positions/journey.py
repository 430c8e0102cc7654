"""Journey to Mordor positions for the rule tests, with scripted dice.

`table(roll(yellow="R", ...), ..., ring={0: "Moria"}, nazgul={1: "xx...."})` is the
position at the start of the active player's turn: the sheets as given and the first
roll on the table (the first outcomes scripted), the rest of the script still to come.
Dice are named by colour; `roll(yellow="R", black="T")` lists the outcomes of one roll in
the die order the rules roll them (yellow, red, blue, green, black).
"""

from __future__ import annotations

import copy

from palantir.engine import ScriptedDice, get_game
from palantir.engine.dice import Dice
from palantir.games.journey_to_mordor.notation import Keep
from palantir.games.journey_to_mordor.rules import (HALF_MARKED, MARKED, SPLIT, SPLIT_MARKED,
                                                    WHOLE, JourneyState)
from tests import support

from . import document, load

GAME = get_game("journey-to-mordor")
DIE_ORDER = ("yellow", "red", "blue", "green", "black")
YELLOW, RED, BLUE, GREEN, BLACK = range(5)
# The Ring-bearer's route: position k is the k-th location (0 is Bag End).
POSITION = {"Bag End": 0, "Rivendell": 1, "Moria": 2, "Lothlórien": 3, "Rohan": 4,
            "Helm's Deep": 5, "Gondor": 6, "Minas Tirith": 7, "Shelob's Lair": 8, "Mordor": 9}

__all__ = ["GAME", "DIE_ORDER", "YELLOW", "RED", "BLUE", "GREEN", "BLACK", "POSITION",
           "WHOLE", "MARKED", "SPLIT", "HALF_MARKED", "SPLIT_MARKED", "roll", "table",
           "position", "play", "step", "fellowship", "finish_turn", "snapshot", "route",
           "refused"]


def roll(**faces: str) -> list[tuple[str, str]]:
    """The scripted outcomes of one roll, in the order the rules roll the dice."""
    unknown = set(faces) - set(DIE_ORDER)
    assert not unknown, f"no such die: {unknown}"
    return [(die, faces[die]) for die in DIE_ORDER if die in faces]


def fellowship(*dice: str) -> list[list[tuple[str, str]]]:
    """Rolls that finish a turn harmlessly: every die left shows a Fellowship member."""
    return [roll(**{die: "F" for die in dice[i:]}) for i in range(len(dice))]


def finish_turn(state: JourneyState) -> JourneyState:
    """Set aside the first die of each roll until the active player's turn is over."""
    turn = (state.active, state.round)
    while state.phase == "set-aside" and (state.active, state.round) == turn and state.roll:
        state.apply(Keep((state.roll[0],)))
    return state


def route(text: str) -> list[int]:
    """A Nazgûl route from a picture: '.' whole, 'x' marked, 's' split, 'h' half, 'X' split+marked."""
    codes = {".": WHOLE, "x": MARKED, "s": SPLIT, "h": HALF_MARKED, "X": SPLIT_MARKED}
    return [codes[c] for c in text]


def _feature(parts, locations: bool, ring: int) -> str | None:
    """The feature of the location the Ring-bearer stands on (Location Features)."""
    if not locations or ring == 0:
        return None
    location = parts.locations.get(parts.ring_spaces[ring - 1])
    return location.feature if location else None


def position(*rolls: list[tuple[str, str]], players: int = 2, locations: bool = False,
             active: int = 0, ring=None, nazgul=None, eliminated=None, arrived=None,
             round: int = 1, final_round: bool = False, aside=(), **options) -> dict:
    """The position document `table` loads (the same arguments)."""
    script = [outcome for one in rolls for outcome in one]
    valid = GAME.validate_options({"players": players, "locations": locations, **options})
    parts = GAME.components_for(valid)
    sheets = document(GAME, valid)["position"]
    rings, routes = list(sheets["ring"]), [list(r) for r in sheets["nazgul"]]
    for seat, where in (ring or {}).items():
        rings[seat] = POSITION[where] if isinstance(where, str) else where
    for seat, squares in (nazgul or {}).items():
        routes[seat] = route(squares) if isinstance(squares, str) else list(squares)
    # A turn begins with all the dice rolled: the first outcomes scripted are on the table
    # (those not set aside already).
    first = script[:len(parts.die_names) - len(aside)]
    return document(
        GAME, valid, ring=rings, nazgul=routes,
        eliminated=[seat in (eliminated or ()) for seat in range(players)],
        arrived=[seat in (arrived or ()) for seat in range(players)],
        active=active, to_move=active, round=round, final_round=final_round,
        phase="set-aside", roll=[list(outcome) for outcome in first],
        aside=[list(outcome) for outcome in aside],
        rerolled=False, advance_max=0, feature=_feature(parts, locations, rings[active]))


def table(*rolls: list[tuple[str, str]], players: int = 2, locations: bool = False,
          active: int = 0, ring=None, nazgul=None, eliminated=None, arrived=None,
          round: int = 1, final_round: bool = False, aside=(), dice: Dice | None = None,
          **options) -> JourneyState:
    """The active player's turn under way, the sheets filled in as given: `ring` and
    `nazgul` map seats to a Ring-bearer position (a number or a location name) and to a
    Nazgûl route (a list or a picture for `route`); `eliminated` and `arrived` list seats;
    `aside`, the dice already set aside this turn ((die, face) pairs), the first roll being
    of the others. The dice after the first roll are the rest of the script, or `dice`.
    """
    doc = position(*rolls, players=players, locations=locations, active=active, ring=ring,
                   nazgul=nazgul, eliminated=eliminated, arrived=arrived, round=round,
                   final_round=final_round, aside=aside, **options)
    script = [outcome for one in rolls for outcome in one]
    rest = script[len(doc["position"]["roll"]):]
    assert dice is None or not rest, "scripted rolls after the first, or dice: not both"
    return load(doc, ScriptedDice(rest) if dice is None else dice, GAME)


def play(state: JourneyState, *decisions: str) -> JourneyState:
    """Apply decisions in notation, in order; every scripted die must have been used."""
    for text in decisions:
        state.apply(text)
    support.used_all(state)
    return state


def step(state: JourneyState, *decisions: str) -> JourneyState:
    """Apply decisions in notation, in order, with scripted dice still to come."""
    for text in decisions:
        state.apply(text)
    return state


def snapshot(state: JourneyState) -> dict:
    """A deep copy of every slot of the state (the dice by their position in the script)."""
    slots = {}
    for name in JourneyState.__slots__:
        value = getattr(state, name, None)
        if name in ("game", "parts"):
            slots[name] = id(value)
        elif name == "dice":
            slots[name] = (id(value), len(value.log), getattr(value, "used", None))
        elif name == "stack":
            slots[name] = value.to_json()  # the procedures as data: comparable, unlike a Stack
        else:
            slots[name] = copy.deepcopy(value)
    return slots


def refused(state: JourneyState, decision, rule: str):
    """Offer an illegal decision: it must raise IllegalAction citing `rule` and change nothing
    (no seat's view, no legal decision, no slot of the state)."""
    return support.refused(state, decision, rule, internals=snapshot)
