"""palantir analyze: reproducible cells, the JSON shape, the PNG, the errors (exit 2)."""

import json

import pytest

from palantir.analysis import AnalysisError, run_analysis
from palantir.analysis import sweep
from palantir.analysis.profiles import seat_label
from palantir.cli import main
from palantir.sim import run_simulation

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def small(**kwargs):
    """Three settings of Journey to Mordor with random agents, a few games each."""
    args = dict(sweep_texts=["players=1..3"], agents=["random"], games=4, seed=7,
                progress=False)
    args.update(kwargs)
    return run_analysis("journey-to-mordor", **args)


@pytest.fixture(scope="module")
def one_worker():
    return small(workers=1)


def without_run(doc):
    return {k: v for k, v in doc.items() if k != "run"}


def test_results_are_identical_for_any_number_of_workers(one_worker):
    two = small(workers=2)
    assert without_run(two.to_json()) == without_run(one_worker.to_json())
    assert two.workers == 2


def test_a_cell_gives_what_palantir_simulate_gives_for_its_options_and_seed(one_worker):
    cell = one_worker.cells[2]
    summary = run_simulation("journey-to-mordor", {"players": 3}, ["random"] * 3, 4, 7,
                             progress=False)
    assert cell.win_rate() == summary.win_rate
    assert cell.numeric("rounds")["mean"] == summary.to_json()["rounds"]["mean"]


def test_the_json_shape(one_worker):
    doc = json.loads(json.dumps(one_worker.to_json()))
    assert doc["game"] == "journey-to-mordor" and doc["seed"] == 7 and doc["games"] == 4
    assert doc["sweeps"] == [{"option": "players", "values": [1, 2, 3]}]
    assert doc["measures"] == {"Ring-bearers at Mount Doom": "numeric"}
    assert [c["setting"] for c in doc["cells"]] == [{"players": p} for p in (1, 2, 3)]
    for players, cell in zip((1, 2, 3), doc["cells"]):
        assert cell["agents"] == ["random"] * players
        assert cell["options"]["players"] == players
        assert cell["games"] == 4 and cell["failed"] == []
        assert len(cell["win_rate"]) == players == len(cell["elimination_rate"])
        assert sum(cell["win_rate"]) + cell["no_winner_rate"] == pytest.approx(1.0)
        assert set(cell["rounds"]) == {"n", "mean", "sd", "sem", "min", "max"}
        reached = cell["numeric"]["Ring-bearers at Mount Doom"]
        assert reached["n"] == 4 and 0 <= reached["mean"] <= players
    assert set(doc["run"]) == {"workers", "backend", "wall_seconds"}
    assert doc["run"]["backend"] == "local"


def test_categorical_details_are_counted_per_cell():
    lotr = run_analysis("lotr-board-game", ["difficulty=easy,hard"], ["random"], 2, 1,
                        progress=False)
    doc = lotr.to_json()
    assert doc["measures"]["board"] == "categorical"
    assert "hobbits" not in doc["measures"]  # hidden by the profile: it repeats players
    for cell in doc["cells"]:
        assert sum(cell["categorical"]["board"].values()) == 2
        assert cell["numeric"]["score"]["n"] == 2


def test_the_plot_is_a_png_file(one_worker, tmp_path):
    from palantir.analysis.plots import plot_analysis
    target = tmp_path / "sweep.png"
    plot_analysis(one_worker, target)
    data = target.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    assert 5_000 < len(data) < 200_000


def test_the_command_prints_a_table_per_cell_and_writes_the_plot(tmp_path, capsys):
    target = tmp_path / "out.png"
    code = main(["analyze", "journey-to-mordor", "--sweep", "players=2,4", "--games", "3",
                 "--agents", "random", "--plot", str(target)])
    out = capsys.readouterr().out
    assert code == 0
    assert "players=2   agents random,random   3 games" in out
    assert "players=4   agents random,random,random,random   3 games" in out
    assert target.read_bytes()[:8] == PNG_SIGNATURE


