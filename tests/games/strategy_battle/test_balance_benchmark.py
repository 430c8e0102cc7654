"""benchmarks/balance_strategy_battle.py measures a scenario's lean between equal generals
(issue 14, item 12): its games are seeded, so the same seed gives the same game, and its
summary counts a draw as half to Good and a game the referee could not finish apart."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_PATH = Path(__file__).resolve().parents[3] / "benchmarks" / "balance_strategy_battle.py"
_SPEC = importlib.util.spec_from_file_location("balance_strategy_battle", _PATH)
balance = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(balance)


def test_balance_a_seeded_game_between_the_generals_is_the_same_game_again():
    first, again = balance.one_game(("intro", 3)), balance.one_game(("intro", 3))
    assert first["good"] in (0.0, 0.5, 1.0) and first["turns"] >= 1
    assert {k: v for k, v in first.items() if k != "seconds"} == \
        {k: v for k, v in again.items() if k != "seconds"}


def test_balance_summary_counts_a_draw_as_half_and_an_unfinished_game_apart():
    rows = [{"scenario": "siege", "seed": 1, "good": 1.0, "turns": 15, "seconds": 1.0},
            {"scenario": "siege", "seed": 2, "good": 0.5, "turns": 15, "seconds": 1.0},
            {"scenario": "siege", "seed": 3, "good": 0.0, "turns": 9, "seconds": 1.0},
            {"scenario": "siege", "seed": 4, "error": "Refusal: a listed decision refused"}]
    line = [x for x in balance.summary(rows).splitlines() if x.startswith("siege ")][0]
    assert line.split()[1:5] == ["3", "1", "1", "1"]       # games, Good, draw, Evil
    assert "50.0 %" in line
    assert "not finished: seed 4: Refusal" in balance.summary(rows)
