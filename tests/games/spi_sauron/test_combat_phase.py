"""The Combat Phase (7.0): missile fire, leader combat, melee and its compulsion, retreats,
displacement, retreat before combat, advance after combat, and the losses they tally."""

from palantir.engine.dice import ScriptedDice
from palantir.games.spi_sauron.notation import END, HOLD, STAND, Advance, Retreat
from palantir.games.spi_sauron.phases.rally import check_rally

from tests.support.positions.spi import cleared, mark, place, refused, setup
from palantir.games.spi_sauron.phases.combat import fanatical, melee_strength, missile_strength, obliged_to_attack
from palantir.games.spi_sauron.phases.retreat import carry_out_retreat

# Hexes of the open plain (all clear). 0504 touches 0503 0505 0403 0404 0603 0604.


def combat(side="sauron", turn=1, dice=()):
    """A cleared board in `side`'s Combat Phase with these die faces scripted."""
    return cleared(f"{side}-combat", turn, ScriptedDice(list(dice)))


# ----- missile combat (7.1) ------------------------------------------------------------------

def test_case_7_12_missiles_reach_two_hexes_and_no_further():
    state = combat("westernesse", dice=["6", "6"])
    place(state, "archers-1", "0504")
    place(state, "goblins-1", "0506")        # two hexes away
    place(state, "goblins-2", "0507")        # three hexes away
    refused(state, "fire 0504 0507", "7.12")
    state.apply("fire 0504 0506")           # 12 misses E vs 2 (6-8)
    assert "2d6 = 12 vs E/2 needs 6–8: no casualty" in " ".join(state.news)


def test_case_15_1_3_elven_bowmen_reach_three_hexes():
    state = combat("westernesse", dice=["3", "3", "5"])
    place(state, "elven_bowmen-1", "0504")
    place(state, "goblins-1", "0507")
    state.apply("fire 0504 0507")           # 6 hits E vs 2; 5 vs Z: r2
    assert state.to_move() == 0 and state.pending[0].kind == "retreat"


def test_case_7_13_mountains_block_the_line_of_fire():
    state = combat("westernesse")
    place(state, "archers-1", "0428")
    place(state, "goblins-1", "0629")
    refused(state, "fire 0428 0629", "7.13")


def test_case_7_14_a_missile_unit_fires_once_per_turn():
    state = combat("westernesse", dice=["6", "6"])
    place(state, "archers-1", "0504")
    place(state, "goblins-1", "0506")
    state.apply("fire 0504 0506")
    refused(state, "fire 0504 0506", "7.14")


def test_case_7_16_missiles_before_melee():
    state = combat("westernesse", dice=["6", "6"])
    place(state, "men-1", "0604")
    place(state, "archers-1", "0804")
    place(state, "goblins-1", "0504")
    place(state, "goblins-2", "0806")
    state.apply("attack 0504 from 0604")
    refused(state, "fire 0804 0806", "7.16")


def test_case_7_11_only_missile_units_fire():
    state = combat("westernesse")
    place(state, "men-1", "0504")
    place(state, "goblins-1", "0506")
    refused(state, "fire 0504 0506", "7.11")


# ----- melee (7.3) ----------------------------------------------------------------------------

def test_case_7_31_units_in_enemy_zoc_must_attack():
    state = combat("sauron", dice=["6", "6"])
    place(state, "goblins-1", "0504")
    place(state, "men-1", "0604")
    assert END not in state.legal_actions()
    refused(state, "end", "7.31")
    state.apply("attack 0604 from 0504")    # 12: E vs 3 needs 3-6, no casualty
    assert END in state.legal_actions()
    state.apply("end")
    assert state.phase.key == "westernesse-movement"


def test_case_6_14_demoralized_units_exert_no_zoc_so_compel_nothing():
    state = combat("sauron")
    place(state, "goblins-1", "0504")
    place(state, "men-1", "0604")
    setup(state, demoralized={"westernesse": True})
    state._zoc.clear()
    assert obliged_to_attack(state, "sauron") == []
    assert END in state.legal_actions()


def test_case_7_34_no_unit_attacks_twice():
    state = combat("sauron", dice=["6", "6"])
    place(state, "goblins-1", "0504")
    place(state, "men-1", "0604")
    place(state, "men-2", "0404")
    state.apply("attack 0604 from 0504")
    refused(state, "attack 0404 from 0504", "7.34")


