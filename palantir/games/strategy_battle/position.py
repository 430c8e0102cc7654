"""Positions of the Strategy Battle Game (engine/position.py, docs/positions.md).

Nothing is hidden on a battlefield but a side's secret Might bid in a duel while the other
side has not bid yet (views show it as "hidden"). The full position is the spectator's view
with the fight in progress as it truly stands, bids and all, and the models' places and
moves exact (a view rounds them); a seat's position is its view, loaded only when it hides
no bid (a hidden bid cannot be guessed without changing the game), with the places as the
view rounds them.

A battle on a table of its own (a test's, an analysis's: not a shipped scenario) is a full
position with a `setting`: the scenario written out exactly — its table, terrain and
barriers in table units, who has priority first, how it is won, and the profiles that
stand in this battle for the data's profiles of the same names. It is untrusted input (the
web table loads uploaded positions), so every part of it is checked and bounded, and a
part at fault is refused naming its field (docs/positions.md, 'A table of its own').
"""

from __future__ import annotations

import copy
from typing import Any, Mapping

import math
from dataclasses import asdict, fields

import shapely
from shapely.geometry import LineString, Polygon

from ...engine.dice import Dice
from ...engine.errors import BadPosition
from .profiles import (SIDES, SOURCES, SPECIAL, WARGEAR, Profile,
                       default_data, default_powers)
from .rules import BattleState
from .scenarios import VICTORIES, Scenario, load_scenario
from .table import Table
from .table.fortress import with_fortress
from .table.terrain import GOINGS, Area, Barrier
from .table.units import UNITS

SETTING_VERSION = 1
SETTING = ("version", "title", "source", "first_priority", "victory", "max_turns",
           "courage_before_moving", "table", "profiles")
TABLE = ("units", "width", "depth", "areas", "barriers")
AREA = ("name", "going", "ground", "sight", "outline")
# an area's fields a setting may leave out (written before they were known): its sides
# sheer and climbable ('Climbing'), a roof overhead ('Bows — Volley Fire'); none unless it
# says so
AREA_OPTIONAL = ("sheer", "climbable", "roof")
BARRIER = ("name", "line", "height", "width", "blocks_sight", "gap", "depth")
PROFILE = tuple(f.name for f in fields(Profile))
# Bounds on what a setting may ask of the rules, so that an uploaded position cannot make
# a search work over a vast table or a fight roll a million dice: a table up to 250 units
# a side (a 6' by 4' table is 72" by 48", 183 by 122 cm), terrain within 1,000 units of it.
MAX_TABLE = 250.0
MAX_COORDINATE = 1000.0
MAX_FEATURES = 100
MAX_POINTS = 200
MAX_PROFILES = 100
MAX_MM = 500.0
# a characteristic's range: the manual's profiles go from 0 to 10 (Strength, Defence and
# Wounds at least 1); a shooting value is the roll to hit, 1 to 6
CHARACTERISTICS = {"fight": (0, 10), "strength": (1, 10), "defence": (1, 10),
                   "attacks": (0, 10), "wounds": (1, 10), "courage": (0, 10),
                   "might": (0, 10), "will": (0, 10), "fate": (0, 10), "shots": (1, 5)}


def position_of(game, state, seat: int | None) -> dict:
    """The full position (seat None: the fight with its bids) or what `seat` sees."""
    if seat is not None:
        return state.view(seat)
    body = state.view(None)
    body["combat"] = copy.deepcopy(state.combat)
    for entry in body["models"]:
        _exact(entry, state.models[entry["id"]])
    if state.scenario is not load_scenario(state.options["scenario"]):
        body["setting"] = setting_of(state.scenario)
    return body


