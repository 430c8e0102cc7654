"""The rules of the fortress ('The Fortress (Siege Rules)'; 'Advanced Rule — Carrying Rams,
Ladders, Etc.'): the Move phase's siege decisions (gates opened and closed, doors bolted and
unbolted, ladders raised and pulled, rams and charges carried, hauled and dropped), the
siege's checks on ordinary moves and shots, the battering of the Fight phase (warriors at
doors and gates, rams, demolition charges) after the fights, and the walls that collapse at
the start of a turn. The pieces and what the table is made of now are table/fortress.py's;
what has happened to them is `state.siege`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import LineString, Point, Polygon
from shapely.ops import substring

from ...engine.errors import IllegalAction
from ...engine.procedure import Plan, Refusal
from . import procedure
from . import table as geo
from .notation import Done, Move, Siege
from .phases.courage import PASS_MARK
from .state import allowed, courage_of, is_loose
from .table import fortress as fort
from .wounds import roll_d6, wound, wound_roll

RULE_GATES = "The Fortress: Gates"
RULE_DOORS = "The Fortress: Holding and Bolting Doors & Hatches"
RULE_PASSING = "The Fortress: Doors and Hatchways"
RULE_ACCESS = "The Fortress: Access Ladders"
RULE_REMOVING = "The Fortress: Removing Ladders"
RULE_REPLACING = "The Fortress: Replacing Ladders"
RULE_STAIRS = "The Fortress: Stairs"
RULE_KNOCKING = "The Fortress: Knocking Down a Door, Hatch, or Gate"
RULE_WALLS = "The Fortress: Knocking Down Fortress Walls & Towers"
RULE_RAMS = "The Fortress: Battering Rams"
RULE_DEMOLITION = "The Fortress: Demolition Charges"
RULE_CARRYING = "Cavalry: Advanced Rule — Carrying Rams, Ladders, Etc."

# 'Battering Chart — Doors & Gates' and '— Fortress Wall/Tower': Batter points by the die
BATTERING = {"door": {1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 2},
             "wall": {1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 4}}
CHARGE_MM = 20.0        # a demolition charge: a chest this wide


def has_fortress(state) -> bool:
    """Whether the battle's table has a fortress."""
    return bool(state.siege)


def pieces(state) -> dict:
    """The fortress pieces by name, where they stand now (a siege ladder raised against a
    wall is a ladder on it)."""
    standing = state.siege["pieces"] if state.siege else {}
    return {p.name: fort.placed(p, standing) for p in state.scenario.table.fortress}


def status(state, name: str) -> dict:
    """What has happened to a piece."""
    return state.siege["pieces"][name]


def burden_of(state, ident: str) -> str | None:
    """The ram or charge a model carries, if any."""
    if not state.siege:
        return None
    for name, s in state.siege["pieces"].items():
        if "carriers" in s and ident in s["carriers"]:
            return name
    return None


def crew_size(state, piece, carriers) -> int:
    """'Battering Rams': as many warriors as have bases wholly beside the ram along both
    sides; a demolition charge: one ('Demolition Charges': one or two carry it); a siege
    ladder: one ('Carrying Rams, Ladders, Etc.': two or more carry it at a full pace)."""
    if piece.kind in ("charge", "ladder"):
        return 1
    bases = [state.disc(state.models[k], zone=False).radius * 2 for k in carriers
             if k in state.models] or [state.units.from_mm(25)]
    return 2 * max(1, int(math.floor(piece.length / max(bases) + 1e-9)))


def most_carriers(state, piece, carriers) -> int:
    """The most that carry it: a ram's crew, a charge's or a siege ladder's two."""
    return 2 if piece.kind in ("charge", "ladder") else crew_size(state, piece, carriers)


def haul_allowance(state, burden, crew) -> float:
    """How far a burden's crew carries it this move: its slowest carrier's move, half of it
    for a charge or a siege ladder with one carrier ('Demolition Charges': "moving at half
    speed if carried by one"; 'Carrying Rams, Ladders, Etc.': a ladder needs "two or more
    warriors to carry at a full pace move", decided as the charge's half speed)."""
    allowance = min(state.mover(m).allowance for m in crew)
    return allowance / 2 if burden.kind in ("charge", "ladder") and len(crew) == 1 \
        else allowance


def burden_rule(burden) -> str:
    """The rule a burden is carried under."""
    return {"ram": RULE_RAMS, "charge": RULE_DEMOLITION}.get(burden.kind, RULE_CARRYING)


def is_burden(piece) -> bool:
    """A ram, a charge, or a siege ladder not yet raised against a wall."""
    return piece.kind in fort.BURDENS or fort.lying(piece)


def _reach(state, burden) -> float:
    """How far from its middle a burden is touched."""
    return {"ram": burden.length / 2, "ladder": state.units.from_mm(fort.SIEGE_LADDER_MM) / 2
            }.get(burden.kind, state.units.from_mm(CHARGE_MM) / 2)


def carried(state, name: str) -> bool:
    """Whether a ram or charge is carried (by at least its least crew, of the living)."""
    s, piece = status(state, name), pieces(state)[name]
    living = [k for k in s["carriers"] if k in state.models]
    return not s["gone"] and bool(living) and len(living) >= crew_size(state, piece, living)


def ram_strength(strengths) -> int:
    """'Battering Rams': the least strong crew member's Strength +1 per other crew member,
    at most 10."""
    strengths = list(strengths)
    return min(10, min(strengths) + len(strengths) - 1)


def holding(state, model) -> bool:
    """Whether a model holds a door or hatch shut: on foot, touching it from the inside,
    not fighting ('Holding and Bolting Doors & Hatches')."""
    if not state.siege or model.mounted or state.engaged(model):
        return False
    disc = state.disc(model, zone=False)
    for p in state.scenario.table.fortress:
        if p.kind in ("door", "hatch") and status(state, p.name)["batter"] > 0 and \
                fort.touching(p, {}, disc, state.units) and fort.side_of(p, model.x, model.y):
            return True
    return False


