"""A battle as views show it, and back: `view(state, seat)` is plain JSON (the table, every
model, the turn, the fights, the procedures and question under way), `restore(state, view)`
its inverse. A battle hides nothing but a secret bid of Might before both are in."""

from __future__ import annotations

import copy
from typing import Any, Mapping

from ...engine.errors import BadPosition
from ...engine.game import Outcome
from . import procedure
from .phases.fight.weapons import equipped
from .profiles import SIDES
from .table.fortress import check_status
from .state import MORE_FIELDS, Model, outfit, profile_named


def view(state, seat: int | None) -> dict:
    """What a seat sees of the battle: all of it (a battle has no hidden information) but
    the other side's secret bid of Might."""
    out = {
        "game": "strategy-battle",
        "seat": seat,
        "scenario": state.scenario.name,
        "options": dict(state.options),
        "units": state.units.name,
        "table": _table_view(state),
        "turn": state.turn,
        "priority": state.priority,
        "phase": state.phase,
        "acting": state.acting,
        "to_move": state.to_move(),
        "models": [state.model_view(m) for m in state.models.values()],
        "force": dict(state.force),
        "lost": dict(state.lost),
        "banners_lost": dict(state.banners_lost),
        "fought_this_phase": sorted(state.fought_this_phase),
        "supported_this_phase": sorted(state.supported_this_phase),
        "picked": state.picked,
        "supported": dict(state.supported),
        "charge_bonus": sorted(state.charge_bonus),
        "fights": [[single, list(many)] for single, many in state.fights],
        "combat": _combat_seen_by(state, seat),
        "across": copy.deepcopy(state.across),
        "heroic": copy.deepcopy(state.heroic),
        "question": copy.deepcopy(state.question),
        "pending": copy.deepcopy(state.pending.plain()),
        "result": state.result.to_json() if state.result else None,
    }
    if state.siege:
        # the fortress as it stands (table/fortress.py): only a table that has one shows it
        out["siege"] = copy.deepcopy(state.siege)
    return out


def _table_view(state) -> dict:
    """The table and its terrain as plain data (for drawing from a view alone)."""
    t = state.scenario.table
    out = {"width": t.width, "depth": t.depth, "control_zone": state.units.control_zone,
            "areas": [{"name": a.name, "going": a.going, "ground": round(a.ground, 4),
                       "sight": round(a.sight, 4), "sheer": a.sheer, "climbable": a.climbable,
                       "outline": [[round(x, 4), round(y, 4)]
                                   for x, y in a.shape.exterior.coords]}
                      for a in t.areas],
            "barriers": [{"name": b.name, "height": round(b.height, 4),
                          "width": round(b.width, 4), "blocks_sight": b.blocks_sight,
                          "gap": b.gap, "depth": round(b.depth, 4),
                          "line": [[round(x, 4), round(y, 4)] for x, y in b.line.coords]}
                         for b in t.barriers]}
    if t.fortress:
        out["fortress"] = [p.plain() for p in t.fortress]
    return out


def _combat_seen_by(state, seat: int | None):
    """The fight in progress as a seat may see it: the other side's secret bid is hidden."""
    if state.combat is None:
        return None
    seen = copy.deepcopy(state.combat)
    # (a fight at a barrier waiting on the charging side's choice has no duel, nor bids, yet)
    for side in list(seen.get("bids", {})):
        if seat is None or SIDES[seat] != side:
            if len(seen["bids"]) < 2:       # revealed only once both are in
                seen["bids"][side] = "hidden"
    return seen


def model_from_view(state, m: Mapping[str, Any]) -> Model:
    """The model a view's entry shows (the inverse of `model_view`)."""
    model = Model(
        m["id"], state.scenario.profile(m["profile"]) or profile_named(m["profile"]), m["x"], m["y"], m["wounds"],
        prone=m["prone"],
        moved=m["moved"], move_used=m["move_used"], charged=m["charged"], shot=m["shot"],
        jumped=m["jumped"], tested=m["tested"], mount_wounds=m["mount_wounds"],
        no_strikes=m["no_strikes"], might=m["might"], will=m["will"], fate=m["fate"],
        cast=m["cast"], immobilised=m["immobilised"], courage_loss=m["courage_loss"],
        terror=m["terror"], free_might=m["free_might"], free_will=m["free_will"])
    for key in MORE_FIELDS:
        # a field a view written before it was known leaves as it is made (not climbing)
        setattr(model, key, copy.deepcopy(m[key] if key in m else getattr(model, key)))
    if m["passenger"] is not None:
        model.passenger = model_from_view(state, m["passenger"])
    # what the model has lost (a broken staff, a bow or shield left on a horse)
    model.profile = outfit(state, model)
    model.profile = equipped(state, model.profile, model.taken)
    return model


def restore(state, view: Mapping[str, Any]) -> None:
    """Set this state to what a view shows (the inverse of `view`)."""
    state.models = {}
    for m in view["models"]:
        state.models[m["id"]] = model_from_view(state, m)
    state.turn, state.priority = view["turn"], view["priority"]
    state.phase, state.acting = view["phase"], view["acting"]
    state.force, state.lost = dict(view["force"]), dict(view["lost"])
    # (a view written before banners were refereed has lost none)
    state.banners_lost = dict(view.get("banners_lost", {side: 0 for side in SIDES}))
    state.fights = [(single, tuple(many)) for single, many in view["fights"]]
    state.combat = copy.deepcopy(view["combat"])
    state.across = copy.deepcopy(view["across"])
    state.heroic = copy.deepcopy(view["heroic"])
    if state.combat is not None and "bids" in state.combat:
        # a bid the seat could not see is taken as a bid of nothing (hidden information)
        state.combat["bids"] = {k: ([None, 0] if v == "hidden" else v)
                               for k, v in state.combat["bids"].items()}
    state.question = copy.deepcopy(view["question"])
    state.pending = procedure.Frames.read(copy.deepcopy(view["pending"]))
    state.fought_this_phase = set(view["fought_this_phase"])
    state.supported_this_phase = set(view["supported_this_phase"])
    state.picked = view.get("picked")
    state.supported = dict(view["supported"])
    state.charge_bonus = set(view["charge_bonus"])
    if state.scenario.table.fortress:
        try:
            check_status(state.scenario.table.fortress, view.get("siege"))
        except ValueError as exc:
            raise BadPosition("position.siege", str(exc)) from None
        state.siege = copy.deepcopy(view["siege"])
    if view["result"]:
        r = view["result"]
        state.result = Outcome(tuple(r["winners"]), r["summary"], tuple(r["eliminated"]),
                              r["rounds"])
