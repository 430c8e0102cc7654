"""The Beast of Mordor's rules (17.0): conjured by Sauron at night, moved in Sauron's
Movement Phase, given Flight, Horn Attack, Magic Armor or Death Breath from the Pedestal,
and killed by missiles, melee or a leader with a magic weapon (17.3); its death costs Sauron
15 DPs (20.1 B). The counter and the kill zone's geometry are in ../beast.py; rulings where
the rules are silent are in docs/spi-sauron.md.
"""

from __future__ import annotations

from ....engine.procedure import Refusal
from ..beast import BEAST, BEAST_SPELLS, FACINGS, kill_zone
from ..combat import defending_armour, resolve_attack
from ..hexmap import clear_line, distance, line_hexes
from ..movement import Mover, cheapest_paths
from ..notation import Attack, Fire, Move, name_text
from ..units import ELIMINATED, WAITING
from .losses import add_demoralization, eliminate_unit, hurt_leader
from . import is_night, spell_active
from .combat import apply_casualty, armour_against, defending_morale, may_fire, may_melee, \
    melee_strength, missile_blocking_terrain, missile_range, missile_strength


# ----- what is in force -------------------------------------------------------------------

def beast_capability(state, key: str) -> bool:
    """Whether a Magic Capability of the Beast is in force this turn (17.2)."""
    return state.beast.on_map and spell_active(state, key)


def beast_spell_cost(state, key: str) -> int:
    """17.2, 17.3.3: a capability's cost, doubled once the Beast is flipped."""
    cost = state.parts.spells[key].cost
    return 2 * cost if state.beast.reduced and key in BEAST_SPELLS else cost


def beast_refusal(state, key: str, facing: str | None) -> tuple[str, str] | None:
    """Why Sauron may not cast a spell of 17.0 now (beyond 8.54's), or None."""
    if key == "conjure_beast":
        if state.beast.hex != WAITING:
            return ("17.0 C", "the Beast has been conjured already; once slain it never "
                              "returns")
        if not is_night(state):
            return ("17.0 A", "the Beast is conjured only on a night turn")
    elif key in BEAST_SPELLS and not state.beast.on_map:
        return ("17.2 A", "the Beast of Mordor is not on the map")
    if key == "death_breath":
        if facing not in FACINGS:
            return ("17.2.4", f"Death Breath names the Beast's two frontal hexsides, one "
                              f"of {', '.join(FACINGS)}")
    elif facing is not None:
        return ("8.54", "only Death Breath names a facing")
    return None


def carry_out_beast_spell(state, key: str, facing: str | None) -> None:
    """17.0 B: the Beast appears with Sauron; 17.2.4: the breath kills at once."""
    if key == "conjure_beast":
        state.beast.hex = state.leaders["sauron"].hex
        state.beast.moved = False
        state.beast_conjured_in = (state.turn, state.phase_index)
        state.news.append(f"The Beast of Mordor appears in {state.beast.hex} (17.0 B)")
    elif key == "death_breath":
        death_breath(state, facing)
    elif key == "magic_armour":
        # 17.2.3: duration unlimited, until the Beast is slain
        state.spell_until[key] = state.parts.last_turn


def beast_bonus_cast(state) -> bool:
    """17.0 A: in the Magic Leader Movement Phase right after it appears, a capability may
    be activated even though Sauron cast the conjuring this turn (3.0 E)."""
    turn, phase = state.beast_conjured_in
    return state.beast.on_map and turn == state.turn and phase < state.phase_index


def death_breath(state, facing: str) -> None:
    """17.2.4, 19.2.1: every Westernesse unit (and leader) in the kill zone dies."""
    zone = kill_zone(state.beast.hex, facing, lambda h: h in state.hexmap.terrain)
    state.news.append(f"The Beast breathes death {facing} from {state.beast.hex} over "
                      f"{', '.join(zone) or 'no hex of the map'} (17.2.4)")
    # leaders first: a leader whose unit dies would otherwise be moved out (8.24)
    for h in zone:
        for piece in list(state.leaders_at(h)):
            if piece.side == "westernesse" and piece.on_map:
                hurt_leader(state, piece, True, "Death Breath, 17.2.4")
    for h in zone:
        for unit in list(state.combat_units_at(h)):
            if unit.side == "westernesse":
                eliminate_unit(state, unit, "Death Breath, 17.2.4")


# ----- movement (17.1, 17.2.1) ------------------------------------------------------------

def beast_allowance(state) -> int:
    """17.1 A, 17.3.3: MA 4, halved once flipped (in half MP)."""
    allowance = 2 * state.parts.movement["beast"]
    return allowance // 2 if state.beast.reduced else allowance


def beast_end_refusal(state, hex_name: str) -> str | None:
    """Where the Beast may end a move: a passable hex free of the enemy (4.3, 4.27)."""
    terrain = state.hexmap.terrain.get(hex_name)
    if terrain is None or not state.parts.terrain[terrain].passable:
        return f"{hex_name} is no passable hex of the map"
    if state.enemy_occupied(hex_name, "sauron"):
        return f"{hex_name} is occupied by the enemy"
    return None


