"""Backing away after a fight ('Working Out a Fight'): the free spots a loser may back to,
making way for trapped fighters, trapped fighters, and knocking down with a cavalry charge."""

from __future__ import annotations

import math
from dataclasses import replace

from shapely.geometry import Point

from .....engine.errors import IllegalAction
from ... import table as geo
from ...notation import Move
from ...state import monstrous


RULE_BACK = "The Fight Phase: Working Out a Fight (backing away)"



RULE_MAKING_WAY = "The Fight Phase: Making Way For Trapped Fighters"



RULE_TRAPPED = "The Fight Phase: Trapped Fighters"



# the directions a beaten model is offered, nearest to straight away from its enemies first
_BACK_OFFSETS = (0, 15, -15, 30, -30, 45, -45, 60, -60, 75, -75, 90, -90, 105, -105, 120,
                 -120, 135, -135, 150, -150, 165, -165, 180)



# a spot written in the notation is rounded to three decimals: this much off 1"/2cm is exact
_ROUNDING = 0.003



# "other models must be moved slightly to make sure there is a gap" ('Trapped Fighters'): 1mm
_SLIGHTLY_MM = 1.0



def _rounded(point) -> tuple[float, float]:
    return Move.rounded([point])[0]



def line_is_free(state, me, end, others) -> bool:
    """Whether a base can move straight to `end`: on the table, not through other bases (the
    swept base), not into impassable ground, not over an obstacle ('Working Out a Fight': no
    backing away over an obstacle); control zones and difficult going do not matter."""
    # every other base counts as a friend here: touching an enemy is judged by the caller
    around = [replace(d, side=me.side) for d in others if d.key != me.key]
    mover = geo.Mover(math.dist((me.x, me.y), end) + 1e-6, difficult_factor=1.0)
    try:
        report = geo.check_path(state.table, around, me, [end], mover, ignore_zones=True)
    except IllegalAction:
        return False
    return not report.crossings



def touches_enemy(state, disc, others) -> bool:
    """Whether a base standing here touches an enemy base."""
    tol = state.units.tolerance
    return any(d.side != disc.side and d.key != disc.key and geo.in_contact(disc, d, tol)
               for d in others)



def _away(loser, winners) -> float:
    """The bearing straight away from the centre of the enemies a model was beaten by."""
    cx = sum(w.x for w in winners) / len(winners)
    cy = sum(w.y for w in winners) / len(winners)
    return math.atan2(loser.y - cy, loser.x - cx)



def _step(disc, bearing: float, distance: float) -> tuple[float, float]:
    return _rounded((disc.x + distance * math.cos(bearing), disc.y + distance * math.sin(bearing)))



def free_spots(state, loser, winners, count: int = 4) -> list[tuple[float, float]]:
    """Spots 1"/2cm away the beaten model could back away to on its own, straight away from
    its enemies first, each at least 45 degrees from the others offered (at most `count`)."""
    back = state.units.rule(1, 2)
    discs = state.discs()
    me = state.disc(loser, zone=False)
    base = _away(loser, winners)
    out, bearings = [], []
    for offset in _BACK_OFFSETS:
        if any(min((offset - b) % 360, (b - offset) % 360) < 45 for b in bearings):
            continue
        end = _step(me, base + math.radians(offset), back)
        if line_is_free(state, me, end, discs) and not touches_enemy(state, me.at(*end), discs):
            out.append(end)
            bearings.append(offset)
            if len(out) == count:
                break
    return out



def can_back_away(state, loser, winners) -> bool:
    """Whether the beaten model has any way back 1"/2cm without friends making way."""
    back = state.units.rule(1, 2)
    discs = state.discs()
    me = state.disc(loser, zone=False)
    base = _away(loser, winners)
    for offset in _BACK_OFFSETS:
        end = _step(me, base + math.radians(offset), back)
        if line_is_free(state, me, end, discs) and not touches_enemy(state, me.at(*end), discs):
            return True
    return False



