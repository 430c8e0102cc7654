"""Will and magical powers: casting in the Move phase (before, after or part-way through the
Hero's move), resisting, the powers' effects, Will of Evil ('Heroes: Will', 'Magical
Powers'; the powers are data/powers.toml).

A cast is a procedure (`cast` frame): the Will dice are rolled and the caster may raise the
best with Might — to reach the casting value, or to make the power harder to resist; each
victim who is a Hero with Will is asked to resist (`resist` frame: his dice, his Might, a
Hobbit's re-roll); then the power takes effect. Command and Compel stop once more, for the
caster's side to move the victim (a `command` question).
"""

from __future__ import annotations


from ....engine.errors import IllegalAction
from ....engine.procedure import Plan, Refusal
from .. import table as geo
from .. import procedure
from ..notation import Cast, Charge, Move, Pass, Resist, parse
from ..profiles import default_powers
from ..state import RULE_POWERS, courage_of, outfit, push_move
from ..wounds import D6, hit, offer, remove, roll_again, spent, thrown_down

RULE_RESIST = "Heroes: Magical Powers (magical resistance)"
RULE_COMMAND = "Heroes: Magical Powers (Command/Compel)"
RULE_WILL_OF_EVIL = "Special Rule: Will of Evil"


def power_named(text: str):
    """The power written as in the notation (lower case, hyphens for spaces), or None."""
    for name, power in default_powers().items():
        if written(name) == text.lower():
            return power
    return None


def written(name: str) -> str:
    """A power's name as the notation writes it: 'Sorcerous Blast' is sorcerous-blast."""
    return name.lower().replace(" ", "-")


def check_cast(state, action, text: str, at=None):
    """Every condition of casting, checked before anything changes; (caster, target, power,
    value). `at`: where the caster will stand when he casts (part-way through his move)."""
    caster = state.model(action.model, text)
    power = power_named(action.power)
    if power is None:
        raise Refusal(RULE_POWERS, f"there is no magical power '{action.power}'", action=text)
    values = dict(caster.profile.powers)
    if power.name not in values:
        raise Refusal(RULE_POWERS, f"{caster.id} does not have {power.name}", action=text)
    if caster.side != state.acting:
        raise Refusal(RULE_POWERS,
                      f"{caster.id} can use a power only when its side moves", action=text)
    if caster.cast:
        raise Refusal(RULE_POWERS, f"{caster.id} has already used a power this turn", action=text)
    if (state.engaged(caster) or caster.prone or caster.immobilised
            or caster.carried_by is not None):
        # 'Magical Powers': a Hero must be free to move to use a power; 'Passengers' cannot
        raise Refusal(RULE_POWERS, f"{caster.id} is not free to move", action=text)
    if not 1 <= action.dice <= caster.will_left:
        raise Refusal(RULE_POWERS, f"{caster.id} has {caster.will_left} Will; roll 1 to "
                                   f"{caster.will_left} dice", action=text)
    target = state.model(action.target, text)
    if power.on_self:
        if target.id != caster.id:
            raise Refusal(RULE_POWERS, f"{power.name} is cast on the caster himself", action=text)
    else:
        if power.friendly != (target.side == caster.side) or target.id == caster.id:
            whom = "a friend" if power.friendly else "an enemy"
            raise Refusal(RULE_POWERS, f"{power.name} is cast on {whom}", action=text)
        if target.carried_by is not None:
            raise Refusal(RULE_POWERS,
                          f"{target.id} rides as a passenger: target the cavalry model",
                          action=text)
        if power.needs and not target.profile.has(power.needs):
            raise Refusal(RULE_POWERS,
                          f"{target.id} has no {power.needs} for {power.name}", action=text)
        me = state.disc(caster, zone=False)
        if at is not None:
            me = me.at(*at)
        reach = state.units.rule(*power.range)
        if geo.gap(me, state.disc(target, zone=False)) > reach + 1e-9:
            raise Refusal(RULE_POWERS, f"{target.id} is beyond {power.name}'s {reach:g}"
                                       f"{state.units.name}", action=text)
        if not geo.sight(state.table, state.discs(), state.disc(caster).at(me.x, me.y),
                         state.disc(target)).visible:
            raise Refusal(RULE_POWERS, f"{caster.id} cannot see {target.id}", action=text)
    return caster, target, power, values[power.name]


