"""'Banners' (shared/rules/strategy-battle-game.txt, 'Banners'): who may carry one, the fight's
re-roll within 3"/8cm, both sides re-rolling, picking up a fallen banner, capturing them."""

import itertools
from fractions import Fraction

import pytest

from palantir.engine.errors import IllegalAction
from palantir.games.strategy_battle.odds import Fighter, duel_outcome, fight_odds
from palantir.games.strategy_battle.odds_command import fight_query, parser
from palantir.games.strategy_battle.profiles import default_data
from palantir.games.strategy_battle.profiles import DataError, parse_profiles
from palantir.games.strategy_battle.scenarios import parse_scenario

from tests.support.positions.sbg import ORC, ROHAN, battle, fight, mark, rolls

R = 12.5 / 25.4
D = 2 * R
GOOD_BANNER = "Warrior of Rohan with banner"
EVIL_BANNER = "Mordor Orc with banner"
URUK = "Mordor Uruk-hai with sword"
# a Hero for each banner ('Banners': no more banners than Heroes), far from the fighting
HEROES = [("GH", "Boromir", 45, 3), ("EH", "Orc Captain", 45, 45)]


def to_fight(state):
    for _ in range(4):
        state.apply("done")
    assert state.phase == "fight"
    return state


def duel(models, dice, choices=True):
    """G1 (Rohan, shield) against E1 (Uruk, no shield) and the given others; at the banner
    question once the dice are rolled (shielding declined)."""
    state = battle([("G1", ROHAN, 10, 10), ("E1", URUK, 10 + D, 10), *models, *HEROES],
                   dice=dice, fight_choices=choices)
    to_fight(state)
    fight(state, "G1")
    return state


def test_banners_worked_example_evil_re_rolls_to_lead_then_good_re_rolls_and_wins():
    # 'Banners' (Banner Combat Bonus), the manual's example: Good's best roll is a 4 and
    # Evil's a 3; Evil re-rolls, obtaining a 5 and taking the lead; Good then re-rolls one of
    # his dice and scores a 6, winning the fight
    state = duel([("GB", GOOD_BANNER, 10, 10 + D + 1), ("EB", EVIL_BANNER, 10 + D, 10 - D - 1)],
                 ["4", "3", "5", "6", "1"])
    assert state.question == {"kind": "banner", "side": "evil"}       # the side behind first
    assert [str(a) for a in state.legal_actions()] == ["reroll E1 3", "pass"]
    state.apply("reroll E1 3")
    assert state.question == {"kind": "banner", "side": "good"}       # after seeing it
    state.apply("reroll G1 4")
    assert rolls(state)[:4] == [("duel G1", "4"), ("duel E1", "3"), ("duel E1 again", "5"),
                                ("duel G1 again", "6")]
    assert any("best 6 v 5" in n and "good wins" in n for n in state.news)


def test_banners_the_second_number_stands_one_re_roll_a_side():
    # 'Banners': "as normal the second number rolled stands and cannot be re-rolled"
    state = duel([("GB", GOOD_BANNER, 10, 10 + D + 1)], ["4", "5", "2", "1", "3", "3"])
    state.apply("reroll G1")                     # its lowest (here its only) die
    assert rolls(state)[2] == ("duel G1 again", "2")
    assert state.question is None or state.question["kind"] != "banner"
    assert any("evil wins" in n for n in state.news)


def test_banners_only_a_fight_in_range_of_a_friendly_banner_re_rolls():
    # 'Banner Combat Bonus': within 3"/8cm of a friendly banner bearer; an enemy's banner
    # gives nothing
    far = duel([("GB", GOOD_BANNER, 10, 10 + D + 3.2)], ["4", "5", "2", "1", "3", "3"])
    assert far.question is None or far.question["kind"] != "banner"
    assert any("evil wins" in n for n in far.news)
    theirs = duel([("EB", EVIL_BANNER, 10, 10 + D + 1)], ["4", "5", "2", "1", "3", "3"])
    assert theirs.question is None or theirs.question["kind"] != "banner"


def test_banners_one_model_in_range_puts_the_whole_fight_in_range():
    # 'Banner Combat Bonus': "If at least one model in a fight is in range of a friendly
    # banner, the entire fight is deemed to be in range of the banner"
    state = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 10 + 2 * D, 10),
                    ("E1", URUK, 10 + D, 10), ("GB", GOOD_BANNER, 10 + 2 * D + 2.9, 10),
                    *HEROES], dice=["3", "2", "5", "6", "1", "1"], fight_choices=True)
    to_fight(state)
    state.apply("fight E1")
    while state.question["kind"] == "shield":
        state.apply("shield off")
    # G1 is 4.9" from the bearer, G2 within 3": Good re-rolls, and may pick G1's die
    assert state.question == {"kind": "banner", "side": "good"}
    assert "reroll G1 3" in [str(a) for a in state.legal_actions()]


