"""Hits, wounds, Might and Fate: a shot from its roll to hit to its wound (what is in the
way, a target in a fight, which part of a cavalry model is struck), a hit rolled on the
Wound Chart, a wound taken, a rider thrown to the ground; and Heroes' stores spent on
their own rolls: Might after seeing a roll, and Fate against a wound ('Heroes: Might, Will
& Fate').

Might in a fight's duel and on a fight's wound rolls is asked by the fight itself
(phases/fight/resolution.py); here is Might on every other roll a Hero makes to resolve
something he has done — to hit with a shot and to wound with it, a Courage test, a Jump or
Thrown Rider roll, casting and resisting magic, a Fate roll ('Can I Use Might?') — and Fate
against any wound. Each roll is asked about once, after it is seen, only when points could
change its result; 50/50 rolls (in the way, the mount or the rider) are never asked about.

Questions:

    roll  {"model", "for", "score", "might": [useful amounts], "reroll": bool}
          answered 'might G1 2', 'reroll G1' (when a rule allows a re-roll) or 'pass'
    fate  {"target"}: answered 'fate G1' (one point, a die: 4+ recovers) or 'pass'
    pick up  {"bearer", "candidates"}: a fallen banner bearer's friend in base contact
          picks up his banner, 'take G2 banner', or 'pass' and it is lost ('Banners')
"""

from __future__ import annotations

from dataclasses import replace

from ...engine.procedure import Plan, Refusal
from . import procedure
from . import table as geo
from .notation import FateRoll, Might, Pass, Reroll, Take
from .state import (carries_banner, carrier, find, is_hero, is_loose, monstrous, outfit,
                    profile_named)

# the faces of a six-sided die, as the dice are asked for them (every roll of the game)
D6 = ("1", "2", "3", "4", "5", "6")
RULE_MIGHT = "Heroes: Might"
RULE_FATE = "Heroes: Fate"


def offer(state, frame: dict, hero, kind: str, score: int, goals, *, room: int | None = None,
          reroll: bool = False, spare: int = 0) -> bool:
    """Ask the Hero, once for this roll, whether to spend Might on it; True if asked.

    `goals` are the scores that would give a better result (a Jump's 2 and 6); points that
    reach one are offered. `room` is how far the dice can still be raised (each die counts
    at most 6: 'Might'); `spare` offers raising a result that already succeeds by up to
    that many points (a cast's best die, which the resistance must then beat). `reroll`
    offers a re-roll the rules allow instead."""
    if frame.get("answered") or hero is None:
        return False
    room = 6 - score if room is None else room
    left = min(hero.might_left, room)
    amounts = sorted({g - score for g in goals if 0 < g - score <= left}
                     | set(range(1, min(spare, left) + 1)))
    if not amounts and not reroll:
        return False
    state.question = {"kind": "roll", "side": hero.side, "model": hero.id, "for": kind,
                      "score": score, "might": amounts, "reroll": reroll, "room": room}
    return True


def spent(frame: dict) -> int:
    """The Might points spent on a frame's roll so far."""
    return frame.get("might", 0)


