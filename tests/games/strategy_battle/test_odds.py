"""Exact odds of fights and shots, checked against the referee playing the same fights."""

import math
from fractions import Fraction

from palantir.engine.dice import SeededDice
from palantir.games.strategy_battle.odds import (Fighter, at_least, duel_odds, fight_odds,
                                                 shot_odds, wound_chance)
from palantir.games.strategy_battle.profiles import default_data

from .sbg_table import ORC, ROHAN, battle, fight

R = 12.5 / 25.4
D = 2 * R
CHART = default_data()[2].to_wound


def test_odds_wound_chart_chances_including_6_4_and_dash():
    assert wound_chance("4") == Fraction(1, 2)
    assert wound_chance("6/4") == Fraction(1, 6) * Fraction(1, 2)
    assert wound_chance("6/6") == Fraction(1, 36)
    assert wound_chance("-") == 0
    assert wound_chance("6/4", 1) == Fraction(2, 6) * Fraction(4, 6)   # +1 on both dice
    assert at_least(6, -1) == 0 and at_least(1, -1) == 1


def test_odds_one_against_one_equal_fighters_is_even():
    man = Fighter(3, 3, 5, 1, 1)
    assert duel_odds([man], [man]) == Fraction(1, 2)
    # one die each, the higher Fight value takes every tie: 15/36 + 6/36
    assert duel_odds([Fighter(4, 4, 5, 1, 1)], [man]) == Fraction(21, 36)


def test_odds_more_attacks_and_numbers_win_more_often():
    orc = Fighter(3, 3, 4, 1, 1)
    hero = Fighter(3, 4, 5, 3, 3)
    assert duel_odds([hero], [orc]) > duel_odds([Fighter(3, 4, 5, 1, 1)], [orc])
    assert duel_odds([orc], [orc, orc]) < Fraction(1, 2)


def test_odds_the_goblin_shooting_the_elf_example():
    odds = shot_odds(5, 2, 5, CHART)
    assert odds["hit"] == Fraction(1, 3) and odds["wounds"] == Fraction(1, 3) * Fraction(1, 6)
    assert shot_odds(5, 2, 5, CHART, in_the_way=1)["wounds"] == odds["wounds"] / 2


def referee_fight(seed):
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + D, 10), ("E2", ORC, 40, 40)],
                   dice=SeededDice(seed))
    for _ in range(4):
        state.apply("done")
    fight(state, "G1")
    return "E1" not in state.models, "G1" not in state.models


def test_odds_agree_with_the_referee_within_sampling_error():
    profiles = default_data()[0]
    rohan, orc = profiles[ROHAN], profiles[ORC]
    good = Fighter(rohan.fight, rohan.strength, rohan.defence, rohan.attacks, rohan.wounds)
    evil = Fighter(orc.fight, orc.strength, orc.defence, orc.attacks, orc.wounds)
    exact = fight_odds([good], [evil], CHART)
    n = 1500
    results = [referee_fight(seed) for seed in range(n)]
    for key, observed in (("good_kills", sum(r[0] for r in results) / n),
                          ("evil_kills", sum(r[1] for r in results) / n)):
        p = float(exact[key])
        sigma = math.sqrt(p * (1 - p) / n)
        assert abs(observed - p) < 4 * sigma, (key, observed, p)
