"""Courage: tests, when to test, retreats, fleeing, Stand Fast!, testing twice ('Courage')."""

import math

import pytest

from palantir.games.strategy_battle import procedure
from palantir.games.strategy_battle.phases.courage import on_its_own
from palantir.games.strategy_battle.state import take_test

from tests.support.positions.sbg import ORC, ROHAN, ROHAN_BOW, battle, fight, mark, rolls, setup

R = 12.5 / 25.4
D = 2 * R
TROLL = "Cave Troll"


def test_courage_tests_two_dice_plus_courage_ten_or_more_passes():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 40, 40)], dice=["3", "4", "3", "3"])
    warrior = state.models["G1"]                    # Courage 3
    for passed in (True, False):                    # 3+4+3 = 10, then 3+3+3 = 9
        result = {"proc": "result"}
        state.pending.append(result)
        take_test(state, warrior, "test")
        procedure.run(state, 1)
        state.pending.pop()
        assert result["passed"] is passed
    assert [d for d, _ in rolls(state)] == ["courage G1"] * 4


def test_when_to_test_half_the_force_destroyed_every_warrior_tests_before_moving():
    state = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 12, 10), ("E1", ORC, 40, 40)],
                   dice=["5", "5", "1", "1"])
    setup(state, lost={"good": 2}, force={"good": 4})   # 2 of 4 lost: half
    state.apply("move G1 to 10,14")                 # 5+5+3 passes: the move is made
    assert (state.models["G1"].x, state.models["G1"].y) == pytest.approx((10, 14))
    state.apply("move G2 to 12,14")                 # 1+1+3 fails: it retreats instead
    g2 = state.models["G2"]
    assert (g2.x, g2.y) != pytest.approx((12, 14)) and g2.moved
    assert math.dist((g2.x, g2.y), (40, 40)) > math.dist((12, 10), (40, 40))


def test_when_to_test_models_that_stay_put_test_too_but_not_engaged_ones():
    state = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 20, 20), ("E1", ORC, 20 + D, 20),
                    ("E2", ORC, 40, 40)], dice=["6", "6"])
    setup(state, lost={"good": 2}, force={"good": 4})
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
    mark(hero, "G1", wounds=1)
    assert on_its_own(hero, hero.models["G1"])


def test_testing_twice_one_roll_stands_for_half_force_and_on_its_own():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 14, 10), ("E2", ORC, 14, 12),
                    ("G2", ROHAN, 30, 30)], dice=["6", "6"])
    setup(state, lost={"good": 2}, force={"good": 4})
    state.apply("move G1 to 8,10")
    assert [d for d, _ in rolls(state)] == ["courage G1", "courage G1"]


def test_stand_fast_a_hero_who_passed_spares_the_warriors_near_him():
    state = battle([("G1", "Aragorn (Strider)", 10, 10), ("G2", ROHAN, 12, 10),
                    ("G3", ROHAN, 30, 10), ("E1", ORC, 40, 40)], dice=["5", "5", "1", "1"])
    setup(state, lost={"good": 3}, force={"good": 6})
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


def test_might_on_courage_a_hero_raises_a_failed_test():
    # 'Can I Use Might?': "Courage - to pass a Courage test"
    state = battle([("G1", "Aragorn (Strider)", 10, 10), ("G2", ROHAN, 30, 30),
                    ("E1", ORC, 40, 40)], dice=["1", "1"])
    setup(state, lost={"good": 2}, force={"good": 4})
    state.apply("move G1 to 10,14")
    # 1+1+6 = 8: two points of Might make 10 (each die counts at most 6)
    assert state.question == {"kind": "roll", "side": "good", "model": "G1", "for": "Courage",
                              "score": 8, "might": [2], "reroll": False, "room": 10}
    state.apply("might G1 2")
    g1 = state.models["G1"]
    assert g1.tested == "passed" and (g1.x, g1.y) == pytest.approx((10, 14))
    assert any("1+1+6+2 Might = 10: passed" in n for n in state.news)


def test_might_on_courage_a_hero_who_keeps_his_might_retreats():
    state = battle([("G1", "Aragorn (Strider)", 10, 10), ("G2", ROHAN, 30, 30),
                    ("E1", ORC, 10, 20)], dice=["1", "1", "6", "6"])
    setup(state, lost={"good": 2}, force={"good": 4})
    state.apply("done")                         # staying put, he still tests
    state.apply("pass")
    g1 = state.models["G1"]
    assert g1.tested == "failed" and g1.y < 10 and g1.might == 3


def scenario_battle(models, called, dice):
    doc = {"name": "test", "title": "test", "source": "test", "courage_before_moving": called,
           "table": {"units": "in", "width": 48, "depth": 48},
           "models": [{"id": i, "profile": p, "at": [x, y]} for i, p, x, y in models]}
    return battle([(m["id"], m["profile"], *m["at"]) for m in doc["models"]],
                  dice=list(dice), courage_before_moving=doc["courage_before_moving"])


def test_testing_twice_a_test_the_scenario_calls_for_before_moving():
    # 'Testing Twice': "The same applies if a scenario calls for a test before moving - make
    # one test and the result stands for all"
    state = scenario_battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 20, 10), ("E1", ORC, 40, 40)],
                            ["good"], ["6", "1", "1", "1"])
    state.apply("move G1 to 10,14")             # 6+1+3 = 10 passes
    assert state.models["G1"].y == pytest.approx(14)
    state.apply("done")                         # G2 stays put: it tests and fails
    assert state.models["G2"].tested == "failed"
    assert [d for d, _ in rolls(state)] == ["courage G1"] * 2 + ["courage G2"] * 2
    # the Evil side is not called to test; with half the force lost too, one roll serves
    setup(state, lost={"good": 2}, force={"good": 4})
    assert state.models["G1"].tested == "passed"