def test_the_command_prints_json(capsys):
    code = main(["analyze", "journey-to-mordor", "--sweep", "locations=true,false",
                 "--option", "players=3", "--games", "2", "--agents", "random,heuristic",
                 "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0
    assert [c["setting"] for c in doc["cells"]] == [{"locations": True}, {"locations": False}]
    # The seats follow the options; the agents list is fitted to them.
    for cell in doc["cells"]:
        assert cell["options"]["players"] == 3
        assert cell["agents"] == ["random", "random", "heuristic"]


def test_the_agents_list_fits_the_sauron_seat_whatever_the_hobbits():
    lotr = run_analysis("lotr-board-game", ["players=2,3"], ["random", "heuristic"], 1, 0,
                        fixed={"expansion": "sauron"}, progress=False)
    assert [c.agents for c in lotr.cells] == [["random", "random", "heuristic"],
                                              ["random", "random", "random", "heuristic"]]


@pytest.mark.parametrize("argv, message", [
    (["analyze", "no-such-game"], "unknown game 'no-such-game'"),
    (["analyze", "journey-to-mordor", "--sweep", "speed=1..2"],
     "--sweep speed: journey-to-mordor has no such option"),
    (["analyze", "journey-to-mordor", "--sweep", "players=3..1"],
     "--sweep players: empty range 3..1"),
    (["analyze", "journey-to-mordor", "--sweep", "players=0..2"],
     "--sweep players: 0 is below the minimum 1"),
    (["analyze", "journey-to-mordor", "--games", "0"], "--games: expected a whole number"),
    (["analyze", "journey-to-mordor", "--workers", "0"], "--workers: expected a whole number"),
    (["analyze", "journey-to-mordor", "--agents", "wizard"], "unknown agent 'wizard'"),
    (["analyze", "journey-to-mordor", "--option", "speed=2"],
     "--option speed: journey-to-mordor has no such option"),
    (["analyze", "journey-to-mordor", "--plot", "out.jpg"], "--plot 'out.jpg': expected"),
    (["analyze", "journey-to-mordor", "--sweep", "agents=random", "--agents", "random"],
     "--agents: the agents are also swept"),
])
def test_bad_input_is_one_line_naming_the_field_and_exit_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def failing_second_game(real):
    """play_game, except that game 2 of every cell is refused as a broken game would be."""
    def play(game, options, specs, seed, index):
        if index == 1:
            raise AnalysisError(f"game 2 (seed {seed}): 'move x': not legal (7.57)")
        return real(game, options, specs, seed, index)
    return play


def test_a_failed_game_stops_the_analysis_naming_its_cell(monkeypatch):
    monkeypatch.setattr(sweep, "play_game", failing_second_game(sweep.play_game))
    with pytest.raises(AnalysisError, match=r"^cell players=1: game 2 .*\(7\.57\)"):
        small(workers=1)


def test_keep_going_leaves_a_failed_game_out_and_lists_it(monkeypatch):
    monkeypatch.setattr(sweep, "play_game", failing_second_game(sweep.play_game))
    analysis = small(workers=1, keep_going=True)
    for cell in analysis.to_json()["cells"]:
        assert cell["games"] == 3
        assert [f["index"] for f in cell["failed"]] == [1]
        assert cell["rounds"]["n"] == 3
    assert "1 game left out, first: game 2 (seed 7): 'move x'" in analysis.table()


def test_each_seat_is_named_by_its_side_with_the_95_percent_interval_of_its_win_rate(
        one_worker):
    # A designer reads "seat 0 Sauron 9.0% (4.8%–16.2%)", not a bare seat number and rate.
    assert sweep.wilson(9, 100) == pytest.approx((0.0480, 0.1621), abs=5e-4)
    assert sweep.wilson(0, 20)[0] == 0.0 and sweep.wilson(20, 20)[1] == 1.0
    assert seat_label("spi-sauron", 0) == "seat 0 Sauron"
    assert seat_label("strategy-battle", 1) == "seat 1 Evil"
    assert seat_label("journey-to-mordor", 2) == "seat 2"          # no sides: the number
    cell = one_worker.cells[1]
    low, high = cell.win_interval(0)
    assert low <= cell.win_rate()[0] <= high
    line = next(t for t in one_worker.table().splitlines() if "win rate" in t
                and "seat 1" in t)
    assert f"seat 0 {cell.win_rate()[0] * 100:.1f}% ({low * 100:.1f}%–{high * 100:.1f}%)" \
        in line, line
