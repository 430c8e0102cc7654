"""The driver (engine/driver.py): one place that applies a decision and logs it with its
dice, audience and revealed flag — issue 11 found it written three times (engine/match.py,
terminal.py, server/lobby.py), each building the record's events by hand."""

import ast
from pathlib import Path

import pytest

import palantir
from palantir.engine import GameRecord, IllegalAction, Outcome, ScriptedDice, SeededDice
from palantir.engine.driver import Driver, decision_event
from palantir.engine.game import Game, State


class CardState(State):
    """Seat 0 draws a card only it sees, may whisper it to seat 1, then shows it."""

    players = 2

    def __init__(self, game, dice, card=None, whispered=False, shown=False):
        self.game, self.dice = game, dice
        self.card, self.whispered, self.shown = card, whispered, shown

    def to_move(self):
        return None if self.shown else 0

    def legal_actions(self):
        if self.card is None:
            return ["draw"]
        return ["show"] if self.whispered else ["whisper", "show"]

    def parse_action(self, text):
        if text not in self.legal_actions():
            raise IllegalAction(f"'{text}' is not legal now", rule="the order of play")
        return text

    def apply(self, action):
        action = self.parse_action(action)
        if action == "draw":
            self.card = self.dice.roll("card", ("ace", "king"), seen_by=(0,))
        elif action == "whisper":
            self.whispered = True
        else:
            self.shown = True

    def decision_audience(self, action):
        return (1,) if action == "whisper" else None

    def decision_revealed(self, action):
        return action == "show"

    def outcome(self):
        return Outcome(winners=(0,), summary="shown") if self.shown else None

    def clone(self, dice=None):
        return CardState(self.game, dice or self.dice, self.card, self.whispered, self.shown)


class Cards(Game):
    id = "cards"
    min_players = max_players = 2

    def new_state(self, options, dice):
        dice.roll("setup", ("x",))
        return CardState(self, dice)


def test_the_driver_logs_each_decision_with_its_dice_audience_and_flag():
    game, dice = Cards(), ScriptedDice([("setup", "x"), ("card", "king")])
    record = GameRecord.start(game, {}, 5, ["a", "b"])
    driver = Driver(game.new_state({}, dice), dice, record)
    assert record.events == [{"die": "setup", "face": "x"}]  # the setup's dice
    assert driver.decide(0, "draw") == [decision_event(0, "draw"),
                                        {"die": "card", "face": "king", "seen_by": [0]}]
    assert driver.decide(0, "whisper") == [{"seat": 0, "action": "whisper",
                                            "seen_by": [0, 1]}]
    assert driver.decide(0, "show") == [{"seat": 0, "action": "show", "revealed": True}]
    assert len(record.events) == 5 and record.result is None
    assert driver.finish().summary == "shown"
    assert record.result["winners"] == [0]


def test_a_refused_decision_logs_nothing():
    game, dice = Cards(), SeededDice(1)
    driver = Driver(game.new_state({}, dice), dice, GameRecord.start(game, {}, 1))
    with pytest.raises(IllegalAction):
        driver.decide(0, "show")
    assert driver.record.events == [{"die": "setup", "face": "x"}]
    assert driver.decide(0, "draw")[0] == {"seat": 0, "action": "draw"}


def test_without_a_record_the_driver_only_returns_the_events():
    game, dice = Cards(), SeededDice(1)
    state = game.new_state({}, dice)
    events = Driver(state, dice).decide(0, "draw")
    assert [e.get("die") for e in events] == [None, "card"]  # not the setup's roll


def test_only_the_driver_asks_who_may_read_a_decision():
    """Every player of games (simulator, terminal, server, replay) goes through the driver:
    outside it and the games, nothing asks a state for a decision's audience or flag."""
    root = Path(palantir.__file__).parent
    askers = set()
    for path in root.rglob("*.py"):
        relative = path.relative_to(root).as_posix()
        if relative.startswith("games/") or relative == "engine/driver.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("decision_audience",
                                                                 "decision_revealed"):
                askers.add(relative)
    assert askers == set()
