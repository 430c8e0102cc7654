"""The fortress on the table ('The Fortress (Siege Rules)'): its pieces as data — gates,
doors and hatches, walls and towers with their Defence and Batter points, access ladders,
stairs, and the rams and demolition charges brought against it — and the table as it
stands now, with what is closed, broken, breached, collapsed or laddered.

A piece is fixed terrain; what happens to it (a gate opened, a door bolted, a ladder
pulled up, Batter points scored, a breach) is the battle's `status`, plain data. The
table a battle is played on is `table_now(base, status, held)`: the base table's terrain
and, for each piece, the barrier it makes now — a closed gate or a bolted or held door is
a barrier nothing crosses; an open narrow doorway, a breach and a raised ladder are
*passages*, crossed freely but defended like barriers ('Defending'); a wall is a barrier
as tall as it is, cut where a ladder stands or a collapse has opened it, with rubble
round the hole. Everything is in table units.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from shapely.geometry import LineString, Point, Polygon
from shapely.ops import substring

from .bases import Disc, touches
from .terrain import Area, Barrier, Table

RULE_FORTRESS = "The Fortress: A Fortress on the Tabletop"

KINDS = ("gate", "door", "hatch", "wall", "tower", "ladder", "stairs", "ram", "charge",
         "corridor")
STRUCTURES = ("gate", "door", "hatch", "wall", "tower")
BURDENS = ("ram", "charge")
# 'Battering the Fortress': Defence value and Batter points of each kind of structure
# (doors by their grade, from the internal domestic door to the heavy armoured door)
DOOR_GRADES = {"internal": (5, 1), "external": (6, 2), "heavy": (7, 2), "armoured": (8, 2),
               "heavy armoured": (9, 2), "hatch": (5, 1)}
GATE = (10, 3)
WALL = (100, 4)
TOWER = (100, 10)
# 'Defending': a gap up to 30mm counts as narrow; a breach is 25-30mm wide; a collapse
# opens 6"/14cm; rubble lies within 3"/7cm of the hole; a ladder is a narrow way up
NARROW_MM = 30.0
BREACH_MM = 28.0
LADDER_MM = 40.0
SIEGE_LADDER_MM = 80.0      # a siege ladder lying down: taken up by a model touching it
RAM_MM = (50.0, 80.0)


@dataclass(frozen=True)
class Piece:
    """A fortress piece: its kind and where it is, with what its kind needs.

    gate, door, hatch   `line` across the opening, `inside` a point on the defenders' side,
                        `gap` the opening's width, `clearance` its height ('Doors and
                        Hatchways'), `grade` a door's (the Defence / Batter points chart)
    wall, tower         `line`, `height`, `thickness`; `rampart` the area of its walkway
    ladder              `on` the wall it stands against, `at` the point of the wall, `up`;
                        without `on`, a siege ladder lying at `at`, carried by `carriers`
                        and raised against a wall ('Carrying Rams, Ladders, Etc.')
    stairs              `outline`, `down` a point towards the foot of the stair, `broad`
    corridor            `line` across a corridor, stairwell or walkway where it is
                        defended, `gap` its width ('Defending': narrow up to 30mm)
    ram, charge         `at` where it lies, `length` (a ram), `carriers` at the start
    """

    name: str
    kind: str
    line: tuple = ()
    inside: tuple | None = None
    gap: float = 0.0
    clearance: float = 0.0
    grade: str = ""
    height: float = 0.0
    thickness: float = 0.0
    rampart: str = ""
    on: str = ""
    at: tuple | None = None
    up: bool = False
    outline: tuple = ()
    down: tuple | None = None
    broad: bool = False
    length: float = 0.0
    carriers: tuple = ()
    open: bool = False

    @property
    def defence(self) -> int:
        """Its Defence value ('Doors, Gates and Walls')."""
        return self._chart()[0]

    @property
    def batter(self) -> int:
        """Its Batter points when whole."""
        return self._chart()[1]

    def _chart(self) -> tuple[int, int]:
        if self.kind == "gate":
            return GATE
        if self.kind in ("door", "hatch"):
            return DOOR_GRADES[self.grade or ("hatch" if self.kind == "hatch" else "heavy")]
        if self.kind == "wall":
            return WALL
        if self.kind == "tower":
            return TOWER
        return (0, 0)

    @property
    def path(self) -> LineString:
        """The piece's line (a ladder: its rung across the wall's top)."""
        return LineString(self.line)

    def plain(self) -> dict:
        """The piece as plain data (views, positions)."""
        out = {"name": self.name, "kind": self.kind}
        for key, value in FIELDS.items():
            got = getattr(self, key)
            if got != value:
                out[key] = [list(p) for p in got] if key in ("line", "outline") else (
                    list(got) if isinstance(got, tuple) else got)
        return out


FIELDS = {"line": (), "inside": None, "gap": 0.0, "clearance": 0.0, "grade": "",
          "height": 0.0, "thickness": 0.0, "rampart": "", "on": "", "at": None, "up": False,
          "outline": (), "down": None, "broad": False, "length": 0.0, "carriers": (),
          "open": False}
NEEDS = {"gate": ("line", "inside", "gap"), "door": ("line", "inside", "gap"),
         "hatch": ("line", "inside", "gap"), "wall": ("line", "height", "thickness"),
         "tower": ("line", "height", "thickness"), "ladder": ("at",),
         "stairs": ("outline", "down"), "ram": ("at", "length"),
         "charge": ("at",), "corridor": ("line", "gap")}


def _point(value: Any, at: str) -> tuple[float, float]:
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                       and math.isfinite(v) for v in value)):
        raise ValueError(f"{at}: a point [x, y]")
    return (float(value[0]), float(value[1]))


def read_piece(raw: Mapping, at: str, mm=None) -> Piece:
    """A piece from plain data (table units; with `mm`, a scenario's sizes are in mm and
    converted); ValueError names the field at fault."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"{at}: must be an object")
    name, kind = raw.get("name"), raw.get("kind")
    if not isinstance(name, str) or not name or len(name) > 40 or " " in name:
        raise ValueError(f"{at}.name: a short name without spaces")
    if kind not in KINDS:
        raise ValueError(f"{at}.kind: '{kind}' is not one of {', '.join(KINDS)}")
    sizes = ("gap", "clearance", "height", "thickness", "length")
    allowed = set(FIELDS) | {"name", "kind"} | ({f"{k}_mm" for k in sizes} if mm else set())
    extra = sorted(set(raw) - allowed)
    if extra:
        raise ValueError(f"{at}.{extra[0]}: not a field of a fortress piece")
    got: dict[str, Any] = {}
    for key in sizes:
        written = f"{key}_mm" if mm else key
        if written in raw:
            value = raw[written]
            if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                    not 0 <= value <= 1000:
                raise ValueError(f"{at}.{written}: a size from 0 to 1000")
            got[key] = mm(float(value)) if mm else float(value)
    for key in ("line", "outline"):
        if key in raw:
            points = raw[key]
            if not isinstance(points, list) or not 2 <= len(points) <= 200:
                raise ValueError(f"{at}.{key}: a list of 2 to 200 points")
            got[key] = tuple(_point(p, f"{at}.{key}[{i}]") for i, p in enumerate(points))
    for key in ("inside", "at", "down"):
        if raw.get(key) is not None:
            got[key] = _point(raw[key], f"{at}.{key}")
    for key in ("grade", "rampart", "on"):
        if key in raw:
            if not isinstance(raw[key], str) or len(raw[key]) > 40:
                raise ValueError(f"{at}.{key}: a name")
            got[key] = raw[key]
    for key in ("up", "broad", "open"):
        if key in raw:
            if not isinstance(raw[key], bool):
                raise ValueError(f"{at}.{key}: true or false")
            got[key] = raw[key]
    if "carriers" in raw:
        carriers = raw["carriers"]
        if not isinstance(carriers, list) or not all(isinstance(c, str) for c in carriers) \
                or len(carriers) > 12:
            raise ValueError(f"{at}.carriers: a list of model ids")
        got["carriers"] = tuple(carriers)
    for key in NEEDS[kind]:
        if key not in got:
            raise ValueError(f"{at}.{key}: a {kind} needs it")
    if got.get("grade", "") and got["grade"] not in DOOR_GRADES:
        raise ValueError(f"{at}.grade: one of {', '.join(DOOR_GRADES)}")
    if kind == "stairs" and not Polygon(got["outline"]).is_valid:
        raise ValueError(f"{at}.outline: not a valid polygon")
    if "line" in got and LineString(got["line"]).length <= 0:
        raise ValueError(f"{at}.line: has no length")
    return Piece(name, kind, **got)


