"""The heuristic general, the terminal map and the SVG map of SPI Sauron."""

import random
import xml.etree.ElementTree as ET

from palantir.engine.dice import ScriptedDice, SeededDice
from palantir.games.spi_sauron import SpiSauron, render, svg
from palantir.games.spi_sauron.heuristics import rollout_policy

from tests.support.positions.spi import GAME, cleared, new_game, place


def test_heuristic_and_rollout_choose_legal_decisions_through_the_opening_turns():
    state = new_game(dice=SeededDice(3))
    agents = [GAME.heuristic_agent(0, 1), GAME.heuristic_agent(1, 1)]
    rng = random.Random(0)
    while state.turn <= 3:
        legal = state.legal_actions()
        seat = state.to_move()
        action = agents[seat].choose(state.view(seat), legal)
        assert action in legal
        state.apply(action)
    assert rollout_policy(state, rng) in state.legal_actions()
    # reinforcements were brought up (14.2: the Elves arrive on turn 2)
    assert any(u["type"] == "elves" and u["hex"][0].isdigit() for u in state.view(0)["units"])


def test_random_games_through_the_opening_turns_stay_legal_and_clones_are_independent():
    for seed in (1, 2):
        state = new_game(dice=SeededDice(seed))
        rng = random.Random(seed)
        while state.turn <= 2:
            copy = state.clone()
            before = copy.view(None)
            legal = state.legal_actions()
            assert legal
            state.apply(rng.choice(legal))
            assert copy.view(None) == before


def test_render_table_draws_the_map_with_units_and_zoc():
    state = cleared("westernesse-movement")
    place(state, "goblins-1", "0504")
    place(state, "men-1", "0806")
    place(state, "elendil", "0806")
    text = render.render_table(state.view(1), color=False)
    rows = {line[:2]: line[3:] for line in text.splitlines() if line[:2].isdigit()
            and len(line) > 3 and line[2] == " "}
    assert rows["04"][4] == "g" and rows["06"][7] == "M"
    assert rows["03"][4] == ":"          # 0503 lies in the goblins' ZOC
    assert "move 1108-1208-1209" in render.help_text(state.view(1))


def test_render_svg_is_well_formed_with_a_counter_per_unit_on_the_map():
    view = new_game().view(0)
    picture = svg.render_svg(view)
    root = ET.fromstring(picture)
    rects = [e for e in root.iter() if e.tag.endswith("rect")]
    on_map = [u for u in view["units"] if u["hex"][0].isdigit()]
    assert len(rects) == len(on_map) > 0
    assert sorted(r.get("data-hex") for r in rects) == sorted(u["hex"] for u in on_map)
    # every hex names itself for the page's clicks (data-hex), as do the leaders' circles
    hexes = [e for e in root.iter() if e.tag.endswith("polygon") and e.get("data-hex")]
    assert len(hexes) == 23 * 32 and {"0101", "1331", "2332"} <= {e.get("data-hex")
                                                                 for e in hexes}
    circles = {e.get("data-leader"): e.get("data-hex") for e in root.iter()
               if e.tag.endswith("circle")}
    assert circles["elendil"] == "1108" and circles["isildur"] == "1908"
    assert svg.seat_names(view) == ["Sauron", "Westernesse"]
    assert SpiSauron().view_module("svg") is svg and SpiSauron().view_module("terminal") is render


def test_case_21_3_a_compact_view_rebuilds_arrivals_from_the_options():
    from palantir.engine.dice import SeededDice
    state = GAME.new_state({"reinforcement_delay": 2}, SeededDice(4))
    view = state.view(0)
    waiting = [u for u in view["units"] if u["hex"] == "waiting"]
    assert waiting and all("arrival" in u and "entry" not in u for u in waiting)
    assert all("arrival" not in u for u in view["units"] if u["hex"] != "waiting")
    again = GAME.state_from_view(view, SeededDice(4))
    assert {u.id: (u.arrival, u.entry) for u in again.units.values()} == \
        {u.id: (u.arrival, u.entry) for u in state.units.values()}
    assert again.view(0) == view
