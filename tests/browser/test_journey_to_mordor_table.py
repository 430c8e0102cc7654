"""A person plays a whole game of Journey to Mordor against the computer, by clicks only."""

from __future__ import annotations

import re
from pathlib import Path

import httpx


def click_dice_of(page, action: str) -> None:
    """Select on the board the dice that `action` ('keep R N:red') names."""
    for token in action.split()[1:]:
        if ":" in token:
            die = page.locator(f'#board .die.choosable[data-token="{token}"]')
        else:
            die = page.locator(f'#board .die.choosable[data-face="{token}"]:not(.selected)').first
        die.click()


def test_a_whole_game_against_the_computer_by_clicks(server, browser, screenshots):
    shots = screenshots
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(server.url + "/")
    page.locator("#game").select_option("journey-to-mordor")
    page.locator("#opt-players").fill("2")
    page.locator("#opt-locations").check()
    page.locator("select[name=seat-0-kind]").select_option("human")
    page.locator("select[name=seat-1-kind]").select_option("agent")
    page.locator("select[name=seat-1-strength]").select_option("heuristic")
    page.locator("#create-button").click()
    seat_link = page.locator("a.seat-link[data-seat='0']")
    spectator_href = page.locator("#created a").last.get_attribute("href")
    page.screenshot(path=str(shots / "lobby.png"), full_page=True)
    seat_link.click()
    page.wait_for_selector("#board svg")

    spectator = browser.new_page()
    spectator.goto(server.url + spectator_href)
    spectator.wait_for_selector("#board svg")
    assert "spectator" in spectator.locator("#whoami").inner_text()

    clicks_on_dice = decisions = 0
    for _ in range(600):
        page.wait_for_function(
            "document.body.dataset.status === 'finished' || "
            "document.querySelectorAll('#legal button.decision').length > 0")
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        version = page.evaluate("document.body.dataset.version")
        buttons = page.locator("#legal button.decision")
        action = buttons.first.get_attribute("data-action")
        if page.locator("#select-area").is_visible() and decisions % 2 == 0:
            click_dice_of(page, action)
            page.locator("#select-button").click()
            clicks_on_dice += 1
        else:
            buttons.first.click()
        if decisions in (2, 10):  # mid-game, with some of the routes marked if it lasts
            page.screenshot(path=str(shots / "journey-to-mordor-table.png"), full_page=True)
        decisions += 1
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        assert page.locator("#error").inner_text() == ""
    assert page.evaluate("document.body.dataset.status") == "finished"
    assert clicks_on_dice > 0 and decisions > 0
    assert page.locator("#turn").inner_text().startswith("Game over")
    log = page.locator("#log").inner_text()
    assert "Roll:" in log and re.search(r"(Ring|Nazgûl|Orc|Gandalf) \((yellow|red|blue|green|black)\)", log)
    assert page.locator("#help").inner_text()
    page.screenshot(path=str(shots / "journey-to-mordor-finished.png"), full_page=True)

    # The spectator saw the end live, without reloading.
    spectator.wait_for_function("document.body.dataset.status === 'finished'")
    assert spectator.locator("#legal button").count() == 0

    # Replay the finished game step by step.
    page.locator("#replay-open").click()
    page.wait_for_selector("#replay:not([hidden])")
    assert page.locator("#replay-step").inner_text().startswith("step 0 of ")
    page.locator("#replay-next").click()
    assert page.locator("#replay-step").inner_text().startswith("step 1 of ")
    assert page.locator("#replay-lines").inner_text()
    page.locator("#replay-end").click()
    total = page.locator("#replay-step").inner_text().split(" of ")[1]
    assert page.locator("#replay-step").inner_text() == f"step {total} of {total}"

    with page.expect_download() as download:
        page.locator("#download").click()
    record = Path(download.value.path()).read_text()
    assert '"palantir-record/1"' in record and '"result": {' in record
    page.close()
    spectator.close()


