"""Cavalry: two profiles, shooting at cavalry, thrown riders, charge bonuses, strikes against
mounts, riders on foot, models on the ground ('Cavalry', 'Models on the Ground')."""

import random

import pytest

from palantir.engine.errors import IllegalAction
from palantir.engine.match import play_match
from palantir.engine.record import GameRecord, replay
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle import table as geo

from tests.support import refused

from tests.support.positions.sbg import (ORC, ORC_BOW, ROHAN, ROHAN_BOW, battle, fight, mark,
                                        profile, rolls, setup)

RIDER = "Rider of Rohan"
R = 12.5 / 25.4
RC = 25 / 25.4                       # a cavalry base is refereed as a 50mm circle


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
    rider = mark(state, "G1", mount_wounds=1)
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
    mark(state, "G1", prone=True)
    with pytest.raises(IllegalAction):
        state.apply("move G1 13.1,10")
    state.apply("move G1 13,10")
    assert not state.models["G1"].prone and state.models["G1"].move_used == 6


def test_models_on_the_ground_win_and_stand_instead_of_striking_lose_and_take_double():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + 2 * R, 10), ("E2", ORC, 40, 40)],
                   dice=["6", "1", "3", "3"])
    mark(state, "G1", prone=True)
    for _ in range(4):
        state.apply("done")
    fight(state, "G1")
    assert not state.models["G1"].prone and "wound E1" not in [d for d, _ in rolls(state)]
    lost = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + 2 * R, 10), ("E2", ORC, 40, 40)],
                  dice=["1", "6", "1", "1", "3", "3"])
    mark(lost, "G1", prone=True)
    for _ in range(4):
        lost.apply("done")
    fight(lost, "G1")
    assert [d for d, _ in rolls(lost)].count("wound G1") == 2
    assert lost.models["G1"].prone


def test_models_on_the_ground_have_no_control_zone():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 14, 10)], first="evil")
    mark(state, "G1", prone=True)
    assert not state.disc(state.models["G1"]).zone
    state.apply(f"move E1 {10 + 2 * R + 0.3:.3f},10.8")


WALL = {"name": "wall", "line": [[12, 0], [12, 48]], "height_mm": 30, "width_mm": 10}


def test_jumping_cavalry_a_1_may_be_tried_again_and_a_second_1_throws_the_rider():
    state = battle([("G1", RIDER, 10, 20), ("E1", ORC, 40, 40)], barriers=[WALL],
                   dice=["1", "1", "5"])
    state.apply("move G1 16,20")
    # "a further attempt can be made": the rider's choice
    assert state.question == {"kind": "roll", "side": "good", "model": "G1", "for": "Jump",
                              "score": 1, "might": [], "reroll": True, "room": 5}
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
    mark(state, "G1", might=0, free_might=0)
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
    from palantir.games.strategy_battle.phases.fight.weapons import weapon_effect
    state = battle([("G1", RIDER, 10, 10), ("E1", ORC, 16, 10), ("E2", ORC, 40, 40)])
    profile(state, RIDER, wargear=["lance"])
    rider = state.models["G1"]
    assert weapon_effect(state, rider) == (-1, 0)          # not charging: the lance's shaft
    state.apply("charge G1 E1")
    assert weapon_effect(state, rider) == (0, 1)
    rider = mark(state, "G1", mount_wounds=0)
    assert weapon_effect(state, rider) == (-1, 0)          # useless on foot: a knife at best


# ---------------------------------------------------------------- riding, mounting, loose mounts

from palantir.games.strategy_battle.state import (  # noqa: E402
    can_ride, is_loose, may_carry, monstrous)

THEODEN = "Théoden on horse"
WARG_RIDER = "Warg Rider"
H = 12.5 / 25.4                          # half the cavalry base's spine (and its half-width)


