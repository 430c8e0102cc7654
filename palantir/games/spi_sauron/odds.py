"""The exact odds of an attack before it is declared (7.1 missiles, 7.2 leaders, 7.3 melee,
8.3 rally): the referee's own functions run over every way the dice can fall.

Nothing here reads a table: `resolve_attack`, `resolve_leader_combat` and `rally_attempt`
(combat.py) are called with `EveryRoll`, dice that are thrown again and again until each
branch of faces has been followed once, each branch weighted by its chance. The strengths,
armour and morale come from the Combat Phase's functions (phases/combat.py), so an odds
shown is the odds the referee rolls against.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any, Callable, Sequence

from ...engine.dice import Dice
from .beast import BEAST
from .combat import defending_armour, rally_attempt, resolve_attack, resolve_leader_combat
from .components import CasualtyResult
from .notation import Attack, Duel, Fire, Rally, name_text
from .phases import is_night, spell_active
from .phases.combat import (armour_against, defending_morale, fanatical, leader_rating,
                            melee_strength, missile_strength, weapon_in_hex, wrath_covers)
from .phases.rally import rally_rating
from .units import FORMATION_NAMES, LeaderPiece, Unit

NO_CASUALTY = "no casualty"


class EveryRoll(Dice):
    """Dice that follow one branch of faces per run and then the next (depth first), so
    that run after run every sequence of faces the rules can roll is thrown exactly once."""

    def __init__(self):
        super().__init__(record=False)
        self._path: list[int] = []        # the face index chosen at each roll of this run
        self._widths: list[int] = []      # how many faces each roll of this run had
        self._at = 0

    def _pick(self, die: str, faces: Sequence[str]) -> str:
        if self._at == len(self._path):
            self._path.append(0)
            self._widths.append(len(faces))
        face = faces[self._path[self._at]]
        self._at += 1
        return face

    def chance(self) -> Fraction:
        """The chance of the run just thrown: one over the faces of each of its rolls."""
        chance = Fraction(1)
        for width in self._widths[:self._at]:
            chance /= width
        return chance

    def next_branch(self) -> bool:
        """Set up the next run's faces; False once every branch has been thrown."""
        del self._path[self._at:], self._widths[self._at:]
        while self._path and self._path[-1] + 1 == self._widths[-1]:
            self._path.pop()
            self._widths.pop()
        self._at = 0
        if not self._path:
            return False
        self._path[-1] += 1
        return True


def distribution(run: Callable[[Dice], Any]) -> dict[Any, Fraction]:
    """Every outcome of `run(dice)` with its exact chance, the dice enumerated."""
    dice = EveryRoll()
    found: dict[Any, Fraction] = defaultdict(Fraction)
    while True:
        outcome = run(dice)
        found[outcome] += dice.chance()
        if not dice.next_branch():
            return dict(found)


def casualty_distribution(parts, attack: str, armour: int, morale: str,
                          fanatic: bool = False) -> dict[CasualtyResult | None, Fraction]:
    """7.33: the chance of each Casualty Results Table cell (None: no casualty)."""
    return distribution(lambda dice: resolve_attack(parts, dice, attack, armour, morale,
                                                    fanatical=fanatic).result)


def _percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:.1f}%"


def _chance_json(chance: Fraction) -> dict:
    return {"exact": f"{chance.numerator}/{chance.denominator}", "chance": float(chance),
            "percent": _percent(chance)}


def _result_key(result: CasualtyResult | None) -> str:
    if result is None:
        return NO_CASUALTY
    return "no effect" if result.text == "-" else result.text


def _rows(found: dict, order: Callable[[Any], Any] = str) -> list[dict]:
    return [{"result": key, **_chance_json(chance)}
            for key, chance in sorted(found.items(), key=lambda kv: (-kv[1], order(kv[0])))
            if chance]


# ----- what went into an attack -------------------------------------------------------------

def _defender_modifiers(state, defender: Unit, attacker_hex: str | None) -> tuple[int, int,
                                                                                 list[str]]:
    """The armour and its reasons: printed (or formation), terrain (4.3), up-slope (4.3)."""
    printed = defender.strength.armour
    terrain = state.hexmap.terrain[defender.hex]
    flat = defending_armour(state.parts, printed, terrain)
    armour = armour_against(state, defender, attacker_hex)
    notes = [f"defender's armour {printed}" + (" (reduced side)" if defender.reduced else "")]
    if defender.formation:
        notes.append(f"defender in {FORMATION_NAMES[defender.formation]}: armour "
                     f"{printed}, morale {defender.strength.morale} (8.44, 15.3.3)")
    if flat != printed:
        notes.append(f"{terrain} hex: armour +{flat - printed} → {flat} (4.3)")
    if armour != flat:
        notes.append(f"attacked up a slope hexside: armour +{armour - flat} → {armour} (4.3)")
    if armour == state.parts.armour_maximum and (flat != printed or armour != flat):
        notes.append(f"armour never above {state.parts.armour_maximum} (4.3)")
    morale = defending_morale(state, defender)
    if morale != defender.strength.morale:
        notes.append(f"Orcs at night defend with morale {morale}, not "
                     f"{defender.strength.morale} (15.4 B)")
    return armour, morale, notes


