"""Cases of the rulebook that no other test checked, one test (or more) per case, named by the
case's number. docs/rules-coverage-spi-sauron.md lists every case with its tests."""

from palantir.engine.dice import ScriptedDice
from palantir.games.spi_sauron.components import CasualtyResult, default_components
from palantir.games.spi_sauron.hexmap import distance
from palantir.games.spi_sauron.notation import END, Cast, Duel, Fire, Move, Rally
from palantir.games.spi_sauron.phases.rally import rally_rating
from palantir.games.spi_sauron.units import ELIMINATED

from tests.support.positions.spi import (at_phase, cleared, mark, new_game, place, refused,
                                         setup)
from palantir.games.spi_sauron.phases.losses import pedestal_hex
from palantir.games.spi_sauron.phases import is_night, spell_active
from palantir.games.spi_sauron.phases.beast import beast_allowance
from palantir.games.spi_sauron.phases.combat import apply_casualty, leader_rating
from palantir.games.spi_sauron.phases.turn import begin_phase, end_game
from palantir.games.spi_sauron.phases.retreat import displaceable

PARTS = default_components()


def combat(side="westernesse", turn=1, dice=()):
    """A cleared board in `side`'s Combat Phase with these die faces scripted."""
    return cleared(f"{side}-combat", turn, ScriptedDice(list(dice)))


def magic_phase(turn=5, dice=()):
    """Phase A with Sauron on the Pedestal (carried by orc_archers-1) since it began."""
    state = cleared("magic-1", turn, ScriptedDice(list(dice)))
    place(state, "orc_archers-1", "1329")
    place(state, "sauron", "1329")
    begin_phase(state)
    return state


# ----- 4.0 Movement ----------------------------------------------------------------------------

def test_case_4_11_a_magic_leader_moves_in_both_magic_leader_movement_phases():
    state = cleared("magic-1", turn=5)
    place(state, "orc_archers-1", "1110")
    place(state, "orc_archers-2", "1112")
    place(state, "sauron", "1110")
    state.apply("move sauron 1110-1111-1112")          # phase A
    state.apply("end")
    assert state.phase.key == "sauron-movement"
    refused(state, "move sauron 1112-1111-1110", "4.11")
    state.apply("end")                                  # phase D has no combat: passes
    assert state.phase.key == "magic-2"
    state.apply("move sauron 1112-1111-1110")          # phase E: he moves again
    assert state.leaders["sauron"].hex == "1110"


def test_case_4_13_all_but_the_listed_cavalry_and_the_leaders_move_as_infantry():
    cavalry = {key for key, unit in PARTS.unit_types.items() if unit.kind == "cavalry"}
    assert cavalry == {"wargs", "cavalry", "light_cavalry"}      # 13.1, 13.2 name them
    assert all(unit.kind == "infantry" for key, unit in PARTS.unit_types.items()
               if key not in cavalry)
    state = cleared()
    place(state, "trolls-1", "0516")                    # Trolls: infantry, MA 4
    refused(state, "move 0516-0517-0518-0519-0520-0521", "4.26")
    state.apply("move 0516-0517-0518-0519-0520")
    assert state.units["trolls-1"].hex == "0520"


def test_case_4_23_no_combat_in_a_movement_phase():
    state = cleared()                                   # Sauron's Movement Phase
    place(state, "goblins-1", "0504")                   # Ee: melee and missile
    place(state, "gorgol", "0504")
    place(state, "men-1", "0604")
    place(state, "elendil", "0604")
    for text in ("fire 0504 0604", "attack 0604 from 0504", "duel gorgol elendil"):
        refused(state, text, "4.23")
    assert all(str(a).split()[0] in ("move", "end", "form", "enter")
               for a in state.legal_actions())


