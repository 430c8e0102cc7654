"""The hex grid of SPI Sauron: CCRR numbering, neighbours, distance, hexsides, line of sight.

SPI convention (reference/spi-sauron-gaps.md, "The map"): hex id `CCRR`, column then row;
hexes are flat-topped in vertical columns, and even columns sit half a hex lower than odd
ones. So hex 1331 (odd column) touches 1330, 1332, 1230, 1231, 1430 and 1431, while hex 1224
(even column) touches 1223, 1225, 1124, 1125, 1324 and 1325.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Mapping

if TYPE_CHECKING:
    from .components import Components

# The map is read before the rest of the components (which check set-up hexes against it),
# so the terrain kinds and the data files' error live here, below components.py.
TERRAINS = ("clear", "road", "gate", "rough", "crater", "mountain")


class ComponentError(ValueError):
    """A data file is malformed; the message names the file and the field."""


HEX_ID = re.compile(r"^(\d{2})(\d{2})$")
# Flat-topped hexes have a flat side up and down: the six hexsides by compass direction,
# each as a step in cube coordinates (x, y, z) with x + y + z = 0.
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
CUBE_STEPS = {"N": (0, 1, -1), "NE": (1, 0, -1), "SE": (1, -1, 0),
              "S": (0, -1, 1), "SW": (-1, 0, 1), "NW": (-1, 1, 0)}


def hex_id(column: int, row: int) -> str:
    """The id 'CCRR' of the hex at `column`, `row`."""
    return f"{column:02d}{row:02d}"


def coordinates(hex_name: str) -> tuple[int, int]:
    """(column, row) of a hex id 'CCRR'; raises ValueError for anything else."""
    match = HEX_ID.match(hex_name) if isinstance(hex_name, str) else None
    if not match:
        raise ValueError(f"{hex_name!r} is not a hex id: four digits, column then row (CCRR)")
    return int(match[1]), int(match[2])


def cube(column: int, row: int) -> tuple[int, int, int]:
    """Cube coordinates of a hex; even columns are shifted half a hex down."""
    q = column - 1
    z = (row - 1) - (q - (q & 1)) // 2
    return q, -q - z, z


def from_cube(x: int, y: int, z: int) -> tuple[int, int]:
    """(column, row) of cube coordinates (the inverse of `cube`)."""
    return x + 1, z + (x - (x & 1)) // 2 + 1


def cube_distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    """Hexes between two cube positions (moving hex to hex)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


_CUBES: dict[str, tuple[int, int, int]] = {}   # hex id -> cube coordinates, filled as met


def cube_of(hex_name: str) -> tuple[int, int, int]:
    """Cube coordinates of a hex id (validated the first time it is met)."""
    found = _CUBES.get(hex_name)
    if found is None:
        found = _CUBES[hex_name] = cube(*coordinates(hex_name))
    return found


def distance(a: str, b: str) -> int:
    """Number of hexes from `a` to `b` (a neighbour is 1 away)."""
    ax, ay, az = _CUBES.get(a) or cube_of(a)
    bx, by, bz = _CUBES.get(b) or cube_of(b)
    dx, dy, dz = ax - bx, ay - by, az - bz
    return max(dx if dx > 0 else -dx, dy if dy > 0 else -dy, dz if dz > 0 else -dz)


def step(hex_name: str, direction: str) -> str | None:
    """The hex beyond `hex_name`'s hexside in `direction` (None if the id would be invalid)."""
    x, y, z = cube(*coordinates(hex_name))
    dx, dy, dz = CUBE_STEPS[direction]
    column, row = from_cube(x + dx, y + dy, z + dz)
    if not (0 <= column <= 99 and 0 <= row <= 99):
        return None
    return hex_id(column, row)


def direction_between(a: str, b: str) -> str:
    """The direction of the hexside of `a` that `b` lies beyond; ValueError if not adjacent."""
    ax, ay, az = cube(*coordinates(a))
    bx, by, bz = cube(*coordinates(b))
    delta = (bx - ax, by - ay, bz - az)
    for name, offset in CUBE_STEPS.items():
        if offset == delta:
            return name
    raise ValueError(f"hexes {a} and {b} are not adjacent")


def hexside(a: str, b: str) -> frozenset[str]:
    """The hexside between two adjacent hexes, as the pair of their ids."""
    direction_between(a, b)
    return frozenset((a, b))


