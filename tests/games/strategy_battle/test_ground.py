"""'Models on the Ground' in full: lying down by choice, crawling, standing up, being jumped
over while down, spotting rolls, the weapons a model on the ground may use (knocked down,
standing up and fighting from the ground: test_cavalry.py)."""

import pytest

from palantir.engine.errors import IllegalAction
from palantir.games.strategy_battle import table as geo
from palantir.games.strategy_battle.candidates import model_candidates
from palantir.games.strategy_battle.notation import parse
from palantir.games.strategy_battle.phases.fight.weapons import weapon_options
from palantir.games.strategy_battle.table.paths import defenders_zones
from palantir.games.strategy_battle.words import words

from tests.support.positions.sbg import (DEFENDER_X, ORC, ORC_BOW, ROHAN, URUK, WALL, battle, mark,
                                        profile, rolls, setup)

R = 12.5 / 25.4
W = 10 / 25.4
RIDER = "Rider of Rohan"


def test_models_on_the_ground_lying_down_costs_half_the_move():
    # "When a player gets to move a warrior he can lie the model down. This costs the model
    # half its entire move distance": before moving, or after no more than half of it
    state = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 20, 10), ("G3", ROHAN, 30, 10),
                    ("E1", ORC, 40, 40)])
    state.apply("lie G1")
    g1 = state.models["G1"]
    assert g1.prone and g1.moved and g1.move_used == pytest.approx(3)
    assert not state.disc(g1).zone
    state.apply("move G2 23,10")
    state.apply("lie G2")
    assert state.models["G2"].prone and state.models["G2"].move_used == pytest.approx(6)
    state.apply("move G3 33.5,10")
    with pytest.raises(IllegalAction, match="no half of its move left"):
        state.apply("lie G3")
    with pytest.raises(IllegalAction, match="already on the ground"):
        state.apply("lie G1")


def test_models_on_the_ground_crawl_1_inch_and_stay_down():
    # "A lying down model's Move rate is reduced to 1" or 2cm regardless of its race"
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 40, 40)])
    mark(state, "G1", prone=True)
    with pytest.raises(IllegalAction, match="Models on the Ground"):
        state.apply("crawl G1 11.2,10")
    state.apply("crawl G1 11,10")
    g1 = state.models["G1"]
    assert g1.x == pytest.approx(11) and g1.prone and g1.moved
    standing = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 40, 40)])
    with pytest.raises(IllegalAction, match="on its feet"):
        standing.apply("crawl G1 11,10")


def test_models_on_the_ground_cannot_charge_from_the_ground_without_getting_up():
    # "unable to charge an enemy ... or do anything else except move as described": a
    # charge gets it up first (half its move), a crawl charges no one
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + 2 * R + 0.5, 10)])
    mark(state, "G1", prone=True)
    with pytest.raises(IllegalAction, match="Control Zone rule"):
        state.apply("crawl G1 10.5,10")
    state.apply("charge G1 E1")
    assert not state.models["G1"].prone and state.models["G1"].charged


def test_models_on_the_ground_is_jumped_over_as_an_obstacle():
    # "A lying down model can be jumped over by friends and foes alike, in the same way as
    # an obstacle": a roll on the Jump chart; 2-5 over it and no further, 6 on
    for roll, x in (("3", 10 + R), ("6", 14)):
        state = battle([("G1", ROHAN, 8, 10), ("G2", ROHAN, 10 - R, 10), ("E1", ORC, 40, 40)],
                       dice=[roll])
        mark(state, "G2", prone=True)
        state.apply("move G1 14,10")
        g1 = state.models["G1"]
        assert rolls(state) == [("jump G1", roll)] and g1.jumped
        assert g1.x == pytest.approx(x, abs=0.02)
    # a move may not end on him, and a standing model is not jumped
    state = battle([("G1", ROHAN, 8, 10), ("G2", ROHAN, 10, 10), ("E1", ORC, 40, 40)])
    with pytest.raises(IllegalAction, match="passes through"):
        state.apply("move G1 14,10")
    mark(state, "G2", prone=True)
    with pytest.raises(IllegalAction, match="cannot end on 'G2'"):
        state.apply("move G1 10.2,10")


def test_models_on_the_ground_partly_hidden_are_spotted_on_4_or_more():
    # "If a model on the ground is only partially obscured ... it can only be seen by an
    # enemy if a dice is rolled and scores a 4, 5 or 6"; wholly in view it is seen (a kerb
    # 6mm high hides the lower part of the 28mm warrior's body lying behind it)
    wall = {"name": "kerb", "line": [[20, 0], [20, 48]], "height_mm": 6, "width_mm": 10}
    for spot, shot in (("3", False), ("5", True)):
        state = battle([("G1", ROHAN, 20 + R + 0.3, 10), ("E1", ORC_BOW, 10, 10)],
                       barriers=[wall], first="evil", dice=[spot, "1"])
        mark(state, "G1", prone=True)
        setup(state, phase="shoot")
        state.apply("shoot E1 G1")
        names = [d for d, _ in rolls(state)]
        assert names[0] == "spot E1" and ("to hit E1" in names) == shot
        assert state.models["E1"].shot
    open_ground = battle([("G1", ROHAN, 20, 10), ("E1", ORC_BOW, 10, 10)], first="evil",
                         dice=["1"])
    mark(open_ground, "G1", prone=True)
    setup(open_ground, phase="shoot")
    open_ground.apply("shoot E1 G1")
    assert [d for d, _ in rolls(open_ground)] == ["to hit E1"]


