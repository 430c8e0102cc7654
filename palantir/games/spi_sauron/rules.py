"""SPI Sauron: the state — a position as data, what the rules ask of it (pieces by hex,
Zones of Control, the gate, the road), its views, and a dispatcher: every decision is
`decide` on the stack of procedures (engine/procedure.py), the Game-Turn (phases/turn.py)
at the bottom. The rules themselves, case by case, are the modules of phases/.

Case numbers in comments are those of rules/sauron-spi-hex-wargame.txt; decisions where
the rules are silent are in docs/spi-sauron.md.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Mapping

from ...engine.dice import Dice
from ...engine.errors import IllegalAction
from ...engine.game import Outcome, State
from ...engine.procedure import Refusal, Stack, decide
from .beast import BeastPiece
from .components import Components
from .hexmap import map_of
from .movement import road_distances, zoc_neighbours
from .notation import parse_action
from .phases import PHASES, SAURON, SIDE_NAMES, is_night
from .phases.combat import Melee, melee_under_way
from .phases.turn import GameTurn, end_game
from .units import ELIMINATED, MORDOR, WAITING, LeaderPiece, Unit, order_of_battle
from .phases.retreat import Pending
from .phases.movement import reach

_ID, _KEY = itemgetter("id"), itemgetter("key")     # a view's unit and leader entries

GAME_OVER = "12.0"
# Per-position caches holding this state's own piece objects: a clone builds its own.
PIECE_INDEXES = frozenset(("units-by-hex", "leaders-by-hex"))
VICTORY_LEVELS = ("Westernesse Decisive", "Westernesse Tactical", "Sauron Tactical",
                  "Sauron Decisive", "Draw")


_STRENGTH_TEXTS: dict = {}     # (id of the unit type, reduced, formation) -> (type, text)


def strength_text(unit: Unit) -> str:
    """str(unit.strength), kept per counter side and formation (views list every unit)."""
    key = (id(unit.type), unit.reduced, unit.formation)
    found = _STRENGTH_TEXTS.get(key)
    if found is None or found[0] is not unit.type:
        if len(_STRENGTH_TEXTS) > 4096:
            _STRENGTH_TEXTS.clear()
        found = _STRENGTH_TEXTS[key] = (unit.type, str(unit.strength))
    return found[1]


ZONES_KEPT = 256        # enemy ZOCs kept per map (a frozenset of a few hundred hexes each)


def zones_of(hexmap) -> dict:
    """The enemy Zones of Control kept for a map: key -> (components, hexes)."""
    kept = hexmap.__dict__.get("_zones")
    if kept is None:
        kept = hexmap.__dict__["_zones"] = {}
    return kept


def _by_hex(pieces, held: dict[str, set[str]]) -> dict[str, list]:
    """The pieces listed by the hex they stand in; each hex added to its side's in `held`."""
    index: dict[str, list] = {}
    for piece in pieces:
        here = piece.hex
        found = index.get(here)
        if found is None:
            index[here] = [piece]
        else:
            found.append(piece)
        held[piece.side].add(here)
    return index


