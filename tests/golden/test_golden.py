"""Golden records: seeded games played again must produce the very same record text, and
every checked-in record must replay. A difference means the rules, the notation, the dice
or the record format changed; regenerate with tests/golden/golden_games.py only on purpose."""

import pytest
from .golden_games import GOLDEN, HERE, play_golden

from palantir.engine import GameRecord, replay
from palantir.engine.game import game_ids
from palantir.games.strategy_battle.scenarios import scenario_names


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_game_plays_again_to_the_same_record(name):
    expected = (HERE / name).read_text(encoding="utf-8")
    assert play_golden(name).dumps() == expected


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_replays_to_its_result(name):
    record = GameRecord.load(HERE / name)
    state = replay(record)
    # A game kept for its first decisions only is in progress and has no result yet.
    assert state.is_over() == (GOLDEN[name].stop_after is None)
    outcome = state.outcome()
    assert (outcome.to_json() if outcome else None) == record.result


def test_every_game_has_golden_games():
    assert {g.game for g in GOLDEN.values()} == set(game_ids())


def test_every_strategy_battle_scenario_has_a_golden_game():
    # a scenario added to the game's folder is played among the goldens too
    played = {g.options.get("scenario") for g in GOLDEN.values() if g.game == "strategy-battle"}
    assert set(scenario_names()) <= played, sorted(set(scenario_names()) - played)


def test_every_golden_file_is_listed():
    assert sorted(p.name for p in HERE.glob("*.json")) == sorted(GOLDEN)
