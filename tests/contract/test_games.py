"""Random legal games of every game and variant reach their end, and their records replay
to the very same positions: every state's views and narration, for every seat."""

from __future__ import annotations

import pytest

from palantir.engine.game import get_game
from palantir.engine.record import GameRecord, replay

from tests.support import random_record, seats_of, views
from tests.support.games import every_variant

# Two games of each game's defaults, one of every other variant.
CASES = [pytest.param(param.values[0], seed, id=f"{param.id}-seed{seed}")
         for param in every_variant()
         for seed in ((1, 2) if param.values[0].name == "defaults" else (1,))]


@pytest.mark.parametrize("variant,seed", CASES)
def test_random_legal_games_end_and_replay_to_the_same_positions(variant, seed):
    game = get_game(variant.game)
    seen = []

    def remember(state, seat, action):
        seen.append((views(state), {s: state.narration(s) for s in seats_of(state)}))

    final, record = random_record(game, variant.options, seed, on_step=remember)
    assert final.is_over() and final.outcome() is not None
    assert record.result == final.outcome().to_json()
    assert final.legal_actions() == []

    again = []
    replay(GameRecord.loads(record.dumps()),
           on_state=lambda i, state: again.append(
               (views(state), {s: state.narration(s) for s in seats_of(state)})))
    assert len(again) == len(seen)
    for step, (played, replayed) in enumerate(zip(seen, again)):
        assert replayed == played, f"{variant.name}: the replay differs after {step} decisions"
