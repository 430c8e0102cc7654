"""Geometry of the table: units, bases, terrain, paths, control zones, sight (manual sections cited)."""

import math
import random

import pytest
from hypothesis import given, settings, strategies as st
from shapely.geometry import LineString, Polygon

from palantir.engine.dice import SeededDice
from palantir.engine.errors import IllegalAction
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle import table as geo
from palantir.games.strategy_battle.heuristics import rollout_policy
from palantir.games.strategy_battle.reading import table_of
from palantir.games.strategy_battle.scenarios import scenario_names
from palantir.games.strategy_battle.table import (
    CENTIMETRES, INCHES, Area, Barrier, Disc, Mover, Table, check_path, find_path, gap,
    gap_is_wide_enough, in_contact, measure, overlapping, path_cost, sight, units_named)

R = INCHES.from_mm(12.5)        # a 25mm base
MAN = INCHES.from_mm(28)        # a man-sized model


def man(key, x, y, side="good", **kw):
    return Disc(key, x, y, R, MAN, side, **kw)


def rect(x0, y0, x1, y1):
    return Polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


OPEN = Table(48, 48, INCHES)


# ---------------------------------------------------------------- measuring

def test_measuring_distances_in_inches_or_centimetres_never_mixed():
    assert INCHES.rule(1, 2) == 1 and CENTIMETRES.rule(1, 2) == 2
    assert INCHES.control_zone == 1 and CENTIMETRES.control_zone == 2
    assert CENTIMETRES.from_mm(25) == 2.5 and INCHES.from_mm(25.4) == 1
    with pytest.raises(ValueError, match="'in' or 'cm'"):
        units_named("furlongs")


def test_measuring_base_to_base_from_edge_to_edge():
    a, b = man("a", 10, 10), man("b", 13, 10)
    assert gap(a, b) == pytest.approx(3 - 2 * R)
    assert not in_contact(a, b, INCHES.tolerance)
    c = man("c", 10 + 2 * R, 10)
    assert in_contact(a, c, INCHES.tolerance) and gap(a, c) == 0
    assert not overlapping(a, c, INCHES.tolerance)
    assert overlapping(a, man("d", 10 + R, 10), INCHES.tolerance)


def test_moving_the_models_gaps_at_least_as_wide_as_the_base():
    left, right = man("l", 10, 10), man("r", 10 + 4 * R, 10)   # gap exactly one base
    assert gap_is_wide_enough(left, right, man("m", 0, 0))
    assert not gap_is_wide_enough(left, man("r2", 10 + 3.9 * R, 10), man("m", 0, 0))


def test_measuring_query_answers_distance_contact_and_sight():
    a, b = man("a", 10, 10), man("b", 16, 10, "evil")
    got = measure(OPEN, [a, b], a, b)
    assert got["distance"] == pytest.approx(6 - 2 * R, abs=1e-3)
    assert got["visible"] and got["in_the_way"] == [] and not got["in_contact"]


# ---------------------------------------------------------------- terrain and cost

def test_terrain_difficult_split_move_example():
    # "a model with a 6" move might move 2" over a marsh (doubled to 4") leaving only 2""
    table = Table(48, 48, INCHES, [Area("marsh", rect(10, 0, 12, 48), "difficult")])
    elf = man("e", 10, 5)
    mover = Mover(6)
    assert path_cost(table, [(10, 5), (12, 5)], mover) == pytest.approx(4)
    report = check_path(table, [elf], elf, [(12, 5), (14, 5)], mover)
    assert report.cost == pytest.approx(6)
    with pytest.raises(IllegalAction, match="Terrain"):
        check_path(table, [elf], elf, [(12, 5), (14.1, 5)], mover)


def test_terrain_remaining_fractions_round_up_to_half_inch_or_whole_cm():
    table = Table(48, 48, INCHES, [Area("marsh", rect(10, 0, 11.3, 48), "difficult")])
    # 1.3" of marsh costs 2.6", leaving 3.4", rounded up to 3.5" of open ground
    assert path_cost(table, [(10, 5), (14.8, 5)], Mover(6)) == pytest.approx(6)
    assert path_cost(table, [(10, 5), (14.9, 5)], Mover(6)) == pytest.approx(6.1)
    cm_table = Table(112, 112, CENTIMETRES, [Area("bog", rect(20, 0, 22.6, 112), "difficult")])
    # 14cm move: 2.6cm of bog costs 5.2cm, leaving 8.8cm, rounded up to 9cm
    assert path_cost(cm_table, [(20, 5), (31.6, 5)], Mover(14)) == pytest.approx(14)


