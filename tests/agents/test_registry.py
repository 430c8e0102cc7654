"""Agent names and budgets: make_agent, parse_budget and the random agent."""

import pytest

from palantir.agents import RandomAgent, make_agent
from palantir.agents.mcts import MCTSAgent, parse_budget
from palantir.engine import SeededDice, UnknownAgent, get_game

GAME = get_game("journey-to-mordor")


@pytest.mark.parametrize("text, budget", [
    ("", (1000, None)),
    ("2000", (2000, None)),
    (" 300 ", (300, None)),
    ("1.5s", (None, 1.5)),
    ("2S", (None, 2.0)),
    (".25s", (None, 0.25)),
])
def test_parse_budget_reads_iterations_or_seconds(text, budget):
    assert parse_budget(text, f"mcts:{text}") == budget


@pytest.mark.parametrize("text", ["0", "-5", "abc", "2x", "0s", "0.0s", "1.5", "s", "1e3",
                                  "2000 iterations", "nans", "infs"])
def test_parse_budget_rejects_bad_budgets_naming_the_spec(text):
    with pytest.raises(UnknownAgent) as caught:
        parse_budget(text, f"mcts:{text}")
    assert f"'mcts:{text}'" in str(caught.value)


def test_make_agent_builds_mcts_with_its_budget():
    by_iterations = make_agent("mcts:250", GAME, 1, seed=3)
    by_time = make_agent(" MCTS:2s ", GAME, 0, seed=3)
    default = make_agent("mcts", GAME, 0)
    assert isinstance(by_iterations, MCTSAgent)
    assert (by_iterations.seat, by_iterations.iterations, by_iterations.seconds) == (1, 250, None)
    assert (by_time.iterations, by_time.seconds) == (None, 2.0)
    assert (default.iterations, default.seconds) == (1000, None)


@pytest.mark.parametrize("spec, named", [
    ("mcts:abc", "mcts:abc"),
    ("mcts:0", "mcts:0"),
    ("random:5", "random:5"),
    ("heuristic:100", "heuristic:100"),
    ("alphazero", "alphazero"),
])
def test_make_agent_rejects_bad_specs_by_name(spec, named):
    with pytest.raises(UnknownAgent) as caught:
        make_agent(spec, GAME, 0)
    assert named in str(caught.value)


@pytest.mark.parametrize("kwargs", [{"iterations": 0}, {"iterations": -3},
                                    {"iterations": 2.5}, {"iterations": True},
                                    {"seconds": 0}, {"seconds": -1.0},
                                    {"seconds": float("nan")}])
def test_mcts_agent_rejects_a_bad_budget(kwargs):
    with pytest.raises(UnknownAgent):
        MCTSAgent(GAME, 0, 1, **kwargs)


def _positions(count):
    state = GAME.new_state({"players": 3}, SeededDice(11))
    walker = RandomAgent(0, 5)
    positions = []
    while len(positions) < count and not state.is_over():
        positions.append((state.view(state.to_move()), state.legal_actions()))
        state.apply(walker.choose(None, state.legal_actions()))
    return positions


def test_random_agent_picks_legal_decisions_and_repeats_with_its_seed():
    positions = _positions(30)
    first, second = RandomAgent(0, 42), RandomAgent(0, 42)
    picks = [first.choose(view, legal) for view, legal in positions]
    assert picks == [second.choose(view, legal) for view, legal in positions]
    assert all(pick in legal for pick, (_, legal) in zip(picks, positions))
    other = RandomAgent(0, 43)
    assert picks != [other.choose(view, legal) for view, legal in positions]


def test_heuristic_agent_by_name_picks_a_legal_decision():
    agent = make_agent("heuristic", GAME, 0, seed=1)
    for view, legal in _positions(10):
        assert agent.choose(view, legal) in legal