def test_banners_a_side_ahead_is_not_asked_and_the_wound_roll_is_never_re_rolled():
    # 'Banners': "this effect does not apply to rolls on the Wound chart"
    state = duel([("GB", GOOD_BANNER, 10, 10 + D + 1)], ["6", "2", "1", "1", "2"])
    kinds = []
    while state.question is not None:
        kinds.append(state.question["kind"])
        state.apply(state.legal_actions()[0])
    assert "banner" not in kinds
    assert ("wound E1", "1") in rolls(state) and "E1" in state.models


def test_banners_the_quicker_game_re_rolls_the_lowest_die_of_the_side_behind():
    state = duel([("GB", GOOD_BANNER, 10, 10 + D + 1)], ["2", "5", "6", "1", "1", "2"],
                 choices=False)
    assert rolls(state)[2] == ("duel G1 again", "6")
    assert any("good re-rolls G1's 2 (banner): it scores 6" in n for n in state.news)


def test_banners_might_after_the_re_roll_modifies_the_final_result():
    # 'Banners': "Might can be used to modify the final result"
    state = battle([("G1", "Boromir", 10, 10), ("E1", URUK, 10 + D, 10),
                    ("EB", EVIL_BANNER, 10 + D, 10 - D - 1), ("EH", "Orc Captain", 45, 45),
                    ("G9", ROHAN, 45, 3)],
                   dice=["4", "3", "2", "1", "5", "3", "1", "1", "1", "1", "1"],
                   fight_choices=True)
    to_fight(state)
    fight(state, "G1")
    # Boromir's three dice 4, 3, 2 against the Uruk's 1; not behind, he is not asked... the
    # Uruk is: it re-rolls into a 5, and only then may Boromir spend Might on his 4
    assert state.question == {"kind": "banner", "side": "evil"}
    state.apply("reroll E1")
    assert state.question["kind"] == "might" and state.question["side"] == "good"
    state.apply("might G1 2")
    assert any("best 6 v 5" in n and "good wins" in n for n in state.news)


def test_banners_a_bearer_fights_as_two_handed_but_no_bonus_to_wound():
    # 'Banners': "count as armed with two-handed weapons, except that they do not get any
    # bonus when rolling on the Wound chart"; the bearer is in range of his own banner
    state = battle([("G1", GOOD_BANNER, 10, 10), ("E1", ORC, 10 + D, 10), *HEROES],
                   dice=["5", "4", "6", "3", "1", "2"])
    to_fight(state)
    fight(state, "G1")
    # the 5 counts 4: level with the Orc's 4 and Fight 3 against 3, so Good re-rolls; the 6
    # counts 5 and wins; Strength 4 against Defence 4 needs a 4, and the 3 stays a 3
    assert rolls(state)[:4] == [("duel G1", "5"), ("duel E1", "4"), ("duel G1 again", "6"),
                                ("wound E1", "3")]
    assert any("re-rolls G1's 4 (banner): it scores 5" in n for n in state.news)
    assert "E1" in state.models


def test_banners_no_spear_supports_a_bearer():
    # 'Banners' (counts as a two-handed weapon) and 'Spears': no support for a two-handed fighter
    spear = "Warrior of Minas Tirith with spear and shield"
    state = battle([("G1", GOOD_BANNER, 10, 10), ("G2", spear, 10 - D, 10),
                    ("E1", ORC, 10 + D, 10), *HEROES], dice=["6", "1", "3", "1", "2"])
    to_fight(state)
    fight(state, "G1")
    assert [d for d, _ in rolls(state)][:2] == ["duel G1", "duel E1"]


def test_banners_a_friend_in_base_contact_picks_up_the_fallen_banner():
    # 'Banners': "a friendly warrior in base contact can drop all his equipment and pick up
    # the banner"; not one engaged in combat, never a Hero
    state = battle([("GB", GOOD_BANNER, 10, 10), ("E1", URUK, 10 + D, 10),
                    ("G2", ROHAN, 10 - D, 10), ("G3", ROHAN, 10, 10 - D),
                    ("E2", URUK, 10, 10 - 2 * D), ("GH", "Boromir", 10, 10 + D),
                    ("EH", "Orc Captain", 45, 45)],
                   dice=["1", "6", "1", "5", "6", "6", "6"], fight_choices=True)
    to_fight(state)
    state.apply("fight GB")
    while state.question["kind"] != "pick up":
        state.apply(state.legal_actions()[0])
    assert "GB" not in state.models
    # G3 fights E2 and Boromir is a Hero: only G2 may
    assert state.question["candidates"] == ["G2"]
    with pytest.raises(IllegalAction, match="Banners"):
        state.apply("take G3 banner")
    state.apply("take G2 banner")
    assert state.models["G2"].profile.name == GOOD_BANNER
    assert state.models["G2"].profile.wargear == ("banner",)
    assert state.banners_lost["good"] == 0