def test_case_4_3_a_defender_attacked_up_a_slope_adds_one_to_its_armour():
    state = combat(dice=["6", "6"] * 3)
    high, low = "0509", "0510"                          # slope hexside 0509/0510, 0509 high
    assert state.hexmap.higher_side(high, low) == high
    assert state.hexmap.terrain[high] == state.hexmap.terrain[low] == "clear"
    flat = next(h for h in state.hexmap.neighbours[high] if h != low
                and state.hexmap.higher_side(h, high) is None
                and state.hexmap.terrain[h] == "clear")
    place(state, "goblins-1", high)                     # armour 2
    place(state, "men-1", low)
    place(state, "men-2", flat)
    state.apply(f"attack {high} from {low}")            # up the slope: 2 + 1
    assert "vs D/3" in " ".join(state.news)
    state.apply(f"attack {high} from {flat}")           # no slope between
    assert "vs D/2" in " ".join(state.news)
    state = combat("sauron", dice=["6", "6"])
    place(state, "goblins-1", high)
    place(state, "men-1", low)
    state.apply(f"attack {low} from {high}")            # down the slope: no bonus (armour 3)
    assert "vs E/3" in " ".join(state.news)


# ----- 6.0 Zones of Control --------------------------------------------------------------------

def test_case_6_1_zocs_hold_in_every_phase_and_friends_never_negate_them():
    state = cleared()
    place(state, "goblins-1", "0516")
    place(state, "goblins-2", "0518")                   # a friend in the Men's ZOC
    place(state, "men-1", "0519")
    for key in ("magic-1", "sauron-movement", "sauron-combat", "westernesse-movement",
                "westernesse-combat", "rally"):
        at_phase(state, key)
        assert "0518" in state.enemy_zoc("sauron") and "0519" in state.enemy_zoc("westernesse")
    at_phase(state, "sauron-movement")
    refused(state, "move 0516-0517-0518-0618", "6.11")  # it must stop in 0518 all the same


def test_case_6_12_a_hex_in_both_sides_zocs_and_a_second_enemy_adds_nothing():
    state = cleared()
    place(state, "goblins-1", "0516")
    place(state, "men-1", "0518")
    assert "0517" in state.enemy_zoc("sauron") and "0517" in state.enemy_zoc("westernesse")
    state = cleared()
    place(state, "goblins-1", "0515")
    place(state, "men-1", "0519")
    place(state, "men-2", "0618")                       # 0518 is in the ZOC of both Men
    state.apply("move 0515-0516-0517-0518")
    assert "3 MP" in state.narration(0)[-1]             # as with one enemy (6.2)


def test_case_6_2_no_retreat_into_an_enemy_zoc_even_onto_a_friend():
    state = combat(dice=["3", "3", "6"])                # D vs 2: 6 hits; 6 vs Z: r1
    place(state, "goblins-1", "0504")
    place(state, "men-1", "0604")
    place(state, "men-2", "0404")
    place(state, "men-3", "0502")
    place(state, "goblins-2", "0403")
    zone = state.enemy_zoc("sauron")
    exits = [h for h in state.hexmap.neighbours["0504"] if h not in ("0604", "0404")]
    assert len(exits) == 4 and "0403" in exits and all(h in zone for h in exits)
    assert displaceable(state, "0403", {"0504"})          # the friend could make way
    state.apply("attack 0504 from 0604")
    assert state.units["goblins-1"].hex == ELIMINATED   # 7.56: no path of retreat
    assert state.units["goblins-2"].hex == "0403" and not state.units["goblins-2"].disrupted


# ----- 7.0 Combat ------------------------------------------------------------------------------

def test_case_7_0_a_unit_may_fire_and_then_melee_in_one_combat_phase():
    state = combat(dice=["6", "6", "6", "6"])
    place(state, "archers-1", "0604")                   # De-2-Y
    place(state, "goblins-1", "0504")
    state.apply("fire 0604 0504")                       # e vs 2 needs 6-8: 12 misses
    state.apply("attack 0504 from 0604")                # D vs 2 needs 5-8: 12 misses
    assert "archers-1" in state.fired and "archers-1" in state.attacked
    assert state.dice.used == 4


def test_case_7_21_leader_combat_is_optional_and_comes_between_missiles_and_melee():
    state = combat(dice=["3"])
    place(state, "bowmen-1", "0604")                    # missile only: owes no melee
    place(state, "anarion", "0604")
    place(state, "goblins-1", "0504")
    place(state, "gorgol", "0504")
    legal = state.legal_actions()
    assert Duel("anarion", "gorgol") in legal and END in legal      # optional
    state.apply("duel anarion gorgol")                  # 6 - 5 = +1, die 3: no effect
    assert "differential +1" in " ".join(state.news)
    refused(state, "fire 0604 0504", "7.16")            # missiles came first
    state = combat(dice=["6", "6"])
    place(state, "men-1", "0604")
    place(state, "anarion", "0604")
    place(state, "goblins-1", "0504")
    place(state, "gorgol", "0504")
    state.apply("attack 0504 from 0604")                # 12: no casualty
    refused(state, "duel anarion gorgol", "7.21")       # leader combat before melee
    state = combat()
    place(state, "men-1", "0604")
    place(state, "anarion", "0604")
    place(state, "goblins-1", "0506")
    place(state, "gorgol", "0506")
    refused(state, "duel anarion gorgol", "7.21")       # only an adjacent enemy leader