def test_which_models_can_ride_men_and_elves_horses_orcs_wargs_never_strength_6():
    state = battle([("G1", ROHAN, 10, 10), ("G2", "Wood Elf Warrior", 12, 10),
                    ("G3", "Dwarf Warrior with axe and shield", 14, 10), ("E1", ORC, 30, 30),
                    ("E2", "Cave Troll", 34, 30), ("E3", WARG_RIDER, 38, 30)])
    m = state.models
    assert can_ride(m["G1"], "Horse") and can_ride(m["G2"], "Horse")
    assert not can_ride(m["G3"], "Horse") and not can_ride(m["E1"], "Horse")
    assert can_ride(m["E1"], "Warg") and can_ride(m["E3"], "Warg")
    assert not can_ride(m["E2"], "Warg")             # Strength 6: never


def test_mounting_and_dismounting_at_the_start_of_the_move_then_on_foot():
    state = battle([("G1", RIDER, 10, 10), ("E1", ORC, 40, 40)])
    assert "dismount G1" in [str(a) for a in state.legal_actions()]
    state.apply("dismount G1")
    rider = state.models["G1"]
    assert not rider.mounted and not rider.moved and state.allowance(rider) == 6
    assert "G1m" not in state.models                          # the horse is led away
    state.apply("move G1 16,10")
    assert rider.x == 16 and rider.moved


def test_mounting_and_dismounting_during_the_move_uses_it_all():
    state = battle([("G1", RIDER, 10, 10), ("E1", ORC, 40, 40)])
    state.apply("move G1 12,10")
    state.apply("dismount G1")
    rider = state.models["G1"]
    assert not rider.mounted and rider.moved and rider.move_used == 6
    for _ in range(2):
        state.apply("done")
    with pytest.raises(IllegalAction, match="Moving & Shooting"):
        state.apply("shoot G1 E1")


def test_mounting_and_dismounting_only_a_free_rider_of_the_moving_side():
    state = battle([("G1", RIDER, 10, 10), ("E1", ORC, 10 + H + H + R, 10), ("G2", ROHAN, 30, 30)])
    with pytest.raises(IllegalAction, match="not free to move"):
        state.apply("dismount G1")
    with pytest.raises(IllegalAction, match="is not mounted"):
        state.apply("dismount G2")
    with pytest.raises(IllegalAction, match="do not use loose mounts"):
        battle([("G1", RIDER, 10, 10), ("E1", ORC, 40, 40)]).apply("dismount G1 loose")


def loose_battle(models, **kw):
    state = battle(models, **kw)
    setup(state, options={"loose_mounts": True})
    return state


def test_loose_mounts_a_dismounted_riders_horse_stays_and_he_stands_beside_it():
    state = loose_battle([("G1", RIDER, 10, 10), ("E1", ORC, 40, 40)])
    state.apply("dismount G1 loose")
    horse, rider = state.models["G1m"], state.models["G1"]
    assert is_loose(horse) and (horse.x, horse.y) == (10, 10)
    assert horse.profile.attacks == 0 and horse.profile.defence == 4 and horse.moved
    # his left side: touching the horse, free of it
    assert (rider.x, rider.y) == pytest.approx((10, 10 + H + R), abs=0.01)
    assert geo.in_contact(state.disc(rider), state.disc(horse), state.units.tolerance)
    state.apply("move G1 10,16")                     # then he moves on foot
    assert state.models["G1"].y == 16


def test_loose_mounts_do_not_move_have_no_control_zone_and_do_not_count_as_casualties():
    state = loose_battle([("G1", RIDER, 10, 10), ("G2", ROHAN, 20, 20),
                          ("E1", ORC_BOW, 13.5, 8.5), ("E2", ORC, 40, 40)], dice=["6", "6"])
    state.apply("dismount G1 loose")
    with pytest.raises(IllegalAction, match="already moved"):
        state.apply("move G1m 12,10")
    assert not state.disc(state.models["G1m"]).zone
    # an Orc may walk past it within 1"
    state.apply("done")
    state.apply("move E1 11.2,9.1")                 # within 1" of the horse
    state.apply("done")
    state.apply("done")
    state.apply("shoot E1 G1m")                     # shot dead: no casualty of the force
    assert "G1m" not in state.models and state.lost["good"] == 0


