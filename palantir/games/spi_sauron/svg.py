"""The web table's picture of SPI Sauron (issue 12 items 1-4): the hex map with its terrain,
the Road of the Orcs, slopes and the Gate, SPI counters with their printed values and
markers, count badges and each hex's stack in `data-detail`, zones of control as optional
layers, and below the map the status panel (status.py) and a legend of counters and
terrain. The picture is as wide as the map (class "tall": the page lets it fill the board's
width and scroll), so the counters are drawn large enough to read.

Every hex, counter, leader's counter and the Beast carries `data-hex="CCRR"`, the hex it
stands for, so the web page picks a hex wherever it is clicked; a leader's counter also
names him (`data-leader="gil-galad"`). Drawn values and markers take no clicks
(pointer-events="none" on their group, visiblePainted on the pieces), so a click on them
reaches the counter or hex beneath. An optional layer is a `<g data-layer="...">` hidden
until the page shows it. No style attributes: the page's Content-Security-Policy forbids
inline styles, so only presentation attributes.

A step of a replay carries this picture, so it is kept small (~150 kB, half of what it was):
a hex is one shape of <defs> placed by <use>, presentation attributes are set once on the
group of the elements sharing them, coordinates have at most one decimal.
"""

from __future__ import annotations

import math
import textwrap
from html import escape
from typing import Any, Mapping

from ...engine.dice import SeededDice
from .components import Components
from .hexmap import coordinates, hex_id
from .notation import name_text
from .render import LETTERS, help_text
from .rules import SauronState
from .stack import Stack, allowance, detail_lines, stacks, type_name
from .status import components_of, status

SIZE = 20                                   # hex radius in viewBox units
ROOT3 = math.sqrt(3)
MARGIN = 22                                 # room for the hex numbers along the edges
FILL = {"clear": "#e8dfb8", "road": "#e8dfb8", "gate": "#7a5a3a", "rough": "#b9ae7c",
        "crater": "#6d6256", "mountain": "#8a7f74"}
# Nationality colours of the counters (units.toml nationalities), reduced sides paler.
NATION_FILL = {"goblins": "#7a2e12", "orcs": "#9b1c1c", "slaves": "#6b4a2b",
               "trolls": "#333333", "men": "#1f3f8b", "dwarves": "#5b3f86",
               "elves": "#1e6b3a"}
REDUCED_FILL = {"goblins": "#b9806a", "orcs": "#cf7c7c", "slaves": "#a98d72",
                "trolls": "#8a8a8a", "men": "#7f95c8", "dwarves": "#9a86bd",
                "elves": "#79b08c"}
SIDE_FILL = {"sauron": "#8b1a1a", "westernesse": "#1f3f8b"}
ZOC_FILL = {"sauron": "#c0392b", "westernesse": "#2e6fd8"}
ROAD, SLOPE, GATE = "#6e4f26", "#4a3418", "#111111"
NO_CLICK = 'pointer-events="none"'
# The few shapes that take clicks inside a group that takes none: pieces on the map.
CLICK = 'pointer-events="visiblePainted"'
COUNTER_W, COUNTER_H = 28, 28
# What the counters' group sets for all of them: bold, the letter's and MA's size.
COUNTER_FONT = 'text-anchor="middle" font-weight="bold" font-size="8.5"'
# Shapes drawn many times are defined once and placed with <use>. They set no fill or
# stroke, so the <use>'s own (and the page's CSS classes on it) reach them.
HEX, ZOC_HEX = "h", "z"
SYMBOLS = {"infantry": "si", "cavalry": "sc", "bow": "sb", "infantry-bow": "sib"}


def num(value: float) -> str:
    """A coordinate with at most one decimal, no trailing zero."""
    text = f"{value:.1f}"
    text = text[:-2] if text.endswith(".0") else text
    return "0" if text == "-0" else text


