"""The heuristic general, the terminal map and the SVG map of SPI Sauron."""

import random
import xml.etree.ElementTree as ET

from palantir.engine.dice import ScriptedDice, SeededDice
from palantir.games.spi_sauron import SpiSauron, render, svg
from palantir.games.spi_sauron.heuristics import best_action, rollout_policy
from palantir.games.spi_sauron.notation import END, Attack, Fire

from .helpers import GAME, cleared, new_game, place


def test_the_heuristic_fires_before_anything_else_and_attacks_with_everyone():
    state = cleared("westernesse-combat", dice=ScriptedDice([]))
    place(state, "archers-1", "0704")
    place(state, "men-1", "0604")
    place(state, "men-2", "0404")
    place(state, "goblins-1", "0504")
    legal = state.legal_actions()
    assert isinstance(best_action(state.view(1), legal), Fire)
    state.combat_step = 2
    legal = state.legal_actions()
    choice = best_action(state.view(1), legal)
    assert isinstance(choice, Attack) and len(choice.attackers) == 2


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
    assert svg.seat_names(view) == ["Sauron", "Westernesse"]
    assert SpiSauron().view_module("svg") is svg and SpiSauron().view_module("terminal") is render


def test_heuristic_prefers_attacks_at_good_odds_and_keeps_sauron_on_the_pedestal():
    from palantir.games.spi_sauron.heuristics import best_action, hit_chance
    from palantir.games.spi_sauron.notation import Attack, Give, Move
    assert hit_chance("A-4-W", "E-1-Z") > hit_chance("E-1-Z", "A-4-W") > 0   # 7.41
    assert hit_chance("-e-2-Z", "E-1-Z") == 0                               # no melee letter
    view = {"units": [{"id": "men-1", "hex": "0604", "strength": "A-4-W", "side": "westernesse"},
                      {"id": "men-2", "hex": "0606", "strength": "E-1-Z", "side": "westernesse"},
                      {"id": "orcs-1", "hex": "0504", "strength": "E-1-Y", "side": "sauron"},
                      {"id": "trolls-1", "hex": "0505", "strength": "A-4-X", "side": "sauron"}],
            "leaders": [], "to_move": 1, "pedestal": None}
    good, bad = Attack("0504", ("0604",)), Attack("0505", ("0606",))
    assert best_action(view, [bad, END, good]) == good
    assert best_action(view, [bad, END]) == END          # a long shot is not worth it
    assert best_action(view, [Give("narsil", "isildur"), END]) == Give("narsil", "isildur")
    view["to_move"], view["pedestal"] = 0, "orc_archers-1"
    view["units"].append({"id": "orc_archers-1", "hex": "1329", "strength": "Ee-3-Y",
                          "side": "sauron"})
    there, elsewhere = Move(("1330", "1329"), "sauron"), Move(("1330", "1229"), "sauron")
    assert best_action(view, [elsewhere, there, END]) == there           # 16.5.1
    assert best_action(view, [Move(("1329", "1328")), END]) == END       # 16.5.1 B


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


def test_the_rollout_policy_chooses_as_the_heuristic_on_the_full_view():
    from palantir.games.spi_sauron.heuristics import light_view
    state = new_game(dice=SeededDice(5))
    rng = random.Random(0)
    for _ in range(150):
        if state.is_over():
            break
        legal = state.legal_actions()
        assert best_action(light_view(state), legal) == best_action(state.view(state.to_move()),
                                                                     legal)
        state.apply(rng.choice(legal))
