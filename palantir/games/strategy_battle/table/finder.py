"""The path finder: a grid search for the cheapest legal path to a point or a charge, the
retreat away from enemies, and the Reach bound of how far a model can get.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import replace
from typing import Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, Point
from shapely.ops import unary_union

from ....engine.errors import IllegalAction
from ....engine.procedure import Refusal
from .units import EPS
from .bases import Disc, approach, gap, in_contact, node_distance, reach_radius, touches
from .terrain import Table
from .paths import Mover, RULE_CHARGES, check_path


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
        # a fortress's passages (a doorway, a raised ladder) are walked through
        if barrier.kind_for(start.barrier_height) not in ("stride", "passage"):
            inflated.append(barrier.footprint.buffer(r))
    for area in table.sheer_edges:
        # 'Climbing': the search keeps off a sheer side the model cannot stride up (a
        # straight path may still jump or drop down it, as check_path judges)
        if area.ground >= start.barrier_height / 2:
            inflated.append(area.shape.exterior.buffer(step * 0.75))
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


def _cheapest(gx, gy, blocked, factor, start: Disc, step: float, limit: float, x0, y0, *,
              goals=frozenset(), heuristic=None):
    """The one search of the path finder: Dijkstra from the start over the grid (A* when a
    `heuristic` (i, j) -> a lower bound of the cost left is given), stopping at the first of
    `goals` reached. The cheapest cost of every node reached, the way back, the goal found."""
    nx, ny = gx.shape
    si = min(max(int(round((start.x - x0) / step)), 0), nx - 1)
    sj = min(max(int(round((start.y - y0) / step)), 0), ny - 1)
    first = math.dist((start.x, start.y), (gx[si, sj], gy[si, sj]))
    best = {(si, sj): first}
    came: dict = {}
    frontier = [(first + heuristic(si, sj) if heuristic else first, first, si, sj)]
    # the search reads single cells thousands of times: plain lists read them far quicker
    # than numpy indexing, and hold the very same floats
    is_blocked, going = blocked.tolist(), factor.tolist()
    moves = _grid_moves(step)
    while frontier:
        _, cost, i, j = heapq.heappop(frontier)
        if cost > best.get((i, j), math.inf) + EPS:
            continue
        if (i, j) in goals:
            return best, came, (i, j)
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
            heapq.heappush(frontier, (new + heuristic(a, b) if heuristic else new, new, a, b))
    return best, came, None


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
            check_path(table, models, start, first, mover, falls=False)
        except IllegalAction:
            return "stay", []
        origin = start.at(*first[0])
        budget = replace(mover, allowance=mover.allowance - abs(lead))
    result = _retreat_from(table, models, origin, budget, away_from, radius, step)
    if result[0] != "move" or not lead:
        return result
    route = first + result[1]
    try:
        check_path(table, models, start, route, mover, falls=False)
    except IllegalAction:
        return "stay", []
    return "move", route


def _retreat_from(table: Table, models, start: Disc, mover: Mover, away_from, radius: float,
                  step: float):
    grid = _grid(table, models, start, mover, step, radius=radius)
    if grid is None:
        return "stay", []
    gx, gy, blocked, factor, x0, y0 = grid
    best, came, _ = _cheapest(gx, gy, blocked, factor, start, step, mover.allowance, x0, y0)
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
        route = _route_to(node, came, gx, gy, start)
        route = _straighten(table, models, start, route, mover, ())
        try:
            check_path(table, models, start, route, mover, falls=False)
        except IllegalAction:
            continue
        return "move", route
    return "stay", []


def _defended_goal(table: Table, start: Disc, target: Disc, gx, gy, blocked, step):
    """Grid cells from which a charger can step to the barrier its target defends, with it."""
    if target.prone:
        return None         # 'Models on the Ground': lying down, he defends nothing
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
        raise Refusal(RULE_CHARGES, f"there is no model '{target}' to charge")
    step = step or table.units.rule(0.25, 0.5)
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
                       targets=(target,) if target else (), falls=False)
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

    xs, ys = gx.tolist(), gy.tolist()

    def heuristic(i, j):
        return max(0.0, math.hypot(aim[0] - xs[i][j], aim[1] - ys[i][j]) - slack)

    _, came, found = _cheapest(gx, gy, blocked, factor, start, step, mover.allowance + step,
                               x0, y0, goals={tuple(g) for g in goals.tolist()},
                               heuristic=heuristic)
    if found is None:
        return None
    route = _route_to(found, came, gx, gy, start)
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
        check_path(table, models, start, route, mover, targets=targets, falls=False)
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
                check_path(table, models, start, candidate, mover, targets=targets,
                           falls=False)
                break
            except IllegalAction:
                j -= 1
        out.append(points[j])
        i = j
    return out[1:]


def _route_to(node, came, gx, gy, start) -> list[tuple[float, float]]:
    """The grid search's way from `start` to `node` as table points, back along `came`
    (the start's own cell left out)."""
    cells = [node]
    while cells[-1] in came:
        cells.append(came[cells[-1]])
    cells.reverse()
    route = [(float(gx[c]), float(gy[c])) for c in cells]
    if route and math.dist(route[0], (start.x, start.y)) < EPS:
        route = route[1:]
    return route


def reach_area(table: Table, models: Iterable[Disc], start: Disc, mover: Mover,
               step: float | None = None):
    """Where a model's centre may end a move that is no charge (a presentation hook: the
    area a table shades): the path finder's grid nodes reachable within the allowance over
    its moves and prices, keeping clear of bases, impassable ground, barriers that are not
    strided over and enemy control zones, as squares of the grid merged into one shape."""
    step = table.units.rule(0.25, 0.5) if step is None else step
    others = [m for m in models if m.key != start.key]
    grid = _grid(table, others, start, mover, step)
    if grid is None:
        return shapely.Polygon()
    gx, gy, blocked, factor, x0, y0 = grid
    nx, ny = gx.shape
    si = min(max(int(round((start.x - x0) / step)), 0), nx - 1)
    sj = min(max(int(round((start.y - y0) / step)), 0), ny - 1)
    first = math.dist((start.x, start.y), (gx[si, sj], gy[si, sj]))
    cost = _grid_costs(blocked, factor, si, sj, first, step, mover.allowance)
    reached = np.isfinite(cost) & ~blocked
    reached[si, sj] = True
    xs, ys = gx[reached], gy[reached]
    half = step / 2
    return shapely.union_all(shapely.box(xs - half, ys - half, xs + half, ys + half))
