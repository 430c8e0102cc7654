"""The Shoot phase (manual sections cited)."""

import pytest

from palantir.engine.errors import IllegalAction
from palantir.games.strategy_battle.profiles import default_data
from palantir.games.strategy_battle.wounds import wound_roll

from tests.support.positions.sbg import (ORC, ORC_BOW, ROHAN, ROHAN_BOW, battle, mark, profile,
                                        rolls)

R = 12.5 / 25.4
GOBLIN = "Moria Goblin Warrior"
MINAS_TIRITH = "Warrior of Minas Tirith"


def to_shoot(state):
    state.apply("done")
    state.apply("done")
    assert state.phase == "shoot"
    return state


def test_wound_chart_as_printed_including_6_4_6_5_6_6_and_dash():
    _, _, charts = default_data()
    assert charts.to_wound(1, 1) == "4" and charts.to_wound(3, 5) == "5"
    assert charts.to_wound(1, 6) == "6/4" and charts.to_wound(1, 7) == "6/5"
    assert charts.to_wound(1, 8) == "6/6" and charts.to_wound(1, 9) == "-"
    assert charts.to_wound(2, 10) == "-" and charts.to_wound(10, 10) == "4"
    assert charts.to_wound(12, 3) == "3"           # the last row is 10+


def test_wound_chart_example_moria_goblin_shooting_an_elf_needs_a_6():
    # "The Goblin's bow has a Strength of 2, the Elf has a Defence of 5 ... requires a 6"
    _, _, charts = default_data()
    assert charts.missiles["orc bow"].strength == 2
    assert charts.to_wound(2, 5) == "6"
    # played out against a Defence 5 warrior: hit on 5 (5+), a 5 to wound fails, then a 6 kills
    state = to_shoot(battle([("G1", MINAS_TIRITH, 10, 10), ("G2", MINAS_TIRITH, 10, 14),
                             ("E1", GOBLIN, 20, 12)], first="evil",
                            dice=["5", "5", "5", "6"]))
    assert state.models["G1"].profile.defence == 5
    state.apply("shoot E1 G1")
    assert "G1" in state.models
    mark(state, "E1", shot=False)        # a second shot, as if from another Goblin
    state.apply("shoot E1 G1")
    assert "G1" not in state.models
    assert rolls(state) == [("to hit E1", "5"), ("wound G1", "5"), ("to hit E1", "5"),
                            ("wound G1", "6")]


def test_wound_chart_6_4_needs_a_6_then_a_4():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 30, 30)], dice=["6", "4", "6", "3", "5"])
    profile(state, ORC, defence=6)
    tough = state.models["E1"]
    assert wound_roll(state, 1, tough, "test") is True          # 6 then 4
    assert wound_roll(state, 1, tough, "test") is False         # 6 then 3
    assert wound_roll(state, 1, tough, "test") is False         # 5: no second die
    assert state.dice.remaining() == 0


def test_wound_chart_dash_cannot_be_hurt_and_rolls_nothing():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 30, 30)], dice=[])
    profile(state, ORC, defence=9)
    tough = state.models["E1"]
    assert wound_roll(state, 1, tough, "test") is False and state.dice.log == []


def test_missile_chart_range_of_a_bow_is_24_inches():
    near = to_shoot(battle([("G1", ROHAN_BOW, 10, 10), ("E1", ORC, 10 + 2 * R + 24, 10)],
                           dice=["1"]))
    near.apply("shoot G1 E1")                       # exactly 24" base to base: in range
    far = to_shoot(battle([("G1", ROHAN_BOW, 10, 10), ("E1", ORC, 10 + 2 * R + 24.1, 10)]))
    with pytest.raises(IllegalAction, match="Missile Chart"):
        far.apply("shoot G1 E1")


def test_moving_and_shooting_a_bow_gives_up_half_the_move():
    state = battle([("G1", ROHAN_BOW, 10, 10), ("G2", ROHAN_BOW, 10, 20), ("E1", ORC, 30, 15)],
                   dice=["1", "1"])
    state.apply("move G1 13,10")                  # exactly half of 6"
    state.apply("move G2 13.1,20")
    to_shoot(state)
    state.apply("shoot G1 E1")
    with pytest.raises(IllegalAction, match="Moving & Shooting"):
        state.apply("shoot G2 E1")


