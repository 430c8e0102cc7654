"""The battle as SVG, drawn from a seat's view alone (the web table can show it): the table,
its terrain, every base with its id and wounds, control zones, and lines between fighters.

Each base carries `data-model` (its id) so a page can let a player click models.
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping

WIDTH = 760                      # pixels across the table
GOING_FILL = {"open": "#d9c9a3", "difficult": "#a08a5a", "woods": "#5f8a4a",
              "impassable": "#6e6e6e"}
SIDE_FILL = {"good": "#2f63c4", "evil": "#c8312b"}


def seat_names(view: Mapping[str, Any]) -> list[str]:
    """The seats' names at the table: seat 0 commands Good, seat 1 Evil."""
    return ["Good", "Evil"]


def action_label(view: Mapping[str, Any], text: str) -> str:
    """A decision as the web table lists it, with the model's profile for moves and shots."""
    words = text.split()
    models = {m["id"]: m for m in view["models"]}
    if len(words) >= 2 and words[0] in ("move", "charge", "shoot") and words[1] in models:
        return f"{text} ({models[words[1]]['profile']})"
    return text


def selection(view: Mapping[str, Any]) -> None:
    """No click-to-select helper yet: decisions are typed or chosen from the list."""
    return None


def phase_help(view: Mapping[str, Any]) -> str:
    """The notation and what the decision at hand is about."""
    from .render import help_text
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
    models = {m["id"]: m for m in view["models"]}
    cz = table.get("control_zone", 0)
    for m in view["models"]:
        if not m["engaged"] and not m["prone"]:
            cx, cy = px(m["x"], m["y"])
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{(m["radius"] + cz) * scale:.1f}" '
                       f'fill="none" stroke="{SIDE_FILL[m["side"]]}" stroke-opacity="0.35" '
                       f'stroke-dasharray="4 3" class="control-zone"/>')
    for single, many in view.get("fights", []):
        for other in many:
            if single in models and other in models:
                (x1, y1), (x2, y2) = px(models[single]["x"], models[single]["y"]), \
                    px(models[other]["x"], models[other]["y"])
                out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#000" '
                           f'stroke-width="2" class="fight"/>')
    for m in view["models"]:
        cx, cy = px(m["x"], m["y"])
        r = m["radius"] * scale
        faded = ' fill-opacity="0.5"' if m["prone"] else ""      # a model on the ground
        out.append(f'<g class="model" data-model="{escape(m["id"])}">'
                   f'<circle cx="{cx}" cy="{cy}" r="{r:.1f}" fill="{SIDE_FILL[m["side"]]}" '
                   f'stroke="#111" stroke-width="{2 if m["id"] == _current(view) else 1}"'
                   f'{faded}>'
                   f'<title>{escape(m["id"])}: {escape(m["profile"])}, {m["wounds"]} W</title>'
                   f'</circle><text x="{cx}" y="{cy + 4}" text-anchor="middle" font-size="11" '
                   f'fill="#fff">{escape(m["id"])}</text></g>')
    out.append(f'<text x="8" y="16" font-size="13" fill="#222">Turn {view["turn"]}, '
               f'{escape(view["phase"])} phase, {escape(view["priority"])} has priority</text>')
    out.append("</svg>")
    return "\n".join(out)


def _current(view: Mapping[str, Any]) -> str | None:
    heroic = view.get("heroic")
    return heroic.get("current") if heroic else None
