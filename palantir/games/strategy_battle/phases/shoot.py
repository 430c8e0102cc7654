"""The Shoot phase: who may shoot, at whom, and how many shots (the shot itself, its roll to
hit, what is in the way and the wound, is worked out in wounds.py: a throwing weapon's shot
is the same); and volleys of six or more bowmen ('Bows — Volley Fire')."""

from __future__ import annotations

from shapely.geometry import LineString, Point

from ....engine.errors import IllegalAction
from ....engine.procedure import Plan, Refusal
from .. import procedure
from .. import table as geo
from ..notation import Allot, Volley
from ..state import allowed, is_loose, looked_past
from ..wounds import hit, in_the_way, part_struck, roll_d6


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
    check_shooter(state, shooter, text)
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


def check_shooter(state, shooter, text: str) -> None:
    """Whether a model may shoot now at all, or a Refusal naming the rule: the acting side's,
    free to act, not yet shot, armed, not held, standing, not touching an enemy, moved no
    more than its missile allows ('Moving & Shooting')."""
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


# ================================================================ 'Bows — Volley Fire'
#
# Six or more bowmen in base contact loose their arrows into the air at a target they need
# not see, hitting only on 6s; the extra hits are allotted by both players in turn among
# the models within 6"/14cm of the target, then each hit passes the cover it may have and
# is rolled on the Wound Chart (wounds.py). A volley is a frame (procedure.py): `allot`
# hands the hits out, asking a side where there is a choice ('volley hit' {"candidates"},
# answered 'allot E5'), then `strike` works out each hit in the order allotted.

RULE_VOLLEY = "Bows — Volley Fire"
# 'Volley Fire': "the same kind of bow (Elf bow, bow, Dwarf bow or Orc bow)"
VOLLEY_BOWS = ("bow", "orc bow", "elf bow", "dwarf bow")
GROUP = 6                 # "six or more bow-armed models"
LARGE_BASE_RADIUS_MM = 40.0   # "models mounted on large bases (with bases of 40mm radius or more)"


def roofed(state, model) -> bool:
    """'Volley Fire': a model inside a building or with solid protection overhead "cannot be
    hit at all by indirect fire"."""
    centre = Point(model.x, model.y)
    return any(area.roof and area.shape.covers(centre) for area in state.table.areas)


def in_woods(state, model) -> bool:
    """'Volley Fire': a model inside a wooded area always has an 'in the way' roll."""
    centre = Point(model.x, model.y)
    return any(area.going == "woods" and area.shape.covers(centre)
               for area in state.table.areas)


def base_radius_mm(state, model) -> float:
    """Half the longest side of the model's base, in millimetres."""
    p = model.profile
    if model.mounted:
        return state.mounts[p.mount].base_mm[1] / 2
    return (p.foot_base_mm if p.mount else p.base_mm) / 2


def times_hit(state, model) -> int:
    """How many volley hits a model can take: once, or once per Wound on its profile on a
    base of 40mm radius or more ('Volley Fire')."""
    if base_radius_mm(state, model) >= LARGE_BASE_RADIUS_MM:
        return model.profile.wounds
    return 1


def _connected(state, group) -> bool:
    """Each warrior in base contact with at least one other, the whole a single group."""
    tol = state.units.tolerance
    discs = {m.id: state.disc(m, zone=False) for m in group}
    reached, todo = {group[0].id}, [group[0].id]
    while todo:
        here = todo.pop()
        for m in group:
            if m.id not in reached and geo.in_contact(discs[here], discs[m.id], tol):
                reached.add(m.id)
                todo.append(m.id)
    return len(reached) == len(group)


def near_target(state, target) -> list:
    """The models within 6"/14cm of the target (base to base), the target excluded."""
    reach = state.units.rule(6, 14)
    there = state.disc(target, zone=False)
    return [m for m in sorted(state.models.values(), key=lambda m: m.id)
            if m.id != target.id and geo.gap(there, state.disc(m, zone=False)) <= reach + 1e-9]


