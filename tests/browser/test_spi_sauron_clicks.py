"""Every other kind of SPI Sauron decision by clicks on the map alone (issue 12 items 5 and
6; the turn of move, melee, retreat and rally is test_spi_sauron_turn.py): missile fire and
leader combat with their odds and modifiers, the three formations and a split, spells with
the Death Breath's facing, the Beast's move and Horn Attack, a reinforcement's entry, a
displacement and an advance. Each starts a table from a position (POST /api/positions,
docs/positions.md), clicks what a player clicks, checks the page (at most 40 buttons, two
screens at 1280x1000) and that the table's state changed as the decision says.

One server and one page serve every table: the tables' dice are the server's, so where a
decision rolls, the test checks that it was made, not what it rolled."""

from __future__ import annotations

import httpx
import pytest

from palantir.engine.dice import ScriptedDice, SeededDice
from palantir.games.spi_sauron.phases.turn import begin_phase
from tests.support.positions import body_of
from tests.support.positions.spi import GAME, cleared, place, setup, visions_position

from .test_spi_sauron_turn import check_page, click_hex, settle, version_of

@pytest.fixture(scope="module")
def api(server):
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


@pytest.fixture(scope="module")
def page(browser):
    tab = browser.new_page(viewport={"width": 1280, "height": 1000})
    yield tab
    tab.close()


class Table:
    """A table started from a position, seen by one seat after the other on one page."""

    def __init__(self, api, server, page, state):
        answer = api.post("/api/positions", json={"position": body_of(GAME, state),
                                                  "seats": ["human", "human"]})
        assert answer.status_code == 201, answer.text
        self.created, self.api, self.server, self.page = answer.json(), api, server, page

    def sit(self, seat: int):
        """The page as this seat's (0 Sauron, 1 Westernesse), its decisions drawn."""
        self.seat = self.created["seats"][seat]
        # Another seat of the same table differs only in the fragment (#token=...): a
        # page left first, so that the table page is loaded anew, not scrolled to a hash.
        self.page.goto("about:blank")
        self.page.goto(self.server.url + self.seat["url"])
        self.page.wait_for_selector("#board svg.spi-sauron")
        self.page.wait_for_function(
            "document.getElementById('turn').textContent.startsWith('Your turn')")
        check_page(self.page, f"seat {seat} sat")
        return self.page

    def view(self) -> dict:
        """The table's view as the seat sat sees it (the whole position: 3.0)."""
        return self.api.get(f"/api/tables/{self.created['id']}",
                            headers={"X-Seat-Token": self.seat["token"]}).json()["view"]

    def pieces(self) -> dict:
        """{unit id or leader key: its entry in the view}."""
        view = self.view()
        return {**{u["id"]: u for u in view["units"]}, **{p["key"]: p for p in view["leaders"]}}


def aim_at(page, hex_name: str, kind: str = "use") -> str:
    """Click a highlighted hex: the decision is weighed, not yet sent; its text."""
    click_hex(page, hex_name, kind)
    page.wait_for_selector("#aim:not([hidden])")
    return page.locator("#aim-text").inner_text()


def send(page, how=None) -> None:
    """Send the decision weighed (the hex clicked again, or "Do it") and wait for it."""
    version = version_of(page)
    if how is None:
        page.locator("#aim-go").click()
    else:
        how()
    settle(page, version)


def odds_text(page) -> str:
    page.wait_for_selector("#odds table.odds-table")
    return " ".join(page.locator("#odds").inner_text().split())


def test_missile_fire_by_clicks_with_its_odds_and_modifiers(api, server, page, screenshots):
    # 7.1, 7.17: Archers (missile E) fire at Goblins (armour 2) in rough 0611: 4.3 +1 -> 3
    state = cleared("westernesse-combat", 1, SeededDice(0))
    place(state, "archers-1", "0610")
    place(state, "goblins-1", "0611")
    table = Table(api, server, page, state)
    page = table.sit(1)
    click_hex(page, "0610", "rect")
    page.wait_for_selector('#board svg use.reachable[data-pick="0611"]')
    # a target has no MP cost: the hint does not promise one
    assert page.locator("#pick-hint").inner_text().strip().endswith("Click a highlighted place.")
    assert "Fire at Goblins" in aim_at(page, "0611", "rect")
    odds = odds_text(page)
    # 7.41 E vs armour 3 needs 3-6 on 2d6: 14 of 36 = 38.9%
    assert "E vs armour 3" in odds and "casualty 38.9%" in odds, odds
    assert "missile strength e" in odds and "rough hex: armour +1 → 3 (4.3)" in odds, odds
    page.screenshot(path=str(screenshots / "spi-clicks-fire.png"))
    check_page(page, "fire weighed")
    send(page)
    assert table.view()["fired"] == ["archers-1"]               # 7.14: once a turn
    check_page(page, "fired")


