"""The components of SPI Sauron, loaded once from data/*.toml and validated.

Every error names the file and the field at fault. A user who owns the game may override
any value (reconstructed ones above all) with a TOML file whose top-level tables are the
data files' names: `[tables.casualty_results]` replaces rows of the Casualty Results Table.
"""

from __future__ import annotations

import copy
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from .hexmap import TERRAINS, ComponentError, parse_map

DATA_DIR = Path(__file__).with_name("data")
DATA_FILES = ("map", "tables", "units", "order_of_battle", "spells")
SIDES = ("sauron", "westernesse")
ATTACK_LETTERS = "ABCDE"          # best to worst (2.6)
MORALE_LETTERS = "WXYZ"           # best to worst (2.6)
KINDS = ("infantry", "cavalry")
CASUALTY_RESULTS = ("-", "r1", "r2", "1/2E", "1/2E, r1", "1/2E, r2", "E")
LEADER_RESULTS = ("-", "Ar2", "A1/2e", "Ae", "Dr2", "D1/2e", "De")
STRENGTH = re.compile(r"^(?P<melee>[A-E])?(?P<missile>[a-e])?-(?P<armour>[1-4])-(?P<morale>[W-Z])$")
TOTALS = re.compile(r"^(\d+)(?:-(\d+))?$")


@dataclass(frozen=True, slots=True)
class Strength:
    """One side of a counter: melee and missile attack strengths, armour and morale (2.41)."""

    melee: str | None
    missile: str | None
    armour: int
    morale: str

    def __str__(self) -> str:
        return f"{self.melee or ''}{self.missile or ''}-{self.armour}-{self.morale}"


def parse_strength(text: Any, where: str) -> Strength:
    """Read a counter's strength such as 'Ee-2-Z'; raises ComponentError naming `where`."""
    match = STRENGTH.match(text) if isinstance(text, str) else None
    if not match or not (match["melee"] or match["missile"]):
        raise ComponentError(f"{where}: {text!r} is not a strength like 'Ee-2-Z' "
                             "(melee A-E, missile a-e, armour 1-4, morale W-Z)")
    return Strength(match["melee"], match["missile"], int(match["armour"]), match["morale"])


@dataclass(frozen=True, slots=True)
class UnitType:
    """A type of combat unit: its counter's two sides and what it is (2.4, 13.0)."""

    key: str
    name: str
    side: str
    nationality: str
    kind: str
    front: Strength
    reduced: Strength
    orc: bool = False
    elf: bool = False
    dwarf: bool = False
    long_range: bool = False
    reconstructed: bool = False
    dwarves_ignore_zoc: bool = False

    @property
    def bowmen(self) -> bool:
        """Only a missile strength (7.7, 7.15)."""
        return self.front.melee is None


@dataclass(frozen=True, slots=True)
class Leader:
    """A leader counter: rally rating on both sides, whom it commands, magic (8.0)."""

    key: str
    name: str
    side: str
    rally: int
    reduced_rally: int
    commands: tuple[str, ...]
    magic: int = 0
    reconstructed: bool = False

    def commands_nationality(self, nationality: str) -> bool:
        """Whether this leader may stack with and rally units of `nationality` (8.1, 8.33)."""
        return "any" in self.commands or nationality in self.commands


@dataclass(frozen=True, slots=True)
class Terrain:
    """A row of the Terrain Effects Chart (4.3); costs are in half Movement Points."""

    name: str
    half_mp: int
    road_half_mp: int | None
    passable: bool
    cavalry: bool
    armour: int
    blocks_missiles: bool
    blocks_zoc: bool


@dataclass(frozen=True, slots=True)
class CasualtyResult:
    """A cell of the Casualty Results Table (7.42)."""

    text: str
    half_eliminated: bool
    eliminated: bool
    retreat: int


