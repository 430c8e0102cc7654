"""Whole games as properties: records of games with combat replay exactly; random legal games
run to their end (12.0) without an empty decision list or a refused listed decision."""

import random

from hypothesis import given, settings, strategies as st

from palantir.engine import game as engine_game
from palantir.engine.match import play_match
from palantir.engine.record import GameRecord, replay
from palantir.games.spi_sauron.heuristics import HeuristicAgent

from .helpers import GAME


class RandomLegal:
    """Any listed decision, uniformly (the `random` agent, seeded)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, view, legal):
        assert legal, "a running game lists at least one decision"
        return self.rng.choice(legal)


def _registered(monkeypatch):
    monkeypatch.setitem(engine_game.REGISTRY_PATHS, "spi-sauron",
                        "palantir.games.spi_sauron:SpiSauron")


def test_case_7_0_records_of_games_with_combat_replay_exactly(monkeypatch):
    _registered(monkeypatch)
    final, record = play_match(GAME, {}, [HeuristicAgent(0, 1), HeuristicAgent(1, 2)], seed=11)
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


@settings(max_examples=2, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1))
def test_case_12_0_random_legal_games_reach_their_end_and_replay(seed):
    with_registry = dict(engine_game.REGISTRY_PATHS)
    engine_game.REGISTRY_PATHS["spi-sauron"] = "palantir.games.spi_sauron:SpiSauron"
    try:
        final, record = play_match(GAME, {}, [RandomLegal(seed), RandomLegal(seed + 1)],
                                   seed=seed, on_step=formations_hold_together)
        assert final.is_over() and final.turn == final.parts.last_turn
        assert final.outcome().summary in ("Westernesse Decisive", "Westernesse Tactical",
                                           "Sauron Tactical", "Sauron Decisive", "Draw")
        assert replay(GameRecord.loads(record.dumps())).view(None) == final.view(None)
    finally:
        engine_game.REGISTRY_PATHS.clear()
        engine_game.REGISTRY_PATHS.update(with_registry)