def test_cavalry_moving_through_difficult_terrain_counts_four_times():
    table = Table(48, 48, INCHES, [Area("scrub", rect(10, 0, 12, 48), "difficult")])
    assert path_cost(table, [(10, 5), (12, 5)], Mover(10, difficult_factor=4)) == pytest.approx(8)


def test_terrain_woodland_creatures_move_at_full_rate_in_woods():
    table = Table(48, 48, INCHES, [Area("wood", rect(10, 0, 16, 48), "woods")])
    assert path_cost(table, [(10, 5), (14, 5)], Mover(6)) == pytest.approx(8)
    assert path_cost(table, [(10, 5), (14, 5)], Mover(6, woodland=True)) == pytest.approx(4)


def test_terrain_impassable_ground_cannot_be_entered():
    table = Table(48, 48, INCHES, [Area("cliff", rect(10, 0, 12, 48), "impassable")])
    m = man("m", 8, 5)
    with pytest.raises(IllegalAction, match="impassable"):
        check_path(table, [m], m, [(11, 5)], Mover(6))
    check_path(table, [m], m, [(10 - R, 5)], Mover(6))     # may touch its edge


def test_barriers_and_obstacles_classified_by_model_height():
    # "if a model is 28mm tall it can cross a barrier that is less than 14mm high and wide"
    mm = INCHES.from_mm
    assert Barrier("hedge", LineString([(0, 0), (1, 0)]), mm(13), mm(13)).kind_for(mm(28)) == "stride"
    # "a wall 28mm high would form an obstacle to a model 28mm tall but not to one 60mm tall"
    wall = Barrier("wall", LineString([(0, 0), (1, 0)]), mm(28), mm(10))
    assert wall.kind_for(mm(28)) == "obstacle" and wall.kind_for(mm(60)) == "stride"
    # "a model that is 28mm tall cannot cross, or must climb, a wall that is 57mm high"
    assert Barrier("rampart", LineString([(0, 0), (1, 0)]), mm(57), mm(10)).kind_for(mm(28)) == "impassable"


def test_cavalry_barriers_judged_by_the_40mm_horse():
    mm = INCHES.from_mm
    rider = Disc("r", 5, 5, R, mm(55), "good", mount_height=mm(40))
    assert rider.barrier_height == mm(40)
    kinds = [Barrier("b", LineString([(0, 0), (1, 0)]), mm(h), mm(5)).kind_for(rider.barrier_height)
             for h in (19, 20, 80, 81)]
    assert kinds == ["stride", "obstacle", "obstacle", "impassable"]


def test_jumping_an_obstacle_the_elfs_jump_example_geometry():
    # An Elf (move 6") moves 2" to a wall 1" wide; on a 6 he moves 4" further, crossing it.
    wall = Barrier("wall", LineString([(10.5, 0), (10.5, 48)]), INCHES.from_mm(28), 1.0)
    table = Table(48, 48, INCHES, barriers=[wall])
    elf = man("elf", 10 - 2 - R, 20)          # base edge 2" short of the wall
    report = check_path(table, [elf], elf, [(elf.x + 6, 20)], Mover(6))
    assert [c.kind for c in report.crossings] == ["obstacle"]
    assert report.crossings[0].at == pytest.approx(2 + R + 0.5)
    with pytest.raises(IllegalAction):
        check_path(table, [elf], elf, [(elf.x + 6.1, 20)], Mover(6))
    with pytest.raises(IllegalAction, match="end its move on"):
        check_path(table, [elf], elf, [(10.5, 20)], Mover(6))


def test_barriers_more_than_twice_the_models_height_cannot_be_crossed():
    rampart = Barrier("rampart", LineString([(10, 0), (10, 48)]), INCHES.from_mm(60), 0.5)
    table = Table(48, 48, INCHES, barriers=[rampart])
    m = man("m", 8, 5)
    with pytest.raises(IllegalAction, match="cannot be crossed"):
        check_path(table, [m], m, [(12, 5)], Mover(6))


# ---------------------------------------------------------------- moving the models

def test_moving_the_models_no_further_than_the_maximum_along_a_curving_path():
    m = man("m", 10, 10)
    check_path(OPEN, [m], m, [(13, 10), (13, 13)], Mover(6))
    with pytest.raises(IllegalAction, match="Moving the Models"):
        check_path(OPEN, [m], m, [(13, 10), (13, 13.1)], Mover(6))


