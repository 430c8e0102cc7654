"""Hurling a model ('hurled' by a spell or a monstrous blow): where it lands and what it
strikes on the way.
"""

from __future__ import annotations

from typing import Iterable

from ....engine.errors import IllegalAction
from .units import EPS
from .bases import Disc, segment_circle_interval
from .terrain import Table
from .paths import Mover, check_path, first_within_carried


# ---------------------------------------------------------------- hurled

def hurl(table: Table, models: Iterable[Disc], disc: Disc, direction: tuple[float, float],
         distance: float) -> tuple[tuple[float, float], str | None]:
    """Where a model thrown straight along `direction` for up to `distance` stops, and the
    model it hits if any ('Sorcerous Blast'): touching the first model ahead of it, short of
    impassable ground or a barrier it would have to jump, or at the table edge."""
    start = (disc.x, disc.y)
    far = (disc.x + direction[0] * distance, disc.y + direction[1] * distance)
    mover = Mover(distance + 1.0, difficult_factor=1.0)

    def clear(s: float) -> bool:
        if s <= EPS:
            return True
        end = (disc.x + direction[0] * s, disc.y + direction[1] * s)
        try:
            report = check_path(table, [], disc, [end], mover, ignore_zones=True)
        except IllegalAction:
            return False
        return all(c.kind == "stride" for c in report.crossings)

    limit = distance
    if not clear(distance):
        lo, hi = 0.0, distance
        for _ in range(40):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if clear(mid) else (lo, mid)
        limit = lo
    struck, at = None, limit
    for m in models:
        if m.key == disc.key:
            continue
        ahead = (m.x - disc.x) * direction[0] + (m.y - disc.y) * direction[1]
        if disc.half <= 0 and m.half <= 0:
            hit = segment_circle_interval(start, far, (m.x, m.y), disc.radius + m.radius)
            first = None if hit is None else hit[0]
        else:
            first = first_within_carried(start, far, disc, m)   # it keeps its heading
        if first is not None and ahead > EPS and first * distance < at - EPS:
            struck, at = m.key, first * distance
    return (disc.x + direction[0] * at, disc.y + direction[1] * at), struck
