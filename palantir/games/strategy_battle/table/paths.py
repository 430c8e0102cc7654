"""Path checks and control zones ('The Move Phase': moving, terrain, barriers, charges,
the Control Zone rule): whether a written path is a legal move, and what it crosses.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Iterable, Sequence

from shapely.geometry import LineString, Point
from shapely.ops import substring, unary_union

from ....engine.errors import IllegalAction
from ....engine.procedure import Refusal
from .units import EPS
from .bases import (Disc, box_within, core, core_distance, core_points, core_shape, far_apart, gap,
                    heading_along, heading_of, in_contact, outline, overlapping, path_length,
                    point_along, segment_circle_interval, segment_point_distance, swept_cores,
                    swept_distance, touches)
from .terrain import Table


RULE_MOVING = "The Move Phase: Moving the Models"
RULE_CONTROL_ZONE = "The Move Phase: Control Zone rule"
RULE_TERRAIN = "The Move Phase: Terrain"
RULE_BARRIERS = "The Move Phase: Barriers and Obstacles"
RULE_TABLE_EDGE = "The Move Phase: models are not allowed to move off the gaming table"
RULE_CHARGES = "The Move Phase: Charges"
RULE_GAP = "The Move Phase: Jumping a Gap"
RULE_DEFENDING = "Defending a Barrier"
RULE_CLIMBING = "Climbing"
RULE_CAVALRY_JUMPING = "Cavalry: Jumping (Cavalry)"
RULE_CAVALRY_EXCEPTIONS = "Cavalry: Other Exceptions"


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

    barrier: str            # the barrier's name; for a sheer side, its area's
    kind: str               # stride, obstacle or gap; at a sheer side, ascent or drop
    at: float               # distance along the path where the centre crosses its line
    height: float = 0.0     # an ascent's rise, a drop's fall (table units)


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
            raise Refusal(RULE_MOVING, f"waypoint {i + 1} is not a pair of numbers") from None
        if not (math.isfinite(x) and math.isfinite(y)):
            raise Refusal(RULE_MOVING, f"waypoint {i + 1} is not a finite point")
        if (x, y) != points[-1]:
            points.append((x, y))
    return points


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
               turning: bool | None = None, pass_loose: bool = False,
               falls: bool = True, over_prone: bool = False) -> PathReport:
    """Check a move along waypoints; raise IllegalAction naming the manual's rule, else report it.

    `targets` makes the move a charge: it must end touching one of them, and once within
    1"/2cm of a target the other enemies' control zones no longer stop it ('Control Zone
    rule'). `ignore_zones` is the second exception: movement caused by another rule.
    A long (cavalry) base turns to face along each stretch of its own move ('turning is
    free'); moved by another rule (backing away, making way) it keeps its heading, unless
    `turning` says otherwise. `pass_loose`: loose mounts step aside to let it pass ('Loose
    Mounts'); they are made way for afterwards. `falls`: a jump down a drop of more than
    twice the model's height (which hurts, 'Climbing') is allowed; the path finder never
    takes one unasked. `over_prone`: the path may jump over models lying on the ground
    ('Models on the Ground': "in the same way as an obstacle").
    """
    models = tuple(models)
    try:
        # the verdict on a path is remembered with everything it was reached from (the
        # referee checks again the path a search found; rollouts check the same moves)
        key = (models, start, tuple(tuple(p) for p in path), mover, tuple(targets),
               may_leave_table, ignore_zones, cost_limit, turning, pass_loose, falls,
               over_prone)
        hash(key)
    except TypeError:
        key = None              # waypoints that are not pairs of numbers: judged afresh
    known = table.answers("path checks")
    if key is None or key not in known:
        try:
            verdict = ("legal", _judge_path(table, models, start, path, mover, targets,
                                            may_leave_table, ignore_zones, cost_limit,
                                            turning, pass_loose, falls, over_prone))
        except IllegalAction as exc:
            verdict = ("illegal", exc.reason, exc.rule)
        if key is None:
            known = {}
        known[key] = verdict
    verdict = known[key]
    if verdict[0] == "illegal":
        raise Refusal(verdict[2], verdict[1])
    report = verdict[1]
    return replace(report, crossings=list(report.crossings), contacts=list(report.contacts),
                   across=list(report.across))


def _judge_path(table: Table, models: Sequence[Disc], start: Disc, path: Sequence,
                mover: Mover, targets: Sequence[str], may_leave_table: bool,
                ignore_zones: bool, cost_limit: float | None, turning: bool | None,
                pass_loose: bool, falls: bool = True,
                over_prone: bool = False) -> PathReport:
    """check_path's judgement itself."""
    points = _points(start, path)
    tol = table.units.tolerance
    others = [m for m in models if m.key != start.key]
    by_key = {m.key: m for m in others}
    for key in targets:
        if key not in by_key:
            raise Refusal(RULE_CHARGES, f"there is no model '{key}' to charge")
        if by_key[key].side == start.side:
            raise Refusal(RULE_CHARGES, f"'{key}' is a friend; only enemies can be charged")
    r = start.radius
    turning = not ignore_zones if turning is None else turning
    cores = swept_cores(start, points, turning)
    # the table edge: a base must stay wholly on the table
    if not may_leave_table:
        for p in (points[1:] if start.half <= 0 else
                  [q for c in cores for q in core_points(c)]):
            if not table.on_table(p[0], p[1], r):
                raise Refusal(RULE_TABLE_EDGE, f"the path leaves the table at ({p[0]:g}, {p[1]:g})")
    # models: the swept base may not pass through any other base, friend or foe (but leap
    # one lying on the ground)
    leapt: set[str] = set()
    for c in cores:
        for m in others:
            if m.loose and pass_loose:
                continue
            # a base far off the stretch's box (its spine reaching `half` from its centre,
            # a hair to spare for rounding) is clear of it without measuring
            if c[0] == "segment" and far_apart(c[1], c[2], m.x, m.y,
                                                r + m.radius - tol + m.half + 1e-9):
                continue
            if swept_distance(c, m) < r + m.radius - tol:
                if m.prone and over_prone and start.half <= 0 and len(points) > 1:
                    leapt.add(m.key)
                    continue
                raise Refusal(RULE_MOVING, f"the path passes through '{m.key}' (gaps must be at "
                                           "least as wide as the base)")
    swept = _Sweep(points, start, cores, r)
    if (not table.impassable.is_empty
            and swept.may_meet(table.extent(("impassable",), table.impassable))
            and swept.shape.intersection(table.impassable).area > tol * tol):
        raise Refusal(RULE_TERRAIN, "the path enters impassable terrain")
    end = start.at(*points[-1])
    if start.half > 0 and turning and len(points) > 1:
        end = replace(end, heading=heading_of(points[-2], points[-1], start.heading))
    crossings = _barrier_crossings(table, points, start, swept, tol, end)
    steps = elevation_steps(table, points, start)
    for step in steps:
        _check_step(step, start, falls)
    crossings = sorted(crossings + [s for s in steps if s.kind != "stride"]
                       + _leaps(points, end, [by_key[k] for k in sorted(leapt)], tol),
                       key=lambda c: c.at)
    cost = path_cost(table, points, mover)
    limit = mover.allowance if cost_limit is None else cost_limit
    if cost > limit + 1e-6:
        raise Refusal(RULE_TERRAIN
                            if cost > path_length(points) + 1e-6 else RULE_MOVING,
                      f"the path costs {cost:.2f}{table.units.name} of movement; "
                      f"only {limit:g}{table.units.name} is allowed")
    if not ignore_zones:
        _check_control_zones(table, others, start, points, targets)
        if not targets:
            _check_defenders_zones(table, others, start, swept)
    if pass_loose:
        for m in others:
            if m.loose and overlapping(end, m, tol):
                raise Refusal(RULE_MOVING, f"a move cannot end on the loose mount '{m.key}'")
    contacts = [m.key for m in others if m.side != start.side and in_contact(end, m, tol)]
    across = []
    for key in targets:
        # 'Defending': charging a defender means reaching the barrier inside his zone
        barrier = defended_across(table, end, by_key[key])
        if barrier is not None:
            across.append((key, barrier))
    if table.sheer_edges:
        _check_levels(table, end, [by_key[k] for k in contacts])
    if targets:
        if not set(contacts) & set(targets) and not across:
            raise Refusal(RULE_CHARGES,
                          "a charge must end in base contact with its target, or at the "
                          "barrier it defends")
        extra = [k for k in contacts if k not in targets]
        if extra:
            raise Refusal(RULE_CHARGES,
                          f"the charge also touches '{extra[0]}', which was not declared "
                          "a target")
    elif contacts:
        raise Refusal(RULE_CHARGES, f"moving into touch with '{contacts[0]}' is a charge")
    return PathReport(points[-1], path_length(points), cost, crossings, contacts, across)


def _check_levels(table: Table, end: Disc, touched: Sequence[Disc]) -> None:
    """'Climbing': a move does not end touching an enemy on ground more than twice the
    model's height above or below it — the sheer side between them must be climbed."""
    here = table.ground_at(end.x, end.y)
    for m in touched:
        if abs(table.ground_at(m.x, m.y) - here) > 2 * end.barrier_height + EPS:
            raise Refusal(RULE_CLIMBING, f"'{m.key}' stands more than twice the model's height "
                                         "above or below it: the side must be climbed")


def _leaps(points, end: Disc, lying: Sequence[Disc], tol: float) -> list[Crossing]:
    """The models on the ground a path jumps over, each where the path passes nearest its
    centre ('Models on the Ground'); the move may not end on one."""
    if not lying:
        return []
    out = []
    line = LineString(points)
    for m in lying:
        if overlapping(end, m, tol):
            raise Refusal(RULE_MOVING, f"a move cannot end on '{m.key}', lying on the ground")
        out.append(Crossing(m.key, "over", line.project(Point(m.x, m.y))))
    return out


def elevation_steps(table: Table, points, start: Disc) -> list[Crossing]:
    """Where the centre's path goes up or down a sheer side ('Climbing'): a step lower
    than half the model's height is strided (as a barrier would be); a rise of up to twice
    its height is an 'ascent' made as an obstacle is jumped; a higher one a 'climb'; a drop
    of up to twice its height is jumped down freely ('stride'); a deeper one a 'drop'.
    Cavalry are judged by the mount ('Barriers and Obstacles (Cavalry)')."""
    if not table.sheer_edges or len(points) < 2:
        return []
    line = None
    along = []
    for area in table.sheer_edges:
        box = table.extent(("area", area.name), area.shape)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        if max(xs) < box[0] or min(xs) > box[2] or max(ys) < box[1] or min(ys) > box[3]:
            continue
        if line is None:
            line = LineString(points)
        hit = line.intersection(area.shape.exterior)
        for g in getattr(hit, "geoms", [hit]):
            if not g.is_empty:
                along += [line.project(Point(c)) for c in g.coords]
    total, eps = path_length(points), 1e-4
    height = start.barrier_height
    out: list[Crossing] = []
    seen: list[float] = []
    for at in sorted(along):
        if any(abs(at - s) <= 2 * eps for s in seen):
            continue
        seen.append(at)
        before = table.ground_at(*point_along(points, max(0.0, at - eps)))
        after = table.ground_at(*point_along(points, min(total, at + eps)))
        rise = after - before
        if abs(rise) <= EPS:
            continue
        name = _sheer_between(table, points, at, eps)
        if rise > 0:
            kind = ("stride" if rise < height / 2 else "ascent" if rise <= 2 * height
                    else "climb")
        else:
            kind = "stride" if -rise <= 2 * height else "drop"
        out.append(Crossing(name, kind, at, abs(rise)))
    return out


def _sheer_between(table: Table, points, at: float, eps: float) -> str:
    """The name of the sheer area whose side the path crosses at `at` (the higher one)."""
    best, name = -1.0, ""
    for s in (at - eps, at + eps):
        p = Point(*point_along(points, max(0.0, s)))
        for area in table.sheer_edges:
            if area.ground > best and area.shape.covers(p):
                best, name = area.ground, area.name
    return name


def _check_step(step: Crossing, start: Disc, falls: bool) -> None:
    """A step up or down a sheer side a path may take: no climbing within a move (the
    'climb' decision does it), no mount jumping down more than twice its height, and a
    dangerous drop only when `falls` allows it."""
    if step.kind == "climb":
        if start.mount_height:
            raise Refusal(RULE_CAVALRY_EXCEPTIONS, f"cavalry models cannot climb "
                                                   f"'{step.barrier}'")
        raise Refusal(RULE_CLIMBING, f"the side of '{step.barrier}' is more than twice the "
                                     "model's height: it must be climbed ('climb')")
    if step.kind == "drop" and start.mount_height:
        raise Refusal(RULE_CAVALRY_JUMPING, "a mount cannot jump down a sheer drop more than "
                                            f"double its own height ('{step.barrier}')")
    if step.kind == "drop" and not falls:
        raise Refusal(RULE_CLIMBING, f"the drop from '{step.barrier}' is more than twice the "
                                     "model's height")


class _Sweep:
    """The ground a base sweeps along a path, drawn as a shapely polygon only when a terrain
    shape comes near enough to matter (drawing it is the dearest part of a path check)."""

    def __init__(self, points, start: Disc, cores, radius: float):
        self.points, self.start, self.cores, self.radius = points, start, cores, radius
        spines = points if start.half <= 0 else [q for c in cores for q in core_points(c)]
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
        return unary_union([core_shape(c).buffer(r) for c in self.cores])


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
    if defender.prone:
        return None         # 'Models on the Ground': lying down, he does not defend it
    for barrier in table.barriers:
        if barrier.kind_for(charger.barrier_height) == "stride":
            continue
        if barrier.height >= defender.height:
            continue
        box = table.extent(("barrier", barrier.name), barrier.footprint)
        if not (box_within(box, charger, tol) and box_within(box, defender, tol)):
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


def defenders_zones(table: Table, defender: Disc, mover: Disc) -> list[tuple[str, object]]:
    """(barrier, zone) for each barrier `defender` defends against `mover`: the ground on the
    far side "immediately in front of the defender's base plus 1"/2cm either side", as deep
    as the barrier's own half width and a control zone ('Defending a Barrier'). A barrier
    the mover would stride over, or the defender cannot see over, is not defended."""
    tol, cz = table.units.tolerance, table.units.control_zone
    out = []
    if defender.prone:
        return out          # 'Models on the Ground': "cannot count as defending it"
    for barrier in table.barriers:
        if (barrier.kind_for(mover.barrier_height) == "stride"
                or barrier.height >= defender.height):
            continue
        box = table.extent(("barrier", barrier.name), barrier.footprint)
        if not box_within(box, defender, tol) or not touches(barrier.footprint, defender, tol):
            continue
        line = barrier.line
        along = line.project(Point(defender.x, defender.y))
        reach = defender.radius + cz
        stretch = substring(line, max(0.0, along - reach), min(line.length, along + reach))
        depth = barrier.width / 2 + cz
        left = stretch.buffer(depth, single_sided=True)
        right = stretch.buffer(-depth, single_sided=True)
        centre = Point(defender.x, defender.y)
        out.append((barrier.name, right if left.distance(centre) <= right.distance(centre)
                    else left))
    return out


def _check_defenders_zones(table: Table, others: Sequence[Disc], start: Disc,
                           swept: _Sweep) -> None:
    """'Defending a Barrier': "No enemy can move into the defender's zone of control except
    to fight him" — a move that is not a charge may not enter it (one that starts in it, as
    the Control Zone rule's third exception, is judged by the ordinary zone alone)."""
    tol = table.units.tolerance
    here = outline(start)
    for enemy in others:
        if enemy.side == start.side or not enemy.zone:
            continue
        for barrier, zone in defenders_zones(table, enemy, start):
            if here.intersection(zone).area > tol * tol:
                continue
            if swept.may_meet(zone.bounds) and swept.shape.intersection(zone).area > tol * tol:
                raise Refusal(RULE_DEFENDING, f"the path enters the zone in front of "
                                              f"'{enemy.key}', who defends '{barrier}': only "
                                              "a charge at him may enter it")


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
            raise Refusal(RULE_GAP if barrier.gap
                                else RULE_BARRIERS,
                          f"'{barrier.name}' is more than twice the model's height or "
                          "width; it cannot be crossed")
        hit = centre_line.intersection(barrier.line) if centre_line is not None else None
        if hit is None or hit.is_empty:
            raise Refusal(RULE_BARRIERS,
                          f"the base may not stand on or brush through '{barrier.name}'; "
                          "cross it or go round")
        first = min(centre_line.project(Point(c)) for g in getattr(hit, "geoms", [hit])
                    for c in g.coords)
        end_disc = outline(end if end is not None else start.at(*points[-1]))
        if end_disc.intersection(barrier.footprint).area > tol * tol:
            raise Refusal(RULE_BARRIERS, f"a model cannot end its move on '{barrier.name}'")
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


def first_within_carried(a, b, body: Disc, other: Disc) -> float | None:
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
        hit = segment_circle_interval(a, b, (other.x, other.y), reach)
        return None if hit is None else hit[0]
    length = math.dist(a, b)
    if other.half <= 0 and length > EPS:
        # the spine slides along its own line: the stretch of that line it covers at t is
        # [t * length, t * length + 2 * half] from its back end at the start
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        back = (a[0] - ux * mover.half, a[1] - uy * mover.half)
        front = (b[0] + ux * mover.half, b[1] + uy * mover.half)
        hit = segment_circle_interval(back, front, (other.x, other.y), reach)
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
            if far_apart(a, b, enemy.x, enemy.y, limit + start.half + enemy.half + 1e-9):
                continue
            if start.half <= 0 and enemy.half <= 0:
                near = segment_point_distance(a, b, (enemy.x, enemy.y))
            else:
                # a long base turned along the stretch (its heading kept on a stretch of no
                # length) sweeps its spine with it
                turned = replace(start, heading=heading_of(points[i], points[i + 1],
                                                           start.heading))
                near = swept_distance(swept_cores(turned, [a, b], True)[0], enemy)
            if near < limit:
                raise Refusal(RULE_CONTROL_ZONE,
                              f"the path enters the control zone of '{enemy.key}' "
                              "without charging it")


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
