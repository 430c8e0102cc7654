"""Two `palantir serve` processes on one PostgreSQL serve the same tables (issue 10, item 8):
a decision through one reaches the live streams of both at once (LISTEN/NOTIFY), and no
decision is applied twice, even sent to both processes at the same moment."""

from __future__ import annotations

import json
import os
import threading
from collections import Counter

import httpx
import pytest

from .conftest import postgres_schema, postgres_url
from .jtm_play import create, longest_keep, token_of
from .live_server import LiveServer, wait_until
from .test_exactly_once import fire_together

# PostgreSQL is there wherever .ci/web-deps.sh ran, and always in CI (where its absence fails
# the postgres_schema fixture rather than passing by).
pytestmark = pytest.mark.skipif(not postgres_url() and not os.environ.get("CI"),
                                reason="needs the test PostgreSQL (.ci/web-deps.sh)")


@pytest.fixture
def two_servers(tmp_path):
    with postgres_schema() as url:
        one = LiveServer(url, tmp_path).start()
        two = LiveServer(url, tmp_path).start()
        yield one, two
        one.stop()
        two.stop()


class Follower:
    """A page's live stream, read in a thread: every `table` message it receives."""

    def __init__(self, url: str, table_id: str, headers: dict):
        self.messages: list[dict] = []
        self._client = httpx.Client(base_url=url, timeout=httpx.Timeout(30, read=None))
        self._response = self._client.send(
            self._client.build_request("GET", f"/api/tables/{table_id}/events",
                                       headers=headers), stream=True)
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self):
        try:
            for line in self._response.iter_lines():
                if line.startswith("data: "):
                    self.messages.append(json.loads(line[6:]))
        except httpx.HTTPError:
            pass

    def saw(self, version: int) -> bool:
        """Whether a message of this version (or later) has arrived."""
        return any(m["version"] >= version for m in self.messages)

    def close(self):
        self._response.close()
        self._client.close()


def test_a_game_with_a_seat_on_each_process(two_servers):
    one, two = two_servers
    with httpx.Client(base_url=one.url, timeout=30) as a, \
            httpx.Client(base_url=two.url, timeout=30) as b:
        created = create(a, ["human", "human"])
        table_id = created["id"]
        clients = {0: a, 1: b}
        pages = [Follower(one.url, table_id, token_of(created, 0)),
                 Follower(two.url, table_id, token_of(created, 1)),
                 Follower(two.url, table_id, {})]
        try:
            accepted = 0
            for _ in range(40):
                mover = a.get(f"/api/tables/{table_id}").json()["to_move"]
                if mover is None:
                    break
                client = clients[mover]
                payload = client.get(f"/api/tables/{table_id}",
                                     headers=token_of(created, mover)).json()
                assert payload["your_turn"], "each process knows the table as it is"
                answer = client.post(f"/api/tables/{table_id}/decisions",
                                     headers=token_of(created, mover),
                                     json={"action": longest_keep(payload),
                                           "version": payload["version"]})
                assert answer.status_code == 200, answer.text
                accepted += 1
                version = answer.json()["version"]
                # Both processes' pages follow the move, whichever process took it.
                wait_until(lambda: all(p.saw(version) for p in pages), timeout=10)
            assert accepted >= 10
            records = [c.get(f"/api/tables/{table_id}/record").text for c in (a, b)]
            assert records[0] == records[1]
            decisions = [e for e in json.loads(records[0])["events"] if "action" in e]
            assert len(decisions) == accepted
        finally:
            for page in pages:
                page.close()


def test_the_same_decision_sent_to_both_processes_is_taken_once(two_servers):
    one, two = two_servers
    with httpx.Client(base_url=one.url, timeout=30) as a:
        created = create(a, ["human", "human"])
        table_id, first = created["id"], token_of(created, 0)
        payload = a.get(f"/api/tables/{table_id}", headers=first).json()
        httpx.get(f"{two.url}/api/tables/{table_id}")  # both processes have it cached
        body = {"action": longest_keep(payload), "version": payload["version"]}
        path = f"/api/tables/{table_id}/decisions"
        answers = fire_together([one.url, two.url], [(path, first, body)] * 20)
        assert Counter(r.status_code for r in answers) == {200: 1, 409: 19}
        records = [httpx.get(f"{s.url}/api/tables/{table_id}/record").json()
                   for s in (one, two)]
        assert records[0]["events"] == records[1]["events"]
        assert sum("action" in e for e in records[0]["events"]) == 1
