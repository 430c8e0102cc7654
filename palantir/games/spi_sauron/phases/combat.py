"""The Combat Phase (7.0): missile fire, then leader combat, then melee (the `Melee` of
the attacks committed against a defender, 7.32), with the compulsion to attack (7.31) and
the results of the Casualty tables (7.42). The retreats, displacements and advances the
results call for are the procedures of retreat.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....engine.procedure import Procedure, Refusal
from ..combat import braver, defending_armour, resolve_attack, resolve_leader_combat, \
    stronger
from ..components import CasualtyResult
from ..hexmap import clear_line, distance
from ..movement import disc
from ..notation import Attack, Duel, Fire
from ..units import LeaderPiece, Unit
from . import is_night, seat_of, spell_active
from .losses import eliminate_unit, hurt_leader, leaders_share, sauron_on_pedestal
from .retreat import Pending, push_pending, retreat_options, start_retreat, vacated

MISSILE, LEADERS, MELEE = 0, 1, 2          # the steps of the Combat Phase (7.0, 7.16)
STEP_NAMES = ("missile combat", "leader combat", "melee combat")
RETREAT_FAILED = CasualtyResult("1/2E", True, False, 0)   # 7.23: cannot retreat


@dataclass(frozen=True)
class Melee(Procedure):
    """7.32: the attacks committed against one defender, resolved one by one, each result
    applied at once; a retreat or advance one of them calls for is asked (a `Pending` above
    this procedure) before the next is resolved."""

    name = "melee"
    rule = "7.32"
    defender: str
    attackers: tuple[str, ...]

    def __post_init__(self):
        if type(self.attackers) is not tuple:       # read back from JSON
            object.__setattr__(self, "attackers", tuple(self.attackers))

    def step(self, state, stack) -> None:
        stack.finish(self)
        if not self.attackers:
            return
        stack.push(Melee(self.defender, self.attackers[1:]))
        defender, attacker = state.units[self.defender], state.units[self.attackers[0]]
        if not defender.on_map or not attacker.on_map or \
                distance(defender.hex, attacker.hex) != 1:
            state.news.append(f"the attack of {attacker.type.name} falls on nothing (7.32)")
            return
        resolve_melee(state, attacker, defender)


def melee_under_way(state) -> Melee | None:
    """The committed attacks not yet resolved (7.32), if a melee is under way."""
    return state.stack.find(Melee)


# ----- strengths --------------------------------------------------------------------------

def weapon_in_hex(state, hex_name: str, side: str) -> bool:
    """19.1.2: a leader of `side` carrying a magic weapon he may use stands in the hex
    (19.2.3: any piece may carry one, only its named bearers use it)."""
    leaders = state.leaders_at(hex_name)
    return bool(leaders) and any(p.weapon and p.side == side and
                                 p.key in state.parts.weapons[p.weapon] for p in leaders)


def wrath_covers(state, unit: Unit) -> bool:
    """16.2: Sauron units within five hexes of the Ringwraith while Wrath lasts."""
    wraith = state.leaders.get("ringwraith")
    return (unit.side == "sauron" and spell_active(state, "wrath_of_the_ringwraith")
            and wraith is not None and wraith.on_map and distance(unit.hex, wraith.hex) <= 5)


def melee_strength(state, unit: Unit) -> str:
    """The Attack Strength a unit melees with: 16.2 Wrath and 19.1.2 weapons add a level."""
    letter = unit.strength.melee
    levels = (1 if wrath_covers(state, unit) else 0) + \
        (1 if weapon_in_hex(state, unit.hex, unit.side) else 0)
    return stronger(letter, levels) if levels else letter


def missile_strength(state, unit: Unit) -> str:
    """The missile Attack Strength (7.17), a level better beside a magic weapon (19.1.2)."""
    letter = unit.strength.missile.upper()
    return stronger(letter) if weapon_in_hex(state, unit.hex, unit.side) else letter


def fanatical(state, unit: Unit) -> bool:
    """7.37: Orcs at night (10.0, 15.4 A); Westernesse W and X units once their army is
    demoralized (9.33)."""
    if unit.side == "sauron":
        return unit.type.orc and is_night(state)
    return state.demoralized["westernesse"] and unit.strength.morale in ("W", "X")


def defending_morale(state, unit: Unit) -> str:
    """The defender's Morale Rating: Orcs one level better at night (15.4 B)."""
    morale = unit.strength.morale
    return braver(morale) if unit.type.orc and is_night(state) else morale


