"""Cavalry on and off their mounts ('Cavalry'): who can ride, mounting and dismounting,
the Thrown Rider chart, Expert Riders' bow and shield, loose mounts (the advanced rule, game option
`loose_mounts`), passengers (the equipment a model carries as it is now is in state.py).

Questions (docs/strategy-battle.md, 'Cavalry'):

    loose  {"model": rider}: the rider fell or was thrown, his mount alive: 'loose G1' leaves
           it on the table, 'pass' lets it run off ('Loose Mounts')
    leave  {"model": rider}: an Expert Rider off his horse leaves his bow or his shield on
           it: 'leave G1 bow' or 'leave G1 shield' ('Expert Riders')
"""

from __future__ import annotations

import math
from dataclasses import replace

from ....engine.errors import IllegalAction
from ....engine.procedure import Plan, Refusal
from .. import table as geo
from .. import procedure
from ..notation import Dismount, Leave, Loose, Mount, Pass
from ..state import (Model, allowed, can_ride, carrier, find, foot_height_mm, is_loose,
                     jump_to_mount, loose_profile, may_carry, outfit, profile_named)
from ..wounds import D6, hit, off_frame, offer, on_foot, spent, throw_passenger

RULE_RIDE = "Cavalry: Which Models Can Ride?"
RULE_MOUNTING = "Cavalry: Mounting and Dismounting"
RULE_EXPERT = "Cavalry: Special Rule - Expert Riders"
RULE_LOOSE = "Cavalry: Advanced Rule - Loose Mounts"
RULE_THROWN = "Cavalry: Thrown Rider Chart"
RULE_PASSENGERS = "Cavalry: Advanced Rule - Passengers"


# ---------------------------------------------------------------- coming off a mount


@procedure.REGISTRY.add
class ThrownFrame(procedure.Frame):
    """The Thrown Rider chart for a rider off his mount: 1 knocked flying, 2-5 nothing more
    this turn, 6 on his feet at once ('Thrown Rider Chart'); then his mount's fate."""

    name = "thrown"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        model = state.models.get(self["model"])
        if model is None:
            procedure.finish(state, self)
            return
        if self["die"] is None:
            self["die"] = int(state.dice.roll(f"thrown {model.id}", D6))
        die = self["die"]
        if die < 6 and offer(state, self, model, "Thrown Rider", die, (2, 6)):
            return
        roll = min(6, die + spent(self))
        told = f"rolled {die}" + (f", {roll} with Might" if roll != die else "")
        procedure.finish(state, self)
        # the mount, if alive, is left loose or runs off; an Expert Rider leaves bow or shield
        if self["off"] is not None:
            procedure.push(state, self["off"])
        if roll == 6:
            state.news.append(f"{model.id} leaps into action ({told})")
            return
        model.moved = model.shot = True
        if roll == 1:
            state.news.append(f"{model.id} is knocked flying ({told})")
            model.prone = True
            hit(state, model, 3, f"{model.id} hits the dirt")
        else:
            state.news.append(f"{model.id} rises from the dust ({told})")
            model.no_strikes = True


@procedure.REGISTRY.add
class OffFrame(procedure.Frame):
    """After a rider comes off (or falls): his living mount may be left loose; an Expert
    Rider says which of bow and shield stays on the horse."""

    name = "off"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        model = state.models.get(self["model"])
        if self["stage"] is None:
            self["stage"] = "loose"
            if self["wounds"] > 0 and state.options.get("loose_mounts", False):
                state.question = {"kind": "loose", "side": self["side"], "model": self["model"],
                                  "mount": self["mount"]}
                return
        if self["stage"] == "loose":
            self["stage"] = "leave"
            if model is not None and must_leave(model):
                state.question = {"kind": "leave", "side": model.side, "model": model.id}
                return
        procedure.finish(state, self)


def must_leave(model) -> bool:
    """'Expert Riders': off his horse, a rider with both bow and shield keeps only one."""
    p = model.profile
    return (p.has("expert rider") and not model.mounted and model.left_on_horse is None
            and p.missile is not None and "shield" in p.wargear)


