"""Special formations (8.4): Wedges and Shield Walls; Slave Phalanxes (15.3)."""

import pytest

from palantir.engine.dice import ScriptedDice
from palantir.games.spi_sauron.hexmap import distance
from palantir.games.spi_sauron.notation import Form, Move, Split

from tests.support.positions.spi import at_phase, cleared, mark, place, refused, setup
from palantir.games.spi_sauron.phases.magic import sinister_visions
from palantir.games.spi_sauron.phases.combat import apply_casualty, melee_strength
from palantir.games.spi_sauron.phases.retreat import displaceable


def west(first="men-1", second="men-2", leader=True, dice=()):
    state = cleared("westernesse-movement", 3, ScriptedDice(list(dice)))
    place(state, first, "1010")
    place(state, second, "1011")
    if leader:
        place(state, "elendil", "1011")
    return state


def test_case_8_43_two_infantry_with_a_leader_form_a_shield_wall():
    state = west()
    assert Form(("1010", "1011")) in state.legal_actions()
    state.apply("form 1010-1011")
    a, b = state.units["men-1"], state.units["men-2"]
    assert a.hex == b.hex == "1011" and a.partner == "men-2" and b.formation == "shield_wall"
    assert str(a.strength) == f"A-4-{a.type.front.morale}"          # 8.44
    refused(state, "move 1011-1111", "8.45")           # not in the turn it is formed
    view = state.view(None)                             # the formation is in the view
    assert {u["id"]: u.get("formation") for u in view["units"]}["men-1"] == "shield_wall"


def test_case_8_42_two_cavalry_form_a_wedge_that_moves_three():
    state = west("cavalry-1", "cavalry-2")
    state.apply("form 1010-1011")
    assert state.units["cavalry-1"].formation == "wedge"
    at_phase(state, "westernesse-movement", 4)
    moves = [a for a in state.legal_actions() if isinstance(a, Move) and a.path[0] == "1011"
             and not a.leader]
    assert moves and max(distance("1011", m.path[-1]) for m in moves) == 3     # 8.45
    assert len({str(m) for m in moves}) == len(moves)        # listed once per formation
    state.apply(max(moves, key=lambda m: distance("1011", m.path[-1])))
    assert state.units["cavalry-1"].hex == state.units["cavalry-2"].hex != "1011"


@pytest.mark.parametrize("setting, rule", [
    (dict(leader=False), "8.43"),                         # no leader where it forms
    (dict(second="cavalry-1"), "8.42"),                   # infantry with cavalry
])
def test_case_8_43_what_a_formation_needs(setting, rule):
    state = west(**setting)
    assert Form(("1010", "1011")) not in state.legal_actions()
    refused(state, "form 1010-1011", rule)


def test_case_8_43_same_strengths_and_out_of_enemy_zoc():
    state = west()
    mark(state, "men-2", reduced=True)
    refused(state, "form 1010-1011", "8.43")
    state = west()
    place(state, "goblins-1", "1009")                     # its ZOC covers 1010
    refused(state, "form 1010-1011", "8.43")


def test_case_8_47_no_spell_in_sauron_stops_a_leader_forming_but_visions_stop_its_units():
    # 8.47 names the Freeze Leader and Fear spells of other games; Sauron's spells (16.0)
    # touch no leader. Sinister Visions (16.1) disrupts Men of morale X or worse, and a
    # disrupted unit may not move (7.57), so those cannot step into a formation (8.43).
    state = west()                                        # Men D-3-X with Elendil
    sinister_visions(state)
    assert state.units["men-1"].disrupted
    refused(state, "form 1010-1011", "8.43")
    state = west("dwarves-1", "dwarves-2", leader=False)  # Dwarves are not touched
    place(state, "baldrim", "1011")
    sinister_visions(state)
    state.apply("form 1010-1011")
    assert state.units["dwarves-1"].formation == "shield_wall"


