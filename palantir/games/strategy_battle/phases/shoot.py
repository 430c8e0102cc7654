"""The Shoot phase: who may shoot, at whom, and how many shots (the shot itself, its roll to
hit, what is in the way and the wound, is worked out in wounds.py: a throwing weapon's shot
is the same)."""

from __future__ import annotations

from ....engine.errors import IllegalAction
from ....engine.procedure import Refusal
from .. import table as geo
from ..state import allowed, is_loose, looked_past
from ..wounds import in_the_way


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
        raise Refusal(RULE_SHOOT,
                      f"{shooter.id} belongs to {shooter.side}; {state.acting} is shooting",
                      action=text)
    allowed(state, shooter, text)
    if shooter.shot:
        raise Refusal(RULE_SHOOT, f"{shooter.id} has already shot this phase", action=text)
    volley = mid_volley(state, shooter.side)
    if volley is not None and volley.id != shooter.id:
        # 'Multiple Shots': all of a Hero's shots are worked out before another model shoots
        raise Refusal(RULE_MULTIPLE_SHOTS,
                      f"{volley.id} has {volley.profile.shots - volley.shots_fired} "
                      "shot(s) left to work out first", action=text)
    limit = shooting_limit(state, shooter)
    if limit is None:
        raise Refusal(RULE_MISSILE_CHART, f"{shooter.id} has nothing to shoot with", action=text)
    if shooter.immobilised:
        raise Refusal("Heroes: Magical Powers",
                      f"{shooter.id} is held by a magical power this turn", action=text)
    if shooter.prone:
        raise Refusal("Models on the Ground", f"{shooter.id} is on the ground", action=text)
    if state.engaged(shooter):
        raise Refusal(RULE_SHOOTERS_IN_COMBAT, f"{shooter.id} is touching an enemy", action=text)
    if shooter.jumped:
        # 'Moving & Shooting': a model attempting to cross an obstacle cannot shoot that turn
        raise Refusal(RULE_MOVING_SHOOTING,
                      f"{shooter.id} tried to cross an obstacle this turn", action=text)
    if shooter.move_used > limit + 1e-6:
        raise Refusal(RULE_MOVING_SHOOTING,
                      f"{shooter.id} moved {shooter.move_used:.2f}{state.units.name}; "
                      f"a {shooter.profile.missile} allows {limit:g} and a shot", action=text)
    if target.side == shooter.side:
        raise Refusal(RULE_SHOOT, f"{target.id} is a friend", action=text)
    missile = state.charts.missiles[shooter.profile.missile]
    reach = state.units.rule(*missile.range)
    seen = geo.sight(state.table, state.discs(), state.disc(shooter), state.disc(target),
                     ignore=looked_past(state, shooter))
    if seen.distance > reach + 1e-9:
        raise Refusal(RULE_MISSILE_CHART,
                      f"{target.id} is {seen.distance:.2f}{state.units.name} away; a "
                      f"{missile.name} reaches {reach:g}", action=text)
    if not seen.visible:
        raise Refusal(RULE_SIGHT, f"{shooter.id} cannot see {target.id}", action=text)
    if shooter.side == "good" and state.engaged(target):
        raise Refusal(RULE_TARGETS_IN_COMBAT,
                      f"{target.id} is fighting; Good warriors may not shoot into a fight",
                      action=text)
    way = in_the_way(state, shooter, target, seen) if shooter.side == "good" else []
    if any(kind == "model" and is_loose(state.models[name]) and
           state.models[name].side == shooter.side for kind, name in way):
        # 'Loose Mounts': "Good models cannot shoot at targets if friendly mounts are in the way"
        raise Refusal("Cavalry: Advanced Rule - Loose Mounts",
                      f"a friendly mount is in the way of {target.id}", action=text)
    if any(kind == "fight" for kind, _ in way):
        # 'In the Way!': a fight partly in the way - "Good models, as usual, cannot take
        # this kind of shot"
        raise Refusal(RULE_TARGETS_IN_COMBAT,
                      f"a fight is partly in the way of {target.id}; Good warriors may "
                      "not shoot past a fight", action=text)
    return shooter, target, missile, seen


def mid_volley(state, side: str):
    """A Hero of the side who has begun his multiple shots and not finished them."""
    return next((m for m in state.models.values() if m.side == side and not m.shot
                 and m.shots_fired > 0), None)


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
