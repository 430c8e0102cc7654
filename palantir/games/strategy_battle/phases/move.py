"""A model's move worked out as a procedure: the Courage test it owes before it moves, the
test to charge a terrifying enemy, then the walk along its path with a roll on the Jump
chart at each obstacle or gap ('The Move Phase', 'Jumping an Obstacle', 'Jumping a Gap',
'Jumping (Cavalry)', 'Courage'). Each roll may stop for a question: a Hero's Might on his
Test or Jump, an Expert Rider's re-roll, a rider's further attempt after a 1.

The Jump chart: 1 — fails, stays at the obstacle (into the gap, for a gap); 2-5 — placed on
the far side touching it and moves no further; 6 — completes its move.
"""

from __future__ import annotations

import math

from ....engine.errors import BadNotation, IllegalAction
from ....engine.procedure import Refusal
from .. import table as geo
from .. import procedure
from ..notation import Charge, Move
from ..state import (RULE_POWERS, allowed, ends_near_hero, moving_again, push_move, take_test,
                     terrifying)
from ..wounds import D6, hit, offer, roll_again, spent, throw

RULE_WHICH_SIDE = "The Move Phase: Which Side Moves First?"
RULE_MOVING = geo.RULE_MOVING
RULE_CHARGES = geo.RULE_CHARGES
RULE_WHO_CAN_CHARGE = "The Move Phase: Who Can Charge?"


# ---------------------------------------------------------------- checking a move

def movable(state, ident: str, text: str):
    """The model called `ident`, if it may move now: its side's, not yet moved, not
    fighting, not held by magic, and free as far as heroic actions go."""
    model = state.model(ident, text)
    if model.side != state.acting:
        raise Refusal(RULE_WHICH_SIDE,
                      f"{ident} belongs to {model.side}; {state.acting} is moving", action=text)
    if model.moved:
        raise Refusal(RULE_MOVING, f"{ident} has already moved this phase", action=text)
    if state.engaged(model):
        raise Refusal(RULE_CHARGES,
                      f"{ident} is touching an enemy and cannot move", action=text)
    if model.immobilised:
        raise Refusal(RULE_POWERS,
                      f"{ident} is held by a magical power this turn", action=text)
    allowed(state, model, text)
    return model


def check_move(state, action) -> geo.PathReport:
    """Check a move or charge fully without changing anything; the path report if legal."""
    text = str(action)
    if state.phase != "move" and not moving_again(state):
        raise Refusal(RULE_MOVING, "models move only in the Move phase", action=text)
    model = movable(state, action.model, text)
    targets: tuple[str, ...] = ()
    if isinstance(action, Charge):
        targets = action.targets
        for t in targets:
            enemy = state.model(t, text)
            if enemy.side == model.side:
                raise Refusal(RULE_CHARGES, f"{t} is a friend", action=text)
            # 'Who Can Charge?': the target must be in sight at the start of his own move
            if not saw_at_start(state, model, enemy):
                raise Refusal(RULE_WHO_CAN_CHARGE,
                              f"{model.id} cannot see {t} at the start of its move",
                              action=text)
    try:
        report = geo.check_path(state.table, state.discs(), state.disc(model), action.path,
                                state.mover(model), targets=targets, pass_loose=True)
        ends_near_hero(state, model, report.end)
        return report
    except IllegalAction as exc:
        raise Refusal(exc.rule, exc.reason, action=text) from None


def resolve_move(state, action, text: str):
    """`move G1 x,y`: the path to the destination found (a move with its path as it is)."""
    if action.to is None:
        return action
    model = movable(state, action.model, text)
    path = geo.find_path(state.table, state.discs(), state.disc(model), state.mover(model),
                         to=action.to)
    if path is None:
        where = f"{action.to[0]:g},{action.to[1]:g}"
        try:
            geo.check_path(state.table, state.discs(), state.disc(model), [action.to],
                           state.mover(model), pass_loose=True)
        except IllegalAction as exc:
            # the straight way names the rule that stands in the way (a zone, a wall...)
            raise Refusal(exc.rule, f"no legal path takes {model.id} to {where}; straight "
                                    f"there, {exc.reason}", action=text) from None
        raise Refusal(RULE_MOVING, f"no legal path takes {model.id} to {where}", action=text)
    return Move(action.model, Move.rounded(path))