def check_volley(state, action, text: str):
    """Every condition of a volley, checked before anything changes: (the group, those of
    it in range who roll, the target, the bow)."""
    if len(set(action.models)) != len(action.models):
        raise Refusal(RULE_VOLLEY, "a model is named twice in the group", action=text)
    group = [state.model(k, text) for k in action.models]
    target = state.model(action.target, text)
    if len(group) < GROUP:
        raise Refusal(RULE_VOLLEY, f"a volley needs a group of six or more bow-armed models, "
                                   f"not {len(group)}", action=text)
    for m in group:
        check_shooter(state, m, text)
    bows = {m.profile.missile for m in group}
    if len(bows) != 1 or not bows <= set(VOLLEY_BOWS):
        raise Refusal(RULE_VOLLEY, "the group must all have the same kind of bow (Elf bow, bow, "
                      f"Dwarf bow or Orc bow), not {', '.join(sorted(map(str, bows)))}",
                      action=text)
    if not _connected(state, group):
        raise Refusal(RULE_VOLLEY, "each warrior must be in base contact with at least one other "
                                   "of the group, the group one whole", action=text)
    if target.side == state.acting:
        raise Refusal(RULE_VOLLEY, f"{target.id} is a friend", action=text)
    if roofed(state, target):
        raise Refusal(RULE_VOLLEY, f"{target.id} is under solid cover overhead: indirect fire "
                                   "cannot hit it", action=text)
    missile = state.charts.missiles[bows.pop()]
    reach = 2 * state.units.rule(*missile.range)     # "The range of bows ... is doubled"
    least = state.units.rule(18, 42)
    there = state.disc(target, zone=False)
    gaps = {m.id: geo.gap(state.disc(m, zone=False), there) for m in group}
    close = [k for k in action.models if gaps[k] < least - 1e-9]
    if close:
        raise Refusal(RULE_VOLLEY, f"{target.id} is closer than {least:g}{state.units.name} to "
                      f"{', '.join(close)}: too close for indirect fire", action=text)
    rolling = [m for m in group if gaps[m.id] <= reach + 1e-9]
    if not rolling:
        raise Refusal(RULE_VOLLEY, f"{target.id} is beyond the volley's range of "
                                   f"{reach:g}{state.units.name}", action=text)
    if state.acting == "good" and any(m.side == "good" for m in near_target(state, target)):
        # "If friendly models are within 6"/14cm of the target, Good models cannot shoot"
        raise Refusal(RULE_VOLLEY, f"friends are within {state.units.rule(6, 14):g}"
                      f"{state.units.name} of {target.id}: Good models must choose another "
                      "target", action=text)
    if not any(geo.sight(state.table, state.discs(), state.disc(m), state.disc(target)).visible
               for m in state.models.values() if m.side == state.acting):
        # "does not need to be able to see the target, as long as there is at least one
        # friendly model on the battlefield that is able to see their target"
        raise Refusal(RULE_VOLLEY, f"no {state.acting} model on the battlefield can see "
                                   f"{target.id}", action=text)
    return group, rolling, target, missile


def fire(state, action, found) -> None:
    """The volley: every model of the group has shot; those in range roll, 6s hit."""
    group, rolling, target, missile = found
    for m in group:
        m.shot = True
        m.shots_fired = m.profile.shots
    sixes = 0
    for m in rolling:
        if roll_d6(state, f"volley {m.id}") == 6:
            sixes += 1
    state.news.append(f"{'+'.join(action.models)} fire a volley at {target.id}: "
                      f"{len(rolling)} in range roll, {sixes} hit(s) on 6s")
    if not sixes:
        return
    cx = sum(m.x for m in group) / len(group)
    cy = sum(m.y for m in group) / len(group)
    procedure.push(state, {"proc": "volley", "side": state.acting, "target": target.id,
                           "missile": missile.name, "hits": sixes, "allotted": [target.id],
                           "from": [cx, cy], "stage": "allot", "choice": None})
    procedure.run(state)


def allot_candidates(state, frame) -> list[str]:
    """Who may take the next hit: the models within 6"/14cm of the target (the target too,
    on a large base) not yet hit as often as they can be, none under a roof."""
    target = state.models.get(frame["target"])
    if target is None:
        return []
    pool = near_target(state, target) + [target]
    return sorted(m.id for m in pool if not roofed(state, m)
                  and frame["allotted"].count(m.id) < times_hit(state, m))


