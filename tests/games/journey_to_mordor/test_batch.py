"""The batch engine (batch.py) is a second working of the rules: every game it plays, written
as an ordinary record, replays exactly under the reference rules (issue 15, item 3), its
heuristic takes the reference heuristic's decision at every step, and its win, elimination
and round distributions match the reference simulator's within sampling error."""

from __future__ import annotations

import math

import numpy as np
import pytest

from palantir.engine.game import get_game
from palantir.engine.record import replay
from palantir.engine.dice import ScriptedDice
from palantir.games.journey_to_mordor import batch
from palantir.games.journey_to_mordor.batch import BatchUnavailable
from palantir.games.journey_to_mordor.heuristics import best_action
from palantir.sim import game_seed, run_simulation

GAME = get_game("journey-to-mordor")
ENGINE = GAME.batch_engine()

# Every option of the game (components.toml, __init__.py's schema): players 1-4, the
# location version, hobbits in any order and fewer than four, the Nazgûl route's length
# from 1 to 20 squares, other faces on the coloured and black dice (no White Tree at all,
# many Nazgûl, Gandalf-heavy), with random, heuristic and mixed seats.
SETTINGS = [
    ({"players": 1}, ["random"]),
    ({"players": 1, "locations": True}, ["heuristic"]),
    ({"players": 2}, ["random", "heuristic"]),
    ({"players": 2, "locations": True, "hobbits": ["pippin", "sam"]}, ["heuristic", "random"]),
    ({"players": 3, "hobbits": ["merry", "frodo", "pippin"], "nazgul_squares": 1},
     ["heuristic", "heuristic", "random"]),
    ({"players": 3, "locations": True, "nazgul_squares": 20}, ["random"] * 3),
    ({"players": 4, "locations": True}, ["heuristic"] * 4),
    ({"players": 4, "locations": True}, ["random", "heuristic", "random", "heuristic"]),
    ({"players": 4, "coloured_die": list("NNGRRO"), "black_die": list("TTNRFO")},
     ["heuristic", "random", "heuristic", "random"]),
    ({"players": 2, "locations": True, "coloured_die": list("RGFOON"),
      "black_die": list("RGFONN"), "nazgul_squares": 3}, ["random", "heuristic"]),
    ({"players": 3, "locations": True, "coloured_die": list("GGGRFN"),
      "black_die": list("GTRFFO")}, ["heuristic"] * 3),
]


def heuristic_agrees(record, specs) -> list[str]:
    """Replays the record and returns each heuristic seat's decision where the reference
    heuristic (heuristics.best_action) would have taken another one."""
    expected: list[tuple[int, str]] = []

    def before_next(index, state):
        seat = state.to_move()
        if seat is not None and specs[seat] == "heuristic":
            expected.append((seat, str(best_action(state.view(seat), state.legal_actions()))))
        else:
            expected.append((seat, None))

    replay(record, on_state=before_next)
    decisions = [e for e in record.events if "action" in e]
    return [f"decision {k}: seat {seat} took '{event['action']}', the heuristic '{want}'"
            for k, ((seat, want), event) in enumerate(zip(expected, decisions))
            if want is not None and event["action"] != want]


@pytest.mark.parametrize("options, specs", SETTINGS,
                         ids=[f"setting{i}" for i in range(len(SETTINGS))])
def test_a_sample_of_every_run_replays_exactly_and_the_heuristic_is_the_reference(
        options, specs):
    # Records (engine/record.py): replay checks every die against the rules' rolls, every
    # decision's legality, and the result (winners, eliminated, rounds, unmarked spaces).
    seeds = np.array([game_seed(15, i) for i in range(400)], np.uint64)
    games = ENGINE.play(options, specs, seeds)
    outcomes = games.outcomes()
    for i in np.random.default_rng(len(specs)).choice(len(seeds), 6, replace=False).tolist():
        record = ENGINE.record(options, specs, int(seeds[i]))
        replay(record)  # raises BadRecord at the first event the rules do not allow
        # The traced game is the batch's game: same result, same number of decisions.
        assert record.result == outcomes[i].to_json()
        assert sum(1 for e in record.events if "action" in e) == games.decisions[i]
        assert heuristic_agrees(record, specs) == []