def centre(hex_name: str) -> tuple[float, float]:
    """Centre of a hex: flat-topped columns, even columns half a hex lower."""
    column, row = coordinates(hex_name)
    x = MARGIN + SIZE + SIZE * 1.5 * (column - 1)
    y = MARGIN + SIZE * ROOT3 * (row - 0.5 + (0.5 if column % 2 == 0 else 0))
    return x, y


def _points(x: float, y: float, radius: float = SIZE) -> str:
    return " ".join(f"{num(x + radius * math.cos(math.pi / 3 * k))},"
                    f"{num(y + radius * math.sin(math.pi / 3 * k))}" for k in range(6))


def _text(x: float, y: float, text: str, size: float | None = None, fill: str | None = None,
          anchor: str | None = None, bold: bool = False, width: float | None = None) -> str:
    """A text; what is not given (size, colour, anchor, weight) it takes from its group."""
    attributes = [f'x="{num(x)}" y="{num(y)}"']
    if size is not None:
        attributes.append(f'font-size="{size}"')
    if fill is not None:
        attributes.append(f'fill="{fill}"')
    if anchor is not None:
        attributes.append(f'text-anchor="{anchor}"')
    if bold:
        attributes.append('font-weight="bold"')
    # A long value is squeezed to the counter's width rather than spill over its edge.
    if width and size and len(text) * size * 0.62 > width:
        attributes.append(f'textLength="{width:.0f}" lengthAdjust="spacingAndGlyphs"')
    return f'<text {" ".join(attributes)}>{escape(text)}</text>'


def _attribute(lines: list[str]) -> str:
    """Text lines as an attribute value: newlines kept as character references."""
    return escape("\n".join(lines), quote=True).replace("\n", "&#10;")


def definitions() -> list[str]:
    """The shapes placed many times: the hex, a zone of control's hex, the type symbols."""
    box = "M-6,-4h12v8h-12z"
    cross = "M-6,-4l12,8M-6,4l12,-8"
    arc = "M-4,2.5Q0,-5 4,2.5"
    return ["<defs>",
            f'<polygon id="{HEX}" points="{_points(0, 0)}"/>',
            f'<polygon id="{ZOC_HEX}" points="{_points(0, 0, SIZE - 3)}"/>',
            f'<path id="{SYMBOLS["infantry"]}" d="{box}{cross}" fill="none" stroke-width="0.9"/>',
            f'<path id="{SYMBOLS["cavalry"]}" d="{box}M-6,4l12,-8" fill="none" '
            f'stroke-width="0.9"/>',
            f'<path id="{SYMBOLS["bow"]}" d="{box}{arc}" fill="none" stroke-width="0.9"/>',
            f'<path id="{SYMBOLS["infantry-bow"]}" d="{box}{cross}{arc}" fill="none" '
            f'stroke-width="0.9"/>',
            "</defs>"]


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


# ----- counters ---------------------------------------------------------------------------


def _symbol(parts: Components, unit_type: str, x: float, y: float, ink: str) -> str:
    """The type symbol: a box with X (infantry), / (cavalry), an arc for a missile
    strength (bows), X and arc for both."""
    kind = parts.unit_types[unit_type]
    if kind.kind == "cavalry":
        shape = "cavalry"
    elif kind.front.melee:
        shape = "infantry-bow" if kind.front.missile else "infantry"
    else:
        shape = "bow"
    return f'<use href="#{SYMBOLS[shape]}" x="{num(x)}" y="{num(y)}" stroke="{ink}"/>'


