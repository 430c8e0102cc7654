"""The battle's table, moved by hand (issue 14 items 7-10): the decisions in words, a move to
any point of the shaded reach and a charge by a click (presentation hooks `decision_places`
and `preview`, table_decisions.py), the odds of a charge, a shot and a fight from the odds
calculator, the terminal's finer map and its help naming every verb."""

from __future__ import annotations

import inspect
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import shapely
from shapely.geometry import Point

from palantir.games.strategy_battle import notation, table as geo
from palantir.games.strategy_battle.odds import fight_odds, shot_odds
from palantir.games.strategy_battle.heuristics import fighter
from palantir.games.strategy_battle.render import help_text, menu_note, table_map
from palantir.games.strategy_battle.svg import phase_help, render_svg
from palantir.games.strategy_battle.table_decisions import decision_places, preview

from tests.support.positions.sbg import ORC, ORC_BOW, ROHAN, ROHAN_BOW, battle, place

NS = "{http://www.w3.org/2000/svg}"
RULE_MOVING = "The Move Phase: Moving the Models"


def small_battle():
    """G1 5" from E1 (a charge in reach), G2 free, the archer G3 with E2 in sight."""
    return battle([("G1", ROHAN, 10, 8), ("G2", ROHAN, 14, 8), ("G3", ROHAN_BOW, 6, 6),
                   ("E1", ORC, 10, 14), ("E2", ORC_BOW, 4, 20)], width=24, depth=24)


def exact(row: dict) -> Fraction:
    return Fraction(row["exact"])


def test_the_suggested_moves_are_said_in_words():
    # issue 14 item 10: "advance 6" towards E2", "charge E1", "hold", never bare coordinates
    state = small_battle()
    view = state.view(0)
    notes = {str(a): menu_note(view, a) for a in state.legal_actions()}
    assert notes["move G1 10,8"] == "G1: hold (stay put)"
    charges = [n for a, n in notes.items() if a.startswith("charge G1 E1")]
    assert charges and charges[0].startswith('G1: charge E1 (')
    advances = [n for a, n in notes.items() if a.startswith("move G1 ") and "advance" in n]
    assert advances and all(re.match(r'G1: advance [\d.]+" towards E1', n) for n in advances)
    assert notes["done"] == "done: good has finished its moves"
    assert not any(re.fullmatch(r"[\d., ]+", n or "") for n in notes.values())


def test_the_fight_questions_are_buttons_in_words_under_their_headings():
    # item 9: backing away and making way, spear support, weapons, Might: each a button
    state = small_battle()
    view = state.view(0)
    texts = ["back G1 9,9 G2 13,8", "trapped G1", "support G2>G1", "support none",
             "weapon G1 two-handed-weapon", "might G1 1", "pair E1 G1+G2", "heroic G1", "pass"]
    places = dict(zip(texts, decision_places(view, texts)))
    assert places["back G1 9,9 G2 13,8"] == {
        "place": None, "group": "Backing away",
        "label": 'G1 backs away 1.4" up-left; G2 makes way'}
    assert places["trapped G1"]["group"] == "Backing away"
    assert places["support G2>G1"]["label"] == "G2 supports G1 with a spear"
    assert places["support none"]["label"] == "no spear support"
    assert places["weapon G1 two-handed-weapon"]["label"] == \
        "G1 fights with its two-handed weapon"
    assert places["might G1 1"] == {"place": None, "group": "Might",
                                    "label": "G1 spends 1 Might"}
    assert places["pair E1 G1+G2"]["label"] == "E1 fights G1 and G2"
    assert places["heroic G1"]["group"] == "Heroic actions"
    assert all(p["label"] != t for t, p in places.items())     # none left in notation


def test_a_power_is_offered_at_its_caster_and_chosen_by_its_target():
    # item 9: dozens of casts fit the page as pieces of the caster's place, not buttons
    state = small_battle()
    view = state.view(0)
    (cast,) = decision_places(view, ["cast G1 black-dart E1 2"])
    assert cast["place"] == "G1" and cast["target"] == "E1"
    assert cast["piece"] == "cast:black-dart" and cast["piece_label"] == "G1: black dart"
    assert cast["piece_rank"] > 0 and cast["rank"] == 2       # after the move; fewer dice first
    assert cast["label"] == "G1 uses black dart on E1 with 2 Will dice"


def test_a_place_offers_any_destination_and_a_charge_by_a_click():
    state = small_battle()
    view = state.view(0)
    texts = [str(a) for a in state.legal_actions()]
    places = dict(zip(texts, decision_places(view, texts)))
    hold = places["move G1 10,8"]
    assert hold["place"] == "G1" and hold["free"] == "move G1 to {}"
    assert hold["charge"] == "charge G1 {}" and hold["charges"] == ["E1"]   # E2 is out of reach
    assert hold["confirm"] and hold["preview"]
    assert places["done"]["place"] is None
    # every model that may move is offered at its place, listed or picked
    assert {p["place"] for p in places.values() if p["place"]} == {"G1", "G2", "G3"}
    assert all(p.get("free") for p in places.values() if p["place"])


def test_a_destination_clicked_is_previewed_with_its_path_and_cost_or_refused():
    state = small_battle()
    view = state.view(0)
    shown = preview(view, "move G2 to 16,11")
    assert 'costs 3.6" of 6"' in shown["cost"]
    assert shown["action"] == "move G2 16,11"          # the path the referee finds
    assert len(shown["path"].split()) >= 2
    # beyond the move: refused, the rule named (the Move phase's own check)
    refused = preview(view, "move G2 to 22,22")
    assert refused["rule"] == RULE_MOVING and "no legal path" in refused["refused"]
    # inside E1's control zone, not charging: refused too ('Control Zones')
    inside = preview(view, "move G2 to 11,12.5")
    assert inside["rule"] != RULE_MOVING or "no legal path" in inside["refused"]
    assert "refused" in inside