def test_case_8_41_formations_keep_to_clear_terrain_and_sauron_makes_none():
    state = west()
    place(state, "men-2", "1012")                         # a crater
    place(state, "elendil", "1012")
    place(state, "men-1", "1013")
    refused(state, "form 1013-1012", "8.41")
    state = cleared("sauron-movement", 3)
    place(state, "goblins-1", "1010")
    place(state, "goblins-2", "1011")
    place(state, "gorgol", "1011")
    refused(state, "form 1010-1011", "15.3.1")            # 8.41: no 8.4 formations for Sauron
    # a formed Shield Wall may not step into rough (8.41)
    state = cleared("westernesse-movement", 3)
    place(state, "men-1", "1024", partner="men-2", formation="shield_wall")
    place(state, "men-2", "1024", partner="men-1", formation="shield_wall")
    refused(state, "move 1024-1025", "8.41")
    assert not any(isinstance(a, Move) and a.path[-1] in ("1025", "0925")
                   for a in state.legal_actions())


def formed(kind="shield_wall", first="men-1", second="men-2", hex_name="1011"):
    state = cleared("sauron-combat", 3, ScriptedDice([]))
    place(state, first, hex_name, partner=second, formation=kind)
    place(state, second, hex_name, partner=first, formation=kind)
    return state


def test_case_8_46_half_elimination_takes_one_unit_and_retreats_part():
    from palantir.games.spi_sauron.components import CasualtyResult
    state = formed()
    place(state, "goblins-1", "1010")
    apply_casualty(state, state.units["men-1"], CasualtyResult("1/2E", True, False, 0), None)
    assert state.units["men-1"].hex == "eliminated"
    assert state.units["men-2"].hex == "1011" and state.units["men-2"].partner is None
    state = formed()
    apply_casualty(state, state.units["men-1"], CasualtyResult("E", False, True, 0), None)
    assert state.units["men-1"].hex == state.units["men-2"].hex == "eliminated"
    state = formed()
    apply_casualty(state, state.units["men-1"], CasualtyResult("r1", False, False, 1), None)
    assert [p.piece for p in state.pending] == ["men-1", "men-2"]      # 8.46: each retreats
    state.apply(state.legal_actions()[0])
    taken = state.units["men-1"].hex
    assert all(a.path[-1] != taken for a in state.legal_actions())     # to a different hex


def test_case_8_44_a_formation_attacks_once_at_a():
    state = formed()
    setup(state, phase="westernesse-combat")
    place(state, "goblins-1", "1010")
    assert melee_strength(state, state.units["men-1"]) == "A"
    attacks = [str(a) for a in state.legal_actions() if str(a).startswith("attack")]
    assert attacks == ["attack 1010 from 1011"]


def phalanx(reduced=False):
    state = cleared("sauron-movement", 3)
    place(state, "slaves-1", "1010", reduced=reduced)
    place(state, "slaves-2", "1011")
    return state


def test_case_15_3_two_slaves_form_a_phalanx_without_a_leader():
    state = phalanx()
    assert Form(("1010", "1011")) in state.legal_actions()
    state.apply("form 1010-1011")
    unit = state.units["slaves-1"]
    assert unit.formation == "slave_phalanx"
    assert (unit.strength.armour, unit.strength.morale) == (3, "Y")          # 15.3.3
    assert unit.strength.melee == unit.type.front.melee
    refused(state, "move 1011-1111", "15.3.2 C")
    at_phase(state, "sauron-movement", 4)
    moves = [a for a in state.legal_actions() if isinstance(a, Move) and a.path[0] == "1011"]
    assert moves and max(distance("1011", m.path[-1]) for m in moves) <= 2    # 15.3.3 MA 2


def test_case_15_3_4_only_full_strength_slaves():
    refused(phalanx(reduced=True), "form 1010-1011", "15.3.4")


