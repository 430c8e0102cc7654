"""Will and magical powers: casting in the Move phase, resisting, the powers' effects
('Heroes: Will', 'Magical Powers'; the powers are data/powers.toml)."""

from __future__ import annotations

from ...engine.errors import IllegalAction
from . import geometry as geo
from . import procedure
from .notation import Cast, Pass, Resist
from .profiles import default_powers

D6 = ("1", "2", "3", "4", "5", "6")
RULE_POWERS = "Heroes: Magical Powers"
RULE_RESIST = "Heroes: Magical Powers (magical resistance)"


def power_named(text: str):
    """The power written as in the notation (lower case, hyphens for spaces), or None."""
    for name, power in default_powers().items():
        if name.lower().replace(" ", "-") == text.lower():
            return power
    return None


def check_cast(state, action, text: str):
    """Every condition of casting, checked before anything changes; (caster, target, power, value)."""
    caster = state.model(action.model, text)
    power = power_named(action.power)
    if power is None:
        raise IllegalAction(f"there is no magical power '{action.power}'", rule=RULE_POWERS,
                            action=text)
    values = dict(caster.profile.powers)
    if power.name not in values:
        raise IllegalAction(f"{caster.id} does not have {power.name}", rule=RULE_POWERS,
                            action=text)
    if caster.side != state.acting:
        raise IllegalAction(f"{caster.id} can use a power only when its side moves",
                            rule=RULE_POWERS, action=text)
    if caster.cast:
        raise IllegalAction(f"{caster.id} has already used a power this turn", rule=RULE_POWERS,
                            action=text)
    if state.engaged(caster) or caster.prone or caster.immobilised:
        # 'Magical Powers': a Hero must be free to move to use a power
        raise IllegalAction(f"{caster.id} is not free to move", rule=RULE_POWERS, action=text)
    if not 1 <= action.dice <= caster.will_left:
        raise IllegalAction(f"{caster.id} has {caster.will_left} Will; roll 1 to "
                            f"{caster.will_left} dice",
                            rule=RULE_POWERS, action=text)
    target = state.model(action.target, text)
    if power.on_self:
        if target.id != caster.id:
            raise IllegalAction(f"{power.name} is cast on the caster himself", rule=RULE_POWERS,
                                action=text)
    else:
        if power.friendly != (target.side == caster.side) or target.id == caster.id:
            whom = "a friend" if power.friendly else "an enemy"
            raise IllegalAction(f"{power.name} is cast on {whom}", rule=RULE_POWERS, action=text)
        reach = state.units.rule(*power.range)
        if geo.gap(state.disc(caster, zone=False), state.disc(target, zone=False)) > reach + 1e-9:
            raise IllegalAction(f"{target.id} is beyond {power.name}'s {reach:g}"
                                f"{state.units.name}", rule=RULE_POWERS, action=text)
        if not state.sees(caster, target).visible:
            raise IllegalAction(f"{caster.id} cannot see {target.id}", rule=RULE_POWERS,
                                action=text)
    return caster, target, power, values[power.name]


def cast(state, action, text: str) -> None:
    """Roll as many dice as Will spent; the highest must reach the casting value."""
    caster, target, power, value = check_cast(state, action, text)
    caster.cast = True
    caster.spend_will(action.dice)
    dice = [int(state.dice.roll(f"cast {caster.id}", D6)) for _ in range(action.dice)]
    best = max(dice)
    if best < value:
        state.news.append(f"{caster.id} tries {power.name} ({value}+): rolled {dice}: it fails")
        return
    state.news.append(f"{caster.id} casts {power.name} on {target.id}: rolled {dice}")
    if target.side != caster.side and target.will_left > 0:
        state.question = {"kind": "resist", "side": target.side, "target": target.id,
                          "caster": caster.id, "power": power.name, "best": best}
        return
    take_effect(state, caster, target, power)


def candidates(state) -> list:
    """The answers to a resistance question: roll 1 to all its Will dice, or not."""
    target = state.models[state.question["target"]]
    return [Resist(target.id, n) for n in range(1, target.will_left + 1)] + [Pass()]


def answer(state, action, text: str) -> None:
    """Magical resistance: Will dice, the highest must equal or beat the caster's best."""
    q = state.question
    target = state.models[q["target"]]
    if isinstance(action, Resist):
        if action.model != target.id:
            raise IllegalAction(f"it is {target.id} who may resist", rule=RULE_RESIST,
                                action=text)
        if not 1 <= action.dice <= target.will_left:
            raise IllegalAction(f"{target.id} has {target.will_left} Will", rule=RULE_RESIST,
                                action=text)
    elif not isinstance(action, Pass):
        raise IllegalAction(f"resist with Will dice ('resist {target.id} 1') or 'pass'",
                            rule=RULE_RESIST, action=text)
    state.question = None
    power = default_powers()[q["power"]]
    caster = state.models.get(q["caster"])
    if isinstance(action, Resist):
        target.spend_will(action.dice)
        dice = [int(state.dice.roll(f"resist {target.id}", D6)) for _ in range(action.dice)]
        if max(dice) < q["best"] and target.profile.has("resistant to magic"):
            # 'Resistant to Magic': a Hobbit who fails may re-roll the dice once
            dice = [int(state.dice.roll(f"resist {target.id} again", D6))
                    for _ in range(action.dice)]
        if max(dice) >= q["best"]:
            state.news.append(f"{target.id} resists {power.name}: rolled {dice}")
            return
        state.news.append(f"{target.id} fails to resist: rolled {dice}")
    if caster is not None:
        take_effect(state, caster, target, power)


def take_effect(state, caster, target, power) -> None:
    """What a power does once cast and not resisted (data/powers.toml names the effect)."""
    effect = power.effect
    if effect == "immobilise":
        target.immobilised = True
        state.news.append(f"{target.id} is held fast: it can do nothing more this turn")
    elif effect == "black dart":
        from .shoot import wound_roll
        if wound_roll(state, power.strength, target, f"{caster.id}'s {power.name}"):
            state.offer_shot_wound(target)
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


def courage_of(model) -> int:
    """A model's Courage after Drain Courage, never below 1."""
    return max(1, model.profile.courage - model.courage_loss)


def terrifying(model) -> bool:
    """Whether a model causes terror (its special rule or a Terrifying Aura)."""
    return model.profile.has("terror") or model.terror


procedure.question("resist", answer, candidates)