def test_moving_and_shooting_difficult_terrain_halves_then_half_again():
    # "a model with a 12cm move travelling over a bog ... reduced to 6cm ... further reduced to 3cm"
    bog = {"name": "bog", "going": "difficult", "outline": [[0, 0], [60, 0], [60, 112], [0, 112]]}
    state = battle([("G1", ROHAN_BOW, 10, 10), ("G2", ROHAN_BOW, 10, 30), ("E1", ORC, 70, 20)],
                   areas=[bog], units="cm", width=112, depth=112, dice=["1"])
    profile(state, ROHAN_BOW, race="Dwarf")   # 12cm, both of them
    state.apply("move G1 13,10")
    state.apply("move G2 13.5,30")
    to_shoot(state)
    state.apply("shoot G1 E1")
    with pytest.raises(IllegalAction, match="Moving & Shooting"):
        state.apply("shoot G2 E1")


def test_moving_and_shooting_crossbow_all_and_throwing_weapon_none():
    # (Warriors of Rohan: one profile each, so that each carries its own missile)
    state = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN_BOW, 10, 20), ("E1", ORC, 15, 15),
                    ("E2", ORC, 18, 15)], dice=["1"])
    for name, weapon in ((ROHAN, "uruk-hai crossbow"), (ROHAN_BOW, "throwing weapon")):
        profile(state, name, shoot=4, wargear=["hand weapon", weapon])
    state.apply("move G1 10.5,10")
    state.apply("move G2 14,19.5 14.5,19.2")
    to_shoot(state)
    with pytest.raises(IllegalAction, match="Moving & Shooting"):
        state.apply("shoot G1 E1")
    state.apply("shoot G2 E1")


def test_shooters_in_combat_cannot_shoot():
    state = to_shoot(battle([("G1", ROHAN_BOW, 10, 10), ("E1", ORC, 10 + 2 * R, 10),
                             ("E2", ORC, 20, 20)]))
    with pytest.raises(IllegalAction, match="Shooters in Combat"):
        state.apply("shoot G1 E2")


def test_targets_in_combat_good_may_not_shoot_into_a_fight():
    state = to_shoot(battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + 2 * R, 10),
                             ("G2", ROHAN_BOW, 11, 20)]))
    with pytest.raises(IllegalAction, match="Targets in Combat"):
        state.apply("shoot G2 E1")


def test_targets_in_combat_evil_may_and_one_roll_decides_who_is_struck():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + 2 * R, 10), ("E2", ORC_BOW, 11, 20)],
                   first="evil", dice=["6", "2", "6"])
    to_shoot(state)
    state.apply("shoot E2 G1")
    # hit (6), the 'target in combat' roll 2 strikes the Orc it fights, who is slain by a 6
    assert [d for d, _ in rolls(state)] == ["to hit E2", "target in combat G1", "wound E1"]
    assert "E1" not in state.models and "G1" in state.models


def test_in_the_way_example_the_man_shoots_the_orc_past_a_tree_and_a_wall():
    # "The Man rolls to see if the tree is hit, scoring a 5 ... next rolls for the wall and
    # scores a 4 ... The arrow reaches the Orc and hits him."
    tree = {"name": "tree", "sight_mm": 80, "outline": [[14, 10.1], [15, 10.1], [15, 11], [14, 11]]}
    wall = {"name": "wall", "line": [[20, 0], [20, 48]], "height_mm": 14, "width_mm": 10}
    orc_x = 20 + R + 5 / 25.4 + 0.01
    state = to_shoot(battle([("G1", ROHAN_BOW, 8, 10), ("E1", ORC, orc_x, 10)], areas=[tree],
                            barriers=[wall], dice=["4", "5", "4", "6"]))
    state.apply("shoot G1 E1")
    assert rolls(state) == [("to hit G1", "4"), ("in the way tree", "5"),
                            ("in the way wall", "4"), ("wound E1", "6")]
    assert "E1" not in state.models
    # and when the tree is hit, the arrow stops: no more rolls
    again = to_shoot(battle([("G1", ROHAN_BOW, 8, 10), ("E1", ORC, orc_x, 10)], areas=[tree],
                            barriers=[wall], dice=["4", "3"]))
    again.apply("shoot G1 E1")
    assert rolls(again) == [("to hit G1", "4"), ("in the way tree", "3")]
    assert "E1" in again.models


def test_in_the_way_a_model_in_the_way_is_struck_instead():
    state = to_shoot(battle([("G1", ROHAN_BOW, 10, 10), ("E1", ORC, 20, 10),
                             ("E2", ORC, 15, 10 + 0.6 * R)], dice=["5", "1", "6"]))
    state.apply("shoot G1 E1")
    assert rolls(state) == [("to hit G1", "5"), ("in the way E2", "1"), ("wound E2", "6")]
    assert "E2" not in state.models and "E1" in state.models


def test_a_miss_flies_wide_and_rolls_nothing_more():
    state = to_shoot(battle([("G1", ROHAN_BOW, 10, 10), ("E1", ORC, 20, 10)], dice=["3"]))
    state.apply("shoot G1 E1")
    assert rolls(state) == [("to hit G1", "3")] and state.models["G1"].shot
    with pytest.raises(IllegalAction, match="already shot"):
        state.apply("shoot G1 E1")