class RollQuestion(procedure.Asked):
    """'Might': a Hero's answer about his roll — Might points, a re-roll, or 'pass'."""

    name = "roll"

    def answers(self, state) -> list:
        """The Might points that change the result, a re-roll the rules allow, 'pass'."""
        q = state.question
        out = [Might(q["model"], n) for n in q["might"]]
        if q["reroll"]:
            out.append(Reroll(q["model"]))
        return out + [Pass()]

    def check(self, state, action) -> Plan:
        """Only the Hero spends Might on his own roll, no more than he has."""
        text = str(action)
        q = state.question
        hero = state.models[q["model"]]
        if isinstance(action, Might):
            if action.model != hero.id:
                # 'Might': a Hero can only use Might to affect his own dice rolls
                raise Refusal(RULE_MIGHT, f"the roll is {hero.id}'s: only he may spend Might "
                                          "on it", action=text)
            if not 1 <= action.points <= hero.might_left:
                raise Refusal(RULE_MIGHT, f"{hero.id} has {hero.might_left} Might", action=text)
            if action.points > q.get("room", 6):
                raise Refusal(RULE_MIGHT, f"{action.points} Might would raise the {q['for']} "
                              "roll past 6: no die is raised past 6", action=text)
        elif isinstance(action, Reroll):
            if not q["reroll"] or action.model != hero.id or action.face is not None:
                raise Refusal("Introduction: Re-rolls",
                              f"{action.model} has no re-roll of this die", action=text)
        elif not isinstance(action, Pass):
            raise Refusal(RULE_MIGHT, f"spend Might on {hero.id}'s roll ('might {hero.id} 1')"
                          + (f", re-roll it ('reroll {hero.id}')" if q["reroll"] else "")
                          + " or 'pass'", action=text)
        return Plan(action=action, hero=hero, roll=q["for"])

    def take(self, state, plan) -> None:
        """The roll is re-rolled, raised, or left as it is."""
        frame = procedure.top(state)
        if isinstance(plan.action, Reroll):
            frame["reroll"] = True
            return
        frame["answered"] = True
        if isinstance(plan.action, Might):
            points = plan.action.points
            plan.hero.spend_might(points)
            frame["might"] = spent(frame) + points
            state.news.append(f"{plan.hero.id} spends {points} Might on the {plan.roll} roll")


def roll_again(frame: dict) -> None:
    """Forget the answers about a roll once it is re-rolled (the new one may be asked about,
    but never re-rolled again: 'Re-rolls')."""
    frame.pop("answered", None)
    frame.pop("reroll", None)
    frame["rerolled"] = True


# ---------------------------------------------------------------- Fate

def suffer(state, victim) -> None:
    """A wound is about to be taken: a Hero with Fate may first try to recover it."""
    procedure.push(state, {"proc": "fate", "target": victim.id, "declined": False})


@procedure.REGISTRY.add
class FateFrame(procedure.Frame):
    """'Fate': one point a die, 4+ recovers the wound; roll again while Fate lasts, or take it."""

    name = "fate"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        victim = find(state, self["target"])           # on the table, or a passenger
        if victim is None:
            procedure.finish(state, self)
            return
        if self.get("score") is not None:
            hero = victim
            if self["score"] < 4 and offer(state, self, hero, "Fate", self["score"], (4,)):
                return
            die = self["score"]
            score = min(6, die + spent(self))
            for key in ("score", "answered", "might"):
                self.pop(key, None)
            told = f"{victim.id} spends Fate: rolled {die}" + (f", {score} with Might"
                                                                if score != die else "")
            if score >= 4:
                state.news.append(f"{told}: the wound is recovered")
                if self.get("combat") and state.combat is not None:
                    state.combat["wounded"] = None
                procedure.finish(state, self)
                return
            state.news.append(f"{told}: no luck")
            if self.get("combat"):
                procedure.finish(state, self)       # the fight asks again, or takes the wound
                return
        if victim.fate > 0 and not self["declined"]:
            state.question = {"kind": "fate", "side": victim.side, "target": victim.id}
            return
        procedure.finish(state, self)
        take_wound(state, victim)


class FateQuestion(procedure.Asked):
    """'Fate': a point spent and a die rolled, or the wound taken ('pass').

    A wound struck in a fight waits in the fight's record (phases/fight/resolution.py); any
    other wound waits in a fate frame. Either way a failed die may be raised with Might
    ('Using Might, Will & Fate Together')."""

    name = "fate"

    def answers(self, state) -> list:
        """Roll Fate, or take the wound."""
        return [FateRoll(state.question["target"]), Pass()]

    def check(self, state, action) -> Plan:
        """A Fate roll for the wounded Hero, or 'pass'."""
        text = str(action)
        q = state.question
        if not isinstance(action, (FateRoll, Pass)):
            raise Refusal(RULE_FATE, f"roll Fate for {q['target']} ('fate {q['target']}') or "
                                     "'pass'", action=text)
        if isinstance(action, FateRoll) and action.model != q["target"]:
            raise Refusal(RULE_FATE, f"the wound is on {q['target']}", action=text)
        return Plan(roll=isinstance(action, FateRoll), target=q["target"])

    def take(self, state, plan) -> None:
        """The wound declined to Fate, or a point spent and its die rolled."""
        frame = procedure.top(state, "fate")
        in_fight = frame is None
        if in_fight and not plan.roll:
            state.combat["wounded"]["declined"] = True
            return
        if not plan.roll:
            frame["declined"] = True
            return
        hero = find(state, plan.target)
        hero.fate -= 1
        roll = int(state.dice.roll(f"fate {hero.id}", D6))
        if in_fight:
            frame = procedure.push(state, {"proc": "fate", "target": hero.id, "declined": False,
                                           "combat": True})
        frame["score"] = roll




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


