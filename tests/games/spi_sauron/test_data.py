"""The data files: loaded once, validated with errors naming file and field, overridable."""

import pytest

from palantir.games.spi_sauron.components import (
    ComponentError, components_with, default_components, merge, packaged_documents,
    parse_components, parse_strength)

PARTS = default_components()


def broken(file, patch):
    """Parse the packaged data with `patch` merged into `file`."""
    docs = packaged_documents()
    docs[file] = merge(docs[file], patch)
    return parse_components(docs)


def test_data_loaded_once():
    assert default_components() is PARTS


def test_case_2_41_strength_reads_melee_missile_armour_morale():
    goblins = PARTS.unit_types["goblins"].front
    assert (goblins.melee, goblins.missile, goblins.armour, goblins.morale) == ("E", "e", 2, "Z")
    assert str(goblins) == "Ee-2-Z"
    bowmen = PARTS.unit_types["bowmen"]
    assert bowmen.front.melee is None and bowmen.bowmen
    assert not PARTS.unit_types["men"].bowmen


def test_case_2_41_every_unit_has_a_front_and_a_reduced_side_no_stronger():
    order = "ABCDE"
    for unit in PARTS.unit_types.values():
        assert unit.reduced.armour <= unit.front.armour, unit.key
        if unit.front.melee:
            assert order.index(unit.reduced.melee) >= order.index(unit.front.melee), unit.key


def test_case_4_3_terrain_effects_chart():
    chart = PARTS.terrain
    assert chart["clear"].half_mp == 2 and chart["road"].road_half_mp == 1
    assert not chart["crater"].passable and not chart["mountain"].passable
    assert PARTS.slope_extra_half_mp == 2 and PARTS.slope_armour == 1
    assert PARTS.gate_half_mp == 2


def test_case_4_3_errata_rough_costs_one_more_bars_cavalry_adds_armour():
    rough = PARTS.terrain["rough"]
    assert rough.half_mp == 4 and not rough.cavalry and rough.armour == 1
    assert PARTS.armour_maximum == 4


def test_case_4_1_movement_allowances():
    assert PARTS.movement["infantry"] == 4
    assert PARTS.movement["cavalry"] == 6 and PARTS.movement["leader"] == 6


def test_case_7_41_casualty_probability_table_b_vs_3_needs_2_to_7():
    assert PARTS.casualty_probability["B", 3] == frozenset(range(2, 8))
    assert PARTS.casualty_probability["A", 1] == frozenset(range(2, 11))
    assert PARTS.casualty_probability["E", 4] == frozenset({5, 6})


def test_case_7_42_casualty_results_table_with_reconstructed_die_6_row():
    cell = PARTS.casualty_results[3, "Y"]
    assert cell.half_eliminated and cell.retreat == 1 and not cell.eliminated
    assert PARTS.casualty_results[1, "Z"].eliminated
    assert [PARTS.casualty_results[6, m].text for m in "WXYZ"] == ["-", "r1", "r1", "r1"]
    assert any("casualty_results rows 6" in r for r in PARTS.reconstructed)


def test_case_7_26_leader_combat_table_follows_the_references_rule():
    # Each column is the column to its left shifted down one row (reference, "Reconstructed").
    sequence = ["Ae", "Ae", "A1/2e", "A1/2e", "Ar2", "Ar2", "-", "Dr2", "D1/2e", "D1/2e",
                "De", "De", "De"]
    for row in range(1, 7):
        for column in range(8):
            assert PARTS.leader_combat[row, column] == sequence[row - 1 + 7 - column]


def test_case_7_26_leader_combat_printed_cells_survive():
    printed = {(1, 0): "Dr2", (1, 1): "-", (1, 4): "A1/2e", (1, 7): "Ae",
               (2, 0): "D1/2e", (2, 2): "-", (2, 6): "A1/2e", (3, 0): "D1/2e", (3, 2): "Dr2",
               (3, 3): "-"}
    for cell, result in printed.items():
        assert PARTS.leader_combat[cell] == result


def test_case_7_26_differentials_beyond_the_table_are_clamped():
    assert PARTS.leader_column(9) == 0 and PARTS.leader_column(6) == 0
    assert PARTS.leader_column(5) == 1 and PARTS.leader_column(4) == 1
    assert PARTS.leader_column(3) == 2 and PARTS.leader_column(1) == 3
    assert PARTS.leader_column(0) == 4 and PARTS.leader_column(-1) == 5
    assert PARTS.leader_column(-3) == 6 and PARTS.leader_column(-4) == 7
    assert PARTS.leader_column(-11) == 7


def test_case_8_37_rally_table_with_errata_ratings_9_and_10():
    assert PARTS.rally[1] == frozenset({4, 5})
    assert PARTS.rally[8] == frozenset(range(3, 11))
    assert PARTS.rally[9] == frozenset(range(3, 12))
    assert PARTS.rally[10] == frozenset(range(3, 13))
    assert PARTS.rally_maximum == 10 and PARTS.rally_attempts == 3


