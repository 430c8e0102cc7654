"""What the computer general reads off the map before it decides: the odds of an attack
(7.41, 7.42), what a unit stands to lose where it stands and what it could inflict from
there, and how it holds the line with its friends.

Values are in points of a Demoralization Level: a loss of `d` Demoralization Points (9.12)
by an army with level `L` (20.0) is worth 100 * d / L, so each side weighs its own losses
and the enemy's by what they bring it toward defeat or victory (21.2).
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from .combat import stronger
from .hexmap import cube_of, distance
from .movement import hexside_facts
from .units import Unit
from .phases import is_night, spell_active
from .phases.combat import defending_morale, fanatical, melee_strength, missile_range, \
    missile_strength, weapon_in_hex

if TYPE_CHECKING:
    from .rules import SauronState

# A disrupted unit cannot move or attack and dies on its next retreat (7.57); a flipped
# unit fights weaker and dies on its next 1/2E (7.42): shares of its value they cost.
DISRUPTION_SHARE = 0.25
HALF_SHARE = 0.45
# 8.24: a leader stacked with a unit hit by 1/2E or E shares it on a 5 or 6.
LEADER_SHARES = 2 / 6
# An enemy within reach of a hex may attack it next turn, but it chooses one of the units
# within its reach: safety in numbers (a unit in its Zone of Control is attacked for sure).
TARGET_CHOICE = 1.5
TWO_DICE = {t: 6 - abs(t - 7) for t in range(2, 13)}     # ways to throw each 2d6 total


def hit_chance(parts, letter: str | None, armour: int, fanatical: bool = False) -> float:
    """7.41 (7.37 for fanatics): the chance one attack at `letter` causes a casualty."""
    if not letter:
        return 0.0
    if fanatical:
        return 1.0
    table = _hit_table(parts)
    return table.get((letter.upper(), max(1, min(4, armour))), 0.0)


def _hit_table(parts) -> dict:
    cached = parts.__dict__.get("_hit_table") if hasattr(parts, "__dict__") else None
    if cached is None:
        cached = {key: sum(TWO_DICE[t] for t in totals) / 36
                  for key, totals in parts.casualty_probability.items()}
        object.__setattr__(parts, "_hit_table", cached)
    return cached


def loss_on_casualty(parts, morale: str, value: float, reduced: bool, disrupted: bool) -> float:
    """7.42, 7.57: the expected loss (in the unit's own value) when a casualty is inflicted
    on a unit with this morale: E all of it, 1/2E half (all if already flipped), a retreat
    its disruption (all if it is disrupted already: it cannot retreat)."""
    key = (morale, reduced, disrupted)
    table = parts.__dict__.get("_loss_table")
    if table is None:
        table = {}
        object.__setattr__(parts, "_loss_table", table)
    share = table.get(key)
    if share is None:
        share = 0.0
        for die in range(1, 7):
            result = parts.casualty_results[die, morale]
            if result.eliminated or (result.half_eliminated and reduced):
                share += 1.0
            elif result.half_eliminated:
                share += HALF_SHARE + (1 - HALF_SHARE if disrupted and result.retreat
                                       else DISRUPTION_SHARE if result.retreat else 0.0)
            elif result.retreat:
                share += 1.0 if disrupted else DISRUPTION_SHARE
        share /= 6
        table[key] = share
    return share * value


def beyond_reach(unit: Unit, front: int) -> bool:
    """Whether `unit`, `front` hexes from the enemy, can strike nothing in its next Combat
    Phase: disrupted, or no enemy within reach of its missiles (7.1) or its melee (7.3)."""
    return unit.disrupted or front > 3 or (front > 1 and not unit.strength.missile)


class Battlefield:
    """One side's reading of a position: its units and the enemy's, the enemy's reach, and
    the values of standing and striking in each hex (per unit, with friends as they are)."""

    def __init__(self, state: "SauronState", side: str):
        self.state = state
        self.parts = state.parts
        self.hexmap = state.hexmap
        self.side = side
        self.enemy = "westernesse" if side == "sauron" else "sauron"
        levels = self.parts.demoralization_levels
        # points per Demoralization Point lost: own losses and the enemy's
        self.own_rate = 100 / levels[side]
        self.enemy_rate = 100 / levels[self.enemy]
        self.mine: dict[str, Unit] = {}
        self.theirs: dict[str, Unit] = {}
        for unit in state.units.values():
            if unit.on_map:
                (self.mine if unit.side == side else self.theirs).setdefault(unit.hex, unit)
        self.enemy_zoc = state.enemy_zoc(side)            # where my units must stop
        self.gate_shut = not state.gate_open_to(self.enemy)   # 18.0 C
        self.night = is_night(state)
        # The reading depends on the enemy's units, on the enemy's leaders (weapons, the
        # Ringwraith's Wrath), the spells, and of mine only on which enemy units their ZOCs
        # hold in place (6.11): so my moves that touch no enemy leave it as it was.
        enemy = self.enemy
        stuck = state.enemy_zoc(enemy)
        enemy_key = (id(self.parts), side, self.night, state.demoralized[enemy],
                     state.demoralized[side], state.gate_breached(),
                     tuple((u.hex, u.reduced, u.disrupted, u.partner)
                           for u in state.units.values() if u.side == enemy),
                     frozenset(h for h in self.theirs if h in stuck),
                     tuple((p.hex, p.weapon) for p in state.leaders.values()
                           if p.side == enemy),
                     tuple(sorted(state.spell_until.items())))
        cached = _ENEMY_READINGS.get(enemy_key)
        if cached is None:
            if len(_ENEMY_READINGS) >= READINGS_KEPT:
                del _ENEMY_READINGS[next(iter(_ENEMY_READINGS))]     # the oldest
            cached = _ENEMY_READINGS[enemy_key] = self._read_enemy_from()
        self.front, self.reach, self.radius = cached
        self._sides = _sides_of(self.hexmap, self.parts)
        self._targets: dict[str, float] = {}
        self._misses: dict[tuple, float] = {}
        self._losses: dict[tuple, float] = {}
        self.leaders_by_hex: dict[str, list] = {}
        for piece in state.leaders.values():
            if piece.on_map:
                self.leaders_by_hex.setdefault(piece.hex, []).append(piece)

    # ----- the enemy, read once per enemy position -----------------------------------------

    def _read_enemy(self, threats: dict | None = None):
        """Hexes from every hex to the nearest enemy unit, and the enemy attacks that could
        fall on each hex next turn: (letter, missile?, unit hex), strongest first.
        `threats`: self._threats(), if already read."""
        if threats is None:
            threats = self._threats()
        front = _front_of(self.hexmap, tuple(self.theirs))
        reach: dict[str, list] = {}
        at = reach.get
        for where, threat in threats.items():
            for attack, hexes in _attacks_of(self.hexmap, where, threat):
                for h in hexes:
                    attacks = at(h)
                    if attacks is None:
                        reach[h] = [attack]
                    else:
                        attacks.append(attack)
        for attacks in reach.values():
            attacks.sort()
        return front, reach, _radius(threats)

    def _threats(self) -> dict:
        """Per enemy unit's hex, all its attacks depend on: (melee letter or None, missile
        letter or None, allowance, missile range); none for a disrupted unit."""
        state = self.state
        stuck = state.enemy_zoc(self.enemy)      # enemy units in my ZOC cannot move away
        threats = {}
        for where, unit in self.theirs.items():
            if unit.disrupted:
                continue        # 7.57: it may not move or attack until rallied
            allowance = 0 if where in stuck and not unit.type.elf else \
                self.parts.movement[unit.formation or unit.type.kind]
            melee = melee_strength(state, unit) if unit.strength.melee else None
            if state.demoralized[unit.side] and unit.strength.morale == "Z":
                melee = None
            missile = missile_strength(state, unit) if unit.strength.missile else None
            threats[where] = (melee, missile, allowance,
                              missile_range(state, unit) if missile else 0)
        return threats

    def _read_enemy_from(self):
        """_read_enemy, from the last reading of this side: only the attacks of the units
        whose threat changed (moved, held by my ZOC, flipped, struck harder by a leader, a
        spell or the night) are taken out and put in, each list kept in order; another
        reading shares the lists it does not change. A reading is made of the threats and
        the enemy's places alone, so any earlier one serves as a base."""
        threats = self._threats()
        common = (self.side, id(self.hexmap))
        base = _READING_BASES.get(common)
        if base is None or base[0] is not self.hexmap:
            reading = self._read_enemy(threats)
        else:
            _, old_threats, (_, old_reach, _) = base
            gone = [(w, t) for w, t in old_threats.items() if threats.get(w) != t]
            new = [(w, t) for w, t in threats.items() if old_threats.get(w) != t]
            if 2 * (len(gone) + len(new)) > len(threats):
                reading = self._read_enemy(threats)
            else:
                reach = dict(old_reach)
                copied: set[str] = set()
                for where, threat in gone:
                    for attack, hexes in _attacks_of(self.hexmap, where, threat):
                        for h in hexes:
                            attacks = reach[h]
                            if h not in copied:
                                attacks = reach[h] = list(attacks)
                                copied.add(h)
                            attacks.remove(attack)
                            if not attacks:
                                del reach[h]
                                copied.discard(h)
                for where, threat in new:
                    for attack, hexes in _attacks_of(self.hexmap, where, threat):
                        for h in hexes:
                            attacks = reach.get(h)
                            if attacks is None:
                                reach[h] = [attack]
                                copied.add(h)
                                continue
                            if h not in copied:
                                attacks = reach[h] = list(attacks)
                                copied.add(h)
                            insort(attacks, attack)
                reading = (_front_of(self.hexmap, tuple(self.theirs)), reach, _radius(threats))
        if len(_READING_BASES) >= READINGS_KEPT:
            del _READING_BASES[next(iter(_READING_BASES))]     # the oldest
        _READING_BASES.pop(common, None)
        _READING_BASES[common] = (self.hexmap, threats, reading)
        return reading

    # ----- values ------------------------------------------------------------------------

    def unit_value(self, unit: Unit) -> float:
        """9.12: the Demoralization Value of a unit (both units of a formation), with the
        leaders stacked with it that would share its fate (8.24)."""
        value = float(self.parts.demoralization_value(unit.type.key))
        if unit.partner:
            value *= 2
        return value

    def leader_stake(self, hex_name: str, side: str) -> float:
        """What the leaders in a hex are worth to their army, in its Demoralization Points:
        a slain Westernesse leader adds his rating and his weapon 20 (20.2); Sauron slain
        demoralizes his army (20.1 C)."""
        stake = 0.0
        levels = self.parts.demoralization_levels
        for piece in self.leaders_by_hex.get(hex_name, ()):
            if piece.side != side:
                continue
            if piece.key == "sauron":
                stake += levels["sauron"]
            elif side == "westernesse":
                stake += piece.leader.rally + (levels["magic_weapon_lost"] if piece.weapon else 0)
            else:
                stake += 4       # a Sauron leader: rallies and duels lost
        return stake

    def morale_of(self, unit: Unit) -> str:
        """15.4 B: Orcs defend a level braver at night."""
        return defending_morale(self.state, unit)

    def loss_if_hit(self, unit: Unit, hex_name: str) -> float:
        """Expected Demoralization Points lost by `unit`'s army if a casualty falls on it in
        `hex_name` (its leaders' share included)."""
        # all it reads of the unit (its counter, markers, formation and the leaders with
        # it); the position is the reading's
        key = (unit.id, unit.hex, unit.reduced, unit.disrupted, unit.partner, unit.formation)
        loss = self._losses.get(key)
        if loss is None:
            value = self.unit_value(unit)
            loss = loss_on_casualty(self.parts, self.morale_of(unit), value, unit.reduced,
                                    unit.disrupted)
            # its leaders share its fate (8.24: they go to the nearest unit when it is
            # eliminated)
            stake = self.leader_stake(unit.hex, unit.side)
            if stake:
                loss += stake * LEADER_SHARES * self._harm_share(self.morale_of(unit))
            self._losses[key] = loss
        return loss

    def _harm_share(self, morale: str) -> float:
        shares = self.parts.__dict__.get("_harm_shares")
        if shares is None:
            shares = {}
            object.__setattr__(self.parts, "_harm_shares", shares)
        share = shares.get(morale)
        if share is None:
            results = self.parts.casualty_results
            share = shares[morale] = sum(1 for die in range(1, 7)
                                         if results[die, morale].half_eliminated
                                         or results[die, morale].eliminated) / 6
        return share

    def armour_in(self, unit: Unit, hex_name: str, attacker_hex: str | None) -> int:
        """The armour `unit` would defend with in `hex_name` against an attack from
        `attacker_hex` (terrain, up-slope hexside: 4.3)."""
        parts = self.parts
        bonus = parts.terrain[self.hexmap.terrain[hex_name]].armour
        if attacker_hex is not None and self.hexmap.higher_side(attacker_hex, hex_name) == \
                hex_name:
            bonus += parts.slope_armour
        return min(parts.armour_maximum, unit.strength.armour + bonus)

    def exposure(self, unit: Unit, hex_name: str, leaving: str | None = None) -> float:
        """Expected points lost if `unit` stands in `hex_name` through the enemy's next
        Combat Phase: the enemies that can reach it, as many as there are hexes to attack
        from (friends beside it close some), until one causes a casualty."""
        attacks = self.reach.get(hex_name)
        if not attacks:
            return 0.0
        sides, adjacent, uphill, bonus, gate_other = self._sides[hex_name]
        if not self.gate_shut:
            gate_other = None       # 18.0 C: only a closed gate bars its hexside
        mine = self.mine
        open_sides = [n for n in sides if (n not in mine or n == leaving) and n != gate_other]
        slots = len(open_sides)
        first = open_sides[0] if open_sides else None
        armour = unit.strength.armour
        # The chance every attack misses depends on the hex, the armour, and the sides open
        # to attack (how many, and the one an attack from afar comes through): kept.
        key = (hex_name, armour, slots, first)
        miss = self._misses.get(key)
        if miss is None:
            parts = self.parts
            table = _hit_table(parts)
            armour += bonus           # 4.3: the hex's terrain
            flat = max(1, min(4, min(parts.armour_maximum, armour)))
            up = max(1, min(4, min(parts.armour_maximum, armour + parts.slope_armour)))
            miss = 1.0
            used = 0
            for letter, missile, where in attacks:
                if missile:
                    miss *= 1 - 0.5 * table.get((letter.upper(), flat), 0.0)
                    continue
                if used >= slots or where == gate_other:
                    continue        # no room left, or the closed gate between (18.0 C)
                used += 1
                side_hex = where if where in adjacent else first
                chance = table.get((letter.upper(), up if side_hex in uphill else flat), 0.0)
                if where not in adjacent:
                    chance *= self.attack_share(where)
                miss *= 1 - chance
            self._misses[key] = miss
        return (1 - miss) * self.loss_if_hit(unit, hex_name) * self.own_rate

    def attack_share(self, enemy_hex: str) -> float:
        """The chance the enemy unit in `enemy_hex` picks a given one of my units within its
        reach (it attacks one a turn)."""
        share = self._targets.get(enemy_hex)
        if share is None:
            radius = self.radius.get(enemy_hex, 0)
            near = sum(1 for there in _within(self.hexmap, enemy_hex, radius)
                       if there in self.mine)
            share = self._targets[enemy_hex] = min(1.0, TARGET_CHOICE / max(1, near))
        return share

    def strike(self, unit: Unit, hex_name: str) -> float:
        """Expected points `unit` inflicts from `hex_name` in its next Combat Phase: its
        missile fire (7.1) and its melee (7.3), each at the best target it can reach."""
        state = self.state
        if beyond_reach(unit, self.front.get(hex_name, 99)):
            return 0.0
        best_missile = best_melee = 0.0
        fanatic = fanatical(state, unit)
        if unit.strength.missile:
            letter = missile_strength(state, unit)
            theirs = self.theirs
            for there in _within(self.hexmap, hex_name, missile_range(state, unit)):
                enemy = theirs.get(there)
                if enemy is not None:
                    armour = self.armour_in(enemy, there, None)
                    value = hit_chance(self.parts, letter, armour) * \
                        self.loss_if_hit(enemy, there)
                    best_missile = max(best_missile, value)
        if unit.strength.melee and not (state.demoralized[unit.side]
                                        and unit.strength.morale == "Z"):
            letter = self.melee_letter(unit, hex_name)
            cavalry = unit.type.kind == "cavalry"
            for there in self.hexmap.neighbours[hex_name]:
                enemy = self.theirs.get(there)
                if enemy is None:
                    continue
                if cavalry and not self.parts.terrain[self.hexmap.terrain[there]].cavalry:
                    continue        # 7.36
                armour = self.armour_in(enemy, there, hex_name)
                value = hit_chance(self.parts, letter, armour, fanatic) * \
                    self.loss_if_hit(enemy, there)
                best_melee = max(best_melee, value)
        return (best_missile + best_melee) * self.enemy_rate

    def melee_letter(self, unit: Unit, hex_name: str) -> str:
        """The melee letter `unit` would attack with from `hex_name` (Wrath 16.2 within five
        hexes of the Ringwraith, a magic weapon in its hex 19.1.2)."""
        state = self.state
        letter = unit.strength.melee
        levels = 0
        if unit.side == "sauron" and spell_active(state, "wrath_of_the_ringwraith"):
            wraith = state.leaders.get("ringwraith")
            if wraith is not None and wraith.on_map and distance(hex_name, wraith.hex) <= 5:
                levels += 1
        if unit.hex == hex_name and weapon_in_hex(state, unit.hex, unit.side):
            levels += 1
        if levels:
            letter = stronger(letter, levels)
        return letter

    def friends_beside(self, hex_name: str, leaving: str | None = None) -> int:
        """Friendly combat units adjacent to a hex (the one leaving `leaving` not counted)."""
        beside = _neighbour_sets(self.hexmap)[hex_name] & self.mine.keys()
        return len(beside) - (leaving in beside)

    def isolated(self, hex_name: str, leaving: str | None = None) -> bool:
        """No friendly combat unit within two hexes."""
        mine = self.mine
        for there in _within(self.hexmap, hex_name, 2):
            if there in mine and there != leaving and there != hex_name:
                return False
        return True


