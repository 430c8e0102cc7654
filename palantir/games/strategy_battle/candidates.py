"""The Move phase's candidate decisions for agents: a handful for one model at a time.

The full set of paths is continuous, so agents (and the numbered list of the terminal) are
offered a small abstraction of it, built for the *next* model to move in the general's
order — the acting side's models that may still move, those that could charge first, then
the rest nearest an enemy first (they make room for the ones behind), shooters last (they
keep their shot by moving little). Moving one model at a time keeps a search from trying the same moves in every
order, and costs the paths of one model per decision instead of all of them. For that
model:

    charge   every enemy in sight and reach ('Who Can Charge?')
    support  a spearman into touch behind a friend who is fighting ('Spears')
    advance  a full move towards the nearest enemy, stopping short of its control zone
             (straight as far as a straight line goes, else round what is in the way)
    cover    the best-covered place on the way when enemy shooters are near ('In the Way!')
    half     half a move, for a shooter ('Moving & Shooting')
    banner   a banner bearer to just behind the friend nearest the enemy, so that his fight
             is in range of the banner ('Banners')
    hold     staying put (a move to where it stands)
    climb    up or down a sheer side on the way to the nearest enemy, or on up or down the
             side it is on ('Climbing')
    lie      lying down where enemy shooters see it only in part ('Models on the Ground')

Any other legal decision may still be typed; `done` (listed by the referee) ends the side's
moves, the models not yet moved staying put.
"""

from __future__ import annotations

import math

from shapely.geometry import Point

from ...engine.errors import IllegalAction
from . import table as geo
from .phases import move as move_rules
from .state import allowed, carries_banner, ends_near_hero, is_loose
from .notation import Charge, Climb, Lie, Move

# the directions tried for a covered place, either side of straight at the enemy
COVER_TURNS = (0.0, 35.0, -35.0, 70.0, -70.0)
COVER_SHARES = (1.0, 0.6)         # full and most of a half move


def movable(state, model) -> bool:
    """Whether a model of the acting side may still make its move now."""
    if (model.side != state.acting or model.moved or model.immobilised
            or state.engaged(model)):
        return False
    if state.siege and any(model.id in s.get("carriers", ())
                           for s in state.siege["pieces"].values()):
        return False            # 'Battering Rams': its carriers move it together (haul)
    try:
        allowed(state, model, "")
    except IllegalAction:
        return False
    return True


def move_order(state) -> list:
    """The acting side's models that may move, in the general's order: those with an enemy
    within a move first (they may charge), then the rest, shooters last; each group
    nearest an enemy first, then by id."""
    enemies = [state.disc(m, zone=False) for m in state.models.values()
               if m.side != state.acting]

    def key(model):
        me = state.disc(model, zone=False)
        near = min((geo.gap(me, e) for e in enemies), default=0.0)
        charging = near <= state.mover(model).allowance
        return (not charging, not charging and model.profile.missile is not None,
                round(near, 3), model.id)

    return sorted((m for m in state.models.values() if movable(state, m)), key=key)


def move_candidates(state) -> list:
    """The candidate moves of the model picked to move next, else of the next model in the
    general's order that has any (see the module's docstring)."""
    discs = state.discs()
    picked = state.picked_model()
    if picked is not None:
        found = model_candidates(state, picked, discs)
        if found:
            return found
    for model in move_order(state):
        found = model_candidates(state, model, discs)
        if found:
            return found
    return []


