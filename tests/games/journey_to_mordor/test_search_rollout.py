"""mcts's rollouts through the batch engine (batch.Playout, issue 15 item 4) are the same
rollouts as mcts's own by heuristics.rollout_policy: a position converted to the batch
engine's vector and back is the same position; a batch rollout replays under the reference
rules with the reference heuristic's decision at every step and the same payoffs; and from
a few positions its payoffs have the reference rollout's distribution."""

from __future__ import annotations

import math
import random

import pytest

from palantir.agents.mcts import MCTSAgent, SamplingDice
from palantir.engine import SeededDice, get_game
from palantir.engine.dice import ScriptedDice
from palantir.games.journey_to_mordor import batch
from palantir.games.journey_to_mordor.heuristics import rollout_policy
from palantir.games.journey_to_mordor.rules import ADVANCING_PHASE, OVER

GAME = get_game("journey-to-mordor")
ENGINE = GAME.batch_engine()

# Basic and location games, 1-4 seats, a short and a long Nazgûl route, other dice: every
# field of the vector (features such as Rohan's reroll and Rivendell, the advance question,
# eliminations, the end) is met in these games.
SETTINGS = [
    {"players": 1},
    {"players": 2},
    {"players": 3, "locations": True, "nazgul_squares": 3},
    {"players": 4, "locations": True},
    {"players": 4, "locations": True, "hobbits": ["pippin", "sam", "merry", "frodo"],
     "coloured_die": list("NNGRRO"), "black_die": list("TTNRFO")},
    {"players": 2, "locations": True, "nazgul_squares": 20},
]


def positions(options: dict, seed: int, games: int = 3) -> list:
    """Every decision of seeded games by random play (and each game's end), as states."""
    found = []
    rng = random.Random(seed)
    for k in range(games):
        state = GAME.new_state(options, SeededDice(seed * 100 + k))
        while not state.is_over():
            found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        found.append(state)
    return found


def test_a_position_converted_to_the_batch_vector_and_back_is_the_same_position():
    met = {"advance": 0, "rerolled": 0, "aside": 0, "eliminated": 0, "over": 0, "feature": 0}
    for i, options in enumerate(SETTINGS):
        for state in positions(options, 11 + i):
            vector = batch.to_position(state)
            back = batch.from_position(GAME, state.options, vector, SeededDice(1))
            assert back.view(None) == state.view(None)
            assert [str(a) for a in back.legal_actions()] == \
                [str(a) for a in state.legal_actions()]
            assert batch.to_position(back).tolist() == vector.tolist()
            met["advance"] += state.phase == ADVANCING_PHASE
            met["rerolled"] += state.rerolled
            met["aside"] += bool(state.aside)
            met["eliminated"] += any(state.eliminated)
            met["over"] += state.phase == OVER
            met["feature"] += state.feature is not None
    assert all(met.values()), met


def test_the_position_read_back_plays_on_as_the_original():
    for i, options in enumerate(SETTINGS):
        for k, state in enumerate(positions(options, 31 + i, games=1)[::7]):
            back = batch.from_position(GAME, state.options, batch.to_position(state),
                                       SeededDice(k))
            here, there = state.clone(dice=SeededDice(k)), back
            rng_here, rng_there = random.Random(k), random.Random(k)
            while not here.is_over():
                here.apply(rng_here.choice(here.legal_actions()))
                there.apply(rng_there.choice(there.legal_actions()))
                assert there.view(None) == here.view(None)
            assert there.is_over() and there.outcome() == here.outcome()


def test_a_batch_rollout_replays_under_the_rules_by_the_reference_heuristic():
    # The strongest form of "the same rollout": given the dice the batch engine rolled,
    # the reference rules and heuristics.rollout_policy (mcts's rollout policy) take every
    # decision it took and reach its payoffs.
    checked = 0
    for i, options in enumerate(SETTINGS):
        playout = ENGINE.playout(options)
        for k, state in enumerate(positions(options, 51 + i, games=1)[::5]):
            events, payoffs = playout.traced(state, seed=1000 * i + k)
            rolls = [(e["die"], e["face"]) for e in events if "die" in e]
            decisions = [(e["seat"], e["action"]) for e in events if "seat" in e]
            reference = state.clone(dice=ScriptedDice(rolls, record=False))
            for seat, action in decisions:
                assert reference.to_move() == seat
                assert str(rollout_policy(reference, random.Random(0))) == action
                reference.apply(action)
            assert reference.is_over() and reference.dice.remaining() == 0
            assert reference.outcome().returns(state.players) == payoffs
            checked += 1
    assert checked > 30


@pytest.mark.parametrize("options, seed, at", [
    ({"players": 2}, 3, 10),
    ({"players": 3, "locations": True}, 4, 25),
    ({"players": 4, "locations": True}, 5, 40),
])
def test_batch_rollouts_have_the_payoffs_of_mcts_own_rollouts(options, seed, at):
    # mcts's own rollout (MCTSAgent._rollout by the rollout policy, sampled dice) against
    # the batch engine's, from the same position: each seat's mean payoff within 4 standard
    # errors of the difference (seeded: the figures are fixed, the bound is loose only
    # against a real difference of a few percent).
    state = positions(options, seed, games=1)[at]
    agent = MCTSAgent(GAME, 0, seed=seed)
    rng = random.Random(seed)
    own = [agent._rollout(state.clone(dice=SamplingDice(rng.getrandbits(64))), rng,
                          state.players) for _ in range(150)]
    playout = ENGINE.playout(options)
    fast = [playout(state, rng) for _ in range(20000)]
    for seat in range(state.players):
        a = [p[seat] for p in own]
        b = [p[seat] for p in fast]
        mean_a, mean_b = sum(a) / len(a), sum(b) / len(b)
        var_a = sum((x - mean_a) ** 2 for x in a) / (len(a) - 1)
        var_b = sum((x - mean_b) ** 2 for x in b) / (len(b) - 1)
        error = math.sqrt(var_a / len(a) + var_b / len(b) + 1e-4 / len(a))
        assert abs(mean_a - mean_b) <= 4 * error, (seat, mean_a, mean_b, error)


def test_mcts_on_journey_rolls_out_through_the_batch_engine():
    # The hook the game gives mcts (SearchHooks.search_rollout) is the batch playout.
    state = GAME.new_state({"players": 2}, SeededDice(2))
    assert isinstance(GAME.search().search_rollout(state), batch.Playout)