def test_every_point_of_the_shaded_reach_is_a_legal_destination():
    # item 7: the area drawn is the path finder's: a click anywhere in it is a legal move
    state = small_battle()
    view = state.view(0)
    root = ET.fromstring(render_svg(view))
    areas = root.findall(f".//{NS}g[@data-model='G2']//{NS}path[@class='reach-area']")
    assert len(areas) == 1
    model = state.models["G2"]
    area = geo.reach_area(state.table, state.discs(), state.disc(model), state.mover(model),
                          state.units.rule(0.5, 1.0))
    inner = area.buffer(-0.3)
    points = shapely.get_coordinates(inner.exterior if inner.geom_type == "Polygon" else
                                     max(inner.geoms, key=lambda g: g.area).exterior)[::7]
    assert len(points) >= 8
    for x, y in points:
        action = state.parse_action(f"move G2 to {x:.2f},{y:.2f}")
        state.check_move(action)                  # raises a Refusal if illegal
    # the shade keeps out of E1's control zone and off the table beyond the move
    e1 = state.models["E1"]
    assert not area.contains(Point(e1.x, e1.y - 1.3))
    assert not area.contains(Point(model.x, model.y + 6.5))


def test_a_charge_shows_the_exact_odds_of_the_fight():
    # item 8: the odds calculator's own numbers, before the charge is sent
    state = small_battle()
    view = state.view(0)
    shown = preview(view, "charge G1 E1")
    assert shown["action"].startswith("charge G1 E1 ")
    rows = {r["result"]: exact(r) for r in shown["overall"]}
    g1, e1 = state.models["G1"], state.models["E1"]
    odds = fight_odds([fighter(state, g1, [e1])], [fighter(state, e1, [g1])],
                      state.charts.to_wound, fate=("good", "evil"))
    assert rows["G1 wins the fight"] == odds["good_wins"] == Fraction(1, 2)
    assert rows["  … and E1 is slain"] == odds["good_kills"] == Fraction(1, 4)   # S4 v D4
    assert rows["  … and G1 is slain"] == odds["evil_kills"] == Fraction(1, 6)   # S3 v D5


def test_a_shot_shows_the_chance_to_hit_and_to_wound_with_what_is_in_the_way():
    state = small_battle()
    place(state, "G2", 5.5, 12)           # now in the way of G3's shot at E2
    view = dict(state.view(0), phase="shoot")
    shown = preview(view, "shoot G3 E2")
    rows = {r["result"]: exact(r) for r in shown["overall"]}
    odds = shot_odds(4, 2, 4, state.charts.to_wound, in_the_way=1)
    assert rows["hits (4+)"] == odds["hit"] == Fraction(1, 2)
    assert rows["gets past 1 in the way"] == odds["reaches"] == Fraction(1, 4)
    assert rows["wounds E2 (Strength 2 v Defence 4)"] == odds["wounds"] == Fraction(1, 12)
    assert "G2" in shown["modifiers"][0]


def test_the_page_help_speaks_of_clicks_never_of_typing():
    # item 9: the web table has no input box; the terminal's help is for typing
    state = small_battle()
    for phase in ("move", "shoot", "fight"):
        view = dict(state.view(0), phase=phase)
        said = phase_help(view).lower()
        assert "click" in said and "type" not in said and "number" not in said


def test_the_terminal_map_keeps_touching_models_apart():
    # item 10: two bases in touch (25mm: 0.984" between centres) are two labels, not one
    state = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 10 + 25 / 25.4, 10),
                    ("G3", ROHAN, 10, 10 + 25 / 25.4), ("E1", ORC, 20, 20)],
                   width=24, depth=24)
    body = "\n".join(table_map(state.view(0)))
    for ident in ("G1", "G2", "G3", "e1"):
        assert re.search(rf"(?<![A-Za-z0-9]){ident}(?![A-Za-z0-9])", body), body


def test_the_terminal_help_names_every_verb():
    # item 10: `help` lists every verb the notation reads (back, pair, support, weapon...)
    source = inspect.getsource(notation.parse)
    verbs = set(re.findall(r'verb == "(\w+)"', source)) | set(notation._MORE)
    state = small_battle()
    said = help_text(state.view(0))
    listed = {line.split()[0] for line in said.splitlines() if line.startswith("  ")}
    assert verbs <= listed, verbs - listed
    assert {"back", "pair", "support", "weapon", "pick"} <= listed


def test_a_fight_shows_the_exact_chance_of_each_outcome():
    state = battle([("G1", ROHAN, 10, 8), ("E1", ORC, 10, 8 + 25 / 25.4)], width=24,
                   depth=24)
    while state.phase != "fight":
        legal = [str(a) for a in state.legal_actions()]
        state.apply("done" if "done" in legal else legal[0])
    assert "fight G1" in [str(a) for a in state.legal_actions()]
    shown = preview(state.view(0), "fight G1")
    rows = {r["result"]: exact(r) for r in shown["overall"]}
    g1, e1 = state.models["G1"], state.models["E1"]
    odds = fight_odds([fighter(state, g1, [e1])], [fighter(state, e1, [g1])],
                      state.charts.to_wound, fate=("good", "evil"))
    assert rows["G1 wins the fight"] == odds["good_wins"]
    assert rows["E1 wins the fight"] == odds["evil_wins"]
    assert rows["  … and E1 is slain"] == odds["good_kills"]
    assert rows["  … and G1 is slain"] == odds["evil_kills"]
    assert sum(v for k, v in rows.items() if "wins" in k) == 1
