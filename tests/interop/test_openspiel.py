"""Issue 16, item 1: the games as OpenSpiel games, passing OpenSpiel's own checks."""

from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts

import palantir.interop.openspiel  # noqa: F401  (registers the games)
from palantir.engine.dice import ScriptedDice
from palantir.engine.game import get_game
from palantir.interop.chance import ChanceStepper

JOURNEY = "palantir_journey_to_mordor"


def test_journey_loads_with_its_options_as_parameters():
    game = pyspiel.load_game(JOURNEY, {"players": 4, "locations": True})
    assert game.num_players() == 4
    assert game.get_parameters()["locations"] is True
    # 31 sets of dice to keep, reroll, advance 0..9
    assert game.num_distinct_actions() == 42
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL


def test_a_bad_option_is_refused_naming_it():
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game(JOURNEY, {"players": 9})


def test_every_roll_is_a_chance_node_listing_each_face_and_its_probability():
    # The coloured die has faces R G F O O N: the Orc twice, so 2/6.
    state = pyspiel.load_game(JOURNEY, {"players": 2}).new_initial_state()
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a in outcomes] == \
        ["yellow=R", "yellow=G", "yellow=F", "yellow=O", "yellow=N"]
    assert outcomes[3] == pytest.approx(2 / 6) and sum(outcomes.values()) == pytest.approx(1)
    for _ in range(5):  # five dice are rolled at the start of the first turn
        assert state.is_chance_node()
        state.apply_action(0)
    assert state.current_player() == 0


def test_the_rolls_picked_replay_as_a_palantir_record():
    game = pyspiel.load_game(JOURNEY, {"players": 3, "locations": True})
    state = game.new_initial_state()
    rng = np.random.default_rng(7)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    stepper = state._stepper
    replay = get_game("journey-to-mordor").new_state(
        stepper.options, ScriptedDice([(r.die, r.face) for r in stepper.rolls]))
    for kind, number in stepper.steps:
        if kind == "decide":
            replay.apply(replay.legal_actions()[number])
    assert replay.view(None) == stepper.state.view(None)
    assert state.returns() == stepper.state.outcome().returns(3)


def test_observations_come_from_the_seats_view():
    game = pyspiel.load_game(JOURNEY, {"players": 2})
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(0)
    assert '"roll":[["yellow","R"]' in state.observation_string(0)
    tensor = np.array(state.observation_tensor(1))
    assert tensor.shape == tuple(game.observation_tensor_shape()) and tensor.sum() > 0


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3, "locations": True}])
def test_journey_passes_openspiels_random_sim_test(options):
    game = pyspiel.load_game(JOURNEY, options)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_game_past_the_move_cap_ends_with_no_payoff():
    state = pyspiel.load_game(JOURNEY, {"players": 2, "max_game_length": 12}).new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 12 and state.returns() == [0.0, 0.0]


def test_openspiels_mcts_bot_plays_journey_with_evaluate_bots():
    # Capped at 60 moves (decisions and rolls) to keep the suite quick.
    game = pyspiel.load_game(JOURNEY, {"players": 2, "max_game_length": 60})
    rng = np.random.RandomState(3)
    bots = [mcts.MCTSBot(game, 2, 4, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
            for _ in range(2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == 2 and sum(returns) <= 1.0 and min(returns) >= 0.0


def test_a_stepper_survives_pickling_by_replaying_its_steps():

    stepper = ChanceStepper(get_game("journey-to-mordor"), {"players": 2})
    for _ in range(5):
        stepper.pick(1)
    stepper.decide(stepper.state.legal_actions()[0])
    copy = pickle.loads(pickle.dumps(stepper))
    assert copy.steps == stepper.steps and copy.need.die == stepper.need.die
