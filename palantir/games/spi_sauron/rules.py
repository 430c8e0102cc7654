"""SPI Sauron: the state and the procedures of the rulebook, case by case.

Case numbers in comments are those of rules/sauron-spi-hex-wargame.txt; decisions where
the rules are silent are in docs/spi-sauron.md.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...engine.dice import Dice
from ...engine.errors import IllegalAction
from ...engine.game import Outcome, State
from ...engine.procedure import Refusal, Stack, decide
from .beast import BEAST, BeastPiece
from .components import Components
from .hexmap import HexMap, distance, map_of
from .movement import check_path, cheapest_paths, half, mover_of, static_step_cost, \
    step_cost
from .notation import END, Advance, Attack, Cast, Duel, End, Enter, Fire, Form, Give, Hold, \
    Move, Rally, Retreat, Split, Stand, name_text, parse_action
from .units import ELIMINATED, FORMATION_NAMES, MORDOR, SHIELD_WALL, SLAVE_PHALANX, WAITING, \
    WEDGE, LeaderPiece, Unit, order_of_battle
from .phases.rally import RallyPhase, rally_opens
from .phases.magic import carry_out_cast, check_cast, note_pedestal_move, spell_candidates
from .phases.losses import arrived_in_mordor, pedestal_hex, pick_up_pedestal
from .phases import PHASES, SAURON, SIDE_NAMES, SIDE_TITLES, WESTERNESSE, is_night, seat_of, \
    spell_active
from .phases.combat import Pending, after_decision, carry_out_advance, carry_out_attack, \
    carry_out_duel, carry_out_fire, carry_out_retreat, carry_out_stand, check_advance, \
    check_attack, check_combat_end, check_duel, check_fire, check_retreat, combat_candidates, \
    obliged_to_attack, pending_candidates, settle_pending
from .phases.beast import beast_combat_candidates, beast_in_play, beast_moves, \
    carry_out_beast_combat, carry_out_beast_move, check_beast_combat, check_beast_move

GAME_OVER = "12.0"
VICTORY_LEVELS = ("Westernesse Decisive", "Westernesse Tactical", "Sauron Tactical",
                  "Sauron Decisive", "Draw")


def road_distances(hexmap: HexMap) -> dict[str, int]:
    """Hexes from every map hex to the nearest hex of the Road of the Orcs (14.1, 14.2 B)."""
    cached = getattr(hexmap, "_road_distances", None)
    if cached is None:
        road = hexmap.road_hexes()
        cached = {h: min(distance(h, r) for r in road) for h in hexmap.terrain}
        object.__setattr__(hexmap, "_road_distances", cached)
    return cached


def zoc_neighbours(hexmap: HexMap, parts: Components) -> dict[str, tuple[str, ...]]:
    """6.13: the neighbours a unit in each hex extends its ZOC into (never a Mountain hex)."""
    cached = hexmap.__dict__.get("_zoc_neighbours")
    if cached is None:
        cached = {h: tuple(n for n in around
                           if not parts.terrain[hexmap.terrain[n]].blocks_zoc)
                  for h, around in hexmap.neighbours.items()}
        hexmap.__dict__["_zoc_neighbours"] = cached
    return cached


def victory_level(demoralized: Mapping[str, bool], points: Mapping[str, int]) -> str:
    """21.2: the victory level from both armies' demoralization and Victory Points."""
    sauron_down, west_down = demoralized["sauron"], demoralized["westernesse"]
    if sauron_down and not west_down:
        if points["westernesse"] > points["sauron"]:
            return "Westernesse Decisive"
        return "Westernesse Tactical"
    if not sauron_down:
        if points["sauron"] > points["westernesse"]:
            return "Sauron Decisive"
        return "Sauron Tactical"
    return "Draw"


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
        # The Combat Phase (7.0): its step, who has fired, attacked, dueled or advanced,
        # decisions pending mid-phase and the attacks committed against one defender.
        self.combat_step = 0
        self.fired: set[str] = set()
        self.attacked: set[str] = set()
        self.dueled: set[str] = set()
        self.advanced: set[str] = set()
        self.pending: list[Pending] = []
        self.melee: tuple[str, tuple[str, ...]] | None = None
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
        if self.pending:
            return self.pending[0].seat
        return self.rally_seat if self.phase.seat is None else self.phase.seat

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        return self._outcome

    def parse_action(self, text: str):
        return parse_action(text)

    def legal_actions(self) -> list:
        if self.over:
            return []
        if self.pending:
            return pending_candidates(self)
        kind = self.phase.kind
        actions: list = []
        if kind == "movement":
            actions = self.movement_candidates()
            if self.dwarves_owing_a_move():
                return actions      # 15.2.2: no `end` while a Dwarf must close with Orcs
        elif kind == "magic":
            actions = spell_candidates(self) + self.magic_leader_candidates()
        elif kind == "combat":
            actions = combat_candidates(self) + beast_combat_candidates(self, self.combat_step)
            if obliged_to_attack(self, self.phasing_side()):
                return actions      # 7.31: no `end` while an attack is owed
        elif kind == "rally":
            return RallyPhase().answers(self)
        actions.append(END)
        return actions

    def apply(self, action) -> None:
        if isinstance(action, str):
            action = parse_action(action)
        if self.over:
            raise Refusal(GAME_OVER, "the game is over", action=str(action))
        # Every check comes before the first change, so a refusal leaves the state as it was.
        try:
            if self.pending and not isinstance(action, (Retreat, Stand, Advance, Hold)):
                raise Refusal("7.5", "a retreat or advance after combat must be decided first")
            if isinstance(action, Rally) or (isinstance(action, End)
                                             and self.phase.kind == "rally"):
                decide(self, Stack([RallyPhase()]), action)
            elif isinstance(action, End):
                self._check_end()
                self.news = []
                self.end_phase()
            elif isinstance(action, (Fire, Attack)) and beast_in_play(self, action):
                check_beast_combat(self, action)
                self.news = []
                carry_out_beast_combat(self, action)
            elif isinstance(action, Move) and action.leader == BEAST:
                check_beast_move(self, action)
                self.news = []
                carry_out_beast_move(self, action)
            elif isinstance(action, Fire):
                firer, target = check_fire(self, action)
                self.news = []
                carry_out_fire(self, firer, target)
            elif isinstance(action, Duel):
                attacker, defender = check_duel(self, action)
                self.news = []
                carry_out_duel(self, attacker, defender)
            elif isinstance(action, Attack):
                defender, attackers = check_attack(self, action)
                self.news = []
                carry_out_attack(self, defender, attackers)
            elif isinstance(action, Retreat):
                pending, piece = check_retreat(self, action)
                self.news = []
                carry_out_retreat(self, pending, piece, action.path)
                after_decision(self)
            elif isinstance(action, Stand):
                self.news = []
                carry_out_stand(self)
            elif isinstance(action, Advance):
                unit = check_advance(self, action)
                self.news = []
                carry_out_advance(self, unit)
            elif isinstance(action, Hold):
                if not self.pending or self.pending[0].kind != "advance":
                    raise Refusal("7.51", "no advance after combat is offered now")
                self.news = []
                carry_out_advance(self, None)
            elif isinstance(action, Cast):
                check_cast(self, action)
                self.news = []
                carry_out_cast(self, action)
            elif isinstance(action, Form):
                joiner, host = self.check_form(action)
                self.news = []
                self.carry_out_form(joiner, host)
            elif isinstance(action, Split):
                piece, path, spent = self.check_split(action)
                self.news = []
                self.carry_out_split(piece, path, spent)
            elif isinstance(action, Give):
                giver, taker = self.check_give(action)
                self.news = []
                self.carry_out_give(giver, taker)
            elif isinstance(action, Move):
                piece, mover, path, start_cost = self._check_move(action)
                self.news = []
                self._carry_out_move(piece, path, start_cost, action)
            elif isinstance(action, Enter):
                piece, mover, path, start_cost = self._check_enter(action)
                self.news = []
                self._carry_out_move(piece, path, start_cost, action, entering=True)
            else:
                raise Refusal("notation", f"not an SPI Sauron decision: {action!r}")
            settle_pending(self)
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
        other.pending = list(self.pending)
        other.beast = self.beast.copy()
        # The pieces-by-hex index holds this state's piece objects: the copy builds its own.
        other._zoc = {k: v for k, v in self._zoc.items() if k != "pieces"}
        other._reach = dict(self._reach)
        return other

    def narration(self, seat: int | None) -> list[str]:
        return list(self.news)

    def view(self, seat: int | None) -> dict:
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
            "units": [self._unit_view(u) for u in self.units.values()],
            "leaders": [self._leader_view(l) for l in self.leaders.values()],
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
            "melee": [self.melee[0], list(self.melee[1])] if self.melee else None,
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

    @staticmethod
    def _unit_view(u: Unit) -> dict:
        entry = {"id": u.id, "type": u.type.key, "side": u.side, "hex": u.hex,
                 "strength": str(u.strength), "reduced": u.reduced, "disrupted": u.disrupted,
                 "moved": u.moved, "first_turn_on_map": u.first_turn_on_map}
        if u.hex == WAITING:
            entry["arrival"] = u.arrival
        if u.partner is not None:      # 8.4, 15.3: only units in formation show it
            entry["partner"], entry["formation"] = u.partner, u.formation
        return entry

    @staticmethod
    def _leader_view(l: LeaderPiece) -> dict:
        entry = {"key": l.key, "name": l.leader.name, "side": l.side, "hex": l.hex,
                 "rally": l.rally, "reduced": l.reduced, "moved": l.moved, "weapon": l.weapon,
                 "magic_left": l.magic_left, "first_turn_on_map": l.first_turn_on_map}
        if l.hex == WAITING:
            entry["arrival"] = l.arrival
        return entry

    def restore(self, view: Mapping[str, Any]) -> None:
        """Set every changing value from a view (a perfect-information game: exact)."""
        self.turn = view["turn"]
        self.phase_index = next(i for i, p in enumerate(PHASES) if p.key == view["phase"])
        self.rally_seat = view["rally_seat"]
        for entry in view["units"]:
            unit = self.units[entry["id"]]
            for name in ("hex", "reduced", "disrupted", "moved", "first_turn_on_map"):
                setattr(unit, name, entry[name])
            unit.partner, unit.formation = entry.get("partner"), entry.get("formation")
        for entry in view["leaders"]:
            piece = self.leaders[entry["key"]]
            for name in ("hex", "reduced", "moved", "weapon", "magic_left",
                         "first_turn_on_map"):
                setattr(piece, name, entry[name])
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
        self.pending = [Pending(p["kind"], p["seat"], p["piece"], p["hexes"],
                                tuple(p["advance_by"]), p["into"], p["displacer"])
                        for p in view["pending"]]
        self.melee = (view["melee"][0], tuple(view["melee"][1])) if view["melee"] else None
        for name in ("cast_turn", "on_pedestal_at_start", "pedestal_moved", "pedestal"):
            setattr(self, name, view[name])
        beast = view["beast"]
        self.beast.hex, self.beast.reduced, self.beast.moved = \
            beast["hex"], beast["reduced"], beast["moved"]
        self.beast_conjured_in = tuple(beast["conjured_in"])
        self.over = view["over"]
        if self.over:
            self.finish()
        self._zoc.clear()

    # ----- questions the rules ask -----------------------------------------------------

    def _pieces_by_hex(self) -> dict[str, list]:
        # Built once per position (cleared with the ZOC cache whenever a piece moves), in
        # one pass with the hexes each side holds and those holding a combat unit.
        index = self._zoc.get("pieces")
        if index is None:
            index = {}
            held: dict[str, set[str]] = {"sauron": set(), "westernesse": set()}
            occupied: set[str] = set()
            for piece in self.units.values():
                index.setdefault(piece.hex, []).append(piece)
                held[piece.side].add(piece.hex)
                occupied.add(piece.hex)
            for piece in self.leaders.values():
                index.setdefault(piece.hex, []).append(piece)
                held[piece.side].add(piece.hex)
            # 4.27: the Beast (17.0) bars its hex to the enemy, though no combat unit (5.0)
            index.setdefault(self.beast.hex, []).append(self.beast)
            held["sauron"].add(self.beast.hex)
            self._zoc["pieces"] = index
            self._zoc["occupied"] = frozenset(occupied)
            self._zoc[("enemy-hexes", "sauron")] = frozenset(held["westernesse"])
            self._zoc[("enemy-hexes", "westernesse")] = frozenset(held["sauron"])
        return index

    def combat_units_at(self, hex_name: str) -> list[Unit]:
        """The combat units standing in a hex."""
        return [p for p in self._pieces_by_hex().get(hex_name, ()) if isinstance(p, Unit)]

    def unit_at(self, hex_name: str, side: str | None = None) -> Unit | None:
        """The combat unit in a hex (of `side`, if given)."""
        for unit in self.combat_units_at(hex_name):
            if side is None or unit.side == side:
                return unit
        return None

    def leaders_at(self, hex_name: str) -> list[LeaderPiece]:
        """The leaders standing in a hex."""
        return [p for p in self._pieces_by_hex().get(hex_name, ())
                if isinstance(p, LeaderPiece)]

    def enemy_occupied(self, hex_name: str, side: str) -> bool:
        """4.27: whether a piece of the other side stands in the hex."""
        return hex_name in self.enemy_hexes(side)

    def enemy_hexes(self, side: str) -> frozenset[str]:
        """Hexes where a piece (unit or leader) of the other side stands, per position."""
        found = self._zoc.get(("enemy-hexes", side))
        if found is None:
            self._pieces_by_hex()
            found = self._zoc[("enemy-hexes", side)]
        return found

    def exerts_zoc(self, unit: Unit) -> bool:
        """6.0: every combat unit on the map, except those of a demoralized army (6.14)."""
        return unit.on_map and not self.demoralized[unit.side]

    def enemy_zoc(self, side: str, dwarf: bool = False) -> frozenset[str]:
        """Hexes in the Zone of Control of the enemies of `side` (6.0, 6.13, 15.2.1)."""
        key = (side, dwarf)
        if key not in self._zoc:
            hexmap = self.hexmap
            gate_shut = not self.gate_breached()
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
            self._zoc[key] = frozenset(zone)
        return self._zoc[key]

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

    # ----- movement (4.0, 5.0, 6.0, 14.0) ------------------------------------------------

    def movable_units(self) -> list[Unit]:
        """Combat units the phasing player may still move this Movement Phase."""
        side = self.phasing_side()
        return [u for u in self.units.values()
                if u.side == side and u.on_map and not u.moved and not u.disrupted]

    def arrivals_waiting(self, side: str) -> list[Unit]:
        """Reinforcements of `side` due by this turn that have not entered (14.0 D)."""
        return [u for u in self.units.values()
                if u.side == side and u.hex == WAITING and u.arrival <= self.turn]

    def entry_cost(self, entry_hex: str) -> int:
        """14.0 C: the k-th unit through an entry hex this phase pays k times the first's."""
        return self.entered.get(entry_hex, 0)

    def _ending_rule(self, piece):
        """What must hold where a move ends: stacking (5.0) or the leader's company (8.1)."""
        def check(hex_name: str) -> Refusal | None:
            if isinstance(piece, LeaderPiece):
                if not any(u.side == piece.side and piece.leader.commands_nationality(
                        u.type.nationality) for u in self.combat_units_at(hex_name)):
                    return Refusal("8.1", f"{piece.leader.name} must end stacked with a combat "
                                          f"unit of a nationality {piece.leader.name} leads")
                return None
            others = [u for u in self.combat_units_at(hex_name)
                      if u is not piece and u.id != piece.partner]
            if others:
                return Refusal("5.0", f"{hex_name} already holds a combat unit: one combat unit "
                                      "to a hex at the end of the Movement Phase")
            return None
        return check

    def _check_move(self, action: Move):
        phase = self.phase
        side = self.phasing_side()
        if phase.kind not in ("movement", "magic"):
            raise Refusal("4.22", f"no movement in the {phase.title}")
        if len(action.path) < 2:
            raise Refusal("4.25", "a move is the hex a piece stands in and at least one more")
        start = action.path[0]
        if action.leader:
            piece = self.leaders.get(action.leader)
            if piece is None or piece.side != side:
                raise Refusal("8.0", f"{name_text(action.leader)} is no leader of {side}")
            if piece.hex != start:
                raise Refusal("4.0", f"{piece.leader.name} is not in {start}")
            if phase.kind == "movement" and piece.magic_leader:
                raise Refusal("4.11", "Magic Leaders move only in the Magic Leader Movement "
                                      "Phases")
            if phase.kind == "magic" and not piece.magic_leader:
                raise Refusal("3.0 A", "only Magic Leaders move in a Magic Leader Movement Phase")
        else:
            if phase.kind == "magic":
                raise Refusal("3.0 A", "only Magic Leaders move in a Magic Leader Movement Phase")
            units = [u for u in self.combat_units_at(start) if u.side == side]
            if not units:
                raise Refusal("4.0", f"no combat unit of {side} in {start}")
            # two units share a hex after a displacement (7.61): the one free to move moves
            piece = next((u for u in units if not u.moved and not u.disrupted),
                         next((u for u in units if not u.moved), units[0]))
            if piece.disrupted:
                raise Refusal("7.57", "a disrupted unit may not move until rallied")
        if piece.moved and getattr(piece, "partner", None):
            raise Refusal("15.3.2 C" if piece.formation == SLAVE_PHALANX else "8.45",
                          "a formation may not move in the turn it is formed")
        if piece.moved:
            raise Refusal("4.24", f"the piece in {start} has already moved this phase")
        mover = mover_of(self, piece)
        spent = check_path(self, mover, action.path, 0, False, self._ending_rule(piece))
        if isinstance(piece, Unit):
            closing = self.dwarf_closing_hexes(piece)
            if closing and action.path[-1] not in closing:
                raise Refusal("15.2.2", "a Dwarf unit that began the phase within 2 hexes of an "
                                        "Orc unit must move adjacent to it: "
                                        + ", ".join(sorted(closing)))
        return piece, mover, action.path, spent

    def _check_enter(self, action: Enter):
        phase = self.phase
        side = self.phasing_side()
        key = action.piece
        if key in self.leaders:
            piece = self.leaders[key]
            if piece.side != side:
                raise Refusal("14.0", f"{piece.leader.name} is no leader of {side}")
            if (phase.kind == "magic") != piece.magic_leader:
                raise Refusal("4.11", "Magic Leaders enter in a Magic Leader Movement Phase, "
                                      "other pieces in their Movement Phase")
            # 18.0 A, 4.11: Sauron comes out of Mordor (off the map) in his own phases.
            if piece.hex != MORDOR and (piece.hex != WAITING or piece.arrival > self.turn):
                raise Refusal("14.0", f"{piece.leader.name} is not waiting to enter")
            entry = piece.entry or "mordor"
            chain = 0
        else:
            if phase.kind != "movement":
                raise Refusal("14.0 B", "reinforcements enter in their side's Movement Phase")
            waiting = [u for u in self.arrivals_waiting(side) if u.type.key == key]
            if not waiting:
                raise Refusal("14.0", f"no {name_text(key)} waiting to enter this turn")
            piece = waiting[0]
            entry = piece.entry
            chain = self.entry_cost(action.path[0])
        if action.path[0] not in self.hexmap.entries[entry]:
            raise Refusal("14.1" if side == "sauron" else "14.2 A",
                          f"{action.path[0]} is not where these reinforcements enter "
                          f"({', '.join(self.hexmap.entries[entry])})")
        mover = mover_of(self, piece)
        first = self._first_hex_cost(mover, action.path[0])
        spent = check_path(self, mover, action.path, chain * first, True,
                           self._ending_rule(piece))
        return piece, mover, action.path, spent

    def _first_hex_cost(self, mover, hex_name: str) -> int:
        cost = step_cost(self, mover, None, hex_name)
        if isinstance(cost, Refusal):
            raise Refusal(cost.rule, cost.reason)
        return cost

    def _carry_out_move(self, piece, path, spent, action, entering: bool = False) -> None:
        was = piece.hex
        piece.hex = path[-1]
        self._zoc.clear()
        piece.moved = True
        if isinstance(piece, Unit) and piece.partner:     # a formation moves as one (8.45)
            partner = self.units[piece.partner]
            partner.hex, partner.moved = path[-1], True
        if isinstance(piece, Unit):
            note_pedestal_move(self, piece)
            pick_up_pedestal(self, piece)
            arrived_in_mordor(self, piece)
        if entering:
            piece.first_turn_on_map = self.turn
            if isinstance(piece, Unit):
                self.entered[path[0]] = self.entered.get(path[0], 0) + 1
        who = piece.leader.name if isinstance(piece, LeaderPiece) else piece.describe()
        origin = "enters the map" if entering else f"moves from {was}"
        self.news.append(f"{SIDE_TITLES[seat_of(piece.side)]}: {who} {origin} to {path[-1]} "
                         f"({'-'.join(path)}, {half(spent)} MP)")

    def reach(self, piece, start: str | None, start_cost: int = 0,
              entry_hexes: tuple[str, ...] = ()) -> dict:
        """cheapest_paths for a piece, kept while nothing else that bears on it changes."""
        self._check_reach_signature(piece.side)
        key = (piece.id if isinstance(piece, Unit) else piece.key, start, start_cost,
               entry_hexes, getattr(piece, "formation", None))
        found = self._reach.get(key)
        if found is None:
            found = cheapest_paths(self, mover_of(self, piece), start, start_cost, entry_hexes)
            self._reach[key] = found
        return found

    def _check_reach_signature(self, side: str) -> None:
        """Empty the reach cache when something that bears on `side`'s moves has changed:
        the turn and phase, demoralization (6.14, 9.32), the gate (18.0), the enemy's places
        (their hexes and ZOCs). Computed once per position."""
        key = ("reach-signature", side)
        signature = self._zoc.get(key)
        if signature is None:
            signature = self._zoc[key] = (
                side, self.turn, self.phase_index, self.demoralized["sauron"],
                self.demoralized["westernesse"], self.gate_breached(),
                tuple(u.hex for u in self.units.values() if u.side != side),
                tuple(p.hex for p in self.leaders.values() if p.side != side),
                self.beast.hex if side != "sauron" else None)
        if signature != self._reach_signature:
            self._reach = {}
            self._reach_signature = signature

    def _moves_of(self, piece, start: str | None, start_cost: int = 0,
                  entry_hexes: tuple[str, ...] = ()) -> list:
        """(hex, decision) for every hex the piece reaches: Move, or Enter from off the map;
        kept with the reach it comes from, so listing them again costs nothing."""
        found = self.reach(piece, start, start_cost, entry_hexes)
        key = ("decisions", piece.id if isinstance(piece, Unit) else piece.key, start,
               start_cost, entry_hexes, getattr(piece, "formation", None))
        decisions = self._reach.get(key)
        if decisions is None:
            if start is not None:
                leader = piece.key if isinstance(piece, LeaderPiece) else None
                decisions = [(there, Move(path, leader)) for there, (_, path) in found.items()]
            else:
                name = piece.type.key if isinstance(piece, Unit) else piece.key
                decisions = [(there, Enter(name, path)) for there, (_, path) in found.items()]
            self._reach[key] = decisions
        return decisions

    def occupied_hexes(self) -> frozenset[str]:
        """Hexes holding a combat unit (5.0)."""
        found = self._zoc.get("occupied")
        if found is None:
            self._pieces_by_hex()
            found = self._zoc["occupied"]
        return found

    def movement_candidates(self) -> list:
        """Sensible moves for agents: the cheapest path to every reachable hex per piece."""
        side = self.phasing_side()
        actions: list = []
        full = self.occupied_hexes()
        for unit in self.movable_units():
            if unit.partner is not None and unit.partner < unit.id:
                continue        # a formation is listed once, under its first unit
            # 5.0: one combat unit to a hex; 15.2.2: a Dwarf near Orcs closes with them
            closing = self.dwarf_closing_hexes(unit) if unit.type.dwarf else None
            actions.extend([m for there, m in self._moves_of(unit, unit.hex)
                            if there not in full and (not closing or there in closing)])
        seen_types: set[str] = set()
        for unit in self.arrivals_waiting(side):
            if unit.type.key in seen_types:
                continue   # identical counters: one candidate set per type
            seen_types.add(unit.type.key)
            mover = mover_of(self, unit)
            for entry_hex in self.hexmap.entries[unit.entry]:
                first = self._safe_first(mover, entry_hex)
                if isinstance(first, Refusal):
                    continue
                start = self.entry_cost(entry_hex) * first
                actions.extend([m for there, m in self._moves_of(unit, None, start, (entry_hex,))
                                if there not in full])
        for piece in self.leaders.values():
            if piece.side != side or piece.moved or piece.magic_leader:
                continue
            actions.extend(self._leader_candidates(piece))
        if side == "sauron":
            actions.extend(beast_moves(self))
        else:
            actions.extend(self.give_candidates())
        actions.extend(self.formation_candidates())
        return actions

    # ----- special formations (8.4) and Slave Phalanxes (15.3) ---------------------------

    def formation_kind(self, a: Unit, b: Unit) -> str | None:
        """Which formation two units may make, by 8.42 and 15.3.1 (None: none)."""
        if a.side != b.side or a.type.bowmen or b.type.bowmen:
            return None
        if a.side == "sauron":      # 8.41: Sauron's only formation is the Slave Phalanx
            return SLAVE_PHALANX if a.type.key == b.type.key == "slaves" else None
        if a.type.kind != b.type.kind:
            return None
        return WEDGE if a.type.kind == "cavalry" else SHIELD_WALL

    def form_refusal(self, joiner: Unit, host: Unit) -> tuple[str, str] | None:
        """(case, reason) why `joiner` may not step into `host`'s hex to form, or None."""
        kind = self.formation_kind(joiner, host)
        if kind is None:
            return ("8.42" if joiner.side == "westernesse" else "15.3.1",
                    "two cavalry units make a Wedge, two infantry units a Shield Wall; "
                    "Sauron's only formation is two Slave units (a Slave Phalanx)")
        if joiner.partner or host.partner:
            return "8.42", "a unit already in formation may not form another"
        if joiner.moved or host.moved or joiner.disrupted or host.disrupted:
            return "15.3.2 A" if kind == SLAVE_PHALANX else "8.43", \
                "both units must stand where they began the Movement Phase, not disrupted"
        if distance(joiner.hex, host.hex) != 1:
            return "15.3.2 A" if kind == SLAVE_PHALANX else "8.43", \
                "the two units must be adjacent"
        zoc = self.enemy_zoc(joiner.side)
        if kind == SLAVE_PHALANX:
            if joiner.reduced or host.reduced:
                return "15.3.4", "only full-strength Slave units form Slave Phalanxes"
        else:
            if joiner.type.nationality != host.type.nationality or \
                    str(joiner.strength) != str(host.strength):
                return "8.43", "the two units must be of the same nationality and Attack, " \
                               "Armour and Morale strengths"
            if any(self.hexmap.terrain[h] not in ("clear", "road")
                   for h in (joiner.hex, host.hex)):
                return "8.41", "special formations form only in clear terrain"
            if joiner.hex in zoc or host.hex in zoc:
                return "8.43", "neither unit may be in an enemy Zone of Control"
            if not any(l.side == host.side and not l.moved for l in self.leaders_at(host.hex)):
                return "8.43", "a Leader must stand (since the phase began) in the hex " \
                               "where the formation is made"
        if joiner.hex in zoc and not joiner.type.elf:
            return "6.11", f"the unit in {joiner.hex} may not leave an enemy Zone of Control"
        cost = step_cost(self, mover_of(self, joiner), joiner.hex, host.hex)
        if isinstance(cost, Refusal):
            return cost.rule, cost.reason
        if kind != SLAVE_PHALANX:
            clear = static_step_cost(self.hexmap, self.parts, False, False, joiner.hex,
                                     host.hex, True)
            if isinstance(clear, Refusal):
                return clear.rule, clear.reason
        return None

    def check_form(self, action: Form) -> tuple[Unit, Unit]:
        """8.43, 15.3.2: the joining unit and the unit it joins, or Refusal."""
        if self.phase.kind != "movement" or self.pending:
            raise Refusal("8.43", "formations are made in a Movement Phase")
        if len(action.path) != 2:
            raise Refusal("8.43", "a formation is made by one step into the other unit's hex")
        side = self.phasing_side()
        joiner = self.unit_at(action.path[0], side)
        host = self.unit_at(action.path[1], side)
        if joiner is None or host is None:
            raise Refusal("8.43", f"a formation needs a unit of {side} in {action.path[0]} and "
                                  f"in {action.path[1]}")
        problem = self.form_refusal(joiner, host)
        if problem:
            raise Refusal(problem[0], problem[1])
        return joiner, host

    def carry_out_form(self, joiner: Unit, host: Unit) -> None:
        """8.43, 15.3.2 B: into the hex; 8.45, 15.3.2 C: neither moves again this turn."""
        kind = self.formation_kind(joiner, host)
        was = joiner.hex
        joiner.hex = host.hex
        joiner.partner, host.partner = host.id, joiner.id
        joiner.formation = host.formation = kind
        joiner.moved = host.moved = True
        self._zoc.clear()
        self.news.append(f"{SIDE_TITLES[seat_of(host.side)]}: {joiner.type.name} from {was} "
                         f"and {host.type.name} form a {FORMATION_NAMES[kind]} in {host.hex} "
                         f"({'15.3' if kind == SLAVE_PHALANX else '8.4'})")

    def formation_candidates(self) -> list:
        """Formations the phasing side may make now, and splits of its formations (8.48)."""
        side = self.phasing_side()
        found: list = []
        for joiner in self.movable_units():
            if joiner.partner:
                mover = mover_of(self, joiner, alone=True)
                full = self.occupied_hexes()
                found.extend(Split(path) for there, (_, path) in cheapest_paths(
                    self, mover, joiner.hex, 0).items() if there not in full
                    and joiner.id < joiner.partner)
                continue
            if joiner.side == "westernesse" and joiner.type.kind not in ("cavalry",
                                                                          "infantry"):
                continue
            for there in self.hexmap.neighbours[joiner.hex]:
                host = self.unit_at(there, side)
                if host is not None and self.form_refusal(joiner, host) is None:
                    found.append(Form((joiner.hex, there)))
        return found

    def check_split(self, action: Split):
        """8.48: one unit of a formation moves off alone (no leader needed)."""
        if self.phase.kind != "movement" or self.pending:
            raise Refusal("8.48", "formations are disbanded in a Movement Phase")
        side = self.phasing_side()
        piece = next((u for u in self.combat_units_at(action.path[0])
                      if u.side == side and u.partner), None)
        if piece is None:
            raise Refusal("8.48", f"no formation of {side} in {action.path[0]}")
        if piece.moved:
            raise Refusal("15.3.2 C" if piece.formation == SLAVE_PHALANX else "8.45",
                          "a formation may not move in the turn it is formed")
        partner = self.units[piece.partner]
        mover = mover_of(self, piece, alone=True)
        saved = piece.partner
        piece.partner = None        # its own hex counts as another's for 5.0 (restored below)
        try:
            spent = check_path(self, mover, action.path, 0, False, self._ending_rule(piece))
        finally:
            piece.partner = saved
        if action.path[-1] == partner.hex:
            raise Refusal("8.48", "a split ends in another hex")
        return piece, action.path, spent

    def carry_out_split(self, piece: Unit, path, spent) -> None:
        """8.48: the formation is disbanded; the unit left behind may still move."""
        partner = self.units[piece.partner]
        piece.partner = partner.partner = None
        piece.formation = partner.formation = None
        self.news.append(f"the {piece.type.name} leave their formation (8.48)")
        self._carry_out_move(piece, path, spent, Split(path))

    # ----- 19.1.4: Elendil and Isildur exchange Narsil ------------------------------------

    NARSIL_PAIR = ("elendil", "isildur")

    def check_give(self, action: Give) -> tuple[LeaderPiece, LeaderPiece]:
        """19.1.4: the giver and the taker of Narsil, or Refusal naming the case."""
        if action.weapon != "narsil":
            raise Refusal("19.1.4", f"only Narsil may be handed over ({name_text(action.weapon)} "
                                    "may not)")
        if self.phase.key != "westernesse-movement" or self.pending:
            raise Refusal("19.1.4", "Narsil changes hands in the Westernesse Movement Phase")
        if action.to not in self.NARSIL_PAIR:
            raise Refusal("19.1.4", "Narsil passes only between Elendil and Isildur")
        taker = self.leaders[action.to]
        giver = self.leaders[self.NARSIL_PAIR[1 - self.NARSIL_PAIR.index(action.to)]]
        if giver.weapon != "narsil":
            raise Refusal("19.1.4", f"{giver.leader.name} does not carry Narsil")
        if taker.weapon is not None:
            raise Refusal("19.2.3", f"{taker.leader.name} already carries a weapon")
        if not (giver.on_map and taker.on_map and giver.hex == taker.hex):
            raise Refusal("19.1.4", "Elendil and Isildur must occupy the same hex")
        if not self.leaders["elendil"].reduced or self.leaders["isildur"].reduced:
            raise Refusal("19.1.4", "only while Elendil is wounded and Isildur unhurt")
        return giver, taker

    def carry_out_give(self, giver: LeaderPiece, taker: LeaderPiece) -> None:
        """19.1.4: the weapon changes hands at no cost to either's movement."""
        taker.weapon, giver.weapon = giver.weapon, None
        self.news.append(f"{giver.leader.name} hands Narsil to {taker.leader.name} in "
                         f"{taker.hex} (19.1.4)")

    def give_candidates(self) -> list:
        """The exchange of Narsil when 19.1.4 allows it now."""
        found = []
        for to in self.NARSIL_PAIR:
            try:
                self.check_give(Give("narsil", to))
            except IllegalAction:
                continue
            found.append(Give("narsil", to))
        return found

    def _safe_first(self, mover, hex_name: str):
        return step_cost(self, mover, None, hex_name)

    def _leader_candidates(self, piece: LeaderPiece) -> list:
        # 8.1: a leader's move ends with a combat unit of a nationality he leads.
        company = self._company_hexes(piece)
        found: list = []
        if piece.on_map:
            found.extend([m for there, m in self._moves_of(piece, piece.hex) if there in company])
        elif (piece.hex == WAITING and piece.arrival <= self.turn) or piece.hex == MORDOR:
            for entry_hex in self.hexmap.entries[piece.entry or "mordor"]:
                found.extend([m for there, m in self._moves_of(piece, None, 0, (entry_hex,))
                              if there in company])
        return found

    def _company_hexes(self, piece: LeaderPiece) -> frozenset[str]:
        """8.1: hexes with a combat unit of a nationality the leader commands (per position)."""
        key = ("company", piece.side, piece.leader.commands)
        found = self._zoc.get(key)
        if found is None:
            by_nationality = self._zoc.get(("nationalities", piece.side))
            if by_nationality is None:
                by_nationality = self._zoc[("nationalities", piece.side)] = {}
                for u in self.units.values():
                    if u.side == piece.side and u.on_map:
                        by_nationality.setdefault(u.type.nationality, set()).add(u.hex)
            found = self._zoc[key] = frozenset(
                h for nationality, hexes in by_nationality.items()
                if piece.leader.commands_nationality(nationality) for h in hexes)
        return found

    def magic_leader_candidates(self) -> list:
        """3.0 A, E: the Magic Leaders' moves (spells come with 8.5)."""
        return [a for piece in self.leaders.values()
                if piece.side == self.phasing_side() and piece.magic_leader and not piece.moved
                for a in self._leader_candidates(piece)]

    # ----- the sequence of play (3.0) ----------------------------------------------------

    def _check_end(self) -> None:
        """6.3, 7.31: a Combat Phase may not end while an attack is owed; 15.2.2: nor a
        Westernesse Movement Phase while a Dwarf unit owes its move toward the Orcs."""
        if self.phase.kind == "combat":
            check_combat_end(self)
        elif self.phase.kind == "movement":
            owing = self.dwarves_owing_a_move()
            if owing:
                raise Refusal("15.2.2", "Dwarf units within 2 hexes of an Orc unit must first "
                                        "move adjacent to it: "
                                        + ", ".join(sorted(u.hex for u in owing)))

    # ----- 15.2.2: Dwarves move toward Orcs ----------------------------------------------

    def dwarf_closing_hexes(self, unit: Unit) -> frozenset[str]:
        """15.2.2: the hexes a Dwarf unit that has not moved yet (so stands where it began the
        phase) must end its move in — empty, reachable, adjacent to an Orc unit within 2
        hexes of it; empty when no such Orc or no such hex (the 'if possible')."""
        if not unit.type.dwarf or unit.moved or not unit.on_map or unit.disrupted \
                or self.phase.kind != "movement":
            return frozenset()
        orcs = [u.hex for u in self.units.values() if u.type.orc and u.on_map
                and u.side != unit.side and distance(u.hex, unit.hex) <= 2]
        if not orcs or any(distance(h, unit.hex) == 1 for h in orcs):
            return frozenset()          # none near, or adjacent already: it has closed
        full = self.occupied_hexes()
        return frozenset(there for there in self.reach(unit, unit.hex)
                         if there not in full and any(distance(there, h) == 1 for h in orcs))

    def dwarves_owing_a_move(self) -> list[Unit]:
        """15.2.2: the phasing side's Dwarf units that must still move next to an Orc."""
        side = self.phasing_side()
        return [u for u in self.units.values() if u.side == side and u.type.dwarf
                and self.dwarf_closing_hexes(u)]

    def start_game(self) -> None:
        """Set up (13.0) and open the first phase that needs a decision."""
        self.news = ["Turn 1"]
        if not self._begin_phase():
            self.next_phase()

    def end_phase(self) -> None:
        """Close the current phase and open the next one that needs a decision (3.0); the
        Joint Rally Phase closes through its procedure (phases/rally.py)."""
        if self.phase.kind == "movement":
            self._transfer_lone_leaders(self.phasing_side())
        self.next_phase()

    def next_phase(self) -> None:
        """Open the next phase (3.0) that holds a decision, or end the game (12.0 A)."""
        while True:
            if self.phase_index + 1 < len(PHASES):
                self.phase_index += 1
            else:
                if self.turn >= self.parts.last_turn:   # 12.0 A: 18 Game-Turns
                    self.finish()
                    return
                self.turn += 1
                self.phase_index = 0
                self.rally_tries, self.rallied = {}, set()     # 8.32, 8.36: per Game-Turn
                if not spell_active(self, "sinister_visions"):
                    self.visions.clear()
                self.news.append(f"Turn {self.turn}" + (" (night)" if is_night(self) else ""))
            if self._begin_phase():
                return

    def _begin_phase(self) -> bool:
        """Prepare the phase; False when it holds no decision and passes at once."""
        phase = self.phase
        self.rally_seat = SAURON
        self.entered = {}
        for piece in list(self.units.values()) + list(self.leaders.values()):
            piece.moved = False
        self.beast.moved = False
        self.combat_step = 0
        self.fired, self.attacked, self.dueled, self.advanced = set(), set(), set(), set()
        if phase.key == "sauron-movement":
            self.pedestal_moved = False
        # 14.1: Sauron's Magic Leader arrives inside Mordor, off the map beyond 1331.
        for piece in self.leaders.values():
            if piece.hex == WAITING and piece.magic_leader and piece.arrival <= self.turn:
                piece.hex = MORDOR
                self.news.append(f"{piece.leader.name} arrives inside Mordor (14.1)")
        self._zoc.clear()
        if phase.kind == "magic":
            sauron = self.leaders.get("sauron")
            where = pedestal_hex(self)
            self.on_pedestal_at_start = bool(sauron and sauron.on_map and where == sauron.hex)
            if not self.magic_leader_candidates() and not spell_candidates(self):
                return False
        elif phase.kind == "combat":
            if not combat_candidates(self) and \
                    not beast_combat_candidates(self, self.combat_step):
                return False
        elif phase.kind == "rally":
            if not rally_opens(self):
                return False
        self.news.append(f"Turn {self.turn}: {phase.title}")
        return True

    def _transfer_lone_leaders(self, side: str) -> None:
        """8.1: a leader left without a unit of his nationality joins the nearest one (8.24)."""
        for piece in self.leaders.values():
            if piece.side != side or not piece.on_map:
                continue
            fits = [u for u in self.units.values() if u.side == side and u.on_map
                    and piece.leader.commands_nationality(u.type.nationality)]
            if not fits or any(u.hex == piece.hex for u in fits):
                continue
            nearest = min(fits, key=lambda u: (distance(piece.hex, u.hex), u.hex))
            self.news.append(f"{piece.leader.name} joins the nearest {nearest.type.name} in "
                             f"{nearest.hex} (8.1, 8.24)")
            piece.hex = nearest.hex
            self._zoc.clear()

    def finish(self) -> None:
        """The game ends after Game-Turn 18 (12.0 A); 21.2 names the victory level."""
        self.over = True
        level = victory_level(self.demoralized, self.victory_points)
        winners = (WESTERNESSE,) if level.startswith("Westernesse") else \
            (SAURON,) if level.startswith("Sauron") else ()
        self._outcome = Outcome(
            winners=winners, summary=level, rounds=self.turn,
            details={"victory_level": level,
                     "victory_points": dict(self.victory_points),
                     "demoralization_points": dict(self.demoralization_points),
                     "demoralized": dict(self.demoralized)})
        self.news.append(f"The game ends: {level}")
