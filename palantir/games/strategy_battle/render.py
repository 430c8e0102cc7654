"""The battle as text for a terminal, drawn from a seat's view alone: a coarse map of the
table and a listing of the models (the engine's terminal contract: render_table, help_text)."""

from __future__ import annotations

import math
from typing import Any, Mapping

from shapely.geometry import LineString, Point, Polygon

from . import StrategyBattle, notation
from .reading import state_of
from .words import words

# map characters: what covers a cell, most important last (later marks overwrite earlier)
GOING_MARK = {"difficult": "~", "woods": "%", "impassable": "#"}
BARRIER_MARK = "="
FORTRESS_DRAWN = ("wall", "tower", "gate", "door", "hatch")
ELEVATED_MARK = "^"
SIDE_COLOUR = {"good": "34", "evil": "31"}       # ANSI blue and red


def _paint(text: str, code: str, color: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if color else text


# a 25mm base is over 2 columns of a 24"/56cm table, and the map with the models and the
# menu fits a terminal of 100x50
MAP_COLUMNS = 56
# where a label is tried when its own cells are taken: the same row first, then the rows
# next to it (a label never lands more than a couple of cells from its model)
NUDGES = ((0, 0), (0, 1), (0, -1), (0, 2), (0, -2), (-1, 0), (1, 0), (-1, 1), (1, 1),
          (-1, -1), (1, -1), (0, 3), (0, -3), (-1, 2), (1, 2), (-1, -2), (1, -2))


def table_map(view: Mapping[str, Any], columns: int = MAP_COLUMNS) -> list[str]:
    """A map: one character per cell, rows twice as tall as columns are wide (terminal
    cells are about twice as tall as wide); a model is written as its id, Good ids in upper
    case, Evil ids in lower case, starting at its cell. Labels keep a blank cell between
    them: a label whose cells another has taken is nudged to the nearest free place."""
    table = view["table"]
    width, depth = table["width"], table["depth"]
    cell = width / columns
    rows = max(1, math.ceil(depth / (2 * cell)))
    grid = [["." for _ in range(columns)] for _ in range(rows)]
    areas = [(Polygon(a["outline"]), a) for a in table["areas"]]
    barriers = [LineString(b["line"]).buffer(b["width"] / 2, cap_style="flat")
                for b in table["barriers"]]
    # the fortress's walls, towers and shut gates and doors ('The Fortress'), as it stands
    standing = view.get("siege", {}).get("pieces", {})
    barriers += [LineString(p["line"]).buffer(p.get("thickness", 0) / 2 or 1e-3,
                                              cap_style="flat")
                 for p in table.get("fortress", []) if p["kind"] in FORTRESS_DRAWN
                 and standing.get(p["name"], {}).get("batter", 0) > 0
                 and not standing[p["name"]].get("open", False)]
    for row in range(rows):
        for col in range(columns):
            # y grows up the map, away from the Good player's edge
            here = Point((col + 0.5) * cell, depth - (row + 0.5) * 2 * cell)
            for shape, area in areas:
                if shape.covers(here):
                    grid[row][col] = GOING_MARK.get(area["going"], ELEVATED_MARK
                                                    if area["ground"] else grid[row][col])
            if any(footprint.distance(here) <= cell for footprint in barriers):
                grid[row][col] = BARRIER_MARK
    taken: set[tuple[int, int]] = set()
    for model in view["models"]:
        col = min(columns - 1, int(model["x"] / cell))
        row = min(rows - 1, max(0, int((depth - model["y"]) / (2 * cell))))
        name = model["id"].upper() if model["side"] == "good" else model["id"].lower()
        row, col = _free_place(taken, row, max(0, min(col, columns - len(name))), len(name),
                               rows, columns)
        for k, letter in enumerate(name):
            grid[row][col + k] = letter
        # the label's cells and one either side are kept from the next label
        taken.update((row, c) for c in range(col - 1, col + len(name) + 1))
    border = "+" + "-" * columns + "+"
    return [border] + ["|" + "".join(r) + "|" for r in grid] + [border]


def _free_place(taken, row: int, col: int, length: int, rows: int, columns: int):
    """The nearest (row, col) to the one given where a label of `length` overlaps no other;
    the place given when none near is free."""
    for dr, dc in NUDGES:
        r, c = row + dr, col + dc * length
        if 0 <= r < rows and 0 <= c <= columns - length and \
                not any((r, k) in taken for k in range(c, c + length)):
            return r, c
    return row, col


def listing(view: Mapping[str, Any], color: bool = False) -> list[str]:
    """One line per model: id, profile, place, wounds, stores and what it has done this turn."""
    out = []
    for m in sorted(view["models"], key=lambda m: (m["side"], m["id"])):
        flags = [word for word, on in (("moved", m["moved"]), ("charged", m["charged"]),
                                       ("shot", m["shot"]), ("engaged", m["engaged"]),
                                       ("on the ground", m["prone"]),
                                       ("held", m["immobilised"])) if on]
        stores = "".join(f" {k}{m[name]}" for k, name in (("M", "might"), ("W", "will"),
                                                          ("F", "fate")) if m[name])
        mount = f" mount W{m['mount_wounds']}" if m["mount_wounds"] else ""
        line = (f"{m['id']:4} {m['side']:4} {m['profile']:40} "
                f"({m['x']:6.2f},{m['y']:6.2f}) W{m['wounds']}{stores}{mount}"
                + (f"  [{', '.join(flags)}]" if flags else ""))
        out.append(_paint(line, SIDE_COLOUR[m["side"]], color))
    return out


def _question_line(view: Mapping[str, Any]) -> str | None:
    q = view.get("question")
    if not q:
        return None
    asks = {"shield": "shield on or off", "might": "spend Might or pass",
            "bid": "bid Might in secret, or pass", "strike": "say where the strikes go",
            "fate": f"roll Fate for {q.get('target')} or pass",
            "resist": "resist the power with Will, or pass",
            "heroic": "declare a heroic action, or pass"}
    return f"{q['side']} must {asks.get(q['kind'], q['kind'])}"


def render_table(view: Mapping[str, Any], color: bool = True) -> str:
    """The whole table as `view` shows it: heading, map, models, fights and the question."""
    if view.get("result"):
        head = f"Game over after turn {view['turn']}: {view['result']['summary']}"
    else:
        head = (f"Turn {view['turn']}, {view['phase']} phase; {view['priority']} has "
                f"priority; {view['acting']} to decide")
    lines = [_paint(head, "1", color), *table_map(view), *listing(view, color)]
    if view.get("fights"):
        lines.append("fights: " + "; ".join(f"{single} v {'+'.join(many)}"
                                             for single, many in view["fights"]))
    combat = view.get("combat")
    if combat and combat.get("dice"):
        lines.append("duel dice: " + ", ".join(f"{k} {'/'.join(map(str, d))}"
                                               for k, d in sorted(combat["dice"].items())))
    question = _question_line(view)
    if question:
        lines.append(question)
    return "\n".join(lines)


def verbs() -> list[str]:
    """Every decision's notation with a word on it, as the notation's own module lists
    them (notation.py): a verb added there is in the help at once."""
    return [line.strip() for line in notation.__doc__.splitlines() if line.startswith("    ")]


HELP_HEAD = """Type the number of a decision from the list, or any decision in the notation below
(coordinates in the table's unit, x across, y away from Good's edge). The list is a sample
of moves: any legal destination may be typed ('move G1 to 14,10': the referee finds the path)."""


def help_text(view: Mapping[str, Any]) -> str:
    """The notation, and what the decision at hand is about."""
    now = _question_line(view) or {
        "move": "Move phase: move or charge each model, cast powers; 'done' when finished",
        "shoot": "Shoot phase: shoot with each model that may; 'done' when finished",
        "fight": "Fight phase: the side with priority names the next fight",
    }.get(view["phase"], "the game is over")
    return "\n".join([HELP_HEAD, "Every verb:", *("  " + v for v in verbs()),
                      "", "Now: " + now])


_WORDED: dict = {}      # the state rebuilt from the last view worded (the menu's notes)


def menu_note(view: Mapping[str, Any], action) -> str | None:
    """A decision in words beside its notation in the menu ("advance 6" towards E2")."""
    key = id(view)
    if _WORDED.get("key") != key or _WORDED.get("view") is not view:
        _WORDED.clear()
        _WORDED.update(key=key, view=view, state=state_of(view, StrategyBattle()))
    said = words(_WORDED["state"], action)
    return None if said == str(action) else said


def seat_title(view: Mapping[str, Any], seat: int) -> str:
    """The side a seat commands ('The Game Turn': seat 0 Good, seat 1 Evil)."""
    return ("Good", "Evil")[seat]


def render(state, seat: int | None = None) -> str:
    """The table as `seat` sees it, followed by what just happened."""
    lines = [render_table(state.view(seat), color=False), *state.narration(seat)]
    return "\n".join(lines)
