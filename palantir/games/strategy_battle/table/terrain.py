"""Terrain and the table: areas with their going and heights, barriers, and the table
that holds them and remembers what has been worked out on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Mapping, Sequence

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import unary_union

from .units import Units, units_named


# answers of one kind a table remembers (Table.answers): a reach holds whole grids of
# numbers (a few hundred kilobytes), the others a few small tuples
ANSWERS_KEPT = {"reach": 128}
ANSWERS_KEPT_OTHERWISE = 10_000


# ---------------------------------------------------------------- terrain

GOINGS = ("open", "difficult", "woods", "impassable")


@dataclass(frozen=True)
class Area:
    """A terrain feature with a footprint: its going, its ground height, what it hides."""

    name: str
    shape: Polygon
    going: str = "open"          # open, difficult, woods (difficult but to Woodland Creatures), impassable
    ground: float = 0.0          # elevated ground: the height of its top, in table units
    sight: float = 0.0           # height above its ground of what blocks sight (ruins, rocks, trees)
    # its sides are vertical (a ruined platform, a tomb, a cliff), not a slope: going up
    # them is a jump or a climb, going down a drop ('Climbing'); `climbable`: they offer
    # handholds enough to be climbed steadily ("not all barriers are considered climbable")
    sheer: bool = False
    climbable: bool = False
    roof: bool = False           # a building or solid cover overhead ('Bows — Volley Fire')

    def __post_init__(self):
        if self.going not in GOINGS:
            raise ValueError(f"terrain '{self.name}': going '{self.going}' is not one of "
                             f"{', '.join(GOINGS)}")
        if not self.shape.is_valid or self.shape.area <= 0:
            raise ValueError(f"terrain '{self.name}': its outline is not a valid polygon")
        if self.ground < 0 or self.sight < 0:
            raise ValueError(f"terrain '{self.name}': heights cannot be negative")


@dataclass(frozen=True)
class Barrier:
    """A linear barrier: a wall, hedge, fence, stream or ditch, with height and width; or a
    gap to be jumped (a chasm, a fissure, the space between two ruined floors) with its width
    and the depth a model falls into it ('Jumping a Gap')."""

    name: str
    line: LineString
    height: float                # table units
    width: float                 # table units
    blocks_sight: bool = True    # a stream or ditch does not
    gap: bool = False            # a gap: jumped, and fallen into on a 1
    depth: float = 0.0           # how far a model falls into a gap, table units
    # a fortress's way through (table/fortress.py): "open", a narrow doorway, breach or
    # raised ladder, crossed freely but defended like a barrier; "closed", a shut gate or
    # a bolted or held door, which nothing crosses
    passage: str = ""

    def __post_init__(self):
        if self.line.length <= 0:
            raise ValueError(f"barrier '{self.name}': its line has no length")
        if self.height < 0 or self.width <= 0:
            raise ValueError(f"barrier '{self.name}': width must be positive, height not negative")

    @cached_property
    def footprint(self) -> Polygon:
        """The ground the barrier covers."""
        return self.line.buffer(self.width / 2, cap_style="flat")

    def kind_for(self, model_height: float) -> str:
        """'stride', 'obstacle', 'gap' or 'impassable' for a model (or mount) this tall
        ('Barriers and Obstacles'; 'Jumping a Gap': "A model can jump a gap of up to double
        its own height", one narrower than half its height is stepped over like a barrier)."""
        if self.passage:
            return "impassable" if self.passage == "closed" else "passage"
        if self.gap:
            if self.width < model_height / 2:
                return "stride"
            return "gap" if self.width <= 2 * model_height else "impassable"
        # "A model can automatically cross any barrier if the barrier's height and width are
        # less than half the height of the model"; "cannot cross ... any barrier that is more
        # than twice the height of the model"; between the two it is an obstacle.
        if self.height < model_height / 2 and self.width < model_height / 2:
            return "stride"
        if self.height > 2 * model_height or self.width > 2 * model_height:
            return "impassable"
        return "obstacle"


class Table:
    """The playing area: its size, unit and terrain."""

    def __init__(self, width: float, depth: float, units: Units,
                 areas: Sequence[Area] = (), barriers: Sequence[Barrier] = (),
                 fortress: Sequence = ()):
        if width <= 0 or depth <= 0:
            raise ValueError("table: width and depth must be positive")
        names = [a.name for a in areas] + [b.name for b in barriers]
        if len(set(names)) != len(names):
            raise ValueError("table: two terrain features share a name")
        self.width = float(width)
        self.depth = float(depth)
        self.units = units
        self.areas = tuple(areas)
        self.barriers = tuple(barriers)
        self.fortress = tuple(fortress)      # its fortress pieces (table/fortress.py)
        self.outline = Polygon([(0, 0), (width, 0), (width, depth), (0, depth)])
        self.impassable = unary_union([a.shape for a in areas if a.going == "impassable"])
        self._difficult = unary_union([a.shape for a in areas if a.going == "difficult"])
        self._woods = unary_union([a.shape for a in areas if a.going == "woods"])
        for shape in (self.impassable, self._difficult, self._woods):
            shapely.prepare(shape)
        # what searches ask of the fixed terrain again and again, worked out once: the
        # ground's height at a point, the bounding box of a shape (keyed by what it is)
        self._ground: dict[tuple[float, float], float] = {}
        self._extents: dict[tuple, tuple[float, float, float, float]] = {}
        self._answers: dict[str, dict] = {}

    def answers(self, kind: str) -> dict:
        """The answers to one kind of question about this table already worked out (paths
        found, sight, reach), each keyed by everything else the answer depends on; a
        search asks the same questions of the same placings of models again and again.
        Emptied when it grows large."""
        store = self._answers.get(kind)
        if store is None or len(store) >= ANSWERS_KEPT.get(kind, ANSWERS_KEPT_OTHERWISE):
            store = self._answers[kind] = {}
        return store

    def forget(self) -> None:
        """Forget every answer remembered (to time the work itself, say)."""
        self._answers.clear()
        self._ground.clear()

    def extent(self, key: tuple, shape) -> tuple[float, float, float, float]:
        """The bounding box of one of the table's fixed shapes, `key` naming which one."""
        box = self._extents.get(key)
        if box is None:
            box = self._extents[key] = shape.bounds
        return box

    def difficult(self, woodland: bool) -> Polygon:
        """Where the going is difficult for a model ('Terrain'; woods not for Woodland Creatures)."""
        key = "_difficult_w" if woodland else "_difficult_all"
        if key not in self.__dict__:
            shape = self._difficult if woodland else unary_union([self._difficult, self._woods])
            shapely.prepare(shape)
            self.__dict__[key] = shape
        return self.__dict__[key]

    def ground_at(self, x: float, y: float) -> float:
        """The height of the ground at a point (the highest elevated area there)."""
        known = self._ground.get((x, y))
        if known is not None:
            return known
        best = 0.0
        for area in self.areas:
            if area.ground > best and area.shape.covers(Point(x, y)):
                best = area.ground
        if len(self._ground) > 100_000:      # a long search visits many places: forget them
            self._ground.clear()
        self._ground[(x, y)] = best
        return best

    @cached_property
    def sheer_edges(self) -> tuple[Area, ...]:
        """The areas whose sides are vertical ('Climbing')."""
        return tuple(a for a in self.areas if a.sheer)

    def on_table(self, x: float, y: float, radius: float) -> bool:
        """Whether a base of this radius centred here lies wholly on the table."""
        tol = self.units.tolerance
        return (radius - tol <= x <= self.width - radius + tol
                and radius - tol <= y <= self.depth - radius + tol)

    @classmethod
    def from_data(cls, doc: Mapping, where: str = "table") -> "Table":
        """Build a table from scenario data; ValueError names the faulty field."""
        def need(table, key, kind, at):
            if key not in table or not isinstance(table[key], kind):
                raise ValueError(f"{at}.{key}: missing or not a {getattr(kind, '__name__', kind)}")
            return table[key]

        units = units_named(need(doc, "units", str, where))
        width = float(need(doc, "width", (int, float), where))
        depth = float(need(doc, "depth", (int, float), where))
        mm = units.from_mm
        areas = []
        for i, raw in enumerate(doc.get("areas", [])):
            at = f"{where}.areas[{i}]"
            points = need(raw, "outline", list, at)
            try:
                shape = Polygon([(float(x), float(y)) for x, y in points])
            except (TypeError, ValueError) as exc:
                raise ValueError(f"{at}.outline: a list of [x, y] points ({exc})") from None
            areas.append(Area(need(raw, "name", str, at), shape, raw.get("going", "open"),
                              ground=mm(float(raw.get("ground_mm", 0))),
                              sight=mm(float(raw.get("sight_mm", 0))),
                              sheer=bool(raw.get("sheer", False)),
                              climbable=bool(raw.get("climbable", False)),
                              roof=bool(raw.get("roof", False))))
        barriers = []
        for i, raw in enumerate(doc.get("barriers", [])):
            at = f"{where}.barriers[{i}]"
            points = need(raw, "line", list, at)
            barriers.append(Barrier(need(raw, "name", str, at),
                                    LineString([(float(x), float(y)) for x, y in points]),
                                    height=mm(float(raw.get("height_mm", 0) if raw.get("gap")
                                                    else need(raw, "height_mm", (int, float), at))),
                                    width=mm(float(need(raw, "width_mm", (int, float), at))),
                                    blocks_sight=bool(raw.get("blocks_sight", not raw.get("gap"))),
                                    gap=bool(raw.get("gap", False)),
                                    depth=mm(float(raw.get("depth_mm", 0)))))
        return cls(width, depth, units, areas, barriers)
