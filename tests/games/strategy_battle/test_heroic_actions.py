"""Heroic actions: declarations, who picks first, heroic move with "With me!", heroic shooting
with "Fire!", heroic combat, cancelled actions ('Heroic Actions')."""

import pytest

from palantir.engine.errors import IllegalAction

from tests.support.positions.sbg import ORC, ORC_BOW, ROHAN, ROHAN_BOW, battle, rolls

R = 12.5 / 25.4
D = 2 * R
ARAGORN = "Aragorn (Strider)"
LURTZ = "Lurtz"
URUK = "Mordor Uruk-hai with sword"


def test_heroic_actions_declared_at_the_start_of_the_phase_for_a_point_of_might():
    state = battle([("G1", ARAGORN, 10, 10), ("G2", ROHAN, 12, 10), ("E1", ORC, 40, 40)],
                   heroic_actions=True)
    assert state.question == {"kind": "heroic", "side": "good"}
    assert [str(a) for a in state.legal_actions()] == ["heroic G1", "pass"]
    with pytest.raises(IllegalAction, match="cannot make a heroic action"):
        state.apply("heroic G2")
    state.apply("heroic G1")
    aragorn = state.models["G1"]
    assert aragorn.might_left == 3 and aragorn.free_might == 0     # the free point went first
    assert state.heroic["current"] == "G1" and state.heroic["group"] == ["G2"]


def test_heroic_actions_both_sides_a_die_decides_who_picks_first():
    state = battle([("G1", ARAGORN, 10, 10), ("E1", LURTZ, 30, 30), ("E2", ORC, 40, 40)],
                   first="good", dice=["2"], heroic_actions=True)
    state.apply("heroic G1")
    assert state.question == {"kind": "heroic", "side": "evil"}
    state.apply("heroic E1")
    # 1-3: Evil first, though Good has priority
    assert rolls(state) == [("heroic first", "2")]
    assert state.heroic["current"] == "E1" and state.to_move() == 1


def test_heroic_move_with_me_the_hero_first_then_friends_ending_within_6_inches():
    state = battle([("G1", ARAGORN, 10, 10), ("G2", ROHAN, 12, 10), ("G3", ROHAN, 30, 10),
                    ("E1", ORC, 40, 40)], first="evil", heroic_actions=True)
    assert state.question == {"kind": "heroic", "side": "good"}
    state.apply("heroic G1")
    assert state.to_move() == 0                  # Good moves first, though Evil has priority
    with pytest.raises(IllegalAction, match="moves before the friends"):
        state.apply("move G2 to 12,12")
    with pytest.raises(IllegalAction, match="only G1 and the friends"):
        state.apply("move G3 to 30,12")
    state.apply("move G1 to 10,15")
    with pytest.raises(IllegalAction, match="within 6in of G1"):
        state.apply("move G2 12,4")
    state.apply("move G2 to 12,15")
    state.apply("done")                          # the heroic move is over
    assert state.heroic is None and state.acting == "evil"
    state.apply("done")
    state.apply("move G3 to 30,12")              # the rest of Good moves in its turn
    with pytest.raises(IllegalAction, match="already moved"):
        state.apply("move G2 to 12,16")


def test_heroic_move_cancelled_when_an_earlier_heroic_mover_charges_the_hero():
    state = battle([("G1", ARAGORN, 10, 10), ("E1", LURTZ, 14, 10), ("E2", URUK, 30, 30)],
                   dice=["1"], heroic_actions=True)
    state.apply("heroic G1")
    state.apply("heroic E1")
    assert state.heroic["current"] == "E1"
    state.apply("charge E1 G1")
    state.apply("done")
    assert any("G1's heroic move is cancelled" in n for n in state.news)
    assert state.models["G1"].might_left == 3          # the Might is spent all the same