def loose_spot(state, frame):
    """Where the rider stands if his mount is left loose: beside it (None: no room); where
    he is, if he has fallen."""
    rider = state.models.get(frame["model"])
    if rider is None:
        return ()
    return place_beside(state, rider, mount_disc(state, frame))


class LooseMount(procedure.Asked):
    """'Loose Mounts': leave the mount on the table ('loose G1') or let it run off ('pass')."""

    name = "loose"

    def answers(self, state) -> list:
        """Leave the mount loose (when there is room for its rider beside it), or let it
        run off."""
        frame = procedure.top(state, "off")
        out = [Loose(state.question["model"])] if loose_spot(state, frame) is not None else []
        return out + [Pass()]

    def check(self, state, action) -> Plan:
        """The rider's own mount, with room beside it for him, or 'pass'."""
        text = str(action)
        q = state.question
        if isinstance(action, Loose):
            if action.model != q["model"]:
                raise Refusal(RULE_LOOSE, f"it is {q['model']}'s mount", action=text)
        elif not isinstance(action, Pass):
            raise Refusal(RULE_LOOSE, f"leave {q['model']}'s mount loose ('loose {q['model']}') "
                                      "or let it run off ('pass')", action=text)
        frame = procedure.top(state, "off")
        spot = loose_spot(state, frame) if isinstance(action, Loose) else None
        if isinstance(action, Loose) and spot is None:
            raise Refusal(RULE_LOOSE,
                          f"there is no room beside the mount for {q['model']}", action=text)
        return Plan(loose=isinstance(action, Loose), frame=frame, spot=spot, rider=q["model"])

    def take(self, state, plan) -> None:
        """The mount left loose beside its rider, or run off."""
        if not plan.loose:
            state.news.append(f"{plan.rider}'s mount runs off")
            return
        leave_loose(state, plan.frame, plan.spot)


def mount_disc(state, frame) -> geo.Disc:
    """The mount's base where it stands (where the cavalry model stood)."""
    mount = state.mounts[frame["mount"]]
    width, length = (state.units.from_mm(v) for v in mount.base_mm)
    return geo.Disc(f"{frame['model']}m", frame["x"], frame["y"], width / 2,
                    state.units.from_mm(mount.height_mm), frame["side"], False,
                    state.units.from_mm(mount.height_mm), loose=True,
                    half=(length - width) / 2, heading=frame["heading"])


def place_beside(state, rider, mount: geo.Disc):
    """A place for the rider's base touching his mount, free of every other base and on the
    table: his left, his right, behind, in front, then the corners (docs/strategy-battle.md)."""
    me = state.disc(rider, zone=False)
    others = [state.disc(m, zone=False) for m in state.models.values() if m.id != rider.id]
    tol = state.units.tolerance
    for turn in (90, -90, 180, 0, 135, -135, 45, -45):
        angle = mount.heading + math.radians(turn)
        ux, uy = math.cos(angle), math.sin(angle)
        lo, hi = 0.0, mount.half + mount.radius + me.radius + 1.0
        for _ in range(50):
            mid = (lo + hi) / 2
            here = me.at(mount.x + ux * mid, mount.y + uy * mid)
            lo, hi = (lo, mid) if geo.gap(here, mount) > tol / 4 else (mid, hi)
        spot = me.at(round(mount.x + ux * hi, 4), round(mount.y + uy * hi, 4))
        if not state.table.on_table(spot.x, spot.y, spot.radius):
            continue
        if not state.table.impassable.is_empty and \
                geo.outline(spot).intersection(state.table.impassable).area > tol * tol:
            continue
        if geo.overlapping(spot, mount, tol) or any(geo.overlapping(spot, o, tol)
                                                    for o in others):
            continue
        if any(o.side != rider.side and geo.in_contact(spot, o, tol) for o in others
               if not state.engaged(rider)):
            continue              # not into touch with an enemy: that would be a charge
        return spot.x, spot.y
    return None


def leave_loose(state, frame, spot) -> None:
    """The mount stays where it stood, a loose mount of the rider's side; the rider stands
    beside it."""
    ident = f"{frame['model']}m"
    while ident in state.models:
        ident += "m"
    mount = Model(ident, loose_profile(frame["mount"], frame["side"]), frame["x"], frame["y"],
                  frame["wounds"], heading=frame["heading"], moved=True,
                  prone=frame.get("prone", False))
    rider = state.models.get(frame["model"])
    if rider is not None and spot:
        rider.x, rider.y = spot
    state.models[ident] = mount
    state.news.append(f"{frame['model']}'s mount stays, loose ({ident})")