def test_moving_the_models_not_through_other_models_friend_or_foe():
    m, friend = man("m", 10, 10), man("f", 12, 10)
    with pytest.raises(IllegalAction, match="passes through 'f'"):
        check_path(OPEN, [m, friend], m, [(14, 10)], Mover(6))


def test_moving_the_models_gap_narrower_than_the_base_blocks():
    m = man("m", 10, 10)
    narrow = [man("a", 12, 10 - 1.9 * R), man("b", 12, 10 + 1.9 * R)]   # gap 1.8R < 2R
    with pytest.raises(IllegalAction, match="gaps must be at least"):
        check_path(OPEN, [m, *narrow], m, [(14, 10)], Mover(6))
    wide = [man("a", 12, 10 - 2.05 * R), man("b", 12, 10 + 2.05 * R)]
    check_path(OPEN, [m, *wide], m, [(14, 10)], Mover(6))


def test_moving_off_the_gaming_table_only_when_fleeing():
    m = man("m", 2, 10)
    with pytest.raises(IllegalAction, match="off the gaming table"):
        check_path(OPEN, [m], m, [(0.2, 10)], Mover(6))
    check_path(OPEN, [m], m, [(-1, 10)], Mover(6), may_leave_table=True)


def test_control_zone_rule_a_model_stops_one_inch_away():
    m, orc = man("m", 10, 10), man("o", 16, 10, "evil")
    check_path(OPEN, [m, orc], m, [(16 - 2 * R - 1, 10)], Mover(6))
    with pytest.raises(IllegalAction, match="control zone of 'o'"):
        check_path(OPEN, [m, orc], m, [(16 - 2 * R - 0.9, 10)], Mover(6))
    # passing by within 1" is also forbidden
    with pytest.raises(IllegalAction, match="control zone"):
        check_path(OPEN, [m, orc], m, [(16, 10 - 2 * R - 0.5), (20, 10)], Mover(12))


def test_control_zone_rule_first_exception_engaged_models_have_no_zone():
    m, orc = man("m", 10, 10), man("o", 16, 10, "evil", zone=False)
    check_path(OPEN, [m, orc], m, [(16, 10 - 2 * R - 0.2)], Mover(7))


def test_control_zone_rule_second_exception_movement_by_another_rule():
    m, orc = man("m", 10, 10), man("o", 16, 10, "evil")
    check_path(OPEN, [m, orc], m, [(16 - 2 * R - 0.3, 10)], Mover(6), ignore_zones=True)


def test_control_zone_rule_third_exception_start_inside_moves_around_not_closer():
    orc = man("o", 20, 20, "evil")
    m = man("m", 20 - 2 * R - 0.5, 20)           # starts 0.5" from the Orc
    # sideways, square to the line between them, never brings it closer: allowed
    check_path(OPEN, [m, orc], m, [(m.x, 22)], Mover(6))
    with pytest.raises(IllegalAction, match="control zone"):
        check_path(OPEN, [m, orc], m, [(20 - 2 * R - 0.3, 20)], Mover(6))
    check_path(OPEN, [m, orc], m, [(10, 20)], Mover(12))   # away is fine


def test_control_zone_rule_charger_ignores_other_zones_inside_its_targets_zone():
    m = man("m", 10, 10)
    target = man("t", 16, 10, "evil")
    end = (16 - 2 * R, 10)
    # a bystander whose zone the approach enters only after reaching the target's zone
    late = man("b", 15.3, 10 + 2 * R + 0.8, "evil")
    report = check_path(OPEN, [m, target, late], m, [end], Mover(6), targets=["t"])
    assert report.contacts == ["t"]
    # one whose zone lies across the approach before that: the charge is blocked
    early = man("b", 12, 10 + 2 * R + 0.8, "evil")
    with pytest.raises(IllegalAction, match="control zone of 'b'"):
        check_path(OPEN, [m, target, early], m, [end], Mover(6), targets=["t"])


