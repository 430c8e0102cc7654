"""A table started from an uploaded position (POST /api/positions, docs/positions.md): it
plays on from there, keeps a record that starts there, survives a restart, and refuses a
malformed, huge, deep or lying position with a 422 (413 for size) naming the field —
never a 500. Before this a web table could only start at a game's set-up."""

from __future__ import annotations

import copy
import json
import random

import pytest
from fastapi.testclient import TestClient

from palantir.engine.dice import SeededDice
from palantir.engine.game import get_game
from palantir.engine.position import load_position, position_document
from palantir.engine.record import GameRecord, replay
from palantir.server.app import create_app
from palantir.server.hardening import MAX_POSITION_DEPTH

from tests.support.games import random_walk
from tests.support.positions import mutated, sbg

BOARD = get_game("lotr-board-game")


def plain(data):
    """Data as JSON gives it back."""
    return json.loads(json.dumps(data))


def board_position(decisions: int = 40, seed: int = 2) -> tuple[object, dict]:
    """A three-hobbit board game some decisions in, and its full position (hands hidden)."""
    state = next(s for t, s in random_walk(BOARD, {"players": 3}, seed, 400)
                 if t == decisions)
    return state, plain(position_document(BOARD, state))


def post(client, position, seats=("human", "human", "human")):
    """Create a table from `position`; the response."""
    return client.post("/api/positions", json={"position": position, "seats": list(seats)})


def test_a_table_starts_from_an_uploaded_position_and_plays_on(client):
    state, document = board_position()
    response = post(client, document)
    assert response.status_code == 201, response.text
    created = response.json()
    table_id = created["id"]
    for seat in range(3):
        headers = {"X-Seat-Token": created["seats"][seat]["token"]}
        seen = client.get(f"/api/tables/{table_id}", headers=headers).json()
        assert seen["view"] == plain(state.view(seat)), f"seat {seat} sees another table"
    spectator = client.get(f"/api/tables/{table_id}").json()
    assert spectator["view"] == plain(state.view(None))
    assert "hidden" not in json.dumps(spectator["view"])
    mover = spectator["to_move"]
    headers = {"X-Seat-Token": created["seats"][mover]["token"]}
    mine = client.get(f"/api/tables/{table_id}", headers=headers).json()
    action = mine["legal"][0]["action"]
    decided = client.post(f"/api/tables/{table_id}/decisions", headers=headers,
                          json={"action": action})
    assert decided.status_code == 200, decided.text
    # While the game goes on a seat's record holds its own position only.
    excerpt = client.get(f"/api/tables/{table_id}/record", headers=headers).json()
    assert excerpt["position"]["full"] is False and excerpt["position"]["for"] == mover
    assert "hidden" not in excerpt["position"]["position"]
    # The table's own record starts from the position and replays to where it stands.
    table = client.app.state.lobby.get(table_id)
    assert table.record.position == document
    replayed = replay(GameRecord.from_json(json.loads(table.record.dumps())))
    assert replayed.view(None) == table.state.view(None)
    history = client.get(f"/api/tables/{table_id}/history?from=0&count=2").json()
    assert history["frames"][0]["view"] == plain(state.view(None))


def test_a_table_from_a_position_is_rebuilt_from_storage(database_url):
    state, document = board_position(60, seed=3)
    with TestClient(create_app(database_url, create_rate=0)) as first:
        created = post(first, document).json()
    with TestClient(create_app(database_url, create_rate=0)) as again:
        table = again.app.state.lobby.get(created["id"])
        assert table.record.position == document
        headers = {"X-Seat-Token": created["seats"][0]["token"]}
        seen = again.get(f"/api/tables/{created['id']}", headers=headers).json()
        assert seen["view"] == plain(state.view(0)), "seat 0 sees another table"