def _attacker_modifiers(state, attacker: Unit, letter: str, printed: str | None,
                        kind: str = "melee") -> list[str]:
    strength = "missile strength" if kind == "missile" else "attack strength"   # 7.17
    notes = [f"{strength} {printed}" + (" (reduced side)" if attacker.reduced else "")]
    if attacker.formation:
        notes.append(f"in {FORMATION_NAMES[attacker.formation]} (8.44, 15.3.3)")
    if wrath_covers(state, attacker):
        notes.append("Wrath of the Ringwraith: one level better (16.2)")
    if weapon_in_hex(state, attacker.hex, attacker.side):
        notes.append("a magic weapon in the hex: one level better (19.1.2)")
    if letter != (printed or "").upper():
        notes.append(f"attacks at {letter}")
    return notes


def _fanatic_reason(state, unit: Unit) -> str:
    if unit.side == "sauron":
        return "Orcs at night are fanatical: every attack is a casualty (7.37, 10.0)"
    return "the demoralized army's W and X units are fanatical (7.37, 9.33)"


def _attack_odds(state, attacker: Unit, defender: Unit, letter: str, printed: str | None,
                 attacker_hex: str | None, fanatic: bool, kind: str) -> dict:
    armour, morale, defence = _defender_modifiers(state, defender, attacker_hex)
    notes = _attacker_modifiers(state, attacker, letter, printed, kind) + defence
    if fanatic:
        notes.append(_fanatic_reason(state, attacker))
    if is_night(state):
        notes.append("night" + (" (Total Eclipse, 16.3)"
                                if spell_active(state, "total_eclipse") else " (10.0)"))
    found = casualty_distribution(state.parts, letter, armour, morale, fanatic)
    hit = sum((c for r, c in found.items() if r is not None), Fraction(0))
    return {"attacker": attacker.hex, "attacker_name": attacker.type.name, "kind": kind,
            "strength": letter, "armour": armour, "morale": morale, "fanatical": fanatic,
            "modifiers": notes, "casualty": _chance_json(hit),
            "results": _rows({_result_key(r): c for r, c in found.items()}),
            "_found": found}


def _after(defender: Unit, result: CasualtyResult | None) -> str:
    """What one result leaves of the defender for the attacks after it (7.32, 7.54)."""
    if result is None or result.text == "-":
        return "stands"
    if result.eliminated or (result.half_eliminated and defender.reduced):
        return "eliminated"
    if result.retreat:
        # 7.54: out of every enemy ZOC, so never again beside an attacker; 7.57 a
        # disrupted unit that must retreat is eliminated instead
        return "eliminated (disrupted, 7.57)" if defender.disrupted else \
            ("reduced and retreats" if result.half_eliminated else "retreats")
    return "reduced"


def melee_odds(state, defender: Unit, attackers: list[Unit]) -> dict:
    """7.32/7.33: each attack's chances against the defender as the attacks before it leave
    it, and the whole melee's: an attack follows only while the defender still stands
    beside it."""
    attacks = []
    overall: dict[str, Fraction] = defaultdict(Fraction)
    # the defender's possible conditions before each attack: (reduced, chance)
    standing: dict[bool, Fraction] = {defender.reduced: Fraction(1)}
    for unit in attackers:
        letter = melee_strength(state, unit)
        fanatic = fanatical(state, unit)
        later: dict[bool, Fraction] = defaultdict(Fraction)
        for reduced, before in standing.items():
            target = defender.copy()
            target.reduced = reduced
            odds = _attack_odds(state, unit, target, letter, unit.strength.melee, unit.hex,
                                fanatic, "melee")
            if reduced == defender.reduced:
                attacks.append(odds)
            for result, chance in odds.pop("_found").items():
                left = _after(target, result)
                if left == "stands":
                    later[reduced] += before * chance
                elif left == "reduced":
                    later[True] += before * chance
                else:
                    overall[left] += before * chance
        standing = later
    for reduced, chance in standing.items():
        overall["reduced, stands" if reduced and not defender.reduced else
                "no effect"] += chance
    notes = []
    if len(attackers) > 1:
        notes.append("7.32: the attacks are resolved one by one in this order; once the "
                     "defender retreats or dies, the later attacks fall on nothing")
    if defender.partner:
        notes.append("a formation loses one unit on 1/2E and both on E (8.46, 15.3.5 A)")
    if state.leaders_at(defender.hex):
        notes.append("a leader stacked with the defender shares a 1/2E or E on a 5 or 6 (8.24)")
    return {"kind": "melee", "title": f"Melee on {defender.type.name} in {defender.hex}",
            "defender": defender.hex, "attacks": attacks,
            "overall": _rows(overall), "notes": notes}


