"""Movement (4.0), Zones of Control (6.0), stacking (5.0) and entering the map (14.0).

One function prices a single step for a mover (`step_cost`); checking a proposed path and
listing the cheapest path to every reachable hex both use it, so what is listed is exactly
what is accepted. Costs are in half Movement Points (the road costs 1/2 MP, 4.3).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .units import WAITING, LeaderPiece, Unit

if TYPE_CHECKING:
    from .rules import SauronState


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a step or a path is not allowed, and which case says so."""

    rule: str
    reason: str


@dataclass(frozen=True, slots=True)
class Mover:
    """What the movement rules need to know about the piece that moves."""

    side: str
    allowance: int            # half MP (4.1)
    leader: bool              # 6.15: leaders neither have nor are affected by ZOC
    cavalry: bool             # errata: no cavalry in Rough
    elf: bool                 # 15.1.1, 15.1.2
    ezoc_rule: str            # "": may enter an enemy ZOC; else the case forbidding it
    road_limit: bool          # 14.1, 14.2 B: first turn on the map
    zoc: frozenset[str]       # hexes in the ZOC of enemies that affect this mover


def mover_of(state: "SauronState", piece: Unit | LeaderPiece) -> Mover:
    """The movement profile of a combat unit or leader in `state`."""
    parts = state.parts
    if isinstance(piece, LeaderPiece):
        return Mover(piece.side, 2 * parts.movement["leader"], True, False, False, "",
                     piece.hex == WAITING or piece.first_turn_on_map == state.turn,
                     frozenset())
    unit_type = piece.type
    kind = unit_type.kind
    allowance = 2 * parts.movement[kind]
    # 7.15: missile-only units; 9.32: demoralized Z units never enter an EZOC voluntarily.
    ezoc_rule = "7.15" if unit_type.bowmen else \
        "9.32" if state.demoralized[piece.side] and piece.strength.morale == "Z" else ""
    return Mover(
        piece.side, allowance, False, kind == "cavalry", unit_type.elf, ezoc_rule,
        piece.hex == WAITING or piece.first_turn_on_map == state.turn,
        state.enemy_zoc(piece.side, dwarf=unit_type.dwarf))


def step_cost(state: "SauronState", mover: Mover, a: str | None, b: str) -> int | Refusal:
    """Half MP for `mover` to go from `a` (None: from off the map) into adjacent `b`."""
    hexmap, parts = state.hexmap, state.parts
    terrain_name = hexmap.terrain.get(b)
    if terrain_name is None:
        return Refusal("4.25", f"{b} is not a hex of the map")
    if a is not None and b not in hexmap.neighbours[a]:
        return Refusal("4.25", f"{a} and {b} are not adjacent: movement goes hex to hex")
    terrain = parts.terrain[terrain_name]
    if not terrain.passable:
        return Refusal("4.3", f"{b} is {terrain_name}: no unit may enter it")
    if mover.cavalry and not terrain.cavalry:
        return Refusal("4.3", f"cavalry may not enter {terrain_name} ({b}; errata: Rough)")
    if state.enemy_occupied(b, mover.side):
        return Refusal("4.27", f"{b} is occupied by the enemy")
    if a is None:   # entering from off the map: along the road at its ends (14.0 B)
        on_road = b in (hexmap.road_south_end, hexmap.road_north_end) and terrain.road_half_mp
        return terrain.road_half_mp if on_road else (2 if mover.elf else terrain.half_mp)
    if hexmap.is_gate(a, b):
        if not state.gate_open_to(mover.side):
            return Refusal("18.0 C", "the Gates of Mordor are closed to Westernesse while "
                                     "Sauron is inside Mordor")
        return parts.gate_half_mp       # 4.3 Gate: 1 MP under Friendly control
    if hexmap.along_road(a, b):
        return terrain.road_half_mp     # 4.3, 15.1.1 B: the road at 1/2 MP, Elves too
    if mover.elf:
        return 2                        # 15.1.1 A: Elves pay 1 MP for any passable hex
    cost = terrain.half_mp
    if hexmap.higher_side(a, b):
        cost += parts.slope_extra_half_mp   # 4.3 Slope: 1 additional MP
    return cost


