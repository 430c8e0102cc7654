"""The fortress by clicks (issue 14 item 9, "the new fortress actions"): every siege decision
in words for the terminal's menu and the web table's buttons (words.py), placed on the table
(table_decisions.py: a gate, door or ladder offers its decisions at a click on it, a ram its
taking up, putting down and hauling to any point clicked, a battering at its striker chosen
by a click on what it strikes) and previewed (a haul's path and cost, a battering's odds)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

from palantir.engine.dice import SeededDice
from palantir.games.strategy_battle.render import menu_note
from palantir.games.strategy_battle.svg import phase_help, render_svg
from palantir.games.strategy_battle.table_decisions import decision_places, preview

from tests.games.strategy_battle.test_fortress import (DOOR_OUT, FORT, HALL_DOOR, HALL_WALLS,
                                                       ram_crew, siege_battle, to_fight_phase)
from tests.games.strategy_battle.test_table_decisions import small_battle
from tests.support.positions.sbg import GAME, MINAS, URUK

NS = "{http://www.w3.org/2000/svg}"


def the_siege():
    """The siege scenario at its start: Evil's moves (its heroic move declined), the ram and
    the keg carried."""
    state = GAME.new_state({"scenario": "siege"}, SeededDice(1))
    if (state.question or {}).get("kind") == "heroic":
        state.apply("pass")
    return state


def test_every_move_phase_siege_decision_is_said_in_words():
    # item 9/10: the menu and the buttons say what a fortress decision does, never notation
    state = the_siege()
    view = state.view(1)
    said = {t: menu_note(view, state.parse_action(t)) for t in (
                "open G4 gate", "close G4 gate", "bolt G1 keepdoor", "unbolt G1 keepdoor",
                "raise E10 ladder1", "pull E10 ladder1", "carry E4 ram", "drop E4 ram",
                "haul ram 15,14.5", "haul keg 9,13.4")}
    assert said == {
        "open G4 gate": "G4 opens the gate", "close G4 gate": "G4 closes the gate",
        "bolt G1 keepdoor": "G1 bolts the door keepdoor",
        "unbolt G1 keepdoor": "G1 unbolts the door keepdoor",
        "raise E10 ladder1": "E10 raises the ladder ladder1",
        "pull E10 ladder1": "E10 pulls down the ladder ladder1",
        "carry E4 ram": "E4 takes up the ram", "drop E4 ram": "E4 puts down the ram",
        "haul ram 15,14.5": 'haul the ram 6" to 15,14.5 (6 crew)',
        "haul keg 9,13.4": 'haul the charge keg 6" to 9,13.4 (2 crew)'}


def test_the_battering_is_said_with_its_strength_and_what_it_needs_to_wound():
    # 'Battering Rams', the manual's example: six Uruk-hai, Strength 9 against the gate's
    # Defence 10, "a roll of 5 is needed"; a warrior strikes with his Attacks
    ram, crew = ram_crew()
    state = siege_battle([("G1", MINAS, 24, 5)] + crew, fortress=FORT + [ram])
    to_fight_phase(state)
    view = state.view(1)
    assert menu_note(view, state.parse_action("batter ram gate")) == \
        "batter the gate with the ram (Strength 9 against Defence 10: 5+ to wound)"
    assert menu_note(view, state.parse_action("batter E1 gate")) == \
        "E1 batters the gate (1 blow, Strength 4 against Defence 10: 6+ then 5+ to wound)"
    assert menu_note(view, state.parse_action("batter ram west")) == \
        "batter the wall west with the ram (Strength 9 against a wall: cannot harm it)"
    assert menu_note(view, state.parse_action("detonate E1 keg")) == \
        "E1 sets off the keg (a Courage test first; D6 wounds to all it touches)"
    assert menu_note(view, state.parse_action("done")) == "done: evil has finished battering"


def test_a_gate_door_or_ladder_offers_its_decisions_at_a_click_on_it():
    state = the_siege()
    view = state.view(1)
    texts = ["open G4 gate", "bolt G1 keepdoor", "raise E10 ladder1", "pull E12 ladder2"]
    places = dict(zip(texts, decision_places(view, texts)))
    assert places["open G4 gate"] == {"place": "gate", "piece": "siege",
                                      "piece_label": "the gate", "label": "G4 opens the gate"}
    assert places["bolt G1 keepdoor"]["place"] == "keepdoor"
    assert places["raise E10 ladder1"]["place"] == "ladder1"
    assert places["pull E12 ladder2"]["label"] == "E12 pulls down the ladder ladder2"


def test_a_ram_is_taken_up_put_down_and_hauled_to_any_point_clicked_like_a_move():
    state = the_siege()
    view = state.view(1)
    legal = [str(a) for a in state.legal_actions()]
    hauls = [t for t in legal if t.startswith("haul ram ")]
    assert hauls and "drop E1 ram" in legal
    haul, drop = decision_places(view, [hauls[0], "drop E1 ram"])
    assert haul["place"] == drop["place"] == "ram" and haul["piece"] == drop["piece"]
    assert haul["free"] == "haul ram {}" and haul["confirm"] and haul["preview"]
    # the destination clicked is weighed in the haul's words, not a move's
    assert haul["free_label"] == "haul the ram to {}"
    assert drop["label"] == "E1 puts down the ram"
    # a point clicked 3" up the table from the ram: the crew's way there and its cost
    shown = preview(view, "haul ram 15,17.5")
    assert shown["cost"] == 'costs 3" of 6"'
    assert shown["title"].startswith('haul the ram 3" to 15,17.5 (6 crew)')
    assert len(shown["path"].split()) == 2
    # further than the crew walks: refused, naming the rule
    refused = preview(view, "haul ram 15,8")
    assert refused["title"] == "Not allowed" and refused["rule"]


def test_a_battering_is_offered_at_the_ram_and_chosen_by_a_click_on_the_gate_with_its_odds():
    ram, crew = ram_crew()
    state = siege_battle([("G1", MINAS, 24, 5)] + crew, fortress=FORT + [ram])
    to_fight_phase(state)
    view = state.view(1)
    legal = [str(a) for a in state.legal_actions()]
    assert "batter ram gate" in legal
    (place,) = decision_places(view, ["batter ram gate"])
    assert place["place"] == "ram" and place["target"] == "gate" and place["confirm"]
    shown = preview(view, "batter ram gate")
    rows = {r["result"]: Fraction(r["exact"]) for r in shown["overall"]}
    # a 5+ to wound, then 2-6 on the Battering chart takes a Batter point
    assert rows["a blow wounds gate"] == Fraction(1, 3)
    assert rows["a blow takes Batter points off"] == Fraction(5, 18)
    assert shown["notes"] == ["gate has 3 Batter points left."]


def test_a_warriors_blows_on_a_door_are_weighed_by_his_attacks():
    state = siege_battle([("G1", MINAS, 40, 5), ("E1", URUK, 14, DOOR_OUT)],
                         fortress=[HALL_DOOR], barriers=HALL_WALLS)
    to_fight_phase(state)
    legal = [str(a) for a in state.legal_actions()]
    assert "batter E1 hall" in legal
    shown = preview(state.view(1), "batter E1 hall")
    rows = {r["result"]: Fraction(r["exact"]) for r in shown["overall"]}
    p = rows["a blow takes Batter points off"]
    assert rows["at least one Batter point off (1 blow)"] == p


def test_the_fortress_pieces_are_clickable_places_and_a_ladder_down_is_drawn():
    state = the_siege()
    root = ET.fromstring(render_svg(state.view(1)))
    places = {e.get("data-place") for e in root.iter() if e.get("data-place")}
    assert {"gate", "keepdoor", "ladder1", "ladder2", "ram", "keg", "west"} <= places
    ladder = next(e for e in root.iter(f"{NS}circle") if e.get("data-place") == "ladder1")
    assert "down" in ladder.get("class")


def test_the_page_help_says_how_the_fortress_is_worked_by_clicks():
    # item 9: the page has no input box; at a fortress its help names the pieces' clicks
    moving = phase_help(the_siege().view(1))
    assert "click a gate, door or ladder" in moving and "type" not in moving.lower()
    assert "click a gate" not in phase_help(small_battle().view(0))
    ram, crew = ram_crew()
    state = siege_battle([("G1", MINAS, 24, 5)] + crew, fortress=FORT + [ram])
    to_fight_phase(state)
    battering = phase_help(state.view(1))
    assert battering.startswith("Battering: click a warrior or ram") and "type" not in battering
    (place,) = decision_places(state.view(1), ["batter ram gate"])
    assert place["piece_label"] == "the ram: battering"
