"""Replays a page at a time (issue 10): GET /api/tables/{id}/history?from=N&count=K sends a
few steps as the viewer saw them, never the whole game (a 700-step SPI Sauron game was
122 MB in one answer, to anyone); rebuilding a step reuses checkpoints kept per table; an
unknown table's page is an HTML page, not raw JSON."""

from __future__ import annotations

import json
import re
import threading

import pytest

from palantir.agents import make_agent
from palantir.engine.game import get_game
from palantir.engine.match import play_match
from palantir.engine.record import GameRecord, replay
from palantir.server.lobby import LiveTable, Lobby
from palantir.server.replay import MAX_PAGE, MAX_PAGE_BYTES, ReplayCache
from palantir.server.storage import Storage

from .test_api import reach_the_ring_phase

MEGABYTE = 1_000_000


@pytest.fixture(scope="module")
def long_record() -> GameRecord:
    """A finished SPI Sauron game between heuristic generals: several hundred decisions."""
    game = get_game("spi-sauron")
    agents = [make_agent("heuristic", game, seat, seed=seat) for seat in range(2)]
    _, record = play_match(game, {}, agents, seed=1)
    assert sum(1 for _ in record.decisions()) > 300
    return record


def upload(client, record: GameRecord) -> str:
    """The id of a table watching `record`."""
    response = client.post("/api/records", content=record.dumps())
    assert response.status_code == 201, response.text
    return response.json()["id"]


def full_history(record: GameRecord, viewer: int | None) -> list[dict]:
    """Every frame as the old GET /history sent them all at once, rebuilt from the engine."""
    module = get_game(record.game).view_module("svg")
    words = get_game(record.game).presentation().log_words  # the log in the table's words
    frames: list[dict] = []

    def on_state(index, state):
        view = state.view(viewer)
        event = record.events[index] if index is not None else {}
        audience = event.get("seen_by")
        frames.append({"step": len(frames), "seat": event.get("seat"),
                       "action": event.get("action") if audience is None or viewer in audience
                       else None,
                       "said": None if event.get("action") is None or not (
                           audience is None or viewer in audience) else words(event["action"]),
                       "lines": [words(line) for line in state.narration(viewer)],
                       "view": view,
                       "svg": module.render_svg(view)})

    replay(record, on_state=on_state, check_result=False)
    return json.loads(json.dumps(frames))


def history(client, table_id: str, headers=None, **params):
    """The answer of GET /history with these query parameters."""
    return client.get(f"/api/tables/{table_id}/history", headers=headers or {},
                      params={k.rstrip("_"): v for k, v in params.items()})


def test_every_page_of_a_long_game_is_under_a_megabyte(sqlite_client, long_record):
    table_id = upload(sqlite_client, long_record)
    total = 1 + sum(1 for _ in long_record.decisions())
    at, seen = 0, []
    while at < total:
        response = history(sqlite_client, table_id, from_=at, count=MAX_PAGE)
        assert response.status_code == 200, response.text
        assert len(response.content) < MEGABYTE
        page = response.json()
        assert page["total"] == total and page["from"] == at
        assert 1 <= len(page["frames"]) <= MAX_PAGE
        seen += [f["step"] for f in page["frames"]]
        at += len(page["frames"])
    assert seen == list(range(total))


def test_frames_are_the_ones_the_whole_history_held(sqlite_client, long_record):
    table_id = upload(sqlite_client, long_record)
    whole = full_history(long_record, None)
    for at in (0, 1, 49, 50, 51, 137, 300, len(whole) - 2, len(whole) - 1, 200, 3):
        page = history(sqlite_client, table_id, from_=at, count=3).json()
        assert page["frames"] == whole[at:at + len(page["frames"])]
        assert page["frames"]


def test_one_step_is_the_default_page(sqlite_client, long_record):
    table_id = upload(sqlite_client, long_record)
    page = history(sqlite_client, table_id).json()
    assert [f["step"] for f in page["frames"]] == [0] and page["frames"][0]["action"] is None


@pytest.mark.parametrize("params,field", [
    ({"from_": "past the end"}, "from"), ({"from_": 10_000}, "from"), ({"from_": -1}, "from"),
    ({"count": 0}, "count"), ({"count": MAX_PAGE + 1}, "count")])
