"""The Beast of Mordor (17.0): conjured by Sauron at night, moved in Sauron's Movement
Phase, given Flight, Horn Attack, Magic Armor or Death Breath from the Pedestal, and killed
by missiles, melee or a leader with a magic weapon (17.3); its death costs Sauron 15 DPs
(20.1 B). Rulings where the rules are silent are in docs/spi-sauron.md.
"""

from __future__ import annotations

from ...engine.procedure import Refusal
from .combat import defending_armour, resolve_attack
from .hexmap import CUBE_STEPS, DIRECTIONS, cube_of, distance, from_cube, hex_id, line_hexes
from .notation import Attack, Fire, Move
from .units import ELIMINATED, WAITING
from .phases.magic import is_night, spell_active
from .phases.losses import add_demoralization, eliminate_unit, hurt_leader

BEAST = "beast"
BEAST_SPELLS = ("beast_flight", "horn_attack", "magic_armour", "death_breath")
# The two frontal hexsides (17.2.4): a pair of neighbouring directions, clockwise.
FACINGS = tuple(f"{DIRECTIONS[i]}-{DIRECTIONS[(i + 1) % 6]}" for i in range(6))


class BeastPiece:
    """The Beast's counter: where it is, which side is up, whether it moved this phase."""

    __slots__ = ("key", "side", "hex", "reduced", "moved")

    def __init__(self):
        self.key = BEAST
        self.side = "sauron"
        self.hex = WAITING          # not conjured yet; ELIMINATED once slain (17.0 C)
        self.reduced = False        # 17.3.3: flipped by a 1/2E result
        self.moved = False

    @property
    def on_map(self) -> bool:
        """Whether the Beast stands on a map hex."""
        return self.hex not in (WAITING, ELIMINATED)

    def copy(self) -> "BeastPiece":
        """An independent copy (for State.clone)."""
        other = object.__new__(BeastPiece)
        for name in BeastPiece.__slots__:
            setattr(other, name, getattr(self, name))
        return other


def kill_zone(beast_hex: str, facing: str, on_map) -> list[str]:
    """17.2.4: the hexes beyond the Beast's two frontal hexsides, two hexes deep: the two
    neighbours through those hexsides and the three hexes beyond them (reconstructed from the
    lost diagram)."""
    first, second = facing.split("-")
    x, y, z = cube_of(beast_hex)
    a, b = CUBE_STEPS[first], CUBE_STEPS[second]
    offsets = (a, b, tuple(2 * v for v in a), tuple(p + q for p, q in zip(a, b)),
               tuple(2 * v for v in b))
    found = []
    for dx, dy, dz in offsets:
        column, row = from_cube(x + dx, y + dy, z + dz)
        if 0 < column < 100 and 0 < row < 100 and on_map(hex_id(column, row)):
            found.append(hex_id(column, row))
    return found