# ---------------------------------------------------------------- the siege's checks

def check_move(state, action, report) -> None:
    """What the fortress forbids of a move or charge already legal on the table: a carrier
    moving on his own or charging, a mounted model on stairs, ladders or hatches, a model
    too tall for a doorway ('Moving Within the Fortress'; 'Battering Rams')."""
    if not state.siege:
        return
    text = str(action)
    model = state.models[action.model]
    burden = burden_of(state, model.id)
    if burden is not None:
        raise Refusal(burden_rule(pieces(state)[burden]),
                      f"{model.id} carries {burden}: its carriers move it together ('haul "
                      f"{burden} x,y') and cannot charge; or 'drop {model.id} {burden}'",
                      action=text)
    points = [(model.x, model.y), *action.path]
    line = LineString(points) if len(points) > 1 else None
    disc = state.disc(model, zone=False)
    crossed = {c.barrier for c in report.crossings}
    for p in state.scenario.table.fortress:
        if p.kind == "ladder" and p.name in crossed and (model.mounted or is_loose(model)):
            raise Refusal(RULE_ACCESS, "a mounted model cannot use a ladder", action=text)
        if p.kind in ("door", "hatch", "gate") and line is not None and line.crosses(p.path):
            _check_doorway(state, model, disc, p, text)
        if p.kind == "stairs" and model.mounted and line is not None:
            stair = Polygon(p.outline)
            on = line.buffer(disc.radius).intersection(stair).area > state.units.tolerance ** 2
            if on and not p.broad:
                raise Refusal(RULE_STAIRS, f"mounted models cannot move on '{p.name}'",
                              action=text)
            # 'Other Exceptions': broad, shallow steps at half the mount's pace
            extra = line.intersection(stair).length
            if on and report.cost + extra > state.mover(model).allowance + 1e-6:
                raise Refusal(RULE_STAIRS, f"'{p.name}' is crossed at half pace: the move "
                              f"costs {report.cost + extra:.2f}{state.units.name}", action=text)


def _check_doorway(state, model, disc, p, text) -> None:
    """'Doors and Hatchways': no lower than half a warrior's height, as high as a mount;
    a hatch only for a 25mm base or one no wider than the hatch."""
    if p.kind == "gate":
        return
    if p.clearance and (model.mounted and p.clearance < disc.mount_height - 1e-9
                        or p.clearance < disc.height / 2 - 1e-9):
        raise Refusal(RULE_PASSING, f"'{p.name}' is too low for {model.id}", action=text)
    if p.kind == "hatch" and (model.mounted or disc.radius * 2 >
                              max(p.gap, state.units.from_mm(25)) + state.units.tolerance):
        raise Refusal(RULE_PASSING, f"{model.id} is too big for the hatch '{p.name}'",
                      action=text)


def check_shooter(state, model, text: str) -> None:
    """Carriers, gate openers, ladder workers and holders of doors do not shoot."""
    if not state.siege:
        return
    if burden_of(state, model.id) is not None:
        raise Refusal(RULE_RAMS, f"{model.id} carries a burden and cannot shoot", action=text)
    if model.id in state.siege["busy"]:
        raise Refusal(RULE_GATES, f"{model.id} worked a gate or ladder this turn and cannot "
                                  "shoot", action=text)
    if holding(state, model):
        raise Refusal(RULE_DOORS, f"{model.id} holds a door shut and cannot shoot",
                      action=text)


def check_cast(state, model, text: str) -> None:
    """'Battering Rams': its carriers use no magical powers."""
    if state.siege and burden_of(state, model.id) is not None:
        raise Refusal(RULE_RAMS, f"{model.id} carries a burden: no magical powers", action=text)


# ---------------------------------------------------------------- the Move phase's decisions

def _free(state, model, text: str, rule: str, moved_ok: bool = False) -> None:
    """A model of the side moving, on foot, not fighting, free to act now."""
    if model.side != state.acting:
        raise Refusal(rule, f"{model.id} is not of the side moving", action=text)
    if model.mounted or is_loose(model):
        raise Refusal(RULE_CARRYING if rule in (RULE_RAMS, RULE_DEMOLITION, RULE_CARRYING)
                      else rule,
                      f"{model.id} is mounted", action=text)
    if state.engaged(model):
        raise Refusal(rule, f"{model.id} is fighting an enemy", action=text)
    if model.moved and not moved_ok:
        raise Refusal(rule, f"{model.id} has already moved", action=text)
    if model.immobilised:
        raise Refusal(rule, f"{model.id} is held by a magical power", action=text)
    allowed(state, model, text)


def _piece(state, name: str, kinds, text: str, rule: str):
    found = pieces(state).get(name)
    if found is None or found.kind not in kinds:
        raise Refusal(rule, f"there is no {' or '.join(kinds)} '{name}'", action=text)
    return found


def _burden(state, name: str, text: str):
    found = pieces(state).get(name)
    if found is None or not is_burden(found):
        raise Refusal(RULE_RAMS, f"there is no ram, charge or siege ladder '{name}' to carry "
                                 "(a ladder against a wall is raised and pulled, not carried)",
                      action=text)
    return found