_ENEMY_READINGS: dict = {}
# The last reading made with each key but the enemy units' (what a reading is made from
# anew by the units that changed): (side, id of the map) -> (map, threats, reading).
_READING_BASES: dict = {}
# A reading is asked for again by the next decisions of the same position, seldom later;
# each holds hundreds of lists the garbage collector walks through at every full pass.
READINGS_KEPT = 16
_FRONTS: dict = {}
FRONTS_KEPT = 64        # a front is shared within a phase or two; each holds every map hex


def _radius(threats: dict) -> dict[str, int]:
    """Per enemy unit that may melee, how far off it can strike (its allowance + 1)."""
    return {where: threat[2] + 1 for where, threat in threats.items() if threat[0]}


def _attacks_of(hexmap, where: str, threat: tuple) -> list:
    """The attacks an enemy unit in `where` with `threat` (Battlefield._threats) could
    make next turn, each with the hexes it could fall on."""
    melee, missile, allowance, missile_reach = threat
    found = []
    if melee:
        found.append(((melee, False, where), _within(hexmap, where, allowance + 1)))
    if missile:
        found.append(((missile, True, where), _within(hexmap, where, allowance + missile_reach)))
    return found


def _front_of(hexmap, sources: tuple[str, ...]) -> dict[str, int]:
    """Hexes from every hex to the nearest of `sources` (a breadth-first search of the
    map), kept per set of sources: both sides' readings of one phase share the enemy's."""
    key = (id(hexmap), sources)
    front = _FRONTS.get(key)
    if front is not None:
        return front
    names, index, around = _hex_graph(hexmap)
    steps_to = [-1] * len(names)
    frontier = []
    for h in sources:
        i = index[h]
        if steps_to[i] < 0:
            steps_to[i] = 0
            frontier.append(i)
    steps = 0
    while frontier:
        steps += 1
        grown = []
        for here in frontier:
            for there in around[here]:
                if steps_to[there] < 0:
                    steps_to[there] = steps
                    grown.append(there)
        frontier = grown
    # most often every hex is reached: the dict is then made in one go
    front = dict(zip(names, steps_to)) if -1 not in steps_to else \
        {h: d for h, d in zip(names, steps_to) if d >= 0}
    if len(_FRONTS) > FRONTS_KEPT:
        _FRONTS.clear()
    _FRONTS[key] = front
    return front


