"""Results as Parquet (issue 15, item 2): one row per game, typed columns, written as games
finish (a killed run keeps them), resumable to the file an uninterrupted run writes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import palantir
from palantir.analysis import run_analysis
from palantir.cli import main
from palantir.engine import GameRecord, get_game
from palantir.engine.game import Outcome
from palantir.sim import game_seed, run_simulation
from palantir.sim import results as results_module
from palantir.sim import runner
from palantir.sim.results import (Finished, ResultsError, RunCell, flat_details,
                                  results_table, run_header)

GAME = "journey-to-mordor"
GOLDEN = Path(__file__).parents[1] / "golden"


def simulate(path, games, **kwargs):
    args = dict(options={"players": 3}, agent_specs=["random", "heuristic", "random"],
                seed=11, progress=False)
    args.update(kwargs)
    return run_simulation(GAME, games=games, out=str(path), **args)


def header_of(path) -> dict:
    return json.loads(pq.read_schema(path).metadata[b"palantir"])


def test_one_row_per_game_with_the_facts_of_its_record(tmp_path):
    out, folder = tmp_path / "jtm.parquet", tmp_path / "records"
    summary = simulate(out, 12, records_dir=folder)
    rows = pq.read_table(out).to_pylist()
    assert [r["index"] for r in rows] == list(range(12))
    for row in rows:
        record = GameRecord.load(folder / runner.record_name(row["index"]))
        result = record.result
        assert row["seed"] == game_seed(11, row["index"]) == record.seed
        assert (row["game"], row["ruleset"], row["run_seed"]) == (GAME, "1", 11)
        assert (row["agent_0"], row["agent_1"], row["agent_2"]) == tuple(record.seats)
        assert row["winners"] == result["winners"]
        assert row["eliminated"] == result["eliminated"]
        assert (row["rounds"], row["summary"]) == (result["rounds"], result["summary"])
        assert row["decisions"] == sum(1 for _ in record.decisions())
        # The payoff is Outcome.returns: winners share 1.
        payoffs = [row[f"payoff_{s}"] for s in range(3)]
        assert payoffs == Outcome(tuple(row["winners"]), "").returns(3)
        assert json.loads(row["details"]) == result["details"]
        assert row["details.reached"] == result["details"]["reached"]
        assert row["details.unmarked"] == result["details"]["unmarked"]
        assert row["option.players"] == 3 and row["option.locations"] is False
        assert row["option.hobbits"] == record.options["hobbits"]
    assert summary.games == 12


def test_the_columns_are_typed(tmp_path):
    out = tmp_path / "jtm.parquet"
    simulate(out, 3)
    schema = pq.read_schema(out)
    types = {name: schema.field(name).type for name in schema.names}
    assert types["seed"] == types["rounds"] == types["option.players"] == pa.int64()
    assert types["option.locations"] == pa.bool_()
    assert types["option.hobbits"] == pa.list_(pa.string())
    assert types["payoff_0"] == pa.float64() and types["agent_2"] == pa.string()
    assert types["winners"] == types["details.unmarked"] == pa.list_(pa.int64())
    assert header_of(out)["cells"][0]["agents"] == ["random", "heuristic", "random"]


def test_duckdb_answers_a_query_that_agrees_with_the_summary(tmp_path):
    out = tmp_path / "jtm.parquet"
    summary = simulate(out, 30)
    won, rounds, everyone_out = duckdb.connect().execute(
        f"SELECT avg(payoff_1), avg(rounds), avg(CASE WHEN len(eliminated) = players "
        f"THEN 1 ELSE 0 END) FROM '{out}'").fetchone()
    doc = summary.to_json()
    assert won == pytest.approx(doc["win_rate"][1])
    assert rounds == pytest.approx(doc["rounds"]["mean"])
    assert everyone_out == pytest.approx(doc["everyone_eliminated_rate"])


def test_every_games_details_become_typed_columns_holding_their_values():
    """Each game's details (journey-to-mordor's phases/end.py, spi-sauron's phases/turn.py,
    lotr-board-game's rules.py; strategy-battle gives none): the finished golden games."""
    games_seen = set()
    for path in sorted(GOLDEN.glob("*.json")):
        record = GameRecord.load(path)
        if record.result is None:
            continue
        game = get_game(record.game)
        result = record.result
        outcome = Outcome(tuple(result["winners"]), result["summary"],
                          tuple(result["eliminated"]), result["rounds"],
                          result.get("details", {}))
        header = run_header("simulate", game, 0, 1,
                            [RunCell("default", record.options, tuple(record.seats))])
        table = results_table(game, header, [Finished(0, 0, record.seed, outcome, 1)])
        row = table.to_pylist()[0]
        for name, value in flat_details(outcome.details).items():
            assert row[name] == value, (path.name, name)
            assert table.schema.field(name).type != pa.string() or isinstance(value, str)
        games_seen.add(game.id)
    assert games_seen == {"journey-to-mordor", "spi-sauron", "lotr-board-game",
                          "strategy-battle"}
    spi = results_table(get_game("spi-sauron"), run_header(
        "simulate", get_game("spi-sauron"), 0, 1, [RunCell("default", {}, ("a", "b"))]), [
        Finished(0, 0, 1, Outcome((1,), "Westernesse Decisive", details={
            "victory_level": "Westernesse Decisive",
            "victory_points": {"sauron": 8, "westernesse": 56},
            "demoralized": {"sauron": True, "westernesse": False}}), 10)]).schema
    assert spi.field("details.victory_points.westernesse").type == pa.int64()
    assert spi.field("details.demoralized.sauron").type == pa.bool_()
    assert spi.field("details.victory_level").type == pa.string()


