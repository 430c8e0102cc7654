"""The table of the Strategy Battle Game: units, terrain, bases, paths, sight and measuring.

Everything here is in the table's unit, inches or centimetres, chosen once per game and never
mixed ('Measuring'); millimetre sizes from the data (bases, heights) are converted once, at
the edge, by `Units.from_mm`. Terrain is shapely geometry; bases are circles handled with
plain arithmetic. The reduction of the 'model's eye view' to the plane with heights is
documented in docs/strategy-battle.md.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Iterable, Mapping, Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import unary_union

from ...engine.errors import IllegalAction

# Two edges closer than this count as touching ('base contact'); bases may overlap by no
# more than this. Half a millimetre is below what a player can see on the table.
CONTACT_TOLERANCE_MM = 0.5
EPS = 1e-9
# answers of one kind a table remembers (Table.answers): a reach holds whole grids of
# numbers (a few hundred kilobytes), the others a few small tuples
ANSWERS_KEPT = {"reach": 128}
ANSWERS_KEPT_OTHERWISE = 10_000

RULE_MOVING = "The Move Phase: Moving the Models"
RULE_CONTROL_ZONE = "The Move Phase: Control Zone rule"
RULE_TERRAIN = "The Move Phase: Terrain"
RULE_BARRIERS = "The Move Phase: Barriers and Obstacles"
RULE_TABLE_EDGE = "The Move Phase: models are not allowed to move off the gaming table"
RULE_CHARGES = "The Move Phase: Charges"
RULE_GAP = "The Move Phase: Jumping a Gap"


@dataclass(frozen=True)
class Units:
    """One of the manual's two measuring systems ('Measuring')."""

    name: str           # "in" or "cm"
    mm: float           # millimetres in one unit
    step: float         # remaining movement rounds up to this ('Terrain': half inch, whole cm)

    def rule(self, inches: float, cm: float) -> float:
        """The manual's distance in this system (it prints both, e.g. 1"/2cm)."""
        return inches if self.name == "in" else cm

    def from_mm(self, mm: float) -> float:
        """A model-scale size (bases, heights) in table units."""
        return mm / self.mm

    def round_up(self, distance: float) -> float:
        """Round remaining movement up to the next half inch or whole centimetre ('Terrain')."""
        return math.ceil(distance / self.step - 1e-9) * self.step

    @property
    def tolerance(self) -> float:
        """The base-contact tolerance in table units."""
        return self.from_mm(CONTACT_TOLERANCE_MM)

    @property
    def control_zone(self) -> float:
        """The control zone's depth beyond the base edge, 1"/2cm ('Control Zone rule')."""
        return self.rule(1, 2)


INCHES = Units("in", 25.4, 0.5)
CENTIMETRES = Units("cm", 10.0, 1.0)
UNITS = {"in": INCHES, "cm": CENTIMETRES}


def units_named(name: str) -> Units:
    """The measuring system called `name` ('in' or 'cm'); ValueError names the choices."""
    if name not in UNITS:
        raise ValueError(f"units: '{name}' is not a measuring system; use 'in' or 'cm'")
    return UNITS[name]


# ---------------------------------------------------------------- terrain

GOINGS = ("open", "difficult", "woods", "impassable")


@dataclass(frozen=True)
class Area:
    """A terrain feature with a footprint: its going, its ground height, what it hides."""

    name: str
    shape: Polygon
    going: str = "open"          # open, difficult, woods (difficult but to Woodland Creatures), impassable
    ground: float = 0.0          # elevated ground: the height of its top, in table units
    sight: float = 0.0           # height above its ground of what blocks sight (ruins, rocks, trees)

    def __post_init__(self):
        if self.going not in GOINGS:
            raise ValueError(f"terrain '{self.name}': going '{self.going}' is not one of "
                             f"{', '.join(GOINGS)}")
        if not self.shape.is_valid or self.shape.area <= 0:
            raise ValueError(f"terrain '{self.name}': its outline is not a valid polygon")
        if self.ground < 0 or self.sight < 0:
            raise ValueError(f"terrain '{self.name}': heights cannot be negative")


@dataclass(frozen=True)
class Barrier:
    """A linear barrier: a wall, hedge, fence, stream or ditch, with height and width; or a
    gap to be jumped (a chasm, a fissure, the space between two ruined floors) with its width
    and the depth a model falls into it ('Jumping a Gap')."""

    name: str
    line: LineString
    height: float                # table units
    width: float                 # table units
    blocks_sight: bool = True    # a stream or ditch does not
    gap: bool = False            # a gap: jumped, and fallen into on a 1
    depth: float = 0.0           # how far a model falls into a gap, table units

    def __post_init__(self):
        if self.line.length <= 0:
            raise ValueError(f"barrier '{self.name}': its line has no length")
        if self.height < 0 or self.width <= 0:
            raise ValueError(f"barrier '{self.name}': width must be positive, height not negative")

    @cached_property
    def footprint(self) -> Polygon:
        """The ground the barrier covers."""
        return self.line.buffer(self.width / 2, cap_style="flat")

    def kind_for(self, model_height: float) -> str:
        """'stride', 'obstacle', 'gap' or 'impassable' for a model (or mount) this tall
        ('Barriers and Obstacles'; 'Jumping a Gap': "A model can jump a gap of up to double
        its own height", one narrower than half its height is stepped over like a barrier)."""
        if self.gap:
            if self.width < model_height / 2:
                return "stride"
            return "gap" if self.width <= 2 * model_height else "impassable"
        # "A model can automatically cross any barrier if the barrier's height and width are
        # less than half the height of the model"; "cannot cross ... any barrier that is more
        # than twice the height of the model"; between the two it is an obstacle.
        if self.height < model_height / 2 and self.width < model_height / 2:
            return "stride"
        if self.height > 2 * model_height or self.width > 2 * model_height:
            return "impassable"
        return "obstacle"