def fire_odds(state, firer: Unit, target: Unit) -> dict:
    """7.17: a missile attack on the Casualty tables, no slope (7.18: walls only)."""
    letter = missile_strength(state, firer)
    odds = _attack_odds(state, firer, target, letter, firer.strength.missile, None, False,
                        "missile")
    odds.pop("_found")
    return {"kind": "missile", "title": f"{firer.type.name} in {firer.hex} fire at "
            f"{target.type.name} in {target.hex}", "defender": target.hex, "attacks": [odds],
            "overall": odds["results"], "notes": ["the owner retreats the target (7.55)"]}


def _leader_notes(state, piece: LeaderPiece, rating: int) -> str:
    parts = [f"{piece.leader.name} rating {piece.rally}" +
             (" (reduced)" if piece.reduced else "")]
    if piece.side == "sauron" and is_night(state):
        parts.append(f"+{state.parts.night_rally_bonus} at night (10.0)")
    if piece.weapon and piece.key in state.parts.weapons[piece.weapon]:
        parts.append(f"+1 {name_text(piece.weapon).title()} (19.1.1)")
    return ", ".join(parts) + f" = {rating}"


def duel_odds(state, attacker: LeaderPiece, defender: LeaderPiece) -> dict:
    """7.22/7.26: one die by the combat differential."""
    mine, theirs = leader_rating(state, attacker), leader_rating(state, defender)
    found = distribution(lambda dice: resolve_leader_combat(state.parts, dice, mine,
                                                            theirs)[0])
    differential = mine - theirs
    column = state.parts.leader_columns[state.parts.leader_column(differential)]
    shown = {("no effect" if r == "-" else r): c for r, c in found.items()}
    return {"kind": "duel", "title": f"{attacker.leader.name} attacks {defender.leader.name}",
            "defender": defender.hex, "attacks": [],
            "modifiers": [_leader_notes(state, attacker, mine),
                          _leader_notes(state, defender, theirs),
                          f"differential {differential:+d}: column {column} (7.26)"],
            "overall": _rows(shown),
            "notes": ["A = the attacker, D = the defender; r2 retreat two hexes, 1/2e "
                      "reduced, e eliminated; a combat unit stacked with the leader hit "
                      "retreats two hexes (7.23)"]}


def rally_odds(state, piece: LeaderPiece, unit: Unit) -> dict:
    """8.34/8.37: two dice against the Rally Table by the leader's rating."""
    rating = rally_rating(state, piece)
    found = distribution(lambda dice: rally_attempt(state.parts, dice, rating)[0])
    return {"kind": "rally", "title": f"{piece.leader.name} rallies {unit.type.name} in "
            f"{unit.hex}", "defender": unit.hex, "attacks": [],
            "modifiers": [f"rally rating {rating}"],
            "overall": _rows({("rallied" if r else "not rallied"): c
                              for r, c in found.items()}), "notes": []}


def _beast_attack(state, letter: str, attacker_hex: str | None, who: str,
                  notes: list[str], kind: str) -> dict:
    """17.3.2 B: an attack on the Beast: its armour 4 (with terrain and an up-slope
    hexside, as hit_beast has it) and morale X."""
    beast = state.beast
    uphill = attacker_hex is not None and \
        state.hexmap.higher_side(attacker_hex, beast.hex) == beast.hex
    printed = state.parts.beast["armour"]
    armour = defending_armour(state.parts, printed, state.hexmap.terrain[beast.hex], uphill)
    morale = state.parts.beast["morale"]
    notes = notes + [f"the Beast's armour {printed}, morale {morale} (17.3.2 B)"]
    if armour != printed:
        notes.append(f"its hex and slope: armour {armour} (4.3)")
    found = casualty_distribution(state.parts, letter, armour, morale)
    hit = sum((c for r, c in found.items() if r is not None), Fraction(0))
    return {"attacker": attacker_hex or "", "attacker_name": who, "kind": kind,
            "strength": letter, "armour": armour, "morale": morale, "fanatical": False,
            "modifiers": notes, "casualty": _chance_json(hit),
            "results": _rows({_result_key(r): c for r, c in found.items()}), "_found": found}


