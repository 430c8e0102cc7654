"""Two friends play Journey to Mordor against each other (and the computer) in two browser
windows: each sees the other's moves live, only the seat to move is offered decisions, and
neither page ever holds the other's private token."""

from __future__ import annotations

import httpx


def longest_keep(actions: list[str]) -> str:
    """The decision that sets aside the most dice (a White Tree first): turns end soon."""
    with_tree = [a for a in actions if " T" in a]
    return max(with_tree or actions, key=lambda a: len(a.split()))


def wait_for_version(page, at_least: int) -> None:
    """Wait until the page has drawn the table at `at_least` or later, by itself."""
    page.wait_for_function(f"Number(document.body.dataset.version) >= {at_least}")


def test_two_friends_play_a_whole_game_in_two_windows(server, browser, screenshots):
    shots = screenshots
    with httpx.Client(base_url=server.url, timeout=30) as api:
        created = api.post("/api/tables", json={
            "game": "journey-to-mordor", "options": {"players": 3, "locations": True},
            "seats": ["human", "human", "heuristic"]}).json()
        table_id = created["id"]
        tokens = [created["seats"][seat]["token"] for seat in (0, 1)]
        # Two windows, as two people on two machines: nothing shared between them.
        contexts = [browser.new_context(viewport={"width": 1280, "height": 1000})
                    for _ in (0, 1)]
        pages = [context.new_page() for context in contexts]
        for seat, page in enumerate(pages):
            page.goto(server.url + created["seats"][seat]["url"])
            page.wait_for_selector("#board svg")
            # Gone if the page is ever reloaded: every change below must arrive live.
            page.evaluate("window.neverReloaded = true")
            assert page.locator("#whoami").inner_text().startswith("— you play")

        decisions = [0, 0]
        seen_live = 0
        for _ in range(2000):
            table = api.get(f"/api/tables/{table_id}").json()
            if table["status"] == "finished":
                break
            mover = table["to_move"]
            for page in pages:
                wait_for_version(page, table["version"])
            if mover == 2:  # the computer: both windows just watch
                continue
            page, other = pages[mover], pages[1 - mover]
            page.wait_for_function("document.querySelectorAll('#legal button.decision')"
                                   ".length > 0")
            # Only the seat to move is offered decisions; the other window waits.
            assert other.locator("#legal button.decision").count() == 0
            assert other.locator("#select-area").is_hidden()
            assert other.locator("#turn").inner_text().startswith("Waiting for")
            actions = page.eval_on_selector_all(
                "#legal button.decision", "buttons => buttons.map(b => b.dataset.action)")
            action = longest_keep(actions)
            version = table["version"]
            page.locator(f'#legal button.decision[data-action="{action}"]').click()
            page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
            assert page.locator("#error").inner_text() == ""
            step = page.locator("#log .step").last.get_attribute("data-step")
            # The friend's window shows the decision without reloading.
            wait_for_version(other, version + 1)
            other.wait_for_selector(f'#log .step[data-step="{step}"]', state="attached")
            seen_live += 1
            decisions[mover] += 1
            if sum(decisions) == 12:
                pages[0].locator("#board-section").screenshot(
                    path=str(shots / "journey-to-mordor-three-players.png"))
            if sum(decisions) % 10 == 0:
                for seat, window in enumerate(pages):
                    assert tokens[1 - seat] not in window.content()
        final = api.get(f"/api/tables/{table_id}").json()

    assert final["status"] == "finished" and decisions[0] > 0 and decisions[1] > 0
    assert seen_live == sum(decisions)
    for seat, page in enumerate(pages):
        page.wait_for_function("document.body.dataset.status === 'finished'")
        assert page.evaluate("window.neverReloaded === true")
        assert page.locator("#turn").inner_text() == "Game over: " + \
            final["outcome"]["summary"]
        assert page.locator("#legal button").count() == 0
        html = page.content()
        assert tokens[1 - seat] not in html and tokens[seat] not in html
        # Every step of the game is in both logs, the computer's turns as well.
        assert page.locator("#log .step").count() == final["steps"]
    for context in contexts:
        context.close()
