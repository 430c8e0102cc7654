"""The shipped scenarios: valid set-ups that play to the end and replay exactly ('Scenarios')."""

import pytest

from shapely.geometry import Point

from palantir.engine.match import play_match
from palantir.engine.record import GameRecord, replay
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle import table as geo
from palantir.games.strategy_battle.scenarios import load_scenario, scenario_names
from palantir.engine.dice import SeededDice


def test_scenarios_the_manual_introduction_and_at_least_three_more_are_shipped():
    names = scenario_names()
    assert "intro" in names and len(names) >= 4
    for name in names:
        assert load_scenario(name).source in ("manual", "decided")


@pytest.mark.parametrize("name", scenario_names())
def test_scenarios_every_set_up_is_legal(name):
    state = StrategyBattle().new_state({"scenario": name}, SeededDice(0))
    tol = state.units.tolerance
    discs = [state.disc(m, zone=False) for m in state.models.values()]
    for i, a in enumerate(discs):
        assert state.table.on_table(a.x, a.y, a.radius)
        assert state.table.impassable.is_empty or not state.table.impassable.contains(
            Point(a.x, a.y))
        for b in discs[i + 1:]:
            assert not geo.overlapping(a, b, tol)
            if a.side != b.side:
                assert not geo.in_contact(a, b, tol)


@pytest.mark.parametrize("name", ["amon_hen", "riders", "the_wall"])
def test_scenarios_heroes_and_cavalry_play_to_the_end_and_replay(name):
    game = StrategyBattle()
    final, record = play_match(game, {"scenario": name},
                               [game.heuristic_agent(0, 3), game.heuristic_agent(1, 4)], 3,
                               max_decisions=5000)
    assert final.is_over()
    actions = " ".join(e["action"] for e in record.events if "action" in e)
    if name == "amon_hen":
        assert "might" in actions or "fate" in actions       # the Heroes used their stores
    again = replay(GameRecord.loads(record.dumps()))
    assert again.view(0) == final.view(0)


@pytest.mark.parametrize("name,general", [("intro", 0), ("amon_hen", 1), ("riders", 0),
                                          ("the_wall", 1)])
def test_scenarios_play_to_the_end_between_the_general_and_random_play(name, general):
    from palantir.agents.random_agent import RandomAgent
    game = StrategyBattle()
    agents = [RandomAgent(0, 7), RandomAgent(1, 7)]
    agents[general] = game.heuristic_agent(general, 7)
    final, record = play_match(game, {"scenario": name}, agents, 7, max_decisions=6000)
    assert final.is_over() and record.result["winners"] in ([0], [1])


def test_scenarios_a_battle_ends_when_the_last_warrior_flees_it():
    # 'Fleeing the Battle': Evil has lost half its force; its last Orc, near the table's
    # edge, stays put, fails the test it owes (1+1+2) when Evil is done and flees: Good has
    # won, at once, and the Move phase goes no further
    from tests.support.positions.sbg import ORC, ROHAN, battle
    state = battle([("G1", ROHAN, 10, 20), ("E1", ORC, 1, 20), ("E2", ORC, 40, 40)],
                   dice=["1", "1"] + ["3"] * 10)
    state.remove(state.models["E2"])
    state.apply("done")                          # Good, with priority, moves first
    state.apply("done")
    assert "E1" not in state.models and state.is_over()
    assert state.outcome().winners == (0,) and state.legal_actions() == []
