"""Whole games as properties: records of games with combat replay exactly; random legal games
run to their end (12.0) without an empty decision list or a refused listed decision."""

from hypothesis import given, settings, strategies as st

from palantir.engine.match import play_match
from palantir.engine.record import GameRecord, replay
from palantir.games.spi_sauron.heuristics import HeuristicAgent

from tests.support import random_record

from tests.support.positions.spi import GAME


def test_case_7_0_records_of_games_with_combat_replay_exactly():
    final, record = play_match(GAME, {}, [HeuristicAgent(0, 1, game=GAME),
                                          HeuristicAgent(1, 2, game=GAME)], seed=11)
    said = [e["action"] for e in record.to_json()["events"] if e.get("action")]
    # the record holds every kind of combat decision, mid-phase ones included (7.1-7.7, 8.3)
    for verb in ("fire", "attack", "retreat", "rally"):
        assert any(a.startswith(verb) for a in said), verb
    again = replay(GameRecord.loads(record.dumps()))
    assert again.view(None) == final.view(None)
    assert again.outcome().summary == final.outcome().summary


def formations_hold_together(state, seat, action):
    """8.4, 15.3: the two units of a formation name each other and share one hex; and no
    other two combat units of a side share a hex once no retreat is pending (5.0, 7.61)."""
    for unit in state.units.values():
        if unit.partner:
            partner = state.units[unit.partner]
            assert partner.partner == unit.id and partner.hex == unit.hex, (unit.id, action)
    if not state.pending and state.phase.kind != "movement":
        for h in {u.hex for u in state.units.values() if u.on_map}:
            here = [u for u in state.combat_units_at(h)]
            assert len(here) == 1 or (len(here) == 2 and here[0].partner == here[1].id), \
                (h, [u.id for u in here], str(action))


def every_step(state, seat, action):
    """After each decision: the formations hold, and a running game lists a decision."""
    formations_hold_together(state, seat, action)
    assert state.is_over() or state.legal_actions(), "a running game lists at least one decision"


@settings(max_examples=2, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1))
def test_case_12_0_random_legal_games_reach_their_end_and_replay(seed):
    final, record = random_record(GAME, {}, seed, on_step=every_step)
    assert final.is_over() and final.turn == final.parts.last_turn
    assert final.outcome().summary in ("Westernesse Decisive", "Westernesse Tactical",
                                       "Sauron Tactical", "Sauron Decisive", "Draw")
    assert replay(GameRecord.loads(record.dumps())).view(None) == final.view(None)
