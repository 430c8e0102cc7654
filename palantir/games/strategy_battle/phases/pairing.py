"""The Fight phase's geometry and weapons: matching touching models into fights, backing away,
making way and trapped fighters, charge bonuses, the choice of weapon, spears and pikes,
picking up weapons (the fight itself is worked out in combat.py, a barrier fight's order in
defending.py)."""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import combinations

from shapely.geometry import Point

from ...engine.errors import IllegalAction
from . import table as geo
from .notation import Move, Pair, Weapon
from .profiles import MISSILE_NAMES, default_data
from .cavalry import monstrous


RULE_FIGHTS = "The Move Phase: Fights"


def players_choose(state) -> bool:
    """Whether the players make the Fight phase's choices (the game option `fight_choices`;
    off, the referee's defaults decide: a quicker game)."""
    return bool(state.options.get("fight_choices", True))


def contacts(state, pool=None) -> dict[str, list[str]]:
    """For every model touching an enemy, the enemies it touches (ordered by id); with a
    pool, only models of the pool count."""
    tol = state.units.tolerance
    models = [m for m in state.models.values() if pool is None or m.id in pool]
    discs = {m.id: state.disc(m, zone=False) for m in models}
    touching: dict[str, list[str]] = {}
    for a in models:
        for b in models:
            if a.side != b.side and geo.in_contact(discs[a.id], discs[b.id], tol):
                touching.setdefault(a.id, []).append(b.id)
    # 'Defending': a charger and the defender across the barrier count as touching
    for charger, defender, _ in state.across:
        if charger in discs and defender in discs:
            for x, y in ((charger, defender), (defender, charger)):
                if y not in touching.setdefault(x, []):
                    touching[x].append(y)
    return {k: sorted(v) for k, v in sorted(touching.items())}


def _pairs_possible(state, touching, ids: set) -> int:
    """The most one-on-one pairs the touching models among `ids` can make (Kuhn's matching:
    the contact graph is Good against Evil, so matching from the Good side finds it)."""
    partner: dict[str, str] = {}

    def augment(a: str, seen: set) -> bool:
        for b in touching[a]:
            if b not in ids or b in seen:
                continue
            seen.add(b)
            if b not in partner or augment(partner[b], seen):
                partner[b] = a
                return True
        return False

    return sum(augment(a, set()) for a in sorted(ids)
               if a in touching and state.models[a].side == "good")


def as_kept(state, single: str, many) -> tuple[str, tuple[str, ...]]:
    """A fight as the state keeps it: the lone model and the sorted others; a one-on-one
    with the Good model first."""
    many = tuple(sorted(many))
    if len(many) == 1 and state.models[single].side == "evil":
        return many[0], (single,)
    return single, many


def _fits(state, touching, undivided: set, single: str, many) -> bool:
    """Whether this fight can be one of a division of the undivided models into as many fights
    as possible, one model on one side of each ('Fights'): the others all touch the lone
    model, and what is left can still be divided into one fight fewer, nobody left out."""
    members = {single, *many}
    if not many or len(members) != len(many) + 1 or not members <= undivided:
        return False
    if any(k not in touching.get(single, ()) for k in many):
        return False
    rest = undivided - members
    if any(not any(e in rest for e in touching[k]) for k in rest):
        return False
    return (_pairs_possible(state, touching, rest)
            == _pairs_possible(state, touching, undivided) - 1)


def _subsets(items):
    for n in range(1, len(items) + 1):
        yield from combinations(items, n)


def fights_with(state, touching, undivided: set, ident: str) -> list:
    """Every fight that model `ident` could be matched into now, as the state keeps fights."""
    near = [e for e in touching[ident] if e in undivided]
    found = {as_kept(state, ident, many) for many in _subsets(near)}
    for centre in near:
        others = [k for k in touching[centre] if k in undivided and k != ident]
        found.add(as_kept(state, centre, (ident,)))
        found.update(as_kept(state, centre, (ident, *extra)) for extra in _subsets(others))
    return sorted(f for f in found if _fits(state, touching, undivided, *f))