def test_leader_combat_by_clicks_with_its_odds(api, server, page, screenshots):
    # 7.21: Elendil (10, Narsil +1: 19.1.1) attacks Sauron (10) beside him: column +1 (7.26)
    state = cleared("westernesse-combat", 1, SeededDice(0))
    place(state, "men-1", "0504")
    place(state, "orcs-1", "0505")
    place(state, "elendil", "0504")
    place(state, "sauron", "0505")
    table = Table(api, server, page, state)
    page = table.sit(1)
    click_hex(page, "0504", "rect")
    page.wait_for_selector('#board svg use.reachable[data-pick="0505"]')
    assert "Elendil attacks Sauron" in aim_at(page, "0505", "use")
    odds = odds_text(page)
    assert "Elendil rating 10, +1 Narsil (19.1.1) = 11" in odds, odds
    assert "column +1 (7.26)" in odds and "D1/2e 33.3%" in odds, odds
    page.screenshot(path=str(screenshots / "spi-clicks-duel.png"))
    check_page(page, "duel weighed")
    send(page)
    assert table.view()["dueled"], "the leader combat was not fought"


def test_a_shield_wall_a_wedge_and_a_split_by_clicks(api, server, page, screenshots):
    # 8.42, 8.43: infantry with a leader make a Shield Wall, cavalry a Wedge; 8.48: a unit
    # moving off a formation disbands it
    state = cleared("westernesse-movement", 3, ScriptedDice([]))
    place(state, "men-1", "1010")
    place(state, "men-2", "1011")
    place(state, "elendil", "1011")
    place(state, "cavalry-1", "1410")
    place(state, "cavalry-2", "1411")
    place(state, "isildur", "1411")
    place(state, "men-3", "1214", partner="men-4", formation="shield_wall")
    place(state, "men-4", "1214", partner="men-3", formation="shield_wall")
    table = Table(api, server, page, state)
    page = table.sit(1)
    for joiner, host, name, kind in (("1010", "1011", "Shield Wall", "shield_wall"),
                                     ("1410", "1411", "Wedge", "wedge")):
        click_hex(page, joiner, "rect")
        page.locator('#pieces button[data-piece="form"]').click()
        page.wait_for_selector(f'#board svg use.reachable[data-pick="{host}"]')
        check_page(page, f"{name} offered")
        assert aim_at(page, host, "rect").startswith(f"Form a {name} with ")
        if kind == "wedge":
            page.screenshot(path=str(screenshots / "spi-clicks-wedge.png"))
        send(page, lambda: click_hex(page, host, "rect"))    # the hex clicked again
        assert {u["hex"]: u.get("formation") for u in table.view()["units"]
                if u["hex"] == host} == {host: kind}
    click_hex(page, "1214", "rect")
    page.locator('#pieces button[data-piece="split"]').click()
    page.wait_for_selector('#board svg use.reachable[data-pick="1314"]')
    assert "Split off to 1314" in aim_at(page, "1314")
    check_page(page, "split weighed")
    send(page)
    pieces = table.pieces()
    assert {pieces["men-3"]["hex"], pieces["men-4"]["hex"]} == {"1214", "1314"}
    assert pieces["men-3"].get("formation") is None and pieces["men-4"].get("formation") is None


def test_a_slave_phalanx_by_clicks(api, server, page):
    # 15.3.1, 15.3.2: two Slave units form a Phalanx, no leader needed
    state = cleared("sauron-movement", 3, ScriptedDice([]))
    place(state, "slaves-1", "1010")
    place(state, "slaves-2", "1011")
    table = Table(api, server, page, state)
    page = table.sit(0)
    click_hex(page, "1010", "rect")
    page.locator('#pieces button[data-piece="form"]').click()
    assert aim_at(page, "1011", "rect").startswith("Form a Slave Phalanx with Slaves")
    send(page)
    pieces = table.pieces()
    assert pieces["slaves-1"]["hex"] == "1011"
    assert pieces["slaves-1"]["formation"] == pieces["slaves-2"]["formation"] == "slave_phalanx"