def test_charges_must_end_in_contact_and_touch_only_declared_targets():
    m, orc, goblin = man("m", 10, 10), man("o", 16, 10, "evil"), man("g", 16, 10 + 2 * R, "evil")
    with pytest.raises(IllegalAction, match="end in base contact"):
        check_path(OPEN, [m, orc], m, [(13, 10)], Mover(6), targets=["o"])
    with pytest.raises(IllegalAction, match="is a charge"):
        check_path(OPEN, [m, orc], m, [(16 - 2 * R, 10)], Mover(6), ignore_zones=True)
    spot = (16 - R * math.sqrt(3), 10 + R)           # touching both
    with pytest.raises(IllegalAction, match="not declared"):
        check_path(OPEN, [m, orc, goblin], m, [spot], Mover(7), targets=["o"])
    report = check_path(OPEN, [m, orc, goblin], m, [spot], Mover(7), targets=["o", "g"])
    assert sorted(report.contacts) == ["g", "o"]
    with pytest.raises(IllegalAction, match="friend"):
        check_path(OPEN, [m, man("f", 12, 10)], m, [(12 - 2 * R, 10)], Mover(6), targets=["f"])


def test_moving_the_models_bad_waypoints_are_refused_clearly():
    m = man("m", 10, 10)
    with pytest.raises(IllegalAction, match="waypoint 1 is not a pair"):
        check_path(OPEN, [m], m, [("x",)], Mover(6))


# ---------------------------------------------------------------- path finding

def test_path_finder_goes_round_a_model_to_a_destination():
    m, wall_of_friends = man("m", 10, 10), [man(f"f{i}", 12, 10 + (i - 2) * 2 * R) for i in range(5)]
    path = find_path(OPEN, [m, *wall_of_friends], m, Mover(8), to=(14, 10))
    assert path is not None and path[-1] == pytest.approx((14, 10))
    report = check_path(OPEN, [m, *wall_of_friends], m, path, Mover(8))
    assert report.length > 4


def test_path_finder_charges_into_contact_with_a_target():
    m, orc = man("m", 10, 10), man("o", 17, 13, "evil")
    guard = man("g", 14, 10, "evil")
    path = find_path(OPEN, [m, orc, guard], m, Mover(10), target="o")
    assert path is not None
    report = check_path(OPEN, [m, orc, guard], m, path, Mover(10), targets=["o"])
    assert report.contacts == ["o"]


def test_path_finder_answers_none_when_out_of_reach():
    m, orc = man("m", 10, 10), man("o", 30, 10, "evil")
    assert find_path(OPEN, [m, orc], m, Mover(6), target="o") is None
    assert find_path(OPEN, [m], m, Mover(6), to=(20, 10)) is None


def test_path_finder_takes_the_cheaper_way_round_difficult_terrain():
    table = Table(48, 48, INCHES, [Area("marsh", rect(11, 8, 15, 12), "difficult")])
    m = man("m", 10, 10)
    assert path_cost(table, [(10, 10), (16, 10)], Mover(9)) == pytest.approx(10)
    path = find_path(table, [m], m, Mover(9), to=(16, 10))
    assert path is not None
    assert check_path(table, [m], m, path, Mover(9)).cost <= 9 + 1e-6


# ---------------------------------------------------------------- sight

def test_can_i_see_open_ground_and_solid_terrain():
    table = Table(48, 48, INCHES, [Area("rock", rect(20, 20, 24, 24), "impassable", sight=2)])
    a, b = man("a", 18, 22), man("b", 26, 22, "evil")
    assert not sight(table, [a, b], a, b).visible
    c = man("c", 18, 30, "evil")
    assert sight(table, [a, c], a, c).visible and sight(table, [a, c], a, c).seen == 1


def test_in_the_way_example_the_man_the_tree_the_wall_and_the_orc():
    # a tree partly in front, then a wall the Orc stands behind: both are in the way, in order
    mm = INCHES.from_mm
    wall = Barrier("wall", LineString([(20, 0), (20, 48)]), mm(14), mm(10))
    tree = Area("tree", rect(14, 10.1, 15, 11), sight=mm(80))
    table = Table(48, 48, INCHES, [tree], [wall])
    shooter, orc = man("man", 8, 10), man("orc", 20 + R + mm(5), 10, "evil")
    seen = sight(table, [shooter, orc], shooter, orc)
    assert seen.visible and 0 < seen.seen < 1
    assert seen.in_the_way == ["tree", "wall"]


def test_in_the_way_models_partly_in_front():
    shooter, target = man("s", 10, 10), man("t", 20, 10, "evil")
    half_cover = man("f", 15, 10 + 0.6 * R, "evil")
    seen = sight(OPEN, [shooter, target, half_cover], shooter, target)
    assert seen.visible and seen.in_the_way == ["f"]
    full = man("g", 15, 10)
    seen2 = sight(OPEN, [shooter, target, full], shooter, target)
    assert not seen2.visible             # a man of the same size right in front hides it