def test_a_page_out_of_range_is_a_422_naming_the_field(sqlite_client, long_record, params,
                                                       field):
    table_id = upload(sqlite_client, long_record)
    if params.get("from_") == "past the end":  # the first step after the last one
        params = {"from_": sum(1 for _ in long_record.decisions()) + 1}
    response = history(sqlite_client, table_id, **params)
    assert response.status_code == 422, response.text
    assert response.json()["field"] == field and "Traceback" not in response.text


def test_a_page_is_cut_to_stay_under_its_byte_budget(sqlite_client, long_record):
    table_id = upload(sqlite_client, long_record)
    frame = len(json.dumps(history(sqlite_client, table_id, from_=100).json()["frames"][0]))
    assert frame * MAX_PAGE > MAX_PAGE_BYTES  # so the cut is what this test sees
    page = history(sqlite_client, table_id, from_=100, count=MAX_PAGE)
    assert 1 < len(page.json()["frames"]) < MAX_PAGE
    assert len(page.content) <= MAX_PAGE_BYTES


def test_a_board_game_seat_never_sees_another_hand_in_a_replay(sqlite_client):
    client = sqlite_client
    created = client.post("/api/tables", json={"game": "lotr-board-game",
                                               "options": {"players": 2},
                                               "seats": ["human", "human"]}).json()
    table_id = created["id"]
    tokens = [{"X-Seat-Token": s["token"]} for s in created["seats"]]
    for step in range(60):
        if step >= 12 and not client.get(f"/api/tables/{table_id}").json()["waiting_for"]:
            break  # and not at a window, whose quiet decisions the others are not shown yet
        # At a window the spectator is not told who is asked (engine/forced.py): each
        # seat's own page says whether it is its turn.
        mover, payload = next((seat, p) for seat in (0, 1) if (p := client.get(
            f"/api/tables/{table_id}", headers=tokens[seat]).json())["your_turn"])
        assert client.post(f"/api/tables/{table_id}/decisions", headers=tokens[mover],
                           json={"action": payload["legal"][0]["action"]}).status_code == 200
    record = client.app.state.lobby.get(table_id).record
    hands = [[f["view"]["hand"] for f in full_history(record, seat)] for seat in (0, 1)]
    for viewer in (0, 1, None):
        own = full_history(record, viewer)
        headers = tokens[viewer] if viewer is not None else {}
        frames = []
        while len(frames) < len(own):
            frames += history(client, table_id, headers, from_=len(frames),
                              count=5).json()["frames"]
        assert frames == own
        for step, frame in enumerate(frames):
            assert "hands" not in frame["view"]
            if viewer is None:
                assert frame["view"].get("hand") is None
            else:
                assert frame["view"]["hand"] == hands[viewer][step] != hands[1 - viewer][step]
    assert history(client, table_id, {"X-Seat-Token": "guess"}).status_code == 403


def test_stepping_through_a_long_game_replays_each_decision_about_once(long_record, tmp_path):
    game_table = bare_table(tmp_path, long_record)
    cache = ReplayCache()
    total = len(game_table.steps)
    for at in range(total):
        assert cache.page(game_table, None, at, 1)["frames"][0]["step"] == at
    assert cache.applied <= total
    # Going back or jumping far starts from a checkpoint, not from the setup.
    for at in (total - 1, 400, 399, 10, 260, 255):
        before = cache.applied
        cache.page(game_table, None, at, 1)
        assert cache.applied - before < cache.every