def test_scenario_calls_for_courage_data_names_the_faulty_field():
    from palantir.games.strategy_battle.profiles import DataError
    with pytest.raises(DataError, match="courage_before_moving"):
        scenario_battle([("G1", ROHAN, 10, 10), ("E1", ORC, 40, 40)], ["orcs"], [])


def test_stand_fast_stands_for_the_test_the_scenario_calls_for_too():
    # 'Testing Twice': "If the first test is a 'Stand Fast' from a Hero's success, the result
    # will also stand for both rolls"
    state = scenario_battle([("G1", "Aragorn (Strider)", 10, 10), ("G2", ROHAN, 10, 13),
                             ("E1", ORC, 40, 40)], ["good"], ["5", "5"])
    setup(state, lost={"good": 2}, force={"good": 4})
    state.apply("move G1 to 12,10")                           # the Hero passes: 5+5+6
    state.apply("move G2 to 12,13")
    assert state.models["G2"].tested == "passed"
    assert [d for d, _ in rolls(state)] == ["courage G1"] * 2


def test_attempting_to_charge_a_terrifying_enemy_a_supporting_spearman_does_not_test():
    # "a model armed with a spear/pike supporting a friend who is fighting a terrifying enemy
    # does not need to take this test, since he is not going to charge"
    spear = "Warrior of Minas Tirith with spear and shield"
    state = battle([("G1", ROHAN, 10, 20), ("E1", TROLL, 15, 20), ("G2", spear, 8, 20),
                    ("E2", ORC, 40, 40)],
                   dice=["6", "6"] + ["1", "2", "6", "2", "1", "1", "1", "1", "3", "3"])
    state.apply("charge G1 E1")                 # G1 dares the Troll: 6+6+3
    troll = state.models["E1"]
    behind = (state.models["G1"].x - 2 * R, 20)
    state.apply(f"move G2 {behind[0]:.3f},20")  # into touch behind G1: no test
    assert [d for d, _ in rolls(state)] == ["courage G1"] * 2
    assert state.models["G2"].moved and not state.engaged(state.models["G2"])
    assert troll.profile.has("terror")
    for _ in range(4):
        state.apply("done")
    fight(state, "G1")
    # the spearman lends G1 an Attack against the Troll: two dice for G1, three for the Troll
    assert [d for d, _ in rolls(state)][2:7] == ["duel G1"] * 2 + ["duel E1"] * 3


def on_its_own_looking_at_everyone(state, model) -> bool:
    """The test's reference: every model in reach looked at, then counted ('When to Test')."""
    from palantir.games.strategy_battle.state import is_loose
    from palantir.games.strategy_battle.phases.courage import within
    reach = state.units.rule(6, 14)
    seen = [o for o in state.models.values()
            if o.id != model.id and not is_loose(o) and within(state, model, o, reach)
            and state.sees(model, o).visible]
    return (not any(o.side == model.side for o in seen)
            and sum(o.side != model.side for o in seen) >= 2 * model.wounds)


def counting_sight(state) -> list:
    """Record each sight check the state makes from now on."""
    looks = []
    sees = state.sees
    state.sees = lambda a, b: looks.append((a.id, b.id)) or sees(a, b)
    return looks


def test_when_to_test_on_its_own_the_same_answer_as_looking_at_everyone_in_reach():
    # seeded random battles: at every decision, for every model, the quicker on_its_own
    # agrees with looking at every model within 6" ('When to Test')
    from palantir.agents.random_agent import RandomAgent
    from palantir.engine.match import play_match
    from palantir.games.strategy_battle import StrategyBattle
    answers = []

    def check(state, seat, action):
        for model in list(state.models.values()):
            for wounds in (1, model.wounds):
                kept, model.wounds = model.wounds, wounds
                answers.append(on_its_own(state, model))
                assert answers[-1] == on_its_own_looking_at_everyone(state, model), model.id
                model.wounds = kept

    game = StrategyBattle()
    for name, seed in (("intro", 3), ("amon_hen", 2)):
        play_match(game, {"scenario": name}, [RandomAgent(0, seed), RandomAgent(1, seed)],
                   seed, on_step=check, max_decisions=6000)
    assert True in answers and False in answers


def test_when_to_test_on_its_own_no_sight_checks_with_too_few_enemies_in_reach():
    # one Orc within 6" of a 1-Wound warrior: two are needed, so nobody need be looked at
    state = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 10, 13), ("E1", ORC, 14, 10),
                    ("E2", ORC, 30, 30)])
    looks = counting_sight(state)
    assert not on_its_own(state, state.models["G1"]) and looks == []


def test_when_to_test_on_its_own_a_visible_friend_decides_it_without_the_enemies():
    state = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 10, 13), ("E1", ORC, 14, 10),
                    ("E2", ORC, 14, 12)])
    looks = counting_sight(state)
    assert not on_its_own(state, state.models["G1"]) and looks == [("G1", "G2")]


def test_testing_twice_half_the_force_lost_no_sight_checks_for_on_its_own():
    # half the force lost names the test ('Testing Twice'): on its own need not be looked at
    from palantir.games.strategy_battle.phases.courage import test_owed
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 14, 10), ("E2", ORC, 14, 12),
                    ("G2", ROHAN, 30, 30)])
    setup(state, lost={"good": 2}, force={"good": 4})
    looks = counting_sight(state)
    assert test_owed(state, state.models["G1"]) == "half the force lost" and looks == []