def counter(parts: Components, unit: Mapping[str, Any], x: float, y: float,
            hex_name: str | None, title: str, marks: list[str] = ()) -> list[str]:
    """An SPI counter: letter, type symbol and Movement Allowance along the top, its markers
    in the middle, the printed values of the side that is up below (`B-3-W`); a reduced
    side pale with a white band along its top. Drawn inside a group that takes no clicks
    and writes bold in COUNTER_FONT: only the counter's rect takes them."""
    kind = parts.unit_types[unit["type"]]
    reduced = unit["reduced"]
    fill = (REDUCED_FILL if reduced else NATION_FILL)[kind.nationality]
    ink = "#111" if reduced else "#fff"
    half_w, half_h = COUNTER_W / 2, COUNTER_H / 2
    where = f' data-hex="{hex_name}" {CLICK}' if hex_name else ""
    # Only a shape on the map has a <title>: the page takes any other titled shape for a
    # place to click.
    named = f"<title>{escape(title)}</title>" if hex_name else ""
    out = [f'<g data-counter="{unit["id"]}" fill="{ink}">',
           f'<rect{where} data-reduced="{str(reduced).lower()}" '
           f'x="{num(x - half_w)}" y="{num(y - half_h)}" width="{COUNTER_W}" '
           f'height="{COUNTER_H}" rx="2" fill="{fill}" stroke="#111" stroke-width="0.8">'
           f'{named}</rect>']
    if reduced:
        out.append(f'<rect data-band="reduced" x="{num(x - half_w + 0.6)}" '
                   f'y="{num(y - half_h + 0.6)}" width="{num(COUNTER_W - 1.2)}" height="2.6" '
                   f'fill="#fff"/>')
    out.append(_text(x - 9.5, y - 5, LETTERS.get(unit["type"], "?").upper()))
    out.append(_symbol(parts, unit["type"], x + 0.5, y - 8, ink))
    out.append(_text(x + 10, y - 5, str(allowance(parts, unit))))
    out.append(_text(x, y + 12, unit["strength"], 9.5, width=COUNTER_W - 2))
    step = 7.4
    left = x - step * (len(marks) - 1) / 2
    for index, mark in enumerate(marks):
        out.append(_tag(left + step * index, y + 1.5, *MARKERS[mark]))
    out.append("</g>")
    return out


# A marker's letters, disc colour and ink, and name (the legend's words).
MARKERS = {"disrupted": ("D", "#ffd43b", "#111111", "disrupted"),
           "demoralized": ("Dm", "#111111", "#ffffff", "demoralized army"),
           "moved": ("m", "#e8e8e8", "#111111", "moved this phase"),
           "fired": ("f", "#ff922b", "#111111", "fired or attacked this phase"),
           "wedge": ("W", "#f3e8ff", "#5b3f86", "Wedge"),
           "shield_wall": ("SW", "#f3e8ff", "#5b3f86", "Shield Wall"),
           "slave_phalanx": ("Ph", "#f3e8ff", "#5b3f86", "Slave Phalanx")}


def _tag(x: float, y: float, text: str, fill: str, ink: str, name: str) -> str:
    """A marker: a small disc with its letters (named in data-marker)."""
    size = 6.2 if len(text) == 1 else 4.9
    return (f'<g data-marker="{escape(name)}"><circle cx="{num(x)}" cy="{num(y)}" '
            f'r="3.6" fill="{fill}" stroke="#111" stroke-width="0.4"/>'
            f'{_text(x, y + size * 0.36, text, size, ink)}</g>')


def unit_marks(view: Mapping[str, Any], unit: Mapping[str, Any]) -> list[str]:
    """The markers on a counter: disrupted, demoralized army, formation, moved, fired."""
    marks = []
    if unit["disrupted"]:
        marks.append("disrupted")
    if view["demoralized"][unit["side"]]:
        marks.append("demoralized")
    if unit.get("formation"):
        marks.append(unit["formation"])
    if unit["moved"]:
        marks.append("moved")
    if unit["id"] in view["fired"] or unit["id"] in view["attacked"]:
        marks.append("fired")
    return marks