def test_loose_mounts_good_may_not_shoot_past_a_friendly_mount():
    state = loose_battle([("G1", RIDER, 15, 10), ("G2", ROHAN_BOW, 10, 10.3),
                          ("E1", ORC, 22, 10)])
    state.apply("dismount G1 loose")
    state.apply("done")
    state.apply("done")
    with pytest.raises(IllegalAction, match="friendly mount is in the way"):
        state.apply("shoot G2 E1")


def test_loose_mounts_a_slain_riders_mount_may_be_left_in_place():
    state = loose_battle([("G1", RIDER, 20, 10), ("E1", ORC_BOW, 10, 10), ("E2", ORC, 40, 40),
                          ("G2", ROHAN, 40, 10)], first="evil", dice=["6", "5", "6"])
    for _ in range(2):
        state.apply("done")
    state.apply("shoot E1 G1")                      # hits the rider (5) and slays him
    assert state.question == {"kind": "loose", "side": "good", "model": "G1", "mount": "Horse"}
    assert [str(a) for a in state.legal_actions()] == ["loose G1", "pass"]
    state.apply("loose G1")
    assert is_loose(state.models["G1m"]) and state.lost["good"] == 1
    assert (state.models["G1m"].x, state.models["G1m"].y) == (20, 10)


def test_loose_mounts_test_courage_with_their_own_and_retreat():
    state = loose_battle([("G1", RIDER, 24, 24), ("G2", ROHAN, 40, 30), ("E1", ORC, 24, 34),
                          ("E2", ORC, 45, 45)], dice=["1", "1"])
    state.apply("dismount G1 loose")
    setup(state, lost={"good": 2}, force={"good": 4})    # half the force lost
    mark(state, "G1", tested="passed")
    mark(state, "G2", tested="passed")
    state.apply("done")
    # the loose horse tests with the Horse's Courage 3: 1+1+3 fails; it retreats
    horse = state.models["G1m"]
    assert horse.tested == "failed" and horse.y < 24 - 7 and state.lost["good"] == 2


def test_courage_a_mounted_warrior_tests_with_the_riders_courage():
    state = battle([("G1", THEODEN, 10, 10), ("G2", ROHAN, 30, 30), ("E1", ORC, 40, 40)],
                   dice=["2", "2"])
    setup(state, lost={"good": 2}, force={"good": 4})
    mark(state, "G1", might=0, free_might=0)
    state.apply("move G1 12,10")
    # Théoden's Courage 5, not the horse's 3: 2+2+5 = 9 fails
    assert any("2+2+5 = 9: failed" in n for n in state.news)


def test_mounting_a_loose_mount_a_jump_test_2_to_5_mounted_and_stops():
    state = loose_battle([("G1", RIDER, 10, 10), ("G2", ROHAN, 10, 12 + H), ("E1", ORC, 40, 40)],
                         dice=["3"])
    state.apply("dismount G1 loose")
    state.apply("move G1 10,5")                      # the rider walks off
    state.apply(f"move G2 10,{10 + H + R:.4f}")     # a Warrior of Rohan to the horse's side
    state.apply("mount G2 G1m")
    g2 = state.models["G2"]
    assert g2.mounted and (g2.x, g2.y) == (10, 10) and g2.moved and "G1m" not in state.models
    assert state.allowance(g2) == 10 and state.disc(g2).half == pytest.approx(H)
    rebuilt = state.clone()
    rebuilt.restore(state.view(0))
    assert rebuilt.models["G2"].mounted and rebuilt.allowance(rebuilt.models["G2"]) == 10


def test_mounting_a_loose_mount_on_a_6_the_rest_of_the_move_is_ridden():
    state = loose_battle([("G1", RIDER, 10, 10), ("E1", ORC, 40, 40)], dice=["6"])
    state.apply("dismount G1 loose")                 # beside his horse, yet to move
    state.apply("mount G1 G1m")
    rider = state.models["G1"]
    assert rider.mounted and not rider.moved and rider.move_left == pytest.approx(6)
    state.apply("move G1 16,10")
    assert rider.x == 16 and rider.moved