def test_case_7_23_a_unit_that_cannot_retreat_is_flipped_and_if_flipped_eliminated():
    def duel(reduced):
        # Anarion 6 vs Gorgol 5: +1, die 1: Ar2; 8.24 die 4: Anarion unhurt
        state = combat(dice=["1", "4"])
        place(state, "men-1", "0101", reduced=reduced)  # a corner: 0102 is in the ZOC
        place(state, "anarion", "0101")
        place(state, "goblins-1", "0201")
        place(state, "gorgol", "0201")
        state.apply("duel anarion gorgol")
        assert state.dice.used == 2 and not state.pending
        return state

    state = duel(reduced=False)
    assert state.units["men-1"].hex == "0101" and state.units["men-1"].reduced
    state = duel(reduced=True)
    assert state.units["men-1"].hex == ELIMINATED
    assert state.demoralization_points["westernesse"] == 8


def test_case_7_24_a_leader_may_be_attacked_more_than_once():
    state = combat(dice=["3", "3"])
    place(state, "bowmen-1", "0604")
    place(state, "anarion", "0604")
    place(state, "dwarves-1", "0404")
    place(state, "baldrim", "0404")
    place(state, "goblins-1", "0504")
    place(state, "gorgol", "0504")
    state.apply("duel anarion gorgol")                  # +1, die 3: no effect
    state.apply("duel baldrim gorgol")                  # +1, die 3: no effect
    assert state.dueled == {"anarion", "baldrim"} and state.dice.used == 2


def test_case_7_25_combat_units_do_not_attack_leaders():
    state = combat()
    place(state, "men-1", "0604")
    place(state, "gorgol", "0504")                      # a leader alone
    refused(state, "attack 0504 from 0604", "7.3")
    assert END in state.legal_actions()                 # and none is owed (8.22)
    assert not [a for a in state.legal_actions() if str(a).startswith("attack")]


def test_case_7_36_no_melee_through_the_closed_gate():
    state = combat()
    place(state, "men-1", "1330")
    place(state, "goblins-1", "1331")
    place(state, "sauron", "mordor")                    # the gate is closed (18.0 C)
    refused(state, "attack 1331 from 1330", "7.36")
    assert END in state.legal_actions()                 # no ZOC through it (6.13)
    place(state, "sauron", "1010")                      # on the plain: the gate is open
    place(state, "orc_archers-1", "1010")
    assert "attack 1331 from 1330" in [str(a) for a in state.legal_actions()]


def eliminated_by_melee():
    """Men in 0604 eliminate the Goblins in 0504; other Goblins in 0404 keep 0504 in a ZOC."""
    state = combat(dice=["3", "3", "1"])                # D vs 2: 6 hits; 1 vs Z: E
    place(state, "men-1", "0604")
    place(state, "goblins-1", "0504")
    place(state, "goblins-2", "0404")
    place(state, "men-2", "0305")                       # attacks the Goblins in 0404 later
    return state


def test_case_7_51_the_victor_advances_regardless_of_zocs_but_not_after_missile_fire():
    state = eliminated_by_melee()
    state.apply("attack 0504 from 0604")
    assert state.units["goblins-1"].hex == ELIMINATED
    assert "0504" in state.enemy_zoc("westernesse")
    state.apply("advance 0604-0504")
    assert state.units["men-1"].hex == "0504"
    state = combat(dice=["3", "3", "1"])                # e vs 2 needs 6-8: 6; 1 vs Z: E
    place(state, "archers-1", "0604")
    place(state, "goblins-1", "0504")
    state.apply("fire 0604 0504")
    assert state.units["goblins-1"].hex == ELIMINATED
    assert not state.pending                            # "Melee (only)"


