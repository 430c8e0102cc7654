"""The journey across the boards (reference, Play 1, 5 and 8): each scenario board laid out
fresh, its end (the life tokens, the new Ring-bearer), and Mount Doom."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from ..components import LIFE_TOKENS
from . import resources, sauron
from .steps import Step, window_step


@dataclass
class Board(Step):
    """The Fellowship comes to a board: a sequence of steps, or a fresh scenario board."""

    name: ClassVar[str] = "board"

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        board = state.board
        state.say(f"the Fellowship comes to {board.name}")
        state.active = state.ring_bearer
        if board.kind == "steps":
            state.push(*[("resolve", s, None) for s in board.steps], ("next-board",))
            return
        # Play 1: the Ring-bearer starts each scenario; everything on the board is fresh.
        state.tracks = {t: 0 for t in board.tracks}
        state.event = 0
        state.tiles = Counter({t.id: t.count for t in state.parts.tiles.values()})
        if state.expansion or state.options.get("dark_events") or \
                state.options.get("sauron_tokens"):
            # Preparation: the four Sauron event tokens go into the bag with the others
            # (Dark Events: "the bag and the four Sauron event tokens must also be used";
            # Special Options, Bag: "may also be included in the original game").
            state.tiles.update({t.id: t.count for t in state.parts.sauron_tokens.values()})
        if state.options.get("dark_events"):
            # Dark Events: all tokens back in the bag at each adventure's start.
            state.tiles.update({t.id: t.count for t in state.parts.dark_events.values()})
        state.ring_used = False
        state.foreseen, state.foreseen_free = [], False
        state.used_here = []
        if state.expansion:
            resources.lay_out_resource_tokens(state)
        state.push(("turn",))


@dataclass
class NextBoard(Step):
    """On to the next board of the journey."""

    name: ClassVar[str] = "next-board"

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        state.board_index += 1
        state.push(("board",))


@dataclass
class ScenarioEnd(Step):
    """The end of a scenario: the expansion's adventure end, then Athelas' window."""

    name: ClassVar[str] = "scenario-end"

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        state.say(f"the end of {state.board.name}")
        state.athelas = []
        if state.expansion:
            sauron.sauron_adventure_end(state)  # End of an Adventure: before the life tokens
            # "Also discard all remaining resource tokens"
            resources.discard_resource_tokens(state)
        state.push(window_step("scenario-end", ()), ("life-tokens",))


@dataclass
class LifeTokens(Step):
    """Play 5: missing life tokens cost darkness; a new Ring-bearer; the draws."""

    name: ClassVar[str] = "life-tokens"

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        # Play 5: 1 into darkness for each life-token type lacked (Merry needs only 2);
        # Athelas spares one hobbit once.
        for seat in state.in_order(state.ring_bearer):
            if seat in state.athelas:
                continue
            needed = 2 if state.ability(seat) == "two-life-token-types" else 3
            held = sum(1 for k in LIFE_TOKENS if state.life[seat][k])
            state.into_darkness(seat, max(0, needed - held))
            if state.result is not None:
                return
        state.ring_bearer = new_ring_bearer(state)
        state.say(f"{state.name(state.ring_bearer)} is the Ring-bearer")
        for seat in range(state.n):
            state.life[seat] = {k: 0 for k in LIFE_TOKENS}
        state.draw_cards(state.ring_bearer, 2)
        for seat in state.in_order(state.ring_bearer):
            if state.ability(seat) == "draws-two-after-scenario":
                state.draw_cards(seat, 2)
        state.push(("next-board",))


def new_ring_bearer(state) -> int:
    """Play 5: most rings; the Ring-bearer loses ties; other ties go clockwise from him."""
    current = state.ring_bearer
    best, best_rings = current, state.life[current]["ring"]
    for seat in state.in_order(current + 1):
        if seat != current and state.life[seat]["ring"] >= best_rings and (
                best == current or state.life[seat]["ring"] > best_rings):
            best, best_rings = seat, state.life[seat]["ring"]
    return best


@dataclass
class MountDoom(Step):
    """Play 8: the Ring in the Crack of Doom; each hobbit in turn rolls."""

    name: ClassVar[str] = "mount-doom"

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        # Play 8: the Ring lies in the Crack of Doom; there is no Ring-bearer. Each hobbit in
        # turn rolls (from the active player); the first still in the game after his roll
        # destroys the Ring.
        state.ring_bearer = None
        state.say("the Ring is placed in the Crack of Doom")
        if state.expansion:
            sauron.sauron_at_the_crack(state)
        state.push(*[("doom-roll", seat) for seat in state.in_order(state.active)],
                   ("doom-failed",))


@dataclass
class DoomRoll(Step):
    """A hobbit still in the game rolls at Mount Doom."""

    name: ClassVar[str] = "doom-roll"
    seat: int

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        seat = self.seat
        if not state.eliminated[seat]:
            state.push(("roll", seat, "doom"))


@dataclass
class DoomFailed(Step):
    """Every hobbit has fallen at Mount Doom: the game is lost."""

    name: ClassVar[str] = "doom-failed"

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        state.lose("every hobbit falls at Mount Doom")


# The steps of this phase (table.py reads them).
STEPS = (Board, NextBoard, ScenarioEnd, LifeTokens, MountDoom, DoomRoll, DoomFailed,)