def check_pieces(pieces: Sequence[Piece], where: str, width: float = math.inf) -> None:
    """The pieces agree with one another: names unique, a ladder on a wall, a ram's length
    within 50-80mm ('Battering Rams'); ValueError names the piece."""
    names = [p.name for p in pieces]
    if len(set(names)) != len(names):
        raise ValueError(f"{where}: two fortress pieces share a name")
    walls = {p.name: p for p in pieces if p.kind in ("wall", "tower")}
    for i, p in enumerate(pieces):
        if p.kind == "ladder" and p.on and p.on not in walls:
            raise ValueError(f"{where}[{i}].on: '{p.on}' is not a wall or tower")
        if p.kind == "ladder" and p.on and p.carriers:
            raise ValueError(f"{where}[{i}].carriers: a ladder against a wall is not carried; "
                             "a siege ladder (no 'on') is")
        if p.kind == "ladder" and len(p.carriers) > 2:
            raise ValueError(f"{where}[{i}].carriers: a siege ladder has one or two carriers "
                             "('Carrying Rams, Ladders, Etc.')")
        if p.kind == "charge" and len(p.carriers) > 2:
            raise ValueError(f"{where}[{i}].carriers: a demolition charge has one or two "
                             "carriers ('Demolition Charges')")


def with_fortress(table: Table, raw: Any, where: str, mm: bool = True) -> Table:
    """The table with the fortress pieces `raw` lists (a scenario's, sizes in mm; a
    setting's or a view's, in table units); ValueError names the field at fault."""
    if raw is None or raw == []:
        return table
    if not isinstance(raw, list) or len(raw) > 100:
        raise ValueError(f"{where}: a list of at most 100 fortress pieces")
    pieces = [read_piece(p, f"{where}[{i}]", table.units.from_mm if mm else None)
              for i, p in enumerate(raw)]
    check_pieces(pieces, where)
    low, high = (table.units.from_mm(v) for v in RAM_MM)
    for i, p in enumerate(pieces):
        if p.kind == "ram" and not low - table.units.tolerance <= p.length <= \
                high + table.units.tolerance:
            raise ValueError(f"{where}[{i}].length: a battering ram is 50mm to 80mm long "
                             "('Battering Rams')")
    return Table(table.width, table.depth, table.units, table.areas, table.barriers, pieces)


