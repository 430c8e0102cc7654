"""Weapons in the Fight phase: the choice of weapon, two-handed weapons, Elven blades, daggers,
spears and pikes supporting, picking up weapons ('Weapons')."""

import math

import pytest

from palantir.engine.errors import IllegalAction
from palantir.games.strategy_battle.odds import fighter_of

from tests.support.positions.sbg import (MINAS, ORC, ORC_BOW, ROHAN, battle, fight, mark, profile,
                                        rolls)

R = 12.5 / 25.4
D = 2 * R
SPEAR = "Warrior of Minas Tirith with spear and shield"


def to_fight(state):
    for _ in range(4):
        state.apply("done")
    assert state.phase == "fight"
    return state


def arm(state, ident, *gear):
    """The battle's profile of the model (the only one of its profile) with this wargear."""
    name = state.models[ident].profile.name
    assert [m.profile.name for m in state.models.values()].count(name) == 1, \
        f"{ident} shares its profile: a position's profiles are the battle's, by name"
    profile(state, name, wargear=list(gear))


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


def test_knives_and_daggers_an_unarmed_warrior_fights_with_the_knifes_minus_one():
    # 'Knives & Daggers': "a few carry only a knife or no visible weapon at all, in which case
    # it's assumed they have a knife tucked about their person somewhere. A model armed only
    # in this way ... suffers a -1 dice penalty when working out who wins a fight". A warrior
    # with nothing but a bow (no blade on it) is armed only in this way; the odds calculator
    # gives him the same -1.
    for gear in ([], ["bow"], ["shield"]):
        state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + D, 10), ("E2", ORC, 40, 40)],
                       dice=["4", "4", "2", "1", "3", "3"])
        arm(state, "G1", *gear)
        to_fight(state)
        fight(state, "G1")
        # the 4 counts 3, so the Orc's 4 wins outright without a tie roll
        assert [d for d, _ in rolls(state)][:3] == ["duel G1", "duel E1", "wound G1"], gear
        fighter = fighter_of(state.models["G1"].profile, state.charts)
        assert fighter.duel_modifier == -1, gear


def test_knives_and_daggers_a_savage_creature_is_not_penalised_for_having_no_weapon():
    # 'Knives & Daggers': "Savage animals and monsters which would not normally need weapons
    # to fight are not penalised just because they have no visible weaponry"
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + D, 10), ("E2", ORC, 40, 40)],
                   dice=["4", "4", "2", "1", "3", "3"])
    profile(state, ROHAN, wargear=[], special=["savage creature"])
    to_fight(state)
    fight(state, "G1")
    assert [d for d, _ in rolls(state)][:3] == ["duel G1", "duel E1", "duel tie"]
    assert fighter_of(state.models["G1"].profile, state.charts).duel_modifier == 0


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
    profile(state, ROHAN, base_mm=25.5)
    mark(state, "G1", x=state.models["G1"].x - 0.25 / 25.4 / 2)   # touching both on the larger base
    mark(state, "E1", x=state.models["E1"].x + 0.25 / 25.4 / 2)
    to_fight(state)
    fight(state, "G1")
    assert [d for d, _ in rolls(state)][:2] == ["duel G1", "duel E1"]


def answer_backing(state):
    """The beaten side backs away straight (the first place offered)."""
    while state.question is not None and state.question["kind"] == "back":
        state.apply(str(state.legal_actions()[0]))


def test_more_than_one_weapon_the_player_chooses_which_to_fight_with_this_phase():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + D, 10), ("E2", ORC, 40, 40)],
                   dice=["5", "4", "3", "3", "3"], fight_choices=True)
    arm(state, "G1", "hand weapon", "two-handed weapon", "dagger")
    to_fight(state)
    state.apply("fight G1")
    assert state.question == {"kind": "weapon", "side": "good", "model": "G1"}
    # the dagger is worse than the sword in every way: not offered
    assert [str(a) for a in state.legal_actions()] == ["weapon G1 two-handed-weapon",
                                                        "weapon G1 hand-weapon"]
    before = state.view(0)
    for bad in ("weapon G1 dagger", "weapon G1 lance", "weapon E1 hand-weapon", "shield off"):
        with pytest.raises(IllegalAction, match="More Than One Weapon"):
            state.apply(bad)
        assert state.view(0) == before
    state.apply("weapon G1 hand-weapon")
    state.apply("shield off")                     # the Orc's side may shield
    answer_backing(state)
    # the 5 counts 5 (a two-handed weapon would make it 4, a tie); the 3 to wound counts 3
    assert rolls(state)[:3] == [("duel G1", "5"), ("duel E1", "4"), ("wound E1", "3")]
    assert "E1" in state.models