def test_mounting_a_loose_mount_a_1_fails():
    state = loose_battle([("G1", RIDER, 10, 10), ("E1", ORC, 40, 40)], dice=["1"])
    state.apply("dismount G1 loose")
    state.apply("mount G1 G1m")
    assert not state.models["G1"].mounted and "G1m" in state.models
    with pytest.raises(IllegalAction, match="not free to mount"):
        state.apply("mount G1 G1m")


def test_mounting_only_a_mount_it_can_ride_and_touches():
    state = loose_battle([("G1", RIDER, 10, 10), ("G2", "Dwarf Warrior with axe and shield",
                                                   10, 12 + H), ("E1", ORC, 40, 40)])
    state.apply("dismount G1 loose")
    state.apply("move G1 10,5")
    with pytest.raises(IllegalAction, match="must touch"):
        state.apply("mount G2 G1m")
    state.apply(f"move G2 10,{10 + H + R:.4f}")
    with pytest.raises(IllegalAction, match="cannot ride a Horse"):
        state.apply("mount G2 G1m")


def test_expert_riders_keep_the_shields_defence_mounted_with_a_bow_and_leave_one_when_thrown():
    state = battle([("G1", THEODEN, 20, 10), ("E1", ORC_BOW, 10, 10), ("E2", ORC, 40, 40)],
                   first="evil", dice=["6", "2", "6", "5"])
    profile(state, THEODEN, wargear=["hand weapon", "bow", "shield"])
    theoden = state.models["G1"]
    assert theoden.profile.defence == 5                  # mounted: the shield counts
    for _ in range(2):
        state.apply("done")
    state.apply("shoot E1 G1")                           # the horse is hit and slain
    state.apply("pass")                                  # no Might on the Thrown Rider roll
    assert state.question == {"kind": "leave", "side": "good", "model": "G1"}
    with pytest.raises(IllegalAction, match="leaves his bow or his shield"):
        state.apply("pass")
    state.apply("leave G1 shield")                       # he keeps his bow
    assert theoden.profile.defence == 4 and theoden.profile.missile == "bow"
    assert theoden.left_on_horse == "shield"


def test_expert_riders_leaving_the_bow_keep_their_defence():
    state = battle([("G1", THEODEN, 10, 10), ("E1", ORC, 40, 40)])
    profile(state, THEODEN, wargear=["hand weapon", "bow", "shield"])
    theoden = state.models["G1"]
    state.apply("dismount G1")
    state.apply("leave G1 bow")
    assert theoden.profile.defence == 5 and theoden.profile.missile is None


def test_might_on_the_thrown_rider_chart():
    state = battle([("G1", THEODEN, 10, 10), ("E1", ORC, 40, 40)], dice=["5"])
    theoden = state.models["G1"]
    state.wound_mount(theoden, 1)
    # a 5: one point of Might makes it 6, on his feet at once
    assert state.question["for"] == "Thrown Rider" and state.question["might"] == [1]
    state.apply("might G1 1")
    assert not theoden.moved and not theoden.no_strikes


def test_monstrous_mounts_a_warg_is_hit_on_1_to_4_and_adds_its_attacks():
    state = battle([("G1", ROHAN_BOW, 10, 10), ("E1", WARG_RIDER, 20, 10), ("E2", ORC, 40, 40)],
                   dice=["6", "4", "6", "6"])
    warg = state.mounts["Warg"]
    assert monstrous(warg) and not monstrous(state.mounts["Horse"])
    # 'Monstrous Mounts': the mount's Attack with the rider's, never the Extra Attack
    rider = state.models["E1"]
    assert state.attacks(rider) == 2
    state.charge_bonus.add("E1")
    assert state.attacks(rider) == 2
    for _ in range(2):
        state.apply("done")
    state.apply("shoot G1 E1")
    assert rolls(state)[:2] == [("to hit G1", "6"), ("mount in the way E1", "4")]
    assert not state.models["E1"].mounted                 # 4: the Warg is hit and slain


