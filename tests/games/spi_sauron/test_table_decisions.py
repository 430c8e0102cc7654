"""Where the web table offers SPI Sauron's decisions (issue 12 item 5): every kind of
decision has its hex, the hex that completes it, its path and its MP cost as the referee
counts them, or a group when it belongs to no hex."""

from palantir.engine.dice import ScriptedDice

from palantir.games.spi_sauron.phases.turn import begin_phase
from tests.support.positions.spi import (at_phase, cleared, new_game, place, setup,
                                         visions_position)
from palantir.games.spi_sauron.table_decisions import decision_places


def places(state, seat=None):
    """{decision: its place entry} for every legal decision of the seat to move."""
    seat = state.to_move() if seat is None else seat
    legal = [str(a) for a in state.legal_actions()]
    return dict(zip(legal, decision_places(state.view(seat), legal)))


def test_a_move_is_at_its_hex_with_the_mp_of_its_path():
    # 4.3: road hexes along the road cost 1/2 MP (1331-1330-1329: the gate, then the road)
    state = at_phase(new_game(), "sauron-movement", turn=4)
    found = places(state)
    entry = found["enter orc-archers 1331-1330-1329"]
    assert (entry["place"], entry["target"], entry["cost"]) == ("1331", "1329", "2 MP")
    assert entry["piece"] == "enter:orc_archers" and entry["confirm"]
    lone = [e for a, e in found.items() if a.startswith("enter ") and a.count("-") == 0]
    assert all(e["target"] is None for e in lone)   # entering 1331 alone: a button there


def test_a_leader_is_a_piece_of_his_hex_apart_from_its_unit():
    state = cleared("westernesse-movement", 3, ScriptedDice([]))
    place(state, "men-1", "1010")
    place(state, "men-2", "1011")
    place(state, "elendil", "1011")
    found = places(state)
    assert {e["piece"] for e in found.values() if e["place"] == "1011"} == \
        {"unit", "leader:elendil"}
    assert {e["piece"] for e in found.values() if e["place"] == "1010"} == {"unit", "form"}
    form = found["form 1010-1011"]
    assert (form["place"], form["target"], form["piece"]) == ("1010", "1011", "form")
    end = found["end"]
    assert end["place"] is None and end["group"] == ""


def test_a_split_and_a_formation_move_from_the_formations_hex():
    state = cleared("westernesse-movement", 3, ScriptedDice([]))
    place(state, "men-1", "1010")
    place(state, "men-2", "1011")
    place(state, "elendil", "1011")
    state.apply("form 1010-1011")
    setup(state, turn=4)
    at_phase(state, "westernesse-movement", 4)
    found = places(state)
    split = next(e for a, e in found.items() if a.startswith("split 1011-"))
    assert split["place"] == "1011" and split["piece"] == "split" and split["cost"]


def test_a_retreat_is_at_the_beaten_units_hex_counted_in_hexes():
    state = cleared("sauron-combat", 1, ScriptedDice(["3", "3", "4"]))   # 6 hits; 4 vs X: r2
    place(state, "trolls-1", "0504")
    place(state, "men-1", "0505")
    state.apply("attack 0505 from 0504")
    found = places(state)
    retreats = [e for a, e in found.items() if a.startswith("retreat ")]
    assert retreats and all(e["place"] == "0505" and e["cost"] == "2 hexes"
                            for e in retreats)


def test_spells_are_grouped_by_spell():
    found = places(visions_position(), 0)
    casts = [e for a, e in found.items() if a.startswith("cast ")]
    assert casts and all(e["place"] is None and e["group"].startswith("Spell: ")
                         for e in casts)


def test_a_spell_is_offered_with_its_chance_of_working():
    # 8.57: it works when two dice roll at most 3 + the points spent (2-6: 15 of 36)
    found = places(visions_position(), 0)
    assert found["cast sinister-visions 3"]["label"] == \
        "Sinister Visions: 3 points (works on 2–6: 41.7%)"
    assert found["cast sinister-visions 9"]["label"].endswith("(works on 2–12: sure)")


def test_a_formation_is_offered_by_its_name():
    # 8.42: two cavalry make a Wedge, two infantry a Shield Wall; 15.3.1: two Slaves a Phalanx
    state = cleared("westernesse-movement", 3, ScriptedDice([]))
    place(state, "men-1", "1010")
    place(state, "men-2", "1011")
    place(state, "elendil", "1011")
    place(state, "cavalry-1", "1410")
    place(state, "cavalry-2", "1411")
    place(state, "isildur", "1411")
    found = places(state)
    assert found["form 1010-1011"]["label"].startswith("Form a Shield Wall with ")
    assert found["form 1410-1411"]["label"].startswith("Form a Wedge with ")
    state = cleared("sauron-movement", 3, ScriptedDice([]))
    place(state, "slaves-1", "1010")
    place(state, "slaves-2", "1011")
    assert places(state)["form 1010-1011"]["label"].startswith("Form a Slave Phalanx with ")


def test_a_displacement_is_offered_as_one_not_as_a_retreat():
    # 7.61: the friend in the only hex makes way; the page names it so
    state = cleared("westernesse-combat", 1, ScriptedDice(["3", "3", "6"]))
    place(state, "men-1", "0604")
    place(state, "men-2", "0402")
    place(state, "goblins-1", "0504")
    place(state, "goblins-2", "0404")
    state.apply("attack 0504 from 0604")
    assert places(state)["retreat 0504-0404"]["piece_label"] == "Retreat"
    state.apply("retreat 0504-0404")
    moves = [e for a, e in places(state).items() if a.startswith("retreat 0404-")]
    assert moves and all(e["piece_label"] == "Displaced (7.61)" and e["place"] == "0404" and
                         e["label"].startswith("Displace Goblins") for e in moves)


def test_the_death_breath_shows_its_kill_zone_and_whom_it_kills():
    # 17.2.4: the facing chosen decides the five hexes; the page shows them before casting
    state = cleared("magic-1", 15, ScriptedDice([]))
    place(state, "orc_archers-1", "1320")
    place(state, "sauron", "1320")
    setup(state, beast={"hex": "1316"})
    place(state, "men-1", "1315")
    place(state, "men-2", "1414")
    place(state, "men-3", "1317")
    begin_phase(state)
    breath = places(state)["cast death-breath 20 N-NE"]
    assert sorted(breath["zone"]) == ["1314", "1315", "1414", "1415", "1515"]
    assert breath["confirm"] and "kills Men in 1315, Men in 1414" in breath["label"]
    behind = places(state)["cast death-breath 20 S-SW"]
    assert behind["label"].endswith(": kills Men in 1317")