def resolve_charge(state, action, text: str):
    """`charge G1 E1`: the path into contact found (a charge with its path as it is)."""
    if action.path:
        return action
    model = movable(state, action.model, text)
    if len(action.targets) != 1:
        raise BadNotation("a charge at several models needs its path, e.g. "
                          "'charge G1 E1+E2 10,12 11,12.5'", action=text)
    state.model(action.targets[0], text)
    path = geo.find_path(state.table, state.discs(), state.disc(model), state.mover(model),
                         target=action.targets[0])
    if path is None:
        raise Refusal(RULE_CHARGES, f"{model.id} cannot reach {action.targets[0]}", action=text)
    return Charge(action.model, action.targets, Move.rounded(path))


# ---------------------------------------------------------------- making it


def begin(state, action, report) -> None:
    """Make a checked move or charge (`report` from the path check)."""
    push_move(state, action, report)
    procedure.run(state)


@procedure.REGISTRY.add
class MoveFrame(procedure.Frame):
    """A model's move: the Courage test it owes, the test to charge a terror, then the walk
    along its path with its jumps, stage by stage ('The Move Phase')."""

    name = "move"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        model = state.models.get(self["model"])
        if model is None:
            procedure.finish(state, self, arrived=False)
            return
        STAGES[self["stage"]](state, self, model)


def _test(state, frame, model) -> None:
    # 'When to Test': a model owing a Courage test takes it before it moves
    frame["stage"] = "tested"
    procedure.push(state, {"proc": "courage owed", "model": model.id})


def _tested(state, frame, model) -> None:
    if not frame.pop("passed"):
        procedure.finish(state, frame, arrived=False)
        procedure.push(state, {"proc": "retreat", "model": model.id})
        return
    frame["stage"] = "dare"


def terrors(state, model, targets) -> list:
    """The terrifying enemies among a charge's targets that the charger must dare ('Attempting
    to charge a terrifying enemy'); none for a charger who causes terror himself."""
    if terrifying(model):
        return []
    return [state.models[t] for t in targets if t in state.models
            and terrifying(state.models[t])]


def _dare(state, frame, model) -> None:
    frame["stage"] = "walk"
    if terrors(state, model, frame["targets"]):
        frame["stage"] = "dared"
        take_test(state, model, "charging a terrifying enemy")


def _dared(state, frame, model) -> None:
    if frame.pop("passed"):
        frame["stage"] = "walk"
        return
    # the charger loses heart on coming within 1"/2cm and retreats from there
    points = [tuple(p) for p in frame["path"]]
    at = geo.charge_zone_entry(points, state.disc(model),
                               [state.disc(t, zone=False) for t in
                                terrors(state, model, frame["targets"])],
                               state.units.control_zone)
    model.x, model.y = at
    procedure.finish(state, frame, arrived=False)
    procedure.push(state, {"proc": "retreat", "model": model.id})


