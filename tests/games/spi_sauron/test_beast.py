"""The Beast of Mordor (17.0): conjuring, movement, Flight, Horn Attack, Magic Armor, Death
Breath and its kill zone, killing it (17.3) and its Demoralization Points (20.1 B)."""

from palantir.engine.dice import ScriptedDice
from palantir.games.spi_sauron.beast import FACINGS, kill_zone
from palantir.games.spi_sauron.notation import Attack, Cast, Fire, Move
from palantir.games.spi_sauron.units import ELIMINATED

from tests.support.positions.spi import at_phase, cleared, place, refused, setup
from palantir.games.spi_sauron.phases import spell_active
from palantir.games.spi_sauron.phases.beast import beast_spell_cost
from palantir.games.spi_sauron.phases.turn import begin_phase


def magic_phase(dice=(), turn=15):
    state = cleared("magic-1", turn, ScriptedDice(list(dice)))
    place(state, "orc_archers-1", "1320")
    place(state, "sauron", "1320")
    begin_phase(state)
    return state


def with_beast(key, hex_name="1316", turn=15, dice=(), reduced=False):
    state = cleared(key, turn, ScriptedDice(list(dice)))
    setup(state, beast={"hex": hex_name, "reduced": reduced})
    return state


def test_case_17_0_a_the_beast_is_conjured_only_on_a_night_turn():
    state = magic_phase(turn=5)
    refused(state, "cast conjure-beast 5", "17.0 A")
    assert not any(isinstance(a, Cast) and a.spell == "conjure_beast"
                   for a in state.legal_actions())
    state = magic_phase(dice=["2", "3"])
    assert Cast("conjure_beast", 5) in state.legal_actions()
    state.apply("cast conjure-beast 5")              # 5 <= 3 + 5
    assert state.beast.hex == "1320"                 # 17.0 B: stacked with Sauron
    assert state.leaders["sauron"].magic_left == 40


def test_case_17_0_a_one_capability_in_the_magic_phase_right_after_its_appearance():
    state = magic_phase(dice=["1", "1", "1", "1"])
    state.apply("cast conjure-beast 5")
    at_phase(state, "magic-2")
    begin_phase(state)
    refused(state, "cast total-eclipse 4", "3.0 E")    # Sauron's own spells: not again
    casts = [a for a in state.legal_actions() if isinstance(a, Cast)]
    assert casts and all(state.parts.spells[a.spell].beast for a in casts)
    state.apply("cast horn-attack 4")
    assert spell_active(state, "horn_attack")


def test_case_17_0_c_once_slain_the_beast_never_returns():
    state = magic_phase()
    setup(state, beast={"hex": ELIMINATED})
    refused(state, "cast conjure-beast 5", "17.0 C")
    refused(state, "cast horn-attack 4", "17.2 A")


def test_case_17_1_b_the_beast_ignores_enemy_zocs_and_exerts_none():
    state = with_beast("sauron-movement")
    place(state, "men-1", "1314")
    place(state, "elendil", "1314")
    moves = {a.path[-1]: a for a in state.legal_actions()
             if isinstance(a, Move) and a.leader == "beast"}
    # MA 4 across clear hexes, through the ZOC of the Men in 1314 (17.1 B) but not into them
    assert "1312" in moves and "1314" not in moves and "1320" in moves
    assert "1311" not in moves
    state.apply(str(moves["1312"]))
    assert state.beast.hex == "1312"
    refused(state, "move beast 1312-1311", "4.24")
    # no ZOC of its own: a Westernesse unit beside it may leave (6.0)
    assert "1313" not in state.enemy_zoc("westernesse") or \
        any(u.on_map and u.side == "sauron" for u in state.units.values())


def test_case_17_2_1_flight_carries_the_beast_twelve_hexes_over_any_terrain():
    state = with_beast("sauron-movement", "1316")
    setup(state, spell_until={"beast_flight": 15})
    moves = {a.path[-1] for a in state.legal_actions()
             if isinstance(a, Move) and a.leader == "beast"}
    assert "1304" in moves and "1303" not in moves       # 12 hexes, not 13
    crater = next(h for h, t in state.hexmap.terrain.items() if t == "crater")
    assert crater not in moves                            # it lands on passable ground
    refused(state, "move beast 1316-1315-1314-1313-1312-1311-1310-1309-1308-1307-1306-1305-"
                   "1304-1303", "17.2.1")


def test_case_17_2_2_horn_attack_melees_with_an_attack_strength_of_a():
    state = with_beast("sauron-combat", dice=["6", "6"])     # 12: A vs armour 3 misses
    place(state, "men-1", "1315")
    assert Attack("1316", ("beast",)) not in state.legal_actions()   # not without it
    setup(state, spell_until={"horn_attack": 16})
    assert Attack("1315", ("beast",)) in state.legal_actions()
    state.apply("attack 1315 from beast")
    assert "Horn Attack (A)" in " ".join(state.news)
    refused(state, "attack 1315 from beast", "17.2.2")            # once a phase (7.34)


