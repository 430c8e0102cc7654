"""'Bows — Volley Fire' (shared/rules/strategy-battle-game.txt): groups of six or more bowmen in
base contact, doubled range from 18"/42cm, sight through a friend, hits only on 6s, the
alternating allotment of extra hits, cover, woods and roofs, large models hit per Wound."""

import pytest

from palantir.engine.errors import IllegalAction
from palantir.engine.match import play_match
from palantir.engine.record import GameRecord, replay
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle.notation import Volley

from tests.support.positions.sbg import (ORC, ORC_BOW, ROHAN, ROHAN_BOW, battle, mark, profile,
                                        rolls)

R = 12.5 / 25.4
D = 2 * R
ELF = "Wood Elf Warrior"
GROUP = "G1+G2+G3+G4+G5+G6"
# a column of six Wood Elves in base contact, from y = 5 to 5 + 5D, at x = 10
ELVES = [(f"G{i + 1}", ELF, 10, 5 + i * D) for i in range(6)]
NEAREST = 5 + 5 * D          # the front elf's y


def at_range(gap):
    """The y of a model whose base is `gap` inches from the front elf's."""
    return NEAREST + D + gap


def shoot_phase(models, dice, first="good", **kw):
    state = battle(models, dice=dice, first=first, width=40, depth=72, **kw)
    state.apply("done")
    state.apply("done")
    assert state.phase == "shoot"
    return state


def volley_dice(state):
    return [(d, f) for d, f in rolls(state) if d.startswith("volley ")]


def test_volley_fire_worked_example_an_elf_bow_hits_targets_between_18_and_48_inches():
    # 'Volley Fire': "for example, an Elf bow could hit targets between 18"/42cm and
    # 48"/112cm"; "models that are closer than 18"/42cm cannot be targeted"
    near = shoot_phase(ELVES + [("E1", ORC, 10, at_range(17.9))], [])
    with pytest.raises(IllegalAction, match="too close for indirect fire.*Volley Fire"):
        near.apply(f"volley {GROUP} E1")
    ok = shoot_phase(ELVES + [("E1", ORC, 10, at_range(18.05))], ["1"] * 6)
    ok.apply(f"volley {GROUP} E1")
    assert len(volley_dice(ok)) == 6
    # 48.5" from the rear elf and 47.5" from the next: the rear elf alone does not roll
    far_y = 5 + D + 48.5
    far = shoot_phase(ELVES + [("E1", ORC, 10, far_y)], ["1"] * 5)
    far.apply(f"volley {GROUP} E1")
    assert [d for d, _ in volley_dice(far)] == [f"volley G{i}" for i in range(2, 7)]
    beyond = shoot_phase(ELVES + [("E1", ORC, 10, 5 + 5 * D + D + 48.2)], [])
    with pytest.raises(IllegalAction, match="beyond the volley's range of 48in"):
        beyond.apply(f"volley {GROUP} E1")


def test_volley_fire_hits_only_on_a_6_whatever_the_shoot_value():
    # "They score a hit only on the roll of a 6, regardless of their Shoot value"; the Elves
    # hit on 3+ otherwise
    state = shoot_phase(ELVES + [("E1", ORC, 10, at_range(30)), ("E2", ORC, 13, at_range(30))],
                        ["5", "5", "5", "5", "5", "6", "5"])
    state.apply(f"volley {GROUP} E1")
    # one hit, on the target (none left for E2 beside it): an Elf bow's Strength 3 against
    # Defence 4 needs a 5
    assert rolls(state)[6:] == [("wound E1", "5")] and "E1" not in state.models
    assert all(state.models[f"G{i}"].shot for i in range(1, 7))


def test_volley_fire_needs_six_in_base_contact_of_one_bow_moved_no_more_than_half():
    # "Any group of six or more bow-armed models ... each warrior must be in base contact with
    # at least one other of the group ... the same kind of bow ... moved no more than half"
    target = ("E1", ORC, 10, at_range(25))
    five = shoot_phase(ELVES + [target], [])
    with pytest.raises(IllegalAction, match="six or more"):
        five.apply("volley G1+G2+G3+G4+G5 E1")
    apart = [*ELVES[:5], ("G6", ELF, 10 + D + 0.5, 5)]
    state = shoot_phase(apart + [target], [])
    with pytest.raises(IllegalAction, match="base contact"):
        state.apply(f"volley {GROUP} E1")
    mixed = [*ELVES[:5], ("G6", ROHAN_BOW, 10 + D, 5)]
    state = shoot_phase(mixed + [target], [])
    with pytest.raises(IllegalAction, match="same kind of bow"):
        state.apply(f"volley {GROUP} E1")
    state = shoot_phase(ELVES + [target], [])
    mark(state, "G3", move_used=3.1)           # a Wood Elf moves 6": half is 3
    with pytest.raises(IllegalAction, match="Moving & Shooting"):
        state.apply(f"volley {GROUP} E1")