def _check_gate(state, action, text):
    model = state.model(action.model, text)
    gate = _piece(state, action.thing, ("gate",), text, RULE_GATES)
    s = status(state, gate.name)
    _free(state, model, text, RULE_GATES)
    if s["batter"] <= 0:
        raise Refusal(RULE_GATES, f"'{gate.name}' is broken down", action=text)
    if burden_of(state, model.id):
        raise Refusal(RULE_GATES, f"{model.id} carries a burden", action=text)
    disc = state.disc(model, zone=False)
    if not fort.touching(gate, {}, disc, state.units) or not fort.side_of(gate, model.x, model.y):
        raise Refusal(RULE_GATES, f"{model.id} must touch '{gate.name}' from the inside at the "
                                  "start of its move", action=text)
    if (action.verb == "open") != (not s["open"]):
        raise Refusal(RULE_GATES, f"'{gate.name}' is already "
                                  f"{'open' if s['open'] else 'closed'}", action=text)
    if action.verb == "close":
        shape = fort.footprint(gate, {}, state.units)
        for other in state.models.values():
            o = state.disc(other, zone=False)
            if geo.outline(o).intersection(shape).area > state.units.tolerance ** 2:
                raise Refusal(RULE_GATES, f"{other.id} stands in the gateway", action=text)
    return model, gate


def _gate(state, action, found) -> None:
    model, gate = found
    s = status(state, gate.name)
    s["open"] = action.verb == "open"
    model.moved = True
    state.siege["busy"].append(model.id)
    state.news.append(f"{model.id} {'opens' if s['open'] else 'closes'} {gate.name}")


def _check_bolt(state, action, text):
    model = state.model(action.model, text)
    door = _piece(state, action.thing, ("door", "hatch"), text, RULE_DOORS)
    s = status(state, door.name)
    _free(state, model, text, RULE_DOORS)
    if s["batter"] <= 0:
        raise Refusal(RULE_DOORS, f"'{door.name}' is broken down", action=text)
    # "hatches leading to upper floors can only be held shut from above or bolted from
    # below": a hatch's `inside` is above it
    below = door.kind == "hatch"
    if not fort.touching(door, {}, state.disc(model, zone=False), state.units) or \
            fort.side_of(door, model.x, model.y) == below:
        raise Refusal(RULE_DOORS, "doors are bolted and unbolted from the inside, hatches from "
                                  "below, by a model touching them", action=text)
    if (action.verb == "bolt") == s["bolted"]:
        raise Refusal(RULE_DOORS, f"'{door.name}' is already "
                                  f"{'bolted' if s['bolted'] else 'unbolted'}", action=text)
    return model, door


def _bolt(state, action, found) -> None:
    model, door = found
    status(state, door.name)["bolted"] = action.verb == "bolt"
    state.news.append(f"{model.id} {action.verb}s {door.name}")


def on_ladder(state, ladder, side: str) -> list:
    """The enemies of `side` climbing the ladder: touching it from the foot."""
    shape = fort.footprint(ladder, pieces(state), state.units)
    return [m for m in state.models.values() if m.side != side
            and geo.touches(shape, state.disc(m, zone=False), state.units.tolerance)]


def _ladder_workers(state, ladder, model) -> list:
    shape = fort.footprint(ladder, pieces(state), state.units)
    return [m for m in state.models.values() if m.side == model.side and not m.mounted
            and m.id not in state.siege["busy"] and not state.engaged(m)
            and geo.touches(shape, state.disc(m, zone=False), state.units.tolerance)
            and burden_of(state, m.id) is None]


def _check_ladder(state, action, text):
    rule = RULE_REMOVING if action.verb == "pull" else RULE_REPLACING
    model = state.model(action.model, text)
    ladder = _piece(state, action.thing, ("ladder",), text, rule)
    _free(state, model, text, rule, moved_ok=True)
    if model.id in state.siege["busy"]:
        raise Refusal(rule, f"{model.id} has already worked a gate or ladder", action=text)
    if fort.lying(ladder):
        return model, ladder, _check_raising(state, action, model, ladder, text)
    if burden_of(state, model.id):
        raise Refusal(rule, f"{model.id} carries a burden", action=text)
    if model not in _ladder_workers(state, ladder, model):
        raise Refusal(rule, f"{model.id} must touch '{ladder.name}'", action=text)
    up = status(state, ladder.name)["up"]
    if up != (action.verb == "pull"):
        raise Refusal(rule, f"'{ladder.name}' is already {'up' if up else 'down'}",
                      action=text)
    return model, ladder, None


def against(state, ladder) -> tuple | None:
    """The wall or tower a siege ladder lying here would be raised against: the nearest
    standing within its reach, and the point of it (None: none is)."""
    s = status(state, ladder.name)
    here = Point(s["x"], s["y"])
    reach = _reach(state, ladder) + state.units.tolerance
    best = None
    for p in state.scenario.table.fortress:
        if p.kind in ("wall", "tower") and _standing(state, p):
            d = p.path.distance(here) - p.thickness / 2
            if d <= reach and (best is None or d < best[0]):
                best = (d, p)
    if best is None:
        return None
    wall = best[1]
    spot = wall.path.interpolate(wall.path.project(here))
    return wall, Move.rounded([(spot.x, spot.y)])[0]


def _check_raising(state, action, model, ladder, text):
    """'Replacing Ladders', by its carrier: a siege ladder carried to the foot of a wall or
    tower is raised against it by a carrier touching the wall, who gives up the rest of his
    move ('Carrying Rams, Ladders, Etc.': siege ladders carried; the wall's defenders are then
    reached by it, 'Defending': "attackers must use ladders to reach their enemy")."""
    if action.verb != "raise":
        raise Refusal(RULE_REMOVING, f"'{ladder.name}' lies on the ground: it is carried and "
                                     "raised against a wall, not pulled", action=text)
    if model.id not in status(state, ladder.name)["carriers"]:
        raise Refusal(RULE_REPLACING, f"{model.id} does not carry '{ladder.name}'",
                      action=text)
    found = against(state, ladder)
    if found is None:
        raise Refusal(RULE_REPLACING, f"'{ladder.name}' is not at the foot of a wall or tower",
                      action=text)
    wall = found[0]
    if not fort.touching(wall, {}, state.disc(model, zone=False), state.units):
        raise Refusal(RULE_REPLACING, f"{model.id} must touch '{wall.name}' to raise "
                                      f"'{ladder.name}' against it", action=text)
    return found


