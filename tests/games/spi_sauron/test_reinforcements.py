"""Reinforcements (14.0), the Gates of Mordor (18.0) and the balance option (21.3)."""

import pytest

from palantir.engine.errors import BadOption
from palantir.games.spi_sauron.notation import Enter

from tests.support.positions.spi import GAME, at_phase, cleared, new_game, place, refused


def waiting(state, unit_type):
    return [u for u in state.units.values() if u.type.key == unit_type and u.hex == "waiting"]


def test_case_14_reinforcements_wait_for_their_turn():
    state = at_phase(new_game(), "sauron-movement", turn=3)
    refused(state, "enter orc-archers 1331-1330", "14.0")
    assert not any(isinstance(a, Enter) for a in state.legal_actions())
    at_phase(state, "sauron-movement", turn=4)
    state.apply("enter orc-archers 1331-1330-1329")
    assert len(waiting(state, "orc_archers")) == 7
    assert state.combat_units_at("1329")[0].type.key == "orc_archers"


def test_case_14_1_sauron_enters_through_1331_only():
    state = at_phase(new_game(), "sauron-movement", turn=4)
    refused(state, "enter orc-archers 1330-1329", "14.1")


def test_case_14_2_a_elves_enter_within_two_hexes_of_1401():
    state = at_phase(new_game(), "westernesse-movement", turn=2)
    state.apply("enter elves 1601-1602")
    refused(state, "enter elves 1701-1702", "14.2 A")
    entries = {a.path[0] for a in state.legal_actions() if isinstance(a, Enter)}
    assert entries == {"1201", "1301", "1401", "1501", "1601"}


def test_case_14_0_c_the_chain_costs_one_more_first_hex_per_unit():
    state = at_phase(new_game(), "sauron-movement", turn=4)
    # 1331 is on the road: the first unit pays 1/2 MP to enter it, the second 1, ...
    state.apply("enter orc-archers 1331-1330-1329")     # 1/2 + gate 1 + road 1/2
    assert "2 MP" in state.narration(0)[-1]
    state.apply("enter orc-archers 1331-1330-1229")     # 1 + gate 1 + clear 1
    assert "3 MP" in state.narration(0)[-1]


def test_case_14_0_c_the_seventh_unit_of_a_chain_cannot_pass_the_gate():
    state = cleared("sauron-movement", turn=4)
    for unit in list(state.units.values()):
        if unit.type.key == "orc_archers":
            place(state, unit.id, "waiting")
    paths = ["1331-1330-1329-1328-1327-1326-1325", "1331-1330-1329-1328-1327-1326",
             "1331-1330-1329-1328-1327", "1331-1330-1329-1328", "1331-1330-1329",
             "1331-1330"]
    for path in paths:
        state.apply(f"enter orc-archers {path}")
        assert "4 MP" in state.narration(0)[-1]
    # The 7th pays 7 x 1/2 MP to enter 1331 and cannot pay the gate's 1 MP.
    refused(state, "enter orc-archers 1331-1330", "4.26")
    state.apply("enter orc-archers 1331")
    assert "3½ MP" in state.narration(0)[-1]
    refused(state, "enter orc-archers 1331", "5.0")


def test_case_14_1_first_turn_within_two_hexes_of_the_road():
    state = cleared("sauron-movement", turn=6)
    place(state, "ringwraith", "waiting")
    place(state, "slaves-1", "1029")
    place(state, "slaves-2", "1129")
    refused(state, "enter ringwraith 1331-1330-1229-1129-1029", "14.1")  # 1029: 3 from road
    state.apply("enter ringwraith 1331-1330-1229-1129")
    assert state.leaders["ringwraith"].hex == "1129"


def test_case_14_2_b_alliance_reinforcements_stay_near_the_road_in_their_first_turn():
    state = cleared("westernesse-movement", turn=2)
    for unit in list(state.units.values()):
        if unit.type.key == "elves":
            place(state, unit.id, "waiting")
    refused(state, "enter elves 1201-1102-1002", "14.2 B")   # 1002: 3 from road
    state.apply("enter elves 1201-1102")
    assert state.combat_units_at("1102")


def test_case_14_0_d_reinforcements_may_enter_in_a_later_turn():
    state = at_phase(new_game(), "westernesse-movement", turn=5)
    state.apply("enter elven-bowmen 1501-1502")
    assert state.combat_units_at("1502")[0].type.key == "elven_bowmen"


def test_case_18_0_c_gate_closed_to_westernesse_while_sauron_is_in_mordor():
    state = cleared("westernesse-movement")
    place(state, "men-1", "1329")
    place(state, "sauron", "mordor")
    refused(state, "move 1329-1330-1331", "18.0 C")
    place(state, "sauron", "1010")
    place(state, "orc_archers-1", "1010")
    state.apply("move 1329-1330-1331")
    assert state.units["men-1"].hex == "1331"


def test_case_18_0_a_crossing_the_gate_costs_one_mp():
    state = cleared("sauron-movement")
    place(state, "goblins-1", "1331")
    state.apply("move 1331-1330-1329")     # the gate 1 MP, then the road 1/2
    assert "1½ MP" in state.narration(0)[-1]


def test_case_14_1_sauron_arrives_inside_mordor_and_comes_out_in_a_magic_phase():
    state = new_game()
    at_phase(state, "westernesse-combat", turn=3)
    state.apply("end")                       # through the Rally Phase into turn 4
    assert state.turn == 4 and state.leaders["sauron"].hex == "mordor"
    assert state.phase.key == "magic-1"
    refused(state, "enter orc-archers 1331-1330-1329", "14.0 B")
    other = state.clone()
    other.apply("enter sauron 1331-1330-1329-1328")      # joins the Wargs in 1328
    assert other.leaders["sauron"].hex == "1328"
    state.apply("end")
    assert state.phase.key == "sauron-movement"
    refused(state, "enter sauron 1331-1330-1329-1328", "4.11")


def test_case_21_3_balance_option_moves_saurons_reinforcements():
    later = new_game({"reinforcement_delay": 2})
    assert {u.arrival for u in later.units.values() if u.type.key == "trolls"} == {10}
    assert {u.arrival for u in later.units.values() if u.type.key == "elves"} == {2}
    earlier = new_game({"reinforcement_delay": -3})
    assert {u.arrival for u in earlier.units.values() if u.type.key == "orc_archers"} == {1}
    with pytest.raises(BadOption, match="reinforcement_delay"):
        GAME.validate_options({"reinforcement_delay": 9})