def may_make_way(state, model, loser) -> bool:
    """A friend not fighting may make way ('Making Way For Trapped Fighters'); one lying on
    the ground may too."""
    return (model.side == loser.side and model.id != loser.id and not state.engaged(model))



def making_way_options(state, loser, winners, count: int = 3) -> list:
    """A few ways friends could make way for a beaten model that cannot back away on its own:
    for a direction, the friends in its path each step up to 1"/2cm (straight on first, then
    turning), and the beaten model backs through. As (spot, ((friend, spot), ...))."""
    back = state.units.rule(1, 2)
    tol = state.units.tolerance
    discs = state.discs()
    me = state.disc(loser, zone=False)
    base = _away(loser, winners)
    movable = {m.id for m in state.models.values() if may_make_way(state, m, loser)}
    out = []
    for offset in _BACK_OFFSETS:
        angle = base + math.radians(offset)
        end = _step(me, angle, back)
        blockers = [d for d in discs if d.key in movable and geo.segment_point_distance(
            (me.x, me.y), end, (d.x, d.y)) < me.radius + d.radius - tol]
        if not blockers:
            continue
        placed = {d.key: d for d in discs}
        way = []
        for friend in blockers:
            for turn in _BACK_OFFSETS:
                spot = _step(friend, angle + math.radians(turn), back)
                around = [d for k, d in placed.items() if k != friend.key]
                if (line_is_free(state, friend, spot, around)
                        and not touches_enemy(state, friend.at(*spot), around)):
                    way.append((friend.key, spot))
                    placed[friend.key] = friend.at(*spot)
                    break
            else:
                break
        else:
            option = (end, tuple(way))
            if option not in out and _way_is_legal(state, loser, end, tuple(way)) is None:
                out.append(option)
                if len(out) == count:
                    break
    return out



def _way_is_legal(state, loser, end, way) -> str | None:
    """Why this backing away (with these friends making way) is not allowed, or None."""
    back = state.units.rule(1, 2)
    tol = state.units.tolerance
    discs = state.discs()
    me = state.disc(loser, zone=False)
    if abs(math.dist((me.x, me.y), end) - back) > _ROUNDING:
        return f"{loser.id} backs away exactly {back:g}{state.units.name}"
    placed = {d.key: d for d in discs}
    for ident, spot in way:
        friend = state.models.get(ident)
        if friend is None or not may_make_way(state, friend, loser):
            return f"{ident} is not a friend of {loser.id} free to make way"
        if sum(1 for k, _ in way if k == ident) > 1:
            return f"{ident} makes way once"
        d = placed[ident]
        if geo.segment_point_distance((me.x, me.y), end, (d.x, d.y)) >= me.radius + d.radius - tol:
            return f"{ident} is not in the way of {loser.id}"
        if math.dist((d.x, d.y), spot) > back + _ROUNDING:
            return f"{ident} makes way by at most {back:g}{state.units.name}"
        around = [o for k, o in placed.items() if k != ident]
        if not line_is_free(state, d, spot, around) or touches_enemy(state, d.at(*spot), around):
            return (f"{ident} cannot make way to {spot[0]:g},{spot[1]:g}: not through models, "
                    "over an obstacle or into a fight")
        placed[ident] = d.at(*spot)
    others = [o for k, o in placed.items() if k != loser.id]
    if not line_is_free(state, me, end, others):
        return (f"{loser.id} cannot back away to {end[0]:g},{end[1]:g}: not through models, "
                "over an obstacle, into impassable ground or off the table")
    if touches_enemy(state, me.at(*end), others):
        return f"{loser.id} may not back away into touch with an enemy"
    return None



def check_back(state, loser, winners, action) -> str | None:
    """Why the beaten side's `back` decision for this model is not allowed, or None."""
    if action.way and can_back_away(state, loser, winners):
        # 'Making Way': friends make way only for a model their bodies keep from backing away
        return f"{loser.id} can back away without friends making way"
    return _way_is_legal(state, loser, action.to, action.way)