def test_shooting_from_cover_the_shooters_own_wall_is_not_in_the_way():
    wall = {"name": "wall", "line": [[12, 0], [12, 48]], "height_mm": 14, "width_mm": 10}
    x = 12 - 5 / 25.4 - R                     # base touching the wall
    state = to_shoot(battle([("G1", ROHAN_BOW, x, 10), ("E1", ORC, 20, 10)], barriers=[wall],
                            dice=["4", "6"]))
    state.apply("shoot G1 E1")
    assert [d for d, _ in rolls(state)] == ["to hit G1", "wound E1"]


def test_shooting_from_behind_friends_touching_friend_not_in_the_way():
    friend_y = 10 + 0.9 * R
    import math
    angle = math.radians(10)
    touching = to_shoot(battle([("G1", ROHAN_BOW, 10, 10),
                                ("G2", ROHAN, 10 + 2 * R * math.cos(angle), 10 + 2 * R * math.sin(angle)),
                                ("E1", ORC, 20, 10)], dice=["4", "6"]))
    assert not touching.sees(touching.models["G1"], touching.models["E1"]).visible
    touching.apply("shoot G1 E1")
    assert [d for d, _ in rolls(touching)] == ["to hit G1", "wound E1"]
    apart = to_shoot(battle([("G1", ROHAN_BOW, 10, 10), ("G2", ROHAN, 15, friend_y),
                             ("E1", ORC, 20, 10)], dice=["4", "4", "6"]))
    apart.apply("shoot G1 E1")
    assert [d for d, _ in rolls(apart)] == ["to hit G1", "in the way G2", "wound E1"]


def test_shoot_needs_sight_of_the_target():
    rock = {"name": "rock", "going": "impassable", "sight_mm": 60,
            "outline": [[14, 8], [16, 8], [16, 12], [14, 12]]}
    state = to_shoot(battle([("G1", ROHAN_BOW, 10, 10), ("E1", ORC, 20, 10)], areas=[rock]))
    with pytest.raises(IllegalAction, match="cannot see"):
        state.apply("shoot G1 E1")


def test_multiple_wounds_a_hero_loses_one_wound_and_fights_on():
    state = to_shoot(battle([("G1", "Aragorn (Strider)", 20, 10), ("E1", ORC_BOW, 10, 10)],
                            dice=["6", "6"]))
    state.apply("done")
    state.apply("shoot E1 G1")
    assert state.question == {"kind": "fate", "side": "good", "target": "G1"}
    state.apply("pass")                        # Aragorn keeps his Fate and takes the wound
    assert state.models["G1"].wounds == 2


def test_shoot_phase_priority_side_shoots_first_then_the_other():
    state = to_shoot(battle([("G1", ROHAN_BOW, 10, 10), ("E1", ORC_BOW, 20, 10)], dice=["1"]))
    with pytest.raises(IllegalAction, match="good is shooting"):
        state.apply("shoot E1 G1")
    state.apply("done")
    state.apply("shoot E1 G1")


def test_shoot_candidates_are_the_legal_shots():
    state = to_shoot(battle([("G1", ROHAN_BOW, 10, 10), ("G2", ROHAN, 10, 14),
                             ("E1", ORC, 20, 10), ("E2", ORC, 16, 30), ("E3", ORC, 10, 45)]))
    listed = [str(a) for a in state.legal_actions()]
    assert listed == ["shoot G1 E1", "shoot G1 E2", "done"]


LEGOLAS = "Legolas"


def test_might_when_shooting_a_hero_raises_his_roll_to_hit_and_to_wound():
    # 'Can I Use Might?': "When shooting - to hit a target"; "to inflict a wound on an enemy
    # the model has hit" - decided after the die is seen
    state = to_shoot(battle([("G1", LEGOLAS, 10, 10), ("E1", ORC, 20, 10)],
                            dice=["1", "4"]))
    state.apply("shoot G1 E1")
    assert state.question == {"kind": "roll", "side": "good", "model": "G1", "for": "to hit",
                              "score": 1, "might": [2], "reroll": False, "room": 5}
    assert [str(a) for a in state.legal_actions()] == ["might G1 2", "pass"]
    state.apply("might G1 2")
    # the Elf bow's S3 against the Orc's D4 needs a 5: the 4 is one short, and one point is left
    assert state.question["for"] == "wound" and state.question["might"] == [1]
    state.apply("might G1 1")
    assert "E1" not in state.models and state.models["G1"].might == 0


