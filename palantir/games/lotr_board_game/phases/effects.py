"""The effects of cards, board spaces, events and tiles: one procedure per verb.

An effect is written in the data files as `[verb, args...]` (components.EFFECTS lists the
verbs and their arguments). `EFFECTS` (table.py) is the table verb -> procedure class; the
procedure does its work when it begins and finishes at once, leaving the steps it asks for
(a roll, a discard, a question). Each names the rule it carries out (sections of
reference/lotr-board-game-base-game.md, "Play n"; Gandalf cards of Play 4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....engine.procedure import Stack
from . import council, gandalf, turn
from .steps import GameProcedure, GameProcedures

EVENTS = "Play 2 / events: the effects of an event, a tile or a board space"


@dataclass(kw_only=True)
class Effect(GameProcedure):
    """One effect under way; `payer` is the seat that paid its cost (target 'payer')."""

    payer: int | None = None
    rule: ClassVar[str] = EVENTS

    def begin(self, state, stack: Stack) -> None:
        """An effect never waits: it is done, and what it leaves comes next."""
        stack.finish(self)
        self.carry(state)

    def carry(self, state) -> None:
        """The effect's work on the state."""
        raise NotImplementedError(f"effect '{self.name}'")

    def to_json(self) -> dict:
        """The effect as plain JSON: the procedure "effect", its verb and its fields."""
        data = super().to_json()
        return {"proc": "effect", "verb": data.pop("proc"), **data}


@dataclass
class Eye(Effect):
    """Sauron moves towards the hobbits."""

    name: ClassVar[str] = "eye"
    rule: ClassVar[str] = "Play 2: the eye moves Sauron towards the hobbits"
    steps: int

    def carry(self, state) -> None:
        state.move_sauron(self.steps)


@dataclass
class Darkness(Effect):
    """The hobbits named move into darkness."""

    name: ClassVar[str] = "darkness"
    rule: ClassVar[str] = "Temptation track: a hobbit moves towards Sauron"
    steps: int
    target: str

    def carry(self, state) -> None:
        for seat in state.targets(self.target, self.payer):
            state.into_darkness(seat, self.steps)


@dataclass
class Roll(Effect):
    """The hobbits named roll the threat die, each so many times."""

    name: ClassVar[str] = "roll"
    rule: ClassVar[str] = "threat die"
    times: int
    target: str

    def carry(self, state) -> None:
        state.push(*[("roll", seat) for seat in state.targets(self.target, self.payer)
                     for _ in range(self.times)])


@dataclass
class Draw(Effect):
    """The hobbits named draw hobbit cards."""

    name: ClassVar[str] = "draw"
    count: int
    target: str

    def carry(self, state) -> None:
        for seat in state.targets(self.target, self.payer):
            state.draw_cards(seat, self.count)


@dataclass
class Heal(Effect):
    """The hobbits named move towards the light."""

    name: ClassVar[str] = "heal"
    steps: int
    target: str

    def carry(self, state) -> None:
        for seat in state.targets(self.target, self.payer):
            state.heal(seat, self.steps)


@dataclass
class Discard(Effect):
    """The hobbits named discard cards of their choice."""

    name: ClassVar[str] = "discard"
    count: int
    target: str

    def carry(self, state) -> None:
        state.push(*[("discard", seat, self.count)
                     for seat in state.targets(self.target, self.payer)])


@dataclass
class LoseRunes(Effect):
    """The hobbits named lose runes (not below none)."""

    name: ClassVar[str] = "lose-runes"
    count: int
    target: str

    def carry(self, state) -> None:
        for seat in state.targets(self.target, self.payer):
            state.runes[seat] = max(0, state.runes[seat] - self.count)


@dataclass
class GainRunes(Effect):
    """The hobbits named gain runes."""

    name: ClassVar[str] = "gain-runes"
    count: int
    target: str

    def carry(self, state) -> None:
        for seat in state.targets(self.target, self.payer):
            state.runes[seat] += self.count


@dataclass
class NextEvent(Effect):
    """The event marker moves on: the next event of the board."""

    name: ClassVar[str] = "next-event"
    rule: ClassVar[str] = "Play 2: the event marker moves to the next event"

    def carry(self, state) -> None:
        state.push(("event",))


@dataclass
class Receive(Effect):
    """The hobbits named receive a legendary card from its board's pile."""

    name: ClassVar[str] = "receive"
    card: str
    target: str

    def carry(self, state) -> None:
        for seat in state.targets(self.target, self.payer):
            turn.receive(state, self.card, seat)
            state.say(f"{state.name(seat)} receives {self.card}")


@dataclass
class LoseBoardCards(Effect):
    """A board's legendary cards not yet won are lost for good."""

    name: ClassVar[str] = "lose-board-cards"
    board: str

    def carry(self, state) -> None:
        state.removed.extend(state.board_cards[self.board])
        state.board_cards[self.board] = []


