"""The combat tables of SPI Sauron and their die rolls (7.1-7.4, 7.26, 8.37).

Each function rolls through the game's Dice with a die name that says what the roll
decides, and returns the result with a sentence saying what it decided, e.g.
"2d6 = 7 vs B/3 needs 2–7: casualty; d6 = 3 vs morale Y: 1/2E, r1".
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.dice import Dice
from .components import ATTACK_LETTERS, MORALE_LETTERS, CasualtyResult, Components

D6 = ("1", "2", "3", "4", "5", "6")


def totals_text(totals: frozenset[int]) -> str:
    """{2, ..., 7} -> '2–7' (the tables' ranges)."""
    low, high = min(totals), max(totals)
    return str(low) if low == high else f"{low}–{high}"


def roll_2d6(dice: Dice, purpose: str) -> int:
    """Two dice, each logged under a name saying what they decide."""
    first = int(dice.roll(f"{purpose}, die 1", D6))
    second = int(dice.roll(f"{purpose}, die 2", D6))
    return first + second


def stronger(letter: str, levels: int = 1) -> str:
    """An Attack Strength `levels` better (16.2, 19.1.2); A is the best (2.6)."""
    index = max(0, ATTACK_LETTERS.index(letter.upper()) - levels)
    return ATTACK_LETTERS[index]


def braver(morale: str, levels: int = 1) -> str:
    """A Morale Rating `levels` better (15.4 B); W is the best (2.6)."""
    return MORALE_LETTERS[max(0, MORALE_LETTERS.index(morale) - levels)]


def defending_armour(parts: Components, armour: int, terrain: str, uphill: bool = False,
                     wall: bool = False) -> int:
    """The defender's Armour Protection Rating with terrain (4.3, errata Rough, 7.18), max 4."""
    bonus = parts.terrain[terrain].armour
    if uphill:
        bonus += parts.slope_armour        # 4.3: attacked through an up-slope hexside
    if wall:
        bonus += 1                         # 7.18: fired on through a wall hexside
    return min(parts.armour_maximum, armour + bonus)


@dataclass(frozen=True, slots=True)
class CasualtyRoll:
    """The outcome of one attack on the Casualty tables (7.33)."""

    result: CasualtyResult | None       # None: no casualty
    text: str


def resolve_attack(parts: Components, dice: Dice, attack: str, armour: int, morale: str,
                   fanatical: bool = False, kind: str = "melee") -> CasualtyRoll:
    """7.33 (and 7.17 for missiles): roll for a casualty, then for its result.

    A fanatical attacker (7.37) skips the Casualty Probability Table.
    """
    letter = attack.upper()
    if fanatical:
        found = "fanatical attacker (7.37): casualty"
    else:
        needed = parts.casualty_probability[letter, armour]
        total = roll_2d6(dice, f"7.41 {kind} casualty? {letter} vs armour {armour}")
        hit = total in needed
        found = (f"2d6 = {total} vs {letter}/{armour} needs {totals_text(needed)}: "
                 f"{'casualty' if hit else 'no casualty'}")
        if not hit:
            return CasualtyRoll(None, found)
    die = int(dice.roll(f"7.42 casualty result vs morale {morale}", D6))
    result = parts.casualty_results[die, morale]
    shown = "no effect" if result.text == "-" else result.text
    return CasualtyRoll(result, f"{found}; d6 = {die} vs morale {morale}: {shown}")


def resolve_leader_combat(parts: Components, dice: Dice, attacker_rating: int,
                          defender_rating: int) -> tuple[str, str]:
    """7.22: one die on the Leader Combat Results Table by the combat differential."""
    differential = attacker_rating - defender_rating
    column = parts.leader_column(differential)
    die = int(dice.roll(f"7.26 leader combat, differential {differential:+d}", D6))
    result = parts.leader_combat[die, column]
    shown = "no effect" if result == "-" else result
    return result, (f"d6 = {die} at differential {differential:+d} (column "
                    f"{parts.leader_columns[column]}): {shown}")


def rally_attempt(parts: Components, dice: Dice, rating: int) -> tuple[bool, str]:
    """8.34: two dice against the Rally Table; ratings above the table rally as its top."""
    used = max(1, min(rating, parts.rally_maximum))
    needed = parts.rally[used]
    total = roll_2d6(dice, f"8.37 rally, rating {used}")
    rallied = total in needed
    return rallied, (f"2d6 = {total} vs rally rating {used} needs {totals_text(needed)}: "
                     f"{'rallied' if rallied else 'not rallied'}")


def leader_shares_the_result(dice: Dice, leader_name: str) -> tuple[bool, str]:
    """8.24: a leader stacked with a unit that suffers 1/2E or E shares it on a 5 or 6."""
    die = int(dice.roll(f"8.24 does {leader_name} share the unit's result?", D6))
    shared = die >= 5
    return shared, f"d6 = {die} for {leader_name}: {'shares the result' if shared else 'unhurt'}"


def retreat_before_combat_disrupts(dice: Dice) -> tuple[bool, str]:
    """7.7: a unit that retreats before combat is disrupted on 1, 2 or 3."""
    die = int(dice.roll("7.7 retreat before combat: disrupted?", D6))
    return die <= 3, f"d6 = {die}: {'disrupted' if die <= 3 else 'in good order'}"
