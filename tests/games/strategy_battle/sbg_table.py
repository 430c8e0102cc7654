"""Helpers for Strategy Battle tests: a state from a small scenario written inline."""

from palantir.engine.dice import ScriptedDice, SeededDice
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle.rules import BattleState
from palantir.games.strategy_battle.scenarios import parse_scenario

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


def battle(models, *, areas=(), barriers=(), first="good", dice=None, units="in",
           width=48, depth=48, heroic_actions=False, fight_choices=False) -> BattleState:
    """A battle on an open table with the given models: [(id, profile, x, y), ...]; heroic
    actions and the Fight phase's choices only when asked for, so that other rules' tests
    need not decline or answer them (the referee's defaults decide)."""
    doc = {"name": "test", "title": "test", "source": "test", "first_priority": first,
           "table": {"units": units, "width": width, "depth": depth,
                     "areas": list(areas), "barriers": list(barriers)},
           "models": [{"id": i, "profile": p, "at": [x, y]} for i, p, x, y in models]}
    scenario = parse_scenario(doc, "test")
    if dice is None:
        dice = SeededDice(0)
    elif isinstance(dice, (list, tuple)):
        dice = ScriptedDice(dice)
    state = BattleState(StrategyBattle(), {"scenario": "test", "heroic_actions": heroic_actions,
                                           "fight_choices": fight_choices}, scenario, dice)
    state.start_game()
    return state


def fight(state, ident, shield=False):
    """Name the next fight and answer each side's shielding question (off unless asked)."""
    state.apply(f"fight {ident}")
    while state.question is not None and state.question["kind"] == "shield":
        state.apply("shield on" if shield else "shield off")


def rolls(state):
    """The dice rolled so far, as (die, face) pairs."""
    return [(r.die, r.face) for r in state.dice.log]