def resolve_shot(state, shooter, target, missile, seen) -> None:
    """Shoot: roll to hit, for each thing in the way, and to wound ('The Shoot Phase'); a
    Hero may spend Might on his rolls to hit and to wound ('Might')."""
    shooter.shots_fired += 1
    # 'Multiple Shots': a Hero shooting more than once shoots again before anyone else
    shooter.shot = shooter.shots_fired >= shooter.profile.shots
    frame = {"proc": "shot", "shooter": shooter.id, "target": target.id,
             "missile": missile.name, "stage": "hit", "die": None,
             "way": in_the_way(state, shooter, target, seen)}
    if target.prone and seen.seen < 1 - 1e-9:
        # 'Models on the Ground': partly hidden, it is seen only on a spotting roll of 4+
        frame["spot"] = None
    procedure.push(state, frame)
    procedure.run(state)


@procedure.REGISTRY.add
class ShotFrame(procedure.Frame):
    """A shot: the roll to hit, what is in the way of it, then the hit on the model struck
    ('The Shoot Phase')."""

    name = "shot"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        shooter = state.models.get(self["shooter"])
        target = state.models.get(self["target"])
        if shooter is None or target is None:
            procedure.finish(state, self)
            return
        if "spot" in self and self["spot"] is None:
            self["spot"] = roll_d6(state, f"spot {shooter.id}")
            if self["spot"] < 4:
                state.news.append(f"{shooter.id} cannot spot {target.id}, lying partly hidden "
                                  f"(rolled {self['spot']})")
                procedure.finish(state, self)
                return
            state.news.append(f"{shooter.id} spots {target.id} (rolled {self['spot']})")
        need = shooter.profile.shoot
        if self["die"] is None:
            self["die"] = roll_d6(state, f"to hit {shooter.id}")
        die = self["die"]
        if die < need and offer(state, self, shooter, "to hit", die, (need,)):
            return
        roll = score(die, spent(self))
        told = f"rolled {die}" + (f", {roll} with Might" if roll != die else "")
        if roll < need:
            state.news.append(f"{shooter.id} shoots at {target.id}: needs {need}+, {told}: a miss")
            procedure.finish(state, self)
            return
        state.news.append(f"{shooter.id} shoots at {target.id}: needs {need}+, {told}: a hit")
        procedure.finish(state, self)
        struck = passes_in_the_way(state, shooter, target, self["way"])
        if struck is None:
            return
        part = part_struck(state, struck)
        victim = struck.passenger if part == "passenger" else struck
        hit(state, victim, state.charts.missiles[self["missile"]].strength,
            f"{shooter.id}'s {self['missile']}", mount=part == "mount", by=shooter.id)


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


