"""Sequence of Play and End of the Game: the turn passes to the left; who has won (the
end of the game a procedure)."""

from __future__ import annotations

from dataclasses import dataclass

from ....engine.game import Outcome
from ....engine.procedure import Procedure
from . import OVER, UNMARKED_UNITS
from .dice import start_turn


def unmarked(state, seat: int) -> int:
    """Whole and half spaces left unmarked on `seat`'s Nazgûl route."""
    return sum(UNMARKED_UNITS[s] for s in state.nazgul[seat])


def end_turn(state, stack) -> None:
    """Pass the turn to the left; at the end of a round see whether the game ends."""
    state.roll, state.aside, state.advance_max = [], [], 0
    state.rerolled = False
    if all(state.eliminated):
        stack.push(EndOfGame())
        return
    for seat in range(state.active + 1, state.n):
        if not state.eliminated[seat]:
            state.active = seat
            start_turn(state, stack)
            return
    # The round is over: the game ends once a Ring-bearer still in it has reached Mordor.
    if any(a and not e for a, e in zip(state.arrived, state.eliminated)):
        stack.push(EndOfGame())
        return
    state.final_round = False  # every arrival this round was eliminated: play on
    state.round += 1
    state.active = state.eliminated.index(False)
    start_turn(state, stack)


@dataclass(frozen=True)
class EndOfGame(Procedure):
    """End of the Game: all players eliminated, or the round of an arrival at Mount Doom
    is over; the winner is decided (`finish`). It asks nothing: once it has finished, the
    Sequence of Play under it finishes too and the stack is empty."""

    name = "end-of-game"
    rule = "End of the Game"

    def begin(self, state, stack) -> None:
        finish(state)
        stack.finish(self)


def outcome_summary(reached: int, names: list[str], best: int) -> str:
    """The sentence that ends a game: `reached` Ring-bearers at Mount Doom, the names of
    the winners among them, and the unmarked Nazgûl spaces they won with."""
    if not reached:
        return "All players have been eliminated: everyone has lost."
    if reached == 1:
        return f"{names[0]} has reached Mount Doom and wins."
    if len(names) == 1:
        return (f"{reached} Ring-bearers reached Mount Doom; {names[0]} wins "
                f"with {best} unmarked Nazgûl spaces.")
    return (f"{' and '.join(names)} reached Mount Doom with {best} unmarked "
            f"Nazgûl spaces each and share the victory.")


def finish(state) -> None:
    """End of the Game: all eliminated, or the round of an arrival at Mount Doom is over."""
    state.phase = OVER
    state.roll = []
    state.feature = None
    out = tuple(s for s in range(state.n) if state.eliminated[s])
    reached = [s for s in range(state.n) if state.arrived[s] and not state.eliminated[s]]
    if not reached:
        winners: tuple[int, ...] = ()
        best = 0
    else:
        best = max(unmarked(state, s) for s in reached)
        winners = tuple(s for s in reached if unmarked(state, s) == best)
    names = [state.parts.hobbit_names[state.hobbits[s]] for s in winners]
    summary = outcome_summary(len(reached), names, best)
    state._outcome = Outcome(
        winners=winners, summary=summary, eliminated=out, rounds=state.round,
        details={"reached": reached, "unmarked": [unmarked(state, s) for s in range(state.n)]})
    state.news.append(("over",))