def test_a_detail_no_one_type_holds_is_kept_as_json_text():
    game = get_game(GAME)
    header = run_header("simulate", game, 0, 2, [RunCell("default", {}, ("a",))])
    rows = [Finished(0, i, i, Outcome((), "", details={"x": value, "y": float_or_int}), 1)
            for i, (value, float_or_int) in enumerate([("text", 1), (3, 2.5)])]
    table = results_table(game, header, rows)
    assert table.column("details.x").to_pylist() == ['"text"', "3"]
    assert table.column("details.y").type == pa.float64()
    assert table.column("details.y").to_pylist() == [1.0, 2.5]


def test_resume_plays_only_the_games_the_file_lacks_and_ends_as_one_run(tmp_path,
                                                                         monkeypatch):
    whole, resumed = tmp_path / "whole.parquet", tmp_path / "resumed.parquet"
    uninterrupted = simulate(whole, 30)
    simulate(resumed, 12)
    played = []
    real = runner.play_one

    def counted(game, options, specs, seed, index, folder):
        played.append(index)
        return real(game, options, specs, seed, index, folder)

    monkeypatch.setattr(runner, "play_one", counted)
    summary = simulate(resumed, 30, resume=True)
    assert played == list(range(12, 30))
    assert pq.read_table(resumed).equals(pq.read_table(whole), check_metadata=True)
    timing = ("wall_seconds", "games_per_second")
    assert {k: v for k, v in summary.to_json().items() if k not in timing} == \
        {k: v for k, v in uninterrupted.to_json().items() if k not in timing}


def test_a_failing_run_keeps_the_games_that_finished(tmp_path, monkeypatch):
    real = runner.play_match

    def fourth_game_fails(game, options, agents, seed, **kwargs):
        if seed == game_seed(11, 3):
            raise KeyboardInterrupt
        return real(game, options, agents, seed, **kwargs)

    out = tmp_path / "jtm.parquet"
    monkeypatch.setattr(runner, "play_match", fourth_game_fails)
    with pytest.raises(KeyboardInterrupt):
        simulate(out, 10)
    assert pq.read_table(out).column("index").to_pylist() == [0, 1, 2]


