"""The Content-Security-Policy (issue 10) breaks no page: the lobby, and the table of every
game with its board and a decision taken, run without a single violation."""

from __future__ import annotations

import httpx

from palantir.engine.game import game_ids, get_game

WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__violations.push(e.violatedDirective + " " + e.blockedURI));
"""


def watched_page(browser):
    """A page recording CSP violations, console errors and uncaught errors."""
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}")
            if m.type == "error" or "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.add_init_script(WATCH_VIOLATIONS)
    return page, problems


def violations(page) -> list[str]:
    return page.evaluate("window.__violations")


def test_no_page_violates_the_policy(server, browser):
    page, problems = watched_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.locator("#game").select_option("spi-sauron")
    page.wait_for_selector("#opt-reinforcement_delay")
    assert page.locator("#opt-overrides").count() == 0  # a file path is no web option
    for game_id in game_ids():
        seats = ["human"] * get_game(game_id).min_players
        created = httpx.post(f"{server.url}/api/tables", json={"game": game_id,
                                                               "seats": seats}).json()
        page.goto(server.url + created["seats"][0]["url"])
        page.wait_for_selector("#board svg")
        version = page.evaluate("document.body.dataset.version")
        page.locator("#legal button.decision").first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        assert page.locator("#error").inner_text() == "", game_id
        assert violations(page) == [] and problems == [], (game_id, violations(page),
                                                           problems)
    page.goto(server.url + "/table/no-such-table")
    assert violations(page) == []


def test_the_policy_is_in_force(server, browser):
    """The check above can fail: an inline script is refused, and seen refused."""
    page, problems = watched_page(browser)
    page.goto(server.url + "/")
    page.evaluate("document.body.appendChild(Object.assign(document.createElement('script'),"
                  " {textContent: 'window.__ran = true'}))")
    page.wait_for_function("window.__violations.length > 0")
    assert page.evaluate("window.__ran === undefined")
    assert any("script-src" in v for v in violations(page))
    assert any("Content Security Policy" in p for p in problems)
