"""Line of sight ('Can I See?'): the 'model's eye view' reduced to the plane with heights
(docs/strategy-battle.md), and measuring between two models.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from shapely.geometry import LineString, MultiPoint, Point

from .units import EPS
from .bases import (Disc, centre_distance, core, gap, in_contact, segment_circle_interval,
                    segment_point_distance, segments_distance, spine)
from .terrain import Barrier, Table


# ---------------------------------------------------------------- sight

# The body a shooter must see is sampled across the middle three quarters of its base and
# at four heights; see docs/strategy-battle.md ('Can I See?').
BODY_ACROSS = (-0.75, -0.375, 0.0, 0.375, 0.75)
BODY_HEIGHTS = (0.2, 0.45, 0.7, 0.95)
# A model standing in the way hides what is behind its body, not its whole base: a cylinder
# of this fraction of the base's width (a man is about 15mm across on a 25mm base).
BODY_WIDTH = 0.6
# A model lying on the ground shows a body this fraction of its standing height (decided:
# a warrior lying down is about a third as tall as he stands); it sees as though standing
# ('Models on the Ground': lying behind cover it peeks over it).
LYING_BODY = 1 / 3


def body_height(disc: Disc) -> float:
    """How tall the body of a model is, as others see it or are hidden by it."""
    return disc.height * LYING_BODY if disc.prone else disc.height


@dataclass
class Sight:
    """What one model sees of another: whether, how much, and what is in the way in order."""

    visible: bool
    seen: float                        # fraction of the body sample points seen
    in_the_way: list[str]              # blocking things nearest the observer first
    distance: float


def _blockers(table: Table, models: Sequence[Disc], observer: Disc, target: Disc,
              ignore: frozenset = frozenset()):
    """(name, kind, shape-or-disc, top height, bounding box) of everything that can hide a
    body (the box of a terrain shape, to pass by quickly the ones a sight line is far from;
    None for a model)."""
    found = []
    for area in table.areas:
        top = area.ground + area.sight
        if top <= 0 or area.name in ignore:
            continue
        inside = area.shape.covers(Point(observer.x, observer.y))
        # a model sees out of the ruin or copse it stands in (docs): only its ground counts
        found.append((area.name, "area", area.shape, area.ground if inside else top,
                      table.extent(("area", area.name), area.shape)))
    for barrier in table.barriers:
        if barrier.blocks_sight and barrier.height > 0 and barrier.name not in ignore:
            box = table.extent(("barrier", barrier.name), barrier.footprint)
            found.append((barrier.name, "barrier", barrier.footprint,
                          _barrier_ground(table, barrier) + barrier.height, box))
    for m in models:
        if m.key in (observer.key, target.key) or m.key in ignore:
            continue
        found.append((m.key, "model", m, table.ground_at(m.x, m.y) + body_height(m), None))
    return found


def _barrier_ground(table: Table, barrier: Barrier) -> float:
    """The height of the ground under the middle of a barrier."""
    mid = barrier.line.interpolate(0.5, normalized=True)
    return table.ground_at(mid.x, mid.y)


def _intervals(a, b, blocker) -> list[tuple[float, float]]:
    kind, shape = blocker[1], blocker[2]
    if kind == "model" and shape.half <= 0:
        hit = segment_circle_interval(a, b, (shape.x, shape.y), shape.radius * BODY_WIDTH)
        return [hit] if hit else []
    if kind == "model":
        # a horse and rider: the body along the long base's spine; a line passing wide of
        # it (with a hair to spare for the polygon drawn round it) cannot cross it
        body = shape.radius * BODY_WIDTH
        if segments_distance(a, b, *spine(shape)) > body * (1 + 1e-7) + 1e-9:
            return []
        shape = core(shape).buffer(body)
    else:
        # a line whose box misses the terrain's box cannot cross it
        minx, miny, maxx, maxy = blocker[4]
        if (max(a[0], b[0]) < minx or min(a[0], b[0]) > maxx
                or max(a[1], b[1]) < miny or min(a[1], b[1]) > maxy):
            return []
    seg = LineString([a, b])
    if not seg.intersects(shape):
        return []
    parts = seg.intersection(shape)
    dx, dy = b[0] - a[0], b[1] - a[1]
    square = dx * dx + dy * dy
    out = []
    for g in getattr(parts, "geoms", [parts]):
        coords = list(getattr(g, "coords", []))
        if not coords:
            continue
        # the crossing points lie on the segment: their parameter along it, 0 at a
        ts = [min(1.0, max(0.0, ((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / square))
              for c in coords]
        out.append((min(ts), max(ts)))
    return out


def _near_the_fan(blockers, observer: Disc, target: Disc, px: float, py: float,
                  width: float, lowest: float) -> list:
    """The blockers that may hide some of the body: every sight line lies in the fan from
    the observer's eye to the body's sampled width and never dips below `lowest`, so what
    is lower or lies outside the fan cannot cross one (a quick pass before the exact one)."""
    reach = max(abs(a) for a in BODY_ACROSS) * width
    ends = [(target.x + px * a * width, target.y + py * a * width)
            for a in (BODY_ACROSS[0], BODY_ACROSS[-1])]
    xs = (observer.x, ends[0][0], ends[1][0])
    ys = (observer.y, ends[0][1], ends[1][1])
    fan_box = (min(xs), min(ys), max(xs), max(ys))
    eye, aim = (observer.x, observer.y), (target.x, target.y)
    near, fan = [], None
    for blk in blockers:
        if blk[3] - EPS <= lowest:
            continue  # no sight line runs below its top
        if blk[1] == "model":
            m = blk[2]
            off = (segment_point_distance(eye, aim, (m.x, m.y)) if m.half <= 0
                   else segments_distance(eye, aim, *spine(m)))
            if off > reach + m.radius * BODY_WIDTH + 1e-6:
                continue
        else:
            minx, miny, maxx, maxy = blk[4]
            if (fan_box[2] < minx or fan_box[0] > maxx
                    or fan_box[3] < miny or fan_box[1] > maxy):
                continue
            if fan is None:
                fan = MultiPoint([eye, *ends]).convex_hull
            if not fan.intersects(blk[2]):
                continue
        near.append(blk)
    return near


def sight(table: Table, models: Iterable[Disc], observer: Disc, target: Disc,
          ignore: Iterable[str] = ()) -> Sight:
    """Whether `observer` sees `target`, and what is in the way ('Can I See?', 'In the Way!').

    `ignore` names models and terrain the rules let the observer look past (a shooter's own
    cover, a touching friend: 'Shooting from Cover', 'Shooting from Behind Friends').
    """
    models = tuple(models)
    ignore = frozenset(ignore)
    # what one model sees of another is remembered with everything it depends on
    key = (models, observer, target, ignore)
    known = table.answers("sight")
    if key not in known:
        known[key] = _look(table, models, observer, target, ignore)
    seen = known[key]
    return replace(seen, in_the_way=list(seen.in_the_way))


def _look(table: Table, models: Sequence[Disc], observer: Disc, target: Disc,
          ignore: frozenset) -> Sight:
    """sight's working out itself."""
    blockers = _blockers(table, models, observer, target, ignore)
    eye = table.ground_at(observer.x, observer.y) + observer.height
    ground_t = table.ground_at(target.x, target.y)
    dx, dy = target.x - observer.x, target.y - observer.y
    d = math.hypot(dx, dy) or 1.0
    px, py = -dy / d, dx / d
    # how wide the body looks from the observer (a long base seen from the side is wider)
    width = target.radius + target.half * abs(math.sin(target.heading - math.atan2(dy, dx)))
    blockers = _near_the_fan(blockers, observer, target, px, py, width,
                             min(eye, ground_t + BODY_HEIGHTS[0] * body_height(target)))
    seen = 0
    total = 0
    first_block: dict[str, float] = {}
    for across in BODY_ACROSS:
        tx = target.x + px * across * width
        ty = target.y + py * across * width
        a, b = (observer.x, observer.y), (tx, ty)
        crossings = [(blk, _intervals(a, b, blk)) for blk in blockers]
        crossings = [(blk, iv) for blk, iv in crossings if iv]
        for frac in BODY_HEIGHTS:
            z = ground_t + frac * body_height(target)
            total += 1
            clear = True
            for blk, intervals in crossings:
                top = blk[3]
                for t0, t1 in intervals:
                    # the sight line's height is linear along it: its lowest point over the
                    # blocker is at one end of the stretch it spends over it
                    low = min(eye + (z - eye) * t0, eye + (z - eye) * t1)
                    if low < top - EPS:
                        clear = False
                        first_block[blk[0]] = min(first_block.get(blk[0], math.inf), t0)
                        break
            if clear:
                seen += 1
    visible = seen > 0
    in_way = sorted(first_block, key=lambda k: first_block[k]) if visible else []
    return Sight(visible, seen / total, in_way, gap(observer, target))


def measure(table: Table, models: Iterable[Disc], a: Disc, b: Disc) -> dict:
    """Every measurement between two models that the rules allow at any time ('Measuring')."""
    models = list(models)
    seen = sight(table, models, a, b)
    return {"distance": round(gap(a, b), 4), "centres": round(centre_distance(a, b), 4),
            "in_contact": in_contact(a, b, table.units.tolerance), "visible": seen.visible,
            "seen": round(seen.seen, 3), "in_the_way": seen.in_the_way,
            "units": table.units.name}