def test_can_i_see_over_a_wall_from_elevated_ground():
    mm = INCHES.from_mm
    hill = Area("hill", rect(0, 0, 12, 48), ground=mm(50))
    high_wall = Barrier("wall", LineString([(16, 0), (16, 48)]), mm(30), mm(10))
    behind = man("b", 16 + R + 0.3, 20, "evil")
    on_flat = man("f", 14, 20)
    table = Table(48, 48, INCHES, [hill], [high_wall])
    assert not sight(table, [on_flat, behind], on_flat, behind).visible
    on_hill = man("h", 10, 20)
    assert sight(table, [on_hill, behind], on_hill, behind).visible


def test_can_i_see_a_model_sees_out_of_the_ruin_it_stands_in():
    ruin = Area("ruin", rect(8, 8, 12, 12), "difficult", sight=INCHES.from_mm(60))
    table = Table(48, 48, INCHES, [ruin])
    inside, outside = man("i", 10, 10), man("o", 20, 10, "evil")
    assert sight(table, [inside, outside], inside, outside).visible
    assert not sight(table, [inside, outside], outside, man("i", 10, 10)).visible


def test_table_from_data_names_the_faulty_field():
    with pytest.raises(ValueError, match=r"table\.width"):
        Table.from_data({"units": "in", "depth": 24})
    with pytest.raises(ValueError, match="going 'lava'"):
        Table.from_data({"units": "in", "width": 24, "depth": 24,
                         "areas": [{"name": "x", "outline": [[0, 0], [1, 0], [1, 1]], "going": "lava"}]})
    t = Table.from_data({"units": "cm", "width": 56, "depth": 56,
                         "barriers": [{"name": "w", "line": [[0, 0], [10, 0]],
                                       "height_mm": 20, "width_mm": 10}]})
    assert t.barriers[0].height == 2 and t.units is CENTIMETRES


# ---------------------------------------------------------------- properties

def _independent_check(points, start, others, allowance, cz, tol):
    """A second, sampling implementation of the path rules to check check_path against."""
    samples = []
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        n = max(2, int(math.dist((ax, ay), (bx, by)) / 0.02))
        samples += [(ax + (bx - ax) * k / n, ay + (by - ay) * k / n) for k in range(n + 1)]
    length = sum(math.dist(p, q) for p, q in zip(points, points[1:]))
    assert length <= allowance + 1e-6, "no move longer than allowed"
    for m in others:
        start_gap = max(0.0, math.dist((start.x, start.y), (m.x, m.y)) - start.radius - m.radius)
        for p in samples:
            d = math.dist(p, (m.x, m.y))
            assert d >= start.radius + m.radius - tol - 1e-6, "bases never overlap"
            if m.side != start.side and m.zone:
                assert d - start.radius - m.radius >= min(cz, start_gap) - tol - 1e-6, \
                    "control zones respected"


coords = st.floats(min_value=2, max_value=22, allow_nan=False)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(coords, coords, st.booleans()), min_size=1, max_size=6),
       st.tuples(coords, coords), st.tuples(coords, coords))
def test_property_legal_moves_never_overlap_exceed_or_enter_zones(others, start_at, goal):
    table = Table(24, 24, INCHES)
    start = man("m", *start_at)
    discs = [man(f"o{i}", x, y, "evil" if evil else "good") for i, (x, y, evil) in enumerate(others)]
    discs = [d for d in discs if gap(d, start) > 0.05]
    placed = []
    for d in discs:                        # a legal position has no overlapping bases
        if all(not overlapping(d, p, 0) for p in placed):
            placed.append(d)
    mover = Mover(6)
    try:
        report = check_path(table, [start, *placed], start, [goal], mover)
    except IllegalAction:
        report = None
    if report is not None:
        _independent_check([start_at, goal], start, placed, 6, 1.0, INCHES.tolerance)
    path = find_path(table, [start, *placed], start, mover, to=goal)
    if path is not None:
        _independent_check([start_at, *path], start, placed, 6, 1.0, INCHES.tolerance)
        assert path[-1] == pytest.approx(goal, abs=1e-3)     # written to three decimals
    if report is not None:
        # whatever a player may walk straight, the path finder can also find
        assert path is not None or math.dist(start_at, goal) > 6 - 0.3