def test_banners_not_picked_up_it_is_lost_and_the_victor_captures_it():
    # 'Banners': "If the banner is not picked up, it is lost"; 'Capturing Banners': "The
    # victor of a scenario will always capture all the banners that the enemy has lost"
    state = battle([("GB", GOOD_BANNER, 10, 10), ("G2", ROHAN, 10 - D, 10),
                    ("E3", "Mordor Orc with bow", 20, 10), *HEROES],
                   dice=["5", "6", "1", "2"], fight_choices=True)
    for _ in range(3):
        state.apply("done")
    state.apply("shoot E3 GB")
    assert state.question["kind"] == "pick up" and state.question["candidates"] == ["G2"]
    state.apply("pass")
    assert state.banners_lost["good"] == 1
    assert any("banner is not picked up: it is lost" in n for n in state.news)
    for ident in ("G2", "GH"):
        state.models.pop(ident)
    state.check_victory()
    assert state.result.summary == "evil has slain every good warrior; evil captures 1 good banner"


def test_banners_with_no_friend_to_pick_it_up_the_banner_is_lost():
    state = battle([("GB", GOOD_BANNER, 10, 10), ("E1", URUK, 10 + D, 10), *HEROES],
                   dice=["1", "6", "1", "6", "1", "2"])
    to_fight(state)
    fight(state, "GB")
    assert "GB" not in state.models and state.banners_lost == {"good": 1, "evil": 0}


def test_banners_a_hero_who_slays_a_bearer_never_takes_his_banner():
    # 'Banners': "Heroes can never carry and pick up banners" (not as spoils either:
    # 'Picking Up Weapons' offers a weapon or shield)
    state = battle([("GH", "Boromir", 10, 10), ("EB", EVIL_BANNER, 10 + D, 10),
                    ("G9", ROHAN, 45, 3), ("EH", "Orc Captain", 45, 45)],
                   dice=["6", "6", "6", "1", "1", "6", "1", "1", "1", "2"],
                   fight_choices=True)
    to_fight(state)
    fight(state, "GH")
    kinds = []
    while state.question is not None and "EB" in state.models:
        kinds.append(state.question["kind"])
        state.apply("pass" if state.question["kind"] == "banner" else state.legal_actions()[0])
    assert "EB" not in state.models and state.banners_lost["evil"] == 1
    assert state.question is None or state.question["kind"] != "take"


def test_banners_a_die_named_by_its_score_only_in_a_fight():
    # the notation 'reroll G1 2' names a duel die under a banner; an Expert Rider's re-roll
    # of his Jump die ('Introduction: Re-rolls') takes no score
    wall = {"name": "wall", "line": [[12, 0], [12, 48]], "height_mm": 30, "width_mm": 10}
    state = battle([("G1", "Théoden on horse", 10, 20), ("E1", ORC, 40, 40)], barriers=[wall],
                   dice=["1", "4"])
    mark(state, "G1", might=0, free_might=0)
    state.apply("move G1 16,20")
    with pytest.raises(IllegalAction, match="Re-rolls"):
        state.apply("reroll G1 1")
    state.apply("reroll G1")
    assert [d for d, _ in rolls(state)] == ["jump G1", "jump again G1"]


def test_banners_who_may_carry_one_in_the_profile_data():
    # 'Banners': "it cannot use any other kind of weapon/equipment"; "Heroes can never carry
    # and pick up banners"
    base = {"source": "manual", "side": "good", "race": "Man", "fight": 3, "shoot": "-",
            "strength": 3, "defence": 4, "attacks": 1, "wounds": 1, "courage": 3}
    parse_profiles({"profile": {"ok": {**base, "wargear": ["banner"]}}})
    with pytest.raises(DataError, match="no other weapon"):
        parse_profiles({"profile": {"x": {**base, "wargear": ["banner", "shield"]}}})
    with pytest.raises(DataError, match="Hero"):
        parse_profiles({"profile": {"x": {**base, "might": 1, "wargear": ["banner"]}}})