def check_casting(state, action, text: str):
    """Every condition of a cast, now or from the end of the first part of his move (the
    move checked too): what `cast` needs."""
    if action.path:
        walk = Move(action.model, action.path)
        report = state.check_move(walk)
        check_cast(state, action, text, at=report.end)
        return walk, report
    return check_cast(state, action, text)


def cast(state, action, checked) -> None:
    """A Hero uses a power: now, or at the end of the first part of his move ('Magical
    Powers': "at any point during the model's movement")."""
    if action.path:
        walk, report = checked
        plain = Cast(action.model, action.power, action.target, action.dice)
        procedure.push(state, {"proc": "cast from", "cast": str(plain)})
        push_move(state, walk, report, part=True)
        procedure.run(state)
        return
    caster, target, power, value = checked
    start_cast(state, caster, target, power, value, action.dice)
    procedure.run(state)


@procedure.REGISTRY.add
class CastFromFrame(procedure.Frame):
    """The Hero has made the first part of his move: he casts if he got there."""

    name = "cast from"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        procedure.finish(state, self)
        action = parse(self["cast"])
        if not self.get("arrived"):
            state.news.append(f"{action.model} did not get where he meant to cast from")
            return
        try:
            caster, target, power, value = check_cast(state, action, self["cast"])
        except IllegalAction as exc:
            state.news.append(f"{action.model} cannot cast after all: {exc.reason}")
            return
        start_cast(state, caster, target, power, value, action.dice)


def start_cast(state, caster, target, power, value: int, dice: int) -> None:
    """Spend the Will and put the cast on the stack."""
    caster.cast = True
    caster.spend_will(dice)
    procedure.push(state, {"proc": "cast", "caster": caster.id, "target": target.id,
                           "power": power.name, "value": value, "dice": dice, "rolled": [],
                           "stage": "roll", "victims": [], "resisted": []})


def victims_of(state, caster, target, power) -> list:
    """Whom a power falls on: its target, or every enemy within its reach of the caster
    (Nature's Wrath)."""
    if power.effect != "nature's wrath":
        return [target]
    reach = state.units.rule(*power.range)
    me = state.disc(caster, zone=False)
    return sorted((m for m in state.models.values() if m.side != caster.side
                   and m.carried_by is None
                   and geo.gap(me, state.disc(m, zone=False)) <= reach + 1e-9),
                  key=lambda m: m.id)


def may_resist(model, caster) -> bool:
    """'Magical resistance': an enemy Hero with Will left may resist."""
    return model.side != caster.side and model.will_left > 0


@procedure.REGISTRY.add
class CastFrame(procedure.Frame):
    """A power being cast: the Will dice rolled, each victim's resistance, then its effect
    ('Magical Powers')."""

    name = "cast"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        caster = state.models.get(self["caster"])
        power = default_powers()[self["power"]]
        if caster is None:
            procedure.finish(state, self)
            return
        if self["stage"] == "roll":
            if not self["rolled"]:
                self["rolled"] = [int(state.dice.roll(f"cast {caster.id}", D6))
                                   for _ in range(self["dice"])]
            best = max(self["rolled"])
            target = state.models.get(self["target"])
            resistible = target is not None and any(
                may_resist(v, caster) for v in victims_of(state, caster, target, power))
            # Might: to reach the casting value, or (cast already) to be harder to resist
            if offer(state, self, caster, "casting", best, (self["value"],),
                            spare=(6 - best) if best >= self["value"] and resistible else 0):
                return
            self["best"] = best = min(6, best + spent(self))
            rolled = self["rolled"]
            if best < self["value"]:
                state.news.append(f"{caster.id} tries {power.name} ({self['value']}+): rolled "
                                  f"{rolled}: it fails")
                procedure.finish(state, self)
                will_of_evil_spent(state, caster)
                return
            state.news.append(f"{caster.id} casts {power.name} on {self['target']}: rolled "
                              f"{rolled}" + (f", best {best} with Might" if best != max(rolled)
                                             else ""))
            if target is None:
                procedure.finish(state, self)
                return
            self["victims"] = [v.id for v in victims_of(state, caster, target, power)]
            self["stage"] = "resist"
        if self["stage"] == "resist":
            if "resisted_now" in self:
                victim = self.pop("asking")
                if self.pop("resisted_now"):
                    self["resisted"].append(victim)
            while self["victims"]:
                ident = self["victims"][0]
                victim = state.models.get(ident)
                if victim is None or not may_resist(victim, caster) or ident == self.get("asked"):
                    self["victims"].pop(0)
                    self.pop("asked", None)
                    continue
                self["asked"] = ident
                state.question = {"kind": "resist", "side": victim.side, "target": ident,
                                  "caster": caster.id, "power": power.name, "best": self["best"]}
                return
            self["stage"] = "effect"
        procedure.finish(state, self)
        target = state.models.get(self["target"])
        victims = [] if target is None else victims_of(state, caster, target, power)
        for victim in victims:
            if victim.id in self["resisted"]:
                continue
            take_effect(state, caster, victim, power)
        # 'Will of Evil': the power's effect comes first, then a wraith with no Will is gone
        will_of_evil_spent(state, caster)


