"""Zones of Control are kept per map by all a zone reads (rules.py enemy_zoc); a kept zone
must be the zone drawn afresh from the pieces, wherever play goes."""

import random

from palantir.engine.dice import SeededDice

from tests.support.positions.spi import GAME


def fresh_zone(state, side, dwarf):
    return state._zone_of_enemies(side, dwarf, not state.gate_breached())


def test_a_kept_zone_of_control_is_the_zone_drawn_afresh_through_a_game():
    """6.0, 6.13, 15.2.1: at every decision of a seeded random game, each side's enemy ZOC
    (for Dwarves too) is the one its enemies' places draw now."""
    rng = random.Random(8)
    state = GAME.new_state({}, SeededDice(8))
    checked = 0
    while not state.is_over():
        for side in ("sauron", "westernesse"):
            for dwarf in (False, True):
                assert state.enemy_zoc(side, dwarf) == fresh_zone(state, side, dwarf), \
                    f"turn {state.turn}, {state.phase.key}: {side}'s kept ZOC is stale"
                checked += 1
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert checked > 4000


def test_a_demoralized_army_s_zone_is_not_the_one_kept_before():
    """6.14: a demoralized army exerts no ZOC; the zone kept for the same places while it
    was not demoralized is not served."""
    state = GAME.new_state({}, SeededDice(1))
    for _ in range(40):
        legal = state.legal_actions()
        state.apply(legal[0])
    before = state.enemy_zoc("westernesse")
    assert before
    state.demoralized["sauron"] = True
    state._zoc.clear()
    assert state.enemy_zoc("westernesse") == fresh_zone(state, "westernesse", False) \
        == frozenset()
