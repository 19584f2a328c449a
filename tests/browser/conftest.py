"""Browser tests drive Debian's Chromium through Playwright against a real embedded stack: the
test process's shared one (``shared_stack``), or one of the test's own (``make_stack``) where a
test needs the whole platform to itself.

On the shared stack every test signs up people of its own (``unique``) and finds its own tables,
matches and tournaments by id or by name, never as "the first" of a list."""

from __future__ import annotations

from support.browser import sign_up  # noqa: F401 - for the tests
from support.stack import unique  # noqa: F401 - for the tests

WAIT_MS = 60_000
"""How long a page may wait for the server or the AI: an upper bound on a busy machine (both cores
taken by something else), never a pause."""


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
    page.wait_for_url(re.compile(r".*/match/\d+/$"), timeout=WAIT_MS)
    page.get_by_test_id("connection-status").and_(page.locator("[data-status=open]")).wait_for(
        timeout=WAIT_MS
    )


STYLED = "() => [...document.querySelectorAll('link[rel=stylesheet]')].every((link) => link.sheet)"
"""Every stylesheet has loaded (for ``wait_for_function``): a board adds its own when it mounts,
after its first drawing, so a layout measured before this is the unstyled one."""

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
"""A phone's screen (the size issue #31 measures), for ``browser.new_context(**PHONE)``."""


def phone_page(browser):
    """A new incognito phone context and its page, with the list its page errors are put in:
    ``(context, page, errors)`` (close the context with ``browser.close(context)``)."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def at_the_table(page, base_url: str, slug: str, name: str, level: str, seats: int = 4):
    """A new player ``name`` starts ``slug`` against the AI and waits until the board shows the
    hand and every seat's clock sits at its place at the compass table (kit/table.js); the board."""
    sign_up(page, base_url, name)
    start_ai_match(page, slug, level=level)
    board = page.get_by_test_id("board")
    board.get_by_test_id("hand").wait_for(timeout=WAIT_MS)
    for seat in range(seats):
        page.get_by_test_id(f"clock-place-{seat}").locator(f"[data-testid=clock-{seat}]").wait_for(
            timeout=WAIT_MS
        )
    return board


def enabled(page, testid: str) -> bool:
    """A visible, enabled element ``testid`` is on the page now: one query, so that a board
    re-rendering between two questions (the AI moved) cannot leave the second one waiting."""
    return bool(page.locator(f"[data-testid='{testid}']:visible:enabled").count())


def click(locator) -> bool:
    """Click unless the board re-rendered the element away meanwhile (the AI moved first)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        locator.first.click(timeout=2000)
        return True
    except PlaywrightTimeout:
        return False


def press_until(page, testid: str, shown, timeout_ms: float = WAIT_MS) -> None:
    """Press ``testid`` (while the board offers it) until ``shown`` is visible.  A board sends an
    action with the state it shows: one that crosses a move of the AI's (the page had not been
    told of it yet, as on a busy machine) is refused as out of date, "Please try again", and the
    board refreshes; so a person presses again, and so does the test."""
    import time

    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        if enabled(page, testid):
            click(page.get_by_test_id(testid))
        try:
            shown.wait_for(timeout=3000)
            return
        except PlaywrightTimeout:
            if time.monotonic() >= deadline:
                raise