def test_case_15_3_5_a_a_phalanx_loses_one_unit_to_half_elimination():
    from palantir.games.spi_sauron.components import CasualtyResult
    state = formed("slave_phalanx", "slaves-1", "slaves-2")
    apply_casualty(state, state.units["slaves-1"], CasualtyResult("1/2E", True, False, 0), None)
    assert state.units["slaves-1"].hex == "eliminated" and state.units["slaves-2"].hex == "1011"
    assert any("15.3.5 A" in line for line in state.news)


def test_case_8_48_a_formation_disbands_when_one_unit_moves_off():
    state = cleared("westernesse-movement", 3)
    place(state, "men-1", "1011", partner="men-2", formation="shield_wall")
    place(state, "men-2", "1011", partner="men-1", formation="shield_wall")
    assert Split(("1011", "1111")) in state.legal_actions()
    state.apply("split 1011-1111")
    assert state.units["men-1"].hex == "1111" and state.units["men-2"].hex == "1011"
    assert state.units["men-1"].partner is None and state.units["men-2"].formation is None
    assert any(isinstance(a, Move) and a.path[0] == "1011" for a in state.legal_actions())


def test_case_7_61_a_formation_is_never_displaced_by_a_retreat():
    state = formed()
    place(state, "men-3", "1010")
    assert not displaceable(state, "1011", {"1010"})
    place(state, "men-4", "1011")
    place(state, "men-1", "eliminated")
    place(state, "men-2", "eliminated")
    assert displaceable(state, "1011", {"1010"})        # a single unit may make way


def archers_formed(disrupted_first=False):
    """A Shield Wall of two Archers in 1011 in Westernesse's Combat Phase, Goblins beside;
    every fire rolls 12, a miss (7.41)."""
    state = cleared("westernesse-combat", 3, ScriptedDice(["6"] * 4))
    place(state, "archers-1", "1011", partner="archers-2", formation="shield_wall")
    place(state, "archers-2", "1011", partner="archers-1", formation="shield_wall")
    place(state, "goblins-1", "1010")
    if disrupted_first:
        mark(state, "archers-1", disrupted=True)
    return state


def fires_from(state, hex_name):
    return [str(a) for a in state.legal_actions() if str(a).startswith(f"fire {hex_name} ")]


def test_case_7_57_a_formation_fires_by_its_archer_who_is_not_disrupted():
    # Found in a seeded sweep: a Shield Wall of Archers, the first disrupted (7.57; both
    # disrupted by 16.1, one rallied), was offered `fire` by its other unit, and the
    # referee then refused it naming 7.57.
    state = archers_formed(disrupted_first=True)
    assert fires_from(state, "1011") == ["fire 1011 1010"]
    state.apply("fire 1011 1010")
    assert "2d6 = 12" in " ".join(state.news) and fires_from(state, "1011") == []
    refused(state, "fire 1011 1010", "7.57")          # the disrupted one is named first


def test_case_8_44_a_formation_of_two_archers_fires_once_as_one_counter():
    state = archers_formed()
    assert fires_from(state, "1011") == ["fire 1011 1010"]       # one decision, not two
    state.apply("fire 1011 1010")
    assert {"archers-1", "archers-2"} <= state.fired and fires_from(state, "1011") == []
    refused(state, "fire 1011 1010", "7.14")


def test_case_7_57_a_formation_melees_by_its_unit_that_is_not_disrupted():
    state = cleared("westernesse-combat", 3, ScriptedDice(["6"] * 6))
    place(state, "men-1", "1011", partner="men-2", formation="shield_wall", disrupted=True)
    place(state, "men-2", "1011", partner="men-1", formation="shield_wall")
    place(state, "goblins-1", "1010")
    attacks = [str(a) for a in state.legal_actions() if str(a).startswith("attack")]
    assert attacks == ["attack 1010 from 1011"]
    state.apply("attack 1010 from 1011")                 # not refused naming 7.57
    assert "1011" in " ".join(state.news)