def _walk(state, frame, model) -> None:
    """Walk the path, jumping each obstacle or gap on it in order."""
    points = [tuple(p) for p in frame["path"]]
    done = frame.get("crossed", 0)
    if "jump" in frame:
        score = frame.pop("jump")
        name, kind, at = frame["crossings"][done]
        barrier = next(b for b in state.table.barriers if b.name == name)
        before, after = geo.obstacle_stops(points, state.disc(model, zone=False),
                                           barrier.footprint, at)
        if score == 1 and kind == "gap":
            # 'Jumping a Gap': on a 1 the model falls to the ground, into the gap
            state.news.append(f"{model.id} falls into '{name}'")
            frame.update(stage="end", end=list(geo.point_along(points, at)), completed=False,
                         fell=name)
            return
        if score == 1:
            state.news.append(f"{model.id} stumbles and fails to cross")
            frame.update(stage="end", end=list(geo.point_along(points, before)),
                         completed=False)
            return
        if score <= 5:
            state.news.append(f"{model.id} clambers over and stops")
            frame.update(stage="end", end=list(geo.point_along(points, after)),
                         completed=False)
            return
        frame["crossed"] = done = done + 1
    if done < len(frame["crossings"]):
        name, kind, _ = frame["crossings"][done]
        frame["jumped"] = True
        jump(state, model, next(b for b in state.table.barriers if b.name == name), kind)
        return
    frame.update(stage="end", end=list(points[-1]), completed=True)


def _end(state, frame, model) -> None:
    """The move is made: where it ends, what it cost, whom it charged."""
    end, completed = tuple(frame["end"]), frame["completed"]
    start = frame["path"][0]
    points = [tuple(p) for p in frame["path"]]
    # a long base faces along the stretch it ends on (turning is free)
    walked = geo.path_length(points[:1] + [end]) if len(points) == 2 else _walked(points, end)
    model.heading = geo.heading_along(points, walked, model.heading)
    model.x, model.y = end
    if state.heroic is not None and state.heroic.get("current") == model.id:
        state.heroic["hero_moved"] = True
    # 'Models on the Ground': getting up costs half the model's move
    used = frame["cost"] + (state.mover(model).allowance if model.prone else 0)
    model.move_used += used
    model.prone = False
    model.jumped = model.jumped or frame.get("jumped", False)
    charge = bool(frame["targets"])
    model.charged = charge and completed
    if frame["part"] and completed:
        # part of the move is made; the rest may follow ('Magical Powers': "at any point
        # during the model's movement")
        model.began = model.began or list(start)
        model.move_left = max(0.0, state.allowance(model) - model.move_used)
    else:
        model.moved = True
        model.move_left = None
    if model.charged:
        for enemy, barrier in frame["across"]:
            if enemy in frame["contacts"]:
                continue
            if any(p[0] == enemy and p[2] == barrier for p in state.across):
                # the enemy is already attacking over this barrier: the model joins the
                # defence against him ('Defending': more defenders move up)
                state.across.append([enemy, model.id, barrier])
                state.news.append(f"{model.id} joins the defence of '{barrier}' against "
                                  f"{enemy}")
            else:
                state.across.append([model.id, enemy, barrier])
                state.news.append(f"{model.id} charges {enemy} across '{barrier}'")
    verb = "charges " + "+".join(frame["targets"]) if model.charged else "moves"
    state.news.append(f"{model.id} {verb} ({frame['length']:.2f}{state.units.name})"
                      if completed else f"{model.id} stops at {end[0]:.2f},{end[1]:.2f}")
    procedure.finish(state, frame, arrived=completed)
    if frame.get("fell"):
        fall_into(state, model, next(b for b in state.table.barriers
                                     if b.name == frame["fell"]))


