"""The SVG table is drawn from a view alone: terrain, bases, control zones, fights."""

import xml.etree.ElementTree as ET

from palantir.engine.dice import SeededDice
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle.svg import BAND, MARGIN, WIDTH, render_svg


def test_svg_draws_the_table_terrain_and_every_model_from_a_view():
    state = StrategyBattle().new_state({"scenario": "the_wall"}, SeededDice(0))
    svg = render_svg(state.view(0))
    root = ET.fromstring(svg)                      # well-formed XML
    ns = "{http://www.w3.org/2000/svg}"
    assert root.get("width") == str(WIDTH + 2 * MARGIN)  # the table plus a margin each side
    models = root.findall(f"{ns}g[@class='model']")
    assert sorted(g.get("data-model") for g in models) == sorted(state.models)
    assert root.findall(f"{ns}polyline")           # the wall
    zones = root.findall(f"{ns}circle[@class='control-zone']")
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
        if circle.get("class") != "control-zone":
            assert r <= cx <= width - r and BAND <= cy + r and cy + r <= height