def test_volley_fire_needs_no_sight_of_the_target_if_a_friend_sees_it():
    # "does not need to be able to see the target, as long as there is at least one friendly
    # model on the battlefield that is able to see their target"
    rock = {"name": "rock", "going": "impassable", "sight_mm": 80,
            "outline": [[5, 20], [15, 20], [15, 24], [5, 24]]}
    target = ("E1", ORC, 10, at_range(25))
    blind = shoot_phase(ELVES + [target], [], areas=[rock])
    with pytest.raises(IllegalAction, match="no good model on the battlefield can see E1"):
        blind.apply(f"volley {GROUP} E1")
    spotted = shoot_phase(ELVES + [target, ("G7", ROHAN, 30, at_range(25))], ["1"] * 6,
                          areas=[rock])
    spotted.apply(f"volley {GROUP} E1")
    assert len(volley_dice(spotted)) == 6


def test_volley_fire_good_may_not_shoot_with_friends_near_the_target_evil_may():
    # "If friendly models are within 6"/14cm of the target, Good models cannot shoot and must
    # choose another target. Evil models can shoot as normal."
    y = at_range(25)
    good = shoot_phase(ELVES + [("E1", ORC, 10, y), ("G7", ROHAN, 15, y)], [])
    with pytest.raises(IllegalAction, match="Good models must choose another target"):
        good.apply(f"volley {GROUP} E1")
    orcs = [(f"E{i + 1}", ORC_BOW, 10, 5 + i * D) for i in range(6)]
    evil = shoot_phase(orcs + [("G1", ROHAN, 10, at_range(25)), ("E7", ORC, 13, at_range(25))],
                       ["6", "6", "1", "1", "1", "1", "1", "1"], first="evil")
    evil.apply("volley E1+E2+E3+E4+E5+E6 G1")
    # the first hit on the target; the second is Good's to allot, and the Orc E7 is the only
    # model within 6"/14cm of it: Evil's own warrior is hit
    assert evil.question is None
    assert rolls(evil)[6:] == [("wound G1", "1"), ("wound E7", "1")]


def test_volley_fire_extra_hits_are_allotted_in_turn_once_each_within_6_inches():
    # "the first hit is always on the target, then the player controlling the target picks a
    # model within 6"/14cm of the target and allocates the second hit to it, then the player
    # controlling the firing group can pick another ... until there are no hits left or all
    # models within 6"/14cm of the target have been hit once"
    y = at_range(25)
    foes = [("E1", ORC, 10, y), ("E2", ORC, 14, y), ("E3", ORC, 6, y), ("E4", ORC, 10 + D + 6.5, y),
            ("E5", ORC, 10, y + 4)]
    state = shoot_phase(ELVES + foes, ["6"] * 6 + ["1"] * 5)
    state.apply(f"volley {GROUP} E1")
    # six hits: E1, then Evil picks among E2, E3, E5 (E4 is 6.5" away); then Good
    assert state.question == {"kind": "volley hit", "side": "evil", "candidates": ["E2", "E3", "E5"]}
    state.apply("allot E5")
    assert state.question == {"kind": "volley hit", "side": "good", "candidates": ["E2", "E3"]}
    with pytest.raises(IllegalAction, match="Volley Fire"):
        state.apply("allot E4")
    state.apply("allot E2")
    # the last one left takes the fourth hit; the last two hits find nobody more
    assert state.question is None
    assert [d for d, _ in rolls(state)[6:]] == ["wound E1", "wound E5", "wound E2", "wound E3"]
    assert any("2 hit(s) of the volley find nobody more" in n for n in state.news)