@procedure.REGISTRY.add
class HitFrame(procedure.Frame):
    """'Wound Chart': 6/4 is a 6 then a 4+; Might spent adds to both dice ('Might')."""

    name = "hit"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        victim = find(state, self["target"])           # on the table, or a passenger
        if victim is None or (self["mount"] and not victim.mounted):
            procedure.finish(state, self)
            return
        defence = (state.mounts[victim.profile.mount].defence if self["mount"]
                   else victim.profile.defence)
        who = f"{victim.id}.mount" if self["mount"] else victim.id
        entry = state.charts.to_wound(self["strength"], defence)
        if entry == "-":
            state.news.append(f"{self['why']}: {who} cannot be hurt by Strength "
                              f"{self['strength']}")
            procedure.finish(state, self)
            return
        hero = state.models.get(self["by"]) if self["by"] else None
        dice = self["dice"]
        for i, need in enumerate(int(v) for v in entry.split("/")):
            if i == len(dice):
                dice.append(roll_d6(state, f"wound {who}" + (" again" if i else "")))
                self.pop("answered", None)          # a new die: the Hero may be asked again
            if score(dice[i], spent(self)) < need:
                if offer(state, self, hero, "wound", score(dice[i], spent(self)),
                                (need,)):
                    return
                if score(dice[i], spent(self)) < need:
                    state.news.append(f"{self['why']}: to wound {entry}, rolled "
                                      f"{'/'.join(map(str, dice))}: no wound")
                    procedure.finish(state, self)
                    return
        state.news.append(f"{self['why']}: to wound {entry}, rolled {'/'.join(map(str, dice))}"
                          + (f" +{spent(self)} Might" if spent(self) else "")
                          + ": a wound")
        procedure.finish(state, self)
        if self["mount"]:
            wound_mount(state, victim, 1)
        else:
            suffer(state, victim)


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


def opponents_of(state, target) -> list:
    """The models fighting `target`: touching it on the other side, or fighting it across a
    barrier ('Defending': "the two models are assumed to be touching")."""
    tol = state.units.tolerance
    mine = state.disc(target, zone=False)
    across = {b for pair in state.across for a, b in (pair[:2], pair[1::-1]) if a == target.id}
    return [m for m in state.models.values()
            if m.side != target.side
            and (m.id in across or geo.in_contact(state.disc(m, zone=False), mine, tol))]


# ---------------------------------------------------------------- casualties

def wound(state, model, wounds: int) -> None:
    """Take wounds off a model; at none left it is slain and removed ('Casualties')."""
    model.wounds -= wounds
    if model.wounds > 0:
        state.news.append(f"{model.id} is wounded ({model.wounds} left)")
        return
    state.news.append(f"{model.id} is slain")
    remove(state, model)


def wound_mount(state, model, wounds: int) -> None:
    """Wound a steed; a slain mount throws its rider ('Hits on Mounts')."""
    model.mount_wounds = max(0, model.mount_wounds - wounds)
    if model.mounted:
        state.news.append(f"{model.id}'s mount is wounded")
        return
    state.news.append(f"{model.id}'s mount is slain")
    throw(state, model)


def remove(state, model, fled: bool = False) -> None:
    """Take a model off the table, slain or fled; both count as lost ('Fleeing the Battle')."""
    del state.models[model.id]
    state.across = [p for p in state.across if model.id not in p[:2]]
    if not is_loose(model):
        # 'Casualties in Scenarios (Cavalry)': a mount does not count
        state.lost[model.side] += 1
    if not fled:
        rider_fell(state, model)   # his passenger thrown, his mount left loose
        banner_fell(state, model)  # 'Banners': a friend may pick up his banner
    elif carries_banner(model):
        lose(state, model.side, f"{model.id} flees with his banner: it is lost")
    state.check_victory()


def rider_fell(state, model) -> None:
    """A rider slain: his passenger is thrown; his mount, if the players use loose mounts,
    may be left in place."""
    if state.phase == "over":
        return
    floor = len(state.pending)
    if model.mount_wounds > 0 and state.options.get("loose_mounts", False):
        procedure.push(state, off_frame(model))
    throw_passenger(state, model)
    procedure.run(state, floor)


def throw(state, model) -> None:
    """The Thrown Rider chart, for a rider whose mount fell or threw him: 1 knocked flying (a
    Strength 3 hit, lying down, nothing more this turn), 2-5 nothing more this turn and no
    blows if he wins a fight, 6 on his feet at once. A Hero may spend Might on the roll
    ('Making tests')."""
    off = off_frame(model)
    floor = len(state.pending)
    # 'Passengers': the passenger is thrown too (after the rider)
    throw_passenger(state, model)
    on_foot(state, model)
    # 'Moving & Shooting': "A thrown rider cannot shoot that turn unless it shoots before"
    model.shot = True
    procedure.push(state, {"proc": "thrown", "model": model.id, "die": None, "off": off})
    procedure.run(state, floor)


