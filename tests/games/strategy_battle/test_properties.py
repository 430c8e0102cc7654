"""Properties of whole random battles: bases never overlap, models stay on the table, every
move stays within its allowance, refusals change nothing, clones are independent."""

import random

import pytest

from palantir.engine.dice import SeededDice
from palantir.engine.errors import IllegalAction
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle import table as geo
from palantir.games.strategy_battle.notation import Move, Charge


def check_invariants(state):
    tol = state.units.tolerance
    discs = [state.disc(m, zone=False) for m in state.models.values()]
    for i, a in enumerate(discs):
        assert state.table.on_table(a.x, a.y, a.radius), f"{a.key} off the table"
        for b in discs[i + 1:]:
            assert not geo.overlapping(a, b, tol), f"{a.key} overlaps {b.key}"
    for m in state.models.values():
        assert m.move_used <= state.allowance(m) + 1e-6, f"{m.id} moved too far"


@pytest.mark.parametrize("scenario,seed", [("intro", 1), ("intro", 2), ("intro", 3),
                                           ("amon_hen", 1), ("riders", 2)])
def test_random_battles_keep_bases_apart_on_the_table_and_within_their_moves(scenario, seed):
    rng = random.Random(seed)
    state = StrategyBattle().new_state({"scenario": scenario}, SeededDice(seed))
    steps = 0
    while not state.is_over() and steps < 150:
        # the state rebuilt from the acting seat's view is the state (bar a secret bid)
        seat = state.to_move()
        rebuilt = StrategyBattle().state_from_view(state.view(seat), SeededDice(0))
        assert rebuilt.view(seat) == state.view(seat)
        candidates = state.legal_actions()
        moves = [a for a in candidates if not str(a) == "done"]
        action = rng.choice(moves) if moves and rng.random() < 0.85 else rng.choice(candidates)
        # a refusal first: a move far beyond any allowance changes nothing
        if state.phase == "move" and isinstance(action, (Move, Charge)):
            before = state.view(0)
            with pytest.raises(IllegalAction):
                state.apply(f"move {action.model} 0.5,0.5 23.5,23.5 0.5,23.5")
            assert state.view(0) == before
        copy = state.clone()
        copy_view = copy.view(0)
        state.apply(action)
        check_invariants(state)
        assert copy.view(0) == copy_view, "a clone is independent of its original"
        steps += 1
    assert state.is_over() or steps == 150