def line_hexes(a: str, b: str, nudge: float) -> list[str]:
    """The hexes a straight line from the centre of `a` to that of `b` passes, in order.

    `nudge` shifts the line a hair to one side, so a line running exactly along a hexside
    picks one of the two hexes beside it; call with +e and -e to see both.
    """
    start = cube(*coordinates(a))
    end = cube(*coordinates(b))
    steps = cube_distance(start, end)
    found = []
    for i in range(steps + 1):
        t = i / steps if steps else 0.0
        point = [s + (e - s) * t for s, e in zip(start, end)]
        point = [point[0] + nudge, point[1] + nudge, point[2] - 2 * nudge]
        column, row = from_cube(*_cube_round(point))
        name = hex_id(column, row)
        if not found or found[-1] != name:
            found.append(name)
    return found


def _cube_round(point) -> tuple[int, int, int]:
    rounded = [round(v) for v in point]
    diffs = [abs(r - v) for r, v in zip(rounded, point)]
    if diffs[0] > diffs[1] and diffs[0] > diffs[2]:
        rounded[0] = -rounded[1] - rounded[2]
    elif diffs[1] > diffs[2]:
        rounded[1] = -rounded[0] - rounded[2]
    else:
        rounded[2] = -rounded[0] - rounded[1]
    return rounded[0], rounded[1], rounded[2]


@dataclass(frozen=True)
class HexMap:
    """The map sheet: terrain of every hex, hexside features, the road and the entries."""

    columns: int
    rows: int
    terrain: Mapping[str, str]                 # hex -> terrain name (4.3)
    neighbours: Mapping[str, tuple[str, ...]]  # hex -> adjacent hexes on the map
    slopes: Mapping[frozenset, str]            # slope hexside -> its higher hex
    gate: frozenset                            # the Gate hexside 1331/1330 (18.0)
    mordor_gate_hex: str
    road_south_end: str
    road_north_end: str
    entries: Mapping[str, tuple[str, ...]]     # entry area -> first hexes (14.0)

    def __contains__(self, hex_name: object) -> bool:
        return hex_name in self.terrain

    def is_road(self, hex_name: str) -> bool:
        """Whether the Road of the Orcs runs through this hex."""
        return self.terrain.get(hex_name) in ("road", "gate")

    def along_road(self, a: str, b: str) -> bool:
        """Whether moving from `a` to adjacent `b` follows the road (both road hexes)."""
        return self.is_road(a) and self.is_road(b)

    def higher_side(self, a: str, b: str) -> str | None:
        """The higher hex of the slope hexside between `a` and `b`, if it is a slope."""
        return self.slopes.get(frozenset((a, b)))

    def is_gate(self, a: str, b: str) -> bool:
        """Whether `a`/`b` is the Gate hexside."""
        return frozenset((a, b)) == self.gate

    def road_hexes(self) -> list[str]:
        """Every hex the road runs through."""
        return [h for h in self.terrain if self.is_road(h)]

    def within(self, hex_name: str, radius: int) -> list[str]:
        """Map hexes at most `radius` hexes from `hex_name` (itself included)."""
        return [h for h in self.terrain if distance(hex_name, h) <= radius]