def ladder_odds(climbers: int, helpers: int) -> int:
    """'Removing Ladders': the score a D6 needs with models on the ladder (-1 for one, -2
    for two or more) and friends working together (+1): the least roll that pulls it."""
    modifier = -min(climbers, 2) + (1 if helpers else 0)
    return 4 - modifier


def fall_hits(state, height: float) -> int:
    """One Strength 3 hit for each full 1"/2cm of a fall."""
    return int(math.floor(height / state.units.rule(1, 2) + 1e-9))


def fall(state, model, hits: int, why: str) -> None:
    """A fall's Strength 3 hits, each rolled on the Wound chart."""
    for _ in range(hits):
        if model.id not in state.models or state.phase == "over":
            return
        if wound_roll(state, 3, model, why):
            wound(state, model, 1)


def _ladder(state, action, found) -> None:
    model, ladder, raised = found
    s = status(state, ladder.name)
    if raised is not None:
        wall, spot = raised
        s.update(on=wall.name, at=list(spot), up=True, carriers=[], x=spot[0], y=spot[1])
        model.moved = True               # expends any remaining movement
        model.move_left = None
        state.siege["busy"].append(model.id)
        state.news.append(f"{model.id} raises {ladder.name} against {wall.name}")
        return
    workers = _ladder_workers(state, ladder, model)
    for m in workers if action.verb == "pull" else [model]:
        m.moved = True                   # gives up any remaining movement
        m.move_left = None
        state.siege["busy"].append(m.id)
    if action.verb == "raise":
        s["up"] = True
        state.news.append(f"{model.id} raises {ladder.name}")
        return
    climbers = on_ladder(state, ladder, model.side)
    if climbers:
        need = ladder_odds(len(climbers), len(workers) - 1)
        roll = roll_d6(state, f"pull {ladder.name}")
        if roll < need:
            state.news.append(f"{model.id} tries to pull {ladder.name} with "
                              f"{len(climbers)} on it: needs {need}, rolled {roll}: it stays")
            return
        state.news.append(f"{model.id} pulls {ladder.name} with {len(climbers)} on it: needs "
                          f"{need}, rolled {roll}: it falls")
    else:
        state.news.append(f"{model.id} pulls {ladder.name} up")
    s["up"] = False
    height = pieces(state)[ladder.on].height
    for m in sorted(climbers, key=lambda m: m.id):
        hits = fall_hits(state, height)
        state.news.append(f"{m.id} falls from {ladder.name}: {hits} Strength 3 hit(s)")
        fall(state, m, hits, f"{m.id} falls")


def _reaches(state, burden, disc) -> bool:
    s = status(state, burden.name)
    reach = _reach(state, burden)
    return math.dist((disc.x, disc.y), (s["x"], s["y"])) <= reach + disc.radius + \
        state.units.tolerance


def _check_carry(state, action, text):
    model = state.model(action.model, text)
    burden = _burden(state, action.thing, text)
    rule = burden_rule(burden)
    s = status(state, burden.name)
    if action.verb == "drop":
        if model.id not in s["carriers"]:
            raise Refusal(rule, f"{model.id} does not carry {burden.name}", action=text)
        return model, burden
    _free(state, model, text, rule)
    if s["gone"]:
        raise Refusal(rule, f"{burden.name} is gone", action=text)
    if burden_of(state, model.id):
        raise Refusal(rule, f"{model.id} already carries a burden", action=text)
    if holding(state, model):
        raise Refusal(RULE_DOORS, f"{model.id} holds a door and carries nothing", action=text)
    if not _reaches(state, burden, state.disc(model, zone=False)):
        raise Refusal(rule, f"{model.id} must touch {burden.name}", action=text)
    if len(s["carriers"]) >= most_carriers(state, burden, s["carriers"] + [model.id]):
        raise Refusal(rule, f"{burden.name} has all the carriers it takes", action=text)
    return model, burden


def _carry(state, action, found) -> None:
    model, burden = found
    s = status(state, burden.name)
    if action.verb == "carry":
        s["carriers"].append(model.id)
        state.news.append(f"{model.id} takes up {burden.name}")
        return
    s["carriers"].remove(model.id)
    model.moved = True                   # it puts the burden down at the end of its move
    state.news.append(f"{model.id} drops {burden.name}")
    settle(state)


def _check_haul(state, action, text):
    burden = _burden(state, action.model, text)
    rule = burden_rule(burden)
    s = status(state, burden.name)
    if s["gone"] or not carried(state, burden.name):
        raise Refusal(rule, f"{burden.name} is not carried by its least crew", action=text)
    crew = _crew(state, burden)
    for m in crew:
        _free(state, m, text, rule)
    dx, dy = action.to[0] - s["x"], action.to[1] - s["y"]
    others = [d for d in state.discs() if d.key not in s["carriers"]]
    allowance = haul_allowance(state, burden, crew)
    ends = {}
    for m in crew:
        end = (m.x + dx, m.y + dy)
        try:
            report = geo.check_path(state.table, others, state.disc(m), [end],
                                    geo.Mover(allowance, state.mover(m).difficult_factor,
                                              state.mover(m).woodland))
        except IllegalAction as exc:
            raise Refusal(exc.rule, f"{m.id}: {exc.reason}", action=text) from None
        if report.crossings:
            raise Refusal(rule, f"{burden.name} is carried round '{report.crossings[0].barrier}'"
                                ", not over it: its carriers go together", action=text)
        ends[m.id] = (end, report)
    return burden, ends


def _owes_test(state, model) -> bool:
    return state.lost[model.side] * 2 >= state.force[model.side] or \
        model.side in state.scenario.courage_before_moving