def armour_against(state, unit: Unit, attacker_hex: str | None) -> int:
    """The defender's armour with its terrain and an up-slope hexside (4.3, errata)."""
    uphill = attacker_hex is not None and distance(attacker_hex, unit.hex) == 1 and \
        state.hexmap.higher_side(attacker_hex, unit.hex) == unit.hex
    return defending_armour(state.parts, unit.strength.armour, state.hexmap.terrain[unit.hex],
                            uphill)


def leader_rating(state, piece: LeaderPiece) -> int:
    """7.22: the Rally Rating, +3 for Sauron's leaders at night (10.0), +1 with a magic
    weapon its bearer may use (19.1.1)."""
    rating = piece.rally
    if piece.side == "sauron" and is_night(state):
        rating += state.parts.night_rally_bonus
    if piece.weapon and piece.key in state.parts.weapons[piece.weapon]:
        rating += 1
    return rating


# ----- who may do what --------------------------------------------------------------------

def may_fire(state, unit: Unit) -> bool:
    """7.11, 7.14, 7.57: a missile unit that has not fired this turn and is not disrupted."""
    return unit.strength.missile is not None and unit.id not in state.fired \
        and not unit.disrupted and unit.on_map


def missile_range(state, unit: Unit) -> int:
    """7.12: two hexes; Elven Bowmen three (15.1.3)."""
    return state.parts.long_missile_range if unit.type.long_range else state.parts.missile_range


def fire_refusal(state, firer: Unit, target: Unit) -> Refusal | None:
    """Why `firer` may not fire at `target`, or None (7.11-7.14)."""
    if not may_fire(state, firer):
        if firer.strength.missile is None:
            return Refusal("7.11", "only units with a missile strength fire missiles")
        if firer.disrupted:
            return Refusal("7.57", "a disrupted unit may not attack in any fashion")
        return Refusal("7.14", "missile units fire only once per Game-Turn")
    reach = distance(firer.hex, target.hex)
    if reach > missile_range(state, firer):
        return Refusal("7.12" if not firer.type.long_range else "15.1.3",
                       f"{target.hex} is {reach} hexes away, beyond the range of "
                       f"{missile_range(state, firer)}")
    if not clear_line(state.hexmap, firer.hex, target.hex, None,
                      missile_blocking_terrain(state)):
        return Refusal("7.13", f"the line of fire from {firer.hex} to {target.hex} "
                               "crosses a Mountain hex")
    return None


def missile_blocking_terrain(state) -> tuple[str, ...]:
    """7.13: terrain types missiles may not be fired through."""
    cached = state._zoc.get("missile_blocks")
    if cached is None:
        cached = tuple(n for n, t in state.parts.terrain.items() if t.blocks_missiles)
        state._zoc["missile_blocks"] = cached
    return cached


def may_melee(state, unit: Unit) -> Refusal | None:
    """Whether a phasing unit may still melee (2.3, 7.34, 7.52, 7.57, 9.32)."""
    if unit.strength.melee is None:
        return Refusal("2.3", "a unit with only a missile strength may not melee")
    if unit.disrupted:
        return Refusal("7.57", "a disrupted unit may not attack in any fashion")
    if unit.id in state.attacked:
        return Refusal("7.34", "no combat unit attacks more than once per Combat Phase")
    if unit.id in state.advanced:
        return Refusal("7.52", "a unit that advanced may not attack again this phase")
    if state.demoralized[unit.side] and unit.strength.morale == "Z":
        return Refusal("9.32", "demoralized units with morale Z may never melee")
    return None


def melee_refusal(state, attacker: Unit, defender: Unit) -> Refusal | None:
    """Why `attacker` may not melee `defender` (7.3, 7.36, 7.52, 15.2.2), or None."""
    problem = may_melee(state, attacker)
    if problem:
        return problem
    if distance(attacker.hex, defender.hex) != 1:
        return Refusal("7.3", f"{attacker.hex} is not adjacent to {defender.hex}")
    if defender.id in state.advanced:
        return Refusal("7.52", "a unit that advanced may not be attacked this phase")
    terrain = state.parts.terrain[state.hexmap.terrain[defender.hex]]
    if attacker.type.kind == "cavalry" and not terrain.cavalry:
        return Refusal("7.36", f"cavalry may not melee into {state.hexmap.terrain[defender.hex]}")
    if state.hexmap.is_gate(attacker.hex, defender.hex) and not state.gate_open_to(attacker.side):
        return Refusal("7.36", "no melee through the closed Gates of Mordor (18.0 C)")
    if attacker.type.dwarf and not defender.type.orc and orc_targets(state, attacker):
        return Refusal("15.2.2", "a Dwarf unit next to Orcs must attack an Orc unit")
    return None


