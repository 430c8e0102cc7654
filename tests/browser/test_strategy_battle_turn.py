"""A whole Strategy Battle turn by clicks on the table alone (issue 14 items 7-9): Good moves
a warrior to a point clicked inside its shaded reach (the path and its cost shown first),
charges an enemy by clicking it (the path into contact found, the odds of the fight shown),
shoots with the odds to hit and to wound; Evil ends its moves and shots; the fight is chosen
with its exact odds and every question of it (shields, Might, strikes, backing away) is
answered by a button. At every step the page has at most 40 buttons and is no taller than
two screens (2,000 px) at 1280x1000, and the help speaks of clicks, never of typing.

The table runs in this process, so the test sets the position by hand (a small battle, as
the game's own tests do) and pins the table's dice with a seed of its own (the lobby rebuilds
the state's dice as AddressedDice from the table's seed, a fresh random one per table): the
same rolls every run. Every decision after that is a click."""

from __future__ import annotations

import httpx
import pytest

from tests.browser.sbg_table import (MAX_BUTTONS, check_page, click_done, click_model,
                                     click_point, model_of, open_table, send, view_of)
from tests.support.positions.sbg import ORC, ORC_BOW, ROHAN, ROHAN_BOW, battle

SEED = 14           # the table's dice in the turn by clicks: the same rolls every run


def position():
    """Turn 1, Good's moves on a 24" table: G1 5" from E1 (a charge within reach), G2 free to
    walk, the archer G3 with E2 in sight and range; the Fight phase's choices are asked."""
    return battle([("G1", ROHAN, 10, 8), ("G2", ROHAN, 14, 8), ("G3", ROHAN_BOW, 6, 6),
                   ("E1", ORC, 10, 14), ("E2", ORC_BOW, 4, 20)],
                  width=24, depth=24, fight_choices=True)


def test_a_turn_of_the_battle_by_clicks_alone(table_server, browser, screenshots):
    url, app = table_server
    with httpx.Client(base_url=url, timeout=30) as api:
        created, pages = open_table(url, app, api, browser, position(), SEED)
        table_id = created["id"]
        good, evil = created["seats"]
        me, them = pages[0], pages[1]
        me.wait_for_selector('#legal button.decision[data-action="done"]')
        check_page(me, "start")
        assert "click" in me.locator("#help").inner_text().lower()

        # ----- a move to a point clicked inside the shaded reach --------------------------
        click_model(me, "G2")
        me.wait_for_selector('#board svg g.model.picked[data-model="G2"] path.reach-area',
                             state="attached")
        assert me.locator('#board svg g.model[data-model="G2"] path.reach-area').is_visible()
        check_page(me, "model picked")
        click_point(me, 16, 11)
        me.wait_for_selector("#board svg polyline.preview-path")
        aim = me.locator("#aim-go").get_attribute("data-action")
        assert aim.startswith("move G2 to "), aim
        x, y = (float(v) for v in aim.split()[-1].split(","))
        assert abs(x - 16) < 0.05 and abs(y - 11) < 0.05, aim
        odds = me.locator("#odds").inner_text()
        assert "costs" in odds and 'of 6"' in odds, odds
        me.screenshot(path=str(screenshots / "sbg-turn-1-move.png"))
        check_page(me, "destination weighed")
        send(me, me.locator("#aim-go"))
        g2 = model_of(api, table_id, good["token"], "G2")
        assert abs(g2["x"] - 16) < 0.05 and abs(g2["y"] - 11) < 0.05, g2

        # ----- a point beyond the reach is refused, with the rule named -----------------
        click_model(me, "G3")
        click_point(me, 20, 22)
        me.wait_for_selector("#odds .error")
        assert "no legal path" in me.locator("#odds").inner_text()
        assert me.locator("#aim-go").is_disabled()
        click_model(me, "G3")          # put it down again

        # ----- a charge by a click on the enemy, with the odds of the fight -------------
        click_model(me, "G1")
        me.wait_for_selector('#board svg g.model.reachable[data-model="E1"]')
        click_model(me, "E1")
        me.wait_for_selector("#odds table.odds-table")
        assert me.locator("#aim-go").get_attribute("data-action").startswith("charge G1 E1")
        odds = me.locator("#odds").inner_text()
        assert "G1 wins the fight" in odds and "E1 wins the fight" in odds, odds
        me.screenshot(path=str(screenshots / "sbg-turn-2-charge.png"))
        check_page(me, "charge weighed")
        send(me, me.locator("#aim-go"))
        g1 = model_of(api, table_id, good["token"], "G1")
        assert g1["engaged"] and g1["charged"], g1
        click_done(me)

        # ----- Evil ends its moves -------------------------------------------------------
        them.wait_for_selector('#legal button.decision[data-action="done"]')
        check_page(them, "evil moves")
        click_done(them)

        # ----- Good shoots, the odds to hit and to wound shown first -------------------
        me.wait_for_function("document.body.dataset.toMove === '0'")
        me.wait_for_selector('#legal button.decision[data-action="done"]')
        click_model(me, "G3")
        me.wait_for_selector('#board svg g.model.reachable[data-model="E2"]')
        click_model(me, "E2")
        me.wait_for_selector("#odds table.odds-table")
        odds = me.locator("#odds").inner_text()
        assert "hits (4+)" in odds and "wounds E2" in odds, odds
        me.screenshot(path=str(screenshots / "sbg-turn-3-shot.png"))
        check_page(me, "shot weighed")
        send(me, me.locator("#aim-go"))
        state = view_of(api, table_id, good["token"])
        while state["your_turn"] and state["view"]["phase"] == "shoot":
            # a question the shot asks, or the end of the shots
            first = me.locator("#legal button.decision").first
            send(me, first)
            state = view_of(api, table_id, good["token"])

        # ----- the fight, then every question of it by a button -------------------------
        seen_fight, asked = False, []
        for _ in range(40):
            state = view_of(api, table_id, good["token"])
            if state["view"]["turn"] > 1 or state["outcome"]:
                break
            if state["view"]["question"]:
                asked.append(state["view"]["question"]["kind"])
            page = pages[state["to_move"]]
            page.wait_for_selector("#legal button.decision, #place-decisions button")
            check_page(page, f"fight step {state['view']['phase']}")
            fight = page.locator('#legal button.decision[data-action="fight G1"]')
            if fight.count():
                fight.click()
                page.wait_for_selector("#odds table.odds-table")
                odds = page.locator("#odds").inner_text()
                assert "G1 wins the fight" in odds and "slain" in odds, odds
                page.screenshot(path=str(screenshots / "sbg-turn-4-fight.png"))
                send(page, page.locator("#aim-go"))
                seen_fight = True
            else:
                send(page, page.locator("#legal button.decision").first)
        else:
            pytest.fail("the turn did not end")
        assert seen_fight
        assert "shield" in asked, asked         # both sides carry shields: each is asked
        log = " ".join(me.locator("#log").inner_text().split())
        assert "charge" in log.lower() and "fight" in log.lower()
        for page in pages.values():
            page.close()


