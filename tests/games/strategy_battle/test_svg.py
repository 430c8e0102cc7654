"""The SVG table is drawn from a view alone: terrain, bases, control zones, fights."""

import xml.etree.ElementTree as ET

from palantir.engine.dice import SeededDice
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle.svg import WIDTH, render_svg


def test_svg_draws_the_table_terrain_and_every_model_from_a_view():
    state = StrategyBattle().new_state({"scenario": "the_wall"}, SeededDice(0))
    svg = render_svg(state.view(0))
    root = ET.fromstring(svg)                      # well-formed XML
    ns = "{http://www.w3.org/2000/svg}"
    assert root.get("width") == str(WIDTH)
    models = root.findall(f"{ns}g[@class='model']")
    assert sorted(g.get("data-model") for g in models) == sorted(state.models)
    assert root.findall(f"{ns}polyline")           # the wall
    zones = root.findall(f"{ns}circle[@class='control-zone']")
    assert len(zones) == len(state.models)         # nobody is fighting yet


def test_svg_places_a_model_by_its_coordinates_and_links_fighters():
    state = StrategyBattle().new_state({}, SeededDice(0))
    svg = render_svg(state.view(0))
    # G1 stands at the centre (12, 12) of a 24" table drawn 760px wide
    assert 'cx="380.0" cy="380.0"' in svg
    view = state.view(0)
    view["fights"] = [["G1", ["G2"]]]
    assert 'class="fight"' in render_svg(view)
