"""What the web table needs to offer a battle's decisions on the table itself (issue 14 items
7-9; engine/presentation.py's `decision_places` and `preview`):

    a move or charge    offered at its model: the listed ones as buttons in words, any other
                        destination by a click inside the shaded reach ("free": the page
                        fills in the point clicked, `move G1 to 12.5,10`, its words in
                        "free_label", and the referee finds the path) and a charge by a click on an enemy ("charges")
    a shot              offered at its shooter, chosen by a click on the target
    a magical power     offered at its caster (a piece of his place after his move),
                        chosen by a click on the target, the Will dice the ways to it
    a fortress piece    a gate, door, hatch or ladder offers its opening, bolting, raising
                        and pulling at a click on it; a ram or charge its taking up and
                        putting down, its hauling as a button and to any point clicked
                        ("free": `haul ram 20,12`, the crew's path and cost previewed)
    battering           offered at the warrior or ram, chosen by a click on the gate, door
                        or wall (a charge set off: a click on the charge), its odds shown
    a volley            offered at every member of its group, chosen by a click on the
                        target, the chance of each number of hits shown
    a volley's hit      allotted by a click on the model it strikes
    a banner re-roll    a button naming the die, under "Banner"
    everything else     a button in words, in a group of its kind (a Hero's powers, Might...)

`preview` answers before a decision is sent: for a move or charge the path the referee
finds, drawn on the table, with its length and cost against the allowance (refused, with
the rule named, when no legal path goes there); for a charge, a shot or a fight the exact
odds of each outcome (odds.py). Everything is worked out from a seat's view, rebuilt into a
state (reading.py) as the web table's drawing is: nothing the view does not show.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Mapping, Sequence

from ...engine.errors import BadNotation, IllegalAction
from . import StrategyBattle, siege
from . import table as geo
from .heuristics import fighter
from .notation import (Allot, Back, Cast, Charge, Charger, Dismount, Done, FateRoll, Fight,
                       Heroic, Leave, Loose, Might, Mount, Move, Pair, Pass, Pick, Reroll, Resist,
                       Shielding, Shoot, Siege, Strike, Support, Take, Throw, Trapped, Volley,
                       Weapon, parse)
from .odds import fight_odds, shot_odds
from .phases.shoot import check_shot, check_volley
from .reading import state_of
from .svg import frame
from .words import distance_text, piece_name, ram_strength_of, words
from .wounds import in_the_way

View = Mapping[str, Any]
PREVIEWED = (Move, Charge, Shoot, Fight, Throw, Siege, Volley)
VOLLEY_HIT = Fraction(1, 6)             # 'Volley Fire': "a hit only on the roll of a 6"
STRIKING = ("batter", "detonate")       # the Fight phase's siege verbs: at the striker


def _state(view: View):
    return state_of(view, StrategyBattle())


def _moving(state, ident: str, cache: dict) -> dict:
    """What a model's place offers beyond its listed moves: any destination in its reach
    (the page fills in the point) and a charge at each enemy it sees within its move."""
    if ident not in cache:
        model = state.models.get(ident)
        extra: dict = {}
        if model is not None:
            me = state.disc(model)
            reach = state.mover(model).allowance
            extra = {"free": f"move {ident} to {{}}", "free_label": f"{ident}: move to {{}}",
                     "charges": sorted(e.id for e in state.models.values()
                                       if e.side != model.side
                                       and geo.gap(me, state.disc(e, zone=False)) <= reach + 1e-6
                                       and state.sees(model, e).visible),
                     "charge": f"charge {ident} {{}}"}
        cache[ident] = extra
    return cache[ident]


def place_of(state, action, cache: dict) -> dict:
    """Where one decision sits on the table and how the page offers it."""
    label = words(state, action)
    if isinstance(action, (Move, Pick)):
        model = state.models.get(action.model)
        entry = {"place": action.model, "piece": "move", "label": label,
                 "piece_label": f"{action.model}: {model.profile.name}" if model else
                 action.model, **_moving(state, action.model, cache)}
        if isinstance(action, Move):
            entry.update(confirm=True, preview=True)
        else:       # on the table any destination may be clicked: the pick lists samples
            entry["label"] = f"{action.model}: suggest its moves"
        return entry
    if isinstance(action, (Charge, Throw)):
        target = action.targets[0] if isinstance(action, Charge) else action.target
        model = state.models.get(action.model)
        return {"place": action.model, "target": target, "piece": "move", "label": label,
                "piece_label": f"{action.model}: {model.profile.name}" if model else
                action.model, "confirm": True, "preview": True,
                **_moving(state, action.model, cache)}
    if isinstance(action, Shoot):
        return {"place": action.model, "target": action.target, "piece": "shoot",
                "piece_label": f"{action.model} shoots", "label": label, "confirm": True,
                "preview": True}
    if isinstance(action, Fight):
        return {"place": None, "group": "Fights", "label": label, "confirm": True,
                "preview": True}
    if isinstance(action, Cast):
        # offered at the caster, chosen by a click on the target; the power and the dice
        # are the ways to it (many a Hero has dozens of casts: a button each would not fit)
        return {"place": action.model, "target": action.target,
                "piece": f"cast:{action.power}",
                "piece_label": f"{action.model}: {action.power.replace('-', ' ')}",
                "piece_rank": 1, "label": label, "rank": action.dice, "confirm": True}
    if isinstance(action, Siege):
        return _siege_place(state, action, label)
    if isinstance(action, Volley):
        # at every member of the group (a click on any of them starts it), chosen by a
        # click on the target
        group = "+".join(action.models)
        return {"place": action.models[0], "also": list(action.models[1:]),
                "target": action.target, "piece": "volley",
                "piece_label": f"volley of {group}", "label": label,
                "confirm": True, "preview": True}
    if isinstance(action, Allot):
        return {"place": action.model, "piece": "allot", "label": label,
                "piece_label": f"{action.model}: the next volley hit"}
    if isinstance(action, Reroll) and action.face is not None:
        return {"place": None, "group": "Banner", "label": label}
    if isinstance(action, Take) and (state.question or {}).get("kind") == "pick up":
        return {"place": None, "group": "Banner", "label": label}
    return {"place": None, "group": GROUPS.get(type(action), type(action).__name__.lower()),
            "label": label}


def _siege_place(state, action: Siege, label: str) -> dict:
    """A fortress decision: a battering at its striker, chosen by a click on what it strikes;
    any other at the piece it works (a haul to any point clicked, as a move)."""
    if action.verb in STRIKING:
        striker = piece_name(state, action.model) if action.model in siege.pieces(state) \
            else action.model
        return {"place": action.model, "target": action.thing, "piece": "batter",
                "piece_label": f"{striker}: battering", "label": label, "confirm": True,
                "preview": True}
    name = action.model if action.verb == "haul" else action.thing
    entry = {"place": name, "piece": "siege", "label": label,
             "piece_label": piece_name(state, name)}
    if action.verb == "haul":
        entry.update(free=f"haul {name} {{}}", free_label=f"haul {piece_name(state, name)} to {{}}",
                     confirm=True, preview=True)
    return entry


# the heading a kind of decision is listed under beside the table ("": with no heading)
GROUPS = {Back: "Backing away", Trapped: "Backing away", Might: "Might", Pass: "", Done: "",
          Support: "Spear support", Weapon: "Weapons", Pair: "Matching fights",
          Charger: "Chargers", Shielding: "Shields", Strike: "Strikes", Heroic: "Heroic actions",
          Resist: "Resisting a power", FateRoll: "Fate", Take: "Spoils", Reroll: "Jumping",
          Dismount: "Riders", Mount: "Riders", Loose: "Riders", Leave: "Riders"}


def decision_places(view: View, texts: Sequence[str]) -> list[dict | None]:
    """Each legal decision's place on the table, its target, label and group."""
    state = _state(view)
    cache: dict = {}
    found: list[dict | None] = []
    for text in texts:
        try:
            action = parse(text)
        except BadNotation:
            found.append(None)
            continue
        found.append(place_of(state, action, cache))
    return found


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def _row(result: str, p: Fraction) -> dict:
    return {"result": result, "percent": _percent(p), "exact": f"{p.numerator}/{p.denominator}"
            if p.denominator != 1 else str(p.numerator)}


