"""`palantir simulate`: the table, --json on stdout alone, and one-line errors with exit 2."""

from __future__ import annotations

import json

import pytest

from palantir.cli import main

GAME = "journey-to-mordor"


def simulate(*extra: str) -> list[str]:
    return ["simulate", GAME, "--games", "4", "--seed", "5", *extra]


def test_json_prints_exactly_one_object_with_per_seat_lists(capsys):
    assert main(simulate("--agents", "random,random,random", "--json")) == 0
    out, err = capsys.readouterr()
    doc = json.loads(out)  # fails if anything else shares stdout
    assert out.count("\n") == 1
    assert err == ""  # no progress bar when --json goes to a non-terminal
    for key in ("game", "games", "agents", "win_rate", "no_winner_rate", "elimination_rate",
                "everyone_eliminated_rate", "rounds", "decisions_per_game", "wall_seconds",
                "games_per_second"):
        assert key in doc
    assert doc["games"] == 4 and doc["players"] == 3
    for key in ("agents", "win_rate", "wins", "elimination_rate"):
        assert len(doc[key]) == 3
    assert set(doc["rounds"]) == {"mean", "min", "max"}


def test_the_table_goes_to_stdout_and_the_progress_bar_to_stderr(capsys):
    assert main(simulate("--agents", "random,random")) == 0
    out, err = capsys.readouterr()
    assert "win rate" in out and "everyone eliminated" in out and "rounds per game" in out
    assert "game/s" not in out
    assert "/4 [" in err and "game/s" in err


def test_records_are_announced_and_written(tmp_path, capsys):
    assert main(simulate("--agents", "random,random", "--records", str(tmp_path))) == 0
    out, _ = capsys.readouterr()
    assert len(list(tmp_path.glob("game-*.json"))) == 4
    assert str(tmp_path) in out


@pytest.mark.parametrize("extra, field", [
    (["--agents", "random,bogus"], "bogus"),
    (["--agents", "random,heuristic:9"], "heuristic:9"),
    (["--agents", "random,,random"], "--agents"),
    (["--agents", "random,random,random", "--option", "players=4"], "--agents"),
    (["--agents", "random,random,random,random,random"], "--agents"),
    (["--agents", "random,random", "--option", "locations=maybe"], "locations"),
    (["--agents", "random,random", "--option", "dragons=2"], "dragons"),
    (["--agents", "random,random", "--option", "oops"], "--option"),
    (["--agents", "random,random", "--games", "0"], "--games"),
    (["--agents", "random,random", "--workers", "0"], "--workers"),
])
def test_bad_input_is_one_line_naming_the_field_with_exit_2(capsys, extra, field):
    assert main(simulate(*extra)) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("palantir: ") and err.count("\n") == 1
    assert field in err


def test_an_unwritable_records_folder_is_refused_before_playing(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert main(simulate("--agents", "random,random", "--records", str(blocker / "sub"))) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("palantir: --records") and err.count("\n") == 1