class Table:
    """The playing area: its size, unit and terrain."""

    def __init__(self, width: float, depth: float, units: Units,
                 areas: Sequence[Area] = (), barriers: Sequence[Barrier] = ()):
        if width <= 0 or depth <= 0:
            raise ValueError("table: width and depth must be positive")
        names = [a.name for a in areas] + [b.name for b in barriers]
        if len(set(names)) != len(names):
            raise ValueError("table: two terrain features share a name")
        self.width = float(width)
        self.depth = float(depth)
        self.units = units
        self.areas = tuple(areas)
        self.barriers = tuple(barriers)
        self.outline = Polygon([(0, 0), (width, 0), (width, depth), (0, depth)])
        self.impassable = unary_union([a.shape for a in areas if a.going == "impassable"])
        self._difficult = unary_union([a.shape for a in areas if a.going == "difficult"])
        self._woods = unary_union([a.shape for a in areas if a.going == "woods"])
        for shape in (self.impassable, self._difficult, self._woods):
            shapely.prepare(shape)
        # what searches ask of the fixed terrain again and again, worked out once: the
        # ground's height at a point, the bounding box of a shape (keyed by what it is)
        self._ground: dict[tuple[float, float], float] = {}
        self._extents: dict[tuple, tuple[float, float, float, float]] = {}
        self._answers: dict[str, dict] = {}

    def answers(self, kind: str) -> dict:
        """The answers to one kind of question about this table already worked out (paths
        found, sight, reach), each keyed by everything else the answer depends on; a
        search asks the same questions of the same placings of models again and again.
        Emptied when it grows large."""
        store = self._answers.get(kind)
        if store is None or len(store) >= ANSWERS_KEPT.get(kind, ANSWERS_KEPT_OTHERWISE):
            store = self._answers[kind] = {}
        return store

    def forget(self) -> None:
        """Forget every answer remembered (to time the work itself, say)."""
        self._answers.clear()
        self._ground.clear()

    def extent(self, key: tuple, shape) -> tuple[float, float, float, float]:
        """The bounding box of one of the table's fixed shapes, `key` naming which one."""
        box = self._extents.get(key)
        if box is None:
            box = self._extents[key] = shape.bounds
        return box

    def difficult(self, woodland: bool) -> Polygon:
        """Where the going is difficult for a model ('Terrain'; woods not for Woodland Creatures)."""
        key = "_difficult_w" if woodland else "_difficult_all"
        if key not in self.__dict__:
            shape = self._difficult if woodland else unary_union([self._difficult, self._woods])
            shapely.prepare(shape)
            self.__dict__[key] = shape
        return self.__dict__[key]

    def ground_at(self, x: float, y: float) -> float:
        """The height of the ground at a point (the highest elevated area there)."""
        known = self._ground.get((x, y))
        if known is not None:
            return known
        best = 0.0
        for area in self.areas:
            if area.ground > best and area.shape.covers(Point(x, y)):
                best = area.ground
        if len(self._ground) > 100_000:      # a long search visits many places: forget them
            self._ground.clear()
        self._ground[(x, y)] = best
        return best

    def on_table(self, x: float, y: float, radius: float) -> bool:
        """Whether a base of this radius centred here lies wholly on the table."""
        tol = self.units.tolerance
        return (radius - tol <= x <= self.width - radius + tol
                and radius - tol <= y <= self.depth - radius + tol)

    @classmethod
    def from_data(cls, doc: Mapping, where: str = "table") -> "Table":
        """Build a table from scenario data; ValueError names the faulty field."""
        def need(table, key, kind, at):
            if key not in table or not isinstance(table[key], kind):
                raise ValueError(f"{at}.{key}: missing or not a {getattr(kind, '__name__', kind)}")
            return table[key]

        units = units_named(need(doc, "units", str, where))
        width = float(need(doc, "width", (int, float), where))
        depth = float(need(doc, "depth", (int, float), where))
        mm = units.from_mm
        areas = []
        for i, raw in enumerate(doc.get("areas", [])):
            at = f"{where}.areas[{i}]"
            points = need(raw, "outline", list, at)
            try:
                shape = Polygon([(float(x), float(y)) for x, y in points])
            except (TypeError, ValueError) as exc:
                raise ValueError(f"{at}.outline: a list of [x, y] points ({exc})") from None
            areas.append(Area(need(raw, "name", str, at), shape, raw.get("going", "open"),
                              ground=mm(float(raw.get("ground_mm", 0))),
                              sight=mm(float(raw.get("sight_mm", 0)))))
        barriers = []
        for i, raw in enumerate(doc.get("barriers", [])):
            at = f"{where}.barriers[{i}]"
            points = need(raw, "line", list, at)
            barriers.append(Barrier(need(raw, "name", str, at),
                                    LineString([(float(x), float(y)) for x, y in points]),
                                    height=mm(float(raw.get("height_mm", 0) if raw.get("gap")
                                                    else need(raw, "height_mm", (int, float), at))),
                                    width=mm(float(need(raw, "width_mm", (int, float), at))),
                                    blocks_sight=bool(raw.get("blocks_sight", not raw.get("gap"))),
                                    gap=bool(raw.get("gap", False)),
                                    depth=mm(float(raw.get("depth_mm", 0)))))
        return cls(width, depth, units, areas, barriers)


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

    def at(self, x: float, y: float) -> "Disc":
        """The same model standing elsewhere."""
        # built directly: `replace` reads the fields' list each time, and this is asked often
        return Disc(self.key, x, y, self.radius, self.height, self.side, self.zone,
                    self.mount_height, self.loose, self.half, self.heading)

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


def _far_apart(a, b, x: float, y: float, reach: float) -> bool:
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


def _segment_circle_interval(a, b, c, radius) -> tuple[float, float] | None:
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


# ---------------------------------------------------------------- paths

@dataclass(frozen=True)
class Mover:
    """What a path check needs to know about the moving model beyond its base."""

    allowance: float                 # maximum move over open ground, in table units
    difficult_factor: float = 2.0    # 'Terrain': double; cavalry four times ('Cavalry')
    woodland: bool = False           # Woodland Creatures ignore woods ('Terrain')


@dataclass(frozen=True)
class Crossing:
    """A barrier the path goes over, with how the model must cross it."""

    barrier: str
    kind: str               # stride or obstacle
    at: float               # distance along the path where the centre crosses its line


@dataclass
class PathReport:
    """A legal path: where it ends, what it cost, which barriers it crosses, whom it touches."""

    end: tuple[float, float]
    length: float
    cost: float
    crossings: list[Crossing] = field(default_factory=list)
    contacts: list[str] = field(default_factory=list)
    across: list[tuple[str, str]] = field(default_factory=list)   # (defender, barrier) charged


def _points(start: Disc, path: Sequence[Sequence[float]]) -> list[tuple[float, float]]:
    points = [(start.x, start.y)]
    for i, p in enumerate(path):
        try:
            x, y = float(p[0]), float(p[1])
        except (TypeError, ValueError, IndexError):
            raise IllegalAction(f"waypoint {i + 1} is not a pair of numbers",
                                rule=RULE_MOVING) from None
        if not (math.isfinite(x) and math.isfinite(y)):
            raise IllegalAction(f"waypoint {i + 1} is not a finite point", rule=RULE_MOVING)
        if (x, y) != points[-1]:
            points.append((x, y))
    return points


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


def _core_points(c) -> list:
    return list(c[1:])


def _core_shape(c):
    if c[0] == "segment":
        return Point(c[1]) if math.dist(c[1], c[2]) <= EPS else LineString([c[1], c[2]])
    return shapely.convex_hull(shapely.MultiPoint(list(c[1:])))


def _swept_distance(c, m: Disc) -> float:
    """Distance from a swept spine to another base's spine."""
    a, b = spine(m)
    if c[0] == "segment":
        return segments_distance(c[1], c[2], a, b)
    return _core_shape(c).distance(core(m))