class LeaveOnHorse(procedure.Asked):
    """'Expert Riders': the bow or the shield stays on the horse."""

    name = "leave"

    def answers(self, state) -> list:
        """Leave the bow, or the shield."""
        return [Leave(state.question["model"], "bow"), Leave(state.question["model"], "shield")]

    def check(self, state, action) -> Plan:
        """The rider names the bow or the shield."""
        q = state.question
        if not isinstance(action, Leave) or action.model != q["model"]:
            raise Refusal(RULE_EXPERT,
                          f"{q['model']} leaves his bow or his shield on his horse: "
                          f"'leave {q['model']} bow' or 'leave {q['model']} shield'",
                          action=str(action))
        return Plan(model=q["model"], item=action.item)

    def take(self, state, plan) -> None:
        """The item left on the horse, off the rider's profile."""
        model = state.models[plan.model]
        model.left_on_horse = plan.item
        model.profile = outfit(state, model)
        state.news.append(f"{model.id} leaves his {plan.item} on his horse")


# ---------------------------------------------------------------- the decisions

def check_dismount(state, action, text: str):
    """'Mounting and Dismounting': a rider of the moving side, not fighting, gets off; at
    the start of his move he may then move on foot, later his move is over."""
    model = state.model(action.model, text)
    if model.side != state.acting or state.phase != "move":
        raise Refusal(RULE_MOUNTING,
                      f"{model.id} can dismount only in his side's Move phase", action=text)
    if not model.mounted:
        raise Refusal(RULE_MOUNTING, f"{model.id} is not mounted", action=text)
    if state.engaged(model) or model.immobilised:
        raise Refusal(RULE_MOUNTING, f"{model.id} is not free to move", action=text)
    allowed(state, model, text)
    spot = None
    if action.loose:
        if not state.options.get("loose_mounts", False):
            raise Refusal(RULE_LOOSE,
                          "the players do not use loose mounts (option loose_mounts)", action=text)
        spot = place_beside(state, model, mount_disc(state, off_frame(model)))
        if spot is None:
            raise Refusal(RULE_LOOSE,
                          f"there is no room beside the mount for {model.id}", action=text)
    return model, spot


def check_dismounting(state, action, text: str):
    """A rider getting off, or a passenger jumping down: what `dismount` needs."""
    if action.model not in state.models and find(state, action.model) is not None:
        return "down", check_jump_down(state, action, text)
    return "off", check_dismount(state, action, text)


def dismount(state, action, checked) -> None:
    """Get off: before moving, free to move on foot; during or after the move, the whole move
    is spent. The mount is left loose or runs off; a passenger is thrown. A passenger jumps
    down."""
    how, found = checked
    if how == "down":
        jump_down(state, found)
        return
    model, spot = found
    started = model.move_used > 0 or model.moved or model.move_left is not None
    frame = off_frame(model, stage="loose")
    if spot is not None:
        leave_loose(state, frame, spot)
    else:
        state.news.append(f"{model.id}'s mount is led away")
    on_foot(state, model)
    if started:
        model.moved = True
        model.move_used = state.allowance(model)
        model.move_left = None
    state.news.append(f"{model.id} dismounts" + ("" if started else " and may move on foot"))
    procedure.push(state, frame)
    throw_passenger(state, model)
    procedure.run(state)


