"""The Joint Rally Phase (8.3, 9.31, 10.0) and Sauron's spells (8.5, 16.0, 16.5)."""

from palantir.engine.dice import ScriptedDice
from palantir.games.spi_sauron.notation import END, Cast, Rally
from palantir.games.spi_sauron.phases.rally import rally_rating, rally_refusal
from palantir.games.spi_sauron.units import WAITING

from tests.support.positions.spi import cleared, mark, place, refused, setup
from palantir.games.spi_sauron.phases.losses import pedestal_hex
from palantir.games.spi_sauron.phases import is_night, spell_active
from palantir.games.spi_sauron.phases.turn import begin_phase, end_phase


def rally_phase(seat=1, turn=1, dice=()):
    state = cleared("rally", turn, ScriptedDice(list(dice)))
    setup(state, rally_seat=seat)
    return state


def test_case_8_34_a_rally_on_the_table_clears_the_disruption():
    state = rally_phase(dice=["3", "4"])
    place(state, "elendil", "0604")
    place(state, "men-1", "0604")
    place(state, "men-2", "0605", disrupted=True)
    assert state.legal_actions() == [Rally("elendil", "0605"), END]
    state.apply("rally elendil 0605")       # 7 in 3-12 for rating 10
    assert not state.units["men-2"].disrupted
    assert "2d6 = 7 vs rally rating 10 needs 3–12: rallied" in " ".join(state.news)


def test_case_8_31_only_adjacent_units_of_the_leaders_nationality():
    state = rally_phase()
    place(state, "elendil", "0604")
    place(state, "men-1", "0604")
    place(state, "men-2", "0607", disrupted=True)
    place(state, "dwarves-1", "0605", disrupted=True)
    refused(state, "rally elendil 0607", "8.31")
    refused(state, "rally elendil 0605", "8.31")


def test_case_8_32_three_attempts_per_leader_and_8_36_one_per_unit():
    state = rally_phase(dice=["6", "6"] * 3)
    place(state, "anarion", "0604")         # rating 6: 3-8; 12 fails
    place(state, "men-1", "0604", disrupted=True)
    for i, h in enumerate(("0603", "0605", "0504")):
        place(state, f"men-{i + 2}", h, disrupted=True)
    for h in ("0604", "0603", "0605"):
        state.apply(f"rally anarion {h}")
    refused(state, "rally anarion 0504", "8.32")
    place(state, "isildur", "0605")
    refused(state, "rally isildur 0605", "8.36")


def test_case_9_31_a_demoralized_army_is_not_rallied():
    state = rally_phase()
    setup(state, demoralized={"westernesse": True})
    place(state, "elendil", "0604")
    place(state, "men-1", "0604", disrupted=True)
    refused(state, "rally elendil 0604", "9.31")


def test_case_10_0_sauron_leaders_rally_three_better_at_night():
    state = rally_phase(seat=0, turn=15, dice=["1", "1"])
    place(state, "gorgol", "0504")          # 5 + 3 = 8: 3-10
    assert rally_rating(state, state.leaders["gorgol"]) == 8
    place(state, "goblins-1", "0504", disrupted=True)
    state.apply("rally gorgol 0504")        # 2 is not in 3-10
    assert state.units["goblins-1"].disrupted


def test_case_8_3_the_rally_phase_passes_sauron_first_then_westernesse():
    state = cleared("westernesse-combat")
    place(state, "gorgol", "0504")
    place(state, "goblins-1", "0504", disrupted=True)
    place(state, "elendil", "0904")
    place(state, "men-1", "0904", disrupted=True)
    end_phase(state)
    assert state.phase.key == "rally" and state.to_move() == 0
    state.apply("end")
    assert state.phase.key == "rally" and state.to_move() == 1
    state.apply("end")
    assert state.turn == 2


# ----- magic ------------------------------------------------------------------------------------

def magic_phase(dice=(), turn=5, on_pedestal=True):
    state = cleared("magic-1", turn, ScriptedDice(list(dice)))
    place(state, "orc_archers-1", "1329")
    place(state, "sauron", "1329" if on_pedestal else "1328")
    place(state, "orcs-1", "1328")
    begin_phase(state)
    return state


