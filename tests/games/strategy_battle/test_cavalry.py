"""Cavalry: two profiles, shooting at cavalry, thrown riders, charge bonuses, strikes against
mounts, riders on foot, models on the ground ('Cavalry', 'Models on the Ground')."""

import math

import pytest

from palantir.engine.errors import IllegalAction

from .sbg_table import ORC, ORC_BOW, ROHAN, battle, fight

RIDER = "Rider of Rohan"
R = 12.5 / 25.4
RC = 25 / 25.4                       # a cavalry base is refereed as a 50mm circle


def rolls(state):
    return [(r.die, r.face) for r in state.dice.log]


def test_characteristics_for_mounts_rider_and_horse_have_their_own_profiles():
    state = battle([("G1", RIDER, 10, 10), ("E1", ORC, 40, 40)])
    rider = state.models["G1"]
    assert rider.mounted and rider.mount_wounds == 1
    assert state.mounts["Horse"].defence == 4 and state.mounts["Horse"].attacks == 0
    assert state.allowance(rider) == 10


def test_mounted_targets_the_horse_is_in_the_way_1_to_3_the_mount_is_hit():
    state = battle([("G1", RIDER, 20, 10), ("E1", ORC_BOW, 10, 10), ("E2", ORC, 40, 40)],
                   first="evil", dice=["6", "2", "6", "5"])
    for _ in range(2):
        state.apply("done")
    state.apply("shoot E1 G1")
    # hit, the mount is in the way (2): S2 against the horse's Defence 4 needs a 5: the 6
    # slays it; the rider is thrown and rises from the dust (5)
    assert rolls(state) == [("to hit E1", "6"), ("mount in the way G1", "2"),
                            ("wound G1.mount", "6"), ("thrown G1", "5")]
    rider = state.models["G1"]
    assert not rider.mounted and rider.no_strikes and not rider.prone
    assert state.allowance(rider) == 6                      # on foot: a Man's move
    assert state.disc(rider).radius == pytest.approx(R)     # on a 25mm base


def test_mounted_targets_4_to_6_the_rider_is_hit():
    state = battle([("G1", RIDER, 20, 10), ("E1", ORC_BOW, 10, 10), ("E2", ORC, 40, 40)],
                   first="evil", dice=["6", "4", "6"])
    for _ in range(2):
        state.apply("done")
    state.apply("shoot E1 G1")
    assert rolls(state) == [("to hit E1", "6"), ("mount in the way G1", "4"), ("wound G1", "6")]
    assert "G1" not in state.models


def test_thrown_rider_chart_1_knocked_flying_strength_3_hit_and_lying_down():
    state = battle([("G1", RIDER, 20, 10), ("E1", ORC, 40, 40)], dice=["1", "4"])
    rider = state.models["G1"]
    rider.mount_wounds = 1
    state.wound_mount(rider, 1)
    # S3 against the rider's Defence 5 needs a 5: the 4 does not wound
    assert rolls(state) == [("thrown G1", "1"), ("wound G1", "4")]
    assert rider.prone and rider.moved and not rider.mounted


def test_thrown_rider_chart_6_leaps_into_action():
    state = battle([("G1", RIDER, 20, 10), ("E1", ORC, 40, 40)], dice=["6"])
    rider = state.models["G1"]
    state.wound_mount(rider, 1)
    assert not rider.mounted and not rider.moved and not rider.prone and not rider.no_strikes


def test_cavalry_charge_extra_attack_and_knock_to_the_ground():
    state = battle([("G1", RIDER, 10, 10), ("E1", ORC, 16, 10), ("E2", ORC, 40, 40)],
                   dice=["1", "5", "3", "1", "1", "1", "1", "3", "3"])
    state.apply("charge G1 E1")
    for _ in range(4):
        state.apply("done")
    fight(state, "G1")
    log = [d for d, _ in rolls(state)]
    # two dice for the rider (1 Attack + 1 for the charge), the Orc's one: the rider wins 5-3,
    # the Orc is knocked down and takes double strikes: 2 Attacks x 2 = 4 wound rolls
    assert log[:3] == ["duel G1", "duel G1", "duel E1"]
    assert log[3:7] == ["wound E1"] * 4
    assert any("knocked to the ground" in n for n in state.news)


