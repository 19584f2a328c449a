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


@pytest.fixture
def browser() -> Iterator[object]:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is not installed (apt-get install chromium)")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield browser
        browser.close()


def sign_up(page, base_url: str, name: str) -> None:
    page.goto(f"{base_url}/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.get_by_test_id("signup-submit").click()
    page.wait_for_url(f"{base_url}/", timeout=60_000)  # a bound on a busy machine, not a pause