def _walked(points, end) -> float:
    """How far along the path the point `end` (on it) lies."""
    best, walked, at = math.inf, 0.0, 0.0
    for a, b in zip(points, points[1:]):
        seg = math.dist(a, b)
        t = 0.0 if seg <= 1e-12 else max(0.0, min(1.0, ((end[0] - a[0]) * (b[0] - a[0])
                                                       + (end[1] - a[1]) * (b[1] - a[1]))
                                                      / seg ** 2))
        off = math.dist(end, (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
        if off < best - 1e-9:
            best, at = off, walked + t * seg
        walked += seg
    return at


STAGES = {"test": _test, "tested": _tested, "dare": _dare, "dared": _dared, "walk": _walk,
          "end": _end}


# ---------------------------------------------------------------- the Jump chart

def jump(state, model, barrier, kind: str) -> None:
    """Put a roll on the Jump chart on the stack; the frame under it gets `jump`, the score.

    -1 if the obstacle is taller or wider than the model (the mount, for cavalry); Moria
    Goblins always count a 6 ('Moria Goblins & Jumping')."""
    height = state.disc(model, zone=False).barrier_height
    minus = 1 if (barrier.height > height or barrier.width > height) else 0
    procedure.push(state, {"proc": "jump", "model": model.id, "barrier": barrier.name,
                           "kind": kind, "minus": minus, "die": None, "try": 1})


@procedure.REGISTRY.add
class JumpFrame(procedure.Frame):
    """A roll on the Jump chart at an obstacle or gap: 1 fails, 2-5 over and no further, 6
    goes on; a Hero may raise it with Might ('Jumping an Obstacle', 'Jumping a Gap')."""

    name = "jump"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        model = state.models.get(self["model"])
        if model is None:
            procedure.finish(state, self, jump=1)
            return
        what = self["barrier"]
        if self["kind"] != "mount" and model.profile.has("goblin climber"):
            state.news.append(f"{model.id} bounds over '{what}' (a Moria Goblin)")
            procedure.finish(state, self, jump=6)
            return
        if self["die"] is None:
            die = ("jump again" if self.get("rerolled") else
                   "jump second try" if self["try"] == 2 else "jump")
            self["die"] = int(state.dice.roll(f"{die} {model.id}", D6))
            roll = self["die"]
            score = max(1, roll - self["minus"])
            state.news.append(f"{model.id} jumps '{what}': rolled {roll}"
                              + (f", -1 = {score}" if score != roll else ""))
        score = max(1, self["die"] - self["minus"])
        # 'Expert Riders' may re-roll the die when jumping mounted or mounting; a rider who
        # rolls a 1 may make a further attempt ('Jumping (Cavalry)')
        expert = (model.profile.has("expert rider") and (model.mounted or self["kind"] == "mount")
                  and not self.get("rerolled") and score < 6)
        further = (model.mounted and self["kind"] != "mount" and self["try"] == 1
                   and score == 1)
        if self.get("reroll"):
            roll_again(self)
            if not expert:
                # not a re-roll but the rider's further attempt, itself a new die
                self["rerolled"], self["try"] = False, 2
            self["die"] = None
            return
        if offer(state, self, model, "Jump", score, (2, 6), reroll=expert or further):
            return
        score = min(6, score + spent(self))
        if score == 1 and self["try"] == 2 and model.mounted:
            # a second 1: the rider is thrown from his mount
            state.news.append(f"{model.id} is thrown at '{what}'")
            procedure.finish(state, self, jump=1)
            throw(state, model)
            return
        procedure.finish(state, self, jump=score)


# ---------------------------------------------------------------- falls

def fall_into(state, model, barrier) -> None:
    """'Jumping a Gap': a model that rolls a 1 falls into the gap. A fall of more than twice
    its height leaves it lying on the ground with one Strength 3 hit for each full 1"/2cm
    fallen ('Climbing'); a shorter one does not hurt it. It moves no further this turn."""
    model.moved = True
    height = state.disc(model, zone=False).height
    if barrier.depth <= 2 * height:
        state.news.append(f"{model.id} drops unhurt into '{barrier.name}'")
        return
    model.prone = True
    hits = int(barrier.depth / state.units.rule(1, 2) + 1e-9)
    state.news.append(f"{model.id} falls {barrier.depth:.2f}{state.units.name}: "
                      f"{hits} Strength 3 hit(s)")
    for _ in range(hits):
        hit(state, model, 3, f"{model.id}'s fall")


def saw_at_start(state, model, enemy) -> bool:
    """'Who Can Charge?': whether the model saw the enemy at the start of its own move (where
    it stood before the first part of a move made in parts)."""
    if model.began is None:
        return state.sees(model, enemy).visible
    here = state.disc(model)
    there = here.at(*model.began)
    others = [d for d in state.discs() if d.key != model.id]
    return geo.sight(state.table, others, there, state.disc(enemy)).visible
