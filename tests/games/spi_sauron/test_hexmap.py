"""Hex geometry (SPI CCRR, flat-topped, even columns shifted down) and the map's checks."""

import pytest

from palantir.games.spi_sauron.components import default_components
from palantir.games.spi_sauron.hexmap import (
    clear_line, coordinates, direction_between, distance, hexside, line_hexes, map_of,
    reachable, step)

PARTS = default_components()
MAP = map_of(PARTS)


def test_hex_ids_are_column_then_row():
    assert coordinates("1331") == (13, 31)
    with pytest.raises(ValueError, match="CCRR"):
        coordinates("131")


def test_neighbours_of_an_odd_column_hex():
    assert set(MAP.neighbours["1331"]) == {"1330", "1332", "1230", "1231", "1430", "1431"}


def test_neighbours_of_an_even_column_hex_sit_half_a_hex_lower():
    assert set(MAP.neighbours["1224"]) == {"1223", "1225", "1124", "1125", "1324", "1325"}


def test_edge_hexes_have_fewer_neighbours():
    assert set(MAP.neighbours["0101"]) == {"0102", "0201"}
    assert set(MAP.neighbours["2332"]) == {"2331", "2231", "2232"}


def test_distance():
    assert distance("1331", "1330") == 1
    assert distance("1324", "1328") == 4
    assert distance("1201", "1401") == 2
    assert distance("0101", "0301") == 2
    assert distance("0101", "0201") == 1 and distance("0101", "0202") == 2
    for a in ("0905", "1010", "1324"):
        for b in MAP.neighbours[a]:
            assert distance(a, b) == 1


def test_directions_and_hexsides():
    assert direction_between("1331", "1330") == "N"
    assert direction_between("1224", "1324") == "NE"
    assert direction_between("1224", "1325") == "SE"
    assert step("1224", "SW") == "1125"
    assert hexside("1331", "1330") == hexside("1330", "1331") == MAP.gate
    with pytest.raises(ValueError, match="not adjacent"):
        hexside("1331", "1329")


def test_lines_pass_the_hexes_between():
    assert line_hexes("1320", "1324", 1e-6) == ["1320", "1321", "1322", "1323", "1324"]
    line = line_hexes("0510", "0810", 1e-6)
    assert line[0] == "0510" and line[-1] == "0810" and len(line) == 4


def test_case_7_13_mountain_between_blocks_missiles():
    # 1230 is a mountain on the straight line from 1229 to 1231.
    assert MAP.terrain["1230"] == "mountain"
    assert not clear_line(MAP, "1229", "1231")
    assert clear_line(MAP, "1229", "1329")


def test_case_7_13_units_between_do_not_block_but_listed_blockers_do():
    assert clear_line(MAP, "1320", "1322")
    assert not clear_line(MAP, "1320", "1322", blocks={"1321"})


def test_case_7_13_a_line_along_a_hexside_is_blocked_only_if_both_sides_block():
    # From 0510 to 0710 the line runs exactly along the hexside between 0609 and 0610.
    a, b = "0510", "0710"
    left, right = line_hexes(a, b, 1e-6)[1:-1], line_hexes(a, b, -1e-6)[1:-1]
    assert {left[0], right[0]} == {"0609", "0610"}
    one_side = set(left) - set(right)
    assert clear_line(MAP, a, b, blocks=one_side)
    assert not clear_line(MAP, a, b, blocks=set(left) | set(right))


def test_map_every_set_up_hex_is_passable_clear_or_road():
    for placement in PARTS.setup:
        for h in placement.hexes:
            assert MAP.terrain[h] in ("clear", "road"), (placement, h)


def test_map_every_entry_hex_is_passable():
    for hexes in MAP.entries.values():
        for h in hexes:
            assert PARTS.terrain[MAP.terrain[h]].passable


def test_case_14_2_north_entry_is_the_north_edge_within_two_of_1401():
    edge = [h for h in MAP.terrain if h.endswith("01") and distance(h, "1401") <= 2]
    assert sorted(MAP.entries["north"]) == sorted(edge)


def test_map_road_of_the_orcs_connects_1331_to_1401():
    road = reachable(MAP, "1331", lambda a, b: MAP.along_road(a, b))
    assert "1401" in road
    assert MAP.road_south_end == "1331" and MAP.road_north_end == "1401"
    for h in ("1324", "1325", "1326", "1327", "1328"):   # the Wargs stand on the road
        assert MAP.is_road(h)


def test_case_18_gate_is_the_only_way_into_mordor():
    passable = {h for h, t in MAP.terrain.items() if PARTS.terrain[t].passable}

    def walk(a, b):
        return b in passable and not MAP.is_gate(a, b)

    inside = reachable(MAP, MAP.mordor_gate_hex, walk)
    assert inside == {"1331"}
    assert "1330" in reachable(MAP, "1331", lambda a, b: b in passable)


def test_map_plain_has_craters_rough_and_slopes_on_both_ridges():
    kinds = set(MAP.terrain.values())
    assert {"clear", "road", "rough", "crater", "mountain", "gate"} <= kinds
    rows = sorted(int(h[2:]) for side in MAP.slopes for h in side)
    assert any(5 <= r <= 10 for r in rows) and any(19 <= r <= 22 for r in rows)
    for side, high in MAP.slopes.items():
        assert high in side
