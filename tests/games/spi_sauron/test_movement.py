"""Movement (4.0), stacking (5.0), Zones of Control (6.0), Elves and Dwarves (15.1, 15.2)."""

import pytest

from palantir.engine.errors import IllegalAction
from palantir.games.spi_sauron.notation import Move

from tests.support.positions.spi import at_phase, cleared, new_game, place, refused, setup
from palantir.games.spi_sauron.phases.movement import dwarves_owing_a_move


def listed(state, text):
    return text in {str(a) for a in state.legal_actions()}


def test_case_4_12_infantry_moves_four_clear_hexes_not_five():
    state = cleared()
    place(state, "goblins-1", "0516")
    state.apply("move 0516-0517-0518-0519-0520")
    assert state.units["goblins-1"].hex == "0520"
    state = cleared()
    place(state, "goblins-1", "0516")
    refused(state, "move 0516-0517-0518-0519-0520-0521", "4.26")


def test_case_4_11_cavalry_moves_six():
    state = cleared()
    place(state, "wargs-1", "1110")
    state.apply("move 1110-1111-1112-1113-1114-1115-1116")
    assert state.units["wargs-1"].hex == "1116"
    state = cleared()
    place(state, "wargs-1", "1110")
    refused(state, "move 1110-1111-1112-1113-1114-1115-1116-1117", "4.26")


def test_case_4_3_road_costs_half_a_movement_point():
    state = cleared()
    place(state, "goblins-1", "1320")
    path = "-".join(f"13{r:02d}" for r in range(20, 11, -1))   # eight road hexes: 4 MP
    state.apply(f"move {path}")
    assert state.units["goblins-1"].hex == "1312"
    assert "4 MP" in state.narration(0)[-1]
    state = cleared()
    place(state, "goblins-1", "1320")
    refused(state, f"move {path}-1311", "4.26")


def test_case_4_3_leaving_the_road_costs_the_terrain():
    state = cleared()
    place(state, "goblins-1", "1320")
    # 1320-1319 road (1/2), 1319-1219 clear (1), then 1218, 1217: 3 1/2 MP in all
    state.apply("move 1320-1319-1219-1218-1217")
    assert "3½ MP" in state.narration(0)[-1]


def test_case_4_3_slope_costs_one_additional_mp():
    state = cleared("westernesse-movement")
    place(state, "men-1", "0510")
    # 0510 -> 0509 crosses the slope hexside 0509/0510: 2 MP, then two clear hexes.
    state.apply("move 0510-0509-0508-0507")
    assert "4 MP" in state.narration(1)[-1]
    state = cleared("westernesse-movement")
    place(state, "men-1", "0510")
    refused(state, "move 0510-0509-0508-0507-0506", "4.26")


def test_case_4_3_errata_rough_costs_two_and_bars_cavalry():
    state = cleared()
    place(state, "goblins-1", "0212")
    state.apply("move 0212-0312-0412")       # two rough hexes: 4 MP
    assert state.units["goblins-1"].hex == "0412"
    state = cleared()
    place(state, "wargs-1", "0211")
    refused(state, "move 0211-0312", "4.3")


def test_case_4_3_craters_and_mountains_may_not_be_entered():
    state = cleared()
    place(state, "goblins-1", "0513")
    refused(state, "move 0513-0514", "4.3")     # crater
    state = cleared()
    place(state, "goblins-1", "0628")
    refused(state, "move 0628-0529", "4.3")     # mountain


def test_case_4_25_movement_goes_hex_to_hex():
    state = cleared()
    place(state, "goblins-1", "0516")
    refused(state, "move 0516-0518", "4.25")


def test_case_4_27_no_entry_into_an_enemy_occupied_hex():
    state = cleared()
    place(state, "wargs-1", "1110")
    place(state, "men-1", "1112")
    refused(state, "move 1110-1111-1112", "4.27")


def test_case_4_27_friendly_units_may_be_moved_through():
    state = cleared()
    place(state, "goblins-1", "0516")
    place(state, "goblins-2", "0517")
    state.apply("move 0516-0517-0518")
    assert state.units["goblins-1"].hex == "0518"


def test_case_4_24_a_unit_moves_once_a_phase():
    state = cleared()
    place(state, "goblins-1", "0516")
    state.apply("move 0516-0517")
    refused(state, "move 0517-0518", "4.24")


def test_case_4_22_no_movement_in_a_combat_phase():
    state = cleared("sauron-combat")
    place(state, "goblins-1", "0516")
    refused(state, "move 0516-0517", "4.22")


def test_case_4_22_only_the_phasing_players_units_move():
    state = cleared()
    place(state, "men-1", "0516")
    refused(state, "move 0516-0517", "4.0")


