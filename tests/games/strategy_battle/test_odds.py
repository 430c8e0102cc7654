"""Exact odds of fights and shots, checked against the referee playing the same fights."""

import json
import math
from fractions import Fraction

import pytest
from dataclasses import replace

from palantir.cli import main

from palantir.engine.dice import SeededDice
from palantir.games.strategy_battle.odds import (Fighter, at_least, duel_odds, fight_odds,
                                                 fighter_of, fighters_of, shot_odds,
                                                 wound_chance)
from palantir.games.strategy_battle.odds_sampling import disagreements, sample_fights
from palantir.games.strategy_battle.phases.fight.resolution import duel_room, heroes_with_might
from palantir.games.strategy_battle.profiles import default_data

from tests.support.positions.sbg import ORC, ROHAN, battle, fight

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


class Policies:
    """Answers the referee's questions in one fight as fight_odds' policies say."""

    def __init__(self, shielding=(), bids=None, roll_might=(), fate=()):
        self.shielding, self.bids = set(shielding), dict(bids or {})
        self.roll_might, self.fate = set(roll_might), set(fate)
        self.spent = set()

    def answer(self, state) -> str:
        q, c = state.question, state.combat
        side = q["kind"] != "pair" and q["side"]
        if q["kind"] == "shield":
            return "shield on" if side in self.shielding else "shield off"
        if q["kind"] == "fate":
            return f"fate {q['target']}" if side in self.fate else "pass"
        if q["kind"] == "roll":
            # Might on another roll (a Fate die): the fewest points that make it
            if side in self.roll_might and q["might"]:
                return f"might {q['model']} {q['might'][0]}"
            return "pass"
        if q["kind"] == "might" and q.get("for") == "wound":
            r = c["roll"]
            if side not in self.roll_might:
                return "pass"
            # the fewest points that make the failing die ('Might')
            need = [int(v) for v in r["entry"].split("/")][len(r["dice"]) - 1]
            return f"might {r['striker']} {need - r['dice'][-1] - r['bonus'] - r['might']}"
        if q["kind"] in ("might", "bid"):
            hero = heroes_with_might(state, c, side)[0]
            # a bid spends no more than raises the Hero's die to 6 ('Might')
            n = min(self.bids.get(side, 0), hero.might_left, duel_room(c, hero))
            if n and side not in self.spent:
                self.spent.add(side)
                return f"might {hero.id} {n}"
            return "pass"
        return str(state.legal_actions()[0])  # strikes at the rider; the first pairing


def referee_fights(models, n, policies, charge=None):
    """Each side's wins and the wounds each lost, over n fights worked out by the referee."""
    wins = {"good": 0, "evil": 0}
    lost = {"G1": [], "E1": []}
    for seed in range(n):
        state = battle(models, dice=SeededDice(seed))
        start = {k: state.models[k].wounds for k in lost}
        if charge:
            state.apply(charge)
        for _ in range(4):
            state.apply("done")
        p = policies()
        state.apply("fight G1")
        news = list(state.news)
        while state.question is not None and state.turn == 1:
            state.apply(p.answer(state))
            news += state.news
        winner = next(line.rsplit(" ", 2)[-2] for line in news if line.endswith(" wins")
                      and line.startswith("fight "))
        wins[winner] += 1
        for k in lost:
            lost[k].append(start[k] - (state.models[k].wounds if k in state.models else 0))
    return wins, lost


def assert_within(p, observed, n, sigmas=4.0):
    p = float(p)
    assert abs(observed - p) <= sigmas * math.sqrt(p * (1 - p) / n) + 1e-9, (observed, p)