@dataclass(frozen=True, slots=True)
class Spell:
    """A spell or a Beast capability: cost, allowance per game, duration (16.0, 17.2)."""

    key: str
    name: str
    cost: int
    allowance: int
    duration: int
    night_only: bool = False
    beast: bool = False
    reconstructed: bool = False


@dataclass(frozen=True, slots=True)
class Placement:
    """Set-up of one unit type or one leader (13.0)."""

    unit_type: str | None
    leader: str | None
    hexes: tuple[str, ...]
    weapon: str | None = None
    reconstructed: bool = False


@dataclass(frozen=True, slots=True)
class Arrival:
    """One turn's reinforcements of one side through one entry (14.0)."""

    turn: int
    side: str
    entry: str
    units: tuple[tuple[str, int], ...]
    leaders: tuple[str, ...]
    weapons: tuple[tuple[str, str], ...] = ()
    pedestal: bool = False


@dataclass(frozen=True)
class Components:
    """Everything the rules refer to, validated."""

    map_doc: Mapping[str, Any]
    terrain: Mapping[str, Terrain]
    armour_maximum: int
    slope_extra_half_mp: int
    slope_armour: int
    gate_half_mp: int
    movement: Mapping[str, int]
    missile_range: int
    long_missile_range: int
    casualty_probability: Mapping[tuple[str, int], frozenset[int]]
    casualty_results: Mapping[tuple[int, str], CasualtyResult]
    leader_columns: tuple[str, ...]
    leader_column_minimum: tuple[int, ...]
    leader_combat: Mapping[tuple[int, int], str]
    rally: Mapping[int, frozenset[int]]
    rally_maximum: int
    rally_attempts: int
    night_rally_bonus: int
    attack_values: Mapping[str, int]
    morale_values: Mapping[str, int]
    demoralization_levels: Mapping[str, int]
    victory_points: Mapping[str, int]
    last_turn: int
    night_turns: frozenset[int]
    unit_types: Mapping[str, UnitType]
    leaders: Mapping[str, Leader]
    weapons: Mapping[str, tuple[str, ...]]
    weapon_names: Mapping[str, str]
    setup: tuple[Placement, ...]
    arrivals: tuple[Arrival, ...]
    spells: Mapping[str, Spell]
    spell_base: int
    beast: Mapping[str, Any]
    reconstructed: tuple[str, ...] = field(default=())
    hexmap: Any = None   # the HexMap (hexmap.py), validated with everything else

    def demoralization_value(self, unit_type: str) -> int:
        """9.12: attack letters (melee and missile) + armour + morale, full strength."""
        front = self.unit_types[unit_type].front
        value = front.armour + self.morale_values[front.morale]
        for letter in (front.melee, front.missile):
            if letter:
                value += self.attack_values[letter.upper()]
        return value

    def leader_column(self, differential: int) -> int:
        """7.26: the column of a combat differential, clamped to +6 .. -4."""
        for index, lowest in enumerate(self.leader_column_minimum):
            if differential >= lowest:
                return index
        return len(self.leader_column_minimum) - 1


# ----- reading ------------------------------------------------------------------------


