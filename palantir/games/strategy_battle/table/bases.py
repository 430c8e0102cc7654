"""Bases and distances: a model's base as a disc (a cavalry base as a capsule), the gaps
between bases, contact, and the plain arithmetic of segments and swept bases.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, Point

from .units import EPS


# ---------------------------------------------------------------- bases

@dataclass(frozen=True)
class Disc:
    """A model as geometry sees it: its base at a point, a height, a side.

    A round base is a circle of `radius`; a cavalry model's 25x50mm base is a capsule: the
    points within `radius` (half its width) of its *spine*, a segment of `2 * half` through
    the centre pointing along `heading` (radians).
    """

    key: str
    x: float
    y: float
    radius: float
    height: float                # to the top of the body (a rider's head when mounted)
    side: str = ""
    zone: bool = True            # has a control zone (not engaged, not on the ground)
    mount_height: float = 0.0    # cavalry: barriers are judged by the mount ('Cavalry')
    loose: bool = False          # a loose mount: steps aside for models passing ('Loose Mounts')
    half: float = 0.0            # a long base: half the length of its spine (0: round)
    heading: float = 0.0         # a long base: the way its spine points, radians
    prone: bool = False          # lying on the ground: jumped over as an obstacle ('Models on the Ground')

    def at(self, x: float, y: float) -> "Disc":
        """The same model standing elsewhere."""
        # built directly: `replace` reads the fields' list each time, and this is asked often
        return Disc(self.key, x, y, self.radius, self.height, self.side, self.zone,
                    self.mount_height, self.loose, self.half, self.heading, self.prone)

    @property
    def barrier_height(self) -> float:
        """The height that decides how the model crosses barriers."""
        return self.mount_height or self.height


def centre_distance(a: Disc, b: Disc) -> float:
    """Distance between two models' centres."""
    return math.hypot(a.x - b.x, a.y - b.y)


def spine(d: Disc) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two ends of a base's spine (the same point twice for a round base)."""
    if d.half <= 0:
        return (d.x, d.y), (d.x, d.y)
    c, s = math.cos(d.heading) * d.half, math.sin(d.heading) * d.half
    return (d.x - c, d.y - s), (d.x + c, d.y + s)


def reach_radius(d: Disc) -> float:
    """The radius of the smallest circle round the centre that holds the whole base."""
    return d.radius + d.half


def core(d: Disc):
    """The base's spine as shapely geometry (a point for a round base): the base is what
    lies within `radius` of it."""
    a, b = spine(d)
    return Point(a) if d.half <= 0 else LineString([a, b])


def outline(d: Disc):
    """The base's footprint as a shapely polygon."""
    return core(d).buffer(d.radius)


def segments_distance(p1, p2, q1, q2) -> float:
    """The shortest distance between the segments p1-p2 and q1-q2 (either may be a point)."""
    if _segments_cross(p1, p2, q1, q2):
        return 0.0
    return min(segment_point_distance(p1, p2, q1), segment_point_distance(p1, p2, q2),
               segment_point_distance(q1, q2, p1), segment_point_distance(q1, q2, p2))


def _segments_cross(p1, p2, q1, q2) -> bool:
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4))


def core_distance(a: Disc, b: Disc) -> float:
    """Distance between two bases' spines (their centres, for round bases)."""
    if a.half <= 0 and b.half <= 0:
        return centre_distance(a, b)
    return segments_distance(*spine(a), *spine(b))


def gap(a: Disc, b: Disc) -> float:
    """Base-to-base distance ('Measuring': edge of one base to edge of the other), 0 when touching or overlapping."""
    return max(0.0, core_distance(a, b) - a.radius - b.radius)


def in_contact(a: Disc, b: Disc, tolerance: float) -> bool:
    """Whether two bases touch, within the contact tolerance."""
    return abs(core_distance(a, b) - a.radius - b.radius) <= tolerance


def overlapping(a: Disc, b: Disc, tolerance: float) -> bool:
    """Whether two bases overlap by more than the tolerance (never allowed)."""
    return core_distance(a, b) < a.radius + b.radius - tolerance


def gap_is_wide_enough(a: Disc, b: Disc, mover: Disc, tolerance: float = 0.0) -> bool:
    """Whether the space between two bases lets this model's base through ('Moving the Models')."""
    return gap(a, b) + tolerance >= 2 * mover.radius


def far_apart(a, b, x: float, y: float, reach: float) -> bool:
    """Whether the point (x, y) lies more than `reach` beyond the box of the segment a-b on
    either axis, and so more than `reach` from the segment (a quick answer before the
    exact distance)."""
    return (x < min(a[0], b[0]) - reach or x > max(a[0], b[0]) + reach
            or y < min(a[1], b[1]) - reach or y > max(a[1], b[1]) + reach)


def _segment_closest_t(ax, ay, bx, by, px, py) -> float:
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 <= EPS:
        return 0.0
    return min(1.0, max(0.0, ((px - ax) * dx + (py - ay) * dy) / length2))


def segment_point_distance(a: tuple, b: tuple, p: tuple) -> float:
    """Shortest distance from point p to the segment a-b."""
    t = _segment_closest_t(a[0], a[1], b[0], b[1], p[0], p[1])
    return math.hypot(a[0] + t * (b[0] - a[0]) - p[0], a[1] + t * (b[1] - a[1]) - p[1])