# ---------------------------------------------------------------- what stands now

def initial_status(pieces: Sequence[Piece]) -> dict:
    """A fortress's status at the start of a battle (none without a fortress): every
    structure whole, gates as the scenario sets them, ladders up or down, rams and charges
    where they lie (`pieces`); the models that opened a gate or worked a ladder this turn
    and cannot shoot (`busy`); the models and rams that have battered this Fight phase
    (`used`); the sides still to batter this turn (`battering`)."""
    if not pieces:
        return {}
    status: dict[str, dict] = {}
    for p in pieces:
        if p.kind in STRUCTURES:
            status[p.name] = {"batter": p.batter, "open": p.open, "bolted": False,
                              "breach": None, "collapsed": False}
        elif p.kind == "ladder" and p.on:
            status[p.name] = {"up": p.up}
        elif p.kind == "ladder":
            # a siege ladder: lying where it is carried, until raised against a wall (`on`,
            # `at` the point of it); it is never destroyed (`gone`)
            status[p.name] = {"up": False, "x": p.at[0], "y": p.at[1],
                              "carriers": list(p.carriers), "gone": False, "on": "",
                              "at": None}
        elif p.kind in BURDENS:
            status[p.name] = {"x": p.at[0], "y": p.at[1], "carriers": list(p.carriers),
                              "gone": False}
    return {"pieces": status, "busy": [], "used": [], "battering": None}


