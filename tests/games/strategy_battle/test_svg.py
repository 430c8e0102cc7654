"""The SVG table is drawn from a view alone: terrain, bases, control zones, fights, and each
model's move, missile range and lines of sight ('Can I See?')."""

import json
import xml.etree.ElementTree as ET

from palantir.engine.dice import SeededDice
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle.svg import (BAND, MARGIN, SIGHT_CLEAR, SIGHT_COVERED, WIDTH,
                                                action_label, render_svg)

from tests.support.positions.sbg import ORC, ROHAN, ROHAN_BOW, battle

NS = "{http://www.w3.org/2000/svg}"


def test_svg_draws_the_table_terrain_and_every_model_from_a_view():
    state = StrategyBattle().new_state({"scenario": "the_wall"}, SeededDice(0))
    svg = render_svg(state.view(0))
    root = ET.fromstring(svg)                      # well-formed XML
    ns = "{http://www.w3.org/2000/svg}"
    assert root.get("width") == str(WIDTH + 2 * MARGIN)  # the table plus a margin each side
    models = root.findall(f"{ns}g[@class='model']")
    assert sorted(g.get("data-model") for g in models) == sorted(state.models)
    assert root.findall(f"{ns}polyline")           # the wall
    # the zones are a layer of their own, which the page lets a player hide
    zones = root.findall(f"{ns}g[@data-layer='control zones']/{ns}circle[@class='control-zone']")
    assert len(zones) == len(state.models)         # nobody is fighting yet


def test_svg_places_a_model_by_its_coordinates_and_links_fighters():
    state = StrategyBattle().new_state({}, SeededDice(0))
    svg = render_svg(state.view(0))
    # G1 stands at the centre (12, 12) of a 24" table drawn 760px wide, below the status band
    assert f'cx="{MARGIN + 380.0}" cy="{BAND + 380.0}"' in svg
    view = state.view(0)
    view["fights"] = [["G1", ["G2"]]]
    assert 'class="fight"' in render_svg(view)


def test_svg_status_line_sits_above_the_table_and_edge_bases_are_whole():
    """The status line does not cover the table; a base on the edge is drawn inside the picture."""
    state = StrategyBattle().new_state({}, SeededDice(0))
    root = ET.fromstring(render_svg(state.view(0)))
    ns = "{http://www.w3.org/2000/svg}"
    status = root.findall(f"{ns}text")[-1]
    assert float(status.get("y")) < BAND
    width, height = float(root.get("width")), float(root.get("height"))
    for circle in root.iter(f"{ns}circle"):
        cx, cy, r = (float(circle.get(k)) for k in ("cx", "cy", "r"))
        if circle.get("class") == "control-zone" or "range" in (circle.get("class") or ""):
            continue                # zones and ranges may reach past the table's edge
        else:
            assert r <= cx <= width - r and BAND <= cy + r and cy + r <= height


def reach_group(root, ident):
    return root.find(f"{NS}g[@data-model='{ident}']/{NS}g[@data-for='{ident}']")


def test_svg_sight_lines_to_every_visible_enemy_and_none_through_a_wall_of_rock():
    rock = {"name": "rock", "going": "impassable", "sight_mm": 80,
            "outline": [[14, 13], [16, 13], [16, 17], [14, 17]]}
    state = battle([("G1", ROHAN_BOW, 10, 10), ("E1", ORC, 20, 10), ("E2", ORC, 20, 20),
                    ("E3", ORC, 10, 30)], areas=[rock])
    root = ET.fromstring(render_svg(state.view(0)))
    lines = reach_group(root, "G1").findall(f"{NS}line[@class='sight']")
    # E2 stands behind the rock from G1 ('Can I See?'); E1 and E3 in the open
    assert sorted(line.get("data-to") for line in lines) == ["E1", "E3"]
    assert all(line.get("stroke") == SIGHT_CLEAR for line in lines)
    # and the Orcs see G1 back, but not E2
    assert [line.get("data-to") for line in
            reach_group(root, "E1").findall(f"{NS}line[@class='sight']")] == ["G1"]
    assert reach_group(root, "E2").findall(f"{NS}line[@class='sight']") == []


def test_svg_sight_past_things_in_the_way_is_marked_and_numbered():
    state = battle([("G1", ROHAN_BOW, 10, 10), ("G2", ROHAN, 14, 10.3), ("E1", ORC, 20, 10)])
    root = ET.fromstring(render_svg(state.view(0)))
    group = reach_group(root, "G1")
    line = group.find(f"{NS}line[@data-to='E1']")
    assert line.get("stroke") == SIGHT_COVERED and "1 in the way" in line.find(f"{NS}title").text
    assert group.find(f"{NS}text[@class='in-the-way']").text == "1"


