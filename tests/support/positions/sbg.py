"""Strategy Battle Game positions for the rule tests: a battle on a small table of its own,
written as a full position document with its `setting` (docs/positions.md: the scenario
written out — the table, its terrain and barriers, the profiles standing for the data's)
and loaded by the engine's loader.

`battle([("G1", ROHAN, 10, 10), ("E1", ORC, 12, 10)], barriers=[WALL])` is the first
decision of a battle with those models, set up from the scenario document the game's own
scenarios are written in; `mark(state, "G1", prone=True, might=0)` and `place(state, "G1",
20, 10)` change a model's state in the position, `profile(state, ORC, wargear=["hand
weapon"])` a profile of the battle and `setup(state, lost={"good": 2})` another part of
it: each writes the state's position with the change, lets the game fill in what follows
from it (a base's radius, who is engaged), has the loader check it and the state take it.
"""

from __future__ import annotations

from dataclasses import replace

from palantir.engine.dice import ScriptedDice, SeededDice
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle.position import setting_of
from palantir.games.strategy_battle.rules import BattleState
from palantir.games.strategy_battle.scenarios import parse_scenario
from palantir.games.strategy_battle.state import profile_named

from . import body_of, load, with_parts

GAME = StrategyBattle()

__all__ = ["GAME", "ORC", "ORC_BOW", "ROHAN", "ROHAN_BOW", "URUK", "MINAS", "R", "W", "WALL",
           "DEFENDER_X", "battle", "mark", "place", "profile", "setup", "fight", "rolls"]

ORC = "Mordor Orc with sword and shield"
ORC_BOW = "Mordor Orc with bow"
ROHAN = "Warrior of Rohan with sword and shield"
ROHAN_BOW = "Warrior of Rohan with bow"
URUK = "Mordor Uruk-hai with sword"            # no shields: no shielding questions
MINAS = "Warrior of Minas Tirith"

# 'Defending': a wall 10mm wide and 20mm high down the table at x = 20", and where a 25mm
# base stands touching its far face
R = 12.5 / 25.4
W = 10 / 25.4
WALL = {"name": "wall", "line": [[20, 0], [20, 48]], "height_mm": 20, "width_mm": 10}
DEFENDER_X = 20 + W / 2 + R
# the shipped scenario a battle's options name: the position's setting is what is played
OPTIONS_SCENARIO = "intro"


def battle(models, *, areas=(), barriers=(), first="good", dice=None, units="in",
           width=48, depth=48, heroic_actions=False, fight_choices=False,
           loose_mounts=False, courage_before_moving=(), fortress=()) -> BattleState:
    """A battle on an open table with the given models: [(id, profile, x, y), ...]; heroic
    actions and the Fight phase's choices only when asked for, so that other rules' tests
    need not decline or answer them (the referee's defaults decide); the sides a scenario
    calls to test their Courage before moving ('Testing Twice'); `fortress`: the pieces
    of a fortress, as a scenario writes them (table/fortress.py)."""
    doc = {"name": "test", "title": "test", "source": "test", "first_priority": first,
           "courage_before_moving": list(courage_before_moving),
           "table": {"units": units, "width": width, "depth": depth,
                     "areas": list(areas), "barriers": list(barriers),
                     **({"fortress": list(fortress)} if fortress else {})},
           "models": [{"id": i, "profile": p, "at": [x, y]} for i, p, x, y in models]}
    if dice is None:
        dice = SeededDice(0)
    elif isinstance(dice, (list, tuple)):
        dice = ScriptedDice(dice)
    options = GAME.validate_options({"scenario": OPTIONS_SCENARIO,
                                     "heroic_actions": heroic_actions,
                                     "fight_choices": fight_choices,
                                     "loose_mounts": loose_mounts})
    # the set-up as the game sets up a scenario, then the battle its position describes
    state = BattleState(GAME, options, parse_scenario(doc, "test"), dice)
    state.start_game()
    document = body_of(GAME, state)
    assert "setting" in document["position"], "a test's battle is on a table of its own"
    return load(document, dice, GAME)


def _take(state, document: dict):
    """`state` now stands at the position `document`, with what follows from its parts
    written as the game writes it and the whole checked by the loader; returns it."""
    written = body_of(GAME, GAME.state_from_position(document, ScriptedDice([])))
    loaded = load(written, state.dice, GAME)
    vars(state).clear()
    vars(state).update(vars(loaded))
    assert body_of(GAME, state) == written, "the state did not take the whole position"
    return state


def _entry(body: dict, ident: str) -> dict:
    """A model's entry in the position (a passenger inside its carrier's)."""
    for entry in body["models"]:
        for one in (entry, entry["passenger"]):
            if one is not None and one["id"] == ident:
                return one
    raise AssertionError(f"no model {ident!r} in the position")


def mark(state, ident, **marks):
    """The state's position with a model's state changed (prone=True, might=0, wounds=1,
    tested="passed", x=..., ...: the fields of a model in a position); returns the model."""
    document = body_of(GAME, state)
    entry = _entry(document["position"], ident)
    for name, value in marks.items():
        assert name in entry and name not in ("id", "profile", "side", "radius", "half",
                                              "engaged"), f"{ident}: no mark {name!r}"
        entry[name] = value
    _take(state, document)
    return state.models.get(ident) or next(m.passenger for m in state.models.values()
                                           if m.passenger is not None and
                                           m.passenger.id == ident)


def place(state, ident, x, y, **marks):
    """The state's position with a model standing at x, y (and these marks)."""
    return mark(state, ident, x=x, y=y, **marks)


def profile(state, name, **changes):
    """The state's position with the battle's profile `name` changed (wargear=[...],
    defence=9, race="Dwarf"...): every model of that profile has it so in this battle."""
    document = body_of(GAME, state)
    setting = document["position"]["setting"]
    given = {p["name"]: p for p in setting["profiles"]}
    base = state.scenario.profile(name) or profile_named(name)
    changes = {k: tuple(v) if isinstance(v, list) else v for k, v in changes.items()}
    written = setting_of(replace(state.scenario, profiles=(replace(base, **changes),)))
    given[name] = written["profiles"][0]
    setting["profiles"] = list(given.values())
    return _take(state, document)


def setup(state, **parts):
    """The state's position with these parts of it (fields of the position: lost={...},
    force={...}, priority="evil", phase=..., options={...}); an object given is merged into
    the one there. Options changed are the document's options too."""
    document = with_parts(body_of(GAME, state), parts)
    document["options"] = document["position"]["options"]
    return _take(state, document)


def fight(state, ident, shield=False):
    """Name the next fight and answer each side's shielding question (off unless asked)."""
    state.apply(f"fight {ident}")
    while state.question is not None and state.question["kind"] == "shield":
        state.apply("shield on" if shield else "shield off")


def rolls(state):
    """The dice rolled so far, as (die, face) pairs."""
    return [(r.die, r.face) for r in state.dice.log]