def path_length(points: Sequence[tuple[float, float]]) -> float:
    """Measured length of a polyline."""
    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def path_cost(table: Table, points: Sequence[tuple[float, float]], mover: Mover) -> float:
    """Movement used by a path: difficult going counts double (cavalry four times) ('Terrain').

    The remaining movement after the last stretch of difficult going is rounded up to the
    next half inch or whole centimetre, once ("Always round any remaining fractions of
    movement up"), so the cost returned is allowance minus that rounded remainder when it
    is smaller than the raw cost.
    """
    if len(points) < 2:
        return 0.0
    line = LineString(points)
    difficult = table.difficult(mover.woodland)
    if difficult.is_empty:
        return line.length
    # walk the path in order: cost of the part up to the end of the last difficult stretch,
    # then the open remainder after it
    cost = 0.0
    walked = 0.0
    last_difficult_end = None
    for i in range(len(points) - 1):
        seg = LineString([points[i], points[i + 1]])
        seg_len = seg.length
        inside = seg.intersection(difficult).length if seg.intersects(difficult) else 0.0
        cost += seg_len + (mover.difficult_factor - 1) * inside
        if inside > EPS:
            # where the last difficult piece of this segment ends, as a distance along the path
            pieces = seg.intersection(difficult)
            ends = [seg.project(Point(c)) for g in getattr(pieces, "geoms", [pieces])
                    for c in (g.coords[0], g.coords[-1])]
            last_difficult_end = (walked + max(ends), cost - (seg_len - max(ends)))
        walked += seg_len
    if last_difficult_end is None:
        return cost
    end_at, cost_there = last_difficult_end
    remaining = table.units.round_up(mover.allowance - cost_there)
    return min(cost, mover.allowance - remaining + (walked - end_at))


def check_path(table: Table, models: Iterable[Disc], start: Disc, path: Sequence, mover: Mover, *,
               targets: Sequence[str] = (), may_leave_table: bool = False,
               ignore_zones: bool = False, cost_limit: float | None = None,
               turning: bool | None = None, pass_loose: bool = False) -> PathReport:
    """Check a move along waypoints; raise IllegalAction naming the manual's rule, else report it.

    `targets` makes the move a charge: it must end touching one of them, and once within
    1"/2cm of a target the other enemies' control zones no longer stop it ('Control Zone
    rule'). `ignore_zones` is the second exception: movement caused by another rule.
    A long (cavalry) base turns to face along each stretch of its own move ('turning is
    free'); moved by another rule (backing away, making way) it keeps its heading, unless
    `turning` says otherwise. `pass_loose`: loose mounts step aside to let it pass ('Loose
    Mounts'); they are made way for afterwards.
    """
    models = tuple(models)
    try:
        # the verdict on a path is remembered with everything it was reached from (the
        # referee checks again the path a search found; rollouts check the same moves)
        key = (models, start, tuple(tuple(p) for p in path), mover, tuple(targets),
               may_leave_table, ignore_zones, cost_limit, turning, pass_loose)
        hash(key)
    except TypeError:
        key = None              # waypoints that are not pairs of numbers: judged afresh
    known = table.answers("path checks")
    if key is None or key not in known:
        try:
            verdict = ("legal", _judge_path(table, models, start, path, mover, targets,
                                            may_leave_table, ignore_zones, cost_limit,
                                            turning, pass_loose))
        except IllegalAction as exc:
            verdict = ("illegal", exc.reason, exc.rule)
        if key is None:
            known = {}
        known[key] = verdict
    verdict = known[key]
    if verdict[0] == "illegal":
        raise IllegalAction(verdict[1], rule=verdict[2])
    report = verdict[1]
    return replace(report, crossings=list(report.crossings), contacts=list(report.contacts),
                   across=list(report.across))


def _judge_path(table: Table, models: Sequence[Disc], start: Disc, path: Sequence,
                mover: Mover, targets: Sequence[str], may_leave_table: bool,
                ignore_zones: bool, cost_limit: float | None, turning: bool | None,
                pass_loose: bool) -> PathReport:
    """check_path's judgement itself."""
    points = _points(start, path)
    tol = table.units.tolerance
    others = [m for m in models if m.key != start.key]
    by_key = {m.key: m for m in others}
    for key in targets:
        if key not in by_key:
            raise IllegalAction(f"there is no model '{key}' to charge", rule=RULE_CHARGES)
        if by_key[key].side == start.side:
            raise IllegalAction(f"'{key}' is a friend; only enemies can be charged",
                                rule=RULE_CHARGES)
    r = start.radius
    turning = not ignore_zones if turning is None else turning
    cores = swept_cores(start, points, turning)
    # the table edge: a base must stay wholly on the table
    if not may_leave_table:
        for p in (points[1:] if start.half <= 0 else
                  [q for c in cores for q in _core_points(c)]):
            if not table.on_table(p[0], p[1], r):
                raise IllegalAction(f"the path leaves the table at ({p[0]:g}, {p[1]:g})",
                                    rule=RULE_TABLE_EDGE)
    # models: the swept base may not pass through any other base, friend or foe
    for c in cores:
        for m in others:
            if m.loose and pass_loose:
                continue
            # a base far off the stretch's box (its spine reaching `half` from its centre,
            # a hair to spare for rounding) is clear of it without measuring
            if c[0] == "segment" and _far_apart(c[1], c[2], m.x, m.y,
                                                r + m.radius - tol + m.half + 1e-9):
                continue
            if _swept_distance(c, m) < r + m.radius - tol:
                raise IllegalAction(
                    f"the path passes through '{m.key}' (gaps must be at least as wide as "
                    "the base)", rule=RULE_MOVING)
    swept = _Sweep(points, start, cores, r)
    if (not table.impassable.is_empty
            and swept.may_meet(table.extent(("impassable",), table.impassable))
            and swept.shape.intersection(table.impassable).area > tol * tol):
        raise IllegalAction("the path enters impassable terrain", rule=RULE_TERRAIN)
    end = start.at(*points[-1])
    if start.half > 0 and turning and len(points) > 1:
        end = replace(end, heading=heading_of(points[-2], points[-1], start.heading))
    crossings = _barrier_crossings(table, points, start, swept, tol, end)
    cost = path_cost(table, points, mover)
    limit = mover.allowance if cost_limit is None else cost_limit
    if cost > limit + 1e-6:
        raise IllegalAction(f"the path costs {cost:.2f}{table.units.name} of movement; "
                            f"only {limit:g}{table.units.name} is allowed", rule=RULE_TERRAIN
                            if cost > path_length(points) + 1e-6 else RULE_MOVING)
    if not ignore_zones:
        _check_control_zones(table, others, start, points, targets)
    if pass_loose:
        for m in others:
            if m.loose and overlapping(end, m, tol):
                raise IllegalAction(f"a move cannot end on the loose mount '{m.key}'",
                                    rule=RULE_MOVING)
    contacts = [m.key for m in others if m.side != start.side and in_contact(end, m, tol)]
    across = []
    for key in targets:
        # 'Defending': charging a defender means reaching the barrier inside his zone
        barrier = defended_across(table, end, by_key[key])
        if barrier is not None:
            across.append((key, barrier))
    if targets:
        if not set(contacts) & set(targets) and not across:
            raise IllegalAction("a charge must end in base contact with its target, or at the "
                                "barrier it defends", rule=RULE_CHARGES)
        extra = [k for k in contacts if k not in targets]
        if extra:
            raise IllegalAction(f"the charge also touches '{extra[0]}', which was not declared "
                                "a target", rule=RULE_CHARGES)
    elif contacts:
        raise IllegalAction(f"moving into touch with '{contacts[0]}' is a charge",
                            rule=RULE_CHARGES)
    return PathReport(points[-1], path_length(points), cost, crossings, contacts, across)