def segment_circle_interval(a, b, c, radius) -> tuple[float, float] | None:
    """Parameters [t0, t1] (clipped to 0..1) where the segment a-b lies inside a circle."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - c[0], a[1] - c[1]
    qa = dx * dx + dy * dy
    qb = 2 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - radius * radius
    if qa <= EPS:
        return (0.0, 1.0) if qc <= 0 else None
    disc = qb * qb - 4 * qa * qc
    if disc < 0:
        return None
    root = math.sqrt(disc)
    t0, t1 = (-qb - root) / (2 * qa), (-qb + root) / (2 * qa)
    if t1 < 0 or t0 > 1:
        return None
    return max(0.0, t0), min(1.0, t1)


def heading_of(a, b, default: float = 0.0) -> float:
    """The heading of a stretch from a to b (`default` for a stretch of no length)."""
    if math.dist(a, b) <= EPS:
        return default
    return math.atan2(b[1] - a[1], b[0] - a[0])


def swept_cores(start: Disc, points, turning: bool) -> list:
    """What a base's spine sweeps along each stretch of a path: a segment (a round base, or a
    long one turned to face along the stretch: its spine slides along it) or, for a long
    base moved without turning, the parallelogram of its spine carried along ('corners')."""
    if len(points) < 2:
        a, b = spine(start.at(*points[0]))
        return [("segment", a, b)]
    out = []
    for p, q in zip(points, points[1:]):
        if start.half <= 0:
            out.append(("segment", p, q))
        elif turning:
            h = heading_of(p, q, start.heading)
            c, s = math.cos(h) * start.half, math.sin(h) * start.half
            out.append(("segment", (p[0] - c, p[1] - s), (q[0] + c, q[1] + s)))
        else:
            c, s = math.cos(start.heading) * start.half, math.sin(start.heading) * start.half
            out.append(("corners", (p[0] - c, p[1] - s), (p[0] + c, p[1] + s),
                        (q[0] + c, q[1] + s), (q[0] - c, q[1] - s)))
    return out


def core_points(c) -> list:
    return list(c[1:])


def core_shape(c):
    if c[0] == "segment":
        return Point(c[1]) if math.dist(c[1], c[2]) <= EPS else LineString([c[1], c[2]])
    return shapely.convex_hull(shapely.MultiPoint(list(c[1:])))


def swept_distance(c, m: Disc) -> float:
    """Distance from a swept spine to another base's spine."""
    a, b = spine(m)
    if c[0] == "segment":
        return segments_distance(c[1], c[2], a, b)
    return core_shape(c).distance(core(m))


def path_length(points: Sequence[tuple[float, float]]) -> float:
    """Measured length of a polyline."""
    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def touches(shape, disc: Disc, tolerance: float) -> bool:
    """Whether a base touches (or overlaps) a terrain shape."""
    return shape.distance(core(disc)) <= disc.radius + tolerance


def box_within(box, disc: Disc, tolerance: float) -> bool:
    """False when a base lies farther than `tolerance` from a bounding box on either axis
    (so from any shape inside it); a hair to spare for rounding."""
    reach = disc.radius + disc.half + tolerance + 1e-9
    return not (disc.x + reach < box[0] or disc.x - reach > box[2]
                or disc.y + reach < box[1] or disc.y - reach > box[3])


# ---------------------------------------------------------------- path finding

def node_distance(gx, gy, m: Disc):
    """Distance from every grid node to a base's spine (its centre, for a round base)."""
    if m.half <= 0:
        return np.hypot(gx - m.x, gy - m.y)
    (ax, ay), (bx, by) = spine(m)
    dx, dy = bx - ax, by - ay
    t = np.clip(((gx - ax) * dx + (gy - ay) * dy) / (dx * dx + dy * dy), 0.0, 1.0)
    return np.hypot(ax + t * dx - gx, ay + t * dy - gy)


def approach(last, target: Disc, body: Disc) -> tuple[float, float]:
    """Where a base coming straight from `last` towards the target's centre (turned to face
    along the way) first touches the target ('Charges': into base contact)."""
    d = math.dist(last, (target.x, target.y))
    if d <= EPS:
        return tuple(last)
    ux, uy = (target.x - last[0]) / d, (target.y - last[1]) / d
    if target.half <= 0:
        # the front of a long base, facing the target's centre, touches first
        contact = body.radius + target.radius + body.half
        return (target.x - ux * contact, target.y - uy * contact)
    heading = math.atan2(uy, ux)

    def clear(s: float) -> bool:
        here = replace(body, x=last[0] + ux * s, y=last[1] + uy * s, heading=heading)
        return core_distance(here, target) >= body.radius + target.radius
    lo, hi = 0.0, d
    if not clear(lo):
        return tuple(last)
    for _ in range(50):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if clear(mid) else (lo, mid)
    return (last[0] + ux * lo, last[1] + uy * lo)


# ---------------------------------------------------------------- along a path

def point_along(points: Sequence[tuple[float, float]], s: float) -> tuple[float, float]:
    """The point at distance s along a polyline (clamped to its ends)."""
    walked = 0.0
    for a, b in zip(points, points[1:]):
        seg = math.dist(a, b)
        if walked + seg >= s and seg > 0:
            f = (s - walked) / seg
            return (a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]))
        walked += seg
    return tuple(points[-1])


def heading_along(points: Sequence[tuple[float, float]], s: float, default: float) -> float:
    """The heading of the stretch of a polyline at distance s along it."""
    walked = 0.0
    for a, b in zip(points, points[1:]):
        seg = math.dist(a, b)
        if walked + seg >= s - EPS and seg > EPS:
            return heading_of(a, b, default)
        walked += seg
    return heading_of(points[-2], points[-1], default) if len(points) > 1 else default