def test_a_spell_by_clicks(api, server, page):
    # 16.1: Sauron on the Pedestal casts Sinister Visions (a button of its group); 8.57:
    # with 9 points it works on 2-12, sure, and disrupts the four Men (morale X)
    table = Table(api, server, page, visions_position())
    page = table.sit(0)
    assert page.locator("#legal .group-title", has_text="Spell: Sinister Visions").count() == 1
    button = page.locator('#legal button.decision[data-action="cast sinister-visions 9"]')
    assert "works on 2–12: sure" in button.inner_text()
    assert "works on 2–6: 41.7%" in page.locator(
        '#legal button.decision[data-action="cast sinister-visions 3"]').inner_text()
    points = table.pieces()["sauron"]["magic_left"]
    version = version_of(page)
    button.click()
    settle(page, version)
    pieces = table.pieces()
    assert pieces["sauron"]["magic_left"] == points - 9
    assert all(pieces[f"men-{i}"]["disrupted"] for i in range(1, 5))


def test_the_death_breath_and_its_facing_by_clicks(api, server, page, screenshots):
    # 17.2.4: the facing N-NE from 1316 kills what stands in 1314, 1315, 1414, 1415, 1515;
    # the Men behind the Beast in 1317 are spared. The zone is shown before the cast.
    state = cleared("magic-1", 15, ScriptedDice([]))
    place(state, "orc_archers-1", "1320")
    place(state, "sauron", "1320")
    setup(state, beast={"hex": "1316"})
    place(state, "men-1", "1315")
    place(state, "men-2", "1414")
    place(state, "men-3", "1317")
    begin_phase(state)
    table = Table(api, server, page, state)
    page = table.sit(0)
    page.locator('#legal button.group[data-group="Spell: Death Breath"]').click()
    check_page(page, "Death Breath opened")
    page.locator('#legal button.decision[data-action="cast death-breath 20 N-NE"]').click()
    page.wait_for_selector("#aim:not([hidden])")
    zone = page.eval_on_selector_all("#board svg use.in-zone",
                                     "shapes => shapes.map(s => s.dataset.pick)")
    assert sorted(zone) == ["1314", "1315", "1414", "1415", "1515"]
    assert "kills Men in 1315, Men in 1414" in page.locator("#aim-text").inner_text()
    page.locator("#board-section").screenshot(path=str(screenshots / "spi-clicks-death-breath.png"))
    check_page(page, "Death Breath weighed")
    send(page)
    pieces = table.pieces()
    assert pieces["men-1"]["hex"] == pieces["men-2"]["hex"] == "eliminated"
    assert pieces["men-3"]["hex"] == "1317"


def test_the_beast_moves_and_horn_attacks_by_clicks(api, server, page, screenshots):
    # 17.1: the Beast moves 4 hexes (MA 4); 17.2.2: with Horn Attack it melees at A
    state = cleared("sauron-movement", 15, ScriptedDice([]))
    setup(state, beast={"hex": "1316"}, spell_until={"horn_attack": 16})
    place(state, "men-1", "1311")
    table = Table(api, server, page, state)
    page = table.sit(0)
    click_hex(page, "1316", "polygon.beast")
    page.wait_for_selector('#board svg use.reachable[data-pick="1312"]')
    check_page(page, "Beast picked")
    assert "The Beast moves to 1312" in aim_at(page, "1312")
    send(page, lambda: click_hex(page, "1312"))
    assert table.view()["beast"]["hex"] == "1312"
    send(page, lambda: page.locator('#legal button.decision[data-action="end"]').click())
    click_hex(page, "1312", "polygon.beast")
    assert "Horn Attack on Men" in aim_at(page, "1311", "rect")
    odds = odds_text(page)
    assert "Horn Attack on Men in 1311" in odds and "A vs armour 3" in odds, odds
    page.screenshot(path=str(screenshots / "spi-clicks-horn.png"))
    check_page(page, "Horn Attack weighed")
    send(page)
    assert table.view()["attacked"], "the Horn Attack was not made"


