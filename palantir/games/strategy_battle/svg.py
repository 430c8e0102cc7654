"""The battle as SVG, drawn from a seat's view alone (the web table can show it): the table,
its terrain, every base with its id and wounds, control zones, lines between fighters, and
for each model what it can reach and see: its move, its missile's range, and a line of sight
to every enemy it sees ('Can I See?': green where nothing is in the way, amber past things
in the way, numbered).

Each base carries `data-model` (its id) so a page can let a player click models. A model's
reach is drawn inside its group, hidden until the model is picked (class `picked`, set by
the web table) or hovered; the model whose decisions are listed first is shown at once.
The sight lines are worked out from the view rebuilt into a state (reading.py: the terrain
the view carries, the models' profiles), never from anything the view does not show.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any, Mapping

from . import StrategyBattle
from . import table as geo
from .candidates import move_order
from .reading import state_of
from .render import help_text

WIDTH = 760                      # pixels across the table
GOING_FILL = {"open": "#d9c9a3", "difficult": "#a08a5a", "woods": "#5f8a4a",
              "impassable": "#6e6e6e"}
SIDE_FILL = {"good": "#2f63c4", "evil": "#c8312b"}


def seat_names(view: Mapping[str, Any]) -> list[str]:
    """The seats' names at the table: seat 0 commands Good, seat 1 Evil."""
    return ["Good", "Evil"]


def action_label(view: Mapping[str, Any], text: str) -> str:
    """A decision as the web table lists it, with the model's profile for moves and shots;
    a move to where the model stands says that it stays put."""
    words = text.split()
    models = {m["id"]: m for m in view["models"]}
    if len(words) >= 2 and words[0] in ("move", "charge", "shoot") and words[1] in models:
        m = models[words[1]]
        if words[0] == "move" and len(words) == 3 and _stays(m, words[2]):
            return f"{text} ({m['profile']} stays put)"
        return f"{text} ({m['profile']})"
    return text


def _stays(model: Mapping[str, Any], point: str) -> bool:
    try:
        x, y = (float(v) for v in point.split(","))
    except ValueError:
        return False
    return math.dist((x, y), (model["x"], model["y"])) < 0.001


def selection(view: Mapping[str, Any]) -> None:
    """No click-to-select helper yet: decisions are typed or chosen from the list."""
    return None


def phase_help(view: Mapping[str, Any]) -> str:
    """The notation and what the decision at hand is about."""
    return help_text(view)


BAND = 24    # px above the table for the status line
MARGIN = 12  # px around the table


