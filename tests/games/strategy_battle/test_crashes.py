"""Rulings for positions seeded games between agents once crashed the referee on (manual
sections cited)."""

from tests.support.positions.sbg import (DEFENDER_X, MINAS, ORC_BOW, R, ROHAN, URUK, WALL,
                                        battle, profile, rolls)

D = 2 * R
LURTZ = "Lurtz"


def test_targets_in_combat_a_charger_fighting_across_a_barrier_has_the_defender_as_his_foe():
    # 'Defending': the charger at the wall and its defender "are assumed to be touching"; an
    # Orc shooting the charger ('Targets in Combat') rolls 1-3 and strikes the defender, his
    # only foe, though no base touches the charger's
    state = battle([("G1", MINAS, 15, 10), ("E1", URUK, DEFENDER_X, 10), ("E2", ORC_BOW, 10, 20)],
                   barriers=[WALL], dice=["6", "2", "6"])
    profile(state, MINAS, wargear=["hand weapon"])
    state.apply("charge G1 E1")
    assert state.across == [["G1", "E1", "wall"]]
    for _ in range(3):
        state.apply("done")
    assert state.phase == "shoot" and state.acting == "evil"
    state.apply("shoot E2 G1")
    assert [d for d, _ in rolls(state)] == ["to hit E2", "target in combat G1", "wound E1"]
    assert "E1" not in state.models and "G1" in state.models


def test_targets_in_combat_4_to_6_strikes_the_charger_across_the_barrier():
    # 'Targets in Combat' across a barrier ('Defending'): 4-6 the shot strikes its target
    state = battle([("G1", MINAS, 15, 10), ("E1", URUK, DEFENDER_X, 10), ("E2", ORC_BOW, 10, 20)],
                   barriers=[WALL], dice=["6", "5", "6"])
    profile(state, MINAS, wargear=["hand weapon"])
    state.apply("charge G1 E1")
    for _ in range(3):
        state.apply("done")
    state.apply("shoot E2 G1")
    assert [d for d, _ in rolls(state)] == ["to hit E2", "target in combat G1", "wound G1"]
    assert "G1" not in state.models and state.across == []


def test_heroic_combat_the_heros_fight_without_a_foe_shot_since_the_fights_were_matched():
    # 'Fights' are matched at the end of the Move phase; an Orc then shoots G2 dead ('Targets
    # in Combat': 6 strikes him). Lurtz's heroic combat ('Heroic Combat') is fought against
    # G1 alone, the one foe left of his fight
    state = battle([("E1", LURTZ, 10, 10), ("G1", ROHAN, 10 - D, 10), ("G2", ROHAN, 10 + D, 10),
                    ("E2", ORC_BOW, 10 + D, 20), ("G3", ROHAN, 40, 40)],
                   first="evil", dice=["6", "6", "6"] + ["6", "1", "1", "1"] + ["3"] * 20,
                   heroic_actions=True)
    state.apply("done")
    state.apply("done")
    assert state.fights == [("E1", ("G1", "G2"))]
    state.apply("shoot E2 G2")
    assert "G2" not in state.models
    state.apply("done")
    state.apply("done")
    assert state.question == {"kind": "heroic", "side": "evil"}
    state.apply("heroic E1")
    assert state.combat["members"] == ["E1", "G1"] and state.heroic["foes"] == ["G1"]
    while state.question is not None and state.question["kind"] == "shield":
        state.apply("shield off")
    duel = [d for d, _ in rolls(state)][3:]
    assert "duel E1" in duel and "duel G1" in duel and "duel G2" not in duel
    assert state.fights == []


def test_heroic_combat_a_hero_whose_every_foe_was_shot_has_no_fight_to_declare():
    # 'Heroic Combat' is for a Hero in a fight: Lurtz's only foe shot dead after the fights
    # were matched, he has none, and no heroic combat is asked for
    state = battle([("E1", LURTZ, 10, 10), ("G1", ROHAN, 10 + D, 10),
                    ("E2", ORC_BOW, 10 + D, 20), ("G3", ROHAN, 40, 40)],
                   first="evil", dice=["6", "6", "6"] + ["3"] * 20, heroic_actions=True)
    state.apply("done")
    state.apply("done")
    state.apply("shoot E2 G1")
    assert "G1" not in state.models
    state.apply("done")
    state.apply("done")
    # the Fight phase passed with no fight; the next turn's Move phase asks for heroic moves
    assert state.phase == "move" and state.heroic["phase"] == "move" and state.fights == []
