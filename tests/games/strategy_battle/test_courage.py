"""Courage: tests, when to test, retreats, fleeing, Stand Fast!, testing twice ('Courage')."""

import math

import pytest

from palantir.games.strategy_battle.courage import courage_test, on_its_own

from .sbg_table import ORC, ROHAN, ROHAN_BOW, battle

R = 12.5 / 25.4
D = 2 * R
TROLL = "Cave Troll"


def rolls(state):
    return [(r.die, r.face) for r in state.dice.log]


def test_courage_tests_two_dice_plus_courage_ten_or_more_passes():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 40, 40)], dice=["3", "4", "3", "3"])
    warrior = state.models["G1"]                    # Courage 3
    assert courage_test(state, warrior, "test") is True       # 3+4+3 = 10
    assert courage_test(state, warrior, "test") is False      # 3+3+3 = 9
    assert [d for d, _ in rolls(state)] == ["courage G1"] * 4


def test_when_to_test_half_the_force_destroyed_every_warrior_tests_before_moving():
    state = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 12, 10), ("E1", ORC, 40, 40)],
                   dice=["5", "5", "1", "1"])
    state.lost["good"] = 2                          # 2 of 4 lost: half
    state.force["good"] = 4
    state.apply("move G1 to 10,14")                 # 5+5+3 passes: the move is made
    assert (state.models["G1"].x, state.models["G1"].y) == pytest.approx((10, 14))
    state.apply("move G2 to 12,14")                 # 1+1+3 fails: it retreats instead
    g2 = state.models["G2"]
    assert (g2.x, g2.y) != pytest.approx((12, 14)) and g2.moved
    assert math.dist((g2.x, g2.y), (40, 40)) > math.dist((12, 10), (40, 40))


def test_when_to_test_models_that_stay_put_test_too_but_not_engaged_ones():
    state = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 20, 20), ("E1", ORC, 20 + D, 20),
                    ("E2", ORC, 40, 40)], dice=["6", "6"])
    state.lost["good"], state.force["good"] = 2, 4
    state.apply("done")
    # G1 tests on the 'done'; G2 is fighting and does not
    assert [d for d, _ in rolls(state)] == ["courage G1", "courage G1"]


def test_when_to_test_on_its_own_two_visible_enemies_per_wound_and_no_friend():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 14, 10), ("E2", ORC, 14, 12),
                    ("G2", ROHAN, 30, 30)])
    assert on_its_own(state, state.models["G1"])
    near_friend = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 14, 10), ("E2", ORC, 14, 12),
                          ("G2", ROHAN, 10, 13)])
    assert not on_its_own(near_friend, near_friend.models["G1"])
    hero = battle([("G1", "Aragorn (Strider)", 10, 10), ("E1", ORC, 14, 10), ("E2", ORC, 14, 12),
                   ("G2", ROHAN, 30, 30)])
    # "a Hero with 3 Wounds need only test if faced by six enemies"
    assert not on_its_own(hero, hero.models["G1"])
    hero.models["G1"].wounds = 1
    assert on_its_own(hero, hero.models["G1"])


def test_testing_twice_one_roll_stands_for_half_force_and_on_its_own():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 14, 10), ("E2", ORC, 14, 12),
                    ("G2", ROHAN, 30, 30)], dice=["6", "6"])
    state.lost["good"], state.force["good"] = 2, 4
    state.apply("move G1 to 8,10")
    assert [d for d, _ in rolls(state)] == ["courage G1", "courage G1"]


def test_stand_fast_a_hero_who_passed_spares_the_warriors_near_him():
    state = battle([("G1", "Aragorn (Strider)", 10, 10), ("G2", ROHAN, 12, 10),
                    ("G3", ROHAN, 30, 10), ("E1", ORC, 40, 40)], dice=["5", "5", "1", "1"])
    state.lost["good"], state.force["good"] = 3, 6
    state.apply("done")
    # the Hero tests first (5+5+6 passes), G2 beside him stands fast, G3 far off tests and fails
    assert [d for d, _ in rolls(state)] == ["courage G1"] * 2 + ["courage G3"] * 2
    assert state.models["G2"].tested == "passed" and state.models["G3"].tested == "failed"


def test_retreats_full_move_away_from_the_nearest_visible_enemy_and_no_shooting():
    state = battle([("G1", ROHAN_BOW, 20, 20), ("E1", ORC, 20, 26), ("E2", ORC, 26, 20)],
                   dice=["1", "1", "1"])
    assert on_its_own(state, state.models["G1"])
    state.apply("move G1 to 20,21")
    g1 = state.models["G1"]
    start_gap = math.dist((20, 20), (20, 26))
    assert math.dist((g1.x, g1.y), (20, 26)) == pytest.approx(start_gap + 6, abs=0.35)
    assert g1.move_used == 6
    for enemy in ("E1", "E2"):
        e = state.models[enemy]
        assert math.dist((g1.x, g1.y), (e.x, e.y)) - D >= 1 - 0.02   # never within 1"
    state.apply("done")
    state.apply("done")
    with pytest.raises(Exception, match="Moving & Shooting"):
        state.apply("shoot G1 E1")


def test_fleeing_the_battle_a_retreat_that_reaches_the_edge_leaves_the_table():
    state = battle([("G1", ROHAN, 3, 20), ("G2", ROHAN, 40, 40), ("E1", ORC, 7, 20),
                    ("E2", ORC, 7, 22)], dice=["1", "1"])
    state.apply("move G1 to 3,18")
    assert "G1" not in state.models and state.lost["good"] == 1
    assert any("flees" in line for line in state.news)


def test_fleeing_the_battle_counts_as_lost_and_can_end_the_game():
    state = battle([("G1", ROHAN, 3, 20), ("E1", ORC, 7, 20), ("E2", ORC, 7, 22)],
                   dice=["1", "1"])
    state.apply("done")
    assert state.is_over() and state.outcome().winners == (1,)


def test_attempting_to_charge_a_terrifying_enemy_pass_and_the_charge_goes_in():
    state = battle([("G1", ROHAN, 10, 20), ("E1", TROLL, 15, 20), ("E2", ORC, 40, 40)],
                   dice=["5", "5"])
    state.apply("charge G1 E1")
    assert state.models["G1"].charged and state.engaged(state.models["G1"])
    assert [d for d, _ in rolls(state)] == ["courage G1", "courage G1"]


def test_attempting_to_charge_a_terrifying_enemy_fail_and_it_retreats_from_one_inch():
    state = battle([("G1", ROHAN, 10, 20), ("G2", ROHAN, 10, 30), ("E1", TROLL, 15, 20),
                    ("E2", ORC, 40, 40)], dice=["1", "1"])
    state.apply("charge G1 E1")
    g1 = state.models["G1"]
    assert not g1.charged and not state.engaged(g1) and g1.moved
    assert g1.x < 10                    # back past where it started: it moved twice