def test_path_finder_bound_skips_only_hopeless_searches_same_answers():
    # the speed-up of the candidate list: a model's Reach (zones ignored) may only turn a
    # search into an early None when the full search would also find nothing
    import random as _random
    from palantir.engine.dice import SeededDice
    from palantir.games.strategy_battle import StrategyBattle
    from palantir.games.strategy_battle import table as geo
    state = StrategyBattle().new_state({"scenario": "the_wall", "heroic_actions": False},
                                       SeededDice(5))
    rng = _random.Random(5)
    compared = skipped = 0
    for _ in range(12):
        if state.phase == "move" and state.question is None:
            discs = state.discs()
            for model in list(state.models.values())[:6]:
                if model.side != state.acting or state.engaged(model) or model.moved:
                    continue
                me, mover = state.disc(model), state.mover(model)
                bound = geo.Reach(state.table, discs, me, mover)
                for enemy in state.models.values():
                    if enemy.side == model.side:
                        continue
                    fast = geo.find_path(state.table, discs, me, mover, target=enemy.id,
                                         bound=bound)
                    full = geo.find_path(state.table, discs, me, mover, target=enemy.id)
                    assert fast == full
                    compared += 1
                    skipped += fast is None
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert compared >= 10 and skipped >= 1


# ---------------------------------------------------------------- cavalry: the long base

RC = INCHES.from_mm(12.5)                 # half the 25mm width
HALF = INCHES.from_mm(12.5)               # half the 50 - 25 = 25mm spine


def rider(key, x, y, heading=0.0, side="good", **kw):
    return Disc(key, x, y, RC, INCHES.from_mm(60), side, mount_height=INCHES.from_mm(40),
                half=HALF, heading=heading, **kw)


def test_cavalry_base_is_a_25_by_50mm_capsule_measured_edge_to_edge():
    horse = rider("c", 10, 10)                              # pointing along x
    ahead = man("a", 10 + INCHES.from_mm(25) + R + 1, 10, "evil")
    beside = man("b", 10, 10 + INCHES.from_mm(12.5) + R + 1, "evil")
    assert gap(horse, ahead) == pytest.approx(1) and gap(horse, beside) == pytest.approx(1)
    turned = rider("c", 10, 10, heading=math.pi / 2)
    assert gap(turned, beside) == pytest.approx(1 - INCHES.from_mm(12.5))
    nose_to_nose = rider("d", 10 + INCHES.from_mm(50), 10, side="evil")
    assert in_contact(horse, nose_to_nose, INCHES.tolerance)
    side_by_side = rider("e", 10, 10 + INCHES.from_mm(25), side="evil")
    assert in_contact(horse, side_by_side, INCHES.tolerance)


def test_moving_the_models_a_horse_passes_lengthwise_through_a_gap_as_wide_as_its_base():
    # 'Moving the Models': "gaps must be at least as wide as a model's base" - a 25x50mm base
    # goes lengthwise through a 26mm gap, which a 50mm round base could not
    width = INCHES.from_mm(26)
    left = man("l", 14, 10 - width / 2 - R)
    right = man("r", 14, 10 + width / 2 + R)
    horse = rider("c", 10, 10)
    report = check_path(OPEN, [horse, left, right], horse, [(18, 10)], Mover(10, 4.0))
    assert report.end == (18, 10)
    round_base = Disc("c", 10, 10, INCHES.from_mm(25), INCHES.from_mm(60), "good")
    with pytest.raises(IllegalAction, match="gaps must be at least as wide"):
        check_path(OPEN, [round_base, left, right], round_base, [(18, 10)], Mover(10, 4.0))
    # across the gap the horse is too long: it turns to face along its way, so it passes;
    # but a horse carried sideways (moved by another rule, keeping its heading) does not
    across = rider("c", 10, 10, heading=math.pi / 2)
    with pytest.raises(IllegalAction, match="gaps must be at least as wide"):
        check_path(OPEN, [across, left, right], across, [(18, 10)], Mover(10, 4.0),
                   ignore_zones=True)
    check_path(OPEN, [across, left, right], across, [(18, 10)], Mover(10, 4.0))


def test_cavalry_the_long_base_faces_along_its_charge_and_touches_head_on():
    from palantir.games.strategy_battle.table import find_path
    horse = rider("c", 10, 10)
    foe = man("e", 10, 16, "evil")
    path = find_path(OPEN, [horse, foe], horse, Mover(10, 4.0), target="e")
    report = check_path(OPEN, [horse, foe], horse, path, Mover(10, 4.0), targets=("e",))
    assert report.contacts == ["e"]
    # it ends pointing at the Orc: its centre half a base and a base's radius short of it
    assert math.dist(path[-1], (10, 16)) == pytest.approx(HALF + RC + R, abs=1e-3)