def _path_points(state, view: View, start, path) -> str:
    px = frame(view)[1]
    return " ".join("%s,%s" % px(x, y) for x, y in [start, *path])


def _fight_rows(state, mine: list, theirs: list, charging: set[str]) -> tuple[list, list]:
    """The exact chance of each outcome of a fight between these models, as rows, and the
    notes of what the odds assume ('Fights'; odds.py)."""
    sides = {"good": [], "evil": []}
    for group, foes in ((mine, theirs), (theirs, mine)):
        for m in group:
            sides[m.side].append(fighter(state, m, foes, charging=m.id in charging
                                         and m.mounted))
    named = {"good": [m for m in mine + theirs if m.side == "good"],
             "evil": [m for m in mine + theirs if m.side == "evil"]}
    odds = fight_odds(sides["good"], sides["evil"], state.charts.to_wound,
                      fate=("good", "evil"))
    rows = []
    for winner, loser in (("good", "evil"), ("evil", "good")):
        p_win = odds[f"{winner}_wins"]
        who = " and ".join(m.id for m in named[winner])
        rows.append(_row(f"{who} win{'s' if len(named[winner]) == 1 else ''} the fight", p_win))
        target = named[loser][0]
        for lost, p in odds[f"wounds_if_{winner}_wins"].items():
            if lost == 0 or not p:
                continue
            what = "slain" if lost >= target.wounds else \
                f"loses {lost} wound{'s' if lost != 1 else ''}"
            rows.append(_row(f"  … and {target.id} is {what}" if what == "slain"
                             else f"  … and {target.id} {what}", p_win * p))
    notes = ["No Might spent and no shields raised: either changes these odds.",
             "A struck Hero rolls his Fate."]
    return rows, notes