def leader_counter(parts: Components, leader: Mapping[str, Any], x: float, y: float,
                   radius: float, hex_name: str | None) -> list[str]:
    """A leader: a gold disc with his rally rating (pale when wounded), his side's ring;
    a weapon-bearer's disc has a white star point."""
    printed = parts.leaders[leader["key"]]
    fill = "#f2e3a0" if leader["reduced"] else "#e0b000"
    where = (f' data-hex="{hex_name}" data-leader="{name_text(leader["key"])}" {CLICK}'
             if hex_name else "")
    state = " (wounded)" if leader["reduced"] else ""
    weapon = f", {parts.weapon_names[leader['weapon']]}" if leader["weapon"] else ""
    place = f" in {hex_name}" if hex_name else ""
    named = (f"<title>{escape(printed.name)}{state}, rally {leader['rally']}"
             f"{escape(weapon)}{place}</title>" if hex_name else "")
    out = [f'<circle{where} cx="{num(x)}" cy="{num(y)}" r="{radius}" fill="{fill}" '
           f'stroke="{SIDE_FILL[leader["side"]]}" stroke-width="1.6">{named}</circle>',
           _text(x, y + radius * 0.42, str(leader["rally"]), round(radius * 1.15, 2), "#111")]
    if leader["weapon"]:
        out.append(f'<circle cx="{num(x + radius * 0.8)}" cy="{num(y - radius * 0.8)}" r="2" '
                   f'fill="#fff" stroke="#111" stroke-width="0.5"/>')
    return out


def beast_counter(parts: Components, beast: Mapping[str, Any], x: float, y: float,
                  hex_name: str | None) -> list[str]:
    """The Beast of Mordor (17.0): a black triangle with its armour and morale."""
    state = " (wounded)" if beast.get("reduced") else ""
    where = f' class="beast" data-hex="{hex_name}" {CLICK}' if hex_name else ""
    place = f" in {hex_name}" if hex_name else ""
    fill = "#555" if beast.get("reduced") else "#000"
    return [f'<polygon{where} points="{num(x)},{num(y - 13)} {num(x + 13)},{num(y + 10)} '
            f'{num(x - 13)},{num(y + 10)}" fill="{fill}" stroke="#b02020" stroke-width="1.5">'
            f'{f"<title>The Beast of Mordor{state}{place}</title>" if hex_name else ""}'
            '</polygon>',
            _text(x, y + 7.5, f"{parts.beast['armour']}-{parts.beast['morale']}", 7, "#fff")]


def draw_stack(view, parts: Components, hex_name: str, stack: Stack) -> list[str]:
    """A hex's pieces: its counters (the second of a formation just behind the first), the
    leaders at the top left, the Beast, and a count badge for more than one piece."""
    x, y = centre(hex_name)
    out: list[str] = []
    units = stack.units
    for depth, unit in reversed(list(enumerate(units))):
        shift = 2.5 * depth
        title = f"{type_name(parts, unit['type'])} {unit['strength']} in {hex_name}"
        out += counter(parts, unit, x - shift, y - shift, hex_name, title,
                       unit_marks(view, unit) if depth == 0 else [])
    if stack.beast:
        bx = x + (8 if units else 0)
        out += beast_counter(parts, stack.beast, bx, y, hex_name)
    for index, leader in enumerate(stack.leaders):
        if units or stack.beast:
            # Above the counter's top edge, clear of its letter and values.
            out += leader_counter(parts, leader, x - 9 + 12 * index, y - 16, 6.5, hex_name)
        else:
            out += leader_counter(parts, leader, x - 5 * (len(stack.leaders) - 1) + 10 * index,
                                  y, 8, hex_name)
    if stack.count > 1:
        out.append(_badge(x + 14.5, y - 15.5, stack.count))
    return out


def _badge(x: float, y: float, count: int, named: bool = True) -> str:
    """A stack's count badge: a white disc with the number of pieces (data-badge on the
    map, not in the legend)."""
    name = f' data-badge="{count}"' if named else ""
    return (f'<g{name}><circle cx="{num(x)}" cy="{num(y)}" r="5.5" '
            f'fill="#fff" stroke="#111" stroke-width="0.8"/>'
            f'{_text(x, y + 2.7, str(count), 7.5, "#111")}</g>')


# ----- the map -----------------------------------------------------------------------------


