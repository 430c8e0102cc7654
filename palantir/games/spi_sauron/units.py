"""The pieces on (and off) the map: combat units and leaders, with their changing state."""

from __future__ import annotations

from .components import Components, Strength, UnitType

# Special formations (8.4, 15.3): two combat units in one hex, acting as one counter.
WEDGE, SHIELD_WALL, SLAVE_PHALANX = "wedge", "shield_wall", "slave_phalanx"
FORMATION_NAMES = {WEDGE: "Wedge", SHIELD_WALL: "Shield Wall", SLAVE_PHALANX: "Slave Phalanx"}

# Where a piece is when it is not on a map hex.
WAITING = "waiting"      # a reinforcement that has not entered yet (14.0)
MORDOR = "mordor"        # off the map inside Mordor, beyond hex 1331 (18.0 A)
ELIMINATED = "eliminated"
_OFF_MAP = frozenset((WAITING, MORDOR, ELIMINATED))   # on_map asks it often: one lookup


class Unit:
    """A combat unit: its counter (type), which side is up, where it is, its markers."""

    __slots__ = ("id", "type", "side", "hex", "reduced", "disrupted", "moved", "arrival",
                 "entry", "first_turn_on_map", "partner", "formation")

    def __init__(self, unit_id: str, unit_type: UnitType, hex_name: str, arrival: int = 0,
                 entry: str | None = None):
        self.id = unit_id
        self.type = unit_type
        self.side = unit_type.side
        self.hex = hex_name
        self.reduced = False          # showing its back (7.42 1/2E)
        self.disrupted = False        # 7.57
        self.moved = False            # has moved in the current Movement Phase
        self.arrival = arrival        # turn it may enter (reinforcements; 0: set up)
        self.entry = entry            # entry area of a reinforcement (14.0)
        self.first_turn_on_map = 0    # the turn it entered (14.1, 14.2 B)
        self.partner: str | None = None     # the other unit of its formation (8.4, 15.3)
        self.formation: str | None = None   # WEDGE, SHIELD_WALL or SLAVE_PHALANX

    @property
    def strength(self) -> Strength:
        """The side of the counter that is up (2.41), or its formation's ratings."""
        own = self.type.reduced if self.reduced else self.type.front
        if self.formation is None:
            return own
        if self.formation == SLAVE_PHALANX:      # 15.3.3: APR 3, Morale Y
            return Strength(own.melee, own.missile, 3, "Y")
        return Strength("A", own.missile, 4, own.morale)   # 8.44: A, APR 4, own morale

    @property
    def on_map(self) -> bool:
        """Whether the unit stands on a map hex."""
        return self.hex not in _OFF_MAP

    def copy(self) -> "Unit":
        """An independent copy (for State.clone)."""
        other = object.__new__(Unit)
        other.id, other.type, other.side, other.hex = self.id, self.type, self.side, self.hex
        other.reduced, other.disrupted, other.moved = self.reduced, self.disrupted, self.moved
        other.arrival, other.entry = self.arrival, self.entry
        other.first_turn_on_map = self.first_turn_on_map
        other.partner, other.formation = self.partner, self.formation
        return other

    def describe(self) -> str:
        """'Orc Archers Ee-3-Y in 1329' and its markers."""
        marks = (" (reduced)" if self.reduced else "") + (" disrupted" if self.disrupted else "")
        return f"{self.type.name} {self.strength}{marks}"


class LeaderPiece:
    """A leader on the map: its counter (front or back) and where it is (8.0)."""

    __slots__ = ("key", "leader", "side", "hex", "reduced", "moved", "arrival", "entry",
                 "weapon", "magic_left", "first_turn_on_map")

    def __init__(self, leader, hex_name: str, arrival: int = 0, entry: str | None = None):
        self.key = leader.key
        self.leader = leader
        self.side = leader.side
        self.hex = hex_name
        self.reduced = False
        self.moved = False
        self.arrival = arrival
        self.entry = entry
        self.weapon: str | None = None     # magic weapon carried (19.0)
        self.magic_left = leader.magic     # Magic Capability Points left (8.53)
        self.first_turn_on_map = 0

    @property
    def rally(self) -> int:
        """The Rally Rating on the side that is up (7.26 1/2e: back-printed)."""
        return self.leader.reduced_rally if self.reduced else self.leader.rally

    @property
    def on_map(self) -> bool:
        """Whether the leader stands on a map hex."""
        return self.hex not in _OFF_MAP

    @property
    def magic_leader(self) -> bool:
        """8.51: a leader with a Magic Capability Rating."""
        return self.leader.magic > 0

    def copy(self) -> "LeaderPiece":
        """An independent copy (for State.clone)."""
        other = object.__new__(LeaderPiece)
        other.key, other.leader, other.side, other.hex = self.key, self.leader, self.side, \
            self.hex
        other.reduced, other.moved, other.arrival = self.reduced, self.moved, self.arrival
        other.entry, other.weapon, other.magic_left = self.entry, self.weapon, self.magic_left
        other.first_turn_on_map = self.first_turn_on_map
        return other


_ORDERS: dict = {}     # (id of the components, shift) -> (components, units, leaders)


def order_of_battle(parts: Components, sauron_shift: int = 0) -> tuple[list[Unit], list[LeaderPiece]]:
    """Every piece of the game in its set-up hex or waiting to arrive (13.0, 14.0, 21.3):
    fresh pieces, copied from the order drawn up once per components and shift."""
    key = (id(parts), sauron_shift)
    drawn = _ORDERS.get(key)
    if drawn is None or drawn[0] is not parts:
        if len(_ORDERS) > 16:
            _ORDERS.clear()
        drawn = _ORDERS[key] = (parts, *draw_up(parts, sauron_shift))
    return [u.copy() for u in drawn[1]], [l.copy() for l in drawn[2]]


def draw_up(parts: Components, sauron_shift: int = 0) -> tuple[list[Unit], list[LeaderPiece]]:
    """The order of battle read from the components (13.0, 14.0, 21.3)."""
    units: list[Unit] = []
    leaders: list[LeaderPiece] = []
    counts: dict[str, int] = {}

    def new_id(unit_type: str) -> str:
        counts[unit_type] = counts.get(unit_type, 0) + 1
        return f"{unit_type}-{counts[unit_type]}"

    for placement in parts.setup:
        if placement.leader:
            piece = LeaderPiece(parts.leaders[placement.leader], placement.hexes[0])
            piece.weapon = placement.weapon
            leaders.append(piece)
            continue
        for h in placement.hexes:
            unit_type = parts.unit_types[placement.unit_type]
            units.append(Unit(new_id(unit_type.key), unit_type, h))
    for arrival in parts.arrivals:
        turn = arrival.turn
        if arrival.side == "sauron":  # 21.3: the balance option moves Sauron's arrivals
            turn = min(parts.last_turn, max(1, turn + sauron_shift))
        for unit_type, count in arrival.units:
            for _ in range(count):
                units.append(Unit(new_id(unit_type), parts.unit_types[unit_type], WAITING,
                                  turn, arrival.entry))
        carried = dict((carrier, weapon) for weapon, carrier in arrival.weapons)
        for key in arrival.leaders:
            piece = LeaderPiece(parts.leaders[key], WAITING, turn, arrival.entry)
            piece.weapon = carried.get(key)
            leaders.append(piece)
    return units, leaders
