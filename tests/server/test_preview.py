"""GET /api/tables/{id}/preview (issue 12 item 6): the odds of a legal decision of the seat
to move, shown before it is sent; anything else is refused naming the field, never a 500,
and nothing is rolled at the table."""

from __future__ import annotations

from fractions import Fraction

from tests.support.positions.spi import cleared, place

from .jtm_play import token_of


def spi_table(client, position=None):
    """A two-seat SPI Sauron table, its position placed by hand when one is given."""
    created = client.post("/api/tables", json={"game": "spi-sauron",
                                               "seats": ["human", "human"]}).json()
    if position is not None:
        table = client.app.state.lobby.get(created["id"])
        table.state = position
    return created


def melee_position():
    """Sauron's Combat Phase of turn 1: Trolls (B) in 0504 beside Men (D-3-X) in 0505."""
    state = cleared("sauron-combat")
    place(state, "trolls-1", "0504")
    place(state, "men-1", "0505")
    return state


def test_the_odds_of_a_melee_are_shown_from_the_seats_view(sqlite_client):
    created = spi_table(sqlite_client, melee_position())
    url = f"/api/tables/{created['id']}/preview"
    before = sqlite_client.get(f"/api/tables/{created['id']}", headers=token_of(created, 0))
    attack = next(d for d in before.json()["legal"] if d["action"].startswith("attack"))
    assert attack["place"] == "0505" and attack["members"] == ["0504"] and attack["preview"]
    answer = sqlite_client.get(url, params={"action": attack["action"]},
                               headers=token_of(created, 0))
    assert answer.status_code == 200, answer.text
    odds = answer.json()["preview"]
    # 7.41 B vs armour 3 needs 2-7: 21 of 36
    assert odds["attacks"][0]["casualty"]["exact"] == "7/12"
    assert sum(Fraction(r["exact"]) for r in odds["overall"]) == 1
    after = sqlite_client.get(f"/api/tables/{created['id']}", headers=token_of(created, 0))
    assert after.json()["version"] == before.json()["version"]      # nothing was decided
    table = sqlite_client.app.state.lobby.get(created["id"])
    assert table.rolls() == 0


def test_a_decision_without_odds_previews_as_nothing(sqlite_client):
    created = spi_table(sqlite_client)
    answer = sqlite_client.get(f"/api/tables/{created['id']}/preview",
                               params={"action": "end"}, headers=token_of(created, 0))
    assert answer.status_code == 200 and answer.json() == {"action": "end", "preview": None}


def test_an_illegal_or_garbled_decision_is_a_422_naming_the_action(sqlite_client):
    created = spi_table(sqlite_client, melee_position())
    url = f"/api/tables/{created['id']}/preview"
    for action, rule in (("attack 0505 from 0604", "7.3"), ("fly to Mordor", None),
                         ("attack 0505 from 0504 0504", "7.34")):
        answer = sqlite_client.get(url, params={"action": action}, headers=token_of(created, 0))
        assert answer.status_code == 422, (action, answer.text)
        assert answer.json()["field"] == "action"
        if rule:
            assert answer.json()["rule"] == rule
    missing = sqlite_client.get(url, headers=token_of(created, 0))
    assert missing.status_code == 422 and missing.json()["field"] == "query.action"
    too_long = sqlite_client.get(url, params={"action": "a" * 201},
                                 headers=token_of(created, 0))
    assert too_long.status_code == 422 and too_long.json()["field"] == "query.action"


def test_only_the_seat_to_move_may_preview(sqlite_client):
    created = spi_table(sqlite_client, melee_position())
    url = f"/api/tables/{created['id']}/preview"
    params = {"action": "attack 0505 from 0504"}
    spectator = sqlite_client.get(url, params=params)
    assert spectator.status_code == 403 and spectator.json()["field"] == "X-Seat-Token"
    other = sqlite_client.get(url, params=params, headers=token_of(created, 1))
    assert other.status_code == 409 and other.json()["rule"] == "turn order"
    wrong = sqlite_client.get(url, params=params, headers={"X-Seat-Token": "nope"})
    assert wrong.status_code == 403
    assert sqlite_client.get("/api/tables/none/preview", params=params).status_code == 404


def test_legal_decisions_carry_their_place_path_and_cost(sqlite_client):
    # issue 12 item 5: the page offers a move from its hex, to its destination, with the
    # MP it costs (4.1: infantry 4 MP; a clear hex 1 MP)
    state = cleared("sauron-movement")
    place(state, "goblins-1", "0504")
    created = spi_table(sqlite_client, state)
    legal = sqlite_client.get(f"/api/tables/{created['id']}",
                              headers=token_of(created, 0)).json()["legal"]
    move = next(d for d in legal if d["action"] == "move 0504-0505")
    assert (move["place"], move["target"], move["path"], move["cost"]) == \
        ("0504", "0505", ["0504", "0505"], "1 MP")
    end = next(d for d in legal if d["action"] == "end")
    assert end["place"] is None


def test_missile_fire_and_a_leader_duel_have_their_odds(sqlite_client):
    # 7.17: Archers' missile E vs Goblins' armour 2 needs 6-8 (16/36); 7.26 a duel by die
    state = cleared("westernesse-combat")
    place(state, "archers-1", "0503")
    place(state, "men-1", "0504")
    place(state, "elendil", "0504")
    place(state, "goblins-1", "0505")
    foe = next(k for k, p in state.leaders.items() if p.side == "sauron")
    place(state, foe, "0505")
    created = spi_table(sqlite_client, state)
    url = f"/api/tables/{created['id']}/preview"
    fire = sqlite_client.get(url, params={"action": "fire 0503 0505"},
                             headers=token_of(created, 1)).json()["preview"]
    assert fire["kind"] == "missile" and fire["attacks"][0]["casualty"]["exact"] == "4/9"
    duel = sqlite_client.get(url, params={"action": f"duel elendil {foe.replace('_', '-')}"},
                             headers=token_of(created, 1)).json()["preview"]
    assert duel["kind"] == "duel" and sum(Fraction(r["exact"]) for r in duel["overall"]) == 1
    assert any("differential" in m for m in duel["modifiers"])