def test_a_killed_run_leaves_a_readable_file_that_resumes_to_an_uninterrupted_ones(tmp_path):
    out = tmp_path / "killed.parquet"
    argv = [sys.executable, "-m", "palantir.cli", "simulate", GAME, "--games", "100000",
            "--agents", "random,random", "--seed", "4", "--out", str(out)]
    env = dict(os.environ, PYTHONPATH=str(Path(palantir.__file__).parents[1]))
    process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        # Two flushes: the first game's, and the next one a second later.
        while not (out.exists() and pq.read_metadata(out).num_rows >= 2):
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.02)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == -signal.SIGKILL
    kept = pq.ParquetFile(out)
    assert kept.metadata.num_row_groups >= 2
    indices = kept.read().column("index").to_pylist()
    assert indices == list(range(len(indices)))
    games = len(indices) + 5
    resumed = run_simulation(GAME, {}, ["random", "random"], games, 4, out=str(out),
                             resume=True, progress=False)
    reference = tmp_path / "reference.parquet"
    run_simulation(GAME, {}, ["random", "random"], games, 4, out=str(reference),
                   progress=False)
    assert resumed.games == games
    assert pq.read_table(out).equals(pq.read_table(reference), check_metadata=True)


def test_two_workers_write_the_file_one_worker_writes(tmp_path):
    one, two = tmp_path / "one.parquet", tmp_path / "two.parquet"
    simulate(one, 24, workers=1)
    simulate(two, 24, workers=2)
    assert pq.read_table(one).equals(pq.read_table(two), check_metadata=True)


def test_analyze_writes_every_cell_and_resumes(tmp_path):
    whole, resumed = tmp_path / "whole.parquet", tmp_path / "resumed.parquet"
    args = dict(sweep_texts=["players=1..3"], agents=["random"], seed=7, progress=False)
    uninterrupted = run_analysis(GAME, games=4, out=str(whole), **args)
    table = pq.read_table(whole)
    assert table.num_rows == 12
    assert table.column("setting").to_pylist() == \
        [f"players={p}" for p in (1, 2, 3) for _ in range(4)]
    assert table.column("agent_2").to_pylist() == [None] * 8 + ["random"] * 4
    assert table.column("option.players").to_pylist() == [p for p in (1, 2, 3)
                                                          for _ in range(4)]
    # Common random numbers: every cell's game i has the same seed.
    assert table.column("seed").to_pylist() == [game_seed(7, i) for i in range(4)] * 3
    run_analysis(GAME, games=2, out=str(resumed), **args)
    again = run_analysis(GAME, games=4, out=str(resumed), resume=True, **args)
    assert pq.read_table(resumed).equals(table, check_metadata=True)
    assert again.to_json()["cells"] == uninterrupted.to_json()["cells"]


def test_the_commands_announce_the_file(tmp_path, capsys):
    out = tmp_path / "jtm.parquet"
    assert main(["simulate", GAME, "--games", "3", "--agents", "random,random",
                 "--out", str(out)]) == 0
    assert f"results: 3 games in {out}" in capsys.readouterr().out
    out = tmp_path / "sweep.parquet"
    assert main(["analyze", GAME, "--sweep", "players=1,2", "--agents", "random",
                 "--games", "2", "--out", str(out)]) == 0
    assert f"results: 4 games in {out}" in capsys.readouterr().out


