"""Journey to Mordor: the state; its rules are procedures on the engine's stack.

The turn's parts are procedures and their steps in phases/ (engine/procedure.py); `apply`
is `decide` on the stack, whose bottom is the Sequence of Play (phases/turn.py). Section
names in comments are those of rules/journey-to-mordor.txt.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...engine.dice import Dice
from ...engine.errors import BadNotation, IllegalAction
from ...engine.game import Outcome, State
from ...engine.procedure import Stack, decide
from .components import Components
from .notation import REROLL, SYMBOL_ORDER, Advance, Keep, parse_keep
from .phases import (ADVANCING, ADVANCING_PHASE, GAME_OVER, HALF_MARKED, MARKED,
                     NEXT_MARK, ONE_NAZGUL, ONE_PER_SYMBOL, OVER, ROHAN, ROLLING,
                     SETTING_ASIDE, SPLIT, SPLIT_MARKED, UNMARKED_UNITS, WHOLE, phase_hint)
from .phases import dice as dice_rolls
from .phases import end
from .phases.end import EndOfGame
from .phases.nazgul import nazgul_target
from .phases.ring import effective_rings
from .phases.turn import JourneyTurn
from .render import describe_news   # words live with the rendering

__all__ = ["ADVANCING", "ADVANCING_PHASE", "GAME_OVER", "HALF_MARKED", "MARKED", "NEXT_MARK",
           "ONE_NAZGUL", "ONE_PER_SYMBOL", "OVER", "ROHAN", "ROLLING", "SETTING_ASIDE",
           "SPLIT", "SPLIT_MARKED", "UNMARKED_UNITS", "WHOLE", "JourneyState",
           "effective_rings", "nazgul_target"]


class JourneyState(State):
    """A position of Journey to Mordor: every sheet, the dice and whose turn it is."""

    __slots__ = ("game", "dice", "parts", "options", "n", "hobbits", "colour_seat", "ring",
                 "nazgul", "eliminated", "arrived", "active", "round", "phase", "roll",
                 "aside", "rerolled", "feature", "advance_max", "final_round", "news",
                 "options_json", "stack", "_outcome")

    def __init__(self, game, options: Mapping[str, Any], parts: Components, dice: Dice):
        self.game = game
        self.dice = dice
        self.parts = parts
        self.options = options
        self.options_json = game.options_to_json(options)
        self.n = options["players"]
        self.hobbits: tuple[str, ...] = tuple(options["hobbits"])
        # Which seat each die colour belongs to; None: no player (or black).
        self.colour_seat: list[int | None] = [None] * len(parts.die_names)
        for seat, hobbit in enumerate(self.hobbits):
            self.colour_seat[parts.die_names.index(parts.hobbit_colours[hobbit])] = seat
        self.ring = [0] * self.n
        self.nazgul = [[WHOLE] * parts.nazgul_squares for _ in range(self.n)]
        self.eliminated = [False] * self.n
        self.arrived = [False] * self.n
        self.active = 0  # Game Setup: seat 0 is the player who starts
        self.round = 1
        self.phase = ROLLING
        self.roll: list[tuple[int, str]] = []
        self.aside: list[tuple[int, str]] = []
        self.rerolled = False
        self.feature: str | None = None
        self.advance_max = 0
        self.final_round = False
        self.news: list[tuple] = []
        self._outcome: Outcome | None = None
        # Sequence of Play at the bottom of the stack of procedures (phases/turn.py).
        self.stack = Stack([JourneyTurn()])

    # ----- the contract ---------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.n

    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.active

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_actions(self) -> list:
        top = self.stack.top()
        return top.answers(self) if top is not None else []

    def parse_action(self, text: str):
        if self.phase == OVER:
            raise IllegalAction("the game is over", rule=GAME_OVER, action=str(text))
        words = str(text).replace(",", " ").split()
        if not words:
            raise BadNotation("empty decision; try 'keep R', 'reroll' or 'advance 1'",
                              action=text)
        verb = words[0].lower()
        if verb == "reroll" and len(words) == 1:
            return REROLL
        if verb == "advance":
            if len(words) != 2 or not words[1].isdecimal():  # int() takes no ²
                raise BadNotation("'advance' takes a number of spaces, e.g. 'advance 1'",
                                  action=text)
            return Advance(int(words[1]))
        if self.phase != ROLLING:
            raise IllegalAction(phase_hint(self), rule=ADVANCING, action=text)
        if verb == "reroll":
            raise BadNotation("'reroll' stands alone", action=text)
        if verb not in ("keep", "stop") and verb.partition(":")[0].upper() not in SYMBOL_ORDER:
            raise BadNotation(f"unknown word '{words[0]}'; a decision starts with keep, stop, "
                              "reroll or advance, or names dice (R N:red)", action=text)
        if verb in ("keep", "stop"):
            named = [w.partition(":")[0].upper() for w in words[1:]]  # 'T:black' names T too
            tokens = words[1:] + (["T"] if verb == "stop" and "T" not in named else [])
        else:
            tokens = words
        dice = parse_keep(tokens, self.roll, self.parts.die_names, text)
        return Keep(dice, tuple(self.roll), self.parts.die_names)

    def apply(self, action) -> None:
        if isinstance(action, str):
            action = self.parse_action(action)
        if self.phase == OVER:
            raise IllegalAction("the game is over", rule=GAME_OVER, action=str(action))
        # The procedure of the phase checks before anything changes, so a refusal leaves
        # the state as it was.
        decide(self, self.stack, action)

    def clone(self, dice: Dice | None = None) -> "JourneyState":
        other = object.__new__(JourneyState)
        other.game = self.game
        other.dice = self.dice if dice is None else dice
        other.parts = self.parts
        other.options = self.options
        other.options_json = self.options_json
        other.n = self.n
        other.hobbits = self.hobbits
        other.colour_seat = self.colour_seat
        other.ring = self.ring[:]
        other.nazgul = [squares[:] for squares in self.nazgul]
        other.eliminated = self.eliminated[:]
        other.arrived = self.arrived[:]
        other.active = self.active
        other.round = self.round
        other.phase = self.phase
        other.roll = self.roll[:]
        other.aside = self.aside[:]
        other.rerolled = self.rerolled
        other.feature = self.feature
        other.advance_max = self.advance_max
        other.final_round = self.final_round
        other.news = self.news[:]
        other._outcome = self._outcome
        # The procedures are immutable: the copy shares them, in a stack of its own.
        other.stack = Stack(list(self.stack))
        return other

    def view(self, seat: int | None) -> dict:
        # Journey to Mordor has no hidden information: every seat sees the whole table.
        names = self.parts.die_names
        return {
            "game": "journey-to-mordor",
            "seat": seat,
            "players": self.n,
            "options": dict(self.options_json),
            "hobbits": list(self.hobbits),
            "active": self.active,
            "to_move": self.to_move(),
            "round": self.round,
            "phase": self.phase,
            "feature": self.feature,
            "roll": [[names[d], f] for d, f in self.roll],
            "aside": [[names[d], f] for d, f in self.aside],
            "rerolled": self.rerolled,
            "advance_max": self.advance_max,
            "ring": self.ring[:],
            "nazgul": [squares[:] for squares in self.nazgul],
            "eliminated": self.eliminated[:],
            "arrived": self.arrived[:],
            "final_round": self.final_round,
            "outcome": self._outcome.to_json() if self._outcome else None,
        }

    def narration(self, seat: int | None) -> list[str]:
        return [describe_news(self, item) for item in self.news]

    # ----- what the table and the tests set up directly ---------------------------------

    def start_turn(self) -> None:
        """A turn begins: the location's feature comes into force, then all 5 dice are rolled."""
        dice_rolls.start_turn(self, self.stack)
        self.stack.run(self)

    def keep_problem(self, dice: tuple[tuple[int, str], ...]) -> tuple[str, str] | None:
        """Why setting aside `dice` breaks the rules (reason, rule), or None if it is legal."""
        return dice_rolls.keep_problem(self, dice)

    def unmarked(self, seat: int) -> int:
        """Whole and half spaces left unmarked on `seat`'s Nazgûl route."""
        return end.unmarked(self, seat)

    def finish(self) -> None:
        """End of the Game: all eliminated, or the round of an arrival at Mount Doom is over."""
        # As when play ends: the procedure of the end runs, then the Sequence of Play
        # finishes and the stack is empty.
        self.stack.push(EndOfGame())
        self.stack.run(self)
