"""Against a real `palantir serve` process: live updates, kill -9 and restart."""

from __future__ import annotations

import json

import httpx
import pytest

from .jtm_play import create, longest_keep, token_of
from .live_server import LiveServer, wait_until


@pytest.fixture
def server(tmp_path):
    live = LiveServer(f"sqlite:///{tmp_path / 'table.db'}", tmp_path).start()
    yield live
    live.stop()


def read_message(lines) -> dict:
    """The next `table` event of an SSE stream."""
    for line in lines:
        if line.startswith("data: "):
            return json.loads(line[6:])
    raise AssertionError("the stream ended")


def test_every_seat_and_spectator_sees_each_move_as_it_happens(server):
    with httpx.Client(base_url=server.url, timeout=15) as client:
        created = create(client, ["human", "human"])
        table_id = created["id"]
        url = f"/api/tables/{table_id}/events"
        with client.stream("GET", url, headers=token_of(created, 1)) as second, \
                client.stream("GET", url) as spectator:
            second_lines, spectator_lines = second.iter_lines(), spectator.iter_lines()
            first_seen = read_message(second_lines)
            assert first_seen["viewer"] == 1 and read_message(spectator_lines)["viewer"] is None
            payload = client.get(f"/api/tables/{table_id}", headers=token_of(created, 0)).json()
            action = longest_keep(payload)
            client.post(f"/api/tables/{table_id}/decisions", headers=token_of(created, 0),
                        json={"action": action})
            for lines, viewer in ((second_lines, 1), (spectator_lines, None)):
                message = read_message(lines)
                assert message["viewer"] == viewer
                assert message["version"] > first_seen["version"]
                assert message["log"][0]["action"] == action  # only the new steps
                # Decisions are offered only to the seat to move (seat 1 once the turn ends).
                assert bool(message["legal"]) == (viewer is not None and
                                                  message["to_move"] == viewer)
                assert created["seats"][0]["token"] not in json.dumps(message)


def test_a_killed_server_continues_every_game_where_it_was(server):
    with httpx.Client(base_url=server.url, timeout=15) as client:
        created = create(client, ["human", "human"], locations=True)
        table_id, first = created["id"], token_of(created, 0)
        for _ in range(3):
            payload = client.get(f"/api/tables/{table_id}", headers=first).json()
            if payload["your_turn"]:
                client.post(f"/api/tables/{table_id}/decisions", headers=first,
                            json={"action": longest_keep(payload)})
        before = client.get(f"/api/tables/{table_id}").json()
        record_before = client.get(f"/api/tables/{table_id}/record").text
    server.kill()
    server.start()
    with httpx.Client(base_url=server.url, timeout=15) as client:
        after = client.get(f"/api/tables/{table_id}").json()
        assert after["view"] == before["view"] and after["version"] == before["version"]
        assert [s["lines"] for s in after["log"]] == [s["lines"] for s in before["log"]]
        assert client.get(f"/api/tables/{table_id}/record").text == record_before
        mover = after["to_move"]
        payload = client.get(f"/api/tables/{table_id}", headers=token_of(created, mover)).json()
        response = client.post(f"/api/tables/{table_id}/decisions",
                               headers=token_of(created, mover),
                               json={"action": payload["legal"][0]["action"]})
        assert response.status_code == 200
        assert response.json()["version"] > after["version"]


def test_a_computer_seat_resumes_thinking_after_a_kill(server):
    with httpx.Client(base_url=server.url, timeout=15) as client:
        created = create(client, ["human", {"kind": "agent", "agent": "mcts:0.5s",
                                            "time_limit": 1}])
        table_id, first = created["id"], token_of(created, 0)
        payload = client.get(f"/api/tables/{table_id}", headers=first).json()
        while payload["to_move"] == 0:
            payload = client.post(f"/api/tables/{table_id}/decisions", headers=first,
                                  json={"action": longest_keep(payload)}).json()
    server.kill()  # the computer was thinking: its decision had not been taken
    server.start()
    with httpx.Client(base_url=server.url, timeout=15) as client:
        back = wait_until(lambda: (lambda p: p if p["to_move"] != 1 else None)(
            client.get(f"/api/tables/{table_id}", headers=first).json()), timeout=60)
        assert any(step["seat"] == 1 for step in back["log"])
