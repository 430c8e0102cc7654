"""Issue 16, item 1: the games as OpenSpiel games, passing OpenSpiel's own checks."""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import palantir.interop.openspiel  # noqa: F401  (registers the games)
from palantir.agents import make_agent
from palantir.engine.dice import ScriptedDice, SeededDice
from palantir.engine.errors import UnknownAgent
from palantir.engine.game import Outcome, get_game
from palantir.interop.chance import ChanceStepper
from palantir.interop.encoding import payoffs, view_text
from palantir.interop.openspiel import PalantirBot, PositionRolloutEvaluator

JOURNEY = "palantir_journey_to_mordor"
ROOT = Path(__file__).resolve().parents[2]


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
    stepper = state._play.stepper
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


# --- the other three games: played to their end by the rules, no move cap ---

@pytest.mark.parametrize("name, options, sims", [
    ("palantir_spi_sauron", {}, 1),
    ("palantir_lotr_board_game", {}, 3),
    ("palantir_strategy_battle", {}, 1),
])
def test_the_long_games_pass_random_sim_test_to_their_real_end(name, options, sims):
    # Issue 16: each game passes random_sim_test (with serialization). The default cap
    # (20000 moves) is far above these games' length, and every game is seen to end by the
    # rules: at its terminal state the palantir position is over, not cut at the cap.
    game = pyspiel.load_game(name, options)
    ends = []

    def check(state):
        if state.is_terminal():
            ends.append((state.position.is_over(), len(state.history())))

    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False,
                            state_checker_fn=check)
    assert len(ends) == sims and all(over for over, _ in ends), ends
    assert max(moves for _, moves in ends) < game.max_game_length()


def test_each_game_declares_its_type_honestly():
    kinds = {name: pyspiel.load_game(f"palantir_{name}").get_type() for name in
             ("journey_to_mordor", "spi_sauron", "lotr_board_game", "strategy_battle")}
    info, utility = pyspiel.GameType.Information, pyspiel.GameType.Utility
    assert kinds["lotr_board_game"].information == info.IMPERFECT_INFORMATION
    assert kinds["lotr_board_game"].utility == utility.IDENTICAL
    assert kinds["spi_sauron"].utility == utility.ZERO_SUM
    assert kinds["strategy_battle"].utility == utility.ZERO_SUM
    assert kinds["journey_to_mordor"].utility == utility.GENERAL_SUM
    for name, palantir_id in (("spi_sauron", "spi-sauron"),
                              ("strategy_battle", "strategy-battle")):
        perfect = get_game(palantir_id).perfect_information
        assert (kinds[name].information == info.PERFECT_INFORMATION) == perfect
    sauron = pyspiel.load_game("palantir_lotr_board_game", {"expansion": "sauron"})
    assert sauron.get_type().utility == utility.GENERAL_SUM and sauron.num_players() == 3


def test_the_board_games_hobbits_share_one_payoff_and_sauron_is_opposed():
    board = get_game("lotr-board-game")
    assert payoffs(board, Outcome((0, 1), "won"), 3) == [1.0, 1.0, 0.0]
    assert payoffs(board, Outcome((2,), "lost"), 3) == [0.0, 0.0, 1.0]


