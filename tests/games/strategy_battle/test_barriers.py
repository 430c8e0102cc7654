"""Defending a barrier: charging a defender, one-on-one and several chargers ('Defending')."""

import math

import pytest

from shapely.geometry import LineString

from palantir.engine.errors import IllegalAction
from palantir.games.strategy_battle import table as geo

from tests.support.positions.sbg import (DEFENDER_X, MINAS, ORC, R, URUK, W, WALL, battle,
                                        profile, rolls, setup)


def test_defending_a_barrier_who_counts_as_fighting_across_it():
    table = geo.Table(48, 48, geo.INCHES, barriers=[geo.Barrier(
        "wall", LineString([(20, 0), (20, 48)]), geo.INCHES.from_mm(20), W)])
    h = geo.INCHES.from_mm(28)
    charger = geo.Disc("c", 20 - W / 2 - R, 10, R, h, "good")
    defender = geo.Disc("d", DEFENDER_X, 10, R, h, "evil")
    assert geo.defended_across(table, charger, defender) == "wall"
    # too far along the wall: outside the defender's 1" zone
    assert geo.defended_across(table, charger.at(charger.x, 12), defender) is None
    # a hedge low and narrow enough to stride over is not defended
    low = geo.Table(48, 48, geo.INCHES, barriers=[geo.Barrier(
        "hedge", LineString([(20, 0), (20, 48)]), geo.INCHES.from_mm(10), W)])
    assert geo.defended_across(low, charger, defender) is None
    # a wall the defender cannot see over is not defended
    high = geo.Table(48, 48, geo.INCHES, barriers=[geo.Barrier(
        "rampart", LineString([(20, 0), (20, 48)]), geo.INCHES.from_mm(30), W)])
    assert geo.defended_across(high, charger, defender) is None


def charged(dice, extra=()):
    """A Warrior of Minas Tirith (sword only: no shielding question) has charged an Uruk-hai
    defending a wall."""
    state = battle([("G1", MINAS, 15, 10), ("E1", URUK, DEFENDER_X, 10), ("E2", ORC, 45, 45),
                    *extra], barriers=[WALL], dice=dice)
    profile(state, MINAS, wargear=["hand weapon"])      # the Good side: all of them
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


def test_defending_the_defenders_zone_is_in_front_of_his_base_plus_1_inch_either_side():
    # a ditch 30mm wide: a charger straight across is more than 1" from the defender, yet in
    # front of his base; along the barrier the zone ends 1" beyond his base's edge
    wide = 30 / 25.4
    table = geo.Table(48, 48, geo.INCHES, barriers=[geo.Barrier(
        "ditch", LineString([(20, 0), (20, 48)]), geo.INCHES.from_mm(20), wide)])
    h = geo.INCHES.from_mm(28)
    defender = geo.Disc("d", 20 + wide / 2 + R, 10, R, h, "evil")
    charger = geo.Disc("c", 20 - wide / 2 - R, 10, R, h, "good")
    assert geo.gap(charger, defender) > 1
    assert geo.defended_across(table, charger, defender) == "ditch"
    assert geo.defended_across(table, charger.at(charger.x, 10 + R + 0.99), defender) == "ditch"
    assert geo.defended_across(table, charger.at(charger.x, 10 + R + 1.05), defender) is None


def charge_three(dice, fight_choices=False, extra=()):
    """G1, G2 and G3 charge the Uruk E1 defending the wall, side by side along it."""
    state = charged(dice, extra=[("G2", MINAS, 15, 11.2), ("G3", MINAS, 15, 8.8), *extra])
    setup(state, options={"fight_choices": fight_choices})
    at = 20 - W / 2 - R
    state.apply(f"charge G2 E1 {at:.3f},11.2")
    state.apply(f"charge G3 E1 {at:.3f},8.8")
    assert sorted(p[0] for p in state.across) == ["G1", "G2", "G3"]
    return to_fight(state)