def test_the_same_table_twice_keeps_the_dice_selected(server, browser):
    """A decision's answer and its live event carry the same revision and may arrive
    either way round: the second is not drawn, so dice selected in between stay selected
    (seen as a lost selection, the set-aside button never enabled)."""
    created = httpx.post(f"{server.url}/api/tables", json={
        "game": "journey-to-mordor", "options": {"players": 1}, "seats": ["human"]}).json()
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(server.url + created["seats"][0]["url"])
    page.wait_for_selector("#board .die.choosable")
    page.locator("#board .die.choosable").first.click()
    assert page.locator("#board .die.selected").count() == 1
    page.evaluate("() => draw(JSON.parse(JSON.stringify(current)))")   # the same again
    assert page.locator("#board .die.selected").count() == 1
    assert page.locator("#select-button").is_enabled()
    page.close()


def test_the_odds_of_each_choice_on_request(server, browser, screenshots):
    """Issue 15, item 6: the table shows on request, for each legal decision, the chance of
    winning the optimal-turn agent plays for (two-player basic game), P(gain k spaces), the
    expected Nazgûl marks and P(elimination) (odds.py, exact), the agent's choice marked;
    the figures are the seat's alone to ask for."""
    created = httpx.post(f"{server.url}/api/tables", json={
        "game": "journey-to-mordor", "options": {"players": 2}, "seats": ["human", "human"]}).json()
    table_id = created["id"]
    refused = httpx.get(f"{server.url}/api/tables/{table_id}/odds")
    assert refused.status_code == 403 and refused.json()["field"] == "X-Seat-Token"
    other = httpx.get(f"{server.url}/api/tables/{table_id}/odds",
                      headers={"X-Seat-Token": created["seats"][1]["token"]})
    assert other.status_code == 409   # not seat 1's turn
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(server.url + created["seats"][0]["url"])
    page.wait_for_selector("#legal button.decision")
    toggle = page.locator("#choice-odds-toggle")
    assert toggle.is_visible() and page.locator("#choice-odds").is_hidden()
    toggle.click()
    # The server's first odds of a two-player game solve the chain of win chances (a few
    # seconds; more on a loaded machine).
    page.wait_for_selector("table.choice-odds-table tr[data-action]", timeout=120_000)
    decisions = page.locator("#legal button.decision").count()
    rows = page.locator("table.choice-odds-table tr[data-action]")
    assert rows.count() == decisions
    assert "chance of winning" in page.locator("#choice-odds .odds-title").inner_text()
    headers = page.locator("table.choice-odds-table th").all_inner_texts()
    assert headers[1:6] == ["P win", "P out", "E Nazgûl", "E sp.", "+0"]
    first = rows.first.locator("td").all_inner_texts()
    assert re.fullmatch(r"0%|<0\.1%|\d+\.\d%|100%", first[1])
    assert all(re.fullmatch(r"(<1|\d+)%", c) for c in first[2:3] + first[5:])
    assert re.fullmatch(r"\d\.\d\d", first[3])
    # One row marked: the choice the agent takes, of the highest chance of winning.
    marked = page.locator("table.choice-odds-table tr.best")
    assert marked.count() == 1 and marked.locator("td").first.inner_text().startswith("★ ")
    chances = [float(c.rstrip("%").lstrip("<>")) for c in
               page.locator("table.choice-odds-table tr[data-action] td:nth-child(2)")
               .all_inner_texts()]
    assert float(marked.locator("td").nth(1).inner_text().rstrip("%").lstrip("<>")) == max(chances)
    assert any("a shared victory counts as its share" in n
               for n in page.locator("#choice-odds .hint").all_inner_texts())
    # Each row's P(gain k spaces) add up to 100 % (to the rounding of the cells).
    total = sum(float(c.rstrip("%").lstrip("<")) for c in first[5:])
    assert abs(total - 100) <= len(first[5:])
    page.locator("#choice-odds").scroll_into_view_if_needed()
    page.screenshot(path=str(shots_path(screenshots)), full_page=True)
    # Open, the odds follow the next decision; closed, they are hidden.
    version = page.evaluate("document.body.dataset.version")
    page.locator("#legal button.decision").first.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    page.wait_for_function(
        "document.querySelectorAll('table.choice-odds-table tr[data-action]').length === "
        "document.querySelectorAll('#legal button.decision').length")
    toggle.click()
    assert page.locator("#choice-odds").is_hidden()
    page.close()


def shots_path(folder: Path) -> Path:
    """Where the picture of the odds of each choice goes."""
    return folder / "journey-to-mordor-odds.png"