def _haul(state, action, found) -> None:
    burden, ends = found
    s = status(state, burden.name)
    # 'When to Test': a carrier owing a Courage test takes it before the crew moves; one
    # that fails flees the battle, and a crew left short drops its burden
    for ident in sorted(ends):
        m = state.models[ident]
        if m.tested is None and _owes_test(state, m):
            dice = [roll_d6(state, f"courage {m.id}") for _ in range(2)]
            passed = sum(dice) + courage_of(m) >= PASS_MARK
            m.tested = "passed" if passed else "failed"
            state.news.append(f"{m.id} tests its Courage: {dice[0]}+{dice[1]}+{courage_of(m)}"
                              f": {'passed' if passed else 'failed, it flees'}")
            if not passed:
                state.remove(m, fled=True)
                if state.phase == "over":
                    return
    if any(ident not in state.models for ident in ends):
        settle(state)                    # the crew is short: it goes nowhere this turn
        for ident in ends:
            if ident in state.models:
                state.models[ident].moved = True
        return
    for ident, (end, report) in ends.items():
        m = state.models[ident]
        m.x, m.y = end
        m.moved = True
        m.move_used = report.cost
    s["x"], s["y"] = action.to
    state.news.append(f"{', '.join(sorted(ends))} carry {burden.name} to "
                      f"{action.to[0]:g},{action.to[1]:g}")


MOVE_VERBS = {"open": (_check_gate, _gate), "close": (_check_gate, _gate),
              "bolt": (_check_bolt, _bolt), "unbolt": (_check_bolt, _bolt),
              "raise": (_check_ladder, _ladder), "pull": (_check_ladder, _ladder),
              "carry": (_check_carry, _carry), "drop": (_check_carry, _carry),
              "haul": (_check_haul, _haul)}


def check_move_decision(state, action, text: str):
    """A siege decision of the Move phase checked: what carrying it out needs."""
    if not state.siege or action.verb not in MOVE_VERBS:
        raise Refusal(fort.RULE_FORTRESS, f"'{action}' is not a Move-phase decision here",
                      action=text)
    return MOVE_VERBS[action.verb][0](state, action, text)


def move_decision(state, action, found) -> None:
    """A checked siege decision of the Move phase, done."""
    MOVE_VERBS[action.verb][1](state, action, found)


def settle(state, engaged_drop: bool = True) -> None:
    """'Battering Rams': a carrier charged drops the ram to fight; a ram whose carriers fall
    below its crew is dropped at once; the slain carry nothing. `engaged_drop` False: only
    the slain and fled are let go (at a turn's start, for those lost in its fights)."""
    if not state.siege:
        return
    for name, s in state.siege["pieces"].items():
        if "carriers" not in s or not s["carriers"]:
            continue
        before = list(s["carriers"])
        s["carriers"] = [k for k in before if k in state.models
                         and not (engaged_drop and state.engaged(state.models[k]))]
        piece = pieces(state)[name]
        if piece.kind == "ram" and len(s["carriers"]) < len(before) and \
                len(s["carriers"]) < crew_size(state, piece, before):
            s["carriers"] = []
        if s["carriers"] != before:
            state.news.append(f"{name} is dropped" if not s["carriers"]
                              else f"{name} is carried by {', '.join(s['carriers'])}")


def move_candidates(state) -> list:
    """The siege decisions the side moving may take now (for agents)."""
    if not state.siege:
        return []
    out = []
    side = state.acting
    for p in pieces(state).values():
        s = state.siege["pieces"].get(p.name)
        if is_burden(p) and not s["gone"]:
            crew = _crew(state, p)
            if crew and carried(state, p.name) and crew[0].side == side:
                out += haul_candidates(state, p)
            for m in state.models.values():
                for verb in ("carry", "drop") + (("raise",) if p.kind == "ladder" else ()):
                    out += _if_legal(state, Siege(verb, m.id, p.name))
        elif p.kind in ("gate", "door", "hatch", "ladder"):
            verbs = {"gate": ("open", "close"), "door": ("bolt", "unbolt"),
                     "hatch": ("bolt", "unbolt"), "ladder": ("raise", "pull")}[p.kind]
            shape = fort.footprint(p, pieces(state), state.units)
            for m in state.models.values():
                if m.side == side and geo.touches(shape, state.disc(m, zone=False),
                                                  state.units.tolerance):
                    for verb in verbs:
                        out += _if_legal(state, Siege(verb, m.id, p.name))
    return out


def _if_legal(state, action) -> list:
    try:
        check_move_decision(state, action, str(action))
    except IllegalAction:
        return []
    return [action]


def target_of(state, burden) -> tuple | None:
    """The structure a ram (or charge) goes for: the nearest whole gate, door or wall, and
    the point of it nearest."""
    s = status(state, burden.name)
    here = Point(s["x"], s["y"])
    best = None
    for p in state.scenario.table.fortress:
        if p.kind not in fort.STRUCTURES or not _standing(state, p):
            continue
        if burden.kind == "ladder" and p.kind not in ("wall", "tower"):
            continue                     # a siege ladder is raised against a wall
        if burden.kind == "ram" and p.kind in ("wall", "tower") and \
                len(s["carriers"]) + min(m.profile.strength for m in _crew(state, burden)) - 1 < 10:
            continue                     # a ram too weak for a wall does not go for one
        d = p.path.distance(here)
        if best is None or d < best[0]:
            best = (d, p)
    if best is None:
        return None
    p = best[1]
    spot = p.path.interpolate(p.path.project(here))
    return p, (spot.x, spot.y)


def _crew(state, burden) -> list:
    return [state.models[k] for k in status(state, burden.name)["carriers"] if k in state.models]


def _standing(state, p) -> bool:
    s = status(state, p.name)
    return s["batter"] > 0 and not s.get("collapsed")


