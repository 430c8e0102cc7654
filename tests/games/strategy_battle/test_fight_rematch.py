"""Rematching the fights at the start of the Fight phase when a model removed since the end of
the Move phase has changed who touches whom (manual sections cited: 'Fights'; 'Heroic
Combat' for the rematch "as normal")."""

from tests.support import refused

from tests.support.positions.sbg import ORC, ORC_BOW, ROHAN, battle, rolls

R = 12.5 / 25.4
D = 2 * R                       # centre distance of two touching 25mm bases


def shoot_dead(state, shooter, target):
    """Evil shoots a Man in a fight: 6 to hit, 6 the 'target in combat' roll strikes him, 6
    wounds ('Targets in Combat'); then both sides are done shooting."""
    state.apply(f"shoot {shooter} {target}")
    assert [d for d, _ in rolls(state)][-3:] == [f"to hit {shooter}",
                                                 f"target in combat {target}",
                                                 f"wound {target}"]
    assert target not in state.models
    state.apply("done")
    state.apply("done")


def test_fights_a_model_left_out_by_a_shot_joins_the_fight_of_the_enemy_it_touches():
    # a chain E1-G1-E2-G2 pairs off (G1 vs E1), (G2 vs E2). An Orc shoots G2 dead (Evil may
    # shoot into a fight; Good may not): E2 still touches G1 and "all touching models must be
    # included", so it joins G1's fight ("any other combatants join into a multiple combat
    # against an enemy they are touching")
    state = battle([("G1", ROHAN, 20, 20), ("E1", ORC, 20 - D, 20), ("E2", ORC, 20 + D, 20),
                    ("G2", ROHAN, 20 + 2 * D, 20), ("E3", ORC_BOW, 20 + 2 * D, 30)],
                   first="evil", dice=["6", "6", "6"] + ["3"] * 20, fight_choices=True)
    state.apply("done")
    state.apply("done")
    assert state.fights == [("G1", ("E1",)), ("G2", ("E2",))] and state.phase == "shoot"
    shoot_dead(state, "E3", "G2")
    assert state.phase == "fight" and state.question is None
    assert state.fights == [("G1", ("E1", "E2"))]
    assert "E2" in state.fought_this_phase


def test_fights_a_lone_model_slain_its_foes_touching_another_enemy_are_rematched():
    # G1 alone against E1+E2 (the priority side's choice), G2 against E3; E1 touches G2 too.
    # G1 is shot dead: E1, touching G2, must be in a fight, and joins G2's; E2 touches nobody
    state = battle([("G1", ROHAN, 20, 20), ("E2", ORC, 20 - D, 20), ("E1", ORC, 20 + D, 20),
                    ("G2", ROHAN, 20 + 2 * D, 20), ("E3", ORC, 20 + 3 * D, 20),
                    ("E4", ORC_BOW, 20, 30)],
                   first="evil", dice=["6", "6", "6"] + ["3"] * 20, fight_choices=True)
    state.apply("done")
    state.apply("done")
    assert state.question["kind"] == "pair"
    state.apply("pair G1 E1+E2")
    assert state.fights == [("G1", ("E1", "E2")), ("G2", ("E3",))]
    shoot_dead(state, "E4", "G1")
    assert state.phase == "fight" and state.question is None
    assert state.fights == [("G2", ("E1", "E3"))]


def test_fights_with_nothing_changed_the_matching_stands_and_nobody_is_asked_again():
    # the square of two Men and two Orcs, matched by the priority side; E3 alone against
    # G3+G4 loses G4 to a shot and is still a fight, of one against one: nothing is
    # rematched, no question is asked, the priority side's matching stands
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + D, 10), ("G2", ROHAN, 10 + D, 10 + D),
                    ("E2", ORC, 10, 10 + D),
                    ("E3", ORC, 30, 30), ("G3", ROHAN, 30 - D, 30), ("G4", ROHAN, 30 + D, 30),
                    ("E4", ORC_BOW, 30 + D, 40)],
                   first="evil", dice=["6", "6", "6"] + ["3"] * 20, fight_choices=True)
    state.apply("done")
    state.apply("done")
    state.apply("pair E1 G2")
    assert state.fights == [("E3", ("G3", "G4")), ("G1", ("E2",)), ("G2", ("E1",))]
    shoot_dead(state, "E4", "G4")
    assert state.phase == "fight" and state.question is None
    assert state.fights == [("E3", ("G3",)), ("G1", ("E2",)), ("G2", ("E1",))]
    assert not any("rematched" in line for line in state.news)


def _three_fights():
    # E1-G1-E2-G3-E3 in a row, G2 touching E2 alone: (G1 vs E1), (G2 vs E2), (G3 vs E3)
    return battle([("E1", ORC, 20 - 2 * D, 20), ("G1", ROHAN, 20 - D, 20), ("E2", ORC, 20, 20),
                   ("G3", ROHAN, 20 + D, 20), ("E3", ORC, 20 + 2 * D, 20),
                   ("G2", ROHAN, 20, 20 + D), ("E4", ORC_BOW, 20, 30)],
                  first="good", dice=["6", "6", "6"] + ["3"] * 20, fight_choices=True)


def test_fights_a_rematch_that_can_be_made_several_ways_is_the_priority_players_choice():
    # G2 is shot dead: E2 touches G1 and G3 and could join either fight ('Fights': "the
    # player with priority that turn decides which one he joins")
    state = _three_fights()
    state.apply("done")
    state.apply("done")
    assert state.fights == [("G1", ("E1",)), ("G2", ("E2",)), ("G3", ("E3",))]
    state.apply("done")                     # Good, with priority, does not shoot
    state.apply("shoot E4 G2")
    assert "G2" not in state.models
    state.apply("done")
    assert state.phase == "fight"
    assert state.question == {"kind": "pair", "side": "good", "then": "fight phase"}
    assert state.to_move() == 0 and state.fights == []
    assert [str(a) for a in state.legal_actions()] == ["pair G1 E1", "pair G1 E1+E2"]
    state.apply("pair G1 E1")
    # the rest follows, the only way left: E2 joins G3's fight
    assert state.question is None
    assert state.fights == [("G1", ("E1",)), ("G3", ("E2", "E3"))]
    assert state.fought_this_phase == {"G1", "G3", "E1", "E2", "E3"}


def test_fights_an_illegal_rematch_leaves_the_state_unchanged():
    state = _three_fights()
    state.apply("done")
    state.apply("done")
    state.apply("done")
    state.apply("shoot E4 G2")
    state.apply("done")
    # E2 alone against G1 would leave E1 out of every fight
    assert "Fights" in str(refused(state, "pair G1 E2"))
    # the slain G2 is matched into no fight
    assert "not a model waiting" in str(refused(state, "pair G2 E2"))
    state.apply("pair G3 E2+E3")
    assert state.fights == [("G1", ("E1",)), ("G3", ("E2", "E3"))]
