"""Fights over a defended barrier: who fights whom across it, in what order, and who crosses
it ('Defending', 'Defending One-on-One', 'Defending in Multiple Fights', 'Attacked from
Behind'). resolution.py works out each duel; this module says which duel comes next and what
follows it.

A barrier fight is recorded in the fight's `defence` (JSON-able):

    pairs      [charger, defender, barrier] fighting across a barrier in this fight
    defenders, chargers
    behind     foes fighting the lone defender on his own side of the barrier: fought first
    rounds     chargers still to fight the holding defender, one at a time
    open       chargers who fight a defender who no longer holds, as an ordinary fight
    todo       what comes next: behind, rounds, once (a lone charger against defenders),
               open, or None (the fight is over)
"""

from __future__ import annotations

import math

from shapely.geometry import LineString, Point

from .....engine.procedure import Refusal
from ... import table as geo
from ...notation import Charger
from .backing import touches_enemy
from ...state import players_choose

RULE_MULTIPLE = "The Fight Phase: Defending in Multiple Fights"


def _touch(state, a: str, b: str) -> bool:
    ma, mb = state.models[a], state.models[b]
    return geo.in_contact(state.disc(ma, zone=False), state.disc(mb, zone=False),
                          state.units.tolerance)


def plan(state, single: str, members) -> dict | None:
    """The barrier fight among these models, or None for an ordinary fight."""
    pairs = [list(p) for p in state.across if p[0] in members and p[1] in members]
    if not pairs:
        return None
    defenders = sorted({p[1] for p in pairs})
    chargers = sorted({p[0] for p in pairs})
    if set(defenders) & set(chargers):
        return None             # a defender who also charges over a barrier: an ordinary fight
    record = {"pairs": pairs, "defenders": defenders, "chargers": chargers, "behind": [],
              "rounds": [], "open": [], "members": sorted(members), "ordered": False}
    others = [k for k in members if k != single]
    if single in defenders:
        # 'Attacked from Behind': foes touching him on his own side are fought first
        record["behind"] = sorted(k for k in others if k not in chargers)
        record["todo"] = "behind" if record["behind"] else "rounds"
        record["rounds"] = list(chargers)
        return record
    if single in chargers and not any(_touch(state, single, k) for k in others):
        # 'Defending': several defenders against one charger all fight at once
        record["todo"] = "once"
        return record
    # a charger also charged on his own side: "treat the fight as a normal multiple combat"
    return None


def barrier_between(c, charger: str, defender: str) -> str | None:
    """The barrier a charger fights this defender across in the duel being fought, if the
    defender holds it (else the blows need no roll for the barrier)."""
    if not c.get("held") or c.get("defence") is None:
        return None
    return next((p[2] for p in c["defence"]["pairs"] if p[0] == charger and p[1] == defender),
                None)


def next_duel(state, c):
    """The next duel of a barrier fight as (models, kind), None when it is over; may ask the
    charging side which charger fights next ('Defending in Multiple Fights')."""
    d = c["defence"]
    while d["todo"] is not None:
        todo = d["todo"]
        defender = d["defenders"][0]
        if todo == "behind":
            d["todo"] = "after behind"
            if defender in state.models and any(k in state.models for k in d["behind"]):
                return [defender, *d["behind"]], "behind"
            d["todo"] = "rounds"
        elif todo == "once":
            d["todo"] = None
            return [*d["chargers"], *d["defenders"]], "held"
        elif todo == "rounds":
            d["rounds"] = [k for k in d["rounds"] if k in state.models]
            if not d["rounds"] or defender not in state.models:
                d["todo"] = None
                continue
            if len(d["rounds"]) > 1 and not d["ordered"] and players_choose(state):
                # "The charging player can decide which of his models will fight first"
                state.question = {"kind": "charger",
                                  "side": state.models[d["rounds"][0]].side}
                return None
            d["ordered"] = False
            return [defender, d["rounds"].pop(0)], "held"
        elif todo == "open":
            d["todo"] = None
            chargers = [k for k in d["open"] if k in state.models]
            if chargers and defender in state.models:
                return [defender, *chargers], "open"
        else:
            d["todo"] = None
    return None


def charger_candidates(state) -> list:
    """The chargers who may fight the defender next."""
    return [Charger(k) for k in state.combat["defence"]["rounds"]]


