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
from ..state import (RULE_POWERS, allowed, ends_near_hero, is_loose, moving_again, push_move,
                     take_test, terrifying)
from ..wounds import D6, fall, hit, offer, roll_again, spent, throw

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
    if model.climbing is not None:
        raise Refusal(RULE_CLIMBING, f"{model.id} is on the side of '{model.climbing[0]}': it "
                                     f"climbs on up or down ('climb {model.id} x,y')",
                      action=text)
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
                                state.mover(model), targets=targets, pass_loose=True,
                                over_prone=True)
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
                           state.mover(model), pass_loose=True, falls=False)
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
    frame["stage"] = "spot"


def _spot(state, frame, model) -> None:
    """'Models on the Ground': a charger sees a target lying partly hidden only on a spotting
    roll of 4+; failing it, he does not charge and stays where he is, his move over
    (decided)."""
    frame["stage"] = "dare"
    for ident in frame["targets"]:
        target = state.models.get(ident)
        if target is None or not target.prone or _seen_at_start(state, model, target) >= 1:
            continue
        die = int(state.dice.roll(f"spot {model.id}", D6))
        if die < 4:
            state.news.append(f"{model.id} cannot spot {ident}, lying partly hidden (rolled "
                              f"{die})")
            model.moved = True
            model.move_left = None
            procedure.finish(state, frame, arrived=False)
            return
        state.news.append(f"{model.id} spots {ident} (rolled {die})")


def _seen_at_start(state, model, enemy) -> float:
    """How much of the enemy the model saw from where its move began."""
    here = state.disc(model)
    if model.began is not None:
        here = here.at(*model.began)
    others = [d for d in state.discs() if d.key != model.id]
    return geo.sight(state.table, others, here, state.disc(enemy)).seen


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
        name, kind, at = frame["crossings"][done][:3]
        if kind == "ascent":
            _ascended(state, frame, model, points, at, score)
            return
        before, after = geo.obstacle_stops(points, state.disc(model, zone=False),
                                           _footprint(state, name, kind), at)
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
        name, kind, at = frame["crossings"][done][:3]
        if kind == "drop":
            # 'Climbing': no Jump roll down a drop, however far; lying at its foot
            state.news.append(f"{model.id} jumps down from '{name}'")
            frame.update(stage="end", end=list(_foot(state, model, points, at, +1)),
                         completed=False, dropped=frame["crossings"][done][3])
            return
        frame["jumped"] = True
        if kind == "ascent":
            climb_up(state, model, name, frame["crossings"][done][3])
            return
        if kind == "over":
            # 'Models on the Ground': jumped over as an obstacle (a lying body is low)
            procedure.push(state, {"proc": "jump", "model": model.id, "barrier": name,
                                   "kind": kind, "minus": 0, "die": None, "try": 1})
            return
        jump(state, model, next(b for b in state.table.barriers if b.name == name), kind)
        return
    frame.update(stage="end", end=list(points[-1]), completed=True)


def _footprint(state, name: str, kind: str):
    """The ground a barrier covers, or the base of a model lying on the ground."""
    if kind == "over":
        lying = state.models.get(name)
        if lying is not None:
            return geo.outline(state.disc(lying, zone=False))
    return next(b for b in state.table.barriers if b.name == name).footprint


def _foot(state, model, points, at: float, way: int) -> tuple[float, float]:
    """Where the base stands touching a sheer side the path crosses at `at`: below or
    behind it (way -1), or beyond it (+1); never past the path's ends."""
    r = state.disc(model, zone=False).radius
    total = geo.path_length(points)
    return geo.point_along(points, max(0.0, min(total, at + way * (r + state.units.tolerance
                                                                   / 4))))


def _ascended(state, frame, model, points, at: float, score: int) -> None:
    """'Climbing': a rise of up to twice the model's height is crossed as an obstacle: on a
    1 it stays below, on 2-5 it is placed at the edge and moves no further, on a 6 it goes on."""
    if score == 1:
        state.news.append(f"{model.id} fails to get up")
        frame.update(stage="end", end=list(_foot(state, model, points, at, -1)),
                     completed=False)
    elif score <= 5:
        state.news.append(f"{model.id} clambers up and stops")
        frame.update(stage="end", end=list(_foot(state, model, points, at, +1)),
                     completed=False)
    else:
        frame["crossed"] = frame.get("crossed", 0) + 1
        frame["stage"] = "walk"