def farthest_back(state, loser, winners):
    """Where a trapped model is moved back to: 'as far as possible so that enemies are no
    longer touching' ('Trapped Fighters') — the farthest spot up to 1"/2cm straight along
    any direction (15 degree steps, straight away first) that touches no enemy; None if
    none does."""
    back = state.units.rule(1, 2)
    discs = state.discs()
    me = state.disc(loser, zone=False)
    base = _away(loser, winners)
    best, far = None, 0.0
    for offset in _BACK_OFFSETS:
        angle = base + math.radians(offset)
        lo, hi = 0.0, back
        if not line_is_free(state, me, _step(me, angle, back), discs):
            for _ in range(10):             # the longest free straight move this way
                mid = (lo + hi) / 2
                if line_is_free(state, me, _step(me, angle, mid), discs):
                    lo = mid
                else:
                    hi = mid
            hi = lo
        end = _step(me, angle, hi)
        if hi > far + 1e-6 and not touches_enemy(state, me.at(*end), discs):
            best, far = end, hi
    return best



def part_slightly(state, loser) -> list[str]:
    """'if necessary other models must be moved slightly to make sure there is a gap': each
    enemy touching a trapped model that cannot move is moved 1mm straight away from it,
    where it can be; the ids moved."""
    gap = state.units.from_mm(_SLIGHTLY_MM)
    discs = state.discs()
    me = state.disc(loser, zone=False)
    tol = state.units.tolerance
    moved = []
    for d in discs:
        if d.side == me.side or not geo.in_contact(me, d, tol):
            continue
        bearing = math.atan2(d.y - me.y, d.x - me.x)
        end = (d.x + gap * math.cos(bearing), d.y + gap * math.sin(bearing))
        if line_is_free(state, d, end, discs):
            state.models[d.key].x, state.models[d.key].y = end
            moved.append(d.key)
    return moved



def allocation_needed(state, losers) -> bool:
    """Whether the winners must say where each strike goes: several beaten enemies, or a
    beaten rider whose mount may be struck instead ('Multiple Combats', 'Strikes Against Mounts')."""
    return len(losers) > 1 or any(l.mounted for l in losers)



def rides_monstrous(state, model) -> bool:
    """Whether a model is mounted on a monstrous mount ('Monstrous Mounts')."""
    return model.mounted and monstrous(state.mounts[model.profile.mount])



def cavalry_bonus(state, model) -> bool:
    """'Cavalry Charge!': a rider who charged this turn and touches only warriors on foot, and is
    not in difficult terrain ('Moving Through Difficult Terrain'), has the charge bonuses; a
    monstrous mount keeps its bonus against enemy cavalry, but not against an enemy monstrous
    mount ('Monstrous mounts charge!')."""
    if not (model.mounted and model.charged) or model.id not in state.models:
        return False
    if state.table.difficult(False).covers(Point(model.x, model.y)):
        return False
    me = state.disc(model, zone=False)
    tol = state.units.tolerance
    foes = [m for m in state.models.values() if m.side != model.side
            and geo.in_contact(me, state.disc(m, zone=False), tol)]
    if rides_monstrous(state, model):
        return bool(foes) and not any(rides_monstrous(state, f) for f in foes)
    return bool(foes) and not any(f.mounted for f in foes)



def knockable(state, loser, chargers) -> bool:
    """Whether a charging rider's win knocks this foe down: not Strength 6 or more, unless
    the mount is that strong too ('Knock to the Ground'); a rider only by a monstrous mount
    ('Monstrous mounts charge!': "Knock to the Ground even enemy cavalry")."""
    if loser.mounted and not any(rides_monstrous(state, c) for c in chargers):
        return False
    if loser.profile.strength < 6:
        return True
    return any(state.mounts[c.profile.mount].strength >= 6 for c in chargers)