class Resisting(procedure.Asked):
    """'Magical resistance': the victim declares his Will dice, or 'pass'."""

    name = "resist"

    def answers(self, state) -> list:
        """Roll 1 to all its Will dice, or not."""
        target = state.models[state.question["target"]]
        return [Resist(target.id, n) for n in range(1, target.will_left + 1)] + [Pass()]

    def check(self, state, action) -> Plan:
        """The victim resists with the Will he has, or passes."""
        text = str(action)
        q = state.question
        target = state.models[q["target"]]
        if isinstance(action, Resist):
            if action.model != target.id:
                raise Refusal(RULE_RESIST, f"it is {target.id} who may resist", action=text)
            if not 1 <= action.dice <= target.will_left:
                raise Refusal(RULE_RESIST, f"{target.id} has {target.will_left} Will",
                              action=text)
        elif not isinstance(action, Pass):
            raise Refusal(RULE_RESIST,
                          f"resist with Will dice ('resist {target.id} 1') or 'pass'", action=text)
        return Plan(target=target, dice=action.dice if isinstance(action, Resist) else 0,
                    asked=q)

    def take(self, state, plan) -> None:
        """The Will spent and the resistance rolled, or none."""
        frame = procedure.top(state, "cast")
        target = plan.target
        if not plan.dice:
            frame["asking"], frame["resisted_now"] = target.id, False
            return
        target.spend_will(plan.dice)
        frame["asking"] = target.id
        procedure.push(state, {"proc": "resist", "model": target.id, "dice": plan.dice,
                               "best": plan.asked["best"], "power": plan.asked["power"],
                               "rolled": []})


@procedure.REGISTRY.add
class ResistFrame(procedure.Frame):
    """The highest resistance die must equal or beat the caster's best; a Hero may raise it
    with Might; a Hobbit who fails may re-roll the dice once ('Resistant to Magic')."""

    name = "resist"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        model = state.models.get(self["model"])
        if model is None:
            procedure.finish(state, self, resisted_now=False)
            return
        if not self["rolled"]:
            again = " again" if self.get("rerolled") else ""
            self["rolled"] = [int(state.dice.roll(f"resist {model.id}{again}", D6))
                               for _ in range(self["dice"])]
        best = max(self["rolled"])
        need = self["best"]
        hobbit = model.profile.has("resistant to magic") and not self.get("rerolled")
        if best < need and offer(state, self, model, "resisting", best, (need,)):
            return
        best = min(6, best + spent(self))
        if best < need and hobbit:
            state.news.append(f"{model.id} fails to resist: rolled {self['rolled']}; a Hobbit "
                              "re-rolls")
            roll_again(self)
            self["rolled"] = []
            return
        resisted = best >= need
        state.news.append(f"{model.id} {'resists' if resisted else 'fails to resist'} "
                          f"{self['power']}: rolled {self['rolled']}"
                          + (f", best {best} with Might" if spent(self) else ""))
        procedure.finish(state, self, resisted_now=resisted)
        will_of_evil_spent(state, model)