class _Sweep:
    """The ground a base sweeps along a path, drawn as a shapely polygon only when a terrain
    shape comes near enough to matter (drawing it is the dearest part of a path check)."""

    def __init__(self, points, start: Disc, cores, radius: float):
        self.points, self.start, self.cores, self.radius = points, start, cores, radius
        spines = points if start.half <= 0 else [q for c in cores for q in _core_points(c)]
        # everything swept lies within the radius of the spines' corners' box (a hair more
        # for the polygon's own rounding)
        pad = radius * (1 + 1e-7) + 1e-9
        self.box = (min(p[0] for p in spines) - pad, min(p[1] for p in spines) - pad,
                    max(p[0] for p in spines) + pad, max(p[1] for p in spines) + pad)

    def may_meet(self, box) -> bool:
        """False when a shape with this bounding box lies wholly clear of the sweep."""
        return not (box[0] > self.box[2] or box[2] < self.box[0]
                    or box[1] > self.box[3] or box[3] < self.box[1])

    @cached_property
    def shape(self):
        """The swept ground as a polygon."""
        points, r = self.points, self.radius
        if self.start.half <= 0:
            return (LineString(points).buffer(r) if len(points) > 1
                    else Point(points[0]).buffer(r))
        return unary_union([_core_shape(c).buffer(r) for c in self.cores])


def touches(shape, disc: Disc, tolerance: float) -> bool:
    """Whether a base touches (or overlaps) a terrain shape."""
    return shape.distance(core(disc)) <= disc.radius + tolerance


def _box_within(box, disc: Disc, tolerance: float) -> bool:
    """False when a base lies farther than `tolerance` from a bounding box on either axis
    (so from any shape inside it); a hair to spare for rounding."""
    reach = disc.radius + disc.half + tolerance + 1e-9
    return not (disc.x + reach < box[0] or disc.x - reach > box[2]
                or disc.y + reach < box[1] or disc.y - reach > box[3])


def defended_across(table: Table, charger: Disc, defender: Disc) -> str | None:
    """The barrier across which `charger` fights `defender`, if any ('Defending a Barrier').

    Both bases touch the barrier from opposite sides, the charger in the defender's zone: "the
    whole area immediately in front of the defender's base plus 1"/2cm either side" — the
    charger's centre, measured along the barrier, within the defender's radius plus 1"/2cm of
    his; the barrier is at least half as tall or wide as the charger (else he would stride
    over it) and lower than the defender, who must see over it.
    """
    tol = table.units.tolerance
    between = None
    for barrier in table.barriers:
        if barrier.kind_for(charger.barrier_height) == "stride":
            continue
        if barrier.height >= defender.height:
            continue
        box = table.extent(("barrier", barrier.name), barrier.footprint)
        if not (_box_within(box, charger, tol) and _box_within(box, defender, tol)):
            continue          # one of them stands well clear of it
        if between is None:
            between = LineString([(charger.x, charger.y), (defender.x, defender.y)])
        if (touches(barrier.footprint, charger, tol) and touches(barrier.footprint, defender, tol)
                and between.intersects(barrier.line)
                and abs(barrier.line.project(Point(charger.x, charger.y))
                        - barrier.line.project(Point(defender.x, defender.y)))
                <= defender.radius + table.units.control_zone + tol):
            return barrier.name
    return None


def _barrier_crossings(table: Table, points, start: Disc, swept: _Sweep, tol,
                       end: Disc | None = None) -> list[Crossing]:
    crossings = []
    centre_line = None
    for barrier in table.barriers:
        kind = barrier.kind_for(start.barrier_height)
        if kind == "stride":
            continue
        if (not swept.may_meet(table.extent(("barrier", barrier.name), barrier.footprint))
                or swept.shape.intersection(barrier.footprint).area <= tol * tol):
            continue
        if centre_line is None and len(points) > 1:
            centre_line = LineString(points)
        if kind == "impassable":
            raise IllegalAction(f"'{barrier.name}' is more than twice the model's height or "
                                "width; it cannot be crossed", rule=RULE_GAP if barrier.gap
                                else RULE_BARRIERS)
        hit = centre_line.intersection(barrier.line) if centre_line is not None else None
        if hit is None or hit.is_empty:
            raise IllegalAction(f"the base may not stand on or brush through '{barrier.name}'; "
                                "cross it or go round", rule=RULE_BARRIERS)
        first = min(centre_line.project(Point(c)) for g in getattr(hit, "geoms", [hit])
                    for c in g.coords)
        end_disc = outline(end if end is not None else start.at(*points[-1]))
        if end_disc.intersection(barrier.footprint).area > tol * tol:
            raise IllegalAction(f"a model cannot end its move on '{barrier.name}'",
                                rule=RULE_BARRIERS)
        crossings.append(Crossing(barrier.name, kind, first))
    crossings.sort(key=lambda c: c.at)
    return crossings


def _charge_free_from(points, start: Disc, targets: Sequence[Disc], cz: float) -> float:
    """The path parameter (segment index + fraction) where the charger first comes within 1"/2cm of a target."""
    best = math.inf
    for target in targets:
        for i in range(len(points) - 1):
            hit = _first_within(points[i], points[i + 1], start, target, cz)
            if hit is not None:
                best = min(best, i + hit)
                break
    return best


def _first_within_carried(a, b, body: Disc, other: Disc) -> float | None:
    """The first fraction of the stretch a-b at which a base carried along it without
    turning touches the other base, or None."""
    def near(t: float) -> bool:
        here = replace(body, x=a[0] + t * (b[0] - a[0]), y=a[1] + t * (b[1] - a[1]))
        return core_distance(here, other) <= body.radius + other.radius
    samples = 48
    for k in range(0, samples + 1):
        if near(k / samples):
            if k == 0:
                return 0.0
            lo, hi = (k - 1) / samples, k / samples
            for _ in range(30):
                mid = (lo + hi) / 2
                lo, hi = (lo, mid) if near(mid) else (mid, hi)
            return lo
    return None


def _first_within(a, b, mover: Disc, other: Disc, distance: float) -> float | None:
    """The first fraction of the stretch a-b at which the mover's base (turned to face along
    it) comes within `distance` of the other base, or None."""
    reach = mover.radius + other.radius + distance
    if mover.half <= 0 and other.half <= 0:
        hit = _segment_circle_interval(a, b, (other.x, other.y), reach)
        return None if hit is None else hit[0]
    length = math.dist(a, b)
    if other.half <= 0 and length > EPS:
        # the spine slides along its own line: the stretch of that line it covers at t is
        # [t * length, t * length + 2 * half] from its back end at the start
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        back = (a[0] - ux * mover.half, a[1] - uy * mover.half)
        front = (b[0] + ux * mover.half, b[1] + uy * mover.half)
        hit = _segment_circle_interval(back, front, (other.x, other.y), reach)
        if hit is None:
            return None
        span = length + 2 * mover.half
        first, last = hit[0] * span, hit[1] * span
        t = max(0.0, (first - 2 * mover.half) / length)
        return t if t <= 1.0 and t * length <= last + EPS else None
    h = heading_of(a, b, mover.heading)

    def near(t: float) -> bool:
        here = replace(mover, x=a[0] + t * (b[0] - a[0]), y=a[1] + t * (b[1] - a[1]),
                       heading=h)
        return core_distance(here, other) <= mover.radius + other.radius + distance

    samples = 48
    if near(0.0):
        return 0.0
    for k in range(1, samples + 1):
        if near(k / samples):
            lo, hi = (k - 1) / samples, k / samples
            for _ in range(30):
                mid = (lo + hi) / 2
                lo, hi = (lo, mid) if near(mid) else (mid, hi)
            return hi
    return None