def _move_preview(state, view: View, text: str) -> dict:
    action = state.parse_action(text)           # the path found, as the referee finds it
    report = state.check_move(action)
    model = state.models[action.model]
    allowance = state.mover(model).allowance
    cost = (f"{distance_text(state, report.length)} long, costs "
            f"{distance_text(state, report.cost)} of {distance_text(state, allowance)}")
    out = {"title": f"{words(state, action)} — {cost}", "cost": cost,
           "path": _path_points(state, view, (model.x, model.y), action.path),
           "action": str(action)}
    modifiers = [f"jumps the {c.barrier}" for c in report.crossings if c.kind == "obstacle"]
    if modifiers:
        out["modifiers"] = modifiers
    if isinstance(action, Charge):
        foes = [state.models[t] for t in action.targets if t in state.models]
        rows, notes = _fight_rows(state, [model], foes, {model.id})
        out.update(overall=rows, notes=["If no other model joins the fight. " + notes[0],
                                        *notes[1:]])
    return out


def _shot_preview(state, view: View, action: Shoot) -> dict:
    shooter, target, missile, seen = check_shot(state, action.model, action.target, str(action))
    way = in_the_way(state, shooter, target, seen)
    odds = shot_odds(shooter.profile.shoot, missile.strength, target.profile.defence,
                     state.charts.to_wound, in_the_way=len(way))
    rows = [_row(f"hits ({shooter.profile.shoot}+)", odds["hit"])]
    if way:
        rows.append(_row(f"gets past {len(way)} in the way", odds["reaches"]))
    rows.append(_row(f"wounds {target.id} (Strength {missile.strength} v "
                     f"Defence {target.profile.defence})", odds["wounds"]))
    names = [("the fight of " + "+".join(n)) if kind == "fight" else n for kind, n in way]
    out = {"title": f"{words(state, action)}: {missile.name}, "
                    f"{distance_text(state, seen.distance)} away",
           "overall": rows,
           "modifiers": [f"in the way: {', '.join(names)} (each passed on a 4+)"] if way else [],
           "path": _path_points(state, view, (shooter.x, shooter.y), [(target.x, target.y)])}
    if state.engaged(target):
        out["notes"] = ["The target is fighting: on a 1-3 the shot strikes a model "
                        "fighting it ('Targets in Combat')."]
    return out


def _volley_preview(state, view: View, action: Volley) -> dict:
    """The chance of each number of hits: each model in range rolls a die, a 6 hits
    ('Volley Fire'); the first hit strikes the target, the others are allotted near it."""
    group, rolling, target, _ = check_volley(state, action, str(action))
    n = len(rolling)
    rows = []
    for k in range(n + 1):
        p = math.comb(n, k) * VOLLEY_HIT ** k * (1 - VOLLEY_HIT) ** (n - k)
        rows.append(_row(f"{k} hit{'s' if k != 1 else ''}", p))
    cx = sum(m.x for m in group) / len(group)
    cy = sum(m.y for m in group) / len(group)
    notes = [f"{n} of {len(group)} in range roll; each hits only on a 6.",
             f"The first hit strikes {target.id}; more are allotted to models within "
             f"{distance_text(state, state.units.rule(6, 14))} of it, in turn."]
    return {"title": words(state, action), "overall": rows,
            "notes": notes, "path": _path_points(state, view, (cx, cy), [(target.x, target.y)])}