def climb_up(state, model, name: str, rise: float) -> None:
    """A Jump roll to get up a rise of up to twice the model's height, -1 if it is taller
    than the model ('Climbing': "accomplished in the same way as for crossing an obstacle")."""
    height = state.disc(model, zone=False).barrier_height
    procedure.push(state, {"proc": "jump", "model": model.id, "barrier": name,
                           "kind": "ascent", "minus": 1 if rise > height else 0, "die": None,
                           "try": 1})


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
    # 'Models on the Ground': getting up costs half the model's move; crawling it stays down
    crawling = frame.get("crawl", False)
    used = frame["cost"] + (state.mover(model).allowance if model.prone and not crawling else 0)
    model.move_used += used
    model.prone = crawling
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
    if frame.get("dropped"):
        fall(state, model, frame["dropped"], "jumps down")
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


STAGES = {"test": _test, "tested": _tested, "spot": _spot, "dare": _dare, "dared": _dared, "walk": _walk,
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


# ---------------------------------------------------------------- climbing

RULE_CLIMBING = geo.RULE_CLIMBING
RULE_CLIMB_CHART = "Climbing: Climb Chart"
RULE_CAVALRY_EXCEPTIONS = "Cavalry: Other Exceptions"
RULE_GROUND = "Models on the Ground"
RULE_ELEVATED = "Defending Elevated Positions"


def _sheer(state, name: str):
    return next(a for a in state.table.areas if a.name == name)


def check_climb(state, action, text: str) -> dict:
    """'Climbing': a model on foot climbs the first sheer side on its path too high to jump
    (up) or to jump down unhurt (down), if that side can be climbed; the stretch before it
    is walked as a move, the stretch after it only on a 6. A model already climbing goes on
    up (its path going over the edge) or back down. What the climb needs, as plain data."""
    if state.phase != "move" and not moving_again(state):
        raise Refusal(RULE_MOVING, "models climb only in the Move phase", action=text)
    model = movable(state, action.model, text)
    if model.mounted or is_loose(model):
        raise Refusal(RULE_CAVALRY_EXCEPTIONS, "cavalry models cannot climb, lie down or crawl; "
                                               "mounts cannot either", action=text)
    if model.prone:
        raise Refusal(RULE_GROUND, f"{model.id} is on the ground: it gets up by moving",
                      action=text)
    me = state.disc(model)
    points = [(model.x, model.y), *((float(x), float(y)) for x, y in action.path)]
    allowance = state.mover(model).allowance
    tol = state.units.tolerance
    r = me.radius + tol / 4
    steps = geo.elevation_steps(state.table, points, me)
    if model.climbing is not None:
        name, z = model.climbing
        area = _sheer(state, name)
        up = next((s for s in steps if s.barrier == name and s.kind != "drop"), None)
        if up is not None and up.at > 2 * r + tol:
            raise Refusal(RULE_CLIMBING, f"{model.id} is on the side of '{name}': it goes "
                                         "on up or back down", action=text)
        rise = up.height if up is not None else z
        at = up.at if up is not None else 0.0
        climb = {"area": name, "up": up is not None, "z": z, "rise": rise,
                 "foot": [model.x, model.y],
                 "land": list(geo.point_along(points, at + r)) if up is not None
                 else [model.x, model.y], "before": 0.0, "at": at}
        rest_from = at + r if up is not None else 0.0
    else:
        step = next((s for s in steps if s.kind in ("climb", "drop")), None)
        if step is None:
            raise Refusal(RULE_CLIMBING, "the path meets no sheer side too high to jump up or "
                                         "down: it is a move", action=text)
        area = _sheer(state, step.barrier)
        if not area.climbable:
            raise Refusal(RULE_CLIMBING, f"the sides of '{area.name}' cannot be climbed "
                                         "(\"not all barriers are considered climbable\")",
                          action=text)
        before = geo.point_along(points, max(0.0, step.at - r))
        cost = 0.0
        if math.dist(before, points[0]) > tol / 4:
            prefix = [p for p, s in zip(points[1:], _marks(points)[1:])
                      if s < step.at - r] + [before]
            try:
                report = geo.check_path(state.table, state.discs(), me, prefix,
                                        state.mover(model), pass_loose=True)
            except IllegalAction as exc:
                raise Refusal(exc.rule, exc.reason, action=text) from None
            if report.crossings:
                raise Refusal(RULE_CLIMBING, "the way to the foot of the climb crosses an "
                                             "obstacle: climb from nearer", action=text)
            cost = report.cost
        up = step.kind == "climb"
        climb = {"area": area.name, "up": up, "z": 0.0 if up else step.height,
                 "rise": step.height, "foot": list(before if up else
                                                   geo.point_along(points, step.at + r)),
                 "land": list(geo.point_along(points, step.at + r) if up else before),
                 "before": cost, "at": step.at}
        if not up:
            # on top, touching the edge: the climb down ends at the foot below it
            climb["land"] = list(geo.point_along(points, step.at + r))
            climb["start"] = list(before)
        rest_from = step.at + r
    total = geo.path_length(points)
    rest = [list(geo.point_along(points, rest_from))] + [
        list(p) for p, s in zip(points[1:], _marks(points)[1:]) if s > rest_from + 1e-9]
    climb["rest"] = rest if total > rest_from + tol / 4 else []
    need = abs(climb["rise"] - climb["z"]) if climb["up"] else climb["z"]
    left = allowance - climb["before"] - 2 * need
    if climb["up"] and _defenders_at(state, model, me.at(*climb["land"])):
        climb["rest"] = []          # coming over the edge he charges: no move beyond it
    if climb["rest"] and len(climb["rest"]) > 1:
        landed = me.at(*climb["land"])
        try:
            report = geo.check_path(state.table, [d for d in state.discs() if d.key != me.key],
                                    landed, climb["rest"][1:], state.mover(model),
                                    pass_loose=True)
        except IllegalAction as exc:
            raise Refusal(exc.rule, f"after the climb, {exc.reason}", action=text) from None
        if report.crossings:
            raise Refusal(RULE_CLIMBING, "after the climb the rest of the move crosses an "
                                         "obstacle: climb first", action=text)
        climb["rest_cost"] = report.cost
    else:
        climb["rest"] = []
        climb["rest_cost"] = 0.0
    landed = me.at(*climb["land"])
    for other in state.discs():
        if other.key != me.key and geo.overlapping(landed, other, tol):
            raise Refusal(RULE_CLIMBING, f"'{other.key}' stands where the climb comes out",
                          action=text)
    climb["allowance"] = allowance
    # the rest of the path is walked on a 6 only when the climb leaves movement for it
    climb["rest_left"] = left
    return climb


def _marks(points) -> list[float]:
    """How far along the path each of its points lies."""
    out = [0.0]
    for a, b in zip(points, points[1:]):
        out.append(out[-1] + math.dist(a, b))
    return out


def start_climb(state, action, climb: dict) -> None:
    """Begin a checked climb: to the foot of the side (or its edge), then the Climb roll."""
    model = state.models[action.model]
    procedure.push(state, {"proc": "climb", "model": model.id, "die": None, "stage": "test",
                           **climb})
    procedure.run(state)


@procedure.REGISTRY.add
class ClimbFrame(procedure.Frame):
    """A climb up or down a sheer side: a roll on the Climb chart when it starts and at the
    start of each move on it — 1 falls to the ground, 2-5 climbs on (at the top or bottom,
    placed at the edge, moving no further), 6 climbs on and completes its move; the height
    climbed costs double ('Climbing'). Moria Goblins always count a 6."""

    name = "climb"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        model = state.models.get(self["model"])
        if model is None:
            procedure.finish(state, self)
            return
        if self.get("stage") == "test":
            # 'When to Test': a model owing a Courage test takes it before it moves
            self["stage"] = "tested"
            procedure.push(state, {"proc": "courage owed", "model": model.id})
            return
        if self.get("stage") == "tested":
            self["stage"] = "climb"
            if not self.pop("passed"):
                # decided: it lets itself down to the foot of the side, then retreats
                procedure.finish(state, self)
                model.climbing = None
                procedure.push(state, {"proc": "retreat", "model": model.id})
                return
            if model.climbing is None:
                # the walk to the foot of the side (or to its edge, to climb down)
                model.x, model.y = self.get("start") or self["foot"]
        if model.profile.has("goblin climber"):
            score = 6
        else:
            if self["die"] is None:
                self["die"] = int(state.dice.roll(f"climb {model.id}", D6))
                state.news.append(f"{model.id} climbs '{self['area']}': rolled {self['die']}")
            if offer(state, self, model, "Climb", self["die"], (2, 6)):
                return
            score = min(6, self["die"] + spent(self))
        procedure.finish(state, self)
        model.moved = True
        model.move_left = None
        if score == 1:
            # "the model slips and falls to the ground" from where it is on the side
            model.x, model.y = self["foot"]
            model.climbing = None
            model.move_used = state.allowance(model)
            fall(state, model, self["z"], f"slips from '{self['area']}' and falls")
            return
        progress = max(0.0, (self["allowance"] - self["before"]) / 2)
        z = self["z"] + progress if self["up"] else self["z"] - progress
        reached = z >= self["rise"] - 1e-9 if self["up"] else z <= 1e-9
        climbed = abs(min(max(z, 0.0), self["rise"]) - self["z"])
        model.move_used += self["before"] + 2 * climbed
        if not reached:
            model.x, model.y = self["foot"]
            model.climbing = [self["area"], round(min(max(z, 0.0), self["rise"]), 6)]
            state.news.append(f"{model.id} is {model.climbing[1]:.2f}{state.units.name} up "
                              f"the side of '{self['area']}'")
            return
        if self["up"] and reach_top(state, model, self):
            return
        model.climbing = None
        model.x, model.y = self["land"]
        if score == 6 and self["rest"] and self["rest_cost"] <= self["rest_left"] + 1e-9:
            model.x, model.y = self["rest"][-1]
            model.move_used += self["rest_cost"]
            state.news.append(f"{model.id} climbs {'up' if self['up'] else 'down'} and moves on")
        else:
            state.news.append(f"{model.id} reaches the {'top' if self['up'] else 'foot'} of "
                              f"'{self['area']}' and stops")


def _defenders_at(state, model, landed) -> list[tuple[float, str]]:
    """(distance, enemy) for each enemy whose control zone covers where a climber comes over
    the edge ('Defending Elevated Positions')."""
    cz = state.units.control_zone
    return [(geo.gap(landed, d), d.key) for d in state.discs()
            if d.side != model.side and d.zone and d.key != model.id
            and geo.gap(landed, d) < cz - 1e-9]


def reach_top(state, model, frame) -> bool:
    """'Defending Elevated Positions': a warrior climbing to the top charges the nearest enemy
    whose control zone overlaps the edge where he comes over; he holds on just below it and
    fights him across the edge. True if he does."""
    near = _defenders_at(state, model, state.disc(model, zone=False).at(*frame["land"]))
    if not near:
        return False
    _, enemy = min(near)
    model.climbing = [frame["area"], frame["rise"]]
    model.x, model.y = frame["foot"]
    model.charged = True
    state.across.append([model.id, enemy, frame["area"]])
    state.news.append(f"{model.id} climbs to the edge of '{frame['area']}' and charges {enemy}")
    return True


# ---------------------------------------------------------------- models on the ground

def check_lie(state, action, text: str):
    """'Models on the Ground': a warrior on foot may lie down when he moves, for half his
    entire move — before he moves, or after a move of no more than half of it (not a
    charge, not a jump). Cavalry and mounts never lie down ('Other Exceptions')."""
    if state.phase != "move":
        raise Refusal(RULE_GROUND, "a model lies down when it moves, in the Move phase",
                      action=text)
    model = state.model(action.model, text)
    if model.mounted or is_loose(model):
        raise Refusal(RULE_CAVALRY_EXCEPTIONS, "cavalry models cannot climb, lie down or crawl; "
                                               "mounts cannot either", action=text)
    if model.prone:
        raise Refusal(RULE_GROUND, f"{model.id} is already on the ground", action=text)
    if model.climbing is not None:
        raise Refusal(RULE_CLIMBING, f"{model.id} is on the side of '{model.climbing[0]}'",
                      action=text)
    half = state.allowance(model) / 2
    if model.moved:
        if model.side != state.acting:
            raise Refusal(RULE_WHICH_SIDE, f"{model.id} belongs to {model.side}; "
                                           f"{state.acting} is moving", action=text)
        if model.charged or model.jumped or state.engaged(model) or \
                model.move_used > half + 1e-6 or model.move_left is not None:
            raise Refusal(RULE_GROUND, f"{model.id} has no half of its move left to lie down",
                          action=text)
        allowed(state, model, text)
        return model
    return movable(state, action.model, text)


def lie_down(state, action, model) -> None:
    """The model lies down: half its move spent, its move over."""
    model.prone = True
    model.moved = True
    model.move_used += state.allowance(model) / 2
    model.move_left = None
    state.news.append(f"{model.id} lies down")


def crawl_mover(state, model) -> geo.Mover:
    """'Models on the Ground': a lying model's Move is 1"/2cm whatever its race."""
    mover = state.mover(model)
    return geo.Mover(state.units.rule(1, 2), mover.difficult_factor, mover.woodland)


def check_crawl(state, action, text: str) -> geo.PathReport:
    """A model on the ground crawls up to 1"/2cm along its path, jumping nothing, charging
    no one; it stays on the ground."""
    if state.phase != "move":
        raise Refusal(RULE_GROUND, "models crawl in the Move phase", action=text)
    model = movable(state, action.model, text)
    if not model.prone:
        raise Refusal(RULE_GROUND, f"{model.id} is on its feet: it moves", action=text)
    try:
        report = geo.check_path(state.table, state.discs(), state.disc(model), action.path,
                                crawl_mover(state, model), pass_loose=True, falls=False)
    except IllegalAction as exc:
        raise Refusal(RULE_GROUND if exc.rule == RULE_MOVING else exc.rule,
                      f"crawling ({state.units.rule(1, 2):g}{state.units.name} at most): "
                      f"{exc.reason}", action=text) from None
    if report.crossings:
        raise Refusal(RULE_GROUND, "a crawling model jumps and climbs nothing", action=text)
    return report


def crawl(state, action, report) -> None:
    """Crawl along the path (a move: a Courage test owed is taken first)."""
    push_move(state, action, report, crawl=True)
    procedure.run(state)
