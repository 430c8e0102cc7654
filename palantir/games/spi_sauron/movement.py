"""Movement (4.0), Zones of Control (6.0), stacking (5.0) and entering the map (14.0).

One function prices a single step for a mover (`step_cost`); checking a proposed path and
listing the cheapest path to every reachable hex both use it, so what is listed is exactly
what is accepted. Costs are in half Movement Points (the road costs 1/2 MP, 4.3).
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass

from ...engine.procedure import Refusal
from .components import Components
from .hexmap import HexMap, cube_of
from .units import WAITING, LeaderPiece, Unit


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
    clear_only: bool = False  # 8.41: a Wedge or Shield Wall keeps to clear terrain


def mover_of(state, piece: Unit | LeaderPiece, alone: bool = False) -> Mover:
    """The movement profile of a combat unit or leader in `state` (a unit in formation moves
    as its formation, 8.45, 15.3.3, unless it leaves it `alone`, 8.48)."""
    parts = state.parts
    if isinstance(piece, LeaderPiece):
        return Mover(piece.side, 2 * parts.movement["leader"], True, False, False, "",
                     piece.hex == WAITING or piece.first_turn_on_map == state.turn,
                     frozenset())
    unit_type = piece.type
    kind = unit_type.kind
    formation = None if alone else piece.formation
    allowance = 2 * parts.movement[formation or kind]
    # 7.15: missile-only units; 9.32: demoralized Z units never enter an EZOC voluntarily.
    ezoc_rule = "7.15" if unit_type.bowmen else \
        "9.32" if state.demoralized[piece.side] and piece.strength.morale == "Z" else ""
    return Mover(
        piece.side, allowance, False, kind == "cavalry", unit_type.elf, ezoc_rule,
        piece.hex == WAITING or piece.first_turn_on_map == state.turn,
        state.enemy_zoc(piece.side, dwarf=unit_type.dwarf),
        formation is not None and formation != "slave_phalanx")


CLEAR_TERRAIN = ("clear", "road")    # 8.41: a road runs through clear terrain


def static_step_cost(hexmap, parts, cavalry: bool, elf: bool, a: str | None,
                     b: str, clear_only: bool = False) -> int | Refusal:
    """Half MP to go from `a` (None: from off the map) into `b` by the map alone (4.3,
    15.1.1, errata Rough), before the enemy and the gate's state are looked at."""
    terrain_name = hexmap.terrain.get(b)
    if terrain_name is None:
        return Refusal("4.25", f"{b} is not a hex of the map")
    if a is not None and b not in hexmap.neighbours[a]:
        return Refusal("4.25", f"{a} and {b} are not adjacent: movement goes hex to hex")
    terrain = parts.terrain[terrain_name]
    if clear_only and (terrain_name not in CLEAR_TERRAIN or (a is not None and (
            hexmap.is_gate(a, b) or hexmap.higher_side(a, b)))):
        return Refusal("8.41", f"a special formation moves only into clear terrain and across "
                               f"no other hexside ({b})")
    if not terrain.passable:
        return Refusal("4.3", f"{b} is {terrain_name}: no unit may enter it")
    if cavalry and not terrain.cavalry:
        return Refusal("4.3", f"cavalry may not enter {terrain_name} ({b}; errata: Rough)")
    if a is None:   # entering from off the map: along the road at its ends (14.0 B)
        on_road = b in (hexmap.road_south_end, hexmap.road_north_end) and terrain.road_half_mp
        return terrain.road_half_mp if on_road else (2 if elf else terrain.half_mp)
    if hexmap.is_gate(a, b):
        return parts.gate_half_mp       # 4.3 Gate: 1 MP under Friendly control
    if hexmap.along_road(a, b):
        return terrain.road_half_mp     # 4.3, 15.1.1 B: the road at 1/2 MP, Elves too
    if elf:
        return 2                        # 15.1.1 A: Elves pay 1 MP for any passable hex
    cost = terrain.half_mp
    if hexmap.higher_side(a, b):
        cost += parts.slope_extra_half_mp   # 4.3 Slope: 1 additional MP
    return cost