def test_svg_ranges_of_a_model_its_move_and_its_missile_base_to_base():
    state = battle([("G1", ROHAN_BOW, 10, 10), ("G2", ROHAN, 10, 14), ("E1", ORC, 30, 30)])
    view = state.view(0)
    root = ET.fromstring(render_svg(view))
    scale = WIDTH / view["table"]["width"]
    radius = next(m["radius"] for m in view["models"] if m["id"] == "G1")
    bow = reach_group(root, "G1")
    move = bow.find(f"{NS}circle[@class='range move']")
    missile = bow.find(f"{NS}circle[@class='range missile']")
    assert float(move.get("r")) == round(6 * scale, 1)          # a Man moves 6"
    # a bow reaches 24" from the edge of the bowman's base ('Missile Chart')
    assert float(missile.get("r")) == round((24 + radius) * scale, 1)
    assert reach_group(root, "G2").find(f"{NS}circle[@class='range missile']") is None


def test_svg_reach_shown_for_the_model_moving_next_and_hidden_for_the_rest():
    state = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 10, 30), ("E1", ORC, 12, 34)])
    root = ET.fromstring(render_svg(state.view(0)))
    # G2 stands nearest the enemy: the general's order moves it first (candidates.py)
    assert state.legal_actions()[0].model == "G2"
    assert reach_group(root, "G2").get("class") == "reach shown"
    assert reach_group(root, "G1").get("class") == "reach"
    style = root.find(f"{NS}style").text
    assert ".model.picked .reach" in style and ".reach{display:none" in style


def test_svg_is_drawn_from_the_view_alone():
    state = StrategyBattle().new_state({"scenario": "intro"}, SeededDice(3))
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    view = json.loads(json.dumps(state.view(1)))         # nothing but plain data
    assert render_svg(view) == render_svg(state.view(1))
    ET.fromstring(render_svg(view))


def test_svg_action_label_says_when_a_model_stays_put():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 30, 30)])
    view = state.view(0)
    assert action_label(view, "move G1 10,10") == f"move G1 10,10 ({ROHAN} stays put)"
    assert action_label(view, "move G1 12,10") == f"move G1 12,10 ({ROHAN})"


def test_svg_a_cavalry_base_is_a_capsule_turned_along_its_heading():
    state = StrategyBattle().new_state({"scenario": "riders"}, SeededDice(0))
    view = state.view(0)
    rider = next(m for m in view["models"] if m["half"])
    root = ET.fromstring(render_svg(view))
    base = root.find(f"{NS}g[@data-model='{rider['id']}']/{NS}rect")
    scale = WIDTH / view["table"]["width"]
    # 25x50mm ('Cavalry'): as long as its spine plus both ends, as wide as its round ends
    assert float(base.get("width")) == round(2 * (rider["half"] + rider["radius"]) * scale, 1)
    assert float(base.get("height")) == round(2 * rider["radius"] * scale, 1)
    assert float(base.get("rx")) == round(rider["radius"] * scale, 1)
    view["models"] = [dict(m, heading=1.5707963) if m["id"] == rider["id"] else m
                      for m in view["models"]]
    turned = ET.fromstring(render_svg(view)).find(f"{NS}g[@data-model='{rider['id']}']/{NS}rect")
    assert turned.get("transform").startswith("rotate(-90.0 ")


def test_every_missile_range_is_a_layer_shown_on_demand():
    # issue 14 item 7: ranges on demand — a layer, hidden until the page's switch shows it,
    # a circle of its range (base edge to base edge) round each model with a missile
    state = StrategyBattle().new_state({}, SeededDice(0))
    root = ET.fromstring(render_svg(state.view(0)))
    layer = root.find(f"{NS}g[@data-layer='missile ranges']")
    assert layer is not None and layer.get("display") == "none"
    circles = layer.findall(f"{NS}circle")
    shooters = [m for m in state.models.values() if m.profile.missile]
    assert len(circles) == len(shooters) == 2                 # G3 and E4 carry bows
    scale = WIDTH / 24
    g3 = state.models["G3"]
    rng = state.units.rule(*state.charts.missiles[g3.profile.missile].range)
    radius = state.disc(g3, zone=False).radius
    assert any(abs(float(c.get("r")) - (rng + radius) * scale) < 0.1 for c in circles)