def beast_odds(state, attacks: list[tuple[str, str | None, str, list[str]]],
               kind: str) -> dict:
    """17.3: fire, melee or magic-weapon strikes at the Beast, one after another: 1/2E
    wounds it (or slays it wounded), E slays it, retreats are ignored (17.3.3)."""
    shown = []
    ends: dict[str, Fraction] = defaultdict(Fraction)
    alive: dict[bool, Fraction] = {state.beast.reduced: Fraction(1)}
    for letter, where, who, notes in attacks:
        odds = _beast_attack(state, letter, where, who, notes, kind)
        found = odds.pop("_found")
        shown.append(odds)
        after: dict[bool, Fraction] = defaultdict(Fraction)
        for reduced, before in alive.items():
            for result, chance in found.items():
                if result is not None and (result.eliminated or
                                           (result.half_eliminated and reduced)):
                    ends["the Beast is slain"] += before * chance
                elif result is not None and result.half_eliminated:
                    after[True] += before * chance
                else:
                    after[reduced] += before * chance
        alive = after
    for reduced, chance in alive.items():
        ends["wounded" if reduced and not state.beast.reduced else "no effect"] += chance
    return {"kind": kind, "title": "Attack on the Beast of Mordor", "defender": state.beast.hex,
            "attacks": shown, "overall": _rows(ends),
            "notes": ["the Beast ignores retreats; 1/2E flips it, E or a second 1/2E slays "
                      "it (17.3.3)"]}


def horn_odds(state, defender: Unit) -> dict:
    """17.2.2: the Beast's Horn Attack melees at A."""
    armour, morale, notes = _defender_modifiers(state, defender, state.beast.hex)
    found = casualty_distribution(state.parts, "A", armour, morale)
    hit = sum((c for r, c in found.items() if r is not None), Fraction(0))
    attack = {"attacker": state.beast.hex, "attacker_name": "The Beast (Horn Attack)",
              "kind": "melee", "strength": "A", "armour": armour, "morale": morale,
              "fanatical": False, "modifiers": ["Horn Attack: strength A (17.2.2)"] + notes,
              "casualty": _chance_json(hit),
              "results": _rows({_result_key(r): c for r, c in found.items()})}
    return {"kind": "melee", "title": f"Horn Attack on {defender.type.name} in "
            f"{defender.hex}", "defender": defender.hex, "attacks": [attack],
            "overall": attack["results"], "notes": []}


def _beast_odds_of(state, action) -> dict:
    side = state.phasing_side()
    if isinstance(action, Fire):
        firer = state.unit_at(action.firer, side)
        return beast_odds(state, [(missile_strength(state, firer), None, firer.type.name,
                                   [f"missile strength {firer.strength.missile}"])],
                          "missile")
    if action.attackers == (BEAST,):
        return horn_odds(state, state.unit_at(action.defender))
    attacks = []
    for name in action.attackers:
        if name in state.leaders:      # 17.3.2 A: a leader with a magic weapon strikes at A
            piece = state.leaders[name]
            attacks.append(("A", piece.hex, piece.leader.name,
                            [f"{name_text(piece.weapon or '')}: strikes at A (17.3.2 A)"]))
        else:
            unit = state.unit_at(name, side)
            attacks.append((melee_strength(state, unit), unit.hex, unit.type.name,
                            _attacker_modifiers(state, unit, melee_strength(state, unit),
                                                unit.strength.melee)))
    return beast_odds(state, attacks, "melee")


def odds_of(state, action) -> dict | None:
    """The odds of a declared fire, duel, melee or rally (already found legal), else None."""
    side = state.phasing_side()
    if (isinstance(action, Fire) and action.target == BEAST) or \
            (isinstance(action, Attack) and (action.defender == BEAST or
                                            BEAST in action.attackers)):
        return _beast_odds_of(state, action)
    if isinstance(action, Attack):
        defender = next(u for u in state.combat_units_at(action.defender) if u.side != side)
        return melee_odds(state, defender, [state.unit_at(h, side) for h in action.attackers])
    if isinstance(action, Fire):
        target = next(u for u in state.combat_units_at(action.target) if u.side != side)
        return fire_odds(state, state.unit_at(action.firer, side), target)
    if isinstance(action, Duel):
        return duel_odds(state, state.leaders[action.attacker], state.leaders[action.defender])
    if isinstance(action, Rally):
        piece = state.leaders[action.leader]
        unit = next(u for u in state.combat_units_at(action.hex) if u.side == piece.side)
        return rally_odds(state, piece, unit)
    return None