def take_effect(state, caster, target, power) -> None:
    """What a power does once cast and not resisted (data/powers.toml names the effect)."""
    effect = power.effect
    if effect in ("immobilise", "command"):
        target.immobilised = True
        state.news.append(f"{target.id} is held fast: it can do nothing more this turn")
        if effect == "command" and not state.engaged(target):
            # 'Command/Compel': the caster's side moves it up to half its move
            state.question = {"kind": "command", "side": caster.side, "target": target.id,
                              "caster": caster.id}
    elif effect == "black dart":
        hit(state, target, power.strength, f"{caster.id}'s {power.name}", by=caster.id)
    elif effect == "drain courage":
        if target.profile.courage - target.courage_loss > 1:
            target.courage_loss += 1
        state.news.append(f"{target.id}'s Courage falls to {courage_of(target)}")
    elif effect == "strengthen will":
        target.will += 1
        state.news.append(f"{target.id} gains 1 Will")
    elif effect == "terrifying aura":
        target.terror = True
        state.news.append(f"{target.id} causes terror for the rest of the battle")
    elif effect == "sap will":
        roll = int(state.dice.roll(f"sap will {target.id}", D6))
        lost = (roll + 1) // 2                       # a D3 ('Rolling Dice')
        target.will = max(0, target.will - lost)
        state.news.append(f"{target.id} loses {lost} Will")
        will_of_evil_spent(state, target)
    elif effect == "sorcerous blast":
        sorcerous_blast(state, caster, target, power)
    elif effect == "break staff":
        target.staff_broken = True
        target.profile = outfit(state, target)
        target.free_will = 0
        state.news.append(f"{target.id}'s staff is broken")
    elif effect == "nature's wrath":
        knock_down(state, target, f"{caster.id}'s {power.name}")


def sorcerous_blast(state, caster, target, power) -> None:
    """'Sorcerous Blast': the target is hurled D6" straight away from the caster and knocked
    to the ground with a Strength 5 hit; a model it hits is knocked down too, with a
    Strength 3 hit. It stops short of what it cannot pass (a model, impassable ground, a
    barrier it would have to jump, the table edge) (docs/strategy-battle.md)."""
    face = int(state.dice.roll(f"sorcerous blast {target.id}", D6))
    distance = state.units.rule(face, power.hurl_cm[face - 1])
    me, them = state.disc(caster, zone=False), state.disc(target, zone=False)
    d = geo.centre_distance(me, them) or 1.0
    direction = ((them.x - me.x) / d, (them.y - me.y) / d)
    end, struck = geo.hurl(state.table, [state.disc(m, zone=False)
                                         for m in state.models.values()
                                         if m.carried_by is None], them, direction, distance)
    target.x, target.y = end
    state.news.append(f"{target.id} is hurled {distance:g}{state.units.name} (rolled {face})"
                      + (f" into {struck}" if struck else ""))
    # the hits and knocks are worked out in order: the target first
    victims = [target] + ([state.models[struck]] if struck else [])
    for victim, strength in reversed(list(zip(victims, (power.strength, 3)))):
        hit(state, victim, strength, f"{caster.id}'s {power.name}", by=caster.id)
    for victim in victims:
        knock_down(state, victim, f"{caster.id}'s {power.name}", hurt=False)


def knock_down(state, model, why: str, hurt: bool = True) -> None:
    """Knocked to the ground by a power: a rider is thrown to the ground beside his mount
    with a Strength 3 hit, as for a monstrous mount's charge ('Monstrous Mounts charge!');
    a model on foot lies down ('Models on the Ground')."""
    if model.id not in state.models:
        return
    if model.mounted:
        thrown_down(state, model, why, hurt=hurt)
        return
    model.prone = True
    state.news.append(f"{model.id} is knocked to the ground ({why})")


# ---------------------------------------------------------------- Will of Evil