def test_elven_blades_used_with_both_hands_count_as_a_two_handed_weapon():
    state = battle([("G1", "Wood Elf Warrior", 10, 10), ("E1", ORC, 10 + D, 10),
                    ("E2", ORC, 40, 40)], dice=["6", "5", "4", "3", "3"], fight_choices=True)
    arm(state, "G1", "elven blade", "elf bow")
    to_fight(state)
    state.apply("fight G1")
    assert [str(a) for a in state.legal_actions()] == ["weapon G1 elven-blade",
                                                        "weapon G1 elven-blade-two-handed"]
    state.apply("weapon G1 elven-blade-two-handed")
    state.apply("shield off")
    answer_backing(state)
    # the 6 counts 5, still beating the 5? no: a tie, won on Fight 5 against 3; the 4 to wound
    # counts 5 against Strength 3 v Defence 4: the Orc is slain
    assert rolls(state)[:3] == [("duel G1", "6"), ("duel E1", "5"), ("wound E1", "4")]
    assert "E1" not in state.models


def test_elven_blades_not_in_both_hands_with_a_shield_or_spear():
    state = battle([("G1", "Wood Elf Warrior", 10, 10), ("E1", ORC, 10 + D, 10),
                    ("E2", ORC, 40, 40)], dice=["6", "1", "6", "3", "3"], fight_choices=True)
    arm(state, "G1", "elven blade", "shield")
    to_fight(state)
    state.apply("fight G1")
    assert state.question["kind"] == "shield"          # no choice of weapon to make


def test_spears_the_player_chooses_which_spearman_supports_whom():
    # G3's spear touches both G1 and G2, who fight the Orc Captain together
    e1 = (10 + D * math.cos(math.radians(30)), 10 + D / 2)
    state = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 10, 10 + D),
                    ("G3", SPEAR, 10 - D * math.cos(math.radians(30)), 10 + D / 2),
                    ("G4", SPEAR, 30, 30), ("E1", "Orc Captain", *e1), ("E2", ORC, 40, 40)],
                   dice=["1", "1", "6", "6", "1"], fight_choices=True)
    to_fight(state)
    state.apply("fight E1")
    state.apply("shield off")                  # Good's shields
    assert state.question == {"kind": "support", "side": "good"}
    assert [str(a) for a in state.legal_actions()] == ["support G3>G1", "support G3>G2",
                                                        "support none"]
    before = state.view(0)
    for bad, words in (("support G3>G1 G3>G2", "one friend at a time"),
                       ("support G4>G1", "does not touch"), ("support G3>E1", "cannot support")):
        with pytest.raises(IllegalAction, match=words):
            state.apply(bad)
        assert state.view(0) == before
    state.apply("support G3>G2")
    assert [d for d, _ in rolls(state)][:3] == ["duel G1", "duel G2", "duel G2"]
    assert state.supported == {"G2": ["G3"]} and "G3" in state.supported_this_phase


def test_pikes_a_pike_touching_the_supporting_spear_adds_a_second_attack():
    # G2's spear supports G1; G3's pike touches G2 (not G1): G1 rolls three dice
    state = battle([("G1", ROHAN, 10, 10), ("G2", SPEAR, 10 - D, 10), ("G3", MINAS, 10 - 2 * D, 10),
                    ("E1", ORC, 10 + D, 10), ("E2", ORC, 40, 40)],
                   dice=["1", "1", "6", "2", "5", "5", "5", "3", "3"], fight_choices=True)
    arm(state, "G3", "pike")
    to_fight(state)
    state.apply("fight G1")
    while state.question["kind"] == "shield":
        state.apply("shield off")
    assert [str(a) for a in state.legal_actions()] == ["support G2>G1 G3>G1", "support none"]
    with pytest.raises(IllegalAction, match="G3 does not touch G1"):
        state.apply("support G3>G1")
    state.apply("support G2>G1 G3>G1")
    answer_backing(state)
    assert [d for d, _ in rolls(state)][:4] == ["duel G1"] * 3 + ["duel E1"]


def test_pikes_and_spears_by_default_in_the_quicker_game():
    state = battle([("G1", ROHAN, 10, 10), ("G2", SPEAR, 10 - D, 10), ("G3", MINAS, 10 - 2 * D, 10),
                    ("E1", ORC, 10 + D, 10), ("E2", ORC, 40, 40)],
                   dice=["1", "1", "6", "2", "5", "5", "5", "3", "3"])
    arm(state, "G3", "pike")
    arm(state, "G2", "spear")
    to_fight(state)
    fight(state, "G1")
    assert "G2 supports G1" in state.news and "G3 supports G1" in state.news
    assert [d for d, _ in rolls(state)][:4] == ["duel G1"] * 3 + ["duel E1"]


def test_picking_up_weapons_a_hero_who_slays_his_foe_takes_a_shield():
    state = battle([("G1", "Boromir", 10, 10), ("E1", ORC, 10 + D, 10), ("E2", ORC, 40, 40)],
                   dice=["6", "1", "1", "1", "5", "3", "3"], fight_choices=True)
    to_fight(state)
    state.apply("fight G1")
    state.apply("shield off")
    answer_backing(state)
    while state.question["kind"] == "might":       # Boromir keeps his Might
        state.apply("pass")
    assert "E1" not in state.models
    assert state.question == {"kind": "take", "side": "good", "model": "G1", "items": ["shield"]}
    assert [str(a) for a in state.legal_actions()] == ["take G1 shield", "pass"]
    with pytest.raises(IllegalAction, match="Picking Up Weapons"):
        state.apply("take G1 orc-bow")
    state.apply("take G1 shield")
    boromir = state.models["G1"]
    assert boromir.profile.defence == 7 and "shield" in boromir.profile.wargear
    again = state.clone()
    again.restore(state.view(0))                  # rebuilt from a view: the shield is kept
    assert again.models["G1"].profile == boromir.profile


