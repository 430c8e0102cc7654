"""The driver: applies a decision to a state and logs it with its dice.

Everything that plays a game (the simulator, the terminal, the server, replay) applies
decisions through a `Driver`, so a decision's record event — its seat and notation, who may
read it, whether it revealed something hidden — and the dice it rolled are written the same
way everywhere. The record form is documented in docs/records.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .dice import Dice
from .game import State

if TYPE_CHECKING:
    from .record import GameRecord

# A decision event's key, present (true) only when applying it showed some seat what was
# hidden from it or completed a secret or simultaneous choice (State.decision_revealed).
REVEALED = "revealed"


def decision_event(seat: int, action: str, seen_by=None, revealed: bool = False
                   ) -> dict[str, Any]:
    """The record event of a decision; the deciding seat always reads its own. The
    `revealed` key is written only when true, so other events keep their old form."""
    event: dict[str, Any] = {"seat": seat, "action": action}
    if seen_by is not None:
        event["seen_by"] = sorted(set(seen_by) | {seat})
    if revealed:
        event[REVEALED] = True
    return event


class Driver:
    """A state, the dice it rolls and (optionally) the record its decisions go to.

    The dice's log so far is the setup's: written to the record, if any, when the driver
    is made; each decision then logs only the dice it rolled."""

    def __init__(self, state: State, dice: Dice, record: "GameRecord | None" = None):
        self.state = state
        self.dice = dice
        self.record = record
        if record is not None:
            record.add_rolls(dice.log)
        self.logged = len(dice.log)

    def decide(self, seat: int, action: Any) -> list[dict[str, Any]]:
        """Apply `seat`'s decision (an action of the state's own) and return its events:
        the decision, then each die it rolled; appended to the record, if any. A refused
        decision (IllegalAction) changes nothing and logs nothing."""
        # Who may read a decision is known only before it is applied; whether it showed
        # something hidden (which forbids taking it back), only after.
        audience = self.state.decision_audience(action)
        self.state.apply(action)
        events = [decision_event(seat, str(action), audience,
                                 self.state.decision_revealed(action))]
        events += [roll.to_json() for roll in self.dice.log[self.logged:]]
        self.logged = len(self.dice.log)
        if self.record is not None:
            self.record.events.extend(events)
        return events

    def finish(self):
        """Write the outcome (None while the game goes on) into the record; returns it."""
        outcome = self.state.outcome()
        if self.record is not None:
            self.record.result = outcome.to_json() if outcome else None
        return outcome