def test_cavalry_charge_no_bonus_in_difficult_terrain():
    scrub = {"name": "scrub", "going": "difficult",
             "outline": [[12, 0], [20, 0], [20, 20], [12, 20]]}
    state = battle([("G1", RIDER, 10, 10), ("E1", ORC, 14.5, 10), ("E2", ORC, 40, 40)],
                   areas=[scrub], dice=["5", "3", "1", "3", "3"])
    state.apply("charge G1 E1")
    assert state.models["G1"].charged
    for _ in range(4):
        state.apply("done")
    fight(state, "G1")
    assert [d for d, _ in rolls(state)][:2] == ["duel G1", "duel E1"]


def test_strikes_against_mounts_the_winner_chooses_rider_or_mount():
    state = battle([("G1", RIDER, 10, 10), ("E1", "Mordor Uruk-hai with sword", 10 + R + RC, 10),
                    ("E2", ORC, 40, 40)], dice=["1", "6", "5", "3", "3", "3"])
    for _ in range(4):
        state.apply("done")
    fight(state, "G1")
    assert [str(a) for a in state.legal_actions()] == ["strike G1", "strike G1.mount"]
    with pytest.raises(IllegalAction, match="not one of the beaten"):
        state.apply("strike E2")
    state.apply("strike G1.mount")
    # S4 against the horse's Defence 4 needs a 4: the 5 slays the horse; the rider is thrown (3)
    assert not state.models["G1"].mounted
    assert any("G1 rises from the dust" in n for n in state.news)


def test_models_on_the_ground_getting_up_costs_half_the_move():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 40, 40)])
    state.models["G1"].prone = True
    with pytest.raises(IllegalAction):
        state.apply("move G1 13.1,10")
    state.apply("move G1 13,10")
    assert not state.models["G1"].prone and state.models["G1"].move_used == 6


def test_models_on_the_ground_win_and_stand_instead_of_striking_lose_and_take_double():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + 2 * R, 10), ("E2", ORC, 40, 40)],
                   dice=["6", "1", "3", "3"])
    state.models["G1"].prone = True
    for _ in range(4):
        state.apply("done")
    fight(state, "G1")
    assert not state.models["G1"].prone and "wound E1" not in [d for d, _ in rolls(state)]
    lost = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + 2 * R, 10), ("E2", ORC, 40, 40)],
                  dice=["1", "6", "1", "1", "3", "3"])
    lost.models["G1"].prone = True
    for _ in range(4):
        lost.apply("done")
    fight(lost, "G1")
    assert [d for d, _ in rolls(lost)].count("wound G1") == 2
    assert lost.models["G1"].prone


def test_models_on_the_ground_have_no_control_zone():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 14, 10)], first="evil")
    state.models["G1"].prone = True
    assert not state.disc(state.models["G1"]).zone
    state.apply(f"move E1 {10 + 2 * R + 0.3:.3f},10.8")


WALL = {"name": "wall", "line": [[12, 0], [12, 48]], "height_mm": 30, "width_mm": 10}


def test_jumping_cavalry_a_1_may_be_tried_again_and_a_second_1_throws_the_rider():
    state = battle([("G1", RIDER, 10, 20), ("E1", ORC, 40, 40)], barriers=[WALL],
                   dice=["1", "1", "5"])
    state.apply("move G1 16,20")
    # "a further attempt can be made": the rider's choice
    assert state.question == {"kind": "roll", "side": "good", "model": "G1", "for": "Jump",
                              "score": 1, "might": [], "reroll": True}
    assert [str(a) for a in state.legal_actions()] == ["reroll G1", "pass"]
    state.apply("reroll G1")
    assert [d for d, _ in rolls(state)] == ["jump G1", "jump second try G1", "thrown G1"]
    rider = state.models["G1"]
    assert not rider.mounted and rider.x < 12