def haul_candidates(state, burden) -> list:
    """Hauling a ram or charge a full move straight at its target, or the most of it that
    is legal, and stopping where it reaches it."""
    found = target_of(state, burden)
    if found is None:
        return []
    piece, spot = found
    s = status(state, burden.name)
    here = (s["x"], s["y"])
    distance = math.dist(here, spot)
    crew = _crew(state, burden)
    # a siege ladder goes on until its carriers beside it touch the wall, to raise it
    reach = (max(state.disc(m, zone=False).radius for m in crew) if burden.kind == "ladder"
             else _reach(state, burden)) + piece.thickness / 2
    allowance = haul_allowance(state, burden, crew)
    want = max(0.0, distance - reach)
    if want <= state.units.tolerance:
        return []
    out = []
    for share in (1.0, 0.75, 0.5, 0.25):
        step = min(allowance * share, want)
        to = Move.rounded([(here[0] + (spot[0] - here[0]) * step / distance,
                            here[1] + (spot[1] - here[1]) * step / distance)])[0]
        got = _if_legal(state, Siege("haul", burden.name, "", to))
        if got:
            out += got
            break
    return out


# ---------------------------------------------------------------- battering, in the Fight phase

def reached(state, burden) -> list:
    """The structures a ram (or a dropped charge) touches."""
    s = status(state, burden.name)
    here = Point(s["x"], s["y"])
    reach = _reach(state, burden) + state.units.tolerance
    out = []
    for p in state.scenario.table.fortress:
        if p.kind in fort.STRUCTURES and _standing(state, p) and \
                fort.footprint(p, {}, state.units).distance(here) <= reach:
            out.append(p)
    return out


def batter_options(state, side: str) -> list:
    """The battering a side may do now: free warriors touching a door, hatch or gate (or a
    wall, with Strength 10), crewed rams that reached a structure, charges set off."""
    if not state.siege:
        return []
    used = set(state.siege["used"])
    out = []
    for p in state.scenario.table.fortress:
        if p.kind not in fort.BURDENS:
            continue                     # stairs and corridors have no status to batter
        s = state.siege["pieces"][p.name]
        if p.kind == "ram" and not s["gone"] and carried(state, p.name) and p.name not in used:
            crew = _crew(state, p)
            strength = ram_strength(m.profile.strength for m in crew)
            if crew[0].side == side and not any(state.engaged(m) for m in crew):
                # only Strength 10 harms a wall or tower
                out += [Siege("batter", p.name, t.name) for t in reached(state, p)
                        if t.kind not in ("wall", "tower") or strength >= 10]
        if p.kind == "charge" and not s["gone"] and not s["carriers"]:
            for m in state.models.values():
                if m.side == side and m.id not in used and _free_to_fire(state, m) and \
                        _reaches(state, p, state.disc(m, zone=False)):
                    out.append(Siege("detonate", m.id, p.name))
    for m in state.models.values():
        if m.side != side or m.id in used or not _free_to_fire(state, m):
            continue
        disc = state.disc(m, zone=False)
        for p in state.scenario.table.fortress:
            if p.kind in fort.STRUCTURES and _standing(state, p) and \
                    fort.touching(p, {}, disc, state.units) and \
                    (p.kind not in ("wall", "tower") or m.profile.strength >= 10):
                out.append(Siege("batter", m.id, p.name))
    return out


def _free_to_fire(state, m) -> bool:
    return (not state.engaged(m) and burden_of(state, m.id) is None and not holding(state, m)
            and m.id not in state.fought_this_phase and not is_loose(m))


def battering(state) -> bool:
    """The battering after the fights of a Fight phase, the side with priority first: True
    while a side is asked what it batters ('Battering the Fortress')."""
    if not state.siege:
        return False
    settle(state)
    b = state.siege["battering"]
    if b is None:
        b = state.siege["battering"] = {"turn": state.turn, "sides":
                                        [state.priority, state.other(state.priority)]}
    if b["turn"] != state.turn:
        return False
    while b["sides"]:
        side = b["sides"][0]
        if batter_options(state, side):
            state.question = {"kind": "siege", "side": side}
            return True
        b["sides"].pop(0)
    b["turn"] = -1                       # this turn's battering is over
    return False


def check_batter(state, action, text: str):
    """A battering decision checked: one of the side's options now."""
    side = state.question["side"]
    if isinstance(action, Done):
        return None
    if not isinstance(action, Siege) or action not in batter_options(state, side):
        raise Refusal(RULE_KNOCKING, f"'{action}' is not a battering this side can do now: "
                      "a free warrior or a crewed ram touching a door, gate or wall, a charge "
                      "set off by a model touching it, or 'done'", action=text)
    return action


def batter(state, action) -> None:
    """A checked battering decision, done; 'done' ends the side's battering."""
    if action is None:
        state.siege["battering"]["sides"].pop(0)
        return
    state.siege["used"].append(action.model)
    if action.verb == "detonate":
        detonate(state, state.models[action.model], pieces(state)[action.thing])
        return
    target = pieces(state)[action.thing]
    if action.model in pieces(state):
        ram = pieces(state)[action.model]
        crew = _crew(state, ram)
        strength = ram_strength(m.profile.strength for m in crew)
        s = status(state, ram.name)
        state.news.append(f"{ram.name} pounds {target.name} with Strength {strength}")
        strike(state, target, strength, 1, (s["x"], s["y"]))
        return
    m = state.models[action.model]
    state.news.append(f"{m.id} attacks {target.name}")
    strike(state, target, m.profile.strength, state.attacks(m), (m.x, m.y))


