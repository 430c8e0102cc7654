"""The Shoot phase: who may shoot, at whom, the roll to hit, what is in the way, wounds."""

from __future__ import annotations

from shapely.geometry import Point

from ...engine.errors import IllegalAction
from . import table as geo
from . import heroes, procedure
from .cavalry import monstrous

D6 = ("1", "2", "3", "4", "5", "6")

RULE_SHOOT = "The Shoot Phase"
RULE_MISSILE_CHART = "The Shoot Phase: Missile Chart"
RULE_MOVING_SHOOTING = "The Shoot Phase: Moving & Shooting"
RULE_SHOOTERS_IN_COMBAT = "The Shoot Phase: Shooters in Combat"
RULE_TARGETS_IN_COMBAT = "The Shoot Phase: Targets in Combat"
RULE_SIGHT = "The Move Phase: Can I See?"
RULE_MULTIPLE_SHOTS = "The Shoot Phase: Multiple Shots"
RULE_IN_THE_WAY = "The Shoot Phase: In the Way!"

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
    volley = mid_volley(state, shooter.side)
    if volley is not None and volley.id != shooter.id:
        # 'Multiple Shots': all of a Hero's shots are worked out before another model shoots
        raise IllegalAction(f"{volley.id} has {volley.profile.shots - volley.shots_fired} "
                            "shot(s) left to work out first", rule=RULE_MULTIPLE_SHOTS,
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
    way = in_the_way(state, shooter, target, seen) if shooter.side == "good" else []
    from .cavalry import is_loose
    if any(kind == "model" and is_loose(state.models[name]) and
           state.models[name].side == shooter.side for kind, name in way):
        # 'Loose Mounts': "Good models cannot shoot at targets if friendly mounts are in the way"
        raise IllegalAction(f"a friendly mount is in the way of {target.id}",
                            rule="Cavalry: Advanced Rule - Loose Mounts", action=text)
    if any(kind == "fight" for kind, _ in way):
        # 'In the Way!': a fight partly in the way - "Good models, as usual, cannot take
        # this kind of shot"
        raise IllegalAction(f"a fight is partly in the way of {target.id}; Good warriors may "
                            "not shoot past a fight", rule=RULE_TARGETS_IN_COMBAT, action=text)
    return shooter, target, missile, seen


def mid_volley(state, side: str):
    """A Hero of the side who has begun his multiple shots and not finished them."""
    return next((m for m in state.models.values() if m.side == side and not m.shot
                 and m.shots_fired > 0), None)


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
    """The models fighting `target`: touching it on the other side, or fighting it across a
    barrier ('Defending': "the two models are assumed to be touching")."""
    tol = state.units.tolerance
    mine = state.disc(target, zone=False)
    across = {b for pair in state.across for a, b in (pair[:2], pair[1::-1]) if a == target.id}
    return [m for m in state.models.values()
            if m.side != target.side
            and (m.id in across or geo.in_contact(state.disc(m, zone=False), mine, tol))]


def fight_around(state, model) -> list[str]:
    """The models in one fight with `model`: those touching it on the other side, theirs in
    turn, and so on (a fight over a barrier counts as touching: 'Defending')."""
    if not state.engaged(model):
        return []
    found, todo = {model.id}, [model]
    while todo:
        here = todo.pop()
        for other in opponents_of(state, here):
            if other.id not in found:
                found.add(other.id)
                todo.append(other)
        for pair in state.across:
            for a, b in ((pair[0], pair[1]), (pair[1], pair[0])):
                if a == here.id and b not in found and b in state.models:
                    found.add(b)
                    todo.append(state.models[b])
    return sorted(found)


def in_the_way(state, shooter, target, seen) -> list[list]:
    """What the shot must pass, in order, once the manual's exemptions are taken out:
    [kind, name] with kind 'thing' (terrain), 'model', or 'fight' (the models of a fight
    partly in the way, which count as one obstacle: 'In the Way!')."""
    # a warrior fighting the target is part of the 'target in combat' roll, not also in
    # the way ('In the Way!': "the warrior will just be a target in combat")
    fighting = set(fight_around(state, target))
    out: list[list] = []
    for name in seen.in_the_way:
        if name in fighting:
            continue
        model = state.models.get(name)
        if model is None:
            out.append(["thing", name])
            continue
        fight = fight_around(state, model)
        if not fight:
            out.append(["model", name])
        elif not any(kind == "fight" and set(ids) == set(fight) for kind, ids in out):
            # the fight's model first in the way heads the list
            out.append(["fight", [name] + [k for k in fight if k != name]])
    return out


def resolve_shot(state, shooter, target, missile, seen) -> None:
    """Shoot: roll to hit, for each thing in the way, and to wound ('The Shoot Phase'); a
    Hero may spend Might on his rolls to hit and to wound ('Might')."""
    shooter.shots_fired += 1
    # 'Multiple Shots': a Hero shooting more than once shoots again before anyone else
    shooter.shot = shooter.shots_fired >= shooter.profile.shots
    procedure.push(state, {"proc": "shot", "shooter": shooter.id, "target": target.id,
                           "missile": missile.name, "stage": "hit", "die": None,
                           "way": in_the_way(state, shooter, target, seen)})
    procedure.run(state)


@procedure.step("shot")
def _shot(state, frame) -> None:
    shooter = state.models.get(frame["shooter"])
    target = state.models.get(frame["target"])
    if shooter is None or target is None:
        procedure.finish(state, frame)
        return
    need = shooter.profile.shoot
    if frame["die"] is None:
        frame["die"] = roll_d6(state, f"to hit {shooter.id}")
    die = frame["die"]
    if die < need and heroes.offer(state, frame, shooter, "to hit", die, (need,)):
        return
    roll = score(die, heroes.spent(frame))
    told = f"rolled {die}" + (f", {roll} with Might" if roll != die else "")
    if roll < need:
        state.news.append(f"{shooter.id} shoots at {target.id}: needs {need}+, {told}: a miss")
        procedure.finish(state, frame)
        return
    state.news.append(f"{shooter.id} shoots at {target.id}: needs {need}+, {told}: a hit")
    procedure.finish(state, frame)
    struck = passes_in_the_way(state, shooter, target, frame["way"])
    if struck is None:
        return
    part = part_struck(state, struck)
    victim = struck.passenger if part == "passenger" else struck
    hit(state, victim, state.charts.missiles[frame["missile"]].strength,
        f"{shooter.id}'s {frame['missile']}", mount=part == "mount", by=shooter.id)


def passes_in_the_way(state, shooter, target, way):
    """Roll for each thing in the way in order ('In the Way!': 1-3 it is hit, 4-6 the shot
    flies on); the model struck, or None when terrain stops the shot."""
    for kind, name in way:
        if kind == "fight":
            # a fight partly in the way is one obstacle; hit, it is resolved as a shot at a
            # target in combat, the first of its models in the way standing for the target
            first = next(k for k in name if k in state.models)      # first in the way
            way_roll = roll_d6(state, f"in the way fight {first}")
            if way_roll <= 3:
                state.news.append(f"the fight of {'+'.join(name)} is in the way: rolled "
                                  f"{way_roll}: the shot strikes the fight")
                return target_in_combat(state, shooter, state.models[first])
            state.news.append(f"the fight of {'+'.join(name)} is in the way: rolled "
                              f"{way_roll}: the shot flies on")
            continue
        way_roll = roll_d6(state, f"in the way {name}")
        if way_roll <= 3:
            state.news.append(f"{name} is in the way: rolled {way_roll}: the shot strikes it")
            return state.models.get(name)
        state.news.append(f"{name} is in the way: rolled {way_roll}: the shot flies on")
    if state.engaged(target) and shooter.side == "evil":
        return target_in_combat(state, shooter, target)
    return target


def part_struck(state, struck) -> str:
    """Which part of a cavalry model a shot strikes: 'rider', 'mount' or 'passenger'
    ('Shooting & Cavalry': the mount is in the way, 1-3 it is hit; 'Monstrous Mounts': 1-4;
    'Passengers': 1-3 the mount, 4-5 the rider, 6 the passenger). A 50/50 roll, no Might."""
    if not struck.mounted:
        return "rider"
    mount = state.mounts[struck.profile.mount]
    way = roll_d6(state, f"mount in the way {struck.id}")
    if struck.passenger is not None:
        part = "mount" if way <= 3 else "rider" if way <= 5 else "passenger"
    else:
        part = "mount" if way <= (4 if monstrous(mount) else 3) else "rider"
    state.news.append(f"the mount is in the way: rolled {way}: the shot strikes the {part}")
    return part


def hit(state, target, strength: int, why: str, *, mount: bool = False,
        by: str | None = None) -> None:
    """A hit to be rolled on the Wound Chart; `by` names the Hero whose roll it is (he may
    spend Might on it); a wound struck home is offered to the Hero's Fate ('Fate')."""
    procedure.push(state, {"proc": "hit", "target": target.id, "strength": strength,
                           "why": why, "mount": mount, "by": by, "dice": []})


@procedure.step("hit")
def _hit(state, frame) -> None:
    """'Wound Chart': 6/4 is a 6 then a 4+; Might spent adds to both dice ('Might')."""
    from .cavalry import find
    victim = find(state, frame["target"])           # on the table, or a passenger
    if victim is None or (frame["mount"] and not victim.mounted):
        procedure.finish(state, frame)
        return
    defence = (state.mounts[victim.profile.mount].defence if frame["mount"]
               else victim.profile.defence)
    who = f"{victim.id}.mount" if frame["mount"] else victim.id
    entry = state.charts.to_wound(frame["strength"], defence)
    if entry == "-":
        state.news.append(f"{frame['why']}: {who} cannot be hurt by Strength "
                          f"{frame['strength']}")
        procedure.finish(state, frame)
        return
    hero = state.models.get(frame["by"]) if frame["by"] else None
    dice = frame["dice"]
    for i, need in enumerate(int(v) for v in entry.split("/")):
        if i == len(dice):
            dice.append(roll_d6(state, f"wound {who}" + (" again" if i else "")))
            frame.pop("answered", None)          # a new die: the Hero may be asked again
        if score(dice[i], heroes.spent(frame)) < need:
            if heroes.offer(state, frame, hero, "wound", score(dice[i], heroes.spent(frame)),
                            (need,)):
                return
            if score(dice[i], heroes.spent(frame)) < need:
                state.news.append(f"{frame['why']}: to wound {entry}, rolled "
                                  f"{'/'.join(map(str, dice))}: no wound")
                procedure.finish(state, frame)
                return
    state.news.append(f"{frame['why']}: to wound {entry}, rolled {'/'.join(map(str, dice))}"
                      + (f" +{heroes.spent(frame)} Might" if heroes.spent(frame) else "")
                      + ": a wound")
    procedure.finish(state, frame)
    if frame["mount"]:
        state.wound_mount(victim, 1)
    else:
        heroes.suffer(state, victim)


def target_in_combat(state, shooter, target):
    """A shot at a warrior in a fight: one roll, 1-3 strikes the fight's other side (decided)."""
    me = state.disc(shooter)
    opponents = sorted(opponents_of(state, target),
                       key=lambda m: (geo.gap(me, state.disc(m, zone=False)), m.id))
    if not opponents:
        return target           # nobody left fighting it: no fight to strike instead
    roll = roll_d6(state, f"target in combat {target.id}")
    if roll <= 3:
        state.news.append(f"target in combat: rolled {roll}: the shot strikes {opponents[0].id}")
        return opponents[0]
    state.news.append(f"target in combat: rolled {roll}: the shot strikes {target.id}")
    return target


def shooters(state) -> list:
    """The acting side's models that could still shoot at someone (for the candidate list);
    only the Hero's own while he has shots of his multiple shots left."""
    out = []
    volley = mid_volley(state, state.acting)
    for model in state.models.values():
        if model.side != state.acting or model.shot:
            continue
        if volley is not None and model.id != volley.id:
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