def _hex_graph(hexmap) -> tuple[list[str], dict[str, int], list[tuple[int, ...]]]:
    """The map's hexes numbered, each with the numbers of its neighbours (built once per
    map): a breadth-first search of the map runs on lists, not on dictionaries."""
    found = hexmap.__dict__.get("_hex_graph")
    if found is None:
        names = list(hexmap.neighbours)
        index = {h: i for i, h in enumerate(names)}
        around = [tuple(index[n] for n in hexmap.neighbours[h]) for h in names]
        found = hexmap.__dict__["_hex_graph"] = (names, index, around)
    return found


def _neighbour_sets(hexmap) -> dict[str, frozenset[str]]:
    """Per hex, its neighbours as a set to meet a side's units with (built once per map)."""
    found = hexmap.__dict__.get("_neighbour_sets")
    if found is None:
        found = hexmap.__dict__["_neighbour_sets"] = {
            h: frozenset(around) for h, around in hexmap.neighbours.items()}
    return found


def _sides_of(hexmap, parts) -> dict:
    """Per hex, what exposure asks of its hexsides (the map's, built once): the passable
    neighbours an enemy may attack from, all neighbours, those an attack from which is
    up a slope (4.3), the terrain's armour, and the hex across the Gate hexside (18.0 C)."""
    found = hexmap.__dict__.get("_exposure_sides")
    if found is None:
        found = {}
        # read off the hexsides' facts the step tables are made from (each a hex beside
        # `here`, in the neighbours' order): no hexside written out again per question
        for here, steps in hexside_facts(hexmap, parts).items():
            around = hexmap.neighbours[here]
            sides = tuple(n for n, _, terrain, _, _, _ in steps if terrain.passable)
            uphill = frozenset(n for n, _, _, _, _, higher in steps if higher == here)
            gate_other = next((n for n, _, _, gate, _, _ in steps if gate), None)
            found[here] = (sides, frozenset(around), uphill,
                           parts.terrain[hexmap.terrain[here]].armour, gate_other)
        hexmap.__dict__["_exposure_sides"] = found
    return found


def _within(hexmap, hex_name: str, radius: int) -> list[str]:
    """Map hexes at most `radius` from `hex_name` (hexmap.within, by cube coordinates)."""
    cache = hexmap.__dict__.get("_within")
    if cache is None:
        cache = hexmap.__dict__["_within"] = {}
    key = (hex_name, radius)
    found = cache.get(key)
    if found is None:
        x, y, z = cube_of(hex_name)
        at = _hexes_by_cube(hexmap).get
        found = []
        for dx in range(-radius, radius + 1):
            for dy in range(max(-radius, -dx - radius), min(radius, -dx + radius) + 1):
                h = at((x + dx, y + dy, z - dx - dy))
                if h is not None:
                    found.append(h)
        cache[key] = found
    return found


def _hexes_by_cube(hexmap) -> dict[tuple[int, int, int], str]:
    """The map's hexes by their cube coordinates (built once per map): a disc is read off
    it, not written out as ids and looked up."""
    found = hexmap.__dict__.get("_hexes_by_cube")
    if found is None:
        found = hexmap.__dict__["_hexes_by_cube"] = {cube_of(h): h for h in hexmap.terrain}
    return found
