"""benchmarks/jtm_mcts_paired.py scores the new search against the old fairly (issue 15,
item 4): in Journey to Mordor a game can end with every Ring-bearer eliminated, which pays
both seats 0 (End of the Game: "everyone has lost"); scored by the new search's bare
payoff, such a game counted as a loss, so two equally strong searches averaged below 0.5
and the benchmark found the new search weaker (0.396 over 132 pairs) when it was not."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from palantir.engine import get_game

_PATH = Path(__file__).resolve().parents[3] / "benchmarks" / "jtm_mcts_paired.py"
_SPEC = importlib.util.spec_from_file_location("jtm_mcts_paired", _PATH)
paired = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(paired)

ENGINE = get_game("journey-to-mordor").batch_engine()


def test_a_game_nobody_wins_is_even_not_a_loss_for_the_new_search():
    # End of the Game: all eliminated, nobody wins, both seats' payoff 0.
    assert paired.game_score([0.0, 0.0], 0) == paired.game_score([0.0, 0.0], 1) == 0.5
    assert paired.game_score([0.5, 0.5], 1) == 0.5          # a shared victory
    assert paired.game_score([1.0, 0.0], 0) == 1.0
    assert paired.game_score([1.0, 0.0], 1) == 0.0
    pair = {"seed": 1, "new_payoffs": [0.0, 0.0], "returns": [[0.0, 0.0], [0.0, 0.0]]}
    assert paired.pair_score(pair) == 0.5
    assert "mean score 0.500" in paired.summary([pair, dict(pair, seed=2)], 100)


def test_a_pair_without_both_seats_payoffs_is_refused():
    # The bare payoffs [0, 0] cannot tell two losses from two games nobody won.
    with pytest.raises(ValueError, match="no 'returns'"):
        paired.pair_score({"seed": 7001, "new_payoffs": [0.0, 0.0]})


@pytest.mark.skipif(ENGINE is None, reason="needs the batch engine (palantir[batch])")
def test_games_nobody_wins_are_too_many_for_the_bare_payoff_to_measure_strength():
    # The same player in both seats: its bare payoff averages (1 - nobody's share) / 2,
    # far below the 0.5 the benchmark tested; its score averages 0.5 exactly.
    games = ENGINE.play({"players": 2}, ["heuristic", "heuristic"], np.arange(1000))
    nobody = float(np.mean(~games.winners.any(axis=1)))
    assert nobody > 0.1
    payoff = games.winners / np.maximum(1, games.winners.sum(axis=1, keepdims=True))
    assert abs(payoff.mean() - (1 - nobody) / 2) < 1e-9
    scores = [paired.game_score(list(row), seat) for row in payoff.tolist() for seat in (0, 1)]
    assert abs(np.mean(scores) - 0.5) < 1e-9