def test_defending_in_multiple_fights_the_charging_player_chooses_who_fights_first():
    state = charge_three(["6", "1", "2"] * 3 + ["3", "3"], fight_choices=True)
    state.apply("fight E1")
    assert state.question == {"kind": "charger", "side": "good"}
    assert [str(a) for a in state.legal_actions()] == ["charger G1", "charger G2", "charger G3"]
    with pytest.raises(IllegalAction, match="Defending in Multiple Fights"):
        state.apply("charger E1")
    state.apply("charger G3")
    assert rolls(state)[:3] == [("duel G3", "6"), ("duel E1", "1"), ("barrier G3", "2")]
    # G3 is moved back where its side says; then the next charger is named
    state.apply(str(state.legal_actions()[0]))
    assert state.question == {"kind": "charger", "side": "good"}
    state.apply("charger G1")
    assert rolls(state)[3][0] == "duel G1"


def test_defending_in_multiple_fights_the_chargers_yet_to_fight_cross_when_he_falls():
    # G1 slays E1 first: it takes his place; G2 and G3, who have yet to fight, are moved
    # directly over the wall — G3 beside G1, for a friend stands where it would land
    state = charge_three(["6", "1", "5", "6", "3", "3"], extra=[("G4", MINAS, DEFENDER_X, 8.3)])
    state.apply("fight E1")
    assert "E1" not in state.models
    g1, g2, g3 = (state.models[k] for k in ("G1", "G2", "G3"))
    assert (g1.x, g1.y) == (pytest.approx(DEFENDER_X), 10)
    assert (g2.x, g2.y) == (pytest.approx(DEFENDER_X, abs=0.01), pytest.approx(11.2))
    assert g3.x > 20 + W / 2 + R - 0.01
    assert geo.in_contact(state.disc(g3, zone=False), state.disc(g1, zone=False),
                          state.units.tolerance)
    assert state.across == []


def behind(dice, fight_choices=False, charger_y=10):
    """E1 defends the wall against G1's charge and is attacked from his own side by G2."""
    state = battle([("G1", MINAS, 15, charger_y), ("E1", URUK, DEFENDER_X, 10),
                    ("G2", MINAS, DEFENDER_X + 2 * R, 10), ("E2", ORC, 45, 45)],
                   barriers=[WALL], dice=dice, fight_choices=fight_choices)
    profile(state, MINAS, wargear=["hand weapon"])      # the Good side: all of them
    state.apply(f"charge G1 E1 {20 - W / 2 - R:.3f},{charger_y}")
    to_fight(state)
    assert state.fights == [("E1", ("G1", "G2"))]
    state.apply("fight E1")
    return state


def test_attacked_from_behind_slain_on_his_own_side_the_chargers_cross_at_once():
    state = behind(["6", "1", "6", "3", "3"])
    # the fight on the defender's side is worked out first: G2 wins and slays E1
    assert [d for d, _ in rolls(state)][:3] == ["duel G2", "duel E1", "wound E1"]
    assert "E1" not in state.models
    assert state.models["G1"].x == pytest.approx(DEFENDER_X)      # crossed into his place
    assert state.across == []


def test_attacked_from_behind_the_defender_who_wins_then_defends_the_barrier():
    state = behind(["1", "6", "1", "6", "1", "2", "3", "3"])
    # E1 beats G2 on his side (G2 backs away, unhurt), then holds the wall against G1
    assert [d for d, _ in rolls(state)][:6] == ["duel G2", "duel E1", "wound G2", "duel G1",
                                                "duel E1", "barrier G1"]
    assert state.models["E1"].x == pytest.approx(DEFENDER_X)


def test_attacked_from_behind_beaten_there_he_no_longer_defends():
    # E1 loses to G2 and backs away along the wall: G1 fights him as an ordinary fight,
    # without rolling for the barrier
    state = behind(["6", "1", "1", "6", "1", "1", "3", "3"])
    assert [d for d, _ in rolls(state)][:6] == ["duel G2", "duel E1", "wound E1", "duel G1",
                                                "duel E1", "wound E1"]
    assert any("E1 no longer defends the barrier" in n for n in state.news)