def test_models_on_the_ground_use_only_shields_hand_weapons_knives_and_daggers():
    # "It also cannot use any weapon except shields, hand weapons, knives and daggers"
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 40, 40)])
    profile(state, ROHAN, wargear=["two-handed weapon"])
    g1 = state.models["G1"]
    assert weapon_options(state, g1) == ["two-handed weapon"]
    mark(state, "G1", prone=True)
    assert weapon_options(state, state.models["G1"]) == ["dagger"]
    profile(state, ROHAN, wargear=["two-handed weapon", "hand weapon"])
    assert weapon_options(state, state.models["G1"]) == ["hand weapon"]


def test_other_exceptions_cavalry_and_mounts_do_not_lie_down_or_crawl():
    # 'Other Exceptions': "Cavalry models cannot climb, lie down or crawl. Mounts cannot do
    # so even if their riders dismount"
    state = battle([("G1", RIDER, 10, 10), ("E1", ORC, 40, 40)])
    with pytest.raises(IllegalAction, match="Other Exceptions"):
        state.apply("lie G1")


def test_models_on_the_ground_lying_behind_cover_is_not_seen_but_sees_over_it():
    # "if no part of the model's body is visible to an enemy warrior's model's eye view it
    # cannot be seen"; "If a model is lying directly behind cover ... it can see as if it
    # were standing": behind a 20mm wall the warrior standing is seen in part, lying not
    # at all (decided: a body lying down a third as tall as standing), and sees the archer
    wall = {"name": "wall", "line": [[20, 0], [20, 48]], "height_mm": 20, "width_mm": 10}
    state = battle([("G1", ROHAN, 20 + W + R, 10), ("E1", ORC_BOW, 10, 10)],
                   barriers=[wall], first="evil")
    archer, g1 = state.models["E1"], state.models["G1"]
    assert 0 < state.sees(archer, g1).seen < 1
    mark(state, "G1", prone=True)
    archer, g1 = state.models["E1"], state.models["G1"]
    assert not state.sees(archer, g1).visible and state.sees(g1, archer).visible
    setup(state, phase="shoot")
    with pytest.raises(IllegalAction, match="cannot see G1"):
        state.apply("shoot E1 G1")


def test_models_on_the_ground_lying_behind_a_barrier_does_not_defend_it():
    # "A model lying down behind a barrier cannot count as defending it"
    state = battle([("G1", ROHAN, DEFENDER_X, 10), ("E1", URUK, 20 - W / 2 - R - 0.05, 10)],
                   barriers=[WALL], first="evil")
    charge = f"charge E1 G1 {20 - W / 2 - R:.3f},10"
    assert state.check_move(parse(charge)).across
    mark(state, "G1", prone=True)
    at_wall = state.disc(state.models["E1"]).at(20 - W / 2 - R, 10)
    assert geo.defended_across(state.table, at_wall, state.disc(state.models["G1"])) is None
    assert defenders_zones(state.table, state.disc(state.models["G1"]), at_wall) == []


@pytest.mark.parametrize("spot", ["3", "4"])
def test_models_on_the_ground_a_charger_must_spot_one_lying_partly_hidden(spot):
    # a spotting dice "for each enemy trying to spot the model": failing, the Orc does not
    # charge and stays where he stands (decided), his move over; on a 4 he charges home
    kerb = {"name": "kerb", "line": [[20, 0], [20, 48]], "height_mm": 6, "width_mm": 10}
    state = battle([("G1", ROHAN, 20 + W / 2 + R + 0.05, 10), ("E1", ORC, 16, 10)],
                   barriers=[kerb], first="evil", dice=[spot])
    mark(state, "G1", prone=True)
    state.apply("charge E1 G1")
    e1 = state.models["E1"]
    assert rolls(state) == [("spot E1", spot)] and e1.moved
    assert (e1.x == 16 and not e1.charged) if spot == "3" else e1.charged


def test_models_on_the_ground_the_general_is_offered_lying_down_behind_cover():
    # the candidates offer lying down to a warrior an enemy archer sees only in part over a
    # wall and no enemy could charge; not to one in the open
    wall = {"name": "wall", "line": [[20, 0], [20, 48]], "height_mm": 20, "width_mm": 10}
    state = battle([("G1", ROHAN, 20 + W / 2 + R + 0.05, 10), ("G2", ROHAN, 30, 30),
                    ("E1", ORC_BOW, 10, 10)], barriers=[wall])
    assert "lie G1" in [str(a) for a in model_candidates(state, state.models["G1"])]
    assert "lie G2" not in [str(a) for a in model_candidates(state, state.models["G2"])]


def test_models_on_the_ground_decisions_in_words():
    # the terminal's menu and the web table's buttons say what lying down and crawling do
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 40, 40)])
    assert words(state, parse("lie G1")) == "G1: lie down (half its move)"
    assert words(state, parse("crawl G1 11,10")) == "G1: crawl to 11,10"
    assert words(state, parse("climb G1 20.5,10")).startswith("G1: climb")