def charge_zone_entry(points, start: Disc, targets: Sequence[Disc], cz: float) -> tuple[float, float]:
    """Where a charger's path first comes within 1"/2cm of one of the targets."""
    at = _charge_free_from(points, start, targets, cz)
    if math.isinf(at):
        return tuple(points[-1])
    i = min(int(at), len(points) - 2)
    f = at - i
    (ax, ay), (bx, by) = points[i], points[i + 1]
    return (ax + f * (bx - ax), ay + f * (by - ay))


def _check_control_zones(table: Table, others: Sequence[Disc], start: Disc, points,
                         targets: Sequence[str]) -> None:
    cz = table.units.control_zone
    tol = table.units.tolerance
    target_discs = [m for m in others if m.key in targets]
    free_from = _charge_free_from(points, start, target_discs, cz) if targets else math.inf
    for enemy in others:
        if enemy.side == start.side or not enemy.zone or enemy.key in targets:
            continue
        # third exception: a model starting inside a zone may move around, never closer
        floor = min(cz, gap(start, enemy))
        limit = start.radius + enemy.radius + floor - tol
        for i in range(len(points) - 1):
            if i >= free_from:
                break
            a, b = points[i], points[i + 1]
            if i + 1 > free_from:      # only the part before the charger reached its target's zone
                frac = free_from - i
                b = (a[0] + frac * (b[0] - a[0]), a[1] + frac * (b[1] - a[1]))
            # an enemy far off the stretch's box is clear of it (the spines reach `half`
            # beyond their centres; a hair to spare for rounding)
            if _far_apart(a, b, enemy.x, enemy.y, limit + start.half + enemy.half + 1e-9):
                continue
            if start.half <= 0 and enemy.half <= 0:
                near = segment_point_distance(a, b, (enemy.x, enemy.y))
            else:
                # a long base turned along the stretch (its heading kept on a stretch of no
                # length) sweeps its spine with it
                turned = replace(start, heading=heading_of(points[i], points[i + 1],
                                                           start.heading))
                near = _swept_distance(swept_cores(turned, [a, b], True)[0], enemy)
            if near < limit:
                raise IllegalAction(f"the path enters the control zone of '{enemy.key}' "
                                    "without charging it", rule=RULE_CONTROL_ZONE)


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


def _grid(table: Table, models: Sequence[Disc], start: Disc, mover: Mover, step: float,
          charge_target: Disc | None = None, radius: float | None = None):
    """The grid of centres a model may pass through within its allowance, and the going there.

    A long base is searched for as the circle round it (any turn it makes fits: the path is
    then checked as the base it is)."""
    cz = table.units.control_zone
    r = reach_radius(start) if radius is None else radius
    reach = mover.allowance
    x0, x1 = max(r, start.x - reach), min(table.width - r, start.x + reach)
    y0, y1 = max(r, start.y - reach), min(table.depth - r, start.y + reach)
    if x1 < x0 or y1 < y0:
        return None
    xs = np.arange(x0, x1 + EPS, step)
    ys = np.arange(y0, y1 + EPS, step)
    gx, gy = np.meshgrid(xs, ys, indexing="ij")
    blocked = np.zeros(gx.shape, dtype=bool)
    margin = step * 0.25
    within_target_zone = np.zeros(gx.shape, dtype=bool)
    if charge_target is not None:
        d = node_distance(gx, gy, charge_target)
        within_target_zone = d <= r + charge_target.radius + cz
    for m in models:
        d = node_distance(gx, gy, m)
        blocked |= d < r + m.radius + margin
        if m.side != start.side and m.zone and m is not charge_target:
            floor = min(cz, gap(start, m))
            blocked |= (d < r + m.radius + floor + margin) & ~within_target_zone
    inflated = []
    if not table.impassable.is_empty:
        inflated.append(table.impassable.buffer(r))
    for barrier in table.barriers:
        if barrier.kind_for(start.barrier_height) != "stride":
            inflated.append(barrier.footprint.buffer(r))
    if inflated:
        shape = unary_union(inflated)
        blocked |= shapely.intersects_xy(shape, gx, gy)
    difficult = table.difficult(mover.woodland)
    factor = np.ones(gx.shape)
    if not difficult.is_empty:
        factor[shapely.intersects_xy(difficult, gx, gy)] = mover.difficult_factor
    return gx, gy, blocked, factor, x0, y0


_STEPS = [(di, dj) for di in (-2, -1, 0, 1, 2) for dj in (-2, -1, 0, 1, 2)
          if (di, dj) != (0, 0) and math.gcd(abs(di), abs(dj)) == 1]


