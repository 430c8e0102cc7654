"""Scenarios as data (scenarios/*.toml): the table, the forces and their deployment, the aims."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from .table import Table
from .table.fortress import with_fortress
from .profiles import SIDES, DataError, Profile, default_data

FOLDER = Path(__file__).with_name("scenarios")
# 'destroy all': the first side to kill all the enemy wins; '<side> holds out': so too, but
# that side wins when the scenario's last turn ends (a siege's defenders holding out)
VICTORIES = ("destroy all", "good holds out", "evil holds out")


@dataclass(frozen=True)
class Placement:
    """One model of a force and where it is deployed."""

    id: str
    profile: str
    at: tuple[float, float]


@dataclass(frozen=True)
class Scenario:
    """A scenario: its table, forces, who has priority first, how it is won."""

    name: str
    title: str
    source: str
    table: Table
    placements: tuple[Placement, ...]
    first_priority: str
    victory: str
    max_turns: int | None
    # 'Testing Twice': the sides whose models the scenario calls to test their Courage
    # before moving, every turn
    courage_before_moving: tuple[str, ...] = ()
    # a battle on a table of its own (a position's setting, position.py): profiles that
    # stand, in this battle, for the data's profiles of the same names
    profiles: tuple[Profile, ...] = ()

    def profile(self, name: str) -> Profile | None:
        """The scenario's own profile called `name`, if it has one."""
        return next((p for p in self.profiles if p.name == name), None)


def parse_scenario(doc: Mapping[str, Any], where: str) -> Scenario:
    """Validate a scenario document; DataError names the file and field."""
    profiles, _, _ = default_data()
    for key in ("name", "title", "source"):
        if not isinstance(doc.get(key), str):
            raise DataError(f"{where}: {key}: missing or not a string")
    first = doc.get("first_priority", "good")   # 'The Priority Phase': Good unless the scenario says
    if first not in SIDES:
        raise DataError(f"{where}: first_priority: '{first}' is not good or evil")
    victory = doc.get("victory", "destroy all")
    if victory not in VICTORIES:
        raise DataError(f"{where}: victory: '{victory}' is not one of {', '.join(VICTORIES)}")
    try:
        table = Table.from_data(doc.get("table", {}), f"{where}: table")
        table = with_fortress(table, doc.get("table", {}).get("fortress"),
                              f"{where}: table.fortress")
    except ValueError as exc:
        raise DataError(str(exc)) from None
    placements = []
    seen = set()
    for i, raw in enumerate(doc.get("models", [])):
        at = f"{where}: models[{i}]"
        ident, profile, spot = raw.get("id"), raw.get("profile"), raw.get("at")
        if not isinstance(ident, str) or not ident.isalnum():
            raise DataError(f"{at}.id: a short name of letters and digits")
        if ident in seen:
            raise DataError(f"{at}.id: '{ident}' is used twice")
        seen.add(ident)
        if profile not in profiles:
            raise DataError(f"{at}.profile: no profile called '{profile}'")
        if not (isinstance(spot, list) and len(spot) == 2):
            raise DataError(f"{at}.at: expected [x, y]")
        placements.append(Placement(ident, profile, (float(spot[0]), float(spot[1]))))
    if {profiles[p.profile].side for p in placements} != set(SIDES):
        raise DataError(f"{where}: models: both sides need at least one model")
    for side in SIDES:
        force = [profiles[p.profile] for p in placements if profiles[p.profile].side == side]
        banners = sum(1 for p in force if "banner" in p.wargear)
        heroes = sum(1 for p in force if p.might + p.will + p.fate > 0)
        if banners > heroes:
            # 'Banners': "A force can include a number of banners equal to or less than the
            # number of Heroes it includes"
            raise DataError(f"{where}: models: {side} has {banners} banner(s) and {heroes} "
                            "Hero(es): no more banners than Heroes ('Banners')")
    max_turns = doc.get("max_turns")
    if max_turns is not None and (not isinstance(max_turns, int) or max_turns < 1):
        raise DataError(f"{where}: max_turns: a positive whole number")
    if victory.endswith("holds out") and max_turns is None:
        raise DataError(f"{where}: max_turns: '{victory}' needs the number of turns to hold")
    called = doc.get("courage_before_moving", [])
    if not isinstance(called, list) or any(side not in SIDES for side in called):
        raise DataError(f"{where}: courage_before_moving: a list of sides (good, evil)")
    return Scenario(doc["name"], doc["title"], doc["source"], table, tuple(placements), first,
                    victory, max_turns, tuple(called))


def scenario_names() -> list[str]:
    """The scenarios shipped with the game."""
    return sorted(p.stem for p in FOLDER.glob("*.toml"))


@lru_cache(maxsize=None)
def load_scenario(name: str) -> Scenario:
    """The shipped scenario called `name`; DataError lists the choices."""
    path = FOLDER / f"{name}.toml"
    if name not in scenario_names():
        raise DataError(f"scenario: no scenario '{name}'; the scenarios are: "
                        f"{', '.join(scenario_names())}")
    with open(path, "rb") as f:
        return parse_scenario(tomllib.load(f), path.name)
