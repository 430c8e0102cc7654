"""A Strategy Battle table opened and played by clicks, as the browser tests do: the table set
up in this process with a position of the test's own, its pages opened, and the steps a player
takes on them (a click on a model, a piece, a point; a decision sent and its answer awaited)."""

from __future__ import annotations

import pytest

from palantir.engine.dice import AddressedDice

MAX_BUTTONS = 40
MAX_HEIGHT = 2000
VIEWPORT = {"width": 1280, "height": 1000}


def open_table(url, app, api, browser, state=None, seed=None, options=None, open_seats=(0, 1)):
    """A two-human table, its position and dice seed set by hand (the lobby rebuilds the
    state's dice as AddressedDice from the table's seed); the pages of `open_seats`, loaded."""
    body = {"game": "strategy-battle", "seats": ["human", "human"]}
    if options:
        body["options"] = options
    created = api.post("/api/tables", json=body).json()
    table = app.state.lobby.get(created["id"])
    if state is not None:
        table.state = state
    if seed is not None:
        table.seed = seed
    pages = {}
    for seat in created["seats"]:
        if seat["seat"] in open_seats:
            page = pages[seat["seat"]] = browser.new_page(viewport=VIEWPORT)
            page.goto(url + seat["url"])
            page.wait_for_selector("#board svg.strategy-battle")
    return created, pages


def seed_where(table, action: str, wanted, tries: int = 500) -> int:
    """The first dice seed for the table under which `action` gives a state `wanted` accepts;
    set as the table's seed, so the click that sends `action` rolls those dice."""
    for seed in range(1, tries):
        trial = table.state.clone(dice=AddressedDice(seed, table.rolls()))
        trial.apply(action)
        if wanted(trial):
            table.seed = seed
            return seed
    pytest.fail(f"no seed in 1..{tries - 1} makes {action!r} do what the test needs")


def check_page(page, step: str) -> None:
    """The page fits: buttons and height (issue 14 item 9), and its help speaks of clicks."""
    buttons = page.locator("button").count()
    height = page.evaluate("document.documentElement.scrollHeight")
    assert buttons <= MAX_BUTTONS, (step, buttons)
    assert height <= MAX_HEIGHT, (step, height)
    help_text = page.locator("#help").inner_text().lower()
    assert "type" not in help_text, (step, help_text)


def version_of(page) -> int:
    """The revision of the table the page shows."""
    return int(page.evaluate("document.body.dataset.version"))


def settle(page, version: int) -> None:
    """Wait for the page to show a revision after `version`, with no error."""
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    assert page.locator("#error").inner_text() == ""


def send(page, button) -> None:
    """Click a button that sends a decision, and wait for the table's answer."""
    version = version_of(page)
    button.click()
    settle(page, version)


def click_done(page) -> None:
    """End the phase's steps by the `done` button."""
    send(page, page.locator('#legal button.decision[data-action="done"]'))


def click_model(page, ident: str) -> None:
    """A click on a model's label on the table."""
    page.locator(f'#board svg g.model[data-model="{ident}"] > text').click(force=True)


def click_piece(page, name: str) -> None:
    """A click on a piece of the fortress (a gate, a ladder, a ram)."""
    page.locator(f'#board svg [data-place="{name}"]').click(force=True)


def on_screen(page, x: float, y: float) -> tuple[float, float]:
    """Where the table point x, y is on the screen (the drawing says how points map)."""
    box = page.locator("#board svg").bounding_box()
    svg = page.locator("#board svg")
    scale = float(svg.get_attribute("data-scale"))
    ox, oy = float(svg.get_attribute("data-origin-x")), float(svg.get_attribute("data-origin-y"))
    width = float(svg.get_attribute("viewBox").split()[2])
    shown = box["width"] / width
    return box["x"] + (ox + x * scale) * shown, box["y"] + (oy - y * scale) * shown


def click_point(page, x: float, y: float) -> None:
    """A click on the table at the table point x, y."""
    page.mouse.click(*on_screen(page, x, y))


def view_of(api, table_id, token):
    """The table's answer to a seat, by the API."""
    return api.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": token}).json()


def model_of(api, table_id, token, ident: str) -> dict:
    """One model of the seat's view."""
    return next(m for m in view_of(api, table_id, token)["view"]["models"] if m["id"] == ident)