def test_fighting_across_barriers_cavalry_charging_a_defender_get_no_charge_bonus():
    wall = {"name": "wall", "line": [[14, 0], [14, 48]], "height_mm": 22, "width_mm": 10}
    state = battle([("G1", RIDER, 10, 10), ("E1", ORC, 14 + 5 / 25.4 + R, 10),
                    ("E2", ORC, 40, 40)], barriers=[wall], dice=["5", "3", "3", "3", "3", "3"])
    state.apply("charge G1 E1")
    assert state.across and state.models["G1"].charged
    for _ in range(4):
        state.apply("done")
    fight(state, "G1")
    # one die for the rider: no Extra Attack against infantry defending a barrier
    assert [d for d, _ in rolls(state)][:2] == ["duel G1", "duel E1"]


def test_loose_mounts_random_riders_battles_play_to_the_end_and_replay():
    class Random:
        def __init__(self, seed):
            self.rng = random.Random(seed)

        def choose(self, view, legal):
            return legal[self.rng.randrange(len(legal))]

    game = StrategyBattle()
    final, record = play_match(game, {"scenario": "riders", "loose_mounts": True},
                               [Random(1), Random(2)], 1, max_decisions=3000)
    assert final.is_over()
    again = replay(GameRecord.loads(record.dumps()))
    assert again.view(0) == final.view(0)


# ---------------------------------------------------------------- passengers

FRODO = "Frodo"
BESIDE = 10 + H + R                 # a 25mm base touching a horse's side at y = 10


def carried_battle(dice, first="good", **kw):
    state = battle([("G1", RIDER, 10, 10), ("G2", FRODO, 10, BESIDE), ("E1", ORC_BOW, 26, 10),
                    ("E2", ORC, 40, 40)], first=first, dice=dice, **kw)
    mark(state, "G2", might=0)                     # no Might questions on his rolls
    return state


def test_passengers_a_hobbit_climbs_up_behind_a_rider_2_to_5_and_the_rider_stops():
    # 'Passengers': "Dwarves and Hobbits ... can be carried as passengers"
    state = carried_battle(["3"])
    assert "mount G2 G1" in [str(a) for a in state.legal_actions()]
    state.apply("mount G2 G1")
    rider = state.models["G1"]
    assert "G2" not in state.models and rider.passenger.id == "G2" and rider.moved
    assert [d for d, _ in rolls(state)] == ["jump G2"]
    with pytest.raises(IllegalAction, match="no model 'G2'"):
        state.apply("move G2 12,12")                 # carried: off the table


def test_passengers_on_a_6_the_rider_may_make_his_whole_move():
    state = carried_battle(["6"])
    state.apply("mount G2 G1")
    state.apply("move G1 20,10")
    assert state.models["G1"].x == 20 and state.models["G1"].passenger is not None


def test_passengers_on_a_1_neither_moves_further():
    state = carried_battle(["1"])
    state.apply("mount G2 G1")
    assert state.models["G1"].moved and state.models["G2"].moved
    assert state.models["G1"].passenger is None


def test_passengers_only_models_that_ride_dwarves_and_hobbits():
    state = battle([("G1", RIDER, 10, 10), ("E9", ORC, 10, BESIDE), ("E1", ORC, 40, 40)])
    assert may_carry(state.models["E9"], "Warg")
    assert not may_carry(state.models["E9"], "Horse")
    troll = battle([("G1", RIDER, 10, 10), ("E1", "Cave Troll", 40, 40)]).models["E1"]
    assert not may_carry(troll, "Warg")


