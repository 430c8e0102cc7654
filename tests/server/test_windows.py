"""At a window of the board game the hobbits are asked one at a time, clockwise, and the
seats not asked are shown the table at its public point (engine/forced.py). What they are
sent must not change while the others decide there: a revision counting the window's
decisions, or a live message for each, would tell them how many were taken — and so which
hobbit held a card to play (issue 13: hidden information never reaches a seat)."""

from __future__ import annotations

import asyncio
import json

from palantir.server import lobby
from palantir.server.live import Broker

SEATS = 3
SEED = 20261201


def seat_payloads(client, table_id, tokens) -> list[dict]:
    """Each seat's answer to GET /api/tables/{id}."""
    return [client.get(f"/api/tables/{table_id}", headers=tokens[seat]).json()
            for seat in range(SEATS)]


def test_a_seat_not_asked_at_a_window_is_sent_the_same_while_the_others_decide(
        sqlite_client, monkeypatch):
    # the table's dice pinned: a game whose windows go round unseen several times
    monkeypatch.setattr(lobby.secrets, "randbits", lambda bits: SEED)
    client = sqlite_client
    created = client.post("/api/tables", json={
        "game": "lotr-board-game", "options": {"players": SEATS},
        "seats": ["human"] * SEATS}).json()
    table_id = created["id"]
    tokens = [{"X-Seat-Token": s["token"]} for s in created["seats"]]
    watched = 0
    for _ in range(400):
        payloads = seat_payloads(client, table_id, tokens)
        if payloads[0]["status"] == "finished":
            break
        mover = next(seat for seat in range(SEATS) if payloads[seat]["your_turn"])
        withheld = [seat for seat in range(SEATS)
                    if seat != mover and payloads[seat]["waiting_for"]]
        legal = payloads[mover]["legal"]
        # let windows pass where one can (the window goes round, unseen), else the first
        actions = [d["action"] for d in legal]
        action = "continue" if "continue" in actions else actions[0]
        table = client.app.state.lobby.get(table_id)
        point = table.point
        answer = client.post(f"/api/tables/{table_id}/decisions", headers=tokens[mover],
                             json={"action": action})
        assert answer.status_code == 200, answer.text
        after = seat_payloads(client, table_id, tokens)
        # the decision was withheld: the table's public point is kept (or set to the
        # table as it stood before it), so the window is still going round
        unseen = table.point is not None and (point is None or table.point is point)
        for seat in withheld:
            if unseen and after[seat]["waiting_for"] and not after[seat]["your_turn"]:
                # still not asked, and the window still open: the very same answer
                assert after[seat] == payloads[seat], \
                    f"seat {seat} is sent another table while seat {mover} decided unseen"
                watched += 1
        # the seat that answered is shown the table it may see, never an older revision
        if not after[mover]["your_turn"]:
            assert after[mover]["revision"] > payloads[mover]["revision"] or \
                after[mover]["version"] == payloads[mover]["version"]
    assert watched >= 3, f"only {watched} decisions at windows watched"


def test_the_live_stream_sends_nothing_while_its_seat_is_shown_the_same_table():
    # Broker.stream builds each viewer's message on every change; one equal to the last
    # sent (the same version and revision) is not sent at all.
    class Table:
        id, steps, version = "t", [], 0

    table = Table()

    def build(start):
        return {"steps": 0, "version": 0, "revision": 5}

    async def run() -> tuple[str, bool]:
        broker = Broker()
        stream = broker.stream(table, build, lambda: asyncio.sleep(0, result=False))
        first = await stream.__anext__()
        following = asyncio.ensure_future(stream.__anext__())
        for _ in range(3):
            table.version += 1            # a decision at the window, withheld from this seat
            broker.notify(table)
            await asyncio.sleep(0.05)
        sent_more = following.done()
        following.cancel()
        return first, sent_more

    first, sent_more = asyncio.run(run())
    assert json.loads(first.split("data: ", 1)[1])["revision"] == 5
    assert not sent_more, "a message was sent for decisions that change nothing shown"