def check_mount(state, action, text: str):
    """'Mounting and Dismounting': a model on foot touching a friendly loose mount it can
    ride, whose saddle is no higher than twice its height; (model, steed)."""
    model = state.model(action.model, text)
    steed = state.model(action.steed, text)
    if model.side != state.acting or state.phase != "move":
        raise Refusal(RULE_MOUNTING,
                      f"{model.id} can mount only in his side's Move phase", action=text)
    if model.mounted or is_loose(model):
        raise Refusal(RULE_MOUNTING, f"{model.id} is not a model on foot", action=text)
    if state.engaged(model) or model.prone or model.immobilised or model.jumped:
        raise Refusal(RULE_MOUNTING, f"{model.id} is not free to mount", action=text)
    if not geo.in_contact(state.disc(model, zone=False), state.disc(steed, zone=False),
                          state.units.tolerance):
        raise Refusal(RULE_MOUNTING, f"{model.id} must touch {steed.id} to mount it", action=text)
    kind = steed.profile.mount
    if steed.mounted:
        check_carry(state, model, steed, text)
    elif not is_loose(steed) or steed.side != model.side:
        raise Refusal(RULE_MOUNTING,
                      f"{steed.id} is not a loose mount of {model.side}", action=text)
    elif not can_ride(model, kind):
        raise Refusal(RULE_RIDE, f"{model.id} cannot ride a {kind}", action=text)
    if state.mounts[kind].height_mm > 2 * foot_height_mm(model):
        raise Refusal(RULE_MOUNTING,
                      f"the {kind}'s saddle is more than twice {model.id}'s height", action=text)
    allowed(state, model, text)
    return model, steed


def mount(state, action, checked) -> None:
    """Mount a loose mount: a Jump test ('Mounting and Dismounting': 1 fails; 2-5 mounted,
    no more moving this turn; 6 mounted, the rest of the move made on the mount)."""
    model, steed = checked
    # 'Moving & Shooting': a model that tries to mount a steed cannot shoot that turn
    model.jumped = True
    procedure.push(state, {"proc": "mounting", "model": model.id, "steed": steed.id})
    jump_to_mount(state, model, steed.id)
    procedure.run(state)


@procedure.REGISTRY.add
class MountingFrame(procedure.Frame):
    """After the Jump test to mount: 1 fails, 2-5 mounted with no more moving, 6 mounted
    with the rest of the move to ride ('Mounting and Dismounting'); or up as a passenger."""

    name = "mounting"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        procedure.finish(state, self)
        model, steed = state.models.get(self["model"]), state.models.get(self["steed"])
        score = self.get("jump", 1)
        if model is None:
            return
        if steed is not None and steed.mounted:
            carry(state, model, steed, score)
            return
        if score == 1 or steed is None:
            state.news.append(f"{model.id} fails to mount")
            model.moved = True
            return
        left = state.allowance(model) - model.move_used
        start = [model.x, model.y]
        model.x, model.y, model.heading = steed.x, steed.y, steed.heading
        model.mount_wounds = steed.wounds
        kind = steed.profile.mount
        model.riding = None if model.profile.mount == kind else kind
        # 'Expert Riders': "If they mount again, they immediately recover all their equipment"
        model.left_on_horse = None
        model.profile = outfit(state, replace(model, profile=profile_named(model.profile.name)))
        del state.models[steed.id]
        if score == 6 and left > 1e-9:
            model.moved = False
            model.move_left = left
            model.began = model.began or start
            state.news.append(f"{model.id} leaps into the saddle and may ride on "
                              f"{left:g}{state.units.name}")
        else:
            model.moved = True
            model.move_left = None
            state.news.append(f"{model.id} mounts {steed.id}")



def candidates(state) -> list:
    """Mounting and dismounting the acting side could do now (for agents): a rider who has
    not yet moved gets off (leaving his mount loose, if the players use loose mounts); a
    model on foot touching a friendly loose mount mounts it."""
    if state.phase != "move" or state.question is not None:
        return []
    out = []
    for model in state.models.values():
        if model.side != state.acting or is_loose(model):
            continue
        if model.passenger is not None:
            action = Dismount(model.passenger.id)
            try:
                check_jump_down(state, action, str(action))
                out.append(action)
            except IllegalAction:
                pass
        if model.mounted:
            if model.moved or model.move_used > 0:
                continue
            for loose in ((False, True) if state.options.get("loose_mounts", False)
                          else (False,)):
                action = Dismount(model.id, loose)
                try:
                    check_dismount(state, action, str(action))
                except IllegalAction:
                    continue
                out.append(action)
            continue
        for steed in state.models.values():
            if (is_loose(steed) or steed.mounted) and steed.side == model.side \
                    and steed.id != model.id:
                action = Mount(model.id, steed.id)
                try:
                    check_mount(state, action, str(action))
                except IllegalAction:
                    continue
                out.append(action)
    return out


