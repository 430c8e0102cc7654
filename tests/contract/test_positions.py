"""At random points of random games: a clone is independent of its original both ways, and
the state rebuilt from any seat's (or a spectator's) view shows that seat the same view."""

from __future__ import annotations

import random

import pytest

from palantir.engine.dice import SeededDice
from palantir.engine.game import get_game

from tests.support import each_seat, seats_of, snapshot
from tests.support.games import main_variants

SEEDS = (3, 4)
MAX_DECISIONS = 600  # a few hundred decisions reach every phase of each game


@pytest.mark.parametrize("variant", main_variants())
def test_a_clone_and_its_original_are_independent(variant):
    game = get_game(variant.game)
    checked = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        state = game.new_state(variant.options, SeededDice(seed))
        for taken in range(MAX_DECISIONS):
            if state.is_over():
                break
            legal = state.legal_actions()
            if rng.random() < max(0.05, 4 / (taken + 40)):
                before = snapshot(state)
                clone = state.clone()
                assert snapshot(clone) == before, "a clone shows what its original shows"
                clone.apply(legal[rng.randrange(len(legal))])
                assert snapshot(state) == before, \
                    f"{variant.name}: a decision applied to a clone changed its original"
                # the other way: the original moving on leaves a clone where it was
                clone = state.clone()
                state.apply(legal[rng.randrange(len(legal))])
                assert snapshot(clone) == before, \
                    f"{variant.name}: a decision applied to the original changed a clone"
                checked += 1
            else:
                state.apply(legal[rng.randrange(len(legal))])
    assert checked >= 4, f"{variant.name}: only {checked} points probed"


@pytest.mark.parametrize("variant", main_variants())
def test_the_state_from_a_view_shows_that_view(variant):
    game = get_game(variant.game)
    probed = set()
    for state, mover in each_seat(game, variant.options, SEEDS, MAX_DECISIONS, per_seat=3):
        probed.add(mover)
        for seat in seats_of(state):
            view = state.view(seat)
            rebuilt = game.state_from_view(view, SeededDice(0))
            assert rebuilt.view(seat) == view, \
                f"{variant.name}: state_from_view(view({seat})) shows another view"
    players = game.players_of(game.validate_options(variant.options))
    assert probed == set(range(players)), f"{variant.name}: probed at the turns of {probed}"
