"""Taking back a decision: the one rule every table asks (the web table, the terminal).

A decision may be taken back only while taking it back hides nothing anyone has learned.
The record is enough to judge it: a chance event after the decision means a die was rolled
or a card drawn; a decision's `seen_by` says who has read it; `revealed` (written by the
table at decide time from `State.decision_revealed`) says that applying it showed some seat
what was hidden from it or completed a secret or simultaneous choice. So a replayed or
restarted table judges exactly as the table that took the decision did.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .record import REVEALED


def undo_problem(events: Sequence[Mapping[str, Any]], seat: int | None, *, over: bool,
                 source: str = "play") -> str | None:
    """Why `seat` may not take back its last decision of `events`, or None if it may."""
    if seat is None or source != "play":
        return "only a player may take back a decision"
    if over:
        return "the game is over"
    if not any("action" in event for event in events):
        return "nothing to take back"
    last = events[-1]
    if "die" in last:
        # The face is known (to someone): taking the decision back would let it be
        # taken again knowing what comes.
        return "a die has been rolled or a card drawn since your last decision"
    if last["seat"] != seat:
        return "another seat has acted since"
    if last.get(REVEALED):
        return ("that decision showed what was hidden or completed a secret choice: it "
                "cannot be taken back")
    # A private decision (seen_by) is a secret choice. While only its decider has read it
    # nobody knows it — a card chosen face down and picked up again before the others have
    # chosen, as at Rivendell's Council ("each player passes 1 card face down") before the
    # last hobbit chooses: taking it back hides nothing. Once another seat has read it (the
    # receiver of Miruvor's card), that seat cannot forget it: it stands.
    readers = sorted(set(last.get("seen_by") or ()) - {seat})
    if readers:
        who = ", ".join(str(s) for s in readers)
        return (f"seat{'s' * (len(readers) > 1)} {who} {'have' if len(readers) > 1 else 'has'}"
                f" read that private decision")
    return None