def test_can_i_see_a_horse_seen_from_the_side_shows_more_than_end_on():
    from palantir.games.strategy_battle.table import sight
    # a narrow tree halfway hides the middle of the body: all of a horse seen end-on, not
    # the whole length of one seen from the side
    tree = Area("tree", rect(14.5, 9.9, 15.5, 10.5), sight=INCHES.from_mm(80))
    table = Table(48, 48, INCHES, [tree])
    looker = man("m", 10, 10.2, "evil")
    end_on = rider("c", 20, 10.2, heading=0.0)
    side_on = rider("c", 20, 10.2, heading=math.pi / 2)
    assert not sight(table, [looker, end_on], looker, end_on).visible
    assert sight(table, [looker, side_on], looker, side_on).visible


def _capsule_check(points, start, others, cz, tol):
    """Sampling the capsule along the path with shapely (an implementation of its own)."""
    from shapely.geometry import LineString as Line, Point as Pt
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        n = max(2, int(math.dist((ax, ay), (bx, by)) / 0.02))
        # it turns to face along a stretch; on a stretch of no length it keeps its heading
        h = math.atan2(by - ay, bx - ax) if math.dist((ax, ay), (bx, by)) > 1e-9 \
            else start.heading
        for k in range(n + 1):
            x, y = ax + (bx - ax) * k / n, ay + (by - ay) * k / n
            body = Line([(x - HALF * math.cos(h), y - HALF * math.sin(h)),
                         (x + HALF * math.cos(h), y + HALF * math.sin(h))])
            for m in others:
                d = body.distance(Pt(m.x, m.y))
                assert d >= start.radius + m.radius - tol - 1e-6, "bases never overlap"
                if m.side != start.side and m.zone:
                    assert d - start.radius - m.radius >= cz - tol - 1e-6, "zones respected"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(coords, coords, st.booleans()), min_size=1, max_size=6),
       st.tuples(coords, coords), st.tuples(coords, coords),
       st.floats(min_value=0, max_value=math.pi))
def test_property_a_horses_legal_moves_never_overlap_or_enter_zones(others, start_at, goal,
                                                                    heading):
    table = Table(24, 24, INCHES)
    start = rider("m", *start_at, heading=heading)
    discs = [man(f"o{i}", x, y, "evil" if evil else "good") for i, (x, y, evil) in enumerate(others)]
    placed = []
    for d in discs:
        if gap(d, start) > 1.05 and all(not overlapping(d, p, 0) for p in placed):
            placed.append(d)
    mover = Mover(10, 4.0)
    for path in ([goal], find_path(table, [start, *placed], start, mover, to=goal)):
        if path is None:
            continue
        try:
            check_path(table, [start, *placed], start, path, mover)
        except IllegalAction:
            continue
        _capsule_check([start_at, *path], start, placed, 1.0, INCHES.tolerance)


# ---------------------------------------------------------------- what is remembered
# What the table and the state remember for speed (Table.answers, a model's base, who
# touches whom) never answers for another position: every remembered answer equals the one
# worked out afresh, and changing anything it depends on gives a new answer.


def walled_table():
    wall = geo.Barrier("wall", LineString([(20, 5), (20, 40)]), geo.INCHES.from_mm(30),
                       geo.INCHES.from_mm(10))
    bog = geo.Area("bog", Polygon([(8, 20), (14, 20), (14, 26), (8, 26)]), "difficult")
    rocks = geo.Area("rocks", Polygon([(26, 10), (30, 10), (30, 14), (26, 14)]), "impassable",
                     sight=2.0)
    return geo.Table(48, 48, geo.INCHES, [bog, rocks], [wall])


def afresh(table, work):
    """The answer worked out with nothing remembered (and then remembered)."""
    table.forget()
    return work()


def test_a_remembered_path_check_is_the_check_made_afresh_and_a_copy():
    table = walled_table()
    me, other = man("m", 10, 10), man("o", 16, 10, "evil")
    mover = geo.Mover(6)
    for path in ([(12, 12)], [(15, 30)], [(13, 10.5)], [(11, 22)]):
        def check():
            try:
                report = geo.check_path(table, [me, other], me, path, mover)
                return ("legal", report)
            except IllegalAction as exc:
                return ("illegal", exc.reason, exc.rule)
        first = afresh(table, check)
        again = check()            # remembered now
        assert first == again
    report = geo.check_path(table, [me, other], me, [(12, 12)], mover)
    report.contacts.append("mischief")          # the caller's copy, not the table's
    assert geo.check_path(table, [me, other], me, [(12, 12)], mover).contacts == []