class SauronState(State):
    """A position of SPI Sauron: every piece, the Game-Turn and Phase, the armies' tallies."""

    def __init__(self, game, options: Mapping[str, Any], parts: Components, dice: Dice):
        self.game = game
        self.dice = dice
        self.parts = parts
        self.hexmap = map_of(parts)
        self.options = options
        self.options_json = game.options_to_json(options) if game is not None else dict(options)
        units, leaders = order_of_battle(parts, options.get("reinforcement_delay", 0))
        self.units: dict[str, Unit] = {u.id: u for u in units}
        self.leaders: dict[str, LeaderPiece] = {l.key: l for l in leaders}
        self.turn = 1
        self.phase_index = 0
        self.rally_seat = SAURON
        self.entered: dict[str, int] = {}      # entry hex -> units entered this phase (14.0 C)
        self.demoralized = {"sauron": False, "westernesse": False}
        self.demoralization_points = {"sauron": 0, "westernesse": 0}
        self.victory_points = {"sauron": 0, "westernesse": 0}
        # The Combat Phase (7.0): its step, who has fired, attacked, dueled or advanced; the
        # attacks committed against one defender (7.32) and the decisions asked mid-phase
        # (7.5) are on the stack of procedures, the Game-Turn (3.0) at the bottom.
        self.combat_step = 0
        self.fired: set[str] = set()
        self.attacked: set[str] = set()
        self.dueled: set[str] = set()
        self.advanced: set[str] = set()
        self.stack = Stack([GameTurn()])
        self.in_mordor: set[str] = set()          # 21.1: Westernesse units that entered
        # Rally (8.32, 8.36) and magic (8.5, 16.0): this turn's attempts, spells in force.
        self.rally_tries: dict[str, int] = {}
        self.rallied: set[str] = set()
        self.visions: set[str] = set()            # disrupted by Sinister Visions (16.1)
        self.spells_cast: dict[str, int] = {}
        self.spell_until: dict[str, int] = {}
        self.cast_turn = 0
        self.on_pedestal_at_start = False
        self.pedestal_moved = False
        self.pedestal = next((u.id for u in units if u.type.key == "orc_archers"
                              and any(a.pedestal for a in parts.arrivals)), None)
        self.beast = BeastPiece()                 # the Beast of Mordor (17.0)
        self.beast_conjured_in = (0, 0)           # (turn, phase index) it appeared in
        self.over = False
        self.news: list[str] = []
        # Reach of each piece in the current Movement Phase: while one side moves, the
        # enemy's hexes and ZOCs stay put, so a piece's reachable hexes do not change. The
        # cache is valid while its signature (what else could change them) is the same.
        self._reach: dict = {}
        self._reach_signature = None
        self._zoc: dict = {}   # per-position caches: ZOCs by (side, dwarf), pieces by hex
        # Each unit's (and leader's) entry in a view, by its id, with the markers it was
        # written for: a view is written at every decision and most pieces are as they
        # were (copies of this state share it: a piece's counter, side and arrival are
        # the game's).
        self._unit_views: dict = {}
        self._outcome: Outcome | None = None

    # ----- the contract ---------------------------------------------------------------

    @property
    def players(self) -> int:
        return 2

    @property
    def phase(self):
        """The current Phase of the Game-Turn (3.0)."""
        return PHASES[self.phase_index]

    def to_move(self) -> int | None:
        if self.over:
            return None
        top = self.stack.top()
        if isinstance(top, Pending):
            return top.seat
        return self.rally_seat if self.phase.seat is None else self.phase.seat

    @property
    def pending(self) -> list[Pending]:
        """The decisions asked mid-phase (7.5), the one asked now first."""
        return [p for p in reversed(list(self.stack)) if isinstance(p, Pending)]

    @pending.setter
    def pending(self, decisions: list[Pending]) -> None:
        self.stack = Stack([p for p in self.stack if not isinstance(p, Pending)]
                           + list(reversed(decisions)))

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        return self._outcome

    def parse_action(self, text: str):
        return parse_action(text)

    def legal_actions(self) -> list:
        return [] if self.over else self.stack.top().answers(self)

    def apply(self, action) -> None:
        if isinstance(action, str):
            action = parse_action(action)
        if self.over:
            raise Refusal(GAME_OVER, "the game is over", action=str(action))
        # The procedure on top checks before it changes anything, so a refusal leaves the
        # state as it was.
        try:
            decide(self, self.stack, action)
        except IllegalAction as exc:
            if exc.action is None:
                raise Refusal(exc.rule, exc.reason, action=str(action)) from None
            raise
        self._zoc.clear()

    def clone(self, dice: Dice | None = None) -> "SauronState":
        other = object.__new__(SauronState)
        other.__dict__.update(self.__dict__)
        other.dice = self.dice if dice is None else dice
        other.units = {k: u.copy() for k, u in self.units.items()}
        other.leaders = {k: l.copy() for k, l in self.leaders.items()}
        other.entered = dict(self.entered)
        other.demoralized = dict(self.demoralized)
        other.demoralization_points = dict(self.demoralization_points)
        other.victory_points = dict(self.victory_points)
        other.news = list(self.news)
        for name in ("fired", "attacked", "dueled", "advanced", "in_mordor", "rallied",
                     "visions"):
            setattr(other, name, set(getattr(self, name)))
        for name in ("rally_tries", "spells_cast", "spell_until"):
            setattr(other, name, dict(getattr(self, name)))
        # The procedures are immutable: the copy shares them, in a stack of its own.
        other.stack = Stack(list(self.stack))
        other.beast = self.beast.copy()
        # The pieces-by-hex index holds this state's piece objects: the copy builds its own.
        other._zoc = {k: v for k, v in self._zoc.items() if k not in PIECE_INDEXES}
        other._reach = dict(self._reach)
        return other

    def narration(self, seat: int | None) -> list[str]:
        return list(self.news)

    def view(self, seat: int | None) -> dict:
        melee = melee_under_way(self)
        # The whole map is public in this game: both sides see every counter (2.0).
        return {
            "game": "spi-sauron",
            "options": dict(self.options_json),
            "seat": seat,
            "turn": self.turn,
            "night": is_night(self),
            "phase": self.phase.key,
            "phase_title": self.phase.title,
            "rally_seat": self.rally_seat,
            "to_move": self.to_move(),
            "over": self.over,
            # Compact: a piece's arrival turn and entry area never change once the order of
            # battle is drawn up from the options (14.0, 21.3), so only a waiting piece shows
            # its turn, and `restore` takes both from the options.
            "units": self._unit_views_now(),
            "leaders": self._leader_views_now(),
            "entered": dict(self.entered),
            "demoralized": dict(self.demoralized),
            "demoralization_points": dict(self.demoralization_points),
            "victory_points": dict(self.victory_points),
            "combat_step": self.combat_step,
            "fired": sorted(self.fired), "attacked": sorted(self.attacked),
            "dueled": sorted(self.dueled), "advanced": sorted(self.advanced),
            "pending": [{"kind": p.kind, "seat": p.seat, "piece": p.piece, "hexes": p.hexes,
                         "advance_by": list(p.advance_by), "into": p.into,
                         "displacer": p.displacer} for p in self.pending],
            "melee": [melee.defender, list(melee.attackers)] if melee else None,
            "in_mordor": sorted(self.in_mordor),
            "rally_tries": dict(self.rally_tries), "rallied": sorted(self.rallied),
            "visions": sorted(self.visions), "spells_cast": dict(self.spells_cast),
            "spell_until": dict(self.spell_until), "cast_turn": self.cast_turn,
            "on_pedestal_at_start": self.on_pedestal_at_start,
            "pedestal_moved": self.pedestal_moved, "pedestal": self.pedestal,
            "beast": {"hex": self.beast.hex, "reduced": self.beast.reduced,
                      "moved": self.beast.moved,
                      "conjured_in": list(self.beast_conjured_in)},
            "outcome": self._outcome.to_json() if self._outcome else None,
        }

    def _unit_views_now(self) -> list[dict]:
        """Every unit's entry in a view (_unit_view), each a dict of its own."""
        kept = self._unit_views
        entries = []
        add = entries.append
        for u in self.units.values():
            marks = (u.hex, u.reduced, u.disrupted, u.moved, u.first_turn_on_map, u.partner,
                     u.formation)
            found = kept.get(u.id)
            if found is None or found[0] != marks:
                found = kept[u.id] = (marks, self._unit_view(u))
            add(found[1].copy())
        return entries

    @staticmethod
    def _unit_view(u: Unit) -> dict:
        entry = {"id": u.id, "type": u.type.key, "side": u.side, "hex": u.hex,
                 "strength": strength_text(u), "reduced": u.reduced, "disrupted": u.disrupted,
                 "moved": u.moved, "first_turn_on_map": u.first_turn_on_map}
        if u.hex == WAITING:
            entry["arrival"] = u.arrival
        if u.partner is not None:      # 8.4, 15.3: only units in formation show it
            entry["partner"], entry["formation"] = u.partner, u.formation
        return entry

    def _leader_views_now(self) -> list[dict]:
        """Every leader's entry in a view (_leader_view), kept as the units' are."""
        kept = self._unit_views
        entries = []
        add = entries.append
        for piece in self.leaders.values():
            marks = (piece.hex, piece.reduced, piece.moved, piece.weapon, piece.magic_left,
                     piece.first_turn_on_map)
            found = kept.get(("leader", piece.key))
            if found is None or found[0] != marks:
                found = kept[("leader", piece.key)] = (marks, self._leader_view(piece))
            add(found[1].copy())
        return entries

    @staticmethod
    def _leader_view(l: LeaderPiece) -> dict:
        entry = {"key": l.key, "name": l.leader.name, "side": l.side, "hex": l.hex,
                 "rally": l.rally, "reduced": l.reduced, "moved": l.moved, "weapon": l.weapon,
                 "magic_left": l.magic_left, "first_turn_on_map": l.first_turn_on_map}
        if l.hex == WAITING:
            entry["arrival"] = l.arrival
        return entry

    def holds_pieces_of(self, view: Mapping[str, Any]) -> bool:
        """Whether the view lists exactly this state's units and leaders (so `restore`
        sets every one of them)."""
        return set(map(_ID, view["units"])) == self.units.keys() and \
            set(map(_KEY, view["leaders"])) == self.leaders.keys()

    def start_over(self, dice: Dice) -> None:
        """Forget what `restore` does not set — the news, the outcome, the reach of the
        pieces — before this state is rebuilt from another view (`state_from_view`)."""
        self.dice = dice
        self.news = []
        self._outcome = None
        self._reach = {}
        self._reach_signature = None
        self._zoc.clear()

    def restore(self, view: Mapping[str, Any]) -> None:
        """Set every changing value from a view (a perfect-information game: exact)."""
        self.turn = view["turn"]
        self.phase_index = next(i for i, p in enumerate(PHASES) if p.key == view["phase"])
        self.rally_seat = view["rally_seat"]
        units = self.units
        for entry in view["units"]:
            unit = units[entry["id"]]
            unit.hex, unit.reduced, unit.disrupted = entry["hex"], entry["reduced"], \
                entry["disrupted"]
            unit.moved, unit.first_turn_on_map = entry["moved"], entry["first_turn_on_map"]
            unit.partner, unit.formation = entry.get("partner"), entry.get("formation")
        leaders = self.leaders
        for entry in view["leaders"]:
            piece = leaders[entry["key"]]
            piece.hex, piece.reduced, piece.moved = entry["hex"], entry["reduced"], \
                entry["moved"]
            piece.weapon, piece.magic_left = entry["weapon"], entry["magic_left"]
            piece.first_turn_on_map = entry["first_turn_on_map"]
        self.entered = dict(view["entered"])
        self.demoralized = dict(view["demoralized"])
        self.demoralization_points = dict(view["demoralization_points"])
        self.victory_points = dict(view["victory_points"])
        self.combat_step = view["combat_step"]
        for name in ("fired", "attacked", "dueled", "advanced", "in_mordor", "rallied",
                     "visions"):
            setattr(self, name, set(view[name]))
        for name in ("rally_tries", "spells_cast", "spell_until"):
            setattr(self, name, dict(view[name]))
        melee = [Melee(view["melee"][0], tuple(view["melee"][1]))] if view["melee"] else []
        self.stack = Stack([GameTurn(), *melee, *(
            Pending(p["kind"], p["seat"], p["piece"], p["hexes"], tuple(p["advance_by"]),
                    p["into"], p["displacer"]) for p in reversed(view["pending"]))])
        for name in ("cast_turn", "on_pedestal_at_start", "pedestal_moved", "pedestal"):
            setattr(self, name, view[name])
        beast = view["beast"]
        self.beast.hex, self.beast.reduced, self.beast.moved = \
            beast["hex"], beast["reduced"], beast["moved"]
        self.beast_conjured_in = tuple(beast["conjured_in"])
        self.over = view["over"]
        if self.over:
            end_game(self)
            self.stack = Stack([])      # 12.0: the Game-Turn has finished
        self._zoc.clear()

    # ----- questions the rules ask -----------------------------------------------------

    def _index_pieces(self) -> None:
        # Built once per position (cleared with the ZOC cache whenever a piece moves), in
        # one pass: units and leaders by hex, the hexes each side holds and those holding
        # a combat unit.
        held: dict[str, set[str]] = {"sauron": set(), "westernesse": set()}
        units = _by_hex(self.units.values(), held)
        leaders = _by_hex(self.leaders.values(), held)
        sauron, westernesse = held["sauron"], held["westernesse"]
        # 4.27: the Beast (17.0) bars its hex to the enemy, though no combat unit (5.0)
        sauron.add(self.beast.hex)
        cache = self._zoc
        cache["units-by-hex"] = units
        cache["leaders-by-hex"] = leaders
        cache["occupied"] = frozenset(units)
        cache[("enemy-hexes", "sauron")] = frozenset(westernesse)
        cache[("enemy-hexes", "westernesse")] = frozenset(sauron)

    def _units_by_hex(self) -> dict[str, list[Unit]]:
        index = self._zoc.get("units-by-hex")
        if index is None:
            self._index_pieces()
            index = self._zoc["units-by-hex"]
        return index

    def _leaders_by_hex(self) -> dict[str, list[LeaderPiece]]:
        index = self._zoc.get("leaders-by-hex")
        if index is None:
            self._index_pieces()
            index = self._zoc["leaders-by-hex"]
        return index

    def combat_units_at(self, hex_name: str) -> list[Unit]:
        """The combat units standing in a hex."""
        return list(self._units_by_hex().get(hex_name, ()))

    def unit_at(self, hex_name: str, side: str | None = None) -> Unit | None:
        """The combat unit in a hex (of `side`, if given)."""
        for unit in self._units_by_hex().get(hex_name, ()):
            if side is None or unit.side == side:
                return unit
        return None

    def leaders_at(self, hex_name: str) -> list[LeaderPiece]:
        """The leaders standing in a hex."""
        return list(self._leaders_by_hex().get(hex_name, ()))

    def leader_reach(self, piece: LeaderPiece) -> dict:
        """Every hex a leader on the map may reach this phase: hex -> (cost, path) (4.0)."""
        return reach(self, piece, piece.hex)

    def enemy_occupied(self, hex_name: str, side: str) -> bool:
        """4.27: whether a piece of the other side stands in the hex."""
        return hex_name in self.enemy_hexes(side)

    def enemy_hexes(self, side: str) -> frozenset[str]:
        """Hexes where a piece (unit or leader) of the other side stands, per position."""
        found = self._zoc.get(("enemy-hexes", side))
        if found is None:
            self._index_pieces()
            found = self._zoc[("enemy-hexes", side)]
        return found

    def exerts_zoc(self, unit: Unit) -> bool:
        """6.0: every combat unit on the map, except those of a demoralized army (6.14)."""
        return unit.on_map and not self.demoralized[unit.side]

    def enemy_zoc(self, side: str, dwarf: bool = False) -> frozenset[str]:
        """Hexes in the Zone of Control of the enemies of `side` (6.0, 6.13, 15.2.1)."""
        key = (side, dwarf)
        found = self._zoc.get(key)
        if found is None:
            # Kept per map by all the zone reads — the enemy's places, whether his army is
            # demoralized (6.14) and the gate shut — so positions where only `side` has
            # moved share it.
            hexmap = self.hexmap
            gate_shut = not self.gate_breached()
            enemy = "westernesse" if side == "sauron" else "sauron"
            zone_key = (id(self.parts), side, dwarf, self.demoralized[enemy], gate_shut,
                        self.enemy_places(side))
            zones = zones_of(hexmap)
            kept = zones.get(zone_key)
            if kept is not None and kept[0] is self.parts:
                found = kept[1]
            else:
                found = self._zone_of_enemies(side, dwarf, gate_shut)
                if len(zones) >= ZONES_KEPT:
                    zones.clear()
                zones[zone_key] = (self.parts, found)
            self._zoc[key] = found
        return found

    def _zone_of_enemies(self, side: str, dwarf: bool, gate_shut: bool) -> frozenset[str]:
        hexmap = self.hexmap
        reach = zoc_neighbours(hexmap, self.parts)
        zone: set[str] = set()
        for unit in self.units.values():
            if unit.side == side or not self.exerts_zoc(unit):
                continue
            if dwarf and unit.type.dwarves_ignore_zoc:
                continue    # 15.2.1: Dwarves ignore Troll and Goblin ZOCs when moving
            if gate_shut and unit.hex in hexmap.gate:
                # 4.3 Gate, 6.13: not through an unbreached gate
                zone.update(h for h in reach[unit.hex] if h not in hexmap.gate)
            else:
                zone.update(reach[unit.hex])
        return frozenset(zone)

    def enemy_places(self, side: str) -> tuple[str, ...]:
        """Where each combat unit of the other side is (on the map or off), in the order
        of battle; per position."""
        key = ("enemy-places", side)
        found = self._zoc.get(key)
        if found is None:
            found = self._zoc[key] = tuple(u.hex for u in self.units.values()
                                           if u.side != side)
        return found

    def sauron_in_mordor(self) -> bool:
        """18.0 C: Sauron is inside Mordor (in hex 1331 or off the map beyond it)."""
        sauron = self.leaders.get("sauron")
        if sauron is None or sauron.hex == ELIMINATED:
            return False
        return sauron.hex in (WAITING, MORDOR, self.hexmap.mordor_gate_hex)

    def gate_breached(self) -> bool:
        """Whether the gate stands open to all (18.0 B: Sauron outside Mordor)."""
        return not self.sauron_in_mordor()

    def gate_open_to(self, side: str) -> bool:
        """18.0 B-C: the gate is closed to Westernesse while Sauron is inside Mordor."""
        return side == "sauron" or not self.sauron_in_mordor()

    def distance_to_road(self, hex_name: str) -> int:
        """Hexes from `hex_name` to the Road of the Orcs."""
        return road_distances(self.hexmap)[hex_name]

    def phasing_side(self) -> str:
        """'sauron' or 'westernesse': the side of the seat to move."""
        return SIDE_NAMES[self.to_move()]

    def occupied_hexes(self) -> frozenset[str]:
        """Hexes holding a combat unit (5.0)."""
        found = self._zoc.get("occupied")
        if found is None:
            self._index_pieces()
            found = self._zoc["occupied"]
        return found

    # ----- the sequence of play (3.0) ----------------------------------------------------