def test_case_9_12_demoralization_values():
    assert PARTS.demoralization_value("trolls") == 4 + 3 + 3          # B-3-X
    assert PARTS.demoralization_value("goblins") == 1 + 1 + 2 + 1     # Ee-2-Z: both letters
    assert PARTS.demoralization_value("bowmen") == 1 + 1 + 3          # e-1-X
    assert PARTS.demoralization_value("pikes") == 4 + 1 + 2           # B-1-Y


def test_case_9_12_the_rules_example_b_3_y_is_9():
    docs = packaged_documents()
    docs["units"]["unit_types"]["example"] = {
        "name": "Example", "side": "sauron", "nationality": "orcs", "kind": "infantry",
        "front": "B-3-Y", "reduced": "C-2-Y"}
    assert parse_components(docs).demoralization_value("example") == 9


def test_case_20_demoralization_levels_and_21_victory_points():
    assert PARTS.demoralization_levels["sauron"] == 71
    assert PARTS.demoralization_levels["westernesse"] == 112
    assert PARTS.demoralization_levels["beast_slain"] == 15
    assert PARTS.victory_points["enemy_unit_eliminated"] == 2


def test_case_12_game_length_18_turns_night_15_to_18():
    assert PARTS.last_turn == 18 and PARTS.night_turns == frozenset({15, 16, 17, 18})


def test_leaders_of_the_reference_with_sauron_45_magic():
    leaders = PARTS.leaders
    assert leaders["sauron"].magic == 45 and leaders["sauron"].rally == 10
    assert (leaders["elendil"].rally, leaders["gil_galad"].rally, leaders["isildur"].rally,
            leaders["anarion"].rally, leaders["cirdan"].rally, leaders["baldrim"].rally,
            leaders["ringwraith"].rally, leaders["gorgol"].rally) == (10, 10, 8, 6, 7, 6, 8, 5)
    assert all(l.magic == 0 for k, l in leaders.items() if k != "sauron")


def test_case_8_1_leader_nationalities():
    leaders, types = PARTS.leaders, PARTS.unit_types
    assert leaders["baldrim"].commands_nationality(types["dwarves"].nationality)
    assert not leaders["baldrim"].commands_nationality(types["men"].nationality)
    assert leaders["elendil"].commands_nationality(types["pikes"].nationality)
    assert leaders["elendil"].commands_nationality(types["cavalry"].nationality)
    assert leaders["gorgol"].commands_nationality(types["wargs"].nationality)
    assert not leaders["gorgol"].commands_nationality(types["orcs"].nationality)
    assert leaders["sauron"].commands_nationality(types["trolls"].nationality)
    assert leaders["cirdan"].commands_nationality(types["elven_bowmen"].nationality)


def test_case_13_order_of_battle_counts():
    counted = {}
    for placement in PARTS.setup:
        if placement.unit_type:
            counted[placement.unit_type] = counted.get(placement.unit_type, 0) + len(placement.hexes)
    assert counted == {"goblins": 7, "wargs": 5, "cavalry": 4, "men": 6, "dwarves": 3,
                       "light_cavalry": 2, "bowmen": 3, "archers": 2, "pikes": 2, "swordsmen": 1}
    where = {p.leader: p.hexes[0] for p in PARTS.setup if p.leader}
    assert where == {"gorgol": "1324", "elendil": "1108", "isildur": "1908", "anarion": "0907",
                     "baldrim": "1408"}


def test_case_14_reinforcement_schedule():
    schedule = {(a.turn, a.side): (dict(a.units), a.leaders) for a in PARTS.arrivals}
    assert schedule[2, "westernesse"] == ({"elves": 7, "elven_archers": 5, "elven_bowmen": 5},
                                          ("gil_galad", "cirdan"))
    assert schedule[4, "sauron"] == ({"orc_archers": 8}, ("sauron",))
    assert schedule[6, "sauron"] == ({"slaves": 10}, ("ringwraith",))
    assert schedule[8, "sauron"][0] == {"trolls": 3}
    assert schedule[12, "sauron"][0] == {"orcs": 9}
    turn4 = next(a for a in PARTS.arrivals if a.turn == 4)
    assert turn4.pedestal and turn4.entry == "mordor"


def test_case_8_57_spell_chart_and_costs():
    spells = PARTS.spells
    assert PARTS.spell_base == 3
    assert [spells[k].cost for k in ("sinister_visions", "wrath_of_the_ringwraith",
            "total_eclipse", "conjure_beast", "beast_flight", "horn_attack", "magic_armour",
            "death_breath")] == [3, 3, 4, 5, 8, 4, 9, 20]
    assert spells["sinister_visions"].allowance == 2 and spells["total_eclipse"].allowance == 2
    assert spells["wrath_of_the_ringwraith"].duration == 3
    assert spells["conjure_beast"].night_only


