"""The effects the Sauron expansion adds (its Nazgûl incidents, event tokens and cards):
rules/lotr-board-game-sauron-expansion.txt."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from . import sauron
from .effects import Effect


@dataclass
class BlackRider(Effect):
    """The Black Rider rides (a window first while it rides towards the hobbits)."""

    name: ClassVar[str] = "black-rider"
    rule: ClassVar[str] = "The Black Rider: each symbol moves it one step"
    steps: int

    def carry(self, state) -> None:
        sauron.rider_advance(state, self.steps)


@dataclass
class CallSauron(Effect):
    """Sauron Event Tokens: the hobbits named hand the turn to Sauron."""

    name: ClassVar[str] = "call-sauron"
    rule: ClassVar[str] = "Sauron Event Tokens: the active player calls Sauron"
    target: str

    def carry(self, state) -> None:
        state.push(*[("call", seat, None) for seat in state.targets(self.target, self.payer)])


@dataclass
class DarknessIfFewerCards(Effect):
    """A Nazgûl incident: every hobbit holding fewer cards than this moves into darkness."""

    name: ClassVar[str] = "darkness-if-fewer-cards"
    rule: ClassVar[str] = "Nazgûl cards: the incident on the Fellowship"
    cards: int

    def carry(self, state) -> None:
        for seat in state.in_order(state.active):
            if len(state.hands[seat]) < self.cards:
                state.into_darkness(seat, 1)


@dataclass
class SauronDraws(Effect):
    """Sauron draws cards into his hand (seen by him only)."""

    name: ClassVar[str] = "sauron-draws"
    rule: ClassVar[str] = "Playing as Sauron: Sauron draws cards"
    count: int

    def carry(self, state) -> None:
        sauron.sauron_draw(state, self.count)


SAURON_EFFECTS = (BlackRider, CallSauron, DarknessIfFewerCards, SauronDraws)