def parse_map(doc: Mapping, parts: Components | None = None) -> HexMap:
    """Read map.toml's data: the ASCII sheet, legend, hexsides, places; errors name fields."""
    def fail(where: str, problem: str) -> ComponentError:
        return ComponentError(f"map.toml: {where}: {problem}")

    columns, rows = doc.get("columns"), doc.get("rows")
    if not isinstance(columns, int) or not isinstance(rows, int) or columns < 1 or rows < 1 \
            or columns > 99 or rows > 99:
        raise fail("columns/rows", "whole numbers 1-99")
    legend = doc.get("legend")
    if not isinstance(legend, Mapping) or not legend:
        raise fail("legend", "missing: one character per terrain")
    for char, name in legend.items():
        if len(char) != 1:
            raise fail(f"legend.{char!r}", "a key is one character")
        if name not in TERRAINS:
            raise fail(f"legend.{char!r}", f"{name!r} is not a terrain ({', '.join(TERRAINS)})")
    art = doc.get("sheet", {}).get("art") if isinstance(doc.get("sheet"), Mapping) else None
    if not isinstance(art, str):
        raise fail("sheet.art", "missing: the map drawn one character per hex")
    lines = [line for line in art.splitlines() if line.strip()]
    if len(lines) != rows:
        raise fail("sheet.art", f"{rows} rows expected, found {len(lines)}")
    terrain: dict[str, str] = {}
    for row, line in enumerate(lines, start=1):
        label, _, cells = line.partition(" ")
        if label != f"{row:02d}":
            raise fail(f"sheet.art line {row}", f"starts with {label!r}, expected {row:02d}")
        if len(cells) != columns:
            raise fail(f"sheet.art row {row:02d}", f"{columns} hexes expected, found {len(cells)}")
        for column, char in enumerate(cells, start=1):
            if char not in legend:
                raise fail(f"sheet.art hex {hex_id(column, row)}",
                           f"{char!r} is not in the legend")
            terrain[hex_id(column, row)] = legend[char]

    def known_hex(value, where: str) -> str:
        if not isinstance(value, str) or value not in terrain:
            raise fail(where, f"{value!r} is not a hex of the map")
        return value

    def pair(text, where: str) -> tuple[str, str]:
        parts_ = text.split("/") if isinstance(text, str) else []
        if len(parts_) != 2:
            raise fail(where, f"{text!r} is not a hexside 'CCRR/CCRR'")
        a, b = known_hex(parts_[0], where), known_hex(parts_[1], where)
        if distance(a, b) != 1:
            raise fail(where, f"{a} and {b} are not adjacent, so {text} is no hexside")
        return a, b

    sides = doc.get("hexsides", {})
    slopes = {}
    for i, text in enumerate(sides.get("slopes", [])):
        high, low = pair(text, f"hexsides.slopes[{i}]")
        slopes[frozenset((high, low))] = high
    gate = frozenset(pair(sides.get("gate"), "hexsides.gate"))
    places = doc.get("places", {})
    mordor = known_hex(places.get("mordor_gate_hex"), "places.mordor_gate_hex")
    if mordor not in gate:
        raise fail("places.mordor_gate_hex", f"{mordor} is not on the gate hexside")
    south = known_hex(places.get("road_south_end"), "places.road_south_end")
    north = known_hex(places.get("road_north_end"), "places.road_north_end")
    entries = {}
    for name, entry in (doc.get("entries") or {}).items():
        hexes = entry.get("hexes") if isinstance(entry, Mapping) else None
        if not isinstance(hexes, list) or not hexes:
            raise fail(f"entries.{name}.hexes", "a list of the hexes units enter first")
        entries[name] = tuple(known_hex(h, f"entries.{name}.hexes") for h in hexes)
    if parts is not None:
        for name, cells in entries.items():
            for h in cells:
                if not parts.terrain[terrain[h]].passable:
                    raise fail(f"entries.{name}.hexes", f"{h} is {terrain[h]}: impassable")
    neighbours = {}
    for name in terrain:
        around = (step(name, d) for d in DIRECTIONS)
        neighbours[name] = tuple(h for h in around if h in terrain)
    return HexMap(columns, rows, terrain, neighbours, slopes, gate, mordor, south, north,
                  entries)


def map_of(parts: Components) -> HexMap:
    """The map of these components (parsed and validated with them)."""
    return parts.hexmap


def reachable(hexmap: HexMap, start: str, can_cross) -> set[str]:
    """Hexes reachable from `start` stepping between neighbours while can_cross(a, b)."""
    seen = {start}
    frontier: list[str] = [start]
    while frontier:
        here = frontier.pop()
        for there in hexmap.neighbours[here]:
            if there not in seen and can_cross(here, there):
                seen.add(there)
                frontier.append(there)
    return seen


def clear_line(hexmap: HexMap, a: str, b: str, blocks: Iterable[str] | None = None,
               blocking_terrain: Iterable[str] = ("mountain",)) -> bool:
    """7.13: whether missiles may fly from `a` to `b`: no blocking hex lies between them.

    A line that runs exactly along a hexside is blocked only when the hexes on both sides
    of it block (decision in docs/spi-sauron.md).
    """
    blockers = set(blocks or ())
    terrain_blocks = set(blocking_terrain)

    def blocked(nudge: float) -> bool:
        for h in _between(a, b, nudge):
            if h in blockers or hexmap.terrain.get(h) in terrain_blocks:
                return True
        return False

    return not (blocked(1e-6) and blocked(-1e-6))


_BETWEEN: dict[tuple[str, str, float], tuple[str, ...]] = {}
BETWEEN_KEPT = 1 << 16      # lines kept (the pairs within missile range of the map's hexes)


def _between(a: str, b: str, nudge: float) -> tuple[str, ...]:
    """The hexes strictly between `a` and `b` on line_hexes(a, b, nudge), kept: a line is
    geometry alone, and the Combat Phase draws the same ones at every listing."""
    key = (a, b, nudge)
    found = _BETWEEN.get(key)
    if found is None:
        if len(_BETWEEN) >= BETWEEN_KEPT:
            _BETWEEN.clear()
        found = _BETWEEN[key] = tuple(line_hexes(a, b, nudge)[1:-1])
    return found
