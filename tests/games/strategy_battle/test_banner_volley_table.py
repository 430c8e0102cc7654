"""Banners and volleys by clicks (issue 14 item 9): the banner's fight re-roll, picking up a
fallen banner, a volley and the allotting of its hits, in words for the terminal's menu and
the web table's buttons (words.py), placed on the table (table_decisions.py: a volley at
its group, chosen by a click on the target; a hit allotted by a click on the model; the
re-roll a button naming the die) and previewed (a volley's chance of each number of hits,
'Volley Fire': "a hit only on the roll of a 6")."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from palantir.games.strategy_battle.render import menu_note
from palantir.games.strategy_battle.table_decisions import decision_places, preview

from tests.games.strategy_battle.test_banners import (EVIL_BANNER, GOOD_BANNER, URUK, duel,
                                                      to_fight)
from tests.games.strategy_battle.test_volley import ELVES, GROUP, at_range, shoot_phase
from tests.support.positions.sbg import ORC, ROHAN, battle

R = 12.5 / 25.4
D = 2 * R


def worked_example():
    """'Banners', the manual's example, at Evil's question: Good's best die a 4, Evil's a 3."""
    state = duel([("GB", GOOD_BANNER, 10, 10 + D + 1), ("EB", EVIL_BANNER, 10 + D, 10 - D - 1)],
                 ["4", "3", "5", "6", "1"])
    assert state.question == {"kind": "banner", "side": "evil"}
    return state


def test_the_banner_re_roll_is_said_with_the_roll_it_needs_and_its_chance():
    # 'Banner Combat Bonus': Evil re-rolls E1's 3 against Good's 4: a 5 or 6 wins outright
    # and a 4 ties, the Uruk's Fight 4 beating the Rider's 3 ('Working Out a Fight'): 4+,
    # half the time
    state = worked_example()
    view = state.view(state.seat_of("evil"))
    assert menu_note(view, state.parse_action("reroll E1 3")) == \
        "E1 re-rolls his 3 under the banner (then 4+ wins: 50 %)"
    assert menu_note(view, state.parse_action("pass")) == "pass (decline)"


def test_the_banner_re_roll_is_a_button_naming_the_die_under_banner():
    state = worked_example()
    view = state.view(state.seat_of("evil"))
    texts = [str(a) for a in state.legal_actions()]
    places = decision_places(view, texts)
    assert places[0] == {"place": None, "group": "Banner",
                         "label": "E1 re-rolls his 3 under the banner (then 4+ wins: 50 %)"}
    assert places[1]["place"] is None


def test_the_expert_riders_jump_re_roll_keeps_its_words():
    state = worked_example()
    assert menu_note(state.view(0), state.parse_action("reroll G1")) == \
        "G1 re-rolls the jump (Expert Rider)"


def test_picking_up_the_fallen_banner_is_said_and_is_a_button():
    # 'Banners': "a friendly warrior in base contact can ... pick up the banner"
    state = battle([("GB", GOOD_BANNER, 10, 10), ("E1", URUK, 10 + D, 10),
                    ("G2", ROHAN, 10 - D, 10), ("G3", ROHAN, 10, 10 - D),
                    ("E2", URUK, 10, 10 - 2 * D), ("GH", "Boromir", 10, 10 + D),
                    ("EH", "Orc Captain", 45, 45)],
                   dice=["1", "6", "1", "5", "6", "6", "6"], fight_choices=True)
    to_fight(state)
    state.apply("fight GB")
    while state.question["kind"] != "pick up":
        state.apply(state.legal_actions()[0])
    view = state.view(state.seat_of(state.question["side"]))
    texts = [str(a) for a in state.legal_actions()]
    assert "take G2 banner" in texts
    assert menu_note(view, state.parse_action("take G2 banner")) == \
        "G2 picks up the fallen banner"
    place = decision_places(view, ["take G2 banner"])[0]
    assert place == {"place": None, "group": "Banner", "label": "G2 picks up the fallen banner"}


def elves_at(gap, *others, dice=()):
    return shoot_phase(ELVES + [("E4", ORC, 10, at_range(gap)), *others], list(dice))


def test_a_volley_is_said_with_its_bows_and_expected_hits():
    # 'Volley Fire': six Elf bows in range, hits only on 6s: one hit expected
    state = elves_at(30)
    view = state.view(0)
    action = f"volley {GROUP} E4"
    assert action in [str(a) for a in state.legal_actions()]
    assert menu_note(view, state.parse_action(action)) == \
        "volley: 6 Elf bows at E4 (hits on 6: expected 1.0 hits)"


def test_a_volley_counts_only_those_in_range():
    # 48.5" from the rear elf: five of the six roll ('Volley Fire': doubled range of 24")
    state = shoot_phase(ELVES + [("E4", ORC, 10, 5 + D + 48.5)], [])
    assert menu_note(state.view(0), state.parse_action(f"volley {GROUP} E4")) == \
        "volley: 5 Elf bows at E4 (hits on 6: expected 0.8 hits)"


def test_a_volley_is_placed_at_its_group_chosen_by_a_click_on_the_target():
    state = elves_at(30)
    place = decision_places(state.view(0), [f"volley {GROUP} E4"])[0]
    # any member of the group starts it, not only its lowest id
    assert place["place"] == "G1" and place["also"] == ["G2", "G3", "G4", "G5", "G6"]
    assert place["target"] == "E4"
    assert place["piece"] == "volley" and place["confirm"] and place["preview"]
    assert place["label"] == "volley: 6 Elf bows at E4 (hits on 6: expected 1.0 hits)"


def test_a_volley_preview_gives_the_chance_of_each_number_of_hits():
    # six dice, each a hit on a 6 only: the binomial chance of 0..6 hits
    state = elves_at(30)
    shown = preview(state.view(0), f"volley {GROUP} E4")
    rows = shown["overall"]
    assert [r["result"] for r in rows] == ["0 hits", "1 hit", "2 hits", "3 hits", "4 hits",
                                           "5 hits", "6 hits"]
    exact = [comb(6, k) * Fraction(1, 6) ** k * Fraction(5, 6) ** (6 - k) for k in range(7)]
    assert [r["exact"] for r in rows] == [f"{p.numerator}/{p.denominator}" for p in exact]
    assert rows[0]["exact"] == "15625/46656"
    assert shown["path"] and "6 of 6 in range roll" in shown["notes"][0]


def test_a_volley_preview_refuses_a_target_too_close_naming_the_rule():
    # 'Volley Fire': "models that are closer than 18"/42cm cannot be targeted"
    state = elves_at(17)
    shown = preview(state.view(0), f"volley {GROUP} E4")
    assert shown["title"] == "Not allowed" and shown["rule"] == "Bows — Volley Fire"
    assert "too close for indirect fire" in shown["refused"]


def at_allotting():
    """Three volley hits on E4 with E5 and E6 beside it: Evil allots the second."""
    state = elves_at(30, ("E5", ORC, 12, at_range(30)), ("E6", ORC, 8, at_range(30)),
                     dice=["6", "6", "6", "1", "1", "1"])
    state.apply(f"volley {GROUP} E4")
    assert state.question["kind"] == "volley hit"
    return state


def test_the_allotted_hit_is_said_and_chosen_by_a_click_on_the_model():
    # 'Volley Fire': "the player controlling the target picks" the model the next hit strikes
    state = at_allotting()
    view = state.view(state.seat_of(state.question["side"]))
    texts = [str(a) for a in state.legal_actions()]
    assert texts == ["allot E5", "allot E6"]
    assert menu_note(view, state.parse_action("allot E5")) == "the next volley hit on E5"
    places = decision_places(view, texts)
    assert [(p["place"], p["piece"], p["label"]) for p in places] == [
        ("E5", "allot", "the next volley hit on E5"), ("E6", "allot", "the next volley hit on E6")]
    assert preview(view, "allot E5") is None