def test_case_7_52_a_unit_that_advanced_may_not_attack_again_this_phase():
    state = eliminated_by_melee()
    state.apply("attack 0504 from 0604")
    state.apply("advance 0604-0504")
    assert "men-1" in state.advanced
    # it has attacked already, so 7.34 refuses it first; 7.52 holds all the same
    refused(state, "attack 0404 from 0504", "7.34")
    assert "attack 0404 from 0305" in [str(a) for a in state.legal_actions()]
    assert "attack 0404 from 0305 0504" not in [str(a) for a in state.legal_actions()]


def test_case_7_57_a_disrupted_unit_neither_fires_nor_melees():
    state = combat()
    place(state, "archers-1", "0604", disrupted=True)
    place(state, "goblins-1", "0504")
    refused(state, "fire 0604 0504", "7.57")
    refused(state, "attack 0504 from 0604", "7.57")
    assert state.legal_actions() == [END]               # nor does it owe an attack (7.31)


# ----- 8.0 Leaders -----------------------------------------------------------------------------

def rally_phase(seat, turn=1, dice=()):
    state = cleared("rally", turn, ScriptedDice(list(dice)))
    setup(state, rally_seat=seat)
    return state


def test_case_8_31_no_rally_across_the_closed_gate():
    state = rally_phase(0, turn=5, dice=["3", "4"])
    place(state, "goblins-2", "1330")
    place(state, "gorgol", "1330")
    place(state, "goblins-1", "1331", disrupted=True)
    place(state, "sauron", "mordor")                    # the gate is closed (18.0 C)
    refused(state, "rally gorgol 1331", "8.31")
    place(state, "sauron", "1010")
    place(state, "orcs-1", "1010")
    state.apply("rally gorgol 1331")                    # 7 in 3-9 (rating 5: 2-7)
    assert not state.units["goblins-1"].disrupted


def test_case_8_33_sauron_rallies_units_of_any_nationality():
    state = rally_phase(0, turn=5, dice=["3", "4"])
    place(state, "goblins-1", "1010")
    place(state, "gorgol", "1010")
    place(state, "orcs-1", "1012")
    place(state, "sauron", "1012")
    place(state, "trolls-1", "1011", disrupted=True)
    refused(state, "rally gorgol 1011", "8.31")         # Gorgol leads Goblins and Wargs
    assert Rally("sauron", "1011") in state.legal_actions()
    state.apply("rally sauron 1011")                    # 7 in 3-12
    assert not state.units["trolls-1"].disrupted


def test_case_8_35_a_unit_in_an_enemy_zoc_is_rallied_again_and_again():
    state = rally_phase(1, dice=["3", "4"] * 2)
    place(state, "men-1", "0604")
    place(state, "elendil", "0604")
    place(state, "men-2", "0605", disrupted=True)
    place(state, "goblins-1", "0506")
    assert "0605" in state.enemy_zoc("westernesse")
    state.apply("rally elendil 0605")
    assert not state.units["men-2"].disrupted
    state.apply("end")                                  # the next Game-Turn
    assert state.turn == 2
    mark(state, "men-2", disrupted=True)               # disrupted once more
    at_phase(state, "rally")
    setup(state, rally_seat=1)
    state.apply("rally elendil 0605")
    assert not state.units["men-2"].disrupted


def test_case_8_45_a_shield_wall_moves_two():
    state = cleared("westernesse-movement", 3)
    place(state, "men-1", "1010")
    place(state, "men-2", "1011")
    place(state, "elendil", "1011")
    state.apply("form 1010-1011")
    at_phase(state, "westernesse-movement", 4)
    moves = [a for a in state.legal_actions() if isinstance(a, Move) and a.path[0] == "1011"
             and not a.leader]
    assert moves and max(distance("1011", m.path[-1]) for m in moves) == 2
    refused(state, "move 1011-1012-1013-1014", "8.41")  # 1012 is a crater
    refused(state, "move 1011-1111-1112-1113", "4.26")


def test_case_8_54_a_spell_is_cast_in_a_magic_leader_movement_phase():
    state = cleared("sauron-movement", 5, ScriptedDice(["1", "1"]))
    place(state, "orc_archers-1", "1329")
    place(state, "sauron", "1329")
    refused(state, "cast total-eclipse 4", "8.54")
    at_phase(state, "magic-1")
    begin_phase(state)
    assert Cast("total_eclipse", 4) in state.legal_actions()
    state.apply("cast total-eclipse 4")
    assert spell_active(state, "total_eclipse")