def take_wound(state, model) -> None:
    """A wound on a model on the table or on a passenger ('Casualties')."""
    if model.carried_by is None:
        wound(state, model, 1)
        return
    model.wounds -= 1
    if model.wounds > 0:
        state.news.append(f"{model.id} is wounded ({model.wounds} left)")
        return
    state.news.append(f"{model.id} is slain")
    holder = carrier(state, model)
    if holder is not None:
        holder.passenger = None
    state.lost[model.side] += 1
    state.check_victory()


def thrown_down(state, model, why: str, hurt: bool = True) -> None:
    """A rider knocked to the ground: he is thrown and lies beside his mount, which is knocked
    down too, with a Strength 3 hit as on a 1 on the Thrown Rider chart ('Monstrous Mounts
    charge!'); he can do nothing more this turn. (Frames are put on the stack for the
    procedure running it.)"""
    state.news.append(f"{model.id} is thrown to the ground ({why})")
    throw_passenger(state, model)
    procedure.push(state, off_frame(model, prone=True))
    on_foot(state, model)
    model.prone = True
    model.moved = model.shot = True
    if hurt:
        hit(state, model, 3, f"{model.id} hits the dirt")


def off_frame(model, prone: bool = False, stage: str | None = None) -> dict:
    """What follows a rider's coming off, with where his mount stands."""
    return {"proc": "off", "model": model.id, "side": model.side, "x": model.x, "y": model.y,
            "heading": model.heading, "mount": model.profile.mount,
            "wounds": model.mount_wounds, "prone": prone, "stage": stage}


def on_foot(state, model) -> None:
    """The rider is now on foot: his move so far counts at most as his whole move on foot."""
    model.mount_wounds = 0
    if model.riding is not None:
        # off a mount not his own: back to his own profile
        model.riding = None
        model.profile = outfit(state, replace(model, profile=profile_named(model.profile.name)))
    model.move_used = min(model.move_used, state.allowance(model))


def throw_passenger(state, model) -> None:
    """'Passengers': "If the rider is killed or dismounts, the passenger is automatically
    thrown" - set down beside the cavalry model, then the Thrown Rider chart (a frame)."""
    if model.passenger is None:
        return
    passenger, model.passenger = model.passenger, None
    procedure.push(state, {"proc": "passenger thrown", "passenger": passenger.id,
                           "record": state.model_view(passenger),
                           "at": off_frame(model)})


# ---------------------------------------------------------------- falls

def fall(state, model, depth: float, how: str = "falls") -> None:
    """'Climbing': jumping or falling down more than twice the model's height leaves it lying
    at the foot with one Strength 3 hit for each full 1"/2cm, its movement spent; a shorter
    fall does not hurt it (the manual's 12cm fall: six hits)."""
    model.moved = True
    model.move_used = max(model.move_used, state.allowance(model))
    model.move_left = None
    if depth <= 2 * state.disc(model, zone=False).height + 1e-9:
        state.news.append(f"{model.id} {how} unhurt")
        return
    model.prone = True
    hits = int(depth / state.units.rule(1, 2) + 1e-9)
    state.news.append(f"{model.id} {how} {depth:.2f}{state.units.name}: "
                      f"{hits} Strength 3 hit(s)")
    for _ in range(hits):
        hit(state, model, 3, f"{model.id}'s fall")
# ---------------------------------------------------------------- a banner bearer falls

RULE_PICK_UP = "Banners: Equipping Warriors with Banners (picking up a banner)"