def orc_targets(state, dwarf: Unit) -> list[Unit]:
    """15.2.2: the Orc units a Dwarf unit could melee."""
    found = []
    for there in state.hexmap.neighbours[dwarf.hex]:
        enemy = state.unit_at(there, "sauron")
        if enemy is not None and enemy.type.orc and enemy.id not in state.advanced:
            found.append(enemy)
    return found


def melee_targets(state, unit: Unit) -> list[Unit]:
    """The enemy units `unit` may melee now."""
    side = unit.side
    found = []
    for there in state.hexmap.neighbours[unit.hex]:
        for enemy in state.combat_units_at(there):
            if enemy.side != side and melee_refusal(state, unit, enemy) is None:
                found.append(enemy)
    return found


def obliged_to_attack(state, side: str) -> list[Unit]:
    """6.3, 7.31, 15.2.2: phasing units in an enemy ZOC that have not attacked and can."""
    zone = state.enemy_zoc(side)
    obliged = []
    for unit in state.units.values():
        if unit.side != side or not unit.on_map or unit.id in state.attacked:
            continue
        if unit.hex not in zone or may_melee(state, unit) is not None:
            continue
        # 7.31: one of the enemy units whose ZOC it is in (those exerting one)
        if any(state.exerts_zoc(t) for t in melee_targets(state, unit)):
            obliged.append(unit)
    return obliged


# ----- decisions: listing -----------------------------------------------------------------

def combat_candidates(state) -> list:
    """Every fire, duel and melee the phasing player may declare now (one attacker, or
    all the eligible attackers of a defender together); the Beast's are listed by
    phases/beast.py."""
    side = state.phasing_side()
    actions: list = []
    mine = [u for u in state.units.values() if u.side == side and u.on_map]
    theirs = [u for u in state.units.values() if u.side != side and u.on_map]
    if state.combat_step <= MISSILE:
        fires: set = set()
        for firer in mine:
            if not may_fire(state, firer):
                continue
            within = disc(state.hexmap, firer.hex, missile_range(state, firer))
            for target in theirs:
                if target.hex in within and fire_refusal(state, firer, target) is None:
                    fire = Fire(firer.hex, target.hex)
                    if fire not in fires:      # a formation's two archers: one decision
                        fires.add(fire)
                        actions.append(fire)
    if state.combat_step <= LEADERS:
        for piece in state.leaders.values():
            if piece.side != side or not piece.on_map or piece.key in state.dueled:
                continue
            for other in state.leaders.values():
                if other.side != side and other.on_map and \
                        distance(piece.hex, other.hex) == 1:
                    actions.append(Duel(piece.key, other.key))
    by_defender: dict[str, list[str]] = {}
    for unit in mine:
        if may_melee(state, unit) is not None:
            continue
        for target in melee_targets(state, unit):
            hexes = by_defender.setdefault(target.hex, [])
            if unit.hex not in hexes:     # a formation attacks once, as one (8.4, 15.3)
                hexes.append(unit.hex)
    for target_hex, attackers in by_defender.items():
        for a in attackers:
            actions.append(Attack(target_hex, (a,)))
        if len(attackers) > 1:
            actions.append(Attack(target_hex, tuple(sorted(attackers))))
    return actions


# ----- decisions: checking and carrying out -----------------------------------------------

def attacker_in(state, hex_name: str, side: str, refusal, target: Unit, case: str) -> Unit:
    """The unit of `side` in a hex that may attack `target` (`refusal` finds none against
    it), or Refusal: the reason of the first unit there. A hex names its attacker, and a
    Special Formation holds two units (8.43), one of them perhaps disrupted (7.57) or
    already fired (7.14) while the other may still attack."""
    units = [u for u in state.combat_units_at(hex_name) if u.side == side]
    if not units:
        raise Refusal(case, f"no combat unit of {side} in {hex_name}")
    problems = [refusal(state, unit, target) for unit in units]
    for unit, problem in zip(units, problems):
        if problem is None:
            return unit
    raise Refusal(problems[0].rule, problems[0].reason)