def test_picking_up_weapons_a_bow_taken_by_a_hero_with_a_shield_costs_its_defence():
    # 'Shields': a bow-armed model has no Defence from a shield (but may still shield)
    state = battle([("G1", "Boromir", 10, 10), ("E1", ORC_BOW, 10 + D, 10), ("E2", ORC, 40, 40)],
                   dice=["6", "1", "1", "1", "5", "3", "3"], fight_choices=True)
    arm(state, "G1", "hand weapon", "shield")
    to_fight(state)
    state.apply("fight G1")
    state.apply("shield off")
    answer_backing(state)
    while state.question["kind"] == "might":
        state.apply("pass")
    state.apply("take G1 orc-bow")
    boromir = state.models["G1"]
    # Defence 6 less the shield's point; the Shoot value of his race's warriors (4+)
    assert boromir.profile.defence == 5 and boromir.profile.shoot == 4
    assert boromir.profile.missile == "orc bow"
    from palantir.games.strategy_battle.phases.fight.resolution import can_shield
    assert can_shield(state, [boromir])


def test_picking_up_weapons_a_shield_adds_nothing_to_a_hero_with_a_bow():
    from palantir.games.strategy_battle.phases.fight.weapons import taking
    state = battle([("G1", "Aragorn (Strider)", 10, 10), ("E1", ORC, 40, 40)])
    arm(state, "G1", "hand weapon", "bow")
    with_shield = taking(state, state.models["G1"].profile, "shield")
    assert with_shield.defence == 5 and "shield" in with_shield.wargear


def test_spears_only_one_spear_supports_a_friend_at_a_time():
    # two spears in a file behind G1: the second is no pike, so it cannot add an attack
    state = battle([("G1", ROHAN, 10, 10), ("G2", SPEAR, 10 - D, 10), ("G3", SPEAR, 10 - 2 * D, 10),
                    ("E1", ORC, 10 + D, 10), ("E2", ORC, 40, 40)], fight_choices=True)
    to_fight(state)
    state.apply("fight G1")
    while state.question["kind"] == "shield":
        state.apply("shield off")
    assert [str(a) for a in state.legal_actions()] == ["support G2>G1", "support none"]
    with pytest.raises(IllegalAction, match="only a pike"):
        state.apply("support G2>G1 G3>G1")


def thrower(dice, extra=()):
    # G2 near by: G1 is not on its own ('Courage')
    state = battle([("G1", "Warrior of Rohan with bow", 10, 10), ("G2", ROHAN, 8, 10),
                    ("E1", ORC, 16, 10), ("E2", ORC, 40, 40), *extra], dice=dice)
    arm(state, "G1", "hand weapon", "throwing weapon")
    return state


def test_throwing_weapons_a_charger_halts_1_inch_away_throws_then_charges_home():
    state = thrower(["4", "2"])
    assert any(str(a).startswith("throw G1 E1 ") for a in state.legal_actions())
    state.apply(f"throw G1 E1 {16 - D:.3f},10")
    # the throw is worked out as a shot: 4+ to hit, Strength 3 against Defence 4 needs a 5
    assert [d for d, _ in rolls(state)] == ["to hit G1", "wound E1"]
    g1 = state.models["G1"]
    assert g1.x == pytest.approx(16 - D, abs=0.001) and g1.charged and g1.moved
    assert g1.shot                                    # no throw again in the Shoot phase
    assert state.engaged(g1)


def test_throwing_weapons_the_foe_slain_the_charger_completes_its_move_as_it_wishes():
    state = thrower(["6", "6"], extra=[("E3", ORC, 15.5, 12)])
    state.apply(f"throw G1 E1 {16 - D:.3f},10")
    assert "E1" not in state.models
    g1 = state.models["G1"]
    # halted 1" short of E1, with the rest of its 6" move left
    assert g1.x == pytest.approx(16 - D - 1, abs=0.001) and not g1.moved
    assert g1.move_left == pytest.approx(6 - (16 - D - 1 - 10), abs=0.01)
    state.apply("charge G1 E3")                       # E3 was in sight at the start
    assert state.engaged(g1) and g1.moved


def test_throwing_weapons_not_without_one_nor_by_good_into_a_fight():
    state = thrower([], extra=[("G3", ROHAN, 16 + D, 10)])
    before = state.view(0)
    with pytest.raises(IllegalAction, match="Targets in Combat"):
        state.apply(f"throw G1 E1 {16 - D:.3f},10")
    arm(state, "G1", "hand weapon")
    with pytest.raises(IllegalAction, match="Throwing Weapons"):
        state.apply(f"throw G1 E1 {16 - D:.3f},10")
    arm(state, "G1", "hand weapon", "throwing weapon")
    assert state.view(0) == before
