"""The heuristic general, the terminal map and the SVG map of SPI Sauron."""

import random
import xml.etree.ElementTree as ET

from palantir.engine.dice import SeededDice
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


def cell(lines, hex_name):
    """The two characters of hex CCRR on the turned map: line CC, row RR across, even
    columns shifted one character (half a hex) to the right."""
    column, row = int(hex_name[:2]), int(hex_name[2:])
    line = next(l for l in lines if l[:3] == f"{column:02d} ")
    start = 3 + (column % 2 == 0) + 3 * (row - 1)
    return line[start:start + 2]


def test_render_table_draws_the_map_with_units_and_zoc():
    state = cleared("westernesse-movement")
    place(state, "goblins-1", "0504")
    place(state, "men-1", "0806")
    place(state, "elendil", "0806")
    text = render.render_table(state.view(1), color=False)
    lines = text.splitlines()
    assert cell(lines, "0504") == "g " and cell(lines, "0806") == "M*"
    assert cell(lines, "0503") == ": "          # 0503 lies in the goblins' ZOC
    assert cell(lines, "1331") == "# " and cell(lines, "1302") == "= "
    assert "move 1108-1208-1209" in render.help_text(state.view(1))


def test_the_map_is_staggered_and_every_line_fits_100_columns():
    """Issue 12 item 8: the half-hex offset of even columns is drawn, and the table fits a
    100-column terminal with room for the status and menu in 50 lines."""
    lines = render.render_table(new_game().view(1), color=False).splitlines()
    assert max(len(line) for line in lines) <= 99
    assert len(lines) <= 34
    odd, even = (next(l for l in lines if l.startswith(f"{c:02d} ")) for c in (13, 14))
    assert odd[3] != " " and even[3] == " " and even[4] != " "
    assert lines[0].startswith("Turn 1/18 day · Forces of Sauron Movement Phase")
    assert "DP 0/71" in lines[1] and "MCP" in lines[1]


def test_a_long_status_is_folded_to_the_screen():
    """The status of a late game (DP past the level, spells in force) keeps every line under
    100 characters, folded, not cut."""
    state = cleared("westernesse-movement", turn=16)
    place(state, "sauron", "1320")
    state.demoralization_points.update(sauron=251, westernesse=131)
    state.demoralized.update(sauron=True, westernesse=True)
    state.victory_points.update(sauron=106, westernesse=176)
    for spell in state.parts.spells:
        state.spell_until[spell] = 18
    text = render.render_table(state.view(1), color=False)
    assert all(len(line) <= 99 for line in text.splitlines())
    status = " ".join(text.split("\n   01 02 03")[0].split())
    assert "DP 251/71" in status and "in force:" in status


def test_disrupted_units_and_leaders_have_their_own_glyphs_without_colour():
    """Issue 12 item 8: with --no-color a disrupted unit, a leader with a unit, both, a
    formation and a lone leader are told apart by the character after the letter."""
    state = cleared("westernesse-movement")
    place(state, "men-1", "0806", disrupted=True)
    place(state, "men-2", "0808", disrupted=True)
    place(state, "elendil", "0808")
    place(state, "men-3", "1010")
    place(state, "isildur", "1212")
    place(state, "goblins-1", "1820", disrupted=True)
    for unit, hex_name in (("men-4", "1414"), ("men-5", "1414"), ("cavalry-1", "1616"),
                           ("cavalry-2", "1616")):
        place(state, unit, hex_name)
    place(state, "anarion", "1616")
    lines = render.render_table(state.view(1), color=False).splitlines()
    assert cell(lines, "1414") == "M2" and cell(lines, "1616") == "C+"
    assert cell(lines, "0806") == "M!" and cell(lines, "0808") == "M&"
    assert cell(lines, "1010") == "M " and cell(lines, "1212") == "*I"
    assert cell(lines, "1820") == "g!"
    assert "\x1b[" not in "\n".join(lines)
    coloured = render.render_table(state.view(1), color=True)
    assert "\x1b[" in coloured


def test_render_svg_is_well_formed_with_a_counter_per_unit_on_the_map():
    view = new_game().view(0)
    picture = svg.render_svg(view)
    root = ET.fromstring(picture)
    # a counter is a rect naming its hex (the legend's sample counters name none)
    rects = [e for e in root.iter() if e.tag.endswith("rect") and e.get("data-hex")]
    on_map = [u for u in view["units"] if u["hex"][0].isdigit()]
    assert len(rects) == len(on_map) > 0
    assert sorted(r.get("data-hex") for r in rects) == sorted(u["hex"] for u in on_map)
    # every hex names itself for the page's clicks (data-hex), as do the leaders' circles
    hexes = [e for e in root.iter() if e.tag.endswith("use") and e.get("data-hex")]
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


def test_a_position_rebuilt_into_an_earlier_one_is_the_position_rebuilt_afresh():
    """The general rebuilds its position from the view at every decision (2.0: the map is
    public) into the state it read last (`into`): nothing of the earlier position — pieces,
    tallies, news, the end of the game, the caches of reach — may survive into the new."""
    rng = random.Random(3)
    state = GAME.new_state({}, SeededDice(3))
    views = []
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        if rng.random() < 0.02 or state.is_over():
            views.append(state.view(state.to_move()))
    assert len(views) > 10 and views[-1]["over"]
    reused = None
    for view in reversed(views):        # from the finished game back to the start
        fresh = GAME.state_from_view(view, SeededDice(0))
        previous = reused
        reused = GAME.state_from_view(view, SeededDice(0), into=reused)
        assert previous is None or reused is previous
        assert reused.view(0) == fresh.view(0) and reused.news == fresh.news
        assert reused.legal_actions() == fresh.legal_actions()
        assert reused.outcome() == fresh.outcome()
    other = GAME.state_from_view(GAME.new_state({"reinforcement_delay": 2},
                                                SeededDice(1)).view(0), SeededDice(0),
                                 into=reused)
    assert other is not reused      # 21.3: another order of battle, drawn up afresh
    assert other.view(0) == GAME.state_from_view(other.view(0), SeededDice(0)).view(0)