def test_passengers_jump_down_before_the_rider_moves_and_both_move():
    state = carried_battle(["6"])
    state.apply("mount G2 G1")
    assert "dismount G2" in [str(a) for a in state.legal_actions()]
    state.apply("dismount G2")
    frodo = state.models["G2"]
    assert not frodo.moved and frodo.carried_by is None
    state.apply("move G1 20,10")
    state.apply(f"move G2 10,{BESIDE + 3:.3f}")
    assert state.models["G2"].moved


def test_passengers_jump_down_during_the_riders_move_and_move_no_further():
    state = carried_battle(["6"])
    state.apply("mount G2 G1")
    state.apply("move G1 16,10")
    state.apply("dismount G2")
    frodo = state.models["G2"]
    assert frodo.moved and frodo.move_used == state.allowance(frodo)
    assert geo.in_contact(state.disc(frodo), state.disc(state.models["G1"]),
                          state.units.tolerance)


def test_passengers_shot_at_1_to_3_the_mount_4_to_5_the_rider_6_the_passenger():
    state = carried_battle(["6", "4", "6", "6"], first="evil")
    state.apply("done")                              # Evil moves nothing
    state.apply("mount G2 G1")
    state.apply("done")                              # the Shoot phase: Evil first
    state.apply("shoot E1 G1")
    # hit; 6: the passenger; S2 against Frodo's D3 needs a 5: the 6 wounds; he has Fate
    assert rolls(state) == [("jump G2", "6"), ("to hit E1", "4"), ("mount in the way G1", "6"),
                            ("wound G2", "6")]
    assert state.question == {"kind": "fate", "side": "good", "target": "G2"}
    state.apply("pass")
    assert state.models["G1"].passenger.wounds == 1
    rebuilt = state.clone()
    rebuilt.restore(state.view(0))
    assert rebuilt.models["G1"].passenger.wounds == 1
    assert rebuilt.view(0) == state.view(0)


def test_passengers_thrown_when_the_rider_is_slain():
    state = carried_battle(["6", "6", "5", "6", "6"], first="evil")
    state.apply("done")
    state.apply("mount G2 G1")
    state.apply("done")
    state.apply("shoot E1 G1")                       # hit, 5: the rider, slain by the 6
    frodo = state.models["G2"]
    assert "G1" not in state.models and frodo.carried_by is None
    # thrown: the Thrown Rider chart for the passenger, a 6: on his feet at once
    assert rolls(state)[-1] == ("thrown G2", "6") and not frodo.prone
    assert state.lost["good"] == 1


def test_passengers_thrown_when_the_rider_dismounts():
    state = carried_battle(["6", "3"])
    state.apply("mount G2 G1")
    state.apply("dismount G1")
    assert rolls(state)[-1] == ("thrown G2", "3")
    assert state.models["G2"].no_strikes and "G2" in state.models


def test_illegal_cavalry_and_question_answers_leave_the_state_unchanged():
    state = loose_battle([("G1", RIDER, 10, 10), ("G2", FRODO, 10, BESIDE),
                          ("G3", THEODEN, 20, 20), ("E1", ORC, 40, 40)], dice=["1"])
    bad = ["dismount G2", "dismount E1", "mount G2 E1", "mount G1 G3", "leave G1 bow",
           "loose G1", "reroll G1", "mount G2 G3", "cast G1 immobilise E1 1 from 11,10"]
    for text in bad:
        refused(state, text)
    # a question outstanding: only its answers are taken
    jump = loose_battle([("G1", RIDER, 10, 20), ("E1", ORC, 40, 40)], barriers=[WALL],
                        dice=["1"])
    jump.apply("move G1 16,20")
    assert jump.question["kind"] == "roll"
    for text in ("might G1 1", "reroll E1", "done", "move G1 12,20", "fate G1", "leave G1 bow"):
        refused(jump, text)