def test_case_7_32_each_committed_attacker_rolls_in_turn():
    # Two goblins on one man: each attack resolved separately, both rolled.
    state = combat("sauron", dice=["6", "6", "6", "5"])
    place(state, "goblins-1", "0504")
    place(state, "goblins-2", "0705")
    place(state, "men-1", "0604")
    state.apply("attack 0604 from 0504 0705")
    assert state.dice.used == 4 and state.attacked == {"goblins-1", "goblins-2"}


def test_case_7_32_attackers_committed_are_spent_when_the_defender_has_gone():
    # The first attack eliminates the man; the second goblin is spent all the same.
    state = combat("sauron", dice=["3", "3", "1"])
    place(state, "slaves-1", "0504")
    place(state, "goblins-2", "0705")
    place(state, "men-1", "0604", reduced=True)
    state.apply("attack 0604 from 0504 0705")    # A vs 2 needs 3-9: 6; 1 vs X: 1/2E -> E
    assert state.units["men-1"].hex == "eliminated"
    assert state.pending[0].kind == "advance"
    state.apply("hold")
    assert "goblins-2" in state.attacked and state.dice.used == 3


def test_case_7_36_cavalry_may_not_melee_into_rough():
    state = combat("westernesse")
    place(state, "cavalry-1", "0610")        # 0611 is rough (map row 11)
    place(state, "goblins-1", "0611")
    refused(state, "attack 0611 from 0610", "7.36")


def test_case_7_25_leaders_do_not_melee_combat_units():
    state = combat("westernesse")
    place(state, "elendil", "0604")
    place(state, "goblins-1", "0504")
    refused(state, "attack 0504 from 0604", "7.3")


def test_case_2_3_missile_only_units_may_not_melee():
    state = combat("westernesse")
    place(state, "bowmen-1", "0604")
    place(state, "goblins-1", "0504")
    refused(state, "attack 0504 from 0604", "2.3")
    assert END in state.legal_actions()     # so they owe no attack (7.31)


def test_case_9_32_demoralized_z_units_may_not_melee():
    state = combat("sauron")
    setup(state, demoralized={"sauron": True})
    place(state, "goblins-1", "0504")
    place(state, "men-1", "0604")
    refused(state, "attack 0604 from 0504", "9.32")


def test_case_7_37_fanatics_skip_the_casualty_probability_table():
    # Turn 15 is a night turn: Orcs are fanatical (10.0, 15.4 A) and roll only 7.42.
    state = combat("sauron", turn=15, dice=["6"])
    place(state, "orcs-1", "0504")
    place(state, "men-1", "0604")
    state.apply("attack 0604 from 0504")
    assert state.dice.used == 1
    assert "fanatical attacker (7.37): casualty; d6 = 6 vs morale X: r1" in " ".join(state.news)


def test_case_15_4_a_only_orcs_are_fanatical_at_night():
    state = combat("sauron", turn=15, dice=["6", "6"])
    place(state, "goblins-1", "0504")
    place(state, "men-1", "0604")
    state.apply("attack 0604 from 0504")
    assert state.dice.used == 2      # goblins roll the Casualty Probability Table


def test_case_9_33_westernesse_w_and_x_units_fanatical_once_demoralized():
    state = combat("westernesse")
    place(state, "men-1", "0604")        # X
    place(state, "archers-1", "0404")    # Y
    setup(state, demoralized={"westernesse": True})
    assert fanatical(state, state.units["men-1"])
    assert not fanatical(state, state.units["archers-1"])


def test_case_15_4_b_orcs_defend_one_morale_level_better_at_night():
    state = combat("westernesse", turn=16, dice=["3", "3", "1"])
    place(state, "men-1", "0604")
    place(state, "orcs-1", "0504")           # Y, X at night: 1 -> 1/2E, r2 (not E)
    state.apply("attack 0504 from 0604")
    assert state.units["orcs-1"].reduced and state.units["orcs-1"].on_map


def test_case_15_2_2_dwarves_next_to_orcs_must_attack_an_orc():
    state = combat("westernesse")
    place(state, "dwarves-1", "0604")
    place(state, "orcs-1", "0504")
    place(state, "goblins-1", "0704")
    refused(state, "attack 0704 from 0604", "15.2.2")


