"""The `palantir` command: games, play and replay, with their errors (exit 2, no traceback)."""

import io
import json
from pathlib import Path

import pytest

import palantir
import palantir.engine.game as registry
from palantir.agents import make_agent
from palantir.analysis.profiles import profile_of
from palantir.cli import main
from palantir.engine.game import game_ids, get_game
from palantir.engine.match import play_match
from palantir.engine.record import GameRecord

GAME = get_game("journey-to-mordor")


@pytest.fixture(scope="module")
def good_record(tmp_path_factory):
    """A finished three-player game between random agents, saved to a file."""
    agents = [make_agent("random", GAME, seat, seed=seat) for seat in range(3)]
    _, record = play_match(GAME, {"players": 3}, agents, seed=21,
                           seat_names=["random", "random", "random"])
    path = tmp_path_factory.mktemp("records") / "good.json"
    record.save(path)
    return path


def corrupt(tmp_path, good_record, change) -> str:
    """A copy of the good record with `change(doc)` applied."""
    doc = json.loads(good_record.read_text(encoding="utf-8"))
    change(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def first_decision(doc) -> int:
    return next(i for i, e in enumerate(doc["events"]) if "action" in e)


def test_games_lists_each_game_with_players_and_options(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "journey-to-mordor  Journey to Mordor (1–4 players)" in out
    assert "    locations=true|false" in out
    assert "nazgul_squares=1..20 (default 6) [reconstructed]" in out


def test_play_reads_decisions_from_stdin_and_writes_the_record(monkeypatch, capsys, tmp_path):
    path = tmp_path / "played.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))
    assert main(["play", "journey-to-mordor", "--seats", "human,ai:random", "--seed", "4",
                 "--option", "locations=true", "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Result: " in out and "\x1b[" not in out  # captured output is not a terminal
    record = GameRecord.load(path)
    assert record.seed == 4 and record.options["locations"] is True
    assert main(["replay", str(path)]) == 0
    assert record.result["summary"] in capsys.readouterr().out


def test_play_without_a_seed_picks_one_and_says_which(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "journey-to-mordor", "--seats", "human,heuristic"]) == 0
    out = capsys.readouterr().out
    assert "; seed " in out.splitlines()[0] and "seed None" not in out
    assert "Game abandoned (quit)" in out


@pytest.mark.parametrize("argv, message", [
    (["--seats", "human,ai:bogus"], "seat 2 'ai:bogus'"),
    (["--seats", "human,ai:random", "--option", "players=3"],
     "option 'players': 3 given, but --seats names 2 seats"),
    (["--seats", "human,human,human,human,human"], "takes 1 to 4 players, but --seats names 5"),
    (["--option", "locations=maybe"], "option 'locations': expected true or false"),
    (["--option", "locations"], "--option 'locations': expected NAME=VALUE"),
])
def test_play_refuses_bad_seats_and_options_by_name(monkeypatch, capsys, argv, message):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "journey-to-mordor", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("palantir: ") and message in err
    assert "Traceback" not in err


def test_play_an_unknown_game(capsys):
    assert main(["play", "chess", "--seats", "human"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_replay_prints_the_final_table_and_the_result(capsys, good_record):
    assert main(["replay", str(good_record), "--no-color"]) == 0
    out = capsys.readouterr().out
    record = GameRecord.load(good_record)
    assert "Journey to Mordor · round" in out and "▶" not in out  # nobody is to move
    assert f"Result: {record.result['summary']}" in out
    assert f"Replayed {len(record.events)} events: the record fits the rules." in out
    assert "event " not in out


def test_replay_steps_narrates_every_decision(capsys, good_record):
    assert main(["replay", str(good_record), "--steps"]) == 0
    out = capsys.readouterr().out
    record = GameRecord.load(good_record)
    index, first = next(record.decisions())
    assert out.startswith("Start:\n    Round 1: Frodo's turn, at Bag End.\n")
    assert f"event {index}: seat 1 (random): {first['action']}\n    Set aside: " in out
    assert out.count("\nevent ") == len(list(record.decisions()))


@pytest.mark.parametrize("change, message", [
    (lambda doc: doc["events"].__setitem__(first_decision(doc),
                                           {"seat": 0, "action": "keep X"}),
     "illegal decision by seat 0: 'keep X': 'X' is not a die symbol"),
    (lambda doc: doc["events"].__setitem__(first_decision(doc),
                                           {"seat": 1, "action": "keep N"}),
     "but seat 0 is to move"),
    (lambda doc: doc["events"].__setitem__(0, {"die": "yellow", "face": "T"}),
     "'T' is not a face of die 'yellow'"),
    (lambda doc: doc["events"].__setitem__(3, {"die": "yellow", "face": "R", "extra": 1}),
     "event 3: a chance event has exactly the string fields 'die' and 'face'"),
    (lambda doc: doc["events"].append({"seat": 0, "action": "keep R"}),
     "after the game is over"),
    (lambda doc: doc.__setitem__("events", doc["events"][:-3]),
     "the rules roll more dice than the record holds"),
    (lambda doc: doc["result"].__setitem__("winners", [2, 1]), "the recorded result"),
    (lambda doc: doc.__setitem__("format", "other/9"), "field 'format'"),
    (lambda doc: doc["options"].__setitem__("players", 9), "field 'options'"),
])
def test_replay_of_a_corrupted_record_exits_2_naming_the_event(capsys, tmp_path, good_record,
                                                             change, message):
    path = corrupt(tmp_path, good_record, change)
    assert main(["replay", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith("palantir: ") and message in err
    assert "Traceback" not in err


def test_replay_of_a_corrupted_record_names_the_event_number(capsys, tmp_path, good_record):
    doc = json.loads(good_record.read_text(encoding="utf-8"))
    at = first_decision(doc)
    path = corrupt(tmp_path, good_record, lambda d: d["events"].__setitem__(
        at, {"seat": 0, "action": "advance 1"}))
    assert main(["replay", path]) == 2
    assert capsys.readouterr().err.startswith(f"palantir: event {at}: ")


def test_replay_of_a_file_that_is_not_a_record(capsys, tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not json at all", encoding="utf-8")
    assert main(["replay", str(text)]) == 2
    assert "not JSON" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


# ----- a fifth game: its own folder and one registry line ---------------------------------

class FifthGame(type(GAME)):
    """Journey to Mordor under another id, declaring a command and an analysis profile of
    its own, as a new game would (issue 11: a fifth game also touched engine/game.py,
    analysis/profiles.py and cli.py)."""

    id = "fifth"
    analysis_profile = {"sweep": [("players", [1, 2])], "games": 3}
    commands = {"echo": "tests.test_cli:echo_command"}


def echo_command(argv: list[str]) -> int:
    """The fifth game's own command: prints its arguments."""
    print("echo:", " ".join(argv))
    return 0 if argv else 2


@pytest.fixture
def fifth(monkeypatch):
    """The fifth game added to the registry with one line."""
    monkeypatch.setitem(registry.REGISTRY_PATHS, "fifth", "tests.test_cli:FifthGame")
    monkeypatch.delitem(registry._loaded, "fifth", raising=False)
    yield get_game("fifth")
    registry._loaded.pop("fifth", None)


def test_a_game_runs_its_own_command_and_analysis_from_its_declaration(fifth, capsys):
    assert main(["echo", "fifth", "one", "two"]) == 0
    assert capsys.readouterr().out == "echo: one two\n"
    assert main(["echo", "fifth"]) == 2
    assert profile_of("fifth")["games"] == 3
    assert main(["games"]) == 0
    assert "  command: palantir echo fifth --help" in capsys.readouterr().out


def test_a_command_the_game_does_not_declare_is_refused_naming_its_commands(fifth, capsys):
    assert main(["odds", "fifth", "fight"]) == 2
    assert "odds: the game 'fifth' has no such command (its own commands: echo)" in \
        capsys.readouterr().err
    assert main(["odds", "nowhere", "fight"]) == 2
    assert "'odds' is not a command of palantir" in capsys.readouterr().err


def test_the_cli_and_the_analysis_profiles_name_no_game():
    root = Path(palantir.__file__).parent
    for name in ("cli.py", "analysis/profiles.py", "engine/game.py"):
        text = (root / name).read_text(encoding="utf-8")
        if name == "engine/game.py":  # the registry's own lines
            text = text[:text.index("REGISTRY_PATHS")]
        assert [g for g in game_ids() if g in text] == [], name
