"""The registered game: the engine's registry, the command line (play, simulate, replay) and
the web table's API all reach `strategy-battle` through the engine's protocols."""

import io
import json

from fastapi.testclient import TestClient

from palantir.cli import main
from palantir.engine.game import game_ids, get_game
from palantir.engine.record import GameRecord
from palantir.server.app import create_app


def test_the_game_is_registered_with_its_terminal_and_svg_modules():
    assert "strategy-battle" in game_ids()
    game = get_game("strategy-battle")
    assert game.view_module("terminal").render_table and game.view_module("svg").render_svg


def test_palantir_play_in_the_terminal_against_the_heuristic_general(monkeypatch, capsys,
                                                                     tmp_path):
    path = tmp_path / "played.json"
    # a person who first asks for help, moves a bowman to a point, then takes the first
    # decision of every list
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nmove G3 to 12,8\n" + "1\n" * 600))
    assert main(["play", "strategy-battle", "--option", "scenario=intro", "--seats",
                 "human,ai:heuristic", "--seed", "3", "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Every verb:" in out and "back G1 12,9.5" in out    # the help, every verb
    assert "Good (human): move G3 " in out                     # the path found, as waypoints
    assert "Result: " in out
    record = GameRecord.load(path)
    assert record.result is not None and record.options["scenario"] == "intro"
    assert main(["replay", str(path), "--no-color"]) == 0
    replayed = capsys.readouterr().out
    assert record.result["summary"] in replayed and "fits the rules" in replayed


def test_palantir_simulate_plays_scenarios_between_agents(capsys, tmp_path):
    assert main(["simulate", "strategy-battle", "--games", "2", "--agents",
                 "heuristic,random", "--option", "scenario=intro", "--records",
                 str(tmp_path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["games"] == 2
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    assert main(["replay", str(files[0]), "--no-color"]) == 0


def test_the_web_table_creates_a_battle_takes_decisions_and_draws_the_svg(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'table.db'}")) as client:
        games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
        assert "strategy-battle" in games
        response = client.post("/api/tables", json={
            "game": "strategy-battle", "options": {"scenario": "intro"},
            "seats": ["human", "human"]})
        assert response.status_code == 201, response.text
        created = response.json()
        table_id = created["id"]
        good = {"X-Seat-Token": created["seats"][0]["token"]}
        evil = {"X-Seat-Token": created["seats"][1]["token"]}
        payload = client.get(f"/api/tables/{table_id}", headers=good).json()
        assert payload["your_turn"] and payload["seat_names"] == ["Good", "Evil"]
        assert payload["svg"].startswith("<svg") and 'data-model="G3"' in payload["svg"]
        assert "done" in {d["action"] for d in payload["legal"]}
        moved = client.post(f"/api/tables/{table_id}/decisions", headers=good,
                            json={"action": "move G3 to 12,8"})
        assert moved.status_code == 200, moved.text
        after = moved.json()
        g3 = next(m for m in after["view"]["models"] if m["id"] == "G3")
        assert (g3["x"], g3["y"]) == (12, 8) and g3["moved"]
        # an illegal decision names its rule and changes nothing
        refused = client.post(f"/api/tables/{table_id}/decisions", headers=good,
                              json={"action": "move G3 to 12,9"})
        assert refused.status_code == 409 and "Moving" in refused.json()["rule"]
        assert client.post(f"/api/tables/{table_id}/decisions", headers=good,
                           json={"action": "done"}).status_code == 200
        # now Evil moves: its own seat sees its turn and the table drawn
        payload = client.get(f"/api/tables/{table_id}", headers=evil).json()
        assert payload["your_turn"] and payload["view"]["acting"] == "evil"
        assert payload["svg"].count('class="model"') == len(payload["view"]["models"])