def test_banners_no_more_banners_than_heroes_in_a_force():
    # 'Banners': "A force can include a number of banners equal to or less than the number
    # of Heroes it includes"
    doc = {"name": "t", "title": "t", "source": "test",
           "table": {"units": "in", "width": 24, "depth": 24},
           "models": [{"id": "G1", "profile": GOOD_BANNER, "at": [5, 5]},
                      {"id": "E1", "profile": ORC, "at": [15, 15]}]}
    with pytest.raises(DataError, match="no more banners than Heroes"):
        parse_scenario(doc, "t")
    doc["models"].append({"id": "G2", "profile": "Boromir", "at": [3, 3]})
    parse_scenario(doc, "t")


def _by_hand(good_dice, evil_dice, good_mod, banner, fg, fe, first):
    """Good's chance to win the duel, every roll and re-roll enumerated: the side behind
    re-rolls its lowest die (`first` first on a level duel), each side once."""
    order = (first, "evil" if first == "good" else "good")

    def play(dice, done, p):
        bests = {s: max(d) for s, d in dice.items()}
        edge = {"good": fg - fe, "evil": fe - fg}

        def ahead(s):
            o = "evil" if s == "good" else "good"
            return bests[s] > bests[o] or (bests[s] == bests[o] and edge[s] > 0)
        side = next((s for s in order if s in banner and s not in done and not ahead(s)), None)
        if side is None:
            if bests["good"] != bests["evil"]:
                return p if bests["good"] > bests["evil"] else 0
            return p if fg > fe else 0 if fg < fe else p / 2
        mine = list(dice[side])
        i = mine.index(min(mine))
        total = 0
        for face in range(1, 7):
            again = list(mine)
            again[i] = max(1, min(6, face + (good_mod if side == "good" else 0)))
            total += play({**dice, side: again}, done | {side}, p / 6)
        return total

    total = Fraction(0)
    for g in itertools.product(range(1, 7), repeat=good_dice):
        for e in itertools.product(range(1, 7), repeat=evil_dice):
            dice = {"good": [max(1, min(6, x + good_mod)) for x in g], "evil": list(e)}
            total += play(dice, frozenset(), Fraction(1, 6 ** (good_dice + evil_dice)))
    return total


@pytest.mark.parametrize("good_dice,evil_dice,good_mod,banner,fg,fe,first", [
    (1, 1, 0, ("good",), 3, 3, "good"), (2, 1, 0, ("good", "evil"), 3, 4, "good"),
    (3, 2, -1, ("good", "evil"), 4, 4, "evil"), (1, 3, -1, ("evil",), 5, 3, "good"),
    (2, 2, 0, ("good", "evil"), 4, 3, "evil")])
def test_banners_the_exact_odds_count_the_re_roll(good_dice, evil_dice, good_mod, banner, fg,
                                                  fe, first):
    # 'Banner Combat Bonus' in the odds calculator: the same chance as every roll and
    # re-roll counted by hand
    good = [Fighter(fg, 4, 5, good_dice, 1, duel_modifier=good_mod)]
    evil = [Fighter(fe, 4, 5, evil_dice, 1)]
    odds = duel_outcome(good, evil, banner=set(banner), banner_first=first)["good_wins"]
    assert odds == _by_hand(good_dice, evil_dice, good_mod, banner, fg, fe, first)
    assert odds != duel_outcome(good, evil)["good_wins"]


def test_banners_the_odds_tool_takes_a_banner_for_either_side():
    entry = default_data()[2].to_wound
    a, b = Fighter(3, 4, 5, 1, 1), Fighter(3, 3, 4, 1, 1)
    # one die each, level Fight: without a banner a half; Good's banner re-rolls a losing or
    # level die: 1/2 + the re-roll's gain
    assert fight_odds([a], [b], entry)["good_wins"] == Fraction(1, 2)
    assert fight_odds([a], [b], entry, banner=["good"])["good_wins"] == Fraction(271, 432)
    assert fight_odds([a], [b], entry, banner=True)["good_wins"] < Fraction(271, 432)
    args = parser().parse_args(["fight", "--good", "Warrior of Rohan with sword and shield",
                                "--evil", EVIL_BANNER, "--banner", "evil"])
    result = fight_query(args)
    assert result["fight"]["banner"] == ["evil"]
    plain = fight_query(parser().parse_args(["fight", "--good",
                                             "Warrior of Rohan with sword and shield",
                                             "--evil", EVIL_BANNER]))
    assert result["evil_wins"]["p"] > plain["evil_wins"]["p"]
