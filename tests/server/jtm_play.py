"""Helpers that play Journey to Mordor through the API, from the legal decisions offered."""

from __future__ import annotations

GAME = "journey-to-mordor"


def create(client, seats, **options) -> dict:
    """A new table; returns the creation answer (ids, links, tokens)."""
    response = client.post("/api/tables", json={"game": GAME, "options": options,
                                                "seats": seats})
    assert response.status_code == 201, response.text
    return response.json()


def token_of(created: dict, seat: int) -> dict:
    """The header carrying `seat`'s private token."""
    return {"X-Seat-Token": created["seats"][seat]["token"]}


def longest_keep(payload: dict) -> str:
    """The decision that sets aside the most dice (a White Tree first): turns end soon."""
    actions = [d["action"] for d in payload["legal"]]
    with_tree = [a for a in actions if " T" in a]
    return max(with_tree or actions, key=lambda a: len(a.split()))


def play_until(client, table_id: str, headers: dict, stop, limit: int = 400) -> dict:
    """Take decisions for the seat of `headers` until stop(payload) holds."""
    payload = client.get(f"/api/tables/{table_id}", headers=headers).json()
    for _ in range(limit):
        if stop(payload):
            return payload
        assert payload["your_turn"], payload
        response = client.post(f"/api/tables/{table_id}/decisions", headers=headers,
                               json={"action": longest_keep(payload)})
        assert response.status_code == 200, response.text
        payload = response.json()
    raise AssertionError("the stop condition never held")
