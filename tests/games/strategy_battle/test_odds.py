"""Exact odds of fights and shots, checked against the referee playing the same fights."""

import json
import math
from fractions import Fraction

import pytest

from palantir.cli import main

from palantir.engine.dice import SeededDice
from palantir.games.strategy_battle.odds import (Fighter, at_least, duel_odds, fight_odds,
                                                 fighter_of, shot_odds, wound_chance)
from palantir.games.strategy_battle.odds_sampling import disagreements, sample_fights
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


def test_odds_might_win_policy_spends_the_fewest_points_that_win_or_tie():
    # Might: one point raises the Hero's best die; equal Fight values: a tie is a 50/50 roll.
    # Win outright: g > e (15/36), or g == e < 6 with a point (5/36); a 50/50 roll: 6 v 6
    # (1/36) and e == g + 1 with a point (5/36)
    hero, man = Fighter(3, 3, 5, 1, 1, might=1), Fighter(3, 3, 5, 1, 1)
    odds = fight_odds([hero], [man], CHART, might={"good": "win"})
    assert odds["good_wins"] == Fraction(20, 36) + Fraction(6, 72)
    assert odds["good_might"] == Fraction(10, 36) and odds["evil_might"] == 0
    # no policy: no Might, an even fight
    assert fight_odds([hero], [man], CHART)["good_wins"] == Fraction(1, 2)
    # both sides bidding: both raise their own best die
    bids = fight_odds([hero], [Fighter(3, 3, 5, 1, 1, might=2)], CHART,
                      might={"good": "bid:1", "evil": "bid:2"})
    assert bids["good_might"] == 1 and bids["evil_might"] == 2
    assert bids["good_wins"] < Fraction(1, 2)
    with pytest.raises(ValueError, match="bid in secret"):
        fight_odds([hero], [Fighter(3, 3, 5, 1, 1, might=2)], CHART,
                   might={"good": "win", "evil": "bid:1"})


def test_odds_trapped_fighters_take_double_strikes_only_on_the_trapped_side():
    man = Fighter(3, 3, 5, 1, 1)
    free = fight_odds([man], [man], CHART)
    trapped = fight_odds([man], [man], CHART, trapped=["evil"])
    # Strength 3 against Defence 5 needs a 5: one strike 1/3, two strikes 1 - (2/3)^2
    assert free["good_kills"] == Fraction(1, 2) * Fraction(1, 3)
    assert trapped["good_kills"] == Fraction(1, 2) * (1 - Fraction(4, 9))
    assert trapped["evil_kills"] == free["evil_kills"]


MC_FIGHTS = 100_000


def monte_carlo_cases():
    profiles = default_data()[0]
    charts = default_data()[2]

    def f(name, **kw):
        return fighter_of(profiles[name], charts, **kw)

    return [
        ([f(ROHAN)], [f(ORC)], {}, ()),
        ([f("Aragorn (Strider)")], [f(ORC)] * 2, {"good": "win"}, ("evil",)),
        ([f("Aragorn (Strider)")], [f("Lurtz")], {"good": "bid:1", "evil": "bid:2"}, ()),
        ([f("Dwarf Warrior with axe and shield", weapon="two-handed weapon")],
         [f("Mordor Uruk-hai with sword")], {}, ("good", "evil")),
        ([f("Warrior of Minas Tirith", supported=True)] * 3, [f("Cave Troll")], {},
         ("good",)),
        ([f("Boromir")], [f("Uruk-hai Captain")], {"evil": "win"}, ()),
    ]


def test_odds_agree_with_a_100000_fight_monte_carlo_within_sampling_error():
    # the Done-when check of the odds calculator: a second, vectorised working of the rules
    for i, (good, evil, might, trapped) in enumerate(monte_carlo_cases()):
        exact = fight_odds(good, evil, CHART, trapped=trapped, might=might)
        sampled = sample_fights(good, evil, CHART, MC_FIGHTS, seed=i, trapped=trapped,
                                might=might)
        assert disagreements(exact, sampled, MC_FIGHTS) == [], (i, might, trapped)


def test_odds_a_wrong_answer_is_caught_by_the_monte_carlo():
    # the check can fail: odds of a fight the sample did not play disagree with it
    good, evil, might, trapped = monte_carlo_cases()[1]
    sampled = sample_fights(good, evil, CHART, MC_FIGHTS, seed=0, trapped=trapped, might=might)
    wrong = fight_odds(good, evil, CHART, trapped=(), might={})
    assert disagreements(wrong, sampled, MC_FIGHTS)


def test_odds_command_line_fight_and_shot_as_text_and_json(capsys):
    assert main(["odds", "strategy-battle", "fight", "--good", "Aragorn (Strider)", "--evil",
                 f"2x {ORC}", "--trapped", "evil", "--might", "good=win", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["fight"]["evil"] == [f"2x {ORC}"]
    exact = Fraction(result["good_wins"]["exact"])
    assert exact + Fraction(result["evil_wins"]["exact"]) == 1 and exact > Fraction(9, 10)
    assert result["good_might_spent"] > 0 and set(result["wounds_if_good_wins"]) == {"0", "1"}
    assert main(["odds", "strategy-battle", "shot", "--shooter", "Moria Goblin Warrior",
                 "--target", "Wood Elf Warrior", "--in-the-way", "1"]) == 0
    text = capsys.readouterr().out
    assert "orc bow" in text and "(1/3)" in text and "(1/6)" in text
    assert main(["odds", "strategy-battle", "fight", "--good", "Dwarf Warrior with axe and "
                 "shield @two-handed weapon", "--evil", "Mordor Uruk-hai with sword"]) == 0
    assert "(13/36)" in capsys.readouterr().out     # -1 to the duel die, Fight 4 v 4


def test_odds_command_line_names_the_field_at_fault(capsys):
    assert main(["odds", "strategy-battle", "fight", "--good", "Aragon", "--evil", ORC]) == 2
    assert "--good: no profile 'Aragon'" in capsys.readouterr().err
    assert main(["odds", "strategy-battle", "fight", "--good", f"{ORC} @sling", "--evil",
                 ORC]) == 2
    assert "weapon 'sling'" in capsys.readouterr().err
    assert main(["odds", "strategy-battle", "fight", "--good", ORC, "--evil", ORC,
                 "--might", "good=all"]) == 2
    assert "might policy 'all'" in capsys.readouterr().err
    assert main(["odds", "strategy-battle", "shot", "--shooter", ORC, "--target", ORC]) == 2
    assert "--shooter" in capsys.readouterr().err
    assert main(["odds", "journey-to-mordor", "fight"]) == 2