def check_fire(state, action: Fire):
    """7.1: the firing unit, its target, or Refusal naming the case."""
    _check_combat_phase(state, MISSILE, action)
    side = state.phasing_side()
    if state.unit_at(action.firer, side) is None:
        raise Refusal("7.11", f"no combat unit of {side} in {action.firer}")
    target = next((u for u in state.combat_units_at(action.target) if u.side != side), None)
    if target is None:
        raise Refusal("7.11", f"no enemy combat unit in {action.target}")
    return attacker_in(state, action.firer, side, fire_refusal, target, "7.11"), target


def carry_out_fire(state, firer: Unit, target: Unit) -> None:
    """7.17: the missile attack on the Casualty tables; retreats are the owner's (7.55)."""
    state.combat_step = MISSILE
    state.fired.add(firer.id)
    if firer.partner:
        state.fired.add(firer.partner)      # a formation fires once, as one counter
    letter = missile_strength(state, firer)
    armour = armour_against(state, target, None)
    morale = defending_morale(state, target)
    roll = resolve_attack(state.parts, state.dice, letter, armour, morale, kind="missile")
    state.news.append(f"{firer.type.name} in {firer.hex} fire at {target.type.name} in "
                      f"{target.hex}: {roll.text}")
    if roll.result is not None:
        apply_casualty(state, target, roll.result, None)


def check_duel(state, action: Duel):
    """7.21, 7.24, 7.25: both leaders, or Refusal."""
    _check_combat_phase(state, LEADERS, action)
    side = state.phasing_side()
    attacker = state.leaders.get(action.attacker)
    defender = state.leaders.get(action.defender)
    if attacker is None or attacker.side != side or not attacker.on_map:
        raise Refusal("7.21", f"{action.attacker} is no leader of {side} on the map")
    if defender is None or defender.side == side or not defender.on_map:
        raise Refusal("7.25", f"{action.defender} is no enemy leader on the map")
    if attacker.key in state.dueled:
        raise Refusal("7.24", f"{attacker.leader.name} has attacked this phase")
    if distance(attacker.hex, defender.hex) != 1:
        raise Refusal("7.21", f"{defender.leader.name} is not adjacent to "
                              f"{attacker.leader.name}")
    return attacker, defender


def carry_out_duel(state, attacker: LeaderPiece, defender: LeaderPiece) -> None:
    """7.22: one die on the Leader Combat Results Table; 7.23 moves their units."""
    state.combat_step = LEADERS
    state.dueled.add(attacker.key)
    result, text = resolve_leader_combat(state.parts, state.dice, leader_rating(state, attacker),
                                         leader_rating(state, defender))
    state.news.append(f"{attacker.leader.name} attacks {defender.leader.name}: {text}")
    if result == "-":
        return
    hit, other = (attacker, defender) if result[0] == "A" else (defender, attacker)
    effect = result[1:]
    units_there = [u for u in state.combat_units_at(hit.hex) if u.side == hit.side]
    steadfast = sauron_on_pedestal(state, hit)
    if effect in ("e", "1/2e"):
        hurt_leader(state, hit, effect == "e", "leader combat, 7.26", captor=other)
    if steadfast and hit.on_map:
        # 16.5.4 A: Sauron on the Pedestal ignores the retreat (his unit stays with him)
        state.news.append(f"{hit.leader.name} stands on the Pedestal: the retreat is "
                          "ignored (16.5.4 A)")
    elif units_there:
        # 7.23: the unit he is stacked with retreats two hexes (he goes along if alive)
        start_retreat(state, units_there[0], 2, (), case="7.23")
    elif effect == "r2" and hit.on_map:
        push_pending(state, Pending("retreat", seat_of(hit.side), hit.key, 2))


def check_attack(state, action: Attack):
    """7.31-7.36: the defender and its attackers, or Refusal."""
    _check_combat_phase(state, MELEE, action)
    side = state.phasing_side()
    defender = next((u for u in state.combat_units_at(action.defender) if u.side != side),
                    None)
    if defender is None:
        raise Refusal("7.3", f"no enemy combat unit in {action.defender}")
    if len(set(action.attackers)) != len(action.attackers):
        raise Refusal("7.34", "each attacking hex is named once")
    attackers = [attacker_in(state, h, side, melee_refusal, defender, "7.3")
                 for h in action.attackers]
    return defender, attackers


