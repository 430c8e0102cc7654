"""Forced decisions, and what the other seats are shown while they are taken.

At the web table a seat whose only legal decision is one is not asked where its game says
so (State.takes_forced): the lobby takes that decision for it (Lobby._take_forced, the one
choke point, for people and computers alike), recorded exactly as if the seat had sent it,
so a record, a replay and the goldens are the same as when the seat was asked (issue 13,
item 4: a hobbit at a window with nothing to play was asked to `continue` 33-49 times a
game). The terminal takes every seat's only decision for it already (terminal.py, _ask).

Where a game withholds the seat asked (State.unseen_asker: the board game's windows, put to
every hobbit holding a card in turn), taking forced decisions at once would show the others
who has a real choice: the table would rest on that seat. So while such a question is
open, every seat but the one asked is shown the table at its *public point*: as it was
after the last decision that was not withheld, before the decisions taken quietly at such
questions since (a `continue`, forced or typed), with the seat asked left out of the view
(State.view_unasked). A decision that shows something (a card played: `revealed` in the
record) moves the public point on to just after it. A seat that has just let the window
pass is shown the public point too, its own `continue` with the rest: the table just after
it would tell that seat how far round the window has gone since, taken quietly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .driver import REVEALED
from .game import State


def forced_decision(state: State) -> str | None:
    """The decision of the seat to move when it is its only legal one (notation) and the
    game lets the table take it (State.takes_forced), or None."""
    if state.is_over() or state.to_move() is None or not state.takes_forced():
        return None
    legal = state.legal_actions()
    return str(legal[0]) if len(legal) == 1 else None


@dataclass(frozen=True)
class PublicPoint:
    """The table as the seats not asked are shown it: its state, log steps and events."""

    state: State
    steps: int
    version: int


def withheld_step(before: State, event: Mapping) -> bool:
    """Whether the decision taken at `before` (its record event) is withheld from the seats
    not asked: taken at a question whose seat is withheld, and showing nothing."""
    return before.unseen_asker() is not None and not event.get(REVEALED)


def next_point(point: PublicPoint | None, before: State, event: Mapping, steps: int,
               version: int) -> PublicPoint | None:
    """The public point after a decision taken at `before` when the table had `steps` log
    steps and `version` events: kept, or set to `before`, while decisions are withheld;
    None (the table as it is) after one that is not."""
    if not withheld_step(before, event):
        return None
    return point or PublicPoint(before, steps, version)


def shown_to(state: State, point: PublicPoint | None, viewer: int | None
             ) -> tuple[State, dict, PublicPoint | None]:
    """What `viewer` is shown of the table whose live state is `state`: the state, its view
    and the public point it is at (None: the table as it is)."""
    if state.unseen_asker() is None or viewer == state.to_move():
        return state, state.view(viewer), None
    shown = point.state if point is not None else state
    return shown, shown.view_unasked(viewer), point