def test_case_16_2_wrath_of_the_ringwraith_adds_a_level_within_five_hexes():
    state = combat("sauron", turn=6)
    place(state, "goblins-1", "0504")
    place(state, "ringwraith", "0509")
    assert melee_strength(state, state.units["goblins-1"]) == "E"
    setup(state, spell_until={"wrath_of_the_ringwraith": 8})
    assert melee_strength(state, state.units["goblins-1"]) == "D"
    place(state, "ringwraith", "0510")       # six hexes away
    assert melee_strength(state, state.units["goblins-1"]) == "E"


def test_case_19_1_2_units_with_a_weapon_bearer_attack_a_level_better():
    state = combat("westernesse")
    place(state, "men-1", "0604")
    place(state, "archers-1", "0404")
    place(state, "elendil", "0604")          # carries Narsil
    assert melee_strength(state, state.units["men-1"]) == "C"
    assert missile_strength(state, state.units["archers-1"]) == "E"


def test_case_19_1_2_a_captured_weapon_gives_its_carriers_units_nothing():
    # 19.2.3: anyone may carry a magic weapon, only its named bearers use it (19.0 C, D)
    state = combat("sauron")
    place(state, "orcs-1", "0504")
    place(state, "orc_archers-1", "0404")
    plain = (melee_strength(state, state.units["orcs-1"]),
             missile_strength(state, state.units["orc_archers-1"]))
    place(state, "sauron", "0504", weapon="narsil")
    place(state, "ringwraith", "0404", weapon="aiglos")
    assert (melee_strength(state, state.units["orcs-1"]),
            missile_strength(state, state.units["orc_archers-1"])) == plain
    westernesse = combat("westernesse")
    place(westernesse, "men-1", "0604")
    place(westernesse, "isildur", "0604", weapon="aiglos")      # Gil-galad's weapon
    assert melee_strength(westernesse, westernesse.units["men-1"]) == "D"

# ----- retreats (7.54-7.57), displacement (7.6), advance (7.5) -------------------------------

def test_case_7_55_the_owner_chooses_the_retreat():
    state = combat("westernesse", dice=["3", "3", "5"])
    place(state, "men-1", "0604")
    place(state, "goblins-1", "0504")
    state.apply("attack 0504 from 0604")     # D vs 2 needs 5-8: 6; 5 vs Z: r2
    assert state.to_move() == 0
    actions = state.legal_actions()
    assert actions and all(isinstance(a, Retreat) for a in actions)
    zone = state.enemy_zoc("sauron")
    for a in actions:
        assert len(a.path) == 3 and not set(a.path[1:]) & zone     # 6.2
    refused(state, "end", "7.5")
    refused(state, "retreat 0504-0503", "7.55")     # one hex only, and into a ZOC
    state.apply("retreat 0504-0403-0402")
    goblin = state.units["goblins-1"]
    assert goblin.hex == "0402" and goblin.disrupted            # 7.57
    assert state.to_move() == 1 and state.legal_actions() == [Advance(("0604", "0504")), HOLD]


def test_case_7_51_the_victor_advances_into_the_vacated_hex():
    state = combat("westernesse", dice=["3", "3", "5"])
    place(state, "men-1", "0604")
    place(state, "goblins-1", "0504")
    state.apply("attack 0504 from 0604")
    state.apply("retreat 0504-0403-0402")
    state.apply("advance 0604-0504")
    assert state.units["men-1"].hex == "0504" and "men-1" in state.advanced    # 7.52


def test_case_7_56_a_unit_that_cannot_retreat_is_eliminated():
    state = combat("westernesse", dice=["3", "3", "5"])
    place(state, "men-1", "0604")
    place(state, "men-2", "0403")     # with men-1, every hex around 0504 is in an EZOC
    place(state, "goblins-1", "0504")
    state.apply("attack 0504 from 0604")
    assert state.units["goblins-1"].hex == "eliminated"
    # 9.12: Ee-2-Z is worth 1 + 1 + 2 + 1 = 5 DPs; 21.1: the enemy scores 2 VPs
    assert state.demoralization_points["sauron"] == 5
    assert state.victory_points["westernesse"] == 2


