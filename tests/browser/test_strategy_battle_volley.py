"""A volley by clicks on the table (issue 14 item 9): Good's six Wood Elves in base contact
pick one of their members (not the first: any member starts the group's volley), click the
Orc 30" away (beyond their bows' 24" but within the volley's doubled range, 'Volley Fire'),
see the chance of each number of hits, and fire; the page keeps to at most 40 buttons and
2,000 px at 1280x1000.

The table runs in this process, so the test sets the position by hand and picks the table's
dice seed whose rolls slay E4 with the volley (the lobby rebuilds the state's dice as
AddressedDice from the table's seed): every decision after that is a click."""

from __future__ import annotations

import httpx

from tests.browser.sbg_table import (MAX_BUTTONS, MAX_HEIGHT, check_page, click_model,
                                     open_table, seed_where, send, view_of)
from tests.support.positions.sbg import ORC, battle


R = 12.5 / 25.4
D = 2 * R
ELVES = [(f"G{i + 1}", "Wood Elf Warrior", 10, 5 + i * D) for i in range(6)]
TARGET_Y = 5 + 6 * D + 30            # 30" from the front elf's base
VOLLEY = "volley G1+G2+G3+G4+G5+G6 E4"


def position():
    """Good's Shoot phase: the six Elves in a column, the Orc E4 30" ahead, E5 aside within
    their bows' range (each elf may shoot at it alone: his own place offers a shot too)."""
    state = battle(ELVES + [("E4", ORC, 10, TARGET_Y), ("E5", ORC, 2, 16)],
                   width=24, depth=48, dice=["1"] * 6)
    state.apply("done")
    state.apply("done")
    assert state.phase == "shoot" and state.acting == "good"
    return state


def test_a_volley_fired_by_clicks_with_the_chance_of_each_number_of_hits(table_server, browser,
                                                                        screenshots):
    url, app = table_server
    with httpx.Client(base_url=url, timeout=30) as api:
        created, pages = open_table(url, app, api, browser, position(), open_seats=(0,))
        table_id, good, page = created["id"], created["seats"][0], pages[0]
        # dice whose volley slays E4 and asks nothing more
        seed_where(app.state.lobby.get(table_id), VOLLEY,
                   lambda trial: "E4" not in trial.models and trial.question is None)
        page.wait_for_selector('#legal button.decision[data-action="done"]')
        check_page(page, "shoot phase")

        click_model(page, "G4")         # a member in the middle of the group, not its first
        volley = page.locator('#pieces button[data-piece="volley"]')
        if volley.count():          # G4 has other pieces too: the volley is one of them
            volley.click()
        page.wait_for_selector('#board svg g.model.reachable[data-model="E4"]')
        check_page(page, "group picked")
        click_model(page, "E4")
        page.wait_for_selector("#odds table.odds-table")
        action = page.locator("#aim-go").get_attribute("data-action")
        assert action == VOLLEY, action
        odds = page.locator("#odds").inner_text()
        # 'Volley Fire': six dice, a hit on each 6: (5/6)^6 = 15625/46656 for no hit
        assert "0 hits" in odds and "1 hit" in odds and "6 hits" in odds, odds
        assert "33.5%" in odds, odds
        assert "volley: 6 Elf bows at E4 (hits on 6: expected 1.0 hits)" in \
            page.locator("#aim-text").inner_text()
        page.screenshot(path=str(screenshots / "sbg-volley-aimed.png"), full_page=True)
        check_page(page, "volley weighed")
        assert page.locator("button").count() <= MAX_BUTTONS
        assert page.evaluate("document.documentElement.scrollHeight") <= MAX_HEIGHT

        send(page, page.locator("#aim-go"))
        view = view_of(api, table_id, good["token"])["view"]
        shot = {m["id"]: m.get("shot") for m in view["models"] if m["side"] == "good"}
        assert all(shot.values()), shot
        assert "E4" not in {m["id"] for m in view["models"]}, view["models"]
        check_page(page, "volley fired")
        page.close()
