"""Dice Rolls: the listed set-aside decisions are exactly those the rules allow."""

import random

import pytest

from palantir.engine import SeededDice, get_game
from palantir.games.journey_to_mordor.notation import Keep


def _allowed_by_the_rules(state):
    roll = tuple(state.roll)
    sets = []
    for mask in range(1, 1 << len(roll)):
        dice = tuple(roll[i] for i in range(len(roll)) if mask >> i & 1)
        if state.keep_problem(dice) is None:
            sets.append(dice)
    return sets


@pytest.mark.parametrize("locations", [False, True])
def test_setting_aside_lists_every_set_the_rules_allow_and_no_other(locations):
    """Setting dice aside (with Rivendell's identical symbols): listing equals checking."""
    game = get_game("journey-to-mordor")
    checked = 0
    for seed in range(150):
        state = game.new_state({"players": 3, "locations": locations}, SeededDice(seed))
        rng = random.Random(seed)
        while not state.is_over():
            if state.phase == "set-aside":
                listed = [a.dice for a in state.legal_actions() if isinstance(a, Keep)]
                assert listed == _allowed_by_the_rules(state)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 1000