def test_heroic_shooting_fire_the_hero_and_friends_shoot_first():
    state = battle([("G1", ARAGORN, 10, 10), ("G2", ROHAN_BOW, 12, 10), ("E1", ORC_BOW, 20, 10),
                    ("E2", ORC, 22, 14)], first="evil", dice=["1"], heroic_actions=True)
    state.apply("pass")                          # no heroic move
    for _ in range(2):
        state.apply("done")
    assert state.phase == "shoot" and state.question == {"kind": "heroic", "side": "good"}
    state.apply("heroic G1")
    assert state.to_move() == 0                  # Good shoots first though Evil has priority
    state.apply("shoot G2 E1")
    state.apply("done")
    assert state.heroic is None and state.acting == "evil"


def test_heroic_combat_the_heros_fight_is_fought_first():
    state = battle([("G1", ARAGORN, 10, 10), ("E1", URUK, 10 + D, 10),
                    ("G2", ROHAN, 30, 30), ("E2", URUK, 30 + D, 30)],
                   first="evil", dice=["6", "1", "1", "6", "5"], heroic_actions=True)
    assert state.question is None               # both Heroes' fighters are engaged: no heroic move
    for _ in range(4):
        state.apply("done")
    assert state.question == {"kind": "heroic", "side": "good"}
    state.apply("heroic G1")
    # Aragorn's fight is fought at once, before Evil (with priority) names any
    assert [d for d, _ in rolls(state)][:4] == ["duel G1"] * 3 + ["duel E1"]
    assert "E1" not in state.models and state.fights == [("G2", ("E2",))]
    state.apply("done")                   # Aragorn may move again ('Heroic Combat'): he stays
    assert state.heroic is None and state.to_move() == 1    # Evil names the next fight


def test_heroic_combat_every_enemy_touching_the_hero_slain_he_and_his_friends_move_again():
    # 'Heroic Combat': Aragorn and G2 slay E1; they may move again (charging E3 here) before
    # the Fight phase goes on, and the fights not yet fought are rematched
    state = battle([("G1", ARAGORN, 10, 10), ("E1", URUK, 10 + D, 10),
                    ("G2", ROHAN, 10 + 2 * D, 10),
                    ("G3", ROHAN, 30, 10), ("E2", URUK, 30 + D, 10), ("E3", URUK, 12, 14),
                    ("G4", ROHAN, 40, 40)],
                   first="evil", dice=["6", "1", "1", "1", "1", "6"], heroic_actions=True)
    for _ in range(4):
        state.apply("done")
    assert state.fights == [("E1", ("G1", "G2")), ("G3", ("E2",))]
    state.apply("heroic G1")
    assert "E1" not in state.models
    assert state.heroic["stage"] == "again" and state.to_move() == 0
    offered = [str(a) for a in state.legal_actions()]
    assert offered[-1] == "done" and any(a.startswith("charge G1 E3") for a in offered)
    with pytest.raises(IllegalAction, match="move again"):
        state.apply("move G4 to 40,35")
    with pytest.raises(IllegalAction, match="Heroic Combat"):
        state.apply("fight G3")
    state.apply("charge G1 E3")
    with pytest.raises(IllegalAction, match="already moved"):
        state.apply("move G1 to 10,4")
    state.apply("done")
    # rematched: Aragorn's new fight with E3 beside G3's; Evil, with priority, names the next
    assert state.fights == [("G1", ("E3",)), ("G3", ("E2",))]
    assert state.heroic is None and state.to_move() == 1 and state.phase == "fight"


def test_heroic_combat_no_moving_again_while_an_enemy_touching_him_lives():
    state = battle([("G1", ARAGORN, 10, 10), ("E1", URUK, 10 + D, 10), ("G2", ROHAN, 30, 10),
                    ("E2", URUK, 30 + D, 10)],
                   first="evil", dice=["6", "1", "1", "1", "1", "1", "1"], heroic_actions=True)
    for _ in range(4):
        state.apply("done")
    state.apply("heroic G1")
    # three strikes, none wounds (a 1 cannot be made a 5 with the 3 Might left)
    assert "E1" in state.models
    assert state.heroic is None and state.to_move() == 1
    assert [str(a) for a in state.legal_actions()] == ["fight G2"]