def render_svg(view: Mapping[str, Any]) -> str:
    """The whole table as an SVG document."""
    table = view["table"]
    scale = WIDTH / table["width"]
    height = table["depth"] * scale
    # A band above the table for the status line, and a margin so that bases and control
    # zones on the table's edge are drawn whole.
    outer_w, outer_h = WIDTH + 2 * MARGIN, height + BAND + MARGIN

    def px(x: float, y: float) -> tuple[float, float]:
        # the table's y grows away from the Good player's edge: up the picture
        return round(MARGIN + x * scale, 1), round(BAND + height - y * scale, 1)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{outer_w:.0f}" '
           f'height="{outer_h:.0f}" viewBox="0 0 {outer_w:.0f} {outer_h:.0f}" '
           f'class="strategy-battle">',
           f'<rect x="{MARGIN}" y="{BAND}" width="{WIDTH}" height="{height:.0f}" '
           f'fill="#e8dcb8" stroke="#8a7a5a" class="table-edge"/>']
    for area in table.get("areas", []):
        points = " ".join("%s,%s" % px(x, y) for x, y in area["outline"])
        fill = GOING_FILL.get(area["going"], "#d9c9a3")
        if area["ground"] and area["going"] == "open":
            fill = "#c9b07a"                                  # elevated ground
        out.append(f'<polygon points="{points}" fill="{fill}" fill-opacity="0.8" '
                   f'stroke="#4a3b20" stroke-width="1"><title>{escape(area["name"])}'
                   f' ({area["going"]})</title></polygon>')
    for barrier in table.get("barriers", []):
        points = " ".join("%s,%s" % px(x, y) for x, y in barrier["line"])
        out.append(f'<polyline points="{points}" fill="none" stroke="#5a4a3a" '
                   f'stroke-width="{max(2.0, barrier["width"] * scale):.1f}" '
                   f'stroke-linecap="butt"><title>{escape(barrier["name"])}</title></polyline>')
    out += _fortress(view, px, scale)
    models = {m["id"]: m for m in view["models"]}
    cz = table.get("control_zone", 0)
    for m in view["models"]:
        if not m["engaged"] and not m["prone"]:
            cx, cy = px(m["x"], m["y"])
            out.append(_base(m, cx, cy, m["radius"] + cz, scale,
                             f'fill="none" stroke="{SIDE_FILL[m["side"]]}" stroke-opacity="0.35" '
                             f'stroke-dasharray="4 3" class="control-zone"') + "/>")
    for single, many in view.get("fights", []):
        for other in many:
            if single in models and other in models:
                (x1, y1), (x2, y2) = px(models[single]["x"], models[single]["y"]), \
                    px(models[other]["x"], models[other]["y"])
                out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#000" '
                           f'stroke-width="2" class="fight"/>')
    reach = reach_of(view)
    first = reach.pop("first", None)
    out.append(REACH_STYLE)
    for m in view["models"]:
        cx, cy = px(m["x"], m["y"])
        faded = ' fill-opacity="0.5"' if m["prone"] else ""      # a model on the ground
        shape = "rect" if m.get("half") else "circle"
        out.append(f'<g class="model" data-model="{escape(m["id"])}">'
                   + _base(m, cx, cy, m["radius"], scale,
                           f'fill="{SIDE_FILL[m["side"]]}" stroke="#111" stroke-width="'
                           f'{2 if m["id"] == _current(view) else 1}"{faded}')
                   + f'><title>{escape(m["id"])}: {escape(m["profile"])}, {m["wounds"]} W'
                   f'</title></{shape}><text x="{cx}" y="{cy + 4}" text-anchor="middle" '
                   f'font-size="11" fill="#fff">{escape(m["id"])}</text>'
                   + _reach_svg(m, reach.get(m["id"]), models, px, scale, m["id"] == first)
                   + '</g>')
    out.append(f'<text x="8" y="16" font-size="13" fill="#222">Turn {view["turn"]}, '
               f'{escape(view["phase"])} phase, {escape(view["priority"])} has priority</text>')
    out.append("</svg>")
    return "\n".join(out)


# a model's reach is hidden until it is picked or hovered; the first listed is shown
REACH_STYLE = ('<style>.strategy-battle .reach{display:none;pointer-events:none}'
               '.strategy-battle .model.picked .reach,.strategy-battle .model:hover .reach,'
               '.strategy-battle .reach.shown{display:inline}</style>')
SIGHT_CLEAR, SIGHT_COVERED = "#1f8a3a", "#d08a00"


def reach_of(view: Mapping[str, Any]) -> dict:
    """For each model: its move, its missile's range (table units, base edge to base edge)
    and the enemies it sees, with how many things are in the way ('Can I See?', 'In the
    Way!'); and under "first" the model whose Move-phase decisions are listed first."""
    state = state_of(view, StrategyBattle())
    discs = {d.key: d for d in state.discs()}
    everyone = list(discs.values())
    out: dict = {}
    for m in state.models.values():
        missile = m.profile.missile
        rng = (state.units.rule(*state.charts.missiles[missile].range)
               if missile and m.profile.shoot else None)
        seen = []
        for e in state.models.values():
            if e.side == m.side:
                continue
            sight = geo.sight(state.table, everyone, discs[m.id], discs[e.id])
            if sight.visible:
                seen.append((e.id, len(sight.in_the_way)))
        out[m.id] = {"move": state.mover(m).allowance, "missile": missile, "range": rng,
                     "sees": seen}
    if state.phase == "move" and state.question is None:
        order = move_order(state)
        out["first"] = order[0].id if order else None
    return out