def _fight_preview(state, action: Fight) -> dict:
    fight = state.fight_of(action.model)
    if fight is None:
        return None
    single, many = fight
    mine = [state.models[single]]
    theirs = [state.models[m] for m in many if m in state.models]
    rows, notes = _fight_rows(state, mine, theirs, set(state.charge_bonus))
    return {"title": words(state, action), "overall": rows, "notes": notes}


def _haul_preview(state, view: View, action: Siege) -> dict:
    """The path of a ram or charge hauled and what it costs its slowest carrier."""
    burden, ends = siege.check_move_decision(state, action, str(action))
    s = siege.status(state, burden.name)
    allowance = siege.haul_allowance(state, burden, [state.models[k] for k in ends])
    used = max(report.cost for _, report in ends.values())
    cost = f"costs {distance_text(state, used)} of {distance_text(state, allowance)}"
    return {"title": f"{words(state, action)} — {cost}", "cost": cost,
            "path": _path_points(state, view, (s["x"], s["y"]), [action.to]),
            "action": str(action)}


def _blow_odds(state, strength: int, defence: int) -> Fraction:
    """The chance one blow 'wounds' a structure (the Wound chart; a wall: a 6 at Strength
    10, 'Knocking Down Fortress Walls & Towers')."""
    if defence >= 100:
        return Fraction(1, 6) if strength >= 10 else Fraction(0)
    entry = state.charts.to_wound(strength, defence)
    if entry == "-":
        return Fraction(0)
    p = Fraction(1)
    for need in (int(v) for v in entry.split("/")):
        p *= Fraction(7 - min(max(need, 1), 7), 6)
    return p


def _batter_preview(state, action: Siege) -> dict:
    """The chance a battering takes Batter points off: each blow on the Wound chart, then a
    roll on the Battering chart (a 1 takes none)."""
    found = siege.pieces(state)
    target = found.get(action.thing)
    if action.verb == "detonate":
        return {"title": words(state, action),
                "notes": ["'Demolition Charges': a Courage test, then D6 wounds to every "
                          "model and structure it touches."]}
    if action.model in found:
        strength, blows = ram_strength_of(state, action.model), 1
    else:
        model = state.models[action.model]
        strength, blows = model.profile.strength, state.attacks(model)
    chart = siege.BATTERING["wall" if target.kind in ("wall", "tower") else "door"]
    p_wound = _blow_odds(state, strength, target.defence)
    p_points = p_wound * Fraction(sum(1 for v in chart.values() if v), 6)
    p_any = 1 - (1 - p_points) ** blows
    rows = [_row(f"a blow wounds {target.name}", p_wound),
            _row("a blow takes Batter points off", p_points),
            _row(f"at least one Batter point off ({blows} "
                 f"{'blow' if blows == 1 else 'blows'})", p_any)]
    left = siege.status(state, target.name)["batter"]
    return {"title": words(state, action), "overall": rows,
            "notes": [f"{target.name} has {left} Batter point{'s' if left != 1 else ''} left."]}


def _siege_preview(state, view: View, action: Siege) -> dict | None:
    if action.verb == "haul":
        return _haul_preview(state, view, action)
    if action.verb in STRIKING and state.siege and action.thing in siege.pieces(state):
        return _batter_preview(state, action)
    return None


def preview(view: View, text: str) -> dict | None:
    """The path and cost of a move, charge or haul, the odds of a charge, shot, fight,
    battering or volley; None for other decisions. An illegal move or shot says why, naming the rule."""
    state = _state(view)
    try:
        action = parse(text)
    except BadNotation:
        return None
    if not isinstance(action, PREVIEWED):
        return None
    try:
        if isinstance(action, Siege):
            return _siege_preview(state, view, action)
        if isinstance(action, Shoot):
            return _shot_preview(state, view, action)
        if isinstance(action, Volley):
            return _volley_preview(state, view, action)
        if isinstance(action, Fight):
            return _fight_preview(state, action)
        return _move_preview(state, view, text)
    except IllegalAction as exc:
        return {"title": "Not allowed", "refused": str(exc), "rule": exc.rule}
    except ValueError as exc:          # a fight the odds do not model (odds.py says which)
        return {"title": words(state, action), "notes": [str(exc)]}
