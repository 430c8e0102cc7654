"""Defending a barrier: charging a defender, one-on-one and several chargers ('Defending')."""

import math

import pytest
from dataclasses import replace

from palantir.games.strategy_battle import geometry as geo

from .sbg_table import ORC, battle

R = 12.5 / 25.4
W = 10 / 25.4                                  # a wall 10mm wide
URUK = "Mordor Uruk-hai with sword"            # no shields: no shielding questions
MINAS = "Warrior of Minas Tirith"
WALL = {"name": "wall", "line": [[20, 0], [20, 48]], "height_mm": 20, "width_mm": 10}
DEFENDER_X = 20 + W / 2 + R                    # base touching the wall's far face


def rolls(state):
    return [(r.die, r.face) for r in state.dice.log]


def test_defending_a_barrier_who_counts_as_fighting_across_it():
    table = geo.Table(48, 48, geo.INCHES, barriers=[geo.Barrier(
        "wall", geo.LineString([(20, 0), (20, 48)]), geo.INCHES.from_mm(20), W)])
    h = geo.INCHES.from_mm(28)
    charger = geo.Disc("c", 20 - W / 2 - R, 10, R, h, "good")
    defender = geo.Disc("d", DEFENDER_X, 10, R, h, "evil")
    assert geo.defended_across(table, charger, defender) == "wall"
    # too far along the wall: outside the defender's 1" zone
    assert geo.defended_across(table, charger.at(charger.x, 12), defender) is None
    # a hedge low and narrow enough to stride over is not defended
    low = geo.Table(48, 48, geo.INCHES, barriers=[geo.Barrier(
        "hedge", geo.LineString([(20, 0), (20, 48)]), geo.INCHES.from_mm(10), W)])
    assert geo.defended_across(low, charger, defender) is None
    # a wall the defender cannot see over is not defended
    high = geo.Table(48, 48, geo.INCHES, barriers=[geo.Barrier(
        "rampart", geo.LineString([(20, 0), (20, 48)]), geo.INCHES.from_mm(30), W)])
    assert geo.defended_across(high, charger, defender) is None


def charged(dice, extra=()):
    """A Warrior of Minas Tirith (sword only: no shielding question) has charged an Uruk-hai
    defending a wall."""
    state = battle([("G1", MINAS, 15, 10), ("E1", URUK, DEFENDER_X, 10), ("E2", ORC, 45, 45),
                    *extra], barriers=[WALL], dice=dice)
    for model in state.models.values():
        if model.side == "good":
            model.profile = replace(model.profile, wargear=("hand weapon",))
    state.apply("charge G1 E1")
    return state


def to_fight(state):
    while state.phase != "fight":
        state.apply("done")
    return state


def test_defending_a_charge_reaches_the_barrier_inside_the_defenders_zone():
    state = charged([])
    g1 = state.models["G1"]
    assert state.across == [["G1", "E1", "wall"]]
    assert state.engaged(g1) and state.engaged(state.models["E1"])
    assert g1.x < 20 - W / 2 - R + 0.05          # on its own side, at the wall
    to_fight(state)
    assert state.fights == [("G1", ("E1",))]


def test_defending_one_on_one_the_chargers_blow_strikes_the_barrier_on_1_to_3():
    state = to_fight(charged(["6", "1", "2", "3", "3"]))
    start = state.models["G1"].x
    state.apply("fight G1")
    assert rolls(state)[:3] == [("duel G1", "6"), ("duel E1", "1"), ("barrier G1", "2")]
    # the defender does not move; neither is slain, so the charger is moved back 1"
    assert state.models["E1"].x == pytest.approx(DEFENDER_X)
    assert math.dist((state.models["G1"].x, 10), (start, 10)) == pytest.approx(1, abs=0.01)
    assert state.across == []


def test_defending_one_on_one_a_slain_defender_lets_the_charger_cross():
    state = to_fight(charged(["6", "1", "5", "6", "3", "3"]))
    state.apply("fight G1")
    assert "E1" not in state.models
    assert state.models["G1"].x == pytest.approx(DEFENDER_X)


def test_defending_the_defender_who_wins_strikes_as_normal():
    state = to_fight(charged(["1", "6", "6", "3", "3"]))
    state.apply("fight G1")
    assert [d for d, _ in rolls(state)][:3] == ["duel G1", "duel E1", "wound G1"]
    assert "G1" not in state.models


def test_defending_in_multiple_fights_chargers_fight_the_defender_one_at_a_time():
    state = charged(["6", "1", "1", "6", "1", "1", "3", "3"],
                    extra=[("G2", MINAS, 15, 11.2)])
    state.apply(f"charge G2 E1 {20 - W / 2 - R:.3f},11.2")
    assert sorted(p[0] for p in state.across) == ["G1", "G2"]
    to_fight(state)
    assert state.fights == [("E1", ("G1", "G2"))]
    state.apply("fight E1")
    dice = [d for d, _ in rolls(state)]
    # G1's duel and its blow at the barrier, then G2's duel and blow: E1 fights twice
    assert dice[:6] == ["duel G1", "duel E1", "barrier G1", "duel G2", "duel E1", "barrier G2"]
    assert state.across == [] and "E1" in state.models


def test_defending_more_defenders_move_up_to_join_the_defence():
    # E1 attacks G1 over the wall; G2 moves up beside G1 within E1's zone: it joins the defence
    state = battle([("G1", MINAS, 20 - W / 2 - R, 10), ("G2", MINAS, 15, 11.2),
                    ("E1", URUK, DEFENDER_X, 10), ("E2", ORC, 24, 14)],
                   barriers=[WALL], first="evil", dice=[])
    state.apply(f"charge E1 G1 {DEFENDER_X + 0.001:.3f},10")
    state.apply("done")
    state.apply(f"charge G2 E1 {20 - W / 2 - R:.3f},11.2")
    assert sorted(state.across) == [["E1", "G1", "wall"], ["E1", "G2", "wall"]]
