"""Real Chromium for browser tests (Playwright driving Debian's package): the ``browser`` fixture
and the sign-up every test starts with, shared by tests/browser and the apps' own browser tests."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

PASSWORD = "a-long-pass-phrase-42"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def _chromium() -> Iterator[object]:
    """One Chromium per test process: launching it (and Playwright's driver) costs about two
    seconds of CPU, and what a test needs apart from others is its own context (cookies,
    storage, pages), which :func:`browser` gives it."""
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is not installed (apt-get install chromium)")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        holder = {"browser": p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)}

        def current() -> object:
            if not holder["browser"].is_connected():  # it crashed under an earlier test
                holder["browser"] = p.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=ARGS
                )
            return holder["browser"]

        yield current
        if holder["browser"].is_connected():
            holder["browser"].close()


@pytest.fixture
def browser(_chromium) -> Iterator[object]:
    """The test process's Chromium; every context (and so every page, cookie and stored value)
    a test opens is closed when it ends, so the next test starts as a new browser would."""
    shared = _chromium()
    before = set(shared.contexts)
    yield shared
    for context in shared.contexts:
        if context not in before:
            context.close()


def sign_up(page, base_url: str, name: str) -> None:
    page.goto(f"{base_url}/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.get_by_test_id("signup-submit").click()
    page.wait_for_url(f"{base_url}/", timeout=60_000)  # a bound on a busy machine, not a pause
