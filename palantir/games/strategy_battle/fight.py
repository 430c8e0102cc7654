"""The Fight phase's geometry and weapons: pairing into fights, backing away and making way,
charge bonuses, weapons and spears (the fight itself is worked out in combat.py)."""

from __future__ import annotations

import math
from itertools import combinations

from ...engine.errors import IllegalAction
from . import geometry as geo
from .notation import Pair


RULE_FIGHTS = "The Move Phase: Fights"


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
            return True


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

# the directions a beaten model tries, nearest to straight away from its enemies first
_BACK_OFFSETS = (0, 15, -15, 30, -30, 45, -45, 60, -60, 75, -75, 90, -90, 105, -105, 120,
                 -120, 135, -135, 150, -150, 165, -165, 180)


def back_away(state, loser, winners):
    """Where a beaten model backs away 1"/2cm to and which friends make way for it, as
    (spot, {friend: new place}), or None if it is trapped ('Trapped Fighters').

    It may pass within enemy control zones but not into touch with an enemy, and may not
    cross an obstacle; it tries straight away from its enemies first. Difficult going does
    not shorten the step (the manual does not say it does). Only when no direction is free do
    friends make way ('Making Way For Trapped Fighters'): friends not fighting move up to
    1"/2cm, not into a fight, to let it through; a friend making way is not made way for.
    """
    back = state.units.rule(1, 2)
    me = state.disc(loser, zone=False)
    cx = sum(w.x for w in winners) / len(winners)
    cy = sum(w.y for w in winners) / len(winners)
    base = math.atan2(me.y - cy, me.x - cx)
    discs = [state.disc(m, zone=False) for m in state.models.values()]
    mover = geo.Mover(back + 1e-6, difficult_factor=1.0)

    def free(disc, end, around) -> bool:
        try:
            report = geo.check_path(state.table, around, disc, [end], mover, ignore_zones=True)
        except IllegalAction:
            return False
        return not report.crossings

    ends = [(me.x + back * math.cos(base + math.radians(o)),
             me.y + back * math.sin(base + math.radians(o))) for o in _BACK_OFFSETS]
    for end in ends:
        if free(me, end, discs):
            return end, {}
    tol = state.units.tolerance
    can_make_way = {m.id for m in state.models.values()
                    if m.side == loser.side and m.id != loser.id and not state.engaged(m)}
    for offset, end in zip(_BACK_OFFSETS, ends):
        others = [d for d in discs if d.key not in can_make_way]
        if not free(me, end, others):
            continue
        blockers = [d for d in discs if d.key in can_make_way and (
            geo.segment_point_distance((me.x, me.y), end, (d.x, d.y)) < me.radius + d.radius - tol)]
        placed = {d.key: d for d in discs if d.key != loser.id}
        moves = {}
        for friend in blockers:
            angle = base + math.radians(offset)
            for turn in _BACK_OFFSETS:
                step = (friend.x + back * math.cos(angle + math.radians(turn)),
                        friend.y + back * math.sin(angle + math.radians(turn)))
                # friends make way first; the beaten model then backs through the gap
                around = [d for k, d in placed.items() if k != friend.key] + [me]
                if free(friend, step, around):
                    moves[friend.key] = step
                    placed[friend.key] = friend.at(*step)
                    break
            else:
                break
        else:
            if free(me, end, list(placed.values())):
                return end, moves
    return None


def allocation_needed(state, losers) -> bool:
    """Whether the winners must say where each strike goes: several beaten enemies, or a
    beaten rider whose mount may be struck instead ('Multiple Combats', 'Strikes Against Mounts')."""
    return len(losers) > 1 or any(l.mounted for l in losers)


def cavalry_bonus(state, model) -> bool:
    """'Cavalry Charge!': a rider who charged this turn and touches only warriors on foot, and is
    not in difficult terrain ('Moving Through Difficult Terrain'), has the charge bonuses."""
    if not (model.mounted and model.charged) or model.id not in state.models:
        return False
    if state.table.difficult(False).covers(geo.Point(model.x, model.y)):
        return False
    me = state.disc(model, zone=False)
    tol = state.units.tolerance
    foes = [m for m in state.models.values() if m.side != model.side
            and geo.in_contact(me, state.disc(m, zone=False), tol)]
    return bool(foes) and not any(f.mounted for f in foes)


def knockable(state, loser, chargers) -> bool:
    """Whether a charging rider's win knocks this foe down: not Strength 6 or more, unless
    the mount is that strong too ('Knock to the Ground')."""
    if loser.profile.strength < 6:
        return True
    return any(state.mounts[c.profile.mount].strength >= 6 for c in chargers)


def weapon_effect(state, model) -> tuple[int, int]:
    """(duel, wound) modifiers of the weapon a model fights with ('Weapons').

    A model carrying a two-handed weapon fights with it; one armed only with a dagger suffers
    the dagger's penalty; anything else fights as with a hand weapon.
    """
    gear = model.profile.wargear
    if "two-handed weapon" in gear:
        return state.charts.weapons["two-handed weapon"]
    if "lance" in gear and model.mounted:
        if lance_charge(state, model):
            return state.charts.weapons["lance"]
        if "hand weapon" not in gear:
            # 'Lances': not charging, the rider fights with the shaft: as a dagger
            return state.charts.weapons["dagger"]
    # 'Knives & Daggers': a model with no close-combat weapon it can use fights as with a
    # knife; a lance cannot be used on foot ('Lances'); bladed bows and throwing weapons count
    # as hand weapons ('Bladed Bows & Crossbows', 'Throwing Weapons')
    usable = ("hand weapon", "spear", "orc bow", "uruk-hai crossbow", "throwing weapon")
    if not any(w in gear for w in usable) and ("dagger" in gear or "lance" in gear):
        return state.charts.weapons["dagger"]
    return (0, 0)


def lance_charge(state, model) -> bool:
    """A rider who charged this turn, not in difficult terrain and not against a defended
    barrier, has the lance's bonus, against cavalry too ('Lances', 'Fighting Across Barriers')."""
    if not (model.mounted and model.charged):
        return False
    if state.table.difficult(False).covers(geo.Point(model.x, model.y)):
        return False
    return not (state.combat is not None and state.combat.get("defence"))


def spear_support(state, members) -> dict[str, str]:
    """Which spearman supports which fighter: a friend on foot touching the fighter, not
    fighting this phase, the fighter's base no bigger, the fighter not using a two-handed
    weapon; one spear per fighter ('Spears'). Chosen in order of ids (see the coverage file)."""
    tol = state.units.tolerance
    support: dict[str, str] = {}
    for fighter in sorted(members, key=lambda m: m.id):
        if "two-handed weapon" in fighter.profile.wargear:
            continue
        me = state.disc(fighter, zone=False)
        for spearman in sorted(state.models.values(), key=lambda m: m.id):
            if (spearman.side != fighter.side or "spear" not in spearman.profile.wargear
                    or spearman.id in state.fought_this_phase
                    or spearman.id in state.supported_this_phase
                    or spearman.id in support.values() or spearman.prone
                    or spearman.profile.mount is not None
                    or fighter.profile.base_mm > spearman.profile.base_mm
                    or not geo.in_contact(me, state.disc(spearman, zone=False), tol)):
                continue
            support[fighter.id] = spearman.id
            break
    return support