def _undivided(state, touching) -> set:
    matched = {k for single, many in state.fights for k in (single, *many)}
    return set(touching) - matched


def divide_fights(state, pool=None) -> bool:
    """Match touching models into fights ('Fights'): each fight that can be made only one way
    is made; True when the side with priority must choose how the rest are matched."""
    touching = contacts(state, pool)
    while True:
        undivided = _undivided(state, touching)
        if not undivided:
            return False
        made = False
        for ident in sorted(undivided):
            if ident not in undivided:
                continue
            options = fights_with(state, touching, undivided, ident)
            if len(options) == 1:
                single, many = options[0]
                state.fights = sorted([*state.fights, options[0]])
                undivided -= {single, *many}
                made = True
        if not made:
            if players_choose(state):
                return True
            # the quicker game's default: the first fight of the first model unmatched
            state.fights = sorted([*state.fights, fights_with(
                state, touching, undivided, min(undivided))[0]])


def _groups(touching) -> list[set]:
    """The touching models in groups joined by contact: a fight never spans two."""
    groups: list[set] = []
    for start in touching:
        if any(start in g for g in groups):
            continue
        group, todo = set(), [start]
        while todo:
            ident = todo.pop()
            if ident not in group:
                group.add(ident)
                todo.extend(touching[ident])
        groups.append(group)
    return groups


def _divides(state, touching, group: set, fights) -> bool:
    """Whether these fights are a legal division of a group of touching models ('Fights'):
    each model in one fight, the others of a fight all touching its lone model, and as many
    fights as one-on-one pairs can be made."""
    members = [k for single, many in fights for k in (single, *many)]
    if len(members) != len(set(members)) or set(members) != group:
        return False
    if any(k not in touching.get(single, ()) for single, many in fights for k in many):
        return False
    return len(fights) == _pairs_possible(state, touching, group)


def rematch_fights(state) -> bool:
    """At the start of the Fight phase, the fights as matched at the end of the Move phase
    (without the slain) are matched again where a model removed since (shot, slain by magic,
    thrown, fled) has changed who touches whom: a model touching an enemy left out of every
    fight, or a fight that could now be two ("all touching models must be included";
    "Opponents are always paired off where possible"; as after a heroic combat, "it may be
    necessary to rematch other fights ... the player with priority decides how combatants
    are matched, as normal"). The fights of a group of touching models still divided legally
    stay as they were; those of the others are divided afresh. True when the side with
    priority must choose how they are matched."""
    touching = contacts(state)
    kept, sound = [], True
    for group in _groups(touching):
        mine = [f for f in state.fights if f[0] in group]
        if _divides(state, touching, group, mine):
            kept += mine
        else:
            sound = False
    if sound and len(kept) == len(state.fights):
        return False            # nothing changed: the matching stands as it was
    state.fights = sorted(kept)
    state.news.append("who touches whom has changed since the fights were matched: "
                      "they are rematched")
    return divide_fights(state)


def pair_candidates(state) -> list:
    """The fights the side with priority may make next: those of the first model unmatched."""
    touching = contacts(state, state.question.get("pool"))
    undivided = _undivided(state, touching)
    return [Pair(single, many) for single, many in
            fights_with(state, touching, undivided, min(undivided))]


def answer_pair(state, action, text: str) -> None:
    """Take the side with priority's match of one fight; the forced ones follow at once."""
    if not isinstance(action, Pair):
        raise IllegalAction("the side with priority matches the fights, e.g. 'pair E1 G1+G2'",
                            rule=RULE_FIGHTS, action=text)
    pool = state.question.get("pool")
    touching = contacts(state, pool)
    undivided = _undivided(state, touching)
    for ident in (action.single, *action.many):
        if ident not in undivided:
            raise IllegalAction(f"{ident} is not a model waiting to be matched into a fight",
                                rule=RULE_FIGHTS, action=text)
    fight = as_kept(state, action.single, action.many)
    if not _fits(state, touching, undivided, *fight):
        raise IllegalAction(
            f"{action.single} against {'+'.join(action.many)} is not a fight of a division into "
            "as many fights as possible, each with one model on one side and every touching "
            "model in one", rule=RULE_FIGHTS, action=text)
    state.fights = sorted([*state.fights, fight])
    state.news.append(f"{fight[0]} will fight {'+'.join(fight[1])}")
    if not divide_fights(state, pool):
        state.question = None