def carry_out_attack(state, defender: Unit, attackers: list[Unit]) -> None:
    """7.32: the attackers are committed; the defender may first retreat (7.7)."""
    state.combat_step = MELEE
    for unit in attackers:
        state.attacked.add(unit.id)
        if unit.partner:
            state.attacked.add(unit.partner)    # a formation attacks as one (8.4, 15.3)
    state.news.append(f"{', '.join(u.type.name + ' in ' + u.hex for u in attackers)} "
                      f"attack {defender.type.name} in {defender.hex}")
    # 7.32: resolved by the procedure, once any retreat before combat is decided (7.7)
    state.stack.push(Melee(defender.id, tuple(u.id for u in attackers)))
    if may_retreat_before_combat(state, defender, attackers):
        push_pending(state, Pending("before", seat_of(defender.side), defender.id, 0,
                                    tuple(u.id for u in attackers), defender.hex))


def may_retreat_before_combat(state, defender: Unit, attackers: list[Unit]) -> bool:
    """7.7: bowmen with only a missile strength, and cavalry attacked only by infantry,
    that are not disrupted (7.57) and have somewhere to go."""
    if defender.disrupted or defender.partner:
        return False        # ruling: a formation stands (its units would part, 8.46)
    eligible = defender.type.bowmen or (
        defender.type.kind == "cavalry" and all(u.type.kind == "infantry" for u in attackers))
    if not eligible:
        return False
    probe = Pending("before", seat_of(defender.side), defender.id)
    return bool(retreat_options(state, probe))


def resolve_melee(state, attacker: Unit, defender: Unit) -> None:
    """7.33 (7.37 for fanatics): one attack, its result applied at once."""
    letter = melee_strength(state, attacker)
    armour = armour_against(state, defender, attacker.hex)
    morale = defending_morale(state, defender)
    fanatic = fanatical(state, attacker)
    roll = resolve_attack(state.parts, state.dice, letter, armour, morale, fanatical=fanatic)
    state.news.append(f"{attacker.type.name} ({letter}) in {attacker.hex} vs "
                      f"{defender.type.name} in {defender.hex}: {roll.text}")
    if roll.result is not None:
        apply_casualty(state, defender, roll.result, attacker)


def apply_casualty(state, unit: Unit, result: CasualtyResult, attacker: Unit | None,
                   case: str = "7.42") -> None:
    """7.42's key: flip or eliminate, leaders share (8.24), then retreat (7.54)."""
    where = unit.hex
    if unit.partner and (result.eliminated or result.half_eliminated):
        partner = state.units[unit.partner]
        leaders_share(state, unit, result.eliminated)
        # 8.46, 15.3.5 A: 1/2E eliminates one unit of the formation; E both
        rule = "15.3.5 A" if unit.formation == "slave_phalanx" else "8.46"
        eliminate_unit(state, unit, f"{result.text}, one unit of the formation, {rule}")
        if result.eliminated:
            eliminate_unit(state, partner, f"{result.text}, {case}")
            vacated(state, where, attacker)
        elif result.retreat:
            start_retreat(state, partner, result.retreat,
                                (attacker.id,) if attacker else (), case=case)
        return
    if result.eliminated or result.half_eliminated:
        dies = result.eliminated or unit.reduced
        leaders_share(state, unit, dies)
        if dies:
            eliminate_unit(state, unit, f"{result.text}, {case}")
            vacated(state, where, attacker)
            return
        unit.reduced = True
        state.news.append(f"{unit.type.name} in {where} is reduced to {unit.strength}")
    if result.retreat:
        start_retreat(state, unit, result.retreat, (attacker.id,) if attacker else (),
                           case=case)


# ----- the order of the phase and its end (7.16, 7.21, 7.31) ------------------------------

def _check_combat_phase(state, step: int, action) -> None:
    if state.pending:
        raise Refusal("7.5", "a retreat or advance must be decided first")
    if state.phase.kind != "combat":
        raise Refusal("4.23", f"no combat in the {state.phase.title}")
    if state.combat_step > step:
        raise Refusal("7.16" if step == MISSILE else "7.21",
                      f"{STEP_NAMES[step]} comes before {STEP_NAMES[state.combat_step]}"
                      " in the Combat Phase")


def check_combat_end(state) -> None:
    """6.3, 7.31: the phase may not end while a unit in an enemy ZOC owes an attack."""
    obliged = obliged_to_attack(state, state.phasing_side())
    if obliged:
        raise Refusal(
            "7.31", "units in an enemy Zone of Control must attack one of the enemy units: "
            + ", ".join(sorted(u.hex for u in obliged)))