def check_path(state: "SauronState", mover: Mover, path: tuple[str, ...], start_cost: int,
               from_off_map: bool, ending_rule) -> int:
    """Half MP a path costs, or raise IllegalAction naming the case it breaks."""
    from ...engine.errors import IllegalAction

    def refuse(refusal: Refusal):
        raise IllegalAction(refusal.reason, rule=refusal.rule)

    spent = start_cost
    hexes = list(path)
    previous = None if from_off_map else hexes.pop(0)
    if not hexes:
        raise IllegalAction("a move names at least one hex to enter", rule="4.0")
    first = True
    for b in hexes:
        cost = step_cost(state, mover, previous, b)
        if isinstance(cost, Refusal):
            refuse(cost)
        if first and previous is not None and previous in mover.zoc and not mover.leader:
            if not mover.elf:   # 6.11: only retreat, advance or the enemy's end frees it
                refuse(Refusal("6.11", f"the unit in {previous} is in an enemy Zone of "
                                       "Control and may not leave it"))
            cost += 2 * state.parts.movement["elf_leave_zoc_mp"]   # 15.1.2 A
        if previous is not None and previous != path[0] and previous in mover.zoc \
                and not mover.leader:
            refuse(Refusal("6.11", f"the unit had to stop on entering the enemy Zone of "
                                   f"Control at {previous}"))
        if b in mover.zoc and not mover.leader and mover.ezoc_rule:
            refuse(Refusal(mover.ezoc_rule, f"this unit may never voluntarily enter an enemy "
                                            f"Zone of Control ({b})"))
        if mover.road_limit and state.distance_to_road(b) > \
                state.parts.movement["reinforcement_road_limit"]:
            refuse(Refusal("14.1" if mover.side == "sauron" else "14.2 B",
                           f"in its first Movement Phase on the map a reinforcement stays "
                           f"within two hexes of the Road of the Orcs ({b})"))
        spent += cost
        if spent > mover.allowance:
            refuse(Refusal("4.26", f"entering {b} would take {half(spent)} MP, more than "
                                   f"the Movement Allowance of {half(mover.allowance)}"))
        previous = b
        first = False
    problem = ending_rule(path[-1])
    if problem:
        refuse(problem)
    return spent


def cheapest_paths(state: "SauronState", mover: Mover, start: str | None, start_cost: int,
                   entry_hexes: tuple[str, ...] = ()) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Every hex `mover` can reach, with the cheapest path (Dijkstra over step_cost).

    From `start` (a map hex), or from off the map into one of `entry_hexes`.
    """
    best: dict[str, tuple[int, tuple[str, ...]]] = {}
    queue: list[tuple[int, tuple[str, ...]]] = []
    if start is not None:
        first_cost = 0
        if start in mover.zoc and not mover.leader:
            if not mover.elf:
                return {}
            first_cost = 2 * state.parts.movement["elf_leave_zoc_mp"]
        heapq.heappush(queue, (start_cost, (start,)))
    else:
        for h in entry_hexes:
            cost = step_cost(state, mover, None, h)
            if isinstance(cost, Refusal) or start_cost + cost > mover.allowance:
                continue
            if h in mover.zoc and mover.ezoc_rule:
                continue
            heapq.heappush(queue, (start_cost + cost, (h,)))
        first_cost = 0
    limit = state.parts.movement["reinforcement_road_limit"]
    done: set[str] = set()
    while queue:
        spent, path = heapq.heappop(queue)
        here = path[-1]
        if here in done:
            continue
        done.add(here)
        if start is None or len(path) > 1:
            best[here] = (spent, path)
        if here in mover.zoc and not mover.leader and (len(path) > 1 or start is None):
            continue   # 6.11: entering an enemy ZOC ends the move
        for there in state.hexmap.neighbours[here]:
            if there in done:
                continue
            cost = step_cost(state, mover, here, there)
            if isinstance(cost, Refusal):
                continue
            if len(path) == 1 and start is not None:
                cost += first_cost
            total = spent + cost
            if total > mover.allowance:
                continue
            if there in mover.zoc and not mover.leader and mover.ezoc_rule:
                continue
            if mover.road_limit and state.distance_to_road(there) > limit:
                continue
            heapq.heappush(queue, (total, path + (there,)))
    if start is not None:
        best.pop(start, None)
    return best


def half(points: int) -> str:
    """Half MP as the rules write them: 3, 2½."""
    whole, rest = divmod(points, 2)
    return f"{whole}½" if rest and whole else "½" if rest else str(whole)