class _Reader:
    """Field access that names file and path in every error."""

    def __init__(self, file: str):
        self.file = file

    def fail(self, where: str, problem: str) -> ComponentError:
        return ComponentError(f"{self.file}.toml: {where}: {problem}")

    def need(self, table: Mapping[str, Any], key: str, kind, where: str) -> Any:
        path = f"{where}.{key}" if where else key
        if not isinstance(table, Mapping) or key not in table:
            raise self.fail(path, "missing")
        value = table[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            raise self.fail(path, f"expected {kinds[0].__name__}, got {value!r}")
        if not isinstance(value, kinds):
            raise self.fail(path, f"expected {kinds[0].__name__}, got {value!r}")
        return value

    def half_mp(self, value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0 \
                or value * 2 != int(value * 2):
            raise self.fail(where, f"Movement Points come in halves, got {value!r}")
        return int(value * 2)


def parse_totals(text: Any, where: str, reader: _Reader) -> frozenset[int]:
    """'4-7' -> {4, 5, 6, 7}: two-dice totals (7.41, 8.37)."""
    match = TOTALS.match(text) if isinstance(text, str) else None
    if not match:
        raise reader.fail(where, f"expected a range of two-dice totals like '4-7', got {text!r}")
    low, high = int(match[1]), int(match[2] or match[1])
    if not 2 <= low <= high <= 12:
        raise reader.fail(where, f"totals of two dice lie in 2-12, got {text!r}")
    return frozenset(range(low, high + 1))


def _casualty_result(text: Any, where: str, reader: _Reader) -> CasualtyResult:
    if text not in CASUALTY_RESULTS:
        raise reader.fail(where, f"{text!r} is not a result; results are "
                          f"{', '.join(CASUALTY_RESULTS)}")
    retreat = 2 if "r2" in text else 1 if "r1" in text else 0
    return CasualtyResult(text, "1/2E" in text, text == "E", retreat)


def parse_components(docs: Mapping[str, Mapping[str, Any]]) -> Components:
    """Validate the five data documents (as TOML data, by file name) and build Components."""
    for name in DATA_FILES:
        if name not in docs:
            raise ComponentError(f"{name}.toml: missing")
    reconstructed: list[str] = []
    tables = _Reader("tables")
    doc = docs["tables"]

    # 4.3 Terrain Effects Chart
    chart = tables.need(doc, "terrain", dict, "")
    terrain = {}
    for name in TERRAINS:
        row = tables.need(chart, name, dict, "terrain")
        where = f"terrain.{name}"
        road = row.get("road_mp")
        terrain[name] = Terrain(
            name, tables.half_mp(tables.need(row, "mp", (int, float), where), f"{where}.mp"),
            None if road is None else tables.half_mp(road, f"{where}.road_mp"),
            tables.need(row, "passable", bool, where), tables.need(row, "cavalry", bool, where),
            tables.need(row, "armour", int, where),
            tables.need(row, "blocks_missiles", bool, where),
            tables.need(row, "blocks_zoc", bool, where))
        if terrain[name].passable and terrain[name].half_mp == 0:
            raise tables.fail(f"{where}.mp", "a passable terrain costs at least 1/2 MP")
    sides = tables.need(doc, "hexsides", dict, "")
    slope = tables.need(sides, "slope", dict, "hexsides")
    gate = tables.need(sides, "gate", dict, "hexsides")

    movement_doc = tables.need(doc, "movement", dict, "")
    movement = {key: tables.need(movement_doc, key, int, "movement") for key in (
        "infantry", "cavalry", "leader", "wedge", "shield_wall", "slave_phalanx", "beast",
        "beast_flight_hexes", "elf_leave_zoc_mp", "reinforcement_road_limit")}
    missile = tables.need(doc, "missile", dict, "")

    # 7.41 Casualty Probability Table
    probability_doc = tables.need(doc, "casualty_probability", dict, "")
    probability = {}
    for letter in ATTACK_LETTERS:
        row = tables.need(probability_doc, letter, list, "casualty_probability")
        if len(row) != 4:
            raise tables.fail(f"casualty_probability.{letter}", "one entry per armour 1-4")
        for armour, cell in enumerate(row, start=1):
            probability[letter, armour] = parse_totals(
                cell, f"casualty_probability.{letter}[{armour}]", tables)

    # 7.42 Casualty Results Table
    results_doc = tables.need(doc, "casualty_results", dict, "")
    morale = tables.need(results_doc, "morale", list, "casualty_results")
    if morale != list(MORALE_LETTERS):
        raise tables.fail("casualty_results.morale", "must be W, X, Y, Z")
    results = {}
    for die in range(1, 7):
        row = tables.need(results_doc, str(die), list, "casualty_results")
        if len(row) != 4:
            raise tables.fail(f"casualty_results.{die}", "one result per morale W, X, Y, Z")
        for letter, cell in zip(MORALE_LETTERS, row):
            results[die, letter] = _casualty_result(cell, f"casualty_results.{die}.{letter}",
                                                    tables)
    if results_doc.get("reconstructed"):
        rows = results_doc.get("reconstructed_rows", [])
        reconstructed.append(f"tables.casualty_results rows {', '.join(map(str, rows))}")

    # 7.26 Leader Combat Results Table
    leader_doc = tables.need(doc, "leader_combat", dict, "")
    columns = tuple(tables.need(leader_doc, "columns", list, "leader_combat"))
    minimum = tuple(tables.need(leader_doc, "column_minimum", list, "leader_combat"))
    if len(columns) != len(minimum) or list(minimum) != sorted(minimum, reverse=True):
        raise tables.fail("leader_combat.column_minimum",
                          "one lowest differential per column, from highest to lowest")
    leader_combat = {}
    for die in range(1, 7):
        row = tables.need(leader_doc, str(die), list, "leader_combat")
        if len(row) != len(columns):
            raise tables.fail(f"leader_combat.{die}", f"one result per column ({len(columns)})")
        for column, cell in enumerate(row):
            if cell not in LEADER_RESULTS:
                raise tables.fail(f"leader_combat.{die}[{columns[column]}]",
                                  f"{cell!r} is not one of {', '.join(LEADER_RESULTS)}")
            leader_combat[die, column] = cell
    if leader_doc.get("reconstructed"):
        reconstructed.append("tables.leader_combat (all but the printed cells)")

    # 8.37 Rally Table
    rally_doc = tables.need(doc, "rally", dict, "")
    rally_maximum = tables.need(rally_doc, "maximum_rating", int, "rally")
    rally = {rating: parse_totals(tables.need(rally_doc, str(rating), str, "rally"),
                                  f"rally.{rating}", tables)
             for rating in range(1, rally_maximum + 1)}

    values = tables.need(doc, "demoralization_values", dict, "")
    attack_values = tables.need(values, "attack", dict, "demoralization_values")
    morale_values = tables.need(values, "morale", dict, "demoralization_values")
    if set(attack_values) != set(ATTACK_LETTERS) or set(morale_values) != set(MORALE_LETTERS):
        raise tables.fail("demoralization_values", "a value for each of A-E and W-Z")
    levels = tables.need(doc, "demoralization_levels", dict, "")
    for key in ("sauron", "westernesse", "beast_slain", "magic_weapon_lost"):
        tables.need(levels, key, int, "demoralization_levels")
    victory = tables.need(doc, "victory_points", dict, "")
    for key in ("enemy_unit_eliminated", "westernesse_unit_into_mordor", "magic_weapon_captured"):
        tables.need(victory, key, int, "victory_points")
    turns = tables.need(doc, "turns", dict, "")
    last_turn = tables.need(turns, "last", int, "turns")
    night = frozenset(tables.need(turns, "night", list, "turns"))
    if not all(isinstance(t, int) and 1 <= t <= last_turn for t in night):
        raise tables.fail("turns.night", f"night turns lie in 1-{last_turn}")

    unit_types, leaders, weapons, weapon_names = _parse_units(docs["units"], reconstructed)
    spells, spell_base, beast = _parse_spells(docs["spells"], reconstructed)
    setup, arrivals = _parse_order_of_battle(docs["order_of_battle"], unit_types, leaders,
                                             weapons, docs["map"], last_turn, reconstructed)
    if docs["map"].get("reconstructed"):
        reconstructed.append("map (the whole sheet)")
    parts = Components(
        map_doc=docs["map"], terrain=terrain,
        armour_maximum=tables.need(chart, "armour_maximum", int, "terrain"),
        slope_extra_half_mp=tables.half_mp(tables.need(slope, "extra_mp", int, "hexsides.slope"),
                                           "hexsides.slope.extra_mp"),
        slope_armour=tables.need(slope, "armour_uphill", int, "hexsides.slope"),
        gate_half_mp=tables.half_mp(tables.need(gate, "mp", int, "hexsides.gate"),
                                    "hexsides.gate.mp"),
        movement=movement,
        missile_range=tables.need(missile, "range", int, "missile"),
        long_missile_range=tables.need(missile, "elven_bowmen_range", int, "missile"),
        casualty_probability=probability, casualty_results=results,
        leader_columns=columns, leader_column_minimum=minimum, leader_combat=leader_combat,
        rally=rally, rally_maximum=rally_maximum,
        rally_attempts=tables.need(rally_doc, "attempts_per_leader", int, "rally"),
        night_rally_bonus=tables.need(rally_doc, "night_bonus", int, "rally"),
        attack_values=attack_values, morale_values=morale_values,
        demoralization_levels=dict(levels), victory_points=dict(victory),
        last_turn=last_turn, night_turns=night, unit_types=unit_types, leaders=leaders,
        weapons=weapons, weapon_names=weapon_names, setup=setup, arrivals=arrivals,
        spells=spells, spell_base=spell_base, beast=beast, reconstructed=tuple(reconstructed))
    object.__setattr__(parts, "hexmap", parse_map(docs["map"], parts))
    _check_setup_on_map(parts)
    return parts


def _check_setup_on_map(parts: Components) -> None:
    """Every set-up hex is on the map and passable (13.0); one combat unit per hex (13.0 B)."""
    taken: dict[str, str] = {}
    for index, placement in enumerate(parts.setup):
        for h in placement.hexes:
            where = f"order_of_battle.toml: setup[{index}]"
            terrain = parts.hexmap.terrain.get(h)
            if terrain is None:
                raise ComponentError(f"{where}: {h} is not a hex of the map")
            if not parts.terrain[terrain].passable:
                raise ComponentError(f"{where}: {h} is {terrain}, impassable")
            if placement.unit_type:
                if placement.unit_type and parts.unit_types[placement.unit_type].kind == \
                        "cavalry" and not parts.terrain[terrain].cavalry:
                    raise ComponentError(f"{where}: cavalry may not stand in {terrain} ({h})")
                if h in taken:
                    raise ComponentError(f"{where}: {h} already holds {taken[h]} (13.0 B: one "
                                         "unit per hex)")
                taken[h] = placement.unit_type


def _parse_units(doc, reconstructed):
    units = _Reader("units")
    unit_types = {}
    for key, entry in units.need(doc, "unit_types", dict, "").items():
        where = f"unit_types.{key}"
        side = units.need(entry, "side", str, where)
        if side not in SIDES:
            raise units.fail(f"{where}.side", f"{side!r} is not one of {', '.join(SIDES)}")
        kind = units.need(entry, "kind", str, where)
        if kind not in KINDS:
            raise units.fail(f"{where}.kind", f"{kind!r} is not one of {', '.join(KINDS)}")
        unit_types[key] = UnitType(
            key, units.need(entry, "name", str, where), side,
            units.need(entry, "nationality", str, where), kind,
            parse_strength(units.need(entry, "front", str, where), f"units.toml: {where}.front"),
            parse_strength(units.need(entry, "reduced", str, where),
                           f"units.toml: {where}.reduced"),
            bool(entry.get("orc")), bool(entry.get("elf")), bool(entry.get("dwarf")),
            bool(entry.get("long_range")), bool(entry.get("reconstructed")),
            bool(entry.get("dwarves_ignore_zoc")))
        if entry.get("reconstructed"):
            reconstructed.append(f"units.{where}.reduced")
    leaders = {}
    for key, entry in units.need(doc, "leaders", dict, "").items():
        where = f"leaders.{key}"
        side = units.need(entry, "side", str, where)
        if side not in SIDES:
            raise units.fail(f"{where}.side", f"{side!r} is not one of {', '.join(SIDES)}")
        rally = units.need(entry, "rally", int, where)
        reduced = units.need(entry, "reduced_rally", int, where)
        if not 1 <= reduced <= rally:
            raise units.fail(f"{where}.reduced_rally", f"between 1 and the rally rating {rally}")
        commands = tuple(units.need(entry, "commands", list, where))
        known = {t.nationality for t in unit_types.values() if t.side == side} | {"any"}
        for nationality in commands:
            if nationality not in known:
                raise units.fail(f"{where}.commands", f"{nationality!r} is no nationality of "
                                 f"the {side} side ({', '.join(sorted(known))})")
        leaders[key] = Leader(key, units.need(entry, "name", str, where), side, rally, reduced,
                              commands, int(entry.get("magic", 0)),
                              bool(entry.get("reconstructed")))
        if entry.get("reconstructed"):
            reconstructed.append(f"units.{where}")
    weapons, weapon_names = {}, {}
    for key, entry in units.need(doc, "weapons", dict, "").items():
        users = tuple(units.need(entry, "users", list, f"weapons.{key}"))
        for user in users:
            if user not in leaders:
                raise units.fail(f"weapons.{key}.users", f"{user!r} is not a leader")
        weapons[key] = users
        weapon_names[key] = units.need(entry, "name", str, f"weapons.{key}")
    return unit_types, leaders, weapons, weapon_names


def _parse_spells(doc, reconstructed):
    spells_reader = _Reader("spells")
    chart = spells_reader.need(doc, "chart", dict, "")
    if chart.get("reconstructed"):
        reconstructed.append("spells.chart (8.57)")
    spells = {}
    for key, entry in spells_reader.need(doc, "spells", dict, "").items():
        where = f"spells.{key}"
        cost = spells_reader.need(entry, "cost", int, where)
        if cost < 1:
            raise spells_reader.fail(f"{where}.cost", "at least 1")
        spells[key] = Spell(key, spells_reader.need(entry, "name", str, where), cost,
                            spells_reader.need(entry, "allowance", int, where),
                            spells_reader.need(entry, "duration", int, where),
                            bool(entry.get("night_only")), bool(entry.get("beast")),
                            bool(entry.get("reconstructed")))
        if entry.get("reconstructed"):
            reconstructed.append(f"{where}.cost")
    beast = spells_reader.need(doc, "beast", dict, "")
    for key, kind in (("armour", int), ("morale", str), ("movement", int)):
        spells_reader.need(beast, key, kind, "beast")
    return spells, spells_reader.need(chart, "base", int, "chart"), dict(beast)


def _parse_order_of_battle(doc, unit_types, leaders, weapons, map_doc, last_turn,
                           reconstructed):
    oob = _Reader("order_of_battle")
    setup = []
    for index, entry in enumerate(oob.need(doc, "setup", list, "")):
        where = f"setup[{index}]"
        if "leader" in entry:
            leader = oob.need(entry, "leader", str, where)
            if leader not in leaders:
                raise oob.fail(f"{where}.leader", f"{leader!r} is not a leader of units.toml")
            hexes = (oob.need(entry, "hex", str, where),)
            unit_type = None
        else:
            unit_type = oob.need(entry, "type", str, where)
            if unit_type not in unit_types:
                raise oob.fail(f"{where}.type", f"{unit_type!r} is not a unit type of units.toml")
            hexes = tuple(oob.need(entry, "hexes", list, where))
            leader = None
        for hex_id in hexes:
            if not (isinstance(hex_id, str) and re.fullmatch(r"\d{4}", hex_id)):
                raise oob.fail(where, f"{hex_id!r} is not a hex id CCRR")
        weapon = entry.get("weapon")
        if weapon is not None and weapon not in weapons:
            raise oob.fail(f"{where}.weapon", f"{weapon!r} is not a magic weapon")
        setup.append(Placement(unit_type, leader, hexes, weapon, bool(entry.get("reconstructed"))))
        if entry.get("reconstructed"):
            reconstructed.append(f"order_of_battle.{where} ({leader or unit_type})")
    entries = map_doc.get("entries", {}) if isinstance(map_doc, Mapping) else {}
    arrivals = []
    for index, entry in enumerate(oob.need(doc, "reinforcements", list, "")):
        where = f"reinforcements[{index}]"
        turn = oob.need(entry, "turn", int, where)
        if not 1 <= turn <= last_turn:
            raise oob.fail(f"{where}.turn", f"turns run 1-{last_turn}")
        entry_name = oob.need(entry, "entry", str, where)
        if entry_name not in entries:
            raise oob.fail(f"{where}.entry", f"{entry_name!r} is not an entry of map.toml "
                           f"({', '.join(entries)})")
        units = []
        for unit_type, count in oob.need(entry, "units", dict, where).items():
            if unit_type not in unit_types:
                raise oob.fail(f"{where}.units.{unit_type}", "not a unit type of units.toml")
            if not isinstance(count, int) or count < 1:
                raise oob.fail(f"{where}.units.{unit_type}", "a count of at least 1")
            units.append((unit_type, count))
        sides = {unit_types[t].side for t, _ in units}
        arriving = tuple(entry.get("leaders", []))
        for leader in arriving:
            if leader not in leaders:
                raise oob.fail(f"{where}.leaders", f"{leader!r} is not a leader of units.toml")
            sides.add(leaders[leader].side)
        if len(sides) != 1:
            raise oob.fail(where, "one turn's arrival through one entry belongs to one side")
        carried = tuple(entry.get("weapons", {}).items())
        for weapon, carrier in carried:
            if weapon not in weapons or carrier not in arriving:
                raise oob.fail(f"{where}.weapons.{weapon}", "a weapon carried by an arriving leader")
        arrivals.append(Arrival(turn, sides.pop(), entry_name, tuple(units), arriving, carried,
                                bool(entry.get("pedestal"))))
    return tuple(setup), tuple(arrivals)


# ----- loading ------------------------------------------------------------------------


def merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of `base` with `override`'s tables merged in, value by value."""
    merged = copy.deepcopy(dict(base))
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def packaged_documents() -> dict[str, dict[str, Any]]:
    """The packaged data files, read as TOML data (a fresh copy each call)."""
    return copy.deepcopy(_packaged())


@lru_cache(maxsize=None)
def _packaged() -> dict[str, dict[str, Any]]:
    docs = {}
    for name in DATA_FILES:
        path = DATA_DIR / f"{name}.toml"
        try:
            with path.open("rb") as handle:
                docs[name] = tomllib.load(handle)
        except tomllib.TOMLDecodeError as exc:
            raise ComponentError(f"{name}.toml: not TOML: {exc}") from None
    return docs


def read_override(path: str | Path) -> dict[str, Any]:
    """An override file: top-level tables named after data files; raises ComponentError."""
    try:
        with Path(path).open("rb") as handle:
            doc = tomllib.load(handle)
    except OSError as exc:
        raise ComponentError(f"{path}: cannot read: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(f"{path}: not TOML: {exc}") from None
    for key in doc:
        if key not in DATA_FILES:
            raise ComponentError(f"{path}: [{key}] is not a data file; the data files are "
                                 f"{', '.join(DATA_FILES)}")
    return doc


def components_with(overrides: Mapping[str, Mapping[str, Any]] | None = None) -> Components:
    """The components with `overrides` (by data file name) merged over the packaged data."""
    if not overrides:
        return default_components()
    docs = _packaged()
    return parse_components({name: merge(docs[name], overrides.get(name, {}))
                             for name in DATA_FILES})


@lru_cache(maxsize=None)
def default_components() -> Components:
    """The components from the packaged data files, validated once."""
    return parse_components(_packaged())