def setting_of(scenario: Scenario) -> dict:
    """A scenario written out exactly, as a position's `setting` holds it."""
    table = scenario.table
    return {
        "version": SETTING_VERSION, "title": scenario.title, "source": scenario.source,
        "first_priority": scenario.first_priority, "victory": scenario.victory,
        "max_turns": scenario.max_turns,
        "courage_before_moving": list(scenario.courage_before_moving),
        "table": {"units": table.units.name, "width": table.width, "depth": table.depth,
                  "areas": [{"name": a.name, "going": a.going, "ground": a.ground,
                             "sight": a.sight, "sheer": a.sheer, "climbable": a.climbable,
                             "roof": a.roof,
                             "outline": [list(p) for p in a.shape.exterior.coords]}
                            for a in table.areas],
                  "barriers": [{"name": b.name, "line": [list(p) for p in b.line.coords],
                                "height": b.height, "width": b.width,
                                "blocks_sight": b.blocks_sight, "gap": b.gap,
                                "depth": b.depth} for b in table.barriers],
                  **({"fortress": [p.plain() for p in table.fortress]}
                     if table.fortress else {})},
        "profiles": [_profile_of(p) for p in scenario.profiles]}


def _profile_of(profile: Profile) -> dict:
    """A profile as a setting writes it (every field; powers as [name, casting value])."""
    out = asdict(profile)
    for key in ("wargear", "special"):
        out[key] = list(out[key])
    out["powers"] = [list(p) for p in profile.powers]
    return out


def _exact(entry: dict, model) -> None:
    """A view rounds a model's place and the distance it has moved to 1/10,000 of an inch;
    the full position holds them exactly, since a rule may turn on the last digit."""
    entry.update(x=model.x, y=model.y, move_used=model.move_used)
    if entry["passenger"] is not None:
        _exact(entry["passenger"], model.passenger)


def state_from_position(game, document: Mapping[str, Any], dice: Dice):
    """The state of a checked position document; a seat's position hiding a bid is refused,
    and so is a battle on a table of its own but from its full position."""
    body = document["position"]
    combat = body.get("combat")
    bids = combat.get("bids", {}) if isinstance(combat, dict) else {}
    if not document["full"] and isinstance(bids, dict) and "hidden" in bids.values():
        raise BadPosition("position.combat", "this seat's position hides the other side's "
                          "secret Might bid, which cannot be completed without changing the "
                          "game: load the full position")
    named = document["options"].get("scenario")
    if body.get("setting") is None:
        if body.get("scenario") != named:
            raise BadPosition("position.scenario", f"the options play the scenario "
                              f"'{named}': a battle on a table of its own loads only from "
                              "its full position, with its 'setting'")
        return game.state_from_view(body, dice)
    if not document["full"]:
        raise BadPosition("position.setting", "only a full position holds a setting")
    if not isinstance(body.get("scenario"), str):
        raise BadPosition("position.scenario", "must be the name of the battle's scenario")
    scenario = read_setting(body["scenario"], body["setting"])
    state = BattleState(game, game.validate_options(body["options"]), scenario, dice)
    state.restore(body)
    return state


# ---------------------------------------------------------------- reading a setting

def _object(value: Any, keys: tuple[str, ...], at: str, optional: tuple[str, ...] = ()) -> dict:
    """An object with exactly these fields (and perhaps the optional ones)."""
    if not isinstance(value, dict):
        raise BadPosition(at, "must be an object")
    for key in keys:
        if key not in value:
            raise BadPosition(f"{at}.{key}", "missing")
    extra = sorted(set(value) - set(keys) - set(optional))
    if extra:
        raise BadPosition(f"{at}.{extra[0]}", "not a field here")
    return value


def _number(value: Any, at: str, low: float, high: float, above: bool = False) -> float:
    """A finite number from `low` (exclusive if `above`) to `high`."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not math.isfinite(value):
        raise BadPosition(at, "must be a number")
    if value > high or value < low or (above and value == low):
        raise BadPosition(at, f"{value} is out of range ({'above ' if above else ''}{low} "
                              f"to {high})")
    return float(value)


def _whole(value: Any, at: str, low: int, high: int) -> int:
    """A whole number from `low` to `high`."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadPosition(at, f"must be a whole number from {low} to {high}")
    return value


