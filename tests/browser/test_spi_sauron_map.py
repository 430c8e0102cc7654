"""A turn of SPI Sauron played by clicks on the hex map: pick a unit, see where it can go,
click a hex to see the path and its cost, click it again to move there, end the phase; the
page and the API agree on what changed."""

from __future__ import annotations

import httpx


def unit_hexes(view: dict, side: str) -> set[str]:
    """The hexes on the map holding a unit of `side`."""
    return {u["hex"] for u in view["units"] if u["side"] == side}


def fits(page) -> None:
    """Issue 12 item 5: the opening position's 1,042 decisions are no 1,042 buttons; the
    page shows at most 40 and is at most two screens tall at 1280x1000."""
    assert page.locator("button").count() <= 40
    assert page.evaluate("document.documentElement.scrollHeight") <= 2000


def test_a_movement_phase_of_spi_sauron_by_clicks_on_the_map(server, browser, screenshots):
    with httpx.Client(base_url=server.url, timeout=30) as api:
        created = api.post("/api/tables", json={"game": "spi-sauron",
                                                "seats": ["human", "human"]}).json()
        table_id, seat = created["id"], created["seats"][0]
        headers = {"X-Seat-Token": seat["token"]}
        before = api.get(f"/api/tables/{table_id}", headers=headers).json()
        assert before["to_move"] == 0 and "Movement" in before["view"]["phase_title"]

        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.goto(server.url + seat["url"])
        page.wait_for_selector("#board svg.spi-sauron")
        page.wait_for_selector("#legal button.decision")
        assert page.locator("#turn").inner_text() == "Your turn: choose a decision"
        fits(page)

        for moves in range(2):
            legal = [d["action"] for d in
                     api.get(f"/api/tables/{table_id}", headers=headers).json()["legal"]]
            origin = sorted({a.split()[1].split("-")[0] for a in legal if a.startswith("move")})
            origin = origin[moves]
            version = int(page.evaluate("document.body.dataset.version"))
            # The unit's counter: a rect whose title names its hex.
            page.locator(f'#board svg rect[data-pick="{origin}"]').first.click()
            page.wait_for_selector("#board svg .reachable")
            assert page.locator("#pick-hint").inner_text().startswith(f"{origin} selected")
            reachable = page.eval_on_selector_all(
                "#board svg use.reachable", "shapes => shapes.map(s => s.dataset.pick)")
            ends = {a.split()[1].split("-")[-1] for a in legal
                    if a.startswith(f"move {origin}-")}
            assert set(reachable) == ends and reachable
            # Only this unit's decisions are offered (and those of no unit, as ending).
            shown = page.eval_on_selector_all("#legal button.decision:not([hidden])",
                                              "bs => bs.map(b => b.dataset.action)")
            assert all(a.startswith(f"move {origin}-") or a == "end" for a in shown)
            fits(page)
            if moves == 0:
                page.locator("#board-section").screenshot(
                    path=str(screenshots / "spi-sauron-table.png"))
            target = sorted(reachable)[0]
            hexagon = page.locator(f'#board svg use.reachable[data-pick="{target}"]')
            hexagon.click()
            # the first click weighs the move: its path and its cost, the way to send it
            assert "MP" in page.locator("#aim-text").inner_text()
            assert page.locator("#aim-go").get_attribute("data-action").startswith(
                f"move {origin}-")
            hexagon.click(force=True)       # the cost written on it may cover its centre
            page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
            assert page.locator("#error").inner_text() == ""
            after = api.get(f"/api/tables/{table_id}", headers=headers).json()
            assert target in unit_hexes(after["view"], "sauron")
            page.wait_for_selector(f'#board svg rect[data-pick="{target}"]')
            assert page.locator("#log .step").count() == after["steps"]

        version = int(page.evaluate("document.body.dataset.version"))
        page.locator('#legal button.decision[data-action="end"]').click()
        page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
        after = api.get(f"/api/tables/{table_id}", headers=headers).json()
        assert after["to_move"] == 1 and after["view"]["phase_title"] != \
            before["view"]["phase_title"]
        assert page.locator("#turn").inner_text() == "Waiting for Westernesse"
        assert page.locator("#legal button.decision").count() == 0
        assert page.locator("#board svg .pickable").count() == 0
        page.close()


def png_size(path) -> tuple[int, int]:
    """Width and height from a PNG's header (IHDR)."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def test_the_spi_sauron_map_shows_counters_stacks_layers_and_the_status_panel(
        server, browser, screenshots):
    # Issue 12 items 1-4 as the page draws them at 1280x1000.
    with httpx.Client(base_url=server.url, timeout=30) as api:
        created = api.post("/api/tables", json={"game": "spi-sauron",
                                                "seats": ["human", "human"]}).json()
        seat = created["seats"][1]
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(server.url + seat["url"])
    page.wait_for_selector("#board svg.spi-sauron")
    board = page.locator("#board svg.spi-sauron")
    shot = screenshots / "spi-sauron-map.png"
    board.screenshot(path=str(shot))
    box = board.bounding_box()
    width, height = png_size(shot)
    # the whole picture, map, panel and legend below it, within the page's width and its
    # two screens (issue 12 item 5)
    assert abs(width - box["width"]) <= 1 and box["x"] + box["width"] <= 1280
    assert height <= 2000 and page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert page.evaluate("document.documentElement.scrollHeight") <= 2000
    # a click on a counter's printed values reaches the counter (values take no clicks)
    values = page.locator('#board svg g[data-counter="men-1"] text').nth(2)
    assert values.text_content() == "D-3-X"
    vbox = values.bounding_box()
    # the map fills the board column, so the printed values are legible: 10 px and more
    # (they were 7 px while the panel and legend stood beside the map)
    assert vbox["height"] >= 10, vbox
    assert box["width"] >= 780, box
    hit = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y);"
                        " return [e.tagName, e.dataset.hex || null]; }",
                        [vbox["x"] + vbox["width"] / 2, vbox["y"] + vbox["height"] / 2])
    assert hit[0] == "rect" and hit[1] is not None
    # the zones of control are layers the page may show, hidden at first
    layers = page.eval_on_selector_all("#board svg [data-layer]",
                                       "gs => gs.map(g => g.dataset.layer)")
    assert "Zones of control: Sauron" in layers and "Zones of control: Westernesse" in layers
    assert not page.locator('#board svg [data-layer="Zones of control: Sauron"]').is_visible()
    # the status panel and the legend are drawn, and legible text is on them
    panel = page.locator('#board svg [data-panel="status"] text')
    assert panel.nth(1).text_content() == "Turn 1 of 18 · day · Forces of Sauron Movement Phase"
    assert panel.nth(1).is_visible()
    assert page.locator('#board svg [data-panel="legend"]').is_visible()
    # every occupied hex tells its stack; Elendil's hex holds a unit and him
    detail = page.get_attribute('#board svg use[data-hex="1108"]', "data-detail")
    assert detail.split("\n")[2].startswith("Leader Elendil (Westernesse) rally 10")
    page.close()