def test_a_remembered_refusal_names_the_same_rule():
    table = walled_table()
    me = man("m", 18, 10)
    with pytest.raises(IllegalAction) as first:
        geo.check_path(table, [me], me, [(20, 10)], geo.Mover(6))
    with pytest.raises(IllegalAction) as again:
        geo.check_path(table, [me], me, [(20, 10)], geo.Mover(6))
    assert (first.value.reason, first.value.rule) == (again.value.reason, again.value.rule)


def test_any_change_to_the_bases_mover_or_goal_asks_afresh():
    table = walled_table()
    me, other = man("m", 10, 10), man("o", 16, 10, "evil")
    found = geo.find_path(table, [me, other], me, geo.Mover(6), to=(12, 14))
    assert found is not None
    # the enemy moved into the way: a different question, a different answer
    blocker = other.at(11, 12)
    moved = geo.find_path(table, [me, blocker], me, geo.Mover(6), to=(12, 14))
    assert moved == afresh(table, lambda: geo.find_path(table, [me, blocker], me,
                                                       geo.Mover(6), to=(12, 14)))
    assert geo.find_path(table, [me, other], me, geo.Mover(1), to=(12, 14)) is None
    assert geo.find_path(table, [me, other], me, geo.Mover(6), to=(12, 14)) == found
    found.append((0, 0))                        # the caller's copy, not the table's
    assert geo.find_path(table, [me, other], me, geo.Mover(6), to=(12, 14)) != found


def test_remembered_sight_is_sight_worked_out_afresh():
    table = walled_table()
    rng = random.Random(3)
    models = [man(f"m{i}", rng.uniform(2, 46), rng.uniform(2, 46), "good" if i % 2 else "evil")
              for i in range(8)]
    for a in models:
        for b in models:
            if a is b:
                continue
            remembered = geo.sight(table, models, a, b)
            assert remembered == afresh(table, lambda: geo.sight(table, models, a, b))
            remembered.in_the_way.append("mischief")
            assert "mischief" not in geo.sight(table, models, a, b).in_the_way


@pytest.mark.parametrize("scenario", scenario_names())
def test_a_search_sees_the_same_battle_with_its_memory_or_without(scenario):
    """Rollout play from each scenario's start: at every decision the candidates, and the
    sight of every pair, are the same with the table's answers kept or forgotten."""
    game = StrategyBattle()
    state = game.new_state({"scenario": scenario}, SeededDice(5))
    rng = random.Random(5)
    models = list(state.models.values())
    for _ in range(30):
        if state.is_over():
            break
        kept = [str(a) for a in state.legal_actions()]
        state.table.forget()
        assert kept == [str(a) for a in state.legal_actions()]
        a, b = models[0], models[-1]
        if a.id in state.models and b.id in state.models:
            seen = state.sees(a, b)
            state.table.forget()
            assert seen == state.sees(a, b)
        state.apply(rollout_policy(state, rng))


def test_a_model_s_base_follows_its_place_and_who_touches_whom_follows_the_bases():
    game = StrategyBattle()
    state = game.new_state({"scenario": "intro"}, SeededDice(0))
    good = next(m for m in state.models.values() if m.side == "good")
    evil = next(m for m in state.models.values() if m.side == "evil")
    before = state.disc(good, zone=False)
    assert state.disc(good, zone=False) is before          # kept while nothing changes
    assert not state.engaged(good)
    # set him in base contact with the enemy: a new base, and now he touches
    reach = before.radius + state.disc(evil, zone=False).radius
    good.x, good.y = evil.x + reach, evil.y
    moved = state.disc(good, zone=False)
    assert (moved.x, moved.y) == (good.x, good.y)
    assert state.engaged(good) and state.engaged(evil)
    assert not next(d for d in state.discs() if d.key == good.id).zone
    # a clone shares what is kept, and goes its own way when its model moves
    other = state.clone()
    other.models[good.id].x += 5
    assert not other.engaged(other.models[good.id]) and state.engaged(good)


def test_the_general_reads_one_table_for_one_view_table():
    game = StrategyBattle()
    state = game.new_state({"scenario": "the_wall"}, SeededDice(0))
    view = state.view(0)
    assert table_of(view) is table_of(state.view(1))
    other = game.new_state({"scenario": "intro"}, SeededDice(0)).view(0)
    assert table_of(other) is not table_of(view)
    assert table_of(other).width == other["table"]["width"]
