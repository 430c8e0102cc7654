"""Every decision is applied exactly once: concurrent and repeated requests, two lobbies on
one database (two server processes), and a lease so one process thinks per computer turn.

Issue 10, item 2: the stale-page guard compared `version` outside the table's lock, so two
concurrent requests with the same version were both applied."""

from __future__ import annotations

import threading
from collections import Counter

import httpx
import pytest

from palantir.server.lobby import Lobby
from palantir.server.storage import Stale, Storage

from .jtm_play import create, longest_keep, token_of
from .live_server import LiveServer

CONCURRENT = 50


@pytest.fixture
def server(database_url, tmp_path):
    live = LiveServer(database_url, tmp_path).start()
    yield live
    live.stop()


def fire_together(url: str | list[str], requests: list[tuple[str, dict, dict]]
                  ) -> list[httpx.Response]:
    """Send every (path, headers, body) at once, each from its own thread and connection
    (to `url`, or request i to url[i % len(url)]: several servers)."""
    ready = threading.Barrier(len(requests))
    answers: list[httpx.Response | None] = [None] * len(requests)
    urls = [url] if isinstance(url, str) else url

    def send(i, path, headers, body):
        with httpx.Client(base_url=urls[i % len(urls)], timeout=30) as client:
            client.get("/api/games")  # the connection is open before the barrier
            ready.wait()
            answers[i] = client.post(path, headers=headers, json=body)

    threads = [threading.Thread(target=send, args=(i, *r)) for i, r in enumerate(requests)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers  # type: ignore[return-value]


def decisions_in(client: httpx.Client, table_id: str) -> list[dict]:
    record = client.get(f"/api/tables/{table_id}/record").json()
    return [e for e in record["events"] if "action" in e]


def test_fifty_identical_decisions_at_once_give_one_200_and_49_409s(server):
    with httpx.Client(base_url=server.url, timeout=30) as client:
        created = create(client, ["human", "human"])
        table_id, first = created["id"], token_of(created, 0)
        payload = client.get(f"/api/tables/{table_id}", headers=first).json()
        action = longest_keep(payload)
        body = {"action": action, "version": payload["version"]}
        answers = fire_together(server.url, [(f"/api/tables/{table_id}/decisions", first, body)]
                                * CONCURRENT)
        counts = Counter(a.status_code for a in answers)
        assert counts == {200: 1, 409: CONCURRENT - 1}, counts
        assert all(a.json()["field"] == "version" for a in answers if a.status_code == 409)
        assert [e["action"] for e in decisions_in(client, table_id)] == [action]


def test_two_different_decisions_at_once_one_is_taken(server):
    with httpx.Client(base_url=server.url, timeout=30) as client:
        created = create(client, ["human", "human"])
        table_id, first = created["id"], token_of(created, 0)
        payload = client.get(f"/api/tables/{table_id}", headers=first).json()
        actions = [d["action"] for d in payload["legal"]][:2]
        assert len(actions) == 2
        requests = [(f"/api/tables/{table_id}/decisions", first,
                     {"action": actions[i % 2], "version": payload["version"]})
                    for i in range(CONCURRENT)]
        answers = fire_together(server.url, requests)
        counts = Counter(a.status_code for a in answers)
        assert counts == {200: 1, 409: CONCURRENT - 1}, counts
        taken = decisions_in(client, table_id)
        assert len(taken) == 1 and taken[0]["action"] in actions


def test_concurrent_undo_takes_back_one_decision(server):
    # SPI Sauron's moves roll no dice, so the first one may be taken back.
    with httpx.Client(base_url=server.url, timeout=30) as client:
        created = client.post("/api/tables", json={"game": "spi-sauron",
                                                   "seats": ["human", "human"]}).json()
        table_id = created["id"]
        spectator = client.get(f"/api/tables/{table_id}").json()
        mover = token_of(created, spectator["to_move"])
        payload = client.get(f"/api/tables/{table_id}", headers=mover).json()
        moved = client.post(f"/api/tables/{table_id}/decisions", headers=mover,
                            json={"action": payload["legal"][0]["action"],
                                  "version": payload["version"]}).json()
        assert moved["can_undo"]
        before = len(decisions_in(client, table_id))
        answers = fire_together(server.url, [(f"/api/tables/{table_id}/undo", mover,
                                              {"version": moved["version"]})] * 20)
        counts = Counter(a.status_code for a in answers)
        assert counts == {200: 1, 409: 19}, counts
        assert len(decisions_in(client, table_id)) == before - 1


def test_two_lobbies_on_one_database_apply_a_decision_once(database_url):
    """Two server processes share one database: each caches the table; a decision taken
    through one is refused through the other as stale, which then catches up."""
    one, two = Lobby(Storage(database_url)), Lobby(Storage(database_url))
    table, _ = one.create("journey-to-mordor", {}, ["human", "human"])
    mirror = two.get(table.id)
    action = str(table.state.legal_actions()[-1])
    assert one.decide(table, 0, action, version=table.version)
    # The other process has not heard of it yet: its cached table is behind.
    stale_version = mirror.version
    assert not two.decide(mirror, 0, action, version=stale_version)
    assert mirror.version == table.version  # it caught up from storage
    assert mirror.record.events == table.record.events
    assert mirror.state.view(None) == table.state.view(None)
    assert [s.lines for s in mirror.steps] == [s.lines for s in table.steps]
    # And a decision without a version is judged on the table as it now is.
    seat = mirror.state.to_move()
    follow = str(mirror.state.legal_actions()[0])
    assert two.decide(mirror, seat, follow)
    assert one.catch_up(table) and table.record.events == mirror.record.events


def test_a_write_on_an_old_history_is_refused_by_storage(database_url):
    """After a take-back and a new decision the event count can be the same as before:
    the history is named by count and take-backs together."""
    storage = Storage(database_url)
    lobby = Lobby(storage)
    table, _ = lobby.create("journey-to-mordor", {}, ["human", "human"])
    version, takebacks = storage.version_of(table.id)
    with pytest.raises(Stale):
        storage.append(table.id, version, [{"seat": 0, "action": "x"}], "open", None,
                       takebacks=takebacks + 1)
    with pytest.raises(Stale):
        storage.append(table.id, version + 1, [{"seat": 0, "action": "x"}], "open", None,
                       takebacks=takebacks)
    assert storage.version_of(table.id) == (version, takebacks)


def test_a_takeback_elsewhere_is_followed_by_a_rebuild(database_url):
    one, two = Lobby(Storage(database_url)), Lobby(Storage(database_url))
    table, _ = one.create("spi-sauron", {}, ["human", "human"])
    seat = table.state.to_move()
    one.decide(table, seat, str(table.state.legal_actions()[0]))
    assert one.undo_problem(table, seat) is None
    mirror = two.get(table.id)
    one.undo(table, seat)
    assert two.catch_up(mirror)
    assert mirror.record.events == table.record.events
    assert mirror.takebacks == table.takebacks == 1
    assert mirror.state.view(None) == table.state.view(None)
    # The same count of events again, on another history: the mirror rebuilds.
    one.decide(table, seat, str(table.state.legal_actions()[-1]))
    assert two.catch_up(mirror)
    assert mirror.record.events == table.record.events
    assert mirror.state.view(None) == table.state.view(None)


def test_only_one_process_holds_a_computer_turn(database_url):
    one, two = Lobby(Storage(database_url)), Lobby(Storage(database_url))
    table, _ = one.create("journey-to-mordor", {},
                          [{"kind": "agent", "agent": "heuristic"}, "human"])
    mirror = two.get(table.id)
    assert [t.id for t in one.lapsed_turns()] == [table.id]
    assert one.claim_turn(table, table.version, 30)
    assert one.claim_turn(table, table.version, 30), "the holder may renew its lease"
    assert not two.claim_turn(mirror, mirror.version, 30)
    assert one.lapsed_turns() == [] and two.lapsed_turns() == []
    one.release_turn(table, table.version)
    assert two.claim_turn(mirror, mirror.version, 0.0)  # a lease that lapses at once
    assert [t.id for t in one.lapsed_turns()] == [table.id]
    assert one.claim_turn(table, table.version, 30), "a lapsed lease is anyone's"
    assert not one.claim_turn(table, table.version + 1, 30), "only at the stored version"
