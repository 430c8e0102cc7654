"""The Shoot phase: who may shoot, at whom, the roll to hit, what is in the way, wounds."""

from __future__ import annotations

from shapely.geometry import Point

from ...engine.errors import IllegalAction
from . import geometry as geo

D6 = ("1", "2", "3", "4", "5", "6")

RULE_SHOOT = "The Shoot Phase"
RULE_MISSILE_CHART = "The Shoot Phase: Missile Chart"
RULE_MOVING_SHOOTING = "The Shoot Phase: Moving & Shooting"
RULE_SHOOTERS_IN_COMBAT = "The Shoot Phase: Shooters in Combat"
RULE_TARGETS_IN_COMBAT = "The Shoot Phase: Targets in Combat"
RULE_SIGHT = "The Move Phase: Can I See?"

# 'Moving & Shooting': the part of its move a shooter may use (half for bows, none for
# crossbows, all of it for throwing weapons)
MOVE_KEPT = {"half": 0.5, "all": 0.0, "none": 1.0}


def roll_d6(state, die: str) -> int:
    """One six-sided die, logged under `die`."""
    return int(state.dice.roll(die, D6))


def score(roll: int, modifier: int) -> int:
    """A die's score with a modifier: never better than 6 nor worse than 1 ('Rolling Dice')."""
    return min(6, max(1, roll + modifier))


def wound_roll(state, strength: int, target, why: str, bonus: int = 0,
               mount: bool = False) -> bool:
    """Roll on the Wound Chart; True if the hit wounds ('Wound Chart': 6/4 is a 6 then a 4+).

    `bonus` is added to every die (a two-handed weapon's +1 counts on both dice of a 6/4),
    a score never above 6 nor below 1 ('Rolling Dice'); `mount` rolls against the steed's
    Defence instead of the rider's."""
    defence = state.mounts[target.profile.mount].defence if mount else target.profile.defence
    who = f"{target.id}.mount" if mount else target.id
    entry = state.charts.to_wound(strength, defence)
    if entry == "-":
        state.news.append(f"{why}: {target.id} cannot be hurt by Strength {strength}")
        return False
    if "/" in entry:
        first, second = (int(v) for v in entry.split("/"))
        roll = score(roll_d6(state, f"wound {who}"), bonus)
        if roll < first:
            state.news.append(f"{why}: to wound {entry}, rolled {roll}: no wound")
            return False
        again = score(roll_d6(state, f"wound {who} again"), bonus)
        wounded = again >= second
        state.news.append(f"{why}: to wound {entry}, rolled {roll} then {again}: "
                          f"{'wound' if wounded else 'no wound'}")
        return wounded
    roll = score(roll_d6(state, f"wound {who}"), bonus)
    state.news.append(f"{why}: to wound {entry}+, rolled {roll}: "
                      f"{'wound' if roll >= int(entry) else 'no wound'}")
    return roll >= int(entry)


def shooting_limit(state, model) -> float | None:
    """How much movement a model may have used and still shoot, or None if it has no missile."""
    missile = model.profile.missile
    if missile is None or model.profile.shoot is None:
        return None
    return state.allowance(model) * MOVE_KEPT[state.charts.missiles[missile].penalty]


def check_shot(state, shooter_id: str, target_id: str, text: str):
    """Every condition of a shot, checked before anything changes; (shooter, target, missile)."""
    shooter = state.model(shooter_id, text)
    target = state.model(target_id, text)
    if shooter.side != state.acting:
        raise IllegalAction(f"{shooter.id} belongs to {shooter.side}; {state.acting} is shooting",
                            rule=RULE_SHOOT, action=text)
    from .heroics import allowed
    allowed(state, shooter, text)
    if shooter.shot:
        raise IllegalAction(f"{shooter.id} has already shot this phase", rule=RULE_SHOOT,
                            action=text)
    limit = shooting_limit(state, shooter)
    if limit is None:
        raise IllegalAction(f"{shooter.id} has nothing to shoot with", rule=RULE_MISSILE_CHART,
                            action=text)
    if shooter.immobilised:
        raise IllegalAction(f"{shooter.id} is held by a magical power this turn",
                            rule="Heroes: Magical Powers", action=text)
    if shooter.prone:
        raise IllegalAction(f"{shooter.id} is on the ground", rule="Models on the Ground",
                            action=text)
    if state.engaged(shooter):
        raise IllegalAction(f"{shooter.id} is touching an enemy", rule=RULE_SHOOTERS_IN_COMBAT,
                            action=text)
    if shooter.jumped:
        # 'Moving & Shooting': a model attempting to cross an obstacle cannot shoot that turn
        raise IllegalAction(f"{shooter.id} tried to cross an obstacle this turn",
                            rule=RULE_MOVING_SHOOTING, action=text)
    if shooter.move_used > limit + 1e-6:
        raise IllegalAction(f"{shooter.id} moved {shooter.move_used:.2f}{state.units.name}; "
                            f"a {shooter.profile.missile} allows {limit:g} and a shot",
                            rule=RULE_MOVING_SHOOTING, action=text)
    if target.side == shooter.side:
        raise IllegalAction(f"{target.id} is a friend", rule=RULE_SHOOT, action=text)
    missile = state.charts.missiles[shooter.profile.missile]
    reach = state.units.rule(*missile.range)
    seen = geo.sight(state.table, state.discs(), state.disc(shooter), state.disc(target),
                     ignore=looked_past(state, shooter))
    if seen.distance > reach + 1e-9:
        raise IllegalAction(f"{target.id} is {seen.distance:.2f}{state.units.name} away; a "
                            f"{missile.name} reaches {reach:g}", rule=RULE_MISSILE_CHART,
                            action=text)
    if not seen.visible:
        raise IllegalAction(f"{shooter.id} cannot see {target.id}", rule=RULE_SIGHT, action=text)
    if shooter.side == "good" and state.engaged(target):
        raise IllegalAction(f"{target.id} is fighting; Good warriors may not shoot into a fight",
                            rule=RULE_TARGETS_IN_COMBAT, action=text)
    return shooter, target, missile, seen