def check_status(pieces: Sequence[Piece], raw: Any) -> None:
    """A fortress status read from a position agrees with the pieces: every piece's entry
    with the fields of its kind, of the right types; ValueError names the field."""
    fresh = initial_status(pieces)
    if not isinstance(raw, dict) or set(raw) != set(fresh):
        raise ValueError("siege: must have " + ", ".join(sorted(fresh)))
    for key in ("busy", "used"):
        if not isinstance(raw[key], list) or not all(isinstance(v, str) for v in raw[key]):
            raise ValueError(f"siege.{key}: a list of names")
    b = raw["battering"]
    if b is not None and not (isinstance(b, dict) and set(b) == {"turn", "sides"}
                              and isinstance(b["turn"], int) and isinstance(b["sides"], list)
                              and all(x in ("good", "evil") for x in b["sides"])):
        raise ValueError("siege.battering: null or {turn, sides}")
    given = raw["pieces"]
    if not isinstance(given, dict) or set(given) != set(fresh["pieces"]):
        raise ValueError("siege.pieces: one entry for each gate, door, wall, ladder, ram "
                         "and charge")
    walls = {p.name for p in pieces if p.kind in ("wall", "tower")}
    for name, want in fresh["pieces"].items():
        got = given[name]
        if not isinstance(got, dict) or set(got) != set(want):
            raise ValueError(f"siege.pieces.{name}: must have {', '.join(sorted(want))}")
        for key, value in want.items():
            v = got[key]
            ok = {bool: lambda: isinstance(v, bool),
                  int: lambda: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10,
                  float: lambda: isinstance(v, (int, float)) and not isinstance(v, bool)
                  and math.isfinite(v) and abs(v) <= 1000,
                  list: lambda: isinstance(v, list) and len(v) <= 12
                  and all(isinstance(c, str) for c in v),
                  str: lambda: isinstance(v, str) and (v == "" or v in walls)}.get(type(value))
            if key in ("breach", "at"):
                good = v is None or (isinstance(v, list) and len(v) == 2 and all(
                    isinstance(c, (int, float)) and not isinstance(c, bool)
                    and math.isfinite(c) for c in v))
            else:
                good = ok()
            if not good:
                raise ValueError(f"siege.pieces.{name}.{key}: not a valid value")


def side_of(piece: Piece, x: float, y: float) -> bool:
    """Whether a point is on the inside of a door, hatch or gate (the side of its line the
    piece's `inside` point is on)."""
    (ax, ay), (bx, by) = piece.line[0], piece.line[-1]

    def cross(px, py):
        return (bx - ax) * (py - ay) - (by - ay) * (px - ax)

    return (cross(x, y) > 0) == (cross(*piece.inside) > 0)


def placed(piece: Piece, status: Mapping) -> Piece:
    """The piece where it stands now: a siege ladder raised against a wall is a ladder on
    it (`on`, `at`), as an access ladder is."""
    if piece.kind == "ladder" and not piece.on and status.get(piece.name, {}).get("on"):
        s = status[piece.name]
        return replace(piece, on=s["on"], at=tuple(s["at"]))
    return piece


