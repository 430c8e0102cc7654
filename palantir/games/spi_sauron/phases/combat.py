"""The Combat Phase (7.0): missile fire, then leader combat, then melee, with the
compulsion to attack, retreats chosen by the owner, displacement, retreat before combat and
advance after combat. The decisions asked mid-phase are `Pending` procedures on the stack,
above the Game-Turn (turn.py), asked in the order they arise.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....engine.procedure import Plan, Procedure, Question, Refusal
from ..combat import braver, defending_armour, resolve_attack, resolve_leader_combat, \
    retreat_before_combat_disrupts, stronger
from ..components import CasualtyResult
from ..hexmap import clear_line, distance
from ..movement import step_cost, mover_of
from ..notation import HOLD, STAND, Advance, Attack, Duel, Fire, Hold, Retreat, Stand
from ..units import LeaderPiece, Unit
from .losses import arrived_in_mordor, drop_pedestal, eliminate_unit, hurt_leader, \
    leaders_share, pick_up_pedestal, sauron_on_pedestal
from . import is_night, seat_of, spell_active

MISSILE, LEADERS, MELEE = 0, 1, 2          # the steps of the Combat Phase (7.0, 7.16)
STEP_NAMES = ("missile combat", "leader combat", "melee combat")
RETREAT_FAILED = CasualtyResult("1/2E", True, False, 0)   # 7.23: cannot retreat


@dataclass(frozen=True)
class Pending(Procedure):
    """A decision the rules ask for in the middle of the Combat Phase, and who makes it: a
    sub-procedure on the stack. `Pending(kind, ...)` is the procedure of that kind:

    "retreat" (7.54, the owner), "displace" (7.6, the owner), "before" (7.7, the owner:
    retreat before combat or stand), "advance" (7.51, 7.7: the phasing player).
    """

    rule = "7.5"

    kind: str
    seat: int
    piece: str                     # unit id, or leader key for a leader alone (7.26 r2)
    hexes: int = 0                 # hexes to retreat
    advance_by: tuple[str, ...] = ()   # attackers that may advance into the hex left
    into: str = ""                 # the vacated hex (advance)
    displacer: str = ""            # displace: the retreating unit waiting in this hex

    def __new__(cls, *args, **values):
        if cls is Pending:
            cls = PENDING_KINDS[args[0] if args else values["kind"]]
        return object.__new__(cls)

    def __post_init__(self):
        if type(self.advance_by) is not tuple:      # read back from JSON
            object.__setattr__(self, "advance_by", tuple(self.advance_by))

    def question(self, state) -> Question | None:
        if self.kind in ("retreat", "displace") and not retreat_options(state, self):
            return None      # 7.56: every path has closed since it was queued (see `step`)
        return Question(self.seat, self.kind)

    def answers(self, state) -> list:
        return pending_candidates(state)

    def check(self, state, action) -> Plan:
        """7.5: only the retreat or advance asked is decided now."""
        if isinstance(action, Retreat):
            pending, piece = check_retreat(state, action)
            return Plan(do=carry_out_retreat, args=(pending, piece, action.path))
        if isinstance(action, Stand):
            if self.kind != "before":
                raise Refusal("7.7", "no retreat before combat is offered now")
            return Plan(do=carry_out_stand, args=())
        if isinstance(action, Advance):
            return Plan(do=carry_out_advance, args=(check_advance(state, action),))
        if isinstance(action, Hold):
            if self.kind != "advance":
                raise Refusal("7.51", "no advance after combat is offered now")
            return Plan(do=carry_out_advance, args=(None,))
        raise Refusal("7.5", "a retreat or advance after combat must be decided first")

    def carry_out(self, state, stack, plan: Plan) -> None:
        state.news = []
        plan.do(state, *plan.args)

    def step(self, state, stack) -> None:
        """7.56: a queued retreat or displacement whose every path has closed since it was
        queued (an earlier retreat took the last way out) ends as one with no path."""
        stack.finish(self)
        piece = state.units.get(self.piece) or state.leaders.get(self.piece)
        if isinstance(piece, Unit) and piece.on_map:
            state.news.append(f"{piece.type.name} in {piece.hex} has no path of retreat "
                              "left (7.56)")
            _cannot_retreat(state, piece, "7.56", self.advance_by)


@dataclass(frozen=True)
class RetreatAfterCombat(Pending):
    """7.54-7.57: the owner retreats a unit the hexes its result says (7.23: two, with its
    leader; 7.26: a leader alone), never into an enemy ZOC (6.2); one disrupted or with no
    path is eliminated instead (7.23: reduced)."""

    name = "retreat-after-combat"
    rule = "7.54"


@dataclass(frozen=True)
class Displacement(Pending):
    """7.6: a Friendly unit in the hex a retreat ends in makes way, retreating one hex by
    the same rules (7.62, 7.64: it may displace another in turn), disrupted (7.65)."""

    name = "displacement"
    rule = "7.6"


@dataclass(frozen=True)
class RetreatBeforeCombat(Pending):
    """7.7: bowmen, and cavalry attacked only by infantry, may retreat one or two hexes
    before the attacks are resolved, or stand."""

    name = "retreat-before-combat"
    rule = "7.7"


@dataclass(frozen=True)
class AdvanceAfterCombat(Pending):
    """7.51, 7.7: a victorious attacker may move into the hex the defender left, and then
    neither attacks nor is attacked again this phase (7.52)."""

    name = "advance-after-combat"
    rule = "7.51"


PENDING_KINDS = {"retreat": RetreatAfterCombat, "displace": Displacement,
                 "before": RetreatBeforeCombat, "advance": AdvanceAfterCombat}


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
    return any(p.weapon and p.side == side and p.key in state.parts.weapons[p.weapon]
               for p in state.leaders_at(hex_name))


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
        for firer in mine:
            if not may_fire(state, firer):
                continue
            reach = missile_range(state, firer)
            for target in theirs:
                if distance(firer.hex, target.hex) <= reach and \
                        fire_refusal(state, firer, target) is None:
                    actions.append(Fire(firer.hex, target.hex))
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


def pending_candidates(state) -> list:
    """The choices of the pending mid-phase decision."""
    pending = state.pending[0]
    if pending.kind in ("retreat", "displace"):
        return [Retreat(path) for path in retreat_options(state, pending).values()]
    if pending.kind == "before":
        return [Retreat(path) for path in retreat_options(state, pending).values()] + [STAND]
    if pending.kind == "advance":
        return [Advance((state.units[a].hex, pending.into)) for a in pending.advance_by
                if may_advance(state, state.units[a], pending.into)] + [HOLD]
    raise AssertionError(pending.kind)


# ----- decisions: checking and carrying out -----------------------------------------------

def check_fire(state, action: Fire):
    """7.1: the firing unit, its target, or Refusal naming the case."""
    _check_combat_phase(state, MISSILE, action)
    side = state.phasing_side()
    firer = state.unit_at(action.firer, side)
    if firer is None:
        raise Refusal("7.11", f"no combat unit of {side} in {action.firer}")
    target = next((u for u in state.combat_units_at(action.target) if u.side != side), None)
    if target is None:
        raise Refusal("7.11", f"no enemy combat unit in {action.target}")
    problem = fire_refusal(state, firer, target)
    if problem:
        raise Refusal(problem.rule, problem.reason)
    return firer, target


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
        hurt_leader(state, hit, effect == "e", f"leader combat, 7.26", captor=other)
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
    attackers = []
    for h in action.attackers:
        unit = state.unit_at(h, side)
        if unit is None:
            raise Refusal("7.3", f"no combat unit of {side} in {h}")
        problem = melee_refusal(state, unit, defender)
        if problem:
            raise Refusal(problem.rule, problem.reason)
        attackers.append(unit)
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


def start_retreat(state, unit: Unit, hexes: int, advance_by: tuple[str, ...],
                  case: str) -> None:
    """7.54-7.57: the owner retreats the unit; a disrupted unit or one with nowhere to
    go is eliminated instead (or, after 7.23, reduced)."""
    if unit.partner:
        # 8.46 B, 15.3.5 B: each unit of a formation retreats, to a different hex
        partner = state.units[unit.partner]
        break_formation(state, unit)
        start_retreat(state, unit, hexes, advance_by, case)
        start_retreat(state, partner, hexes, advance_by, case)
        return
    pending = Pending("retreat", seat_of(unit.side), unit.id, hexes, advance_by, unit.hex)
    where = unit.hex
    if unit.disrupted:
        state.news.append(f"{unit.type.name} in {where} is disrupted and cannot retreat "
                          "(7.57)")
        _cannot_retreat(state, unit, case, advance_by)
        return
    if not retreat_options(state, pending):
        state.news.append(f"{unit.type.name} in {where} has no path of retreat (7.56)")
        _cannot_retreat(state, unit, case, advance_by)
        return
    push_pending(state, pending)


def _cannot_retreat(state, unit: Unit, case: str, advance_by: tuple[str, ...]) -> None:
    where = unit.hex
    if case == "7.23" and not unit.reduced:
        leaders_share(state, unit, False)
        unit.reduced = True           # 7.23: flipped over if it cannot retreat
        state.news.append(f"{unit.type.name} in {where} is reduced instead (7.23)")
        return
    leaders_share(state, unit, True)
    eliminate_unit(state, unit, "cannot retreat, " + ("7.23" if case == "7.23" else "7.56"))
    vacated(state, where, state.units[advance_by[0]] if advance_by else None)


def vacated(state, hex_name: str, attacker: Unit | None) -> None:
    """7.51: a hex emptied by melee may be entered by the victorious unit."""
    if attacker is None or not attacker.on_map or state.unit_at(hex_name) is not None:
        return
    if may_advance(state, attacker, hex_name):
        push_pending(state, Pending("advance", seat_of(attacker.side), attacker.id, 0,
                                   (attacker.id,), hex_name))


def may_advance(state, unit: Unit, hex_name: str) -> bool:
    """7.51, 7.36: into the vacated adjacent hex, regardless of ZOC, if it may enter it."""
    if not unit.on_map or unit.disrupted or distance(unit.hex, hex_name) != 1:
        return False
    if state.unit_at(hex_name) is not None:
        return False
    mover = mover_of(state, unit)
    return not isinstance(step_cost(state, mover, unit.hex, hex_name), Refusal)


def break_formation(state, unit: Unit) -> None:
    """The formation `unit` is in ends (a retreat or a loss, 8.46, 15.3.5)."""
    if unit.partner:
        partner = state.units[unit.partner]
        partner.partner = partner.formation = None
        unit.partner = unit.formation = None


def push_pending(state, pending: Pending) -> None:
    """Queue a mid-phase decision: asked after those already asked (on the stack under
    them, above the Game-Turn and any melee under way)."""
    depth = 0
    for procedure in reversed(list(state.stack)):
        if not isinstance(procedure, Pending):
            break
        depth += 1
    state.stack.insert(depth, pending)


# ----- retreats ---------------------------------------------------------------------------

def retreat_options(state, pending: Pending, seen: set | None = None
                    ) -> dict[str, tuple[str, ...]]:
    """Each hex the piece may end its retreat in, with one path (7.54, 7.55, 6.2, 7.61).

    A unit retreats `hexes` hexes (1 or 2 before combat, 7.7), each step leaving the
    hex it comes from further behind, never into an Enemy ZOC or Enemy-occupied or
    prohibited hex. It ends in an empty hex; only if there is none may it end on a
    Friendly combat unit that can be displaced one hex (7.61, 7.63).
    """
    if pending.piece in state.units:
        piece = state.units[pending.piece]
        is_leader = False
    else:
        piece = state.leaders[pending.piece]
        is_leader = True
    start = piece.hex
    lengths = (1, 2) if pending.kind == "before" else (pending.hexes,)
    if pending.kind == "displace":
        lengths = (1,)
    mover = mover_of(state, piece)
    zone = frozenset() if is_leader else state.enemy_zoc(piece.side)
    ends: dict[str, tuple[str, ...]] = {}
    frontier = [(start,)]
    for depth in range(1, max(lengths) + 1):
        grown = []
        for path in frontier:
            here = path[-1]
            for there in state.hexmap.neighbours[here]:
                if distance(start, there) != depth or there in zone:
                    continue
                if isinstance(step_cost(state, mover, here, there), Refusal):
                    continue
                grown.append(path + (there,))
        frontier = grown
        if depth in lengths:
            for path in frontier:
                ends.setdefault(path[-1], path)
    if is_leader:
        return ends
    empty = {h: p for h, p in ends.items()
             if not any(u is not piece for u in state.combat_units_at(h))}
    if empty:
        return empty
    # 7.61, 7.63: onto a Friendly unit only if that unit can itself retreat one hex;
    # 7.62, 7.64: a displaced unit retreats by the same rules, so it may displace another
    # in turn. Whether a chain of displacements reaches an empty hex is a question of
    # reachability: each unit's one-hex retreats are fixed by its hex and kind, so the
    # search marks every hex it has tried (never the hex the chain started from).
    if seen is None:
        return {h: p for h, p in ends.items()
                if displaceable(state, h, {start})}
    seen.add(start)
    return {h: p for h, p in ends.items()
            if h not in seen and displaceable(state, h, seen)}


def displaceable(state, hex_name: str, seen: set) -> bool:
    """7.57, 7.62, 7.63: the Friendly unit in the hex can retreat one hex, into an empty
    hex or onto a friend who can in turn (never into a hex the chain has tried)."""
    friend = state.unit_at(hex_name)
    if friend is None or friend.disrupted or friend.partner:
        return False        # ruling: a formation (two units) is not displaced (8.4, 15.3)
    seen.add(hex_name)
    probe = Pending("displace", seat_of(friend.side), friend.id, 1)
    return bool(retreat_options(state, probe, seen))


def check_retreat(state, action: Retreat):
    """The pending retreat must follow one of the legal paths (7.55)."""
    if not state.pending or state.pending[0].kind not in ("retreat", "displace", "before"):
        raise Refusal("7.54", "no retreat is called for now")
    pending = state.pending[0]
    piece = state.units.get(pending.piece) or state.leaders[pending.piece]
    if action.path[0] != piece.hex:
        raise Refusal("7.54", f"the retreating piece is in {piece.hex}, not {action.path[0]}")
    options = retreat_options(state, pending)
    if options.get(action.path[-1]) is None:
        raise Refusal("7.55", f"{action.path[-1]} is not a hex this piece may retreat to "
                              f"(choices: {', '.join(sorted(options)) or 'none'})")
    _check_retreat_path(state, pending, piece, action.path)
    return pending, piece


def _check_retreat_path(state, pending: Pending, piece, path) -> None:
    zone = frozenset() if isinstance(piece, LeaderPiece) else state.enemy_zoc(piece.side)
    mover = mover_of(state, piece)
    for i in range(1, len(path)):
        a, b = path[i - 1], path[i]
        refusal = step_cost(state, mover, a, b)
        if isinstance(refusal, Refusal):
            raise Refusal(refusal.rule, refusal.reason)
        if distance(path[0], b) != i:
            raise Refusal("7.54", "each hex of a retreat lies further from the hex left")
        if b in zone:
            raise Refusal("6.2", f"a path of retreat never enters an enemy ZOC ({b})")


def carry_out_retreat(state, pending: Pending, piece, path) -> None:
    """Move the piece (and its leaders); it is disrupted (7.57, 7.65); a Friendly unit
    in the way is displaced (7.61); the victor may advance (7.51)."""
    state.stack.finish(pending)
    start, end = path[0], path[-1]
    if isinstance(piece, Unit):
        break_formation(state, piece)      # a retreating unit leaves any formation
    if isinstance(piece, LeaderPiece):
        piece.hex = end
        state._zoc.clear()
        state.news.append(f"{piece.leader.name} retreats to {end} ({'-'.join(path)})")
        return
    friend = state.unit_at(end)
    # 16.5.4 A: Sauron on the Pedestal does not go along (the Pedestal never retreats)
    companions = [p for p in state.leaders_at(start) if p.side == piece.side
                  and not sauron_on_pedestal(state, p)]
    piece.hex = end
    for leader in companions:
        leader.hex = end
    state._zoc.clear()
    if pending.kind == "before":
        disrupted, text = retreat_before_combat_disrupts(state.dice)
        piece.disrupted = piece.disrupted or disrupted
        state.news.append(f"{piece.type.name} retreats before combat to {end} "
                          f"({'-'.join(path)}): {text} (7.7)")
        state.stack.finish(melee_under_way(state))     # 7.7: the attacks fall on nothing
        drop_pedestal_on_retreat(state, piece, start)
        vacated_before_combat(state, start, pending.advance_by)
        if friend is not None and friend is not piece:
            # 7.61: a retreat before combat onto a Friendly unit displaces it too
            state.stack.push(Pending("displace", seat_of(friend.side), friend.id, 1))
        return
    piece.disrupted = True
    state.news.append(f"{piece.type.name} retreats to {end} ({'-'.join(path)}), disrupted "
                      f"({'7.65' if pending.kind == 'displace' else '7.57'})")
    drop_pedestal_on_retreat(state, piece, start)
    pick_up_pedestal(state, piece)
    arrived_in_mordor(state, piece)
    if friend is not None and friend is not piece:
        state.stack.push(Pending("displace", seat_of(friend.side), friend.id, 1))
    if pending.kind == "retreat" and pending.advance_by:
        vacated(state, start, state.units[pending.advance_by[0]])


def drop_pedestal_on_retreat(state, unit: Unit, where: str) -> None:
    """16.5.3 A-B: a bearer forced back leaves the Pedestal behind (it never retreats)."""
    drop_pedestal(state, unit, where)


def vacated_before_combat(state, hex_name: str, attackers: tuple[str, ...]) -> None:
    """7.7: an attacker may move into the hex the defender left."""
    able = tuple(a for a in attackers if may_advance(state, state.units[a], hex_name))
    if able:
        push_pending(state, Pending("advance", seat_of(state.units[able[0]].side), able[0], 0,
                                  able, hex_name))


def carry_out_stand(state) -> None:
    """7.7: the defender stays; the committed attacks are resolved."""
    if not state.pending or state.pending[0].kind != "before":
        raise Refusal("7.7", "no retreat before combat is offered now")
    state.stack.finish(state.stack.top())
    state.news.append("the defender stands (7.7)")


def check_advance(state, action: Advance):
    """7.51: the advancing unit is one allowed to, into the vacated hex."""
    if not state.pending or state.pending[0].kind != "advance":
        raise Refusal("7.51", "no advance after combat is offered now")
    pending = state.pending[0]
    if len(action.path) != 2 or action.path[1] != pending.into:
        raise Refusal("7.51", f"the advance goes one hex, into {pending.into}")
    unit = state.unit_at(action.path[0], state.phasing_side())
    if unit is None or unit.id not in pending.advance_by or \
            not may_advance(state, unit, pending.into):
        raise Refusal("7.51", f"the unit in {action.path[0]} may not advance into "
                              f"{pending.into}")
    return unit


def carry_out_advance(state, unit: Unit | None) -> None:
    """7.51-7.52: the unit moves in and may neither attack nor be attacked again."""
    pending = state.stack.top()
    state.stack.finish(pending)
    if unit is not None:
        was = unit.hex
        unit.hex = pending.into
        state.advanced.add(unit.id)
        if unit.partner:           # a formation advances as one
            partner = state.units[unit.partner]
            partner.hex = pending.into
            state.advanced.add(partner.id)
        state._zoc.clear()
        state.news.append(f"{unit.type.name} advances from {was} into {pending.into} (7.51)")
        pick_up_pedestal(state, unit)
        arrived_in_mordor(state, unit)


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
