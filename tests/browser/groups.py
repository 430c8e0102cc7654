"""Opening a group of decisions on the web table, as a player does."""

from __future__ import annotations

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

OPENED = "#legal button.group[aria-expanded=true]"


def open_group(page: Page, which=lambda toggles: toggles.first) -> bool:
    """Click a group's toggle until it shows open; False when the page has no group.

    A live update may redraw the decisions between reading the page and the click (the
    group list changed, so the page closes what was open); the player then clicks again."""
    for _ in range(4):
        toggles = page.locator("#legal button.group")
        if not toggles.count():
            return False
        which(toggles).click()
        try:
            page.wait_for_selector(OPENED, timeout=5000)
            return True
        except PlaywrightTimeout:
            continue
    raise AssertionError("a group of decisions clicked four times never opened")