def blow_wounds(state, strength: int, defence: int, label: str) -> bool:
    """A blow on the Wound chart against a structure: True where it would wound."""
    if defence >= 100:
        # 'Knocking Down Fortress Walls & Towers': only Strength 10, and then a 6
        if strength < 10:
            state.news.append(f"Strength {strength} cannot harm a wall or tower")
            return False
        roll = roll_d6(state, label)
        state.news.append(f"to harm the wall 6, rolled {roll}")
        return roll >= 6
    entry = state.charts.to_wound(strength, defence)
    if entry == "-":
        state.news.append(f"Strength {strength} cannot harm Defence {defence}")
        return False
    dice = []
    for need in (int(v) for v in entry.split("/")):
        dice.append(roll_d6(state, label + (" again" if dice else "")))
        if dice[-1] < need:
            state.news.append(f"to wound {entry}, rolled {'/'.join(map(str, dice))}: no effect")
            return False
    state.news.append(f"to wound {entry}, rolled {'/'.join(map(str, dice))}: a 'wound'")
    return True


def strike(state, target, strength: int, blows: int, where) -> None:
    """Blows on a structure: each that would wound rolls on its Battering chart."""
    for _ in range(blows):
        if status(state, target.name)["batter"] <= 0:
            return
        if blow_wounds(state, strength, target.defence, f"batter {target.name}"):
            battering_roll(state, target, where)


def battering_roll(state, target, where) -> None:
    """One roll on the Battering chart: Batter points off; at none a door or gate is
    broken down, a wall or tower breached where it was struck."""
    s = status(state, target.name)
    chart = "wall" if target.kind in ("wall", "tower") else "door"
    roll = roll_d6(state, f"battering {target.name}")
    points = BATTERING[chart][roll]
    s["batter"] = max(0, s["batter"] - points)
    state.news.append(f"Battering chart: rolled {roll}: {points} Batter point(s); "
                      f"{target.name} has {s['batter']} left")
    if s["batter"] > 0:
        return
    if chart == "door":
        s["open"] = True
        s["bolted"] = False
        state.news.append(f"{target.name} is broken down")
    elif s["breach"] is None:
        spot = target.path.interpolate(target.path.project(Point(where)))
        s["breach"] = [round(spot.x, 4), round(spot.y, 4)]
        state.news.append(f"{target.name} is breached")


def detonate(state, model, charge) -> None:
    """'Demolition Charges': the Courage test, then D6 wounds to everything touching it."""
    courage = courage_of(model)
    dice = [roll_d6(state, f"courage {model.id}") for _ in range(2)]
    total = sum(dice) + courage
    if total < PASS_MARK:
        state.news.append(f"{model.id} dares not set off {charge.name}: Courage test "
                          f"{dice[0]}+{dice[1]}+{courage} = {total}")
        return
    state.news.append(f"{model.id} sets off {charge.name} (Courage test {total})")
    s = status(state, charge.name)
    s["gone"] = True
    here = Point(s["x"], s["y"])
    reach = state.units.from_mm(CHARGE_MM) / 2 + state.units.tolerance
    for p in state.scenario.table.fortress:
        if p.kind in fort.STRUCTURES and _standing(state, p) and \
                fort.footprint(p, {}, state.units).distance(here) <= reach:
            n = roll_d6(state, f"blast {p.name}")
            state.news.append(f"the blast strikes {p.name}: {n} wound(s)")
            for _ in range(n):
                if status(state, p.name)["batter"] > 0:
                    battering_roll(state, p, (s["x"], s["y"]))
    struck = [m for m in state.models.values()
              if math.dist((m.x, m.y), (s["x"], s["y"])) <=
              state.disc(m, zone=False).radius + reach]
    for m in sorted(struck, key=lambda m: m.id):
        n = roll_d6(state, f"blast {m.id}")
        state.news.append(f"the blast strikes {m.id}: {n} wound(s)")
        if m.id in state.models:
            wound(state, m, n)
        if state.phase == "over":
            return


@dataclass
class Battering(procedure.Asked):
    """'Battering the Fortress': after the fights, each side in turn batters with free
    warriors and crewed rams, or sets off a charge, until it is done."""

    name = "siege"

    def answers(self, state) -> list:
        """Every battering the side can do, and 'done'."""
        return batter_options(state, state.question["side"]) + [Done()]

    def check(self, state, action) -> Plan:
        """One of the side's batterings, or 'done'."""
        return Plan(action=action, found=check_batter(state, action, str(action)))

    def take(self, state, plan) -> None:
        """The battering, done."""
        batter(state, plan.found)


# ---------------------------------------------------------------- the start of a turn

def start_turn(state) -> None:
    """A new turn: the busy and the used forget; once priority is known, each breached
    wall or tower rolls to collapse (on a 6)."""
    if not state.siege:
        return
    state.siege["busy"], state.siege["used"], state.siege["battering"] = [], [], None
    settle(state, engaged_drop=False)     # those slain since the Move phase carry nothing
    for p in state.scenario.table.fortress:
        s = state.siege["pieces"].get(p.name)
        if p.kind in ("wall", "tower") and s["breach"] is not None and not s["collapsed"]:
            roll = roll_d6(state, f"collapse {p.name}")
            if roll < 6:
                state.news.append(f"{p.name} is breached: rolled {roll}, it stands")
                continue
            state.news.append(f"{p.name} is breached: rolled 6, it collapses")
            s["collapsed"] = True
            collapse(state, p)