def _reach_svg(m, reach, models, px, scale, shown: bool) -> str:
    """The group of a model's move and missile circles and sight lines."""
    if reach is None:
        return ""
    cx, cy = px(m["x"], m["y"])
    parts = [f'<g class="reach{" shown" if shown else ""}" data-for="{escape(m["id"])}">',
             f'<circle class="range move" cx="{cx}" cy="{cy}" r="{reach["move"] * scale:.1f}" '
             f'fill="none" stroke="#333" stroke-dasharray="6 4" stroke-opacity="0.6">'
             f'<title>{escape(m["id"])} moves up to {reach["move"]:g}</title></circle>']
    if reach["range"]:
        r = (reach["range"] + m["radius"]) * scale
        parts.append(f'<circle class="range missile" cx="{cx}" cy="{cy}" r="{r:.1f}" '
                     f'fill="none" stroke="#7a3fb0" stroke-dasharray="2 3" stroke-opacity="0.7">'
                     f'<title>{escape(m["id"])}\'s {escape(reach["missile"])} reaches '
                     f'{reach["range"]:g}</title></circle>')
    for enemy, in_way in reach["sees"]:
        if enemy not in models:
            continue
        ex, ey = px(models[enemy]["x"], models[enemy]["y"])
        colour = SIGHT_CLEAR if not in_way else SIGHT_COVERED
        parts.append(f'<line class="sight" data-to="{escape(enemy)}" x1="{cx}" y1="{cy}" '
                     f'x2="{ex}" y2="{ey}" stroke="{colour}" stroke-width="1.5" '
                     f'stroke-opacity="0.8"><title>{escape(m["id"])} sees {escape(enemy)}'
                     + (f", {in_way} in the way" if in_way else "") + '</title></line>')
        if in_way:
            mx, my = round((cx + ex) / 2, 1), round((cy + ey) / 2, 1)
            parts.append(f'<text class="in-the-way" x="{mx}" y="{my}" font-size="10" '
                         f'fill="{colour}">{in_way}</text>')
    parts.append("</g>")
    return "".join(parts)


def _base(m, cx, cy, radius: float, scale: float, attributes: str) -> str:
    """The opening tag of a base, or of the zone round it (`radius` beyond its spine): a
    circle, or for a cavalry base (25x50mm, 'Cavalry') a capsule — a rectangle with round
    ends — turned along its heading (the table's y grows up the picture)."""
    half = m.get("half") or 0.0
    if not half:
        return f'<circle cx="{cx}" cy="{cy}" r="{radius * scale:.1f}" {attributes}'
    w, h, r = (half + radius) * 2 * scale, radius * 2 * scale, radius * scale
    turn = -math.degrees(m.get("heading") or 0.0)
    return (f'<rect x="{cx - w / 2:.1f}" y="{cy - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" '
            f'rx="{r:.1f}" transform="rotate({turn:.1f} {cx} {cy})" {attributes}')


def _current(view: Mapping[str, Any]) -> str | None:
    heroic = view.get("heroic")
    return heroic.get("current") if heroic else None


# the fortress's pieces: walls grey, gates and doors brown when shut and pale when open or
# broken, ladders and the ram and charge in their own colours
FORTRESS_STROKE = {"wall": "#6b6b6b", "tower": "#4b4b4b", "gate": "#7a4a1a", "door": "#7a4a1a",
                   "hatch": "#7a4a1a", "ladder": "#b08040"}


def _fortress(view, px, scale) -> list[str]:
    """The fortress pieces as the view's `siege` says they stand ('The Fortress')."""
    out = []
    status = view.get("siege", {}).get("pieces", {})
    for piece in view["table"].get("fortress", []):
        s = status.get(piece["name"], {})
        kind = piece["kind"]
        if kind in FORTRESS_STROKE and kind != "ladder":
            shut = s.get("batter", 1) > 0 and not s.get("open", False)
            points = " ".join("%s,%s" % px(x, y) for x, y in piece["line"])
            state = ("breached" if s.get("breach") else "whole") if kind in ("wall", "tower") \
                else ("shut" if shut else "open")
            out.append(f'<polyline points="{points}" fill="none" '
                       f'stroke="{FORTRESS_STROKE[kind]}" '
                       f'stroke-opacity="{1.0 if shut or kind in ("wall", "tower") else 0.3}" '
                       f'stroke-width="{max(3.0, piece.get("thickness", 0.2) * scale):.1f}" '
                       f'stroke-linecap="butt" class="fortress-{kind}"><title>'
                       f'{escape(piece["name"])} ({kind}, {state}, {s.get("batter", 0)} '
                       f'Batter points)</title></polyline>')
        elif kind == "ladder" and s.get("up"):
            cx, cy = px(*piece["at"])
            out.append(f'<circle cx="{cx}" cy="{cy}" r="4" fill="{FORTRESS_STROKE[kind]}" '
                       f'class="fortress-ladder"><title>{escape(piece["name"])} (up)</title>'
                       '</circle>')
        elif kind in ("ram", "charge") and not s.get("gone"):
            cx, cy = px(s["x"], s["y"])
            out.append(f'<circle cx="{cx}" cy="{cy}" r="5" fill="#222" '
                       f'class="fortress-{kind}"><title>{escape(piece["name"])} ({kind}, '
                       f'carried by {", ".join(s["carriers"]) or "no one"})</title></circle>')
    return out

