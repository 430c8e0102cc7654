"""The board game's decisions on the web table as its players know them (issue 13, item 4
and 5): buttons in words with card names, never raw ids; the turn's many plays grouped by
card and track so that at most ~40 buttons show at once; the rules help of the moment.
Three people play the hobbits against a computer Sauron, by clicks."""

from __future__ import annotations

import re

import httpx

from .groups import open_group

RAW_ID = re.compile(r"\b(white|grey)-(fighting|hiding|travelling|friendship|joker)\b|"
                    r"\bsauron-\d|\bnazgul-\d")
MOST_BUTTONS = 41   # 40 decisions or groups, and an opened group's title
DECISIONS = 45


def test_buttons_in_words_grouped_with_the_help_of_the_moment(server, browser, screenshots):
    with httpx.Client(base_url=server.url, timeout=30) as api:
        created = api.post("/api/tables", json={
            "game": "lotr-board-game", "options": {"players": 3, "expansion": "sauron"},
            "seats": ["human", "human", "human", "heuristic"]}).json()
        seats = created["seats"]
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        pages = [context.new_page() for _ in range(3)]
        for seat, page in enumerate(pages):
            page.goto(server.url + seats[seat]["url"])
            page.wait_for_selector("#board svg.lbg-table")
        grouped = 0
        for _ in range(DECISIONS):
            # At a window only the seat asked is told (engine/forced.py): each asks its own.
            tables = [api.get(f"/api/tables/{created['id']}",
                              headers={"X-Seat-Token": seats[seat]["token"]}).json()
                      for seat in range(3)]
            if tables[0]["status"] == "finished":
                break
            mover = next((seat for seat in range(3) if tables[seat]["your_turn"]), None)
            if mover is None:    # Sauron, the computer, is thinking
                page.wait_for_timeout(200)
                continue
            state, page = tables[mover], pages[mover]
            version = state["version"]
            page.wait_for_function(f"Number(document.body.dataset.version) >= {version}")
            page.wait_for_selector("#legal button")
            buttons = page.locator("#legal button")
            texts = buttons.all_inner_texts()
            assert len(texts) <= MOST_BUTTONS, texts
            assert not [t for t in texts if RAW_ID.search(t)], texts
            assert page.locator("#help").inner_text().startswith("Now: ")
            toggles = page.locator("#legal button.group")
            if toggles.count():
                grouped += 1
                if grouped == 1:
                    page.screenshot(path=str(screenshots / "lotr-board-game-grouped.png"),
                                    full_page=True)
                open_group(page)
                assert len(page.locator("#legal button").all_inner_texts()) <= MOST_BUTTONS + 40
            page.locator("#legal button.decision").first.click()
            page.wait_for_function(f"Number(document.body.dataset.version) != {version} || "
                                   "!document.querySelector('#legal button.decision')")
            assert page.locator("#error").inner_text() == ""
        assert grouped, "no turn had plays enough to be grouped"
        context.close()