def beast_moves(state) -> list:
    """The Beast's moves: by Flight (17.2.1) a straight line to any hex within 12, else the
    cheapest path within its MA, ignoring EZOCs (17.1 B)."""
    beast = state.beast
    if not beast.on_map or beast.moved or state.phase.key != "sauron-movement":
        return []
    if beast_capability(state, "beast_flight"):
        reach = state.parts.movement["beast_flight_hexes"]
        found = []
        for h in state.hexmap.terrain:
            if h != beast.hex and distance(beast.hex, h) <= reach and \
                    beast_end_refusal(state, h) is None:
                found.append(Move(tuple(line_hexes(beast.hex, h, 1e-6)), BEAST))
        return found
    mover = Mover("sauron", beast_allowance(state), True, False, False, "", False,
                  frozenset())
    return [Move(path, BEAST) for there, (_, path) in
            cheapest_paths(state, mover, beast.hex, 0).items()
            if beast_end_refusal(state, there) is None]


def check_beast_move(state, action: Move) -> None:
    """17.1, 17.2.1: the Beast's move, or Refusal naming the case."""
    beast = state.beast
    if state.phase.key != "sauron-movement":
        raise Refusal("17.1", "the Beast moves in the Forces of Sauron Movement Phase")
    if not beast.on_map:
        raise Refusal("17.0", "the Beast of Mordor is not on the map")
    if beast.moved:
        raise Refusal("4.24", "the Beast has moved this phase")
    if action.path[0] != beast.hex:
        raise Refusal("4.0", f"the Beast is in {beast.hex}, not {action.path[0]}")
    if not any(str(m) == str(action) for m in beast_moves(state)):
        flight = beast_capability(state, "beast_flight")
        raise Refusal(
            "17.2.1" if flight else "17.1",
            "by Flight the Beast flies a straight line of at most 12 hexes to a passable "
            "hex free of the enemy" if flight else
            f"the Beast moves hex to hex within its MA of "
            f"{beast_allowance(state) // 2}, never into the enemy or impassable terrain")


def carry_out_beast_move(state, action: Move) -> None:
    """Move the Beast."""
    was = state.beast.hex
    state.beast.hex = action.path[-1]
    state.beast.moved = True
    state._zoc.clear()
    state.news.append(f"Sauron: the Beast of Mordor moves from {was} to {action.path[-1]}")


# ----- combat (17.2.2, 17.3) --------------------------------------------------------------

def beast_combat_candidates(state, step: int) -> list:
    """Fire at the Beast, melee it, strike it with a magic weapon, or its Horn Attack."""
    beast = state.beast
    if not beast.on_map:
        return []
    side = state.phasing_side()
    found: list = []
    if side == "westernesse":
        if step <= 0:
            for unit in state.units.values():
                if unit.side == side and unit.on_map and beast_fire_refusal(state, unit) \
                        is None:
                    found.append(Fire(unit.hex, BEAST))
        attackers = beast_attackers(state)
        for a in attackers:
            found.append(Attack(BEAST, (a,)))
        if len(attackers) > 1:
            found.append(Attack(BEAST, tuple(attackers)))
    elif beast_capability(state, "horn_attack") and BEAST not in state.attacked:
        for there in state.hexmap.neighbours[beast.hex]:
            if any(u.side != side for u in state.combat_units_at(there)):
                found.append(Attack(there, (BEAST,)))
    return found


def beast_fire_refusal(state, unit) -> str | None:
    """17.3.1, 17.3.2: why a missile unit may not fire at the Beast now."""
    if beast_capability(state, "magic_armour"):
        return "the Beast has Magic Armor: only a leader with a magic weapon may attack it"
    if not may_fire(state, unit):
        return "this unit may not fire now (7.11, 7.14, 7.57)"
    if distance(unit.hex, state.beast.hex) > missile_range(state, unit):
        return "the Beast is out of range (7.12)"
    if not clear_line(state.hexmap, unit.hex, state.beast.hex, None,
                      missile_blocking_terrain(state)):
        return "the line of fire crosses a Mountain hex (7.13)"
    return None


def beast_attackers(state) -> list[str]:
    """Who may melee the Beast now: adjacent units (17.3.1), or with Magic Armor only
    adjacent leaders carrying a magic weapon (17.3.2) — named by hex or by leader."""
    if state.combat_step > 2:
        return []
    beast_hex = state.beast.hex
    if beast_capability(state, "magic_armour"):
        return [p.key for p in state.leaders.values()
                if p.side == "westernesse" and p.on_map and p.weapon
                and p.key not in state.attacked and distance(p.hex, beast_hex) == 1]
    return sorted(u.hex for u in state.units.values()
                  if u.side == "westernesse" and u.on_map and u.strength.melee
                  and may_melee(state, u) is None and distance(u.hex, beast_hex) == 1
                  and not (u.type.kind == "cavalry" and not state.parts.terrain[
                      state.hexmap.terrain[beast_hex]].cavalry))


