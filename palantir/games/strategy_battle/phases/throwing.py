"""Throwing weapons thrown while charging ('Throwing Weapons'): "The player moves the model as
if it were going to charge the enemy but instead of moving into touch it halts 1"/2cm away.
It then throws its weapon at the enemy it is about to fight. The throw is then worked out
exactly as if it had taken place in the Shoot phase ... Once the weapon has been thrown, the
charger is moved into contact with the same enemy model or, if the enemy has been slain,
the charger completes its move as the player wishes."

`throw G1 E2 <waypoints>` names the whole charge. The charge is checked as a whole; the
model walks it (phases/move.py) up to the point where it first comes within 1"/2cm of the target,
as the first part of a move made in parts; throws (the shot of wounds.py); then walks the rest into
contact as a charge, with the movement it has left. If the throw slays the target, the
model keeps the rest of its move for the player to use: a move or a charge at another foe
(seen at the start of its move, 'Who Can Charge?').
"""

from __future__ import annotations

from ....engine.errors import IllegalAction
from ....engine.procedure import Refusal
from .. import table as geo
from .. import procedure
from ..notation import Charge, Move, Throw
from ..state import looked_past, push_move
from ..wounds import resolve_shot

RULE_THROWING = "Weapons: Throwing Weapons"
WEAPON = "throwing weapon"


def can_throw(state, model) -> bool:
    """A model with a throwing weapon and a Shoot value that has not shot this turn."""
    return (WEAPON in model.profile.wargear and model.profile.shoot is not None
            and not model.shot)


def resolve(state, action, text: str):
    """`throw G1 E2` without waypoints: the charge's path is found as for `charge G1 E2`."""
    if action.path:
        return action
    found = state.resolve(Charge(action.model, (action.target,)), text)
    return Throw(action.model, action.target, found.path)


def check(state, action, text: str):
    """Every condition of a throwing charge, checked before anything changes; the halting
    point, the waypoints before and after it."""
    model = state.model(action.model, text)
    if not can_throw(state, model):
        raise Refusal(RULE_THROWING,
                      f"{model.id} has no throwing weapon to throw this turn", action=text)
    target = state.model(action.target, text)
    if model.side == "good" and target.side != model.side and state.engaged(target):
        raise Refusal("The Shoot Phase: Targets in Combat",
                      f"{target.id} is fighting; Good warriors may not throw into a "
                      "fight", action=text)
    # the charge as a whole must be a legal charge
    state.check_move(Charge(action.model, (action.target,), action.path))
    points = [(model.x, model.y), *action.path]
    halt = geo.charge_zone_entry(points, state.disc(model),
                                 [state.disc(target, zone=False)], state.units.control_zone)
    segment = next(i for i in range(len(points) - 1) if geo.segment_point_distance(
        points[i], points[i + 1], halt) < 1e-9)
    before = [*points[1:segment + 1], halt]
    after = list(points[segment + 1:])
    return model, target, before, after


def charge_throwing(state, action, checked) -> None:
    """Carry out `throw G1 E2 <waypoints>`: walk to 1"/2cm away, throw, then charge home."""
    model, target, before, after = checked
    first = geo.check_path(state.table, state.discs(), state.disc(model), before,
                           state.mover(model), ignore_zones=True)
    state.news.append(f"{model.id} charges {target.id}, to throw its weapon first")
    procedure.push(state, {"proc": "throw", "model": model.id, "target": target.id,
                           "rest": [list(p) for p in after], "stage": "moved"})
    push_move(state, Move(model.id, tuple(before)), first, part=True)
    procedure.run(state)


@procedure.REGISTRY.add
class ThrowFrame(procedure.Frame):
    """'Throwing Weapons': the charger has walked to 1"/2cm away; it throws, then charges
    home with the move it has left (or keeps it, if the throw slew the target)."""

    name = "throw"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        model = state.models.get(self["model"])
        target = state.models.get(self["target"])
        if self["stage"] == "moved":
            if model is None or not self.get("arrived"):
                procedure.finish(state, self)       # stopped short (a failed test or jump)
                return
            self["stage"] = "thrown"
            if target is None:
                return
            seen = geo.sight(state.table, state.discs(), state.disc(model), state.disc(target),
                             ignore=looked_past(state, model))
            if not seen.visible:
                state.news.append(f"{model.id} cannot see {target.id} to throw")
                return
            state.news.append(f"{model.id} throws its weapon at {target.id}")
            # worked out as in the Shoot phase (the shot runs the stack: this self goes on at
            # its next stage once the shot is done, so nothing may follow here)
            resolve_shot(state, model, target, state.charts.missiles[WEAPON], seen)
            return
        procedure.finish(state, self)
        if model is None:
            return
        if target is None:
            state.news.append(f"{model.id} may complete its move as its side wishes "
                              f"({model.move_left:.2f}{state.units.name} left)")
            return
        charge = Charge(model.id, (target.id,), tuple(tuple(p) for p in self["rest"]))
        try:
            report = state.check_move(charge)
        except IllegalAction as exc:
            state.news.append(f"{model.id} cannot complete its charge: {exc.reason}")
            model.moved, model.move_left = True, None
            return
        push_move(state, charge, report)


def candidates(state, decisions) -> list:
    """A throwing charge for each charge candidate of a model that could throw."""
    out = []
    for action in decisions:
        if (isinstance(action, Charge) and len(action.targets) == 1
                and action.model in state.models and can_throw(state, state.models[action.model])):
            throw = Throw(action.model, action.targets[0], action.path)
            try:
                check(state, throw, str(throw))
            except IllegalAction:
                continue
            out.append(throw)
    return out

