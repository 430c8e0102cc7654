"""A worker warms every game up before it says it is ready (Game.warm_up): Journey to
Mordor's mcts rolls out through a compiled kernel whose first compile takes longer than a
seat's time limit, and a worker overrunning that limit is killed before the compile ends,
so on a fresh install every decision fell to the heuristic."""

from __future__ import annotations

from palantir.engine.game import game_ids, get_game
from palantir.games.journey_to_mordor import batch
from palantir.server import thinkers


def test_a_worker_warms_up_every_game_before_it_is_ready(monkeypatch):
    warmed = []
    for game_id in game_ids():
        monkeypatch.setattr(type(get_game(game_id)), "warm_up",
                            lambda self: warmed.append(self.id))
    thinkers.warm_up_games()
    assert sorted(warmed) == sorted(game_ids())


def test_journey_to_mordor_warm_up_compiles_the_rollout_kernel():
    get_game("journey-to-mordor").warm_up()
    assert batch.rollout.signatures, "the kernel mcts rolls out with is not compiled"