@dataclass
class Lose(Effect):
    """The event loses the game."""

    name: ClassVar[str] = "lose"

    def carry(self, state) -> None:
        state.lose(f"{state.board.events[state.event - 1].name}")


@dataclass
class DiscardOrEliminated(Effect):
    """Reference, rule 7: a personal cost that cannot be paid eliminates the hobbit."""

    name: ClassVar[str] = "discard-or-eliminated"
    rule: ClassVar[str] = "reference, rule 7: a personal cost not paid eliminates the hobbit"
    count: int
    target: str

    def carry(self, state) -> None:
        for seat in state.targets(self.target, self.payer):
            if len(state.hands[seat]) >= self.count:
                state.push(("discard", seat, self.count))
            else:
                state.say(f"{state.name(seat)} cannot pay (rule 7)")
                state.eliminate(seat)


@dataclass
class Eliminate(Effect):
    """The hobbits named leave the game."""

    name: ClassVar[str] = "eliminate"
    rule: ClassVar[str] = "Temptation track: the hobbit leaves the game"
    target: str

    def carry(self, state) -> None:
        for seat in state.targets(self.target, self.payer):
            state.eliminate(seat)


@dataclass
class GandalfCall(Effect):
    """A Gandalf card, paid for, takes effect (not a card id: no view names the card)."""

    name: ClassVar[str] = "gandalf-call"
    rule: ClassVar[str] = "Play 4: a Gandalf card called for 5 runes, once per game"
    gandalf: str
    arg: str

    def carry(self, state) -> None:
        gandalf.gandalf_effect(state, self.gandalf, self.arg)


@dataclass
class Choose(Effect):
    """The payer chooses one of two lists of effects."""

    name: ClassVar[str] = "choose"
    rule: ClassVar[str] = "events: the payer chooses one of the benefits"
    target: str
    first: tuple
    second: tuple

    def carry(self, state) -> None:
        seats = state.targets(self.target, self.payer)
        if seats:
            state.push(("choice", seats[0], self.first, self.second, self.payer))


@dataclass
class DealLegendary(Effect):
    """Rivendell, Elrond / Lothlórien, Galadriel: a board's legendary cards shuffled and
    dealt one at a time, starting with the Ring-bearer."""

    name: ClassVar[str] = "deal-legendary"
    rule: ClassVar[str] = "Rivendell, Elrond / Lothlórien, Galadriel: the cards are dealt"
    board: str

    def carry(self, state) -> None:
        council.deal_legendary(state, self.board)


@dataclass
class PassLeft(Effect):
    """Rivendell, Council: each hobbit in turn chooses a card to pass to the left."""

    name: ClassVar[str] = "pass-left"
    rule: ClassVar[str] = "Rivendell, Council: each player passes 1 card face down to the left"
    count: int

    def carry(self, state) -> None:
        state.council = {}
        state.push(*[("council", seat) for seat in state.in_order(state.active)],
                   ("council-done",))


@dataclass
class Distribute(Effect):
    """Bag End, Preparations: cards revealed for the Ring-bearer to distribute."""

    name: ClassVar[str] = "distribute"
    rule: ClassVar[str] = "Bag End, Preparations: the Ring-bearer distributes the revealed cards"
    count: int

    def carry(self, state) -> None:
        state.shown = [c for c in (state.reveal_card() for _ in range(self.count)) if c]
        state.say(f"revealed to distribute: {', '.join(state.shown)}")
        if state.shown:
            state.question = ("deal", state.ring_bearer)


BASE_EFFECTS = (Eye, Darkness, Roll, Draw, Heal, Discard, LoseRunes, GainRunes, NextEvent,
                Receive, LoseBoardCards, Lose, DiscardOrEliminated, Eliminate, GandalfCall,
                Choose, DealLegendary, PassLeft, Distribute)


def effect_table(*classes: type[Effect]) -> dict[str, type[Effect]]:
    """The table verb -> effect procedure of these classes (a verb named once)."""
    table: dict[str, type[Effect]] = {}
    for cls in classes:
        if cls.name in table:
            raise ValueError(f"two effects are called '{cls.name}'")
        table[cls.name] = cls
    return table


def registry_of(table: dict[str, type[Effect]]) -> GameProcedures:
    """The effect procedures of a table, as a registry (a stack of them read back)."""
    return GameProcedures(effects=tuple(table.values()))


def effect_procedure(table: dict[str, type[Effect]], effect: tuple,
                     payer: int | None) -> Effect:
    """The procedure of an effect as written in the data, `(verb, args...)`."""
    cls = table.get(effect[0])
    if cls is None:
        raise NotImplementedError(f"no effect '{effect[0]}'")
    return cls(*effect[1:], payer=payer)


def carry_out(table: dict[str, type[Effect]], state, effect: tuple, payer: int | None) -> None:
    """Carry out one effect: its procedure on a stack of its own, run to its end."""
    Stack([effect_procedure(table, effect, payer)], begun=[False]).run(state)