def test_might_when_shooting_not_asked_when_it_cannot_help():
    state = to_shoot(battle([("G1", LEGOLAS, 10, 10), ("E1", ORC, 20, 10), ("E2", ORC, 30, 30)],
                            dice=["4", "4"]))
    mark(state, "G1", might=1)
    state.apply("shoot G1 E1")
    # hit on the 4 (3+); the wound roll of 4 needs 5: one point makes it, so he is asked
    assert state.question["for"] == "wound"
    state.apply("pass")
    assert "E1" in state.models and state.models["G1"].might == 1
    assert rolls(state) == [("to hit G1", "4"), ("wound E1", "4")]


def test_multiple_shots_a_hero_works_out_all_his_shots_before_another_model_shoots():
    state = to_shoot(battle([("G1", LEGOLAS, 10, 10), ("G2", ROHAN_BOW, 10, 14),
                             ("E1", ORC, 20, 10), ("E2", ORC, 20, 16), ("E3", ORC, 28, 14)],
                            dice=["3", "5", "4", "6", "2"]))
    assert state.models["G1"].profile.shots == 3
    state.apply("shoot G1 E1")                  # 3 hits, 5 wounds: E1 is slain
    assert "E1" not in state.models and not state.models["G1"].shot
    with pytest.raises(IllegalAction, match="Multiple Shots"):
        state.apply("shoot G2 E2")
    assert {str(a) for a in state.legal_actions()} == {"shoot G1 E2", "shoot G1 E3", "done"}
    state.apply("shoot G1 E2")                  # a new target with each shot, as he pleases
    assert "E2" not in state.models
    state.apply("shoot G1 E3")                  # the third shot: a 2 misses
    state.apply("pass")                         # no Might spent on it
    assert state.models["G1"].shot and state.models["G1"].shots_fired == 3
    with pytest.raises(IllegalAction, match="already shot"):
        state.apply("shoot G1 E3")
    assert "shoot G2 E3" in [str(a) for a in state.legal_actions()]


def test_multiple_shots_only_for_a_profile_with_a_missile_weapon():
    from palantir.games.strategy_battle.profiles import DataError, parse_profiles
    doc = {"profile": {"X": {"source": "H", "side": "good", "race": "Man", "fight": 3,
                             "shoot": "4+", "strength": 3, "defence": 3, "attacks": 1,
                             "wounds": 1, "courage": 3, "shots": 2}}}
    with pytest.raises(DataError, match="X.shots: 2 shots but no missile weapon"):
        parse_profiles(doc)


def test_in_the_way_a_fight_partly_in_the_way_counts_as_one_obstacle():
    # 'In the Way!': "the fight will be treated as an obstacle 'in the way' of the shot"
    fight = [("G2", ROHAN, 14, 10 + 0.5 * R), ("E2", ORC, 14 + 2 * R, 10 + 0.5 * R)]
    state = battle([("E3", ORC_BOW, 10, 10), ("G1", ROHAN, 20, 10), *fight,
                    ("G3", ROHAN, 40, 40)], first="evil", dice=["6", "4", "6"])
    to_shoot(state)
    state.apply("shoot E3 G1")
    # both fighters hide part of G1, yet one roll is made for their fight
    assert rolls(state) == [("to hit E3", "6"), ("in the way fight G2", "4"), ("wound G1", "6")]
    assert "G1" not in state.models


def test_in_the_way_a_fight_struck_is_resolved_as_a_shot_at_a_target_in_combat():
    # "if a 1-3 is rolled, the arrow is stopped by the fight and the hit must be resolved in
    # the same way as a shot directed against targets in combat"
    fight = [("G2", ROHAN, 14, 10 + 0.5 * R), ("E2", ORC, 14, 10 + 0.5 * R + 2 * R)]
    state = battle([("E3", ORC_BOW, 10, 10), ("G1", ROHAN, 20, 10), *fight,
                    ("G3", ROHAN, 40, 40)], first="evil", dice=["6", "2", "5", "6"])
    to_shoot(state)
    state.apply("shoot E3 G1")
    assert rolls(state) == [("to hit E3", "6"), ("in the way fight G2", "2"),
                            ("target in combat G2", "5"), ("wound G2", "6")]
    assert "G2" not in state.models and "G1" in state.models


def test_in_the_way_good_warriors_may_not_shoot_past_a_fight():
    fight = [("G2", ROHAN, 14, 10 + 0.5 * R), ("E2", ORC, 14, 10 + 0.5 * R + 2 * R)]
    state = to_shoot(battle([("G1", ROHAN_BOW, 10, 10), ("E1", ORC, 20, 10), *fight]))
    with pytest.raises(IllegalAction, match="Targets in Combat"):
        state.apply("shoot G1 E1")
    assert "shoot G1 E1" not in [str(a) for a in state.legal_actions()]