def _grid_moves(step: float) -> list:
    """The search's moves as (di, dj, length, over_i, over_j): the length a step of the
    grid covers (`step` times its own length, worked out as the search always has), and
    for a long knight step the cell it passes over (None for the others)."""
    out = []
    for di, dj in _STEPS:
        long = abs(di) == 2 or abs(dj) == 2
        out.append((di, dj, step * math.hypot(di, dj),
                    (di // 2 if abs(di) == 2 else 0) if long else None,
                    (dj // 2 if abs(dj) == 2 else 0) if long else None))
    return out


def _explore(gx, gy, blocked, factor, start: Disc, step: float, limit: float, x0, y0):
    """Dijkstra from the start over the grid: cheapest cost of every reachable node and the way back."""
    nx, ny = gx.shape
    si = min(max(int(round((start.x - x0) / step)), 0), nx - 1)
    sj = min(max(int(round((start.y - y0) / step)), 0), ny - 1)
    first = math.dist((start.x, start.y), (gx[si, sj], gy[si, sj]))
    best = {(si, sj): first}
    came: dict = {}
    frontier = [(first, si, sj)]
    is_blocked, going = blocked.tolist(), factor.tolist()     # quicker to read (find_path)
    moves = _grid_moves(step)
    while frontier:
        cost, i, j = heapq.heappop(frontier)
        if cost > best.get((i, j), math.inf) + EPS:
            continue
        here = going[i][j]
        for di, dj, length, over_i, over_j in moves:
            a, b = i + di, j + dj
            if not (0 <= a < nx and 0 <= b < ny) or is_blocked[a][b]:
                continue
            if over_i is not None and is_blocked[i + over_i][j + over_j]:
                continue
            new = cost + length * (here + going[a][b]) / 2
            if new > limit or new >= best.get((a, b), math.inf):
                continue
            best[(a, b)] = new
            came[(a, b)] = (i, j)
            heapq.heappush(frontier, (new, a, b))
    return best, came


def retreat_path(table: Table, models: Iterable[Disc], start: Disc, mover: Mover,
                 away_from: tuple[float, float] | None):
    """Where a retreating model goes ('Courage: Retreats'): ('flee', None) if its move reaches
    the table edge, else ('move', path) ending as far as it can get from `away_from` (or,
    with no enemy in sight, as near the nearest table edge as it can), never within 1"/2cm
    of an enemy; ('stay', []) if it cannot move at all.

    A long base is searched for first as the circle round it, then, if that finds no way,
    as its width only (a horse hemmed in beside friends may still turn and go): each route
    is checked as the base it is."""
    models = [m for m in models if m.key != start.key]
    outcome, path = _retreat(table, models, start, mover, away_from, reach_radius(start))
    if outcome != "stay" or start.half <= 0:
        return outcome, path
    # a long base hemmed in at its sides may first have to go straight on, or back, before
    # it can turn
    for lead in (0.0, 2 * (start.half + start.radius), -2 * (start.half + start.radius)):
        outcome, path = _retreat(table, models, start, mover, away_from, start.radius, lead)
        if outcome != "stay":
            break
    return outcome, path


def _retreat(table: Table, models, start: Disc, mover: Mover, away_from, radius: float,
             lead: float = 0.0):
    step = table.units.rule(0.25, 0.5)
    first = []
    origin, budget = start, mover
    if lead:
        first = [(start.x + math.cos(start.heading) * lead,
                  start.y + math.sin(start.heading) * lead)]
        try:
            check_path(table, models, start, first, mover)
        except IllegalAction:
            return "stay", []
        origin = start.at(*first[0])
        budget = replace(mover, allowance=mover.allowance - abs(lead))
    result = _retreat_from(table, models, origin, budget, away_from, radius, step)
    if result[0] != "move" or not lead:
        return result
    route = first + result[1]
    try:
        check_path(table, models, start, route, mover)
    except IllegalAction:
        return "stay", []
    return "move", route


def _retreat_from(table: Table, models, start: Disc, mover: Mover, away_from, radius: float,
                  step: float):
    grid = _grid(table, models, start, mover, step, radius=radius)
    if grid is None:
        return "stay", []
    gx, gy, blocked, factor, x0, y0 = grid
    best, came = _explore(gx, gy, blocked, factor, start, step, mover.allowance, x0, y0)
    r = reach_radius(start)
    # 'Fleeing the Battle': a move that reaches the table edge leaves the battle
    for (i, j), cost in best.items():
        edge = min(gx[i, j], gy[i, j], table.width - gx[i, j], table.depth - gy[i, j]) - r
        if cost + edge <= mover.allowance + EPS:
            return "flee", None

    def score(node):
        x, y = gx[node], gy[node]
        if away_from is None:
            return -min(x, y, table.width - x, table.depth - y)
        return math.dist((x, y), away_from)
    here = (math.dist((start.x, start.y), away_from) if away_from is not None
            else -min(start.x, start.y, table.width - start.x, table.depth - start.y))
    ranked = sorted(best, key=lambda n: (-score(n), best[n]))
    for node in ranked[:25]:
        if score(node) <= here + EPS:
            break
        cells = [node]
        while cells[-1] in came:
            cells.append(came[cells[-1]])
        cells.reverse()
        route = [(float(gx[c]), float(gy[c])) for c in cells]
        if route and math.dist(route[0], (start.x, start.y)) < EPS:
            route = route[1:]
        route = _straighten(table, models, start, route, mover, ())
        try:
            check_path(table, models, start, route, mover)
        except IllegalAction:
            continue
        return "move", route
    return "stay", []


def _defended_goal(table: Table, start: Disc, target: Disc, gx, gy, blocked, step):
    """Grid cells from which a charger can step to the barrier its target defends, with it."""
    for barrier in table.barriers:
        probe = target
        if barrier.kind_for(start.barrier_height) == "stride" or barrier.height >= target.height:
            continue
        if not touches(barrier.footprint, probe, table.units.tolerance):
            continue
        to_footprint = shapely.distance(barrier.footprint, shapely.points(gx, gy))
        # 'Defending a Barrier': in front of the defender's base plus 1"/2cm either side
        along = np.abs(shapely.line_locate_point(barrier.line, shapely.points(gx, gy))
                       - barrier.line.project(Point(target.x, target.y)))
        side_of_target = np.sign(_side(barrier.line, target.x, target.y))
        other_side = np.sign(_side(barrier.line, gx, gy)) == -side_of_target
        mask = ((to_footprint >= start.radius - EPS) & (to_footprint <= start.radius + 1.5 * step)
                & (along <= target.radius + table.units.control_zone - step) & other_side
                & ~blocked)
        if mask.any():
            return mask, barrier.footprint
    return None


def _side(line: LineString, x, y):
    """Which side of a barrier's line a point lies on (by its first and last points)."""
    (ax, ay), (bx, by) = line.coords[0], line.coords[-1]
    return (bx - ax) * (np.asarray(y) - ay) - (by - ay) * (np.asarray(x) - ax)


def _slices(n: int, d: int) -> tuple[slice, slice]:
    """Index ranges (destination, source) of a shift by d along an axis of length n."""
    return slice(max(d, 0), n + min(d, 0)), slice(max(-d, 0), n + min(-d, 0))


def _grid_costs(blocked: np.ndarray, factor: np.ndarray, si: int, sj: int, first: float,
                step: float, limit: float) -> np.ndarray:
    """The cheapest cost of reaching every grid node from (si, sj) over the same moves and
    prices as the path finder's search (inf where none is within `limit`): the relaxation
    swept over whole arrays until nothing changes (Bellman-Ford, vectorised, in place)."""
    nx, ny = blocked.shape
    cost = np.full(blocked.shape, np.inf)
    cost[si, sj] = first
    stencils = []
    for di, dj in _STEPS:
        (ti, fi), (tj, fj) = _slices(nx, di), _slices(ny, dj)
        # a move from (i - di, j - dj) into (i, j): the destination free and, for the long
        # knight step, the cell it passes over free too (the source is a node reached, or
        # the start, which may itself lie on a blocked cell: the search leaves it all the same)
        ok = ~blocked[ti, tj]
        if abs(di) == 2 or abs(dj) == 2:
            mi, mj = (di // 2 if abs(di) == 2 else 0), (dj // 2 if abs(dj) == 2 else 0)
            (mti, mfi), (mtj, mfj) = _slices(nx, di - mi), _slices(ny, dj - mj)
            over = np.ones(blocked.shape, dtype=bool)
            over[mti, mtj] = blocked[mfi, mfj]
            ok &= ~over[ti, tj]
        price = step * math.hypot(di, dj) * (factor[ti, tj] + factor[fi, fj]) / 2
        stencils.append(((ti, tj), (fi, fj), np.where(ok, price, np.inf)))
    while True:
        before = cost.copy()
        for to, frm, price in stencils:
            np.minimum(cost[to], cost[frm] + price, out=cost[to])
        if np.array_equal(before, cost):
            break
    # costs only fall while sweeping, so the fixed point is the cheapest cost; beyond the
    # limit (a hair of slack for the order of float sums) the search never goes
    cost[cost > limit + 1e-9] = np.inf
    return cost


class Reach:
    """Where a model could get to this move ignoring control zones: a bound computed once
    per model that lets the path finder skip targets no legal path can reach (every legal
    path, charge or move, is a path of this relaxed grid)."""

    def __init__(self, table: Table, models: Iterable[Disc], start: Disc, mover: Mover):
        self.table, self.start, self.mover = table, start, mover
        self.models = [m for m in models if m.key != start.key]
        self.step = table.units.rule(0.25, 0.5)
        self._grid_data = None

    @property
    def grid(self):
        """The relaxed grid and its costs, worked out on the first question (a model whose
        searches all go straight never needs them)."""
        if self._grid_data is None:
            self._grid_data = (self._costs(),)
        return self._grid_data[0]

    def _costs(self):
        # the same model, standing in the same place among the same models, has the same reach
        key = (tuple(self.models), self.start, self.mover, self.step)
        known = self.table.answers("reach")
        if key not in known:
            grid = self._relaxed_costs()
            known[key] = (grid, getattr(self, "cost", None))
        grid, self.cost = known[key]
        return grid

    def _relaxed_costs(self):
        table, start, mover = self.table, self.start, self.mover
        # zones off: a model's grid blocked by bases, impassable ground and barriers only
        relaxed = [replace(m, zone=False) for m in self.models]
        grid = _grid(table, relaxed, start, mover, self.step)
        if grid is None:
            return None
        gx, gy, blocked, factor, x0, y0 = grid
        nx, ny = gx.shape
        si = min(max(int(round((start.x - x0) / self.step)), 0), nx - 1)
        sj = min(max(int(round((start.y - y0) / self.step)), 0), ny - 1)
        first = math.dist((start.x, start.y), (gx[si, sj], gy[si, sj]))
        self.cost = _grid_costs(blocked, factor, si, sj, first, self.step,
                                mover.allowance + self.step)
        return grid

    def may_charge(self, target: Disc) -> bool:
        """False only when the grid search cannot bring a charge into touch with `target`
        (nor to the barrier it defends)."""
        if self.grid is None:
            return False
        gx, gy, blocked, _, _, _ = self.grid
        contact = reach_radius(self.start) + target.radius
        d = node_distance(gx, gy, target)
        goal = (d >= contact - EPS) & (d <= contact + 1.5 * self.step)
        defended = _defended_goal(self.table, replace(self.start, radius=reach_radius(
            self.start), half=0.0), target, gx, gy, blocked, self.step)
        if defended is not None:
            goal |= defended[0]
        return bool(np.isfinite(self.cost[goal]).any())

    def may_reach(self, to: tuple[float, float]) -> bool:
        """False only when the grid search cannot end a move at `to`."""
        if self.grid is None:
            return False
        gx, gy = self.grid[0], self.grid[1]
        near = np.hypot(gx - to[0], gy - to[1]) <= 1.5 * self.step
        return bool(np.isfinite(self.cost[near]).any())


def find_path(table: Table, models: Iterable[Disc], start: Disc, mover: Mover, *,
              to: tuple[float, float] | None = None, target: str | None = None,
              step: float | None = None, bound: "Reach | None" = None
              ) -> list[tuple[float, float]] | None:
    """A legal path to a point, or into contact with a target (a charge), or None.

    `bound`: the model's `Reach` this move (built from the same models), to skip a grid search it shows to be hopeless
    (the answer is the same, only sooner).

    A* over a grid of centres (step 1/4"/0.5cm) that keeps clear of bases, impassable
    ground, barriers that are not strided over, the table edge and control zones, with
    difficult going priced as the rules price it; the route is then straightened and
    checked by `check_path`, so whatever it returns is legal.
    """
    if (to is None) == (target is None):
        raise ValueError("find_path: give exactly one of `to` or `target`")
    models = [m for m in models if m.key != start.key]
    # a path found is remembered with everything it was found from, the bound included
    # (it only ever answers sooner, but is keyed all the same)
    others = tuple(models)
    aim = None if to is None else (to[0], to[1])
    if bound is None:
        bounded = None
    else:
        within = tuple(bound.models)
        bounded = (bound.table is table, bound.start, bound.mover, bound.step,
                   True if within == others else within)
    key = (others, start, mover, aim, target, step, bounded)
    known = table.answers("paths")
    if key not in known:
        known[key] = _search_path(table, models, start, mover, to=to, target=target,
                                  step=step, bound=bound)
    found = known[key]
    return None if found is None else list(found)


def _search_path(table: Table, models: list[Disc], start: Disc, mover: Mover, *,
                 to, target, step, bound) -> list[tuple[float, float]] | None:
    """find_path's search itself (`models` without the one moving)."""
    by_key = {m.key: m for m in models}
    if target is not None and target not in by_key:
        raise IllegalAction(f"there is no model '{target}' to charge", rule=RULE_CHARGES)
    step = step or table.units.rule(0.25, 0.5)
    cz = table.units.control_zone
    # the grid searches for the circle round a long base (docs: 'Bases and measuring')
    r = reach_radius(start)
    charge_target = by_key.get(target) if target else None
    # no path is shorter than the straight line: beyond the allowance there is none
    aim = (charge_target.x, charge_target.y) if charge_target is not None else to
    reach = math.dist((start.x, start.y), aim) - (r + reach_radius(charge_target)
                                                   if charge_target is not None else 0.0)
    if reach > mover.allowance + EPS:
        return None
    # the straight line first: when it is legal there is nothing to search for
    if charge_target is not None:
        straight = ([] if in_contact(start, charge_target, table.units.tolerance)
                    else [approach((start.x, start.y), charge_target, start)])
    else:
        straight = [(float(to[0]), float(to[1]))]
    if straight:
        straight = _written(straight)
        try:
            check_path(table, models, start, straight, mover,
                       targets=(target,) if target else ())
            return straight
        except IllegalAction:
            pass
    if bound is not None and bound.start == start and bound.mover == mover \
            and bound.step == step and not (bound.may_charge(charge_target) if charge_target
                                            is not None else bound.may_reach(to)):
        return None
    grid = _grid(table, models, start, mover, step, charge_target)
    if grid is None:
        return None
    gx, gy, blocked, factor, x0, y0 = grid

    def node_of(x, y):
        return int(round((x - x0) / step)), int(round((y - y0) / step))

    nx, ny = gx.shape
    defended = None
    if target is not None:
        contact = r + charge_target.radius
        d = node_distance(gx, gy, charge_target)
        goal_mask = (d >= contact - EPS) & (d <= contact + 1.5 * step) & ~blocked
        goal_point = None
        defended = _defended_goal(table, replace(start, radius=r, half=0.0), charge_target,
                                  gx, gy, blocked, step)
        if defended is not None:
            goal_mask |= defended[0]
    else:
        # the free nodes next to the destination; the last step to it is checked exactly
        goal_point = (float(to[0]), float(to[1]))
        near = np.hypot(gx - goal_point[0], gy - goal_point[1])
        goal_mask = (near <= 1.5 * step) & ~blocked
    if not goal_mask.any():
        return None
    goals = np.argwhere(goal_mask)
    if target is not None:
        aim, slack = (charge_target.x, charge_target.y), contact + 1.5 * step
    else:
        aim, slack = goal_point, 0.0

    # the search reads single cells thousands of times: plain lists read them far quicker
    # than numpy indexing, and hold the very same floats
    xs, ys = gx.tolist(), gy.tolist()
    is_blocked, going = blocked.tolist(), factor.tolist()

    def heuristic(i, j):
        return max(0.0, math.hypot(aim[0] - xs[i][j], aim[1] - ys[i][j]) - slack)

    si, sj = node_of(start.x, start.y)
    si, sj = min(max(si, 0), nx - 1), min(max(sj, 0), ny - 1)
    start_cost = math.dist((start.x, start.y), (xs[si][sj], ys[si][sj]))
    best = {(si, sj): start_cost}
    came: dict = {}
    frontier = [(start_cost + heuristic(si, sj), start_cost, si, sj)]
    goal_set = {tuple(g) for g in goals.tolist()}
    found = None
    limit = mover.allowance + step
    moves = _grid_moves(step)
    while frontier:
        _, cost, i, j = heapq.heappop(frontier)
        if cost > best.get((i, j), math.inf) + EPS:
            continue
        if (i, j) in goal_set:
            found = (i, j)
            break
        here = going[i][j]
        for di, dj, length, over_i, over_j in moves:
            a, b = i + di, j + dj
            if not (0 <= a < nx and 0 <= b < ny) or is_blocked[a][b]:
                continue
            # the long knight step must not jump a blocked cell
            if over_i is not None and is_blocked[i + over_i][j + over_j]:
                continue
            new = cost + length * (here + going[a][b]) / 2
            if new > limit or new >= best.get((a, b), math.inf):
                continue
            best[(a, b)] = new
            came[(a, b)] = (i, j)
            heapq.heappush(frontier, (new + heuristic(a, b), new, a, b))
    if found is None:
        return None
    cells = [found]
    while cells[-1] in came:
        cells.append(came[cells[-1]])
    cells.reverse()
    route = [(float(gx[c]), float(gy[c])) for c in cells]
    if route and math.dist(route[0], (start.x, start.y)) < EPS:
        route = route[1:]
    if goal_point is not None:
        if not route or math.dist(route[-1], goal_point) > EPS:
            route.append(goal_point)
    elif defended is not None and defended[0][found]:
        # up to the barrier the target defends: to the nearest point where the base touches it
        last = route[-1] if route else (start.x, start.y)
        footprint = defended[1]
        near = footprint.exterior.interpolate(footprint.exterior.project(Point(last)))
        dx, dy = last[0] - near.x, last[1] - near.y
        d = math.hypot(dx, dy) or 1.0
        route.append((near.x + dx / d * (r + table.units.tolerance / 4),
                      near.y + dy / d * (r + table.units.tolerance / 4)))
    else:
        last = route[-1] if route else (start.x, start.y)
        route.append(approach(last, charge_target, start))
    targets = (target,) if target else ()
    route = _written(_straighten(table, models, start, route, mover, targets))
    try:
        check_path(table, models, start, route, mover, targets=targets)
    except IllegalAction:
        return None
    return route


def _written(points) -> list[tuple[float, float]]:
    """Waypoints as the notation writes them (three decimals), so a path found is the path
    recorded and replayed."""
    return [(round(float(x), 3), round(float(y), 3)) for x, y in points]


def _straighten(table, models, start: Disc, route, mover: Mover, targets) -> list:
    """Drop waypoints while the shorter route stays legal and no dearer ('string pulling')."""
    points = [(start.x, start.y)]
    for p in route:  # first drop the grid's collinear steps
        if len(points) >= 2:
            (ax, ay), (bx, by) = points[-2], points[-1]
            if abs((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)) < EPS:
                points[-1] = p
                continue
        points.append(p)
    out = [points[0]]
    i = 0
    while i < len(points) - 1:
        j = len(points) - 1
        while j > i + 1:
            candidate = out[1:] + [points[j]] + points[j + 1:]
            try:
                check_path(table, models, start, candidate, mover, targets=targets)
                break
            except IllegalAction:
                j -= 1
        out.append(points[j])
        i = j
    return out[1:]


# ---------------------------------------------------------------- sight

# The body a shooter must see is sampled across the middle three quarters of its base and
# at four heights; see docs/strategy-battle.md ('Can I See?').
BODY_ACROSS = (-0.75, -0.375, 0.0, 0.375, 0.75)
BODY_HEIGHTS = (0.2, 0.45, 0.7, 0.95)
# A model standing in the way hides what is behind its body, not its whole base: a cylinder
# of this fraction of the base's width (a man is about 15mm across on a 25mm base).
BODY_WIDTH = 0.6


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
        found.append((m.key, "model", m, table.ground_at(m.x, m.y) + m.height, None))
    return found


def _barrier_ground(table: Table, barrier: Barrier) -> float:
    """The height of the ground under the middle of a barrier."""
    mid = barrier.line.interpolate(0.5, normalized=True)
    return table.ground_at(mid.x, mid.y)


def _intervals(a, b, blocker) -> list[tuple[float, float]]:
    kind, shape = blocker[1], blocker[2]
    if kind == "model" and shape.half <= 0:
        hit = _segment_circle_interval(a, b, (shape.x, shape.y), shape.radius * BODY_WIDTH)
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
    length = seg.length
    parts = seg.intersection(shape)
    out = []
    for g in getattr(parts, "geoms", [parts]):
        coords = list(getattr(g, "coords", []))
        if not coords:
            continue
        ts = [seg.project(Point(c)) / length for c in coords]
        out.append((min(ts), max(ts)))
    return out


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
            z = ground_t + frac * target.height
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
            hit = _segment_circle_interval(start, far, (m.x, m.y), disc.radius + m.radius)
            first = None if hit is None else hit[0]
        else:
            first = _first_within_carried(start, far, disc, m)   # it keeps its heading
        if first is not None and ahead > EPS and first * distance < at - EPS:
            struck, at = m.key, first * distance
    return (disc.x + direction[0] * at, disc.y + direction[1] * at), struck


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


def obstacle_stops(points: Sequence[tuple[float, float]], body: Disc, footprint,
                   crossing_at: float) -> tuple[float, float]:
    """Distances along the path where the base first touches an obstacle before
    `crossing_at`, and where it is clear of it again beyond ('Jumping an Obstacle'); a long
    base faces along the path as it goes."""
    def touching(s):
        x, y = point_along(points, s)
        here = replace(body, x=x, y=y, heading=heading_along(points, s, body.heading))
        return footprint.distance(core(here)) <= body.radius + EPS

    lo, hi = 0.0, crossing_at            # the first touch lies between a free start and the crossing
    if touching(0.0):
        before = 0.0
    else:
        for _ in range(40):
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if touching(mid) else (mid, hi)
        before = lo
    total = path_length(points)
    lo, hi = crossing_at, total           # clear again somewhere after the crossing
    for _ in range(40):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if touching(mid) else (lo, mid)
    return before, hi