def test_viewers_at_once_share_the_work(long_record, tmp_path):
    game_table = bare_table(tmp_path, long_record)
    cache = ReplayCache()
    barrier = threading.Barrier(6)
    answers = []

    def viewer():
        barrier.wait()
        answers.append(cache.page(game_table, None, 480, 4)["frames"][0]["step"])

    threads = [threading.Thread(target=viewer) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [480] * 6
    # One viewer replays the 480 decisions to the step; the others wait for it and start
    # from the checkpoint it left (at most `every` decisions each), where six viewers each
    # replaying from the setup would do six times 480.
    assert cache.applied <= 480 + 5 * cache.every + 6 * 3


def test_the_cache_is_bounded_over_tables_and_checkpoints(long_record, tmp_path):
    cache = ReplayCache(max_tables=2, max_checkpoints=4)
    lobby = Lobby(Storage(f"sqlite:///{tmp_path / 'bounded.db'}"))
    tables = [lobby.upload(long_record.to_json()) for _ in range(3)]
    for table in tables:
        cache.page(table, None, 500, 1)
        assert 1 < cache.checkpoints(table) <= 4
    assert cache.tables() == [tables[1].id, tables[2].id]
    cache.page(tables[0], None, 500, 1)
    assert cache.tables() == [tables[2].id, tables[0].id]
    before = cache.applied
    assert cache.page(tables[0], None, 20, 1)["frames"] == \
        ReplayCache().page(tables[0], None, 20, 1)["frames"]
    assert cache.applied - before == 20  # the evicted table started again from the setup


def test_a_taken_back_decision_is_not_replayed_from_an_old_checkpoint(sqlite_client):
    table_id, headers, _, after = reach_the_ring_phase(sqlite_client)
    last = after["steps"] - 1
    shown = history(sqlite_client, table_id, headers, from_=last).json()["frames"][0]
    assert shown["view"] == after["view"]
    undone = sqlite_client.post(f"/api/tables/{table_id}/undo", headers=headers).json()
    assert undone["steps"] == last
    response = history(sqlite_client, table_id, headers, from_=last)
    assert response.status_code == 422 and response.json()["field"] == "from"
    again = history(sqlite_client, table_id, headers, from_=last - 1).json()["frames"][0]
    assert again["view"] == undone["view"]


def test_a_table_given_a_new_record_is_replayed_from_it(long_record, tmp_path):
    # An undo gives the table a record rebuilt without its last decision; a step after
    # that is another step then, never one remembered from the old record.
    game = get_game("spi-sauron")
    agents = [make_agent("random", game, seat, seed=seat) for seat in range(2)]
    _, other_record = play_match(game, {}, agents, seed=2)
    lobby = Lobby(Storage(f"sqlite:///{tmp_path / 'records.db'}"))
    table, other = lobby.upload(long_record.to_json()), lobby.upload(other_record.to_json())
    cache = ReplayCache()
    first = cache.page(table, 0, 120, 2)["frames"]
    with table.lock:
        table.record, table.state, table.steps = other.record, other.state, other.steps
    again = cache.page(table, 0, 120, 2)["frames"]
    assert again == ReplayCache().page(other, 0, 120, 2)["frames"] != first


def test_an_unknown_table_link_shows_a_page(sqlite_client):
    response = sqlite_client.get("/table/nonexistent")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "No such table" in response.text and 'href="/"' in response.text
    assert "<script" not in response.text and not re.search(r"\son\w+=", response.text)


def bare_table(tmp_path, record: GameRecord) -> LiveTable:
    """A table watching `record`, made by a lobby of its own (no web server)."""
    return Lobby(Storage(f"sqlite:///{tmp_path / 'replays.db'}")).upload(record.to_json())


def test_large_public_answers_are_gzipped_and_a_seats_answers_are_not(client, long_record):
    # A SPI Sauron history page is up to 1 MB of JSON: gzipped when the client accepts it
    # and nothing in it is secret (a finished game, whose record anyone may download, or a
    # spectator's view). A seat's answer during a game is sent as it is (BREACH: it holds the
    # seat's hidden information beside text the other seats choose, their decisions, and a
    # compressed length would tell how much of it matches).
    table_id = upload(client, long_record)
    path = f"/api/tables/{table_id}/history?from=0&count=8"
    zipped = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert zipped.status_code == 200 and zipped.headers["content-encoding"] == "gzip"
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and zipped.json() == plain.json()
    assert zipped.num_bytes_downloaded * 5 < plain.num_bytes_downloaded
    assert "Accept-Encoding" in plain.headers["vary"]
    refused = client.get(path, headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert "content-encoding" not in refused.headers
    table = client.get(f"/api/tables/{table_id}", headers={"Accept-Encoding": "gzip"})
    assert table.headers["content-encoding"] == "gzip" and table.json()["svg"]

    created = client.post("/api/tables", json={"game": "spi-sauron",
                                               "seats": ["human", "human"]}).json()
    seat = {"X-Seat-Token": created["seats"][0]["token"], "Accept-Encoding": "gzip"}
    for answer in (client.get(f"/api/tables/{created['id']}", headers=seat),
                   client.get(f"/api/tables/{created['id']}/history?from=0", headers=seat)):
        assert answer.status_code == 200 and "content-encoding" not in answer.headers
    watcher = client.get(f"/api/tables/{created['id']}", headers={"Accept-Encoding": "gzip"})
    assert watcher.headers["content-encoding"] == "gzip"