def _text(value: Any, at: str, choices=None) -> str:
    """A text (one of `choices`, if given)."""
    if not isinstance(value, str) or not value or len(value) > 200:
        raise BadPosition(at, "must be a text (1 to 200 characters)")
    if choices is not None and value not in choices:
        raise BadPosition(at, f"'{value}' is not one of: {', '.join(sorted(choices))}")
    return value


def _flag(value: Any, at: str) -> bool:
    if not isinstance(value, bool):
        raise BadPosition(at, "must be true or false")
    return value


def _list(value: Any, at: str, most: int) -> list:
    if not isinstance(value, list):
        raise BadPosition(at, "must be a list")
    if len(value) > most:
        raise BadPosition(at, f"at most {most} items")
    return value


def _points(value: Any, at: str) -> list[tuple[float, float]]:
    """A list of [x, y] points near the table."""
    points = []
    for i, point in enumerate(_list(value, at, MAX_POINTS)):
        if not isinstance(point, list) or len(point) != 2:
            raise BadPosition(f"{at}[{i}]", "must be a point [x, y]")
        points.append(tuple(_number(c, f"{at}[{i}][{j}]", -MAX_COORDINATE, MAX_COORDINATE)
                            for j, c in enumerate(point)))
    return points


def _feature(build, at: str):
    """A terrain feature, its own checks (a valid outline, a line of some length) refused
    as the setting's."""
    try:
        return build()
    except (ValueError, TypeError, shapely.errors.ShapelyError) as exc:
        raise BadPosition(at, str(exc)) from None


def _table(raw: Any, at: str) -> Table:
    raw = _object(raw, TABLE + (("fortress",) if isinstance(raw, dict) and "fortress" in raw
                                else ()), at)
    units = UNITS[_text(raw["units"], f"{at}.units", UNITS)]
    width = _number(raw["width"], f"{at}.width", 0, MAX_TABLE, above=True)
    depth = _number(raw["depth"], f"{at}.depth", 0, MAX_TABLE, above=True)
    areas = []
    for i, item in enumerate(_list(raw["areas"], f"{at}.areas", MAX_FEATURES)):
        where = f"{at}.areas[{i}]"
        item = _object(item, AREA, where, AREA_OPTIONAL)
        name = _text(item["name"], f"{where}.name")
        going = _text(item["going"], f"{where}.going", GOINGS)
        ground = _number(item["ground"], f"{where}.ground", 0, MAX_COORDINATE)
        sight = _number(item["sight"], f"{where}.sight", 0, MAX_COORDINATE)
        sheer, climbable, roof = (_flag(item.get(k, False), f"{where}.{k}")
                                  for k in AREA_OPTIONAL)
        outline = _points(item["outline"], f"{where}.outline")
        areas.append(_feature(lambda: Area(name, Polygon(outline), going, ground, sight,
                                           sheer, climbable, roof), f"{where}.outline"))
    barriers = []
    for i, item in enumerate(_list(raw["barriers"], f"{at}.barriers", MAX_FEATURES)):
        where = f"{at}.barriers[{i}]"
        item = _object(item, BARRIER, where)
        name = _text(item["name"], f"{where}.name")
        line = _points(item["line"], f"{where}.line")
        height = _number(item["height"], f"{where}.height", 0, MAX_COORDINATE)
        thick = _number(item["width"], f"{where}.width", 0, MAX_COORDINATE, above=True)
        sight, gap = (_flag(item[k], f"{where}.{k}") for k in ("blocks_sight", "gap"))
        depth_ = _number(item["depth"], f"{where}.depth", 0, MAX_COORDINATE)
        if len(line) < 2:
            raise BadPosition(f"{where}.line", "a line of two points or more")
        barriers.append(_feature(lambda: Barrier(name, LineString(line), height, thick,
                                                 sight, gap, depth_), f"{where}.line"))
    table = _feature(lambda: Table(width, depth, units, areas, barriers), at)
    return _feature(lambda: with_fortress(table, raw.get("fortress"), f"{at}.fortress",
                                          mm=False), f"{at}.fortress")


