"""The general's reading of the enemy (battlefield.py) is kept by what it reads of the
position; a kept reading must be the one read afresh, wherever play goes."""

import random

from palantir.engine.dice import SeededDice
from palantir.games.spi_sauron.battlefield import Battlefield

from tests.support.positions.spi import GAME


def test_a_kept_enemy_reading_is_the_reading_made_afresh_through_a_game():
    """My units bear on the enemy's reach only by the enemy units their ZOCs hold in place
    (6.11); the reading is kept across my moves that hold none anew, and read again when
    one does: at every decision of a seeded game both sides' kept readings are exact."""
    rng = random.Random(5)
    state = GAME.new_state({}, SeededDice(5))
    kept = 0
    while not state.is_over() and state.turn <= 8:
        for side in ("sauron", "westernesse"):
            field = Battlefield(state, side)
            fresh = field._read_enemy()
            assert (field.front, field.reach, field.radius) == fresh, \
                f"turn {state.turn}, {state.phase.key}: {side}'s kept reading is stale"
            kept += 1
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert kept > 500
