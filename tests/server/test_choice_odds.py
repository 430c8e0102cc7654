"""GET /api/tables/{id}/odds (issue 15 item 6): the odds of each choice of the seat to move;
in Journey to Mordor's two-player basic game each row's chance of winning (`p_win`) by the
optimal-turn agent's own valuation, the agent's choice marked; elsewhere no `p_win` at all."""

from __future__ import annotations

import pytest
from tests.support.positions.journey import GAME, roll, table

from palantir.games.journey_to_mordor import odds

from .jtm_play import create, token_of


def odds_of(client, created, seat: int):
    """The answer of the odds of each choice, asked with `seat`'s token."""
    return client.get(f"/api/tables/{created['id']}/odds", headers=token_of(created, seat))


def test_a_two_player_basic_table_gives_each_choice_its_chance_of_winning(sqlite_client):
    created = create(sqlite_client, ["human", "human"], players=2)
    position = table(roll(yellow="R", red="N", blue="G", green="F", black="N"),
                     ring={0: 7, 1: 5}, nazgul={0: "xxx...", 1: "x....."})
    sqlite_client.app.state.lobby.get(created["id"]).state = position
    answer = odds_of(sqlite_client, created, 0)
    assert answer.status_code == 200, answer.text
    shown = answer.json()["odds"]
    assert shown["columns"][:2] == ["Decision", "P win"]
    view, legal = position.view(0), position.legal_actions()
    own = odds.choice_odds(GAME, view, legal, odds.WIN_CHANCE)
    assert [r["action"] for r in shown["rows"]] == [str(a) for a in legal]
    for row, choice in zip(shown["rows"], own):
        assert row["p_win"] == pytest.approx(choice.value, abs=1e-12), row["action"]
    chosen = str(odds.OptimalTurnAgent(GAME, 0).choose(view, legal))
    assert [r["action"] for r in shown["rows"] if r["best"]] == [chosen]
    assert [r["action"] for r in shown["rows"] if r["agent"]] == [chosen]
    assert other_seat_refused(sqlite_client, created)


def other_seat_refused(client, created) -> bool:
    """The seat not to move is refused with 409, as before."""
    return odds_of(client, created, 1).status_code == 409


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 2, "locations": True}])
def test_other_tables_keep_the_one_turn_table_without_p_win(sqlite_client, options):
    created = create(sqlite_client, ["human"] * options["players"], **options)
    answer = odds_of(sqlite_client, created, 0)
    assert answer.status_code == 200, answer.text
    shown = answer.json()["odds"]
    assert shown["rows"] and all("p_win" not in r and "cells" in r for r in shown["rows"])
    assert "P win" not in shown["columns"]
    assert "two-player basic games only" in shown["notes"][-1]
    assert other_seat_refused(sqlite_client, created)


def test_a_game_without_odds_of_each_choice_is_a_404(sqlite_client):
    created = sqlite_client.post("/api/tables", json={"game": "spi-sauron",
                                                      "seats": ["human", "human"]}).json()
    answer = odds_of(sqlite_client, created, 0)
    assert answer.status_code == 404 and answer.json()["field"] == "table"


def test_the_schema_names_the_new_fields(sqlite_client):
    schema = sqlite_client.get("/openapi.json").json()
    row = schema["components"]["schemas"]["ChoiceOddsRow"]["properties"]
    assert {"action", "label", "best", "cells", "agent", "p_win"} <= set(row)