def test_expert_riders_re_roll_the_jump_test_to_mount():
    # 'Expert Riders': "can re-roll the dice ... when trying to mount a horse"
    state = loose_battle([("G1", THEODEN, 10, 10), ("E1", ORC, 40, 40)], dice=["1", "6"])
    theoden = mark(state, "G1", might=0, free_might=0)
    state.apply("dismount G1 loose")
    state.apply("mount G1 G1m")
    assert state.question["reroll"] and state.question["for"] == "Jump"
    state.apply("reroll G1")
    assert theoden.mounted and not theoden.moved
    assert [d for d, _ in rolls(state)] == ["jump G1", "jump again G1"]


# ---------------------------------------------------------------- monstrous mounts in a fight

from dataclasses import replace  # noqa: E402

from palantir.games.strategy_battle.phases.fight.backing import cavalry_bonus  # noqa: E402

FRONT = 10 + RC + R                  # a 25mm base touching the nose of a horse at x = 10


def warg_battle(foe, dice, **kw):
    """A Warg Rider at 10,10 with a Good model on foot touching its Warg's nose."""
    state = battle([("E1", WARG_RIDER, 10, 10), ("G1", foe, FRONT, 10), ("E2", ORC, 40, 40)],
                   dice=[*dice, "1", "2"], **kw)              # then the next priority roll
    for ident in list(state.models):
        mark(state, ident, might=0, free_might=0, fate=0)   # no questions on the Heroes' rolls
    for _ in range(4):
        state.apply("done")
    return state


def test_monstrous_mounts_fights_the_mount_rolls_its_own_dice_and_strikes_with_its_own_strength():
    # Boromir's three dice against the rider's die and the Warg's; Evil wins 5-1; the rider
    # strikes with his Strength 3 (a 6 against Defence 6), the Warg with its own 4 (a 5)
    state = warg_battle("Boromir", ["1", "1", "1", "5", "2", "5", "5"])
    fight(state, "G1")
    assert rolls(state)[:7] == [("duel G1", "1"), ("duel G1", "1"), ("duel G1", "1"),
                            ("duel E1", "5"), ("duel E1.mount", "2"),
                            ("wound G1", "5"), ("wound G1", "5")]
    assert any("E1 strikes G1: needs 6, rolled 5: no wound" in n for n in state.news)
    assert any("E1.mount strikes G1: needs 5, rolled 5: a wound" in n for n in state.news)
    assert state.models["G1"].wounds == 2


def test_monstrous_mounts_fights_the_best_fight_value_is_the_mounts_when_higher():
    # a Fight 1 rider on a Fight 3 Warg against a Fight 2 warrior: the dice tie at 4, and
    # the Warg's Fight decides it without a roll ("the best Fighting value available")
    state = warg_battle(ROHAN, ["4", "4", "3", "1", "1"])
    profile(state, WARG_RIDER, fight=1)
    profile(state, ROHAN, fight=2)
    fight(state, "G1")
    assert [d for d, _ in rolls(state)][:5] == ["duel G1", "duel E1", "duel E1.mount",
                                                "wound G1", "wound G1"]
    assert any("best 4 v 4, Fight 2 v 3: evil wins" in n for n in state.news)


def test_monstrous_mounts_fights_the_riders_might_raises_only_his_own_dice():
    # "remembering to roll separately the Attacks of models which have points of Might":
    # the rider's 3 raised to 4, not the Warg's 4 to 5; the warrior's 5 still wins
    state = warg_battle(ROHAN, ["5", "3", "4"])
    mark(state, "E1", might=1)
    fight(state, "G1")
    assert state.question == {"kind": "might", "side": "evil"}
    with pytest.raises(IllegalAction):
        state.apply("might G1 1")
    state.apply("might E1 1")
    assert any("E1 spends 1 Might: its best die counts 4" in n for n in state.news)
    assert any("best 5 v 4: good wins" in n for n in state.news)
    assert state.question["kind"] == "strike" and state.question["side"] == "good"