# ----- 9.0 Demoralization ----------------------------------------------------------------------

def goblins_lost(dps=0):
    """The Men in 0604 eliminate the Goblins in 0504 (Ee-2-Z, 5 DPs): no path of retreat."""
    state = combat(dice=["3", "3", "5"])
    setup(state, demoralization_points={"sauron": dps})
    place(state, "men-1", "0604")
    place(state, "men-2", "0403")
    place(state, "goblins-1", "0504")
    state.apply("attack 0504 from 0604")
    assert state.units["goblins-1"].hex == ELIMINATED
    return state


def test_case_9_13_an_eliminated_unit_adds_its_value_to_the_others():
    assert goblins_lost(10).demoralization_points["sauron"] == 15


def test_case_9_21_demoralized_only_when_the_total_exceeds_the_level():
    state = goblins_lost(66)                            # 71: the level, not beyond it
    assert state.demoralization_points["sauron"] == 71 and not state.demoralized["sauron"]
    assert goblins_lost(67).demoralized["sauron"]       # 72 > 71


def test_case_9_0_an_army_once_demoralized_stays_so_to_the_end():
    state = goblins_lost(67)
    while not state.is_over():
        state.apply(state.legal_actions()[-1])
    assert state.demoralized["sauron"] and state.outcome().details["demoralized"]["sauron"]


def test_case_9_22_an_army_is_demoralized_though_the_other_is_already():
    state = combat(dice=["3", "3", "1"])                # D vs 2: 6 hits; 1 vs Z: E
    setup(state, demoralized={"westernesse": True})
    setup(state, demoralization_points={"sauron": 70})
    place(state, "archers-1", "0604")                   # De-2-Y: not fanatical (9.33)
    place(state, "goblins-1", "0504")
    state.apply("attack 0504 from 0604")
    assert state.demoralized == {"sauron": True, "westernesse": True}


def test_case_9_23_both_armies_demoralized_in_one_combat_phase():
    state = combat(dice=["6", "1"] + ["4"] * 10)
    setup(state, demoralization_points={"westernesse": 107})
    place(state, "men-1", "0604")
    place(state, "elendil", "0604")                     # 10 + Narsil 1 = 11
    place(state, "orcs-1", "0504")
    place(state, "sauron", "0504", reduced=True)        # 5: +6, die 6: De
    place(state, "men-2", "0406")
    place(state, "anarion", "0406")                     # 6
    place(state, "trolls-1", "0405")
    place(state, "ringwraith", "0405")                  # 8: -2, die 1: Ae
    state.apply("duel elendil sauron")
    assert state.demoralized["sauron"]                  # 20.1 C
    while state.pending:
        state.apply(state.legal_actions()[0])
    state.apply("duel anarion ringwraith")
    assert state.leaders["anarion"].hex == ELIMINATED   # 107 + 6 > 112 (20.2 C)
    assert state.demoralized == {"sauron": True, "westernesse": True}
    assert state.phase.key == "westernesse-combat"
    end_game(state)
    assert state.outcome().summary == "Draw"            # 21.2: neither side wins


def test_case_9_32_demoralized_z_units_still_fire():
    state = combat("sauron", dice=["6", "6"])
    setup(state, demoralized={"sauron": True})
    place(state, "goblins-1", "0504")                   # Ee-2-Z
    place(state, "men-1", "0506")
    assert Fire("0504", "0506") in state.legal_actions()
    state.apply("fire 0504 0506")                       # E vs 3 needs 3-6: 12 misses
    assert "goblins-1" in state.fired


# ----- 10.0 Night, 13.0 and 14.0 the order of battle --------------------------------------------

def test_case_10_0_sauron_leaders_add_three_in_leader_combat_at_night():
    state = combat("sauron", turn=15)
    place(state, "goblins-1", "0504")
    place(state, "gorgol", "0504")
    place(state, "men-1", "0604")
    place(state, "anarion", "0604")
    assert leader_rating(state, state.leaders["gorgol"]) == 5 + 3
    assert leader_rating(state, state.leaders["anarion"]) == 6
    at_phase(state, "sauron-combat", turn=14)
    assert leader_rating(state, state.leaders["gorgol"]) == 5


