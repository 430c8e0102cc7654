"""The threat die (reference, Components; Play 2, 6 and 8): a hobbit rolls — after the
before-roll window (Belt), or, with the Sauron expansion, Sauron is called instead except
when the Ring is put on — then suffers the face (Sam: at most one damage) after the
after-roll window (Mithril); and the discards a face or an effect asks for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .steps import QuestionKind, Step, held_card_problem, window_step

DISCARD = "threat die: the roller discards the cards he chooses"

THREAT_DIE = "threat die"


@dataclass
class Roll(Step):
    """A hobbit still in the game rolls: the before-roll window, then the die (or Sauron)."""

    name: ClassVar[str] = "roll"
    seat: int
    purpose: str | None = None

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        seat, purpose = self.seat, self.purpose
        # Belt may spare the roll (before-roll window), Mithril its effects (after-roll).
        # Expansion: Sauron is called instead, except when the Ring is put on (Exceptions).
        if not state.eliminated[seat]:
            called = state.expansion and not (purpose or "").startswith("ring")
            state.push(window_step("before-roll", (seat,)),
                       ("call" if called else "roll-die", seat, purpose))


@dataclass
class RollDie(Step):
    """The threat die is rolled; the after-roll window comes before it is suffered."""

    name: ClassVar[str] = "roll-die"
    seat: int
    purpose: str | None

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        seat, purpose = self.seat, self.purpose
        face = state.dice.roll(THREAT_DIE, state.parts.die_faces)
        state.say(f"{state.name(seat)} rolls the threat die: {face}")
        state.push(window_step("after-roll", (seat, face)), ("suffer", seat, face, purpose, False))


@dataclass
class Suffer(Step):
    """The face is suffered (unless ignored); the Ring moves a track, or Mount Doom ends."""

    name: ClassVar[str] = "suffer"
    seat: int
    face: str
    purpose: str | None
    ignored: bool

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        seat, face, purpose, ignored = self.seat, self.face, self.purpose, self.ignored
        if not ignored:
            suffer(state, seat, face)
        if state.result is not None:
            return
        what, _, track = (purpose or "").partition(":")
        if what == "ring":
            # Play 6: the Ring moves a track 4 minus the face's symbols, without collecting
            # the skipped spaces' rewards.
            spaces = 4 - state.parts.die_symbols[face]
            if spaces > 0:
                state.push(("advance", track, spaces, False))
        elif what == "doom" and not state.eliminated[seat]:
            # Play 8: the first still in the game after his roll destroys the Ring.
            state.result = "won"
            state.say(f"{state.name(seat)} destroys the Ring")
            state.finish()


def suffer(state, seat: int, face: str) -> None:
    """The roller suffers a face of the threat die (Sam: at most one damage)."""
    kind, _, amount = face.partition("-")
    n = int(amount or 0)
    if state.ability(seat) == "one-damage-per-roll":
        n = min(n, 1)  # Characters, Sam: no more than one damage after each die roll
    if kind == "eye":
        state.move_sauron(1)
    elif kind == "darkness":
        state.into_darkness(seat, n)
    elif kind == "discard":
        state.push(("discard", seat, n))


@dataclass
class Discard(Step):
    """The hobbit discards so many cards: asked which, unless there is no choice."""

    name: ClassVar[str] = "discard"
    seat: int
    count: int

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        seat, count = self.seat, self.count
        if state.eliminated[seat] or count <= 0:
            return
        if len(set(state.hands[seat])) <= 1 or len(state.hands[seat]) <= count:
            # No choice to make: the expansion's own example ("If you have fewer than two
            # cards, discard what you have") is followed for the die as well.
            lost = state.hands[seat][:count]
            for card in lost:
                state.discard_card(seat, card)
            if lost:
                state.say(f"{state.name(seat)} discards {', '.join(lost)}")
            return
        state.question = ("discard", seat, count)


def legal_discard(state, seat: int) -> list[str]:
    """The cards the hobbit may discard."""
    return [f"discard {c}" for c in sorted(set(state.hands[seat]))]


def discard_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """The threat die (or an effect): the roller discards a card he holds."""
    return held_card_problem(state, seat, words, "discard CARD", DISCARD)


def answer_discard(state, seat: int, text: str) -> None:
    """The card chosen is discarded (and the next asked for, if more are due)."""
    state.discard_card(seat, text.split()[1])
    state.say(f"{state.name(seat)} discards {text.split()[1]}")
    left = state.answered[2] - 1
    if left > 0:
        state.push(("discard", seat, left))


# The steps of this phase (table.py reads them).
STEPS = (Roll, RollDie, Suffer, Discard,)

# The questions of this phase (table.py reads them).
QUESTIONS = {"discard": QuestionKind(legal_discard, answer_discard, DISCARD, ("discard",),
                                      discard_problem)}
