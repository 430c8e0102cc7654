"""The search's short look ahead (rollouts.py, issue 14 item 12): rollouts that end with the
phase the search began in, move models along straight lines, and an evaluation that counts
a charge as soon as it is made."""

import random

import pytest

from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle import table as geo
from palantir.games.strategy_battle.evaluation import evaluate
from palantir.games.strategy_battle.notation import Charge, Done, Move
from palantir.games.strategy_battle.rollouts import straight_policy

from tests.support.positions.sbg import ORC, battle

R = 12.5 / 25.4
D = 2 * R


@pytest.fixture
def no_path_finder(monkeypatch):
    """Straight rollouts must not build a Reach grid or search a path (their whole point)."""
    def refuse(*args, **kwargs):
        raise AssertionError("the path finder was asked")
    monkeypatch.setattr(geo, "Reach", refuse)
    monkeypatch.setattr(geo, "find_path", refuse)


def test_evaluation_counts_a_charge_before_the_fight_phase_pairs_it():
    # Boromir in base contact with an Orc in the Move phase: no fight is paired yet, but the
    # fight is as good as made — the evaluation must see it, or a search cut at the end of the
    # Move phase would find a charge worth no more than standing still
    apart = battle([("G1", "Boromir", 10, 10), ("E1", ORC, 30, 30)])
    touching = battle([("G1", "Boromir", 10, 10), ("E1", ORC, 10 + D, 10)])
    assert touching.phase == "move" and touching.fights == []
    assert evaluate(touching)[0] > evaluate(apart)[0] + 0.01


def test_straight_rollout_charges_straight_into_contact(no_path_finder):
    state = battle([("G1", "Boromir", 10, 10), ("E1", ORC, 14, 10), ("E2", ORC, 40, 40)])
    action = straight_policy(state, random.Random(0))
    assert isinstance(action, Charge) and action.targets == ("E1",)
    assert len(action.path) == 1 and abs(action.path[0][1] - 10) < 1e-3   # straight at him
    state.apply(action)
    assert state.engaged(state.models["E1"])


def test_straight_rollout_advances_straight_short_of_the_enemy(no_path_finder):
    state = battle([("G1", "Boromir", 10, 10), ("E1", ORC, 30, 10)])
    action = straight_policy(state, random.Random(0))
    assert isinstance(action, Move) and not isinstance(action, Charge)
    (x, y), = action.path
    assert 15.5 < x < 16 and abs(y - 10) < 1e-3          # a full 6" move, straight at E1
    state.apply(action)


def test_the_search_looks_to_the_end_of_its_phase():
    game = StrategyBattle()
    state = battle([("G1", "Boromir", 10, 10), ("E1", ORC, 30, 10)])
    cut = game.search().search_cutoff(state)
    assert cut(state) is None
    state.apply("done")                       # Good has moved; Evil's move is the same phase
    assert state.phase == "move" and cut(state) is None
    state.apply("done")
    assert state.phase != "move" and cut(state) == evaluate(state)


def test_the_search_does_not_leave_the_rest_of_a_side_unmoved():
    # 'done' in the Move phase leaves every model yet to move standing: the general never does
    # it, and a search scoring what is left on the table would find it safe
    game = StrategyBattle()
    state = battle([("G1", "Boromir", 10, 10), ("E1", ORC, 30, 10)])
    assert any(isinstance(a, Done) for a in state.legal_actions())
    assert not any(isinstance(a, Done) for a in game.search().search_actions(state))