# ---------------------------------------------------------------- resolving a fight

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


RULE_WEAPONS = "Weapons: More Than One Weapon"
RULE_SPEARS = "Weapons: Spears"
RULE_PICKING_UP = "Weapons: Picking Up Weapons"

# close-combat weapons a model may fight with, in the order the referee prefers by default;
# bladed bows and crossbows, throwing weapons, spears and pikes fight as hand weapons
# ('Bladed Bows & Crossbows', 'Throwing Weapons', 'Spears', 'Pikes')
AS_HAND_WEAPON = ("hand weapon", "spear", "pike", "orc bow", "uruk-hai crossbow",
                  "throwing weapon")
BOWS = ("bow", "orc bow", "elf bow", "dwarf bow", "uruk-hai crossbow")
TWO_HANDED = ("two-handed weapon", "elven blade two-handed")


def written(weapon: str) -> str:
    """A weapon's name as the notation writes it: hyphens for spaces."""
    return weapon.replace(" ", "-")


def weapon_options(state, model) -> list[str]:
    """The close-combat weapons a model could fight with that are worth a choice: no two with
    the same effect and none worse in both ways than another ('More Than One Weapon'; a
    lance is the shaft, as a dagger, when not charging, and cannot be used on foot; a
    two-handed weapon or an Elven blade in both hands cannot be used mounted, nor the blade
    so by a model with a shield or spear ('Elven Blades'))."""
    gear = model.profile.wargear    # with anything it has picked up
    names = []
    if "lance" in gear and model.mounted:
        names.append("lance")
    if "two-handed weapon" in gear and not model.mounted:
        names.append("two-handed weapon")
    if any(w in gear for w in AS_HAND_WEAPON):
        names.append("hand weapon")
    if "elven blade" in gear:
        names.append("elven blade")
        if not model.mounted and not any(w in gear for w in ("shield", "spear", "pike")):
            names.append("elven blade two-handed")
    if "dagger" in gear:
        names.append("dagger")
    if not names:
        # 'Knives & Daggers': a lance-armed model on foot has a knife at best; a monster with
        # no visible weapon is not penalised
        names.append("dagger" if "lance" in gear else "hand weapon")
    effects = {name: _effect_of(state, model, name) for name in names}
    kept: list[str] = []
    for name in names:
        d, w = effects[name]
        worse = any((d2, w2) != (d, w) and d2 >= d and w2 >= w for d2, w2 in effects.values())
        if not worse and all(effects[k] != (d, w) for k in kept):
            kept.append(name)
    return kept


def _effect_of(state, model, name: str) -> tuple[int, int]:
    if name == "lance":
        # 'Lances': +1 to wound when charging; not charging, the butt or shaft, as a dagger
        return state.charts.weapons["lance" if lance_charge(state, model) else "dagger"]
    if name in TWO_HANDED:
        return state.charts.weapons["two-handed weapon"]
    if name == "dagger":
        return state.charts.weapons["dagger"]
    return (0, 0)


def weapon_of(state, model) -> str:
    """The weapon a model fights with: its choice this Fight phase, else the first worth
    having (a two-handed weapon before a hand weapon, a hand weapon before a dagger)."""
    options = weapon_options(state, model)
    return model.weapon if model.weapon in options else options[0]


def weapon_effect(state, model) -> tuple[int, int]:
    """(duel, wound) modifiers of the weapon a model fights with ('Weapons')."""
    return _effect_of(state, model, weapon_of(state, model))