def test_reconstructed_values_are_listed():
    text = " ".join(PARTS.reconstructed)
    for part in ("leader_combat", "spells.chart", "map", "units.unit_types.trolls.reduced",
                 "order_of_battle.setup"):
        assert part in text


def test_override_replaces_a_reconstructed_row():
    parts = components_with({"tables": {"casualty_results": {"6": ["r1", "r1", "r2", "E"]}}})
    assert parts.casualty_results[6, "Z"].eliminated
    assert PARTS.casualty_results[6, "Z"].retreat == 1   # the packaged data is untouched


@pytest.mark.parametrize("file, patch, message", [
    ("tables", {"casualty_probability": {"B": ["4-9", "4-8", "2-7"]}},
     "tables.toml: casualty_probability.B: one entry per armour"),
    ("tables", {"casualty_probability": {"C": ["4-8", "2-13", "4-7", "4-6"]}},
     "tables.toml: casualty_probability.C[2]"),
    ("tables", {"casualty_results": {"4": ["r1", "r3", "r2", "E"]}},
     "tables.toml: casualty_results.4.X"),
    ("tables", {"leader_combat": {"2": ["D1/2e", "Dr2", "-", "Ar2", "Ar2", "A1/2e", "X", "Ae"]}},
     "tables.toml: leader_combat.2[-2]"),
    ("tables", {"rally": {"9": "3-eleven"}}, "tables.toml: rally.9"),
    ("tables", {"terrain": {"road": {"road_mp": 0.3}}}, "tables.toml: terrain.road.road_mp"),
    ("tables", {"turns": {"night": [15, 19]}}, "tables.toml: turns.night"),
    ("units", {"unit_types": {"orcs": {"front": "D-5-Y"}}}, "units.toml: unit_types.orcs.front"),
    ("units", {"unit_types": {"orcs": {"kind": "chariot"}}}, "units.toml: unit_types.orcs.kind"),
    ("units", {"leaders": {"gorgol": {"commands": ["elves"]}}},
     "units.toml: leaders.gorgol.commands"),
    ("units", {"leaders": {"isildur": {"reduced_rally": 9}}},
     "units.toml: leaders.isildur.reduced_rally"),
    ("spells", {"spells": {"total_eclipse": {"cost": 0}}}, "spells.toml: spells.total_eclipse.cost"),
    ("order_of_battle", {"reinforcements": [{"turn": 20, "entry": "north", "units": {}}]},
     "order_of_battle.toml: reinforcements[0].turn"),
    ("order_of_battle", {"reinforcements": [{"turn": 3, "entry": "south", "units": {}}]},
     "order_of_battle.toml: reinforcements[0].entry"),
    ("order_of_battle", {"setup": [{"type": "ents", "hexes": ["0101"]}]},
     "order_of_battle.toml: setup[0].type"),
    ("order_of_battle", {"setup": [{"type": "men", "hexes": ["1331", "0530"]}]},
     "order_of_battle.toml: setup[0]: 0530 is mountain"),
    ("order_of_battle", {"setup": [{"type": "cavalry", "hexes": ["0312"]}]},
     "order_of_battle.toml: setup[0]: cavalry may not stand in rough"),
    ("order_of_battle", {"setup": [{"type": "men", "hexes": ["1108", "1108"]}]},
     "13.0 B"),
    ("map", {"legend": {"~": "swamp"}}, "map.toml: legend.'~'"),
    ("map", {"hexsides": {"slopes": ["0509/0511"]}}, "map.toml: hexsides.slopes[0]"),
    ("map", {"hexsides": {"gate": "1331/1329"}}, "map.toml: hexsides.gate"),
    ("map", {"entries": {"north": {"hexes": ["1201", "0130"]}}}, "map.toml: entries.north.hexes"),
    ("map", {"rows": 31}, "map.toml: sheet.art: 31 rows expected"),
])
def test_validation_errors_name_file_and_field(file, patch, message):
    with pytest.raises(ComponentError) as caught:
        broken(file, patch)
    assert message in str(caught.value)


def test_map_art_with_a_bad_character_names_the_hex():
    docs = packaged_documents()
    art = docs["map"]["sheet"]["art"]
    docs["map"]["sheet"]["art"] = art.replace("05 ............=", "05 ....?.......=")
    with pytest.raises(ComponentError, match=r"map.toml: sheet.art hex 0505"):
        parse_components(docs)


def test_strength_parser_names_the_field():
    with pytest.raises(ComponentError, match="here"):
        parse_strength("F-2-Z", "here")
    with pytest.raises(ComponentError):
        parse_strength("-2-Z", "here")