@procedure.REGISTRY.add
class VolleyFrame(procedure.Frame):
    """A volley's hits: allotted in turn ('the first hit is always on the target, then the
    player controlling the target picks ... then the player controlling the firing group'),
    then each worked out."""

    name = "volley"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        if self["stage"] == "allot":
            if self["choice"] is not None:
                self["allotted"].append(self["choice"])
                self["choice"] = None
            left = self["hits"] - len(self["allotted"])
            options = allot_candidates(state, self)
            if left <= 0 or not options:
                if left > 0:
                    state.news.append(f"{left} hit(s) of the volley find nobody more to strike")
                self["stage"] = "strike"
                return
            # the second hit is the target's side's to allot, the third the firers', ...
            chooser = (state.other(self["side"]) if len(self["allotted"]) % 2 == 1
                       else self["side"])
            if len(options) == 1:
                self["choice"] = options[0]
                return
            state.question = {"kind": "volley hit", "side": chooser, "candidates": options}
            return
        if not self["allotted"]:
            procedure.finish(state, self)
            return
        ident = self["allotted"].pop(0)
        model = state.models.get(ident)
        if model is None or not self.passes_cover(state, model):
            return
        part = part_struck(state, model)
        victim = model.passenger if part == "passenger" else model
        hit(state, victim, state.charts.missiles[self["missile"]].strength,
            f"the volley's {self['missile']}", mount=part == "mount")

    def passes_cover(self, state, model) -> bool:
        """'Volley Fire': a barrier is 'in the way' only if it is between the firing group and
        the model hit and the model touches it; a model in a wood always has the roll. 1-3
        the arrow strikes the cover ('In the Way!')."""
        tol = state.units.tolerance
        me = state.disc(model, zone=False)
        line = LineString([tuple(self["from"]), (model.x, model.y)])
        cover = [b.name for b in state.table.barriers
                 if not b.gap and b.footprint.distance(Point(model.x, model.y)) <= me.radius + tol
                 and line.intersects(b.line)]
        if in_woods(state, model):
            cover.append(next(a.name for a in state.table.areas if a.going == "woods"
                              and a.shape.covers(Point(model.x, model.y))))
        for name in cover:
            roll = roll_d6(state, f"in the way {name} {model.id}")
            if roll <= 3:
                state.news.append(f"{name} is in the way of the hit on {model.id}: rolled {roll}: "
                                  "the arrow strikes it")
                return False
            state.news.append(f"{name} is in the way of the hit on {model.id}: rolled {roll}: "
                              "the arrow flies on")
        return True


class AllottingHit(procedure.Asked):
    """'Volley Fire': the side whose turn it is names the model the next hit strikes."""

    name = "volley hit"

    def answers(self, state) -> list:
        """Each model that may take the hit."""
        return [Allot(k) for k in state.question["candidates"]]

    def check(self, state, action) -> Plan:
        """One of the models within 6"/14cm of the target still to be hit."""
        text, q = str(action), state.question
        if not isinstance(action, Allot) or action.model not in q["candidates"]:
            raise Refusal(RULE_VOLLEY, "the next hit goes to a model within 6\"/14cm of the "
                          f"target not yet hit: {', '.join(q['candidates'])} (e.g. "
                          f"'allot {q['candidates'][0]}')", action=text)
        return Plan(model=action.model)

    def take(self, state, plan) -> None:
        """The hit allotted."""
        procedure.top(state, "volley")["choice"] = plan.model


# ---------------------------------------------------------------- candidates for agents

def volley_candidates(state) -> list:
    """The volleys the acting side could fire: each whole group of six or more of one bow
    in base contact, at each enemy it may target (without those too close to it, if six
    or more are left in one piece)."""
    eligible = []
    for m in sorted(state.models.values(), key=lambda m: m.id):
        if m.side != state.acting or m.profile.missile not in VOLLEY_BOWS:
            continue
        try:
            check_shooter(state, m, "")
        except IllegalAction:
            continue
        eligible.append(m)
    if len(eligible) < GROUP:
        return []
    out = []
    for group in _groups(state, eligible):
        for enemy in sorted(state.models.values(), key=lambda m: m.id):
            if enemy.side == state.acting:
                continue
            least = state.units.rule(18, 42)
            there = state.disc(enemy, zone=False)
            far = [m for m in group if geo.gap(state.disc(m, zone=False), there) >= least]
            if len(far) < GROUP or not _connected(state, far):
                continue
            action = Volley(tuple(m.id for m in far), enemy.id)
            try:
                check_volley(state, action, "")
            except IllegalAction:
                continue
            out.append(action)
    return out


def _groups(state, models) -> list[list]:
    """The groups of six or more models of one bow, each in base contact in one piece."""
    tol = state.units.tolerance
    left = list(models)
    out = []
    while left:
        first = left.pop(0)
        piece, todo = [first], [first]
        while todo:
            here = todo.pop()
            for m in list(left):
                if (m.profile.missile == first.profile.missile and geo.in_contact(
                        state.disc(here, zone=False), state.disc(m, zone=False), tol)):
                    left.remove(m)
                    piece.append(m)
                    todo.append(m)
        if len(piece) >= GROUP:
            out.append(sorted(piece, key=lambda m: m.id))
    return out