def fights_two_handed(state, model) -> bool:
    """Whether a model fights with a two-handed weapon (an Elven blade in both hands too)."""
    return weapon_of(state, model) in TWO_HANDED


def weapon_candidates(state, ident: str) -> list:
    """The weapons a model may choose between."""
    return [Weapon(ident, written(w)) for w in weapon_options(state, state.models[ident])]


def answer_weapon(state, action, text: str) -> None:
    """Take a model's choice of weapon for this Fight phase."""
    ident = state.question["model"]
    options = weapon_options(state, state.models[ident])
    if not isinstance(action, Weapon) or action.model != ident:
        raise IllegalAction(f"say which weapon {ident} fights with: "
                            f"{', '.join(written(w) for w in options)}", rule=RULE_WEAPONS,
                            action=text)
    chosen = {written(w): w for w in options}.get(action.weapon)
    if chosen is None:
        raise IllegalAction(f"{ident} cannot fight with '{action.weapon}' here; it may use "
                            f"{', '.join(written(w) for w in options)}", rule=RULE_WEAPONS,
                            action=text)
    state.question = None
    state.models[ident].weapon = chosen
    state.news.append(f"{ident} fights with its {chosen}")


def lance_charge(state, model) -> bool:
    """A rider who charged this turn, not in difficult terrain and not against a defended
    barrier, has the lance's bonus, against cavalry too ('Lances', 'Fighting Across Barriers')."""
    if not (model.mounted and model.charged):
        return False
    if state.table.difficult(False).covers(Point(model.x, model.y)):
        return False
    return not (state.combat is not None and state.combat.get("duel") in ("held", "open"))


def _may_support(state, spearman, fighter, shielding: bool) -> bool:
    """'Spears': a warrior on foot with a spear or pike, not lying down, not held, not fighting
    this phase and not supporting already, can support a friend on a base no bigger who uses
    no two-handed weapon and is not shielding."""
    return (spearman.side == fighter.side and spearman.id != fighter.id
            and any(w in spearman.profile.wargear for w in ("spear", "pike"))
            and not spearman.mounted and not spearman.prone and not spearman.immobilised
            and spearman.id not in state.fought_this_phase
            and spearman.id not in state.supported_this_phase
            and fighter.profile.base_mm <= spearman.profile.base_mm
            and not fights_two_handed(state, fighter) and not shielding)


def check_support(state, members, shielding, pairs) -> str | None:
    """Why this support is not allowed, or None. Each pair is (spearman, fighter): one spear
    touching each fighter ('Only one spear-armed warrior can support one friendly model');
    a pike touching the spear or pike supporting him may add a second ('Pikes'); no spearman
    supports twice."""
    tol = state.units.tolerance
    fighters = {m.id: m for m in members}
    by_fighter: dict[str, list] = {}
    used: set[str] = set()
    for spear_id, fighter_id in pairs:
        spearman, fighter = state.models.get(spear_id), fighters.get(fighter_id)
        if spearman is None or fighter is None:
            return f"{spear_id} cannot support {fighter_id}: not a fighter of this fight"
        if spear_id in used:
            return f"{spear_id} supports one friend at a time"
        if not _may_support(state, spearman, fighter, shielding[fighter.side]):
            return (f"{spear_id} cannot support {fighter_id} (a spear or pike on foot, not "
                    "fighting this phase; a friend no bigger, not two-handed, not shielding)")
        used.add(spear_id)
        by_fighter.setdefault(fighter_id, []).append(spearman)

    def touch(a, b) -> bool:
        return geo.in_contact(state.disc(a, zone=False), state.disc(b, zone=False), tol)

    for fighter_id, spears in by_fighter.items():
        fighter = fighters[fighter_id]
        if len(spears) == 1 and not touch(spears[0], fighter):
            return f"{spears[0].id} does not touch {fighter_id}"
        if len(spears) > 2 or (len(spears) == 2 and not any(
                touch(a, fighter) and "pike" in b.profile.wargear and touch(a, b)
                for a, b in (spears, spears[::-1]))):
            return (f"one spear supports {fighter_id}; only a pike touching it may add a "
                    "second")
    return None


