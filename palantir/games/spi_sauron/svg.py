"""The web table's picture of SPI Sauron: the hex map with terrain, counters and leaders.

Every hex, counter, leader's circle and the Beast carries `data-hex="CCRR"`, the hex it
stands for, so the web page picks a hex wherever it is clicked (table.js reads data-hex
before a shape's <title>); a leader's circle also names him (`data-leader="gil-galad"`).
"""

from __future__ import annotations

import math
from html import escape
from typing import Any, Mapping

from .components import default_components
from .hexmap import coordinates, hex_id
from .notation import name_text
from .render import LETTERS, help_text

SIZE = 14                                   # hex radius in pixels
FILL = {"clear": "#e8dfb8", "road": "#cdb98a", "gate": "#7a5a3a", "rough": "#b9ae7c",
        "crater": "#6d6256", "mountain": "#8a7f74"}
SIDE_FILL = {"sauron": "#8b1a1a", "westernesse": "#1f3f8b"}


def centre(hex_name: str) -> tuple[float, float]:
    """Pixel centre of a hex: flat-topped columns, even columns half a hex lower."""
    column, row = coordinates(hex_name)
    x = SIZE * 1.5 * (column - 1) + SIZE + 4
    y = SIZE * math.sqrt(3) * (row - 1 + (0.5 if column % 2 == 0 else 0)) + SIZE + 40
    return x, y


def _polygon(x: float, y: float) -> str:
    return " ".join(f"{x + SIZE * math.cos(math.pi / 3 * k):.1f},"
                    f"{y + SIZE * math.sin(math.pi / 3 * k):.1f}" for k in range(6))


def seat_names(view: Mapping[str, Any]) -> list[str]:
    """The seats' names at the table."""
    return ["Sauron", "Westernesse"]


def action_label(view: Mapping[str, Any], text: str) -> str:
    """A decision as the web table lists it (the notation is readable as it is)."""
    return text


def selection(view: Mapping[str, Any]):
    """No click-to-select helper yet: decisions are chosen from the list."""
    return None


def phase_help(view: Mapping[str, Any]) -> str:
    """The notation and the current phase."""
    return help_text(view)


def render_svg(view: Mapping[str, Any]) -> str:
    """The whole map with every counter, and a status line."""
    hexmap = default_components().hexmap
    width = int(SIZE * 1.5 * hexmap.columns + SIZE * 2)
    height = int(SIZE * math.sqrt(3) * (hexmap.rows + 0.5) + 60)
    if view["outcome"]:
        status = view["outcome"]["summary"]
    else:
        status = f"Turn {view['turn']}{' (night)' if view['night'] else ''} — {view['phase_title']}"
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" class="spi-sauron" font-family="sans-serif">',
           f'<text x="6" y="22" font-size="15" font-weight="bold">{escape(status)}</text>']
    for row in range(1, hexmap.rows + 1):
        for column in range(1, hexmap.columns + 1):
            h = hex_id(column, row)
            x, y = centre(h)
            out.append(f'<polygon data-hex="{h}" points="{_polygon(x, y)}" '
                       f'fill="{FILL[hexmap.terrain[h]]}" stroke="#9c9070" stroke-width="0.5">'
                       f'<title>{h}</title></polygon>')
    for u in view["units"]:
        if u["hex"] not in hexmap.terrain:
            continue
        x, y = centre(u["hex"])
        opacity = "0.5" if u["disrupted"] else "1"
        out.append(f'<rect data-hex="{u["hex"]}" x="{x - 8:.1f}" y="{y - 8:.1f}" width="16" '
                   f'height="16" rx="2" fill="{SIDE_FILL[u["side"]]}" opacity="{opacity}"><title>'
                   f'{escape(u["type"])} {escape(u["strength"])} in {u["hex"]}</title></rect>')
        out.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="10" fill="white" '
                   f'text-anchor="middle">{LETTERS.get(u["type"], "?").upper()}</text>')
    for l in view["leaders"]:
        if l["hex"] not in hexmap.terrain:
            continue
        x, y = centre(l["hex"])
        out.append(f'<circle data-hex="{l["hex"]}" data-leader="{name_text(l["key"])}" '
                   f'cx="{x + 7:.1f}" cy="{y - 7:.1f}" r="4" fill="gold" stroke="black" '
                   f'stroke-width="0.5"><title>{escape(l["name"])} in {l["hex"]}</title>'
                   '</circle>')
    beast = view.get("beast", {})
    if beast.get("hex") in hexmap.terrain:      # 17.0: the Beast of Mordor
        x, y = centre(beast["hex"])
        state = " (wounded)" if beast.get("reduced") else ""
        out.append(f'<polygon class="beast" data-hex="{beast["hex"]}" '
                   f'points="{x:.1f},{y - 11:.1f} {x + 10:.1f},'
                   f'{y + 7:.1f} {x - 10:.1f},{y + 7:.1f}" fill="black" stroke="#8b1a1a" '
                   f'stroke-width="1.5"><title>The Beast of Mordor{state} in {beast["hex"]}'
                   '</title></polygon>')
    out.append("</svg>")
    return "\n".join(out)