def _profile(raw: Any, at: str) -> Profile:
    """A profile standing for the data's profile of its name (a rider changing mounts
    takes his profile back from the data by name, so the name must be the data's)."""
    profiles, mounts, charts = default_data()
    raw = _object(raw, PROFILE, at)
    name = _text(raw["name"], f"{at}.name", profiles)
    values = {key: _whole(raw[key], f"{at}.{key}", *limits)
              for key, limits in CHARACTERISTICS.items()}
    shoot = None if raw["shoot"] is None else _whole(raw["shoot"], f"{at}.shoot", 1, 6)
    gear = {}
    for key, known in (("wargear", WARGEAR), ("special", SPECIAL)):
        items = _list(raw[key], f"{at}.{key}", len(known))
        gear[key] = tuple(_text(item, f"{at}.{key}[{i}]", known)
                          for i, item in enumerate(items))
    powers = []
    for i, power in enumerate(_list(raw["powers"], f"{at}.powers", len(default_powers()))):
        if not isinstance(power, list) or len(power) != 2:
            raise BadPosition(f"{at}.powers[{i}]", "must be [power, casting value]")
        powers.append((_text(power[0], f"{at}.powers[{i}][0]", default_powers()),
                       _whole(power[1], f"{at}.powers[{i}][1]", 1, 6)))
    mount = None if raw["mount"] is None else _text(raw["mount"], f"{at}.mount", mounts)
    foot_race = None if raw["foot_race"] is None else \
        _text(raw["foot_race"], f"{at}.foot_race", charts.movement)
    if mount is not None and foot_race is None:
        raise BadPosition(f"{at}.foot_race", "a cavalry model needs the race it has on foot")
    sizes = {key: _number(raw[key], f"{at}.{key}", 0, MAX_MM, above=True)
             for key in ("base_mm", "height_mm", "foot_base_mm", "foot_height_mm")}
    profile = Profile(name=name, source=_text(raw["source"], f"{at}.source", SOURCES),
                      side=_text(raw["side"], f"{at}.side", SIDES),
                      race=_text(raw["race"], f"{at}.race", charts.movement), shoot=shoot,
                      mount=mount, foot_race=foot_race, powers=tuple(powers), **gear,
                      **sizes, **values)
    if profile.missile is not None and profile.missile not in charts.missiles:
        raise BadPosition(f"{at}.wargear", f"'{profile.missile}' is not on the Missile Chart")
    return profile


def read_setting(name: str, raw: Any) -> Scenario:
    """The scenario a position's `setting` writes out; BadPosition names the field."""
    at = "position.setting"
    raw = _object(raw, SETTING, at)
    if raw["version"] != SETTING_VERSION:
        raise BadPosition(f"{at}.version", f"must be {SETTING_VERSION}, got {raw['version']!r}")
    called = _list(raw["courage_before_moving"], f"{at}.courage_before_moving", len(SIDES))
    profiles = [_profile(p, f"{at}.profiles[{i}]")
                for i, p in enumerate(_list(raw["profiles"], f"{at}.profiles", MAX_PROFILES))]
    if len({p.name for p in profiles}) != len(profiles):
        raise BadPosition(f"{at}.profiles", "two profiles of one name")
    return Scenario(
        _text(name, "position.scenario"), _text(raw["title"], f"{at}.title"),
        _text(raw["source"], f"{at}.source"), _table(raw["table"], f"{at}.table"), (),
        _text(raw["first_priority"], f"{at}.first_priority", SIDES),
        _text(raw["victory"], f"{at}.victory", VICTORIES),
        None if raw["max_turns"] is None else
        _whole(raw["max_turns"], f"{at}.max_turns", 1, 1000),
        tuple(_text(s, f"{at}.courage_before_moving[{i}]", SIDES)
              for i, s in enumerate(called)),
        tuple(profiles))