def support_options(state, members, shielding) -> list[tuple[tuple[str, str], ...]]:
    """Every way of supporting these fighters that leaves no further spear able to help, the
    fuller first (for agents; any allowed support may be given)."""
    fighters = sorted(members, key=lambda m: m.id)
    spears = sorted((m for m in state.models.values()
                     if any(_may_support(state, m, f, shielding[f.side]) for f in fighters)),
                    key=lambda m: m.id)
    if not spears:
        return []
    found: list[tuple[tuple[str, str], ...]] = []

    def extend(pairs: tuple) -> None:
        grown = False
        for spear in spears:
            for f in fighters:
                trial = (*pairs, (spear.id, f.id))
                if (spear.id, f.id) not in pairs and check_support(
                        state, members, shielding, trial) is None:
                    grown = True
                    extend(trial)
        if not grown and not any(set(pairs) == set(f) for f in found):
            found.append(tuple(sorted(pairs)))

    extend(())
    found.sort(key=lambda p: (-len(p), p))
    return found


def default_support(state, members, shielding) -> tuple[tuple[str, str], ...]:
    """The quicker game's support: spears in order of ids, then pikes behind them."""
    pairs: tuple = ()
    for fighter in sorted(members, key=lambda m: m.id):
        for spearman in sorted(state.models.values(), key=lambda m: m.id):
            trial = (*pairs, (spearman.id, fighter.id))
            if check_support(state, members, shielding, trial) is None:
                pairs = trial
    return pairs


def support_of(pairs) -> dict[str, list[str]]:
    """Fighter -> the spearmen supporting him, as the state keeps it."""
    out: dict[str, list[str]] = {}
    for spear, fighter in pairs:
        out.setdefault(fighter, []).append(spear)
    return out


# ---------------------------------------------------------------- picking up weapons

def spoils(state, hero, gears) -> list[str]:
    """What a Hero may take from the foes he slew ('Picking Up Weapons'): a weapon or shield
    he does not carry yet; no shield for one with a pike or two-handed weapon; a bow or
    crossbow only if he has none and can shoot one (his own Shoot value or his race's)."""
    mine = hero.profile.wargear
    out: list[str] = []
    for gear in gears:
        for item in gear:
            if item in mine or item in out:
                continue
            if item == "shield" and any(w in mine for w in ("pike", "two-handed weapon")):
                continue
            if item in MISSILE_NAMES and (any(w in mine for w in BOWS) or shoot_value(
                    hero.profile) is None):
                continue
            out.append(item)
    return out


def shoot_value(profile) -> int | None:
    """A Hero's Shoot value with a bow he picks up: his own, or "the base Shoot value for his
    race" — that of the race's warriors in the data (the poorer, if they differ)."""
    if profile.shoot is not None:
        return profile.shoot
    values = [p.shoot for p in default_data()[0].values() if p.race == profile.race
              and p.might + p.will + p.fate == 0 and p.shoot is not None]
    return max(values) if values else None


def taking(state, profile, item: str):
    """The profile of a Hero who has picked up `item`: a shield adds 1 to his Defence unless
    he has a bow or crossbow; a bow or crossbow picked up while using a shield takes 1 off
    it, and lets him shoot ('Picking Up Weapons')."""
    gear = profile.wargear
    defence, shoot = profile.defence, profile.shoot
    if item == "shield" and not any(w in gear for w in BOWS):
        defence += 1
    if item in BOWS and "shield" in gear and not any(w in gear for w in BOWS):
        defence -= 1
    if item in MISSILE_NAMES:
        shoot = shoot_value(profile)
    return replace(profile, wargear=(*gear, item), defence=defence, shoot=shoot)


def equipped(state, profile, taken):
    """A profile with the items a Hero has picked up, in the order taken."""
    for item in taken:
        profile = taking(state, profile, item)
    return profile