def check_charger(state, c, action, text: str) -> str:
    """The charging side names the charger who fights the defender next: one still to."""
    d = c["defence"]
    if not isinstance(action, Charger) or action.model not in d["rounds"]:
        raise Refusal(RULE_MULTIPLE,
                      f"name the charger who fights {d['defenders'][0]} next: "
                      f"{', '.join('charger ' + k for k in d['rounds'])}", action=text)
    return action.model


def take_charger(state, c, ident: str) -> None:
    """That charger fights the defender next."""
    d = c["defence"]
    d["rounds"].remove(ident)
    d["rounds"].insert(0, ident)
    d["ordered"] = True


def after_duel(state, c) -> None:
    """What follows a duel of a barrier fight: crossing, being moved back, or the defender no
    longer holding the barrier. May send chargers to back away (resolution.py's 'back' stage)."""
    d = c["defence"]
    fought = c["good"] + c["evil"]
    if c["duel"] == "behind":
        _after_behind(state, c, d)
        return
    if c["duel"] == "open":
        return          # fought as any other combat: the beaten backed away, nobody crosses
    chargers = [k for k in fought if k in d["chargers"] and k in state.models]
    defenders = [k for k in fought if k in d["defenders"]]
    slain = [k for k in defenders if k not in state.models]
    if slain:
        # the charger who slew his foe moves into the space vacated by his enemy
        for charger in chargers:
            if slain:
                place = c["places"][slain.pop(0)]
                state.models[charger].x, state.models[charger].y = place
                # over the edge of an elevated position, he is off its side ('Defending
                # Elevated Positions': "occupy his enemy's place on the top")
                state.models[charger].climbing = None
                state.news.append(f"{charger} crosses '{_barrier_of(d, charger)}'")
        if d["defenders"][0] not in state.models and d["todo"] in ("rounds", None):
            # "any other chargers who have yet to fight will automatically cross the barrier"
            for charger in [k for k in d["rounds"] if k in state.models]:
                cross_forward(state, d, charger, chargers)
            d["rounds"] = []
        return
    # the defender survived: each charger still standing is moved back 'as if he had been
    # beaten', unless he was beaten and has backed away already
    c.update({"to_back": [k for k in chargers if k not in c["backed"]],
              "from": [k for k in defenders if k in state.models],
              "stage": "back", "then": "next"})


def _after_behind(state, c, d) -> None:
    """'Attacked from Behind': the fight on the defender's side decides how the chargers over
    the barrier fight him."""
    defender = d["defenders"][0]
    chargers = [k for k in d["chargers"] if k in state.models]
    if defender not in state.models:
        # "enemies that would otherwise fight across the barrier can cross immediately as
        # if they had killed him themselves": the nearest takes his place
        place = c["places"][defender]
        crossed = []
        for charger in sorted(chargers, key=lambda k: math.dist(
                (state.models[k].x, state.models[k].y), place)):
            if not crossed:
                state.models[charger].x, state.models[charger].y = place
                # over the edge of an elevated position, he is off its side ('Defending
                # Elevated Positions': "occupy his enemy's place on the top")
                state.models[charger].climbing = None
                state.news.append(f"{charger} crosses '{_barrier_of(d, charger)}'")
                crossed.append(charger)
            else:
                cross_forward(state, d, charger, crossed)
        d["todo"] = None
        return
    if c["winner"] == state.models[defender].side:
        state.news.append(f"{defender} still holds the barrier")
        d["rounds"] = chargers
        d["todo"] = "rounds"
        return
    # beaten on his own side, he no longer counts as defending: the chargers fight him as an
    # ordinary fight, those now out of his zone crossing into contact with him if there is room
    state.news.append(f"{defender} no longer defends the barrier")
    d["open"] = []
    for charger in chargers:
        model = state.models[charger]
        if geo.defended_across(state.table, state.disc(model, zone=False),
                               state.disc(state.models[defender], zone=False)) is not None:
            d["open"].append(charger)
        elif place_against(state, d, charger, defender):
            d["open"].append(charger)
    d["todo"] = "open" if d["open"] else None


def finish(state, c) -> None:
    """The barrier fight is over: nobody in it fights across a barrier any more."""
    members = set(c["defence"]["members"])
    state.across = [p for p in state.across if not (p[0] in members and p[1] in members)]


def _barrier_of(d, charger: str) -> str:
    return next(p[2] for p in d["pairs"] + [[charger, None, "the barrier"]] if p[0] == charger)