def step_table(hexmap, parts, cavalry: bool, elf: bool,
               clear_only: bool = False) -> dict[str, dict[str, int]]:
    """Every step the map allows this kind of mover, a -> {b: half MP}, built once per map.

    The rules of 4.3 do not change during a game, so the Dijkstra of `cheapest_paths` and
    `step_cost` look steps up instead of reading the Terrain Effects Chart each time.
    """
    tables = hexmap.__dict__.setdefault("_step_tables", {})
    key = (cavalry, elf, clear_only)
    table = tables.get(key)
    if table is None:
        # static_step_cost's tests between two adjacent map hexes, written out over the
        # hexsides' facts (read once per map for every kind of mover): a table is made
        # several times a game from thousands of steps.
        gate_cost, slope_extra = parts.gate_half_mp, parts.slope_extra_half_mp
        table = {}
        for a, steps in hexside_facts(hexmap, parts).items():
            row = {}
            for b, terrain_name, terrain, gate, road, higher in steps:
                if clear_only and (terrain_name not in CLEAR_TERRAIN or gate or higher):
                    continue
                if not terrain.passable or (cavalry and not terrain.cavalry):
                    continue
                row[b] = gate_cost if gate else terrain.road_half_mp if road else \
                    2 if elf else terrain.half_mp + slope_extra if higher else terrain.half_mp
            table[a] = row
        tables[key] = table
    return table


def hexside_facts(hexmap, parts) -> dict[str, list[tuple]]:
    """a -> [(b, its terrain's name, its terrain, gate hexside, along the road, slope's
    higher hex)] for every map hex `b` beside `a`, in the order of the neighbours."""
    facts = hexmap.__dict__.get("_step_facts")
    if facts is None:
        terrain_of = hexmap.terrain.get
        facts = hexmap.__dict__["_step_facts"] = {
            a: [(b, terrain_of(b), parts.terrain[terrain_of(b)], hexmap.is_gate(a, b),
                 hexmap.along_road(a, b), hexmap.higher_side(a, b))
                for b in around if terrain_of(b) is not None]
            for a, around in hexmap.neighbours.items()}
    return facts


def step_cost(state, mover: Mover, a: str | None, b: str) -> int | Refusal:
    """Half MP for `mover` to go from `a` (None: from off the map) into adjacent `b`."""
    hexmap = state.hexmap
    cost = None
    if a is not None:
        row = step_table(hexmap, state.parts, mover.cavalry, mover.elf,
                         mover.clear_only).get(a)
        cost = row.get(b) if row is not None else None
    if cost is None:
        cost = static_step_cost(hexmap, state.parts, mover.cavalry, mover.elf, a, b,
                                mover.clear_only)
        if isinstance(cost, Refusal):
            return cost
    if state.enemy_occupied(b, mover.side):
        return Refusal("4.27", f"{b} is occupied by the enemy")
    if a is not None and b in hexmap.gate and a in hexmap.gate and \
            not state.gate_open_to(mover.side):
        return Refusal("18.0 C", "the Gates of Mordor are closed to Westernesse while "
                                 "Sauron is inside Mordor")
    return cost


def check_path(state, mover: Mover, path: tuple[str, ...], start_cost: int,
               from_off_map: bool, ending_rule) -> int:
    """Half MP a path costs, or raise Refusal naming the case it breaks."""

    def refuse(refusal: Refusal):
        raise refusal

    spent = start_cost
    hexes = list(path)
    previous = None if from_off_map else hexes.pop(0)
    if not hexes:
        raise Refusal("4.0", "a move names at least one hex to enter")
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


SEARCHES_KEPT = 1024       # path searches (and their decisions) kept per map (~25 MB)
SEARCHES_PER_PLACE = 1     # of them, kept for one mover in one place (the latest)


