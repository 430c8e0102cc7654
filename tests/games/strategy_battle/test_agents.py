"""The basic heuristic general, the rollout policy and rebuilding a state from a view."""

import random

from palantir.engine.dice import SeededDice
from palantir.engine.match import play_match
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle.notation import Charge, Shoot

from .sbg_table import ORC, ROHAN, ROHAN_BOW, battle


def test_heuristic_generals_play_the_intro_scenario_to_the_end():
    game = StrategyBattle()
    winners = set()
    # Rohan's warriors (S4, D5) outclass the Orcs (S3, D4) though fewer: Evil wins seldom
    for seed in (0, 6):
        final, record = play_match(game, {}, [game.heuristic_agent(0, seed),
                                              game.heuristic_agent(1, seed + 1)], seed,
                                   max_decisions=3000)
        assert final.is_over() and record.result["winners"] in ([0], [1])
        winners.add(record.result["winners"][0])
    assert winners == {0, 1}          # neither side wins every game


def test_heuristic_charges_a_weaker_enemy_in_reach():
    state = battle([("G1", "Boromir", 10, 10), ("E1", ORC, 14, 10), ("E2", ORC, 40, 40)])
    action = StrategyBattle().heuristic_agent(0, 1).choose(state.view(0), state.legal_actions())
    assert isinstance(action, Charge) and action.targets == ("E1",)


def test_heuristic_shoots_when_it_can():
    state = battle([("G1", ROHAN_BOW, 10, 10), ("E1", ORC, 20, 10), ("E2", ORC, 40, 40)])
    state.apply("done")
    state.apply("done")
    action = StrategyBattle().heuristic_agent(0, 1).choose(state.view(0), state.legal_actions())
    assert isinstance(action, Shoot)


def test_rollout_policy_returns_a_candidate():
    state = StrategyBattle().new_state({}, SeededDice(4))
    policy = StrategyBattle().rollout_policy()
    action = policy(state, random.Random(0))
    assert str(action) in [str(a) for a in state.legal_actions()]


def test_state_from_view_rebuilds_the_state_at_every_step():
    game = StrategyBattle()
    seen = []

    def check(state, seat, action):
        view = state.view(0)
        rebuilt = game.state_from_view(view, SeededDice(0))
        assert rebuilt.view(0) == view
        assert [str(a) for a in rebuilt.legal_actions()] == [str(a) for a in state.legal_actions()]
        seen.append(view["phase"])

    play_match(game, {}, [game.heuristic_agent(0, 5), game.heuristic_agent(1, 6)], 5,
               on_step=check, max_decisions=3000)
    assert {"move", "shoot", "fight", "over"} <= set(seen)