def test_case_13_the_units_stand_where_13_1_and_13_2_put_them_with_their_strengths():
    printed = {"goblins": "Ee-2-Z", "wargs": "D-2-Z", "cavalry": "B-3-W", "men": "D-3-X",
               "dwarves": "B-3-X", "light_cavalry": "B-3-X", "bowmen": "e-1-X",
               "archers": "De-2-Y"}
    hexes = {"goblins": {"0821", "1021", "1221", "1421", "1621", "1821", "2021"},
             "wargs": {"1324", "1325", "1326", "1327", "1328"},
             "cavalry": {"2207", "2007", "1908", "1807"},
             "men": {"1108", "1007", "0907", "0806", "1805", "2005"},
             "dwarves": {"1308", "1408", "1508"}, "light_cavalry": {"1407", "1906"},
             "bowmen": {"0608", "0709", "0808"}, "archers": {"1405", "1406"}}
    state = new_game()
    for key, strength in printed.items():
        units = [u for u in state.units.values() if u.type.key == key and u.on_map]
        assert {u.hex for u in units} == hexes[key] and len(units) == len(hexes[key]), key
        assert all(str(u.strength) == strength for u in units), key
    assert state.leaders["gorgol"].hex == "1324"
    assert len({u.hex for u in state.units.values() if u.on_map}) == \
        len([u for u in state.units.values() if u.on_map])        # 13.0 B: one a hex
    later = {"orc_archers": "Ee-3-Y", "slaves": "A-1-Z", "trolls": "B-3-X", "orcs": "D-3-Y",
             "elves": "D-4-W", "elven_archers": "De-3-X", "elven_bowmen": "e-2-X"}
    for key, strength in later.items():                          # 14.1, 14.2
        assert str(PARTS.unit_types[key].front) == strength


def test_case_14_2_a_gil_galad_arrives_on_turn_2_carrying_aiglos():
    state = new_game()
    gil_galad = state.leaders["gil_galad"]
    assert gil_galad.weapon == "aiglos" and gil_galad.hex == "waiting"
    assert gil_galad.arrival == 2 and state.leaders["cirdan"].arrival == 2
    at_phase(state, "westernesse-movement", turn=2)
    state.apply("enter elves 1401-1302")
    state.apply("enter gil-galad 1401-1302")
    assert gil_galad.hex == "1302" and gil_galad.weapon == "aiglos"


# ----- 15.3 Slave Phalanxes, 16.0 spells and the Pedestal --------------------------------------

def test_case_15_3_2_a_the_two_slaves_begin_the_phase_adjacent():
    state = cleared("sauron-movement", 3)
    place(state, "slaves-1", "1010")
    place(state, "slaves-2", "1110")
    place(state, "slaves-3", "0909")
    refused(state, "form 0909-1010", "15.3.2 A")        # not adjacent
    state.apply("move 0909-0910")                       # adjacent now, but it has moved
    assert distance("0910", "1010") == 1
    refused(state, "form 0910-1010", "15.3.2 A")        # adjacent since the phase began only
    state.apply("form 1110-1010")                       # these two began adjacent
    assert state.units["slaves-1"].formation == "slave_phalanx"


def test_case_15_3_5_b_each_unit_of_a_phalanx_retreats_to_a_different_hex():
    state = cleared("sauron-combat", 3, ScriptedDice([]))
    place(state, "slaves-1", "1011", partner="slaves-2", formation="slave_phalanx")
    place(state, "slaves-2", "1011", partner="slaves-1", formation="slave_phalanx")
    apply_casualty(state, state.units["slaves-1"], CasualtyResult("r1", False, False, 1), None)
    assert [p.piece for p in state.pending] == ["slaves-1", "slaves-2"]
    state.apply(state.legal_actions()[0])
    taken = state.units["slaves-1"].hex
    assert taken != "1011" and state.units["slaves-1"].formation is None
    assert state.legal_actions() and all(a.path[-1] != taken for a in state.legal_actions())


def test_case_16_2_wrath_lasts_three_turns_and_16_3_the_eclipse_one():
    state = magic_phase(turn=6, dice=["1", "1"])
    state.apply("cast wrath-of-the-ringwraith 3")
    lasting = []
    for turn in (6, 7, 8, 9):
        setup(state, turn=turn)
        lasting.append(spell_active(state, "wrath_of_the_ringwraith"))
    assert lasting == [True, True, True, False]
    state = magic_phase(turn=5, dice=["1", "1"])
    state.apply("cast total-eclipse 4")
    assert is_night(state)
    setup(state, turn=6)
    assert not is_night(state)


