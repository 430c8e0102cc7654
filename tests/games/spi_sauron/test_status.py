"""The status panel's facts (issue 12 item 4), read from a seat's view of known positions."""

import json

from palantir.games.spi_sauron.phases.turn import end_game
from palantir.games.spi_sauron.status import status
from palantir.games.spi_sauron.units import ELIMINATED

from tests.support.positions.spi import cleared, mark, new_game, place, setup


def test_the_opening_position_shows_turn_tallies_magic_weapons_and_the_schedule():
    facts = status(new_game().view(0))
    lines = facts.panel_lines()
    assert lines[0] == "Turn 1 of 18 · day · Forces of Sauron Movement Phase"
    assert lines[1] == "Sauron to play"
    assert "Sauron: DP 0 / 71 · VP 0" in lines                      # 20.1 A
    assert "Westernesse: DP 0 / 112 · VP 0" in lines                # 20.2 A
    assert "Victory level if it ended now: Sauron Tactical (21.2)" in lines
    assert "Magic: Sauron 45 of 45 MCP left" in lines               # 8.51, errata 45
    assert "Narsil: Elendil in 1108" in lines
    assert "Aiglos: Gil-galad waiting to enter on turn 2" in lines  # 14.2 A
    assert "Pedestal: carried by Orc Archers waiting to enter on turn 4" in lines
    # 14.0: every waiting piece once, by turn, with its entry hexes.
    first, second = facts.arrivals[:2]
    assert (first.side, first.turn, first.entry) == ("westernesse", 2, "north")
    assert first.hexes == ("1201", "1301", "1401", "1501", "1601")
    assert first.pieces == ("7 Elves", "5 Elven Archers", "5 Elven Bowmen", "Gil-galad",
                            "Círdan")
    assert (second.turn, second.hexes, second.pieces) == (4, ("1331",),
                                                          ("8 Orc Archers", "Sauron"))
    assert [a.turn for a in facts.arrivals] == [2, 4, 6, 8, 12]
    assert "turn 2, at the north edge via 1201 1301 1401 1501 1601 (14.2 A)" in \
        " ".join(lines)


def test_the_reinforcement_delay_moves_saurons_arrivals_in_the_panel():
    # 21.3: two turns later; Westernesse's schedule unchanged.
    facts = status(new_game({"reinforcement_delay": 2}).view(1))
    assert [(a.side, a.turn) for a in facts.arrivals] == [
        ("westernesse", 2), ("sauron", 6), ("sauron", 8), ("sauron", 10), ("sauron", 14)]


def test_tallies_hold_the_20_0_adjustments_and_name_them():
    state = cleared("westernesse-movement", turn=16)
    place(state, "isildur", "1010")
    place(state, "gil_galad", "1202", weapon="aiglos")
    mark(state, "elendil", weapon=None)           # Narsil destroyed with him (19.2.1)
    setup(state, beast={"hex": ELIMINATED})                     # 17.0 C
    setup(state, demoralization_points={"sauron": 40, "westernesse": 85})
    setup(state, victory_points={"sauron": 6, "westernesse": 12})
    facts = status(state.view(1))
    sauron, west = facts.armies
    assert (sauron.points, sauron.level) == (40, 71)
    assert sauron.adjustments == ("Beast slain +15 (20.1 B)",)
    assert "Elendil slain +10 (20.2 C)" in west.adjustments
    assert "Narsil lost +20 (20.2 B)" in west.adjustments
    assert all("Isildur" not in a and "Gil-galad" not in a for a in west.adjustments)
    lines = facts.panel_lines()
    assert lines[0] == "Turn 16 of 18 · night · Westernesse Movement Phase"
    assert "Narsil: destroyed (19.2.1)" in lines
    assert "Aiglos: Gil-galad in 1202" in lines
    assert "Beast: slain (17.0 C)" in lines
    assert west.line().startswith("Westernesse: DP 85 / 112 (")
    # 21.2: neither demoralized, Westernesse ahead on points: Sauron Tactical.
    assert facts.victory_level == "Sauron Tactical"
    setup(state, demoralized={"sauron": True})
    assert status(state.view(1)).victory_level == "Westernesse Decisive"
    assert "DP 40/71! VP 6" in status(state.view(1)).summary()


def test_spells_in_force_and_cast_and_the_beast_on_the_map():
    state = cleared("sauron-combat", turn=15)
    place(state, "sauron", "1316")
    place(state, "orc_archers-1", "1316")
    setup(state, pedestal="orc_archers-1")
    setup(state, beast={"hex": "1315", "reduced": True})
    mark(state, "sauron", magic_left=29)
    setup(state, spells_cast={"wrath_of_the_ringwraith": 1, "conjure_beast": 1,
                              "magic_armour": 1})
    setup(state, spell_until={"wrath_of_the_ringwraith": 17, "sinister_visions": 14,
                              "magic_armour": 18})
    facts = status(state.view(0))
    assert facts.spells == ("Wrath of the Ringwraith (to turn 17)",
                            "Magic Armor (until the Beast is slain)")   # 16.1 ran out
    assert facts.cast == ("Wrath of the Ringwraith 1/3", "conjure the Beast of Mordor 1/1",
                          "Magic Armor 1")
    assert facts.beast == "in 1315, wounded (17.3.3)"
    assert facts.pedestal == "carried by Orc Archers in 1316, Sauron with it"
    assert facts.magic == ("Sauron 29 of 45 MCP left",)
    summary = facts.summary().split("\n")
    assert len(summary) == 2
    assert summary[0] == "Turn 15/18 night · Forces of Sauron Combat Phase · Sauron to play"
    assert "Sauron DP 0/71 VP 0" in summary[1] and "Sauron 29 of 45 MCP left" in summary[1]
    assert "in force: Wrath of the Ringwraith (to turn 17)" in summary[1]


def test_the_pedestal_lying_or_captured():
    state = cleared("westernesse-movement", turn=7)
    setup(state, pedestal="1320")
    assert status(state.view(1)).pedestal == "lies in 1320, no bearer (16.5.3)"
    place(state, "men-1", "1320")
    setup(state, pedestal="captured:men-1")
    assert status(state.view(1)).pedestal == \
        "captured by Westernesse Men (in 1320, 16.5.3)"


def test_a_decision_asked_mid_phase_and_a_finished_game():
    state = new_game()
    view = state.view(0)
    view["pending"] = [{"kind": "retreat", "seat": 1, "piece": "men-1", "hexes": [],
                        "advance_by": [], "into": None, "displacer": None}]
    assert status(view).deciding == "Westernesse decides: retreat"
    setup(state, demoralized={"sauron": True})
    end_game(state)
    facts = status(state.view(None))
    assert facts.outcome == "Westernesse Tactical"
    assert facts.panel_lines()[1] == "Game over: Westernesse Tactical"
    assert facts.summary().split("\n")[0].endswith("Game over: Westernesse Tactical")


def test_status_is_a_function_of_the_view_alone():
    # The page and the terminal hold only the JSON view; it must give the same facts and
    # stay untouched.
    view = new_game().view(1)
    text = json.dumps(view, sort_keys=True)
    assert status(json.loads(text)) == status(view)
    assert json.dumps(view, sort_keys=True) == text