def collapse(state, wall) -> None:
    """'Battering the Fortress': warriors on its ramparts over the hole are pitched to the
    ground (a Strength 3 hit per 1"/2cm); the rubble round it is cleared by the shortest
    way, or its warriors fall too."""
    s = status(state, wall.name)
    line = wall.path
    at = line.project(Point(s["breach"]))
    width = state.units.rule(6, 14)
    gap = substring(line, max(0.0, at - width / 2), min(line.length, at + width / 2))
    rampart = next((a for a in state.scenario.table.areas if a.name == wall.rampart), None)
    over = gap.buffer(state.units.rule(3, 7), cap_style="flat")
    rubble = next((a.shape for a in state.table.areas if a.name == f"rubble of {wall.name}"),
                  None)
    for m in sorted(state.models.values(), key=lambda m: m.id):
        if m.id not in state.models:
            continue
        here = Point(m.x, m.y)
        if rampart is not None and rampart.shape.covers(here) and over.covers(here):
            hits = fall_hits(state, rampart.ground)
            state.news.append(f"{m.id} is pitched from the rampart: {hits} hit(s)")
            fall(state, m, hits, f"{m.id} falls")
            continue
        if rubble is not None and rubble.covers(here):
            out = _out_of(state, m, rubble)
            if out is not None:
                m.x, m.y = out
                state.news.append(f"{m.id} clears the rubble")
            else:
                state.news.append(f"{m.id} is caught in the rubble")
                fall(state, m, fall_hits(state, state.units.rule(1, 2)),
                     f"{m.id} is caught in the rubble")


def _out_of(state, m, rubble):
    """The nearest free place outside the rubble (the shortest way out), if any."""
    disc = state.disc(m, zone=False)
    edge = rubble.exterior
    here = Point(m.x, m.y)
    spot = edge.interpolate(edge.project(here))
    dx, dy = spot.x - m.x, spot.y - m.y
    d = math.hypot(dx, dy) or 1.0
    out = (spot.x + dx / d * (disc.radius + 1e-3), spot.y + dy / d * (disc.radius + 1e-3))
    moved = disc.at(*out)
    if not state.table.on_table(out[0], out[1], disc.radius):
        return None
    for other in state.models.values():
        if other.id != m.id and geo.overlapping(moved, state.disc(other, zone=False),
                                                state.units.tolerance):
            return None
    return out


# ---------------------------------------------------------------- for agents

def outside(state, model) -> bool:
    """Whether a model stands outside the fortress (beyond its gate, or its first door)."""
    for p in state.scenario.table.fortress:
        if p.kind in ("gate", "door", "hatch"):
            return not fort.side_of(p, model.x, model.y)
    return False


def ladder_foot(state, ladder, model) -> tuple[float, float]:
    """Where a model stands at a ladder's foot, on its own side of the wall."""
    wall = pieces(state)[ladder.on]
    line = wall.path
    s = line.project(Point(ladder.at))
    a = line.interpolate(max(0.0, s - 0.01))
    b = line.interpolate(min(line.length, s + 0.01))
    nx, ny = -(b.y - a.y), b.x - a.x
    norm = math.hypot(nx, ny) or 1.0
    nx, ny = nx / norm, ny / norm
    if (model.x - ladder.at[0]) * nx + (model.y - ladder.at[1]) * ny < 0:
        nx, ny = -nx, -ny
    away = wall.thickness / 2 + state.disc(model, zone=False).radius + \
        state.units.tolerance / 2
    return Move.rounded([(ladder.at[0] + nx * away, ladder.at[1] + ny * away)])[0]


def at_ladder(state, model, end) -> bool:
    """Whether a model ending its move here touches a ladder that is down."""
    disc = state.disc(model, zone=False).at(*end)
    standing = pieces(state)
    return any(p.kind == "ladder" and p.on and not status(state, p.name)["up"]
               and fort.touching(p, standing, disc, state.units)
               for p in standing.values())


def ladder_approaches(state, order) -> list:
    """A move for the next free model outside the fortress to the foot of a ladder that is
    down and has no friend at it (for agents)."""
    if not state.siege:
        return []
    ladders = [p for p in pieces(state).values()
               if p.kind == "ladder" and p.on and not status(state, p.name)["up"]]
    for model in order[:1]:
        if not outside(state, model) or model.mounted:
            return []
        me = state.disc(model)
        mover = state.mover(model)
        for ladder in sorted(ladders, key=lambda p: math.dist(p.at, (model.x, model.y))):
            shape = fort.footprint(ladder, pieces(state), state.units)
            if any(m.side == model.side and m.id != model.id and
                   geo.touches(shape, state.disc(m, zone=False), state.units.tolerance)
                   for m in state.models.values()):
                continue
            spot = ladder_foot(state, ladder, model)
            if math.dist(spot, (model.x, model.y)) > mover.allowance:
                continue
            path = geo.find_path(state.table, state.discs(), me, mover, to=spot)
            if path is not None:
                action = Move(model.id, Move.rounded(path))
                try:
                    state.check_move(action)
                except IllegalAction:
                    continue
                return [action]
    return []


def worth(state, action) -> float:
    """How much a siege decision is worth to the general: the ram and the charge to the
    gate and wall and battering there, ladders raised from outside and pulled from inside,
    doors bolted and gates kept shut against the enemy."""
    verb = action.verb
    if verb in ("batter", "haul"):
        return 5.0 if verb == "batter" else 4.0
    model = state.models.get(action.model)
    if verb == "detonate":
        s = status(state, action.thing)
        friends = [m for m in state.models.values() if m.side == model.side and
                   m.id != model.id and math.dist((m.x, m.y), (s["x"], s["y"])) <
                   state.disc(m, zone=False).radius + state.units.from_mm(CHARGE_MM)]
        return 3.0 - len(friends)
    if verb == "raise":
        return 3.0 if outside(state, model) else -1.0
    if verb == "pull":
        return 3.0 if not outside(state, model) else -1.0
    if verb == "bolt":
        return 2.5
    if verb == "close":
        return 2.0 if not any(m.side == model.side and outside(state, m)
                              for m in state.models.values()) else -1.0
    if verb == "open":
        return 2.0 if any(m.side == model.side and outside(state, m)
                          for m in state.models.values()) else -1.0
    if verb == "carry":
        return -1.0 if reached(state, pieces(state)[action.thing]) else 2.0
    if verb == "drop":
        burden = pieces(state)[action.thing]
        return 4.5 if burden.kind == "charge" and reached(state, burden) else -1.0
    return -1.0