def pick_up_candidates(state, bearer) -> list[str]:
    """The friends who may pick up a slain bearer's banner: warriors (never Heroes) in base
    contact with him, not engaged in combat, on foot as he was or riding as he rode
    (decided: the banner passes from model to model of the same kind of base)."""
    tol = state.units.tolerance
    where = state.disc(bearer, zone=False)
    out = []
    for friend in sorted(state.models.values(), key=lambda m: m.id):
        if (friend.side != bearer.side or is_hero(friend) or is_loose(friend)
                or carries_banner(friend) or state.engaged(friend)
                or friend.mounted != bearer.mounted
                or not geo.in_contact(where, state.disc(friend, zone=False), tol)):
            continue
        out.append(friend.id)
    return out


def banner_fell(state, bearer) -> None:
    """A bearer is slain: a friend in base contact may pick up the banner, else it is lost
    ('Banners'). A bearer who flees the battle takes it off the table: it is lost."""
    if not carries_banner(bearer) or state.phase == "over":
        return
    candidates = pick_up_candidates(state, bearer)
    if not candidates:
        lose(state, bearer.side, f"{bearer.id}'s banner is lost in the mayhem of battle")
        return
    floor = len(state.pending)
    procedure.push(state, {"proc": "banner", "bearer": bearer.id, "side": bearer.side,
                           "profile": bearer.profile.name, "candidates": candidates,
                           "answer": None})
    procedure.run(state, floor)


def lose(state, side: str, why: str) -> None:
    """A banner of `side` is lost: the victor will capture it ('Capturing Banners')."""
    state.banners_lost[side] = state.banners_lost.get(side, 0) + 1
    state.news.append(why)


@procedure.REGISTRY.add
class BannerFrame(procedure.Frame):
    """A fallen bearer's banner: the side says who picks it up, then he carries it."""

    name = "banner"

    def step(self, state, stack) -> None:
        """Ask once; then the friend becomes the bearer, or the banner is lost."""
        answer = self["answer"]
        if answer is None:
            alive = [k for k in self["candidates"] if k in state.models]
            if not alive:
                procedure.finish(state, self)
                lose(state, self["side"], f"{self['bearer']}'s banner is lost")
                return
            self["candidates"] = alive
            state.question = {"kind": "pick up", "side": self["side"],
                              "bearer": self["bearer"], "candidates": alive}
            return
        procedure.finish(state, self)
        if answer == "" or answer not in state.models:
            lose(state, self["side"], f"{self['bearer']}'s banner is not picked up: it is lost")
            return
        friend = state.models[answer]
        # 'Banners': "the player must remove the model and replace it with the one carrying
        # the banner" - the friend drops all his equipment and takes the bearer's profile
        profile = state.scenario.profile(self["profile"]) or profile_named(self["profile"])
        friend.profile = profile
        friend.wounds = min(friend.wounds, profile.wounds)
        friend.weapon, friend.taken, friend.left_on_horse = None, (), None
        state.news.append(f"{friend.id} drops its equipment and picks up {self['bearer']}'s "
                          "banner")


class PickingUp(procedure.Asked):
    """'Banners': which friend in base contact picks up the fallen banner, or none."""

    name = "pick up"

    def answers(self, state) -> list:
        """Each friend who may pick it up, or 'pass'."""
        return [Take(k, "banner") for k in state.question["candidates"]] + [Pass()]

    def check(self, state, action) -> Plan:
        """One of the friends in base contact, not fighting; or 'pass'."""
        text, q = str(action), state.question
        if isinstance(action, Pass):
            return Plan(model="")
        if not isinstance(action, Take) or action.item != "banner":
            raise Refusal(RULE_PICK_UP, f"say who picks up {q['bearer']}'s banner, e.g. "
                                        f"'take {q['candidates'][0]} banner', or 'pass'",
                          action=text)
        if action.model not in q["candidates"]:
            raise Refusal(RULE_PICK_UP, f"{action.model} cannot pick up the banner: a warrior, "
                          "not a Hero, in base contact with the bearer and not engaged in "
                          f"combat may ({', '.join(q['candidates'])})", action=text)
        return Plan(model=action.model)

    def take(self, state, plan) -> None:
        """The answer handed to the frame waiting for it."""
        procedure.top(state, "banner")["answer"] = plan.model