def cheapest_paths(state, mover: Mover, start: str | None, start_cost: int,
                   entry_hexes: tuple[str, ...] = ()) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Every hex `mover` can reach, with the cheapest path: `search_paths`, kept per map
    (kept_search)."""
    return kept_search(state, mover, start, start_cost, entry_hexes)[0]


def kept_search(state, mover: Mover, start: str | None, start_cost: int,
                entry_hexes: tuple[str, ...] = ()) -> list:
    """[reach, hexes read, enemy hexes among them, ZOC hexes among them, decisions made of
    it]: the search of `search_paths`, kept per map for each mover and place with the hexes
    it read (those it stood in and looked into), and served again wherever the enemy's
    pieces and Zones of Control among those hexes are as they were — the search then reads
    the same at every step, so it finds the same paths in the same order (a unit that
    stays where it stood, with the enemy near it as before, reaches the same hexes)."""
    kept = searches_of(state.hexmap)
    place = (mover.side, mover.allowance, mover.leader, mover.cavalry, mover.elf,
             mover.ezoc_rule, mover.road_limit, mover.clear_only, start, start_cost,
             entry_hexes, state.gate_open_to(mover.side))
    enemy = state.enemy_hexes(mover.side)
    zoc = frozenset() if mover.leader else mover.zoc
    searches = kept.get(place)
    if searches is not None:
        for search in searches:
            read = search[1]
            if enemy & read == search[2] and zoc & read == search[3]:
                del kept[place]         # kept longest now
                kept[place] = searches
                return search
    found, read = _search(state, mover, start, start_cost, entry_hexes)
    search = [found, read, enemy & read, zoc & read, {}]
    if searches is None:
        if len(kept) * SEARCHES_PER_PLACE >= SEARCHES_KEPT:
            del kept[next(iter(kept))]      # the place least recently served
        searches = kept[place] = []
    searches.insert(0, search)
    del searches[SEARCHES_PER_PLACE:]
    return search


def searches_of(hexmap: HexMap) -> dict:
    """The path searches kept for a map (and the decisions made of them): mover and place
    -> the latest kept_search entries."""
    kept = hexmap.__dict__.get("_searches")
    if kept is None:
        kept = hexmap.__dict__["_searches"] = {}
    return kept


def disc(hexmap: HexMap, centre: str, radius: int) -> frozenset[str]:
    """The map hexes at most `radius` hexes from `centre`, kept per map."""
    discs = hexmap.__dict__.setdefault("_discs", {})
    found = discs.get((centre, radius))
    if found is None:
        by_cube = hexmap.__dict__.get("_by_cube")
        if by_cube is None:
            by_cube = hexmap.__dict__["_by_cube"] = {cube_of(h)[::2]: h for h in hexmap.terrain}
        x, _, z = cube_of(centre)
        found = discs[(centre, radius)] = frozenset(
            h for h in (by_cube.get((x + dx, z + dz)) for dx, dz in _offsets(radius))
            if h is not None)
    return found


_OFFSETS: dict[int, tuple[tuple[int, int], ...]] = {}


def _offsets(radius: int) -> tuple[tuple[int, int], ...]:
    """(dx, dz) in cube coordinates of every hex at most `radius` from a hex."""
    found = _OFFSETS.get(radius)
    if found is None:
        found = _OFFSETS[radius] = tuple(
            (dx, dz) for dx in range(-radius, radius + 1) for dz in range(-radius, radius + 1)
            if abs(dx + dz) <= radius)
    return found


def search_paths(state, mover: Mover, start: str | None, start_cost: int,
                 entry_hexes: tuple[str, ...] = ()) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Every hex `mover` can reach, with the cheapest path (Dijkstra over step_cost).

    From `start` (a map hex), or from off the map into one of `entry_hexes`. The steps come
    from `step_table`; what depends on the position (enemy hexes 4.27, the gate 18.0 C,
    ZOCs 6.11, the road limit 14.1) is read once before the search.
    """
    return _search(state, mover, start, start_cost, entry_hexes)[0]