class BeastMixin:
    """Part of SauronState: the Beast of Mordor."""

    # ----- what is in force --------------------------------------------------------------

    def beast_capability(self, key: str) -> bool:
        """Whether a Magic Capability of the Beast is in force this turn (17.2)."""
        return self.beast.on_map and spell_active(self, key)

    def beast_spell_cost(self, key: str) -> int:
        """17.2, 17.3.3: a capability's cost, doubled once the Beast is flipped."""
        cost = self.parts.spells[key].cost
        return 2 * cost if self.beast.reduced and key in BEAST_SPELLS else cost

    def beast_refusal(self, key: str, facing: str | None) -> tuple[str, str] | None:
        """Why Sauron may not cast a spell of 17.0 now (beyond 8.54's), or None."""
        if key == "conjure_beast":
            if self.beast.hex != WAITING:
                return ("17.0 C", "the Beast has been conjured already; once slain it never "
                                  "returns")
            if not is_night(self):
                return ("17.0 A", "the Beast is conjured only on a night turn")
        elif key in BEAST_SPELLS and not self.beast.on_map:
            return ("17.2 A", "the Beast of Mordor is not on the map")
        if key == "death_breath":
            if facing not in FACINGS:
                return ("17.2.4", f"Death Breath names the Beast's two frontal hexsides, one "
                                  f"of {', '.join(FACINGS)}")
        elif facing is not None:
            return ("8.54", "only Death Breath names a facing")
        return None

    def carry_out_beast_spell(self, key: str, facing: str | None) -> None:
        """17.0 B: the Beast appears with Sauron; 17.2.4: the breath kills at once."""
        if key == "conjure_beast":
            self.beast.hex = self.leaders["sauron"].hex
            self.beast.moved = False
            self.beast_conjured_in = (self.turn, self.phase_index)
            self.news.append(f"The Beast of Mordor appears in {self.beast.hex} (17.0 B)")
        elif key == "death_breath":
            self.death_breath(facing)
        elif key == "magic_armour":
            # 17.2.3: duration unlimited, until the Beast is slain
            self.spell_until[key] = self.parts.last_turn

    def beast_bonus_cast(self) -> bool:
        """17.0 A: in the Magic Leader Movement Phase right after it appears, a capability may
        be activated even though Sauron cast the conjuring this turn (3.0 E)."""
        turn, phase = self.beast_conjured_in
        return self.beast.on_map and turn == self.turn and phase < self.phase_index

    def death_breath(self, facing: str) -> None:
        """17.2.4, 19.2.1: every Westernesse unit (and leader) in the kill zone dies."""
        zone = kill_zone(self.beast.hex, facing, lambda h: h in self.hexmap.terrain)
        self.news.append(f"The Beast breathes death {facing} from {self.beast.hex} over "
                         f"{', '.join(zone) or 'no hex of the map'} (17.2.4)")
        # leaders first: a leader whose unit dies would otherwise be moved out (8.24)
        for h in zone:
            for piece in list(self.leaders_at(h)):
                if piece.side == "westernesse" and piece.on_map:
                    hurt_leader(self, piece, True, "Death Breath, 17.2.4")
        for h in zone:
            for unit in list(self.combat_units_at(h)):
                if unit.side == "westernesse":
                    eliminate_unit(self, unit, "Death Breath, 17.2.4")

    # ----- movement (17.1, 17.2.1) -------------------------------------------------------

    def beast_allowance(self) -> int:
        """17.1 A, 17.3.3: MA 4, halved once flipped (in half MP)."""
        allowance = 2 * self.parts.movement["beast"]
        return allowance // 2 if self.beast.reduced else allowance

    def beast_end_refusal(self, hex_name: str) -> str | None:
        """Where the Beast may end a move: a passable hex free of the enemy (4.3, 4.27)."""
        terrain = self.hexmap.terrain.get(hex_name)
        if terrain is None or not self.parts.terrain[terrain].passable:
            return f"{hex_name} is no passable hex of the map"
        if self.enemy_occupied(hex_name, "sauron"):
            return f"{hex_name} is occupied by the enemy"
        return None

    def beast_moves(self) -> list:
        """The Beast's moves: by Flight (17.2.1) a straight line to any hex within 12, else the
        cheapest path within its MA, ignoring EZOCs (17.1 B)."""
        beast = self.beast
        if not beast.on_map or beast.moved or self.phase.key != "sauron-movement":
            return []
        if self.beast_capability("beast_flight"):
            reach = self.parts.movement["beast_flight_hexes"]
            found = []
            for h in self.hexmap.terrain:
                if h != beast.hex and distance(beast.hex, h) <= reach and \
                        self.beast_end_refusal(h) is None:
                    found.append(Move(tuple(line_hexes(beast.hex, h, 1e-6)), BEAST))
            return found
        from .movement import Mover, cheapest_paths
        mover = Mover("sauron", self.beast_allowance(), True, False, False, "", False,
                      frozenset())
        return [Move(path, BEAST) for there, (_, path) in
                cheapest_paths(self, mover, beast.hex, 0).items()
                if self.beast_end_refusal(there) is None]

    def check_beast_move(self, action: Move) -> None:
        """17.1, 17.2.1: the Beast's move, or Refusal naming the case."""
        beast = self.beast
        if self.phase.key != "sauron-movement":
            raise Refusal("17.1", "the Beast moves in the Forces of Sauron Movement Phase")
        if not beast.on_map:
            raise Refusal("17.0", "the Beast of Mordor is not on the map")
        if beast.moved:
            raise Refusal("4.24", "the Beast has moved this phase")
        if action.path[0] != beast.hex:
            raise Refusal("4.0", f"the Beast is in {beast.hex}, not {action.path[0]}")
        if not any(str(m) == str(action) for m in self.beast_moves()):
            flight = self.beast_capability("beast_flight")
            raise Refusal(
                "17.2.1" if flight else "17.1",
                "by Flight the Beast flies a straight line of at most 12 hexes to a passable "
                "hex free of the enemy" if flight else
                f"the Beast moves hex to hex within its MA of "
                f"{self.beast_allowance() // 2}, never into the enemy or impassable terrain")

    def carry_out_beast_move(self, action: Move) -> None:
        """Move the Beast."""
        was = self.beast.hex
        self.beast.hex = action.path[-1]
        self.beast.moved = True
        self._zoc.clear()
        self.news.append(f"Sauron: the Beast of Mordor moves from {was} to {action.path[-1]}")

    # ----- combat (17.2.2, 17.3) ---------------------------------------------------------

    def beast_combat_candidates(self, step: int) -> list:
        """Fire at the Beast, melee it, strike it with a magic weapon, or its Horn Attack."""
        beast = self.beast
        if not beast.on_map:
            return []
        side = self.phasing_side()
        found: list = []
        if side == "westernesse":
            if step <= 0:
                for unit in self.units.values():
                    if unit.side == side and unit.on_map and self.beast_fire_refusal(unit) \
                            is None:
                        found.append(Fire(unit.hex, BEAST))
            attackers = self.beast_attackers()
            for a in attackers:
                found.append(Attack(BEAST, (a,)))
            if len(attackers) > 1:
                found.append(Attack(BEAST, tuple(attackers)))
        elif self.beast_capability("horn_attack") and BEAST not in self.attacked:
            for there in self.hexmap.neighbours[beast.hex]:
                if any(u.side != side for u in self.combat_units_at(there)):
                    found.append(Attack(there, (BEAST,)))
        return found

    def beast_fire_refusal(self, unit) -> str | None:
        """17.3.1, 17.3.2: why a missile unit may not fire at the Beast now."""
        if self.beast_capability("magic_armour"):
            return "the Beast has Magic Armor: only a leader with a magic weapon may attack it"
        if not self.may_fire(unit):
            return "this unit may not fire now (7.11, 7.14, 7.57)"
        if distance(unit.hex, self.beast.hex) > self.missile_range(unit):
            return "the Beast is out of range (7.12)"
        from .hexmap import clear_line
        if not clear_line(self.hexmap, unit.hex, self.beast.hex, None,
                          self.missile_blocking_terrain()):
            return "the line of fire crosses a Mountain hex (7.13)"
        return None

    def beast_attackers(self) -> list[str]:
        """Who may melee the Beast now: adjacent units (17.3.1), or with Magic Armor only
        adjacent leaders carrying a magic weapon (17.3.2) — named by hex or by leader."""
        if self.combat_step > 2:
            return []
        beast_hex = self.beast.hex
        if self.beast_capability("magic_armour"):
            return [p.key for p in self.leaders.values()
                    if p.side == "westernesse" and p.on_map and p.weapon
                    and p.key not in self.attacked and distance(p.hex, beast_hex) == 1]
        return sorted(u.hex for u in self.units.values()
                      if u.side == "westernesse" and u.on_map and u.strength.melee
                      and self.may_melee(u) is None and distance(u.hex, beast_hex) == 1
                      and not (u.type.kind == "cavalry" and not self.parts.terrain[
                          self.hexmap.terrain[beast_hex]].cavalry))

    def beast_in_play(self, action) -> bool:
        """Whether a Fire or Attack decision concerns the Beast."""
        if isinstance(action, Fire):
            return action.target == BEAST
        return action.defender == BEAST or BEAST in action.attackers

    def check_beast_combat(self, action) -> None:
        """The Beast's combats, or Refusal naming the case."""
        listed = {str(a) for a in self.beast_combat_candidates(self.combat_step)}
        if self.pending or self.phase.kind != "combat" or str(action) not in listed:
            if isinstance(action, Fire):
                rule = "17.3.2" if self.beast_capability("magic_armour") else "7.1"
            elif BEAST in getattr(action, "attackers", ()):
                rule = "17.2.2"
            else:
                rule = "17.3.2" if self.beast_capability("magic_armour") else "17.3.1"
            raise Refusal(rule, f"'{action}' is not a combat open to the phasing player now "
                                f"(the Beast: {self.beast.hex})")

    def carry_out_beast_combat(self, action) -> None:
        """Resolve a missile fire, melee or strike at the Beast, or its Horn Attack."""
        if isinstance(action, Fire):
            self.combat_step = 0
            unit = self.unit_at(action.firer, "westernesse")
            self.fired.add(unit.id)
            self.hit_beast(self.missile_strength(unit), None,
                           f"{unit.type.name} in {unit.hex} fire at the Beast", "missile")
            return
        self.combat_step = 2
        if action.attackers == (BEAST,):
            self.horn_attack(self.unit_at(action.defender))
            return
        for name in action.attackers:
            if name in self.leaders:          # 17.3.2 A: a leader with a weapon strikes at A
                piece = self.leaders[name]
                self.attacked.add(piece.key)
                letter, where, who = "A", piece.hex, piece.leader.name
            else:
                unit = self.unit_at(name, "westernesse")
                self.attacked.add(unit.id)
                letter, where, who = self.melee_strength(unit), unit.hex, unit.type.name
            if not self.beast.on_map:
                self.news.append(f"the attack of {who} falls on nothing (7.32)")
                continue
            self.hit_beast(letter, where, f"{who} ({letter}) in {where} attack the Beast",
                           "melee")

    def hit_beast(self, letter: str, attacker_hex: str | None, text: str, kind: str) -> None:
        """17.3.2 B, 17.3.3: the Beast's armour 4 and morale X on the casualty tables; 1/2E
        flips it (or, flipped already, slays it), E slays it; retreats are ignored."""
        beast = self.beast
        uphill = attacker_hex is not None and \
            self.hexmap.higher_side(attacker_hex, beast.hex) == beast.hex
        armour = defending_armour(self.parts, self.parts.beast["armour"],
                                  self.hexmap.terrain[beast.hex], uphill)
        roll = resolve_attack(self.parts, self.dice, letter, armour,
                              self.parts.beast["morale"], kind=kind)
        self.news.append(f"{text}: {roll.text}")
        result = roll.result
        if result is None or not (result.eliminated or result.half_eliminated):
            return
        if result.half_eliminated and not beast.reduced:
            beast.reduced = True
            self.news.append("The Beast is wounded and flipped: MA halved, its capabilities "
                             "cost double (17.3.3)")
            return
        where, beast.hex = beast.hex, ELIMINATED
        self._zoc.clear()
        for key in BEAST_SPELLS:
            self.spell_until.pop(key, None)
        self.news.append(f"The Beast of Mordor is slain in {where}; it never returns (17.0 C)")
        add_demoralization(self, "sauron", self.parts.demoralization_levels["beast_slain"],
                                "the Beast slain, 20.1 B")

    def horn_attack(self, defender) -> None:
        """17.2.2: the Beast melees with an Attack Strength of A (7.33)."""
        self.attacked.add(BEAST)
        armour = self.armour_against(defender, self.beast.hex)
        roll = resolve_attack(self.parts, self.dice, "A", armour,
                              self.defending_morale(defender))
        self.news.append(f"the Beast's Horn Attack (A) from {self.beast.hex} vs "
                         f"{defender.type.name} in {defender.hex}: {roll.text}")
        if roll.result is not None:
            self.apply_casualty(defender, roll.result, None)