def refusal(capsys, *argv: str) -> str:
    assert main(list(argv)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    return err


@pytest.mark.parametrize("command", ["simulate", "analyze"])
def test_without_pyarrow_out_is_refused_naming_the_extra(tmp_path, capsys, monkeypatch,
                                                        command):
    monkeypatch.setattr(results_module, "pa", None)
    err = refusal(capsys, command, GAME, "--games", "2", "--agents", "random",
                  "--option", "players=1", "--out", str(tmp_path / "x.parquet"))
    assert "--out" in err and "pyarrow" in err and "palantir[parquet]" in err
    assert not (tmp_path / "x.parquet").exists()


def test_a_file_that_is_not_palantir_results_is_refused(tmp_path, capsys):
    base = ["simulate", GAME, "--games", "2", "--agents", "random,random", "--resume"]
    text = tmp_path / "text.parquet"
    text.write_text("not parquet")
    assert "is not a Parquet file" in refusal(capsys, *base, "--out", str(text))
    plain = tmp_path / "plain.parquet"
    pq.write_table(pa.table({"seed": [1, 2]}), plain)
    err = refusal(capsys, *base, "--out", str(plain))
    assert "--resume" in err and "not a palantir results file" in err
    assert pq.read_table(plain).num_rows == 2  # left as it was


@pytest.mark.parametrize("change, field", [
    (["--seed", "12"], "its seed is 11, this run's is 12"),
    (["--option", "locations=true"], "its option locations is false, this run's is true"),
    (["--agents", "random,random"], "its agents are"),
])
def test_resuming_another_run_is_refused_naming_the_difference(tmp_path, capsys, change,
                                                               field):
    out = tmp_path / "jtm.parquet"
    simulate(out, 2)
    argv = ["simulate", GAME, "--games", "3", "--agents", "random,heuristic,random",
            "--seed", "11", "--out", str(out), "--resume"]
    for flag, value in zip(change[::2], change[1::2]):
        if flag in argv:
            argv[argv.index(flag) + 1] = value
        else:
            argv += [flag, value]
    assert field in refusal(capsys, *argv)
    assert pq.read_table(out).num_rows == 2


def test_an_existing_file_is_kept_unless_resumed(tmp_path, capsys):
    out = tmp_path / "jtm.parquet"
    simulate(out, 2)
    err = refusal(capsys, "simulate", GAME, "--games", "2", "--agents", "random,random",
                  "--out", str(out))
    assert "--out" in err and "--resume" in err
    assert pq.read_table(out).num_rows == 2


def test_more_games_in_the_file_than_asked_is_refused(tmp_path, capsys):
    out = tmp_path / "jtm.parquet"
    simulate(out, 4)
    with pytest.raises(ResultsError, match=r"game 4, beyond --games 2; give --games 4"):
        simulate(out, 2, resume=True)


@pytest.mark.parametrize("argv, field", [
    (["--out", "results.csv"], "--out 'results.csv': expected a file name ending in .parquet"),
    (["--resume"], "--resume: continues a results file"),
    (["--out", "x.parquet", "--seed", str(2 ** 63)], "--seed"),
])
def test_bad_results_options_are_one_line_naming_them(tmp_path, capsys, argv, field,
                                                     monkeypatch):
    monkeypatch.chdir(tmp_path)
    for command in ("simulate", "analyze"):
        err = refusal(capsys, command, GAME, "--games", "2", "--agents", "random",
                      "--option", "players=1", *argv)
        assert field in err
    assert not (tmp_path / "x.parquet").exists()


def test_a_board_game_run_writes_its_details_as_typed_columns(tmp_path):
    """lotr-board-game's rules.py `finish`: score, the board, hobbits, fellowship_won."""
    out, folder = tmp_path / "lotr.parquet", tmp_path / "records"
    run_simulation("lotr-board-game", {}, ["heuristic", "heuristic"], 1, 3, out=str(out),
                   records_dir=folder, progress=False)
    table = pq.read_table(out)
    result = GameRecord.load(folder / runner.record_name(0)).result
    row = table.to_pylist()[0]
    for name, kind in (("details.score", pa.int64()), ("details.board", pa.string()),
                       ("details.hobbits", pa.int64()), ("details.fellowship_won", pa.bool_())):
        assert table.schema.field(name).type == kind
        assert row[name] == result["details"][name.removeprefix("details.")]
    assert table.schema.field("option.difficulty").type == pa.string()
    assert row["option.difficulty"] == "normal"


def test_a_flush_whose_games_bring_a_new_detail_or_type_rewrites_every_row_group(tmp_path):
    """lotr-board-game's `sauron_seat` is in some outcomes only; a number may be whole in
    one flush and not in the next: the file's columns are those of all its games."""
    game = get_game(GAME)
    header = run_header("simulate", game, 0, 3, [RunCell("default", {}, ("a",))])
    path = tmp_path / "x.parquet"
    results = results_module.ResultsFile(path, game, header)
    for index, details in enumerate([{"x": 1}, {"x": 2, "y": "new"}, {"x": 0.5}]):
        results.pending.append(Finished(0, index, index, Outcome((), "", details=details), 1))
        results.flush()
        kept = pq.ParquetFile(path)
        assert kept.metadata.num_row_groups == index + 1
    table = kept.read()
    assert table.column("details.x").type == pa.float64()
    assert table.column("details.x").to_pylist() == [1.0, 2.0, 0.5]
    assert table.column("details.y").to_pylist() == [None, "new", None]
