"""What stands in each hex, as a wargamer inspects it (issue 12 item 3): every unit, leader
and marker with its printed values and state, read from a seat's view.

The map drawing (svg.py) counts the pieces for a hex's badge and writes these lines into
the hex's `data-detail`; the page shows them when the hex is clicked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .components import Components
from .hexmap import HexMap
from .units import FORMATION_NAMES

SIDE_TITLES = {"sauron": "Sauron", "westernesse": "Westernesse"}


@dataclass
class Stack:
    """The pieces in one hex: combat units (a formation's two first), leaders, the Beast."""

    units: list = field(default_factory=list)
    leaders: list = field(default_factory=list)
    beast: Mapping[str, Any] | None = None

    @property
    def count(self) -> int:
        """Pieces in the hex, as the count badge shows them."""
        return len(self.units) + len(self.leaders) + (1 if self.beast else 0)


def stacks(view: Mapping[str, Any], hexmap: HexMap) -> dict[str, Stack]:
    """The stack in every map hex holding a piece."""
    found: dict[str, Stack] = {}
    for u in view["units"]:
        if u["hex"] in hexmap.terrain:
            found.setdefault(u["hex"], Stack()).units.append(u)
    for l in view["leaders"]:
        if l["hex"] in hexmap.terrain:
            found.setdefault(l["hex"], Stack()).leaders.append(l)
    beast = view.get("beast") or {}
    if beast.get("hex") in hexmap.terrain:
        found.setdefault(beast["hex"], Stack()).beast = beast
    return found


def type_name(parts: Components, unit_type: str) -> str:
    """A unit type's name, told apart by its key where two types share one (Cavalry)."""
    kind = parts.unit_types[unit_type]
    shared = sum(1 for other in parts.unit_types.values() if other.name == kind.name) > 1
    return unit_type.replace("_", " ").title() if shared else kind.name


def allowance(parts: Components, unit: Mapping[str, Any]) -> int:
    """The unit's Movement Allowance: its kind's (4.11, 4.12) or its formation's (8.45,
    15.3.3)."""
    return parts.movement[unit.get("formation") or parts.unit_types[unit["type"]].kind]


def unit_marks(view: Mapping[str, Any], unit: Mapping[str, Any]) -> list[str]:
    """The unit's state as markers: reduced, disrupted, demoralized, moved, fired."""
    marks = []
    if unit["reduced"]:
        marks.append("reduced")
    if unit["disrupted"]:
        marks.append("disrupted (7.57)")
    if view["demoralized"][unit["side"]]:
        marks.append("demoralized army (9.2)")
    if unit["moved"]:
        marks.append("moved")
    if unit["id"] in view["fired"]:
        marks.append("fired")
    if unit["id"] in view["attacked"]:
        marks.append("attacked")
    if unit["id"] in view["advanced"]:
        marks.append("advanced")
    return marks


def unit_line(view, parts: Components, unit: Mapping[str, Any]) -> str:
    """'Men (Westernesse, men) B-3-X MA 4 · reduced · moved'."""
    kind = parts.unit_types[unit["type"]]
    line = (f"{type_name(parts, unit['type'])} ({SIDE_TITLES[unit['side']]}, {kind.nationality}) "
            f"{unit['strength']} MA {allowance(parts, unit)}")
    if unit.get("formation"):
        line += f" · {FORMATION_NAMES[unit['formation']]} with {unit['partner']}"
    if unit["reduced"]:
        line += f" · reduced (front {kind.front})"
    else:
        line += f" · full strength (reduced {kind.reduced})"
    rest = [m for m in unit_marks(view, unit) if m != "reduced"]
    return line + "".join(f" · {m}" for m in rest)


def leader_line(view, parts: Components, leader: Mapping[str, Any]) -> str:
    """'Leader Elendil (Westernesse) rally 10 MA 6 · Narsil · moved'."""
    printed = parts.leaders[leader["key"]]
    line = (f"Leader {printed.name} ({SIDE_TITLES[leader['side']]}) rally {leader['rally']} "
            f"MA {parts.movement['leader']}")
    if leader["reduced"]:
        line += f" · wounded (front {printed.rally})"
    if leader["weapon"]:
        line += f" · {parts.weapon_names[leader['weapon']]}"
    if printed.magic:
        line += f" · magic {leader['magic_left']} of {printed.magic} MCP"
    if leader["moved"]:
        line += " · moved"
    if leader["key"] in view["dueled"]:
        line += " · dueled"
    return line


def beast_line(view, parts: Components, beast: Mapping[str, Any]) -> str:
    """The Beast of Mordor's counter (17.1) and state."""
    line = (f"The Beast of Mordor (Sauron) armour {parts.beast['armour']} morale "
            f"{parts.beast['morale']} MA {parts.movement['beast']}")
    if beast["reduced"]:
        line += " · wounded (17.3.3)"
    if beast["moved"]:
        line += " · moved"
    return line


def hex_header(parts: Components, hexmap: HexMap, hex_name: str) -> str:
    """'1331 gate · Road of the Orcs · Gate hexside to 1330' and its slopes."""
    terrain = hexmap.terrain[hex_name]
    line = f"{hex_name} {terrain}"
    if hexmap.is_road(hex_name):
        line += " · Road of the Orcs"
    for other in hexmap.neighbours[hex_name]:
        if hexmap.is_gate(hex_name, other):
            line += f" · Gate hexside to {other} (18.0)"
        higher = hexmap.higher_side(hex_name, other)
        if higher:
            line += f" · slope {'down' if higher == hex_name else 'up'} to {other}"
    return line


def detail_lines(view, parts: Components, hexmap: HexMap, hex_name: str,
                 stack: Stack | None, pedestal_hex: str | None,
                 zoc_of: list[str]) -> list[str]:
    """Everything in a hex, one line a piece or marker, the hex and its features first."""
    lines = [hex_header(parts, hexmap, hex_name)]
    if stack:
        lines += [unit_line(view, parts, u) for u in stack.units]
        lines += [leader_line(view, parts, l) for l in stack.leaders]
        if stack.beast:
            lines.append(beast_line(view, parts, stack.beast))
    if pedestal_hex == hex_name:
        carried = stack and any(u["id"] == view["pedestal"] for u in stack.units)
        lines.append("The Pedestal (16.5), carried by the Orc Archers here" if carried
                     else "The Pedestal (16.5) lies here")
    if zoc_of:
        lines.append(f"In the Zone of Control of {' and '.join(zoc_of)} (6.0)")
    return lines
