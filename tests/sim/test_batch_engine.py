"""`palantir simulate journey-to-mordor --engine batch` (issue 15, item 3): the batch engine
behind the simulator, its Parquet file answering DuckDB, its records replaying under the
rules, the same summary on any number of workers, and clear refusals."""

from __future__ import annotations

import json

import duckdb
import pytest

from palantir.cli import main
from palantir.engine.record import GameRecord, replay
from palantir.games.journey_to_mordor import batch as jtm_batch
from palantir.sim import run_simulation

GAME = "journey-to-mordor"


def test_a_batch_run_writes_parquet_that_duckdb_queries(tmp_path, capsys):
    out = tmp_path / "runs.parquet"
    assert main(["simulate", GAME, "--engine", "batch", "--games", "1500", "--seed", "4",
                 "--agents", "heuristic,random,heuristic", "--option", "locations=true",
                 "--out", str(out), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 1500
    db = duckdb.connect()
    rows = db.execute(f"select count(*), sum(payoff_0), avg(rounds), "
                      f"sum(len(eliminated)) from '{out}'").fetchone()
    assert rows[0] == 1500
    assert rows[1] == pytest.approx(summary["wins"][0])
    assert rows[2] == pytest.approx(summary["rounds"]["mean"])
    assert rows[3] == round(sum(summary["elimination_rate"]) * 1500)
    # The game's own details are typed columns, as for a rules run.
    kinds = dict(db.execute(f"select column_name, column_type from (describe "
                            f"select * from '{out}')").fetchall())
    assert kinds["details.unmarked"] == "BIGINT[]" and kinds["option.locations"] == "BOOLEAN"


def test_a_results_file_resumes_only_with_the_engine_that_played_it(tmp_path, capsys):
    # A batch engine's game of a seed is another game than the rules' game of that seed.
    out = str(tmp_path / "runs.parquet")
    base = ["simulate", GAME, "--agents", "random,heuristic", "--games", "30", "--out", out]
    assert main([*base[:4], "--games", "20", "--out", out, "--engine", "batch"]) == 0
    capsys.readouterr()
    assert main([*base, "--resume"]) == 2
    assert "--engine batch" in capsys.readouterr().err
    assert main([*base, "--resume", "--engine", "batch", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 30


def test_the_summary_is_the_same_on_one_worker_or_two():
    def run(workers):
        summary = run_simulation(GAME, {"players": 3}, ["random", "heuristic", "random"], 900,
                                 8, workers=workers, progress=False, engine="batch").to_json()
        return {k: v for k, v in summary.items() if k not in ("wall_seconds",
                                                              "games_per_second", "workers")}
    assert run(1) == run(2)


def test_records_of_a_batch_run_replay_under_the_rules(tmp_path):
    summary = run_simulation(GAME, {"players": 2, "locations": True}, ["heuristic", "random"],
                             5, 2, records_dir=tmp_path, progress=False, engine="batch")
    files = sorted(tmp_path.glob("game-*.json"))
    assert [f.name for f in files] == [f"game-0000{i}.json" for i in range(1, 6)]
    decisions = 0
    for path in files:
        record = GameRecord.load(path)
        assert record.seats == ["heuristic", "random"]
        replay(record)  # BadRecord on any die, decision or result the rules do not allow
        decisions += sum(1 for _ in record.decisions())
    assert decisions == summary.decisions_total


@pytest.mark.parametrize("argv, field", [
    (["strategy-battle", "--engine", "batch", "--agents", "random,random"], "--engine batch"),
    ([GAME, "--engine", "batch", "--agents", "random,mcts:5"], "--agents"),
    ([GAME, "--engine", "batch", "--agents", "random,ismcts"], "ismcts"),
])
def test_what_the_batch_engine_cannot_play_is_refused_by_name(argv, field, capsys):
    assert main(["simulate", *argv, "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("palantir: ") and field in err and "Traceback" not in err


def test_an_unknown_engine_is_refused_by_the_runner():
    with pytest.raises(Exception, match="--engine"):
        run_simulation(GAME, {}, ["random", "random"], 2, 0, progress=False, engine="gpu")


def test_without_numba_the_batch_engine_is_refused_naming_the_extra(monkeypatch, capsys):
    # Numba is the optional extra palantir[batch]: without it, a clear refusal, no traceback.
    monkeypatch.setattr(jtm_batch, "numba", None)
    assert main(["simulate", GAME, "--engine", "batch", "--agents", "random,random",
                 "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "--engine batch" in err and "palantir[batch]" in err and "Traceback" not in err


def test_the_batch_engine_plays_on_local_processes_only():
    with pytest.raises(Exception, match="--engine batch.*--backend local"):
        run_simulation(GAME, {}, ["random", "random"], 2, 0, progress=False, engine="batch",
                       backend="ray")