def _hexside(a: str, b: str) -> tuple[float, float, float, float]:
    """The two ends of the hexside between adjacent hexes a and b."""
    (ax, ay), (bx, by) = centre(a), centre(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    px, py = -dy / length * SIZE / 2, dx / length * SIZE / 2
    return mx - px, my - py, mx + px, my + py


def map_features(hexmap) -> list[str]:
    """The Road of the Orcs from hex centre to hex centre, slope hexsides with hachures on
    the lower side, and the Gate hexside (inside a group that takes no clicks)."""
    out = [f'<g stroke="{ROAD}" stroke-width="4" stroke-linecap="round">']
    done = set()
    for h in hexmap.terrain:
        if not hexmap.is_road(h):
            continue
        for n in hexmap.neighbours[h]:
            if hexmap.is_road(n) and frozenset((h, n)) not in done:
                done.add(frozenset((h, n)))
                (x1, y1), (x2, y2) = centre(h), centre(n)
                out.append(f'<line data-feature="road" x1="{num(x1)}" y1="{num(y1)}" '
                           f'x2="{num(x2)}" y2="{num(y2)}"/>')
    out.append(f'</g><g stroke="{SLOPE}" stroke-width="2">')
    for side, higher in hexmap.slopes.items():
        lower = next(h for h in side if h != higher)
        out += slope_mark(higher, lower)
    out.append("</g>")
    for side in [hexmap.gate] if hexmap.gate else []:
        a, b = sorted(side)
        x1, y1, x2, y2 = _hexside(a, b)
        ends = f'x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"'
        out.append(f'<line data-feature="gate" {ends} stroke="{GATE}" stroke-width="5"/>')
        out.append(f'<line {ends} stroke="#d4a017" stroke-width="1.5" '
                   f'stroke-dasharray="2 2"/>')
    return out


def slope_mark(higher: str, lower: str) -> list[str]:
    """A slope hexside: a line along it with three short ticks down towards the lower hex
    (its group gives the colour and width)."""
    x1, y1, x2, y2 = _hexside(higher, lower)
    (hx, hy), (lx, ly) = centre(higher), centre(lower)
    ux, uy = (lx - hx) / (SIZE * ROOT3) * 4, (ly - hy) / (SIZE * ROOT3) * 4
    ticks = "".join(f"M{num(x1 + (x2 - x1) * t)},{num(y1 + (y2 - y1) * t)}l{num(ux)},{num(uy)}"
                    for t in (0.2, 0.5, 0.8))
    return [f'<line data-feature="slope" data-hexside="{higher}/{lower}" x1="{num(x1)}" '
            f'y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"/>',
            f'<path d="{ticks}" stroke-width="1.2"/>']


def edge_numbers(hexmap) -> list[str]:
    """Column numbers above and below the map, row numbers left and right (CCRR)."""
    out = ['<g data-edge="hex numbers" font-size="8" fill="#5a4a2a" font-weight="bold">']
    bottom = MARGIN + SIZE * ROOT3 * (hexmap.rows + 0.5) + 12
    for column in range(1, hexmap.columns + 1):
        x, _ = centre(hex_id(column, 1))
        out.append(_text(x, MARGIN - 8, f"{column:02d}"))
        out.append(_text(x, bottom, f"{column:02d}"))
    right = MARGIN + SIZE * 1.5 * (hexmap.columns - 1) + 2 * SIZE + 3
    for row in range(1, hexmap.rows + 1):
        _, y = centre(hex_id(1, row))
        out.append(_text(MARGIN - 3, y + 3, f"{row:02d}", anchor="end"))
        _, y = centre(hex_id(hexmap.columns, row))
        out.append(_text(right, y + 3, f"{row:02d}", anchor="start"))
    out.append("</g>")
    return out


NUMBER_SIZE = 5.5
# A monospace digit's advance (0.6 em in DejaVu, Liberation and Courier alike): with it the
# hex numbers of a half row are one text whose word spacing puts each on its hex.
MONO_ADVANCE = 0.6 * NUMBER_SIZE


def hex_numbers(hexmap) -> list[str]:
    """Every hex's number near its top, a layer hidden until shown: one text a half row
    (the hexes of a row and column parity share a height, 3 hexsides apart)."""
    word = 4 * MONO_ADVANCE
    spacing = SIZE * 3 - word - MONO_ADVANCE
    out = [f'<g data-layer="Hex numbers" display="none" font-size="{NUMBER_SIZE}" '
           f'fill="#6a5a3a" font-family="monospace" text-anchor="start" '
           f'word-spacing="{num(spacing)}">']
    for row in range(1, hexmap.rows + 1):
        for parity in (1, 0):
            hexes = [hex_id(c, row) for c in range(1, hexmap.columns + 1) if c % 2 == parity]
            x, y = centre(hexes[0])
            out.append(f'<text x="{num(x - word / 2)}" y="{num(y - SIZE * 0.62)}">'
                       f'{" ".join(hexes)}</text>')
    out.append("</g>")
    return out


def zoc_layer(state: SauronState, side: str, title: str) -> list[str]:
    """The hexes `side`'s units hold in their Zone of Control (6.0), hidden until shown."""
    other = "westernesse" if side == "sauron" else "sauron"
    zone = sorted(state.enemy_zoc(other))
    out = [f'<g data-layer="Zones of control: {title}" display="none" '
           f'fill="{ZOC_FILL[side]}" fill-opacity="0.3" stroke="{ZOC_FILL[side]}" '
           f'stroke-width="1.5">']
    for h in zone:
        x, y = centre(h)
        out.append(f'<use href="#{ZOC_HEX}" x="{num(x)}" y="{num(y)}" data-zoc="{h}"/>')
    out.append("</g>")
    return out


def _pedestal_hex(view, hexmap) -> str | None:
    where = view["pedestal"]
    if where is None or where.startswith("captured:"):
        return None
    bearer = next((u for u in view["units"] if u["id"] == where), None)
    found = bearer["hex"] if bearer else where
    return found if found in hexmap.terrain else None


# ----- below the map ----------------------------------------------------------------------

PANEL_X = 14                                # the status panel and legend, below the map
CHAR_W = 5.9                                # a 10.5-unit character's width, for wrapping


def map_size(hexmap) -> tuple[float, float]:
    """Width and height of the map with its edge numbers."""
    width = MARGIN + SIZE * 1.5 * (hexmap.columns - 1) + 2 * SIZE + 3 + 22
    return width, MARGIN * 2 + SIZE * ROOT3 * (hexmap.rows + 0.5)


def status_panel(view, parts: Components, top: float, width: float) -> tuple[list[str], float]:
    """The status panel's lines (status.py) below the map; returns the y below it."""
    out = ['<g data-panel="status" text-anchor="start" font-size="10.5" fill="#222">',
           _text(PANEL_X, top, "Sauron (SPI 1977): the Battle of Dagorlad", 14, "#2b2418",
                 bold=True)]
    y = top + 20
    facts = status(view, parts)
    columns = int((width - PANEL_X * 2) / CHAR_W)
    for number, line in enumerate(facts.panel_lines()):
        indent = 12 if line.startswith("  ") else 0
        pieces = textwrap.wrap(line.strip(), columns - indent // 6,
                               break_on_hyphens=False) or [""]
        for part, text in enumerate(pieces):
            out.append(_text(PANEL_X + indent + (10 if part else 0), y, text,
                             bold=number < 2))
            y += 13
    return out + ["</g>"], y


LEGEND_CELL_W, LEGEND_CELL_H = 143, 33


def _label(x: float, y: float, text: str, size: float | None = None) -> str:
    return _text(x, y, text, size)


def legend(parts: Components, top: float, width: float) -> tuple[list[str], float]:
    """Every unit type's counter with its name and both sides, the leaders, the markers,
    the Beast, the zones of control, the terrain and the hexsides; returns the y below."""
    left = PANEL_X
    out = ['<g data-panel="legend" text-anchor="start" font-size="9" fill="#222">',
           _text(left, top, "Counters: letter, symbol, MA; melee/missile-armour-morale",
                 10.5, "#2b2418", bold=True)]
    per_row = max(1, int((width - left - 15) // LEGEND_CELL_W))
    y0 = top + 22
    for index, kind in enumerate(parts.unit_types.values()):
        col, row = index % per_row, index // per_row
        x = left + 15 + col * LEGEND_CELL_W
        y = y0 + row * LEGEND_CELL_H
        sample = {"id": f"legend-{kind.key}", "type": kind.key, "side": kind.side,
                  "strength": str(kind.front), "reduced": False}
        out.append(f'<g {COUNTER_FONT}>')
        out += counter(parts, sample, x, y, None, "")
        out.append("</g>")
        out.append(_text(x + 18, y - 2, type_name(parts, kind.key), bold=True))
        out.append(_text(x + 18, y + 9, f"reduced {kind.reduced}", 8, "#555"))
    y = y0 + -(-len(parts.unit_types) // per_row) * LEGEND_CELL_H
    reduced = {"id": "legend-reduced", "type": "men", "side": "westernesse",
               "strength": str(parts.unit_types["men"].reduced), "reduced": True}
    out.append(f'<g {COUNTER_FONT}>')
    out += counter(parts, reduced, left + 15, y, None, "", ["disrupted", "moved"])
    leader = {"key": next(iter(parts.leaders)), "side": "westernesse", "rally": 10,
              "reduced": False, "weapon": next(iter(parts.weapons))}
    out += leader_counter(parts, leader, left + 200, y - 4, 7, None)
    out.append("</g>")
    out.append(_label(left + 33, y - 2, "reduced side: pale, white band"))
    out.append(_label(left + 33, y + 9, "markers on the counter"))
    out.append(_label(left + 212, y - 2, "leader: rally rating; ring: side; dot: magic"))
    out.append(_label(left + 212, y + 9, "weapon; pale: wounded (back rating)"))
    y += 24
    x = left + 6
    for key, (text, fill, ink, name) in MARKERS.items():
        words = name.replace(" this phase", "")
        step = 14 + len(words) * 4.9
        if x + step > width - 4:
            x, y = left + 6, y + 15
        out.append(f'<g {COUNTER_FONT}>'
                   f'{_tag(x, y, text, fill, ink, name)}</g>')
        out.append(_label(x + 6, y + 3, words, 8.5))
        x += step + 6
    out.append(f'<g text-anchor="middle" font-weight="bold">{_badge(x, y, 3, named=False)}</g>')
    out.append(_label(x + 8, y + 3, "pieces in the hex", 8.5))
    y += 20
    out.append(f'<g {COUNTER_FONT}>')
    out += beast_counter(parts, {"reduced": False}, left + 15, y, None)
    out.append("</g>")
    out.append(_label(left + 32, y + 3, "the Beast of Mordor (armour-morale)"))
    zx = left + 222
    for side, name in (("sauron", "Sauron"), ("westernesse", "Westernesse")):
        out.append(f'<polygon points="{_points(zx, y, 8)}" fill="{ZOC_FILL[side]}" '
                   f'fill-opacity="0.3" stroke="{ZOC_FILL[side]}" stroke-width="1.2"/>')
        out.append(_label(zx + 11, y + 3, f"{name} ZOC (layer)"))
        zx += 125
    y += 22
    out.append(_text(left, y, "Terrain and hexsides", 10.5, "#2b2418", bold=True))
    y += 16
    names = {"clear": "clear", "rough": "rough", "crater": "crater", "mountain": "mountain",
             "gate": "gate hex"}
    x = left + 10
    for terrain, name in names.items():
        out.append(f'<polygon points="{_points(x, y, 9)}" fill="{FILL[terrain]}" '
                   f'stroke="#9c9070" stroke-width="0.6"/>')
        out.append(_label(x + 12, y + 3, name))
        x += 24 + len(name) * 5.2
    y += 20
    x = left
    out.append(f'<line x1="{num(x)}" y1="{num(y)}" x2="{num(x + 22)}" y2="{num(y)}" '
               f'stroke="{ROAD}" stroke-width="4" stroke-linecap="round"/>')
    out.append(_label(x + 27, y + 3, "Road of the Orcs"))
    x += 118
    ticks = "".join(f"M{num(x + t)},{num(y)}v4" for t in (3, 10, 17))
    out.append(f'<line x1="{num(x)}" y1="{num(y)}" x2="{num(x + 20)}" y2="{num(y)}" '
               f'stroke="{SLOPE}" stroke-width="2"/>'
               f'<path d="{ticks}" stroke="{SLOPE}" stroke-width="1.2"/>')
    out.append(_label(x + 25, y + 3, "slope, ticks on the lower side"))
    x += 200
    ends = f'x1="{num(x)}" y1="{num(y)}" x2="{num(x + 20)}" y2="{num(y)}"'
    out.append(f'<line {ends} stroke="{GATE}" stroke-width="5"/>'
               f'<line {ends} stroke="#d4a017" stroke-width="1.5" stroke-dasharray="2 2"/>')
    out.append(_label(x + 25, y + 3, "Gate hexside"))
    out.append("</g>")
    return out, y + 14


# ----- the whole picture ------------------------------------------------------------------


def render_svg(view: Mapping[str, Any]) -> str:
    """The map with every counter and stack, the zones of control as layers, and below it
    the status panel and the legend. Presentation attributes are set once on a group for
    all its members, and only the hexes and the pieces on them take clicks."""
    parts = components_of(view)
    hexmap = parts.hexmap
    state = SauronState(None, view["options"], parts, SeededDice(0))
    state.restore(view)
    width, map_height = map_size(hexmap)
    found = stacks(view, hexmap)
    pedestal = _pedestal_hex(view, hexmap)
    zones = {side: state.enemy_zoc(other) for side, other in
             (("Sauron", "westernesse"), ("Westernesse", "sauron"))}
    panel, below = status_panel(view, parts, map_height + 8, width)
    key, height = legend(parts, below + 8, width)
    height = int(height) + 4
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {num(width)} {height}" '
           f'width="{num(width)}" height="{height}" class="spi-sauron tall" '
           f'font-family="sans-serif" text-anchor="middle">']
    out += definitions()
    out.append('<g stroke="#9c9070" stroke-width="0.5">')
    by_terrain: dict[str, list[str]] = {}
    for row in range(1, hexmap.rows + 1):
        for column in range(1, hexmap.columns + 1):
            h = hex_id(column, row)
            by_terrain.setdefault(FILL[hexmap.terrain[h]], []).append(h)
    for fill, hexes in by_terrain.items():
        out.append(f'<g fill="{fill}">')
        for h in hexes:
            x, y = centre(h)
            zoc_of = [side for side, zone in zones.items() if h in zone]
            lines = detail_lines(view, parts, hexmap, h, found.get(h), pedestal, zoc_of)
            detail = f' data-detail="{_attribute(lines)}"' if h in found or h == pedestal \
                else ""
            out.append(f'<use href="#{HEX}" x="{num(x)}" y="{num(y)}" data-hex="{h}"{detail}>'
                       f'<title>{escape(chr(10).join(lines))}</title></use>')
        out.append("</g>")
    out.append(f"</g><g {NO_CLICK}>")
    out += map_features(hexmap)
    out += edge_numbers(hexmap)
    out += hex_numbers(hexmap)
    out += zoc_layer(state, "sauron", "Sauron")
    out += zoc_layer(state, "westernesse", "Westernesse")
    if pedestal:
        x, y = centre(pedestal)
        out.append(f'<rect x="{num(x - 15)}" y="{num(y - 14)}" width="30" height="28" rx="3" '
                   f'fill="none" stroke="#e0b000" stroke-width="2" stroke-dasharray="3 2" '
                   f'data-marker="pedestal"/>')
    # The pieces: nothing in them takes clicks but their counters, discs and triangle.
    out.append(f'<g {COUNTER_FONT}>')
    for h, stack in found.items():
        out += draw_stack(view, parts, h, stack)
    out.append("</g>")
    out += panel
    out += key
    out.append("</g></svg>")
    return "".join(out)