def model_candidates(state, model, discs=None, *, charges=None, cover: bool = True) -> list:
    """Charges, support, advance, cover, half move and holding for one model, all legal.

    `charges`: the enemies to try charging, in order, instead of every one in sight and
    reach (a search's rollouts try the likeliest only); `cover`: look for a covered place."""
    discs = state.discs() if discs is None else discs
    if model.climbing is not None:
        return climb_candidates(state, model)
    me = state.disc(model)
    mover = state.mover(model)
    reach = geo.Reach(state.table, discs, me, mover)     # built on first need (speed)
    enemies = [m for m in state.models.values() if m.side != model.side]
    out: list = []
    seen: set[str] = set()

    def add(action, found: bool = True) -> None:
        text = str(action)
        if text in seen:
            return
        try:
            if found:
                # a path found is legal; only a heroic move's "With me!" may still refuse it
                ends_near_hero(state, model, action.path[-1])
            else:
                state.check_move(action)
        except IllegalAction:
            return
        seen.add(text)
        out.append(action)

    if charges is None:
        charges = sorted((e for e in enemies
                          if geo.gap(me, state.disc(e, zone=False)) <= mover.allowance + 1e-6),
                         key=lambda e: (geo.gap(me, state.disc(e, zone=False)), e.id))
    for enemy in charges:
        if not state.sees(model, enemy).visible:
            continue
        path = geo.find_path(state.table, discs, me, mover, target=enemy.id, bound=reach)
        if path is not None:
            add(Charge(model.id, (enemy.id,), Move.rounded(path)))
    for spot in support_places(state, model)[:3]:
        path = geo.find_path(state.table, discs, me, mover, to=spot, bound=reach)
        if path is not None:
            add(Move(model.id, Move.rounded(path)))
            break
    if enemies:
        nearest = min(enemies, key=lambda e: geo.gap(me, state.disc(e, zone=False)))
        for share in ((1.0, 0.5) if model.profile.missile else (1.0,)):
            path = advance_path(state, model, nearest, share, discs, reach)
            if path is not None:
                add(Move(model.id, path))
        spot = cover_point(state, model, nearest, discs) if cover else None
        if spot is not None:
            path = geo.find_path(state.table, discs, me, mover, to=spot, bound=reach)
            if path is not None:
                add(Move(model.id, Move.rounded(path)))
        out += climb_candidates(state, model, nearest)
    spot = banner_place(state, model) if enemies else None
    if spot is not None:
        path = geo.find_path(state.table, discs, me, mover, to=spot, bound=reach)
        if path is not None:
            add(Move(model.id, Move.rounded(path)))
    add(Move(model.id, Move.rounded([(model.x, model.y)])), found=False)      # hold
    out += lie_candidates(state, model, enemies)
    return out


def _legal(state, check, action) -> bool:
    try:
        check(state, action, str(action))
    except IllegalAction:
        return False
    return True


def climb_candidates(state, model, enemy=None) -> list:
    """'Climbing': on a sheer side, on up over its edge or back down; else, where the
    straight way to the nearest enemy meets a climbable side too high to jump, climbing it
    and coming out just beyond."""
    if not state.table.sheer_edges or model.mounted or is_loose(model) or model.prone:
        return []
    me = state.disc(model, zone=False)
    out = []
    if model.climbing is not None:
        area = next(a for a in state.table.areas if a.name == model.climbing[0])
        edge = area.shape.exterior
        near = edge.interpolate(edge.project(geo_point(me)))
        dx, dy = near.x - me.x, near.y - me.y
        d = math.hypot(dx, dy) or 1.0
        up = (near.x + dx / d * me.radius * 1.5, near.y + dy / d * me.radius * 1.5)
        down = (me.x - dx / d * me.radius, me.y - dy / d * me.radius)
        for spot in (up, down):
            action = Climb(model.id, ((round(spot[0], 3), round(spot[1], 3)),))
            if _legal(state, move_rules.check_climb, action):
                out.append(action)
        return out
    if enemy is None:
        return []
    them = state.disc(enemy, zone=False)
    points = [(me.x, me.y), (them.x, them.y)]
    step = next((s for s in geo.elevation_steps(state.table, points, me)
                 if s.kind in ("climb", "drop", "ascent")), None)
    if step is None or step.kind == "ascent" or step.at > state.mover(model).allowance:
        return []
    spot = geo.point_along(points, step.at + me.radius * 1.5)
    action = Climb(model.id, ((round(spot[0], 3), round(spot[1], 3)),))
    return [action] if _legal(state, move_rules.check_climb, action) else []