def looked_past(state, shooter) -> set[str]:
    """What a shooter may shoot past as if it were not there (docs/strategy-battle.md).

    'Shooting from Cover': cover the shooter touches and can see over or around — a barrier
    lower than the model, a feature whose top is below its eyes; 'Shooting from Behind
    Friends': a friend whose base touches the shooter's and is no bigger.
    """
    me = state.disc(shooter)
    tol = state.units.tolerance
    centre = Point(me.x, me.y)
    eye = state.table.ground_at(me.x, me.y) + me.height
    past = set()
    for barrier in state.table.barriers:
        if barrier.footprint.distance(centre) <= me.radius + tol and barrier.height < me.height:
            past.add(barrier.name)
    for area in state.table.areas:
        if (area.shape.distance(centre) <= me.radius + tol
                and area.ground + area.sight < eye):
            past.add(area.name)
    for other in state.models.values():
        if (other.side == shooter.side and other.id != shooter.id
                and other.profile.base_mm <= shooter.profile.base_mm
                and geo.in_contact(me, state.disc(other, zone=False), tol)):
            past.add(other.id)
    return past


def opponents_of(state, target) -> list:
    """The models fighting `target` (touching it, on the other side)."""
    tol = state.units.tolerance
    mine = state.disc(target, zone=False)
    return [m for m in state.models.values()
            if m.side != target.side and geo.in_contact(state.disc(m, zone=False), mine, tol)]


def in_the_way(state, shooter, target, seen) -> list[str]:
    """What the shot must pass, in order, once the manual's exemptions are taken out."""
    # 'In the Way!': a warrior fighting the target is part of the 'target in combat' roll,
    # not also in the way
    fighting = {m.id for m in opponents_of(state, target)}
    return [name for name in seen.in_the_way if name not in fighting]


def resolve_shot(state, shooter, target, missile, seen) -> None:
    """Roll to hit, for each thing in the way, and to wound ('The Shoot Phase')."""
    shooter.shot = True
    roll = roll_d6(state, f"to hit {shooter.id}")
    if roll < shooter.profile.shoot:
        state.news.append(f"{shooter.id} shoots at {target.id}: needs "
                          f"{shooter.profile.shoot}+, rolled {roll}: a miss")
        return
    state.news.append(f"{shooter.id} shoots at {target.id}: needs {shooter.profile.shoot}+, "
                      f"rolled {roll}: a hit")
    struck = None
    for name in in_the_way(state, shooter, target, seen):
        # 'In the Way!': 1-3 hits whatever is in the way, 4-6 flies on
        way = roll_d6(state, f"in the way {name}")
        if way <= 3:
            state.news.append(f"{name} is in the way: rolled {way}: the shot strikes it")
            struck = state.models.get(name)
            if struck is None:
                return
            break
        state.news.append(f"{name} is in the way: rolled {way}: the shot flies on")
    if struck is None and state.engaged(target) and shooter.side == "evil":
        struck = target_in_combat(state, shooter, target)
    struck = struck or target
    hit_mount = False
    if struck.mounted:
        # 'Shooting & Cavalry': the horse is in the way of its rider, 1-3 the mount is hit
        way = roll_d6(state, f"mount in the way {struck.id}")
        hit_mount = way <= 3
        state.news.append(f"the mount is in the way: rolled {way}: "
                          + ("the shot strikes the mount" if hit_mount else "it strikes the rider"))
    if wound_roll(state, missile.strength, struck, f"{shooter.id}'s {missile.name}",
                  mount=hit_mount):
        if hit_mount:
            state.wound_mount(struck, 1)
        else:
            state.offer_shot_wound(struck)


def target_in_combat(state, shooter, target):
    """A shot at a warrior in a fight: one roll, 1-3 strikes the fight's other side (decided)."""
    me = state.disc(shooter)
    opponents = sorted(opponents_of(state, target),
                       key=lambda m: (geo.gap(me, state.disc(m, zone=False)), m.id))
    roll = roll_d6(state, f"target in combat {target.id}")
    if roll <= 3:
        state.news.append(f"target in combat: rolled {roll}: the shot strikes {opponents[0].id}")
        return opponents[0]
    state.news.append(f"target in combat: rolled {roll}: the shot strikes {target.id}")
    return target


def shooters(state) -> list:
    """The acting side's models that could still shoot at someone (for the candidate list)."""
    out = []
    for model in state.models.values():
        if model.side != state.acting or model.shot:
            continue
        for enemy in state.models.values():
            if enemy.side == model.side:
                continue
            try:
                check_shot(state, model.id, enemy.id, "")
            except IllegalAction:
                continue
            out.append((model.id, enemy.id))
    return out