def _spot_free(state, model, spot, may_touch: str | None = None) -> bool:
    """A charger can stand here on the far side: on the table, on no base or barrier, in no
    impassable ground, touching no enemy (but `may_touch`)."""
    disc = state.disc(model, zone=False).at(*spot)
    tol = state.units.tolerance
    if not state.table.on_table(spot[0], spot[1], disc.radius):
        return False
    others = [state.disc(m, zone=False) for m in state.models.values()
              if m.id not in (model.id, may_touch)]
    if any(geo.overlapping(disc, o, tol) for o in others):
        return False
    body = Point(*spot).buffer(disc.radius)
    if any(body.intersection(b.footprint).area > tol * tol for b in state.table.barriers):
        return False
    if not state.table.impassable.is_empty and body.intersection(
            state.table.impassable).area > tol * tol:
        return False
    return not touches_enemy(state, disc, others)


def _across_spot(state, d, charger: str):
    """Straight over the charger's barrier: his base touching its far face."""
    name = _barrier_of(d, charger)
    barrier = next((b for b in state.table.barriers if b.name == name), None)
    model = state.models[charger]
    if barrier is None:
        return None
    near = barrier.line.interpolate(barrier.line.project(Point(model.x, model.y)))
    dx, dy = near.x - model.x, near.y - model.y
    length = math.hypot(dx, dy)
    if length == 0:
        return None
    reach = length + barrier.width / 2 + state.disc(model, zone=False).radius + \
        state.units.tolerance / 2
    return model.x + dx / length * reach, model.y + dy / length * reach


def cross_forward(state, d, charger: str, crossed) -> None:
    """'Defending in Multiple Fights': "remaining models are moved directly forward and over
    the barrier"; if they cannot be, "next to the model that has already crossed or
    otherwise not at all"."""
    model = state.models[charger]
    spot = _across_spot(state, d, charger)
    if spot is not None and _spot_free(state, model, spot):
        model.x, model.y = spot
        state.news.append(f"{charger} crosses '{_barrier_of(d, charger)}'")
        return
    me = state.disc(model, zone=False)
    goal = spot or (model.x, model.y)
    for friend in crossed:
        if friend not in state.models:
            continue
        other = state.disc(state.models[friend], zone=False)
        ring = sorted(((other.x + (me.radius + other.radius) * math.cos(math.radians(a)),
                        other.y + (me.radius + other.radius) * math.sin(math.radians(a)))
                       for a in range(0, 360, 15)), key=lambda p: math.dist(p, goal))
        for place in ring:
            if _spot_free(state, model, place) and _same_side(state, d, charger, place, other):
                model.x, model.y = place
                state.news.append(f"{charger} crosses '{_barrier_of(d, charger)}' beside "
                                  f"{friend}")
                return
    state.news.append(f"{charger} cannot cross '{_barrier_of(d, charger)}'")


def _same_side(state, d, charger, place, other) -> bool:
    """Whether a spot lies on the same side of the charger's barrier as the model there."""
    name = _barrier_of(d, charger)
    barrier = next((b for b in state.table.barriers if b.name == name), None)
    if barrier is None:
        return True
    return not LineString([place, (other.x, other.y)]).intersects(barrier.line)


def place_against(state, d, charger: str, defender: str) -> bool:
    """'Attacked from Behind': a charger no longer in the beaten defender's zone crosses the
    barrier and, "if there is room", is placed into contact with him. True if placed."""
    model = state.models[charger]
    me = state.disc(model, zone=False)
    them = state.disc(state.models[defender], zone=False)
    goal = _across_spot(state, d, charger) or (model.x, model.y)
    ring = sorted(((them.x + (me.radius + them.radius) * math.cos(math.radians(a)),
                    them.y + (me.radius + them.radius) * math.sin(math.radians(a)))
                   for a in range(0, 360, 15)), key=lambda p: math.dist(p, goal))
    tol = state.units.tolerance
    for place in ring:
        if (_spot_free(state, model, place, may_touch=defender)
                and not geo.overlapping(me.at(*place), them, tol)
                and _same_side(state, d, charger, place, them)):
            model.x, model.y = place
            state.news.append(f"{charger} crosses '{_barrier_of(d, charger)}' into contact "
                              f"with {defender}")
            return True
    state.news.append(f"{charger} finds no room against {defender}")
    return False
