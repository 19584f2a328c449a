"""Browser tests drive Debian's Chromium through Playwright against a real embedded stack."""

from __future__ import annotations

from support.browser import browser, sign_up  # noqa: F401 - a fixture, and for the tests
from support.stack import make_stack  # noqa: F401 - a fixture


def start_ai_match(page, slug: str, level: str = "random") -> None:
    """From the lobby: start ``slug`` against the AI and wait until the board is connected."""
    import re

    page.get_by_test_id("play-ai-game").select_option(slug)
    group = page.locator(f"[data-testid=play-ai-level] optgroup[data-game={slug}]")
    option = group.locator(f"option[value={level}]")
    if not option.count():  # a game without that level: its first one
        option = group.locator("option").first
    page.get_by_test_id("play-ai-level").select_option(element=option.element_handle())
    page.get_by_test_id("play-ai-mode-ai").check()
    page.get_by_test_id("play-ai-submit").click()
    page.wait_for_url(re.compile(r".*/match/\d+/$"))
    page.get_by_test_id("connection-status").and_(page.locator("[data-status=open]")).wait_for(
        timeout=15000
    )


def click(locator) -> bool:
    """Click unless the board re-rendered the element away meanwhile (the AI moved first)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        locator.first.click(timeout=2000)
        return True
    except PlaywrightTimeout:
        return False
