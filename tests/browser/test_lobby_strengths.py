"""The lobby offers each game's own searching players: the board game's hidden hands are
searched by ismcts with a time limit that keeps a decision within 3 s (issue 13, item 11)."""

from __future__ import annotations

import json


def test_the_lobby_offers_the_board_games_ismcts_seat_with_its_time_limit(server, browser):
    page = browser.new_page()
    page.goto(server.url + "/")
    page.locator("#game").select_option("journey-to-mordor")
    assert "mcts:2s" in page.locator("select[name=seat-1-strength] option").evaluate_all(
        "options => options.map(o => o.value)")
    page.locator("#game").select_option("lotr-board-game")
    page.locator("#opt-players").fill("2")
    offered = page.locator("select[name=seat-1-strength] option").evaluate_all(
        "options => options.map(o => [o.value, o.textContent])")
    assert [v for v, _ in offered] == ["random", "heuristic", "ismcts:500"], offered
    page.locator("select[name=seat-0-kind]").select_option("human")
    page.locator("select[name=seat-1-kind]").select_option("agent")
    page.locator("select[name=seat-1-strength]").select_option("ismcts:500")
    with page.expect_request("**/api/tables") as request:
        page.locator("#create-button").click()
    seats = json.loads(request.value.post_data)["seats"]
    assert seats[1] == {"kind": "agent", "agent": "ismcts:500", "time_limit": 3}
    page.wait_for_selector("a.seat-link[data-seat='0']")