def pedestal_bearer_moves(moves):
    """Turn 5: the Pedestal's Orc Archers move (or not) in phase C; Sauron joins them in
    phase E; phase A of turn 6 begins with him on the Pedestal."""
    state = cleared("sauron-movement", 5, ScriptedDice(["1", "1"]))
    place(state, "orc_archers-1", "1329")
    place(state, "orcs-1", "1327")
    place(state, "sauron", "1327")
    assert state.pedestal == "orc_archers-1"
    if moves:
        state.apply("move 1329-1328")
    at_phase(state, "magic-2")
    state.apply("move sauron 1327-1328" + ("" if moves else "-1329"))
    at_phase(state, "magic-1", turn=6)
    begin_phase(state)
    assert state.on_pedestal_at_start
    return state


def test_case_16_5_1_b_no_spell_when_the_pedestal_moved_in_the_last_movement_phase():
    message = str(refused(pedestal_bearer_moves(True), "cast total-eclipse 4", "16.5.1"))
    assert "the Pedestal moved in the last Movement Phase" in message    # issue 12 item 8
    state = pedestal_bearer_moves(False)
    state.apply("cast total-eclipse 4")
    assert spell_active(state, "total_eclipse")


def test_case_16_5_2_the_orc_archers_carry_the_pedestal_at_their_own_ma():
    state = cleared("sauron-movement", 5)
    place(state, "orc_archers-1", "1110")
    state.apply("move 1110-1111-1112-1113-1114")        # MA 4, as any infantry
    assert state.pedestal == "orc_archers-1" and pedestal_hex(state) == "1114"
    assert str(state.units["orc_archers-1"].strength) == "Ee-3-Y"
    refused(state, "move 1114-1115", "4.24")


def test_case_16_5_3_c_the_pedestal_recaptured_goes_to_an_orc_archer():
    state = cleared("sauron-movement", 5)
    place(state, "orc_archers-1", "1320")
    place(state, "goblins-1", "1012")
    setup(state, pedestal="1010")                             # lying where its bearer fell
    state.apply("move 1012-1011-1010")
    assert state.pedestal == "orc_archers-1" and pedestal_hex(state) == "1320"


# ----- 17.1 the Beast, 19.0 magic weapons ------------------------------------------------------

def test_case_17_1_a_the_beast_has_ma_4_armour_4_and_morale_x():
    state = cleared("sauron-movement", 15)
    assert PARTS.beast == {"armour": 4, "morale": "X", "movement": 4}
    setup(state, beast={"hex": "0516"})
    assert beast_allowance(state) == 2 * 4             # half MP
    ends = {a.path[-1] for a in state.legal_actions() if isinstance(a, Move)
            and a.leader == "beast"}
    assert "0520" in ends and "0521" not in ends        # four clear hexes, not five


def test_case_19_1_1_a_weapon_adds_one_in_leader_combat_only_for_its_user():
    state = combat(dice=["1"])
    place(state, "men-1", "0604")
    place(state, "elendil", "0604")                     # carries Narsil (19.0 D)
    place(state, "goblins-1", "0504")
    place(state, "gorgol", "0504")
    elendil = state.leaders["elendil"]
    assert leader_rating(state, elendil) == 11 and rally_rating(state, elendil) == 10
    state.apply("duel elendil gorgol")                  # 11 - 5
    assert "differential +6" in " ".join(state.news)
    place(state, "isildur", "0604", weapon="aiglos")    # 19.0 C: Aiglos is Gil-galad's
    assert leader_rating(state, state.leaders["isildur"]) == 8
    place(state, "gil_galad", "0604", weapon="aiglos")
    assert leader_rating(state, state.leaders["gil_galad"]) == 11


def test_case_19_2_3_a_captured_weapon_gives_its_sauron_carrier_nothing_in_leader_combat():
    state = combat("sauron")
    place(state, "orcs-1", "0504")
    place(state, "sauron", "0504", weapon="narsil")     # carried, not usable (19.0 D)
    assert leader_rating(state, state.leaders["sauron"]) == 10