@pytest.mark.parametrize("case", ["shielding", "cavalry charge", "might on wounds and fate"])
def test_odds_shielding_cavalry_might_on_wounds_and_fate_agree_with_the_referee(case):
    profiles, mounts, charts = default_data()

    def f(name, **kw):
        return fighter_of(profiles[name], charts, mounts=mounts, **kw)

    uruk, captain = "Mordor Uruk-hai with sword", "Uruk-hai Captain"
    if case == "shielding":
        models = [("G1", ROHAN, 10, 10), ("E1", uruk, 10 + D, 10), ("E2", ORC, 40, 40)]
        good, evil, kw, charge = [f(ROHAN)], [f(uruk)], {"shielding": ["good"]}, None
        policies = lambda: Policies(shielding=["good"])  # noqa: E731
    elif case == "cavalry charge":
        models = [("G1", "Rider of Rohan", 10, 10), ("E1", ORC, 16, 10), ("E2", ORC, 40, 40)]
        good, evil, kw = [f("Rider of Rohan", charging=True)], [f(ORC)], {}
        charge, policies = "charge G1 E1", Policies
    else:
        models = [("G1", "Boromir", 10, 10), ("E1", captain, 10 + D, 10), ("E2", ORC, 40, 40)]
        good, evil, charge = [f("Boromir")], [f(captain)], None
        kw = {"might": {"good": "bid:2", "evil": "bid:1"}, "roll_might": ["good", "evil"],
              "fate": ["good", "evil"]}
        policies = lambda: Policies(bids={"good": 2, "evil": 1},  # noqa: E731
                                    roll_might=["good", "evil"], fate=["good", "evil"])
    exact = fight_odds(good, evil, CHART, **kw)
    n = 800
    wins, lost = referee_fights(models, n, policies, charge)
    assert_within(exact["good_wins"], wins["good"] / n, n)
    for side, ident in (("good", "E1"), ("evil", "G1")):
        # the chance of each count of wounds lost: the winner's distribution times its win
        dist = exact[f"wounds_if_{side}_wins"]
        p_win = exact[f"{side}_wins"]
        for k in range(1, max(dist) + 1):
            assert_within(p_win * dist.get(k, 0), sum(1 for w in lost[ident] if w == k) / n, n)
    if case == "shielding":
        assert exact["good_kills"] == 0 and sum(lost["E1"]) == 0   # a shielding win: no blows


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
    # both sides bidding: both raise their own best die, never past 6 ('Might'): Good's
    # point on all but a 6, Evil's 2 points on 1-4, 1 on a 5
    bids = fight_odds([hero], [Fighter(3, 3, 5, 1, 1, might=2)], CHART,
                      might={"good": "bid:1", "evil": "bid:2"})
    assert bids["good_might"] == Fraction(5, 6) and bids["evil_might"] == Fraction(3, 2)
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
    """(good, evil, keyword arguments of fight_odds) for a spread of fights."""
    profiles, mounts, charts = default_data()

    def f(name, **kw):
        return fighter_of(profiles[name], charts, mounts=mounts, **kw)

    def warg(**kw):
        return fighters_of(profiles["Warg Rider"], charts, mounts=mounts, **kw)

    return [
        ([f(ROHAN)], [f(ORC)], {}),
        ([f("Aragorn (Strider)")], [f(ORC)] * 2, {"might": {"good": "win"}, "trapped": ["evil"]}),
        ([f("Aragorn (Strider)")], [f("Lurtz")], {"might": {"good": "bid:1", "evil": "bid:2"}}),
        # a two-handed weapon, never with a shield ('Two-Handed Swords & Axes')
        ([f("Mordor Uruk-hai with sword", weapon="two-handed weapon")],
         [f("Dwarf Warrior with axe and shield")], {"trapped": ["good", "evil"]}),
        ([f("Warrior of Minas Tirith", supported=True)] * 3, [f("Cave Troll")],
         {"trapped": ["good"]}),
        ([f("Boromir")], [f("Uruk-hai Captain")], {"might": {"evil": "win"}}),
        # shielding: two dice an Attack, no blows on a win ('Shields')
        ([f(ROHAN)], [f("Mordor Uruk-hai with sword")], {"shielding": ["good"]}),
        ([f(ROHAN)], [f(ORC)] * 2, {"shielding": ["good", "evil"], "trapped": ["good"]}),
        # 'Cavalry Charge!': an extra Attack and the beaten knocked down; a troll stands
        ([f("Rider of Rohan", charging=True)], [f(ORC)], {}),
        ([f("Théoden on horse", charging=True)], [f("Cave Troll")],
         {"might": {"good": "win"}, "roll_might": ["good"]}),
        # Might on wound rolls and Fate on both sides
        ([f("Boromir")], [f("Uruk-hai Captain")],
         {"might": {"good": "bid:2", "evil": "bid:1"}, "roll_might": ["good", "evil"],
          "fate": ["good", "evil"]}),
        ([f("Aragorn (Strider)")], [f("Lurtz"), f(ORC)],
         {"might": {"good": "win"}, "roll_might": ["good"], "fate": ["good", "evil"],
          "trapped": ["evil"]}),
        # 'Monstrous Mounts': the Warg fights beside its rider, and strikes at S4; its
        # charge has no Extra Attack and knocks the beaten down ('Monstrous mounts charge!')
        ([f("Warrior of Minas Tirith")], warg(), {}),
        ([f("Warrior of Minas Tirith with spear and shield")], warg(charging=True), {}),
    ]