def test_monstrous_mounts_charge_knocks_down_enemy_cavalry_the_rider_thrown_with_a_strength_3_hit():
    state = battle([("E1", WARG_RIDER, 10, 10), ("G1", RIDER, 16, 10), ("G2", ROHAN, 40, 40)],
                   first="evil", dice=["2", "5", "3", "4", "1", "1", "1", "1", "1", "2"])
    state.apply("charge E1 G1")
    assert cavalry_bonus(state, state.models["E1"])      # kept against enemy cavalry
    for _ in range(4):
        state.apply("done")
    fight(state, "E1")
    # no Extra Attack: the rider's die and the Warg's; Evil wins 5-2; the horseman backs
    # away, is thrown beside his horse with a Strength 3 hit (a 4 against Defence 5 needs
    # a 5), and takes double strikes lying down: 2 strikes x 2
    assert [d for d, _ in rolls(state)][:8] == ["duel G1", "duel E1", "duel E1.mount",
                                                "wound G1", "wound G1", "wound G1",
                                                "wound G1", "wound G1"]
    rider = state.models["G1"]
    assert not rider.mounted and rider.prone and "G1" in state.models
    assert any("G1 is thrown to the ground (knocked down by a monstrous mount)" in n
               for n in state.news)


def test_monstrous_mounts_charge_no_knock_down_against_an_enemy_monstrous_mount():
    state = battle([("E1", WARG_RIDER, 10, 10), ("G1", RIDER, 16, 10), ("G2", ROHAN, 40, 40)],
                   first="evil")
    state.apply("charge E1 G1")
    warg = state.models["E1"]
    assert cavalry_bonus(state, warg)
    # the horseman on a monstrous mount of his own: the bonus is lost
    profile(state, RIDER, mount="Warg")
    warg = state.models["E1"]
    assert not cavalry_bonus(state, warg)
    # and a horse's charge never knocks down cavalry
    assert not cavalry_bonus(state, replace(warg, profile=replace(warg.profile,
                                                                  mount="Horse")))


# ---------------------------------------------------------------- passengers struck

def carried_fight(dice):
    """A Rider of Rohan carrying Frodo, charged by an Uruk-hai; the fight fought."""
    state = battle([("G1", RIDER, 10, 10), ("G2", FRODO, 10, BESIDE),
                    ("E1", "Mordor Uruk-hai with sword", 16, 10), ("E2", ORC, 40, 40)],
                   dice=dice)
    mark(state, "G2", might=0)
    state.apply("mount G2 G1")                       # a 3: up, the rider stops
    state.apply("done")
    state.apply("charge E1 G1")
    for _ in range(3):
        state.apply("done")
    fight(state, "G1")
    return state


def test_passengers_struck_the_winner_may_strike_the_passenger_of_a_beaten_cavalry_model():
    state = carried_fight(["3", "1", "6", "4", "1", "2"])
    # Good lost 1-6: the Uruk-hai may strike the rider, the horse or Frodo behind him
    assert state.question == {"kind": "strike", "side": "evil"}
    assert [str(a) for a in state.legal_actions()] == ["strike G1", "strike G1.mount",
                                                       "strike G2"]
    state.apply("strike G2")
    # Strength 4 against Frodo's Defence 3 needs a 4: wounded; his Fate is asked
    assert rolls(state)[-1] == ("wound G2", "4")
    assert state.question == {"kind": "fate", "side": "good", "target": "G2"}
    state.apply("pass")
    rider = state.models["G1"]
    assert rider.passenger.id == "G2" and rider.passenger.wounds == 1 and rider.mounted


def test_passengers_struck_fate_may_save_the_passenger():
    state = carried_fight(["3", "1", "6", "4", "5", "1", "2"])
    state.apply("strike G2")
    state.apply("fate G2")
    assert ("fate G2", "5") in rolls(state)
    frodo = state.models["G1"].passenger
    assert frodo.wounds == 2 and frodo.fate == 2


def test_passengers_struck_illegal_strikes_leave_the_state_unchanged():
    state = carried_fight(["3", "1", "6"])
    for text in ("strike G3", "strike E2", "strike G2 G2", "strike G2.mount"):
        assert "Multiple Combats" in str(refused(state, text)), text
