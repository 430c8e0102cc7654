"""Gandalf, Nazgûl and Elimination of a Player: the squares of the Nazgûl route, and the
Nazgûl step of a turn's end (a procedure)."""

from __future__ import annotations

from dataclasses import dataclass

from ....engine.procedure import Procedure
from . import NEXT_MARK, MARKED, SPLIT, SPLIT_MARKED, WHOLE


def nazgul_target(die: int, active: int, feature: str | None, colour_seat, eliminated,
                  black: int) -> int | None:
    """Nazgûl: the seat a set-aside Nazgûl on `die` affects (None: nobody, in Gondor)."""
    if feature == "all_nazgul_on_you":  # Minas Tirith: the rival is freed
        return active
    seat = colour_seat[die]
    if die == black or seat is None or eliminated[seat]:
        target = active  # the black die, a colour with no player, or an eliminated player
    else:
        target = seat
    if target == active and feature == "nazgul_spare_you":  # Gondor shields only you
        return None
    return target


def gandalf_and_nazgul(state) -> None:
    """The set-aside Gandalfs split squares first, then each Nazgûl marks its target's."""
    active = state.active
    gandalfs = [f for _, f in state.aside].count("G")
    if gandalfs and state.feature == "no_gandalf":  # Moria: Gandalf has no effect
        state.news.append(("balrog", gandalfs))
    else:
        for _ in range(gandalfs):
            if not split_square(state, active):
                break  # nothing left to split: say so once
    for die, face in state.aside:
        if face == "N":
            target = nazgul_target(die, active, state.feature, state.colour_seat,
                                   state.eliminated, state.parts.black)
            if target is None:
                state.news.append(("spared", die))
            else:
                mark_nazgul(state, target, die)


@dataclass(frozen=True)
class NazgulStep(Procedure):
    """Gandalf and Nazgûl at the end of a turn: the set-aside Gandalfs split squares, then
    each set-aside Nazgûl marks its target's route (and may eliminate a player). It asks
    nothing; the rings are counted when it has finished (ring.py)."""

    name = "nazgul-step"
    rule = "Gandalf; Nazgûl"

    def begin(self, state, stack) -> None:
        gandalf_and_nazgul(state)
        stack.finish(self)


def split_square(state, seat: int) -> bool:
    """Gandalf: split the next whole unmarked square (the Mordor square too); False if none."""
    squares = state.nazgul[seat]
    for i, square in enumerate(squares):
        if square == WHOLE:
            squares[i] = SPLIT
            state.news.append(("split", seat, i))
            return True
    state.news.append(("no_split", seat))
    return False


def mark_nazgul(state, seat: int, die: int) -> None:
    """Nazgûl: mark the next square (or half square) of `seat`'s Nazgûl route."""
    if state.eliminated[seat]:
        return
    squares = state.nazgul[seat]
    for i, square in enumerate(squares):
        if square in NEXT_MARK:
            squares[i] = NEXT_MARK[square]
            state.news.append(("mark", seat, i, die))
            break
    if squares[-1] in (MARKED, SPLIT_MARKED):
        eliminate(state, seat)


def eliminate(state, seat: int) -> None:
    """Elimination of a Player: the last Mordor square of the Nazgûl route is marked."""
    state.eliminated[seat] = True
    state.news.append(("eliminated", seat))