def test_case_5_0_one_combat_unit_to_a_hex():
    state = cleared()
    place(state, "goblins-1", "0516")
    place(state, "goblins-2", "0517")
    refused(state, "move 0516-0517", "5.0")
    assert not listed(state, "move 0516-0517")


def test_case_5_0_a_leader_stacks_freely():
    state = cleared()
    place(state, "goblins-1", "0516")
    place(state, "goblins-2", "0518")
    place(state, "gorgol", "0516")
    state.apply("move gorgol 0516-0517-0518")
    assert state.leaders["gorgol"].hex == "0518"


def test_case_6_11_a_unit_entering_an_enemy_zoc_stops():
    state = cleared()
    place(state, "goblins-1", "0516")
    place(state, "men-1", "0519")
    state.apply("move 0516-0517-0518")        # 0518 is next to the Men: it must stop
    assert state.units["goblins-1"].hex == "0518"
    state = cleared()
    place(state, "goblins-1", "0516")
    place(state, "men-1", "0519")
    refused(state, "move 0516-0517-0518-0618", "6.11")
    assert not listed(state, "move 0516-0517-0518-0618")


def test_case_6_11_a_unit_in_an_enemy_zoc_may_not_leave_it():
    state = cleared()
    place(state, "goblins-1", "0518")
    place(state, "men-1", "0519")
    refused(state, "move 0518-0418", "6.11")
    assert not any(isinstance(a, Move) and a.path[0] == "0518" for a in state.legal_actions())


def test_case_6_2_entering_an_enemy_zoc_costs_nothing_extra():
    state = cleared()
    place(state, "goblins-1", "0515")
    place(state, "men-1", "0519")
    state.apply("move 0515-0516-0517-0518")
    assert "3 MP" in state.narration(0)[-1]


def test_case_6_14_demoralized_units_exert_no_zoc():
    state = cleared()
    place(state, "goblins-1", "0516")
    place(state, "men-1", "0519")
    setup(state, demoralized={"westernesse": True})
    state.apply("move 0516-0517-0518-0618")
    assert state.units["goblins-1"].hex == "0618"


def test_case_6_15_leaders_ignore_zocs():
    state = cleared()
    place(state, "goblins-1", "0516")
    place(state, "goblins-2", "0520")
    place(state, "gorgol", "0516")
    place(state, "men-1", "0618")                 # its ZOC covers 0518 and 0519
    state.apply("move gorgol 0516-0517-0518-0519-0520")
    assert state.leaders["gorgol"].hex == "0520"


def test_case_6_15_leaders_exert_no_zoc():
    state = cleared()
    place(state, "goblins-1", "0516")
    place(state, "men-1", "1010")
    place(state, "elendil", "0519")            # alone: no ZOC
    state.apply("move 0516-0517-0518-0618")
    assert state.units["goblins-1"].hex == "0618"


def test_case_6_16_friendly_zocs_never_affect_friendly_units():
    state = cleared()
    place(state, "goblins-1", "0516")
    place(state, "goblins-2", "0518")
    state.apply("move 0516-0517-0417-0418")     # 0517 and 0417 touch the Goblins in 0518
    assert state.units["goblins-1"].hex == "0418"


def test_case_6_13_no_zoc_into_mountain_hexes():
    state = cleared()
    place(state, "goblins-1", "0628")
    zone = state.enemy_zoc("westernesse")
    assert "0529" not in zone and "0528" in zone   # 0529 is a mountain


def test_case_6_13_no_zoc_through_the_closed_gate():
    state = cleared("westernesse-movement")
    place(state, "goblins-1", "1331")
    place(state, "sauron", "mordor")                  # Sauron inside Mordor: gate closed
    assert "1330" not in state.enemy_zoc("westernesse")
    place(state, "sauron", "1010")                    # Sauron on the plain: gate open
    assert "1330" in state.enemy_zoc("westernesse")


def test_case_15_1_2_elves_leave_an_enemy_zoc_at_one_extra_mp():
    state = cleared("westernesse-movement", turn=3)
    place(state, "elves-1", "0518")
    place(state, "goblins-1", "0519")
    state.apply("move 0518-0517-0516-0515")    # 1 MP to leave + 3 hexes = 4 MP
    assert state.units["elves-1"].hex == "0515"
    state = cleared("westernesse-movement", turn=3)
    place(state, "elves-1", "0518")
    place(state, "goblins-1", "0519")
    refused(state, "move 0518-0517-0516-0515-0514", "4.3")   # 0514 crater
    refused(state, "move 0518-0517-0516-0515-0415", "4.26")


def test_case_15_1_1_elves_pay_one_mp_for_rough_and_slopes():
    state = cleared("westernesse-movement", turn=3)
    place(state, "elves-1", "0212")
    state.apply("move 0212-0312-0412-0413-0414")   # two rough hexes at 1 MP each
    assert state.units["elves-1"].hex == "0414"


