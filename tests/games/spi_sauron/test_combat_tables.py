"""The combat tables and their die rolls (7.17, 7.18, 7.22, 7.26, 7.33, 7.37, 8.24, 8.34, 7.7)."""

import pytest

from palantir.engine.dice import ScriptedDice
from palantir.engine.errors import DiceExhausted
from palantir.games.spi_sauron.combat import (
    braver, defending_armour, leader_shares_the_result, rally_attempt, resolve_attack,
    resolve_leader_combat, retreat_before_combat_disrupts, stronger)
from palantir.games.spi_sauron.components import default_components

PARTS = default_components()


def test_case_7_33_worked_example_b_vs_3_throws_7_then_3_against_y():
    # "A B unit attacks a 3 unit ... needs 2-7 ... throws a 7 ... Y morale ... throws a 3:
    # the defending unit must retreat one hex and flip over to its reduced strength."
    dice = ScriptedDice(["3", "4", "3"])
    roll = resolve_attack(PARTS, dice, "B", 3, "Y")
    assert roll.result.half_eliminated and roll.result.retreat == 1
    assert not roll.result.eliminated
    assert roll.text == "2d6 = 7 vs B/3 needs 2–7: casualty; d6 = 3 vs morale Y: 1/2E, r1"
    assert [r.die for r in dice.log] == ["7.41 melee casualty? B vs armour 3, die 1",
                                         "7.41 melee casualty? B vs armour 3, die 2",
                                         "7.42 casualty result vs morale Y"]


def test_case_7_33_worked_example_a_throw_of_10_ends_the_combat():
    dice = ScriptedDice(["4", "6"])
    roll = resolve_attack(PARTS, dice, "B", 3, "Y")
    assert roll.result is None and "no casualty" in roll.text
    assert dice.remaining() == 0            # no roll on the Casualty Results Table


def test_case_7_17_missile_fire_uses_the_same_tables_with_the_missile_strength():
    dice = ScriptedDice(["2", "4", "1"])     # e vs 2 needs 6-8: 6 hits
    roll = resolve_attack(PARTS, dice, "e", 2, "Z", kind="missile")
    assert roll.result.eliminated
    assert dice.log[0].die.startswith("7.41 missile casualty? E vs armour 2")


def test_case_7_37_fanatical_attackers_skip_the_casualty_probability_table():
    dice = ScriptedDice(["4"])
    roll = resolve_attack(PARTS, dice, "E", 4, "X", fanatical=True)
    assert roll.result.text == "r2" and "fanatical" in roll.text
    with pytest.raises(DiceExhausted):
        resolve_attack(PARTS, ScriptedDice([]), "E", 4, "X", fanatical=True)


def test_case_7_42_die_6_reconstructed_row_is_no_effect_for_w():
    roll = resolve_attack(PARTS, ScriptedDice(["1", "1", "6"]), "A", 3, "W")
    assert roll.result.text == "-" and "no effect" in roll.text


def test_case_4_3_slope_and_rough_add_armour_to_a_maximum_of_four():
    assert defending_armour(PARTS, 2, "clear") == 2
    assert defending_armour(PARTS, 2, "clear", uphill=True) == 3
    assert defending_armour(PARTS, 2, "rough", uphill=True) == 4
    assert defending_armour(PARTS, 4, "rough") == 4


def test_case_7_18_a_wall_adds_one_but_four_remains_four():
    assert defending_armour(PARTS, 3, "clear", wall=True) == 4
    assert defending_armour(PARTS, 4, "clear", wall=True) == 4


def test_case_7_22_leader_combat_differential_and_table():
    dice = ScriptedDice(["1"])
    result, text = resolve_leader_combat(PARTS, dice, 10, 5)    # +5: column "+4 or +5"
    assert result == "-" and "differential +5" in text
    result, _ = resolve_leader_combat(PARTS, ScriptedDice(["2"]), 5, 10)   # -5 -> -4 column
    assert result == "Ae"
    result, _ = resolve_leader_combat(PARTS, ScriptedDice(["3"]), 8, 8)
    assert result == "Ar2"


def test_case_8_34_rally_on_the_table_and_ratings_above_10_rally_as_10():
    rallied, text = rally_attempt(PARTS, ScriptedDice(["6", "6"]), 13)
    assert rallied and "rating 10 needs 3–12" in text
    rallied, text = rally_attempt(PARTS, ScriptedDice(["1", "1"]), 10)
    assert not rallied
    rallied, _ = rally_attempt(PARTS, ScriptedDice(["2", "3"]), 1)
    assert rallied                                   # rating 1: 4 or 5


def test_case_8_24_a_leader_shares_a_units_loss_on_five_or_six():
    assert leader_shares_the_result(ScriptedDice(["5"]), "Elendil")[0]
    assert not leader_shares_the_result(ScriptedDice(["4"]), "Elendil")[0]


def test_case_7_7_retreat_before_combat_disrupts_on_one_to_three():
    assert retreat_before_combat_disrupts(ScriptedDice(["3"]))[0]
    assert not retreat_before_combat_disrupts(ScriptedDice(["4"]))[0]


def test_case_16_2_and_19_1_2_attack_one_level_better_a_stays_a():
    assert stronger("B") == "A" and stronger("A") == "A" and stronger("e") == "D"


def test_case_15_4_b_orcs_at_night_one_morale_level_better():
    assert braver("Y") == "X" and braver("W") == "W"