def lie_candidates(state, model, enemies) -> list:
    """'Models on the Ground': lying down, for a model on foot that has not moved, that
    enemy shooters in range see only in part (a spotting roll then stands between it and
    their shots) and no enemy could charge."""
    if model.moved or model.mounted or is_loose(model) or model.prone:
        return []
    me = state.disc(model, zone=False)
    partly = False
    for e in enemies:
        if geo.gap(me, state.disc(e, zone=False)) <= state.allowance(e) + state.units.control_zone:
            return []
        if e.profile.missile is None:
            continue
        reach = state.units.rule(*state.charts.missiles[e.profile.missile].range)
        seen = state.sees(e, model)
        if seen.visible and seen.distance <= reach and seen.seen < 1 - 1e-9:
            partly = True
    action = Lie(model.id)
    return [action] if partly and _legal(state, move_rules.check_lie, action) else []


def geo_point(disc):
    """A base's centre as a shapely point."""
    return Point(disc.x, disc.y)
def banner_place(state, model):
    """Where a bearer stands just behind (on his own side of) the friend nearest an enemy,
    half an inch or a centimetre off his base: within the 3"/8cm of 'Banners'."""
    if not carries_banner(model):
        return None
    enemies = [state.disc(m, zone=False) for m in state.models.values() if m.side != model.side]
    friends = [m for m in state.models.values() if m.side == model.side and m.id != model.id
               and not carries_banner(m)]
    if not friends or not enemies:
        return None
    front = min(friends, key=lambda f: (min(geo.gap(state.disc(f, zone=False), e)
                                            for e in enemies), f.id))
    f, me = state.disc(front, zone=False), state.disc(model, zone=False)
    d = math.hypot(me.x - f.x, me.y - f.y)
    if d <= 0:
        return None
    step = f.radius + me.radius + state.units.rule(0.5, 1)
    if d <= step:
        return None               # already there
    return (round(f.x + (me.x - f.x) / d * step, 3), round(f.y + (me.y - f.y) / d * step, 3))


def advance_path(state, model, enemy, share: float, discs, reach):
    """Waypoints of an advance of `share` of the model's move towards `enemy`: straight as
    far as a straight line goes, else a path found round what is in the way, else the part
    of it the going allows; None if it cannot advance."""
    me, mover = state.disc(model), state.mover(model)
    for part in (1.0, 0.7, 0.4):
        spot = advance_point(state, model, enemy, mover.allowance * share * part - 0.01)
        if spot is None:
            return None
        try:
            geo.check_path(state.table, discs, me, [spot], mover, falls=False)
            return (spot,)
        except IllegalAction:
            continue
    # no straight line: a search (a failed one, at a wall to be jumped, is the dearest)
    for part in (1.0, 0.5):
        spot = advance_point(state, model, enemy, mover.allowance * share * part - 0.01)
        path = spot and geo.find_path(state.table, discs, me, mover, to=spot, bound=reach)
        if path:
            return Move.rounded(path)
    return None


def advance_point(state, model, enemy, distance: float):
    """The point `distance` straight towards `enemy`, short of its control zone, or None."""
    me, them = state.disc(model), state.disc(enemy, zone=False)
    d = geo.centre_distance(me, them)
    room = geo.gap(me, them) - state.units.control_zone - 0.05
    step = min(distance, room)
    if step <= 0.1 or d <= 0:
        return None
    return (round(me.x + (them.x - me.x) / d * step, 3),
            round(me.y + (them.y - me.y) / d * step, 3))


