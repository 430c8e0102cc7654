"""Drag to move (issue 14 item 7): a model pressed on and dragged across the table shows,
while the button is still down, the path the referee finds to the point under the pointer
and its cost; released inside the model's shaded reach, the move there is weighed as a
click there is (its path, its cost against the allowance) and confirmed by a click; dragged
beyond the reach, the line says so and the release is refused with the rule named; released
on an enemy, the charge at it is weighed.

The table runs in this process, so the test sets the position by hand (the turn by clicks'
small battle) and pins the table's dice with a seed."""

from __future__ import annotations

import httpx

from tests.browser.sbg_table import check_page, model_of, on_screen, open_table, send
from tests.browser.test_strategy_battle_turn import SEED, position


def test_a_model_is_dragged_into_its_reach_the_path_and_cost_shown_live(table_server, browser,
                                                                       screenshots):
    url, app = table_server
    with httpx.Client(base_url=url, timeout=30) as api:
        created, pages = open_table(url, app, api, browser, position(), SEED, open_seats=(0,))
        table_id, good, page = created["id"], created["seats"][0], pages[0]
        page.wait_for_selector('#legal button.decision[data-action="done"]')

        # ----- beyond the reach: the line says so while dragging; the release is refused --
        page.mouse.move(*on_screen(page, 14, 8))           # G2's centre
        page.mouse.down()
        page.mouse.move(*on_screen(page, 15, 16), steps=4)  # 8" away: beyond its 6"
        page.wait_for_selector("#board svg text.preview-refused")
        assert page.locator("#board svg text.preview-refused").text_content() == "out of reach"
        # the model dragged is picked and its reach shaded
        assert page.locator('#board svg g.model.picked[data-model="G2"]').count() == 1
        assert page.locator('#board svg g.model[data-model="G2"] path.reach-area').is_visible()
        page.mouse.up()
        page.wait_for_selector("#odds .error")
        assert "no legal path" in page.locator("#odds").inner_text()
        assert page.locator("#aim-go").is_disabled()

        # ----- into the reach: the path and its cost live, then weighed on release -------
        page.mouse.move(*on_screen(page, 14, 8))
        page.mouse.down()
        page.mouse.move(*on_screen(page, 15, 9.5), steps=3)
        page.mouse.move(*on_screen(page, 16, 11), steps=3)
        page.wait_for_selector("#board svg polyline.preview-path:not(.preview-refused)")
        page.wait_for_function(
            "() => [...document.querySelectorAll('#board svg text.preview-cost')]"
            ".some(t => t.textContent.includes('of 6\"'))")
        assert page.locator("#aim").is_hidden()             # nothing weighed while dragging
        page.screenshot(path=str(screenshots / "sbg-drag-live.png"))
        page.mouse.up()
        page.wait_for_selector("#odds table.odds-table, #odds .odds-title")
        aim = page.locator("#aim-go").get_attribute("data-action")
        assert aim.startswith("move G2 to "), aim
        x, y = (float(v) for v in aim.split()[-1].split(","))
        assert abs(x - 16) < 0.05 and abs(y - 11) < 0.05, aim
        assert page.locator("#aim-text").inner_text().startswith("G2: move to ")
        odds = page.locator("#odds").inner_text()
        assert "costs" in odds and 'of 6"' in odds, odds
        assert page.locator("#board svg polyline.preview-path").count() == 1
        page.screenshot(path=str(screenshots / "sbg-drag-weighed.png"))
        check_page(page, "drag weighed")
        send(page, page.locator("#aim-go"))
        g2 = model_of(api, table_id, good["token"], "G2")
        assert abs(g2["x"] - 16) < 0.05 and abs(g2["y"] - 11) < 0.05, g2

        # ----- released on an enemy it may charge: the charge is weighed, as a click -----
        page.mouse.move(*on_screen(page, 10, 8))            # G1's centre
        page.mouse.down()
        page.mouse.move(*on_screen(page, 10, 14), steps=4)  # onto E1, 6" away
        page.mouse.up()
        page.wait_for_selector("#odds table.odds-table")
        assert page.locator("#aim-go").get_attribute("data-action").startswith("charge G1 E1")
        page.close()
