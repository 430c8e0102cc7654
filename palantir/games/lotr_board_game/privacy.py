"""What a record may show to one seat (issue 5, hidden information).

The engine's record holds every chance outcome so that a game replays exactly; some of
them are private: the card a hobbit draws or is dealt (die "<pile> to <character>") and
the card passed face down at the Council (decision "pass <card>"). `excerpt` returns the
events as `seat` may see them (None: a spectator), the hidden faces replaced by "?".
Piles are never ordered (every draw is one outcome), so no event holds a pile's order.

Meant to move into the engine: see docs/lotr-board-game.md, "Engine changes wanted".
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

HIDDEN = "?"


def owner_of_die(die: str, characters: Sequence[str]) -> int | None:
    """The seat a private draw belongs to, or None when the outcome is public."""
    head, sep, character = die.rpartition(" to ")
    if sep and character in characters:
        return characters.index(character)
    return None


def excerpt(events: Iterable[dict[str, Any]], seat: int | None,
            characters: Sequence[str]) -> list[dict[str, Any]]:
    """The record's events as `seat` may see them."""
    out = []
    for event in events:
        if "die" in event:
            owner = owner_of_die(event["die"], characters)
            if owner is not None and owner != seat:
                event = {"die": event["die"], "face": HIDDEN}
        elif "action" in event:
            words = event["action"].split()
            if words[0] == "pass" and len(words) == 2 and event["seat"] != seat:
                event = {"seat": event["seat"], "action": f"pass {HIDDEN}"}
        out.append(dict(event))
    return out