def test_case_7_57_a_disrupted_unit_forced_to_retreat_is_eliminated():
    state = combat("westernesse", dice=["3", "3", "6"])
    place(state, "men-1", "0604")
    place(state, "goblins-1", "0504", disrupted=True)
    state.apply("attack 0504 from 0604")     # 6 vs Z: r1
    assert state.units["goblins-1"].hex == "eliminated"


def test_case_7_61_a_friend_in_the_only_hex_is_displaced():
    state = combat("westernesse", dice=["3", "3", "6"])
    place(state, "men-1", "0604")
    place(state, "men-2", "0402")      # its ZOC closes 0403 and 0503
    place(state, "goblins-1", "0504")
    place(state, "goblins-2", "0404")  # the only way out
    state.apply("attack 0504 from 0604")     # r1
    assert state.legal_actions() == [Retreat(("0504", "0404"))]
    state.apply("retreat 0504-0404")
    assert state.to_move() == 0 and state.pending[0].kind == "displace"
    choices = {a.path[-1] for a in state.legal_actions()}
    assert choices and "0504" not in choices
    state.apply(state.legal_actions()[0])
    assert state.units["goblins-2"].disrupted and state.units["goblins-2"].hex in choices
    assert state.units["goblins-1"].hex == "0404"          # 7.65, 7.57
    assert state.to_move() == 1 and state.pending[0].kind == "advance"


def test_case_7_63_if_the_friend_cannot_make_way_the_retreating_unit_dies():
    state = combat("westernesse", dice=["3", "3", "6"])
    place(state, "men-1", "0604")
    place(state, "men-2", "0402")
    place(state, "goblins-1", "0504")
    place(state, "goblins-2", "0404", disrupted=True)     # 7.57: cannot be displaced
    state.apply("attack 0504 from 0604")
    assert state.units["goblins-1"].hex == "eliminated"
    assert state.units["goblins-2"].hex == "0404"


def test_case_7_64_a_displaced_unit_may_displace_another_in_turn():
    # 7.62: displaced units follow all the rules of retreat, 7.61 among them; 7.64: one
    # retreat may displace more than one unit
    state = combat("westernesse", dice=["3", "3", "6"])
    place(state, "men-1", "0604")
    place(state, "men-2", "0402")                 # its ZOC closes 0403 and 0503
    place(state, "goblins-1", "0504")
    place(state, "goblins-2", "0404")             # goblins-1's only way out
    place(state, "goblins-3", "0405", disrupted=True)
    place(state, "goblins-4", "0305", disrupted=True)
    place(state, "goblins-5", "0304")             # goblins-2's only way out
    place(state, "goblins-6", "0203", disrupted=True)     # goblins-5's only way: 0204
    state.apply("attack 0504 from 0604")          # r1
    assert state.legal_actions() == [Retreat(("0504", "0404"))]
    state.apply("retreat 0504-0404")
    assert state.pending[0].kind == "displace" and state.pending[0].piece == "goblins-2"
    assert state.legal_actions() == [Retreat(("0404", "0304"))]
    state.apply("retreat 0404-0304")
    assert state.pending[0].kind == "displace" and state.pending[0].piece == "goblins-5"
    assert {a.path[-1] for a in state.legal_actions()} == {"0204"}
    state.apply("retreat 0304-0204")
    assert [state.units[u].hex for u in ("goblins-1", "goblins-2", "goblins-5")] == \
        ["0404", "0304", "0204"]
    assert all(state.units[u].disrupted for u in ("goblins-1", "goblins-2", "goblins-5"))


def test_case_7_63_a_chain_of_displacements_that_ends_nowhere_kills_the_retreating_unit():
    state = combat("westernesse", dice=["3", "3", "6"])
    place(state, "men-1", "0604")
    place(state, "men-2", "0402")
    place(state, "goblins-1", "0504")
    place(state, "goblins-2", "0404")
    place(state, "goblins-3", "0405", disrupted=True)
    place(state, "goblins-4", "0305", disrupted=True)
    place(state, "goblins-5", "0304")
    place(state, "goblins-6", "0203", disrupted=True)
    place(state, "goblins-7", "0204", disrupted=True)     # the chain's last way is shut
    state.apply("attack 0504 from 0604")
    assert state.units["goblins-1"].hex == "eliminated"
    assert state.units["goblins-2"].hex == "0404" and state.units["goblins-5"].hex == "0304"


