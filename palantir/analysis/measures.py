"""What one finished game contributes to an analysis: values read from its Outcome.

Numbers (and true/false, counted as 1/0) are numeric measures; text is categorical.
Nested details are read as dotted names (victory_points.sauron); lists are left out,
since their length changes with the seats, unless a profile measure counts them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from ..engine.game import Outcome

Value = float | str


@dataclass(frozen=True, slots=True)
class GameMeasures:
    """The facts of one game the analysis aggregates (small, to cross process boundaries)."""

    index: int
    winners: tuple[int, ...]
    eliminated: tuple[int, ...]
    rounds: int
    decisions: int
    values: dict[str, Value] = field(default_factory=dict)
    outcome: Outcome | None = None  # the whole outcome, for a results file (--out)


def read_details(details: Mapping[str, Any], hide: Iterable[str] = (), prefix: str = ""
                 ) -> dict[str, Value]:
    """The scalar values of `details`, nested mappings flattened to dotted names."""
    hidden = set(hide)
    values: dict[str, Value] = {}
    for key, value in details.items():
        name = f"{prefix}{key}"
        if name in hidden:
            continue
        if isinstance(value, Mapping):
            values.update(read_details(value, hidden, f"{name}."))
        elif isinstance(value, bool):
            values[name] = 1.0 if value else 0.0
        elif isinstance(value, (int, float)):
            if math.isfinite(value):
                values[name] = float(value)
        elif isinstance(value, str):
            values[name] = value
    return values


def read_source(outcome: Outcome, source: str) -> Value | None:
    """A profile measure: "summary", "details.PATH" or "count:details.PATH"."""
    count = source.startswith("count:")
    path = source.removeprefix("count:")
    if path == "summary":
        found: Any = outcome.summary
    elif path.startswith("details."):
        found = outcome.details
        for key in path.removeprefix("details.").split("."):
            if not isinstance(found, Mapping) or key not in found:
                return None
            found = found[key]
    else:
        raise ValueError(f"unknown measure source '{source}'")
    if count:
        return float(len(found)) if isinstance(found, Sequence) else None
    if isinstance(found, bool):
        return 1.0 if found else 0.0
    if isinstance(found, (int, float)):
        return float(found)
    return found if isinstance(found, str) else None


def measure_outcome(outcome: Outcome, profile: Mapping[str, Any]) -> dict[str, Value]:
    """Every measure of one game: the details read generically plus the profile's own."""
    values = read_details(outcome.details, profile.get("hide", ()))
    for name, source in profile.get("measures", {}).items():
        value = read_source(outcome, source)
        if value is not None:
            values[name] = value
    return values
