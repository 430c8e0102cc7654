"""The engine contract: `apply` is atomic. For every registered game, a decision that is
refused raises IllegalAction naming a rule and leaves every seat's view, the legal
decisions and the dice exactly as they were."""

import json
import random

import pytest

from palantir.engine import IllegalAction, SeededDice, game_ids, get_game

GARBAGE = ["", "???", "keep", "advance 99", "reroll", "pass", 42, None, object()]


def frozen(state):
    """Everything observable about a state, as JSON text (views are plain JSON data)."""
    seats = [None] + list(range(state.players))
    return (json.dumps([state.view(seat) for seat in seats], sort_keys=True),
            [str(a) for a in state.legal_actions()], len(state.dice.log))


STEPS = 150  # decisions probed per game: long wargames are sampled, not played out


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_refused_decisions_change_nothing_in_any_game(game_id, seed):
    game = get_game(game_id)
    takes_players = any(option.name == "players" for option in game.option_schema())
    state = game.new_state({"players": game.max_players} if takes_players else {},
                           SeededDice(seed))
    rng = random.Random(seed)
    refusals = 0
    for _ in range(STEPS):
        if state.is_over():
            break
        before = frozen(state)
        for bad in GARBAGE:
            try:
                state.apply(bad)
            except IllegalAction as error:
                refusals += 1
                assert error.rule, "an illegal decision names the rule it breaks"
                assert frozen(state) == before
            else:  # accepted: it must have been one of the legal decisions
                assert str(bad) in before[1]
                break
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert refusals > 0