def lying(piece: Piece) -> bool:
    """Whether a piece is a siege ladder not yet raised against a wall (after `placed`)."""
    return piece.kind == "ladder" and not piece.on


def footprint(piece: Piece, pieces: Mapping[str, Piece], units) -> Polygon:
    """The ground a piece covers (a ladder: its stretch of its wall)."""
    if piece.kind == "ladder":
        wall = pieces[piece.on]
        return _stretch(wall, piece.at, units.from_mm(LADDER_MM)).buffer(
            wall.thickness / 2, cap_style="flat")
    if piece.kind == "stairs":
        return Polygon(piece.outline)
    return piece.path.buffer(max(piece.thickness, units.from_mm(10)) / 2, cap_style="flat")


def touching(piece: Piece, pieces, disc: Disc, units) -> bool:
    """Whether a model's base touches a piece."""
    return touches(footprint(piece, pieces, units), disc, units.tolerance)


def _stretch(wall: Piece, at, width: float) -> LineString:
    line = wall.path
    s = line.project(Point(at))
    return substring(line, max(0.0, s - width / 2), min(line.length, s + width / 2))


def _cut(line: LineString, holes: list[tuple[float, float]]) -> list[LineString]:
    """The stretches of a line left between holes (from, to along it)."""
    out, s = [], 0.0
    for a, b in sorted(holes):
        if a > s:
            out.append(substring(line, s, a))
        s = max(s, b)
    if s < line.length:
        out.append(substring(line, s, line.length))
    return [piece for piece in out if piece.length > 1e-9]


def holes_of(wall: Piece, status: Mapping, ladders: Sequence[Piece], units) -> list[tuple]:
    """(from, to, what) stretches of a wall opened now: a collapse, a breach, a ladder up."""
    line, out = wall.path, []
    mine = status[wall.name]
    for width, at, what in (
            (units.rule(6, 14), mine["breach"] if mine["collapsed"] else None, "collapse"),
            (units.from_mm(BREACH_MM), mine["breach"] if not mine["collapsed"] else None,
             "breach")):
        if at is not None:
            s = line.project(Point(at))
            out.append((max(0.0, s - width / 2), min(line.length, s + width / 2), what))
    for ladder in ladders:
        if ladder.on == wall.name and status[ladder.name]["up"]:
            s = line.project(Point(ladder.at))
            half = units.from_mm(LADDER_MM) / 2
            out.append((max(0.0, s - half), min(line.length, s + half), ladder.name))
    return out


def held_doors(pieces: Sequence[Piece], status: Mapping, models, units) -> frozenset:
    """The doors and hatches held shut now ('Holding and Bolting Doors & Hatches'): warriors
    on foot touching one from the inside, not fighting, hold it up to their combined
    Strength against the enemies touching it from outside. `models`: (disc, strength,
    on foot, engaged) of every model."""
    held = set()
    for p in pieces:
        if p.kind not in ("door", "hatch"):
            continue
        s = status[p.name]
        if s["batter"] <= 0 or s["bolted"]:
            continue
        shape = footprint(p, {}, units)
        inside: dict[str, int] = {}
        outside: dict[str, int] = {}
        for disc, strength, foot, engaged in models:
            if not touches(shape, disc, units.tolerance):
                continue
            if not side_of(p, disc.x, disc.y):
                outside[disc.side] = outside.get(disc.side, 0) + strength
            elif foot and not engaged:
                inside[disc.side] = inside.get(disc.side, 0) + strength
        # "two men with combined Strength 6 can hold a door against one Uruk-hai with
        # Strength 4, but not against two Uruk-hai with combined Strength 8"
        if any(total >= sum(v for k, v in outside.items() if k != side)
               for side, total in inside.items()):
            held.add(p.name)
    return frozenset(held)


