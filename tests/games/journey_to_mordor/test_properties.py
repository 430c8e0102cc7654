"""Property tests: random games of every size and both versions never crash, keep the
invariants of the sheets, refuse illegal decisions without changing anything, and replay
from their records to the very same positions."""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.support.positions.journey import (GAME, HALF_MARKED, MARKED, SPLIT, SPLIT_MARKED,
                                             WHOLE, snapshot)

from palantir.agents import RandomAgent
from palantir.engine import IllegalAction, SeededDice, play_match, replay
from palantir.engine.procedure import Stack
from palantir.games.journey_to_mordor.notation import REROLL, Advance, Keep
from palantir.games.journey_to_mordor.phases.turn import PROCEDURES
from tests.support import random_walk

# PALANTIR_EXAMPLES=500 runs a thorough search; the default keeps the suite fast.
FAST = settings(max_examples=int(os.environ.get("PALANTIR_EXAMPLES", 25)), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
games = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32 - 1),
    "players": st.integers(1, 4),
    "locations": st.booleans(),
})
# Which square states may follow which (Nazgûl marks and Gandalf's splits only go forward).
LATER = {WHOLE: {WHOLE, MARKED, SPLIT, HALF_MARKED, SPLIT_MARKED}, MARKED: {MARKED},
         SPLIT: {SPLIT, HALF_MARKED, SPLIT_MARKED}, HALF_MARKED: {HALF_MARKED, SPLIT_MARKED},
         SPLIT_MARKED: {SPLIT_MARKED}}


def options_of(params):
    """The game's options for a drawn example."""
    return {"players": params["players"], "locations": params["locations"]}


def check_step(before, after):
    """The invariants between two consecutive positions."""
    for seat in range(after.n):
        assert 0 <= after.ring[seat] <= len(after.parts.ring_spaces)
        assert after.ring[seat] >= before.ring[seat]
        for old, new in zip(before.nazgul[seat], after.nazgul[seat]):
            assert new in LATER[old]
        assert after.eliminated[seat] >= before.eliminated[seat]
        assert after.arrived[seat] >= before.arrived[seat]
        if before.eliminated[seat]:  # an eliminated player never moves again
            assert after.ring[seat] == before.ring[seat]
            assert after.nazgul[seat] == before.nazgul[seat]
        # eliminated exactly when the Mordor square is completely marked
        assert after.eliminated[seat] == (after.nazgul[seat][-1] in (MARKED, SPLIT_MARKED))
    assert (after.to_move() is None) == after.is_over()
    if after.is_over():
        assert after.legal_actions() == [] and after.outcome() is not None
        for seat in after.outcome().winners:
            assert after.arrived[seat] and not after.eliminated[seat]
    else:
        assert after.legal_actions()
        assert not after.eliminated[after.to_move()]
        assert after.outcome() is None


@FAST
@given(games)
def test_random_games_never_crash_and_keep_the_invariants(params):
    before = state = None
    # The walk yields one state, moved on in place: after the walk it is the final one.
    for _, state in random_walk(GAME, options_of(params), params["seed"], 5000):
        if before is not None:
            check_step(before, state)
        for action in state.legal_actions():
            assert state.parse_action(str(action)) == action  # notation round-trips
        before = state.clone()
    check_step(before, state)
    assert state.is_over()
    outcome = state.outcome()
    survivors = [s for s in range(state.n) if not state.eliminated[s]]
    if not outcome.winners:
        assert survivors == [] or not any(state.arrived[s] for s in survivors)
        assert not survivors, "a game ends without winner only when everyone is eliminated"


def candidate_decisions(state, rng):
    """Decisions of every kind, legal or not: keeps of random dice and faces, advances, rerolls."""
    dice = [(d, f) for d in range(5) for f in "RGFONT"]
    keeps = [Keep(tuple(sorted(rng.sample(dice, rng.randint(0, 4))))) for _ in range(6)]
    keeps += [Keep(tuple(sorted(rng.sample(state.roll, rng.randint(1, len(state.roll))))))
              for _ in range(6) if state.roll]
    texts = ["keep R R", "keep N", "keep T", "stop", "advance 9", "advance 1", "reroll",
             "keep Q", "", "keep R:purple"]
    return keeps + [Advance(rng.randint(-1, 10)), REROLL] + texts


@FAST
@given(games)
def test_illegal_decisions_leave_the_state_exactly_as_it_was(params):
    rng = random.Random(params["seed"])
    for _, state in random_walk(GAME, options_of(params), params["seed"], 5000):
        legal = state.legal_actions()
        for action in candidate_decisions(state, rng):
            probe = state.clone(dice=SeededDice(0))
            before = snapshot(probe)
            try:
                probe.apply(action)
            except IllegalAction:
                assert snapshot(probe) == before
                assert not isinstance(action, (Keep, Advance)) or action not in legal
            else:
                parsed = action if not isinstance(action, str) else state.parse_action(action)
                assert parsed in legal
    for action in candidate_decisions(state, rng):  # after the end, everything is refused
        before = snapshot(state)
        try:
            state.apply(action)
        except IllegalAction:
            pass
        assert snapshot(state) == before


@FAST
@given(games)
def test_every_record_replays_to_identical_views_at_every_step(params):
    agents = [RandomAgent(seat, params["seed"] + seat) for seat in range(params["players"])]
    played = []
    state, record = play_match(
        GAME, {"players": params["players"], "locations": params["locations"]}, agents,
        params["seed"], on_step=lambda s, seat, action: played.append(s.view(None)))
    replayed = []
    final = replay(record, on_state=lambda i, s: replayed.append(s.view(None)))
    assert replayed == played
    assert final.view(0) == state.view(0)
    assert record.result == state.outcome().to_json()


@FAST
@given(games)
def test_the_stack_asks_the_seat_to_move_reads_back_from_json_and_ends_empty(params):
    # Issue 11: apply is decide on the stack; its question is the seat to move, its JSON
    # reads back to the same stack at every position, and the game's end empties it.
    for _, state in random_walk(GAME, options_of(params), params["seed"], 5000):
        data = state.stack.to_json()
        assert Stack.from_json(data, PROCEDURES).to_json() == data
        question = state.stack.question(state)
        assert (question.seat if question else None) == state.to_move()
    assert state.is_over() and len(state.stack) == 0
