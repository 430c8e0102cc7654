"""The fortress by clicks on the table alone (issue 14 item 9, "the new fortress actions"): at
the gate of a fortress (the game's own fortress tests' wall, gate and ladder) Evil raises a
ladder by a click on it, hauls the ram to the gate by a click on the table (the crew's way
and its cost shown first, as a move's), and in the Fight phase batters the gate by a click
on the ram and then on the gate, the odds shown before it is done. At every step the page
has at most 40 buttons and is no taller than 2,000 px at 1280x1000.

The table runs in this process, so the test sets the position by hand and picks the table's
dice seed whose rolls make the ram's blow damage the gate (the lobby rebuilds the state's
dice as AddressedDice from the table's seed): every decision after that is a click."""

from __future__ import annotations

import httpx

from tests.browser.sbg_table import (check_page, click_done, click_piece, click_point,
                                     open_table, seed_where, send, view_of)
from tests.games.strategy_battle.test_fortress import (FORT, HALF_WALL, OUTSIDE_Y, ram_crew,
                                                       siege_battle)
from tests.support.positions.sbg import MINAS, URUK

RAM_HEAD = 20 + HALF_WALL + 40 / 25.4   # the ram's centre when its head touches the gate


def position():
    """Evil's moves: six Uruk-hai crew the ram an inch short of the gate, E7 stands at the
    foot of ladder1 outside the wall, G1 keeps far inside."""
    ram, crew = ram_crew(front=OUTSIDE_Y + 1.1)
    ram["at"][1] += 0.9
    return siege_battle([("G1", MINAS, 24, 5), ("E7", URUK, 10, OUTSIDE_Y)] + crew,
                        fortress=FORT + [ram])


def test_a_ladder_raised_the_ram_hauled_and_the_gate_battered_by_clicks(table_server, browser,
                                                                        screenshots):
    url, app = table_server
    with httpx.Client(base_url=url, timeout=30) as api:
        created, pages = open_table(url, app, api, browser, position())
        table_id = created["id"]
        evil, token = pages[1], created["seats"][1]["token"]
        evil.wait_for_selector('#legal button.decision[data-action="done"]')
        check_page(evil, "evil to move")
        assert "click a gate, door or ladder" in evil.locator("#help").inner_text()

        # ----- a click on the ladder offers its raising, in words -------------------------
        click_piece(evil, "ladder1")
        raising = evil.locator('#place-decisions button[data-action="raise E7 ladder1"]')
        assert raising.inner_text() == "E7 raises the ladder ladder1"
        check_page(evil, "ladder picked")
        send(evil, raising)
        assert view_of(api, table_id, token)["view"]["siege"]["pieces"]["ladder1"]["up"]

        # ----- a click on the ram, then on the table: the haul weighed, then done ---------
        click_piece(evil, "ram")
        evil.wait_for_selector('#place-decisions button[data-action^="haul ram "]')
        check_page(evil, "ram picked")
        click_point(evil, 24, RAM_HEAD - 0.1)
        evil.wait_for_selector("#board svg polyline.preview-path")
        aim = evil.locator("#aim-go").get_attribute("data-action")
        x, y = (float(v) for v in aim.split()[-1].split(","))
        assert aim.startswith("haul ram ") and abs(x - 24) < 0.1 and \
            abs(y - (RAM_HEAD - 0.1)) < 0.1, aim
        odds = evil.locator("#odds").inner_text()
        assert "haul the ram" in odds and "(6 crew)" in odds and 'of 6"' in odds, odds
        # the point clicked is weighed in the haul's words, not a move's
        said = evil.locator("#aim-text").inner_text()
        assert said.startswith("haul the ram to "), said
        evil.screenshot(path=str(screenshots / "sbg-siege-haul.png"))
        check_page(evil, "haul weighed")
        send(evil, evil.locator("#aim-go"))
        ram = view_of(api, table_id, token)["view"]["siege"]["pieces"]["ram"]
        assert abs(ram["y"] - (RAM_HEAD - 0.1)) < 0.1, ram

        # ----- the moves and shots ended by clicks: the battering is asked ---------------
        for _ in range(6):
            state = view_of(api, table_id, token)
            if state["view"]["phase"] == "fight":
                break
            page = pages[state["to_move"]]
            page.wait_for_selector('#legal button.decision[data-action="done"]')
            click_done(page)
        state = view_of(api, table_id, token)
        assert state["view"]["question"] == {"kind": "siege", "side": "evil"}, state["view"]

        # ----- a click on the ram, then on the gate: the odds, then the blow -------------
        # dice whose blow wounds the gate (5+, then 2-5 or 6)
        seed_where(app.state.lobby.get(table_id), "batter ram gate",
                   lambda trial: trial.siege["pieces"]["gate"]["batter"] < 3)
        evil.wait_for_selector('#legal button.decision[data-action="done"]')
        check_page(evil, "battering asked")
        assert evil.locator("#help").inner_text().startswith("Battering: click")
        click_piece(evil, "ram")
        evil.wait_for_selector('#board svg [data-place="gate"].reachable', state="attached")
        click_piece(evil, "gate")
        evil.wait_for_selector("#odds table.odds-table")
        assert evil.locator("#aim-go").get_attribute("data-action") == "batter ram gate"
        odds = evil.locator("#odds").inner_text()
        assert "Strength 9 against Defence 10: 5+ to wound" in odds, odds
        assert "a blow wounds gate" in odds and "33.3%" in odds, odds
        evil.screenshot(path=str(screenshots / "sbg-siege-batter.png"))
        check_page(evil, "battering weighed")
        send(evil, evil.locator("#aim-go"))
        log = " ".join(evil.locator("#log").inner_text().split())
        assert "ram pounds gate with Strength 9" in log, log
        gate = view_of(api, table_id, token)["view"]["siege"]["pieces"]["gate"]
        assert gate["batter"] < 3, gate
        for page in pages.values():
            page.close()