def test_case_16_5_1_sauron_casts_only_on_the_pedestal():
    state = magic_phase(on_pedestal=False)
    refused(state, "cast total-eclipse 4", "16.5.1")
    assert not any(isinstance(a, Cast) for a in state.legal_actions())


def test_case_8_56_a_failed_spell_costs_nothing_a_success_its_points():
    state = magic_phase(dice=["6", "6"])
    state.apply("cast total-eclipse 4")       # 12 > 3 + 4
    assert state.leaders["sauron"].magic_left == 45 and not spell_active(state, "total_eclipse")
    state = magic_phase(dice=["3", "4"])
    state.apply("cast total-eclipse 4")       # 7 <= 7
    assert state.leaders["sauron"].magic_left == 41


def test_case_16_3_total_eclipse_makes_the_turn_a_night_turn():
    state = magic_phase(dice=["1", "1"])
    assert not is_night(state)
    state.apply("cast total-eclipse 4")
    assert is_night(state)


def test_case_8_52_no_move_in_the_phase_of_a_spell_and_3_0_e_not_again_in_e():
    state = magic_phase(dice=["6", "6"])
    state.apply("cast total-eclipse 4")
    refused(state, "move sauron 1329-1328", "4.24")
    setup(state, phase="magic-2")              # the Second Magic Leader Movement Phase
    mark(state, "sauron", moved=False)
    refused(state, "cast total-eclipse 4", "16.5.1")


def test_case_8_55_no_spell_beyond_the_points_left():
    state = magic_phase()
    mark(state, "sauron", magic_left=3)
    refused(state, "cast total-eclipse 3", "8.54")     # below the spell's cost
    refused(state, "cast total-eclipse 4", "8.55")     # more than is left


def test_case_16_1_sinister_visions_disrupt_men_of_x_or_worse():
    state = magic_phase(dice=["1", "1"])
    place(state, "men-1", "0604")             # X: disrupted
    place(state, "cavalry-1", "0704")         # W: not
    place(state, "dwarves-1", "0804")         # Dwarves: not
    state.apply("cast sinister-visions 3")
    assert state.units["men-1"].disrupted
    assert not state.units["cavalry-1"].disrupted and not state.units["dwarves-1"].disrupted


def test_case_16_1_visions_are_rallied_three_hexes_from_sauron_only():
    state = magic_phase(dice=["1", "1"])
    place(state, "men-1", "1228")             # one hex from Sauron
    place(state, "isildur", "1228")
    state.apply("cast sinister-visions 3")
    setup(state, phase="rally", rally_seat=1)
    refused(state, "rally isildur 1228", "16.1")
    place(state, "elendil", "1228")           # 19.1.3: Narsil's bearer is not hindered
    assert rally_refusal(state, state.leaders["elendil"], state.units["men-1"]) is None


def test_case_16_2_spell_allowances_per_game():
    state = magic_phase()
    setup(state, spells_cast={"wrath_of_the_ringwraith": 3})
    refused(state, "cast wrath-of-the-ringwraith 3", "16.0")


def test_case_16_5_3_the_pedestal_is_left_behind_and_captured():
    state = cleared("westernesse-combat", 5, ScriptedDice(["2", "2", "1"]))
    place(state, "orc_archers-1", "0504", reduced=True)
    place(state, "men-1", "0604")
    state.apply("attack 0504 from 0604")      # D vs 2 needs 5-8: 4 misses
    assert state.pedestal == "orc_archers-1"
    state = cleared("westernesse-combat", 5, ScriptedDice(["3", "3", "1"]))
    place(state, "orc_archers-1", "0504", reduced=True)
    place(state, "men-1", "0604")
    state.apply("attack 0504 from 0604")      # 6 hits; 1 vs Y: E
    assert state.pedestal == "0504"
    state.apply("advance 0604-0504")
    assert state.pedestal == "captured:men-1" and pedestal_hex(state) is None