def malformed_cases(document: dict) -> list[tuple[str, dict | object]]:
    """(field of the request the 422 must name, position) pairs."""
    body = document["position"]
    key = next(k for k, v in body.items() if isinstance(v, int) and not isinstance(v, bool))
    return [
        ("position.format", {**document, "format": "palantir-position/9"}),
        ("position.game", {**document, "game": "chess"}),
        ("position.ruleset", {**document, "ruleset": "0"}),
        ("position.options", {**document, "options": {"players": 77}}),
        ("position.for", {**document, "for": 1}),
        ("position.full", {**document, "full": False, "for": 0}),
        ("position.full", {**document, "full": False, "for": None}),
        ("position.surplus", {**document, "surplus": True}),
        (f"position.position.{key}", {**document, "position": {**body, key: "many"}}),
        ("position.position.hidden", {**document, "position": {
            k: v for k, v in body.items() if k != "hidden"}}),
        # hidden cards that are not the cards left unseen: the position lies
        ("position.position.hidden.deck", {**document, "position": {**body, "hidden": {
            **body["hidden"], "deck": {**body["hidden"]["deck"], "white-joker": 50}}}}),
        # not an object at all: the request's shape, refused before the lobby
        ("body.position", []),
        ("body.position", "a position"),
    ]


def test_a_malformed_position_is_refused_naming_the_field(client):
    _, document = board_position()
    for field, position in malformed_cases(document):
        response = post(client, position)
        assert response.status_code == 422, (field, response.text)
        answer = response.json()
        assert answer["field"].startswith(field), (field, answer)
        assert answer["error"]
    response = post(client, document, ["human"])
    assert response.status_code == 422 and response.json()["field"] == "seats"
    assert client.get("/api/tables?source=play").json()["tables"] == []