def test_a_reinforcement_enters_by_clicks(api, server, page, screenshots):
    # 14.1: Sauron's Orc Archers enter at 1331 from turn 4; 4.3: gate 1, road 1/2 MP
    state = cleared("sauron-movement", 4, ScriptedDice([]))
    place(state, "orc_archers-1", "waiting")
    place(state, "orc_archers-2", "waiting")
    table = Table(api, server, page, state)
    page = table.sit(0)
    click_hex(page, "1331")
    page.wait_for_selector('#board svg use.reachable[data-pick="1329"]')
    check_page(page, "entry offered")
    aim = aim_at(page, "1329")
    assert "Bring on Orc Archers to 1329" in aim and "2 MP" in aim, aim
    page.locator("#board-section").screenshot(path=str(screenshots / "spi-clicks-entry.png"))
    send(page)
    arrived = [u["hex"] for u in table.view()["units"] if u["type"] == "orc_archers" and
               u["hex"] != "eliminated"]
    assert sorted(arrived) == ["1329", "waiting"]


def test_a_displacement_and_an_advance_by_clicks(api, server, page, screenshots):
    # 7.61: the Goblins beaten in 0504 (r1) can retreat only onto their friends in 0404,
    # who make way, disrupted (7.65); 7.51: the victor advances into the vacated hex
    state = cleared("westernesse-combat", 1, ScriptedDice(["3", "3", "6"]))
    place(state, "men-1", "0604")
    place(state, "men-2", "0402")
    place(state, "goblins-1", "0504")
    place(state, "goblins-2", "0404")
    state.apply("attack 0504 from 0604")
    table = Table(api, server, page, state)
    page = table.sit(0)
    assert "Retreat to 0404" in aim_at(page, "0404", "rect")
    send(page, lambda: click_hex(page, "0404", "rect"))
    page.wait_for_selector("#board svg use.reachable")
    check_page(page, "displacement offered")
    targets = sorted(page.eval_on_selector_all("#board svg use.reachable",
                                               "shapes => shapes.map(s => s.dataset.pick)"))
    assert targets and "0504" not in targets
    assert aim_at(page, targets[0]).startswith(f"Displace Goblins Ee-2-Z to {targets[0]}")
    page.screenshot(path=str(screenshots / "spi-clicks-displace.png"))
    send(page)
    pieces = table.pieces()
    assert pieces["goblins-2"]["hex"] == targets[0] and pieces["goblins-2"]["disrupted"]
    assert pieces["goblins-1"]["hex"] == "0404"
    page = table.sit(1)
    assert "Advance into 0504" in aim_at(page, "0504")
    check_page(page, "advance weighed")
    send(page)
    assert table.pieces()["men-1"]["hex"] == "0504"


def beast_at_bay():
    """Westernesse's Combat Phase of night turn 15: the Beast in 1316, Archers in 1314 and
    two Men beside it in 1315 and 1415."""
    state = cleared("westernesse-combat", 15, ScriptedDice([]))
    setup(state, beast={"hex": "1316"})
    place(state, "archers-1", "1314")
    place(state, "men-1", "1315")
    place(state, "men-2", "1415")
    return state


def test_missile_fire_at_the_beast_by_clicks(api, server, page):
    # 17.3.2: the Beast is fired at as a unit of armour 4, morale X
    table = Table(api, server, page, beast_at_bay())
    page = table.sit(1)
    click_hex(page, "1314", "rect")
    page.wait_for_selector('#board svg use.reachable[data-pick="1316"]')
    assert "Fire at the Beast" in aim_at(page, "1316", "polygon.beast")
    assert "armour 4, morale X (17.3.2 B)" in odds_text(page)
    check_page(page, "fire at the Beast weighed")
    send(page)
    assert table.view()["fired"] == ["archers-1"]


def test_a_melee_on_the_beast_by_clicks(api, server, page):
    # 17.3.2, 7.32: the Beast, then both Men, each attack with its odds and the whole melee's
    table = Table(api, server, page, beast_at_bay())
    page = table.sit(1)
    click_hex(page, "1316", "polygon.beast")
    page.wait_for_selector("#board svg .joinable")
    click_hex(page, "1315", "rect")
    click_hex(page, "1415", "rect")
    assert page.locator("#aim-go").get_attribute("data-action") == "attack beast from 1315 1415"
    odds = odds_text(page)
    assert "The whole melee:" in odds and odds.count("armour 4, morale X (17.3.2 B)") == 2
    check_page(page, "melee on the Beast weighed")
    send(page)
    assert "beast" in " ".join(page.locator("#log").inner_text().lower().split())
    assert table.view()["attacked"], "the melee on the Beast was not made"