def test_attacked_from_behind_chargers_out_of_his_zone_cross_into_contact():
    # G1 charged 0.9" along the wall from E1; E1, beaten on his side, backs away 1" the other
    # way: G1 is out of his zone, crosses the wall and is placed against him to fight
    state = behind(["6", "1"], fight_choices=True, charger_y=10.9)
    assert state.question == {"kind": "back", "side": "evil"}
    state.dice.extend(["1", "6", "1", "1", "3", "3"])
    state.apply(f"back E1 {DEFENDER_X:.3f},9")
    g1, e1 = state.models["G1"], state.models["E1"]
    assert g1.x > 20 + W / 2 + R - 0.01
    assert geo.in_contact(state.disc(g1, zone=False), state.disc(e1, zone=False),
                          state.units.tolerance)
    assert [d for d, _ in rolls(state)][3:] == ["duel G1", "duel E1"]
    # G1 won: E1 backs away again, and G1's blow needs no roll for the wall
    state.apply(str(state.legal_actions()[0]))
    assert [d for d, _ in rolls(state)][5] == "wound E1"


def test_defending_tangled_fights_over_two_barriers_each_blow_rolls_for_its_own():
    corner = [{"name": "west wall", "line": [[20, 0], [20, 20]], "height_mm": 20, "width_mm": 10},
              {"name": "north wall", "line": [[20, 20], [40, 20]], "height_mm": 20,
               "width_mm": 10}]
    near = W / 2 + R
    state = battle([("G1", MINAS, 15, 20 - near), ("G2", MINAS, 20 + near, 25),
                    ("E1", URUK, 20 + near, 20 - near), ("E2", ORC, 45, 45)], barriers=corner,
                   dice=["6", "1", "2", "6", "1", "3", "3", "3"])
    profile(state, MINAS, wargear=["hand weapon"])      # the Good side: all of them
    state.apply(f"charge G1 E1 {20 - near:.3f},{20 - near:.3f}")
    state.apply(f"charge G2 E1 {20 + near:.3f},{20 + near:.3f}")
    assert sorted(state.across) == [["G1", "E1", "west wall"], ["G2", "E1", "north wall"]]
    to_fight(state)
    state.apply("fight E1")
    assert any("G1's blow strikes 'west wall'" in n for n in state.news)
    assert any("G2's blow strikes 'north wall'" in n for n in state.news)
    assert "E1" in state.models and state.across == []


def test_defending_the_defenders_zone_stops_a_move_that_is_not_a_charge():
    # 'Defending a Barrier': "its zone of control applies to the whole area immediately in
    # front of the defender's base plus 1"/2cm either side ... No enemy can move into the
    # defender's zone of control except to fight him." (issue 14, item 5: only charges kept
    # out of it). At the wall 1.45" along it from the defender the Warrior is more than 1"
    # from his base (outside the ordinary zone) but in front of him: refused.
    at_wall = 20 - W / 2 - R
    state = battle([("G1", MINAS, 15, 14), ("E1", URUK, DEFENDER_X, 10), ("E2", ORC, 45, 45)],
                   barriers=[WALL])
    assert math.dist((at_wall, 11.45), (DEFENDER_X, 10)) - 2 * R > 1
    with pytest.raises(IllegalAction, match="Defending a Barrier"):
        state.apply(f"move G1 to {at_wall:.3f},11.45")
    with pytest.raises(IllegalAction, match="zone in front of 'E1', who defends 'wall'"):
        state.apply(f"move G1 {at_wall:.3f},11.45")          # the path given, not found
    # beyond the zone (2" along the wall) the same move is free
    state.apply(f"move G1 to {at_wall:.3f},12")
    assert state.models["G1"].y == pytest.approx(12)