def test_a_huge_deep_or_surrogate_position_is_refused(client):
    _, document = board_position()
    huge = {**document, "position": {**document["position"], "padding": ["x" * 1000] * 300}}
    response = post(client, huge)
    assert response.status_code == 413 and response.json()["field"] == "position"
    over = client.post("/api/positions", content=b'{"position": "' + b"x" * (3 << 20) + b'"}',
                       headers={"Content-Type": "application/json"})
    assert over.status_code == 413
    deep: object = 1
    for _ in range(MAX_POSITION_DEPTH + 5):
        deep = [deep]
    response = post(client, {**document, "position": {**document["position"], "tiles": deep}})
    assert response.status_code == 422
    assert response.json()["field"].startswith("position.position.tiles[0]")
    deeper = b'{"position": ' + b"[" * 100_000 + b"]" * 100_000 + b', "seats": ["human"]}'
    response = client.post("/api/positions", content=deeper,
                           headers={"Content-Type": "application/json"})
    assert response.status_code in (400, 422), response.text
    text = json.dumps({"position": document, "seats": ["human"] * 3})
    name = next(k for k, v in document["position"].items()
                if isinstance(v, str) and k not in document and f'"{k}"' not in
                json.dumps(document["options"]))
    given = json.dumps(document["position"][name])
    surrogate = text.replace(f'"{name}": {given}', f'"{name}": "\\ud800"', 1)
    assert surrogate != text
    response = client.post("/api/positions", content=surrogate.encode(),
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 422
    assert response.json()["field"] == f"position.position.{name}"


def test_options_naming_files_are_refused_in_a_position(client):
    game = get_game("spi-sauron")
    document = plain(position_document(game, game.new_state({}, SeededDice(0))))
    document["options"]["overrides"] = ["/etc/passwd"]
    response = post(client, document, ["human", "human"])
    assert response.status_code == 422
    assert response.json()["field"] == "position.options.overrides"
    assert "passwd" not in response.text


def test_a_position_the_rules_cannot_play_on_is_refused_not_a_500(client):
    # A piece on a hex the map lacks loaded and read back the same, then broke the first
    # decision with a KeyError: the web table would have answered 500.
    game = get_game("spi-sauron")
    document = plain(position_document(game, game.new_state({}, SeededDice(1))))
    document["position"]["units"][0]["hex"] = "9999"
    response = post(client, document, ["human", "human"])
    assert response.status_code == 422
    assert response.json()["field"] == "position.position.units[0].hex"


@pytest.mark.parametrize("game_id", ["journey-to-mordor", "spi-sauron", "lotr-board-game",
                                     "strategy-battle"])
def test_mutated_positions_are_refused_or_played_never_a_500(sqlite_client, game_id):
    game = get_game(game_id)
    states = [s for t, s in random_walk(game, {}, 4, 200) if t in (0, 30, 90)]
    documents = [plain(position_document(game, s)) for s in states]
    rng = random.Random(game_id)
    refused = opened = 0
    for _ in range(30):
        document = mutated(rng.choice(documents), rng)
        players = game.players_of(game.validate_options(document["options"]))
        response = post(sqlite_client, document, ["human"] * players)
        assert response.status_code in (201, 422), response.text
        if response.status_code == 422:
            assert response.json()["field"].startswith("position"), response.text
            refused += 1
            continue
        opened += 1
        created = response.json()
        for seat in [*range(players), None]:
            headers = {} if seat is None else \
                {"X-Seat-Token": created["seats"][seat]["token"]}
            seen = sqlite_client.get(f"/api/tables/{created['id']}", headers=headers)
            assert seen.status_code == 200, seen.text
            if seen.json()["your_turn"]:
                action = seen.json()["legal"][0]["action"]
                decided = sqlite_client.post(f"/api/tables/{created['id']}/decisions",
                                             headers=headers, json={"action": action})
                assert decided.status_code in (200, 409), decided.text
    assert refused > 0


def test_a_seats_position_is_refused_at_the_web_table(client):
    state, _ = board_position()
    seats_own = plain(position_document(BOARD, state, 1))
    assert load_position(seats_own, SeededDice(0))  # the command line accepts it
    response = post(client, seats_own)
    assert response.status_code == 422 and response.json()["field"] == "position.full"


def test_a_record_from_a_position_can_be_uploaded_and_watched_and_a_bad_one_is_refused(
        client):
    state, document = board_position()
    created = post(client, document, ["heuristic", "heuristic", "heuristic"]).json()
    lobby = client.app.state.lobby
    table = lobby.get(created["id"])
    record = table.record.to_json()
    uploaded = client.post("/api/records", json=record)
    assert uploaded.status_code == 201, uploaded.text
    history = client.get(f"/api/tables/{uploaded.json()['id']}/history?from=0").json()
    assert history["frames"][0]["view"] == plain(state.view(None))
    broken = copy.deepcopy(record)
    broken["position"]["position"]["hidden"]["deck"]["white-joker"] = 50
    refused = client.post("/api/records", json=broken)
    assert refused.status_code == 422
    assert "field 'position': position field 'position.hidden.deck'" in refused.json()["error"]


def test_mutated_battles_on_tables_of_their_own_are_refused_or_played_never_a_500(
        sqlite_client):
    # A Strategy Battle position may carry its own table and profiles (`setting`): all of
    # it is untrusted here, and a mutation anywhere in it is refused naming the field, or
    # gives a battle that plays.
    game = get_game("strategy-battle")
    state = sbg.battle([("G1", sbg.ROHAN, 10, 10), ("E1", sbg.ORC, 30, 20),
                        ("E2", sbg.ORC_BOW, 40, 40)], barriers=[sbg.WALL],
                       areas=[{"name": "wood", "going": "woods",
                               "outline": [[1, 1], [6, 1], [5, 5]]}])
    document = plain(position_document(game, sbg.profile(state, sbg.ORC, defence=6)))
    rng = random.Random("setting")
    refused = 0
    for _ in range(30):
        broken = copy.deepcopy(document)
        broken["position"] = {**broken["position"],
                              "setting": mutated({"position": document["position"]["setting"]},
                                                 rng)["position"]}
        response = post(sqlite_client, broken, ["human", "human"])
        assert response.status_code in (201, 422), response.text
        if response.status_code == 422:
            # (a setting still sound may contradict the table the position shows)
            assert response.json()["field"].startswith("position.position."), response.text
            refused += 1
            continue
        created = response.json()
        for seat in (0, 1):
            headers = {"X-Seat-Token": created["seats"][seat]["token"]}
            seen = sqlite_client.get(f"/api/tables/{created['id']}", headers=headers)
            assert seen.status_code == 200, seen.text
            if seen.json()["your_turn"]:
                decided = sqlite_client.post(
                    f"/api/tables/{created['id']}/decisions", headers=headers,
                    json={"action": seen.json()["legal"][0]["action"]})
                assert decided.status_code in (200, 409), decided.text
    assert refused > 10
