"""The summary: shared wins count fractionally, eliminations and lengths per game."""

from __future__ import annotations

import pytest

from palantir.sim import GameResult, Summary


def batch(*results: GameResult) -> Summary:
    summary = Summary(game="g", options={"players": 3}, agents=["a", "b", "c"], seed=0,
                      workers=1)
    summary.add_all(results)
    return summary


def result(index, winners=(), eliminated=(), rounds=5, decisions=40) -> GameResult:
    return GameResult(index, index, tuple(winners), tuple(eliminated), rounds, decisions)


def test_a_shared_victory_counts_fractionally():
    summary = batch(result(0, winners=(0, 2), eliminated=(1,)), result(1, winners=(2,)))
    assert summary.wins == [0.5, 0.0, 1.5]
    assert summary.win_rate == [0.25, 0.0, 0.75]
    assert sum(summary.win_rate) == pytest.approx(1.0)


def test_no_winner_and_everyone_eliminated_are_counted_apart():
    summary = batch(result(0, eliminated=(0, 1, 2)), result(1, eliminated=(0, 1)),
                    result(2, winners=(2,), eliminated=(0, 1)), result(3, winners=(1,)))
    doc = summary.to_json()
    assert doc["no_winner_rate"] == 0.5
    assert doc["everyone_eliminated_rate"] == 0.25
    assert doc["elimination_rate"] == [0.75, 0.75, 0.25]


def test_rounds_and_decisions_per_game_have_mean_min_and_max():
    summary = batch(result(0, winners=(0,), rounds=4, decisions=30),
                    result(1, winners=(1,), rounds=10, decisions=90),
                    result(2, winners=(2,), rounds=7, decisions=60))
    doc = summary.to_json()
    assert doc["rounds"] == {"mean": 7.0, "min": 4, "max": 10}
    assert doc["decisions_per_game"] == {"mean": 60.0, "min": 30, "max": 90}


def test_games_per_second_is_games_over_wall_time():
    summary = batch(result(0, winners=(0,)), result(1, winners=(0,)))
    summary.wall_seconds = 0.5
    assert summary.games_per_second == 4.0


def test_the_table_aligns_one_row_per_seat():
    summary = batch(result(0, winners=(0,)), result(1, winners=(0, 1), eliminated=(2,)))
    lines = summary.table().splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("seat"))
    seats = lines[header + 1: header + 4]
    assert [line.split()[:2] for line in seats] == [["0", "a"], ["1", "b"], ["2", "c"]]
    assert len({len(line) for line in [lines[header], *seats]}) == 1
    assert "75.0%" in seats[0] and "50.0%" in seats[2]


def test_an_outcomes_text_details_are_counted_as_kinds_of_result():
    """A victory level (SPI Sauron 21.2) is a kind of result: the summary gives its distribution."""
    from palantir.engine.game import Outcome
    from palantir.sim.summary import GameResult, Summary
    summary = Summary(game="g", options={}, agents=["a", "b"], seed=0, workers=1)
    for index, level in enumerate(["Westernesse Decisive", "Draw", "Westernesse Decisive"]):
        outcome = Outcome(winners=(), summary=level, details={"victory_level": level, "vp": 3})
        summary.add(GameResult.of(index, index, outcome, 10))
    assert summary.to_json()["outcomes"] == {
        "victory_level": {"Draw": 1, "Westernesse Decisive": 2}}
    assert "victory level: Westernesse Decisive  66.7%" in summary.table()
