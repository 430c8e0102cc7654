"""A battle read from a view alone: the table and its terrain from the view's own plain data,
the models as the view shows them — for a player's eyes (the SVG table) and the computer
general, which see nothing the view does not show. Unlike `StrategyBattle.state_from_view`
it needs no scenario file, so a table set up by hand reads as well as a shipped one.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from shapely.geometry import LineString, Polygon

from ...engine.dice import SeededDice
from . import table as geo
from .rules import BattleState
from .scenarios import Scenario
from .table.fortress import with_fortress


# tables already read, by their plain data: the general reads the same table at every
# decision, and a table keeps what it has worked out (paths, sight) for the next one
_TABLES: dict[str, Any] = {}
TABLES_KEPT = 16


def table_of(view: Mapping[str, Any]):
    """The table and its terrain as geometry, from the view's plain data."""
    try:
        key = json.dumps([view["units"], view["table"]], sort_keys=True)
    except (TypeError, ValueError):
        return _read_table(view)          # data no JSON writes: read afresh each time
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) >= TABLES_KEPT:
            _TABLES.clear()
        table = _TABLES[key] = _read_table(view)
    return table


def _read_table(view: Mapping[str, Any]):
    """The table built afresh from the view's plain data."""
    t = view["table"]
    areas = [geo.Area(a["name"], Polygon(a["outline"]), a["going"], a["ground"], a["sight"],
                      a.get("sheer", False), a.get("climbable", False))
             for a in t.get("areas", [])]
    barriers = [geo.Barrier(b["name"], LineString(b["line"]), b["height"], b["width"],
                            b.get("blocks_sight", True), b.get("gap", False), b.get("depth", 0.0))
                for b in t.get("barriers", [])]
    table = geo.Table(t["width"], t["depth"], geo.units_named(view["units"]), areas, barriers)
    return with_fortress(table, t.get("fortress"), "table.fortress", mm=False)


def state_of(view: Mapping[str, Any], game=None):
    """A state rebuilt from the view alone: its own table, the models as it shows them (of
    `game`, the StrategyBattle asking, if it is known)."""
    scenario = Scenario(name=view["scenario"], title="", source="view", table=table_of(view),
                        placements=(), first_priority=view["priority"], victory="destroy all",
                        max_turns=None)
    state = BattleState(game, view["options"], scenario, SeededDice(0))
    state.restore(view)
    return state