def will_of_evil_spent(state, model) -> None:
    """'Will of Evil': a model with no Will left is banished, removed as a casualty."""
    if (model.id in state.models and model.profile.has("will of evil")
            and model.will_left <= 0):
        state.news.append(f"{model.id} has no Will left and is banished")
        remove(state, model)


def will_of_evil(state) -> None:
    """At the end of the Fight phase a model with Will of Evil that fought that turn gives up
    a point of Will (the reference data's rule: docs/strategy-battle.md)."""
    for ident in sorted(state.fought_this_phase):
        model = state.models.get(ident)
        if model is not None and model.profile.has("will of evil"):
            model.spend_will(1)
            state.news.append(f"{model.id} gives up a point of Will (Will of Evil): "
                              f"{model.will_left} left")
            will_of_evil_spent(state, model)
            if state.phase == "over":
                return


# ---------------------------------------------------------------- Command and Compel

def check_command(state, action, text: str):
    """The caster's side moves the held model up to half its move: not out of a fight, no
    jump, into contact only with its enemies, control zones no bar (moved by another rule)."""
    q = state.question
    ident = q["target"]
    if not isinstance(action, (Move, Charge, Pass)) or (
            not isinstance(action, Pass) and action.model != ident):
        raise Refusal(RULE_COMMAND,
                      f"move {ident} ('move {ident} x,y'), charge it into its enemies "
                      f"or 'pass'", action=text)
    if isinstance(action, Pass):
        return None
    model = state.models[ident]
    mover = state.mover(model)
    half = geo.Mover(state.allowance(model) / 2, mover.difficult_factor, mover.woodland)
    path = action.path
    if isinstance(action, Move) and action.to is not None:
        path = geo.find_path(state.table, state.discs(), state.disc(model), half, to=action.to)
        if path is None:
            raise Refusal(RULE_COMMAND, f"no legal path takes {ident} to {action.to[0]:g},"
                                        f"{action.to[1]:g} within half its move", action=text)
    targets = action.targets if isinstance(action, Charge) else ()
    for t in targets:
        if state.model(t, text).side == model.side:
            raise Refusal(RULE_COMMAND, f"{t} is a friend of {ident}", action=text)
    try:
        report = geo.check_path(state.table, state.discs(), state.disc(model), path, half,
                                targets=targets, ignore_zones=True, turning=True)
    except IllegalAction as exc:
        raise Refusal(exc.rule, exc.reason, action=text) from None
    if any(c.kind != "stride" for c in report.crossings):
        raise Refusal(RULE_COMMAND, f"{ident} cannot be made to jump", action=text)
    return path, report


class Commanded(procedure.Asked):
    """'Command/Compel': the caster's side moves the held model (or leaves it)."""

    name = "command"

    def answers(self, state) -> list:
        """Leave it, or move it half its move towards or away from the caster."""
        q = state.question
        model, caster = state.models[q["target"]], state.models.get(q["caster"])
        out = [Pass()]
        if caster is None:
            return out
        me = state.disc(model)
        d = geo.centre_distance(me, state.disc(caster)) or 1.0
        for sign in (-1, 1):
            for share in (0.5, 0.25):
                step = state.allowance(model) * share - 0.01
                to = (round(me.x + sign * (caster.x - me.x) / d * step, 3),
                      round(me.y + sign * (caster.y - me.y) / d * step, 3))
                action = Move(model.id, (to,))
                try:
                    check_command(state, action, str(action))
                except IllegalAction:
                    continue
                out.append(action)
                break
        return out

    def check(self, state, action) -> Plan:
        """A move of the held model the power allows, or 'pass'."""
        return Plan(ident=state.question["target"],
                    checked=check_command(state, action, str(action)))

    def take(self, state, plan) -> None:
        """The held model moved, or left where it is."""
        if plan.checked is None:
            return
        path, report = plan.checked
        ident = plan.ident
        model = state.models[ident]
        points = [(model.x, model.y), *path]
        model.heading = geo.heading_of(points[-2], points[-1], model.heading)
        model.x, model.y = report.end
        state.news.append(f"{ident} is moved {report.length:.2f}{state.units.name} by magic")