def _search(state, mover: Mover, start: str | None, start_cost: int,
            entry_hexes: tuple[str, ...] = ()) -> tuple[dict, frozenset[str]]:
    """search_paths, and the hexes whose enemy pieces and ZOCs it read: where it began,
    the hexes it reached and those it looked into."""
    table = step_table(state.hexmap, state.parts, mover.cavalry, mover.elf, mover.clear_only)
    blocked = state.enemy_hexes(mover.side)
    gate = state.hexmap.gate if not state.gate_open_to(mover.side) else frozenset()
    zoc = frozenset() if mover.leader else mover.zoc
    forbidden = zoc if mover.ezoc_rule else frozenset()    # 7.15, 9.32: never enter
    road = road_distances_of(state) if mover.road_limit else None
    limit = state.parts.movement["reinforcement_road_limit"]
    allowance = mover.allowance
    cost_of: dict[str, int] = {}
    parent: dict[str, str | None] = {}
    # Dial's bucket queue: steps cost a few whole half MP, so the hexes waiting to be
    # expanded are kept in one list per cost; a bucket is sorted by hex when its turn
    # comes, which is the order a heap of (cost, hex) would pop them in.
    buckets: list[list[str]] = [[] for _ in range(max(allowance, start_cost) + 1)]
    first_extra = 0
    if start is not None:
        if start in zoc:
            if not mover.elf:
                return {}, frozenset((start,))
            first_extra = 2 * state.parts.movement["elf_leave_zoc_mp"]   # 15.1.2 A
        cost_of[start], parent[start] = start_cost, None
        buckets[start_cost].append(start)
    else:
        for h in entry_hexes:
            cost = step_cost(state, mover, None, h)
            if isinstance(cost, Refusal) or start_cost + cost > allowance or h in forbidden:
                continue
            if h not in cost_of or start_cost + cost < cost_of[h]:
                cost_of[h], parent[h] = start_cost + cost, None
                buckets[start_cost + cost].append(h)
    best: dict[str, tuple[int, tuple[str, ...]]] = {}
    paths: dict[str, tuple[str, ...]] = {}
    # Every test that bars a hex whatever the step into it, as one set.
    closed = blocked | forbidden
    if road is not None:
        closed = closed | far_from_road(state.hexmap, limit)
    # what the search reads of the position: the enemy and ZOCs of the hexes it enters
    # and of those it looks into (a step it can pay for, to a hex not reached cheaper)
    looked_into: list[str] = []
    looked = looked_into.append
    known = cost_of.get
    over = allowance + 1
    # A hex is queued only at a cost lower than any before; one queued again cheaper is
    # passed over in its dearer bucket. A hex already expanded costs no more than the one
    # being expanded, so the cost test alone keeps the search from going back.
    for spent_here, hexes in enumerate(buckets):
        if not hexes:
            continue
        hexes.sort()
        for here in hexes:
            if cost_of[here] != spent_here:
                continue        # reached cheaper since
            spent = spent_here
            before = parent[here]
            path = paths[here] = (paths[before] + (here,)) if before is not None else (here,)
            if here == start:
                spent += first_extra
            else:
                best[here] = (spent, path)
                if here in zoc:
                    continue   # 6.11: entering an enemy ZOC ends the move
            at_gate = here in gate      # 18.0 C: closed to Westernesse while Sauron is inside
            for there, cost in table[here].items():
                total = spent + cost
                if total > allowance or total >= known(there, over):
                    continue
                looked(there)
                if there in closed or (at_gate and there in gate):
                    continue
                cost_of[there] = total
                parent[there] = here
                if total == spent_here:
                    # a step that costs nothing (no table of the game has one): into this
                    # bucket, among the hexes after this one in their order
                    insort(hexes, there, hexes.index(here) + 1)
                else:
                    buckets[total].append(there)
    read = set(entry_hexes)
    if start is not None:
        read.add(start)
    read.update(best)
    read.update(looked_into)
    return best, frozenset(read)


def far_from_road(hexmap: HexMap, limit: int) -> frozenset[str]:
    """Hexes more than `limit` hexes from the Road of the Orcs (14.1, 14.2 B)."""
    cached = hexmap.__dict__.setdefault("_far_from_road", {})
    found = cached.get(limit)
    if found is None:
        found = cached[limit] = frozenset(h for h, d in road_distances(hexmap).items()
                                          if d > limit)
    return found


def road_distances_of(state) -> dict[str, int]:
    """Hexes from every map hex to the Road of the Orcs (14.1, 14.2 B)."""
    return road_distances(state.hexmap)


def road_distances(hexmap: HexMap) -> dict[str, int]:
    """Hexes from every map hex to the nearest hex of the Road of the Orcs (14.1, 14.2 B)."""
    cached = getattr(hexmap, "_road_distances", None)
    if cached is None:
        # `distance` written out over the road's cubes: thousands of pairs, once a map
        road = [cube_of(r) for r in hexmap.road_hexes()]
        cached = {}
        for h in hexmap.terrain:
            x, y, z = cube_of(h)
            cached[h] = min(max(abs(x - rx), abs(y - ry), abs(z - rz)) for rx, ry, rz in road)
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


def half(points: int) -> str:
    """Half MP as the rules write them: 3, 2½."""
    whole, rest = divmod(points, 2)
    return f"{whole}½" if rest and whole else "½" if rest else str(whole)
