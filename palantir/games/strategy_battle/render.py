"""The battle as text for a terminal: a coarse map of the table and a listing of the models."""

from __future__ import annotations

import math

from shapely.geometry import Point

from .rules import BattleState

# map characters: what covers a cell, most important last (later marks overwrite earlier)
GOING_MARK = {"difficult": "~", "woods": "%", "impassable": "#"}
BARRIER_MARK = "="
ELEVATED_MARK = "^"


def table_map(state: BattleState, columns: int = 48) -> list[str]:
    """A coarse map: one character per cell, rows twice as tall as columns are wide (terminal
    cells are about twice as tall as wide); a model is written as its id, Good ids in upper
    case, Evil ids in lower case, starting at its cell."""
    table = state.table
    cell = table.width / columns
    rows = max(1, math.ceil(table.depth / (2 * cell)))
    grid = [["." for _ in range(columns)] for _ in range(rows)]

    def centre(col, row):
        return (col + 0.5) * cell, table.depth - (row + 0.5) * 2 * cell   # y grows up the map

    for row in range(rows):
        for col in range(columns):
            x, y = centre(col, row)
            here = Point(x, y)
            for area in table.areas:
                if area.shape.covers(here):
                    grid[row][col] = GOING_MARK.get(area.going, ELEVATED_MARK if area.ground
                                                    else grid[row][col])
            for barrier in table.barriers:
                if barrier.footprint.distance(here) <= cell:
                    grid[row][col] = BARRIER_MARK
    for model in state.models.values():
        col = min(columns - 1, int(model.x / cell))
        row = min(rows - 1, int((table.depth - model.y) / (2 * cell)))
        name = model.id.upper() if model.side == "good" else model.id.lower()
        col = min(col, columns - len(name))
        for k, letter in enumerate(name):
            grid[row][col + k] = letter
    border = "+" + "-" * columns + "+"
    return [border] + ["|" + "".join(r) + "|" for r in grid] + [border]


def listing(state: BattleState) -> list[str]:
    """One line per model: id, profile, place, wounds and what it has done this turn."""
    out = []
    for model in sorted(state.models.values(), key=lambda m: (m.side, m.id)):
        flags = [word for word, on in (("moved", model.moved), ("charged", model.charged),
                                       ("shot", model.shot), ("engaged", state.engaged(model)),
                                       ("on the ground", model.prone)) if on]
        out.append(f"{model.id:4} {model.side:4} {model.profile.name:40} "
                   f"({model.x:6.2f},{model.y:6.2f}) W{model.wounds}"
                   + (f"  [{', '.join(flags)}]" if flags else ""))
    return out


def render(state: BattleState, seat: int | None = None) -> str:
    """The whole table as text: heading, map, models, fights and what just happened."""
    head = (f"Turn {state.turn}, {state.phase} phase; {state.priority} has priority"
            + ("" if state.is_over() else f"; {state.acting} to decide"))
    lines = [head, *table_map(state), *listing(state)]
    if state.fights:
        lines.append("fights: " + "; ".join(f"{single} v {'+'.join(many)}"
                                             for single, many in state.fights))
    lines.extend(state.news)
    if state.is_over():
        lines.append(state.outcome().summary)
    return "\n".join(lines)