def test_case_17_2_3_magic_armour_lets_only_a_leader_with_a_weapon_attack_at_a():
    state = with_beast("westernesse-combat", dice=["2", "3", "2"])
    place(state, "archers-1", "1314")
    place(state, "men-1", "1315")
    place(state, "elendil", "1315")                   # carries Narsil (19.0 D)
    listed = state.legal_actions()
    assert Fire("1314", "beast") in listed and Attack("beast", ("1315",)) in listed
    setup(state, spell_until={"magic_armour": 18})
    listed = state.legal_actions()
    assert Fire("1314", "beast") not in listed and Attack("beast", ("1315",)) not in listed
    refused(state, "fire 1314 beast", "17.3.2")
    refused(state, "attack beast from 1315", "17.3.2")
    assert Attack("beast", ("elendil",)) in listed
    state.apply("attack beast from elendil")
    assert "Elendil (A)" in " ".join(state.news)


def test_case_17_2_4_the_kill_zone_is_two_hexes_deep_beyond_two_frontal_hexsides():
    on_map = lambda h: True   # noqa: E731
    assert sorted(kill_zone("1316", "N-NE", on_map)) == ["1314", "1315", "1414", "1415",
                                                        "1515"]
    assert len(FACINGS) == 6 and all(len(kill_zone("1316", f, on_map)) == 5 for f in FACINGS)


def test_case_17_2_4_death_breath_kills_every_westernesse_piece_in_the_zone():
    state = magic_phase(dice=["6", "6"])
    setup(state, beast={"hex": "1316"})
    place(state, "men-1", "1315")
    place(state, "elendil", "1315")                   # Narsil is destroyed with him (19.2.1)
    place(state, "men-2", "1414")
    place(state, "men-3", "1317")                     # behind the Beast: spared
    refused(state, "cast death-breath 20", "17.2.4")  # the facing must be named
    assert Cast("death_breath", 20, "N-NE") in state.legal_actions()
    state.apply("cast death-breath 22 N-NE")          # 12 <= 3 + 22
    assert state.units["men-1"].hex == ELIMINATED and state.units["men-2"].hex == ELIMINATED
    assert state.units["men-3"].hex == "1317"
    assert state.leaders["elendil"].hex == ELIMINATED
    assert state.victory_points["sauron"] == 4


def test_case_17_3_1_and_20_1_b_slaying_the_beast_adds_15_dps_to_sauron():
    # the Beast flipped already; 2d6 = 2 vs D/4 hits (2-5); d6 = 1 vs morale X: 1/2E again
    state = with_beast("westernesse-combat", dice=["1", "1", "1"], reduced=True)
    place(state, "men-1", "1315")
    before = state.demoralization_points["sauron"]
    state.apply("attack beast from 1315")
    assert state.beast.hex == ELIMINATED
    assert state.demoralization_points["sauron"] == before + 15


def test_case_17_3_3_half_e_flips_the_beast_halving_its_ma_and_doubling_its_costs():
    # archers De-2-Y fire at e... their missile letter vs armour 4; d6 = 2 vs X: 1/2E, r1
    state = with_beast("westernesse-combat", dice=["2", "3", "2"])
    place(state, "archers-1", "1314")
    state.apply("fire 1314 beast")
    assert state.beast.reduced and state.beast.hex == "1316"
    at_phase(state, "sauron-movement")
    ends = {a.path[-1] for a in state.legal_actions() if isinstance(a, Move)
            and a.leader == "beast"}
    assert "1516" in ends and "1716" not in ends     # MA 2: two clear hexes east
    assert beast_spell_cost(state, "horn_attack") == 8 and \
        beast_spell_cost(state, "conjure_beast") == 5


def test_case_17_2_4_the_heuristic_breathes_only_where_the_breath_kills():
    from palantir.games.spi_sauron.heuristics import spell_value
    state = magic_phase()
    setup(state, beast={"hex": "1316"})
    place(state, "men-1", "1315")
    place(state, "men-2", "1414")
    assert spell_value(state, Cast("death_breath", 20, "N-NE")) > \
        spell_value(state, Cast("total_eclipse", 4))
    assert spell_value(state, Cast("death_breath", 20, "S-SW")) == 0     # kills nobody


def test_case_17_0_b_the_beast_is_drawn_on_the_ascii_and_svg_maps():
    from palantir.games.spi_sauron import render, svg
    state = with_beast("sauron-movement", "1316")
    place(state, "orc_archers-1", "1320")
    view = state.view(None)
    line = next(line for line in render.map_lines(view) if line.startswith("13 "))
    assert line[3 + 3 * 15] == "X"                   # row 16 of column 13
    assert 'class="beast"' in svg.render_svg(view) and "Beast of Mordor in 1316" in \
        svg.render_svg(view)
    setup(state, beast={"hex": ELIMINATED})                     # 17.0 C: slain, gone from the maps
    view = state.view(None)
    assert "X" not in "".join(render.map_lines(view)[1:])
    assert 'class="beast"' not in svg.render_svg(view)