def test_volley_fire_a_barrier_is_in_the_way_only_between_and_touched_woods_always():
    # "Barriers will count as 'in the way' only if they are between the firing group and the
    # model hit, and the model hit is in base contact with the cover. Models inside a wooded
    # area always benefit from an 'in the way' roll"
    y = at_range(25)
    wall = {"name": "wall", "line": [[0, y - R - 0.2], [40, y - R - 0.2]],
            "height_mm": 20, "width_mm": 10}
    behind = shoot_phase(ELVES + [("E1", ORC, 10, y)], ["6"] + ["1"] * 5 + ["2"],
                         barriers=[wall])
    behind.apply(f"volley {GROUP} E1")
    assert rolls(behind)[6:] == [("in the way wall E1", "2")] and "E1" in behind.models
    back = dict(wall, line=[[0, y + R + 0.2], [40, y + R + 0.2]])      # touching, beyond him
    beyond = shoot_phase(ELVES + [("E1", ORC, 10, y)], ["6"] + ["1"] * 5 + ["5"],
                         barriers=[back])
    beyond.apply(f"volley {GROUP} E1")
    assert rolls(beyond)[6:] == [("wound E1", "5")]
    off = dict(wall, line=[[0, y - R - 1.5], [40, y - R - 1.5]])       # between, not touching
    apart = shoot_phase(ELVES + [("E1", ORC, 10, y)], ["6"] + ["1"] * 5 + ["5"],
                        barriers=[off])
    apart.apply(f"volley {GROUP} E1")
    assert rolls(apart)[6:] == [("wound E1", "5")]
    wood = {"name": "wood", "going": "woods", "outline": [[5, y - 3], [15, y - 3], [15, y + 3],
                                                          [5, y + 3]]}
    woods = shoot_phase(ELVES + [("E1", ORC, 10, y), ("G7", ROHAN, 30, y)],
                        ["6"] + ["1"] * 5 + ["4", "5"], areas=[wood])
    woods.apply(f"volley {GROUP} E1")
    assert rolls(woods)[6:] == [("in the way wood E1", "4"), ("wound E1", "5")]


def test_volley_fire_cannot_hit_models_under_a_roof():
    # "models inside buildings or with some other solid protection overhead cannot be hit at
    # all by indirect fire"
    y = at_range(25)
    house = {"name": "house", "going": "open", "roof": True,
             "outline": [[12, y - 2], [18, y - 2], [18, y + 2], [12, y + 2]]}
    state = shoot_phase(ELVES + [("E1", ORC, 10, y), ("E2", ORC, 15, y), ("E3", ORC, 7, y)],
                        ["6", "6"] + ["1"] * 4 + ["1", "1"], areas=[house])
    with pytest.raises(IllegalAction, match="solid cover overhead"):
        state.apply(f"volley {GROUP} E2")
    state.apply(f"volley {GROUP} E1")
    # E2 inside the house takes no hit: the second goes to E3, the only one left
    assert [d for d, _ in rolls(state)[6:]] == ["wound E1", "wound E3"]


def test_volley_fire_large_models_are_hit_once_per_wound():
    # "models mounted on large bases (with bases of 40mm radius or more) can be hit once per
    # Wound on their profile"; a 40mm (diameter) Cave Troll base is not one
    troll = "Cave Troll"
    y = at_range(25)
    state = shoot_phase(ELVES + [("E1", troll, 10, y)], ["6"] * 6 + ["1"] * 6)
    state.apply(f"volley {GROUP} E1")
    assert [d for d, _ in rolls(state)[6:]] == ["wound E1"]
    big = shoot_phase(ELVES + [("E1", troll, 10, y)], ["6"] * 6 + ["1"] * 6)
    profile(big, troll, base_mm=80)
    big.apply(f"volley {GROUP} E1")
    assert [d for d, _ in rolls(big)[6:]] == ["wound E1"] * 3      # its three Wounds


def test_volley_fire_is_offered_to_a_group_that_may_fire():
    state = shoot_phase(ELVES + [("E1", ORC, 10, at_range(30))], [])
    assert Volley(tuple(GROUP.split("+")), "E1") in state.legal_actions()
    single = shoot_phase(ELVES[:5] + [("E1", ORC, 10, at_range(30))], [])
    assert not any(isinstance(a, Volley) for a in single.legal_actions())


def test_scenarios_banners_a_battle_of_volleys_and_banners_plays_to_the_end_and_replays():
    # issue 14 item 6: a battle with banners and volley fire, played by the general on both
    # sides, who fires volleys and re-rolls under his banners
    game = StrategyBattle()
    final, record = play_match(game, {"scenario": "banners"},
                               [game.heuristic_agent(0, 1), game.heuristic_agent(1, 2)], 1,
                               max_decisions=8000)
    assert final.is_over() and record.result["winners"] in ([0], [1])
    actions = [e["action"] for e in record.events if "action" in e]
    assert any(a.startswith("volley ") for a in actions)
    assert any(a.startswith("reroll ") for a in actions)
    again = replay(GameRecord.loads(record.dumps()))
    assert again.view(0) == final.view(0)