def test_a_magical_power_is_cast_by_clicks_on_the_caster_and_the_target(table_server, browser,
                                                                        screenshots):
    # issue 14 item 9: a Hero with dozens of casts (Weathertop's Ringwraiths: power, target
    # and Will dice) picks a power as a piece of his place and its target on the table; the
    # page stays within 40 buttons
    url, app = table_server
    with httpx.Client(base_url=url, timeout=30) as api:
        created, pages = open_table(url, app, api, browser, options={"scenario": "weathertop"})
        table_id = created["id"]
        token = created["seats"][1]["token"]
        for _ in range(10):                   # the heroic declarations: passed by clicks
            state = view_of(api, table_id, token)
            if not state["view"]["question"]:
                break
            page = pages[state["to_move"]]
            page.wait_for_selector('#legal button.decision[data-action="pass"]')
            send(page, page.locator('#legal button.decision[data-action="pass"]'))
        state = view_of(api, table_id, token)
        assert state["view"]["phase"] == "move" and state["to_move"] == 1, state["view"]["phase"]
        evil = pages[1]
        evil.wait_for_selector('#legal button.decision[data-action="done"]')
        check_page(evil, "evil to move")
        every = [d for d in state["legal"] if d["action"].startswith("cast ")]
        assert len(every) > MAX_BUTTONS                         # a button each would not fit
        casts = [d for d in every if d["action"].startswith("cast E1 ")]
        click_model(evil, "E1")
        power = casts[0]["piece"]
        evil.locator(f'#pieces button[data-piece="{power}"]').click()
        target = casts[0]["target"]
        evil.wait_for_selector(f'#board svg g.model.reachable[data-model="{target}"]')
        check_page(evil, "power picked")
        click_model(evil, target)
        aim = evil.locator("#aim-go").get_attribute("data-action")
        assert aim in {d["action"] for d in casts if d["target"] == target}, aim
        assert evil.locator("#aim-options button").count() >= 1     # the other Will dice
        evil.screenshot(path=str(screenshots / "sbg-cast.png"))
        check_page(evil, "cast weighed")
        send(evil, evil.locator("#aim-go"))
        log = " ".join(evil.locator("#log").inner_text().split())
        assert f"Evil: {aim}" in log, log
        for page in pages.values():
            page.close()