def blocking(pieces: Sequence[Piece], status: Mapping, held: frozenset) -> tuple:
    """What of the fortress shapes the table now, as a key: each structure's and ladder's
    state and the doors held shut."""
    out = []
    for p in pieces:
        s = status.get(p.name, {})
        if p.kind in STRUCTURES:
            out.append((p.name, s["batter"] > 0, s["open"], s["bolted"], p.name in held,
                        tuple(s["breach"]) if s["breach"] else None, s["collapsed"]))
        elif p.kind == "ladder":
            out.append((p.name, s["up"], s.get("on", "")))
    return tuple(out)


TABLES_KEPT = 64


def table_now(base: Table, status: Mapping, held: frozenset = frozenset()) -> Table:
    """The table as the fortress stands now (kept per state of the fortress, so searches
    share what each has worked out)."""
    pieces = base.fortress
    if not pieces:
        return base
    key = blocking(pieces, status, held)
    kept = base.__dict__.setdefault("_fortress_tables", {})
    table = kept.get(key)
    if table is None:
        if len(kept) >= TABLES_KEPT:
            kept.clear()
        table = kept[key] = _build(base, status, held)
    return table


def _build(base: Table, status: Mapping, held: frozenset) -> Table:
    units = base.units
    barriers = list(base.barriers)
    areas = list(base.areas)
    ladders = [placed(p, status) for p in base.fortress if p.kind == "ladder"]
    for p in base.fortress:
        s = status.get(p.name)
        if p.kind in ("gate", "door", "hatch"):
            broken = s["batter"] <= 0
            shut = not broken and (
                (p.kind == "gate" and not s["open"])
                or (p.kind != "gate" and (s["bolted"] or p.name in held)))
            thick = max(p.thickness, units.from_mm(10))
            if shut:
                barriers.append(Barrier(p.name, p.path, max(p.height, p.clearance), thick,
                                        blocks_sight=True, passage="closed"))
            elif p.gap <= units.from_mm(NARROW_MM) + units.tolerance:
                # 'Defending': a narrow doorway or hatchway is defended like a barrier
                barriers.append(Barrier(p.name, p.path, 0.0, thick, blocks_sight=False,
                                        passage="open"))
        elif p.kind == "corridor" and p.gap <= units.from_mm(NARROW_MM) + units.tolerance:
            # 'Defending': a very narrow corridor, stairwell or walkway too; its defender
            # defends the way he faces, the side of its line he stands on ('Fighting From
            # Both Sides': "to its front or behind itself"); a wider one is only blocked
            barriers.append(Barrier(p.name, p.path, 0.0, units.from_mm(10), blocks_sight=False,
                                    passage="open"))
        elif p.kind in ("wall", "tower"):
            holes = holes_of(p, status, ladders, units)
            for i, stretch in enumerate(_cut(p.path, [(a, b) for a, b, _ in holes])):
                barriers.append(Barrier(f"{p.name}#{i}" if holes else p.name, stretch,
                                        p.height, p.thickness))
            for a, b, what in holes:
                gap = substring(p.path, a, b)
                if what == "collapse":
                    # rubble 1"/2cm high within 3"/7cm of the hole ('Battering the Fortress')
                    areas.append(Area(f"rubble of {p.name}",
                                      gap.buffer(units.rule(3, 7)).intersection(base.outline),
                                      "difficult"))
                elif gap.length > 0:
                    barriers.append(Barrier(what if what != "breach" else f"breach of {p.name}",
                                            gap, 0.0, p.thickness, blocks_sight=False,
                                            passage="open"))
    return Table(base.width, base.depth, units, areas, barriers, fortress=base.fortress)


def on_stairs(pieces: Sequence[Piece], x: float, y: float) -> Piece | None:
    """The stair a point stands on, if any."""
    for p in pieces:
        if p.kind == "stairs" and Polygon(p.outline).covers(Point(x, y)):
            return p
    return None


def downward(stair: Piece, a, b) -> bool:
    """Whether a move from a to b goes down the stair (towards its `down` point)."""
    da = math.dist(a, stair.down)
    db = math.dist(b, stair.down)
    return db < da - 1e-9