def test_jumping_cavalry_second_try_succeeds():
    state = battle([("G1", RIDER, 10, 20), ("E1", ORC, 40, 40)], barriers=[WALL],
                   dice=["1", "6"])
    state.apply("move G1 16,20")
    state.apply("reroll G1")
    assert state.models["G1"].mounted and state.models["G1"].x == pytest.approx(16)


def test_jumping_cavalry_a_rider_may_accept_the_first_failure():
    state = battle([("G1", RIDER, 10, 20), ("E1", ORC, 40, 40)], barriers=[WALL], dice=["1"])
    state.apply("move G1 16,20")
    state.apply("pass")
    rider = state.models["G1"]
    assert rider.mounted and rider.moved and rider.x < 12


def test_expert_riders_re_roll_the_jump_die():
    state = battle([("G1", "Théoden on horse", 10, 20), ("E1", ORC, 40, 40)], barriers=[WALL],
                   dice=["3", "6"])
    state.apply("move G1 16,20")
    # a 3 crosses and stops; the Expert Rider may re-roll for the 6 (or spend 3 Might)
    assert state.question["reroll"] and state.question["might"] == [3]
    state.apply("reroll G1")
    assert [d for d, _ in rolls(state)] == ["jump G1", "jump again G1"]
    assert state.models["G1"].x == pytest.approx(16)


def test_expert_riders_re_roll_a_die_once_only():
    # 'Re-rolls': "no dice can be re-rolled more than once"; after a 1 the further attempt
    # is a new die, which may be re-rolled in its turn
    state = battle([("G1", "Théoden on horse", 10, 20), ("E1", ORC, 40, 40)], barriers=[WALL],
                   dice=["1", "1", "1", "4"])
    state.models["G1"].might = state.models["G1"].free_might = 0
    state.apply("move G1 16,20")
    state.apply("reroll G1")                 # the Expert Rider's re-roll: another 1
    assert state.question["reroll"]          # now the rider's further attempt
    state.apply("reroll G1")
    state.apply("reroll G1")                 # the second try's 1 re-rolled: a 4
    assert [d for d, _ in rolls(state)] == ["jump G1", "jump again G1", "jump second try G1",
                                            "jump again G1"]
    assert state.models["G1"].mounted and state.models["G1"].x > 12


def test_might_on_a_jump_a_hero_raises_a_1_to_cross():
    state = battle([("G1", "Aragorn (Strider)", 10, 20), ("E1", ORC, 40, 40)], barriers=[WALL],
                   dice=["1"])
    state.apply("move G1 15,20")
    # the 30mm wall is taller than Aragorn's 28mm: -1; a 1 needs 1 point to cross, 5 to bound
    assert state.question["might"] == [1] and not state.question["reroll"]
    state.apply("might G1 1")
    g1 = state.models["G1"]
    assert 12 < g1.x < 15 and g1.moved and g1.might_left == 3


def test_lances_plus_one_to_wound_when_charging_a_dagger_when_not():
    from dataclasses import replace
    from palantir.games.strategy_battle.fight import weapon_effect
    state = battle([("G1", RIDER, 10, 10), ("E1", ORC, 16, 10), ("E2", ORC, 40, 40)])
    rider = state.models["G1"]
    rider.profile = replace(rider.profile, wargear=("lance",))
    assert weapon_effect(state, rider) == (-1, 0)          # not charging: the lance's shaft
    state.apply("charge G1 E1")
    assert weapon_effect(state, rider) == (0, 1)
    rider.mount_wounds = 0
    assert weapon_effect(state, rider) == (-1, 0)          # useless on foot: a knife at best