def test_a_hidden_hand_never_reaches_another_seats_information_state():
    # Rule: view(seat) is the only source; a hobbit's hand is not in another's string.
    game = pyspiel.load_game("palantir_lotr_board_game", {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node() or state.current_player() != 0:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    own = state._play.stepper.state.view(0)
    other = state._play.stepper.state.view(1)
    assert own["hand"] != other["hand"]
    seen_by_1 = state.information_state_string(1)
    assert seen_by_1.endswith(view_text(other))
    assert '"hand":' + view_text(own["hand"]) not in seen_by_1
    assert '"hand":' + view_text(own["hand"]) in state.information_state_string(0)


def test_openspiels_mcts_bot_plays_spi_sauron_with_evaluate_bots():
    game = pyspiel.load_game("palantir_spi_sauron", {"max_game_length": 12})
    rng = np.random.RandomState(5)
    bots = [mcts.MCTSBot(game, 2, 2, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
            for _ in range(2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert list(returns) == [0.0, 0.0]  # cut at the cap long before either side wins


# --- agents both ways (issue 16, item 3 of the issue) ---

def test_a_palantir_agent_plays_as_an_openspiel_bot():
    game = pyspiel.load_game(JOURNEY, {"players": 2, "max_game_length": 80})
    bots = [PalantirBot(game, 0, "heuristic", seed=1), PalantirBot(game, 1, "mcts:8", seed=2)]
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert len(returns) == 2


def test_an_openspiel_bot_sits_at_palantirs_table():
    palantir_game = get_game("journey-to-mordor")
    agent = make_agent("openspiel:mcts:6", palantir_game, 0, 3, {"players": 2})
    state = palantir_game.new_state({"players": 2}, SeededDice(4))
    legal = state.legal_actions()
    choice = agent.choose(state.view(0), legal)
    assert choice in legal


def test_openspiel_mcts_is_refused_where_a_seat_cannot_see_everything():
    with pytest.raises(UnknownAgent, match="hides information"):
        make_agent("openspiel:mcts", get_game("lotr-board-game"), 0, 1)
    with pytest.raises(UnknownAgent, match="OpenSpiel bots are mcts, ismcts"):
        make_agent("openspiel:cfr", get_game("journey-to-mordor"), 0, 1)


def test_openspiel_ismcts_is_refused_where_nothing_is_hidden_or_nothing_can_be_dealt():
    with pytest.raises(UnknownAgent, match="hides nothing"):
        make_agent("openspiel:ismcts", get_game("journey-to-mordor"), 0, 1)
    # The Strategy Battle Game declares imperfect information but deals no
    # determinizations of a seat's view.
    with pytest.raises(UnknownAgent, match="deals no determinizations"):
        make_agent("openspiel:ismcts", get_game("strategy-battle"), 0, 1)
    with pytest.raises(UnknownAgent, match="openspiel:ismcts:200"):
        make_agent("openspiel:ismcts:many", get_game("lotr-board-game"), 0, 1)


def board_game_at_a_decision_of_seat_0(seed: int):
    """A 2-hobbit board game played by the heuristics to a searched decision of seat 0."""
    board = get_game("lotr-board-game")
    options = board.validate_options({"players": 2})
    state = board.new_state(options, SeededDice(seed))
    agents = [board.heuristic_agent(seat, seat) for seat in range(2)]
    while True:
        seat = state.to_move()
        if seat == 0 and board.search_worthy(state.view(0)) and \
                len(state.legal_actions()) > 1 and state.view(0)["hand"]:
            return board, options, state
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))


def test_a_resampled_state_depends_on_the_seats_view_only():
    # Hidden information never reaches a seat that may not see it: two real positions
    # seat 0 cannot tell apart (the other hobbit's hand and the deck dealt otherwise)
    # resample to the very same states for the same sampler numbers.
    board, options, real = board_game_at_a_decision_of_seat_0(4)
    view = real.view(0)
    determinize = board.determinizer(view)
    other = next(p for p in (determinize(random.Random(k), SeededDice(k)) for k in range(50))
                 if p.view(1)["hand"] != real.view(1)["hand"])
    assert other.view(0) == view
    game = palantir.interop.openspiel.load(board, options)
    first, second = game.state_at(real), game.state_at(other)
    hands = set()
    for number in (0.1, 0.4, 0.7, 0.9):
        a = first.resample_from_infostate(0, lambda: number)
        b = second.resample_from_infostate(0, lambda: number)
        assert str(a) == str(b) and a.information_state_string(1) == \
            b.information_state_string(1)
        assert a.information_state_string(0) == first.information_state_string(0)
        assert a.legal_actions() == first.legal_actions()
        hands.add(view_text(a.position.view(1)["hand"]))
    assert len(hands) > 1  # it does deal the unseen cards anew


def test_openspiels_ismcts_bot_plays_the_board_game_on_openspiels_side():
    # OpenSpiel's own ISMCTSBot, resampling with OpenSpiel's own sampler from states that
    # carry their whole trail of views (its root asserts the resampled information state
    # is the seat's); cut at 80 moves for time.
    game = pyspiel.load_game("palantir_lotr_board_game", {"players": 2,
                                                          "max_game_length": 80})
    rng = np.random.RandomState(6)
    bots = [ismcts.ISMCTSBot(game, PositionRolloutEvaluator(game.setup, random.Random(s)),
                             1.0, 3, random_state=rng) for s in range(2)]
    state, searched = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        searched += len(state.legal_actions()) > 1
        state.apply_action(int(bots[state.current_player()].step(state)))
    assert searched > 10 and state.returns() == [0.0, 0.0]


def test_openspiel_ismcts_sits_at_the_board_games_table_to_the_end():
    # Issue 16, item 3: an OpenSpiel search bot at the hidden-hand table, a whole game.
    board = get_game("lotr-board-game")
    options = board.validate_options({"players": 2})
    seats = [make_agent("openspiel:ismcts:6", board, 0, 1, options),
             make_agent("heuristic", board, 1, 2, options)]
    state = board.new_state(options, SeededDice(3))
    for _ in range(2000):
        if state.is_over():
            break
        seat = state.to_move()
        state.apply(seats[seat].choose(state.view(seat), state.legal_actions()))
    assert state.is_over() and state.outcome().summary


def test_palantirs_ismcts_plays_the_hidden_hand_game_as_an_openspiel_bot():
    game = pyspiel.load_game("palantir_lotr_board_game", {"players": 2, "max_game_length": 40})
    bots = [PalantirBot(game, seat, "ismcts:4", seed=seat) for seat in range(2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots,
                                          np.random.RandomState(2))
    assert list(returns) == [0.0, 0.0]  # cut at 40 moves, long before the end


def test_the_core_loads_no_openspiel_until_a_seat_asks_for_it():
    # Issue 16: pyspiel stays out of the core; only an openspiel: seat imports interop.
    probe = ("import sys, palantir.cli, palantir.agents, palantir.sim.runner\n"
             "from palantir.agents import make_agent\n"
             "from palantir.engine.game import get_game\n"
             "make_agent('mcts:5', get_game('journey-to-mordor'), 0, 1)\n"
             "before = [m for m in ('pyspiel', 'pettingzoo', 'palantir.interop') "
             "if m in sys.modules]\n"
             "make_agent('openspiel:mcts:5', get_game('journey-to-mordor'), 0, 1)\n"
             "print(before, 'pyspiel' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.stdout.split() == ["[]", "True"], done.stdout + done.stderr


def first_moves(state, count: int) -> None:
    """Play `count` moves of `state`: the first outcome of each roll, the first decision."""
    for _ in range(count):
        if state.is_terminal():
            return
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node()
                           else state.legal_actions()[0])


def test_a_clone_keeps_following_its_own_moves_in_its_information_state():
    # Defect: a clone's information state stopped at the position it was cloned from (its
    # trail followed a copy of the chance layer of its own), so searches over clones read
    # stale information states of the hidden-hand game.
    game = pyspiel.load_game("palantir_lotr_board_game", {"players": 2})
    state = game.new_initial_state()
    first_moves(state, 30)
    clone = state.clone()
    first_moves(state, 30)
    first_moves(clone, 30)
    for seat in range(2):
        assert clone.information_state_string(seat) == state.information_state_string(seat)
    assert str(clone) == str(state)