# ---------------------------------------------------------------- passengers


@procedure.REGISTRY.add
class PassengerThrownFrame(procedure.Frame):
    """'Passengers': a passenger thrown off lands beside the mount, or, with nowhere to
    land, is slain; then he rolls on the Thrown Rider chart."""

    name = "passenger thrown"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        procedure.finish(state, self)
        passenger = state.model_from_view(self["record"])
        passenger.carried_by = None
        spot = place_beside(state, passenger, mount_disc(state, self["at"]))
        if spot is None:
            # nowhere to land clear of the other bases: he falls under the hooves (decided)
            state.news.append(f"{passenger.id} is thrown and has nowhere to land: slain")
            state.lost[passenger.side] += 1
            state.check_victory()
            return
        passenger.x, passenger.y = spot
        passenger.moved = passenger.shot = True
        state.models[passenger.id] = passenger
        state.news.append(f"{passenger.id} is thrown")
        procedure.push(state, {"proc": "thrown", "model": passenger.id, "die": None, "off": None})


def check_carry(state, model, steed, text: str) -> None:
    """'Passengers': a model that may be carried, touching a friendly ridden cavalry model
    that carries no one and is not fighting."""
    if steed.side != model.side or not steed.mounted or steed.passenger is not None:
        raise Refusal(RULE_PASSENGERS,
                      f"{steed.id} is not a friendly rider with room for a passenger", action=text)
    if state.engaged(steed):
        raise Refusal(RULE_PASSENGERS, f"{steed.id} is fighting", action=text)
    kind = steed.profile.mount
    if not may_carry(model, kind):
        raise Refusal(RULE_PASSENGERS, f"{model.id} cannot be carried on a {kind}", action=text)


def carry(state, model, steed, score: int) -> None:
    """The passenger's Jump test: 1 neither moves further; 2-5 he mounts and the cavalry
    model moves no further; 6 he mounts and it may make its whole move."""
    if score == 1:
        state.news.append(f"{model.id} fails to climb up behind {steed.id}")
        model.moved = steed.moved = True
        steed.move_left = None
        return
    del state.models[model.id]
    model.carried_by = steed.id
    model.moved = True
    steed.passenger = model
    if score <= 5:
        steed.moved = True
        steed.move_left = None
    state.news.append(f"{model.id} rides behind {steed.id}"
                      + ("" if score == 6 else f"; {steed.id} moves no further"))


def check_jump_down(state, action, text: str):
    """'Passengers': a passenger of the moving side jumps down, beside the cavalry model."""
    passenger = find(state, action.model)
    holder = carrier(state, passenger) if passenger is not None else None
    if holder is None:
        raise Refusal(RULE_PASSENGERS, f"{action.model} is not a passenger", action=text)
    if holder.side != state.acting or state.phase != "move":
        raise Refusal(RULE_PASSENGERS,
                      f"{passenger.id} can jump down only in his side's Move phase", action=text)
    if action.loose:
        raise Refusal(RULE_PASSENGERS, "a passenger has no mount to leave loose", action=text)
    spot = place_beside(state, passenger, state.disc(holder, zone=False))
    if spot is None:
        raise Refusal(RULE_PASSENGERS,
                      f"there is no room beside {holder.id} for {passenger.id}", action=text)
    return passenger, holder, spot


def jump_down(state, checked) -> None:
    """Before the cavalry model moves, both then move as normal; during or after its move
    the passenger moves no further, his whole move spent. No test is needed."""
    passenger, holder, spot = checked
    holder.passenger = None
    passenger.carried_by = None
    passenger.x, passenger.y = spot
    started = holder.moved or holder.move_used > 0 or holder.move_left is not None
    if started:
        passenger.moved = True
        passenger.move_used = state.allowance(passenger)
    else:
        passenger.moved, passenger.move_used = False, 0.0
        passenger.shot = passenger.jumped = passenger.charged = False
    passenger.move_left = None
    state.models[passenger.id] = passenger
    state.news.append(f"{passenger.id} jumps down from {holder.id}")