def test_a_game_is_the_same_whatever_batch_plays_it():
    seeds = np.array([game_seed(3, i) for i in range(300)], np.uint64)
    specs = ["heuristic", "random", "random"]
    whole = ENGINE.play({"players": 3, "locations": True}, specs, seeds)
    parts = [ENGINE.play({"players": 3, "locations": True}, specs, seeds[a:b])
             for a, b in ((0, 1), (1, 170), (170, 300))]
    for name in ("winners", "eliminated", "rounds", "decisions", "unmarked", "rolls"):
        assert np.array_equal(getattr(whole, name),
                              np.concatenate([getattr(p, name) for p in parts])), name


def test_agents_it_does_not_play_are_refused_by_name():
    with pytest.raises(BatchUnavailable, match="mcts:10"):
        ENGINE.play({"players": 2}, ["random", "mcts:10"], [1])
    assert "ismcts" in ENGINE.refusal(["ismcts", "random"])
    assert ENGINE.refusal(["Random", "heuristic"]) is None


def _z(p: float, n: int, q: float, m: int) -> float:
    """Two-sample z of proportions p (of n) and q (of m)."""
    pooled = (p * n + q * m) / (n + m)
    spread = math.sqrt(max(pooled * (1 - pooled), 1e-12) * (1 / n + 1 / m))
    return (p - q) / spread


@pytest.mark.parametrize("options, specs, reference_games", [
    ({"players": 2}, ["random", "heuristic"], 150),
    ({"players": 2, "locations": True}, ["heuristic", "heuristic"], 120),
])
def test_distributions_match_the_reference_simulator(options, specs, reference_games):
    # Different dice (SplitMix64 against random.Random), the same game: each seat's win and
    # elimination rate, the share of games nobody wins, and the mean number of rounds
    # agree within 4.5 standard errors (a wrong rule moves them by far more; the large
    # runs are benchmarks/bench_journey_batch_agreement.py).
    reference = run_simulation("journey-to-mordor", options, specs, reference_games, 11,
                               progress=False)
    games = 20_000
    batch = ENGINE.play(options, specs, [game_seed(11, i) for i in range(games)])
    n = reference.games
    for seat in range(len(specs)):
        wins = (batch.winners[:, seat] / np.maximum(batch.winners.sum(1), 1)).mean()
        assert abs(_z(reference.win_rate[seat], n, wins, games)) < 4.5, ("wins", seat)
        out = batch.eliminated[:, seat].mean()
        assert abs(_z(reference.elimination_rate[seat], n, out, games)) < 4.5, ("out", seat)
    nobody = (batch.winners.sum(1) == 0).mean()
    assert abs(_z(reference.to_json()["no_winner_rate"], n, nobody, games)) < 4.5
    rounds = batch.rounds.astype(float)
    spread = rounds.std() * math.sqrt(1 / n + 1 / games)
    assert abs(reference.to_json()["rounds"]["mean"] - rounds.mean()) < 4.5 * spread


@pytest.mark.parametrize("feature", [None, "identical_symbols"])
def test_the_random_agent_draws_from_exactly_the_legal_keeps(feature):
    # RandomAgent picks uniformly among state.legal_actions(): the engine's numbered keeps
    # (_choices counts them, _keep numbers them) must be exactly those, each once, or its
    # random seats would play another distribution with every game still legal.
    rng = np.random.default_rng(5)
    for _ in range(300):
        state = GAME.new_state({"players": 2}, ScriptedDice(["R"] * 5))
        state.feature = feature
        dice = sorted(rng.choice(5, rng.integers(1, 6), replace=False).tolist())
        state.roll = [(d, "RGFONT"[rng.integers(0, 6 if d == 4 else 5)]) for d in dice]
        showing = np.zeros(6, np.int64)
        for d, f in state.roll:
            showing["RGFONT".index(f)] |= 1 << d
        radix = np.zeros(6, np.int64)
        count = batch._choices(showing, radix, feature == "identical_symbols")
        drawn = [batch._keep(i, showing, radix, feature == "identical_symbols")
                 for i in range(count)]
        legal = sorted(sum(1 << d for d, _ in keep.dice) for keep in state.legal_actions())
        assert sorted(drawn) == legal, state.roll
