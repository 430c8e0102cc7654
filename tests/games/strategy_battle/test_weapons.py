"""Weapons in the Fight phase: two-handed weapons, daggers, spears supporting ('Weapons')."""

from dataclasses import replace

import pytest

from .sbg_table import ORC, ROHAN, battle, fight

R = 12.5 / 25.4
D = 2 * R
SPEAR = "Warrior of Minas Tirith with spear and shield"


def to_fight(state):
    for _ in range(4):
        state.apply("done")
    assert state.phase == "fight"
    return state


def rolls(state):
    return [(r.die, r.face) for r in state.dice.log]


def arm(state, ident, *gear):
    model = state.models[ident]
    model.profile = replace(model.profile, wargear=tuple(gear))


def test_two_handed_weapons_minus_one_to_win_plus_one_to_wound():
    state = battle([("G1", ROHAN, 10, 10), ("E1", "Mordor Uruk-hai with sword", 10 + D, 10),
                    ("E2", ORC, 40, 40)], dice=["4", "5", "3", "3", "3"])
    arm(state, "E1", "two-handed weapon")
    to_fight(state)
    fight(state, "G1")
    # the Uruk's 5 counts 4: a tie, won on Fight 4 against 3; its 3 to wound counts 4 against
    # Strength 4 v Defence 5 (needs 5): no wound — and without the +1 it would need the same 5
    assert rolls(state)[:3] == [("duel G1", "4"), ("duel E1", "5"), ("wound G1", "3")]
    assert "G1" in state.models and any("E1 wins" in n or "evil wins" in n for n in state.news)


def test_two_handed_weapons_plus_one_counts_on_the_wound_chart():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + D, 10), ("E2", ORC, 40, 40)],
                   dice=["6", "1", "3", "3", "3"])
    arm(state, "G1", "two-handed weapon")
    to_fight(state)
    fight(state, "G1")
    # Strength 4 against Defence 4 needs a 4: the 3 counts 4 and the Orc is slain
    assert "E1" not in state.models


def test_knives_and_daggers_minus_one_to_win():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + D, 10), ("E2", ORC, 40, 40)],
                   dice=["4", "4", "2", "1", "3", "3"])
    arm(state, "G1", "dagger")
    to_fight(state)
    fight(state, "G1")
    # the 4 counts 3, so the Orc's 4 wins outright without a tie roll
    assert [d for d, _ in rolls(state)][:3] == ["duel G1", "duel E1", "wound G1"]


def test_spears_a_spearman_touching_a_fighting_friend_adds_an_attack():
    state = battle([("G1", ROHAN, 10, 10), ("G2", SPEAR, 10 - D, 10), ("E1", ORC, 10 + D, 10),
                    ("E2", ORC, 40, 40)], dice=["1", "6", "2", "5", "3", "3"])
    to_fight(state)
    fight(state, "G1")
    assert [d for d, _ in rolls(state)][:3] == ["duel G1", "duel G1", "duel E1"]
    # G1 struck twice (two Attacks): the 5 kills the Orc
    assert "E1" not in state.models


def test_spears_no_support_for_a_two_handed_fighter():
    state = battle([("G1", ROHAN, 10, 10), ("G2", SPEAR, 10 - D, 10), ("E1", ORC, 10 + D, 10),
                    ("E2", ORC, 40, 40)], dice=["6", "2", "1", "3", "3"])
    arm(state, "G1", "two-handed weapon")
    to_fight(state)
    fight(state, "G1")
    assert [d for d, _ in rolls(state)][:2] == ["duel G1", "duel E1"]


def test_spears_a_spearman_fighting_this_phase_cannot_support():
    state = battle([("G1", ROHAN, 10, 10), ("G2", SPEAR, 10, 10 + D), ("E1", ORC, 10 + D, 10),
                    ("E3", ORC, 10 - D, 10 + D), ("E2", ORC, 40, 40)],
                   dice=["6", "1", "1", "6", "1", "1", "3", "3"])
    to_fight(state)
    assert ("G1", ("E1",)) in state.fights and ("G2", ("E3",)) in state.fights
    fight(state, "G1")
    assert [d for d, _ in rolls(state)][:2] == ["duel G1", "duel E1"]


def test_spears_cannot_support_a_friend_on_a_bigger_base():
    state = battle([("G1", ROHAN, 10, 10), ("G2", SPEAR, 10 - D, 10), ("E1", ORC, 10 + D, 10),
                    ("E2", ORC, 40, 40)], dice=["6", "1", "1", "3", "3"])
    state.models["G1"].profile = replace(state.models["G1"].profile, base_mm=25.5)
    state.models["G1"].x -= 0.25 / 25.4 / 2          # stay touching both on the larger base
    state.models["E1"].x += 0.25 / 25.4 / 2
    to_fight(state)
    fight(state, "G1")
    assert [d for d, _ in rolls(state)][:2] == ["duel G1", "duel E1"]