def beast_in_play(state, action) -> bool:
    """Whether a Fire or Attack decision concerns the Beast."""
    if isinstance(action, Fire):
        return action.target == BEAST
    return action.defender == BEAST or BEAST in action.attackers


def check_beast_combat(state, action) -> None:
    """The Beast's combats, or Refusal naming the case."""
    listed = {str(a) for a in beast_combat_candidates(state, state.combat_step)}
    for name in getattr(action, "attackers", ()):
        if name in state.leaders:
            done = state.leaders[name].key in state.attacked
        else:
            unit = state.unit_at(name, "westernesse")
            done = unit is not None and unit.id in state.attacked
        if done:
            raise Refusal("7.34", f"{name_text(name)} has attacked this phase (a formation "
                                  "attacks as one, 8.4)")
    if state.pending or state.phase.kind != "combat" or str(action) not in listed:
        if isinstance(action, Fire):
            rule = "17.3.2" if beast_capability(state, "magic_armour") else "7.1"
        elif BEAST in getattr(action, "attackers", ()):
            rule = "17.2.2"
        else:
            rule = "17.3.2" if beast_capability(state, "magic_armour") else "17.3.1"
        raise Refusal(rule, f"'{action}' is not a combat open to the phasing player now "
                            f"(the Beast: {state.beast.hex})")


def carry_out_beast_combat(state, action) -> None:
    """Resolve a missile fire, melee or strike at the Beast, or its Horn Attack."""
    if isinstance(action, Fire):
        state.combat_step = 0
        unit = state.unit_at(action.firer, "westernesse")
        state.fired.add(unit.id)
        hit_beast(state, missile_strength(state, unit), None,
                       f"{unit.type.name} in {unit.hex} fire at the Beast", "missile")
        return
    state.combat_step = 2
    if action.attackers == (BEAST,):
        horn_attack(state, state.unit_at(action.defender))
        return
    for name in action.attackers:
        if name in state.leaders:          # 17.3.2 A: a leader with a weapon strikes at A
            piece = state.leaders[name]
            state.attacked.add(piece.key)
            letter, where, who = "A", piece.hex, piece.leader.name
        else:
            unit = state.unit_at(name, "westernesse")
            state.attacked.add(unit.id)
            if unit.partner:
                state.attacked.add(unit.partner)    # a formation attacks as one (8.4, 15.3)
            letter, where, who = melee_strength(state, unit), unit.hex, unit.type.name
        if not state.beast.on_map:
            state.news.append(f"the attack of {who} falls on nothing (7.32)")
            continue
        hit_beast(state, letter, where, f"{who} ({letter}) in {where} attack the Beast",
                       "melee")


def hit_beast(state, letter: str, attacker_hex: str | None, text: str, kind: str) -> None:
    """17.3.2 B, 17.3.3: the Beast's armour 4 and morale X on the casualty tables; 1/2E
    flips it (or, flipped already, slays it), E slays it; retreats are ignored."""
    beast = state.beast
    uphill = attacker_hex is not None and \
        state.hexmap.higher_side(attacker_hex, beast.hex) == beast.hex
    armour = defending_armour(state.parts, state.parts.beast["armour"],
                              state.hexmap.terrain[beast.hex], uphill)
    roll = resolve_attack(state.parts, state.dice, letter, armour,
                          state.parts.beast["morale"], kind=kind)
    state.news.append(f"{text}: {roll.text}")
    result = roll.result
    if result is None or not (result.eliminated or result.half_eliminated):
        return
    if result.half_eliminated and not beast.reduced:
        beast.reduced = True
        state.news.append("The Beast is wounded and flipped: MA halved, its capabilities "
                          "cost double (17.3.3)")
        return
    where, beast.hex = beast.hex, ELIMINATED
    state._zoc.clear()
    for key in BEAST_SPELLS:
        state.spell_until.pop(key, None)
    state.news.append(f"The Beast of Mordor is slain in {where}; it never returns (17.0 C)")
    add_demoralization(state, "sauron", state.parts.demoralization_levels["beast_slain"],
                            "the Beast slain, 20.1 B")


def horn_attack(state, defender) -> None:
    """17.2.2: the Beast melees with an Attack Strength of A (7.33)."""
    state.attacked.add(BEAST)
    armour = armour_against(state, defender, state.beast.hex)
    roll = resolve_attack(state.parts, state.dice, "A", armour,
                          defending_morale(state, defender))
    state.news.append(f"the Beast's Horn Attack (A) from {state.beast.hex} vs "
                      f"{defender.type.name} in {defender.hex}: {roll.text}")
    if roll.result is not None:
        apply_casualty(state, defender, roll.result, None)