def support_places(state, model) -> list[tuple[float, float]]:
    """Where a spearman could stand touching a fighting friend, behind him first ('Spears':
    a friend on a base no bigger, using no two-handed weapon, and not yet supported)."""
    if "spear" not in model.profile.wargear or model.profile.mount or model.prone:
        return []
    tol = state.units.tolerance
    me = state.disc(model, zone=False)
    spots = []
    for friend in sorted(state.models.values(), key=lambda m: m.id):
        if (friend.side != model.side or friend.id == model.id or not state.engaged(friend)
                or friend.profile.base_mm > model.profile.base_mm
                or "two-handed weapon" in friend.profile.wargear
                or "banner" in friend.profile.wargear
                or _supported_already(state, friend, model)):
            continue
        f = state.disc(friend, zone=False)
        foes = [state.disc(m, zone=False) for m in state.models.values()
                if m.side != friend.side and (geo.in_contact(f, state.disc(m, zone=False), tol)
                                              or any(friend.id in p[:2] and m.id in p[:2]
                                                     for p in state.across))]
        if not foes:
            continue
        fx = sum(e.x for e in foes) / len(foes)
        fy = sum(e.y for e in foes) / len(foes)
        away = math.atan2(f.y - fy, f.x - fx)
        touch = f.radius + me.radius + tol / 4
        for turn in (0, 40, -40, 80, -80):
            a = away + math.radians(turn)
            spots.append((round(f.x + touch * math.cos(a), 3), round(f.y + touch * math.sin(a), 3)))
    spots.sort(key=lambda p: math.dist(p, (me.x, me.y)))
    return spots


def _supported_already(state, friend, spearman) -> bool:
    """Whether another spearman already touches this friend, ready to support him."""
    tol = state.units.tolerance
    f = state.disc(friend, zone=False)
    return any(m.side == friend.side and m.id not in (friend.id, spearman.id)
               and "spear" in m.profile.wargear and not state.engaged(m)
               and geo.in_contact(f, state.disc(m, zone=False), tol)
               for m in state.models.values())


def exposure(state, model, spot, discs) -> float:
    """How many hits enemy shooters could expect on a model standing at `spot`: each one in
    range that sees it hits on its Shoot value, then passes what is in the way on a 4+."""
    me = state.disc(model, zone=False).at(*spot)
    others = [d for d in discs if d.key != model.id] + [me]
    total = 0.0
    for enemy in state.models.values():
        if enemy.side == model.side or enemy.profile.missile is None or enemy.profile.shoot is None:
            continue
        missile = state.charts.missiles[enemy.profile.missile]
        them = state.disc(enemy, zone=False)
        # in range now, or after the enemy's own move (it may close in before shooting)
        reach = state.units.rule(*missile.range) + state.allowance(enemy) / 2
        if geo.gap(them, me) > reach:
            continue
        seen = geo.sight(state.table, others, them, me)
        if seen.visible:
            total += (7 - enemy.profile.shoot) / 6 * 0.5 ** len(seen.in_the_way) * seen.seen
    return total


def cover_point(state, model, enemy, discs):
    """A place towards `enemy` that enemy shooters see less of than the straight advance, or
    None when no enemy shoots or the advance is already as covered ('In the Way!')."""
    if not any(m.side != model.side and m.profile.missile for m in state.models.values()):
        return None
    me, them = state.disc(model), state.disc(enemy, zone=False)
    allowance = state.mover(model).allowance
    base = math.atan2(them.y - me.y, them.x - me.x)
    room = geo.gap(me, them) - state.units.control_zone - 0.05
    best, best_score, straight = None, math.inf, None
    for share in COVER_SHARES:
        for turn in COVER_TURNS:
            step = min(allowance * share - 0.01, room) if turn == 0 else allowance * share - 0.01
            if step <= 0.1:
                continue
            a = base + math.radians(turn)
            spot = (round(me.x + step * math.cos(a), 3), round(me.y + step * math.sin(a), 3))
            if not state.table.on_table(spot[0], spot[1], me.radius):
                continue
            if any(d.side != model.side and geo.gap(d, me.at(*spot)) < state.units.control_zone
                   for d in discs):
                continue
            progress = geo.gap(me, them) - geo.gap(me.at(*spot), them)
            score = exposure(state, model, spot, discs) - 0.02 * progress
            if turn == 0 and share == 1.0:
                straight = score
            if score < best_score:
                best, best_score = spot, score
    if best is None or (straight is not None and best_score >= straight - 0.05):
        return None
    return best
