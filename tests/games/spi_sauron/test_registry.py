"""The registered game: the engine's registry, the command line (play, simulate, replay) and
the web table's API all reach `spi-sauron` through the engine's protocols."""

import io
import json

from fastapi.testclient import TestClient

from palantir.cli import main
from palantir.engine.game import game_ids, get_game
from palantir.engine.record import GameRecord
from palantir.server.app import create_app


def test_the_game_is_registered_with_its_terminal_and_svg_modules():
    assert "spi-sauron" in game_ids()
    game = get_game("spi-sauron")
    assert game.view_module("terminal").render_table and game.view_module("svg").render_svg


def test_palantir_play_in_the_terminal_against_the_heuristic_general(monkeypatch, capsys,
                                                                     tmp_path):
    path = tmp_path / "played.json"
    # Sauron's player asks for help, then tries to end every phase; when `end` is refused
    # (an attack is owed, 7.31) the next answer takes the first listed decision.
    monkeypatch.setattr("sys.stdin", io.StringIO("help\n" + "end\n1\n" * 2000))
    assert main(["play", "spi-sauron", "--seats", "human,ai:heuristic", "--seed", "3",
                 "--record", str(path), "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "Turn 1: Forces of Sauron Movement Phase" in out
    assert "move 1108-1208-1209" in out                 # the help shows the notation
    assert "Result: " in out
    record = GameRecord.load(path)
    assert record.result is not None and record.game == "spi-sauron"
    assert main(["replay", str(path), "--no-color"]) == 0
    replayed = capsys.readouterr().out
    assert record.result["summary"] in replayed and "fits the rules" in replayed


def test_palantir_simulate_gives_the_distribution_of_victory_levels(capsys, tmp_path):
    assert main(["simulate", "spi-sauron", "--games", "1", "--agents", "heuristic,heuristic",
                 "--records", str(tmp_path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["games"] == 1
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 1
    levels = {GameRecord.load(f).result["summary"] for f in files}
    assert levels <= {"Westernesse Decisive", "Westernesse Tactical", "Sauron Tactical",
                      "Sauron Decisive", "Draw"}
    assert main(["replay", str(files[0]), "--no-color"]) == 0
    assert "fits the rules" in capsys.readouterr().out


def test_the_web_table_creates_a_battle_takes_decisions_and_draws_the_svg_map(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'table.db'}")) as client:
        games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
        assert "spi-sauron" in games
        response = client.post("/api/tables", json={
            "game": "spi-sauron", "options": {}, "seats": ["human", "human"]})
        assert response.status_code == 201, response.text
        created = response.json()
        table_id = created["id"]
        sauron = {"X-Seat-Token": created["seats"][0]["token"]}
        west = {"X-Seat-Token": created["seats"][1]["token"]}
        payload = client.get(f"/api/tables/{table_id}", headers=sauron).json()
        assert payload["your_turn"] and payload["seat_names"] == ["Sauron", "Westernesse"]
        assert payload["svg"].startswith("<svg") and "<polygon" in payload["svg"]
        legal = {d["action"] for d in payload["legal"]}
        assert "end" in legal and "move 1221-1220" in legal
        moved = client.post(f"/api/tables/{table_id}/decisions", headers=sauron,
                            json={"action": "move 1221-1220"})
        assert moved.status_code == 200, moved.text
        after = moved.json()
        assert any(u["hex"] == "1220" for u in after["view"]["units"])
        # an illegal decision names its rule and changes nothing (4.24: one move a phase)
        refused = client.post(f"/api/tables/{table_id}/decisions", headers=sauron,
                              json={"action": "move 1220-1219"})
        assert refused.status_code == 409 and refused.json()["rule"] == "4.24"
        # Westernesse may not decide in Sauron's phase
        assert client.post(f"/api/tables/{table_id}/decisions", headers=west,
                           json={"action": "end"}).status_code != 200
        assert client.post(f"/api/tables/{table_id}/decisions", headers=sauron,
                           json={"action": "end"}).status_code == 200
        payload = client.get(f"/api/tables/{table_id}", headers=west).json()
        assert payload["your_turn"] and payload["view"]["phase"] == "westernesse-movement"
        assert payload["svg"].count("<use href=\"#h\"") > 700    # every hex of the sheet