def test_case_15_2_1_dwarves_ignore_goblin_and_troll_zocs_for_movement():
    state = cleared("westernesse-movement")
    place(state, "dwarves-1", "0516")
    place(state, "goblins-1", "0618")
    state.apply("move 0516-0517-0518-0519")
    assert state.units["dwarves-1"].hex == "0519"
    state = cleared("westernesse-movement")
    place(state, "dwarves-1", "0516")
    place(state, "orcs-1", "0618")
    refused(state, "move 0516-0517-0518-0519", "6.11")
    state = cleared("westernesse-movement")
    place(state, "men-1", "0516")
    place(state, "goblins-1", "0618")
    refused(state, "move 0516-0517-0518-0519", "6.11")


def test_case_7_15_missile_only_units_never_enter_an_enemy_zoc():
    state = cleared("westernesse-movement")
    place(state, "bowmen-1", "0516")
    place(state, "goblins-1", "0519")
    refused(state, "move 0516-0517-0518", "7.15")
    assert not listed(state, "move 0516-0517-0518")


def test_case_9_32_demoralized_z_units_never_enter_an_enemy_zoc():
    state = cleared()
    place(state, "goblins-1", "0516")
    place(state, "men-1", "0519")
    setup(state, demoralized={"sauron": True})
    refused(state, "move 0516-0517-0518", "9.32")


def test_case_7_57_disrupted_units_may_not_move():
    state = cleared()
    place(state, "goblins-1", "0516", disrupted=True)
    refused(state, "move 0516-0517", "7.57")


def test_case_8_1_a_leader_ends_with_a_unit_of_his_nationality():
    state = cleared("westernesse-movement")
    place(state, "men-1", "0516")
    place(state, "dwarves-1", "0518")
    place(state, "elendil", "0516")
    refused(state, "move elendil 0516-0517-0518", "8.1")
    refused(state, "move elendil 0516-0517", "8.1")
    place(state, "baldrim", "0516")
    state.apply("move baldrim 0516-0517-0518")
    assert state.leaders["baldrim"].hex == "0518"


def test_case_8_1_no_free_jump_for_a_leader_stranded_by_his_unit():
    # issue 12 item 9: Elendil moved 1302-1314 (6 MP, 4.11), his Men then moved on to
    # 1322 and `end` carried him there, 10 MP in a phase (4.21). 4.28 and 8.1: the
    # player must have him stacked when his Movement Phase ends; nothing moves him.
    state = cleared("westernesse-movement")
    place(state, "men-1", "1314")
    place(state, "elendil", "1302")
    state.apply("move elendil 1302-1303-1304-1305-1306-1307-1308-1309-1310-1311-1312-1313-1314")
    assert state.leaders["elendil"].hex == "1314"
    refused(state, "move 1314-1315-1316-1317-1318-1319-1320-1321-1322", "8.1")
    assert not listed(state, "move 1314-1315-1316-1317-1318")


def test_case_8_1_a_leader_left_alone_must_follow_before_the_phase_ends():
    state = cleared("westernesse-movement")
    place(state, "men-1", "0516")
    place(state, "elendil", "0516")
    state.apply("move 0516-0517-0518")
    assert not listed(state, "end")
    refused(state, "end", "8.1")
    state.apply("move elendil 0516-0517-0518")
    state.apply("end")
    assert state.leaders["elendil"].hex == "0518"


def test_case_8_1_a_leader_who_cannot_reach_a_unit_stays_where_he_is():
    # 8.24 transfers a leader only when his unit is eliminated; out of reach he stays
    state = cleared("westernesse-movement")
    place(state, "men-1", "0530")
    place(state, "elendil", "0506")
    state.apply("end")
    assert state.leaders["elendil"].hex == "0506"


def test_case_8_1_a_magic_leader_keeps_his_unit_in_the_movement_phase():
    # 4.11: Sauron may not move in the Sauron Movement Phase, so his unit may not leave him
    state = cleared("sauron-movement")
    place(state, "goblins-1", "0516")
    place(state, "sauron", "0516")
    refused(state, "move 0516-0517", "8.1")
    place(state, "goblins-2", "0518")
    state.apply("move 0518-0519")


def test_case_4_11_magic_leaders_do_not_move_in_the_movement_phase():
    state = cleared()
    place(state, "orc_archers-1", "1110")
    place(state, "orc_archers-2", "1112")
    place(state, "sauron", "1110")
    refused(state, "move sauron 1110-1111-1112", "4.11")


def test_case_3_0_a_magic_leader_moves_in_a_magic_leader_phase():
    state = cleared("magic-1", turn=5)
    place(state, "orc_archers-1", "1110")
    place(state, "orc_archers-2", "1112")
    place(state, "sauron", "1110")
    state.apply("move sauron 1110-1111-1112")
    assert state.leaders["sauron"].hex == "1112"
    refused(state, "move 1112-1113", "3.0 A")