def pedestal_duel(die):
    state = cleared("westernesse-combat", 5, ScriptedDice([die]))
    place(state, "men-1", "0604")
    place(state, "elendil", "0604")
    place(state, "orc_archers-1", "0504")      # the Pedestal's bearer
    place(state, "sauron", "0504")
    begin_phase(state)
    return state


def test_case_16_5_4_a_sauron_on_the_pedestal_ignores_a_leader_combat_retreat():
    state = pedestal_duel("4")                 # +1, die 4: Dr2
    state.apply("duel elendil sauron")
    assert not state.pending
    assert state.leaders["sauron"].hex == "0504" and state.units["orc_archers-1"].hex == "0504"
    assert any("16.5.4 A" in line for line in state.news)
    # off the Pedestal the same result sends his unit back two hexes (7.23)
    state = pedestal_duel("4")
    setup(state, pedestal="0404")
    state.apply("duel elendil sauron")
    assert state.pending and state.pending[0].piece == "orc_archers-1"


def test_case_16_5_4_a_sauron_stays_on_the_pedestal_when_his_bearer_retreats():
    state = cleared("westernesse-combat", 5, ScriptedDice(["3", "3", "4"]))
    place(state, "orc_archers-1", "0504", reduced=True)
    place(state, "sauron", "0504")
    place(state, "men-1", "0604")
    state.apply("attack 0504 from 0604")       # 6 hits; 4 vs Y: r2
    assert state.to_move() == 0
    state.apply(state.legal_actions()[0])
    assert state.units["orc_archers-1"].hex != "0504"
    assert state.leaders["sauron"].hex == "0504" and state.pedestal == "0504"


def test_case_16_5_4_b_sauron_remains_on_the_pedestal_when_his_bearer_is_eliminated():
    state = cleared("westernesse-combat", 5, ScriptedDice(["3", "3", "3", "1"]))
    place(state, "orc_archers-1", "0504", reduced=True)
    place(state, "sauron", "0504")
    place(state, "orcs-1", "0404")             # the nearest friend he would otherwise join
    place(state, "men-1", "0604")
    state.apply("attack 0504 from 0604")       # 6 hits; 3 vs Y: 1/2E on a reduced unit
    assert state.units["orc_archers-1"].hex == "eliminated"
    assert state.leaders["sauron"].hex == "0504" and state.pedestal == "0504"
    # 16.5.4 B against 8.24: off the Pedestal he joins the nearest unit he leads
    state = cleared("westernesse-combat", 5, ScriptedDice(["3", "3", "3", "1"]))
    place(state, "orc_archers-1", "0504", reduced=True)
    place(state, "sauron", "0504")
    place(state, "orcs-1", "0404")
    place(state, "men-1", "0604")
    setup(state, pedestal="1329")
    state.apply("attack 0504 from 0604")
    assert state.leaders["sauron"].hex == "0404"


def test_a_refused_spell_names_the_one_casting_condition_that_failed():
    """16.5.1, 8.52, 3.0 E (issue 12 item 8): the refusal says which condition is unmet,
    not the whole list of them."""
    message = str(refused(magic_phase(on_pedestal=False), "cast total-eclipse 4", "16.5.1"))
    assert "Sauron did not begin this phase on the Pedestal" in message
    assert "has moved" not in message and "phase A" not in message
    state = magic_phase()
    mark(state, "sauron", moved=True)
    message = str(refused(state, "cast total-eclipse 4", "16.5.1"))
    assert "Sauron has moved this phase" in message and "Pedestal" not in message
    state = magic_phase(dice=["6", "6"])
    state.apply("cast total-eclipse 4")
    setup(state, phase="magic-2")
    mark(state, "sauron", moved=False)
    message = str(refused(state, "cast total-eclipse 4", "16.5.1"))
    assert "cast a spell in phase A of this turn" in message and "Pedestal" not in message
    state = magic_phase()
    place(state, "sauron", WAITING)
    message = str(refused(state, "cast total-eclipse 4", "16.5.1"))
    assert "Sauron is not on the map" in message
