"""The odds tool answers only what the manual allows and models (issue 14, item 11):
'Lances', 'Spears', 'Two-Handed Swords & Axes', 'Shields', 'Monstrous Mounts', 'Might'."""

import json
from fractions import Fraction

import pytest

from palantir.cli import main
from palantir.games.strategy_battle.odds import Fighter, duel_outcome, fight_odds, fighters_of
from palantir.games.strategy_battle.profiles import default_data

CHART = default_data()[2].to_wound
ORC = "Mordor Orc with sword and shield"
WMT = "Warrior of Minas Tirith"


def odds(capsys, *argv):
    """The exit code and the JSON (or the error text) of one odds query."""
    code = main(["odds", "strategy-battle", "fight", *argv, "--json"])
    out = capsys.readouterr()
    return code, (json.loads(out.out) if code == 0 else out.err)


@pytest.mark.parametrize("spec, rule", [
    # 'Lances': "If the lance-armed warrior does not charge, he receives no bonus ...
    # (counts as a dagger)"; "It is impossible to use a lance whilst on foot."
    ("Rider of Rohan @lance", "Lances"),
    ("Rider of Rohan @lance +on foot", "Lances"),
    (f"{WMT} @lance", "Lances"),
    # 'Two-Handed Swords & Axes': "impossible to use a two-handed weapon whilst mounted";
    # "Models armed with two-handed weapons cannot carry bows, crossbows or shields"
    ("Rider of Rohan @two-handed weapon", "Two-Handed"),
    ("Dwarf Warrior with axe and shield @two-handed weapon", "Two-Handed"),
    # 'Spears': a spearman supports a friend whose base is no bigger than his own, on foot
    ("Rider of Rohan +spear", "Spears"),
])
def test_odds_refuses_a_weapon_the_manual_forbids_naming_the_rule(capsys, spec, rule):
    code, err = odds(capsys, "--good", spec, "--evil", ORC)
    assert code == 2 and rule in err and "--good" in err


def test_odds_a_charging_lance_still_wounds_at_plus_one(capsys):
    code, result = odds(capsys, "--good", "Rider of Rohan @lance +charging", "--evil", ORC)
    assert code == 0
    # two dice (the charge's extra Attack) against one: 1 - P(both <= e) with ties to the
    # roll-off (Fight 3 v 3)
    assert Fraction(result["good_wins"]["exact"]) > Fraction(1, 2)


def test_odds_refuses_a_spear_supporting_a_shielding_warrior(capsys):
    # 'Shields': "A model who is equipped with a spear or pike may not support a warrior who
    # is shielding"; 'Spears': "cannot support warriors ... defending themselves by shielding"
    code, err = odds(capsys, "--good", f"{WMT} +spear", "--evil", ORC, "--shield", "good")
    assert code == 2 and "shielding" in err and "Spears" in err


def test_odds_warrior_of_minas_tirith_against_a_warg_rider_counts_the_warg():
    """'Monstrous Mounts': a mount with Fighting and Attacks other than 0 (the Warg, F3 A1)
    is a separate model in the fight, its dice added to the rider's, its own Strength for
    its strikes. One die against two at equal Fight: P(g > both) + 1/2 P(g = the best) =
    55/216 + 18/216 = 73/216 (not the 1/2 of one die against one)."""
    profiles, mounts, charts = default_data()
    good = fighters_of(profiles[WMT], charts, mounts=mounts)
    evil = fighters_of(profiles["Warg Rider"], charts, mounts=mounts)
    assert len(evil) == 2 and evil[1].is_mount and evil[1].strength == 4
    result = fight_odds(good, evil, CHART)
    assert result["good_wins"] == Fraction(73, 216)
    # the Warrior (D5) is struck by the rider and by the Warg: S3 and S4 both need a 5
    assert result["evil_kills"] == Fraction(143, 216) * (1 - Fraction(2, 3) ** 2)
    # the Warg strikes with its own Strength: against Defence 4 a 4+ (S4), the rider a 5+
    orc = fighters_of(profiles["Mordor Orc with sword and shield"], charts, mounts=mounts)
    assert orc[0].defence == 4
    result = fight_odds(orc, evil, CHART)
    assert result["evil_kills"] == (1 - result["good_wins"]) * (
        1 - Fraction(2, 3) * Fraction(1, 2))


def test_odds_command_line_warg_rider_is_73_over_216(capsys):
    code, result = odds(capsys, "--good", WMT, "--evil", "Warg Rider")
    assert code == 0 and result["good_wins"]["exact"] == "73/216"
    # a monstrous mount's rider has no Extra Attack when charging ('Monstrous mounts
    # charge!'): the charge changes who is knocked down, not the dice
    code, charged = odds(capsys, "--good", WMT, "--evil", "Warg Rider +charging")
    assert code == 0 and charged["good_wins"]["exact"] == "73/216"


def test_odds_might_never_raises_a_die_past_6():
    """'Might': "no dice can be augmented to more than 6": a bid of 4 on a 5 spends 1."""
    hero = Fighter(3, 4, 5, 1, 2, might=4)
    foe = Fighter(3, 3, 4, 1, 1)
    duel = duel_outcome([hero], [foe], {"good": "bid:4"})
    expected = Fraction(0)
    for h in range(1, 7):
        for e in range(1, 7):
            if h <= e:                       # not sure to win: equal Fight, a tie is 50/50
                expected += Fraction(1, 36) * min(4, 6 - h)
    assert duel["good_might"] == expected
    # no branch spends more than the die can take: 4 points only on a 1 or 2
    assert max(g for (_, g, _) in duel["branches"]) == 4