def test_candidates_equal_checking_in_the_opening():
    state = new_game()
    actions = state.legal_actions()
    assert len(actions) > 100
    for action in actions[::17]:
        other = state.clone()
        other.apply(str(action))            # every listed move is accepted


def test_listed_moves_are_the_cheapest_path_to_each_hex():
    state = cleared()
    place(state, "goblins-1", "1320")
    moves = {a.path[-1]: a for a in state.legal_actions() if isinstance(a, Move)}
    assert moves["1312"].path == tuple(f"13{r:02d}" for r in range(20, 11, -1))
    assert "1311" not in moves


def narsil_position(elendil_reduced=True, isildur_reduced=False, isildur_hex="1108"):
    state = cleared("westernesse-movement", 3)
    place(state, "men-1", "1108")
    place(state, "elendil", "1108", reduced=elendil_reduced, weapon="narsil")
    place(state, "isildur", isildur_hex, reduced=isildur_reduced)
    return state


def test_case_19_1_4_wounded_elendil_hands_narsil_to_unhurt_isildur():
    from palantir.games.spi_sauron.notation import Give
    state = narsil_position()
    assert Give("narsil", "isildur") in state.legal_actions()
    state.apply("give narsil isildur")
    assert state.leaders["isildur"].weapon == "narsil" and state.leaders["elendil"].weapon is None
    assert not state.leaders["isildur"].moved      # 19.1.4: no penalty to their MAs
    assert Give("narsil", "elendil") in state.legal_actions()    # and back, while it holds


@pytest.mark.parametrize("setting, why", [
    (dict(elendil_reduced=False), "Elendil unhurt"),
    (dict(isildur_reduced=True), "Isildur wounded"),
    (dict(isildur_hex="1208"), "not in the same hex"),
])
def test_case_19_1_4_no_exchange_unless_wounded_elendil_meets_unhurt_isildur(setting, why):
    from palantir.games.spi_sauron.notation import Give
    state = narsil_position(**setting)
    place(state, "men-2", "1208")
    assert Give("narsil", "isildur") not in state.legal_actions(), why
    refused(state, "give narsil isildur", "19.1.4")


def test_case_19_1_4_only_narsil_and_only_in_the_westernesse_movement_phase():
    state = narsil_position()
    for text in ("give aiglos isildur", "give narsil anarion"):
        with pytest.raises(IllegalAction) as info:
            state.apply(text)
        assert info.value.rule == "19.1.4"
    at_phase(state, "sauron-movement")
    with pytest.raises(IllegalAction) as info:
        state.apply("give narsil isildur")
    assert info.value.rule == "19.1.4"


def dwarves_near(orc_hex):
    state = cleared("westernesse-movement", 3)
    place(state, "dwarves-1", "0610")
    place(state, "orcs-1", orc_hex)
    return state


def test_case_15_2_2_a_dwarf_within_two_hexes_of_an_orc_must_move_adjacent_to_it():
    from palantir.games.spi_sauron.hexmap import distance
    state = dwarves_near("0612")                 # two hexes south
    assert distance("0610", "0612") == 2
    legal = state.legal_actions()
    assert "end" not in [str(a) for a in legal]
    moves = [a for a in legal if isinstance(a, Move)]
    assert moves and all(distance(m.path[-1], "0612") == 1 for m in moves)
    for text in ("end", "move 0610-0609"):
        refused(state, text, "15.2.2")
    state.apply(moves[0])
    assert "end" in [str(a) for a in state.legal_actions()]
    state.apply("end")


def test_case_15_2_2_no_obligation_beyond_two_hexes_or_when_already_adjacent():
    for orc_hex in ("0613", "0611"):             # three hexes away; adjacent already
        state = dwarves_near(orc_hex)
        assert "end" in [str(a) for a in state.legal_actions()]
        assert not dwarves_owing_a_move(state)
    state = dwarves_near("0612")
    place(state, "goblins-1", "0612")            # 15.2.2 concerns Orcs only
    place(state, "orcs-1", "eliminated")
    assert "end" in [str(a) for a in state.legal_actions()]


def test_leaders_in_one_hex_share_a_path_search_but_each_lists_his_own_moves():
    """8.1: each leader's moves to his units' hexes name him; the path search the two share
    (the same mover from the same hex, kept per map) must not hand one the other's."""
    state = cleared("westernesse-movement")
    place(state, "men-1", "0516")
    place(state, "men-2", "0518")
    place(state, "elendil", "0516")
    place(state, "isildur", "0516")
    legal = [a for a in state.legal_actions() if isinstance(a, Move) and a.leader]
    assert {(a.leader, a.path[-1]) for a in legal} == {("elendil", "0518"),
                                                       ("isildur", "0518")}
