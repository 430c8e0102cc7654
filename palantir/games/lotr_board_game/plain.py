"""The procedure of a state in plain JSON, as its views carry it (sampling.py reads it
back): the steps waiting, the question asked and what is being asked for."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ...engine.errors import PalantirError
from .components import Resolution

_RESOLUTION_FIELDS = tuple(f.name for f in fields(Resolution))


def encode(value: Any) -> Any:
    """A step, question or asking in plain JSON (tuples as lists, the rest tagged)."""
    if isinstance(value, Resolution):
        return {"resolution": [encode(getattr(value, f)) for f in _RESOLUTION_FIELDS]}
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, list):
        return {"list": [encode(v) for v in value]}
    if isinstance(value, dict):
        return {"dict": {str(k): encode(v) for k, v in value.items()}}
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"lotr-board-game: cannot put {type(value).__name__} in a view")


def decode(value: Any) -> Any:
    """The inverse of `encode`."""
    if isinstance(value, list):
        return tuple(decode(v) for v in value)
    if isinstance(value, dict):
        if "resolution" in value:
            return Resolution(*(decode(v) for v in value["resolution"]))
        if "list" in value:
            return [decode(v) for v in value["list"]]
        if "dict" in value:
            return {k: decode(v) for k, v in value["dict"].items()}
        raise PalantirError(f"lotr-board-game: a malformed procedure in a view: {value!r}")
    return value


def procedure_view(state) -> dict:
    """The public procedure of a state, enough with the rest of the view to rebuild it."""
    out = {
        "queue": encode(state.queue), "question": encode(state.question),
        "asking": encode(state.asking), "tiles": dict(sorted(state.tiles.items())),
        "special_runes": list(state.special_runes), "shown": list(state.shown),
        "spared_life_tokens": list(state.athelas), "lost_because": state.lost_because,
        "foreseen_free": state.foreseen_free,
    }
    if state.expansion:
        # The resource tokens not yet drawn: every token drawn lies face up, so which are
        # left is public (as the tiles left in the bag).
        out.update(rider_start=state.rider_start, at_crack=state.at_crack,
                   resource_tokens=dict(sorted(state.resource_tokens.items())),
                   tokens_out=list(state.tokens_out))
    return out
