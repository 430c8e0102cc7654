"""Strategy Battle at the web table: the terrain and every base are drawn, and a base picked
on the table offers its own decisions in words, one of which is weighed (its path drawn) and
taken by clicks."""

from __future__ import annotations

import httpx

CENTRES = "gs => Object.fromEntries(gs.map(g => [g.dataset.model, " \
    "[g.querySelector('circle').getAttribute('cx'), g.querySelector('circle').getAttribute('cy')]]))"


def test_a_base_is_picked_and_moved_by_clicks(server, browser, screenshots):
    with httpx.Client(base_url=server.url, timeout=30) as api:
        created = api.post("/api/tables", json={"game": "strategy-battle",
                                                "seats": ["human", "human"]}).json()
        table_id, seat = created["id"], created["seats"][0]
        headers = {"X-Seat-Token": seat["token"]}
        before = api.get(f"/api/tables/{table_id}", headers=headers).json()
        view = before["view"]

        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.goto(server.url + seat["url"])
        page.wait_for_selector("#board svg.strategy-battle")
        page.wait_for_selector("#legal button.decision")
        # Terrain and bases, as the view has them.
        assert view["table"]["areas"]
        assert page.locator("#board svg polygon").count() == len(view["table"]["areas"])
        ids = sorted(m["id"] for m in view["models"])
        assert sorted(page.eval_on_selector_all("#board svg g.model",
                                                "gs => gs.map(g => g.dataset.model)")) == ids
        drawn = page.eval_on_selector_all("#board svg g.model", CENTRES)
        page.locator("#board-section").screenshot(
            path=str(screenshots / "strategy-battle-table.png"))

        moves = [d["action"] for d in before["legal"] if d["action"].startswith("move ")]
        model = moves[0].split()[1]
        # the label on the base: the model's group also holds its reach, drawn when picked
        page.locator(f'#board svg g.model[data-model="{model}"] > text').click()
        assert page.locator("#pick-hint").inner_text().startswith(f"{model} selected")
        # its suggested moves, in words, beside the table (the notation in their titles)
        shown = page.eval_on_selector_all("#place-decisions button.decision",
                                          "bs => bs.map(b => b.dataset.action)")
        assert shown and all(a.startswith(f"move {model} ") for a in shown)
        assert len(shown) < len(before["legal"])
        action = shown[0]
        page.locator(f'#place-decisions button.decision[data-action="{action}"]').click()
        # a move is weighed before it is sent: its path drawn, its cost said
        page.wait_for_selector("#board svg polyline.preview-path")
        page.locator("#aim-go").click()
        page.wait_for_function(
            f"Number(document.body.dataset.version) > {before['version']}")
        assert page.locator("#error").inner_text() == ""

        after = api.get(f"/api/tables/{table_id}", headers=headers).json()
        moved = next(m for m in after["view"]["models"] if m["id"] == model)
        x, y = (float(v) for v in action.split()[2].split(","))
        assert (round(moved["x"], 3), round(moved["y"], 3)) == (x, y)
        redrawn = page.eval_on_selector_all("#board svg g.model", CENTRES)
        assert redrawn[model] != drawn[model]
        assert all(redrawn[m] == drawn[m] for m in ids if m != model)
        assert page.locator("#log .step").count() == after["steps"]
        page.close()


def test_the_ruler_the_hover_profile_and_the_layers(server, browser):
    # issue 14 item 7: a ruler between two models (edge to edge), a model's profile, wargear
    # and stores on hovering it, control zones and missile ranges shown on demand
    with httpx.Client(base_url=server.url, timeout=30) as api:
        created = api.post("/api/tables", json={"game": "strategy-battle",
                                                "seats": ["human", "human"]}).json()
        seat = created["seats"][0]
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.goto(server.url + seat["url"])
        page.wait_for_selector("#board svg.strategy-battle")
        page.wait_for_selector("#legal button.decision")
        about = page.locator('#board svg g.model[data-model="G1"] > circle > title') \
            .text_content()
        assert "Warrior of Rohan with sword and shield" in about
        assert "wargear: hand weapon, shield" in about and "this turn: nothing yet" in about
        page.locator("#ruler").click()
        # G1 at 12,12 and G2 at 13.5,12, both on 25mm bases: 1.5" apart, 0.52" edge to edge
        page.locator('#board svg g.model[data-model="G1"] > text').click(force=True)
        page.locator('#board svg g.model[data-model="G2"] > text').click(force=True)
        said = page.locator("#ruler-text").inner_text()
        assert 'G1 to G2: 0.52" edge to edge (1.50" centre to centre)' in said, said
        assert page.locator("#board svg line.ruler").count() == 1
        assert page.locator("#pick-area").is_hidden()       # the ruler picks nothing
        page.locator("#ruler").click()
        assert page.locator("#board svg .ruler").count() == 0
        zones = page.locator('#board svg g[data-layer="control zones"]')
        assert zones.is_visible()
        page.locator('#layers input[data-layer="control zones"]').uncheck()
        assert zones.is_hidden()
        ranges = page.locator('#board svg g[data-layer="missile ranges"]')
        assert ranges.is_hidden()
        page.locator('#layers input[data-layer="missile ranges"]').check()
        assert ranges.is_visible()
        page.close()