def test_case_7_7_bowmen_may_retreat_before_combat():
    state = combat("sauron", dice=["4"])
    place(state, "goblins-1", "0504")
    place(state, "bowmen-1", "0604")
    state.apply("attack 0604 from 0504")
    assert state.to_move() == 1 and STAND in state.legal_actions()
    assert {len(a.path) for a in state.legal_actions() if a != STAND} == {2, 3}
    state.apply("retreat 0604-0704")          # d6 = 4: in good order
    assert state.units["bowmen-1"].hex == "0704" and not state.units["bowmen-1"].disrupted
    assert state.to_move() == 0
    state.apply("advance 0504-0604")          # "the attacking unit may ... move into the hex"
    assert state.units["goblins-1"].hex == "0604" and state.dice.used == 1


def test_case_7_7_a_defender_that_stands_is_attacked():
    state = combat("sauron", dice=["6", "6"])
    place(state, "goblins-1", "0504")
    place(state, "bowmen-1", "0604")
    state.apply("attack 0604 from 0504")
    state.apply("stand")
    assert state.dice.used == 2 and not state.pending


def test_case_7_7_cavalry_retreats_before_combat_only_from_infantry_alone():
    state = combat("sauron", dice=["6", "6", "6", "6"])
    place(state, "goblins-1", "0504")
    place(state, "wargs-1", "0705")
    place(state, "cavalry-1", "0604")
    state.apply("attack 0604 from 0504 0705")     # a Warg is among the attackers
    assert not state.pending and state.dice.used == 4


# ----- leader combat (7.2) and leaders hurt (8.24) ---------------------------------------------

def test_case_7_23_a_unit_stacked_with_a_hit_leader_retreats_two_hexes():
    state = combat("westernesse", dice=["4"])
    place(state, "men-1", "0604")
    place(state, "elendil", "0604")
    place(state, "goblins-1", "0504")
    place(state, "gorgol", "0504")
    state.apply("duel elendil gorgol")       # +5 (10 + Narsil 1 - 5 = +6): die 4 -> De
    assert state.leaders["gorgol"].hex == "eliminated"
    assert state.to_move() == 0 and state.pending[0].piece == "goblins-1"
    assert all(len(a.path) == 3 for a in state.legal_actions())


def test_case_7_24_a_leader_attacks_once_per_phase():
    state = combat("westernesse", dice=["1"])
    place(state, "men-1", "0604")
    place(state, "anarion", "0604")
    place(state, "goblins-1", "0504")
    place(state, "gorgol", "0504")
    state.apply("duel anarion gorgol")      # +1, die 1: Ar2 -> Anarion's men retreat
    state.apply(state.legal_actions()[0])
    refused(state, "duel anarion gorgol", "7.24")


def test_case_19_2_2_a_weapon_taken_in_leader_combat_is_captured():
    state = combat("sauron", dice=["4", "6", "6"])
    place(state, "orcs-1", "0504")
    place(state, "sauron", "0504")
    place(state, "men-1", "0604")
    place(state, "elendil", "0604", reduced=True)     # 5 + Narsil 1 = 6 against 10: +4
    state.apply("duel sauron elendil")      # die 4 at +4: D1/2e -> a reduced leader dies
    assert state.leaders["elendil"].hex == "eliminated"
    assert state.leaders["sauron"].weapon == "narsil"
    assert state.victory_points["sauron"] == 10                       # 21.1
    assert state.demoralization_points["westernesse"] == 20 + 10      # 20.2 B, C


def test_case_8_24_a_leader_shares_his_units_end_on_five_or_six():
    state = combat("sauron", dice=["3", "3", "1", "5"])
    place(state, "slaves-1", "0504")
    place(state, "men-1", "0604", reduced=True)
    place(state, "elendil", "0604")
    state.apply("attack 0604 from 0504")     # 1/2E on a reduced unit: E; 8.24 die 5
    assert state.leaders["elendil"].hex == "eliminated"
    # 19.2.1 Narsil destroyed: 20 DPs; Elendil 10 (20.2 C); Men D-3-X 2 + 3 + 3 = 8
    assert state.demoralization_points["westernesse"] == 38
    assert state.victory_points["sauron"] == 2


def test_case_8_24_a_surviving_leader_joins_the_nearest_friend():
    state = combat("sauron", dice=["3", "3", "1", "4"])
    place(state, "slaves-1", "0504")
    place(state, "men-1", "0604", reduced=True)
    place(state, "men-2", "0808")
    place(state, "elendil", "0604")
    state.apply("attack 0604 from 0504")
    assert state.leaders["elendil"].hex == "0808"


