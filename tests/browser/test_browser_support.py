"""The shared Chromium of the browser tests (tests/support/browser.py): the watchdog that bounds
Playwright's close calls finds and kills this process's Chromium, closing a lease's contexts then
returns instead of waiting, and the next test gets a new Chromium."""

from __future__ import annotations

import pytest

from support import browser as shared

pytestmark = pytest.mark.browser


def test_a_killed_chromium_is_closed_without_waiting_and_replaced(browser) -> None:
    page = browser.new_page()
    page.set_content("<p>before</p>")
    first = shared._chromium.get()
    assert first.is_connected()
    shared._kill_chromium()  # what the watchdog does when a close hangs
    browser.release()  # closes a context of a dead Chromium: returns, never hangs
    assert not first.is_connected()
    second = shared._chromium.get()
    assert second is not first and second.is_connected()
    lease = shared.BrowserLease(second)
    again = lease.new_page()
    again.set_content("<p>after</p>")
    assert again.inner_text("p") == "after"
    lease.release()
    assert not second.contexts