def test_odds_agree_with_a_100000_fight_monte_carlo_within_sampling_error():
    # the Done-when check of the odds calculator: a second, vectorised working of the rules
    for i, (good, evil, kw) in enumerate(monte_carlo_cases()):
        exact = fight_odds(good, evil, CHART, **kw)
        sampled = sample_fights(good, evil, CHART, MC_FIGHTS, seed=i, **kw)
        assert disagreements(exact, sampled, MC_FIGHTS) == [], (i, kw)


@pytest.mark.parametrize("case,wrong", [
    (1, {}),                                              # Might and the trap forgotten
    (7, {"shielding": ["evil"], "trapped": ["good"]}),    # Good's shielding forgotten
    (8, {"trapped": []}),                                 # no charge bonus: on foot
    (10, {"might": {"good": "bid:2", "evil": "bid:1"}}),  # Might on wounds and Fate forgotten
])
def test_odds_a_wrong_answer_is_caught_by_the_monte_carlo(case, wrong):
    # the check can fail: odds of a fight the sample did not play disagree with it
    good, evil, kw = monte_carlo_cases()[case]
    sampled = sample_fights(good, evil, CHART, MC_FIGHTS, seed=0, **kw)
    if case == 8:
        good = [replace(good[0], charging=False)]
    assert disagreements(fight_odds(good, evil, CHART, **wrong), sampled, MC_FIGHTS)


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
    assert main(["odds", "strategy-battle", "fight", "--good", "Mordor Uruk-hai with sword "
                 "@two-handed weapon", "--evil", "Mordor Uruk-hai with sword"]) == 0
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


def test_odds_command_line_shielding_charging_might_on_rolls_and_fate(capsys):
    assert main(["odds", "strategy-battle", "fight", "--good", "Rider of Rohan +charging",
                 "--evil", ORC, "--shield", "evil", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    # two dice against the shielding Orc's two: an even duel; a shielding win strikes no blow
    assert result["good_wins"]["exact"] == "1/2" and result["evil_kills"]["p"] == 0
    assert result["fight"]["shielding"] == ["evil"]
    assert main(["odds", "strategy-battle", "fight", "--good", "Boromir", "--evil",
                 "Uruk-hai Captain", "--might", "good=bid:2", "--might", "evil=bid:1",
                 "--might-on-rolls", "good", "--fate", "evil"]) == 0
    text = capsys.readouterr().out
    assert "Might on rolls: good" in text and "Fate: evil" in text
    assert main(["odds", "strategy-battle", "fight", "--good", "Rider of Rohan +on foot "
                 "+charging", "--evil", ORC]) == 2
    assert "only a rider" in capsys.readouterr().err
    assert main(["odds", "strategy-battle", "fight", "--good", "Boromir", "--evil", ORC,
                 "--shield", "good"]) == 2
    assert "must carry a shield" in capsys.readouterr().err


def test_odds_command_line_help_documents_every_option(capsys):
    from palantir.games.strategy_battle.odds_command import parser
    sub = next(a for a in parser()._actions if a.choices and "fight" in a.choices)
    for argv, kind in ((["--help"], None), (["fight", "--help"], "fight"),
                       (["shot", "--help"], "shot")):
        with pytest.raises(SystemExit) as done:
            main(["odds", "strategy-battle", *argv])
        assert done.value.code == 0
        text = capsys.readouterr().out
        if kind is None:
            assert "fight" in text and "shot" in text and "bid:N" in text
            continue
        for action in sub.choices[kind]._actions:
            for option in action.option_strings:
                assert option in text, (kind, option)
            assert action.help and action.help in " ".join(text.split()) or \
                action.dest == "help", (kind, action.dest)
    for word in ("+spear", "+charging", "+on foot", "@WEAPON", "none", "win", "bid:N"):
        assert word in parser().format_help()