def test_case_20_1_c_sauron_slain_demoralizes_his_army():
    state = combat("westernesse", dice=["6"])
    place(state, "men-1", "0604")
    place(state, "elendil", "0604")
    place(state, "orcs-1", "0504")
    place(state, "sauron", "0504", reduced=True)      # 5 against 11: +6, die 6: De
    state.apply("duel elendil sauron")
    assert state.demoralized["sauron"]


def test_case_9_21_an_army_is_demoralized_past_its_level():
    state = combat("westernesse", dice=["3", "3", "5"])
    setup(state, demoralization_points={"sauron": 67})
    place(state, "men-1", "0604")
    place(state, "men-2", "0403")
    place(state, "goblins-1", "0504")
    state.apply("attack 0504 from 0604")     # eliminated: 67 + 5 = 72 > 71
    assert state.demoralized["sauron"]


def test_case_21_1_westernesse_units_entering_mordor_cost_sauron_a_point():
    state = cleared("westernesse-movement")
    place(state, "cavalry-1", "1329")
    state.apply("move 1329-1330-1331")       # Sauron is not in Mordor: the gate is open
    assert state.victory_points["sauron"] == -1


def test_case_7_56_a_queued_retreat_whose_paths_closed_meanwhile_is_no_retreat():
    from palantir.games.spi_sauron.hexmap import distance
    state = combat("westernesse")
    place(state, "goblins-1", "0504")
    place(state, "goblins-2", "1010")
    # every neighbour of 0504 held by Westernesse: no path of retreat for goblins-1
    westerners = iter(["men-1", "men-2", "men-3", "men-4", "men-5", "men-6"])
    for h in state.hexmap.neighbours["0504"]:
        place(state, next(westerners), h)
    setup(state, pending=[
        {"kind": "retreat", "seat": 0, "piece": "goblins-2", "hexes": 1, "advance_by": [],
         "into": "1010", "displacer": ""},
        {"kind": "retreat", "seat": 0, "piece": "goblins-1", "hexes": 1, "advance_by": [],
         "into": "0504", "displacer": ""}])
    way = state.legal_actions()[0]
    assert distance(way.path[-1], "1010") == 1
    state.apply(way)
    assert state.units["goblins-1"].hex == "eliminated" and not state.pending
    assert any("7.56" in line for line in state.news)


def test_case_7_61_a_displaced_pair_moves_the_unit_free_to_move():
    state = cleared("sauron-movement", 3)
    place(state, "goblins-1", "1010", disrupted=True)
    place(state, "goblins-2", "1010")
    state.apply("move 1010-1011")
    assert state.units["goblins-2"].hex == "1011" and state.units["goblins-1"].hex == "1010"


def test_case_7_61_a_retreat_before_combat_onto_a_friend_displaces_it():
    state = combat("sauron", dice=["4"])
    place(state, "goblins-1", "0504")
    place(state, "bowmen-1", "0604")
    place(state, "men-1", "0704")
    state.apply("attack 0604 from 0504")
    pending = state.pending[0]
    assert pending.kind == "before"
    # the procedure itself, as when 0704 is the only way out (7.61)
    carry_out_retreat(state, pending, state.units["bowmen-1"], ("0604", "0704"))
    assert state.pending[0].kind == "displace" and state.pending[0].piece == "men-1"


def test_case_8_34_a_rally_in_a_shared_hex_is_of_the_disrupted_unit():
    state = cleared("rally", 3, ScriptedDice(["6", "6"]))
    place(state, "men-1", "1111")
    place(state, "men-2", "1111", disrupted=True)
    place(state, "elendil", "1111")
    setup(state, rally_seat=1)
    piece, unit = check_rally(state, parse_rally("rally elendil 1111"))
    assert unit.id == "men-2"
    mark(state, "men-1", disrupted=True)          # both disrupted, men-2 tried already (8.36)
    state.rallied.add("men-2")
    piece, unit = check_rally(state, parse_rally("rally elendil 1111"))
    assert unit.id == "men-1"


def parse_rally(text):
    from palantir.games.spi_sauron.notation import parse_action
    return parse_action(text)
